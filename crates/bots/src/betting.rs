//! What the bots of the two betting games, Texas Hold'em ([`crate::holdem`]) and Five-Card Draw
//! ([`crate::draw`]), share.
//!
//! Both games bet through the engine's one betting round ([`tavolo_engine::betting`]): a
//! decision's [`Legal`] is the same type in both, and [`BettingAction`] makes and reads the
//! betting actions of either game. So a bot's decision (fold, check or call, raise to an amount)
//! fitted to the legal range, the [`RandomBot`] and the price of a call are written once here.

use tavolo_cards::SplitMix64;
use tavolo_engine::betting::{Bet, BettingAction, Legal};
use tavolo_engine::game::{Game, Positions};
use tavolo_engine::Chips;

use crate::error::BotsError;

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
    pub(crate) fn draw(self, rng: &mut SplitMix64) -> Decision {
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
    rng: SplitMix64,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SplitMix64::new(seed),
        }
    }

    /// One of `kinds` or, when a bet or raise is allowed, a bet or raise to an amount uniform
    /// over its range, chosen uniformly and fitted to `l`.
    pub(crate) fn bet<A: BettingAction>(&mut self, mut kinds: Vec<Decision>, l: &Legal) -> A {
        if let Some(r) = l.raise {
            let span = r.max_to - r.min_to;
            let to =
                r.min_to + Chips::new((self.rng.unit() * (span + Chips::new(1)).to_f64()) as u64);
            kinds.push(Decision::RaiseTo(to.min(r.max_to)));
        }
        kinds[self.rng.below(kinds.len())].to_action(l)
    }

    /// The generator, for choices outside the betting.
    pub(crate) fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }
}

/// The `fold` bot of both betting games: folds at every betting decision (checks when a check
/// is free). An anchor of the best-response yardsticks ([`crate::lbr`]): what it loses to a
/// player who bets every hand is known in closed form.
#[derive(Clone, Copy, Debug, Default)]
pub struct FoldBot;

/// The `raise` bot of both betting games: bets or raises a pot-sized amount (clamped into the
/// legal range: Limit's fixed bet) at every betting decision, and calls when it may not raise;
/// in Draw it makes the standard exchange. An anchor of the best-response yardsticks.
#[derive(Clone, Copy, Debug, Default)]
pub struct RaiseBot;

/// The setup of every hand of a match of betting game `G` at `table`: `players` equal stacks
/// of `stack`, the button (in Draw the dealer) at `button`.
pub(crate) fn match_setup<G: Game>(
    table: &G::Options,
    players: usize,
    stack: Chips,
    button: usize,
) -> Result<G::Setup, BotsError> {
    let at = Positions::new(vec![stack; players], button, Chips::ZERO);
    G::setup(table, &at).map_err(|e| BotsError::Options(e.to_string()))
}

/// The price of a call: the share of the pot after it that the call is (0 when nothing is
/// owed). `pot` is everything in the middle.
pub(crate) fn pot_odds(pot: Chips, to_call: Chips) -> f64 {
    if to_call == 0 {
        0.0
    } else {
        to_call.to_f64() / (pot + to_call).to_f64()
    }
}

/// A bet or raise of `fraction` of the pot after the call, and by at least `least` chips, as a
/// "to" amount over `max_bet`, the largest bet of the round: sized by the engine's one rounding
/// ([`tavolo_engine::betting::PotSize`]), so "½ pot" is the chip count the terminal and the
/// browser offer.
pub fn pot_fraction_to(
    pot: Chips,
    to_call: Chips,
    max_bet: Chips,
    fraction: f64,
    least: Chips,
) -> Chips {
    let size = tavolo_engine::betting::PotSize {
        middle: pot,
        max_bet,
    };
    size.fraction_to(to_call, fraction).max(max_bet + least)
}

/// The public side of a heads-up betting decision, as a best response sees it: everything in
/// the middle, and each seat's bet this round, chips behind and whether it is still in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table<'a> {
    /// Everything in the middle (this round's bets included).
    pub pot: Chips,
    /// This round's bet in front of each seat.
    pub bets: &'a [Chips],
    /// Chips behind, per seat.
    pub stacks: &'a [Chips],
    /// Whether each seat is still in the hand.
    pub live: &'a [bool],
}

/// Local Best Response's rule (Lisý & Bowling 2017), the same for both betting games: the
/// decision of the seat to act (with choices `l`) of best expected value against one opponent
/// whose hand is distributed as `range` (a weight per hand), **assuming both players only check
/// or call from then on**. `later` is what each of them is assumed to put in after this round
/// (0 where the rest of the hand may be checked; Draw's forced opening of the next round
/// otherwise), capped by the stacks.
///
/// - fold: 0 (what is in the pot is sunk); offered when no check is;
/// - check or call: `equity × (pot + call + 2·later) − call − later`;
/// - bet or raise to each of `sizes`: `fp × pot + (1 − fp − rp) × (equity' × called − addition)`
///   plus, for `rp`, the same with a re-raise of the same increment that the seat then calls,
///   where `answer(to)` gives each hand's probabilities `(fp, rp)` of folding to the raise and
///   of re-raising it.
///
/// `eq` is the seat's equity against each hand. Returns the decision as a [`Bet`] (the passive
/// one when the range is empty or there is no opponent). The values are linear in the range,
/// so this sums it up ([`RangeSums`]) and decides by [`best_response_to_sums`].
pub(crate) fn best_response<E>(
    table: Table<'_>,
    l: &Legal,
    sizes: &[Chips],
    later: Chips,
    range: &[f64],
    eq: &[f64],
    mut answer: impl FnMut(Chips) -> Result<Vec<(f64, f64)>, E>,
) -> Result<Bet, E> {
    let total: f64 = range.iter().sum();
    let sizes = legal_sizes(l, sizes);
    let mut sums = RangeSums {
        total,
        equity: range.iter().zip(eq).map(|(w, e)| w * e).sum(),
        answers: Vec::with_capacity(sizes.len()),
    };
    if total > 0.0 && opponent(table, l.seat).is_some() {
        for &to in &sizes {
            let answers = answer(to)?;
            let mut a = AnswerSums::default();
            for ((w, &(f, r)), e) in range.iter().zip(&answers).zip(eq) {
                let c = (1.0 - f - r).max(0.0);
                a.fold += w * f;
                a.call += w * c;
                a.call_equity += w * c * e;
                a.reraise += w * r;
                a.reraise_equity += w * r * e;
            }
            sums.answers.push(a);
        }
    }
    Ok(best_response_to_sums(table, l, &sizes, later, &sums))
}

/// `sizes` clamped into the legal raise range, none when no raise is allowed.
pub(crate) fn legal_sizes(l: &Legal, sizes: &[Chips]) -> Vec<Chips> {
    match l.raise {
        Some(r) => sizes
            .iter()
            .map(|&to| to.clamp(r.min_to, r.max_to))
            .collect(),
        None => Vec::new(),
    }
}

/// The seat still in other than `me`.
fn opponent(table: Table<'_>, me: usize) -> Option<usize> {
    (0..table.bets.len()).find(|&s| s != me && table.live[s])
}

/// A range as [`best_response`] values it: sums of its weights `w` over hands, with the
/// seat's equity `e` against each.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct RangeSums {
    /// Σ w.
    pub total: f64,
    /// Σ w·e.
    pub equity: f64,
    /// For each legal size, how the range answers a raise to it.
    pub answers: Vec<AnswerSums>,
}

/// How a range answers one raise: sums of `w·f` (folds), `w·c` (calls, `c = 1 − f − r`) and
/// `w·r` (re-raises), and of the calls and re-raises times the seat's equity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct AnswerSums {
    /// Σ w·f.
    pub fold: f64,
    /// Σ w·c.
    pub call: f64,
    /// Σ w·c·e.
    pub call_equity: f64,
    /// Σ w·r.
    pub reraise: f64,
    /// Σ w·r·e.
    pub reraise_equity: f64,
}

/// [`best_response`]'s decision from the range's sums: `sizes` are the legal sizes
/// ([`legal_sizes`]), `sums.answers` one per size (or none: no raise is tried).
pub(crate) fn best_response_to_sums(
    table: Table<'_>,
    l: &Legal,
    sizes: &[Chips],
    later: Chips,
    sums: &RangeSums,
) -> Bet {
    let me = l.seat;
    let passive = if l.check {
        Some(Bet::Check)
    } else {
        l.call.map(|_| Bet::Call)
    };
    let fallback = passive.unwrap_or(match l.raise {
        Some(r) => Bet::RaiseTo(r.min_to),
        None => Bet::Fold,
    });
    let total = sums.total;
    if total <= 0.0 {
        return fallback;
    }
    let Some(opp) = opponent(table, me) else {
        return fallback;
    };
    let mean_eq = sums.equity / total;
    let pot = table.pot.to_f64();
    let stack = |s: usize| table.stacks.get(s).copied().unwrap_or(Chips::ZERO);
    // `later`, as far as both stacks go once the seat has added `mine` and the opponent `opp`.
    let later_after = |mine: Chips, theirs: Chips| -> f64 {
        (later
            .min(stack(me).minus_at_most(mine))
            .min(stack(opp).minus_at_most(theirs)))
        .to_f64()
    };
    let mut best: Option<(f64, Bet)> = passive.map(|b| {
        let call = l.call.unwrap_or(Chips::ZERO);
        let more = later_after(call, Chips::ZERO);
        let call = call.to_f64();
        (mean_eq * (pot + call + 2.0 * more) - call - more, b)
    });
    if !l.check && best.is_none_or(|(ev, _)| 0.0 > ev) {
        best = Some((0.0, Bet::Fold));
    }
    let max_bet = table.bets.iter().copied().max().unwrap_or(Chips::ZERO);
    for (&to, a) in sizes.iter().zip(&sums.answers) {
        // What each side adds if the opponent calls (its stack caps it; the rest comes back).
        let opp_add = to.minus_at_most(table.bets[opp]).min(stack(opp));
        let mine_add = (table.bets[opp] + opp_add).minus_at_most(table.bets[me]);
        // A re-raise of the same increment, which the seat then calls (stacks permitting).
        let again = to
            .minus_at_most(max_bet)
            .min(stack(opp) - opp_add)
            .min(stack(me).minus_at_most(mine_add));
        let more = later_after(mine_add, opp_add);
        let more_again = later_after(mine_add + again, opp_add + again);
        let (opp_add, mine_add, again) = (opp_add.to_f64(), mine_add.to_f64(), again.to_f64());
        let called = pot + mine_add + opp_add;
        let ev = (a.fold * pot + a.call_equity * (called + 2.0 * more)
            - a.call * (mine_add + more)
            + a.reraise_equity * (called + 2.0 * again + 2.0 * more_again)
            - a.reraise * (mine_add + again + more_again))
            / total;
        if best.is_none_or(|(b, _)| ev > b) {
            best = Some((ev, Bet::RaiseTo(to)));
        }
    }
    best.map_or(fallback, |b| b.1)
}

/// The bet sizes a best response tries where amounts are free: ½ pot, 1 pot (the pot after the
/// call) and all-in, clamped into the legal range `l` and without repeats.
pub(crate) fn best_response_sizes(pot: Chips, max_bet: Chips, l: &Legal) -> Vec<Chips> {
    let Some(r) = l.raise else {
        return Vec::new();
    };
    let after_call = pot + l.call.unwrap_or(Chips::ZERO);
    let mut v: Vec<Chips> = [0.5, 1.0]
        .iter()
        .map(|f| {
            (max_bet + Chips::new((f * after_call.to_f64()).round() as u64))
                .clamp(r.min_to, r.max_to)
        })
        .chain([r.max_to])
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}
