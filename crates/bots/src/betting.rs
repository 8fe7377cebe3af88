//! What the bots of the two betting games, Texas Hold'em ([`crate::holdem`]) and Five-Card Draw
//! ([`crate::draw`]), share.
//!
//! Both games bet through the engine's one betting round ([`tavolo_engine::betting`]): a
//! decision's [`Legal`] is the same type in both, and [`BettingAction`] makes and reads the
//! betting actions of either game. So a bot's decision (fold, check or call, raise to an amount)
//! fitted to the legal range, the [`RandomBot`] and the price of a call are written once here.

use tavolo_engine::betting::{Bet, BettingAction, Legal};
use tavolo_engine::Chips;

use crate::holdem::strength::SimRng;

/// A betting decision before it is fitted to the legal range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Fold (a check instead when it is allowed).
    Fold,
    /// Check or call; where neither is allowed (Draw before the opening), open with the minimum.
    CheckCall,
    /// Bet or raise to this amount, clamped into the legal range (as `CheckCall` when no raise
    /// is allowed).
    RaiseTo(Chips),
}

impl Decision {
    /// The legal action for this decision.
    ///
    /// In Hold'em a seat that may not check always has a call (checks are allowed before the
    /// opening), so opening with the minimum is only ever Draw's passive choice.
    pub(crate) fn to_action<A: BettingAction>(self, l: &Legal) -> A {
        let passive = if l.check {
            Bet::Check
        } else if l.call.is_some() {
            Bet::Call
        } else if let Some(r) = l.raise {
            Bet::RaiseTo(r.min_to)
        } else {
            Bet::Fold
        };
        let bet = match self {
            Decision::Fold if l.check => Bet::Check,
            Decision::Fold => Bet::Fold,
            Decision::CheckCall => passive,
            Decision::RaiseTo(to) => match l.raise {
                Some(r) => Bet::RaiseTo(to.clamp(r.min_to, r.max_to)),
                None => passive,
            },
        };
        A::from_bet(l.seat, bet)
    }
}

/// A decision that may be drawn at random: `yes` with probability `p`, else `no` (a pure
/// decision has `p` = 1). Bots that mix decide through it, so that the distribution they draw
/// from is also what they report as their policy ([`crate::Bot::policy`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Mixed {
    /// The decision taken with probability `p`.
    pub yes: Decision,
    /// Its probability.
    pub p: f64,
    /// The decision taken otherwise.
    pub no: Decision,
}

impl Mixed {
    /// Always `d`.
    pub(crate) fn pure(d: Decision) -> Mixed {
        Mixed {
            yes: d,
            p: 1.0,
            no: d,
        }
    }

    /// `yes` with probability `p`, else `no`.
    pub(crate) fn mix(yes: Decision, p: f64, no: Decision) -> Mixed {
        Mixed { yes, p, no }
    }

    /// The decision, drawing from `rng` only when it is mixed.
    pub(crate) fn draw(self, rng: &mut SimRng) -> Decision {
        if self.p >= 1.0 || self.yes == self.no {
            self.yes
        } else if self.p <= 0.0 || rng.unit() >= self.p {
            self.no
        } else {
            self.yes
        }
    }

    /// The distribution over legal actions (the two decisions fitted to `l`, merged when they
    /// fit to the same action).
    pub(crate) fn policy<A: BettingAction + PartialEq>(self, l: &Legal) -> Vec<(A, f64)> {
        let p = self.p.clamp(0.0, 1.0);
        let yes: A = self.yes.to_action(l);
        let no: A = self.no.to_action(l);
        if yes == no || p >= 1.0 {
            vec![(yes, 1.0)]
        } else if p <= 0.0 {
            vec![(no, 1.0)]
        } else {
            vec![(yes, p), (no, 1.0 - p)]
        }
    }
}

/// The `random` bot of both betting games: a uniformly random kind of legal action, a bet or
/// raise to an amount uniform over the legal range. Which kinds it picks among is each game's
/// (see its `Bot` implementations).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SimRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SimRng::new(seed),
        }
    }

    /// One of `kinds` or, when a bet or raise is allowed, a bet or raise to an amount uniform
    /// over its range, chosen uniformly and fitted to `l`.
    pub(crate) fn bet<A: BettingAction>(&mut self, mut kinds: Vec<Decision>, l: &Legal) -> A {
        if let Some(r) = l.raise {
            let span = r.max_to - r.min_to;
            let to = r.min_to + (self.rng.unit() * (span + 1) as f64) as u64;
            kinds.push(Decision::RaiseTo(to.min(r.max_to)));
        }
        kinds[self.rng.below(kinds.len())].to_action(l)
    }

    /// The generator, for choices outside the betting.
    pub(crate) fn rng(&mut self) -> &mut SimRng {
        &mut self.rng
    }
}

/// The price of a call: the share of the pot after it that the call is (0 when nothing is
/// owed). `pot` is everything in the middle.
pub(crate) fn pot_odds(pot: Chips, to_call: Chips) -> f64 {
    if to_call == 0 {
        0.0
    } else {
        to_call as f64 / (pot + to_call) as f64
    }
}

/// A bet or raise of `fraction` of the pot after the call, and by at least `least` chips, as a
/// "to" amount over `max_bet`, the largest bet of the round.
pub(crate) fn pot_fraction_to(
    pot: Chips,
    to_call: Chips,
    max_bet: Chips,
    fraction: f64,
    least: Chips,
) -> Chips {
    let after_call = (pot + to_call) as f64;
    max_bet + ((fraction * after_call).round() as Chips).max(least)
}
