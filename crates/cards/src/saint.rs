//! Saint Poker hands: a player's two shown cards with the centre, under a [`HandRule`] —
//! exactly two own cards plus exactly three centre cards (also usable Omaha-style), or any five.
//!
//! Every Saint Poker hand is valued here, for the engine, its records and the bots. With a
//! five-card centre the work is split: [`Centre::new`] runs once per round and is shared by every
//! player; each player's evaluation is then one table lookup (the best non-flush hand of the two
//! ranks with three of the five centre ranks, pre-computed for all 6,188 × 91 rank combinations),
//! plus a flush check only when the two own cards share a suit with at least three centre cards.
//! [`PairScorer`] picks that fast path (or one [`Hand`] under "any five") when it can, and
//! [`HandRule::rank`] enumerates for centres of any other size.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::error::CardError;
use crate::hand::Hand;
use crate::order_five;
use crate::rank::HandRank;
use crate::set::CardSet;
use crate::tables;

/// How a Saint Poker hand is formed from the two shown cards and the centre (RULES.md §1,
/// Score).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandRule {
    /// Exactly the two shown cards and exactly three centre cards (the seed's rule; default).
    #[default]
    TwoPlusThree,
    /// The best five of the two shown cards and all centre cards ("any five of the seven", the
    /// Board Game Arena wording).
    AnyFive,
}

impl HandRule {
    /// The value of the best hand `pair` makes with a centre of any size under this rule
    /// ([`PairScorer`] is faster for many pairs against one centre). The cards must be distinct
    /// (not checked: [`HandRule::best_five`] checks). With fewer than three centre cards no
    /// hand can be formed and the value is [`HandRank::WORST`] under exactly 2 + 3; under any
    /// five, up to seven cards are valued together.
    ///
    /// ```
    /// use tavolo_cards::{Card, Category, HandRule};
    /// let centre = "Ah Kh Qh 2c 3d 3s".parse()?;
    /// let pair = ["Jh".parse::<Card>()?, "3h".parse()?];
    /// assert_eq!(HandRule::TwoPlusThree.rank(pair, centre).category(), Category::Flush);
    /// assert_eq!(HandRule::AnyFive.rank(pair, centre).category(), Category::Flush);
    /// let pair = ["Jc".parse::<Card>()?, "Tc".parse()?];
    /// assert_eq!(HandRule::TwoPlusThree.rank(pair, centre).category(), Category::Straight);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn rank(self, pair: [Card; 2], centre: CardSet) -> HandRank {
        let mut cards = [pair[0]; 52];
        let mut n = 0;
        for (slot, c) in cards.iter_mut().zip(centre) {
            *slot = c;
            n += 1;
        }
        let centre = &cards[..n];
        if self == HandRule::AnyFive && n + 2 <= 7 {
            return (Hand::from_cards(centre) + pair[0] + pair[1]).evaluate();
        }
        let mut best = HandRank::WORST;
        self.for_each_hand(pair, centre, |five| {
            best = best.max(Hand::from_cards(five).evaluate());
        });
        best
    }

    /// The best hand `pair` makes with `centre` under this rule: its five cards in describing
    /// order ([`order_five`]) and its value. Of several equal hands, the first in the order of
    /// the centre's cards is taken (records show it). Refuses repeated cards and a centre of
    /// fewer than three cards.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Card, HandRule};
    /// let centre = parse_cards("Ah Kh Qh 2c 3d")?;
    /// let pair = ["Jh".parse::<Card>()?, "2s".parse()?];
    /// let (five, _) = HandRule::TwoPlusThree.best_five(pair, &centre)?;
    /// assert_eq!(five.to_vec(), parse_cards("2s 2c Ah Kh Jh")?);
    /// let (five, _) = HandRule::AnyFive.best_five(pair, &centre)?;
    /// assert_eq!(five.to_vec(), parse_cards("2s 2c Ah Kh Qh")?);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn best_five(
        self,
        pair: [Card; 2],
        centre: &[Card],
    ) -> Result<([Card; 5], HandRank), CardError> {
        CardSet::try_from_cards(pair.iter().chain(centre).copied())?;
        let mut best: Option<([Card; 5], HandRank)> = None;
        self.for_each_hand(pair, centre, |five| keep_best(&mut best, five));
        best.map(|(five, rank)| (order_five(five, rank), rank))
            .ok_or(CardError::WrongCount {
                expected: "at least 3 centre",
                got: centre.len(),
            })
    }

    /// Calls `f` with every five cards this rule allows, in a fixed order. Exactly 2 + 3: both
    /// own cards and centre cards `a < b < c` (by position). Any five: every five of the centre
    /// cards followed by the pair, in lexicographic order of positions. `centre` holds at most
    /// 52 cards.
    fn for_each_hand(self, pair: [Card; 2], centre: &[Card], mut f: impl FnMut(&[Card; 5])) {
        match self {
            HandRule::TwoPlusThree => {
                let n = centre.len();
                for a in 0..n {
                    for b in a + 1..n {
                        for c in b + 1..n {
                            f(&[pair[0], pair[1], centre[a], centre[b], centre[c]]);
                        }
                    }
                }
            }
            HandRule::AnyFive => {
                let n = centre.len().min(52);
                let mut all = [pair[0]; 54];
                all[..n].copy_from_slice(&centre[..n]);
                all[n] = pair[0];
                all[n + 1] = pair[1];
                for_each_five(&all[..n + 2], f);
            }
        }
    }
}

/// Keeps `five` if it beats the best so far (the first of equal hands stays).
fn keep_best(best: &mut Option<([Card; 5], HandRank)>, five: &[Card; 5]) {
    let r = Hand::from_cards(five).evaluate();
    if best.is_none_or(|(_, b)| r > b) {
        *best = Some((*five, r));
    }
}

/// Calls `f` with every five-card subset of `cards`, in lexicographic order of positions.
fn for_each_five(cards: &[Card], mut f: impl FnMut(&[Card; 5])) {
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f(&[cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
}

/// A centre of any size prepared for valuing many shown pairs under one rule: a [`Centre`]
/// lookup for five centre cards under exactly 2 + 3, the centre's [`Hand`] plus the pair for
/// five under any five, [`HandRule::rank`] otherwise.
///
/// ```
/// use tavolo_cards::{Card, HandRule, PairScorer};
/// let scorer = PairScorer::new("Ah Kh Qh 2c 3d".parse()?, HandRule::TwoPlusThree);
/// let (a, b) = ("Jh".parse::<Card>()?, "Th".parse::<Card>()?);
/// assert_eq!(scorer.rank(a, b), HandRule::TwoPlusThree.rank([a, b], "Ah Kh Qh 2c 3d".parse()?));
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PairScorer(Scoring);

#[derive(Clone, Copy, Debug)]
enum Scoring {
    /// Five centre cards, exactly 2 + 3.
    Fast(Centre),
    /// Five centre cards, any five of the seven.
    AnyFive(Hand),
    /// Any other centre: enumerate.
    General(CardSet, HandRule),
}

impl PairScorer {
    /// Prepares `centre` for `rule`.
    pub fn new(centre: CardSet, rule: HandRule) -> PairScorer {
        if centre.len() == 5 {
            let mut five = [Card::ALL[0]; 5];
            for (slot, c) in five.iter_mut().zip(centre) {
                *slot = c;
            }
            match rule {
                HandRule::TwoPlusThree => {
                    if let Ok(c) = Centre::new(&five) {
                        return PairScorer(Scoring::Fast(c));
                    }
                }
                HandRule::AnyFive => return PairScorer(Scoring::AnyFive(Hand::from_cards(&five))),
            }
        }
        PairScorer(Scoring::General(centre, rule))
    }

    /// The value of showing `a` and `b` (distinct, and not in the centre: not checked).
    #[inline]
    pub fn rank(&self, a: Card, b: Card) -> HandRank {
        match self.0 {
            Scoring::Fast(c) => c.evaluate(a, b),
            Scoring::AnyFive(h) => (h + a + b).evaluate(),
            Scoring::General(centre, rule) => rule.rank([a, b], centre),
        }
    }
}

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
    /// `SLOT_ROW[slot of the centre's ranks] * 91`: the centre's row of the Saint table.
    base: u32,
    /// Suits with at least three centre cards, one bit per suit (bit `s`).
    flush_suits: u32,
    /// The centre's cards as a hand (for their rank bits by suit).
    hand: Hand,
    cards: [Card; 5],
}

impl Centre {
    /// Prepares five distinct centre cards: one pass adding them up as a [`Hand`], one hash of
    /// the ranks' key and one load of the centre's row (no sorting, no allocation unless the
    /// cards are refused).
    #[inline]
    pub fn new(cards: &[Card]) -> Result<Centre, CardError> {
        let Ok(five) = <[Card; 5]>::try_from(cards) else {
            return Err(wrong_centre_count(cards.len()));
        };
        // Card bits are single bits: their sum equals their union unless a card repeats.
        let mut hand = Hand::new();
        let (mut sum, mut union) = (0u64, 0u64);
        for c in five {
            hand = hand.add_card(c);
            let bit = 1u64 << c.index();
            sum = sum.wrapping_add(bit);
            union |= bit;
        }
        if sum != union {
            return Err(repeated_card(five));
        }
        let row = u32::from(tables::SLOT_ROW[crate::hand::rank_slot(hand.rank_key())]);
        Ok(Centre {
            base: row * 91,
            flush_suits: hand.suits_holding(3),
            hand,
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
        let (ra, rb) = (usize::from(a.index() >> 2), usize::from(b.index() >> 2));
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        let idx = self.base as usize + hi * (hi + 1) / 2 + lo; // + gen::pair_index
        let mut v = tables::SAINT.get(idx).copied().unwrap_or(0);
        let suit = u32::from(a.index() & 3);
        if (a.index() ^ b.index()) & 3 == 0 && self.flush_suits >> suit & 1 != 0 {
            let m = self.hand.suit_ranks(suit);
            v = v.max(best_flush(m, (1 << ra) | (1 << rb)));
        }
        HandRank::from_raw(v)
    }
}

/// The error for a centre that is not five cards (kept out of line: it is never the hot path).
#[cold]
#[inline(never)]
fn wrong_centre_count(got: usize) -> CardError {
    CardError::WrongCount {
        expected: "5 centre",
        got,
    }
}

/// The error for five cards of which one is given twice.
#[cold]
#[inline(never)]
fn repeated_card(five: [Card; 5]) -> CardError {
    match CardSet::try_from_cards(five) {
        Err(e) => e,
        Ok(_) => CardError::WrongCount {
            expected: "5 distinct centre",
            got: 5,
        },
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
            HandRule::TwoPlusThree
                .for_each_hand([own[i], own[j]], centre, |five| keep_best(&mut best, five));
        }
    }
    best.ok_or(CardError::WrongCount {
        expected: "at least 5",
        got: own.len() + centre.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// A random centre of `n` cards and a pair, all distinct.
    fn deal(rng: &mut GameRng, n: usize) -> ([Card; 2], Vec<Card>) {
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
        ([deck[0], deck[1]], deck[2..2 + n].to_vec())
    }

    #[test]
    fn the_fast_paths_agree_with_the_general_enumeration() {
        let mut rng = GameRng::from_u64(12);
        for _ in 0..20_000 {
            let (pair, centre) = deal(&mut rng, 5);
            let set: CardSet = centre.iter().copied().collect();
            for rule in [HandRule::TwoPlusThree, HandRule::AnyFive] {
                let general = rule.rank(pair, set);
                assert_eq!(PairScorer::new(set, rule).rank(pair[0], pair[1]), general);
                assert_eq!(rule.best_five(pair, &centre).map(|b| b.1), Ok(general));
            }
        }
    }

    #[test]
    fn any_centre_size_is_valued_by_both_rules() {
        let mut rng = GameRng::from_u64(13);
        for n in 3..=10 {
            for _ in 0..300 {
                let (pair, centre) = deal(&mut rng, n);
                let set: CardSet = centre.iter().copied().collect();
                // Exactly 2 + 3, the plain way.
                let two_three = best_two_plus_three(&pair, &centre).map(|b| b.1);
                assert_eq!(Ok(HandRule::TwoPlusThree.rank(pair, set)), two_three);
                // Any five: the best of every seven (or all, when fewer).
                let all: Vec<Card> = centre.iter().chain(&pair).copied().collect();
                let mut any = HandRank::WORST;
                for s in 0u32..1 << all.len() {
                    if s.count_ones() as usize == all.len().min(7) {
                        let seven: Vec<Card> = (0..all.len())
                            .filter(|&i| s >> i & 1 == 1)
                            .map(|i| all[i])
                            .collect();
                        any = any.max(Hand::from_cards(&seven).evaluate());
                    }
                }
                assert_eq!(HandRule::AnyFive.rank(pair, set), any, "{all:?}");
                let (five, rank) = HandRule::AnyFive.best_five(pair, &centre).unwrap();
                assert_eq!(rank, any);
                assert_eq!(Hand::from_cards(&five).evaluate(), any);
                assert_eq!(
                    PairScorer::new(set, HandRule::AnyFive).rank(pair[0], pair[1]),
                    any
                );
            }
        }
    }

    #[test]
    fn best_five_refuses_repeated_cards_and_a_short_centre() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let centre = [c("Ah"), c("Kh"), c("Qh")];
        let rule = HandRule::TwoPlusThree;
        assert!(rule.best_five([c("Ah"), c("2c")], &centre).is_err());
        assert!(rule.best_five([c("3c"), c("2c")], &centre[..2]).is_err());
        assert!(HandRule::AnyFive
            .best_five([c("3c"), c("2c")], &centre[..2])
            .is_err());
        let (five, _) = rule.best_five([c("3c"), c("2c")], &centre).unwrap();
        assert_eq!(CardSet::try_from_cards(five).map(|s| s.len()), Ok(5));
    }
}
