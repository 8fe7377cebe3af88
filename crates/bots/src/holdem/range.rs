//! Opponent ranges narrowed by their actions, and equity against them by simulation.

use tavolo_cards::{Card, CardSet, Hand, SplitMix64};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Event, Street};

use super::strength::{draws, made, preflop_percentile, Made};

/// What one opponent's actions say about its hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Range {
    /// The hand is among the top `top` fraction of starting hands.
    pub top: f64,
    /// Per post-flop street (flop, turn, river): 0 nothing, 1 called, 2 bet, 3 raised.
    pub post: [u8; 3],
}

impl Default for Range {
    fn default() -> Self {
        Range {
            top: 1.0,
            post: [0; 3],
        }
    }
}

/// The ranges of every seat, updated from the events a seat sees.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reads {
    ranges: Vec<Range>,
    street: Option<Street>,
    /// Bets and raises so far on this street.
    street_raises: u32,
    /// Raises before the flop.
    pub preflop_raises: u32,
    /// The last seat to bet or raise before the flop.
    pub preflop_raiser: Option<usize>,
}

impl Reads {
    /// The range of `seat`.
    pub fn range(&self, seat: usize) -> Range {
        self.ranges.get(seat).copied().unwrap_or_default()
    }

    fn slot(&mut self, seat: usize) -> &mut Range {
        if self.ranges.len() <= seat {
            self.ranges.resize(seat + 1, Range::default());
        }
        &mut self.ranges[seat]
    }

    /// Narrows `seat`'s range after it put chips in on `street`: before the flop to the top
    /// `top` of hands, after it to hands of at least `level` on that street.
    fn narrow(&mut self, seat: usize, street: Street, top: f64, level: u8) {
        let r = self.slot(seat);
        if street == Street::Preflop {
            r.top = r.top.min(top);
        } else {
            let i = street as usize - 1;
            r.post[i] = r.post[i].max(level);
        }
    }

    /// Updates the ranges with an event.
    pub fn observe(&mut self, event: &Event) {
        let street = self.street.unwrap_or(Street::Preflop);
        match *event {
            Event::BoardDealt { street, .. } => {
                self.street = Some(street);
                self.street_raises = 0;
            }
            Event::Bet(BetEvent::Called { seat, .. }) => {
                let top = match self.preflop_raises {
                    0 => 0.7,
                    1 => 0.35,
                    2 => 0.12,
                    _ => 0.06,
                };
                self.narrow(seat, street, top, 1);
            }
            Event::Bet(BetEvent::BetOrRaised { seat, .. }) => {
                if street == Street::Preflop {
                    self.preflop_raises += 1;
                    self.preflop_raiser = Some(seat);
                } else {
                    self.street_raises += 1;
                }
                let top = match self.preflop_raises {
                    1 => 0.35,
                    2 => 0.09,
                    _ => 0.04,
                };
                let level = if self.street_raises == 1 { 2 } else { 3 };
                self.narrow(seat, street, top, level);
            }
            _ => {}
        }
    }
}

/// Whether a hand fits a range (with a little leak, so that no range is ever empty and bluffs
/// stay possible), given the board so far.
fn fits(hole: [Card; 2], board: &[Card], range: &Range, rng: &mut SplitMix64) -> bool {
    // Out-of-range hands leak in at about 5% of the accepted ones (the test is repeated until
    // a hand fits, so the leak per try is scaled by the range's size).
    if range.top < 1.0
        && preflop_percentile(hole[0], hole[1]) > range.top
        && rng.unit() > 0.05 * range.top
    {
        return false;
    }
    for (i, &level) in range.post.iter().enumerate() {
        let len = 3 + i;
        if level == 0 || board.len() < len {
            continue;
        }
        let m = made(hole, &board[..len]);
        let outs = draws(hole, &board[..len]).outs();
        let (ok, leak) = match level {
            1 => (m >= Made::WeakPair || outs >= 4, 0.15),
            2 => (m >= Made::TopPair || outs >= 8, 0.1),
            _ => (m >= Made::TwoPair || outs >= 12, 0.04),
        };
        if !ok && rng.unit() > leak {
            return false;
        }
    }
    true
}

/// The equity of `hole` on `board` against `ranges` (one per live opponent), by `samples`
/// simulated deals in which each opponent's hand fits its range. `stop` is asked every 64 deals
/// whether to stop early.
pub(crate) fn equity(
    hole: [Card; 2],
    board: &[Card],
    ranges: &[Range],
    samples: u32,
    rng: &mut SplitMix64,
    stop: &mut dyn FnMut() -> bool,
) -> f64 {
    let mut known = CardSet::EMPTY;
    for &c in board.iter().chain(&hole) {
        known.insert(c);
    }
    let deck: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
    let board_hand = Hand::from_cards(board);
    let mine_base = board_hand.add_card(hole[0]).add_card(hole[1]);
    let missing = 5 - board.len().min(5);
    let mut d = deck.clone();
    let mut total = 0.0;
    let mut done = 0u32;
    while done < samples {
        if done % 64 == 0 && done > 0 && stop() {
            break;
        }
        let (opp, k) = deal_opponents(&mut d, board, ranges, hole[0], rng);
        let mut runout = board_hand;
        let mut mine = mine_base;
        for j in 0..missing {
            let x = k + j + rng.below(d.len() - k - j);
            d.swap(k + j, x);
            runout = runout.add_card(d[k + j]);
            mine = mine.add_card(d[k + j]);
        }
        let me = mine.evaluate();
        let mut best_other = None;
        for h in opp.iter().take(ranges.len().min(9)) {
            let v = runout.add_card(h[0]).add_card(h[1]).evaluate();
            best_other = Some(best_other.map_or(v, |b: tavolo_cards::HandRank| b.max(v)));
        }
        total += match best_other {
            None => 1.0,
            Some(b) if me > b => 1.0,
            Some(b) if me == b => {
                let ties = opp
                    .iter()
                    .take(ranges.len().min(9))
                    .filter(|h| runout.add_card(h[0]).add_card(h[1]).evaluate() == me)
                    .count();
                1.0 / (ties + 1) as f64
            }
            Some(_) => 0.0,
        };
        done += 1;
    }
    if done == 0 {
        0.5
    } else {
        total / f64::from(done)
    }
}

/// Deals a hand to each opponent (at most 9) from the front of `deck`, each drawn until it
/// fits its range (or after 150 tries), moving the cards dealt to the front; the hands (unused
/// slots hold `filler`) and how many cards were dealt.
fn deal_opponents(
    d: &mut [Card],
    board: &[Card],
    ranges: &[Range],
    filler: Card,
    rng: &mut SplitMix64,
) -> ([[Card; 2]; 9], usize) {
    let mut k = 0usize;
    let mut opp: [[Card; 2]; 9] = [[filler; 2]; 9];
    for (i, range) in ranges.iter().enumerate().take(9) {
        let left = d.len() - k;
        let mut tries = 0;
        loop {
            let a = k + rng.below(left);
            let mut b = k + rng.below(left - 1);
            if b >= a {
                b += 1;
            }
            let h = [d[a], d[b]];
            tries += 1;
            if tries >= 150 || fits(h, board, range, rng) {
                // Move the two cards to the front of the unused part.
                d.swap(k, a);
                let b = if b == k { a } else { b };
                d.swap(k + 1, b);
                opp[i] = [d[k], d[k + 1]];
                k += 2;
                break;
            }
        }
    }
    (opp, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    /// The pre-flop equity of `hole` against one hand of `range`, by `samples` deals of `rng`.
    fn preflop(hole: &str, range: Range, samples: u32, rng: &mut SplitMix64) -> f64 {
        let c = parse_cards(hole).expect("cards");
        equity([c[0], c[1]], &[], &[range], samples, rng, &mut || false)
    }

    #[test]
    fn aces_against_one_random_hand_win_about_85_percent() {
        let mut rng = SplitMix64::new(1);
        let e = preflop("As Ah", Range::default(), 4000, &mut rng);
        assert!((e - 0.85).abs() < 0.03, "{e}");
    }

    #[test]
    fn a_raising_range_is_stronger_than_a_random_one() {
        let mut rng = SplitMix64::new(2);
        let tight = Range {
            top: 0.05,
            post: [0; 3],
        };
        let vs_random = preflop("Ks Qd", Range::default(), 3000, &mut rng);
        let vs_tight = preflop("Ks Qd", tight, 3000, &mut rng);
        assert!(vs_tight + 0.15 < vs_random, "{vs_tight} vs {vs_random}");
    }
}
