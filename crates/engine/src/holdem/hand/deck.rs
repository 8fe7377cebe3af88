//! Where a hand's cards come from: the seeded deck, or the caller.

use tavolo_cards::{Deck, GameRng};

// Inline for the same reason as `Dealing`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(super) enum Dealer {
    /// The 52 cards, shuffled lazily by the generator as they are dealt ([`Deck::deal`]: one
    /// bounded draw per card, so a published seed deals the same cards forever).
    Deck(Deck, GameRng),
    Supplied,
}

impl PartialEq for Dealer {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            // A generator cannot be compared; two decks are equal when they hold the same cards.
            (Dealer::Deck(a, _), Dealer::Deck(b, _)) => a == b,
            (Dealer::Supplied, Dealer::Supplied) => true,
            _ => false,
        }
    }
}
