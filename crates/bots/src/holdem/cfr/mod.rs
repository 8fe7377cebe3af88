//! The `cfr` bot: heads-up Limit and No-Limit Hold'em by strategies computed with
//! counterfactual regret minimisation on abstractions of the games, shipped with the crate.
//!
//! - **Abstraction** ([`buckets`]): the 169 starting-hand classes before the flop, then hand
//!   strength against a random hand cut into buckets a street (on the flop and the turn E\[HS\]
//!   or √E\[HS²\], as the file records: the shipped Limit strategy uses √E\[HS²\], No-Limit
//!   E\[HS\]); the betting trees ([`tree`]):
//!   heads-up Limit with at most four bets a round, and heads-up No-Limit at 100 big blinds
//!   with bets of half the pot, the pot and all-in.
//! - **Training** ([`train`]): external-sampling MCCFR with regret matching⁺ and a linearly
//!   weighted average; `tavolo train holdem --structure limit|nl [--metric ehs|rms] [--samples
//!   N] --iterations N --seed S --out FILE` reproduces a strategy.
//! - **The files** ([`mod@file`]): the average strategy, one byte per action;
//!   `crates/bots/data/holdem-limit-cfr.bin` and `holdem-nl-cfr.bin` are compiled into the
//!   crate and read on first use.
//!
//! **Playing No-Limit** the bot maps every bet or raise it sees to a size of its tree by the
//! pot fraction it is (Ganzfried & Sandholm's pseudo-harmonic mapping between the two nearest
//! sizes, rounded to the likelier; an all-in is the tree's all-in), and bets its own sizes as
//! fractions of the real pot, so it plays any stack and blind with the 100-big-blind strategy.
//!
//! **On the river** ([`river`]) the bot re-solves the river's betting with the real board and
//! no card abstraction: ranges over the 1,326 pairs from the strategy's probabilities of the
//! actions so far, then Discounted CFR over the tree's river betting, card removal exact. A limited
//! [`Budget`] cuts the solve short (at 90 % of it); `cfr:blueprint`
//! ([`CfrBot::without_search`]) plays the trained strategy alone.
//!
//! **Where it does not apply** — Pot-Limit, more than two players — the bot plays as `expert`
//! (`expert:normal`), which it keeps informed of every event for that purpose. A round the
//! abstraction does not have (a Limit raise beyond the fourth bet, which the engine allows
//! heads-up; a No-Limit call of what the tree took for all-in but was not) makes it check or
//! call for the rest of that round; the next street re-enters the tree where the pot is
//! nearest (see `line`).

pub mod buckets;
pub mod file;
pub mod river;
mod strategy;
pub mod train;
pub mod tree;

use std::time::Instant;
use tavolo_cards::SplitMix64;

use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Action, Event, HandView, Street, Structure};
use tavolo_engine::Chips;

use self::tree::{Child, Node, Tree, TreeKind, ACTIONS, ALL_IN, CALL, FOLD, NL_FRACTIONS, RAISE};
use super::expert::{ExpertBot, ExpertLevel};
use super::spot::Spot;
use super::Holdem;
use crate::betting::Decision;
use crate::bot::{Bot, Budget};
use crate::cfr::{add_choice, translate, Raised};

pub use self::strategy::Strategy;

/// One betting step of the hand as the bot saw it (real chips).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A blind or an ante.
    Post {
        seat: usize,
        amount: Chips,
    },
    Fold {
        seat: usize,
    },
    CheckCall {
        seat: usize,
        amount: Chips,
    },
    Raise(Raised),
    RoundEnded,
}

/// Plays heads-up Limit and No-Limit Hold'em by CFR strategies ([`Strategy`]), drawing each
/// action from the strategy's probabilities for its bucket and betting line; elsewhere plays as
/// `expert` (see the module documentation).
pub struct CfrBot {
    limit: &'static Strategy,
    no_limit: &'static Strategy,
    rng: SplitMix64,
    /// The betting of this hand so far.
    steps: Vec<Step>,
    fallback: ExpertBot,
    /// Whether it re-solves the river ([`river`]).
    search: bool,
}

impl CfrBot {
    /// A CFR bot for `seat` playing `limit` in Limit and `no_limit` in No-Limit, seeded with
    /// `seed`.
    pub fn new(
        limit: &'static Strategy,
        no_limit: &'static Strategy,
        seat: usize,
        seed: u64,
    ) -> CfrBot {
        CfrBot {
            limit,
            no_limit,
            rng: SplitMix64::new(seed),
            steps: Vec::new(),
            fallback: ExpertBot::new(ExpertLevel::Normal, seat, seed),
            search: true,
        }
    }

    /// This bot playing as `expert` at `level` where no strategy applies (Pot-Limit, more than
    /// two players) instead of `expert:normal`, seeded for `seat` with `seed`.
    pub fn with_fallback(mut self, level: ExpertLevel, seat: usize, seed: u64) -> CfrBot {
        self.fallback = ExpertBot::new(level, seat, seed);
        self
    }

    /// This bot without the river search: the trained strategy alone (the `cfr:blueprint`
    /// level, to measure what the search adds).
    pub fn without_search(mut self) -> CfrBot {
        self.search = false;
        self
    }

    /// The strategy for `view`'s game, when there is one.
    fn strategy(&self, view: &HandView) -> Option<&'static Strategy> {
        if view.stacks.len() != 2 {
            return None;
        }
        match view.rules.structure {
            Structure::FixedLimit => Some(self.limit),
            Structure::NoLimit => Some(self.no_limit),
            Structure::PotLimit => None,
        }
    }

    /// The decision of `strategy`'s tree the hand is at, when the betting line is in the tree,
    /// with the tree's (node, action) steps that led there: every step of the hand is walked
    /// down the tree, bets and raises mapped to the tree's sizes by their pot fractions.
    ///
    /// A round that leaves the tree (a call the tree takes for a call of all-in, a raise past
    /// the tree's last size) is off it until the round ends; the next street re-enters the tree
    /// at that street's first decision where each player has put in the nearest amount in big
    /// blinds ([`Tree::street_start_nearest`]), as if the hand had come that way.
    fn line(&self, strategy: &Strategy, view: &HandView) -> Option<(usize, Vec<(usize, usize)>)> {
        let player = |seat: usize| usize::from(seat != view.button);
        let mut line = Vec::new();
        let tree = strategy.tree();
        let mut at = 0usize;
        // Real chips each player has put in, in all and before this round.
        let mut put = [Chips::ZERO; 2];
        let mut before = [Chips::ZERO; 2];
        let mut street = 0u8;
        // Whether this round has left the tree.
        let mut lost = false;
        for &step in &self.steps {
            let (seat, action) = match step {
                Step::Post { seat, amount } => {
                    put[player(seat)] += amount;
                    continue;
                }
                Step::RoundEnded => {
                    before = put;
                    street += 1;
                    if lost {
                        // The real amounts in the tree's chips.
                        let scale =
                            tree.kind.per_big_blind() / view.min_bet.max(Chips::new(1)).to_f64();
                        at =
                            tree.street_start_nearest(street, put[0].max(put[1]).to_f64() * scale)?;
                        line = tree.path_to(at);
                        lost = false;
                    }
                    continue;
                }
                Step::Fold { seat } => (seat, FOLD),
                Step::CheckCall { seat, amount } => {
                    put[player(seat)] += amount;
                    (seat, CALL)
                }
                Step::Raise(Raised { seat, to, all_in }) => {
                    let p = player(seat);
                    let high = put[0].max(put[1]);
                    put[p] = before[p] + to;
                    if lost {
                        continue;
                    }
                    let slot = tree
                        .nodes
                        .get(at)
                        .and_then(|n| raise_slot(tree, n, high, put[p], all_in));
                    match slot {
                        Some(slot) => (seat, slot),
                        None => {
                            lost = true;
                            continue;
                        }
                    }
                }
            };
            if lost {
                continue;
            }
            let n = tree.nodes.get(at)?;
            if usize::from(n.player) != player(seat) {
                lost = true;
                continue;
            }
            line.push((at, action));
            match n.children.get(action).copied().flatten() {
                Some(Child::Node(i)) => at = i as usize,
                _ => lost = true,
            }
        }
        (!lost && is_to_act(tree, at, view)).then_some((at, line))
    }

    /// The strategy's probabilities at `view`, as (decision, probability), when it applies;
    /// `Err(())` for a line off the tree (check or call).
    /// A river search stops at `deadline`, if any.
    fn decisions(
        &self,
        view: &HandView,
        deadline: Option<Instant>,
    ) -> Option<Result<Vec<(Decision, f64)>, ()>> {
        let strategy = self.strategy(view)?;
        let legal = view.legal?;
        let Some((node, line)) = self.line(strategy, view) else {
            return Some(Err(()));
        };
        // The seat's cards, the pot and the price, read once.
        let Some(spot) = Spot::read(view) else {
            return Some(Err(()));
        };
        let p = match self.river_search(strategy, node, &line, view, deadline) {
            Some(p) => p,
            None => {
                let bucket = strategy.abstraction.bucket(spot.hole, &spot.board);
                strategy.probabilities(node, bucket)
            }
        };
        let raise = |slot: usize| -> Chips {
            let Some(r) = legal.raise else {
                return Chips::ZERO;
            };
            match strategy.tree().kind {
                TreeKind::Limit => r.min_to,
                TreeKind::NoLimit if slot == ALL_IN => r.max_to,
                TreeKind::NoLimit => NL_FRACTIONS
                    .iter()
                    .find(|(s, _)| *s == slot)
                    .map_or(r.max_to, |&(_, f)| spot.pot_fraction_to(f)),
            }
        };
        let mut out = vec![(Decision::Fold, p[FOLD]), (Decision::CheckCall, p[CALL])];
        for (slot, &q) in p.iter().enumerate().skip(RAISE) {
            if q > 0.0 {
                out.push((Decision::RaiseTo(raise(slot)), q));
            }
        }
        Some(Ok(out))
    }
}

impl CfrBot {
    /// Heads-up on the river: the probabilities of the river re-solved ([`river`]) at
    /// tree node `node`, reached by `line`, for the seat's cards; the solve stops at
    /// `deadline`, if any.
    fn river_search(
        &self,
        strategy: &'static Strategy,
        node: usize,
        line: &[(usize, usize)],
        view: &HandView,
        deadline: Option<Instant>,
    ) -> Option<[f64; ACTIONS]> {
        if !self.search || view.board.len() != 5 {
            return None;
        }
        let tree = strategy.tree();
        let river = |&&(n, _): &&(usize, usize)| tree.nodes.get(n).is_some_and(|x| x.street == 3);
        let root = line.iter().find(river).map_or(node, |&(n, _)| n);
        let before: Vec<(usize, usize)> = line.iter().filter(|s| !river(s)).copied().collect();
        let solution = river::solve(strategy, root, &view.board, &before, deadline)?;
        let hole = view.hole[view.legal?.seat];
        solution.probabilities(node, [hole[0]?, hole[1]?])
    }
}

/// Whether decision `at` of `tree` is the decision `view`'s seat has to make: its player, on
/// the view's street.
fn is_to_act(tree: &Tree, at: usize, view: &HandView) -> bool {
    let (Some(n), Some(legal)) = (tree.nodes.get(at), view.legal) else {
        return false;
    };
    let street = match view.street {
        Street::Preflop => 0,
        Street::Flop => 1,
        Street::Turn => 2,
        Street::River => 3,
    };
    n.player == u8::from(legal.seat != view.button) && n.street == street
}

/// The tree's slot for a real bet or raise from `high` (the larger real contribution before
/// it) to `to` (the raiser's real contribution after it), at node `n`.
fn raise_slot(tree: &Tree, n: &Node, high: Chips, to: Chips, all_in: bool) -> Option<usize> {
    if tree.kind == TreeKind::Limit {
        return n.allows(RAISE).then_some(RAISE);
    }
    if all_in && n.allows(ALL_IN) {
        return Some(ALL_IN);
    }
    let tree_high = f64::from(n.contrib[0].max(n.contrib[1]));
    let sizes = (RAISE..ACTIONS).filter(|&s| n.allows(s)).filter_map(|s| {
        let t = tree.raise_target(n, s)?;
        Some((s, (f64::from(t) - tree_high) / (2.0 * tree_high)))
    });
    let x = to.minus_at_most(high).to_f64() / (2.0 * high.max(Chips::new(1)).to_f64());
    translate(x, sizes)
}

/// The step of the hand an event is, for the bot's place in its tree.
fn step(event: &Event) -> Option<Step> {
    match *event {
        Event::BlindPosted { seat, amount } | Event::Bet(BetEvent::AntePosted { seat, amount }) => {
            Some(Step::Post { seat, amount })
        }
        Event::Bet(BetEvent::Folded { seat, .. }) => Some(Step::Fold { seat }),
        Event::Bet(BetEvent::Checked { seat }) => Some(Step::CheckCall {
            seat,
            amount: Chips::ZERO,
        }),
        Event::Bet(BetEvent::Called { seat, amount, .. }) => Some(Step::CheckCall { seat, amount }),
        Event::Bet(BetEvent::BetOrRaised { seat, to, all_in }) => {
            Some(Step::Raise(Raised { seat, to, all_in }))
        }
        Event::RoundEnded { .. } => Some(Step::RoundEnded),
        _ => None,
    }
}

impl Bot<Holdem> for CfrBot {
    crate::cfr::cfr_bot_observes!();

    fn act(&mut self, view: &HandView, legal: &[Action], budget: Budget) -> Action {
        let Some(l) = view.legal else {
            return legal[0];
        };
        // The river search stops at 90 % of a limited budget (the rest is for the answer).
        let deadline = budget.time.map(|t| Instant::now() + t.mul_f64(0.9));
        match self.decisions(view, deadline) {
            None => self.fallback.act(view, legal, budget),
            Some(Err(())) => Decision::CheckCall.to_action(&l),
            Some(Ok(choices)) => {
                let mut x = self.rng.unit();
                let mut pick = Decision::CheckCall;
                for (d, p) in choices {
                    if p <= 0.0 {
                        continue;
                    }
                    pick = d;
                    if x < p {
                        break;
                    }
                    x -= p;
                }
                pick.to_action(&l)
            }
        }
    }

    fn policy(&mut self, view: &HandView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        let l = view.legal?;
        match self.decisions(view, None) {
            None => self.fallback.policy(view, legal),
            Some(Err(())) => Some(vec![(Decision::CheckCall.to_action(&l), 1.0)]),
            Some(Ok(choices)) => {
                let mut out: Vec<(Action, f64)> = Vec::with_capacity(3);
                for (d, p) in choices {
                    add_choice(&mut out, d.to_action(&l), p);
                }
                Some(out)
            }
        }
    }
}

#[cfg(test)]
mod tests;
