//! What the seeded simulations share (the tables' in `core::simulation`, the tournaments' in
//! `tournament::simulation`, the joined ones in `tournament::joined`): a run's tally of steps
//! and faults, the seeds spread over the machine's cores, a number from the environment, and a
//! failing seed's line with the command that replays it.

use std::collections::BTreeMap;
use std::ops::AddAssign;

/// What every seed's run counts, whatever it simulates.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Steps taken.
    pub steps: usize,
    /// Faults injected, by kind.
    pub faults: BTreeMap<&'static str, u64>,
}

impl Tally {
    /// One fault of `kind` injected.
    pub fn fault(&mut self, kind: &'static str) {
        *self.faults.entry(kind).or_default() += 1;
    }
}

impl AddAssign for Tally {
    /// Another run's tally added to this one.
    fn add_assign(&mut self, other: Tally) {
        self.steps += other.steps;
        for (k, v) in other.faults {
            *self.faults.entry(k).or_default() += v;
        }
    }
}

/// A number from the environment, or `default`.
pub fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Seed `seed`'s failure at `e`, with `replay`, the command that replays it.
pub fn failed(seed: u64, e: &str, replay: &str) -> String {
    format!("seed {seed} failed at {e}\n  replay: {replay}")
}

/// `run(seed)` for the seeds `first..first + count` on every core: their reports added up by
/// `add`, and a line for each seed that failed with `replay(seed)`, the command that replays it.
pub fn run_seeds<R: Default + Send>(
    first: u64,
    count: u64,
    run: impl Fn(u64) -> Result<R, String> + Sync,
    add: impl Fn(&mut R, R),
    replay: impl Fn(u64) -> String,
) -> (R, Vec<String>) {
    let mut total = R::default();
    let mut failures = Vec::new();
    for (seed, r) in over_seeds(first, count, run) {
        match r {
            Ok(r) => add(&mut total, r),
            Err(e) => failures.push(failed(seed, &e, &replay(seed))),
        }
    }
    (total, failures)
}

/// `run(seed)` for the seeds `first..first + count`, spread over the machine's cores: each
/// seed's answer, in no particular order (every seed replays alone from one command).
pub(crate) fn over_seeds<R: Send>(
    first: u64,
    count: u64,
    run: impl Fn(u64) -> R + Sync,
) -> Vec<(u64, R)> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let run = &run;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                s.spawn(move || {
                    (first..first + count)
                        .filter(|seed| seed % threads == k)
                        .map(|seed| (seed, run(seed)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}
