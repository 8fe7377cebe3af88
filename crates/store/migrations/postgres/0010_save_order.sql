-- Version 10: the order a table's owner made each save in. Every write goes to the books on a
-- task of its own, so a save can land after a newer one (or be sent again after it): the books
-- keep a save only if it is newer than the one they hold, and a new owner continues the count.
ALTER TABLE card_tables ADD COLUMN saved_seq BIGINT NOT NULL DEFAULT 0;
