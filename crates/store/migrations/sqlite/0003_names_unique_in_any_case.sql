-- Version 3: a name is unique in any case ("Ada" and "ada" are one name), enforced by the
-- database itself, so two sign-ups racing with the same name in different cases cannot both
-- succeed (a check before the insert could not rule that out on PostgreSQL).
-- Names that already clash (the race happened) keep the oldest as it is; each later one gets its
-- id appended so that it stays reachable and unique.
UPDATE users SET name = name || '-' || CAST(id AS TEXT)
WHERE EXISTS (
    SELECT 1 FROM users older WHERE lower(older.name) = lower(users.name) AND older.id < users.id
);
CREATE UNIQUE INDEX users_name_any_case ON users (lower(name));
