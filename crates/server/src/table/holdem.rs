//! Texas Hold'em at a live table: one [`Hand`] per deal, seeded, with the table's blinds.

use serde_json::{json, Value};
use tavolo_bots::holdem::{legal_list, Holdem};
use tavolo_cards::GameRng;
use tavolo_engine::holdem::{
    phh, Action, Dealing, Event, Hand, HandSetup, HandView, HoldemRules, ToAct,
};
use tavolo_engine::Chips;

use super::game::{betting_action, betting_legal_json, betting_result_json, Deal, LiveGame};

/// A Hold'em hand in play, with its setup and log (the record).
pub struct LiveHoldem {
    setup: HandSetup,
    hand: Hand,
    log: Vec<Event>,
}

impl LiveGame for LiveHoldem {
    type G = Holdem;
    const FORMAT: &'static str = "phh";

    fn bot_spec(name: &str) -> Result<tavolo_bots::BotSpec<Self::G>, String> {
        tavolo_bots::holdem::bot_spec(name).map_err(|e| e.to_string())
    }

    fn deal(d: &Deal) -> Result<(Self, Vec<Event>), String> {
        let o = d.options;
        let mut setup = HandSetup::casino(
            d.stacks.to_vec(),
            d.button,
            o.small_blind,
            o.big_blind,
            HoldemRules::casino(o.holdem_structure()),
        );
        setup.carried_in = d.carried;
        let (hand, log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_seed(d.seed)))
            .map_err(|e| e.to_string())?;
        let events = log.clone();
        Ok((LiveHoldem { setup, hand, log }, events))
    }

    fn to_act(&self) -> Vec<usize> {
        match self.hand.legal_actions() {
            ToAct::Player(l) => vec![l.seat],
            _ => Vec::new(),
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
            other => return Err(format!("unknown Hold'em action {other:?}")),
        })
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, String> {
        let ev = self.hand.apply(action).map_err(|e| e.to_string())?;
        self.log.extend_from_slice(&ev);
        Ok(ev)
    }

    fn default_action(&self, seat: usize) -> Action {
        match self.hand.legal_actions() {
            ToAct::Player(l) if l.seat == seat && l.check => Action::Check { seat },
            _ => Action::Fold { seat },
        }
    }

    fn bot_view(&self, seat: usize) -> HandView {
        self.hand.view(Some(seat))
    }

    fn bot_legal(&self, seat: usize) -> Vec<Action> {
        match self.hand.legal_actions() {
            ToAct::Player(l) if l.seat == seat => legal_list(&l),
            _ => Vec::new(),
        }
    }

    fn censor(e: &Event, seat: Option<usize>) -> Option<Event> {
        Some(e.seen_by(seat))
    }

    fn event_json(e: &Event) -> Value {
        match *e {
            Event::AntePosted { seat, amount } => {
                json!({"event": "ante", "seat": seat, "amount": amount})
            }
            Event::BlindPosted { seat, amount } => {
                json!({"event": "blind", "seat": seat, "amount": amount})
            }
            Event::HoleDealt { seat, card } => {
                json!({"event": "hole_dealt", "seat": seat, "card": card})
            }
            Event::Burned => json!({"event": "burned"}),
            Event::BoardDealt { street, cards } => {
                json!({"event": "board", "street": street, "cards": cards.as_slice()})
            }
            Event::Folded { seat } => json!({"event": "fold", "seat": seat}),
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
            Event::RoundEnded { street } => json!({"event": "round_ended", "street": street}),
            Event::Shown { seat, cards, rank } => {
                json!({"event": "shown", "seat": seat, "cards": cards, "hand": rank.describe(tavolo_cards::Lang::En)})
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
            ToAct::Player(l) if l.seat == seat => betting_legal_json(&l),
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
        let shown = |seat| {
            self.log.iter().find_map(|x| match *x {
                Event::Shown { seat: s, rank, .. } if s == seat => Some(rank),
                _ => None,
            })
        };
        betting_result_json(pots_won, shown, self.hand.winnings(), self.hand.carried())
    }

    fn record(&self, names: &[String]) -> Result<String, String> {
        Ok(phh::export(&self.setup, &self.log, Some(names)).to_phh())
    }
}
