//! The strategy file: a versioned binary format with a header, read with errors that say what
//! is wrong.
//!
//! All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `TVLCFR\r\n` (a text-mode transfer would mangle the line ending and be caught) |
//! | 2 | format version, [`VERSION`] |
//! | 1 | game: 1 = heads-up Limit Hold'em ([`super::tree::Tree::limit`]), 2 = heads-up No-Limit Hold'em at 100 big blinds ([`super::tree::Tree::no_limit`]) |
//! | 1 | strength metric on the flop and the turn ([`super::buckets::Metric`]): 0 = E\[HS\] (files before it was recorded), 1 = √E\[HS²\] |
//! | 2 × 3 | buckets on the flop, the turn and the river |
//! | 2 | deals per strength estimate ([`super::buckets::Abstraction::samples`]) |
//! | 4 × 4 | decisions of the betting tree per street (checked against the tree the code builds) |
//! | 8 | training iterations |
//! | 8 | training seed |
//! | 4 | payload length `n` |
//! | n | payload: for each decision of the tree in order, for each bucket of its street, one byte per allowed action in slot order (fold, check/call, bet/raise — No-Limit: half pot, pot, all-in), the probabilities × 255 (they sum to 255) |
//! | 8 | FNV-1a hash of the payload |

use super::buckets::{Abstraction, Metric};
use super::tree::{Tree, TreeKind};
use super::Strategy;

/// The file's magic bytes.
pub const MAGIC: [u8; 8] = *b"TVLCFR\r\n";
/// The format version this code reads and writes.
pub const VERSION: u16 = 1;
const GAME_LIMIT_HEADS_UP: u8 = 1;
const GAME_NO_LIMIT_HEADS_UP: u8 = 2;

/// The file's code for the game of a tree.
pub fn game_code(kind: TreeKind) -> u8 {
    match kind {
        TreeKind::Limit => GAME_LIMIT_HEADS_UP,
        TreeKind::NoLimit => GAME_NO_LIMIT_HEADS_UP,
    }
}
const HEADER: usize = 8 + 2 + 1 + 1 + 6 + 2 + 16 + 8 + 8 + 4;

pub use crate::error::StrategyError;

pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The bytes of `s`.
pub fn write(s: &Strategy) -> Vec<u8> {
    let tree = &s.tree;
    let a = s.abstraction;
    let mut out = start(
        HEADER + s.probs.len() + 8,
        VERSION,
        game_code(tree.kind),
        a.metric.code(),
    );
    for b in a.buckets {
        out.extend_from_slice(&b.to_le_bytes());
    }
    out.extend_from_slice(&a.samples.to_le_bytes());
    for n in tree.per_street {
        out.extend_from_slice(&n.to_le_bytes());
    }
    finish(out, s.iterations, s.seed, &s.probs)
}

/// The start of a strategy file (Hold'em's and Draw's), in a buffer of `capacity` bytes: the
/// magic, the format `version`, the `game` code and the byte after it (`flag`).
pub(crate) fn start(capacity: usize, version: u16, game: u8, flag: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.push(game);
    out.push(flag);
    out
}

/// The end of a strategy file after `out`'s header, as [`Reader::payload`] reads it back: the
/// training `iterations` and `seed`, the payload's length, the payload `probs` and its hash.
pub(crate) fn finish(mut out: Vec<u8>, iterations: u64, seed: u64, probs: &[u8]) -> Vec<u8> {
    out.extend_from_slice(&iterations.to_le_bytes());
    out.extend_from_slice(&seed.to_le_bytes());
    out.extend_from_slice(&(probs.len() as u32).to_le_bytes());
    out.extend_from_slice(probs);
    out.extend_from_slice(&fnv1a(probs).to_le_bytes());
    out
}

/// A little-endian reader over a strategy file (Hold'em's and Draw's).
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`, checking the magic and the format `version`.
    pub(crate) fn new(bytes: &'a [u8], version: u16) -> Result<Reader<'a>, StrategyError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take::<8>().ok() != Some(MAGIC) {
            return Err(StrategyError::Magic);
        }
        let found = r.u16()?;
        if found != version {
            return Err(StrategyError::Version {
                found,
                supported: version,
            });
        }
        Ok(r)
    }

    /// The payload of `len` bytes, its hash checked, and that nothing follows it.
    pub(crate) fn payload(&mut self, len: usize) -> Result<Vec<u8>, StrategyError> {
        let end = self.at + len;
        let probs = self
            .bytes
            .get(self.at..end)
            .ok_or(StrategyError::Truncated {
                needed: end + 8,
                got: self.bytes.len(),
            })?
            .to_vec();
        self.at = end;
        let stored = self.u64()?;
        let computed = fnv1a(&probs);
        if stored != computed {
            return Err(StrategyError::Checksum { stored, computed });
        }
        StrategyError::unless_same("the file length", self.bytes.len() as u64, self.at as u64)?;
        Ok(probs)
    }

    pub(crate) fn take<const N: usize>(&mut self) -> Result<[u8; N], StrategyError> {
        let end = self.at + N;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or(StrategyError::Truncated {
                needed: end,
                got: self.bytes.len(),
            })?;
        let mut out = [0u8; N];
        out.copy_from_slice(slice);
        self.at = end;
        Ok(out)
    }
    pub(crate) fn u16(&mut self) -> Result<u16, StrategyError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    pub(crate) fn u32(&mut self) -> Result<u32, StrategyError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, StrategyError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

/// Reads a strategy from `bytes`, checking every field against the tree this code builds.
pub fn read(bytes: &[u8]) -> Result<Strategy, StrategyError> {
    let mut r = Reader::new(bytes, VERSION)?;
    let [game, metric] = r.take::<2>()?;
    let kind = match game {
        GAME_LIMIT_HEADS_UP => TreeKind::Limit,
        GAME_NO_LIMIT_HEADS_UP => TreeKind::NoLimit,
        found => return Err(StrategyError::Game { found }),
    };
    let buckets = [r.u16()?, r.u16()?, r.u16()?];
    let samples = r.u16()?;
    if buckets.contains(&0) {
        return Err(StrategyError::Mismatch {
            what: "a street's bucket count",
            file: 0,
            built: 1,
        });
    }
    let Some(metric) = Metric::from_code(metric) else {
        return Err(StrategyError::Mismatch {
            what: "the strength metric's code",
            file: u64::from(metric),
            built: 1,
        });
    };
    let abstraction = Abstraction {
        buckets,
        samples,
        metric,
    };
    let tree = Tree::new(kind);
    let streets = [
        "pre-flop decisions",
        "flop decisions",
        "turn decisions",
        "river decisions",
    ];
    for (what, &built) in streets.into_iter().zip(&tree.per_street) {
        StrategyError::unless_same(what, r.u32()?, built)?;
    }
    let iterations = r.u64()?;
    let seed = r.u64()?;
    let len = r.u32()? as usize;
    let expected: usize = tree
        .nodes
        .iter()
        .map(|n| usize::from(abstraction.count(n.street as usize)) * n.width())
        .sum();
    StrategyError::unless_same("the payload length", len as u64, expected as u64)?;
    let probs = r.payload(len)?;
    let s = Strategy::from_parts(kind, abstraction, iterations, seed, probs);
    s.check()?;
    Ok(s)
}

/// Asserts that `read` refuses the strategy file `bytes` with one byte of the payload's middle
/// changed (xor `flip`): a checksum error; and cut short by `cut` bytes: a truncated file.
#[cfg(test)]
pub(crate) fn assert_corruption_refused<S>(
    bytes: &[u8],
    flip: u8,
    cut: usize,
    read: impl Fn(&[u8]) -> Result<S, StrategyError>,
) {
    let mut v = bytes.to_vec();
    let mid = v.len() / 2;
    v[mid] ^= flip;
    assert!(matches!(read(&v), Err(StrategyError::Checksum { .. })));
    assert!(matches!(
        read(&bytes[..bytes.len() - cut]),
        Err(StrategyError::Truncated { .. })
    ));
}
