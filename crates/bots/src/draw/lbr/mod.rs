//! Local Best Response for heads-up Five-Card Draw (German rules, 100 antes each): a lower bound
//! on how much a Draw bot can be beaten, the yardstick of [`crate::holdem::lbr`] carried over to
//! a game with an exchange.
//!
//! LBR plays the bot through the engine and never sees its cards. The bot's **range** cannot
//! be a weight per hand as in Hold'em (there are 1,533,939 five-card hands beside LBR's), so it
//! is a set of **particles** ([`LbrConfig::particles`]): five-card hands drawn uniformly from the
//! cards LBR does not hold, each with a weight. At each of the bot's decisions every particle's
//! weight is multiplied by the probability that the bot, holding it, would have taken the
//! action it took — asked through [`Bot::policy`] of a *shadow* bot that has observed the same
//! events, with the particle put into its view. At the bot's **exchange** only the number of
//! cards is public: a particle is weighed by the bot's probability of discarding that many, then
//! lays down one such discard (drawn from the bot's policy) and draws as many cards from those
//! it cannot hold, so that it follows the bot into the second round.
//!
//! At each of its own decisions LBR picks, as in Hold'em, the action of best expected value
//! against the range **assuming both players only call from then on**; since Draw has no check,
//! a second betting round still to come is assumed to be opened for the minimum (the ante) and
//! called (`crate::betting::best_response`). It tries folding, calling, and opening or raising
//! to the minimum, ½ pot, 1 pot and all-in; a raise's fold probabilities are asked of a fresh bot
//! that has observed the raise. In its own exchange it lays down the discard (of the 1 + 5 + 10
//! + 10 allowed) of best equity against the range. It always shows at the showdown.
//!
//! **Equity** against a particle: after the exchange, its hand against LBR's (the table's
//! tie-break); before it, over [`LbrConfig::draws`] random draws in which both sides make the
//! standard exchange ([`super::standard_discard`]) — LBR's own plan, and the bot's as far as LBR
//! can tell before it announces its count.
//!
//! Deals are played in duplicate, LBR in either seat ([`crate::lbr`]); the figure is in
//! milli-antes per game with a 95% confidence interval. Against `fold` it is exactly 1,000
//! (LBR opens every hand and wins the bot's ante).

use tavolo_cards::{Card, CardSet, SplitMix64};
use tavolo_engine::betting::{Bet, BettingAction, Legal};
use tavolo_engine::draw::{exchange_list, Action, DrawView, Event, Stage, ToAct};
use tavolo_engine::game::Game;
use tavolo_engine::Chips;

use super::play::{lowest_unpaired, rank, standard_discard};
use super::{Draw, DrawOptions};
use crate::betting::{self, Table};
use crate::bot::{Bot, BotSpec};
use crate::error::BotsError;
use crate::lbr::{
    duplicate_deals, fold_probabilities, narrow, play_hand, reweigh, HandResult, LbrResult, Policy,
    Ranged, Responder,
};

/// The settings of a Draw LBR measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LbrConfig {
    /// Deals; each is played twice (LBR in either seat).
    pub deals: u64,
    /// The seed: deal `i` is dealt from [`crate::arena::game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Hands that stand for the bot's range.
    pub particles: usize,
    /// Random draws per particle for an equity before the exchange.
    pub draws: u32,
}

impl LbrConfig {
    /// `deals` deals seeded with `seed`, a range of 1,000 particles, 8 draws per particle
    /// before the exchange.
    pub fn new(deals: u64, seed: u64) -> LbrConfig {
        LbrConfig {
            deals,
            seed,
            particles: 1_000,
            draws: 8,
        }
    }
}

/// Measures `spec` by LBR over `config.deals` deals (heads-up, 100 antes, the German rules), on
/// rayon's current pool; `on_deal` is called after each deal. The same seed gives the same
/// result whatever the number of threads. Fails when the bot does not report its policy.
///
/// ```
/// use tavolo_bots::draw::{bot_spec, lbr};
///
/// let config = lbr::LbrConfig::new(4, 1);
/// let result = lbr::measure(&bot_spec("fold")?, &config, &|| {})?;
/// assert_eq!(result.milli_per_game, 1000.0); // LBR opens, the bot folds its ante
/// # Ok::<(), tavolo_bots::BotsError>(())
/// ```
pub fn measure(
    spec: &BotSpec<Draw>,
    config: &LbrConfig,
    on_deal: &(dyn Fn() + Sync),
) -> Result<LbrResult, BotsError> {
    let setup = DrawOptions::new(2).setup()?;
    duplicate_deals(
        spec.name(),
        "ante",
        config.deals,
        config.seed,
        spec.learns(),
        false,
        on_deal,
        |seed, lbr_seat, i| play(spec, &setup, config, seed, lbr_seat, i),
    )
}

/// One hand: LBR at `lbr_seat` against the bot; LBR's winnings in antes and the range misses.
/// (No all-in adjustment: the exchange after an all-in is still to be played.)
fn play(
    spec: &BotSpec<Draw>,
    setup: &<Draw as Game>::Setup,
    config: &LbrConfig,
    seed: u64,
    lbr_seat: usize,
    index: u64,
) -> Result<HandResult, BotsError> {
    play_hand(
        spec,
        setup,
        seed,
        lbr_seat,
        index,
        |hand: &Draw, bseed| {
            Ok(Lbr::new(
                spec,
                1 - lbr_seat,
                hand.hand(lbr_seat),
                config,
                SplitMix64::mix(seed ^ (0xd7a + lbr_seat as u64)),
                bseed,
            ))
        },
        |_, _| None,
    )
}

impl Responder<Draw> for Lbr<'_> {
    fn watch(
        &mut self,
        shadow: &mut dyn Bot<Draw>,
        view: &DrawView,
        legal: &[Action],
        action: &Action,
    ) -> Result<bool, BotsError> {
        match (view.legal, action) {
            // Bayes' rule over the particles; false when none would have taken the action.
            (Some(ToAct::Bet(_)), _) => {
                let policies = self.policies(shadow, view, legal)?;
                let mut weights = self.weights();
                let understood = narrow(&mut weights, &policies, action);
                self.set_weights(weights);
                Ok(understood)
            }
            // Only the number of cards is public.
            (Some(ToAct::Exchange { .. }), Action::Exchange { discard, .. }) => {
                self.exchanged(shadow, view, discard.len())
            }
            _ => Ok(true),
        }
    }

    fn respond(
        &mut self,
        hand: &Draw,
        view: &DrawView,
        legal: &[Action],
        log: &[Event],
    ) -> Result<Action, BotsError> {
        Ok(match view.legal {
            Some(ToAct::Bet(l)) => self.bet(hand, view, &l, log)?,
            Some(ToAct::Exchange { seat, hand, .. }) => self.exchange(view, seat, hand, legal),
            Some(ToAct::Showdown { seat, .. }) => Action::Show { seat },
            _ => legal[0],
        })
    }

    fn after(&mut self, hand: &Draw) {
        let me = 1 - self.bot_seat;
        self.learn(hand.hand(me) | hand.discarded(me));
    }
}

use self::particle::{deck, draw_from, Particle};

/// LBR's state in one hand.
struct Lbr<'a> {
    spec: &'a BotSpec<Draw>,
    bot_seat: usize,
    /// Every card LBR has held (dealt, and drawn once it has exchanged).
    known: CardSet,
    /// The bot's range.
    particles: Vec<Particle>,
    rng: SplitMix64,
    config: LbrConfig,
    bot_seed: u64,
}

impl Lbr<'_> {
    fn new<'a>(
        spec: &'a BotSpec<Draw>,
        bot_seat: usize,
        mine: CardSet,
        config: &LbrConfig,
        seed: u64,
        bot_seed: u64,
    ) -> Lbr<'a> {
        let mut rng = SplitMix64::new(seed);
        let unseen = deck() - mine;
        let particles = (0..config.particles.max(1))
            .map(|_| Particle {
                dealt: draw_from(&mut rng, unseen, 5),
                discarded: CardSet::EMPTY,
                drawn: CardSet::EMPTY,
                weight: 1.0,
            })
            .collect();
        Lbr {
            spec,
            bot_seat,
            known: mine,
            particles,
            rng,
            config: *config,
            bot_seed,
        }
    }

    /// LBR now knows `cards` (its own, after its exchange): particles that held one are dropped.
    fn learn(&mut self, cards: CardSet) {
        if cards - self.known == CardSet::EMPTY {
            return;
        }
        self.known |= cards;
        for p in &mut self.particles {
            if !p.seen().is_disjoint(self.known) {
                p.weight = 0.0;
            }
        }
    }

    /// `view` with particle `p` in the bot's place: its hand, discards and draws, and its
    /// choices in the exchange.
    fn put(view: &mut DrawView, p: &Particle) {
        view.hand = p.hand().iter().collect();
        view.discarded = p.discarded.iter().collect();
        view.drawn = p.drawn.iter().collect();
        if let Some(ToAct::Exchange { seat, max, .. }) = view.legal {
            view.legal = Some(ToAct::Exchange {
                seat,
                hand: p.hand(),
                max,
            });
        }
    }

    /// Multiplies each weight by `likelihood[particle index]` and normalises ([`reweigh`]);
    /// false (and the weights unchanged) when every weight would be 0.
    fn reweigh(&mut self, likelihood: &[f64]) -> bool {
        let mut weights = self.weights();
        let understood = reweigh(&mut weights, likelihood.iter().copied());
        self.set_weights(weights);
        understood
    }

    /// The range's weights become `weights`.
    fn set_weights(&mut self, weights: Vec<f64>) {
        for (p, w) in self.particles.iter_mut().zip(weights) {
            p.weight = w;
        }
    }

    /// The bot announced that it exchanges `count` cards: each particle is weighed by the
    /// probability of discarding that many, lays down one such discard and draws for it. False
    /// when no particle would discard that many (each then lays down its lowest unpaired cards).
    fn exchanged(
        &mut self,
        bot: &mut dyn Bot<Draw>,
        view: &DrawView,
        count: u32,
    ) -> Result<bool, BotsError> {
        let policies = self.policies(bot, view, &[])?;
        let mut likelihood = vec![0.0; self.particles.len()];
        let mut discards = vec![CardSet::EMPTY; self.particles.len()];
        for (i, p) in policies.iter().enumerate() {
            let Some(p) = p else { continue };
            let options: Vec<(CardSet, f64)> = p
                .iter()
                .filter_map(|(a, q)| match a {
                    Action::Exchange { discard, .. } if discard.len() == count && *q > 0.0 => {
                        Some((*discard, *q))
                    }
                    _ => None,
                })
                .collect();
            let q: f64 = options.iter().map(|o| o.1).sum();
            likelihood[i] = q;
            // One of them, in proportion to its probability.
            let mut pick = self.rng.unit() * q;
            for (d, w) in &options {
                discards[i] = *d;
                pick -= w;
                if pick < 0.0 {
                    break;
                }
            }
        }
        let understood = self.reweigh(&likelihood);
        for (i, p) in self.particles.iter_mut().enumerate() {
            if p.weight <= 0.0 {
                continue;
            }
            let discard = if understood {
                discards[i]
            } else {
                lowest_unpaired(p.dealt, count as usize)
            };
            p.discarded = discard;
            p.drawn = draw_from(
                &mut self.rng,
                deck() - self.known - p.dealt,
                discard.len() as usize,
            );
        }
        Ok(understood)
    }

    /// The weights of the range.
    fn weights(&self) -> Vec<f64> {
        self.particles.iter().map(|p| p.weight).collect()
    }

    /// The value of five cards at this table (larger is stronger).
    fn value(view: &DrawView, cards: CardSet) -> u32 {
        rank(cards).tiebreak_key(view.rules.tie_break)
    }

    /// LBR's chance to win against each particle (ties half): exact after the exchange; before
    /// it, over random draws with the standard exchange on both sides.
    fn equities(&mut self, view: &DrawView, mine: CardSet) -> Vec<f64> {
        let draws = self.config.draws.max(1);
        let second = view.stage != Stage::FirstBetting;
        let mine_value = Lbr::value(view, mine);
        let my_discard = standard_discard(mine);
        let mut out = Vec::with_capacity(self.particles.len());
        for p in &self.particles {
            if p.weight <= 0.0 {
                out.push(0.0);
                continue;
            }
            if second {
                out.push(share(mine_value, Lbr::value(view, p.hand())));
                continue;
            }
            let theirs = p.hand();
            let their_discard = standard_discard(theirs);
            let pool = deck() - self.known - p.seen();
            let need = (my_discard.len() + their_discard.len()) as usize;
            let mut won = 0.0;
            for _ in 0..draws {
                let fresh: Vec<Card> = draw_from(&mut self.rng, pool, need).iter().collect();
                let (a, b) = fresh.split_at(my_discard.len() as usize);
                let me = (mine - my_discard) | a.iter().copied().collect::<CardSet>();
                let them = (theirs - their_discard) | b.iter().copied().collect::<CardSet>();
                won += share(Lbr::value(view, me), Lbr::value(view, them));
            }
            out.push(won / f64::from(draws));
        }
        out
    }

    /// LBR's betting decision ([`betting::best_response`]).
    fn bet(
        &mut self,
        hand: &Draw,
        view: &DrawView,
        l: &Legal,
        log: &[Event],
    ) -> Result<Action, BotsError> {
        let mine: CardSet = view.hand.iter().copied().collect();
        let eq = self.equities(view, mine);
        let range = self.weights();
        let max_bet = view.bets.iter().copied().max().unwrap_or(Chips::ZERO);
        let mut sizes = betting::best_response_sizes(view.pot, max_bet, l);
        if let Some(r) = l.raise {
            sizes.insert(0, r.min_to);
            sizes.dedup();
        }
        // Draw has no check: a second round still to come is opened for the minimum and called.
        let later = if view.stage == Stage::FirstBetting && !view.rules.allow_check {
            view.ante
        } else {
            Chips::ZERO
        };
        let table = Table {
            pot: view.pot,
            bets: &view.bets,
            stacks: &view.stacks,
            live: &view.live,
        };
        let bet = betting::best_response(table, l, &sizes, later, &range, &eq, |to| {
            let raise = Action::from_bet(l.seat, Bet::RaiseTo(to));
            let fold = Action::Fold {
                seat: self.bot_seat,
            };
            let fp = fold_probabilities(&*self, hand, (raise, fold), log, |v: &DrawView| {
                matches!(v.legal, Some(ToAct::Bet(_)))
            })?;
            Ok::<_, BotsError>(fp.into_iter().map(|f| (f, 0.0)).collect())
        })?;
        Ok(Action::from_bet(l.seat, bet))
    }

    /// LBR's exchange: the legal discard of best equity against the range (the bot's hands as
    /// they will be: drawn for if it has exchanged, else after its standard exchange), each
    /// discard judged on the same random draws.
    fn exchange(
        &mut self,
        view: &DrawView,
        seat: usize,
        mine: CardSet,
        legal: &[Action],
    ) -> Action {
        let draws = self.config.draws.max(1);
        let total: f64 = self.particles.iter().map(|p| p.weight).sum();
        let standard = standard_discard(mine);
        if total <= 0.0 {
            return Action::Exchange {
                seat,
                discard: standard,
            };
        }
        let bot_exchanged = view
            .exchange_counts
            .get(self.bot_seat)
            .is_some_and(|c| c.is_some());
        let seed = self.rng.next_u64();
        let mut best = (f64::NEG_INFINITY, standard);
        for a in legal {
            let Action::Exchange { discard, .. } = *a else {
                continue;
            };
            // The same draws for every discard, so that they are compared fairly.
            let mut rng = SplitMix64::new(seed);
            let kept = mine - discard;
            let mut value = 0.0;
            for p in self.particles.iter().filter(|p| p.weight > 0.0) {
                let pool = deck() - self.known - p.seen();
                let theirs = p.hand();
                let their_discard = if bot_exchanged {
                    CardSet::EMPTY
                } else {
                    standard_discard(theirs)
                };
                let need = (discard.len() + their_discard.len()) as usize;
                let mut won = 0.0;
                for _ in 0..draws {
                    let fresh: Vec<Card> = draw_from(&mut rng, pool, need).iter().collect();
                    let (a, b) = fresh.split_at(discard.len() as usize);
                    let me = kept | a.iter().copied().collect::<CardSet>();
                    let them = (theirs - their_discard) | b.iter().copied().collect::<CardSet>();
                    won += share(Lbr::value(view, me), Lbr::value(view, them));
                }
                value += p.weight * won / f64::from(draws);
            }
            if value > best.0 {
                best = (value, discard);
            }
        }
        Action::Exchange {
            seat,
            discard: best.1,
        }
    }
}

impl Ranged<Draw> for Lbr<'_> {
    fn bot(&self) -> (&BotSpec<Draw>, usize, u64) {
        (self.spec, self.bot_seat, self.bot_seed)
    }

    fn hands(&self) -> usize {
        self.particles.len()
    }

    /// The bot's policy at `view` (with `legal`, for betting) for each particle with a weight.
    fn policies(
        &self,
        bot: &mut dyn Bot<Draw>,
        view: &DrawView,
        legal: &[Action],
    ) -> Result<Vec<Option<Policy<Draw>>>, BotsError> {
        let mut v = view.clone();
        self.particles
            .iter()
            .map(|p| {
                if p.weight <= 0.0 {
                    return Ok(None);
                }
                Lbr::put(&mut v, p);
                let exchange;
                let legal = match v.legal {
                    Some(ToAct::Exchange { seat, hand, max }) => {
                        exchange = exchange_list(seat, hand, max);
                        &exchange[..]
                    }
                    _ => legal,
                };
                bot.policy(&v, legal)
                    .map(Some)
                    .ok_or_else(|| BotsError::NoPolicy {
                        bot: self.spec.name().to_string(),
                    })
            })
            .collect()
    }
}

/// 1 if `mine` beats `theirs`, ½ for a tie, else 0.
fn share(mine: u32, theirs: u32) -> f64 {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

mod particle;
#[cfg(test)]
mod tests;
