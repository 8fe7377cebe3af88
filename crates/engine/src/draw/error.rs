//! Errors of the draw hand: a refused action (state unchanged) or an invalid setup.

use super::action::Action;
use super::hand::DrawHand;
use super::hand::ToAct;
use crate::betting::Refused;
use crate::game::{seat_range, Refusal};
use tavolo_cards::{Card, CardSet};
use thiserror::Error;

/// An action the hand refused. The hand is unchanged. Each variant says who acted, what, why,
/// and (`legal`) what is legal now.
///
/// Every refusal names the refused `action`, and the `seat` where one is at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum DrawError {
    /// A refusal every betting game has: a betting rule broken (opening below the minimum, a
    /// check before the opening, a raise too small …), an action out of its moment (a bet
    /// during the exchange, a show before the showdown, anything after the hand is over), a
    /// seat not at this table.
    #[error(transparent)]
    Turn(#[from] Refused<Action, ToAct>),
    /// The seat has already folded or mucked.
    #[error("{action:?} refused: seat {seat} is no longer in the hand")]
    NotInHand { action: Action, seat: usize },
    /// More than three cards discarded.
    #[error("{action:?} refused: at most 3 cards may be exchanged, got {count}")]
    TooManyDiscards {
        action: Action,
        /// Cards named.
        count: u32,
    },
    /// Discarded cards the seat does not hold.
    #[error("{action:?} refused: seat {seat} does not hold {cards}; it holds {hand}")]
    NotYourCards {
        action: Action,
        seat: usize,
        /// The cards it does not hold.
        cards: CardSet,
        /// What it holds.
        hand: CardSet,
    },
    /// A muck by a player whose hand beats every hand shown so far (or by the first to show).
    #[error("{action:?} refused: seat {seat} may not muck, no hand shown so far is as good (show instead)")]
    MuckNotAllowed { action: Action, seat: usize },
    /// With a stacked deal: the next card to serve is missing or not in the deck now.
    #[error("{action:?} refused: the stacked deal cannot serve it ({problem})")]
    Stacked {
        action: Action,
        /// What is wrong with the stacked cards.
        problem: StackedProblem,
    },
}

impl DrawError {
    /// What kind of refusal this is, in the words a client needs.
    pub fn refusal(&self) -> Refusal {
        match self {
            DrawError::Turn(r) => r.refusal(),
            _ => Refusal::Illegal,
        }
    }
}

/// Why a stacked deal cannot serve a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StackedProblem {
    /// The stacked draws ran out.
    #[error("no more stacked draws")]
    RanOut,
    /// The card is not in the deck at this moment (dealt, discarded and not yet reshuffled, the
    /// server's own discard, or the bottom card).
    #[error("{card} is not in the deck at this moment")]
    NotInDeck {
        /// The card the deck cannot serve now.
        card: Card,
    },
}

/// A hand setup that cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not 2 to 8 seats.
    #[error("a draw hand needs {} players, got {got}", seat_range::<DrawHand>())]
    SeatCount {
        /// Seats given.
        got: usize,
    },
    /// The dealer is not a seat.
    #[error("dealer {dealer} is not one of the {seats} seats")]
    Dealer {
        /// The dealer given.
        dealer: usize,
        /// How many seats the setup has.
        seats: usize,
    },
    /// A player without chips.
    #[error("seat {seat} has no chips")]
    EmptyStack {
        /// The seat without chips.
        seat: usize,
    },
    /// A zero ante.
    #[error("the ante (the table minimum) must be positive")]
    ZeroAnte,
    /// Chip totals too large to compute with.
    #[error("chip totals overflow")]
    Overflow,
    /// A stacked deal with a hand count different from the seats.
    #[error("stacked deal has {hands} hands for {seats} seats")]
    StackedHands {
        /// Hands given.
        hands: usize,
        /// How many seats the setup has.
        seats: usize,
    },
    /// A card twice in a stacked deal.
    #[error("card {card} appears twice in the stacked deal")]
    DuplicateCard {
        /// The card listed twice.
        card: Card,
    },
    /// [`super::DrawHand::deal_next_into`] on a hand whose cards were stacked.
    #[error("only a hand dealt from a generator can deal the next hand")]
    NotSeeded,
    /// More stacked draws than an exchange can use.
    #[error("{got} stacked draws: at most 51 cards can be listed")]
    TooManyDraws {
        /// Draws given.
        got: usize,
    },
}
