//! Saint Poker at a live table: one [`SaintGame`] per game of eight rounds, seeded.
//!
//! A `place` or `show` produces no event until the last player has chosen (the engine's
//! design), and the table sends nothing to anybody but the chooser until then.

use serde_json::{json, Value};
use tavolo_bots::saint::SaintPoker;
use tavolo_cards::{best_two_plus_three, Card};
use tavolo_engine::saint::{Action, Event, PhaseName, SaintGame, SaintOptions, SaintView};
use tavolo_engine::Chips;

use super::game::{Deal, LiveGame};

/// A Saint Poker game in play.
pub struct LiveSaint {
    game: SaintGame,
}

impl LiveGame for LiveSaint {
    type G = SaintPoker;
    const FORMAT: &'static str = "saint-json";
    const SIMULTANEOUS: bool = true;

    fn bot_spec(name: &str) -> Result<tavolo_bots::BotSpec<Self::G>, String> {
        tavolo_bots::saint::bot_spec(name).map_err(|e| e.to_string())
    }

    fn deal(d: &Deal) -> Result<(Self, Vec<Event>), String> {
        let players = u8::try_from(d.stacks.len()).map_err(|e| e.to_string())?;
        let game = SaintGame::new(SaintOptions::new(players), d.seed).map_err(|e| e.to_string())?;
        Ok((LiveSaint { game }, Vec::new()))
    }

    fn to_act(&self) -> Vec<usize> {
        self.game.pending()
    }

    fn parse(&self, seat: usize, action: &Value) -> Result<Action, String> {
        let mut obj = action
            .as_object()
            .cloned()
            .ok_or("the action must be an object")?;
        obj.insert("player".into(), seat.into());
        serde_json::from_value(Value::Object(obj))
            .map_err(|e| format!("not a Saint Poker action: {e}"))
    }

    fn out_of_turn(&self, action: &Action) -> bool {
        // A choice may be replaced until the last player has chosen (the engine checks the
        // phase).
        matches!(action, Action::Place { .. } | Action::Show { .. })
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, String> {
        self.game.apply(action).map_err(|e| e.to_string())
    }

    fn default_action(&self, seat: usize) -> Action {
        let hand: Vec<Card> = self.game.hand(seat).iter().collect();
        let legal = self.game.legal_actions(seat);
        let fallback = legal.first().copied().unwrap_or(Action::Place {
            player: seat,
            card: hand
                .first()
                .copied()
                .unwrap_or_else(|| Card::all().next().expect("52 cards")),
        });
        match self.game.phase() {
            PhaseName::Place => hand
                .iter()
                .min_by_key(|c| (c.rank(), c.suit()))
                .map(|&card| Action::Place { player: seat, card })
                .unwrap_or(fallback),
            PhaseName::Show => {
                let centre: Vec<Card> = self.game.centre().iter().collect();
                match best_two_plus_three(&hand, &centre) {
                    Ok((five, _)) => {
                        let own: Vec<Card> =
                            five.iter().filter(|c| hand.contains(c)).copied().collect();
                        match own.as_slice() {
                            [a, b] => Action::Show {
                                player: seat,
                                cards: [*a, *b],
                            },
                            _ => fallback,
                        }
                    }
                    Err(_) => fallback,
                }
            }
            _ => fallback,
        }
    }

    fn bot_view(&self, seat: usize) -> SaintView {
        match self.game.view(seat) {
            Ok(v) => v,
            Err(_) => self.game.view(0).expect("a game has a seat 0"),
        }
    }

    fn bot_legal(&self, seat: usize) -> Vec<Action> {
        self.game.legal_actions(seat)
    }

    fn censor(e: &Event, _seat: Option<usize>) -> Option<Event> {
        // Every Saint Poker event is public (the engine emits none for a pending choice).
        Some(*e)
    }

    fn event_json(e: &Event) -> Value {
        serde_json::to_value(e).unwrap_or(Value::Null)
    }

    fn view_json(&self, seat: Option<usize>) -> Value {
        match seat {
            Some(s) => self
                .game
                .view(s)
                .ok()
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or(Value::Null),
            None => {
                let Some(mut v) = self
                    .game
                    .view(0)
                    .ok()
                    .and_then(|v| serde_json::to_value(v).ok())
                else {
                    return Value::Null;
                };
                if let Some(o) = v.as_object_mut() {
                    o.insert("player".into(), Value::Null);
                    o.insert("hand".into(), json!([]));
                    o.insert("my_choice".into(), Value::Null);
                }
                v
            }
        }
    }

    fn legal_json(&self, seat: usize) -> Value {
        if !self.game.is_pending(seat) && self.game.choice(seat).is_none() {
            return json!([]);
        }
        // Lists stay short: every place (≤ 10 cards), every pair to show (≤ 45), every pick.
        serde_json::to_value(self.game.legal_actions(seat)).unwrap_or(Value::Null)
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn stacks(&self) -> Vec<Chips> {
        Vec::new()
    }

    fn carried_out(&self) -> Chips {
        0
    }

    fn result_json(&self) -> Value {
        json!({"scores": self.game.scores(), "round_points": self.game.round_points(), "winners": self.game.winners()})
    }

    fn record(&self, _names: &[String]) -> Result<String, String> {
        let r = self.game.record().map_err(|e| e.to_string())?;
        serde_json::to_string(&r).map_err(|e| e.to_string())
    }

    fn winners(&self) -> Vec<usize> {
        self.game.winners()
    }
}
