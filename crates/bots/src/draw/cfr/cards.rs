//! The card abstraction of the Draw CFR bot: a class for the five cards before the exchange,
//! the cards it lays down for each number it may exchange, and a bucket for the five after.
//!
//! - **Before the exchange** ([`class`]): what the standard exchange keeps — a pat hand
//!   (straight, flush, full house or better), trips by rank group, two pairs by the top pair, a
//!   pair by its rank, a four-flush, an open-ended straight draw, or a high card by the top
//!   card: [`CLASSES`] classes.
//! - **The exchange** is a number of cards, 0 to 3 (the bot's choice, public); the cards laid
//!   down for a number are fixed by [`discard_for`]: the standard exchange's cards when it is
//!   that many, its lowest ones when fewer, and more of the lowest unpaired cards when more
//!   (breaking a pat hand to represent a draw, or drawing one to a pair).
//! - **After it** ([`bucket`]): the hand's German tie-break value placed among the values of
//!   hands after a standard exchange (sampled once with a fixed seed): [`BUCKETS`] equal shares.

use std::sync::OnceLock;

use tavolo_cards::{CardSet, Category, SplitMix64};

use super::super::play::{key, lowest_unpaired, rank, standard_discard};

/// Classes of hands before the exchange.
pub const CLASSES: u16 = 39;
/// Buckets of hands after the exchange.
pub const BUCKETS: u16 = 30;

/// The class of five cards before the exchange, `0..CLASSES`, weakest kinds first.
pub fn class(hand: CardSet) -> u16 {
    let r = rank(hand);
    let mut counts = [0u8; 13];
    let mut suits = [0u8; 4];
    for c in hand.iter() {
        counts[c.rank() as usize] += 1;
        suits[c.suit() as usize] += 1;
    }
    let top = |n: u8| (0..13).rev().find(|&x| counts[x] == n).unwrap_or(0) as u16;
    match r.category() {
        Category::HighCard => {
            let discard = standard_discard(hand);
            if suits.contains(&4) {
                5
            } else if discard.len() == 1 {
                // An open-ended straight draw.
                6
            } else {
                // Ten or lower, jack, queen, king, ace.
                top(1).saturating_sub(8).min(4)
            }
        }
        Category::OnePair => 7 + top(2),
        Category::TwoPair => 20 + top(2).saturating_sub(1).min(11),
        Category::ThreeOfAKind => 32 + top(3) / 4,
        Category::Straight => 36,
        Category::Flush => 37,
        _ => 38,
    }
}

/// The cards laid down when exchanging `count` (0 to 3) of `hand` (see the module doc).
pub fn discard_for(hand: CardSet, count: usize) -> CardSet {
    let standard = standard_discard(hand);
    let n = standard.len() as usize;
    if count == n {
        return standard;
    }
    if count < n {
        let mut cards: Vec<_> = standard.iter().collect();
        cards.sort_by_key(|c| c.rank());
        return cards.into_iter().take(count).collect();
    }
    standard | lowest_unpaired(hand - standard, count - n)
}

/// The bucket of five cards after the exchange, `0..BUCKETS`.
pub fn bucket(hand: CardSet) -> u16 {
    let k = key(hand);
    let bounds = bounds();
    bounds.partition_point(|&b| b <= k) as u16
}

/// The values below which each bucket but the last ends: the quantiles of hands after the
/// standard exchange, from a fixed sample.
fn bounds() -> &'static [u32] {
    static BOUNDS: OnceLock<Vec<u32>> = OnceLock::new();
    BOUNDS.get_or_init(|| {
        const SAMPLE: usize = 60_000;
        let mut rng = SplitMix64::new(0xd7a3_b0c5);
        let mut keys = Vec::with_capacity(SAMPLE);
        let mut deck = tavolo_cards::Card::ALL;
        for _ in 0..SAMPLE {
            for j in 0..8 {
                let x = j + rng.below(52 - j);
                deck.swap(j, x);
            }
            let hand: CardSet = deck[..5].iter().copied().collect();
            let out = standard_discard(hand);
            let kept = hand - out;
            let drawn: CardSet = deck[5..5 + out.len() as usize].iter().copied().collect();
            keys.push(key(kept | drawn));
        }
        keys.sort_unstable();
        (1..usize::from(BUCKETS))
            .map(|i| keys[i * SAMPLE / usize::from(BUCKETS)])
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set;

    #[test]
    fn classes_order_the_kinds_of_hand_and_cover_their_range() {
        let c = |s| class(set(s));
        assert_eq!(c("2h 5d 7c 9s Jd"), 1);
        assert_eq!(c("2h 5d 7c 9s Ad"), 4);
        assert_eq!(c("2h 5h 7h 9h Ad"), 5);
        assert_eq!(c("8h 9d Tc Js 2d"), 6);
        assert_eq!(c("2h 2d 7c 9s Jd"), 7);
        assert_eq!(c("Ah Ad 7c 9s Jd"), 19);
        assert_eq!(c("3h 3d 2c 2s Jd"), 20);
        assert_eq!(c("Ah Ad Kc Ks Jd"), 31);
        assert_eq!(c("2h 2d 2c 9s Jd"), 32);
        assert_eq!(c("Ah Ad Ac 9s Jd"), 35);
        assert_eq!(c("9h Td Jc Qs Kd"), 36);
        assert_eq!(c("Ah 9h 7h 2h Kh"), 37);
        assert_eq!(c("Ah Ad Ac 9s 9d"), CLASSES - 1);
    }

    #[test]
    fn a_discard_has_the_count_asked_and_keeps_what_the_standard_exchange_keeps_first() {
        let pair = set("Ah Ad 7c 5s 2d");
        assert_eq!(discard_for(pair, 3), set("7c 5s 2d"));
        assert_eq!(discard_for(pair, 2), set("5s 2d"));
        assert_eq!(discard_for(pair, 0), CardSet::EMPTY);
        let pat = set("9h Td Jc Qs Kd");
        assert_eq!(discard_for(pat, 1), set("9h"));
        for count in 0..=3 {
            assert_eq!(discard_for(pair, count).len() as usize, count);
            assert_eq!(discard_for(pat, count).len() as usize, count);
        }
    }

    #[test]
    fn buckets_rise_with_the_hand() {
        let b = |s| bucket(set(s));
        assert!(b("2h 5d 7c 9s Jd") < b("2h 2d 7c 9s Jd"));
        assert!(b("2h 2d 7c 9s Jd") < b("Ah Ad 7c 9s Jd"));
        assert!(b("Ah Ad 7c 9s Jd") < b("Ah Ad 7c 7s Jd"));
        assert_eq!(b("Ah Ad Ac As Kd"), BUCKETS - 1);
        assert_eq!(b("2h 3d 4c 5s 7d"), 0);
    }
}
