//! The crate's error type.

use thiserror::Error;

/// What can go wrong setting up or running bots and matches.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BotsError {
    /// A bot name the game does not know.
    #[error("unknown {game} bot `{name}`; known bots: {known}")]
    UnknownBot {
        /// The game.
        game: &'static str,
        /// The name given.
        name: String,
        /// The names that exist, comma-separated.
        known: String,
    },
    /// The bot list does not fill the table.
    #[error("{bots} bots for {players} seats: give one bot per seat")]
    BotCount {
        /// Bots given.
        bots: usize,
        /// Seats at the table.
        players: usize,
    },
    /// A match of no games.
    #[error("a match needs at least one game")]
    NoGames,
    /// The game settings were refused by the engine.
    #[error("bad game settings: {0}")]
    Options(String),
    /// The engine refused something the arena did (a bug: the arena only applies legal
    /// actions).
    #[error("game {game}: the engine refused an action: {message}")]
    Engine {
        /// Index of the game in the match.
        game: u64,
        /// The engine's error.
        message: String,
    },
    /// A best response needs the bot's action probabilities, and this bot does not report them
    /// ([`crate::Bot::policy`]).
    #[error(
        "bot `{bot}` does not report its policy, so no best response can be computed against it"
    )]
    NoPolicy {
        /// The bot's name.
        bot: String,
    },
    /// A bot's strategy file could not be read.
    #[error("bot `{bot}`: {source}")]
    Strategy {
        /// The bot.
        bot: &'static str,
        /// What is wrong with the file.
        #[source]
        source: crate::holdem::cfr::file::StrategyError,
    },
    /// A game did not finish within the arena's action limit (a bug in an engine).
    #[error("game {game} did not finish after {actions} actions")]
    Stalled {
        /// Index of the game in the match.
        game: u64,
        /// Actions applied.
        actions: usize,
    },
}
