-- Version 6: who created each table (a user id; NULL: the room itself). Every node counts a
-- player's open tables from it, and the node a table is placed on learns its creator from it.
ALTER TABLE card_tables ADD COLUMN created_by BIGINT;
CREATE INDEX card_tables_by_creator ON card_tables (created_by, closed_at);
