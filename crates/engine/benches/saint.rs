//! Saint Poker throughput: complete random 4-player games per second on one core.
//!
//! Each game is dealt from a fresh seed and played to the end by uniformly random legal
//! actions ([`SaintGame::random_action`]), every action going through the engine's checks.
//! Two entry points are measured: `apply_into` (events appended to a reused buffer) and `apply`
//! (a fresh `Vec` of events per action). Run with `cargo bench -p tavolo-engine --bench saint`;
//! set `SAINT_BENCH_SECS` to change the measuring time per line (default 3), and
//! `SAINT_BENCH_PARTS=1` for a breakdown (deal, random action, clone, check, apply) instead.
//! Speeds are given per CPU-second of the measuring thread (Linux schedstat), which stays
//! meaningful on a shared machine, and per wall-clock second.

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{repeat_for, WyRand};
use tavolo_cards::GameRng;
use tavolo_engine::saint::{seed_from_u64, Event, RandomBelow, SaintGame, SaintOptions};

impl RandomBelow for WyRand {
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let r = self.next_u64() as u32;
        // Multiply-shift: bias below n / 2^32, irrelevant for a random bot.
        ((u64::from(r) * u64::from(n)) >> 32) as u32
    }
}

fn play<R: RandomBelow>(
    seed: u64,
    players: u8,
    bot: &mut R,
    events: &mut Vec<Event>,
    fresh_vec: bool,
) -> u32 {
    let Ok(mut g) = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)) else {
        return 0;
    };
    let players = g.players();
    let mut act = |g: &mut SaintGame, p: usize| {
        let Some(a) = g.random_action(p, bot) else {
            return;
        };
        if fresh_vec {
            let ev = g.apply(a).unwrap_or_default();
            black_box(&ev);
        } else {
            events.clear();
            let _ = g.apply_into(a, events);
        }
    };
    while !g.is_over() {
        match g.to_pick() {
            // The draft: one picker at a time.
            Some(p) => act(&mut g, p),
            // Place or show: everyone chooses.
            None => (0..players).for_each(|p| act(&mut g, p)),
        }
    }
    g.scores().iter().sum()
}

fn measure<R: RandomBelow>(label: &str, players: u8, fresh_vec: bool, secs: f64, mut bot: R) {
    let mut events = Vec::with_capacity(64);
    let mut seed = 1u64;
    // Warm up.
    for _ in 0..2_000 {
        black_box(play(seed, players, &mut bot, &mut events, fresh_vec));
        seed += 1;
    }
    let timing = repeat_for(secs, || {
        for _ in 0..1_000 {
            black_box(play(seed, players, &mut bot, &mut events, fresh_vec));
            seed += 1;
        }
    });
    let games = 1_000 * timing.batches;
    let elapsed = timing.wall;
    // On a shared machine the wall clock counts time spent waiting for a core; the thread's
    // own CPU time (Linux schedstat) gives games per second of one core.
    let cpu = timing.cpu_or_wall();
    println!(
        "saint {label:<32} {players}p: {:>8.0} games per CPU-second ({:.2} µs/game; wall clock {:>8.0} games/s; {games} games)",
        games as f64 / cpu,
        cpu * 1e6 / games as f64,
        games as f64 / elapsed,
    );
}

fn deals(secs: f64) {
    let mut n = 0u64;
    let timing = repeat_for(secs, || {
        for i in 0..1000u64 {
            let g = SaintGame::new(SaintOptions::new(4), seed_from_u64(n + i));
            black_box(&g);
        }
        n += 1000;
    });
    println!("saint deal only 4p: {:.0}/s", n as f64 / timing.wall);
}

fn parts() {
    // States at every step of a few games.
    let mut bot = GameRng::from_u64(5);
    let mut states = Vec::new();
    for seed in 0..50 {
        let mut g = SaintGame::new(SaintOptions::new(4), seed_from_u64(seed)).unwrap();
        while !g.is_over() {
            let p = g.pending_seats().as_slice()[0] as usize;
            let a = g.random_action(p, &mut bot).unwrap();
            states.push((g.clone(), p, a));
            g.apply(a).unwrap();
        }
    }
    ns_per_state("random_action", &states, |(g, p, _)| {
        black_box(g.random_action(*p, &mut bot));
    });
    ns_per_state("clone", &states, |(g, _, _)| {
        black_box(g.clone());
    });
    let mut ev = Vec::with_capacity(64);
    ns_per_state("clone+apply_into", &states, |(g, _, a)| {
        let mut g = g.clone();
        ev.clear();
        let _ = black_box(g.apply_into(*a, &mut ev));
    });
    ns_per_state("check", &states, |(g, _, a)| {
        let _ = black_box(g.check(*a));
    });
}

/// Times `f` on every state, 200 times over, and prints the nanoseconds per call.
fn ns_per_state<S>(what: &str, states: &[S], mut f: impl FnMut(&S)) {
    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        states.iter().for_each(&mut f);
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / (states.len() as f64 * reps as f64);
    println!("{what}: {ns:.1} ns");
}

fn main() {
    if std::env::var("SAINT_BENCH_PARTS").is_ok() {
        deals(2.0);
        parts();
        return;
    }
    // `cargo test --benches` runs bench binaries with no measuring wish: keep it short.
    let quick = std::env::args().any(|a| a == "--test");
    let secs = if quick {
        0.05
    } else {
        std::env::var("SAINT_BENCH_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3.0)
    };
    let chacha = || GameRng::from_u64(0xb0b);
    measure("random game, apply_into", 4, false, secs, chacha());
    measure("random game, apply (Vec/action)", 4, true, secs, chacha());
    measure(
        "  same, bots draw with wyrand",
        4,
        false,
        secs,
        WyRand(0xb0b),
    );
    if !quick {
        for p in [2, 3, 5] {
            measure("random game, apply_into", p, false, secs / 2.0, chacha());
        }
    }
}
