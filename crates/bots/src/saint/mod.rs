//! Saint Poker bots (RULES.md §1): [`SaintPoker`] plugs the engine into the bot interface and
//! the arena; [`RandomBot`], [`GreedyBot`] and [`ExpertBot`] play it; [`bot_spec`] makes them
//! by name.

mod expert;
mod greedy;
mod hands;
mod memory;
mod model;
mod random;

use tavolo_engine::saint::SaintGame;

pub use expert::{ExpertBot, Level};
pub use greedy::GreedyBot;
pub use random::RandomBot;

use crate::bot::{BotName, BotSpec};
use crate::error::BotsError;

/// Saint Poker as bots and the arena know it: the engine's game, through the one game
/// interface ([`tavolo_engine::game::Game`]). Every event is public, so all seats get all.
pub type SaintPoker = SaintGame;

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 6] = [
    "random",
    "greedy",
    "expert",
    "expert:easy",
    "expert:normal",
    "expert:hard",
];

/// The bot named `name`: `random`, `greedy`, `expert` (= `expert:normal`), `expert:easy`,
/// `expert:normal`, `expert:hard`, or `expert:N` for an expert doing N rollouts per decision.
pub fn bot_spec(name: &str) -> Result<BotSpec<SaintPoker>, BotsError> {
    Ok(
        match BotName::read::<SaintPoker>(name, &BOT_NAMES, "rollouts", u32::MAX)? {
            BotName::Exec(command) => crate::external::spec::<SaintPoker>(command),
            BotName::Named("random") => {
                BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _)
            }
            BotName::Named("greedy") => {
                BotSpec::new("greedy", |_, seed| Box::new(GreedyBot::new(seed)) as _)
            }
            BotName::Named("expert:easy") => expert_spec(Level::Easy),
            BotName::Named("expert:hard") => expert_spec(Level::Hard),
            BotName::Named(_) => expert_spec(Level::Normal),
            BotName::Expert(n) => {
                let label = format!("expert:{n}");
                BotSpec::new(label.clone(), move |_, seed| {
                    Box::new(ExpertBot::with_rollouts(label.clone(), n, seed)) as _
                })
            }
        },
    )
}

fn expert_spec(level: Level) -> BotSpec<SaintPoker> {
    BotSpec::new(format!("expert:{}", level.name()), move |_, seed| {
        Box::new(ExpertBot::new(level, seed)) as _
    })
}
