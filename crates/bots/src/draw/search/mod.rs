//! `search`, the `strong` Draw level: heads-up the `cfr` strategy; at a table of three to
//! [`MAX_SEARCH_PLAYERS`] players a search over the betting and the exchange that plays the
//! hand on, many times, against a model of the others.
//!
//! **A decision at a larger table** weighs a few candidate actions — in the betting: fold (a
//! check where free), call, and raises to the minimum, ½ pot, the pot and all-in; in the
//! exchange: the standard one, the cards laid down for each number from 0 to 3
//! ([`discard_for`]) and the discard `expert` would make — by their mean result in sampled
//! **worlds** (the `world` module): the hand dealt again with the others' cards drawn from
//! `expert`'s reading of their actions and announced exchanges (Bayes by rejection), replayed
//! with the engine up to now. In each world every candidate is played and the hand played out
//! with every seat, the searching one included, playing as `expert` (with [`ROLLOUT_SAMPLES`]
//! simulated deals per decision, so a rollout is cheap); all candidates see the same worlds and
//! the same later cards (common random numbers), so their difference is measured more closely
//! than their values. A fold is worth 0 (what is in the pot is sunk), so it is never played
//! out. A candidate surely behind the leader leaves the race (the `race` module), and the
//! decision ends when one is left. The search plays the candidate of best mean: a step of
//! policy improvement over `expert`, exact against players who play as its model does.
//!
//! **How long it thinks**: as Saint Poker's `master` (the crate's `think::Stop`), an anytime
//! search that stops when its thread has spent [`THINK`] of CPU time, at the table's deadline,
//! or after [`MAX_WORLDS`] worlds, whichever is first; `search:N` searches exactly N worlds a
//! decision and is reproducible for its seed when no clock stops it.
//!
//! **Heads-up** it plays the shipped CFR strategy ([`CfrBot`]), whose policy it reports, so
//! best response measures the bot players meet; with more than [`MAX_SEARCH_PLAYERS`] dealt in
//! (the deck no longer holds every seat's cards and draws apart) it plays as `expert`. It
//! reports no policy at a larger table (a search of every hand asked about is too slow to serve
//! best response, which is heads-up).

mod race;
pub(crate) mod world;

use std::time::{Duration, Instant};

use tavolo_cards::{CardSet, SplitMix64};
use tavolo_engine::draw::{Action, DrawView, Event, ToAct};
use tavolo_engine::game::{Game, Viewer};

use self::race::Race;
use self::world::Past;
use super::cfr::{cards::discard_for, CfrBot, Strategy};
use super::expert::{ExpertBot, DEFAULT_SAMPLES};
use super::play::standard_discard;
use super::simple::{non_betting, DrawSpot};
use super::Draw;
use crate::betting::{best_response_sizes, Decision};
use crate::bot::{Bot, Budget};
use crate::think::Stop;

/// The most players dealt in for which it searches.
pub const MAX_SEARCH_PLAYERS: usize = 5;
/// Simulated deals per decision of the `expert`s playing the hand out in a world.
pub const ROLLOUT_SAMPLES: u32 = 40;
/// Thinking time (CPU time of its thread) per searched decision.
pub const THINK: Duration = Duration::from_millis(100);
/// The most worlds a decision searches, whatever its thinking time.
pub const MAX_WORLDS: u64 = 4_000;
/// The most actions a hand is played out for (a Draw hand has far fewer).
const MAX_STEPS: usize = 1_000;
/// Worlds between two looks at the clock.
const CLOCK_EVERY: u64 = 4;

/// The `search` bot (see the module doc).
pub struct SearchBot {
    name: String,
    /// Worlds per decision, or `None` for [`THINK`] of thinking time.
    worlds: Option<u32>,
    rng: SplitMix64,
    past: Past,
    /// Reads the others (it samples the worlds) and plays where the search does not.
    reader: ExpertBot,
    heads_up: CfrBot,
}

impl SearchBot {
    /// The `strong` level: [`THINK`] of thinking time a decision, `strategy` heads-up.
    pub fn new(name: impl Into<String>, strategy: &'static Strategy, seed: u64) -> SearchBot {
        SearchBot {
            name: name.into(),
            worlds: None,
            rng: SplitMix64::new(seed ^ 0x5ea7_c4ed),
            past: Past::default(),
            reader: ExpertBot::new("expert".into(), DEFAULT_SAMPLES, seed),
            heads_up: CfrBot::new(strategy, seed),
        }
    }

    /// A searcher of exactly `worlds` worlds a decision.
    pub fn with_worlds(
        name: impl Into<String>,
        strategy: &'static Strategy,
        worlds: u32,
        seed: u64,
    ) -> SearchBot {
        SearchBot {
            worlds: Some(worlds.max(1)),
            ..SearchBot::new(name, strategy, seed)
        }
    }

    /// When a decision started now stops, `deadline` being the table's.
    fn stop(&self, deadline: Option<Instant>) -> Stop {
        match self.worlds {
            Some(n) => Stop::new(u64::from(n), None, deadline),
            None => Stop::new(MAX_WORLDS, Some(THINK), deadline),
        }
    }

    /// The actions it weighs at `view` (see the module doc), the first the passive one.
    fn candidates(&mut self, view: &DrawView, legal: &[Action]) -> Vec<Action> {
        let mut out: Vec<Action> = Vec::new();
        let mut push = |a: Action| {
            if Draw::allows(legal, &a) && !out.contains(&a) {
                out.push(a);
            }
        };
        match view.legal {
            Some(ToAct::Bet(l)) => {
                push(Decision::Fold.to_action(&l));
                push(Decision::CheckCall.to_action(&l));
                if let (Some(r), Some(s)) = (l.raise, DrawSpot::read(view)) {
                    push(Decision::RaiseTo(r.min_to).to_action(&l));
                    for to in best_response_sizes(s.pot, s.max_bet, &l) {
                        push(Decision::RaiseTo(to).to_action(&l));
                    }
                }
            }
            Some(ToAct::Exchange { seat, hand, max }) => {
                push(Action::Exchange {
                    seat,
                    discard: standard_discard(hand),
                });
                for count in 0..=usize::from(max).min(3) {
                    push(Action::Exchange {
                        seat,
                        discard: discard_for(hand, count),
                    });
                }
                push(self.reader.exchange_at(view, legal));
            }
            _ => {}
        }
        out
    }

    /// The candidate of best mean result over the worlds searched (`None` if no world could be
    /// dealt).
    fn search(&mut self, view: &DrawView, candidates: &[Action], stop: Stop) -> Option<Action> {
        let me = view.seat?;
        let mut race = Race::new(candidates.len());
        let (mut worlds, mut tries) = (0u64, 0u64);
        while race.left() > 1
            && !stop.reached(worlds, worlds % CLOCK_EVERY == 0)
            && tries < 4 * MAX_WORLDS
        {
            tries += 1;
            let Some((game, events)) = self.past.world(view, &mut self.reader, &mut self.rng)
            else {
                continue;
            };
            let seed = self.rng.next_u64();
            race.world(|i| match candidates[i] {
                Action::Fold { .. } => 0.0,
                a => play_out(&game, &events, a, me, seed),
            });
            worlds += 1;
        }
        race.leader().map(|i| candidates[i])
    }
}

/// The result for seat `me`, in chips from now, of playing `action` in `game` (a world whose
/// events so far are `events`) and the hand out with every seat playing as `expert`
/// ([`ROLLOUT_SAMPLES`] deals a decision), the bots seeded from `seed`.
fn play_out(game: &Draw, events: &[Event], action: Action, me: usize, seed: u64) -> f64 {
    let mut g = game.clone();
    let n = g.seats();
    let before = g.stacks()[me].to_f64();
    let mut bots: Vec<ExpertBot> = (0..n)
        .map(|s| {
            let mut b = ExpertBot::new(String::new(), ROLLOUT_SAMPLES, seed ^ ((s as u64) << 40));
            for e in events {
                if let Some(e) = Draw::censor(e, Viewer::Seat(s)) {
                    b.observe(&e);
                }
            }
            b
        })
        .collect();
    let mut next = Some(action);
    let mut new = Vec::new();
    for _ in 0..MAX_STEPS {
        let a = match next.take() {
            Some(a) => a,
            None => {
                let Some(seat) = g.to_act().iter().next() else {
                    break;
                };
                let view = g.view(Some(seat));
                let legal = g.legal(seat);
                bots[seat].act(&view, &legal, Budget::UNLIMITED)
            }
        };
        new.clear();
        if g.apply_into(a, &mut new).is_err() {
            break;
        }
        for e in &new {
            for (s, b) in bots.iter_mut().enumerate() {
                if let Some(e) = Draw::censor(e, Viewer::Seat(s)) {
                    b.observe(&e);
                }
            }
        }
        if g.is_over() {
            break;
        }
    }
    g.stacks()[me].to_f64() - before
}

impl Bot<Draw> for SearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn observe(&mut self, event: &Event) {
        self.past.observe(event);
        self.reader.observe(event);
        self.heads_up.observe(event);
    }

    fn act(&mut self, view: &DrawView, legal: &[Action], budget: Budget) -> Action {
        let players = view.stacks.len();
        if players == 2 {
            return self.heads_up.act(view, legal, budget);
        }
        if players > MAX_SEARCH_PLAYERS {
            return self.reader.act(view, legal, budget);
        }
        if matches!(view.legal, Some(ToAct::Showdown { .. })) {
            return non_betting(view, legal, CardSet::EMPTY);
        }
        let start = Instant::now();
        let candidates = self.candidates(view, legal);
        if candidates.len() == 1 {
            return candidates[0];
        }
        let stop = self.stop(budget.deadline(start));
        match self.search(view, &candidates, stop) {
            Some(a) => a,
            None => self.reader.act(view, legal, budget),
        }
    }

    /// Heads-up, the CFR strategy's policy; at a larger table none (see the module doc).
    fn policy(&mut self, view: &DrawView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        if view.stacks.len() == 2 {
            self.heads_up.policy(view, legal)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;
