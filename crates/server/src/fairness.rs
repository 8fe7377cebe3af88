//! Provably fair dealing: a 256-bit OS seed per hand or game, published first as its SHA-256
//! commitment and revealed once the hand is over. The engines deal from
//! `GameRng::from_seed(seed)`, so anyone holding the seed recomputes every card.

use tavolo_cards::GameRng;
use tavolo_store::{hex, sha256_hex, unhex};

/// A seed and its commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    /// The seed.
    pub bytes: [u8; 32],
    /// `SHA-256(seed)` as lower-case hex.
    pub commitment: String,
}

impl Seed {
    /// A fresh seed from the operating system.
    pub fn draw() -> Seed {
        Seed::from_bytes(GameRng::os_seed())
    }

    /// The commitment to given seed bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed {
            bytes,
            commitment: sha256_hex(&bytes),
        }
    }

    /// The seed as lower-case hex (64 characters).
    pub fn hex(&self) -> String {
        hex(&self.bytes)
    }
}

/// Whether `seed_hex` is the seed committed to by `commitment`.
pub fn verify(commitment: &str, seed_hex: &str) -> bool {
    unhex(seed_hex).is_some_and(|b| sha256_hex(&b) == commitment)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_seed() {
        let s = Seed::from_bytes([0; 32]);
        assert_eq!(
            s.commitment,
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert!(verify(&s.commitment, &s.hex()));
        assert!(!verify(&s.commitment, &Seed::draw().hex()));
    }
}
