//! Errors of the Hold'em hand: a refused action (state unchanged) or an invalid setup.

use super::action::Action;
use super::hand::Hand;
use super::hand::ToAct;
use crate::betting::Refused;
use crate::game::{seat_range, Refusal};
use tavolo_cards::Card;
use thiserror::Error;

/// An action the hand refused. The hand is unchanged. Each variant says who acted, what, why,
/// and (`legal`) what is legal now.
///
/// Every refusal names the refused `action`, and the `seat` where one is at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum HoldemError {
    /// A refusal every betting game has: a betting rule broken, an action out of its moment
    /// (e.g. a bet while cards are being dealt), a seat not at this table.
    #[error(transparent)]
    Turn(#[from] Refused<Action, ToAct>),
    /// A card is dealt or shown twice.
    #[error("{action:?} refused: card {card} is already in play")]
    DuplicateCard { action: Action, card: Card },
    /// The wrong number of board cards for the street.
    #[error("{action:?} refused: this street needs {expected} board card(s)")]
    BoardCount {
        action: Action,
        /// How many the street needs.
        expected: usize,
    },
    /// Cards shown do not match the cards dealt.
    #[error("{action:?} refused: seat {seat} was dealt other cards")]
    ShowMismatch { action: Action, seat: usize },
    /// The setup of a hand to rebuild is invalid.
    #[error("invalid setup: {0}")]
    Setup(SetupError),
    /// A hand is shown without its cards being known.
    #[error("{action:?} refused: seat {seat}'s hole cards are unknown; state them")]
    UnknownCards { action: Action, seat: usize },
}

impl HoldemError {
    /// What kind of refusal this is, in the words a client needs.
    pub fn refusal(&self) -> Refusal {
        match self {
            HoldemError::Turn(r) => r.refusal(),
            _ => Refusal::Illegal,
        }
    }
}

/// A hand setup that cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not 2 to 10 seats.
    #[error("a hand needs {} players, got {got}", seat_range::<Hand>())]
    SeatCount {
        /// Seats given.
        got: usize,
    },
    /// Per-seat lists of different lengths.
    #[error("{seats} seats but {antes} antes and {blinds} blinds")]
    Lengths {
        /// How many seats the setup has.
        seats: usize,
        /// Antes given.
        antes: usize,
        /// Blinds given.
        blinds: usize,
    },
    /// The button is not a seat.
    #[error("button {button} is not one of the {seats} seats")]
    Button {
        /// The button given.
        button: usize,
        /// How many seats the setup has.
        seats: usize,
    },
    /// A player without chips.
    #[error("seat {seat} has no chips")]
    EmptyStack {
        /// The seat without chips.
        seat: usize,
    },
    /// A zero minimum bet.
    #[error("the minimum bet (and the big bet in Limit) must be positive")]
    ZeroBet,
    /// Chip totals too large to compute with.
    #[error("chip totals overflow")]
    Overflow,
    /// `Hand::deal_next_into` on a hand whose cards were supplied: there is no generator to go
    /// on with.
    #[error("the next hand can be dealt in place only from a seeded deck")]
    NotSeeded,
}
