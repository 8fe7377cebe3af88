//! Training: external-sampling Monte-Carlo CFR (Lanctot et al. 2009) on the abstract game,
//! with regret matching⁺ (regrets floored at zero, as in CFR⁺) and a linearly weighted average
//! strategy (iteration `t` weighs `t`), which converge faster than plain averages.
//!
//! Each iteration deals two hands and a board, buckets both hands on every street, and walks
//! the betting tree once for each player: the walking player tries every action and updates its
//! regrets; the other samples one action from its current strategy and adds that strategy to
//! its average.
//!
//! Iteration `i` is dealt from its own generator, seeded by [`game_seed`]`(seed, i)`, so the
//! deals — bucketing them is most of the work — are made [`BATCH`] at a time on rayon's current
//! pool and then walked in order: the same seed and iteration count give the same strategy
//! whatever the number of threads. (The shipped Limit strategy was trained before deals had
//! their own generators, by the build named in docs/bots.md.)

use rayon::prelude::*;
use tavolo_cards::{Card, Hand, SplitMix64};

use super::buckets::Abstraction;
use super::tree::{Child, Tree, TreeKind, ACTIONS};
use super::Strategy;
use crate::arena::game_seed;

/// Deals bucketed at a time, in parallel, before they are walked in order.
pub const BATCH: u64 = 4096;

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
    /// Where each node's block (buckets × its allowed actions) starts in the tables.
    offsets: Vec<usize>,
    /// Each node's allowed actions, in slot order.
    actions: Vec<Vec<usize>>,
    regret: Vec<f64>,
    average: Vec<f64>,
    rng: SplitMix64,
    done: u64,
    seed: u64,
}

/// One deal as the walk sees it.
struct Deal {
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
        let mut offsets = Vec::with_capacity(tree.nodes.len());
        let mut actions = Vec::with_capacity(tree.nodes.len());
        let mut size = 0;
        for n in &tree.nodes {
            offsets.push(size);
            let allowed: Vec<usize> = (0..ACTIONS).filter(|&a| n.allows(a)).collect();
            size += usize::from(abstraction.count(n.street as usize)) * allowed.len();
            actions.push(allowed);
        }
        Trainer {
            tree,
            abstraction,
            offsets,
            actions,
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
            let (abstraction, seed) = (self.abstraction, self.seed);
            let deals: Vec<Deal> = (first..first + n)
                .into_par_iter()
                .map(|i| Deal::new(&abstraction, game_seed(seed, i)))
                .collect();
            for deal in &deals {
                self.done += 1;
                for traverser in 0..2 {
                    self.walk(0, traverser, deal);
                }
            }
            progress(self.done);
        }
    }

    /// The current strategy at a block of `w` allowed actions (regret matching).
    fn current(regret: &[f64], w: usize) -> [f64; ACTIONS] {
        let mut s = [0.0; ACTIONS];
        let mut total = 0.0;
        for k in 0..w {
            if regret[k] > 0.0 {
                s[k] = regret[k];
                total += regret[k];
            }
        }
        if total > 0.0 {
            for x in &mut s[..w] {
                *x /= total;
            }
        } else {
            let n = w.max(1) as f64;
            for x in &mut s[..w] {
                *x = 1.0 / n;
            }
        }
        s
    }

    /// The value of `child` for `traverser`, in half big blinds.
    fn value(&mut self, child: Child, traverser: usize, deal: &Deal) -> f64 {
        match child {
            Child::Node(i) => self.walk(i as usize, traverser, deal),
            Child::Fold { folder, contrib } => {
                if usize::from(folder) == traverser {
                    -f64::from(contrib[traverser])
                } else {
                    f64::from(contrib[1 - traverser])
                }
            }
            Child::Showdown { contrib } => {
                let sign = if traverser == 0 {
                    deal.showdown
                } else {
                    -deal.showdown
                };
                f64::from(sign) * f64::from(contrib[traverser])
            }
        }
    }

    fn walk(&mut self, id: usize, traverser: usize, deal: &Deal) -> f64 {
        let node = self.tree.nodes[id];
        let player = usize::from(node.player);
        let street = usize::from(node.street);
        let bucket = usize::from(deal.buckets[player][street]);
        let mut slots = [0usize; ACTIONS];
        let w = self.actions[id].len();
        slots[..w].copy_from_slice(&self.actions[id]);
        let base = self.offsets[id] + bucket * w;
        let sigma = Trainer::current(&self.regret[base..base + w], w);
        if player == traverser {
            let mut values = [0.0; ACTIONS];
            let mut ev = 0.0;
            for k in 0..w {
                if let Some(child) = node.children[slots[k]] {
                    values[k] = self.value(child, traverser, deal);
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
            let mut chosen = None;
            for k in 0..w {
                chosen = Some(slots[k]);
                if x < sigma[k] {
                    break;
                }
                x -= sigma[k];
            }
            match chosen.and_then(|a| node.children[a]) {
                Some(child) => self.value(child, traverser, deal),
                None => 0.0,
            }
        }
    }

    /// The average strategy so far (never-reached buckets check or call).
    pub fn strategy(&self) -> Strategy {
        let mut probs = Vec::new();
        for (id, n) in self.tree.nodes.iter().enumerate() {
            let acts = &self.actions[id];
            let w = acts.len();
            for b in 0..usize::from(self.abstraction.count(n.street as usize)) {
                let base = self.offsets[id] + b * w;
                let sums = &self.average[base..base + w];
                let total: f64 = sums.iter().sum();
                let p: Vec<f64> = acts
                    .iter()
                    .zip(sums)
                    .map(|(&a, &x)| {
                        if total > 0.0 {
                            x / total
                        } else if a == 1 {
                            1.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                probs.extend(quantise(&p));
            }
        }
        Strategy::from_parts(
            self.tree.kind,
            self.abstraction,
            self.done,
            self.seed,
            probs,
        )
    }
}
/// Probabilities as bytes summing to 255 (largest remainders get the rounding).
pub(crate) fn quantise(p: &[f64]) -> Vec<u8> {
    let scaled: Vec<f64> = p.iter().map(|x| x.clamp(0.0, 1.0) * 255.0).collect();
    let mut q: Vec<u8> = scaled.iter().map(|x| x.floor() as u8).collect();
    let mut left = 255u32.saturating_sub(q.iter().map(|&x| u32::from(x)).sum());
    let mut order: Vec<usize> = (0..q.len()).collect();
    order.sort_by(|&a, &b| {
        let ra = scaled[a] - scaled[a].floor();
        let rb = scaled[b] - scaled[b].floor();
        rb.total_cmp(&ra)
    });
    for &i in order.iter().cycle().take(order.len() * 255) {
        if left == 0 {
            break;
        }
        if q[i] < 255 {
            q[i] += 1;
            left -= 1;
        }
    }
    q
}

/// Trains a strategy with `config`, calling `progress` with the iterations done.
pub fn train(config: &TrainConfig, progress: &mut dyn FnMut(u64)) -> Strategy {
    let mut t = Trainer::new(config.tree, config.abstraction, config.seed);
    t.run(config.iterations, progress);
    t.strategy()
}
