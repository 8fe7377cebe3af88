//! Saint Poker bots (RULES.md §1): [`SaintPoker`] plugs the engine into the bot interface and
//! the arena; [`RandomBot`], [`GreedyBot`] and [`ExpertBot`] play it; [`bot_spec`] makes them
//! by name.

mod expert;
mod greedy;
mod hands;
mod memory;
mod model;
mod random;

use tavolo_engine::saint::{seed_from_u64, Action, Event, SaintGame, SaintOptions, SaintView};

pub use expert::{ExpertBot, Level};
pub use greedy::GreedyBot;
pub use random::RandomBot;

use crate::bot::BotSpec;
use crate::error::BotsError;
use crate::game::{Game, Outcome, Table};

/// The Saint Poker game for bots and the arena.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SaintPoker;

impl Game for SaintPoker {
    const NAME: &'static str = "saint";
    type View = SaintView;
    type Action = Action;
    /// Every Saint Poker event is public (see `tavolo_engine::saint`), so all seats get all.
    type Event = Event;
}

impl Table for SaintPoker {
    type State = SaintGame;
    type Options = SaintOptions;

    fn players(options: &SaintOptions) -> usize {
        options.players as usize
    }

    fn deal(options: &SaintOptions, seed: u64) -> Result<SaintGame, BotsError> {
        SaintGame::new(*options, seed_from_u64(seed)).map_err(|e| BotsError::Options(e.to_string()))
    }

    fn to_act(state: &SaintGame) -> Vec<usize> {
        state.pending()
    }

    fn view(state: &SaintGame, seat: usize) -> Result<SaintView, BotsError> {
        state.view(seat).map_err(|e| BotsError::Engine {
            game: 0,
            message: e.to_string(),
        })
    }

    fn legal_actions(state: &SaintGame, seat: usize) -> Vec<Action> {
        state.legal_actions(seat)
    }

    fn apply(state: &mut SaintGame, action: Action) -> Result<Vec<Event>, BotsError> {
        state.apply(action).map_err(|e| BotsError::Engine {
            game: 0,
            message: e.to_string(),
        })
    }

    fn event_for(event: &Event, _seat: usize) -> Option<Event> {
        Some(*event)
    }

    fn is_over(state: &SaintGame) -> bool {
        state.is_over()
    }

    fn outcome(state: &SaintGame) -> Outcome {
        let scores: Vec<f64> = state.scores().iter().map(|&s| f64::from(s)).collect();
        let winners = state.winners();
        let share = 1.0 / winners.len().max(1) as f64;
        let win_shares = (0..state.players())
            .map(|p| if winners.contains(&p) { share } else { 0.0 })
            .collect();
        Outcome { scores, win_shares }
    }

    fn record_json(state: &SaintGame) -> Result<Option<String>, BotsError> {
        let record = state.record().map_err(|e| BotsError::Engine {
            game: 0,
            message: e.to_string(),
        })?;
        serde_json::to_string_pretty(&record)
            .map(Some)
            .map_err(|e| BotsError::Engine {
                game: 0,
                message: e.to_string(),
            })
    }
}

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
        game: SaintPoker::NAME,
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
