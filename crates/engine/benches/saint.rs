//! Saint Poker throughput: complete random 4-player games per second on one core.
//!
//! Each game is dealt from a fresh seed and played to the end by uniformly random legal
//! actions ([`SaintGame::random_action`]), every action going through the engine's checks.
//! Two entry points are measured: `apply_into` (events appended to a reused buffer) and `apply`
//! (a fresh `Vec` of events per action). Run with `cargo bench -p tavolo-engine --bench saint`;
//! set `SAINT_BENCH_SECS` to change the measuring time per line (default 3).

use std::hint::black_box;
use std::time::{Duration, Instant};

use tavolo_cards::GameRng;
use tavolo_engine::saint::{seed_from_u64, Event, SaintGame, SaintOptions};

fn play(seed: u64, players: u8, bot: &mut GameRng, events: &mut Vec<Event>, fresh_vec: bool) -> u32 {
    let Ok(mut g) = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)) else {
        return 0;
    };
    while !g.is_over() {
        for p in 0..g.players() {
            if !g.is_pending(p) {
                continue;
            }
            let Some(a) = g.random_action(p, bot) else {
                continue;
            };
            if fresh_vec {
                let ev = g.apply(a).unwrap_or_default();
                black_box(&ev);
            } else {
                events.clear();
                let _ = g.apply_into(a, events);
            }
        }
    }
    g.scores().iter().sum()
}

fn measure(label: &str, players: u8, fresh_vec: bool, secs: f64) {
    let mut bot = GameRng::from_u64(0xb0b);
    let mut events = Vec::with_capacity(64);
    let mut seed = 1u64;
    // Warm up.
    for _ in 0..2_000 {
        black_box(play(seed, players, &mut bot, &mut events, fresh_vec));
        seed += 1;
    }
    let budget = Duration::from_secs_f64(secs);
    let start = Instant::now();
    let mut games = 0u64;
    while start.elapsed() < budget {
        for _ in 0..1_000 {
            black_box(play(seed, players, &mut bot, &mut events, fresh_vec));
            seed += 1;
        }
        games += 1_000;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "saint {label:<28} {players}p: {:>10.0} games/s ({:.2} µs/game, {games} games)",
        games as f64 / elapsed,
        elapsed * 1e6 / games as f64
    );
}

fn main() {
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
    measure("random game, apply_into", 4, false, secs);
    measure("random game, apply (Vec/action)", 4, true, secs);
    if !quick {
        for p in [2, 3, 5] {
            measure("random game, apply_into", p, false, secs / 2.0);
        }
    }
}
