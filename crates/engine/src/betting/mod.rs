//! Betting and pots shared by every betting game (Hold'em, Five-Card Draw).
//!
//! The pieces are deliberately small and game-agnostic:
//! - [`Ledger`]: who has how many chips behind, in front (this round) and in the pots;
//! - [`BettingRound`]: one betting round for No-Limit, Pot-Limit or Limit, parametrised by a
//!   [`RoundRules`] and the first seat to act (so a draw game can open with its cutter, forbid the
//!   check before the opening, and let a player fold out of turn);
//! - [`pots`]: side pots from the contributions, uncalled bets, splitting with an
//!   [`OddChips`] policy (to the first winner left of the button, or staying in the pot);
//! - [`PotSize`]: bets sized in pots ("½ pot"), rounded one way for every client;
//! - [`Refused`]: the refusals both games share (a betting rule broken, an action out of its
//!   moment, no such seat), made by one betting step for both hands;
//! - [`BettingEvent`] and [`Felt`]: a hand's events and table read the same way in both games,
//!   for what reads a hand without knowing the game (summaries, the room's replayer).
//!
//! Seats are indices `0..n` in clockwise order, `n <= MAX_SEATS`; the hot path uses fixed-size
//! arrays and a 16-bit [`SeatMask`], so nothing allocates per action.

mod choice;
mod error;
mod event;
mod felt;
mod ledger;
pub mod pots;
mod refused;
mod round;
mod seats;
mod sizing;

pub use choice::{
    allows, betting_choices, legal_list, BettingAction, Choice, HandSummary, PotAward, ShownHand,
};
pub(crate) use choice::{betting_action, betting_game};
pub use error::BetError;
pub(crate) use event::betting_event;
pub use event::{BetEvent, BettingEvent};
pub use felt::{BettingTable, Felt};
pub use ledger::Ledger;
pub use pots::{OddChips, Pot, PotShown, Pots};
pub(crate) use refused::{betting_hand, BettingHand};
pub use refused::{LegalNow, Refused};
pub use round::{
    Bet, BettingRound, Legal, MinRaise, RaiseCap, RaiseRange, Reopen, RoundRules, Step, Structure,
};
pub use seats::{SeatMask, MAX_SEATS};
pub use sizing::{PotPresets, PotSize};
