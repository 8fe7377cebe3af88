-- Version 7: a hand's beginning has an idempotency key (`{table}:{epoch}:deal:{number}`), so a
-- table that sends it again after the database did not answer gets the same hand, never a second
-- one; NULL for hands begun before.
ALTER TABLE hands ADD COLUMN begin_key TEXT;
CREATE UNIQUE INDEX hands_by_begin_key ON hands (begin_key);
