//! The trained strategies: the average strategy of the abstract game, a probability per
//! allowed action for each decision and bucket, read from the shipped files
//! (`crates/bots/data/holdem-limit-cfr.bin`, `holdem-nl-cfr.bin`) on first use.

use std::sync::OnceLock;

use super::buckets::Abstraction;
use super::file::{self, StrategyError};
use super::tree::{Tree, TreeKind, ACTIONS};
use crate::cfr::Layout;

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
    /// Where each decision's block starts in `probs`, and its allowed slots.
    layout: Layout,
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
        let layout = Strategy::layout(&tree, abstraction);
        Strategy {
            abstraction,
            iterations,
            seed,
            probs,
            tree,
            layout,
        }
    }

    /// The table of `tree` with `abstraction`'s buckets on each street (a strategy's, and the
    /// training's regrets).
    pub(crate) fn layout(tree: &Tree, abstraction: Abstraction) -> Layout {
        Layout::new(
            tree.nodes
                .iter()
                .map(|n| (n.children, abstraction.count(n.street as usize))),
        )
    }

    /// Checks that every bucket's probabilities sum to 255.
    pub(super) fn check(&self) -> Result<(), StrategyError> {
        self.layout.check(&self.probs)
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
            let (found, built) = (file::game_code(s.tree.kind), file::game_code(kind));
            StrategyError::unless_same("the game (1 Limit, 2 No-Limit)", found, built)?;
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
        self.layout.probabilities(&self.probs, node, bucket)
    }
}
