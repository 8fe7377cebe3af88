//! Hand strength for Hold'em bots: the pre-flop strength of each of the 169 starting hands (as
//! a percentile), what a hand has made on a board, and its draws.

use std::sync::OnceLock;

use tavolo_cards::{Card, CardSet, Category, Hand, SplitMix64};

/// The index of a starting hand among the 169 classes: pairs, suited and offsuit hands.
pub fn class_index(a: Card, b: Card) -> usize {
    let (hi, lo) = if a.rank() >= b.rank() {
        (a.rank() as usize, b.rank() as usize)
    } else {
        (b.rank() as usize, a.rank() as usize)
    };
    if hi == lo {
        hi
    } else if a.suit() == b.suit() {
        13 + hi * 13 + lo
    } else {
        13 + 169 + hi * 13 + lo
    }
}

struct Preflop {
    /// Equity against one random hand, by class index.
    equity: Vec<f32>,
    /// Fraction of the 1,326 starting hands at least as strong, by class index.
    percentile: Vec<f32>,
}

fn preflop() -> &'static Preflop {
    static TABLE: OnceLock<Preflop> = OnceLock::new();
    TABLE.get_or_init(build_preflop)
}

/// Equity of each class against one random hand by a fixed-seed simulation (1,200 deals per
/// class: ±1.5%, enough to order the hands), and the percentiles from it.
fn build_preflop() -> Preflop {
    const SAMPLES: u32 = 1200;
    let mut equity = vec![0f32; 13 + 2 * 169];
    let mut combos = vec![0u32; 13 + 2 * 169];
    let mut rng = SplitMix64::new(0x5eed_0ff1);
    for a in Card::all() {
        for b in Card::all().filter(|&b| b > a) {
            combos[class_index(a, b)] += 1;
        }
    }
    for (i, e) in equity.iter_mut().enumerate() {
        if combos[i] == 0 {
            continue;
        }
        let (a, b) = representative(i);
        let mine = CardSet::from_iter([a, b]);
        let deck: Vec<Card> = Card::all().filter(|c| !mine.contains(*c)).collect();
        let mut won = 0.0;
        let mut d = deck.clone();
        for _ in 0..SAMPLES {
            for k in 0..7 {
                let j = k + rng.below(d.len() - k);
                d.swap(k, j);
            }
            let board = Hand::from_cards(&d[2..7]);
            let me = board.add_card(a).add_card(b).evaluate();
            let them = board.add_card(d[0]).add_card(d[1]).evaluate();
            won += match me.cmp(&them) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
        *e = (won / f64::from(SAMPLES)) as f32;
    }
    let mut order: Vec<usize> = (0..equity.len()).filter(|&i| combos[i] > 0).collect();
    order.sort_by(|&x, &y| equity[y].total_cmp(&equity[x]));
    let mut percentile = vec![1f32; equity.len()];
    let mut above = 0u32;
    for &i in &order {
        above += combos[i];
        percentile[i] = above as f32 / 1326.0;
    }
    Preflop { equity, percentile }
}

fn representative(i: usize) -> (Card, Card) {
    use tavolo_cards::{Rank, Suit};
    let rank = |r: usize| Rank::ALL[r];
    if i < 13 {
        (
            Card::new(rank(i), Suit::Clubs),
            Card::new(rank(i), Suit::Diamonds),
        )
    } else {
        let j = (i - 13) % 169;
        let suited = i < 13 + 169;
        let (hi, lo) = (j / 13, j % 13);
        let s2 = if suited { Suit::Clubs } else { Suit::Hearts };
        (Card::new(rank(hi), Suit::Clubs), Card::new(rank(lo), s2))
    }
}

/// The fraction of starting hands at least as strong as `a b` (0.005 for aces, 1.0 for the
/// weakest): "top x%".
pub fn preflop_percentile(a: Card, b: Card) -> f64 {
    f64::from(preflop().percentile[class_index(a, b)])
}

/// The equity of `a b` against one random hand before the flop.
pub fn preflop_equity(a: Card, b: Card) -> f64 {
    f64::from(preflop().equity[class_index(a, b)])
}

/// What a hand has made on the board, from nothing to the nuts-ish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Made {
    /// Nothing of its own (the board may be paired).
    Nothing,
    /// A pair below the top of the board (middle, bottom, or a pocket pair under it).
    WeakPair,
    /// The top pair of the board with a weak kicker.
    TopPair,
    /// Top pair with a ten or better kicker, or a pocket pair above the board.
    GoodPair,
    /// Two pairs with both hole cards, or trips with one.
    TwoPair,
    /// A set, a straight or a flush.
    Strong,
    /// A full house or better.
    Monster,
}

/// Draws to a straight or a flush.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Draws {
    /// Four to a flush with a hole card of the suit.
    pub flush: bool,
    /// Ranks that would complete a straight using a hole card (2: open-ended, 1: gutshot).
    pub straight_ranks: u8,
}

impl Draws {
    /// The approximate number of outs.
    pub fn outs(&self) -> u32 {
        let s = 4 * u32::from(self.straight_ranks.min(2));
        match (self.flush, s) {
            (true, 0) => 9,
            (true, s) => 9 + s - 2,
            (false, s) => s,
        }
    }
}

/// What `hole` has made on `board` (3 to 5 cards).
pub fn made(hole: [Card; 2], board: &[Card]) -> Made {
    if board.len() < 3 {
        return Made::Nothing;
    }
    let all = Hand::from_cards(board).add_card(hole[0]).add_card(hole[1]);
    let rank = all.evaluate();
    let cat = rank.category();
    if cat >= Category::Straight {
        if board.len() == 5 && Hand::from_cards(board).evaluate() == rank {
            return Made::Nothing;
        }
        if cat >= Category::FullHouse {
            let mut counts = [0u8; 13];
            for c in board {
                counts[c.rank() as usize] += 1;
            }
            // A full house made by the board's trips and a pocket pair is still strong.
            return if counts.iter().any(|&n| n >= 3) && cat == Category::FullHouse {
                Made::Strong
            } else {
                Made::Monster
            };
        }
        return Made::Strong;
    }
    let mut counts = [0u8; 13];
    let mut top = 0usize;
    for c in board {
        counts[c.rank() as usize] += 1;
        top = top.max(c.rank() as usize);
    }
    let (r0, r1) = (hole[0].rank() as usize, hole[1].rank() as usize);
    let (m0, m1) = (counts[r0], counts[r1]);
    if r0 == r1 {
        return if m0 >= 1 {
            Made::Strong
        } else if r0 > top {
            Made::GoodPair
        } else {
            Made::WeakPair
        };
    }
    if (m0 >= 1 && m1 >= 1) || m0 >= 2 || m1 >= 2 {
        return Made::TwoPair;
    }
    if m0 == 1 || m1 == 1 {
        let (pair, kicker) = if m0 == 1 { (r0, r1) } else { (r1, r0) };
        if pair == top {
            return if kicker >= 8 {
                Made::GoodPair
            } else {
                Made::TopPair
            };
        }
        return Made::WeakPair;
    }
    Made::Nothing
}

/// The draws of `hole` on `board` (none once the board is complete).
pub fn draws(hole: [Card; 2], board: &[Card]) -> Draws {
    if board.len() < 3 || board.len() >= 5 {
        return Draws::default();
    }
    let mut suits = [0u8; 4];
    for c in board.iter().chain(&hole) {
        suits[c.suit() as usize] += 1;
    }
    let flush = hole.iter().any(|c| suits[c.suit() as usize] == 4);
    let mask = |cards: &mut dyn Iterator<Item = &Card>| {
        let mut m = 0u16;
        for c in cards {
            m |= 1 << (c.rank() as u16 + 1);
        }
        if m & (1 << 13) != 0 {
            m |= 1;
        }
        m
    };
    let with = mask(&mut board.iter().chain(&hole));
    let without = mask(&mut board.iter());
    let completing = |m: u16| -> u16 {
        let mut out = 0u16;
        for r in 0..13u16 {
            let bit = 1 << (r + 1);
            if m & bit != 0 {
                continue;
            }
            let mut m2 = m | bit;
            if r == 12 {
                m2 |= 1;
            }
            let had = (0..10).any(|lo| (m >> lo) & 0x1f == 0x1f);
            if !had && (0..10).any(|lo| (m2 >> lo) & 0x1f == 0x1f) {
                out |= bit;
            }
        }
        out
    };
    let mine = completing(with) & !completing(without);
    Draws {
        flush,
        straight_ranks: mine.count_ones().min(2) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).expect("test cards")
    }

    #[test]
    fn aces_are_the_best_start_and_seven_deuce_among_the_worst() {
        let aa = cards("As Ah");
        let ts = cards("7c 2d");
        assert!(preflop_percentile(aa[0], aa[1]) < 0.01);
        assert!(preflop_percentile(ts[0], ts[1]) > 0.9);
        assert!(preflop_equity(aa[0], aa[1]) > 0.8);
    }

    #[test]
    fn made_hands_and_draws_are_classified() {
        let h = |s: &str| {
            let c = cards(s);
            [c[0], c[1]]
        };
        assert_eq!(made(h("Ah Kd"), &cards("Ks 7c 2d")), Made::GoodPair);
        assert_eq!(made(h("Kh 3d"), &cards("Ks 7c 2d")), Made::TopPair);
        assert_eq!(made(h("7h 7d"), &cards("Ks 7c 2d")), Made::Strong);
        assert_eq!(made(h("Qh Jd"), &cards("Ks 7c 2d")), Made::Nothing);
        let d = draws(h("Qh Jh"), &cards("Th 9c 2h"));
        assert!(d.flush);
        assert_eq!(d.straight_ranks, 2);
        assert_eq!(d.outs(), 15);
    }
}
