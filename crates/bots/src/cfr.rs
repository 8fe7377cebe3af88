//! What the two CFR bots share ([`crate::holdem::cfr`] for heads-up Hold'em, [`crate::draw::cfr`]
//! for heads-up Draw): the edges of an abstract heads-up tree, how a strategy's table is laid
//! out and read, and the training walk.
//!
//! **The table**: each decision has a block of (its buckets × its allowed slots), the decisions'
//! blocks one after the other in the tree's order; a strategy keeps a byte per entry, the
//! probabilities of a bucket summing to 255, and training keeps its regrets and average sums in
//! tables of the same `Layout`.
//!
//! **Training** is external-sampling Monte-Carlo CFR (Lanctot et al. 2009) with regret
//! matching⁺ (regrets floored at zero, as in CFR⁺) and a linearly weighted average strategy
//! (iteration `t` weighs `t`): each deal is walked once for each player; the walking player
//! tries every allowed slot and updates its regrets, the other samples one slot from its current
//! strategy and adds that strategy to its average (`Regrets::walk`). A game says what its tree
//! and its deals are through `Walked`.

use rayon::prelude::*;
use tavolo_cards::SplitMix64;

use crate::arena::game_seed;
use crate::error::StrategyError;

/// A bet or raise as a CFR bot saw it (a step of its hand): who, to what total this round, and
/// whether all-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Raised {
    pub seat: usize,
    pub to: tavolo_engine::Chips,
    pub all_in: bool,
}

/// A CFR bot's `name` ("cfr") and `observe`, inside its `impl Bot`: its fallback observes every
/// event, and the event's step of the hand (the calling module's `step`) joins the steps that
/// place the bot in its tree.
macro_rules! cfr_bot_observes {
    () => {
        fn name(&self) -> &str {
            "cfr"
        }

        fn observe(&mut self, event: &Event) {
            self.fallback.observe(event);
            self.steps.extend(step(event));
        }
    };
}
pub(crate) use cfr_bot_observes;

/// Deals made at a time, in parallel, before they are walked in order.
pub const BATCH: u64 = 4096;

/// Slots per decision, in the order of every node's children: fold, check or call, and three
/// bet sizes (Draw's exchange uses the first four for the number of cards).
pub const ACTIONS: usize = 5;

/// Where a slot of a decision leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// Another decision (its index in the tree).
    Node(u32),
    /// The player to act folded; `contrib` is what each player had put in before.
    Fold {
        /// The player who folded.
        folder: u8,
        /// Each player's chips in the pot.
        contrib: [u16; 2],
    },
    /// The hands are compared, each player having put in `contrib` (equal).
    Showdown {
        /// Each player's chips in the pot.
        contrib: [u16; 2],
    },
}

impl Child {
    /// The value for `traverser` of a hand that ends here, `showdown` being the showdown from
    /// player 0's side (1 won, 0 split, −1 lost); `None` for another decision.
    fn ends(self, traverser: usize, showdown: i8) -> Option<f64> {
        match self {
            Child::Node(_) => None,
            Child::Fold { folder, contrib } => Some(if usize::from(folder) == traverser {
                -f64::from(contrib[traverser])
            } else {
                f64::from(contrib[1 - traverser])
            }),
            Child::Showdown { contrib } => {
                let sign = if traverser == 0 { showdown } else { -showdown };
                Some(f64::from(sign) * f64::from(contrib[traverser]))
            }
        }
    }
}

/// Where each decision's block starts in a table, and its shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Each decision's block, in the tree's order.
    blocks: Vec<Block>,
    /// The table's size.
    size: usize,
}

/// One decision's block: kept together, so that a look-up reads one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    /// Where it starts.
    offset: usize,
    /// The decision's buckets.
    buckets: u16,
    /// How many slots are allowed (its width per bucket).
    width: usize,
    /// The allowed slots, in order (the first `width`).
    slots: [usize; ACTIONS],
}

impl Layout {
    /// The layout of a tree whose decisions, in order, allow `children` and have `buckets`.
    pub(crate) fn new(decisions: impl Iterator<Item = ([Option<Child>; ACTIONS], u16)>) -> Layout {
        let mut layout = Layout {
            blocks: Vec::new(),
            size: 0,
        };
        for (children, buckets) in decisions {
            let mut block = Block {
                offset: layout.size,
                buckets,
                width: 0,
                slots: [0; ACTIONS],
            };
            for a in (0..ACTIONS).filter(|&a| children[a].is_some()) {
                block.slots[block.width] = a;
                block.width += 1;
            }
            layout.size += block.width * usize::from(buckets);
            layout.blocks.push(block);
        }
        layout
    }

    /// The number of entries in a table.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// The entries of `node`'s block for `bucket` (the last bucket for a larger one), and the
    /// slots they stand for; `None` for a node the tree does not have.
    fn block(&self, node: usize, bucket: usize) -> Option<(std::ops::Range<usize>, &[usize])> {
        let b = self.blocks.get(node)?;
        let last = usize::from(b.buckets).saturating_sub(1);
        let at = b.offset + bucket.min(last) * b.width;
        Some((at..at + b.width, &b.slots[..b.width]))
    }

    /// Every block, in the table's order: (node, bucket, entries, slots).
    fn blocks(&self) -> impl Iterator<Item = (usize, std::ops::Range<usize>, &[usize])> + '_ {
        (0..self.blocks.len()).flat_map(move |node| {
            (0..usize::from(self.blocks[node].buckets)).filter_map(move |b| {
                let (range, slots) = self.block(node, b)?;
                Some((node, range, slots))
            })
        })
    }

    /// Checks that every bucket's probabilities in `probs` sum to 255.
    pub(crate) fn check(&self, probs: &[u8]) -> Result<(), StrategyError> {
        for (node, b) in self.blocks.iter().enumerate() {
            for bucket in 0..usize::from(b.buckets) {
                let sum: u32 = self
                    .block(node, bucket)
                    .and_then(|(range, _)| probs.get(range))
                    .map_or(0, |b| b.iter().map(|&x| u32::from(x)).sum());
                if sum != 255 {
                    return Err(StrategyError::Probabilities { node, bucket, sum });
                }
            }
        }
        Ok(())
    }

    /// The probability of each slot at decision `node` in `bucket` (the last bucket for a larger
    /// one) in the table `probs`; 0 for slots not allowed.
    pub(crate) fn probabilities(&self, probs: &[u8], node: usize, bucket: u16) -> [f64; ACTIONS] {
        let mut out = [0.0; ACTIONS];
        let Some((range, slots)) = self.block(node, usize::from(bucket)) else {
            return out;
        };
        for (&a, at) in slots.iter().zip(range) {
            out[a] = f64::from(probs.get(at).copied().unwrap_or(0)) / 255.0;
        }
        out
    }
}

/// A game's abstraction as the training walk sees it.
pub(crate) trait Walked {
    /// One deal: what the walk needs of the cards.
    type Deal;
    /// What the walk carries down the tree besides the decision (Draw: the counts exchanged).
    type Line: Copy;
    /// Decision `node` of `deal` after `line`: who decides, their bucket, and where each slot
    /// leads.
    fn decision(
        &self,
        deal: &Self::Deal,
        node: usize,
        line: Self::Line,
    ) -> (usize, usize, [Option<Child>; ACTIONS]);
    /// The line after slot `slot` is taken at decision `node`.
    fn follow(&self, node: usize, line: Self::Line, slot: usize) -> Self::Line;
    /// The showdown of `deal` after `line`, from player 0's side: 1 won, 0 split, −1 lost.
    fn showdown(deal: &Self::Deal, line: Self::Line) -> i8;
}

/// The regrets and the average strategy being learnt, over a [`Layout`].
pub(crate) struct Regrets {
    layout: Layout,
    regret: Vec<f64>,
    average: Vec<f64>,
    rng: SplitMix64,
    /// Iterations done: the weight of the next one's average.
    done: u64,
}

impl Regrets {
    /// Zero regrets over `layout`, sampling from a generator seeded with `seed`.
    pub(crate) fn new(layout: Layout, seed: u64) -> Regrets {
        Regrets {
            regret: vec![0.0; layout.size()],
            average: vec![0.0; layout.size()],
            layout,
            rng: SplitMix64::new(seed),
            done: 0,
        }
    }

    /// Iterations done.
    pub(crate) fn done(&self) -> u64 {
        self.done
    }

    /// Runs `iterations` more iterations of `game` from decision 0 with `line`, calling
    /// `progress` with the count done after every batch. Iteration `i` walks
    /// `deal(game_seed(seed, i))`, once for each player; the deals (bucketing them is most of
    /// the work) are made [`BATCH`] at a time on rayon's current pool and then walked in order,
    /// so that the same seed and iteration count give the same strategy whatever the number of
    /// threads.
    pub(crate) fn run<W: Walked>(
        &mut self,
        game: &W,
        line: W::Line,
        (iterations, seed): (u64, u64),
        deal: impl Fn(u64) -> W::Deal + Sync,
        progress: &mut dyn FnMut(u64),
    ) where
        W::Deal: Send,
    {
        let end = self.done + iterations;
        while self.done < end {
            let first = self.done;
            let n = (end - first).min(BATCH);
            let deals: Vec<W::Deal> = (first..first + n)
                .into_par_iter()
                .map(|i| deal(game_seed(seed, i)))
                .collect();
            for deal in &deals {
                self.done += 1;
                for traverser in 0..2 {
                    self.walk(game, 0, traverser, line, deal);
                }
            }
            progress(self.done);
        }
    }

    /// The value of `child` for `traverser`.
    fn value<W: Walked>(
        &mut self,
        game: &W,
        child: Child,
        traverser: usize,
        line: W::Line,
        deal: &W::Deal,
    ) -> f64 {
        match child {
            Child::Node(i) => self.walk(game, i as usize, traverser, line, deal),
            end => end.ends(traverser, W::showdown(deal, line)).unwrap_or(0.0),
        }
    }

    /// The value of decision `node` for `traverser`: every slot tried, and the regrets updated,
    /// where it decides; else one slot sampled and the current strategy added to the average.
    fn walk<W: Walked>(
        &mut self,
        game: &W,
        node: usize,
        traverser: usize,
        line: W::Line,
        deal: &W::Deal,
    ) -> f64 {
        let (player, bucket, children) = game.decision(deal, node, line);
        // The block as `Layout::block` finds it, without its checks: the walk's buckets are
        // the layout's own.
        let Block {
            offset,
            width: w,
            slots: slot_of,
            ..
        } = self.layout.blocks[node];
        let base = offset + bucket * w;
        let sigma = regret_matching(&self.regret[base..base + w]);
        if player == traverser {
            let mut values = [0.0; ACTIONS];
            let mut ev = 0.0;
            for k in 0..w {
                if let Some(child) = children[slot_of[k]] {
                    let next = game.follow(node, line, slot_of[k]);
                    values[k] = self.value(game, child, traverser, next, deal);
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
                chosen = Some(slot_of[k]);
                if x < sigma[k] {
                    break;
                }
                x -= sigma[k];
            }
            match chosen.and_then(|a| children[a].map(|c| (a, c))) {
                Some((a, child)) => {
                    let next = game.follow(node, line, a);
                    self.value(game, child, traverser, next, deal)
                }
                None => 0.0,
            }
        }
    }

    /// The average strategy so far as a table of bytes; a bucket never reached takes the slot
    /// `fallback(node, its allowed slots)` gives the index of, if any.
    pub(crate) fn average(&self, fallback: impl Fn(usize, &[usize]) -> Option<usize>) -> Vec<u8> {
        let mut probs = Vec::with_capacity(self.average.len());
        for (node, range, slots) in self.layout.blocks() {
            let sums = &self.average[range];
            let total: f64 = sums.iter().sum();
            let fallback = fallback(node, slots);
            let p: Vec<f64> = sums
                .iter()
                .enumerate()
                .map(|(k, &x)| {
                    if total > 0.0 {
                        x / total
                    } else if Some(k) == fallback {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect();
            probs.extend(quantise(&p));
        }
        probs
    }
}

/// Regret matching: the current strategy of a block of regrets (uniform when none is positive).
fn regret_matching(regret: &[f64]) -> [f64; ACTIONS] {
    let mut s = [0.0; ACTIONS];
    let w = regret.len().min(ACTIONS);
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

/// Which bet of a tree a real bet or raise stands for: `x` is its pot fraction (the raise over
/// the pot after calling), `sizes` the decision's sizes as (slot, fraction). Between two sizes
/// A < B the pseudo-harmonic mapping gives A the probability (B − x)(1 + A) / ((B − A)(1 + x));
/// the likelier one is taken. Below the smallest size, the smallest; above the largest, the
/// largest; `None` without sizes.
pub(crate) fn translate(x: f64, sizes: impl IntoIterator<Item = (usize, f64)>) -> Option<usize> {
    let mut sizes: Vec<(usize, f64)> = sizes.into_iter().collect();
    sizes.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (&(first, a0), rest) = sizes.split_first()?;
    if x <= a0 {
        return Some(first);
    }
    let mut below = (first, a0);
    for &(slot, b) in rest {
        if x <= b {
            let (sa, a) = below;
            let pa = (b - x) * (1.0 + a) / ((b - a) * (1.0 + x));
            return Some(if pa >= 0.5 { sa } else { slot });
        }
        below = (slot, b);
    }
    Some(below.0)
}

/// Adds `p` to action `a` of `policy` (a bot's answer to [`crate::Bot::policy`]), where two
/// slots of the tree come to the same real action (a pot-sized bet that is all-in, an exchange
/// of more cards than the table allows); nothing for a zero probability.
pub(crate) fn add_choice<A: PartialEq>(policy: &mut Vec<(A, f64)>, a: A, p: f64) {
    if p <= 0.0 {
        return;
    }
    match policy.iter_mut().find(|(b, _)| *b == a) {
        Some(slot) => slot.1 += p,
        None => policy.push((a, p)),
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
