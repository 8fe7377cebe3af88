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
//!
//! ## Decisions where RULES.md §3 is silent
//! - **Nobody opens:** with no check, a player who does not open folds; when all but one have
//!   folded, the last one takes the antes at once (the seed: a round also ends when one player
//!   is left, who wins the pot). With checks allowed, if everybody checks the hand goes on.
//!   "No check" holds in both betting rounds.
//! - **Antes** are posted from the cutter round, are live (they count for side pots, as in
//!   Hold'em), and a short stack posts what it has and is all-in. Then five cards each, one at
//!   a time from the cutter round.
//! - **Raises:** at least the ante on top of the call (option: the Hold'em rule); an all-in for
//!   less does not reopen the betting. A bet nobody matched goes back to its bettor, even one
//!   who has folded out of turn (nobody wins from a player more than they put in).
//! - **Nobody to bet against:** a player who owes nothing, may not check, and faces only
//!   all-in players is not asked to open or fold; the round ends.
//! - **Fold at any time** means during either betting round and the exchange, in turn or not;
//!   at the showdown, giving up is the muck.
//! - **The bottom card** is fixed when the deck is made and is never dealt in the hand: the
//!   reshuffled discards are put on top of it. A player is served from the deck while it has
//!   cards above the bottom one; then the discards of the players already served (the player
//!   being served keeps theirs aside until served) are shuffled into a new deck and serving
//!   continues. Folded hands are dead, never reshuffled (the deck always suffices:
//!   51 − 5 × 8 = 11 cards, then at least 8 more from the discards).
//! - **All-in players** exchange and show like everyone else.
//! - **Showdown order:** the last player to bet or raise in the second round; if nobody bet in
//!   it, the last in the first round; if nobody bet at all, the cutter; a player who has folded
//!   is replaced by the next one still in, clockwise.
//! - **Mucking** is allowed when a hand already shown is at least as good (a tie included), by a
//!   player who is in every pot the mucker contests; the first to show must show.
//! - **Odd chips** of each pot stay in the middle; the hand reports them
//!   ([`DrawHand::carried`]) and the next hand takes them in ([`DrawSetup::carried_in`]) into
//!   its main pot.
//! - **Dealer rotation:** the next seat clockwise with chips ([`next_dealer`]).

mod action;
mod error;
mod game;
mod hand;
mod record;
mod rules;
mod view;

pub use crate::betting::{BetEvent, Legal, MinRaise, OddChips, RaiseRange};
pub use action::{Action, Drawn, Event, Round};
pub use error::{DrawError, SetupError, StackedProblem};
pub use game::{exchange_list, DrawTable};
pub use hand::{CardZones, DrawHand, ReplayError, Stage, ToAct};
pub use record::{DrawRecord, RecordAction, RecordDeal, RecordError, RecordResult, RECORD_FORMAT};
pub use rules::{next_dealer, Dealing, DrawRules, DrawSetup, StackedDeal, MAX_DRAW_SEATS};
pub use tavolo_cards::TieBreak;
pub use view::DrawView;
