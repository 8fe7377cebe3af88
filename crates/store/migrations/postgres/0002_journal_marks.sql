-- Version 2, for the audit's reconciliation of tables with the ledger.
-- `journal_mark`: the largest journal id when the hand was begun (in the same transaction), so
-- the audit can tell what each dealt-in player's seat account held at the deal; NULL for hands
-- begun before this version, which the audit skips.
ALTER TABLE hands ADD COLUMN journal_mark BIGINT;
-- A table's hands in order: the audit asks whether a table dealt again after a hand in play.
CREATE INDEX hands_by_table ON hands (table_id, id);
