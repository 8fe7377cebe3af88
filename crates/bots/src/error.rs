//! The crate's error types: [`BotsError`] for setting up and running bots and matches, and
//! [`StrategyError`] for a bot's strategy file (Hold'em's and Draw's CFR strategies).

use thiserror::Error;

/// What can go wrong setting up or running bots and matches.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BotsError {
    /// A bot name the game does not know.
    #[error("unknown {game} bot `{name}`; known bots: {known}")]
    UnknownBot {
        /// The game's name (`saint`, `holdem`, `draw`).
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
        /// The bot's name (`cfr`).
        bot: &'static str,
        /// What is wrong with the file.
        #[source]
        source: StrategyError,
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

/// What is wrong with a strategy file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum StrategyError {
    /// The file does not start with the magic bytes.
    #[error("not a Tavolo CFR strategy file (it does not start with TVLCFR)")]
    Magic,
    /// A format version this code does not read.
    #[error("strategy file format version {found}; this program reads version {supported}")]
    Version {
        /// The file's version.
        found: u16,
        /// The version read here.
        supported: u16,
    },
    /// A game this code has no strategy for (1 heads-up Limit Hold'em, 2 heads-up No-Limit
    /// Hold'em, 3 heads-up Five-Card Draw).
    #[error("strategy file for game {found}; this program knows 1 (heads-up Limit Hold'em), 2 (heads-up No-Limit Hold'em) and 3 (heads-up Five-Card Draw)")]
    Game {
        /// The file's game code.
        found: u8,
    },
    /// The file ends early.
    #[error("strategy file truncated: {needed} bytes needed, {got} present")]
    Truncated {
        /// Bytes the header says there are.
        needed: usize,
        /// Bytes there are.
        got: usize,
    },
    /// The file was made for another betting tree or abstraction than the one built here.
    #[error("strategy file does not fit this program: {what} is {file} in the file, {built} here")]
    Mismatch {
        /// What differs.
        what: &'static str,
        /// The file's value.
        file: u64,
        /// This program's value.
        built: u64,
    },
    /// The payload's hash does not match.
    #[error("strategy file corrupt: payload hash {computed:#018x}, recorded {stored:#018x}")]
    Checksum {
        /// The recorded hash.
        stored: u64,
        /// The hash of the payload read.
        computed: u64,
    },
    /// A bucket's probabilities do not sum to 255.
    #[error("strategy file corrupt: decision {node}, bucket {bucket} has probabilities summing to {sum}/255")]
    Probabilities {
        /// The decision's index in the tree.
        node: usize,
        /// The bucket's index at that decision.
        bucket: usize,
        /// Their sum (255 in a sound file).
        sum: u32,
    },
}

impl StrategyError {
    /// Nothing when the file's `file` is this program's `built`; else a [`StrategyError::Mismatch`]
    /// naming `what`.
    pub(crate) fn unless_same(
        what: &'static str,
        file: impl Into<u64>,
        built: impl Into<u64>,
    ) -> Result<(), StrategyError> {
        let (file, built) = (file.into(), built.into());
        if file == built {
            Ok(())
        } else {
            Err(StrategyError::Mismatch { what, file, built })
        }
    }
}
