//! The card abstraction of the CFR bot: which bucket a hand falls in on each street.
//!
//! - **Before the flop**: the 169 classes of starting hands (pairs, suited and offsuit hands),
//!   which lose nothing (suits are symmetric before the flop).
//! - **After it**: the hand's strength, cut into [`Abstraction::buckets`] equal slices. On the
//!   river it is the hand's share of the pot at the showdown against one uniformly random hand
//!   (ties a half), exact (all 990 opposing hands). On the flop and the turn it is one of two
//!   [`Metric`]s over the run-outs of the board: the expected share (E\[HS\]), or the root of the
//!   expected square of the river share (√E\[HS²\]), which ranks a draw whose share may grow
//!   above a made hand of the same average (Johanson et al. 2013, "Evaluating state-space
//!   abstractions in extensive-form games"). Both are estimated from [`Abstraction::samples`]
//!   random deals drawn from a generator seeded by the cards themselves, so a hand always falls
//!   in the same bucket, in training as in play.

use tavolo_cards::{Card, CardSet, Hand, SplitMix64};

/// The number of starting-hand classes.
pub const PREFLOP_CLASSES: u16 = 169;

/// What a hand's strength on the flop and the turn measures (the river is the exact share).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Metric {
    /// The expected share of the pot against a random hand over the run-outs, E\[HS\].
    #[default]
    Expected,
    /// The root mean square of the river share over the run-outs, √E\[HS²\]: the same scale, but
    /// higher for hands whose share varies (draws).
    RootMeanSquare,
}

impl Metric {
    /// The metric's code in a strategy file.
    pub fn code(self) -> u8 {
        match self {
            Metric::Expected => 0,
            Metric::RootMeanSquare => 1,
        }
    }

    /// The metric of a code, if there is one.
    pub fn from_code(code: u8) -> Option<Metric> {
        match code {
            0 => Some(Metric::Expected),
            1 => Some(Metric::RootMeanSquare),
            _ => None,
        }
    }
}

/// The card abstraction: buckets per street after the flop, and the sampling behind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abstraction {
    /// Buckets on the flop, the turn and the river.
    pub buckets: [u16; 3],
    /// Random deals per strength estimate on the flop and the turn.
    pub samples: u16,
    /// What the strength on the flop and the turn measures.
    pub metric: Metric,
}

impl Abstraction {
    /// The abstraction of the shipped strategy: 50 buckets a street, 128 deals per estimate
    /// (a standard error of about 4% of the pot, so neighbouring buckets blur a little: the
    /// price of training fast enough on a small machine).
    pub const DEFAULT: Abstraction = Abstraction {
        buckets: [50, 50, 50],
        samples: 128,
        metric: Metric::Expected,
    };

    /// The number of buckets on `street` (0 pre-flop to 3 river).
    pub fn count(&self, street: usize) -> u16 {
        match street {
            0 => PREFLOP_CLASSES,
            s => self.buckets.get(s - 1).copied().unwrap_or(1).max(1),
        }
    }

    /// The bucket of `hole` with `board` (0, 3, 4 or 5 cards).
    pub fn bucket(&self, hole: [Card; 2], board: &[Card]) -> u16 {
        let street = match board.len() {
            0 => return preflop_class(hole),
            3 => 1,
            4 => 2,
            _ => 3,
        };
        let n = self.count(street);
        let hs = match self.metric {
            Metric::RootMeanSquare if board.len() < 5 => {
                root_mean_square_strength(hole, board, self.samples)
            }
            _ => strength(hole, board, self.samples),
        };
        ((hs * f64::from(n)) as u16).min(n - 1)
    }
}

/// The class of a starting hand, 0 to 168: the 13 pairs, then the 78 suited and the 78 offsuit
/// hands by their ranks.
pub fn preflop_class(hole: [Card; 2]) -> u16 {
    let (a, b) = (hole[0].rank().index(), hole[1].rank().index());
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if hi == lo {
        return u16::from(hi);
    }
    // Index of (hi, lo) among the 78 pairs of distinct ranks with hi > lo.
    let k = u16::from(hi) * (u16::from(hi) - 1) / 2 + u16::from(lo);
    if hole[0].suit() == hole[1].suit() {
        13 + k
    } else {
        13 + 78 + k
    }
}

/// The share of the pot `hole` expects at the showdown against one random hand, the board
/// (3 to 5 cards) run out at random: exact on the river, else over `samples` deals drawn from
/// a generator seeded by the cards.
pub fn strength(hole: [Card; 2], board: &[Card], samples: u16) -> f64 {
    let mut deals = Deals::new(hole, board, 0);
    if board.len() >= 5 {
        let me = deals.table.add_card(hole[0]).add_card(hole[1]).evaluate();
        let (mut won, mut n) = (0.0, 0u32);
        // The second card's values come a rank at a time (Hand::for_each_next_card).
        let mut rest: CardSet = deals.deck.iter().copied().collect();
        for &a in &deals.deck {
            rest.remove(a);
            deals.table.add_card(a).for_each_next_card(rest, |_, them| {
                won += score(me, them);
                n += 1;
            });
        }
        return won / f64::from(n.max(1));
    }
    let samples = samples.max(1);
    let mut won = 0.0;
    for _ in 0..samples {
        let (me, [them]) = deals.next();
        won += score(me, them);
    }
    won / f64::from(samples)
}

/// √E\[HS²\] of `hole` with a board of 3 or 4 cards: each of `samples` deals runs the board out
/// and draws two opposing hands independently; the product of the two shares is an unbiased
/// estimate of the run-out's squared share against one random hand.
pub fn root_mean_square_strength(hole: [Card; 2], board: &[Card], samples: u16) -> f64 {
    // A different stream from `strength`'s for the same cards.
    let mut deals = Deals::new(hole, board, 0x5eed_5eed);
    let samples = samples.max(1);
    let mut sum = 0.0;
    for _ in 0..samples {
        let (me, [first, second]) = deals.next();
        sum += score(me, first) * score(me, second);
    }
    (sum / f64::from(samples)).sqrt()
}

/// Random run-outs of a board with opposing hands, drawn from a generator seeded by the cards
/// (and a salt, so that two estimates of the same cards use different streams): the sampling
/// behind both strength metrics.
struct Deals {
    hole: [Card; 2],
    /// The cards neither in the hole nor on the board, in card order before the first deal.
    deck: Vec<Card>,
    /// The board's cards.
    table: Hand,
    /// Board cards still to come.
    missing: usize,
    rng: SplitMix64,
}

impl Deals {
    fn new(hole: [Card; 2], board: &[Card], salt: u64) -> Deals {
        let (mut hole_bits, mut board_bits) = (CardSet::EMPTY, CardSet::EMPTY);
        hole_bits.insert(hole[0]);
        hole_bits.insert(hole[1]);
        for &c in board {
            board_bits.insert(c);
        }
        let known = hole_bits | board_bits;
        Deals {
            hole,
            deck: Card::all().filter(|c| !known.contains(*c)).collect(),
            table: Hand::from_cards(board),
            missing: 5usize.saturating_sub(board.len()),
            rng: SplitMix64::new(SplitMix64::mix(
                hole_bits.bits() ^ SplitMix64::mix(board_bits.bits() ^ salt),
            )),
        }
    }

    /// The next deal: the hole cards' value and `N` opposing hands' values on one run-out (a
    /// partial shuffle of the deck's front).
    fn next<const N: usize>(&mut self) -> (tavolo_cards::HandRank, [tavolo_cards::HandRank; N]) {
        let (missing, deck) = (self.missing, &mut self.deck);
        for j in 0..missing + 2 * N {
            let x = j + self.rng.below(deck.len() - j);
            deck.swap(j, x);
        }
        let full = deck[..missing]
            .iter()
            .fold(self.table, |h, &c| h.add_card(c));
        let me = full
            .add_card(self.hole[0])
            .add_card(self.hole[1])
            .evaluate();
        let them = std::array::from_fn(|k| {
            full.add_card(deck[missing + 2 * k])
                .add_card(deck[missing + 2 * k + 1])
                .evaluate()
        });
        (me, them)
    }
}

fn score(me: tavolo_cards::HandRank, them: tavolo_cards::HandRank) -> f64 {
    if me > them {
        1.0
    } else if me == them {
        0.5
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    fn hole(s: &str) -> [Card; 2] {
        let c = parse_cards(s).expect("cards");
        [c[0], c[1]]
    }

    #[test]
    fn the_169_classes_are_all_used_once_per_shape() {
        let mut seen = vec![0u32; PREFLOP_CLASSES as usize];
        for a in Card::all() {
            for b in Card::all().filter(|&b| b > a) {
                seen[preflop_class([a, b]) as usize] += 1;
            }
        }
        // 6 combinations of each pair, 4 of each suited hand, 12 of each offsuit hand.
        assert!(seen[..13].iter().all(|&n| n == 6));
        assert!(seen[13..91].iter().all(|&n| n == 4));
        assert!(seen[91..].iter().all(|&n| n == 12));
    }

    #[test]
    fn strength_orders_hands_and_is_reproducible() {
        let board = parse_cards("Ah 7c 2d").expect("board");
        let set = strength(hole("7h 7d"), &board, 256);
        let air = strength(hole("9s 8s"), &board, 256);
        assert!(set > 0.85 && air < 0.45, "{set} {air}");
        assert_eq!(set, strength(hole("7d 7h"), &board, 256));
        let river = parse_cards("Ah 7c 2d Ks Qs").expect("board");
        let nuts = strength(hole("Ac Ad"), &river, 1);
        assert!(nuts > 0.98, "{nuts}");
        let a = Abstraction::DEFAULT;
        assert_eq!(a.bucket(hole("Ac Ad"), &river), a.count(3) - 1);
    }

    #[test]
    fn root_mean_square_strength_ranks_a_draw_above_its_average() {
        // A flush draw and a weak made hand with about the same share on average: the draw's
        // share is all or nothing, so its root mean square is higher.
        let board = parse_cards("Kh 7h 2c").expect("board");
        let (draw, pair) = (hole("Ah 4h"), hole("7d 3s"));
        let n = 4000;
        for h in [draw, pair] {
            let (e, rms) = (
                strength(h, &board, n),
                root_mean_square_strength(h, &board, n),
            );
            assert!(rms >= e - 0.02 && rms <= 1.0, "{h:?}: E {e} RMS {rms}");
        }
        let gap = |h| root_mean_square_strength(h, &board, n) - strength(h, &board, n);
        assert!(
            gap(draw) > gap(pair),
            "draw {} pair {}",
            gap(draw),
            gap(pair)
        );
        // The same cards give the same value, and the river is the plain share whatever the
        // metric.
        assert_eq!(
            root_mean_square_strength(draw, &board, 64),
            root_mean_square_strength(hole("4h Ah"), &board, 64)
        );
        let rms = Abstraction {
            metric: Metric::RootMeanSquare,
            ..Abstraction::DEFAULT
        };
        let river = parse_cards("Kh 7h 2c 9s 3d").expect("river");
        assert_eq!(
            rms.bucket(draw, &river),
            Abstraction::DEFAULT.bucket(draw, &river)
        );
        assert_eq!(
            Metric::from_code(Metric::RootMeanSquare.code()),
            Some(Metric::RootMeanSquare)
        );
        assert_eq!(Metric::from_code(2), None);
    }
}
