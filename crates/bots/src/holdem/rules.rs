//! The `rules` bot: tight-aggressive Hold'em by rules of thumb.

use tavolo_cards::SplitMix64;
use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Action, Event, HandView, Street};
use tavolo_engine::Chips;

use super::spot::Spot;
use super::strength::{draws, made, preflop_percentile, Made};
use super::Holdem;
use crate::betting::{Decision, Mixed};
use crate::bot::{Bot, Budget};

/// Tight-aggressive by rules of thumb, in every structure (sizes are fractions of the pot,
/// clamped into the legal range, so Limit gets its fixed bet and Pot-Limit at most the pot):
///
/// - **Before the flop**, by the hand's percentile among all starting hands and the number of
///   players still to act behind: open-raise the top 14% (early) to 45% (button) and 65%
///   heads-up; against a raise, re-raise the top 4%, call the top 12%; against a re-raise,
///   go on with the top 2.5%, call the top 5%.
/// - **After it**, by what the hand has made and its draws: bet and raise two pairs or better;
///   bet and call with top pair or an overpair; call small bets with weaker pairs; call draws
///   when the outs pay the price; continuation-bet half of the flops heads-up as the raiser;
///   otherwise check and fold.
#[derive(Clone, Debug)]
pub struct RulesBot {
    rng: SplitMix64,
    preflop_raises: u32,
    raised_preflop: bool,
    flop_seen: bool,
    seat: Option<usize>,
}

impl RulesBot {
    /// A rules bot seeded with `seed` (for its occasional continuation bets).
    pub fn new(seed: u64) -> RulesBot {
        RulesBot {
            rng: SplitMix64::new(seed),
            preflop_raises: 0,
            raised_preflop: false,
            flop_seen: false,
            seat: None,
        }
    }

    fn preflop(&self, s: &Spot) -> Decision {
        let p = preflop_percentile(s.hole[0], s.hole[1]);
        match self.preflop_raises {
            0 => {
                let open = s.open_share(0.65, &[0.12, 0.45, 0.40, 0.28, 0.22, 0.18, 0.14]);
                if p <= open {
                    // 2.5 big blinds, one more per limper: the pot-fraction rule gives that.
                    Decision::RaiseTo(s.pot_fraction_to(0.6).max(s.max_bet.times(5).div_floor(2)))
                } else if s.to_call == 0 || (s.seats == 2 && p <= 0.85) {
                    Decision::CheckCall
                } else {
                    Decision::Fold
                }
            }
            1 => {
                if p <= 0.04 {
                    Decision::RaiseTo(s.max_bet.times(3))
                } else if p <= 0.12 || (s.seats == 2 && p <= 0.35) {
                    Decision::CheckCall
                } else {
                    Decision::Fold
                }
            }
            _ => {
                if p <= 0.025 {
                    Decision::RaiseTo(s.legal.raise.map_or(Chips::ZERO, |r| r.max_to))
                } else if p <= 0.05 {
                    Decision::CheckCall
                } else {
                    Decision::Fold
                }
            }
        }
    }

    fn postflop(&self, s: &Spot) -> Mixed {
        let m = made(s.hole, &s.board);
        let outs = draws(s.hole, &s.board).outs();
        let to_come = match s.street {
            Street::Flop => 2.0,
            _ => 1.0,
        };
        let draw_equity = (f64::from(outs) * 2.0 * to_come / 100.0).min(0.6);
        let odds = s.pot_odds();
        let bet = Decision::RaiseTo(s.pot_fraction_to(0.66));
        if s.to_call == 0 {
            return match m {
                Made::Monster | Made::Strong | Made::TwoPair | Made::GoodPair => Mixed::pure(bet),
                Made::TopPair if s.opponents <= 2 => Mixed::pure(bet),
                _ if outs >= 12 && s.street != Street::River => Mixed::pure(bet),
                // Continuation bet, half the time.
                _ if self.raised_preflop && s.street == Street::Flop && s.opponents == 1 => {
                    Mixed::mix(
                        Decision::RaiseTo(s.pot_fraction_to(0.5)),
                        0.5,
                        Decision::CheckCall,
                    )
                }
                _ => Mixed::pure(Decision::CheckCall),
            };
        }
        Mixed::pure(match m {
            Made::Monster | Made::Strong => Decision::RaiseTo(s.pot_fraction_to(0.8)),
            Made::TwoPair if s.opponents <= 2 => Decision::RaiseTo(s.pot_fraction_to(0.8)),
            Made::TwoPair | Made::GoodPair => Decision::CheckCall,
            Made::TopPair if odds <= 0.3 => Decision::CheckCall,
            Made::WeakPair if odds <= 0.2 && s.street != Street::River => Decision::CheckCall,
            _ if draw_equity >= odds => Decision::CheckCall,
            _ => Decision::Fold,
        })
    }

    /// The decision at `s`, possibly mixed.
    fn choose(&mut self, s: &Spot) -> Mixed {
        self.seat = Some(s.seat);
        if s.street == Street::Preflop {
            Mixed::pure(self.preflop(s))
        } else {
            self.postflop(s)
        }
    }
}

impl Bot<Holdem> for RulesBot {
    fn name(&self) -> &str {
        "rules"
    }

    fn observe(&mut self, event: &Event) {
        match *event {
            Event::Bet(BetEvent::BetOrRaised { seat, .. }) if !self.flop_seen => {
                self.preflop_raises += 1;
                if Some(seat) == self.seat {
                    self.raised_preflop = true;
                }
            }
            Event::BoardDealt { .. } => self.flop_seen = true,
            _ => {}
        }
    }

    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        let Some(s) = Spot::read(view) else {
            return legal[0];
        };
        self.choose(&s).draw(&mut self.rng).to_action(&s.legal)
    }

    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        let s = Spot::read(view)?;
        Some(self.choose(&s).policy(&s.legal))
    }
}
