//! What the bots of the two betting games, Texas Hold'em ([`crate::holdem`]) and Five-Card Draw
//! ([`crate::draw`]), share.
//!
//! Both games bet through the engine's one betting round ([`tavolo_engine::betting`]): a
//! decision's [`Legal`] is the same type in both, and their actions differ only outside the
//! betting. [`BettingAction`] makes and reads the betting actions of either game, so the
//! betting logic is written once here: the legal actions as a list ([`legal_list`]), the range
//! check of [`Game::allows`](crate::Game::allows) ([`allows`]), a bot's decision (fold,
//! check or call, raise to an amount) fitted to the legal range, the [`RandomBot`], the price of
//! a call, a hand kept with its record ([`HandState`]) and a hand's scores.

use tavolo_engine::betting::{Bet, Legal};
use tavolo_engine::{draw, holdem, Chips};

use crate::game::Outcome;
use crate::holdem::strength::SimRng;

/// A game's action that can be a bet: Hold'em's and Draw's actions.
pub trait BettingAction: Copy + PartialEq {
    /// The action of `seat` making `bet`.
    fn from_bet(seat: usize, bet: Bet) -> Self;

    /// The seat and the bet of a betting action; `None` for any other action.
    fn bet(&self) -> Option<(usize, Bet)>;
}

impl BettingAction for holdem::Action {
    fn from_bet(seat: usize, bet: Bet) -> Self {
        match bet {
            Bet::Fold => holdem::Action::Fold { seat },
            Bet::Check => holdem::Action::Check { seat },
            Bet::Call => holdem::Action::Call { seat },
            Bet::RaiseTo(to) => holdem::Action::BetOrRaiseTo { seat, to },
        }
    }

    fn bet(&self) -> Option<(usize, Bet)> {
        self.as_bet()
    }
}

impl BettingAction for draw::Action {
    fn from_bet(seat: usize, bet: Bet) -> Self {
        match bet {
            Bet::Fold => draw::Action::Fold { seat },
            Bet::Check => draw::Action::Check { seat },
            Bet::Call => draw::Action::Call { seat },
            Bet::RaiseTo(to) => draw::Action::BetOrRaiseTo { seat, to },
        }
    }

    fn bet(&self) -> Option<(usize, Bet)> {
        self.as_bet()
    }
}

/// The legal actions of a betting decision as a list: the default action first (check when
/// allowed, else fold), then fold (when a check is allowed), call, and the ends of the raise
/// range.
pub fn legal_list<A: BettingAction>(l: &Legal) -> Vec<A> {
    let seat = l.seat;
    let mut v = Vec::with_capacity(5);
    if l.check {
        v.push(A::from_bet(seat, Bet::Check));
    }
    if l.fold {
        v.push(A::from_bet(seat, Bet::Fold));
    }
    if l.call.is_some() {
        v.push(A::from_bet(seat, Bet::Call));
    }
    if let Some(r) = l.raise {
        v.push(A::from_bet(seat, Bet::RaiseTo(r.min_to)));
        if r.max_to > r.min_to {
            v.push(A::from_bet(seat, Bet::RaiseTo(r.max_to)));
        }
    }
    v
}

/// Whether `action` is allowed by a list of legal actions where a bet or raise stands for the
/// ends of its range ([`legal_list`]): a bet or raise to any amount between them is.
pub fn allows<A: BettingAction>(legal: &[A], action: &A) -> bool {
    match action.bet() {
        Some((seat, Bet::RaiseTo(to))) => {
            let mut range: Option<(Chips, Chips)> = None;
            for a in legal {
                if let Some((s, Bet::RaiseTo(t))) = a.bet() {
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

/// A hand in play, with its setup and every event so far (its record): the state of the
/// arena's betting games ([`crate::holdem::HoldemState`], [`crate::draw::DrawState`]).
#[derive(Clone, Debug)]
pub struct HandState<S, H, E> {
    pub(crate) setup: S,
    pub(crate) hand: H,
    pub(crate) log: Vec<E>,
}

impl<S, H, E> HandState<S, H, E> {
    /// The hand.
    pub fn hand(&self) -> &H {
        &self.hand
    }

    /// Every event so far, uncensored.
    pub fn log(&self) -> &[E] {
        &self.log
    }
}

/// A betting hand's outcome: each seat's result in `unit`s (the big blind, the ante) from its
/// stack at the `start` and at the `end`; the seats with the best result share the victory.
pub(crate) fn outcome(start: &[Chips], end: &[Chips], unit: Chips) -> Outcome {
    let unit = unit.max(1) as f64;
    let scores: Vec<f64> = end
        .iter()
        .zip(start)
        .map(|(&end, &start)| (end as f64 - start as f64) / unit)
        .collect();
    Outcome {
        win_shares: win_shares(&scores),
        scores,
    }
}

/// Shares of the victory of a betting hand: the seats that won the most share it equally.
fn win_shares(scores: &[f64]) -> Vec<f64> {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners = scores.iter().filter(|&&s| s == best).count().max(1);
    scores
        .iter()
        .map(|&s| if s == best { 1.0 / winners as f64 } else { 0.0 })
        .collect()
}
