//! Provably fair dealing that the operator cannot bias (`tavolo-fair/2`, docs/protocol.md).
//!
//! A hand's seed is mixed from parts fixed before anybody could know the others':
//! - the room's 32-byte part `S`, drawn from the OS one hand ahead and published as its
//!   commitment `SHA-256(S)` before any player's part for that hand is accepted;
//! - for each dealt-in player who holds a hash chain (`x_{i+1} = SHA-256(x_i)`, head `x_N` sent
//!   with `join` or `seed_chain`), the next element of the chain, revealed during the hand
//!   before: every future part of a player is fixed by the head.
//!
//! `seed = SHA-256("tavolo-deal/2" ‖ S ‖ reveals in seat order)`, and the engines deal from
//! `GameRng::from_seed(seed)`. Hands dealt before this scheme are `tavolo-fair/1`: the seed is
//! the room's alone, and its SHA-256 is the commitment.

use sha2::{Digest, Sha256};
use tavolo_cards::GameRng;
use tavolo_store::{hex, sha256_hex, unhex};

pub use crate::protocol::{Parts, Reveal};

/// The domain tag hashed in front of a `tavolo-fair/2` seed's parts.
pub const DEAL_TAG: &[u8] = b"tavolo-deal/2";

/// A seed (or the room's part of one) and its commitment.
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

/// Whether `seed_hex` is the seed committed to by `commitment` (`tavolo-fair/1`).
pub fn verify(commitment: &str, seed_hex: &str) -> bool {
    unhex(seed_hex).is_some_and(|b| sha256_hex(&b) == commitment)
}

/// 32 bytes from 64 hex digits.
pub fn bytes32(hex: &str) -> Option<[u8; 32]> {
    unhex(hex.trim())?.try_into().ok()
}

/// `SHA-256(x)`.
pub fn sha256(x: &[u8]) -> [u8; 32] {
    Sha256::digest(x).into()
}

/// The seed mixed from the room's part and the players' reveals (in seat order).
pub fn mix(room: &[u8; 32], reveals: &[[u8; 32]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DEAL_TAG);
    h.update(room);
    for r in reveals {
        h.update(r);
    }
    h.finalize().into()
}

/// Why a `tavolo-fair/2` seed's parts do not add up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairError {
    /// A part is not 64 hex digits.
    #[error("the {what} is not 32 bytes of hex: {value:?}")]
    NotHex {
        /// Which part.
        what: String,
        /// What it was.
        value: String,
    },
    /// SHA-256(S) is not the commitment.
    #[error("the room's part does not match the commitment: SHA-256(S) is {hashed}, the room committed to {committed}")]
    Commitment {
        /// SHA-256 of the room's part.
        hashed: String,
        /// The commitment published.
        committed: String,
    },
    /// A reveal does not extend its chain.
    #[error("seat {seat}'s reveal does not extend its chain: SHA-256(reveal) is {hashed}, not {extends}")]
    Link {
        /// The seat.
        seat: usize,
        /// SHA-256 of the reveal.
        hashed: String,
        /// The element it should extend.
        extends: String,
    },
    /// Reveals out of seat order.
    #[error("the reveals are not in seat order: seat {seat} after seat {after}")]
    SeatOrder {
        /// The seat out of order.
        seat: usize,
        /// The seat before it.
        after: usize,
    },
}

impl Parts {
    /// Checks the parts against the `commitment` published before the deal (SHA-256 of the
    /// room's part, every reveal extending its chain, seat order) and returns the seed they
    /// mix to.
    pub fn seed(&self, commitment: &str) -> Result<[u8; 32], FairError> {
        let not_hex = |what: &str, value: &str| FairError::NotHex {
            what: what.into(),
            value: value.into(),
        };
        let room = bytes32(&self.room).ok_or_else(|| not_hex("room's part", &self.room))?;
        let hashed = hex(&sha256(&room));
        if !hashed.eq_ignore_ascii_case(commitment.trim()) {
            return Err(FairError::Commitment {
                hashed,
                committed: commitment.into(),
            });
        }
        let mut reveals = Vec::with_capacity(self.reveals.len());
        let mut last: Option<usize> = None;
        for r in &self.reveals {
            if let Some(after) = last.filter(|&a| a >= r.seat) {
                return Err(FairError::SeatOrder {
                    seat: r.seat,
                    after,
                });
            }
            last = Some(r.seat);
            let value = bytes32(&r.value).ok_or_else(|| not_hex("reveal", &r.value))?;
            let hashed = hex(&sha256(&value));
            if !hashed.eq_ignore_ascii_case(r.extends.trim()) {
                return Err(FairError::Link {
                    seat: r.seat,
                    hashed,
                    extends: r.extends.clone(),
                });
            }
            reveals.push(value);
        }
        Ok(mix(&room, &reveals))
    }
}

/// Why the table refused a chain's reveal. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// The player sent no chain head.
    #[error(
        "you have no seed chain at this table: send its head with `join` or `seed_chain` first"
    )]
    NoChain,
    /// `SHA-256(value)` is not the chain's last element.
    #[error("the reveal does not extend your chain: SHA-256 of it is {hashed}, your chain's last element is {last}")]
    DoesNotExtend {
        /// SHA-256 of what was sent.
        hashed: String,
        /// The element a reveal must hash to.
        last: String,
    },
    /// A different reveal is already waiting for the next deal.
    #[error("you already revealed {pending} for the next deal")]
    AlreadyRevealed {
        /// The reveal kept.
        pending: String,
    },
    /// The room committed to the next hand's part before the chain was registered.
    #[error("your chain counts from the hand after next: the room committed to the next hand's part ({commitment}) before your chain was sent; reveal when `next_commitment` changes")]
    TooEarly {
        /// The next hand's commitment.
        commitment: String,
    },
}

/// A player's hash chain at a table: the element the next reveal must extend, and the reveal
/// waiting for the next deal the player is dealt in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    last: [u8; 32],
    pending: Option<[u8; 32]>,
    /// The room's part that was already committed when the chain came: the chain counts only
    /// for parts drawn after it.
    since: u64,
}

impl Chain {
    /// A chain with `head`, sent while the room's part number `since` was the next one.
    pub fn new(head: [u8; 32], since: u64) -> Chain {
        Chain {
            last: head,
            pending: None,
            since,
        }
    }

    /// Takes `value` as the reveal for the next deal, while the room's part number `next`
    /// (committed as `commitment`) is the next one.
    pub fn reveal(
        &mut self,
        value: [u8; 32],
        next: u64,
        commitment: &str,
    ) -> Result<(), ChainError> {
        if let Some(p) = self.pending {
            return if p == value {
                Ok(())
            } else {
                Err(ChainError::AlreadyRevealed { pending: hex(&p) })
            };
        }
        if next <= self.since {
            return Err(ChainError::TooEarly {
                commitment: commitment.into(),
            });
        }
        let hashed = sha256(&value);
        if hashed != self.last {
            return Err(ChainError::DoesNotExtend {
                hashed: hex(&hashed),
                last: hex(&self.last),
            });
        }
        self.pending = Some(value);
        Ok(())
    }

    /// The reveal for a deal (it and the element it extends), which moves the chain on.
    pub fn take(&mut self) -> Option<([u8; 32], [u8; 32])> {
        let value = self.pending.take()?;
        let extends = std::mem::replace(&mut self.last, value);
        Some((value, extends))
    }

    /// The reveal waiting for the next deal and the element it extends, left in place.
    pub fn peek(&self) -> Option<([u8; 32], [u8; 32])> {
        self.pending.map(|v| (v, self.last))
    }

    /// The element the next reveal must extend (the head until a reveal is used).
    pub fn last(&self) -> [u8; 32] {
        self.last
    }

    /// Whether a reveal waits for the next deal.
    pub fn pending(&self) -> bool {
        self.pending.is_some()
    }
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

    /// `x_0 … x_n` of a chain from `x0`.
    fn chain(x0: [u8; 32], n: usize) -> Vec<[u8; 32]> {
        let mut xs = vec![x0];
        for _ in 0..n {
            let next = sha256(xs.last().expect("x0"));
            xs.push(next);
        }
        xs
    }

    #[test]
    fn a_chain_takes_its_elements_backwards_one_per_deal() {
        let xs = chain([7; 32], 3);
        let mut c = Chain::new(xs[3], 0);
        assert_eq!(c.take(), None, "no reveal: nothing to mix");
        assert!(matches!(
            c.reveal(xs[1], 1, "c"),
            Err(ChainError::DoesNotExtend { .. })
        ));
        c.reveal(xs[2], 1, "c").expect("x2 extends the head");
        c.reveal(xs[2], 1, "c")
            .expect("the same reveal again is no change");
        assert!(matches!(
            c.reveal(xs[1], 1, "c"),
            Err(ChainError::AlreadyRevealed { .. })
        ));
        assert_eq!(c.take(), Some((xs[2], xs[3])));
        c.reveal(xs[1], 2, "c").expect("x1 extends x2");
        assert_eq!(c.take(), Some((xs[1], xs[2])));
    }

    #[test]
    fn a_chain_sent_after_the_next_commitment_counts_from_the_hand_after() {
        let xs = chain([8; 32], 2);
        let mut c = Chain::new(xs[2], 5);
        assert!(matches!(
            c.reveal(xs[1], 5, "c5"),
            Err(ChainError::TooEarly { .. })
        ));
        c.reveal(xs[1], 6, "c6")
            .expect("part 6 was drawn after the chain");
    }

    #[test]
    fn the_parts_recompute_the_seed_and_every_link_is_checked() {
        let room = [1u8; 32];
        let (a, b) = (chain([2; 32], 1), chain([3; 32], 1));
        let parts = Parts {
            room: hex(&room),
            reveals: vec![
                Reveal {
                    seat: 1,
                    value: hex(&a[0]),
                    extends: hex(&a[1]),
                },
                Reveal {
                    seat: 4,
                    value: hex(&b[0]),
                    extends: hex(&b[1]),
                },
            ],
        };
        let commitment = sha256_hex(&room);
        assert_eq!(parts.seed(&commitment), Ok(mix(&room, &[a[0], b[0]])));
        // The format, pinned (web/e2e/tests/unit.test.mjs checks the browser's with it).
        assert_eq!(
            hex(&mix(&room, &[a[0], b[0]])),
            "60ff6fe4bd6e3009da21b60c99aaffa731b5ec575d625d0cbb6cea9ea7ebc27e"
        );
        assert_ne!(mix(&room, &[a[0], b[0]]), mix(&room, &[a[0]]));
        let mut forged = parts.clone();
        forged.reveals[1].value = hex(&[9; 32]);
        assert!(matches!(
            forged.seed(&commitment),
            Err(FairError::Link { seat: 4, .. })
        ));
        let mut swapped = parts.clone();
        swapped.reveals.reverse();
        assert!(matches!(
            swapped.seed(&commitment),
            Err(FairError::SeatOrder { .. })
        ));
        assert!(matches!(
            parts.seed(&sha256_hex(&[0; 32])),
            Err(FairError::Commitment { .. })
        ));
    }
}
