//! # tavolo-engine
//!
//! The games of Tavolo as pure state machines: each game is one type with `legal_actions()`,
//! `apply(action) -> Result<Vec<Event>, Error>` (an error leaves the state untouched) and
//! per-seat views that hold only what the rules let that seat see. Randomness comes from a
//! seeded [`tavolo_cards::GameRng`], so every game replays exactly.
#![deny(missing_docs)]

pub mod betting;
pub mod draw;
pub mod encode;
pub mod game;
pub mod holdem;
pub mod house;
pub mod saint;
pub mod table;
pub mod tournament;
pub mod transcript;
mod wire;

pub use tavolo_cards::{Chips, ChipsError};
