//! Saint Poker through the one game interface ([`Game`]): a game of eight rounds for the players
//! a table seats, with simultaneous place and show phases.

use std::ops::RangeInclusive;

use serde::Serialize;
use tavolo_cards::{best_two_plus_three, Card, Category};

use super::action::{Action, Event};
use super::error::PhaseName;
use super::rules::SaintOptions;
use super::state::{SaintGame, MAX_PLAYERS};
use super::view::SaintView;
use crate::betting::SeatMask;
use crate::game::{Game, GameError, Outcome, Played, Positions, Record, Viewer};

/// A game's result as the room shows it: the points, the points of the last round scored, and
/// the winners.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SaintSummary {
    /// Points by seat.
    pub scores: Vec<u32>,
    /// The points each seat won in the last round scored.
    pub round_points: Option<Vec<u32>>,
    /// The points each seat won in every round scored, first round first.
    pub rounds: Vec<Vec<u32>>,
    /// The seats with the most points.
    pub winners: Vec<usize>,
}

/// A legal action as a client is told it: a pair to show comes with the hand it makes with
/// the centre by the table's hand rule (the engine's one evaluator), so that a client needs no
/// evaluator of its own for its hints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SaintChoice {
    /// The action (written flat: `{"action": "show", "player": 0, "cards": […], "hand": …}`).
    #[serde(flatten)]
    pub action: Action,
    /// For a show once the centre is complete: the hand the pair makes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<ShowHand>,
}

/// The hand a pair would make if shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ShowHand {
    /// Its category (pair, flush, …), as a code a client tells in its language.
    pub category: Category,
    /// Its value (larger is stronger).
    pub value: u16,
    /// The five cards, in the order that describes the hand.
    pub cards: [Card; 5],
}

impl Game for SaintGame {
    const NAME: &'static str = "saint";
    const SEATS: RangeInclusive<usize> = 2..=MAX_PLAYERS;
    const SIMULTANEOUS: bool = true;
    const SEAT_FIELD: &'static str = "player";

    type Options = SaintOptions;
    type Setup = SaintOptions;
    type Action = Action;
    type Event = Event;
    type View = SaintView;
    type Choices = Vec<SaintChoice>;
    type Summary = SaintSummary;

    fn setup(options: &SaintOptions, at: &Positions) -> Result<SaintOptions, GameError> {
        if at.forced.is_some() {
            return Err(GameError::NoLevels("Saint Poker"));
        }
        let mut o = *options;
        o.players = u8::try_from(at.stacks.len()).unwrap_or(u8::MAX);
        o.validate()?;
        Ok(o)
    }

    fn players(setup: &SaintOptions) -> usize {
        setup.players as usize
    }

    fn deal(setup: &SaintOptions, seed: [u8; 32]) -> Result<(SaintGame, Vec<Event>), GameError> {
        // The deal itself announces nothing: the first round's centre and preview are in every
        // view from the start.
        Ok((SaintGame::new(*setup, seed)?, Vec::new()))
    }

    fn to_act(&self) -> SeatMask {
        let mut m = SeatMask::EMPTY;
        for &p in self.pending_seats().as_slice() {
            m.insert(usize::from(p));
        }
        m
    }

    fn legal(&self, seat: usize) -> Vec<Action> {
        SaintGame::legal_actions(self, seat)
    }

    /// Every place (at most ten cards), every pair to show (at most 45) with the hand it makes,
    /// every pick — also to a player who has chosen and may still change their mind.
    fn choices(&self, seat: usize) -> Vec<SaintChoice> {
        if !self.is_pending(seat) && self.choice(seat).is_none() {
            return Vec::new();
        }
        let centre: Vec<Card> = self.centre().iter().collect();
        let rule = self.options().hand_rule;
        SaintGame::legal_actions(self, seat)
            .into_iter()
            .map(|action| {
                let hand = match action {
                    Action::Show { cards, .. } => {
                        rule.best_five(cards, &centre)
                            .ok()
                            .map(|(cards, rank)| ShowHand {
                                category: rank.category(),
                                value: rank.value(),
                                cards,
                            })
                    }
                    _ => None,
                };
                SaintChoice { action, hand }
            })
            .collect()
    }

    fn check(&self, action: &Action) -> Result<(), GameError> {
        Ok(SaintGame::check(self, *action)?)
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        Ok(SaintGame::apply(self, action)?)
    }

    fn seat_of(action: &Action) -> Option<usize> {
        Some(action.player())
    }

    /// A choice may be replaced until the last player has chosen (the engine checks the phase).
    fn out_of_turn(&self, action: &Action) -> bool {
        matches!(action, Action::Place { .. } | Action::Show { .. })
    }

    /// The lowest card to place; the two cards that make the best hand to show; the first card
    /// of the pool to pick.
    fn timeout_action(&self, seat: usize) -> Option<Action> {
        let hand: Vec<Card> = self.hand(seat).iter().collect();
        let first = SaintGame::legal_actions(self, seat).first().copied();
        match self.phase() {
            PhaseName::Place => hand
                .iter()
                .min_by_key(|c| (c.rank(), c.suit()))
                .map(|&card| Action::Place { player: seat, card })
                .or(first),
            PhaseName::Show => {
                let centre: Vec<Card> = self.centre().iter().collect();
                let best = best_two_plus_three(&hand, &centre)
                    .ok()
                    .and_then(|(five, _)| {
                        let own: Vec<Card> =
                            five.iter().filter(|c| hand.contains(c)).copied().collect();
                        match own.as_slice() {
                            [a, b] => Some(Action::Show {
                                player: seat,
                                cards: [*a, *b],
                            }),
                            _ => None,
                        }
                    });
                best.or(first)
            }
            _ => first,
        }
    }

    fn view(&self, viewer: Viewer) -> SaintView {
        match viewer {
            Viewer::Seat(s) => SaintGame::view(self, s).unwrap_or_else(|_| self.spectator_view()),
            Viewer::Spectator => self.spectator_view(),
        }
    }

    /// Every Saint Poker event is public (a pending choice makes none).
    fn censor(event: &Event, _viewer: Viewer) -> Option<Event> {
        Some(*event)
    }

    fn is_over(&self) -> bool {
        SaintGame::is_over(self)
    }

    fn outcome(&self, _setup: &SaintOptions) -> Outcome {
        Outcome::Points {
            scores: self.scores().to_vec(),
            winners: self.winners(),
        }
    }

    fn summary(&self, events: &[Event]) -> SaintSummary {
        // Every player is scored once a round, in one run of `Scored` events.
        let n = self.scores().len().max(1);
        let mut rounds: Vec<Vec<u32>> = Vec::new();
        let mut scored = 0;
        for e in events {
            if let Event::Scored { player, points, .. } = *e {
                if scored % n == 0 {
                    rounds.push(vec![0; n]);
                }
                if let Some(p) = rounds.last_mut().and_then(|r| r.get_mut(player)) {
                    *p = points;
                }
                scored += 1;
            }
        }
        SaintSummary {
            scores: self.scores().to_vec(),
            round_points: self.round_points().map(<[u32]>::to_vec),
            rounds,
            winners: self.winners(),
        }
    }

    fn record(played: &Played<SaintGame>, names: Option<&[String]>) -> Result<Record, GameError> {
        let mut record = SaintGame::record(&played.game)?;
        // The table's names replace the engine's `P1`, `P2`, … when there is one per player
        // (the verifier checks only their count).
        if let Some(names) = names.filter(|n| n.len() == record.players.len()) {
            record.players = names.to_vec();
        }
        let text = serde_json::to_string(&record).map_err(|e| GameError::Record(e.to_string()))?;
        Ok(Record {
            format: "saint-json",
            text,
        })
    }
}
