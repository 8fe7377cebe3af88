//! Texas Hold'em by the casino rules (RULES.md §2): the hand as a state machine, the table across
//! hands, and PHH hand histories.
//!
//! - [`Hand`]: one deal — blinds, hole cards, four betting rounds, showdown, awards.
//!   `apply(action) -> Result<Vec<Event>, HoldemError>`, `legal_actions()`, `view(seat)`.
//! - [`HoldemRules`]: the table's ruleset; [`HoldemRules::default`] is RULES.md, and
//!   [`HoldemRules::pokerkit`] matches PokerKit's conventions for hand histories.
//! - [`HoldemTable`]: a table's blinds and ruleset, from which [`crate::table::Table`] deals
//!   each hand through the one game interface ([`crate::game::Game`]).
//! - [`phh`]: PHH import, replay and export.
//! - Betting rounds and pots come from [`crate::betting`], shared with the other games.
//!
//! # Decisions where RULES.md is silent
//! - Folding is allowed even when a check is free (it is never forced, and never refused).
//! - A raise must leave someone able to call it: when every other live player is all-in for no
//!   more than the current bet, the only choices are call and fold.
//! - In Limit an all-in for less than a bet counts towards the cap; the next full raise is one
//!   bet over it.
//! - Blinds and straddles open the pre-flop round but do not set the raise increment: the
//!   minimum raise is the big blind over the largest blind or straddle (as in PokerKit).
//! - A blind is at most the player's stack less the ante posted.
//! - "The last betting round" of the showdown order is the last round in which betting took
//!   place (after an all-in before the river, no later round is played).
//! - Mucking exists only where players choose to show ([`Reveal::PlayersChoose`], hand
//!   histories); a mucked hand gives up every pot, and the last hand left wins unshown.
//! - A slice of the pot whose contributors all folded or mucked goes to the pot below it.
//!
//! # PokerKit's conventions ([`HoldemRules::pokerkit`])
//! Used to replay PHH files and checked by the differential test: the Limit cap is four bets
//! and raises, the blind not counting, never lifted heads-up; a short all-in reopens as in
//! PokerKit ([`Reopen::PokerKit`]); the last aggressor shows first; hands that cannot win are
//! killed before the pots are split (pots merge, moving odd chips); odd chips all go to the
//! first winner left of the button.

mod action;
mod error;
mod game;
mod hand;
pub mod phh;
pub mod pokerstars;
mod rules;
mod view;

pub use crate::betting::{BetEvent, Legal, MinRaise, OddChips, RaiseRange, Reopen, Structure};
pub use action::{Action, BoardCards, Event, Street};
pub use error::{HoldemError, SetupError};
pub use game::HoldemTable;
pub use hand::{Dealing, Hand, ToAct};
pub use rules::{Antes, HandSetup, HoldemRules, Reveal, ShowdownOrder};
pub use view::HandView;
