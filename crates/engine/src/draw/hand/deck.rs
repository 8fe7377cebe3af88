//! Where a hand's cards come from: a seeded generator, or a stacked deal (tests, replays).

use tavolo_cards::{Card, CardSet, GameRng};

use super::DrawHand;
use crate::draw::action::Action;
use crate::draw::error::{DrawError, StackedProblem};
use crate::draw::rules::StackedDeal;

/// The most stacked draws a deal may list (the exchange uses at most 3 per seat; a whole
/// stacked deck lists more).
pub(crate) const MAX_DRAWS: usize = 51;

/// Where the next card comes from. (The generator is held inline, not boxed, so that a hand
/// allocates nothing.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(super) enum Source {
    /// Each card is drawn uniformly from the deck by this generator as it is dealt.
    Seeded(GameRng),
    /// The exchange's cards in serving order (the hands and the bottom card are dealt from the
    /// [`StackedDeal`] at once).
    Stacked {
        draws: [Option<Card>; MAX_DRAWS],
        next: u8,
    },
    /// Only in comparisons of states ([`DrawHand::same_state`]).
    Ignored,
}

impl Source {
    /// The source of a stacked deal's exchange cards.
    pub(super) fn stacked(deal: &StackedDeal) -> Source {
        let mut draws = [None; MAX_DRAWS];
        for (slot, &c) in draws.iter_mut().zip(deal.draws.iter()) {
            *slot = Some(c);
        }
        Source::Stacked { draws, next: 0 }
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Source::Stacked { draws: a, next: i }, Source::Stacked { draws: b, next: j }) => {
                a == b && i == j
            }
            // A generator cannot be compared; two seeded hands are compared by their cards.
            (Source::Seeded(_), Source::Seeded(_)) | (Source::Ignored, Source::Ignored) => true,
            _ => false,
        }
    }
}

impl DrawHand {
    /// With a stacked deal, checks that the next `count` stacked cards can be served now.
    pub(super) fn check_stacked(&self, action: Action, count: usize) -> Result<(), DrawError> {
        let Source::Stacked { draws, next } = &self.source else {
            return Ok(());
        };
        let mut avail = self.deck.remaining();
        let mut pile = self.pile;
        for i in 0..count {
            if avail.is_empty() {
                avail = pile;
                pile = CardSet::EMPTY;
            }
            let problem = match draws.get(*next as usize + i).copied().flatten() {
                None => StackedProblem::RanOut,
                Some(card) if avail.remove(card) => continue,
                Some(card) => StackedProblem::NotInDeck { card },
            };
            return Err(DrawError::Stacked { action, problem });
        }
        Ok(())
    }

    /// The next card of a one-at-a-time exchange (the deck refilled by the caller): drawn by
    /// the generator, the next stacked card (checked by [`DrawHand::check_stacked`]), or in a
    /// comparison copy the lowest; `None` only when the deck is empty.
    pub(super) fn next_card(&mut self) -> Option<Card> {
        match &mut self.source {
            Source::Seeded(rng) => {
                let mut one = [self.bottom];
                self.deck.deal_batched(rng, &mut one).then_some(one[0])
            }
            Source::Stacked { draws, next } => {
                let c = draws[*next as usize].unwrap_or(self.bottom);
                *next += 1;
                self.deck.take(c);
                Some(c)
            }
            Source::Ignored => {
                let c = self.deck.undealt().first().copied()?;
                self.deck.take(c);
                Some(c)
            }
        }
    }
}
