//! The `expert` bot: equity by simulation against opponent ranges narrowed by their actions.

use std::time::Instant;
use tavolo_cards::SplitMix64;

use tavolo_engine::holdem::{Action, Event, HandView, Street};
use tavolo_engine::Chips;

use super::range::{equity, Range, Reads};
use super::spot::Spot;
use super::strength::preflop_percentile;
use super::Holdem;
use crate::betting::{Decision, Mixed};
use crate::bot::{Bot, Budget};

/// Simulated deals behind each answer of [`Bot::policy`] (at most; fewer at lower levels).
pub const POLICY_SAMPLES: u32 = 150;

/// How much the expert simulates per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpertLevel {
    /// 300 simulated deals per decision.
    Easy,
    /// 1,500 (the default).
    Normal,
    /// 6,000.
    Hard,
}

impl ExpertLevel {
    /// The level's name, as in `expert:normal`.
    pub fn name(self) -> &'static str {
        match self {
            ExpertLevel::Easy => "easy",
            ExpertLevel::Normal => "normal",
            ExpertLevel::Hard => "hard",
        }
    }

    /// Simulated deals per decision at this level (its play; its policy uses fewer,
    /// [`POLICY_SAMPLES`]).
    pub fn samples(self) -> u32 {
        match self {
            ExpertLevel::Easy => 300,
            ExpertLevel::Normal => 1500,
            ExpertLevel::Hard => 6000,
        }
    }
}

/// Plays by equity: every decision simulates deals in which each live opponent holds a hand
/// consistent with its actions (pre-flop: a top fraction of starting hands by calls and
/// raises; after the flop: hands that have made something or draw, for calls, bets and
/// raises, with a little room for bluffs), completes the board and counts the share won.
///
/// Then: facing a bet, it raises for value with a high equity, calls when the equity beats the
/// pot odds, else folds; with nothing to call, it bets for value when its equity is above a
/// threshold that falls with the number of opponents, and sometimes bluffs heads-up with a
/// weak hand or a draw. Sizes are fractions of the pot (larger with stronger hands, all-in
/// when the stack is small against the pot), clamped into the legal range: Limit gets its
/// fixed bets, Pot-Limit at most the pot.
#[derive(Clone, Debug)]
pub struct ExpertBot {
    name: String,
    samples: u32,
    rng: SplitMix64,
    reads: Reads,
}

impl ExpertBot {
    /// An expert of the given level, seeded with `seed`.
    pub fn new(level: ExpertLevel, seat: usize, seed: u64) -> ExpertBot {
        ExpertBot::with_samples(
            format!("expert:{}", level.name()),
            level.samples(),
            seat,
            seed,
        )
    }

    /// An expert simulating `samples` deals per decision.
    pub fn with_samples(name: String, samples: u32, _seat: usize, seed: u64) -> ExpertBot {
        ExpertBot {
            name,
            samples: samples.max(1),
            rng: SplitMix64::new(seed),
            reads: Reads::default(),
        }
    }

    /// The decision at `s`: its equity is simulated (drawing from the generator), the rest is a
    /// function of the equity, but for the occasional bluff, which is mixed.
    fn decide(&mut self, s: &Spot, view: &HandView, budget: Budget) -> Mixed {
        let ranges: Vec<Range> = (0..s.seats)
            .filter(|&o| o != s.seat && view.live[o])
            .map(|o| self.reads.range(o))
            .collect();
        let start = Instant::now();
        let deadline = budget.deadline(start);
        let mut stop = || deadline.is_some_and(|d| Instant::now() >= d);
        let e = equity(
            s.hole,
            &s.board,
            &ranges,
            self.samples,
            &mut self.rng,
            &mut stop,
        );
        let k = s.opponents.max(1) as f64;
        let preflop = s.street == Street::Preflop;
        let value_bet = (0.6 / k.sqrt()).max(0.25);
        let all_in = s.legal.raise.map_or(Chips::ZERO, |r| r.max_to);
        // Shallow: the stack is small against the pot, commit with a strong hand.
        let shallow = s.stack.to_f64() < 1.2 * (s.pot + s.to_call).to_f64();
        let strong_to = |fraction: f64| {
            if shallow {
                all_in
            } else {
                s.pot_fraction_to(fraction)
            }
        };
        let unraised_preflop = preflop && self.reads.preflop_raises == 0;
        if s.to_call == 0 || unraised_preflop {
            return first_in(s, e, value_bet, strong_to);
        }
        let odds = s.pot_odds();
        let raise_at = if preflop {
            (0.62 / k.sqrt()).max(0.3)
        } else {
            (0.72 / k.sqrt()).max(0.35)
        };
        if e >= raise_at && s.legal.raise.is_some() {
            let fraction = if e >= 0.85 { 1.0 } else { 0.75 };
            let to = if preflop {
                s.max_bet.times(3).max(s.pot_fraction_to(0.8))
            } else {
                strong_to(fraction)
            };
            if shallow || e >= 0.75 || !preflop || to < s.stack.div_floor(3) {
                return Mixed::pure(Decision::RaiseTo(to));
            }
        }
        Mixed::pure(if e >= odds {
            Decision::CheckCall
        } else {
            Decision::Fold
        })
    }
}

/// The decision with nothing to call (or only the blinds before the flop), equity `e`: a value
/// bet from `value_bet` up (before the flop: by the hand's rank and the players behind), else
/// check, call the blind or fold, with an occasional heads-up bluff after the flop.
fn first_in(s: &Spot, e: f64, value_bet: f64, strong_to: impl Fn(f64) -> Chips) -> Mixed {
    let preflop = s.street == Street::Preflop;
    // Nothing to call (or only the blinds before the flop).
    let strong = if preflop {
        // Opening: by the hand's rank among starting hands and the players behind.
        let p = preflop_percentile(s.hole[0], s.hole[1]);
        p <= s.open_share(0.7, &[0.15, 0.5, 0.45, 0.32, 0.25, 0.2])
    } else {
        e >= value_bet
    };
    if strong {
        let fraction = if e >= 0.8 { 0.9 } else { 0.66 };
        let to = if preflop {
            s.pot_fraction_to(0.6).max(s.max_bet.times(5).div_floor(2))
        } else {
            strong_to(fraction)
        };
        return Mixed::pure(Decision::RaiseTo(to));
    }
    let passive = if s.to_call == 0 || e >= s.pot_odds() + 0.08 {
        Decision::CheckCall
    } else {
        Decision::Fold
    };
    let heads_up = s.opponents == 1;
    let bluff = match s.street {
        _ if !heads_up || preflop => 0.0,
        Street::River if e < 0.15 => 0.12,
        Street::River => 0.0,
        _ if e < 0.45 => 0.25,
        _ => 0.0,
    };
    if bluff > 0.0 {
        Mixed::mix(Decision::RaiseTo(s.pot_fraction_to(0.5)), bluff, passive)
    } else {
        Mixed::pure(passive)
    }
}

impl Bot<Holdem> for ExpertBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn observe(&mut self, event: &Event) {
        self.reads.observe(event);
    }

    fn act(&mut self, view: &HandView, legal: &[Action], budget: Budget) -> Action {
        let Some(s) = Spot::read(view) else {
            return legal[0];
        };
        let mixed = self.decide(&s, view, budget);
        mixed.draw(&mut self.rng).to_action(&s.legal)
    }

    /// The distribution the bot draws from at `view`, given one fresh simulation of its equity
    /// of at most [`POLICY_SAMPLES`] deals (so two asks may differ by the simulation's noise,
    /// and a little more than the play's decisions do: a best response asks for every hand of
    /// a range, and the full simulation made that take hours).
    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        let s = Spot::read(view)?;
        let samples = self.samples;
        self.samples = samples.min(POLICY_SAMPLES);
        let mixed = self.decide(&s, view, Budget::UNLIMITED);
        self.samples = samples;
        Some(mixed.policy(&s.legal))
    }
}
