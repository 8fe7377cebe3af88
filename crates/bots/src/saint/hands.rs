//! Hand values for Saint Poker bots: a [`Scorer`] prepared once per centre, the best pair to
//! show from a hand, and a cheap "keep value" of a card in a hand used by fast policies.

use tavolo_cards::{Card, CardSet, HandRank, PairScorer};
use tavolo_engine::saint::HandRule;

/// Evaluates shown pairs against one centre under a hand rule ([`PairScorer`]: the common case,
/// five centre cards and exactly two plus three, is one table lookup per pair).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scorer(PairScorer);

impl Scorer {
    /// A scorer for `centre` under `rule`.
    pub(crate) fn new(centre: CardSet, rule: HandRule) -> Scorer {
        Scorer(PairScorer::new(centre, rule))
    }

    /// The value of showing `a` and `b`.
    #[inline]
    pub(crate) fn rank(&self, a: Card, b: Card) -> HandRank {
        self.0.rank(a, b)
    }

    /// The best pair of `hand` to show (lowest cards among equal values) and its value;
    /// `None` with fewer than two cards.
    #[inline]
    pub(crate) fn best_pair(&self, hand: CardSet) -> Option<([Card; 2], HandRank)> {
        self.0.best_pair(hand)
    }

    /// The best value `card` makes shown with one card of `hand` (the worst with none).
    #[inline]
    pub(crate) fn best_with(&self, card: Card, hand: CardSet) -> HandRank {
        self.0.best_with(card, hand)
    }
}

/// The mask of the four cards of rank index `r`.
#[inline]
fn rank_mask(r: u8) -> u64 {
    0xf << (4 * u32::from(r))
}

/// The mask of the 13 cards of suit index `s`.
#[inline]
fn suit_mask(s: u8) -> u64 {
    0x0001_1111_1111_1111 << s
}

/// How much `card` is worth keeping in `hand` (which contains it): its rank, much more when
/// it pairs with other cards of the hand, a little more when its suit is well represented.
/// Cheap: two masks and two population counts.
#[inline]
pub(crate) fn keep_value(card: Card, hand: CardSet) -> i32 {
    let bits = hand.bits();
    let r = card.rank().index();
    let same_rank = (bits & rank_mask(r)).count_ones() as i32 - 1;
    let same_suit = (bits & suit_mask(card.suit().index())).count_ones() as i32 - 1;
    i32::from(r)
        + 14 * same_rank
        + if same_suit >= 3 {
            2 * (same_suit - 2)
        } else {
            0
        }
}

/// The card of `hand` least worth keeping (lowest card among equals); `None` when empty.
#[inline]
pub(crate) fn least_kept(hand: CardSet) -> Option<Card> {
    hand.iter().min_by_key(|&c| keep_value(c, hand))
}

/// The two cards of `hand` least worth keeping (by [`keep_value`]); `None` with fewer than two.
pub(crate) fn least_kept_pair(hand: CardSet) -> Option<[Card; 2]> {
    let mut first: Option<(i32, Card)> = None;
    let mut second: Option<(i32, Card)> = None;
    for c in hand.iter() {
        let v = keep_value(c, hand);
        if first.is_none_or(|(f, _)| v < f) {
            second = first;
            first = Some((v, c));
        } else if second.is_none_or(|(s, _)| v < s) {
            second = Some((v, c));
        }
    }
    match (first, second) {
        (Some((_, a)), Some((_, b))) => Some(if a < b { [a, b] } else { [b, a] }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set;

    #[test]
    fn best_pair_uses_exactly_two_own_cards() {
        let scorer = Scorer::new(set("Ah Kh Qh 2c 3d"), HandRule::TwoPlusThree);
        let (pair, rank) = scorer.best_pair(set("Jh Th 2s 2d")).expect("pairs");
        assert_eq!(pair, ["Th".parse().unwrap(), "Jh".parse().unwrap()]);
        assert_eq!(rank.category(), tavolo_cards::Category::StraightFlush);
    }

    #[test]
    fn keep_values_prefer_pairs_and_high_cards() {
        let hand = set("2c 2d 9s Kh 5c");
        assert_eq!(least_kept(hand), Some("5c".parse().unwrap()));
        assert!(keep_value("2c".parse().unwrap(), hand) > keep_value("Kh".parse().unwrap(), hand));
    }
}
