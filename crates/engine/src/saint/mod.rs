//! Saint Poker (RULES.md §1): the reference engine, its game record and replay.
//!
//! [`SaintGame`] is the whole game as one state machine: [`SaintGame::apply`] takes an
//! [`Action`] (which names its player) and returns the public [`Event`]s it caused, or a
//! [`SaintError`] that leaves the state exactly as it was. Randomness (the shuffle, the tie
//! draw of each round, reshuffles of the discard pile) comes only from a [`tavolo_cards::GameRng`] seeded with
//! the game's stored seed, so the seed and the actions replay a game exactly.
//!
//! ## Flow
//! Setup deals ten cards to each player and C = 5 − P cards to the centre (option), then round 1
//! begins. Each round begins with the **preview** (C cards from the draw pile, none in round 8;
//! a short draw pile is emptied and the discard pile shuffled into a new one). Then **place**
//! and **show** are simultaneous: every player submits (and may replace) a choice; the submission
//! of the last player reveals all at once. Showing scores the round at once: r points to the
//! best hand, ⌈r / k⌉ to each of k tied. In rounds 1–7 the **draft** follows: a random
//! permutation of the seats (the *tie draw*) is drawn, players are ordered worst hand first
//! (equal hands by the tie draw), and each picks one card from the pool, twice round. The last
//! pick cleans up (pool to the discard pile, preview to the centre) and starts the next round.
//!
//! ## Decisions where RULES.md is silent
//! * **Dealing:** the shuffled deck is dealt in blocks: seat 0 takes the top ten cards, then seat
//!   1, …; then the centre; the rest is the draw pile, top first (`docs/saint-record.md`).
//! * **Tie draw:** drawn in every round that has a draft (rounds 1–7), right after scoring, as a
//!   uniformly random permutation of all seats, even when no hands are equal (so the draws of a
//!   game do not depend on whether ties happened, and the record always shows it). It orders
//!   only players with equal hand values.
//! * **Centre counts:** C must satisfy C + P ≥ 3 (a hand of five needs three centre cards) and
//!   10P + 2C ≤ 52 (round 1's preview can only come from the draw pile: no discards exist yet;
//!   later rounds always suffice once discards are reshuffled). The reshuffle draws the remaining
//!   pile first, then shuffles the whole discard pile (in card order, by the game's generator)
//!   into a new pile. Under "any five", a centre larger than five plays as the best five of all
//!   shown and centre cards.
//! * **A shown pair** is two different cards of the hand after placing; its order does not
//!   matter. The placed card may not be shown (it has left the hand).
//! * **Round 8:** the pool is discarded at once; the game is over after scoring.
//! * **Replacing a choice:** allowed any number of times until the last player's first
//!   submission reveals the phase; resubmitting the same choice is accepted.
//!
//! ## Information
//! * A [`SaintView`] holds the own hand, the own pending choice, and public facts only. It does
//!   **not** say which other players have already chosen, nor how many: RULES.md forbids
//!   inferring another player's pending choice, and the table layer (which knows
//!   [`SaintGame::pending`]) decides what "waiting for…" to show.
//! * Events are all public (they carry only revealed cards); a submission produces none, so
//!   broadcasting events leaks nothing. The view carries the current round's picks; earlier
//!   rounds are in the events and, after the game, in the record.
//! * Accessors such as [`SaintGame::hand`] and [`SaintGame::pending`] are omniscient: for the
//!   table, tests and bots' own simulations, never to be sent to another player.
//!
//! ## Speed and bots
//! The state is a few hundred bytes of fixed arrays and card masks: no allocation per action on
//! [`SaintGame::apply_into`] (which appends to a caller's buffer), one
//! [`tavolo_cards::PairScorer`] per round (a [`tavolo_cards::Centre`] lookup per player for the
//! usual five centre cards). `SaintGame` is `Clone`; [`SaintGame::random_action`] draws a legal action without
//! allocating, and [`SaintGame::determinize`] redeals the cards a player cannot see, for search
//! (a bot clones the real game — or builds one with [`SaintGame::from_deal`] — determinizes the
//! clone from its seat, and plays it out with `random_action` and `apply_into`).
//! The game record ([`SaintRecord`]) is built on request by replaying the stored choices
//! ([`SaintGame::record`]); [`verify_record`] re-executes one and confirms every fact.
//!
//! ## Layout
//! As in the other games: `rules.rs` (the table settings, [`SaintOptions`]), `action.rs`
//! (actions and events), `error.rs` (refusals, each with its [`SaintError::refusal`]),
//! `state/` (the state machine: `mod.rs` the state and how an action enters it, then one file
//! per part of a round — `round.rs`, `reveal.rs`, `draft.rs` — with one function per rule,
//! `queries.rs`, `random.rs`), `view.rs` (what one player sees), `record.rs` (the game record,
//! built by replay, and its verification), `game.rs` (the game behind [`crate::game::Game`]).

mod action;
mod error;
mod game;
mod record;
mod replay;
mod rules;
mod state;
mod verify;
mod view;

pub use crate::game::seed_from_u64;
pub use action::{card_list, Action, Event, Seats};
pub use error::{OptionsError, PhaseName, RecordError, SaintError};
pub use game::{SaintChoice, SaintSummary, ShowHand};
pub use record::{
    Deal, DraftRecord, FinalResult, HandRecord, PickRecord, RoundRecord, SaintRecord, RECORD_FORMAT,
};
pub use rules::{HandRule, SaintOptions, HAND_SIZE, ROUNDS};
pub use state::{show_pairs, RandomBelow, SaintGame};
pub use verify::{prove_record, verify_record, verify_record_json};
pub use view::{RevealedHand, SaintView};
