//! The Draw strategy file: the Hold'em strategy file's conventions (magic, version, hash,
//! errors: [`crate::StrategyError`]) with a header of its own. All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `TVLCFR\r\n` |
//! | 2 | format version, [`VERSION`] |
//! | 1 | game: 3 = heads-up Five-Card Draw ([`super::tree::Tree`]) |
//! | 1 | 0 (reserved) |
//! | 2 | classes before the exchange ([`super::cards::CLASSES`]) |
//! | 2 | buckets after it ([`super::cards::BUCKETS`]) |
//! | 4 × 2 | decisions of the tree before and after the exchange (checked against the tree built here) |
//! | 8 | training iterations |
//! | 8 | training seed |
//! | 4 | payload length `n` |
//! | n | payload: for each decision in order, for each of its buckets, one byte per allowed slot, the probabilities × 255 (they sum to 255) |
//! | 8 | FNV-1a hash of the payload |

use super::cards::{BUCKETS, CLASSES};
use super::tree::Tree;
use super::Strategy;
use crate::error::StrategyError;
use crate::holdem::cfr::file::{finish, start, Reader};

/// The format version this code reads and writes.
pub const VERSION: u16 = 1;
/// The game code of heads-up Five-Card Draw.
pub const GAME: u8 = 3;
const HEADER: usize = 8 + 2 + 1 + 1 + 2 + 2 + 8 + 8 + 8 + 4;

/// The bytes of `s`.
pub fn write(s: &Strategy) -> Vec<u8> {
    let mut out = start(HEADER + s.probs.len() + 8, VERSION, GAME, 0);
    out.extend_from_slice(&CLASSES.to_le_bytes());
    out.extend_from_slice(&BUCKETS.to_le_bytes());
    for n in s.tree.counts() {
        out.extend_from_slice(&n.to_le_bytes());
    }
    finish(out, s.iterations, s.seed, &s.probs)
}

/// Reads a strategy from `bytes`, checking every field against the tree and abstraction built
/// here.
pub fn read(bytes: &[u8]) -> Result<Strategy, StrategyError> {
    let mut r = Reader::new(bytes, VERSION)?;
    let [game, _] = r.take::<2>()?;
    if game != GAME {
        return Err(StrategyError::Game { found: game });
    }
    let tree = Tree::new();
    let [before, after] = tree.counts();
    StrategyError::unless_same("classes before the exchange", r.u16()?, CLASSES)?;
    StrategyError::unless_same("buckets after the exchange", r.u16()?, BUCKETS)?;
    StrategyError::unless_same("decisions before the exchange", r.u32()?, before)?;
    StrategyError::unless_same("decisions after the exchange", r.u32()?, after)?;
    let (iterations, seed) = (r.u64()?, r.u64()?);
    let len = r.u32()? as usize;
    let probs = r.payload(len)?;
    let s = Strategy::from_parts(iterations, seed, probs);
    s.check()?;
    Ok(s)
}
