//! Training the Draw strategy: external-sampling Monte-Carlo CFR with regret matching⁺ and a
//! linearly weighted average, the walk the Hold'em strategies are trained by too
//! ([`crate::cfr`]).
//!
//! Iteration `i` deals from its own generator, seeded by [`game_seed`](crate::arena::game_seed)`(seed, i)`: two hands,
//! then the cards each would draw for every count it may exchange (the cutter draws first), so
//! the walk knows every showdown the exchange can lead to. Deals are made in parallel batches and
//! walked in order: the same seed and iteration count give the same strategy whatever the
//! number of threads.

use tavolo_cards::{Card, CardSet, SplitMix64};

use super::cards::{bucket, class, discard_for};
use super::tree::{Child, Kind, Tree, ACTIONS};
use super::Strategy;
use crate::cfr::{Regrets, Walked};
use crate::draw::play::key;

/// One deal as the walk sees it.
pub(crate) struct Deal {
    /// Each player's class before the exchange.
    class: [u16; 2],
    /// The cutter's bucket after exchanging `c0` cards.
    cutter: [u16; 4],
    /// The dealer's bucket after exchanging `c1` cards, the cutter having exchanged `c0`.
    dealer: [[u16; 4]; 4],
    /// The showdown from the cutter's side (1 won, 0 split, −1 lost), by `[c0][c1]`.
    showdown: [[i8; 4]; 4],
}

impl Deal {
    fn new(seed: u64) -> Deal {
        let mut rng = SplitMix64::new(seed);
        let mut deck = Card::ALL;
        for j in 0..16 {
            let x = j + rng.below(52 - j);
            deck.swap(j, x);
        }
        let hands: [CardSet; 2] = [
            deck[..5].iter().copied().collect(),
            deck[5..10].iter().copied().collect(),
        ];
        let after = |hand: CardSet, count: usize, from: usize| -> CardSet {
            let drawn: CardSet = deck[from..from + count].iter().copied().collect();
            (hand - discard_for(hand, count)) | drawn
        };
        let mut deal = Deal {
            class: [class(hands[0]), class(hands[1])],
            cutter: [0; 4],
            dealer: [[0; 4]; 4],
            showdown: [[0; 4]; 4],
        };
        for c0 in 0..4 {
            let mine = after(hands[0], c0, 10);
            deal.cutter[c0] = bucket(mine);
            for c1 in 0..4 {
                let theirs = after(hands[1], c1, 10 + c0);
                deal.dealer[c0][c1] = bucket(theirs);
                deal.showdown[c0][c1] = match key(mine).cmp(&key(theirs)) {
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Less => -1,
                };
            }
        }
        deal
    }

    /// The bucket of `player` at a decision of `kind`, the counts exchanged being `counts`.
    fn bucket(&self, player: usize, kind: Kind, counts: [usize; 2]) -> u16 {
        match kind {
            Kind::Bet(1) if player == 0 => self.cutter[counts[0]],
            Kind::Bet(1) => self.dealer[counts[0]][counts[1]],
            _ => self.class[player],
        }
    }
}

/// The regrets and the average strategy being learnt.
pub struct Trainer {
    tree: Tree,
    regrets: Regrets,
    seed: u64,
}

impl Trainer {
    /// A trainer with zero regrets, seeded with `seed`.
    pub fn new(seed: u64) -> Trainer {
        let tree = Tree::new();
        let layout = Strategy::layout(&tree);
        Trainer {
            tree,
            regrets: Regrets::new(layout, seed),
            seed,
        }
    }

    /// Runs `iterations` more iterations, calling `progress` with the count done after every
    /// batch.
    pub fn run(&mut self, iterations: u64, progress: &mut dyn FnMut(u64)) {
        let seed = self.seed;
        self.regrets
            .run(&self.tree, [0, 0], (iterations, seed), Deal::new, progress);
    }

    /// The average strategy so far (never-reached buckets: the passive slot, a call or, for an
    /// opening, the minimum bet; the standard count in an exchange is not known here, so 0).
    pub fn strategy(&self) -> Strategy {
        let probs = self.regrets.average(|node, slots| {
            let passive = if self.tree.nodes[node].kind == Kind::Exchange {
                0
            } else {
                1
            };
            Some(passive.min(slots.len().saturating_sub(1)))
        });
        Strategy::from_parts(self.regrets.done(), self.seed, probs)
    }
}

/// The walk of the tree: the line is the number of cards each player has exchanged, which
/// picks the bucket after the exchange and the showdown.
impl Walked for Tree {
    type Deal = Deal;
    type Line = [usize; 2];

    fn decision(
        &self,
        deal: &Deal,
        node: usize,
        counts: [usize; 2],
    ) -> (usize, usize, [Option<Child>; ACTIONS]) {
        let n = &self.nodes[node];
        let player = usize::from(n.player);
        let bucket = usize::from(deal.bucket(player, n.kind, counts));
        (player, bucket, n.children)
    }

    fn follow(&self, node: usize, counts: [usize; 2], slot: usize) -> [usize; 2] {
        let n = &self.nodes[node];
        let mut c = counts;
        if n.kind == Kind::Exchange {
            c[usize::from(n.player)] = slot;
        }
        c
    }

    fn showdown(deal: &Deal, counts: [usize; 2]) -> i8 {
        deal.showdown[counts[0]][counts[1]]
    }
}

/// Trains a strategy of `iterations` iterations seeded with `seed`, calling `progress` with the
/// iterations done.
pub fn train(iterations: u64, seed: u64, progress: &mut dyn FnMut(u64)) -> Strategy {
    let mut t = Trainer::new(seed);
    t.run(iterations, progress);
    t.strategy()
}
