//! # tavolo-bots
//!
//! Bots for the Tavolo games, behind one game-generic interface, and the arena that measures
//! them.
//!
//! The key design decision is **honesty by construction**: a [`Bot`] is generic over a
//! [`Game`] (the engine's one game interface) and only ever receives that game's per-seat
//! *view*, the list of legal actions, and the events censored for its seat — never the game
//! state. A bot that wants to search must rebuild the hidden part of the game itself, by
//! sampling it from what it has seen (see [`saint::ExpertBot`]). Only the [`arena`] (or a
//! server, or `tavolo play`) holds the game and drives it.
//!
//! Every bot is deterministic for a given seed: levels are defined by amounts of work, not
//! wall-clock time, and a [`Budget`] with a time limit only ever stops a search early.
//!
//! ```
//! use tavolo_bots::arena::{Arena, MatchConfig};
//! use tavolo_bots::saint::{self, SaintPoker};
//! use tavolo_engine::saint::SaintOptions;
//!
//! let bots = vec![saint::bot_spec("greedy")?, saint::bot_spec("random")?];
//! let config = MatchConfig::<SaintPoker>::new(SaintOptions::new(2), bots, 20, 7)?;
//! let result = Arena::new(config).run(&|_| {})?;
//! assert_eq!(result.bots[0].games, 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod arena;
pub mod betting;
mod bot;
pub mod cfr;
pub mod deal;
pub mod draw;
mod error;
pub mod external;
pub mod holdem;
pub mod lbr;
pub mod level;
pub mod persona;
pub mod saint;
pub mod stats;
pub mod swiss;
mod think;
pub mod tournament;

/// Cards written out (`"As Kd 7c"`) as a set, for the unit tests.
#[cfg(test)]
pub(crate) fn set(s: &str) -> tavolo_cards::CardSet {
    s.parse().expect("cards")
}

pub use bot::{Bot, BotSpec, Budget, Lapses};
pub use error::{BotsError, StrategyError};
pub use level::{Level, Levels};
pub use tavolo_engine::game::Game;
