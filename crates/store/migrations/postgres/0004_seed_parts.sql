-- Version 4, for dealing the operator cannot bias (docs/protocol.md, Provably fair dealing).
-- `parts`: the parts a `tavolo-fair/2` seed was mixed from, as JSON (the room's part, whose
-- SHA-256 is `commitment`, and each dealt-in player's chain reveal with its seat and the element
-- it extends); `seed` is then the mixed seed. NULL for `tavolo-fair/1` hands, whose `seed` is the
-- room's alone.
ALTER TABLE hands ADD COLUMN parts TEXT;
