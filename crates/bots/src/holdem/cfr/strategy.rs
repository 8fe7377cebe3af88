//! The trained strategies: the average strategy of the abstract game, a probability per
//! allowed action for each decision and bucket, read from the shipped files
//! (`crates/bots/data/holdem-limit-cfr.bin`, `holdem-nl-cfr.bin`) on first use.

use std::sync::OnceLock;

use super::buckets::Abstraction;
use super::file::{self, StrategyError};
use super::tree::{Tree, TreeKind, ACTIONS};

/// The shipped heads-up Limit strategy (see [`file`] for the format).
const SHIPPED_LIMIT: &[u8] = include_bytes!("../../../data/holdem-limit-cfr.bin");
/// The shipped heads-up No-Limit strategy.
const SHIPPED_NO_LIMIT: &[u8] = include_bytes!("../../../data/holdem-nl-cfr.bin");

/// An average strategy of the abstract game: for each decision and bucket, the probability of
/// each allowed action.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub(super) abstraction: Abstraction,
    pub(super) iterations: u64,
    pub(super) seed: u64,
    pub(super) probs: Vec<u8>,
    pub(super) tree: Tree,
    /// Where each decision's block starts in `probs`.
    pub(super) offsets: Vec<usize>,
    /// How many actions each decision allows (its block's width per bucket).
    pub(super) widths: Vec<u8>,
}

impl Strategy {
    /// A strategy from its parts (`probs` in the file's payload order).
    pub(crate) fn from_parts(
        kind: TreeKind,
        abstraction: Abstraction,
        iterations: u64,
        seed: u64,
        probs: Vec<u8>,
    ) -> Strategy {
        let tree = Tree::new(kind);
        let mut offsets = Vec::with_capacity(tree.nodes.len());
        let mut widths = Vec::with_capacity(tree.nodes.len());
        let mut at = 0;
        for n in &tree.nodes {
            let w = n.width();
            offsets.push(at);
            widths.push(w as u8);
            at += w * usize::from(abstraction.count(n.street as usize));
        }
        Strategy {
            abstraction,
            iterations,
            seed,
            probs,
            tree,
            offsets,
            widths,
        }
    }

    /// Checks that every bucket's probabilities sum to 255.
    pub(super) fn check(&self) -> Result<(), StrategyError> {
        for (node, n) in self.tree.nodes.iter().enumerate() {
            let w = usize::from(self.widths[node]);
            for bucket in 0..usize::from(self.abstraction.count(n.street as usize)) {
                let at = self.offsets[node] + bucket * w;
                let sum: u32 = self
                    .probs
                    .get(at..at + w)
                    .map_or(0, |b| b.iter().map(|&x| u32::from(x)).sum());
                if sum != 255 {
                    return Err(StrategyError::Probabilities { node, bucket, sum });
                }
            }
        }
        Ok(())
    }

    /// Reads a strategy file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Strategy, StrategyError> {
        file::read(bytes)
    }

    /// The strategy as a file (the format of [`mod@super::file`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        file::write(self)
    }

    /// The strategy of `kind` shipped with the crate, read once.
    pub fn shipped(kind: TreeKind) -> Result<&'static Strategy, StrategyError> {
        static LIMIT: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        static NO_LIMIT: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        let (cell, bytes) = match kind {
            TreeKind::Limit => (&LIMIT, SHIPPED_LIMIT),
            TreeKind::NoLimit => (&NO_LIMIT, SHIPPED_NO_LIMIT),
        };
        cell.get_or_init(|| {
            let s = Strategy::from_bytes(bytes)?;
            if s.tree.kind != kind {
                return Err(StrategyError::Mismatch {
                    what: "the game (1 Limit, 2 No-Limit)",
                    file: file::game_code(s.tree.kind).into(),
                    built: file::game_code(kind).into(),
                });
            }
            Ok(s)
        })
        .as_ref()
        .map_err(Clone::clone)
    }

    /// The card abstraction it was trained on.
    pub fn abstraction(&self) -> Abstraction {
        self.abstraction
    }

    /// The iterations it was trained for (each one deal, walked once for each player).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The seed the training dealt from: with the iterations and the abstraction, what
    /// `tavolo train` needs to make the same file again.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The betting tree it was trained on (Limit's or No-Limit's, built by this code).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The probabilities of the actions at decision `node` in `bucket`, by slot ([`FOLD`](super::tree::FOLD)
    /// to [`ALL_IN`](super::tree::ALL_IN); 0 for actions not allowed).
    pub fn probabilities(&self, node: usize, bucket: u16) -> [f64; ACTIONS] {
        let mut out = [0.0; ACTIONS];
        let (Some(n), Some(&w)) = (self.tree.nodes.get(node), self.widths.get(node)) else {
            return out;
        };
        let w = usize::from(w);
        let bucket = usize::from(bucket.min(self.abstraction.count(n.street as usize) - 1));
        let at = self.offsets[node] + bucket * w;
        let mut k = 0;
        for (a, slot) in out.iter_mut().enumerate() {
            if n.allows(a) {
                *slot = f64::from(self.probs.get(at + k).copied().unwrap_or(0)) / 255.0;
                k += 1;
            }
        }
        out
    }
}
