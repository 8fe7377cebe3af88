//! The Saint Poker evaluator's tests: best pairs against a card-by-card search, the fast paths
//! against the general enumeration, every centre size under both rules, and the refusals.

use super::*;
use crate::rng::GameRng;

/// A random centre of `n` cards and a pair, all distinct.
fn deal(rng: &mut GameRng, n: usize) -> ([Card; 2], Vec<Card>) {
    let mut deck = Card::ALL;
    rng.shuffle(&mut deck);
    ([deck[0], deck[1]], deck[2..2 + n].to_vec())
}

#[test]
fn best_pairs_by_ranks_are_the_pairs_a_card_by_card_search_finds() {
    // The same pair (the first in card order among equal values), not only the same value,
    // for every centre kind, hands of 0 to 14 cards, with many suited hands.
    let mut rng = GameRng::from_u64(31);
    for round in 0..60_000 {
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
        let centre: CardSet = deck[..5].iter().copied().collect();
        let size = (round % 15) as usize;
        let hand: CardSet = if round % 3 == 0 {
            // Mostly one suit: flushes everywhere.
            deck[5..]
                .iter()
                .copied()
                .filter(|c| c.index() % 4 == deck[0].index() % 4 || rng.below(4) == 0)
                .take(size)
                .collect()
        } else {
            deck[5..5 + size].iter().copied().collect()
        };
        for rule in [HandRule::TwoPlusThree, HandRule::AnyFive] {
            let scorer = PairScorer::new(centre, rule);
            let slow = best_pair_by(hand, |a, b| scorer.rank(a, b));
            assert_eq!(scorer.best_pair(hand), slow, "{centre} {hand} {rule:?}");
            for c in deck[40..].iter().copied().filter(|c| !hand.contains(*c)) {
                let slow = best_with_by(c, hand, |a, b| scorer.rank(a, b));
                assert_eq!(scorer.best_with(c, hand), slow, "{centre} {hand} {c}");
            }
        }
    }
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
