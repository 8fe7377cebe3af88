//! The 1,326 two-card pairs of Hold'em — their numbering, the pairs a card removes — and
//! equities against ranges over them: one hole against each pair ([`equity_vs_pairs`], LBR's
//! and `exploit`'s), and every hole against weighted ranges at once (`sums_for_every_hole`).
//!
//! **Every hole at once**: for each of the 1,326 holes `h` and each
//! weight vector `u` over the opponent's pairs, the weight of the pairs `h` does not block and
//! `h`'s share of the pot against them.
//!
//! A best response against a range needs, for its own hole, sums of the range's weights and of
//! the weights times its equity (`betting::RangeSums`). A bot that reports its policy
//! must answer that for every hole it might hold, so this computes all of them in one pass per
//! board instead of one hole at a time: the pairs live on a full board are ranked once, and a
//! walk up the ranks with a running total per card gives every hole the weight it beats and
//! ties, its own two cards' pairs taken out (card removal, exact). Boards: the board itself on
//! the river, every river card on the turn, `samples` random run-outs (or boards) before.

use tavolo_cards::{Card, CardSet, Hand as Cards, SplitMix64};

/// The number of two-card hands.
pub const PAIRS: usize = 1326;

/// The two cards of pair `i` (`0..PAIRS`), in a fixed order.
pub fn pair(i: usize) -> [Card; 2] {
    pairs()[i]
}

pub(crate) fn pairs() -> &'static [[Card; 2]; PAIRS] {
    static PAIRS_TABLE: std::sync::OnceLock<[[Card; 2]; PAIRS]> = std::sync::OnceLock::new();
    PAIRS_TABLE.get_or_init(|| {
        let mut out = [[Card::ALL[0]; 2]; PAIRS];
        let mut k = 0;
        for a in 0..52 {
            for b in a + 1..52 {
                out[k] = [Card::ALL[a], Card::ALL[b]];
                k += 1;
            }
        }
        out
    })
}

pub(crate) fn cards_of(pair: [Card; 2]) -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(pair[0]);
    s.insert(pair[1]);
    s
}

/// The index of `hole` among the pairs ([`pair`]).
pub fn pair_index(hole: [Card; 2]) -> Option<usize> {
    let (a, b) = (hole[0].index() as usize, hole[1].index() as usize);
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo == hi || hi >= 52 {
        return None;
    }
    // Pairs are listed (0,1), (0,2), …, (0,51), (1,2), …: 51 − x of them start with card x.
    Some(51 * lo - lo * lo.saturating_sub(1) / 2 + (hi - lo - 1))
}

/// Zeroes the weight of every pair of `range` that holds one of `cards` (cards seen elsewhere).
pub(crate) fn remove_pairs_holding(range: &mut [f64], cards: &[Card]) {
    let dead: CardSet = cards.iter().copied().collect();
    for (w, p) in range.iter_mut().zip(pairs().iter()) {
        if *w > 0.0 && !cards_of(*p).is_disjoint(dead) {
            *w = 0.0;
        }
    }
}

/// The equity of `mine` against each pair with a weight in `range`, on `board`: exact on the
/// turn and the river, over `flop_samples` random run-outs on the flop and `preflop_samples`
/// random boards before it (the same boards for every pair). Ties count a half.
pub fn equity_vs_pairs(
    mine: [Card; 2],
    board: &[Card],
    range: &[f64],
    rng: &mut SplitMix64,
    preflop_samples: u32,
    flop_samples: u32,
) -> Vec<f64> {
    let mut known = cards_of(mine);
    for &c in board {
        known.insert(c);
    }
    let live: Vec<usize> = (0..PAIRS)
        .filter(|&i| range.get(i).is_some_and(|&w| w > 0.0) && cards_of(pair(i)).is_disjoint(known))
        .collect();
    let deck: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
    let mut wins = vec![0.0f64; PAIRS];
    let mut counts = vec![0u32; PAIRS];
    let run = |extra: &[Card], wins: &mut [f64], counts: &mut [u32]| {
        let mut full = Cards::from_cards(board);
        let mut dead = known;
        for &c in extra {
            full = full.add_card(c);
            dead.insert(c);
        }
        let me = full.add_card(mine[0]).add_card(mine[1]).evaluate();
        for &i in &live {
            let p = pair(i);
            if dead.contains(p[0]) || dead.contains(p[1]) {
                continue;
            }
            let them = full.add_card(p[0]).add_card(p[1]).evaluate();
            wins[i] += if me > them {
                1.0
            } else if me == them {
                0.5
            } else {
                0.0
            };
            counts[i] += 1;
        }
    };
    match board.len() {
        5 => run(&[], &mut wins, &mut counts),
        4 => {
            for &x in &deck {
                run(&[x], &mut wins, &mut counts);
            }
        }
        n => {
            let missing = 5 - n.min(5);
            let samples = if n == 3 {
                flop_samples
            } else {
                preflop_samples
            };
            let mut d = deck.clone();
            for _ in 0..samples.max(1) {
                for j in 0..missing {
                    let x = j + rng.below(d.len() - j);
                    d.swap(j, x);
                }
                let extra: Vec<Card> = d[..missing].to_vec();
                run(&extra, &mut wins, &mut counts);
            }
        }
    }
    wins.iter()
        .zip(&counts)
        .map(|(&w, &c)| if c == 0 { 0.5 } else { w / f64::from(c) })
        .collect()
}

/// For every hole (pair index) and every weight vector `k`: (the weight of the pairs it does not
/// block, that weight times its share of the pot against them). Pairs holding a `board` card
/// must have weight 0; a hole holding one gets (0, 0).
pub(crate) fn sums_for_every_hole(
    board: &[Card],
    weights: &[Vec<f64>],
    rng: &mut SplitMix64,
    samples: u32,
) -> Vec<Vec<(f64, f64)>> {
    let k = weights.len();
    let dead: CardSet = board.iter().copied().collect();
    // Won (ties a half) and compared weight per hole and vector, summed over the boards.
    let mut won = vec![0.0f64; PAIRS * k];
    let mut seen = vec![0.0f64; PAIRS * k];
    let deck: Vec<Card> = Card::all().filter(|c| !dead.contains(*c)).collect();
    let mut walk = Walk::new(k);
    match board.len() {
        5 => walk.board(board, weights, &mut won, &mut seen),
        4 => {
            for &river in &deck {
                let mut full = board.to_vec();
                full.push(river);
                walk.board(&full, weights, &mut won, &mut seen);
            }
        }
        n => {
            let missing = 5 - n.min(5);
            let mut d = deck.clone();
            for _ in 0..samples.max(1) {
                for j in 0..missing {
                    let x = j + rng.below(d.len() - j);
                    d.swap(j, x);
                }
                let mut full = board.to_vec();
                full.extend_from_slice(&d[..missing]);
                walk.board(&full, weights, &mut won, &mut seen);
            }
        }
    }
    // The weight each hole does not block on the real board, per vector.
    let mut by_card = vec![0.0f64; 52 * k];
    let mut total = vec![0.0f64; k];
    for p in 0..PAIRS {
        let [a, b] = pair(p);
        for (j, u) in weights.iter().enumerate() {
            let w = u[p];
            total[j] += w;
            by_card[j * 52 + usize::from(a.index())] += w;
            by_card[j * 52 + usize::from(b.index())] += w;
        }
    }
    (0..PAIRS)
        .map(|h| {
            let [a, b] = pair(h);
            if dead.contains(a) || dead.contains(b) {
                return vec![(0.0, 0.0); k];
            }
            (0..k)
                .map(|j| {
                    let mass = (total[j]
                        - by_card[j * 52 + usize::from(a.index())]
                        - by_card[j * 52 + usize::from(b.index())]
                        + weights[j][h])
                        .max(0.0);
                    let i = h * k + j;
                    let share = if seen[i] > 0.0 { won[i] / seen[i] } else { 0.5 };
                    (mass, mass * share)
                })
                .collect()
        })
        .collect()
}

/// The scratch space of one board's walk up the ranks.
struct Walk {
    k: usize,
    /// (rank, pair) of the pairs live on the board.
    ranked: Vec<(u32, u16)>,
    /// Running weight below the current rank: per vector, then per vector and card.
    below: Vec<f64>,
    below_card: Vec<f64>,
    /// The same within the current group of equal ranks.
    tied: Vec<f64>,
    tied_card: Vec<f64>,
    /// Per vector and card, the weight of the live pairs holding that card; per vector, all.
    live_card: Vec<f64>,
    live: Vec<f64>,
}

impl Walk {
    fn new(k: usize) -> Walk {
        Walk {
            k,
            ranked: Vec::with_capacity(PAIRS),
            below: vec![0.0; k],
            below_card: vec![0.0; 52 * k],
            tied: vec![0.0; k],
            tied_card: vec![0.0; 52 * k],
            live_card: vec![0.0; 52 * k],
            live: vec![0.0; k],
        }
    }

    /// Adds one full board's showdowns to `won` and `seen` (indexed hole × vector).
    fn board(&mut self, full: &[Card], weights: &[Vec<f64>], won: &mut [f64], seen: &mut [f64]) {
        let k = self.k;
        let dead: CardSet = full.iter().copied().collect();
        let table = Cards::from_cards(full);
        self.ranked.clear();
        for p in 0..PAIRS {
            let [a, b] = pair(p);
            if dead.contains(a) || dead.contains(b) {
                continue;
            }
            let rank = table.add_card(a).add_card(b).evaluate().value();
            self.ranked.push((u32::from(rank), p as u16));
        }
        self.ranked.sort_unstable();
        for v in [
            &mut self.below,
            &mut self.below_card,
            &mut self.live,
            &mut self.live_card,
        ] {
            v.iter_mut().for_each(|x| *x = 0.0);
        }
        for &(_, p) in &self.ranked {
            let [a, b] = pair(usize::from(p));
            for (j, u) in weights.iter().enumerate() {
                let w = u[usize::from(p)];
                self.live[j] += w;
                self.live_card[j * 52 + usize::from(a.index())] += w;
                self.live_card[j * 52 + usize::from(b.index())] += w;
            }
        }
        let mut i = 0;
        while i < self.ranked.len() {
            let rank = self.ranked[i].0;
            let mut end = i;
            self.tied.iter_mut().for_each(|x| *x = 0.0);
            self.tied_card.iter_mut().for_each(|x| *x = 0.0);
            while end < self.ranked.len() && self.ranked[end].0 == rank {
                let p = usize::from(self.ranked[end].1);
                let [a, b] = pair(p);
                for (j, u) in weights.iter().enumerate() {
                    let w = u[p];
                    self.tied[j] += w;
                    self.tied_card[j * 52 + usize::from(a.index())] += w;
                    self.tied_card[j * 52 + usize::from(b.index())] += w;
                }
                end += 1;
            }
            for &(_, h) in &self.ranked[i..end] {
                let h = usize::from(h);
                let [a, b] = pair(h);
                let (x, y) = (usize::from(a.index()), usize::from(b.index()));
                for j in 0..k {
                    let c = j * 52;
                    let beaten = self.below[j] - self.below_card[c + x] - self.below_card[c + y];
                    let ties = self.tied[j] - self.tied_card[c + x] - self.tied_card[c + y]
                        + weights[j][h];
                    let live = self.live[j] - self.live_card[c + x] - self.live_card[c + y]
                        + weights[j][h];
                    won[h * k + j] += beaten.max(0.0) + 0.5 * ties.max(0.0);
                    seen[h * k + j] += live.max(0.0);
                }
            }
            for j in 0..k {
                self.below[j] += self.tied[j];
                for c in 0..52 {
                    self.below_card[j * 52 + c] += self.tied_card[j * 52 + c];
                }
            }
            i = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    /// The sums `sums_for_every_hole` gives, computed hole by hole from LBR's own equities.
    fn one_hole(hole: usize, board: &[Card], u: &[f64]) -> (f64, f64) {
        let mut rng = SplitMix64::new(1);
        let mut range = u.to_vec();
        let [a, b] = pair(hole);
        remove_pairs_holding(&mut range, &[a, b]);
        let eq = equity_vs_pairs([a, b], board, &range, &mut rng, 1, 1);
        let mass: f64 = range.iter().sum();
        (mass, range.iter().zip(&eq).map(|(w, e)| w * e).sum())
    }

    #[test]
    fn every_holes_sums_equal_those_computed_hole_by_hole_on_the_river_and_the_turn() {
        for board in ["Ah 7c 2d Ks 9s", "Ah 7c 2d Ks"] {
            let board = parse_cards(board).expect("board");
            let mut u: Vec<f64> = (0..PAIRS).map(|p| 1.0 + (p % 7) as f64).collect();
            remove_pairs_holding(&mut u, &board);
            let halves: Vec<f64> = u.iter().map(|w| w / 2.0).collect();
            let all = sums_for_every_hole(&board, &[u.clone(), halves], &mut SplitMix64::new(3), 1);
            for h in (0..PAIRS).step_by(37) {
                let [a, b] = pair(h);
                if board.contains(&a) || board.contains(&b) {
                    assert_eq!(all[h][0], (0.0, 0.0));
                    continue;
                }
                let (mass, won) = one_hole(h, &board, &u);
                assert!(
                    (all[h][0].0 - mass).abs() < 1e-6,
                    "{h}: {:?} {mass}",
                    all[h]
                );
                // On the turn the per-board weighting differs from a per-pair average by
                // a hair (a river card removes different pairs).
                assert!(
                    (all[h][0].1 - won).abs() < 2e-3 * mass,
                    "{h}: {:?} {won}",
                    all[h]
                );
                assert!((all[h][1].1 - won / 2.0).abs() < 1e-3 * mass);
            }
        }
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
