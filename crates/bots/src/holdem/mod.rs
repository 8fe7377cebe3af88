//! Texas Hold'em bots (RULES.md §2): [`Holdem`] plugs the engine into the bot interface and
//! the arena; [`RandomBot`], [`StationBot`], [`RulesBot`] and [`ExpertBot`] play it (No-Limit,
//! Pot-Limit and Limit), [`FoldBot`] and [`RaiseBot`] are the anchors of the best-response
//! yardstick ([`lbr`]); [`bot_spec`] makes them by name.
//!
//! **One game of the arena is one hand**, dealt with equal stacks ([`HoldemOptions::stack`],
//! 100 big blinds by default) and the button at seat 0; the arena rotates the bots round the
//! seats from game to game, so the button moves round the bots. A seat's score is its result in
//! big blinds (so a bot's mean score × 100 is its win rate in bb/100).
//!
//! **Legal actions as a list** ([`Game::legal`]): a bet or raise in the list stands for the ends
//! of its range, and [`Game::allows`] accepts any amount between. The first entry is the default
//! action (check when free, else fold). Bots read the exact range from the view
//! ([`tavolo_engine::holdem::HandView::legal`]).

mod anchors;
pub mod cfr;
mod expert;
pub mod exploit;
pub mod lbr;
mod outside;
pub mod pairs;
mod random;
mod range;
mod rules;
mod spot;
mod station;
pub mod strength;

#[cfg(doc)] // the module docs link the trait
use tavolo_engine::game::Game;
use tavolo_engine::holdem::{Hand, HandSetup, Structure};
use tavolo_engine::house::HouseRules;
use tavolo_engine::Chips;

pub use crate::betting::RandomBot;
pub use crate::betting::{FoldBot, RaiseBot};
pub use cfr::CfrBot;
pub use expert::{ExpertBot, ExpertLevel, POLICY_SAMPLES};
pub use exploit::{ExploitBot, Memory, OpponentModel};
pub use outside::{EquityBot, RlcardRuleBot, EQUITY_BET, EQUITY_SAMPLES};
pub use rules::RulesBot;
pub use station::StationBot;
pub use tavolo_engine::betting::legal_list;

use crate::bot::{BotName, BotSpec};
use crate::error::BotsError;

/// Texas Hold'em as bots and the arena know it: the engine's hand, through the one game
/// interface ([`Game`]). Events a bot observes are censored for its seat: other seats' hole
/// cards never reach it.
pub type Holdem = Hand;

/// The settings of a Hold'em match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldemOptions {
    /// Players dealt in (2 to 10).
    pub players: usize,
    /// No-Limit, Pot-Limit or Limit.
    pub structure: Structure,
    /// The big blind (the small blind is half of it; in Limit the small bet is the big blind).
    pub big_blind: Chips,
    /// Every seat's stack at the start of each hand (the arena deals every hand afresh).
    pub stack: Chips,
    /// The table's rule options (RULES.md's options; none: the casino rules).
    pub rules: HouseRules,
}

impl HoldemOptions {
    /// `players` seats, blinds 50/100 and 100 big blinds each.
    pub fn new(players: usize, structure: Structure) -> HoldemOptions {
        HoldemOptions {
            players,
            structure,
            big_blind: Chips::new(100),
            stack: Chips::new(10_000),
            rules: HouseRules::default(),
        }
    }

    /// The setup of every hand of the match: equal stacks, the button at seat 0.
    pub fn setup(&self) -> Result<HandSetup, BotsError> {
        if self.big_blind < 2 || self.stack == 0 {
            return Err(BotsError::Options(format!(
                "the big blind must be at least 2 chips and stacks positive (got {} and {})",
                self.big_blind, self.stack
            )));
        }
        let table = self
            .rules
            .holdem_table(self.big_blind, self.structure)
            .map_err(|e| BotsError::Options(e.to_string()))?;
        crate::betting::match_setup::<Hand>(&table, self.players, self.stack, 0)
    }
}

/// The setup of a heads-up hand at `structure` with [`HoldemOptions::new`]'s blinds and stacks:
/// the table LBR measures the bots at and their strategies are trained for.
pub fn heads_up(structure: Structure) -> Result<HandSetup, BotsError> {
    HoldemOptions::new(2, structure).setup()
}

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 14] = [
    "random",
    "cfr",
    "cfr:blueprint",
    "exploit",
    "fold",
    "raise",
    "rlcard",
    "equity",
    "station",
    "rules",
    "expert",
    "expert:easy",
    "expert:normal",
    "expert:hard",
];

/// The bot named `name`: `random`, `fold` (always folds), `raise` (always raises), `rlcard`
/// (RLCard's Limit rule agent), `equity` (an equity player: [`EquityBot`]), `station`,
/// `cfr` (CFR strategies heads-up in Limit and No-Limit, the river re-solved at play time, `expert`
/// elsewhere: [`cfr`]), `cfr:blueprint` (the same without the river search), `exploit`
/// (`cfr:blueprint` that learns its opponents across hands: [`exploit`]), `rules`, `expert` (= `expert:normal`),
/// `expert:easy`, `expert:hard`, `expert:N` for an expert doing N simulations per decision, or
/// `exec:PROGRAM ARGS…` for an external program ([`crate::external`]); or a [`crate::Level`]
/// (`beginner`, `regular`, `strong`), made as its bot.
pub fn bot_spec(name: &str) -> Result<BotSpec<Holdem>, BotsError> {
    let name = crate::level::resolve::<Holdem>(name);
    Ok(
        match BotName::read::<Holdem>(name, &BOT_NAMES, "simulations", 1_000_000)? {
            BotName::Exec(command) => crate::external::spec::<Holdem>(command),
            BotName::Named("random") => {
                BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _)
            }
            BotName::Named("cfr") => {
                let (limit, no_limit) = cfr_strategies()?;
                BotSpec::new("cfr", move |seat, seed| {
                    Box::new(CfrBot::new(limit, no_limit, seat, seed)) as _
                })
                .thinking_long()
            }
            BotName::Named("cfr:blueprint") => {
                let (limit, no_limit) = cfr_strategies()?;
                BotSpec::new("cfr:blueprint", move |seat, seed| {
                    Box::new(CfrBot::new(limit, no_limit, seat, seed).without_search()) as _
                })
                .thinking_long()
            }
            BotName::Named("exploit") => {
                let (limit, no_limit) = cfr_strategies()?;
                // One model for every bot of this spec: its memory across hands.
                let model = std::sync::Arc::new(std::sync::Mutex::new(Memory::default()));
                BotSpec::new("exploit", move |seat, seed| {
                    // Where no strategy applies (more than two players), the strongest expert.
                    let inner = CfrBot::new(limit, no_limit, seat, seed).with_fallback(
                        ExpertLevel::Hard,
                        seat,
                        seed,
                    );
                    Box::new(ExploitBot::new(inner, model.clone(), seat)) as _
                })
                .learning()
                .thinking_long()
            }
            BotName::Named("fold") => BotSpec::new("fold", |_, _| Box::new(FoldBot) as _),
            BotName::Named("raise") => BotSpec::new("raise", |_, _| Box::new(RaiseBot) as _),
            BotName::Named("rlcard") => BotSpec::new("rlcard", |_, _| Box::new(RlcardRuleBot) as _),
            BotName::Named("equity") => BotSpec::new("equity", |_, _| Box::new(EquityBot) as _),
            BotName::Named("station") => BotSpec::new("station", |_, _| Box::new(StationBot) as _),
            BotName::Named("rules") => {
                BotSpec::new("rules", |_, seed| Box::new(RulesBot::new(seed)) as _)
            }
            BotName::Named(name) => {
                use ExpertLevel::{Easy, Hard, Normal};
                expert_spec(BotName::expert_level(name, [Easy, Normal, Hard]))
            }
            BotName::Expert(n) => {
                BotSpec::labelled(format!("expert:{n}"), move |label, seat, seed| {
                    Box::new(ExpertBot::with_samples(label, n, seat, seed)) as _
                })
                .thinking_long()
            }
        },
    )
}

/// The shipped CFR strategies, Limit and No-Limit.
fn cfr_strategies() -> Result<(&'static cfr::Strategy, &'static cfr::Strategy), BotsError> {
    let shipped = |kind| {
        cfr::Strategy::shipped(kind).map_err(|source| BotsError::Strategy { bot: "cfr", source })
    };
    Ok((
        shipped(cfr::tree::TreeKind::Limit)?,
        shipped(cfr::tree::TreeKind::NoLimit)?,
    ))
}

fn expert_spec(level: ExpertLevel) -> BotSpec<Holdem> {
    BotSpec::new(format!("expert:{}", level.name()), move |seat, seed| {
        Box::new(ExpertBot::new(level, seat, seed)) as _
    })
    .thinking_long()
}
