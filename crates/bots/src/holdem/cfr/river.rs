//! River re-solving for heads-up Limit: the search the `cfr` bot refines its strategy with at
//! play time.
//!
//! When a hand reaches the river on the strategy's betting tree, the bot solves the river's
//! betting afresh with the real board and real hole cards, no card abstraction:
//!
//! - **Ranges**: each player's weight for each of the 1,326 hole-card pairs is the probability
//!   that the trained strategy ([`super::Strategy`]) would have taken that player's actions so
//!   far with that pair (its bucket on each street), zero for pairs holding a board card. Both
//!   ranges come from public information only, so the answer for one pair never depends on the
//!   pair the bot really holds — a best response may ask about any pair.
//! - **The subgame**: the tree's river betting from the river's first decision (at most four
//!   bets), its folds and showdowns valued exactly: at a showdown each pair's share against the
//!   opposing range (card removal counted: an opposing pair that shares a card is impossible).
//! - **Solving**: [`ITERATIONS`] iterations of CFR⁺ (regret matching⁺, alternating updates, a
//!   linearly weighted average), vectorised over the pairs; the average strategy is what the bot
//!   plays for the rest of the river. It is deterministic: the same hand gives the same answer.
//!
//! Solutions are kept in a small process-wide cache keyed by the strategy, the board and the
//! line before the river, so that the bot's later river decisions and a best response's
//! questions about other pairs reuse one solve.

use std::sync::{Arc, Mutex, OnceLock};

use tavolo_cards::{Card, CardSet, Hand};

use super::tree::{Child, Tree, ACTIONS, CALL, FOLD, RAISE};
use super::Strategy;
use crate::holdem::lbr::{pair, PAIRS};

/// CFR⁺ iterations per river solve.
pub const ITERATIONS: u32 = 300;

/// Solutions kept in the cache.
const CACHED: usize = 64;

/// The actions of the Limit river: fold, check or call, bet or raise.
const SLOTS: [usize; 3] = [FOLD, CALL, RAISE];

/// A solved river: the average strategy at each of its decisions for each pair.
#[derive(Debug)]
pub struct RiverSolution {
    /// The tree's nodes of the river subgame (index into the tree), in walking order.
    nodes: Vec<usize>,
    /// Per subgame node, per pair, the probabilities of fold, check or call, bet or raise.
    strategy: Vec<Vec<[f32; 3]>>,
}

impl RiverSolution {
    /// The probabilities of the tree's actions (by slot) at tree node `node` for `hole`, when
    /// the node is in the subgame and the pair can be there.
    pub fn probabilities(&self, node: usize, hole: [Card; 2]) -> Option<[f64; ACTIONS]> {
        let k = self.nodes.iter().position(|&n| n == node)?;
        let i = pair_index(hole)?;
        let s = self.strategy.get(k)?.get(i)?;
        let total: f32 = s.iter().sum();
        if total <= 0.0 {
            return None;
        }
        let mut out = [0.0; ACTIONS];
        for (j, &slot) in SLOTS.iter().enumerate() {
            out[slot] = f64::from(s[j] / total);
        }
        Some(out)
    }
}

/// The index of `hole` among the pairs ([`pair`]).
fn pair_index(hole: [Card; 2]) -> Option<usize> {
    let (a, b) = (hole[0].index() as usize, hole[1].index() as usize);
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo == hi || hi >= 52 {
        return None;
    }
    // Pairs are listed (0,1), (0,2), …, (0,51), (1,2), …: 51 − x of them start with card x.
    Some(51 * lo - lo * lo.saturating_sub(1) / 2 + (hi - lo - 1))
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
/// `line` (the tree's (node, action) steps before the river), solved or from the cache.
pub fn solve(
    strategy: &'static Strategy,
    root: usize,
    board: &[Card],
    line: &[(usize, usize)],
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
    let solution = Arc::new(Solver::new(strategy.tree(), root, board, ranges).run(ITERATIONS));
    if let Ok(mut c) = cache().lock() {
        if c.len() >= CACHED {
            c.remove(0);
        }
        c.push((key, Arc::clone(&solution)));
    }
    Some(solution)
}

/// Each player's range at the river: the strategy's probability of its actions on `line` for
/// each pair; `None` when a range is empty.
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

/// The CFR⁺ solver of one river subgame.
struct Solver<'a> {
    tree: &'a Tree,
    /// Subgame nodes (tree indices) and each one's position.
    nodes: Vec<usize>,
    /// The pairs that do not touch the board.
    live: Vec<usize>,
    /// The two cards of each pair, as indices.
    cards: Vec<[usize; 2]>,
    /// Live pairs sorted by their hand's value, weakest first, in groups of equal value.
    groups: Vec<Vec<usize>>,
    /// Each player's range at the river's start.
    ranges: [Vec<f64>; 2],
    /// Regrets⁺ per subgame node, per action slot (fold, call, raise), per pair.
    regrets: Vec<[Vec<f64>; 3]>,
    /// The weighted sum of strategies, likewise.
    average: Vec<[Vec<f64>; 3]>,
}

impl<'a> Solver<'a> {
    fn new(tree: &'a Tree, root: usize, board: &[Card], ranges: [Vec<f64>; 2]) -> Solver<'a> {
        let mut nodes = Vec::new();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            nodes.push(n);
            if let Some(node) = tree.nodes.get(n) {
                for c in node.children.iter().flatten() {
                    if let Child::Node(i) = c {
                        stack.push(*i as usize);
                    }
                }
            }
        }
        let board_set: CardSet = board.iter().copied().collect();
        let table = Hand::from_cards(board);
        let mut live = Vec::new();
        let mut cards = vec![[0usize; 2]; PAIRS];
        let mut valued = Vec::new();
        for (i, c) in cards.iter_mut().enumerate() {
            let h = pair(i);
            *c = [h[0].index() as usize, h[1].index() as usize];
            if board_set.contains(h[0]) || board_set.contains(h[1]) {
                continue;
            }
            live.push(i);
            valued.push((table.add_card(h[0]).add_card(h[1]).evaluate(), i));
        }
        valued.sort_by_key(|v| v.0);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        for (v, i) in valued {
            if last == Some(v) {
                if let Some(g) = groups.last_mut() {
                    g.push(i);
                }
            } else {
                groups.push(vec![i]);
                last = Some(v);
            }
        }
        let zero = || [vec![0.0; PAIRS], vec![0.0; PAIRS], vec![0.0; PAIRS]];
        Solver {
            tree,
            regrets: nodes.iter().map(|_| zero()).collect(),
            average: nodes.iter().map(|_| zero()).collect(),
            nodes,
            live,
            cards,
            groups,
            ranges,
        }
    }

    fn run(mut self, iterations: u32) -> RiverSolution {
        let root = self.nodes[0];
        for t in 1..=iterations {
            for p in 0..2 {
                let mine = self.ranges[p].clone();
                let theirs = self.ranges[1 - p].clone();
                self.walk(root, p, &mine, &theirs, f64::from(t));
            }
        }
        let strategy = self
            .average
            .iter()
            .map(|avg| {
                (0..PAIRS)
                    .map(|i| [avg[0][i] as f32, avg[1][i] as f32, avg[2][i] as f32])
                    .collect()
            })
            .collect();
        RiverSolution {
            nodes: self.nodes,
            strategy,
        }
    }

    /// The current strategy (regret matching) of subgame node `k` with `allowed` slots, for
    /// each pair.
    fn current(&self, k: usize, allowed: [bool; 3]) -> [Vec<f64>; 3] {
        let width = allowed.iter().filter(|&&a| a).count().max(1) as f64;
        let mut out = [vec![0.0; PAIRS], vec![0.0; PAIRS], vec![0.0; PAIRS]];
        let r = &self.regrets[k];
        for &i in &self.live {
            let total: f64 = (0..3).filter(|&a| allowed[a]).map(|a| r[a][i]).sum();
            for a in (0..3).filter(|&a| allowed[a]) {
                out[a][i] = if total > 0.0 {
                    r[a][i] / total
                } else {
                    1.0 / width
                };
            }
        }
        out
    }

    /// The traverser `p`'s counterfactual values at tree node `n` for each pair, with its own
    /// reach `mine` and the opponent's `theirs`; updates regrets and averages of `p`'s nodes.
    fn walk(&mut self, n: usize, p: usize, mine: &[f64], theirs: &[f64], weight: f64) -> Vec<f64> {
        let Some(k) = self.nodes.iter().position(|&x| x == n) else {
            return vec![0.0; PAIRS];
        };
        let node = self.tree.nodes[n];
        let allowed = SLOTS.map(|s| node.allows(s));
        let sigma = self.current(k, allowed);
        let mut values: [Option<Vec<f64>>; 3] = [None, None, None];
        for (a, &slot) in SLOTS.iter().enumerate() {
            let Some(child) = node.children[slot] else {
                continue;
            };
            let acting = usize::from(node.player);
            let v = if acting == p {
                let reach: Vec<f64> = mine.iter().zip(&sigma[a]).map(|(m, s)| m * s).collect();
                self.child(child, p, &reach, theirs, weight)
            } else {
                let reach: Vec<f64> = theirs.iter().zip(&sigma[a]).map(|(o, s)| o * s).collect();
                self.child(child, p, mine, &reach, weight)
            };
            values[a] = Some(v);
        }
        let mut out = vec![0.0; PAIRS];
        if usize::from(node.player) == p {
            for &i in &self.live {
                out[i] = (0..3)
                    .filter_map(|a| values[a].as_ref().map(|v| sigma[a][i] * v[i]))
                    .sum();
            }
            for a in 0..3 {
                let Some(v) = &values[a] else { continue };
                for &i in &self.live {
                    let r = &mut self.regrets[k][a][i];
                    *r = (*r + v[i] - out[i]).max(0.0);
                    self.average[k][a][i] += weight * mine[i] * sigma[a][i];
                }
            }
        } else {
            for v in values.iter().flatten() {
                for &i in &self.live {
                    out[i] += v[i];
                }
            }
        }
        out
    }

    fn child(
        &mut self,
        child: Child,
        p: usize,
        mine: &[f64],
        theirs: &[f64],
        weight: f64,
    ) -> Vec<f64> {
        match child {
            Child::Node(i) => self.walk(i as usize, p, mine, theirs, weight),
            Child::Fold { folder, contrib } => {
                let folder = usize::from(folder);
                let gain = if folder == p {
                    -f64::from(contrib[p])
                } else {
                    f64::from(contrib[folder])
                };
                let possible = self.possible(theirs);
                possible.into_iter().map(|w| gain * w).collect()
            }
            Child::Showdown { contrib } => {
                let stake = f64::from(contrib[0].min(contrib[1]));
                let (below, above) = self.beaten(theirs);
                below
                    .iter()
                    .zip(&above)
                    .map(|(b, a)| stake * (b - a))
                    .collect()
            }
        }
    }

    /// For each pair, the opposing weight it does not block (no shared card).
    fn possible(&self, theirs: &[f64]) -> Vec<f64> {
        let mut per_card = [0.0f64; 52];
        let mut total = 0.0;
        for &j in &self.live {
            let w = theirs[j];
            total += w;
            per_card[self.cards[j][0]] += w;
            per_card[self.cards[j][1]] += w;
        }
        let mut out = vec![0.0; PAIRS];
        for &i in &self.live {
            let [a, b] = self.cards[i];
            out[i] = total - per_card[a] - per_card[b] + theirs[i];
        }
        out
    }

    /// For each pair, the opposing weight it beats and the weight that beats it (card removal
    /// counted).
    fn beaten(&self, theirs: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let mut below = vec![0.0; PAIRS];
        let mut above = vec![0.0; PAIRS];
        for (out, order) in [
            (&mut below, self.groups.iter().collect::<Vec<_>>()),
            (&mut above, self.groups.iter().rev().collect::<Vec<_>>()),
        ] {
            let mut per_card = [0.0f64; 52];
            let mut total = 0.0;
            for g in order {
                for &i in g {
                    let [a, b] = self.cards[i];
                    out[i] = total - per_card[a] - per_card[b];
                }
                for &j in g {
                    let w = theirs[j];
                    total += w;
                    per_card[self.cards[j][0]] += w;
                    per_card[self.cards[j][1]] += w;
                }
            }
        }
        (below, above)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    /// The river's first decision after a limp and checks all the way.
    fn checked_down(tree: &Tree) -> usize {
        let mut at = 0;
        while tree.nodes[at].street < 3 {
            match tree.nodes[at].children[CALL] {
                Some(Child::Node(i)) => at = i as usize,
                other => panic!("{other:?}"),
            }
        }
        at
    }

    fn only(hand: &str) -> Vec<f64> {
        let c = parse_cards(hand).expect("cards");
        let mut r = vec![0.0; PAIRS];
        r[pair_index([c[0], c[1]]).expect("pair")] = 1.0;
        r
    }

    #[test]
    fn a_hand_that_cannot_win_folds_to_a_bet_and_never_bluffs_into_the_nuts() {
        let tree = Tree::limit();
        let root = checked_down(&tree);
        let first = usize::from(tree.nodes[root].player);
        let board = parse_cards("2c 7d 9h Js Kc").expect("board");
        let mut ranges = [vec![], vec![]];
        ranges[first] = only("Kd Kh");
        ranges[1 - first] = only("3d 4h");
        let solution = Solver::new(&tree, root, &board, ranges).run(ITERATIONS);
        let w = parse_cards("3d 4h").expect("cards");
        let weak = [w[0], w[1]];
        let k = parse_cards("Kd Kh").expect("cards");
        let kings = [k[0], k[1]];
        // Betting and checking win the kings the same (the other folds to a bet), but they
        // never fold.
        let p = solution.probabilities(root, kings).expect("reached");
        assert_eq!(p[FOLD], 0.0, "{p:?}");
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        let child = |slot: usize| match tree.nodes[root].children[slot] {
            Some(Child::Node(i)) => i as usize,
            other => panic!("{other:?}"),
        };
        let q = solution.probabilities(child(RAISE), weak).expect("reached");
        assert!(q[FOLD] > 0.95, "folds to the bet: {q:?}");
        let q = solution.probabilities(child(CALL), weak).expect("reached");
        assert!(q[CALL] > 0.95, "checks behind: {q:?}");
    }

    #[test]
    fn showdown_shares_count_card_removal() {
        let tree = Tree::limit();
        let root = checked_down(&tree);
        let board = parse_cards("2c 7d 9h Js Kc").expect("board");
        let solver = Solver::new(&tree, root, &board, [vec![1.0; PAIRS], vec![1.0; PAIRS]]);
        let mut theirs = vec![0.0; PAIRS];
        for &i in &solver.live {
            theirs[i] = 1.0;
        }
        let (below, above) = solver.beaten(&theirs);
        let possible = solver.possible(&theirs);
        let c = parse_cards("Kd Kh").expect("cards");
        let i = pair_index([c[0], c[1]]).expect("pair");
        // 47 cards left: C(45, 2) = 990 opposing pairs without a king of ours.
        assert_eq!(possible[i], 990.0);
        // A set of kings on an unpaired board with no flush possible loses only to the straights
        // Q-T and T-8 (16 pairs each) and ties with nothing.
        assert_eq!(above[i], 32.0);
        assert_eq!(below[i], 958.0);
    }

    #[test]
    fn pair_index_is_the_position_in_the_list_of_pairs() {
        for i in 0..PAIRS {
            assert_eq!(pair_index(pair(i)), Some(i));
            let [a, b] = pair(i);
            assert_eq!(pair_index([b, a]), Some(i));
        }
    }
}
