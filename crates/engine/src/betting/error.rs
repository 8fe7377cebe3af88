//! Why a betting action was refused.

use crate::Chips;
use thiserror::Error;

/// A betting action refused by the rules. The state is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BetError {
    /// The betting round is over; nobody is to act.
    #[error("no betting is in progress")]
    NoBetting,
    /// Someone else is to act.
    #[error("seat {seat} acted but seat {actor} is to act")]
    NotYourTurn {
        /// Who tried to act.
        seat: usize,
        /// Who is to act.
        actor: usize,
    },
    /// A check when a bet is owed.
    #[error("cannot check: {owed} is owed")]
    CheckOwes {
        /// The amount to call.
        owed: Chips,
    },
    /// A check before the opening where the game forbids it (German draw).
    #[error("cannot check before the betting is opened: open or fold")]
    CheckBeforeOpening,
    /// A call with nothing to call.
    #[error("nothing to call: check instead")]
    NothingToCall,
    /// A bet or raise below the minimum.
    #[error("raise to {got} is too small: the minimum is {min}")]
    RaiseTooSmall {
        /// The smallest legal amount ("to", this round).
        min: Chips,
        /// The amount asked for.
        got: Chips,
    },
    /// A bet or raise above the maximum (stack, pot limit, fixed limit).
    #[error("raise to {got} is too large: the maximum is {max}")]
    RaiseTooLarge {
        /// The largest legal amount ("to", this round).
        max: Chips,
        /// The amount asked for.
        got: Chips,
    },
    /// The limit on raises in this round is reached.
    #[error("the round is capped at {cap} bets and raises")]
    RaiseCapReached {
        /// The cap (bets and raises, the blind counting where the rules say so).
        cap: u8,
    },
    /// An all-in for less than a full raise did not reopen the betting for this player.
    #[error("an all-in for less than a full raise does not reopen the betting: call or fold")]
    NotReopened,
    /// The player's stack does not exceed what is owed: only a call (all-in) is possible.
    #[error("stack {stack} does not cover more than the {owed} owed: call or fold")]
    CannotRaiseCovered {
        /// Chips behind.
        stack: Chips,
        /// The amount to call.
        owed: Chips,
    },
    /// Every other live player is all-in for no more than the current bet.
    #[error("nobody left who could call a raise")]
    NobodyToRaise,
    /// The seat cannot fold (not in the hand).
    #[error("seat {seat} is not in the hand")]
    NotInHand {
        /// The seat that is not in the hand.
        seat: usize,
    },
}
