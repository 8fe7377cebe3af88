//! The seeded deck, dealt lazily.

use tavolo_cards::{Card, GameRng};

/// A shuffled deck dealt lazily: each card is one step of a Fisher–Yates shuffle.
#[derive(Clone, Debug)]
pub(super) struct LazyDeck {
    pub(super) cards: [Card; 52],
    pub(super) next: u8,
    pub(super) rng: GameRng,
}

/// The 52 cards in index order.
const ORDERED: [Card; 52] = {
    let first = Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs);
    let mut a = [first; 52];
    let mut i = 0;
    while i < 52 {
        a[i] = match Card::from_index(i as u8) {
            Some(c) => c,
            None => first,
        };
        i += 1;
    }
    a
};

impl LazyDeck {
    pub(super) fn new(rng: GameRng) -> LazyDeck {
        LazyDeck {
            cards: ORDERED,
            next: 0,
            rng,
        }
    }

    /// A uniform index in `0..n` (Lemire's nearly divisionless method: unbiased, and the
    /// division only happens in the rare case it is needed).
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let mut m = u64::from(self.rng.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.rng.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    #[inline]
    pub(super) fn deal(&mut self) -> Card {
        let i = self.next as usize;
        let j = i + self.below((52 - i) as u32) as usize;
        self.cards.swap(i, j);
        self.next += 1;
        self.cards[i]
    }
}

// Inline for the same reason as `Dealing`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(super) enum Dealer {
    Deck(LazyDeck),
    Supplied,
}

impl PartialEq for Dealer {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Dealer::Deck(a), Dealer::Deck(b)) => a.cards == b.cards && a.next == b.next,
            (Dealer::Supplied, Dealer::Supplied) => true,
            _ => false,
        }
    }
}
