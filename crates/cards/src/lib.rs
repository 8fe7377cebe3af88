//! # tavolo-cards
//!
//! Cards, sets of cards, a seeded deck, and the hand evaluator every Tavolo game stands on.
//! No I/O.
//!
//! The key design decision is the evaluator's representation: a [`Hand`] is a small `Copy` value
//! that cards are *added* into — a sum of per-rank keys (chosen so that every multiset of up to
//! seven ranks has its own sum below 2^25) plus per-suit counters, and a card mask — so a shared
//! board is built once and each player's cards are added on top, and evaluating is one flush test
//! and, for the rest, the load of a row start and one table load (a perfect hash of the rank
//! key). The tables are generated at build time by `build.rs` from the plain reference code in
//! `gen.rs`, and the tests check them exhaustively against known counts.
//!
//! ```
//! use tavolo_cards::{evaluate, parse_cards, Category};
//! let rank = evaluate(&parse_cards("As Kd Qh Jc Tc 9s 2d")?)?;
//! assert_eq!(rank.category(), Category::Straight);
//! # Ok::<(), tavolo_cards::CardError>(())
//! ```
#![deny(missing_docs)]

mod wire_value;

mod card;
mod chips;
mod deck;
mod equity;
mod error;
#[doc(hidden)]
pub mod gen;
mod hand;
mod rank;
mod rng;
mod saint;
mod set;
mod tables;
pub mod words;

pub use card::{Card, Rank, Suit};
pub use chips::{Chips, ChipsError};
pub use deck::Deck;
pub use equity::{EquityError, EquityQuery, Game, Holding, Tally};
pub use error::CardError;
pub use hand::Hand;
pub use rank::{Category, HandCode, HandRank, Lang, TieBreak};
pub use rng::{GameRng, SplitMix64};
pub use saint::{best_two_plus_three, Centre, HandRule, PairScorer};
pub use set::{parse_cards, CardSet, CardSetIter};
pub use words::{catalogue, words, Words};

/// The best five-card hand of 5, 6 or 7 distinct cards.
///
/// ```
/// use tavolo_cards::{evaluate, parse_cards};
/// assert!(evaluate(&parse_cards("As Ks")?).is_err());
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
pub fn evaluate(cards: &[Card]) -> Result<HandRank, CardError> {
    check_hand(cards)?;
    Ok(Hand::from_cards(cards).evaluate())
}

/// The best five cards of 5, 6 or 7 distinct cards, strongest-first in the order that describes
/// the hand (e.g. the pair before its kickers), and their rank.
pub fn best_five(cards: &[Card]) -> Result<([Card; 5], HandRank), CardError> {
    check_hand(cards)?;
    let best = Hand::from_cards(cards).evaluate();
    for s in gen::five_subsets(cards.len()) {
        let five = s.map(|i| cards[i]);
        if Hand::from_cards(&five).evaluate() == best {
            return Ok((order_five(five, best), best));
        }
    }
    // Unreachable for valid input: some five of the cards make the best hand.
    Err(CardError::WrongCount {
        expected: "5 to 7",
        got: cards.len(),
    })
}

/// Orders five cards for display: by how many of their rank there are, then by rank, highest
/// first (the wheel's ace last).
pub fn order_five(mut five: [Card; 5], rank: HandRank) -> [Card; 5] {
    let count = |c: &Card| five.iter().filter(|d| d.rank() == c.rank()).count();
    let counts: Vec<(usize, Card)> = five.iter().map(|c| (count(c), *c)).collect();
    let mut sorted = counts;
    sorted.sort_by_key(|&(n, c)| std::cmp::Reverse((n, c.rank(), c.suit())));
    for (i, (_, c)) in sorted.iter().enumerate() {
        five[i] = *c;
    }
    let wheel = matches!(
        rank.category(),
        Category::Straight | Category::StraightFlush
    ) && rank.deciding_ranks().first() == Some(&Rank::Five);
    if wheel {
        five.rotate_left(1);
    }
    five
}

fn check_hand(cards: &[Card]) -> Result<(), CardError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(CardError::WrongCount {
            expected: "5 to 7",
            got: cards.len(),
        });
    }
    CardSet::try_from_cards(cards.iter().copied())?;
    Ok(())
}
