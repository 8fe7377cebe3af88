//! Five-Card Draw bots, German rules (RULES.md §3): [`Draw`] plugs the engine into the bot
//! interface and the arena; [`RandomBot`], [`StationBot`], [`RulesBot`] and [`ExpertBot`] play
//! it; [`bot_spec`] makes them by name.
//!
//! **One game of the arena is one hand**, dealt with equal stacks ([`DrawOptions::stack`], 100
//! antes by default) and the dealer at the last seat (the cutter, first to act, at seat 0); the
//! arena rotates the bots round the seats from game to game. A seat's score is its result in
//! antes. Chips a split leaves in the pot (odd chips, which the rules carry to the next hand) are
//! lost to that hand's scores.
//!
//! **Legal actions as a list** ([`Game::legal`]), as for Hold'em: a bet or raise stands for the
//! ends of its range (any amount between is allowed, [`Game::allows`]); an exchange lists every
//! discard of 0 to 3 cards; the first entry is the default action (fold, or standing pat in the
//! exchange, or showing). The arena asks only the seat whose turn it is, so folds out of turn (allowed by the
//! rules) are not used by these bots.

pub mod cfr;
mod expert;
pub mod lbr;
mod play;
pub mod search;
mod simple;

use tavolo_engine::draw::{DrawHand, DrawSetup};
#[cfg(doc)] // the module docs link the trait
use tavolo_engine::game::Game;
use tavolo_engine::house::HouseRules;
use tavolo_engine::Chips;

pub use expert::ExpertBot;
pub use play::standard_discard;
pub use simple::{RulesBot, StationBot};
pub use tavolo_engine::betting::legal_list as betting_list;
pub use tavolo_engine::draw::exchange_list;

pub use crate::betting::{FoldBot, RaiseBot, RandomBot};

use crate::bot::{BotName, BotSpec};
use crate::error::BotsError;

/// Five-Card Draw as bots and the arena know it: the engine's hand, through the one game
/// interface ([`Game`]). Events a bot observes are censored for its seat: other seats' cards,
/// discards and draws never reach it.
pub type Draw = DrawHand;

/// The settings of a Draw match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOptions {
    /// Players dealt in (2 to 8).
    pub players: usize,
    /// The ante, also the minimum bet and raise.
    pub ante: Chips,
    /// Every seat's stack at the start of each hand (the arena deals every hand afresh).
    pub stack: Chips,
    /// The table's rule options (RULES.md's options; none: the German rules).
    pub rules: HouseRules,
}

impl DrawOptions {
    /// `players` seats, an ante of 10 and 100 antes each.
    pub fn new(players: usize) -> DrawOptions {
        DrawOptions {
            players,
            ante: Chips::new(10),
            stack: Chips::new(1_000),
            rules: HouseRules::default(),
        }
    }

    /// The setup of every hand of the match: equal stacks, the dealer at the last seat (the
    /// cutter, first to act, at seat 0).
    pub fn setup(&self) -> Result<DrawSetup, BotsError> {
        let dealer = self.players.saturating_sub(1);
        let table = self
            .rules
            .draw_table(self.ante)
            .map_err(|e| BotsError::Options(e.to_string()))?;
        crate::betting::match_setup::<DrawHand>(&table, self.players, self.stack, dealer)
    }
}

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 9] = [
    "random",
    "station",
    "rules",
    "expert",
    "expert:normal",
    "cfr",
    "search",
    "fold",
    "raise",
];

/// The bot named `name`: `random`, `station`, `rules`, `expert`, `cfr` (a CFR strategy heads-up,
/// `expert` with more players: [`cfr`]), `search` (the CFR strategy heads-up, a search at three
/// to five players: [`search`]), the best-response anchors `fold` and `raise`, or `expert:N` for
/// an expert simulating N deals per decision, `search:N` for a search of N worlds per decision,
/// or `exec:PROGRAM ARGS…` for an external program
/// ([`crate::external`]); or a [`crate::Level`] (`beginner`, `regular`, `strong`), made as its
/// bot.
pub fn bot_spec(name: &str) -> Result<BotSpec<Draw>, BotsError> {
    let name = crate::level::resolve::<Draw>(name);
    let strategy =
        || cfr::Strategy::shipped().map_err(|source| BotsError::Strategy { bot: "cfr", source });
    if let Some(worlds) = name.trim().strip_prefix("search:") {
        let worlds: u32 = worlds
            .parse()
            .ok()
            .filter(|&n| n > 0 && n <= search::MAX_WORLDS as u32)
            .ok_or_else(|| BotsError::UnknownBot {
                game: "draw",
                name: name.to_string(),
                known: format!("search:N for N from 1 to {}", search::MAX_WORLDS),
            })?;
        let strategy = strategy()?;
        let label = format!("search:{worlds}");
        return Ok(BotSpec::labelled(label, move |label, _, seed| {
            Box::new(search::SearchBot::with_worlds(
                label, strategy, worlds, seed,
            )) as _
        })
        .thinking_long());
    }
    let expert = |label: String, n: u32| {
        BotSpec::labelled(label, move |label, _, seed| {
            Box::new(ExpertBot::new(label, n, seed)) as _
        })
        .thinking_long()
    };
    Ok(
        match BotName::read::<Draw>(name, &BOT_NAMES, "simulations", 1_000_000)? {
            BotName::Exec(command) => crate::external::spec::<Draw>(command),
            BotName::Named("random") => {
                BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _)
            }
            BotName::Named("station") => BotSpec::new("station", |_, _| Box::new(StationBot) as _),
            BotName::Named("rules") => BotSpec::new("rules", |_, _| Box::new(RulesBot) as _),
            BotName::Named("fold") => BotSpec::new("fold", |_, _| Box::new(FoldBot) as _),
            BotName::Named("raise") => BotSpec::new("raise", |_, _| Box::new(RaiseBot) as _),
            BotName::Named("search") => {
                let strategy = strategy()?;
                BotSpec::new("search", move |_, seed| {
                    Box::new(search::SearchBot::new("search", strategy, seed)) as _
                })
                .thinking_long()
            }
            BotName::Named("cfr") => {
                let strategy = strategy()?;
                BotSpec::new("cfr", move |_, seed| {
                    Box::new(cfr::CfrBot::new(strategy, seed)) as _
                })
                .thinking_long()
            }
            BotName::Named(_) => expert("expert".into(), expert::DEFAULT_SAMPLES),
            BotName::Expert(n) => expert(format!("expert:{n}"), n),
        },
    )
}
