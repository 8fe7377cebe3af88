//! What the two Local Best Response yardsticks share ([`crate::holdem::lbr`] for heads-up
//! Hold'em, [`crate::draw::lbr`] for heads-up Draw): how deals are played and what is reported.
//!
//! **Duplicate deals**: each deal is played twice, LBR in either seat with the same cards dealt
//! to the same seats, and the result of a deal is the mean of the two; so the luck of the cards
//! mostly cancels. Since a heads-up game is symmetric, its value over both seats is 0, and any
//! strategy's mean winnings against a bot are a lower bound on the bot's exploitability: the
//! figure is reported in thousandths of the game's unit (the big blind, Draw's ante) per game,
//! with a 95% confidence interval over the deals' means.
//!
//! **All-in adjustment** (Hold'em): a hand whose betting ended with everybody all-in before the
//! river is also valued at LBR's equity in the pot over every board that could still come,
//! instead of the board that came. The expectation is the same (the board is dealt at random,
//! after every decision), only the luck of the last cards is gone, so that second figure has a
//! narrower interval; it is reported beside the plain one.

use tavolo_cards::SplitMix64;

use tavolo_engine::game::{seed_from_u64, Game, Viewer};

use crate::arena::{bot_seed, each_game, game_seed, Score};
use crate::bot::{Bot, BotSpec, Budget};
use crate::error::BotsError;
use crate::stats::Mean;

/// What LBR won against a bot.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LbrResult {
    /// The bot's name.
    pub bot: String,
    /// Deals played (each twice).
    pub deals: u64,
    /// The unit of the result: `bb` (Hold'em's big blind) or `ante` (Draw's).
    pub unit: &'static str,
    /// LBR's mean winnings in thousandths of [`LbrResult::unit`] per game (mbb/g in Hold'em):
    /// a lower bound on the bot's exploitability.
    pub milli_per_game: f64,
    /// Half-width of its 95% confidence interval (over the deals' means).
    pub ci95: f64,
    /// Bot decisions where no hand of the range would have taken the bot's action (the range
    /// is then kept as it was, or narrowed by the kind of action only): a sign of a bot whose
    /// policy does not match its play.
    pub range_misses: u64,
    /// The same winnings with all-ins before the last card valued at their equity (games that
    /// have them: Hold'em).
    pub all_in_adjusted: Option<AllInAdjusted>,
}

/// LBR's winnings with every hand that was all-in before the river valued at LBR's equity in
/// the pot instead of at the board that came (see the module documentation).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AllInAdjusted {
    /// Mean winnings, in thousandths of the unit per game, like [`LbrResult::milli_per_game`].
    pub milli_per_game: f64,
    /// Half-width of its 95% confidence interval (over the deals' means).
    pub ci95: f64,
    /// Hands valued at their equity (out of twice the deals).
    pub hands: u64,
}

/// What one hand gave LBR.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct HandResult {
    /// LBR's winnings in the table's unit.
    pub won: f64,
    /// Its expected winnings when the hand was all-in before the last card (else `won`).
    pub expected: f64,
    /// Whether `expected` was computed from an all-in's equity.
    pub adjusted: bool,
    /// The bot's range misses in the hand.
    pub misses: u64,
}

/// Plays `deals` deals twice each on rayon's current pool — `play(seed, lbr_seat, index)` gives
/// one hand's [`HandResult`] — and sums them up for `bot`. Deal `i` is dealt from
/// [`game_seed`]`(seed, i)`; `on_deal` is called after each deal. The same seed gives the same
/// result whatever the number of threads. With `in_order` (a bot that learns across hands,
/// [`BotSpec::learns`]) the hands are played one after the other in order, LBR in seat 0 then 1
/// for each deal, so that its memory sees them in one order. With `all_in`, the result has the
/// all-in-adjusted figure too.
#[allow(clippy::too_many_arguments)]
pub(crate) fn duplicate_deals(
    bot: &str,
    unit: &'static str,
    deals: u64,
    seed: u64,
    in_order: bool,
    all_in: bool,
    on_deal: &(dyn Fn() + Sync),
    play: impl Fn(u64, usize, u64) -> Result<HandResult, BotsError> + Sync,
) -> Result<LbrResult, BotsError> {
    if deals == 0 {
        return Err(BotsError::NoGames);
    }
    let deal = |i: u64| -> Result<(f64, f64, u64, u64), BotsError> {
        let seed = game_seed(seed, i);
        let (mut won, mut expected, mut adjusted, mut misses) = (0.0, 0.0, 0, 0);
        for lbr_seat in 0..2 {
            let hand = play(seed, lbr_seat, i)?;
            won += hand.won;
            expected += hand.expected;
            adjusted += u64::from(hand.adjusted);
            misses += hand.misses;
        }
        on_deal();
        Ok((won / 2.0, expected / 2.0, adjusted, misses))
    };
    let results: Vec<(f64, f64, u64, u64)> = each_game(deals, in_order, deal)?;
    let (mut mean, mut expected) = (Mean::default(), Mean::default());
    let (mut range_misses, mut adjusted) = (0, 0);
    for (won, e, a, m) in results {
        mean.add(1000.0 * won);
        expected.add(1000.0 * e);
        adjusted += a;
        range_misses += m;
    }
    Ok(LbrResult {
        bot: bot.to_string(),
        deals,
        unit,
        milli_per_game: mean.mean(),
        ci95: mean.ci95(),
        range_misses,
        all_in_adjusted: all_in.then(|| AllInAdjusted {
            milli_per_game: expected.mean(),
            ci95: expected.ci95(),
            hands: adjusted,
        }),
    })
}

/// `events` as `seat` may see them.
pub(crate) fn censored<G: Game>(events: &[G::Event], seat: usize) -> Vec<G::Event> {
    events
        .iter()
        .filter_map(|e| G::censor(e, Viewer::Seat(seat)))
        .collect()
}

/// The probability of `action` in `policy` (a bot's answer to [`crate::Bot::policy`]).
pub(crate) fn probability<A: PartialEq>(policy: &[(A, f64)], action: &A) -> f64 {
    policy
        .iter()
        .filter(|(a, _)| a == action)
        .map(|&(_, p)| p)
        .sum()
}

/// The probability in `policy` of actions of the same kind as `action` (fold, check, call, bet
/// or raise — whatever the amount): what a range is narrowed by when no hand would have taken
/// the exact action (a raise amount moved by a simulating bot's noise).
pub(crate) fn probability_of_kind<A>(policy: &[(A, f64)], action: &A) -> f64 {
    policy
        .iter()
        .filter(|(a, _)| std::mem::discriminant(a) == std::mem::discriminant(action))
        .map(|&(_, p)| p)
        .sum()
}

/// A bot's answer to [`Bot::policy`].
pub(crate) type Policy<G> = Vec<(<G as Game>::Action, f64)>;

/// Multiplies each of `weights` by its `likelihood` and normalises them (so that long hands do
/// not underflow); false, and the weights unchanged, when every weight would be 0.
pub(crate) fn reweigh(weights: &mut [f64], likelihood: impl Iterator<Item = f64>) -> bool {
    let next: Vec<f64> = weights.iter().zip(likelihood).map(|(w, l)| w * l).collect();
    let total: f64 = next.iter().sum();
    if total <= 0.0 {
        return false;
    }
    for (w, n) in weights.iter_mut().zip(next) {
        *w = n / total;
    }
    true
}

/// Bayes' rule after the bot took `action`, each hand of the range (weights `weights`) having
/// answered `policies` (`None` for a hand without weight): by the probability of the exact
/// action; when no hand would have taken it (a raise amount moved by a simulating bot's
/// noise), by that of actions of its kind, or else the range is kept. False unless the exact
/// action was understood (a range miss).
pub(crate) fn narrow<A: PartialEq>(
    weights: &mut [f64],
    policies: &[Option<Vec<(A, f64)>>],
    action: &A,
) -> bool {
    let by = |f: fn(&[(A, f64)], &A) -> f64| {
        policies
            .iter()
            .map(move |p| p.as_ref().map_or(0.0, |p| f(p, action)))
    };
    if reweigh(weights, by(probability)) {
        return true;
    }
    reweigh(weights, by(probability_of_kind));
    false
}

/// A game's LBR as [`fold_probabilities`] asks it.
pub(crate) trait Ranged<G: Game> {
    /// The bot's spec, seat and seed.
    fn bot(&self) -> (&BotSpec<G>, usize, u64);
    /// How many hands the range has.
    fn hands(&self) -> usize;
    /// The policy of `bot` at `view` (with choices `legal`) for each hand of the range with a
    /// weight, put in the bot's place (`None` for the others).
    fn policies(
        &self,
        bot: &mut dyn Bot<G>,
        view: &G::View,
        legal: &[G::Action],
    ) -> Result<Vec<Option<Policy<G>>>, BotsError>;
}

/// The bot's probability of answering LBR's `raise` in `game` with `fold`, per hand of `lbr`'s
/// range: asked of a fresh bot that has observed the bot's events `log` and the raise; 0 for
/// each when the raise is refused or the bot does not then have a betting decision (`answers`
/// of its view).
pub(crate) fn fold_probabilities<G: Game>(
    lbr: &impl Ranged<G>,
    game: &G,
    (raise, fold): (G::Action, G::Action),
    log: &[G::Event],
    answers: impl Fn(&G::View) -> bool,
) -> Result<Vec<f64>, BotsError> {
    let (spec, seat, seed) = lbr.bot();
    let none = vec![0.0; lbr.hands()];
    let mut g = game.clone();
    let Ok(events) = g.apply(raise) else {
        return Ok(none);
    };
    let view = g.view(Viewer::Seat(seat));
    if !answers(&view) {
        return Ok(none);
    }
    let legal = g.legal(seat);
    let mut bot = spec.make(seat, SplitMix64::mix(seed ^ 0xf01d));
    for e in log {
        bot.observe(e);
    }
    for e in censored::<G>(&events, seat) {
        bot.observe(&e);
    }
    Ok(lbr
        .policies(bot.as_mut(), &view, &legal)?
        .iter()
        .map(|p| p.as_ref().map_or(0.0, |p| probability(p, &fold)))
        .collect())
}

/// What a game's best response does in the hands [`play_hand`] drives.
pub(crate) trait Responder<G: Game> {
    /// The bot took `action` at its `view` (whose hidden part the responder must not read) with
    /// choices `legal`: narrow the range, asking `shadow` (a bot of the same spec that has
    /// observed the same events) for its policy. False when no hand of the range would have
    /// taken the action (a range miss).
    fn watch(
        &mut self,
        shadow: &mut dyn Bot<G>,
        view: &G::View,
        legal: &[G::Action],
        action: &G::Action,
    ) -> Result<bool, BotsError>;

    /// LBR's action at `view`, its own, with choices `legal`; `game` and the bot's events
    /// `log` let it ask a fresh bot how it would answer a raise.
    fn respond(
        &mut self,
        game: &G,
        view: &G::View,
        legal: &[G::Action],
        log: &[G::Event],
    ) -> Result<G::Action, BotsError>;

    /// After every action: what LBR may now see (board cards, its own draws).
    fn after(&mut self, game: &G);
}

/// The bot LBR plays in one hand, with what it has seen.
struct TheBot<G: Game> {
    seat: usize,
    /// The bot that plays.
    playing: Box<dyn Bot<G>>,
    /// The bot asked for its policy: a copy that has seen the same events, so that asking moves
    /// no generator of the bot that plays; none for a learning bot, which is asked itself (its
    /// copy would add the hand to the memory they share a second time) and answers from its
    /// memory alone.
    shadow: Option<Box<dyn Bot<G>>>,
    /// The events the bot has seen.
    log: Vec<G::Event>,
}

impl<G: Game> TheBot<G> {
    fn new(spec: &BotSpec<G>, seat: usize, seed: u64) -> TheBot<G> {
        TheBot {
            seat,
            playing: spec.make(seat, seed),
            shadow: (!spec.learns()).then(|| spec.make(seat, SplitMix64::mix(seed))),
            log: Vec::new(),
        }
    }

    /// The bot (and its copy) observe `events`, as the bot's seat may see them.
    fn observe(&mut self, events: &[G::Event]) {
        for e in censored::<G>(events, self.seat) {
            self.playing.observe(&e);
            if let Some(s) = self.shadow.as_mut() {
                s.observe(&e);
            }
            self.log.push(e);
        }
    }

    /// The bot to ask for its policy.
    fn asked(&mut self) -> &mut dyn Bot<G> {
        match self.shadow.as_mut() {
            Some(s) => s.as_mut(),
            None => self.playing.as_mut(),
        }
    }
}

/// One hand of game `G` dealt from `seed`: LBR at `lbr_seat` (made by `lbr(game, bot seed)`)
/// against a bot of `spec`; LBR's winnings in the table's unit and the range misses. `index`
/// names the deal in errors. `expected(game, events)` values the finished hand from its
/// every event (nothing hidden) when it was all-in before the last card, in LBR's winnings in
/// the table's unit; `None` otherwise.
pub(crate) fn play_hand<G: Game, R: Responder<G>>(
    spec: &BotSpec<G>,
    setup: &G::Setup,
    seed: u64,
    lbr_seat: usize,
    index: u64,
    lbr: impl FnOnce(&G, u64) -> Result<R, BotsError>,
    expected: impl FnOnce(&G, &[G::Event]) -> Option<f64>,
) -> Result<HandResult, BotsError> {
    let engine = |message: String| BotsError::Engine {
        game: index,
        message,
    };
    let bot_seat = 1 - lbr_seat;
    let (mut game, events) =
        G::deal(setup, seed_from_u64(seed)).map_err(|e| engine(e.to_string()))?;
    let bseed = bot_seed(seed, bot_seat);
    let mut bot = TheBot::new(spec, bot_seat, bseed);
    bot.observe(&events);
    let mut lbr = lbr(&game, bseed)?;
    let mut all = events;
    let mut misses = 0;
    let mut actions = 0;
    while !game.is_over() {
        let seats = game.to_act();
        if seats.is_empty() || actions > 10_000 {
            return Err(BotsError::Stalled {
                game: index,
                actions,
            });
        }
        for seat in seats.iter() {
            let legal = game.legal(seat);
            let Some(&fallback) = legal.first() else {
                continue;
            };
            let view = game.view(Viewer::Seat(seat));
            let action = if seat == bot_seat {
                let mut a = bot.playing.act(&view, &legal, Budget::UNLIMITED);
                if !G::allows(&legal, &a) {
                    a = fallback;
                }
                if !lbr.watch(bot.asked(), &view, &legal, &a)? {
                    misses += 1;
                }
                a
            } else {
                lbr.respond(&game, &view, &legal, &bot.log)?
            };
            let evs = game.apply(action).map_err(|e| engine(e.to_string()))?;
            bot.observe(&evs);
            all.extend(evs);
            actions += 1;
            lbr.after(&game);
        }
    }
    let won = Score::of(&game.outcome(setup)).scores[lbr_seat];
    let adjusted = expected(&game, &all);
    Ok(HandResult {
        won,
        expected: adjusted.unwrap_or(won),
        adjusted: adjusted.is_some(),
        misses,
    })
}
