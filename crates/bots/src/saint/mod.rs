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

use crate::bot::BotSpec;
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
    let unknown = || BotsError::UnknownBot {
        game: <SaintPoker as tavolo_engine::game::Game>::NAME,
        name: name.to_string(),
        known: format!(
            "{}, expert:N (N rollouts), exec:PROGRAM (an external bot)",
            BOT_NAMES.join(", ")
        ),
    };
    if let Some(command) = name.trim().strip_prefix("exec:") {
        if command.trim().is_empty() {
            return Err(unknown());
        }
        return Ok(crate::external::spec::<SaintPoker>(command).0);
    }
    let spec = match name.trim() {
        "random" => BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _),
        "greedy" => BotSpec::new("greedy", |_, seed| Box::new(GreedyBot::new(seed)) as _),
        "expert" | "expert:normal" => expert_spec(Level::Normal),
        "expert:easy" => expert_spec(Level::Easy),
        "expert:hard" => expert_spec(Level::Hard),
        other => {
            let n: u32 = other
                .strip_prefix("expert:")
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .ok_or_else(unknown)?;
            let label = format!("expert:{n}");
            BotSpec::new(label.clone(), move |_, seed| {
                Box::new(ExpertBot::with_rollouts(label.clone(), n, seed)) as _
            })
        }
    };
    Ok(spec)
}

fn expert_spec(level: Level) -> BotSpec<SaintPoker> {
    BotSpec::new(format!("expert:{}", level.name()), move |_, seed| {
        Box::new(ExpertBot::new(level, seed)) as _
    })
}
