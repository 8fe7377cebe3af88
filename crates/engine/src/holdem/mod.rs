//! Texas Hold'em by the casino rules (RULES.md §2): the hand as a state machine, the table across
//! hands, and PHH hand histories.
//!
//! - [`Hand`]: one deal — blinds, hole cards, four betting rounds, showdown, awards.
//!   `apply(action) -> Result<Vec<Event>, HoldemError>`, `legal_actions()`, `view(seat)`.
//! - [`HoldemRules`]: the table's ruleset; [`HoldemRules::default`] is RULES.md, and
//!   [`HoldemRules::pokerkit`] matches PokerKit's conventions for hand histories.
//! - Betting rounds and pots come from [`crate::betting`], shared with the other games.

mod action;
mod error;
mod hand;
pub mod phh;
mod rules;
pub mod table;
mod view;

pub use crate::betting::{Legal, MinRaise, OddChips, RaiseRange, Reopen, Structure};
pub use action::{Action, BoardCards, Event, Street};
pub use error::{HoldemError, SetupError};
pub use hand::{Dealing, Hand, ToAct};
pub use rules::{Antes, HandSetup, HoldemRules, Reveal, ShowdownOrder};
pub use view::HandView;
