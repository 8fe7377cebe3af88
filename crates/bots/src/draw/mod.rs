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
//! **Legal actions as a list**, as for Hold'em: a bet or raise stands for the ends of its range
//! (any amount between is allowed, [`Game::allows`]); an exchange lists every discard of 0 to 3
//! cards; the first entry is the default action (fold, or standing pat in the exchange, or
//! showing). The arena asks only the seat whose turn it is, so folds out of turn (allowed by the
//! rules) are not used by these bots.

mod expert;
mod play;
mod simple;

use tavolo_cards::{CardSet, GameRng};
use tavolo_engine::draw::{
    Action, Dealing, DrawHand, DrawRecord, DrawSetup, DrawView, Event, Legal, ToAct,
};
use tavolo_engine::Chips;

pub use expert::ExpertBot;
pub use play::standard_discard;
pub use simple::{RulesBot, StationBot};

pub use crate::betting::RandomBot;

use crate::betting::{self, HandState};
use crate::bot::BotSpec;
use crate::error::{engine_error, BotsError};
use crate::game::{Game, Outcome, Table};

/// Five-Card Draw for bots and the arena.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Draw;

impl Game for Draw {
    const NAME: &'static str = "draw";
    type View = DrawView;
    type Action = Action;
    /// Events pass through [`Event::seen_by`]: other seats' cards, discards and draws hidden.
    type Event = Event;

    fn allows(legal: &[Action], action: &Action) -> bool {
        betting::allows(legal, action)
    }
}

/// The table settings of a Draw match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOptions {
    /// Players dealt in (2 to 8).
    pub players: usize,
    /// The ante, also the minimum bet and raise.
    pub ante: Chips,
    /// Every seat's starting stack.
    pub stack: Chips,
}

impl DrawOptions {
    /// `players` seats, an ante of 10 and 100 antes each.
    pub fn new(players: usize) -> DrawOptions {
        DrawOptions {
            players,
            ante: 10,
            stack: 1_000,
        }
    }

    /// The setup of a hand with the dealer at `dealer`.
    pub fn setup(&self, dealer: usize) -> DrawSetup {
        DrawSetup::new(vec![self.stack; self.players], dealer, self.ante)
    }

    /// Checks the settings.
    pub fn validate(&self) -> Result<(), BotsError> {
        self.setup(0)
            .validate()
            .map_err(|e| BotsError::Options(e.to_string()))
    }
}

/// A hand in play, with its setup and every event so far (its record).
pub type DrawState = HandState<DrawSetup, DrawHand, Event>;

/// The legal betting actions as a list: the default first (check when allowed, else fold),
/// then call and the ends of the raise range.
pub fn betting_list(l: &Legal) -> Vec<Action> {
    betting::legal_list(l)
}

/// Every discard of 0 to `max` cards of `hand`, standing pat first, then fold.
pub fn exchange_list(seat: usize, hand: CardSet, max: u8) -> Vec<Action> {
    let cards: Vec<_> = hand.iter().collect();
    let n = cards.len();
    let mut v = vec![Action::Exchange {
        seat,
        discard: CardSet::EMPTY,
    }];
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > u32::from(max) {
            continue;
        }
        let discard = (0..n)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        v.push(Action::Exchange { seat, discard });
    }
    v.push(Action::Fold { seat });
    v
}

impl Table for Draw {
    type State = DrawState;
    type Options = DrawOptions;

    fn players(options: &DrawOptions) -> usize {
        options.players
    }

    fn deal(options: &DrawOptions, seed: u64) -> Result<DrawState, BotsError> {
        options.validate()?;
        let setup = options.setup(options.players - 1);
        let (hand, log) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(seed)))
            .map_err(|e| BotsError::Options(e.to_string()))?;
        Ok(HandState { setup, hand, log })
    }

    fn to_act(state: &DrawState) -> Vec<usize> {
        match state.hand.legal_actions() {
            ToAct::Bet(l) => vec![l.seat],
            ToAct::Exchange { seat, .. } | ToAct::Showdown { seat, .. } => vec![seat],
            ToAct::Nobody => Vec::new(),
        }
    }

    fn view(state: &DrawState, seat: usize) -> Result<DrawView, BotsError> {
        Ok(state.hand.view(Some(seat)))
    }

    fn legal_actions(state: &DrawState, seat: usize) -> Vec<Action> {
        match state.hand.legal_actions() {
            ToAct::Bet(l) if l.seat == seat => betting_list(&l),
            ToAct::Exchange { seat: s, hand, max } if s == seat => exchange_list(seat, hand, max),
            ToAct::Showdown { seat: s, may_muck } if s == seat => {
                let mut v = vec![Action::Show { seat }];
                if may_muck {
                    v.push(Action::Muck { seat });
                }
                v
            }
            _ => Vec::new(),
        }
    }

    fn apply(state: &mut DrawState, action: Action) -> Result<Vec<Event>, BotsError> {
        let events = state.hand.apply(action).map_err(engine_error)?;
        state.log.extend_from_slice(&events);
        Ok(events)
    }

    fn event_for(event: &Event, seat: usize) -> Option<Event> {
        Some(event.seen_by(Some(seat)))
    }

    fn is_over(state: &DrawState) -> bool {
        state.hand.is_over()
    }

    fn outcome(state: &DrawState) -> Outcome {
        betting::outcome(&state.setup.stacks, state.hand.stacks(), state.setup.ante)
    }

    fn record_json(state: &DrawState) -> Result<Option<String>, BotsError> {
        let record = DrawRecord::from_log(&state.setup, &state.log).map_err(engine_error)?;
        Ok(Some(record.to_json()))
    }
}

/// The bot names [`bot_spec`] knows.
pub const BOT_NAMES: [&str; 4] = ["random", "station", "rules", "expert"];

/// The bot named `name`: `random`, `station`, `rules`, `expert`, or `expert:N` for an expert
/// simulating N deals per decision, or `exec:PROGRAM ARGS…` for an external program
/// ([`crate::external`]).
pub fn bot_spec(name: &str) -> Result<BotSpec<Draw>, BotsError> {
    let unknown = || BotsError::UnknownBot {
        game: Draw::NAME,
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
        return Ok(crate::external::spec::<Draw>(command).0);
    }
    let spec = match name.trim() {
        "random" => BotSpec::new("random", |_, seed| Box::new(RandomBot::new(seed)) as _),
        "station" => BotSpec::new("station", |_, _| Box::new(StationBot) as _),
        "rules" => BotSpec::new("rules", |_, _| Box::new(RulesBot) as _),
        "expert" | "expert:normal" => BotSpec::new("expert", |_, seed| {
            Box::new(ExpertBot::new(
                "expert".into(),
                expert::DEFAULT_SAMPLES,
                seed,
            )) as _
        }),
        other => {
            let n: u32 = other
                .strip_prefix("expert:")
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0 && n <= 1_000_000)
                .ok_or_else(unknown)?;
            let label = format!("expert:{n}");
            BotSpec::new(label.clone(), move |_, seed| {
                Box::new(ExpertBot::new(label.clone(), n, seed)) as _
            })
        }
    };
    Ok(spec)
}
