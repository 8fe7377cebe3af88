//! Exactly two own cards plus exactly three centre cards (Saint Poker; also Omaha-style use).
//!
//! With a five-card centre the work is split: [`Centre::new`] runs once per round and is shared
//! by every player; each player's evaluation is then one table lookup (the best non-flush hand of
//! the two ranks with three of the five centre ranks, pre-computed for all 6,188 × 91 rank
//! combinations), plus a flush check only when the two own cards share a suit with at least three
//! centre cards.

use crate::card::Card;
use crate::error::CardError;
use crate::gen;
use crate::hand::Hand;
use crate::rank::HandRank;
use crate::set::CardSet;
use crate::tables;

/// `pair_index` of every two ranks.
static PAIR: [[u16; 13]; 13] = {
    let mut t = [[0u16; 13]; 13];
    let mut a = 0;
    while a < 13 {
        let mut b = 0;
        while b < 13 {
            t[a][b] = gen::pair_index(a as u8, b as u8) as u16;
            b += 1;
        }
        a += 1;
    }
    t
};

/// A five-card centre prepared for exactly-2+3 evaluation.
///
/// ```
/// use tavolo_cards::{parse_cards, Card, Category, Centre};
/// let centre = Centre::new(&parse_cards("Ah Kh Qh 2c 3d")?)?;
/// // Any five would give a flush; exactly two own + three centre gives it too.
/// let r = centre.evaluate("Jh".parse()?, "Th".parse()?);
/// assert_eq!(r.category(), Category::StraightFlush);
/// // One heart in hand is not enough: the hand must use both own cards.
/// let r = centre.evaluate("Jh".parse()?, "2s".parse()?);
/// assert_eq!(r.category(), Category::OnePair);
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Centre {
    base: u32,
    suit_masks: [u16; 4],
    cards: [Card; 5],
}

impl Centre {
    /// Prepares five distinct centre cards.
    pub fn new(cards: &[Card]) -> Result<Centre, CardError> {
        let five: [Card; 5] = cards.try_into().map_err(|_| CardError::WrongCount {
            expected: "5 centre",
            got: cards.len(),
        })?;
        CardSet::try_from_cards(five)?;
        let mut ranks = five.map(|c| c.rank().index());
        // A five-element sorting network: nine compare-exchanges, no calls.
        for (i, j) in [
            (0, 1),
            (3, 4),
            (2, 4),
            (2, 3),
            (0, 3),
            (0, 2),
            (1, 4),
            (1, 3),
            (1, 2),
        ] {
            if ranks[i] > ranks[j] {
                ranks.swap(i, j);
            }
        }
        let mut suit_masks = [0u16; 4];
        for c in five {
            suit_masks[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        Ok(Centre {
            base: gen::board_index(ranks) * 91,
            suit_masks,
            cards: five,
        })
    }

    /// The centre's cards.
    pub fn cards(&self) -> [Card; 5] {
        self.cards
    }

    /// The best hand of both `a` and `b` with exactly three centre cards. The two cards must be
    /// distinct and not in the centre (checked by [`crate::best_two_plus_three`]).
    #[inline]
    pub fn evaluate(&self, a: Card, b: Card) -> HandRank {
        let (ra, rb) = (a.rank().index() as usize, b.rank().index() as usize);
        let idx = self.base as usize + PAIR[ra][rb] as usize;
        let mut v = tables::SAINT.get(idx).copied().unwrap_or(0);
        if a.suit() == b.suit() {
            let m = self.suit_masks[a.suit().index() as usize];
            if m.count_ones() >= 3 {
                v = v.max(best_flush(m, (1 << ra) | (1 << rb)));
            }
        }
        HandRank::from_raw(v)
    }
}

/// Best flush of the two `own` rank bits with any three of `centre`'s rank bits (same suit).
fn best_flush(centre: u16, own: u16) -> u16 {
    // Every three-card subset of the centre's bits: drop two of the (at most five) bits.
    let mut best = 0;
    let mut a = centre;
    while a != 0 {
        let i = a & a.wrapping_neg();
        a &= a - 1;
        let mut b = a;
        while b != 0 {
            let j = b & b.wrapping_neg();
            b &= b - 1;
            let mut c = b;
            while c != 0 {
                let k = c & c.wrapping_neg();
                c &= c - 1;
                let m = own | i | j | k;
                best = best.max(tables::FLUSH[(m & 0x1fff) as usize]);
            }
        }
    }
    best
}

/// The best hand using exactly two of `own` and exactly three of `centre`, with the five cards
/// that make it. `own` needs at least two cards, `centre` at least three; all must be distinct.
///
/// ```
/// use tavolo_cards::{best_two_plus_three, parse_cards};
/// // Omaha-style: four own cards, exactly two of them used.
/// let own = parse_cards("As Ad 9h 2c")?;
/// let centre = parse_cards("Ah Kh Qh 4c 3d")?;
/// let (five, rank) = best_two_plus_three(&own, &centre)?;
/// assert_eq!(rank.category(), tavolo_cards::Category::ThreeOfAKind);
/// assert_eq!(five.iter().filter(|c| own.contains(c)).count(), 2);
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
pub fn best_two_plus_three(
    own: &[Card],
    centre: &[Card],
) -> Result<([Card; 5], HandRank), CardError> {
    if own.len() < 2 {
        return Err(CardError::WrongCount {
            expected: "at least 2 own",
            got: own.len(),
        });
    }
    if centre.len() < 3 {
        return Err(CardError::WrongCount {
            expected: "at least 3 centre",
            got: centre.len(),
        });
    }
    CardSet::try_from_cards(own.iter().chain(centre).copied())?;
    let mut best: Option<([Card; 5], HandRank)> = None;
    for i in 0..own.len() {
        for j in i + 1..own.len() {
            for a in 0..centre.len() {
                for b in a + 1..centre.len() {
                    for c in b + 1..centre.len() {
                        let five = [own[i], own[j], centre[a], centre[b], centre[c]];
                        let r = Hand::from_cards(&five).evaluate();
                        if best.is_none_or(|(_, br)| r > br) {
                            best = Some((five, r));
                        }
                    }
                }
            }
        }
    }
    best.ok_or(CardError::WrongCount {
        expected: "at least 5",
        got: own.len() + centre.len(),
    })
}
