-- Version 9, for proofs that bind the whole hand (`tavolo-fair/3`, docs/protocol.md, Provably
-- fair dealing): `transcript` is the SHA-256 the room sent every viewer when the hand ended,
-- over the commitment, the seed, the game, the record's format and the record as stored (hex);
-- `GET /api/fairness/{id}` serves it with the record. NULL for hands finished before, whose
-- bundles bind only the seed.
ALTER TABLE hands ADD COLUMN transcript TEXT;
