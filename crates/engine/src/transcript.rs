//! A finished hand's transcript (`tavolo-fair/3`, docs/protocol.md, Provably fair dealing): one
//! SHA-256 that binds the whole record of the hand — game, options, seats, stacks at the deal,
//! every action in order, the result — to the commitment published before the deal and to the
//! seed.
//!
//! The room computes it when the hand ends and sends it to everybody watching; `tavolo verify`
//! and the browser compute it again from the record a fairness bundle carries. A proof from
//! the seed (`PhhHand::prove`, `DrawRecord::prove`, `saint::prove_record`) shows that a record
//! is *a* legal hand of that seed; the transcript shows that it is *the* hand played: a record
//! rewritten afterwards into another legal hand from the same seed (a bet returned uncalled one
//! chip higher, a stack one chip lower) no longer matches the digest its players were shown.
//!
//! The bytes hashed are the record's text exactly as the room stored it (PHH for Hold'em, the
//! JSON record for Draw and Saint Poker) — every byte of it, so no canonical form has to list
//! the fields that matter, and a browser recomputes the digest without parsing the record:
//!
//! ```text
//! SHA-256("tavolo-transcript/3\n" ‖ commitment ‖ "\n" ‖ seed ‖ "\n" ‖ game ‖ "\n" ‖ record_format ‖ "\n" ‖ record)
//! ```
//!
//! `commitment` and `seed` as 64 lower-case hex digits. The seed is in it so that the digest,
//! sent to spectators too, reveals nothing about the cards the record holds (folded and mucked
//! hands): without the seed's 256 bits no hole cards can be guessed and checked against it. It
//! is only sent once the hand is over, never during it.

use sha2::{Digest, Sha256};

/// The domain tag (and version) in front of a transcript's fields.
pub const TAG: &str = "tavolo-transcript/3";

/// The transcript of a finished hand: `commitment` (hex, as published before the deal), the
/// 32-byte `seed`, the game's short name (`holdem`, `draw`, `saint`), the record's format
/// (`phh`, `draw-json`, `saint-json`) and the record's text as stored.
pub fn transcript(
    commitment: &str,
    seed: &[u8; 32],
    game: &str,
    record_format: &str,
    record: &str,
) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(TAG.as_bytes());
    h.update(b"\n");
    h.update(commitment.trim().to_ascii_lowercase().as_bytes());
    h.update(b"\n");
    let mut seed_hex = [0u8; 64];
    for (i, b) in seed.iter().enumerate() {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        seed_hex[2 * i] = HEX[usize::from(b >> 4)];
        seed_hex[2 * i + 1] = HEX[usize::from(b & 15)];
    }
    h.update(seed_hex);
    for field in [game, record_format, record] {
        h.update(b"\n");
        h.update(field.as_bytes());
    }
    h.finalize().into()
}

/// [`transcript`] as 64 lower-case hex digits, as the protocol and the bundles carry it.
pub fn transcript_hex(
    commitment: &str,
    seed: &[u8; 32],
    game: &str,
    record_format: &str,
    record: &str,
) -> String {
    transcript(commitment, seed, game, record_format, record)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_transcript_format_is_pinned() {
        // web/e2e/tests/unit.test.mjs checks the browser's digest against this one.
        let c = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";
        let d = transcript_hex(c, &[1; 32], "holdem", "phh", "variant = 'NT'\n");
        assert_eq!(
            d,
            transcript_hex(
                &c.to_uppercase(),
                &[1; 32],
                "holdem",
                "phh",
                "variant = 'NT'\n"
            ),
            "the commitment's case does not matter"
        );
        assert_eq!(
            d,
            "bd0b156c8ba28980761345d8e7c33a979cc096d7145c3bfeb51950edf955d8bc"
        );
    }

    #[test]
    fn every_field_is_bound() {
        let base = transcript("c", &[1; 32], "draw", "draw-json", "{}");
        assert_ne!(base, transcript("d", &[1; 32], "draw", "draw-json", "{}"));
        assert_ne!(base, transcript("c", &[2; 32], "draw", "draw-json", "{}"));
        assert_ne!(base, transcript("c", &[1; 32], "saint", "draw-json", "{}"));
        assert_ne!(base, transcript("c", &[1; 32], "draw", "saint-json", "{}"));
        assert_ne!(base, transcript("c", &[1; 32], "draw", "draw-json", "{ }"));
    }
}
