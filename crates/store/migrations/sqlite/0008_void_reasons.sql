-- Version 8: why a hand was voided, recorded when it was (the room restarted, a node took the
-- table over, the table closed with the hand in play, the books refused it), so that a player's
-- history shows voided hands and their reasons; NULL for hands voided before.
ALTER TABLE hands ADD COLUMN void_reason TEXT;
