//! The `expert` Draw bot: simulation against opponent hands consistent with their actions and
//! announced exchanges.

use std::time::Instant;
use tavolo_engine::betting::BetEvent;

use tavolo_cards::{Card, CardSet, SplitMix64};
use tavolo_engine::draw::{Action, DrawView, Event, Round, ToAct};
use tavolo_engine::Chips;

use super::play::{key, lowest_unpaired, made_score, pre_draw_score, standard_discard};
use super::simple::{non_betting, DrawSpot};
use super::Draw;
use crate::betting::{Decision, Mixed};
use crate::bot::{Bot, Budget};

/// The chance with which it opens small after the exchange, heads-up, a hand too weak to open.
const STEAL: f64 = 0.15;

/// Simulated deals per decision at the default level.
pub(crate) const DEFAULT_SAMPLES: u32 = 600;

/// What one opponent's actions say: per betting round 0 nothing, 1 called, 2 opened (bet),
/// 3 raised; and the largest bet or raise increment it made in each round.
#[derive(Clone, Copy, Debug, Default)]
struct Read {
    first: u8,
    second: u8,
    first_size: Chips,
    second_size: Chips,
}

/// One opponent's cards as simulated: the five dealt, the ones it lays down in the exchange (the
/// standard exchange, or its lowest unpaired cards when it announced another number) and the
/// ones it draws for them. Before it has exchanged, the exchange is the one it would make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SampledCards {
    pub dealt: CardSet,
    pub discard: CardSet,
    pub drawn: CardSet,
}

/// Plays by simulation. For each decision it samples, many times, every live opponent's final
/// hand: five unknown cards that fit its first-round action (an opener or raiser has jacks or
/// better or a strong draw, a caller a pair or a draw, with a little room for bluffs) and its
/// announced exchange (the standard exchange of that many cards), then the cards drawn, kept
/// only if they fit its second-round action. Against the best of those hands it measures:
///
/// - **in the exchange**, every legal discard (0–3 cards) by drawing for it many times, and
///   keeps the one that wins most often (so it keeps pairs and trips, draws to four-flushes when
///   that pays against the field, keeps a kicker when it should);
/// - **in the betting**, its chance to win, against the pot odds: raise for value when high,
///   call when it pays, open (there is no check) with a fair chance or small as a steal, fold
///   otherwise; sizes are fractions of the pot, clamped into the legal range.
#[derive(Clone, Debug)]
pub struct ExpertBot {
    name: String,
    samples: u32,
    rng: SplitMix64,
    reads: Vec<Read>,
    second: bool,
    /// Bets and raises so far in this round, and the round's bet.
    round_bets: u32,
    round_max: Chips,
    /// The ante (read from the view; 0 until the first decision).
    ante: Chips,
    /// Events observed so far.
    observed: u64,
    /// The opponents' simulated hands for policy questions, and when they were drawn.
    pool: Option<(u64, Vec<u32>)>,
}

impl ExpertBot {
    /// An expert simulating `samples` deals per decision, seeded with `seed`.
    pub fn new(name: String, samples: u32, seed: u64) -> ExpertBot {
        ExpertBot {
            name,
            samples: samples.max(1),
            rng: SplitMix64::new(seed),
            reads: Vec::new(),
            second: false,
            round_bets: 0,
            round_max: Chips::ZERO,
            ante: Chips::ZERO,
            observed: 0,
            pool: None,
        }
    }

    /// Takes the table's ante from `view` (what a small bet is, for reading the bets).
    pub(crate) fn note_ante(&mut self, view: &DrawView) {
        self.ante = view.ante;
    }

    /// The exchange it would make at `view` (its turn to exchange), with opponents simulated
    /// afresh: the one `act` makes, without the clock.
    pub(crate) fn exchange_at(&mut self, view: &DrawView, legal: &[Action]) -> Action {
        self.ante = view.ante;
        let pool = self.opponent_pool(view, self.samples, None);
        self.exchange(view, legal, &pool, None)
    }

    fn read(&self, seat: usize) -> Read {
        self.reads.get(seat).copied().unwrap_or_default()
    }

    /// Samples the best final hand value among the live opponents, `n` times (fewer if the
    /// deadline passes), sorted.
    fn opponent_pool(&mut self, view: &DrawView, n: u32, deadline: Option<Instant>) -> Vec<u32> {
        let me = view.seat.unwrap_or(0);
        let mut known = CardSet::EMPTY;
        for &c in view.hand.iter().chain(&view.discarded).chain(&view.drawn) {
            known.insert(c);
        }
        let deck: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
        let opponents: Vec<(usize, Option<u8>)> = (0..view.live.len())
            .filter(|&s| s != me && view.live[s])
            .map(|s| (s, view.exchange_counts[s]))
            .collect();
        let mut d = deck;
        let mut pool = Vec::with_capacity(n as usize);
        for i in 0..n {
            if i % 64 == 63 && deadline.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let mut k = 0usize;
            let mut best = 0u32;
            for &(seat, drew) in &opponents {
                let v = self
                    .sample_seat(&mut d, &mut k, seat, drew)
                    .map_or(0, |cards| key((cards.dealt - cards.discard) | cards.drawn));
                best = best.max(v);
            }
            pool.push(best);
        }
        pool.sort_unstable();
        pool
    }

    /// The cards of seat `seat` as this bot's reading of its actions and announced exchange
    /// (`drew`, if it has exchanged) makes them likely, drawn from `d[*k..]` (the cards used
    /// move to the front, `*k` past them).
    pub(crate) fn sample_seat(
        &mut self,
        d: &mut [Card],
        k: &mut usize,
        seat: usize,
        drew: Option<u8>,
    ) -> Option<SampledCards> {
        let read = self.read(seat);
        // A bet of at most one and a half antes is a small one (a cheap opening).
        let small = |size: Chips| size.times(2) <= self.ante.times(3);
        let (first_small, second_small) = (small(read.first_size), small(read.second_size));
        let rng = &mut self.rng;
        // With many players the unknown cards run out (the real deck is reshuffled): start
        // again from the whole unknown deck, as if the discards had come back.
        if d.len() - *k < 8 {
            *k = 0;
        }
        let start = *k;
        for attempt in 0..40 {
            let mut used = start;
            // Five cards.
            for j in 0..5 {
                let x = used + j + rng.below(d.len() - used - j);
                d.swap(used + j, x);
            }
            let hand: CardSet = d[used..used + 5].iter().copied().collect();
            used += 5;
            let last = attempt == 39;
            let score = pre_draw_score(hand);
            let fits_first = match read.first {
                3 => score >= 75 || (score >= 58 && rng.unit() < 0.3),
                2 if first_small => score >= 30,
                2 => score >= 54 || (score >= 30 && rng.unit() < 0.5),
                1 => score >= 30,
                _ => true,
            } || rng.unit() < 0.06;
            if !fits_first && !last {
                continue;
            }
            let mut discard = standard_discard(hand);
            if let Some(c) = drew {
                if discard.len() != u32::from(c) {
                    if !last && rng.unit() > 0.1 {
                        continue;
                    }
                    discard = lowest_unpaired(hand, usize::from(c));
                }
            }
            let mut drawn = CardSet::EMPTY;
            for j in 0..discard.len() as usize {
                let x = used + j + rng.below(d.len() - used - j);
                d.swap(used + j, x);
                drawn.insert(d[used + j]);
            }
            used += discard.len() as usize;
            let made = made_score((hand - discard) | drawn);
            let fits_second = match read.second {
                3 => made >= 75 || rng.unit() < 0.05,
                2 if second_small => made >= 30 || rng.unit() < 0.2,
                2 => made >= 60 || rng.unit() < 0.12,
                1 => made >= 38 || rng.unit() < 0.2,
                _ => true,
            };
            if fits_second || last {
                *k = used;
                return Some(SampledCards {
                    dealt: hand,
                    discard,
                    drawn,
                });
            }
        }
        None
    }

    /// How often `hand` after discarding `discard` beats the pool (ties half), over `draws` draws.
    fn win_rate(
        &mut self,
        view: &DrawView,
        hand: CardSet,
        discard: CardSet,
        pool: &[u32],
        draws: u32,
    ) -> f64 {
        let mut known = CardSet::EMPTY;
        for &c in view.hand.iter().chain(&view.discarded).chain(&view.drawn) {
            known.insert(c);
        }
        let mut d: Vec<Card> = Card::all().filter(|c| !known.contains(*c)).collect();
        let kept: Vec<Card> = hand.iter().filter(|c| !discard.contains(*c)).collect();
        let need = discard.len() as usize;
        let rounds = if need == 0 { 1 } else { draws };
        let mut total = 0.0;
        for _ in 0..rounds {
            let mut fin: CardSet = kept.iter().copied().collect();
            for j in 0..need {
                let x = j + self.rng.below(d.len() - j);
                d.swap(j, x);
                fin.insert(d[j]);
            }
            total += share_beaten(pool, key(fin));
        }
        total / f64::from(rounds)
    }

    /// The seat's chance to win at betting spot `s` against `pool`: after the standard exchange
    /// before it, as it stands after it.
    fn equity(&mut self, s: &DrawSpot, view: &DrawView, pool: &[u32]) -> f64 {
        if s.second {
            share_beaten(pool, key(s.hand))
        } else {
            let discard = standard_discard(s.hand);
            let draws = (self.samples / 3).max(1);
            self.win_rate(view, s.hand, discard, pool, draws)
        }
    }

    /// The betting decision at `s` with chance to win `e`: pure, except the small steal it
    /// mixes in heads-up after the exchange.
    fn decide(&self, s: &DrawSpot, e: f64) -> Mixed {
        let k = s.opponents.max(1) as f64;
        if s.to_call == 0 {
            // Open or fold (or check where the rules allow it).
            if e >= (0.62 / k.sqrt()).max(0.3) {
                let fraction = if e >= 0.8 { 1.0 } else { 0.7 };
                return Mixed::pure(Decision::RaiseTo(s.pot_fraction_to(fraction)));
            }
            // A small opening risks one ante to win the pot.
            let small = Decision::RaiseTo(s.max_bet + s.ante);
            let price = s.ante.to_f64() / (s.pot + s.ante).to_f64();
            if e >= price {
                return Mixed::pure(small);
            }
            let give_up = if s.legal.check {
                Decision::CheckCall
            } else {
                Decision::Fold
            };
            if s.second && s.opponents == 1 {
                return Mixed::mix(small, STEAL, give_up);
            }
            return Mixed::pure(give_up);
        }
        let raise_at = if s.second {
            (0.75 / k.sqrt()).max(0.4)
        } else {
            (0.68 / k.sqrt()).max(0.35)
        };
        if e >= raise_at && s.legal.raise.is_some() {
            let fraction = if e >= 0.85 { 1.0 } else { 0.75 };
            return Mixed::pure(Decision::RaiseTo(s.pot_fraction_to(fraction)));
        }
        Mixed::pure(if e >= s.pot_odds() {
            Decision::CheckCall
        } else {
            Decision::Fold
        })
    }

    /// The simulated opponents' hands for a policy question at `view`: drawn once per point of
    /// the game (the events observed so far) and reused for every hand the question puts into
    /// the view, so the answers differ by the hands and not by sampling noise. The pool is
    /// drawn around the first hand asked about (the cards it removes from the deck).
    fn policy_pool(&mut self, view: &DrawView) -> Vec<u32> {
        match &self.pool {
            Some((at, pool)) if *at == self.observed => pool.clone(),
            _ => {
                let pool = self.opponent_pool(view, self.samples, None);
                self.pool = Some((self.observed, pool.clone()));
                pool
            }
        }
    }

    /// The discard of best chance to win against `pool` (the standard one unless another does
    /// better by more than 1%).
    fn exchange(
        &mut self,
        view: &DrawView,
        legal: &[Action],
        pool: &[u32],
        deadline: Option<Instant>,
    ) -> Action {
        let Some(ToAct::Exchange { seat, hand, .. }) = view.legal else {
            return legal[0];
        };
        let draws = (self.samples / 6).max(8);
        let standard = standard_discard(hand);
        let mut best = (self.win_rate(view, hand, standard, pool, draws), standard);
        for a in legal {
            if deadline.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            if let Action::Exchange { discard, .. } = *a {
                if discard == standard {
                    continue;
                }
                let w = self.win_rate(view, hand, discard, pool, draws);
                if w > best.0 + 0.01 {
                    best = (w, discard);
                }
            }
        }
        Action::Exchange {
            seat,
            discard: best.1,
        }
    }
}

/// The share of `pool` (sorted) that `v` beats, ties counting half.
fn share_beaten(pool: &[u32], v: u32) -> f64 {
    if pool.is_empty() {
        return 0.5;
    }
    let below = pool.partition_point(|&p| p < v);
    let not_above = pool.partition_point(|&p| p <= v);
    (below as f64 + 0.5 * (not_above - below) as f64) / pool.len() as f64
}

impl Bot<Draw> for ExpertBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn observe(&mut self, event: &Event) {
        self.observed += 1;
        let (seat, level, size) = match *event {
            Event::RoundEnded { round } => {
                self.second = round == Round::First;
                self.round_bets = 0;
                self.round_max = Chips::ZERO;
                return;
            }
            Event::Bet(BetEvent::Called { seat, .. }) => (seat, 1, Chips::ZERO),
            Event::Bet(BetEvent::BetOrRaised { seat, to, .. }) => {
                let size = to.minus_at_most(self.round_max);
                self.round_max = self.round_max.max(to);
                self.round_bets += 1;
                (seat, if self.round_bets == 1 { 2 } else { 3 }, size)
            }
            _ => return,
        };
        if self.reads.len() <= seat {
            self.reads.resize(seat + 1, Read::default());
        }
        let r = &mut self.reads[seat];
        if self.second {
            r.second = r.second.max(level);
            r.second_size = r.second_size.max(size);
        } else {
            r.first = r.first.max(level);
            r.first_size = r.first_size.max(size);
        }
    }

    fn act(&mut self, view: &DrawView, legal: &[Action], budget: Budget) -> Action {
        self.ante = view.ante;
        let deadline = budget.deadline(Instant::now());
        if let Some(s) = DrawSpot::read(view) {
            let pool = self.opponent_pool(view, self.samples, deadline);
            let e = self.equity(&s, view, &pool);
            return self.decide(&s, e).draw(&mut self.rng).to_action(&s.legal);
        }
        match view.legal {
            Some(ToAct::Exchange { .. }) => {
                let pool = self.opponent_pool(view, self.samples, deadline);
                self.exchange(view, legal, &pool, deadline)
            }
            _ => non_betting(view, legal, CardSet::EMPTY),
        }
    }

    /// The betting decision's distribution (pure but for the heads-up steal) and the exchange it
    /// would make, for the hand in `view`, against opponents simulated once per point of the
    /// game (`ExpertBot::policy_pool`).
    fn policy(&mut self, view: &DrawView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        self.ante = view.ante;
        if let Some(s) = DrawSpot::read(view) {
            let pool = self.policy_pool(view);
            let e = self.equity(&s, view, &pool);
            return Some(self.decide(&s, e).policy(&s.legal));
        }
        let action = match view.legal {
            Some(ToAct::Exchange { .. }) => {
                let pool = self.policy_pool(view);
                self.exchange(view, legal, &pool, None)
            }
            _ => non_betting(view, legal, CardSet::EMPTY),
        };
        Some(vec![(action, 1.0)])
    }
}
