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

use tavolo_cards::{
    Card, CardSet, EquityQuery, Game as EquityGame, Hand as Cards, Holding, SplitMix64,
};
use tavolo_engine::betting::BettingAction;
use tavolo_engine::game::Game;
use tavolo_engine::holdem::{Action, BetEvent, Event, HandView, Legal, Structure};
use tavolo_engine::Chips;

use super::{Holdem, HoldemOptions};
use crate::betting::{self, Table};
use crate::bot::{Bot, BotSpec};
use crate::error::BotsError;
use crate::lbr::{
    censored, duplicate_deals, play_hand, probability, probability_of_kind, HandResult, Responder,
};

/// The number of two-card hands.
pub const PAIRS: usize = 1326;

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

/// A bot's answer to [`Bot::policy`].
type Policy = Vec<(Action, f64)>;

/// The two cards of pair `i` (`0..PAIRS`), in a fixed order.
pub fn pair(i: usize) -> [Card; 2] {
    pairs()[i]
}

fn pairs() -> &'static [[Card; 2]; PAIRS] {
    static PAIRS_TABLE: std::sync::OnceLock<[[Card; 2]; PAIRS]> = std::sync::OnceLock::new();
    PAIRS_TABLE.get_or_init(|| {
        let mut out = [[Card::ALL[0]; 2]; PAIRS];
        let mut k = 0;
        for a in 0..52 {
            for b in a + 1..52 {
                out[k] = [Card::ALL[a], Card::ALL[b]];
                k += 1;
            }
        }
        out
    })
}

fn cards_of(pair: [Card; 2]) -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(pair[0]);
    s.insert(pair[1]);
    s
}

/// Measures `spec` by LBR over `config.deals` deals (heads-up, 100 big blinds), on rayon's
/// current pool; `on_deal` is called after each deal. The same seed gives the same result
/// whatever the number of threads. Fails when the bot does not report its policy.
pub fn measure(
    spec: &BotSpec<Holdem>,
    config: &LbrConfig,
    on_deal: &(dyn Fn() + Sync),
) -> Result<LbrResult, BotsError> {
    let options = HoldemOptions::new(2, config.structure);
    let setup = options.setup()?;
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
        setup.stacks.get(lbr_seat).copied().unwrap_or(0),
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
    let expected_end = end as f64 - won[lbr_seat] as f64 + equity * pot as f64;
    Some((expected_end - start as f64) / unit as f64)
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
        self.update(shadow, view, legal, action)
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

    /// The bot's policy at `view` for each pair of the range with a weight (`None` for pairs
    /// without one).
    fn policies(
        &self,
        bot: &mut dyn Bot<Holdem>,
        view: &HandView,
        legal: &[Action],
    ) -> Result<Vec<Option<Policy>>, BotsError> {
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

    /// Bayes' rule after the bot took `action` at `view`; false when no pair would have taken
    /// it (the range is then left as it was).
    fn update(
        &mut self,
        bot: &mut dyn Bot<Holdem>,
        view: &HandView,
        legal: &[Action],
        action: &Action,
    ) -> Result<bool, BotsError> {
        let policies = self.policies(bot, view, legal)?;
        for exact in [true, false] {
            let next: Vec<f64> = self
                .range
                .iter()
                .zip(&policies)
                .map(|(&w, p)| match p {
                    Some(p) if exact => w * probability(p, action),
                    // No pair takes the exact action (a raise amount that moved with the
                    // bot's simulation noise): fall back on actions of the same kind.
                    Some(p) => w * probability_of_kind(p, action),
                    None => 0.0,
                })
                .collect();
            let total: f64 = next.iter().sum();
            if total > 0.0 {
                // Normalised, so that long hands do not underflow.
                self.range = next.into_iter().map(|w| w / total).collect();
                return Ok(exact);
            }
        }
        Ok(false)
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

    /// The bot's probability of folding to LBR's raise to `to`, per pair: asked of a fresh bot
    /// that has observed `log` and the raise.
    fn fold_probabilities(
        &self,
        hand: &Holdem,
        to: Chips,
        log: &[Event],
    ) -> Result<Vec<f64>, BotsError> {
        let mut h = hand.clone();
        let evs = match h.apply(Action::BetOrRaiseTo {
            seat: self.lbr_seat,
            to,
        }) {
            Ok(evs) => evs,
            Err(_) => return Ok(vec![0.0; PAIRS]),
        };
        let view = h.view(Some(self.bot_seat));
        if view.legal.is_none() {
            return Ok(vec![0.0; PAIRS]);
        }
        let legal = h.legal(self.bot_seat);
        let mut bot = self
            .spec
            .make(self.bot_seat, SplitMix64::mix(self.bot_seed ^ 0xf01d));
        for e in log {
            bot.observe(e);
        }
        for e in censored::<Holdem>(&evs, self.bot_seat) {
            bot.observe(&e);
        }
        let fold = Action::Fold {
            seat: self.bot_seat,
        };
        Ok(self
            .policies(bot.as_mut(), &view, &legal)?
            .iter()
            .map(|p| p.as_ref().map_or(0.0, |p| probability(p, &fold)))
            .collect())
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
        best_response(view, l, &range, &eq, |to| {
            let fp = self.fold_probabilities(hand, to, log)?;
            Ok(fp.into_iter().map(|f| (f, 0.0)).collect())
        })
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
        _ => {
            betting::best_response_sizes(view.pot, view.bets.iter().copied().max().unwrap_or(0), l)
        }
    };
    let table = Table {
        pot: view.pot,
        bets: &view.bets,
        stacks: &view.stacks,
        live: &view.live,
    };
    let bet = betting::best_response(table, l, &sizes, 0, range, eq, answer)?;
    Ok(Action::from_bet(l.seat, bet))
}

/// Zeroes the weight of every pair of `range` that holds one of `cards` (cards seen elsewhere).
pub(crate) fn remove_pairs_holding(range: &mut [f64], cards: &[Card]) {
    let dead: CardSet = cards.iter().copied().collect();
    for (w, p) in range.iter_mut().zip(pairs().iter()) {
        if *w > 0.0 && !cards_of(*p).is_disjoint(dead) {
            *w = 0.0;
        }
    }
}

/// The equity of `mine` against each pair with a weight in `range`, on `board`: exact on the
/// turn and the river, over `flop_samples` random run-outs on the flop and `preflop_samples`
/// random boards before it (the same boards for every pair). Ties count a half.
pub fn equity_vs_pairs(
    mine: [Card; 2],
    board: &[Card],
    range: &[f64],
    rng: &mut SplitMix64,
    preflop_samples: u32,
    flop_samples: u32,
) -> Vec<f64> {
    let mut known = cards_of(mine);
    for &c in board {
        known.insert(c);
    }
    let live: Vec<usize> = (0..PAIRS)
        .filter(|&i| range.get(i).is_some_and(|&w| w > 0.0) && cards_of(pair(i)).is_disjoint(known))
        .collect();
    let deck: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
    let mut wins = vec![0.0f64; PAIRS];
    let mut counts = vec![0u32; PAIRS];
    let run = |extra: &[Card], wins: &mut [f64], counts: &mut [u32]| {
        let mut full = Cards::from_cards(board);
        let mut dead = known;
        for &c in extra {
            full = full.add_card(c);
            dead.insert(c);
        }
        let me = full.add_card(mine[0]).add_card(mine[1]).evaluate();
        for &i in &live {
            let p = pair(i);
            if dead.contains(p[0]) || dead.contains(p[1]) {
                continue;
            }
            let them = full.add_card(p[0]).add_card(p[1]).evaluate();
            wins[i] += if me > them {
                1.0
            } else if me == them {
                0.5
            } else {
                0.0
            };
            counts[i] += 1;
        }
    };
    match board.len() {
        5 => run(&[], &mut wins, &mut counts),
        4 => {
            for &x in &deck {
                run(&[x], &mut wins, &mut counts);
            }
        }
        n => {
            let missing = 5 - n.min(5);
            let samples = if n == 3 {
                flop_samples
            } else {
                preflop_samples
            };
            let mut d = deck.clone();
            for _ in 0..samples.max(1) {
                for j in 0..missing {
                    let x = j + rng.below(d.len() - j);
                    d.swap(j, x);
                }
                let extra: Vec<Card> = d[..missing].to_vec();
                run(&extra, &mut wins, &mut counts);
            }
        }
    }
    wins.iter()
        .zip(&counts)
        .map(|(&w, &c)| if c == 0 { 0.5 } else { w / f64::from(c) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::bot_spec;

    fn run(bot: &str, structure: Structure, deals: u64) -> LbrResult {
        let spec = bot_spec(bot).expect("bot");
        let mut config = LbrConfig::new(structure, deals, 7);
        config.preflop_samples = 60;
        config.flop_samples = 60;
        measure(&spec, &config, &|| {}).expect("measure")
    }

    #[test]
    fn lbr_wins_the_blinds_from_a_bot_that_folds_every_hand() {
        // Folding every hand heads-up loses the small blind on the button and the big blind
        // behind it (LBR raises, and a check-fold bot folds to it): (½ + 1) / 2 = 750 mbb/g.
        for structure in [Structure::FixedLimit, Structure::NoLimit] {
            let r = run("fold", structure, 40);
            assert!(
                (r.milli_per_game - 750.0).abs() < 1e-6,
                "{structure:?}: {r:?}"
            );
            assert_eq!(r.range_misses, 0);
        }
    }

    #[test]
    fn lbr_beats_the_calling_station_and_the_maniac() {
        // The maniac's raise wars last to the all-in: few deals suffice.
        for (bot, deals) in [("station", 100), ("raise", 16)] {
            let r = run(bot, Structure::FixedLimit, deals);
            assert!(
                r.milli_per_game - r.ci95 > 0.0,
                "{bot}: {} ± {}",
                r.milli_per_game,
                r.ci95
            );
        }
    }

    /// Plays a heads-up No-Limit hand (100 big blinds, blinds 50/100) dealt from `seed`: each
    /// betting decision is `script(street's board cards, legal)`; hands are shown at the end.
    /// The finished hand and every event.
    fn scripted(
        seed: u64,
        script: impl Fn(usize, &Legal) -> Action,
    ) -> (Holdem, Vec<Event>, <Holdem as Game>::Setup) {
        use tavolo_engine::holdem::{Dealing, ToAct};
        let setup = HoldemOptions::new(2, Structure::NoLimit)
            .setup()
            .expect("setup");
        let (mut hand, mut events) = Holdem::new(
            &setup,
            Dealing::Seeded(tavolo_cards::GameRng::from_u64(seed)),
        )
        .expect("deal");
        while !hand.is_over() {
            let action = match hand.legal_actions() {
                ToAct::Player(l) => script(hand.board().count(), &l),
                ToAct::Showdown { next, .. } => Action::Show {
                    seat: next,
                    cards: None,
                },
                other => panic!("{other:?}"),
            };
            events.extend(hand.apply(action).expect("legal"));
        }
        (hand, events, setup)
    }

    /// All in at the first chance once `board` cards are out, calling any bet; checks before.
    fn shove_at(board: usize) -> impl Fn(usize, &Legal) -> Action {
        move |seen, l| match (l.raise, l.call) {
            (Some(r), _) if seen >= board => Action::BetOrRaiseTo {
                seat: l.seat,
                to: r.max_to,
            },
            (_, Some(_)) if seen >= board => Action::Call { seat: l.seat },
            (_, Some(_)) => Action::Call { seat: l.seat },
            _ => Action::Check { seat: l.seat },
        }
    }

    fn equity(hand: &Holdem, seat: usize, board: usize) -> f64 {
        let hole = |s| full(hand.hole_cards(s)).expect("dealt");
        EquityQuery::new(
            vec![Holding::Known(hole(seat)), Holding::Known(hole(1 - seat))],
            hand.board().take(board).collect(),
            CardSet::EMPTY,
            EquityGame::Holdem,
        )
        .expect("query")
        .exact_single_thread()
        .equity(0)
    }

    #[test]
    fn an_all_in_before_the_river_is_valued_at_the_equity_over_every_board_still_to_come() {
        for (seed, board) in [(1, 0), (2, 0), (3, 3), (4, 3), (5, 4)] {
            let (hand, events, setup) = scripted(seed, shove_at(board));
            assert_eq!(hand.board().count(), 5, "run out to the river");
            let mut total = 0.0;
            for seat in 0..2 {
                let start = setup.stacks[seat];
                let e = all_in_expectation(&hand, &events, seat, start, 100).expect("all-in");
                // Both all in for 100 big blinds: the pot is 200, each put in 100.
                let want = 200.0 * equity(&hand, seat, board) - 100.0;
                assert!(
                    (e - want).abs() < 1e-9,
                    "seed {seed} seat {seat}: {e} vs {want}"
                );
                total += e;
            }
            assert!(total.abs() < 1e-9, "zero-sum: {total}");
        }
    }

    #[test]
    fn hands_that_end_by_a_fold_or_with_betting_on_the_river_are_not_adjusted() {
        // Checked and called down: the last action is on the river.
        let (hand, events, setup) = scripted(6, shove_at(9));
        assert_eq!(hand.board().count(), 5);
        assert_eq!(
            all_in_expectation(&hand, &events, 0, setup.stacks[0], 100),
            None
        );
        // The first to act folds.
        let (hand, events, setup) = scripted(7, |_, l| Action::Fold { seat: l.seat });
        assert_eq!(
            all_in_expectation(&hand, &events, 1, setup.stacks[1], 100),
            None
        );
        // All in on the river: the cards are all out, nothing to average.
        let (hand, events, setup) = scripted(8, shove_at(5));
        assert_eq!(
            all_in_expectation(&hand, &events, 0, setup.stacks[0], 100),
            None
        );
    }

    #[test]
    fn all_in_adjusted_lbr_is_reported_beside_the_plain_figure() {
        let r = run("raise", Structure::NoLimit, 12);
        let a = r.all_in_adjusted.clone().expect("Hold'em adjusts");
        assert!(a.hands > 0, "the maniac goes all in: {r:?}");
        assert!(a.hands <= 24);
        // The folding bot never reaches a showdown: both figures are the same.
        let r = run("fold", Structure::NoLimit, 8);
        let a = r.all_in_adjusted.clone().expect("Hold'em adjusts");
        assert_eq!(
            (a.hands, a.milli_per_game, a.ci95),
            (0, r.milli_per_game, r.ci95)
        );
    }

    #[test]
    fn a_bot_without_a_policy_is_refused_with_its_name() {
        let spec = bot_spec("random").expect("bot");
        let config = LbrConfig::new(Structure::FixedLimit, 2, 1);
        match measure(&spec, &config, &|| {}) {
            Err(BotsError::NoPolicy { bot }) => assert_eq!(bot, "random"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn equity_against_each_pair_is_exact_on_the_river() {
        let c = tavolo_cards::parse_cards("As Ah Kd 7c 2s 9h 4d").expect("cards");
        let range = vec![1.0; PAIRS];
        let e = equity_vs_pairs([c[0], c[1]], &c[2..], &range, &mut SplitMix64::new(1), 1, 1);
        let kk = (0..PAIRS)
            .find(|&i| pair(i).iter().all(|x| x.rank() == c[2].rank()) && !pair(i).contains(&c[2]))
            .expect("a pair of kings");
        assert_eq!(e[kk], 0.0, "a set of kings beats aces");
    }
}
