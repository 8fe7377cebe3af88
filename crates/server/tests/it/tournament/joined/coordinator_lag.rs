//! The joined simulation's lags of the coordinator's writes (issue 51): its saves and the
//! movements of money they carry (entries, refunds, prizes) reach the books late, or not at
//! all, behind the steps it took in memory — held unanswered, refused as unavailable and sent
//! again, or recorded with their answers lost — for a few steps; then its node dies (the
//! coordinator alone, or the whole node with its tables) or its writes reach the books again.
//! A coordinator that dies so is restored from a save older than the steps it took: what it
//! told nobody yet is decided again, and what it told must never be contradicted.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::AddAssign;
use std::time::Duration;

use tavolo_engine::game::Game;
use tavolo_engine::tournament::{Config, Phase};
use tavolo_server::tournament::{Input, Intent, Movement, Step};

use super::lag::{lag_how, lagging, Lag, Reach};
use super::{draw_sit_and_go, draw_table, holdem_table, played_out, Event};
use crate::core::bench::Maker;
use crate::core::seeds::{env, run_seeds};
use crate::tournament::bench::sit_and_go;

/// A step's kind as counted.
fn step_kind(s: &Step) -> &'static str {
    match s {
        Step::Entered { .. } => "entered",
        Step::Tick { .. } => "tick",
        Step::Dealt { .. } => "dealt",
        Step::HandOver(_) => "hand over",
        _ => "other",
    }
}

/// A movement's kind as counted.
fn movement_kind(m: &Movement) -> &'static str {
    match m {
        Movement::Entry { .. } => "entry",
        Movement::Prize { .. } => "prize",
        _ => "other",
    }
}

/// How a lag of the coordinator's writes is counted.
fn coordinator_name(reach: Reach) -> &'static str {
    match reach {
        Reach::Held => "coordinator held",
        Reach::Down => "coordinator down",
        Reach::AnswersLost => "coordinator answers lost",
    }
}

impl<G: Game> Event<G> {
    /// The books answer the coordinator's writes as its lag lets them (held: none; down:
    /// `Unavailable`, nothing recorded; answers lost: recorded, answered `Unavailable`).
    pub(super) fn coord_settle(&mut self) {
        let was = lagging(self.coord_lag.as_ref(), &mut self.coord.books.ledger);
        self.coord.settle();
        let books = &mut self.coord.books.ledger;
        (books.down, books.answers_lost) = was;
    }

    /// Now and then (one time in `coord_lag_every`) the coordinator's writes start to lag.
    pub(super) fn maybe_lag_coordinator(&mut self) {
        self.lag_coordinator_one_time_in(self.coord_lag_every);
    }

    /// Just before the coordinator takes `input`, its writes may start to lag: one time in
    /// `coord_lag_every`, one in four before a report in which a player busted (a place, and a
    /// prize perhaps, then lost with a stale save unless the books have them).
    pub(super) fn maybe_lag_coordinator_before(&mut self, input: &Input) {
        let busts = matches!(input, Input::HandOver(h) if h.ended.iter().any(|(_, c)| c.is_zero()));
        let every = match self.coord_lag_every {
            0 => 0,
            _ if busts => 4,
            every => every,
        };
        self.lag_coordinator_one_time_in(every);
    }

    /// The coordinator's writes start to lag one time in `every` (0: never).
    fn lag_coordinator_one_time_in(&mut self, every: u32) {
        if every == 0 || self.coord_lag.is_some() || self.coord.finished {
            return;
        }
        let Some(rng) = self.faults.as_mut() else {
            return;
        };
        if rng.below(every) != 0 {
            return;
        }
        let (reach, steps, dies) = lag_how(rng);
        self.coord.held = reach == Reach::Held;
        let orders = Vec::new();
        self.coord_lag = Some(Lag {
            reach,
            steps,
            dies,
            orders,
        });
        *self.lagged.entry(coordinator_name(reach)).or_default() += 1;
    }

    /// The coordinator's lag goes on a step; over, its node dies (the coordinator alone, or the
    /// whole node with its tables) or its writes reach the books again (those refused are sent
    /// again when their pause is over).
    pub(super) fn coord_lag_goes_on(&mut self) {
        let Some(lag) = self.coord_lag.as_mut() else {
            return;
        };
        lag.steps = lag.steps.saturating_sub(1);
        if lag.steps > 0 {
            return;
        }
        let dies = lag.dies;
        self.coord_lag = None;
        self.coord.held = false;
        if dies && self.whole_nodes {
            self.crash_node();
        } else if dies {
            self.crash_coordinator();
        }
        self.pump();
    }

    /// The coordinator's node dies: its writes not answered land or not as `lands` says (their
    /// answers lost), its lag ends, and another node restores it from the newest save at the
    /// next epoch. Counts a restore from a save older than the steps it had taken, those steps
    /// by kind, and the movements of money it had decided that are lost with it (neither
    /// recorded nor pending in the save restored: an entry to be asked again, a prize to be
    /// decided again).
    pub(super) fn coord_dies(&mut self, lands: impl FnMut() -> bool) {
        self.coord_lag = None;
        self.coord.held = false;
        let taken = self.coord.core.steps();
        let unsaved = self.coord.core.unsaved().to_vec();
        let pending = self.coord.core.pending();
        self.coord.crash(lands);
        let kept = self.coord.core.pending();
        let (id, config) = (&self.coord.setup.lease.tournament, &self.coord.setup.config);
        for m in pending.iter().filter(|m| !kept.contains(m)) {
            let key = m.journal(id, config).map(|j| j.key).unwrap_or_default();
            if !self.coord.books.has(&key) {
                *self.movements_lost.entry(movement_kind(m)).or_default() += 1;
            }
        }
        let restored = self.coord.core.steps();
        if restored < taken {
            *self.lagged.entry("coordinator stale").or_default() += 1;
            let lost = (taken - restored) as usize;
            for s in &unsaved[unsaved.len().saturating_sub(lost)..] {
                *self.steps_lost.entry(step_kind(s)).or_default() += 1;
            }
        }
    }

    /// Every entrant registers, one after the other. While the coordinator's writes may lag
    /// (`coord_lag_every`), faults go on between the entries and the clock moves (a write
    /// refused is sent again), and an entry lost with a coordinator restored from an older save
    /// (its player was answered "pending", and never told "entered") is asked again, until the
    /// sit-and-go starts. Registration is short: there, the coordinator's writes start to lag
    /// one time in four.
    pub(super) fn register_all(&mut self) {
        let players = self.coord.members.len();
        let faulty = self.faults.is_some() && self.coord_lag_every > 0;
        for i in 0..players {
            if faulty {
                self.lag_coordinator_one_time_in(4);
            }
            let reply = self.coord.intent(i, Intent::Register);
            self.replies.insert(reply, self.coord.members[i].0.id);
            self.pump();
            if faulty {
                self.maybe_fault();
                self.advance(Duration::from_secs(1));
            }
        }
        for _ in 0..10_000 {
            if !faulty || self.coord.core.tournament().phase() != Phase::Registering {
                return;
            }
            for i in 0..players {
                let id = self.coord.members[i].0.id;
                if !self.coord.core.members().contains_key(&id) {
                    *self.lagged.entry("entry asked again").or_default() += 1;
                    let reply = self.coord.intent(i, Intent::Register);
                    self.replies.insert(reply, id);
                    self.pump();
                }
            }
            self.maybe_fault();
            self.advance(Duration::from_secs(1));
        }
        panic!("seed {}: the sit-and-go never filled", self.seed);
    }
}

/// What the coordinator's lag runs add up: lags and stale restores (tables' and the
/// coordinator's), the coordinator's steps and movements of money lost with a stale save by
/// kind, hands, restarts (coordinators, tables, whole nodes).
#[derive(Debug, Default)]
pub(super) struct CoordLagTally {
    pub(super) lagged: BTreeMap<&'static str, u64>,
    steps_lost: BTreeMap<&'static str, u64>,
    movements_lost: BTreeMap<&'static str, u64>,
    hands: usize,
    restarts: (usize, usize, usize),
}

impl AddAssign for CoordLagTally {
    /// Another run's tally added to this one.
    fn add_assign(&mut self, t: CoordLagTally) {
        let maps = [
            (&mut self.lagged, t.lagged),
            (&mut self.steps_lost, t.steps_lost),
            (&mut self.movements_lost, t.movements_lost),
        ];
        for (to, from) in maps {
            for (k, n) in from {
                *to.entry(k).or_default() += n;
            }
        }
        self.hands += t.hands;
        let r = &mut self.restarts;
        *r = (r.0 + t.restarts.0, r.1 + t.restarts.1, r.2 + t.restarts.2);
    }
}

impl fmt::Display for CoordLagTally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} hands, restarts (coordinators, tables, whole nodes) {:?}, lags {:?}, the \
             coordinator's steps lost with a stale save {:?} and its movements of money {:?}",
            self.hands, self.restarts, self.lagged, self.steps_lost, self.movements_lost
        )
    }
}

/// Plays seed `seed`'s sit-and-go with a lag of the coordinator's writes starting one step in
/// `TAVOLO_JOINED_COORD_LAG_EVERY` (25) or so, and of a table's one in `TAVOLO_JOINED_LAG_EVERY`
/// (400): Hold'em or Draw, of several sizes, whole nodes dying or one part at a time, by seed.
fn coordinator_lagged_event(seed: u64) -> CoordLagTally {
    fn run<G: Game>(config: Config, make: fn(usize) -> Maker<G>, seed: u64) -> CoordLagTally {
        let mut e = Event::unregistered(config, make, seed, true);
        e.whole_nodes = seed % 2 == 1;
        e.coord_lag_every = env("TAVOLO_JOINED_COORD_LAG_EVERY", 25) as u32;
        e.lag_every = env("TAVOLO_JOINED_LAG_EVERY", 400) as u32;
        e.register_all();
        let e = played_out(e);
        CoordLagTally {
            lagged: e.lagged,
            steps_lost: e.steps_lost,
            movements_lost: e.movements_lost,
            hands: e.hands,
            restarts: e.crashes,
        }
    }
    let size = (seed / 4 % 4) as usize;
    if seed % 4 < 2 {
        let (players, seats) = [(9, 9), (14, 6), (20, 10), (27, 9)][size];
        run(sit_and_go(players, seats), holdem_table, seed)
    } else {
        let (players, seats) = [(8, 8), (16, 8), (14, 6), (20, 8)][size];
        run(draw_sit_and_go(players, seats), draw_table, seed)
    }
}

/// The command that replays seed `seed` of the coordinator's lag runs (with the lags' rates, if
/// set).
fn coordinator_lag_replay(seed: u64) -> String {
    let rates: String = ["TAVOLO_JOINED_COORD_LAG_EVERY", "TAVOLO_JOINED_LAG_EVERY"]
        .iter()
        .filter_map(|k| Some(format!("{k}={} ", std::env::var(k).ok()?)))
        .collect();
    format!("{rates}TAVOLO_JOINED_SEED={seed} TAVOLO_JOINED_COORD_LAG_RUNS=1 cargo test -p tavolo-server --test it tournament::joined::a_coordinator_restored -- --nocapture")
}

/// Seeds `first..first + runs` of the coordinator's lag runs on every core: their tally, and a
/// line for each seed that failed with the command that replays it alone.
pub(super) fn coordinator_lag_runs(first: u64, runs: u64) -> (CoordLagTally, Vec<String>) {
    let run = |seed| {
        std::panic::catch_unwind(|| coordinator_lagged_event(seed)).map_err(|e| {
            (e.downcast_ref::<String>().cloned())
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
    };
    run_seeds(first, runs, run, |t, r| *t += r, coordinator_lag_replay)
}
