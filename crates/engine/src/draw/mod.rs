//! Five-Card Draw by the German rules (RULES.md §3): the hand as a state machine, a game record,
//! and the dealer's rotation across hands.
//!
//! - [`DrawHand`]: one deal — antes, five cards each, a betting round opened by the cutter, the
//!   exchange of 0–3 cards, a second betting round, the showdown, awards.
//!   `apply(action) -> Result<Vec<Event>, DrawError>`, `legal_actions()`, `view(seat)`.
//! - [`DrawRules`]: the table's ruleset; [`DrawRules::default`] is RULES.md §3 (no check before
//!   the opening, German tie-breaks, odd chips stay in the pot).
//! - [`DrawRecord`]: the JSON game record `tavolo-draw-record/1` (docs/draw-record.md).
//! - Betting rounds and pots come from [`crate::betting`], shared with Hold'em.
//!
//! A bot drives a hand by reading [`DrawHand::legal_actions`] (a [`ToAct`]) and answering with an
//! [`Action`] for the seat named there; any live seat may also [`Action::Fold`] at any moment of
//! the betting or the exchange ([`DrawHand::may_fold`]).

mod action;
mod error;
mod hand;
mod record;
mod rules;
mod view;

pub use crate::betting::{Legal, MinRaise, OddChips, RaiseRange};
pub use action::{Action, Drawn, Event, Round};
pub use error::{DrawError, SetupError};
pub use hand::{CardZones, DrawHand, ReplayError, Stage, ToAct};
pub use record::{DrawRecord, RecordAction, RecordDeal, RecordError, RecordResult, RECORD_FORMAT};
pub use rules::{next_dealer, Dealing, DrawRules, DrawSetup, StackedDeal, MAX_DRAW_SEATS};
pub use tavolo_cards::TieBreak;
pub use view::DrawView;
