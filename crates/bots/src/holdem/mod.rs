//! Texas Hold'em bots (RULES.md §2): [`Holdem`] plugs the engine into the bot interface and
//! the arena; [`RandomBot`], [`StationBot`], [`RulesBot`] and [`ExpertBot`] play it (No-Limit,
//! Pot-Limit and Limit); [`bot_spec`] makes them by name.
//!
//! **One game of the arena is one hand**, dealt with equal stacks ([`HoldemOptions::stack`],
//! 100 big blinds by default) and the button at seat 0; the arena rotates the bots round the
//! seats from game to game, so the button moves round the bots. A seat's score is its result in
//! big blinds (so a bot's mean score × 100 is its win rate in bb/100).
//!
//! **Legal actions as a list.** The arena works with lists of actions; a bet or raise in the
//! list stands for the ends of its range: `BetOrRaiseTo { to: min_to }` and, when larger,
//! `BetOrRaiseTo { to: max_to }`, and [`Holdem`]'s [`Game::allows`] accepts any amount between.
//! The first entry is the default action (check when free, else fold). Bots read the exact
//! range from the view ([`HandView::legal`]).

mod expert;
mod random;
mod range;
mod rules;
mod spot;
mod station;
pub mod strength;

use tavolo_cards::GameRng;
use tavolo_engine::holdem::{
    phh, Action, Dealing, Event, Hand, HandSetup, HandView, HoldemRules, Legal, Structure, ToAct,
};
use tavolo_engine::Chips;

pub use crate::betting::RandomBot;
pub use expert::{ExpertBot, ExpertLevel};
pub use rules::RulesBot;
pub use station::StationBot;

use crate::betting::{self, HandState};
use crate::bot::BotSpec;
use crate::error::{engine_error, BotsError};
use crate::game::{Game, Outcome, Table};

/// Texas Hold'em for bots and the arena.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holdem;

impl Game for Holdem {
    const NAME: &'static str = "holdem";
    type View = HandView;
    type Action = Action;
    /// Events pass through [`Event::seen_by`]: other seats' hole cards are hidden.
    type Event = Event;

    fn allows(legal: &[Action], action: &Action) -> bool {
        betting::allows(legal, action)
    }
}

/// The table settings of a Hold'em match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldemOptions {
    /// Players dealt in (2 to 10).
    pub players: usize,
    /// No-Limit, Pot-Limit or Limit.
    pub structure: Structure,
    /// The big blind (the small blind is half of it; in Limit the small bet is the big blind).
    pub big_blind: Chips,
    /// Every seat's starting stack.
    pub stack: Chips,
}

impl HoldemOptions {
    /// `players` seats, blinds 50/100 and 100 big blinds each.
    pub fn new(players: usize, structure: Structure) -> HoldemOptions {
        HoldemOptions {
            players,
            structure,
            big_blind: 100,
            stack: 10_000,
        }
    }

    /// The setup of a hand with the button at `button`.
    pub fn setup(&self, button: usize) -> HandSetup {
        HandSetup::casino(
            vec![self.stack; self.players],
            button,
            self.big_blind / 2,
            self.big_blind,
            HoldemRules::casino(self.structure),
        )
    }

    /// Checks the settings.
    pub fn validate(&self) -> Result<(), BotsError> {
        if self.big_blind < 2 || self.stack == 0 {
            return Err(BotsError::Options(format!(
                "the big blind must be at least 2 chips and stacks positive (got {} and {})",
                self.big_blind, self.stack
            )));
        }
        self.setup(0)
            .validate()
            .map_err(|e| BotsError::Options(e.to_string()))
    }
}

/// A hand in play, with its setup and every event so far (its record).
pub type HoldemState = HandState<HandSetup, Hand, Event>;

/// The legal actions of a betting decision as a list: the default action first (check when
/// free, else fold), then fold (when a check is free), call, and the ends of the raise range.
pub fn legal_list(l: &Legal) -> Vec<Action> {
    betting::legal_list(l)
}

impl Table for Holdem {
    type State = HoldemState;
    type Options = HoldemOptions;

    fn players(options: &HoldemOptions) -> usize {
        options.players
    }

    fn deal(options: &HoldemOptions, seed: u64) -> Result<HoldemState, BotsError> {
        options.validate()?;
        let setup = options.setup(0);
        let (hand, log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_u64(seed)))
            .map_err(|e| BotsError::Options(e.to_string()))?;
        Ok(HandState { setup, hand, log })
    }

    fn to_act(state: &HoldemState) -> Vec<usize> {
        match state.hand.legal_actions() {
            ToAct::Player(l) => vec![l.seat],
            _ => Vec::new(),
        }
    }

    fn view(state: &HoldemState, seat: usize) -> Result<HandView, BotsError> {
        Ok(state.hand.view(Some(seat)))
    }

    fn legal_actions(state: &HoldemState, seat: usize) -> Vec<Action> {
        match state.hand.legal_actions() {
            ToAct::Player(l) if l.seat == seat => legal_list(&l),
            _ => Vec::new(),
        }
    }

    fn apply(state: &mut HoldemState, action: Action) -> Result<Vec<Event>, BotsError> {
        let events = state.hand.apply(action).map_err(engine_error)?;
        state.log.extend_from_slice(&events);
        Ok(events)
    }

    fn event_for(event: &Event, seat: usize) -> Option<Event> {
        Some(event.seen_by(Some(seat)))
    }

    fn is_over(state: &HoldemState) -> bool {
        state.hand.is_over()
    }

    fn outcome(state: &HoldemState) -> Outcome {
        betting::outcome(
            &state.setup.stacks,
            state.hand.stacks(),
            state.setup.min_bet,
        )
    }

    fn record_json(state: &HoldemState) -> Result<Option<String>, BotsError> {
        let hand = phh::export(&state.setup, &state.log, None).to_phh();
        let record = serde_json::json!({
            "format": "tavolo-holdem-hand/1",
            "setup": state.setup,
            "phh": hand,
        });
        serde_json::to_string_pretty(&record)
            .map(Some)
            .map_err(engine_error)
    }
}

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "station",
    "rules",
    "expert",
    "expert:easy",
    "expert:normal",
    "expert:hard",
];

/// The bot named `name`: `random`, `station`, `rules`, `expert` (= `expert:normal`),
/// `expert:easy`, `expert:hard`, `expert:N` for an expert doing N simulations per decision, or
/// `exec:PROGRAM ARGS…` for an external program ([`crate::external`]).
pub fn bot_spec(name: &str) -> Result<BotSpec<Holdem>, BotsError> {
    let unknown = || BotsError::UnknownBot {
        game: Holdem::NAME,
        name: name.to_string(),
        known: format!(
            "{}, expert:N (N simulations), exec:PROGRAM (an external bot)",
            BOT_NAMES.join(", ")
        ),
    };
    if let Some(command) = name.trim().strip_prefix("exec:") {
        if command.trim().is_empty() {
            return Err(unknown());
        }
        return Ok(crate::external::spec::<Holdem>(command).0);
    }
    let spec = match name.trim() {
        "random" => BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _),
        "station" => BotSpec::new("station", |_, _| Box::new(StationBot) as _),
        "rules" => BotSpec::new("rules", |_, seed| Box::new(RulesBot::new(seed)) as _),
        "expert" | "expert:normal" => expert_spec(ExpertLevel::Normal),
        "expert:easy" => expert_spec(ExpertLevel::Easy),
        "expert:hard" => expert_spec(ExpertLevel::Hard),
        other => {
            let n: u32 = other
                .strip_prefix("expert:")
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0 && n <= 1_000_000)
                .ok_or_else(unknown)?;
            let label = format!("expert:{n}");
            BotSpec::new(label.clone(), move |seat, seed| {
                Box::new(ExpertBot::with_samples(label.clone(), n, seat, seed)) as _
            })
        }
    };
    Ok(spec)
}

fn expert_spec(level: ExpertLevel) -> BotSpec<Holdem> {
    BotSpec::new(format!("expert:{}", level.name()), move |seat, seed| {
        Box::new(ExpertBot::new(level, seat, seed)) as _
    })
}
