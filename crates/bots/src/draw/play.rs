//! Draw hand values and the standard exchange.

use tavolo_cards::{Card, CardSet, Category, Hand, HandRank, TieBreak};

/// The value of five cards under the German tie-break (larger is stronger).
pub(crate) fn key(cards: CardSet) -> u32 {
    rank(cards).tiebreak_key(TieBreak::German)
}

/// The hand rank of five cards.
pub(crate) fn rank(cards: CardSet) -> HandRank {
    let mut h = Hand::new();
    for c in cards.iter() {
        h = h.add_card(c);
    }
    h.evaluate()
}

/// Rank counts and suit counts of a hand.
fn counts(hand: CardSet) -> ([u8; 13], [u8; 4]) {
    let mut ranks = [0u8; 13];
    let mut suits = [0u8; 4];
    for c in hand.iter() {
        ranks[c.rank() as usize] += 1;
        suits[c.suit() as usize] += 1;
    }
    (ranks, suits)
}

/// Four cards of a straight with both ends open (no ace involved), as the four ranks' mask.
fn open_ended(ranks: &[u8; 13]) -> Option<u16> {
    let mask: u16 = (0..13)
        .filter(|&r| ranks[r] > 0)
        .fold(0, |m, r| m | (1 << r));
    // Four in a row from 2..5 up to J..A is open-ended only if both neighbours exist.
    (1..9u16).map(|lo| 0xfu16 << lo).find(|&w| mask & w == w)
}

/// The standard exchange of the `rules` and `station` bots (at most three cards):
/// stand pat with a straight or better; keep trips, two pairs, a pair (discarding the other
/// three); otherwise draw one to four to a flush or an open-ended straight; otherwise keep the
/// two highest cards.
pub fn standard_discard(hand: CardSet) -> CardSet {
    let cat = rank(hand).category();
    let (ranks, suits) = counts(hand);
    let keep_ranks = |keep: &dyn Fn(u8) -> bool| -> CardSet {
        hand.iter()
            .filter(|c| !keep(ranks[c.rank() as usize]))
            .collect()
    };
    match cat {
        Category::Straight
        | Category::Flush
        | Category::FullHouse
        | Category::FourOfAKind
        | Category::StraightFlush => CardSet::EMPTY,
        Category::ThreeOfAKind => keep_ranks(&|n| n == 3),
        Category::TwoPair => keep_ranks(&|n| n == 2),
        Category::OnePair => keep_ranks(&|n| n == 2),
        Category::HighCard => {
            if let Some(s) = (0..4).find(|&s| suits[s] == 4) {
                return hand.iter().filter(|c| c.suit() as usize != s).collect();
            }
            if let Some(w) = open_ended(&ranks) {
                return hand
                    .iter()
                    .filter(|c| w & (1 << c.rank() as u16) == 0)
                    .collect();
            }
            let mut cards: Vec<Card> = hand.iter().collect();
            cards.sort_by_key(|c| std::cmp::Reverse(c.rank()));
            cards[2..].iter().copied().collect()
        }
    }
}

/// The `k` lowest cards of `hand` that are not paired (then the lowest of any): a discard of
/// `k` cards for a hand whose exchange is known only by its count.
pub(crate) fn lowest_unpaired(hand: CardSet, k: usize) -> CardSet {
    let (ranks, _) = counts(hand);
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|x| (ranks[x.rank() as usize] > 1, x.rank()));
    cards.into_iter().take(k).collect()
}

/// A pre-draw strength in `0..=100` for betting: pat hands highest, then trips, two pairs, pairs
/// by rank, draws, then high cards.
pub(crate) fn pre_draw_score(hand: CardSet) -> u32 {
    let r = rank(hand);
    let (ranks, suits) = counts(hand);
    let pair = (0..13).rev().find(|&x| ranks[x] == 2).unwrap_or(0) as u32;
    match r.category() {
        Category::StraightFlush | Category::FourOfAKind | Category::FullHouse => 100,
        Category::Flush | Category::Straight => 95,
        Category::ThreeOfAKind => 90,
        Category::TwoPair => 75 + pair,
        Category::OnePair => 40 + 2 * pair,
        Category::HighCard => {
            if suits.contains(&4) {
                35
            } else if open_ended(&ranks).is_some() {
                30
            } else {
                (0..13).rev().find(|&x| ranks[x] > 0).unwrap_or(0) as u32
            }
        }
    }
}

/// A post-draw strength in `0..=100` for betting: the category, then the pair's rank.
pub(crate) fn made_score(hand: CardSet) -> u32 {
    let r = rank(hand);
    let (ranks, _) = counts(hand);
    let pair = (0..13).rev().find(|&x| ranks[x] >= 2).unwrap_or(0) as u32;
    match r.category() {
        Category::StraightFlush | Category::FourOfAKind => 100,
        Category::FullHouse => 95,
        Category::Flush => 90,
        Category::Straight => 85,
        Category::ThreeOfAKind => 75,
        Category::TwoPair => 60 + pair,
        Category::OnePair => 30 + 2 * pair,
        Category::HighCard => (0..13).rev().find(|&x| ranks[x] > 0).unwrap_or(0) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set;

    #[test]
    fn the_standard_exchange_keeps_what_is_made_and_draws_to_four_flushes() {
        assert_eq!(standard_discard(set("Ah Ad 7c 5s 2d")), set("7c 5s 2d"));
        assert_eq!(standard_discard(set("Ah Ad 7c 7s 2d")), set("2d"));
        assert_eq!(standard_discard(set("9h Td Jc Qs Kd")), CardSet::EMPTY);
        assert_eq!(standard_discard(set("Ah 9h 7h 2h Kd")), set("Kd"));
        assert_eq!(standard_discard(set("8h 9d Tc Js 2d")), set("2d"));
        assert_eq!(standard_discard(set("Ah Kd 7c 5s 2d")), set("7c 5s 2d"));
    }
}
