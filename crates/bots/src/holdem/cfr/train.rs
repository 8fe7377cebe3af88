//! Training: external-sampling Monte-Carlo CFR (Lanctot et al. 2009) on the abstract game,
//! with regret matching⁺ (regrets floored at zero, as in CFR⁺) and a linearly weighted average
//! strategy (iteration `t` weighs `t`), which converge faster than plain averages; the walk is
//! the one both CFR bots share ([`crate::cfr`]).
//!
//! Each iteration deals two hands and a board, buckets both hands on every street, and walks
//! the betting tree once for each player: the walking player tries every action and updates its
//! regrets; the other samples one action from its current strategy and adds that strategy to
//! its average.
//!
//! Iteration `i` is dealt from its own generator, seeded by [`game_seed`](crate::arena::game_seed)`(seed, i)`, so the
//! deals — bucketing them is most of the work — are made [`BATCH`] at a time on rayon's current
//! pool and then walked in order: the same seed and iteration count give the same strategy
//! whatever the number of threads. (The shipped Limit strategy was trained before deals had
//! their own generators, by the build named in docs/bots.md.)

use tavolo_cards::{Card, Hand, SplitMix64};

use super::buckets::Abstraction;
use super::tree::{Child, Tree, TreeKind, ACTIONS, CALL};
use super::Strategy;
use crate::cfr::{Regrets, Walked};

pub use crate::cfr::BATCH;

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainConfig {
    /// Which betting tree to train on (heads-up Limit or No-Limit at 100 big blinds).
    pub tree: TreeKind,
    /// Iterations (one deal, walked once for each player).
    pub iterations: u64,
    /// The seed of the deals and the samples.
    pub seed: u64,
    /// The buckets per street and how hand strength is estimated for them.
    pub abstraction: Abstraction,
}

/// The regrets and the average strategy being learnt.
pub struct Trainer {
    tree: Tree,
    abstraction: Abstraction,
    regrets: Regrets,
    seed: u64,
}

/// One deal as the walk sees it.
pub(crate) struct Deal {
    /// Bucket of each player on each street.
    buckets: [[u16; 4]; 2],
    /// The showdown from player 0's side: 1 won, 0 tied, −1 lost.
    showdown: i8,
}

impl Deal {
    /// Two hands and a board dealt from a generator seeded with `seed`, bucketed.
    fn new(abstraction: &Abstraction, seed: u64) -> Deal {
        let mut rng = SplitMix64::new(seed);
        let mut deck = Card::ALL;
        for j in 0..9 {
            let x = j + rng.below(52 - j);
            deck.swap(j, x);
        }
        let holes = [[deck[0], deck[1]], [deck[2], deck[3]]];
        let board = &deck[4..9];
        let mut buckets = [[0u16; 4]; 2];
        for (p, hole) in holes.iter().enumerate() {
            for (street, len) in [0, 3, 4, 5].into_iter().enumerate() {
                buckets[p][street] = abstraction.bucket(*hole, &board[..len]);
            }
        }
        let table = Hand::from_cards(board);
        let rank = |h: [Card; 2]| table.add_card(h[0]).add_card(h[1]).evaluate();
        let (a, b) = (rank(holes[0]), rank(holes[1]));
        let showdown = match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Less => -1,
        };
        Deal { buckets, showdown }
    }
}

impl Trainer {
    /// A trainer with zero regrets, seeded with `seed`.
    pub fn new(kind: TreeKind, abstraction: Abstraction, seed: u64) -> Trainer {
        let tree = Tree::new(kind);
        let layout = Strategy::layout(&tree, abstraction);
        Trainer {
            tree,
            abstraction,
            regrets: Regrets::new(layout, seed),
            seed,
        }
    }

    /// Runs `iterations` more iterations, calling `progress` with the count done after every
    /// batch.
    pub fn run(&mut self, iterations: u64, progress: &mut dyn FnMut(u64)) {
        let abstraction = self.abstraction;
        self.regrets.run(
            &self.tree,
            (),
            (iterations, self.seed),
            |seed| Deal::new(&abstraction, seed),
            progress,
        );
    }

    /// The average strategy so far (never-reached buckets check or call).
    pub fn strategy(&self) -> Strategy {
        let probs = self
            .regrets
            .average(|_, slots| slots.iter().position(|&a| a == CALL));
        Strategy::from_parts(
            self.tree.kind,
            self.abstraction,
            self.regrets.done(),
            self.seed,
            probs,
        )
    }
}

/// The walk of the betting tree: a player's bucket is its hand's on the decision's street.
impl Walked for Tree {
    type Deal = Deal;
    type Line = ();

    fn decision(
        &self,
        deal: &Deal,
        node: usize,
        _: (),
    ) -> (usize, usize, [Option<Child>; ACTIONS]) {
        let n = &self.nodes[node];
        let player = usize::from(n.player);
        let bucket = usize::from(deal.buckets[player][usize::from(n.street)]);
        (player, bucket, n.children)
    }

    fn follow(&self, _: usize, _: (), _: usize) {}

    fn showdown(deal: &Deal, _: ()) -> i8 {
        deal.showdown
    }
}

/// Trains a strategy with `config`, calling `progress` with the iterations done.
pub fn train(config: &TrainConfig, progress: &mut dyn FnMut(u64)) -> Strategy {
    let mut t = Trainer::new(config.tree, config.abstraction, config.seed);
    t.run(config.iterations, progress);
    t.strategy()
}
