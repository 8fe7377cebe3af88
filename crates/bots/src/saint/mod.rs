//! Saint Poker bots (RULES.md §1): [`SaintPoker`] plugs the engine into the bot interface and
//! the arena; [`RandomBot`], [`GreedyBot`], [`ExpertBot`] and [`SearchBot`] play it; [`bot_spec`] makes them
//! by name.

mod expert;
mod greedy;
mod hands;
mod memory;
mod model;
pub mod oracle;
mod random;
mod search;

use tavolo_engine::saint::SaintGame;

pub use expert::{ExpertBot, Level};
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use search::{others_give_up_at, SearchBot, EXACT_ROUNDS, MASTER_THINK, WORLD_COST};

use crate::bot::{BotName, BotSpec};
use crate::error::BotsError;

/// Games for the unit tests: for each `seed` of `0..count`, the game dealt from it to
/// 2 + `seed % spread` players.
#[cfg(test)]
pub(crate) fn test_games(count: u64, spread: u64) -> impl Iterator<Item = (u64, SaintGame)> {
    use tavolo_engine::game::seed_from_u64;
    use tavolo_engine::saint::SaintOptions;
    (0..count).map(move |seed| {
        let players = 2 + (seed % spread) as u8;
        let g = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)).unwrap();
        (seed, g)
    })
}

/// Saint Poker as bots and the arena know it: the engine's game, through the one game
/// interface ([`tavolo_engine::game::Game`]). Every event is public, so all seats get all.
pub type SaintPoker = SaintGame;

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "greedy",
    "expert",
    "expert:easy",
    "expert:normal",
    "expert:hard",
    "master",
];

/// The bot named `name`: `random`, `greedy`, `expert` (= `expert:normal`), `expert:easy`,
/// `expert:normal`, `expert:hard`, `expert:N` for an expert doing N rollouts per decision,
/// `master` (the tree search, [`SearchBot`]) or `master:N` for a searcher doing N iterations;
/// or a [`crate::Level`] (`beginner`, `regular`, `strong`), made as its bot.
pub fn bot_spec(name: &str) -> Result<BotSpec<SaintPoker>, BotsError> {
    let name = crate::level::resolve::<SaintPoker>(name);
    if let Some(n) = name
        .trim()
        .strip_prefix("master:")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0)
    {
        return Ok(master_spec(format!("master:{n}"), n));
    }
    Ok(
        match BotName::read::<SaintPoker>(name, &BOT_NAMES, "rollouts", u32::MAX)? {
            BotName::Exec(command) => crate::external::spec::<SaintPoker>(command),
            BotName::Named("random") => {
                BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _)
            }
            BotName::Named("greedy") => {
                BotSpec::new("greedy", |_, seed| Box::new(GreedyBot::new(seed)) as _)
            }
            BotName::Named("master") => BotSpec::new("master", |_, seed| {
                Box::new(SearchBot::master("master", seed)) as _
            })
            .thinking_long(),
            BotName::Named(name) => {
                use Level::{Easy, Hard, Normal};
                expert_spec(BotName::expert_level(name, [Easy, Normal, Hard]))
            }
            BotName::Expert(n) => {
                BotSpec::labelled(format!("expert:{n}"), move |label, _, seed| {
                    Box::new(ExpertBot::with_rollouts(label, n, seed)) as _
                })
                .thinking_long()
            }
        },
    )
}

fn master_spec(label: String, iterations: u32) -> BotSpec<SaintPoker> {
    BotSpec::labelled(label, move |label, _, seed| {
        Box::new(SearchBot::new(label, iterations, seed)) as _
    })
    .thinking_long()
}

fn expert_spec(level: Level) -> BotSpec<SaintPoker> {
    BotSpec::new(format!("expert:{}", level.name()), move |_, seed| {
        Box::new(ExpertBot::new(level, seed)) as _
    })
    .thinking_long()
}
