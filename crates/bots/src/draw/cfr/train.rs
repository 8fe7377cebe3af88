//! Training the Draw strategy: external-sampling Monte-Carlo CFR with regret matching⁺ and a
//! linearly weighted average, as the Hold'em strategies are trained
//! ([`crate::holdem::cfr::train`]).
//!
//! Iteration `i` deals from its own generator, seeded by [`game_seed`]`(seed, i)`: two hands,
//! then the cards each would draw for every count it may exchange (the cutter draws first), so
//! the walk knows every showdown the exchange can lead to. Deals are made in parallel batches and
//! walked in order: the same seed and iteration count give the same strategy whatever the
//! number of threads.

use rayon::prelude::*;
use tavolo_cards::{Card, CardSet, SplitMix64};

use super::cards::{bucket, class, discard_for};
use super::tree::{Child, Kind, Tree, ACTIONS};
use super::Strategy;
use crate::arena::game_seed;
use crate::draw::play::key;
use crate::holdem::cfr::train::quantise;

/// Deals bucketed at a time, in parallel, before they are walked in order.
const BATCH: u64 = 4096;

/// One deal as the walk sees it.
struct Deal {
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
    offsets: Vec<usize>,
    regret: Vec<f64>,
    average: Vec<f64>,
    rng: SplitMix64,
    done: u64,
    seed: u64,
}

impl Trainer {
    /// A trainer with zero regrets, seeded with `seed`.
    pub fn new(seed: u64) -> Trainer {
        let tree = Tree::new();
        let (offsets, size) = Strategy::layout(&tree);
        Trainer {
            tree,
            offsets,
            regret: vec![0.0; size],
            average: vec![0.0; size],
            rng: SplitMix64::new(seed),
            done: 0,
            seed,
        }
    }

    /// Runs `iterations` more iterations, calling `progress` with the count done after every
    /// batch.
    pub fn run(&mut self, iterations: u64, progress: &mut dyn FnMut(u64)) {
        let end = self.done + iterations;
        while self.done < end {
            let first = self.done;
            let n = (end - first).min(BATCH);
            let seed = self.seed;
            let deals: Vec<Deal> = (first..first + n)
                .into_par_iter()
                .map(|i| Deal::new(game_seed(seed, i)))
                .collect();
            for deal in &deals {
                self.done += 1;
                for traverser in 0..2 {
                    self.walk(0, traverser, [0, 0], deal);
                }
            }
            progress(self.done);
        }
    }

    fn value(&mut self, child: Child, traverser: usize, counts: [usize; 2], deal: &Deal) -> f64 {
        match child {
            Child::Node(i) => self.walk(i as usize, traverser, counts, deal),
            Child::Fold { folder, contrib } => {
                if usize::from(folder) == traverser {
                    -f64::from(contrib[traverser])
                } else {
                    f64::from(contrib[1 - traverser])
                }
            }
            Child::Showdown { contrib } => {
                let s = f64::from(deal.showdown[counts[0]][counts[1]]);
                let sign = if traverser == 0 { s } else { -s };
                sign * f64::from(contrib[traverser])
            }
        }
    }

    fn walk(&mut self, id: usize, traverser: usize, counts: [usize; 2], deal: &Deal) -> f64 {
        let node = self.tree.nodes[id];
        let player = usize::from(node.player);
        let slots: Vec<usize> = (0..ACTIONS).filter(|&a| node.allows(a)).collect();
        let w = slots.len();
        let base = self.offsets[id] + usize::from(deal.bucket(player, node.kind, counts)) * w;
        let sigma = current(&self.regret[base..base + w]);
        let next = |a: usize| {
            let mut c = counts;
            if node.kind == Kind::Exchange {
                c[player] = a;
            }
            c
        };
        if player == traverser {
            let mut values = [0.0; ACTIONS];
            let mut ev = 0.0;
            for (k, &a) in slots.iter().enumerate() {
                if let Some(child) = node.children[a] {
                    values[k] = self.value(child, traverser, next(a), deal);
                    ev += sigma[k] * values[k];
                }
            }
            for (k, v) in values.iter().enumerate().take(w) {
                let r = &mut self.regret[base + k];
                *r = (*r + v - ev).max(0.0);
            }
            ev
        } else {
            let weight = self.done as f64;
            for (k, s) in sigma.iter().enumerate().take(w) {
                self.average[base + k] += weight * s;
            }
            let mut x = self.rng.unit();
            let mut chosen = slots[w - 1];
            for (k, &a) in slots.iter().enumerate() {
                if x < sigma[k] {
                    chosen = a;
                    break;
                }
                x -= sigma[k];
            }
            match node.children[chosen] {
                Some(child) => self.value(child, traverser, next(chosen), deal),
                None => 0.0,
            }
        }
    }

    /// The average strategy so far (never-reached buckets: the passive slot, a call or, for an
    /// opening, the minimum bet; the standard count in an exchange is not known here, so 0).
    pub fn strategy(&self) -> Strategy {
        let mut probs = Vec::with_capacity(self.average.len());
        for (id, n) in self.tree.nodes.iter().enumerate() {
            let slots: Vec<usize> = (0..ACTIONS).filter(|&a| n.allows(a)).collect();
            let w = slots.len();
            let buckets = Strategy::buckets(n);
            for b in 0..usize::from(buckets) {
                let base = self.offsets[id] + b * w;
                let sums = &self.average[base..base + w];
                let total: f64 = sums.iter().sum();
                let fallback = if n.kind == Kind::Exchange { 0 } else { 1 };
                let p: Vec<f64> = sums
                    .iter()
                    .enumerate()
                    .map(|(k, &x)| {
                        if total > 0.0 {
                            x / total
                        } else if k == fallback.min(w - 1) {
                            1.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                probs.extend(quantise(&p));
            }
        }
        Strategy::from_parts(self.done, self.seed, probs)
    }
}

/// Regret matching: the current strategy of a block of regrets.
fn current(regret: &[f64]) -> [f64; ACTIONS] {
    let mut s = [0.0; ACTIONS];
    let total: f64 = regret.iter().filter(|&&r| r > 0.0).sum();
    let w = regret.len().max(1);
    for (k, &r) in regret.iter().enumerate() {
        s[k] = if total > 0.0 {
            r.max(0.0) / total
        } else {
            1.0 / w as f64
        };
    }
    s
}

/// Trains a strategy of `iterations` iterations seeded with `seed`, calling `progress` with the
/// iterations done.
pub fn train(iterations: u64, seed: u64, progress: &mut dyn FnMut(u64)) -> Strategy {
    let mut t = Trainer::new(seed);
    t.run(iterations, progress);
    t.strategy()
}
