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
use crate::gen;
use crate::hand::Hand;
use crate::order_five;
use crate::rank::HandRank;
use crate::set::CardSet;
use crate::tables;

/// How a Saint Poker hand is formed from the two shown cards and the centre (RULES.md §1,
/// Score).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
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

    /// The best pair of `hand` to show and its value: of equal values the first pair in card
    /// order (the lowest first card, then the lowest second); `None` with fewer than two
    /// cards. `hand` must not hold centre cards (not checked). One pass over the pairs with the
    /// centre's kind decided once, not per pair.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Category, HandRule, PairScorer};
    /// let scorer = PairScorer::new("Ah Kh Qh 2c 3d".parse()?, HandRule::TwoPlusThree);
    /// let (pair, rank) = scorer.best_pair("Jh Th 2s 2d".parse()?).expect("pairs");
    /// assert_eq!(pair.to_vec(), parse_cards("Th Jh")?);
    /// assert_eq!(rank.category(), Category::StraightFlush);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn best_pair(&self, hand: CardSet) -> Option<([Card; 2], HandRank)> {
        match self.0 {
            Scoring::Fast(c) => c.best_pair(hand),
            Scoring::AnyFive(h) => best_pair_by(hand, |a, b| (h + a + b).evaluate()),
            Scoring::General(centre, rule) => best_pair_by(hand, |a, b| rule.rank([a, b], centre)),
        }
    }

    /// The best value `card` makes shown with one card of `hand` ([`HandRank::WORST`] when
    /// `hand` is empty): what a drafted card is worth to a hand. `card` and `hand` must not
    /// hold centre cards, and `hand` must not hold `card` (not checked).
    ///
    /// ```
    /// use tavolo_cards::{Card, Category, HandRule, PairScorer};
    /// let scorer = PairScorer::new("Ah Kh Qh 2c 3d".parse()?, HandRule::TwoPlusThree);
    /// let best = scorer.best_with("Jh".parse()?, "Th 2s".parse()?);
    /// assert_eq!(best.category(), Category::StraightFlush);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn best_with(&self, card: Card, hand: CardSet) -> HandRank {
        match self.0 {
            Scoring::Fast(c) => c.best_with(card, hand),
            Scoring::AnyFive(h) => best_with_by(card, hand, |a, b| (h + a + b).evaluate()),
            Scoring::General(centre, rule) => {
                best_with_by(card, hand, |a, b| rule.rank([a, b], centre))
            }
        }
    }
}

/// [`PairScorer::best_pair`] with the pair's value `rank`.
#[inline(always)]
fn best_pair_by(
    hand: CardSet,
    rank: impl Fn(Card, Card) -> HandRank,
) -> Option<([Card; 2], HandRank)> {
    let mut best: Option<([Card; 2], HandRank)> = None;
    let mut rest = hand;
    for a in hand {
        rest.remove(a);
        for b in rest {
            let r = rank(a, b);
            if best.is_none_or(|(_, v)| r > v) {
                best = Some(([a, b], r));
            }
        }
    }
    best
}

/// [`PairScorer::best_with`] with the pair's value `rank`.
#[inline(always)]
fn best_with_by(card: Card, hand: CardSet, rank: impl Fn(Card, Card) -> HandRank) -> HandRank {
    hand.iter()
        .map(|h| rank(card, h))
        .max()
        .unwrap_or(HandRank::WORST)
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
        let mut v = self.rank_pair_value(ra, rb);
        let suit = u32::from(a.index() & 3);
        if (a.index() ^ b.index()) & 3 == 0 && self.flush_suits >> suit & 1 != 0 {
            let m = self.hand.suit_ranks(suit);
            v = v.max(best_flush(m, (1 << ra) | (1 << rb)));
        }
        HandRank::from_raw(v)
    }
}

/// Bit `4r` set for each rank `r`: the lowest card of each rank in a [`CardSet`]'s bits.
const RANK_LOWS: u64 = 0x0001_1111_1111_1111;

/// Bit `4r` set for each rank `r` of which `bits` (a [`CardSet`]'s) hold a card.
#[inline(always)]
fn ranks_held(bits: u64) -> u64 {
    (bits | bits >> 1 | bits >> 2 | bits >> 3) & RANK_LOWS
}

impl Centre {
    /// The value without flushes of the pair of ranks `a`, `b` with this centre (its row of
    /// the Saint table).
    #[inline(always)]
    fn rank_pair_value(&self, a: usize, b: usize) -> u16 {
        let idx = self.base as usize + gen::pair_index(a as u8, b as u8) as usize;
        tables::SAINT.get(idx).copied().unwrap_or(0)
    }

    /// The best pair of `hand` (no centre cards) and its value, the first pair in card order
    /// among equal values, as [`PairScorer::best_pair`]. Pairs are valued by their ranks (one
    /// table load per pair of ranks the hand holds, not per pair of cards); only pairs of one
    /// suit that can make a flush are valued card by card.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Category, Centre};
    /// let centre = Centre::new(&parse_cards("Ah Kh Qh 2c 3d")?)?;
    /// // Two pairs of deuces tie on value; the first in card order is shown.
    /// let (pair, rank) = centre.best_pair("2s 2d 2h 9c".parse()?).expect("pairs");
    /// assert_eq!(pair.to_vec(), parse_cards("2d 2h")?);
    /// assert_eq!(rank.category(), Category::ThreeOfAKind);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn best_pair(&self, hand: CardSet) -> Option<([Card; 2], HandRank)> {
        let bits = hand.bits();
        if bits.count_ones() < 2 {
            return None;
        }
        let mut ranks = [0usize; 13];
        let mut n = 0;
        let mut present = ranks_held(bits);
        while present != 0 && n < 13 {
            ranks[n] = present.trailing_zeros() as usize / 4;
            present &= present - 1;
            n += 1;
        }
        let nibble = |r: usize| (bits >> (4 * r)) & 0xf;
        // Pairs of ranks in card order: (r, r) first, then (r, higher ranks) ascending.
        let mut best: Option<(usize, usize, u16)> = None;
        for i in 0..n {
            let r1 = ranks[i];
            let nib = nibble(r1);
            if nib & (nib - 1) != 0 {
                let v = self.rank_pair_value(r1, r1);
                if best.is_none_or(|b| v > b.2) {
                    best = Some((r1, r1, v));
                }
            }
            for &r2 in &ranks[i + 1..n] {
                let v = self.rank_pair_value(r1, r2);
                if best.is_none_or(|b| v > b.2) {
                    best = Some((r1, r2, v));
                }
            }
        }
        let (r1, r2, v) = best?;
        // The first cards of those ranks (the two first when they are one rank).
        let low1 = nibble(r1);
        let a = 4 * r1 + low1.trailing_zeros() as usize;
        let b = if r1 == r2 {
            4 * r1 + (low1 & (low1 - 1)).trailing_zeros() as usize
        } else {
            4 * r2 + nibble(r2).trailing_zeros() as usize
        };
        let mut best = ((a, b), v);
        // Pairs of one suit that can make a flush, card by card.
        let mut suits = self.flush_suits;
        while suits != 0 {
            let suit = suits.trailing_zeros();
            suits &= suits - 1;
            let suited = bits & (RANK_LOWS << suit);
            if suited.count_ones() < 2 {
                continue;
            }
            let centre = self.hand.suit_ranks(suit);
            let mut rest = suited;
            while rest != 0 {
                let a = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut others = rest;
                while others != 0 {
                    let b = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let (ra, rb) = (a / 4, b / 4);
                    let v = self
                        .rank_pair_value(ra, rb)
                        .max(best_flush(centre, (1 << ra) | (1 << rb)));
                    if v > best.1 || (v == best.1 && (a, b) < best.0) {
                        best = ((a, b), v);
                    }
                }
            }
        }
        let ((a, b), v) = best;
        let card = |i: usize| Card::from_index(i as u8);
        Some(([card(a)?, card(b)?], HandRank::from_raw(v)))
    }

    /// The best value `card` makes with one card of `hand` (neither in the centre, `card` not
    /// in `hand`), as [`PairScorer::best_with`]: one table load per rank the hand holds, and
    /// the flushes of `card`'s suit card by card.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Category, Centre};
    /// let centre = Centre::new(&parse_cards("Ah Kh Qh 2c 3d")?)?;
    /// let rank = centre.best_with("Jh".parse()?, "Th 4s".parse()?);
    /// assert_eq!(rank.category(), Category::StraightFlush);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn best_with(&self, card: Card, hand: CardSet) -> HandRank {
        let bits = hand.bits();
        let rc = usize::from(card.index() >> 2);
        let mut best = 0;
        let mut present = ranks_held(bits);
        while present != 0 {
            let r = present.trailing_zeros() as usize / 4;
            present &= present - 1;
            best = best.max(self.rank_pair_value(r, rc));
        }
        let suit = u32::from(card.index() & 3);
        if self.flush_suits >> suit & 1 != 0 {
            let centre = self.hand.suit_ranks(suit);
            let mut suited = bits & (RANK_LOWS << suit);
            while suited != 0 {
                let r = suited.trailing_zeros() as usize / 4;
                suited &= suited - 1;
                best = best.max(best_flush(centre, (1 << rc) | (1 << r)));
            }
        }
        if bits == 0 {
            HandRank::WORST
        } else {
            HandRank::from_raw(best)
        }
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
mod tests;
