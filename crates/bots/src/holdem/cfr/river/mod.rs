//! River re-solving for heads-up Limit and No-Limit: the search the `cfr` bot refines its
//! strategy with at play time.
//!
//! When a hand reaches the river on the strategy's betting tree, the bot solves the river's
//! betting afresh with the real board and real hole cards, no card abstraction:
//!
//! - **Ranges**: each player's weight for each of the 1,326 hole-card pairs is the probability
//!   that the trained strategy ([`super::Strategy`]) would have taken that player's actions so
//!   far with that pair (its bucket on each street), zero for pairs holding a board card. Both
//!   ranges come from public information only, so the answer for one pair never depends on the
//!   pair the bot really holds — a best response may ask about any pair.
//! - **The subgame**: the tree's river betting from the river's first decision (Limit: at most
//!   four bets; No-Limit: the tree's sizes, half the pot, the pot and all-in, with the real
//!   bets mapped to them as before the river), its folds and showdowns valued exactly: at a
//!   showdown each pair's share against the opposing range (card removal counted: an opposing
//!   pair that shares a card is impossible).
//! - **Solving**: [`ITERATIONS`] iterations of Discounted CFR (Brown & Sandholm 2019, α = 1.5,
//!   β = 0, γ = 2; alternating updates), vectorised over the pairs; the average strategy is what
//!   the bot plays for the rest of the river. After 300 iterations with both ranges uniform,
//!   best responses to it win 0.02 % of the pot in Limit and 1.5 % in No-Limit (CFR⁺ left 0.07 %
//!   and 4.6 %; a test measures it). Without a deadline it is deterministic: the same hand
//!   gives the same answer. With one (the bot's time budget) it stops when time is up.
//!
//! Solutions are kept in a small process-wide cache keyed by the strategy, the board and the
//! line before the river, so that the bot's later river decisions and a best response's
//! questions about other pairs reuse one solve.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use tavolo_cards::{Card, CardSet, Hand};

use super::tree::{Child, Tree, ACTIONS};
use super::Strategy;
use crate::holdem::pairs::{pair, pair_index, PAIRS};

/// Discounted CFR iterations per river solve.
pub const ITERATIONS: u32 = 300;

/// Solutions kept in the cache.
const CACHED: usize = 16;

/// Pairs that can be held on a river: the 47 cards off the board, two at a time (C(47, 2)).
const LIVE: usize = 1081;

/// A solved river: the average strategy at each of its decisions for each pair.
#[derive(Debug)]
pub struct RiverSolution {
    /// The tree's nodes of the river subgame (index into the tree), in walking order.
    nodes: Vec<usize>,
    /// Each subgame decision's allowed actions (the tree's slots).
    slots: Vec<Vec<usize>>,
    /// Each pair's position among the live pairs, [`u16::MAX`] for a pair holding a board card.
    live_index: Vec<u16>,
    /// Per subgame decision, per allowed action, per live pair (`a * LIVE + j`): the average
    /// strategy's weight.
    strategy: Vec<Vec<f32>>,
}

impl RiverSolution {
    /// The probabilities of the tree's actions (by slot) at tree node `node` for `hole`, when
    /// the node is in the subgame and the pair can be there.
    pub fn probabilities(&self, node: usize, hole: [Card; 2]) -> Option<[f64; ACTIONS]> {
        let k = self.nodes.iter().position(|&n| n == node)?;
        let j = usize::from(*self.live_index.get(pair_index(hole)?)?);
        let (slots, weights) = (self.slots.get(k)?, self.strategy.get(k)?);
        let w = |a: usize| weights.get(a * LIVE + j).copied().unwrap_or(0.0);
        let total: f32 = (0..slots.len()).map(w).sum();
        if total <= 0.0 {
            return None;
        }
        let mut out = [0.0; ACTIONS];
        for (a, &slot) in slots.iter().enumerate() {
            out[slot] = f64::from(w(a) / total);
        }
        Some(out)
    }
}

/// What identifies a river subgame: the strategy (by address), the board, and the tree's
/// actions before the river.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Key {
    strategy: usize,
    board: u64,
    line: Vec<(u32, u8)>,
}

/// The solved subgames, most recent last.
type Cache = Vec<(Key, Arc<RiverSolution>)>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// The river subgame at tree node `root` (the river's first decision) with `board`, reached by
/// `line` (the tree's (node, action) steps before the river), solved or from the cache. A solve
/// stops early at `deadline`; such a solution is used but not kept (without a deadline the
/// answer depends only on the hand, with one also on the clock).
pub fn solve(
    strategy: &'static Strategy,
    root: usize,
    board: &[Card],
    line: &[(usize, usize)],
    deadline: Option<Instant>,
) -> Option<Arc<RiverSolution>> {
    let board_set: CardSet = board.iter().copied().collect();
    if board.len() != 5 || board_set.len() != 5 {
        return None;
    }
    let key = Key {
        strategy: strategy as *const Strategy as usize,
        board: board_set.bits(),
        line: line.iter().map(|&(n, a)| (n as u32, a as u8)).collect(),
    };
    if let Ok(c) = cache().lock() {
        if let Some((_, s)) = c.iter().find(|(k, _)| *k == key) {
            return Some(Arc::clone(s));
        }
    }
    let ranges = ranges(strategy, board, board_set, line)?;
    let (solution, complete) =
        Solver::new(strategy.tree(), root, board, ranges)?.run(ITERATIONS, deadline);
    let solution = Arc::new(solution);
    if complete {
        if let Ok(mut c) = cache().lock() {
            if c.len() >= CACHED {
                c.remove(0);
            }
            c.push((key, Arc::clone(&solution)));
        }
    }
    Some(solution)
}

/// Each player's range at the river: the strategy's probability of its actions on `line` for
/// each pair (by [`pair`] index); `None` when a range is empty.
fn ranges(
    strategy: &Strategy,
    board: &[Card],
    board_set: CardSet,
    line: &[(usize, usize)],
) -> Option<[Vec<f64>; 2]> {
    let tree = strategy.tree();
    let abstraction = strategy.abstraction();
    let mut out = [vec![0.0; PAIRS], vec![0.0; PAIRS]];
    for (i, hole) in (0..PAIRS).map(|i| (i, pair(i))) {
        if board_set.contains(hole[0]) || board_set.contains(hole[1]) {
            continue;
        }
        let mut buckets: [Option<u16>; 3] = [None; 3];
        let mut reach = [1.0f64; 2];
        for &(node, action) in line {
            let n = tree.nodes.get(node)?;
            let street = usize::from(n.street).min(2);
            let bucket = *buckets[street].get_or_insert_with(|| {
                let cards = [0, 3, 4][street];
                abstraction.bucket(hole, &board[..cards])
            });
            reach[usize::from(n.player)] *= strategy.probabilities(node, bucket)[action];
        }
        out[0][i] = reach[0];
        out[1][i] = reach[1];
    }
    (out[0].iter().sum::<f64>() > 0.0 && out[1].iter().sum::<f64>() > 0.0).then_some(out)
}

/// What an action of a subgame decision leads to.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// Another decision of the subgame (its position).
    Decision(usize),
    /// A fold by `folder` with `contrib` put in.
    Fold { folder: usize, contrib: [f64; 2] },
    /// A showdown for `stake` each.
    Showdown { stake: f64 },
}

/// A decision of the subgame.
#[derive(Debug)]
struct Decision {
    /// The player to act.
    player: usize,
    /// The allowed actions: the tree's slot and where it leads.
    actions: Vec<(usize, Next)>,
}

/// The Discounted CFR solver of one river subgame. Every vector runs over the live pairs (those that hold
/// no board card), weakest hand first.
struct Solver {
    /// The subgame's tree nodes, in walking order (the root first).
    nodes: Vec<usize>,
    decisions: Vec<Decision>,
    /// Each pair's position among the live pairs ([`u16::MAX`] if not live).
    live_index: Vec<u16>,
    /// The two cards of each live pair, as indices.
    cards: Vec<[usize; 2]>,
    /// The groups of live pairs of equal value: `bounds[g]..bounds[g + 1]` is group `g`.
    bounds: Vec<usize>,
    /// Each player's range at the river's start.
    ranges: [Vec<f64>; 2],
    /// Discounted regrets per decision, per action, per live pair (`a * LIVE + j`).
    regrets: Vec<Vec<f64>>,
    /// The discounted sum of strategies (weighted by reach), likewise.
    average: Vec<Vec<f64>>,
    /// Iterations run so far.
    done: u32,
}

impl Solver {
    /// The subgame of `tree` from `root` with `board`; `ranges` by [`pair`] index. `None` when
    /// the board is not five distinct cards.
    fn new(tree: &Tree, root: usize, board: &[Card], ranges: [Vec<f64>; 2]) -> Option<Solver> {
        let mut nodes = vec![root];
        let mut k = 0;
        while let Some(&n) = nodes.get(k) {
            for c in tree.nodes.get(n)?.children.iter().flatten() {
                if let Child::Node(i) = c {
                    nodes.push(*i as usize);
                }
            }
            k += 1;
        }
        let position = |n: usize| nodes.iter().position(|&x| x == n);
        let mut decisions = Vec::with_capacity(nodes.len());
        for &n in &nodes {
            let node = tree.nodes.get(n)?;
            let mut actions = Vec::new();
            for (slot, child) in node.children.iter().enumerate() {
                let Some(child) = *child else { continue };
                let next = match child {
                    Child::Node(i) => Next::Decision(position(i as usize)?),
                    Child::Fold { folder, contrib } => Next::Fold {
                        folder: usize::from(folder),
                        contrib: contrib.map(f64::from),
                    },
                    Child::Showdown { contrib } => Next::Showdown {
                        stake: f64::from(contrib[0].min(contrib[1])),
                    },
                };
                actions.push((slot, next));
            }
            decisions.push(Decision {
                player: usize::from(node.player),
                actions,
            });
        }
        let board_set: CardSet = board.iter().copied().collect();
        if board.len() != 5 || board_set.len() != 5 {
            return None;
        }
        // The live pairs are numbered weakest first, so that a showdown walks them in order.
        let table = Hand::from_cards(board);
        let mut valued = Vec::with_capacity(LIVE);
        for i in 0..PAIRS {
            let h = pair(i);
            if !board_set.contains(h[0]) && !board_set.contains(h[1]) {
                valued.push((table.add_card(h[0]).add_card(h[1]).evaluate(), i));
            }
        }
        valued.sort_by_key(|v| v.0);
        let mut live_index = vec![u16::MAX; PAIRS];
        let mut cards = Vec::with_capacity(LIVE);
        let mut dense = [Vec::with_capacity(LIVE), Vec::with_capacity(LIVE)];
        let mut bounds = vec![0];
        for (j, &(value, i)) in valued.iter().enumerate() {
            if j > 0 && valued[j - 1].0 != value {
                bounds.push(j);
            }
            live_index[i] = j as u16;
            let h = pair(i);
            cards.push([h[0].index() as usize, h[1].index() as usize]);
            for (d, r) in dense.iter_mut().zip(&ranges) {
                d.push(r.get(i).copied().unwrap_or(0.0));
            }
        }
        bounds.push(valued.len());
        let zero = |d: &Decision| vec![0.0; d.actions.len() * LIVE];
        Some(Solver {
            regrets: decisions.iter().map(zero).collect(),
            average: decisions.iter().map(zero).collect(),
            nodes,
            decisions,
            live_index,
            cards,
            bounds,
            ranges: dense,
            done: 0,
        })
    }

    /// Runs `iterations` iterations, or as many as fit before `deadline`; returns the average
    /// strategy and whether every iteration was run.
    fn run(mut self, iterations: u32, deadline: Option<Instant>) -> (RiverSolution, bool) {
        let complete = self.iterate(iterations, deadline);
        (self.into_solution(), complete)
    }

    /// Runs up to `iterations` more iterations, stopping at `deadline`; whether all ran.
    fn iterate(&mut self, iterations: u32, deadline: Option<Instant>) -> bool {
        let ranges = std::mem::take(&mut self.ranges);
        let mut complete = true;
        for _ in 0..iterations {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                complete = false;
                break;
            }
            self.done += 1;
            for p in 0..2 {
                self.walk(0, p, &ranges[p], &ranges[1 - p], f64::from(self.done));
            }
        }
        self.ranges = ranges;
        complete
    }

    /// The average strategy.
    fn into_solution(self) -> RiverSolution {
        RiverSolution {
            nodes: self.nodes,
            slots: self
                .decisions
                .iter()
                .map(|d| d.actions.iter().map(|a| a.0).collect())
                .collect(),
            live_index: self.live_index,
            strategy: self
                .average
                .iter()
                .map(|avg| avg.iter().map(|&x| x as f32).collect())
                .collect(),
        }
    }

    /// The current strategy (regret matching) of decision `k`, per action, per live pair.
    fn current(&self, k: usize) -> Vec<f64> {
        let width = self.decisions[k].actions.len();
        let r = &self.regrets[k];
        let mut out = vec![0.0; width * LIVE];
        let mut total = [0.0f64; LIVE];
        for a in 0..width {
            for (t, x) in total.iter_mut().zip(&r[a * LIVE..(a + 1) * LIVE]) {
                *t += x.max(0.0);
            }
        }
        let uniform = 1.0 / width.max(1) as f64;
        for a in 0..width {
            let (o, x) = (
                &mut out[a * LIVE..(a + 1) * LIVE],
                &r[a * LIVE..(a + 1) * LIVE],
            );
            for ((o, x), t) in o.iter_mut().zip(x).zip(&total) {
                *o = if *t > 0.0 { x.max(0.0) / t } else { uniform };
            }
        }
        out
    }

    /// The traverser `p`'s counterfactual values at decision `k` for each live pair, with its
    /// own reach `mine` and the opponent's `theirs`; updates regrets and averages of `p`'s
    /// decisions.
    fn walk(&mut self, k: usize, p: usize, mine: &[f64], theirs: &[f64], weight: f64) -> Vec<f64> {
        // The decision's actions are read by index (they are `Copy`): no copy of the list on
        // every visit.
        let (player, width) = (self.decisions[k].player, self.decisions[k].actions.len());
        let sigma = self.current(k);
        let mut out = vec![0.0; LIVE];
        if player != p {
            for a in 0..width {
                let next = self.decisions[k].actions[a].1;
                let s = &sigma[a * LIVE..(a + 1) * LIVE];
                let reach: Vec<f64> = theirs.iter().zip(s).map(|(o, s)| o * s).collect();
                let v = self.next(next, p, mine, &reach, weight);
                for (o, v) in out.iter_mut().zip(&v) {
                    *o += v;
                }
            }
            return out;
        }
        let mut values = Vec::with_capacity(width * LIVE);
        for a in 0..width {
            let next = self.decisions[k].actions[a].1;
            let s = &sigma[a * LIVE..(a + 1) * LIVE];
            let reach: Vec<f64> = mine.iter().zip(s).map(|(m, s)| m * s).collect();
            let v = self.next(next, p, &reach, theirs, weight);
            for ((o, v), s) in out.iter_mut().zip(&v).zip(s) {
                *o += s * v;
            }
            values.extend_from_slice(&v);
        }
        // Discounted CFR (α = 1.5, β = 0, γ = 2): the regrets and the average of the iterations
        // before `weight` (this iteration's number) are discounted now.
        let before = weight - 1.0;
        let positive = before.powf(1.5) / (before.powf(1.5) + 1.0);
        let average = (before / weight).powi(2);
        let (regrets, average_sum) = (&mut self.regrets[k], &mut self.average[k]);
        for a in 0..width {
            let range = a * LIVE..(a + 1) * LIVE;
            let (r, g, v, s) = (
                &mut regrets[range.clone()],
                &mut average_sum[range.clone()],
                &values[range.clone()],
                &sigma[range],
            );
            for j in 0..LIVE {
                let old = if r[j] > 0.0 {
                    r[j] * positive
                } else {
                    r[j] * 0.5
                };
                r[j] = old + v[j] - out[j];
                g[j] = g[j] * average + mine[j] * s[j];
            }
        }
        out
    }

    /// The traverser `p`'s values where an action leads.
    fn next(
        &mut self,
        next: Next,
        p: usize,
        mine: &[f64],
        theirs: &[f64],
        weight: f64,
    ) -> Vec<f64> {
        match next {
            Next::Decision(k) => self.walk(k, p, mine, theirs, weight),
            leaf => self.leaf(leaf, p, theirs),
        }
    }

    /// The traverser `p`'s values at a fold or a showdown (none at a decision).
    fn leaf(&self, next: Next, p: usize, theirs: &[f64]) -> Vec<f64> {
        let (mut v, scale) = match next {
            Next::Decision(_) => return vec![0.0; LIVE],
            Next::Fold { folder, contrib } => {
                let gain = if folder == p {
                    -contrib[p]
                } else {
                    contrib[folder]
                };
                (self.possible(theirs), gain)
            }
            Next::Showdown { stake } => (self.beaten(theirs), stake),
        };
        v.iter_mut().for_each(|x| *x *= scale);
        v
    }

    /// For each live pair, the opposing weight it does not block (no shared card).
    fn possible(&self, theirs: &[f64]) -> Vec<f64> {
        let mut per_card = [0.0f64; 52];
        let mut total = 0.0;
        for (c, &w) in self.cards.iter().zip(theirs) {
            total += w;
            per_card[c[0]] += w;
            per_card[c[1]] += w;
        }
        self.cards
            .iter()
            .zip(theirs)
            .map(|(c, &w)| total - per_card[c[0]] - per_card[c[1]] + w)
            .collect()
    }

    /// For each live pair, the opposing weight it beats less the weight that beats it (card
    /// removal counted).
    fn beaten(&self, theirs: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; LIVE];
        let groups = self.bounds.len() - 1;
        for upward in [true, false] {
            let mut per_card = [0.0f64; 52];
            let mut total = 0.0;
            for step in 0..groups {
                let g = if upward { step } else { groups - 1 - step };
                let group = self.bounds[g]..self.bounds[g + 1];
                for j in group.clone() {
                    let [a, b] = self.cards[j];
                    let w = total - per_card[a] - per_card[b];
                    out[j] += if upward { w } else { -w };
                }
                for j in group {
                    let w = theirs[j];
                    total += w;
                    per_card[self.cards[j][0]] += w;
                    per_card[self.cards[j][1]] += w;
                }
            }
        }
        out
    }
}

/// What a best response to the average strategy finds: the yardstick of the solver's tests.
#[cfg(test)]
mod tests;
