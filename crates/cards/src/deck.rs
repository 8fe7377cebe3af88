//! `Deck`: the cards still to be dealt, top first, shuffled by a [`GameRng`] or stacked by a caller
//! replaying a hand history.

use crate::card::Card;
use crate::error::CardError;
use crate::rng::GameRng;
use crate::set::CardSet;

/// An ordered pile of cards dealt from the top.
///
/// ```
/// use tavolo_cards::{Deck, GameRng};
/// let mut deck = Deck::shuffled(&mut GameRng::from_u64(42));
/// let hole = [deck.deal().unwrap(), deck.deal().unwrap()];
/// assert_eq!(deck.len(), 50);
/// assert!(!deck.remaining().contains(hole[0]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Cards in dealing order; `next` indexes the top card.
    cards: Vec<Card>,
    next: usize,
}

impl Deck {
    /// The 52 cards in index order (`2c` on top).
    pub fn ordered() -> Deck {
        Deck {
            cards: Card::all().collect(),
            next: 0,
        }
    }

    /// 52 cards shuffled by an unbiased Fisher–Yates shuffle.
    pub fn shuffled(rng: &mut GameRng) -> Deck {
        let mut d = Deck::ordered();
        rng.shuffle(&mut d.cards);
        d
    }

    /// These cards, in this order (top first); refuses duplicates.
    pub fn stacked(cards: Vec<Card>) -> Result<Deck, CardError> {
        CardSet::try_from_cards(cards.iter().copied())?;
        Ok(Deck { cards, next: 0 })
    }

    /// Deals the top card, if any.
    pub fn deal(&mut self) -> Option<Card> {
        let c = self.cards.get(self.next).copied()?;
        self.next += 1;
        Some(c)
    }

    /// Deals `n` cards, or none if fewer than `n` remain.
    pub fn deal_n(&mut self, n: usize) -> Option<Vec<Card>> {
        if self.len() < n {
            return None;
        }
        let v = self.cards[self.next..self.next + n].to_vec();
        self.next += n;
        Some(v)
    }

    /// Cards left to deal.
    pub fn len(&self) -> usize {
        self.cards.len() - self.next
    }

    /// True when no card is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The undealt cards, top first.
    pub fn undealt(&self) -> &[Card] {
        &self.cards[self.next..]
    }

    /// The undealt cards as a set.
    pub fn remaining(&self) -> CardSet {
        self.undealt().iter().copied().collect()
    }

    /// The bottom card, if any (some rules never deal it).
    pub fn bottom(&self) -> Option<Card> {
        self.undealt().last().copied()
    }

    /// Puts cards under the remaining ones after shuffling them (a reshuffle of discards).
    pub fn refill(&mut self, mut cards: Vec<Card>, rng: &mut GameRng) {
        rng.shuffle(&mut cards);
        self.cards.drain(..self.next);
        self.next = 0;
        self.cards.extend(cards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_deck_and_every_card_once() {
        let a = Deck::shuffled(&mut GameRng::from_u64(9));
        let b = Deck::shuffled(&mut GameRng::from_u64(9));
        assert_eq!(a, b);
        assert_eq!(a.remaining(), CardSet::FULL);
        assert_ne!(a, Deck::shuffled(&mut GameRng::from_u64(10)));
    }

    #[test]
    fn stacked_refuses_duplicates() {
        let c: Card = "As".parse().unwrap();
        assert!(Deck::stacked(vec![c, c]).is_err());
    }
}

#[cfg(test)]
mod pinned {
    use super::*;

    /// A published seed must always recompute the same deck: this pins the shuffle algorithm
    /// (ChaCha20, Lemire bounded integers, Fisher–Yates from the top index down).
    #[test]
    fn seed_42_deals_the_same_deck_forever() {
        let d = Deck::shuffled(&mut GameRng::from_u64(42));
        let top: Vec<String> = d.undealt()[..10].iter().map(|c| c.to_string()).collect();
        assert_eq!(top.join(" "), PINNED_42);
    }

    const PINNED_42: &str = "7c 2h 5c 5d 8h 3d 6s 2c 2s Qd";
}
