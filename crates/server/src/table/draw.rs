//! Five-Card Draw (German rules) at a live table: one [`DrawHand`] per deal, seeded.

use serde_json::{json, Value};
use tavolo_bots::draw::{betting_list, exchange_list, Draw};
use tavolo_cards::{Card, CardSet, GameRng};
use tavolo_engine::draw::{
    Action, Dealing, DrawHand, DrawRecord, DrawSetup, DrawView, Event, ToAct,
};
use tavolo_engine::Chips;

use super::game::{betting_action, betting_legal_json, betting_result_json, Deal, LiveGame};

/// A draw hand in play, with its setup and log.
pub struct LiveDraw {
    setup: DrawSetup,
    hand: DrawHand,
    log: Vec<Event>,
}

fn cards(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}

impl LiveGame for LiveDraw {
    type G = Draw;
    const FORMAT: &'static str = "draw-json";

    fn bot_spec(name: &str) -> Result<tavolo_bots::BotSpec<Self::G>, String> {
        tavolo_bots::draw::bot_spec(name).map_err(|e| e.to_string())
    }

    fn deal(d: &Deal) -> Result<(Self, Vec<Event>), String> {
        let mut setup = DrawSetup::new(d.stacks.to_vec(), d.button, d.options.ante);
        setup.carried_in = d.carried;
        let (hand, log) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_seed(d.seed)))
            .map_err(|e| e.to_string())?;
        let events = log.clone();
        Ok((LiveDraw { setup, hand, log }, events))
    }

    fn to_act(&self) -> Vec<usize> {
        match self.hand.legal_actions() {
            ToAct::Bet(l) => vec![l.seat],
            ToAct::Exchange { seat, .. } | ToAct::Showdown { seat, .. } => vec![seat],
            ToAct::Nobody => Vec::new(),
        }
    }

    fn parse(&self, seat: usize, action: &Value) -> Result<Action, String> {
        let (name, to) = betting_action(action)?;
        Ok(match name {
            "fold" => Action::Fold { seat },
            "check" => Action::Check { seat },
            "call" => Action::Call { seat },
            "bet_or_raise_to" => Action::BetOrRaiseTo {
                seat,
                to: to.ok_or("bet_or_raise_to needs \"to\"")?,
            },
            "exchange" => {
                let list = action
                    .get("discard")
                    .and_then(Value::as_array)
                    .ok_or("exchange needs \"discard\": a list of 0–3 cards")?;
                if list.len() > 5 {
                    return Err("at most 3 cards may be discarded".into());
                }
                let mut discard = CardSet::EMPTY;
                for c in list {
                    let card: Card = c
                        .as_str()
                        .ok_or("cards are strings like \"7c\"")?
                        .parse()
                        .map_err(|e| format!("{e}"))?;
                    if !discard.insert(card) {
                        return Err(format!("{card} is discarded twice"));
                    }
                }
                Action::Exchange { seat, discard }
            }
            "show" => Action::Show { seat },
            "muck" => Action::Muck { seat },
            other => return Err(format!("unknown Five-Card Draw action {other:?}")),
        })
    }

    fn out_of_turn(&self, action: &Action) -> bool {
        matches!(*action, Action::Fold { seat } if self.hand.may_fold(seat))
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, String> {
        let ev = self.hand.apply(action).map_err(|e| e.to_string())?;
        self.log.extend_from_slice(&ev);
        Ok(ev)
    }

    fn default_action(&self, seat: usize) -> Action {
        match self.hand.legal_actions() {
            ToAct::Bet(l) if l.seat == seat && l.check => Action::Check { seat },
            ToAct::Exchange { seat: s, .. } if s == seat => Action::Exchange {
                seat,
                discard: CardSet::EMPTY,
            },
            ToAct::Showdown { seat: s, .. } if s == seat => Action::Show { seat },
            _ => Action::Fold { seat },
        }
    }

    fn bot_view(&self, seat: usize) -> DrawView {
        self.hand.view(Some(seat))
    }

    fn bot_legal(&self, seat: usize) -> Vec<Action> {
        match self.hand.legal_actions() {
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

    fn censor(e: &Event, seat: Option<usize>) -> Option<Event> {
        Some(e.seen_by(seat))
    }

    fn event_json(e: &Event) -> Value {
        match *e {
            Event::CarriedIn { amount } => json!({"event": "carried_in", "amount": amount}),
            Event::AntePosted { seat, amount } => {
                json!({"event": "ante", "seat": seat, "amount": amount})
            }
            Event::BottomCard { card } => json!({"event": "bottom_card", "card": card}),
            Event::Dealt { seat, cards: c } => {
                json!({"event": "dealt", "seat": seat, "cards": c.map(cards)})
            }
            Event::Folded { seat, out_of_turn } => {
                json!({"event": "fold", "seat": seat, "out_of_turn": out_of_turn})
            }
            Event::Checked { seat } => json!({"event": "check", "seat": seat}),
            Event::Called {
                seat,
                amount,
                all_in,
            } => json!({"event": "call", "seat": seat, "amount": amount, "all_in": all_in}),
            Event::BetOrRaised { seat, to, all_in } => {
                json!({"event": "bet_or_raise", "seat": seat, "to": to, "all_in": all_in})
            }
            Event::UncalledReturned { seat, amount } => {
                json!({"event": "uncalled_returned", "seat": seat, "amount": amount})
            }
            Event::RoundEnded { round } => json!({"event": "round_ended", "round": round}),
            Event::Reshuffled { cards: n } => json!({"event": "reshuffled", "cards": n}),
            Event::Exchanged {
                seat,
                count,
                discarded,
                drawn,
            } => json!({"event": "exchanged", "seat": seat, "count": count,
                "discarded": discarded.map(cards), "drawn": drawn.map(|d| d.cards().collect::<Vec<_>>())}),
            Event::Shown {
                seat,
                cards: c,
                rank,
            } => {
                json!({"event": "shown", "seat": seat, "cards": cards(c), "hand": rank.describe(tavolo_cards::Lang::En)})
            }
            Event::Mucked { seat } => json!({"event": "mucked", "seat": seat}),
            Event::PotWon { pot, seat, amount } => {
                json!({"event": "pot_won", "pot": pot, "seat": seat, "amount": amount})
            }
            Event::Carried { amount } => json!({"event": "carried", "amount": amount}),
            Event::HandOver => json!({"event": "hand_over"}),
        }
    }

    fn view_json(&self, seat: Option<usize>) -> Value {
        serde_json::to_value(self.hand.view(seat)).unwrap_or(Value::Null)
    }

    fn legal_json(&self, seat: usize) -> Value {
        match self.hand.legal_actions() {
            ToAct::Bet(l) if l.seat == seat => betting_legal_json(&l),
            ToAct::Exchange { seat: s, max, .. } if s == seat => {
                json!([{"action": "exchange", "max": max}, {"action": "fold"}])
            }
            ToAct::Showdown { seat: s, may_muck } if s == seat => {
                if may_muck {
                    json!([{"action": "show"}, {"action": "muck"}])
                } else {
                    json!([{"action": "show"}])
                }
            }
            _ if self.hand.may_fold(seat) => json!([{"action": "fold"}]),
            _ => json!([]),
        }
    }

    fn is_over(&self) -> bool {
        self.hand.is_over()
    }

    fn stacks(&self) -> Vec<Chips> {
        self.hand.stacks().to_vec()
    }

    fn carried_out(&self) -> Chips {
        self.hand.carried()
    }

    fn result_json(&self) -> Value {
        let pots_won = self.log.iter().filter_map(|e| match *e {
            Event::PotWon { pot, seat, amount } => Some((pot, seat, amount)),
            _ => None,
        });
        let shown = |seat| self.hand.shown_rank(seat);
        betting_result_json(pots_won, shown, self.hand.winnings(), self.hand.carried())
    }

    fn record(&self, _names: &[String]) -> Result<String, String> {
        DrawRecord::from_log(&self.setup, &self.log)
            .map(|r| r.to_json())
            .map_err(|e| e.to_string())
    }
}
