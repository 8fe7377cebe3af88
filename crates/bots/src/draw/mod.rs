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
pub use simple::{RandomBot, RulesBot, StationBot};

use crate::bot::BotSpec;
use crate::error::BotsError;
use crate::game::{Game, Outcome, Table};
use crate::holdem::win_shares;

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
        match *action {
            Action::BetOrRaiseTo { seat, to } => {
                let mut range: Option<(Chips, Chips)> = None;
                for a in legal {
                    if let Action::BetOrRaiseTo { seat: s, to: t } = *a {
                        if s == seat {
                            range = Some(range.map_or((t, t), |(lo, hi)| (lo.min(t), hi.max(t))));
                        }
                    }
                }
                range.is_some_and(|(lo, hi)| (lo..=hi).contains(&to))
            }
            _ => legal.contains(action),
        }
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
#[derive(Clone, Debug)]
pub struct DrawState {
    setup: DrawSetup,
    hand: DrawHand,
    log: Vec<Event>,
}

impl DrawState {
    /// The hand.
    pub fn hand(&self) -> &DrawHand {
        &self.hand
    }

    /// Every event so far, uncensored.
    pub fn log(&self) -> &[Event] {
        &self.log
    }
}

fn engine_error(e: impl ToString) -> BotsError {
    BotsError::Engine {
        game: 0,
        message: e.to_string(),
    }
}

/// The legal betting actions as a list: the default first (check when allowed, else fold),
/// then call and the ends of the raise range.
pub fn betting_list(l: &Legal) -> Vec<Action> {
    let seat = l.seat;
    let mut v = Vec::with_capacity(5);
    if l.check {
        v.push(Action::Check { seat });
    }
    if l.fold {
        v.push(Action::Fold { seat });
    }
    if l.call.is_some() {
        v.push(Action::Call { seat });
    }
    if let Some(r) = l.raise {
        v.push(Action::BetOrRaiseTo { seat, to: r.min_to });
        if r.max_to > r.min_to {
            v.push(Action::BetOrRaiseTo { seat, to: r.max_to });
        }
    }
    v
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
        Ok(DrawState { setup, hand, log })
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
        let ante = state.setup.ante.max(1) as f64;
        let scores: Vec<f64> = state
            .hand
            .stacks()
            .iter()
            .zip(&state.setup.stacks)
            .map(|(&end, &start)| (end as f64 - start as f64) / ante)
            .collect();
        Outcome {
            win_shares: win_shares(&scores),
            scores,
        }
    }

    fn record_json(state: &DrawState) -> Result<Option<String>, BotsError> {
        let record = DrawRecord::from_log(&state.setup, &state.log).map_err(engine_error)?;
        Ok(Some(record.to_json()))
    }
}

/// A betting decision before it is fitted to the legal range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Fold (a check instead when allowed).
    Fold,
    /// Check or call; where neither is allowed (before the opening), open with the minimum.
    CheckCall,
    /// Open or raise to this amount, clamped into the legal range.
    RaiseTo(Chips),
}

impl Decision {
    /// The legal action for this decision.
    pub(crate) fn to_action(self, l: &Legal) -> Action {
        let seat = l.seat;
        let passive = if l.check {
            Action::Check { seat }
        } else if l.call.is_some() {
            Action::Call { seat }
        } else if let Some(r) = l.raise {
            Action::BetOrRaiseTo { seat, to: r.min_to }
        } else {
            Action::Fold { seat }
        };
        match self {
            Decision::Fold if l.check => Action::Check { seat },
            Decision::Fold => Action::Fold { seat },
            Decision::CheckCall => passive,
            Decision::RaiseTo(to) => match l.raise {
                Some(r) => Action::BetOrRaiseTo {
                    seat,
                    to: to.clamp(r.min_to, r.max_to),
                },
                None => passive,
            },
        }
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
