-- Version 5, for several nodes on one database (docs/scale-out.md).
-- `nodes`: the room's server processes. `instance` changes at every start, so a process that
-- finds another instance under its id knows it was replaced; `heartbeat_at` says it is alive;
-- `draining` that it takes no new tables.
CREATE TABLE nodes (
    id           TEXT   PRIMARY KEY,
    instance     TEXT   NOT NULL,
    url          TEXT   NOT NULL,
    started_at   BIGINT NOT NULL,
    heartbeat_at BIGINT NOT NULL,
    draining     BIGINT NOT NULL DEFAULT 0,
    stopped_at   BIGINT
);
-- Each open table is owned by one node until `lease_until` (ms); `epoch` grows by one at every
-- change of owner, and every write the table makes names the epoch it holds: a write with an
-- older one is refused. `state`: the table as a new owner restores it (seats, waiting list,
-- button), JSON; `summary`: its lobby line, JSON, for the other nodes' lobbies.
ALTER TABLE card_tables ADD COLUMN owner TEXT;
ALTER TABLE card_tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
ALTER TABLE card_tables ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE card_tables ADD COLUMN state TEXT;
ALTER TABLE card_tables ADD COLUMN summary TEXT;
CREATE INDEX card_tables_by_owner ON card_tables (owner, closed_at);
-- The room's own settings shared by its nodes (the key that signs seat tickets).
CREATE TABLE room_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
