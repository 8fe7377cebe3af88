//! Local Best Response (Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit
//! Poker Bots", 2017): a lower bound on how much a heads-up Hold'em bot can be beaten.
//!
//! LBR plays the bot through the engine, seat against seat, and never sees the bot's cards. It
//! keeps the bot's **range**, a weight for each of the 1,326 hole-card pairs (zero for pairs
//! that hold a known card), and updates it by Bayes' rule at each of the bot's decisions: each
//! pair's weight is multiplied by the probability that the bot, holding that pair, would have
//! taken the action it took — asked through [`Bot::policy`] of a *shadow* bot made from the same
//! spec that has observed the same events, with the pair put into its view.
//!
//! At each of its own decisions LBR picks the action of best expected value against the range,
//! **assuming both players only check or call from then on**:
//!
//! - fold: 0 (what is in the pot is sunk);
//! - check or call: `equity × (pot + call) − call`;
//! - bet or raise: `fp × pot + (1 − fp) × (equity' × (pot + both additions) − addition)`, where
//!   `fp` is the range's probability of folding to it (asked of a fresh bot that has observed
//!   the same events and the raise) and `equity'` the equity against the part of the range that
//!   does not fold.
//!
//! Sizes: Limit has its one bet; No-Limit and Pot-Limit try ½ pot, 1 pot and all-in (as "pot",
//! the pot after the call), clamped into the legal range.
//!
//! **Equity** against each pair of the range is exact on the turn and river (all run-outs); on
//! the flop it averages [`LbrConfig::flop_samples`] random turn-and-river run-outs and before
//! the flop [`LbrConfig::preflop_samples`] random boards, the same sampled boards for every pair
//! (so the pairs' equities are comparable), from a generator seeded by the deal.
//!
//! Deals are played in duplicate, LBR in either seat ([`crate::lbr`]); the figure is in
//! milli-big-blinds per game (mbb/g) with a 95% confidence interval.

use tavolo_cards::{Card, CardSet, EquityQuery, Game as EquityGame, Holding, SplitMix64};
use tavolo_engine::betting::BettingAction;
use tavolo_engine::game::Game;
use tavolo_engine::holdem::{Action, BetEvent, Event, HandView, Legal, Structure};
use tavolo_engine::Chips;

use super::Holdem;
use crate::betting::{self, Table};
use crate::bot::{Bot, BotSpec};
use crate::error::BotsError;
use crate::lbr::{
    duplicate_deals, fold_probabilities, narrow, play_hand, HandResult, Policy, Ranged, Responder,
};

/// The settings of an LBR measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LbrConfig {
    /// The betting structure (heads-up, 100 big blinds each).
    pub structure: Structure,
    /// Deals; each is played twice (LBR in either seat).
    pub deals: u64,
    /// The seed: deal `i` is dealt from [`game_seed`](crate::arena::game_seed)`(seed, i)`.
    pub seed: u64,
    /// Random boards per equity computation before the flop.
    pub preflop_samples: u32,
    /// Random turn-and-river run-outs per equity computation on the flop.
    pub flop_samples: u32,
}

impl LbrConfig {
    /// `deals` deals of `structure` seeded with `seed`, 400 boards before the flop and 300
    /// run-outs on the flop (equities within about ±3%, enough to rank LBR's few actions).
    pub fn new(structure: Structure, deals: u64, seed: u64) -> LbrConfig {
        LbrConfig {
            structure,
            deals,
            seed,
            preflop_samples: 400,
            flop_samples: 300,
        }
    }
}

pub use crate::lbr::LbrResult;

use super::pairs::{cards_of, pairs, remove_pairs_holding};
pub use super::pairs::{equity_vs_pairs, pair, PAIRS};

/// Measures `spec` by LBR over `config.deals` deals (heads-up, 100 big blinds), on rayon's
/// current pool; `on_deal` is called after each deal. The same seed gives the same result
/// whatever the number of threads. Fails when the bot does not report its policy.
pub fn measure(
    spec: &BotSpec<Holdem>,
    config: &LbrConfig,
    on_deal: &(dyn Fn() + Sync),
) -> Result<LbrResult, BotsError> {
    let setup = super::heads_up(config.structure)?;
    duplicate_deals(
        spec.name(),
        "bb",
        config.deals,
        config.seed,
        spec.learns(),
        true,
        on_deal,
        |seed, lbr_seat, i| play(spec, &setup, config, seed, lbr_seat, i),
    )
}

/// One hand: LBR at `lbr_seat` against the bot; LBR's winnings in big blinds and the range
/// misses.
fn play(
    spec: &BotSpec<Holdem>,
    setup: &<Holdem as Game>::Setup,
    config: &LbrConfig,
    seed: u64,
    lbr_seat: usize,
    index: u64,
) -> Result<HandResult, BotsError> {
    let (unit, start) = (
        setup.min_bet,
        setup.stacks.get(lbr_seat).copied().unwrap_or(Chips::ZERO),
    );
    play_hand(
        spec,
        setup,
        seed,
        lbr_seat,
        index,
        |hand: &Holdem, bseed| {
            let Some(mine) = full(hand.hole_cards(lbr_seat)) else {
                return Err(BotsError::Engine {
                    game: index,
                    message: "LBR's hole cards were not dealt".into(),
                });
            };
            let my_cards = cards_of(mine);
            let range = pairs()
                .iter()
                .map(|p| {
                    if cards_of(*p).is_disjoint(my_cards) {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect();
            Ok(Lbr {
                spec,
                bot_seat: 1 - lbr_seat,
                lbr_seat,
                mine,
                range,
                equity: None,
                rng: SplitMix64::new(SplitMix64::mix(seed ^ (0x1b2 + lbr_seat as u64))),
                config: *config,
                bot_seed: bseed,
            })
        },
        |hand, events| all_in_expectation(hand, events, lbr_seat, start, unit),
    )
}

/// LBR's expected winnings, in big blinds (`unit` chips, from a stack of `start`), of a
/// finished heads-up hand whose betting ended before the river with both players still in: its
/// equity in the pot over every board that could have come after the last action, instead of
/// the board that came. `None` when the hand ended otherwise (a fold, betting on the river), or
/// with chips carried over.
///
/// Since each of LBR's and the bot's decisions came before the cards that are averaged over,
/// the expectation of this value is that of the winnings themselves.
pub(crate) fn all_in_expectation(
    hand: &Holdem,
    events: &[Event],
    lbr_seat: usize,
    start: Chips,
    unit: Chips,
) -> Option<f64> {
    if hand.seats() != 2 || hand.live().len() != 2 || hand.carried() != 0 || unit == 0 {
        return None;
    }
    // Board cards dealt when the last betting action was taken.
    let (mut board, mut closed_at) = (0, 0);
    for e in events {
        match e {
            Event::BoardDealt { cards, .. } => board += cards.as_slice().len(),
            Event::Bet(
                BetEvent::Folded { .. }
                | BetEvent::Checked { .. }
                | BetEvent::Called { .. }
                | BetEvent::BetOrRaised { .. },
            ) => closed_at = board,
            _ => {}
        }
    }
    if closed_at >= 5 {
        return None;
    }
    let mine = full(hand.hole_cards(lbr_seat))?;
    let theirs = full(hand.hole_cards(1 - lbr_seat))?;
    let known: Vec<Card> = hand.board().take(closed_at).collect();
    let query = EquityQuery::new(
        vec![Holding::Known(mine), Holding::Known(theirs)],
        known,
        CardSet::EMPTY,
        EquityGame::Holdem,
    )
    .ok()?;
    let equity = query.exact_single_thread().equity(0);
    let won = hand.winnings();
    let pot = won.iter().sum::<Chips>();
    if pot == 0 {
        return None;
    }
    let end = *hand.stacks().get(lbr_seat)?;
    // The pot LBR took from the board that came is replaced by its share over every board.
    let expected_end = end.to_f64() - won[lbr_seat].to_f64() + equity * pot.to_f64();
    Some((expected_end - start.to_f64()) / unit.to_f64())
}

impl Responder<Holdem> for Lbr<'_> {
    fn watch(
        &mut self,
        shadow: &mut dyn Bot<Holdem>,
        view: &HandView,
        legal: &[Action],
        action: &Action,
    ) -> Result<bool, BotsError> {
        if view.legal.is_none() {
            return Ok(true);
        }
        // Bayes' rule over the pairs; false when no pair would have taken the action.
        let policies = self.policies(shadow, view, legal)?;
        Ok(narrow(&mut self.range, &policies, action))
    }

    fn respond(
        &mut self,
        hand: &Holdem,
        view: &HandView,
        legal: &[Action],
        log: &[Event],
    ) -> Result<Action, BotsError> {
        match view.legal {
            Some(l) => self.choose(hand, view, &l, log),
            None => Ok(legal[0]),
        }
    }

    fn after(&mut self, hand: &Holdem) {
        self.remove_board(&hand.board().collect::<Vec<_>>());
    }
}

/// Both cards, when both are known.
fn full(cards: [Option<Card>; 2]) -> Option<[Card; 2]> {
    match cards {
        [Some(a), Some(b)] => Some([a, b]),
        _ => None,
    }
}

/// LBR's state in one hand.
struct Lbr<'a> {
    spec: &'a BotSpec<Holdem>,
    bot_seat: usize,
    lbr_seat: usize,
    mine: [Card; 2],
    /// The bot's range: a weight per pair.
    range: Vec<f64>,
    /// LBR's equity against each pair, for a board of the given length.
    equity: Option<(usize, Vec<f64>)>,
    rng: SplitMix64,
    config: LbrConfig,
    bot_seed: u64,
}

impl Lbr<'_> {
    /// Zeroes the pairs that hold a board card.
    fn remove_board(&mut self, board: &[Card]) {
        remove_pairs_holding(&mut self.range, board);
    }

    /// LBR's equity against each pair on `board` (cached per street).
    fn equities(&mut self, board: &[Card]) -> &[f64] {
        let stale = self
            .equity
            .as_ref()
            .is_none_or(|(len, _)| *len != board.len());
        if stale {
            let e = equity_vs_pairs(
                self.mine,
                board,
                &self.range,
                &mut self.rng,
                self.config.preflop_samples,
                self.config.flop_samples,
            );
            self.equity = Some((board.len(), e));
        }
        match &self.equity {
            Some((_, e)) => e,
            None => &[],
        }
    }

    /// LBR's action at `view`: [`best_response`] with the bot's own fold probabilities.
    fn choose(
        &mut self,
        hand: &Holdem,
        view: &HandView,
        l: &Legal,
        log: &[Event],
    ) -> Result<Action, BotsError> {
        if self.range.iter().sum::<f64>() <= 0.0 {
            return Ok(passive(l, self.lbr_seat));
        }
        let eq = self.equities(&view.board).to_vec();
        let range = self.range.clone();
        let (me, bot) = (self.lbr_seat, self.bot_seat);
        best_response(view, l, &range, &eq, |to| {
            let raise = Action::BetOrRaiseTo { seat: me, to };
            let fold = Action::Fold { seat: bot };
            let fp = fold_probabilities(&*self, hand, (raise, fold), log, |v: &HandView| {
                v.legal.is_some()
            })?;
            Ok(fp.into_iter().map(|f| (f, 0.0)).collect())
        })
    }
}

impl Ranged<Holdem> for Lbr<'_> {
    fn bot(&self) -> (&BotSpec<Holdem>, usize, u64) {
        (self.spec, self.bot_seat, self.bot_seed)
    }

    fn hands(&self) -> usize {
        PAIRS
    }

    /// The bot's policy at `view` for each pair of the range with a weight (`None` for pairs
    /// without one).
    fn policies(
        &self,
        bot: &mut dyn Bot<Holdem>,
        view: &HandView,
        legal: &[Action],
    ) -> Result<Vec<Option<Policy<Holdem>>>, BotsError> {
        let mut v = view.clone();
        let mut out = Vec::with_capacity(PAIRS);
        for (i, p) in pairs().iter().enumerate() {
            if self.range[i] <= 0.0 {
                out.push(None);
                continue;
            }
            v.hole[self.bot_seat] = [Some(p[0]), Some(p[1])];
            let policy = bot.policy(&v, legal).ok_or_else(|| BotsError::NoPolicy {
                bot: self.spec.name().to_string(),
            })?;
            out.push(Some(policy));
        }
        Ok(out)
    }
}

/// Check when free, else call.
fn passive(l: &Legal, me: usize) -> Action {
    if l.check {
        Action::Check { seat: me }
    } else {
        Action::Call { seat: me }
    }
}

/// LBR's rule ([`crate::betting::best_response`]) at a Hold'em decision: the action of `view`'s
/// seat (to act, with choices `l`) of best expected value against an opponent whose hand is
/// distributed as `range` (a weight per pair), **assuming both players only check or call from
/// then on**. `eq` is the seat's equity against each pair; `answer(to)` gives each pair's
/// probabilities of folding to a bet or raise to `to` and of re-raising it (by the same
/// increment, then called; LBR's bot never counts as re-raising). Limit tries its one bet;
/// No-Limit and Pot-Limit ½ pot, 1 pot and all-in (the pot after the call), clamped into the
/// legal range. The rule of [`measure`] and of the `exploit` bot.
pub(crate) fn best_response<E>(
    view: &HandView,
    l: &Legal,
    range: &[f64],
    eq: &[f64],
    answer: impl FnMut(Chips) -> Result<Vec<(f64, f64)>, E>,
) -> Result<Action, E> {
    let sizes = match (view.rules.structure, l.raise) {
        (_, None) => Vec::new(),
        (Structure::FixedLimit, Some(r)) => vec![r.min_to],
        _ => betting::best_response_sizes(
            view.pot,
            view.bets.iter().copied().max().unwrap_or(Chips::ZERO),
            l,
        ),
    };
    let table = Table {
        pot: view.pot,
        bets: &view.bets,
        stacks: &view.stacks,
        live: &view.live,
    };
    let bet = betting::best_response(table, l, &sizes, Chips::ZERO, range, eq, answer)?;
    Ok(Action::from_bet(l.seat, bet))
}

#[cfg(test)]
mod tests;
