-- Version 11: tournaments (issue 51). Each row is one tournament: its definition (the engine's
-- settings as JSON and the committed seed of its draws), its coordinator's newest save and lobby
-- line (kept only if newer, like a table's), and the lease its coordinator is held by — the
-- owner node, until when, and the fencing epoch every write of the coordinator carries.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed TEXT NOT NULL,
    created_by BIGINT,
    created_at BIGINT NOT NULL,
    state TEXT,
    saved_seq BIGINT NOT NULL DEFAULT 0,
    summary TEXT,
    owner TEXT,
    epoch BIGINT NOT NULL DEFAULT 1,
    lease_until BIGINT NOT NULL DEFAULT 0,
    finished_at BIGINT
);
CREATE INDEX tournaments_open ON tournaments (finished_at);
-- A tournament's tables are card tables marked with their tournament: its coordinator seats and
-- orders them, and only it claims them (a node claiming tables for the room passes them by).
ALTER TABLE card_tables ADD COLUMN tournament TEXT;
