//! Helpers shared by the bots' arena tests: matches on a chosen number of threads, matches of
//! an external program, and the check of duplicate deals.
#![allow(dead_code)]

use std::fmt::Debug;
use std::time::Duration;

use tavolo_bots::arena::{Arena, MatchConfig, MatchResult};
use tavolo_bots::external;
use tavolo_bots::{BotSpec, BotsError, Budget, Lapses};
use tavolo_engine::game::Game;

/// One bot per seat for `players` seats, named by `names` in turn (`names[i % len]` at seat i).
pub fn roster<G: Game>(
    players: usize,
    names: &[&str],
    spec: impl Fn(&str) -> Result<BotSpec<G>, BotsError>,
) -> Vec<BotSpec<G>> {
    (0..players)
        .map(|i| spec(names[i % names.len()]).expect("known bot"))
        .collect()
}

/// How a match is played: `games` games from `seed`, duplicate deals or not, on a pool of
/// `threads` threads.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub games: u64,
    pub seed: u64,
    pub duplicate: bool,
    pub threads: usize,
}

impl Plan {
    /// `games` games from `seed`, not duplicate, on two threads.
    pub fn new(games: u64, seed: u64) -> Plan {
        Plan {
            games,
            seed,
            duplicate: false,
            threads: 2,
        }
    }

    /// The same games dealt in duplicate.
    pub fn duplicate(self) -> Plan {
        Plan {
            duplicate: true,
            ..self
        }
    }

    /// The same games on a pool of `threads` threads.
    pub fn on(self, threads: usize) -> Plan {
        Plan { threads, ..self }
    }
}

/// Plays a match as `plan` says with one bot per seat.
pub fn play_match<G: Game>(setup: G::Setup, bots: Vec<BotSpec<G>>, plan: Plan) -> MatchResult {
    let mut config = MatchConfig::<G>::new(setup, bots, plan.games, plan.seed).expect("config");
    config.duplicate = plan.duplicate;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .expect("pool");
    pool.install(|| Arena::new(config).run(&|_| {}))
        .expect("match")
}

/// A match of the external program `command` (seat 0 first) against `other`, `timeout` per
/// decision; the result (the program's lapses are `bots[0].lapses`).
pub fn external_match<G: Game>(
    setup: G::Setup,
    command: &str,
    other: BotSpec<G>,
    games: u64,
    seed: u64,
    timeout: Duration,
) -> MatchResult {
    let bot = external::spec::<G>(command);
    let mut config = MatchConfig::<G>::new(setup, vec![bot, other], games, seed).expect("config");
    config.budget = Budget::limited(timeout);
    Arena::new(config).run(&|_| {}).expect("the match goes on")
}

/// Asserts that an external program had no fault at all.
pub fn assert_no_faults(r: &MatchResult) {
    assert_eq!(r.bots[0].lapses, Lapses::default(), "{:?}", r.bots[0]);
}

/// The arena of a recorded duplicate match of nine games from seed 4: station, rules and random
/// (made by `spec`) at three seats dealt from `setup`.
pub fn duplicate_recorded_arena<G: Game>(
    setup: G::Setup,
    spec: impl Fn(&str) -> Result<BotSpec<G>, BotsError>,
) -> Arena<G> {
    let bots = roster(3, &["station", "rules", "random"], spec);
    let mut config = MatchConfig::<G>::new(setup, bots, 9, 4).expect("config");
    config.duplicate = true;
    config.record = true;
    Arena::new(config)
}

/// Checks three duplicate deals of three seats: `dealt(i)` gives game `i`'s entries by seat and
/// its dealt cards. The games of a deal give the same cards to the same seats, with the bots
/// rotated one seat further each time; `first(deal, cards)` checks the first game's cards.
pub fn assert_duplicate_deals_rotate_the_bots<T: PartialEq + Debug>(
    dealt: impl Fn(u64) -> (Vec<usize>, T),
    first: impl Fn(&T),
) {
    for deal in 0..3u64 {
        let (e0, d0) = dealt(3 * deal);
        first(&d0);
        for k in 1..3u64 {
            let (e, d) = dealt(3 * deal + k);
            assert_eq!(
                d, d0,
                "deal {deal}, rotation {k}: same cards to the same seats"
            );
            assert_ne!(e, e0, "deal {deal}, rotation {k}: the bots moved");
            for s in 0..3 {
                assert_eq!(e[s], (e0[s] + k as usize) % 3);
            }
        }
    }
    // Different deals have different cards.
    assert_ne!(dealt(0).1, dealt(3).1);
}
