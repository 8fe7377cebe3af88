//! Every two-card hole against weighted ranges at once: for each of the 1,326 holes `h` and each
//! weight vector `u` over the opponent's pairs, the weight of the pairs `h` does not block and
//! `h`'s share of the pot against them.
//!
//! A best response against a range needs, for its own hole, sums of the range's weights and of
//! the weights times its equity ([`crate::betting::RangeSums`]). A bot that reports its policy
//! must answer that for every hole it might hold, so this computes all of them in one pass per
//! board instead of one hole at a time: the pairs live on a full board are ranked once, and a
//! walk up the ranks with a running total per card gives every hole the weight it beats and
//! ties, its own two cards' pairs taken out (card removal, exact). Boards: the board itself on
//! the river, every river card on the turn, `samples` random run-outs (or boards) before.

use tavolo_cards::{Card, CardSet, Hand, SplitMix64};

use super::lbr::{pair, PAIRS};

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
        let table = Hand::from_cards(full);
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
            for j in 0..k {
                let w = weights[j][usize::from(p)];
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
                for j in 0..k {
                    let w = weights[j][p];
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
    use crate::holdem::lbr::equity_vs_pairs;
    use tavolo_cards::parse_cards;

    /// The sums `sums_for_every_hole` gives, computed hole by hole from LBR's own equities.
    fn one_hole(hole: usize, board: &[Card], u: &[f64]) -> (f64, f64) {
        let mut rng = SplitMix64::new(1);
        let mut range = u.to_vec();
        let [a, b] = pair(hole);
        super::super::lbr::remove_pairs_holding(&mut range, &[a, b]);
        let eq = equity_vs_pairs([a, b], board, &range, &mut rng, 1, 1);
        let mass: f64 = range.iter().sum();
        (mass, range.iter().zip(&eq).map(|(w, e)| w * e).sum())
    }

    #[test]
    fn every_holes_sums_equal_those_computed_hole_by_hole_on_the_river_and_the_turn() {
        for board in ["Ah 7c 2d Ks 9s", "Ah 7c 2d Ks"] {
            let board = parse_cards(board).expect("board");
            let mut u: Vec<f64> = (0..PAIRS).map(|p| 1.0 + (p % 7) as f64).collect();
            super::super::lbr::remove_pairs_holding(&mut u, &board);
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
}
