//! Hold'em throughput: complete random 6-handed No-Limit hands per second on one core, with
//! PokerKit timed on the same workload in the same run.
//!
//! Each hand: blinds 1/2, stacks of 200 big blinds, a seeded deck, then uniformly weighted random
//! legal actions (fold only when facing a bet; check/call three times as likely as a fold; a
//! bet or raise to a uniformly drawn legal amount) until the hand ends, showdowns evaluated and
//! pots awarded. Every action goes through the engine's checks (`apply_into`, events appended
//! to a reused buffer). `scripts/pokerkit_bench.py` plays the same workload with PokerKit 0.7.7.
//!
//! Run: `cargo bench -p tavolo-engine --bench holdem`. `HOLDEM_BENCH_SECS` sets the measuring
//! time (default 3). The PokerKit line needs the virtual environment made by
//! the PokerKit differential test (`target/tmp/pokerkit-venv`), or `TAVOLO_PYTHON` pointing at a
//! Python with pokerkit.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;

use common::repeat_for;
use tavolo_cards::GameRng;
use tavolo_engine::holdem::{Action, Dealing, Event, Hand, HandSetup, HoldemRules, ToAct};
use tavolo_engine::Chips;

/// A uniform integer in `0..n` for 64-bit `n` (multiply-high; the bias is below 2^-40 here).
#[inline]
fn below64(rng: &mut GameRng, n: u64) -> u64 {
    ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64
}

fn random_action(h: &Hand, rng: &mut GameRng) -> Option<Action> {
    let ToAct::Player(l) = h.legal_actions() else {
        return None;
    };
    let seat = l.seat;
    let fold_w = u32::from(l.call.is_some());
    let cc_w = 3;
    let raise_w = u32::from(l.raise.is_some());
    let r = rng.below(fold_w + cc_w + raise_w);
    Some(if r < fold_w {
        Action::Fold { seat }
    } else if r < fold_w + cc_w {
        if l.check {
            Action::Check { seat }
        } else {
            Action::Call { seat }
        }
    } else {
        let range = l.raise.unwrap_or(tavolo_engine::holdem::RaiseRange {
            min_to: Chips::ZERO,
            max_to: Chips::ZERO,
        });
        let span = range.max_to - range.min_to + Chips::new(1);
        Action::BetOrRaiseTo {
            seat,
            to: range.min_to + Chips::new(below64(rng, span.get())),
        }
    })
}

/// One hand, dealt in place after the previous one with the same generator
/// (`Hand::deal_next_into`), as a table does in a session; the first from a generator seeded
/// with `seed`.
fn play(
    setup: &HandSetup,
    hand: &mut Option<Hand>,
    seed: u64,
    rng: &mut GameRng,
    events: &mut Vec<Event>,
) -> u64 {
    events.clear();
    let h = match hand {
        Some(h) => {
            if h.deal_next_into(setup, events).is_err() {
                return 0;
            }
            h
        }
        None => {
            let deck = Dealing::Seeded(GameRng::from_u64(seed));
            let Ok(h) = Hand::new_into(setup, deck, events) else {
                return 0;
            };
            hand.insert(h)
        }
    };
    while let Some(a) = random_action(h, rng) {
        events.clear();
        if h.apply_into(a, events).is_err() {
            return 0;
        }
    }
    h.stacks()[0].get()
}

/// The benchmark's table: six players of 400 chips, blinds 1 and 2, the button at seat 0.
fn six_handed() -> HandSetup {
    HandSetup::casino(
        vec![Chips::new(400); 6],
        0,
        Chips::new(1),
        Chips::new(2),
        HoldemRules::default(),
    )
}

/// Hands per wall-clock second and per CPU second.
fn tavolo(secs: f64) -> (f64, Option<f64>, u64) {
    let mut setup = six_handed();
    let mut rng = GameRng::from_u64(0xbe7);
    let mut events = Vec::with_capacity(128);
    let mut hand = None;
    for _ in 0..20_000 {
        black_box(play(&setup, &mut hand, 1, &mut rng, &mut events));
    }
    let mut seed = 1_000_000u64;
    let timing = repeat_for(secs, || {
        for _ in 0..10_000 {
            setup.button = (seed % 6) as usize;
            setup.blinds.iter_mut().for_each(|b| *b = Chips::ZERO);
            setup.blinds[(setup.button + 1) % 6] = Chips::new(1);
            setup.blinds[(setup.button + 2) % 6] = Chips::new(2);
            black_box(play(&setup, &mut hand, 1, &mut rng, &mut events));
            seed += 1;
        }
    });
    let hands = 10_000 * timing.batches;
    (
        hands as f64 / timing.wall,
        timing.cpu.map(|c| hands as f64 / c),
        hands,
    )
}

fn tavolo_fixed_button(secs: f64) -> f64 {
    let setup = six_handed();
    let mut rng = GameRng::from_u64(0xbe7);
    let mut events = Vec::with_capacity(128);
    let mut hand = None;
    let timing = repeat_for(secs, || {
        for _ in 0..10_000 {
            black_box(play(&setup, &mut hand, 2, &mut rng, &mut events));
        }
    });
    (10_000 * timing.batches) as f64 / timing.wall
}

fn pokerkit(secs: f64) -> Option<f64> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let python = std::env::var("TAVOLO_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            let target = std::env::var("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|_| root.join("target"));
            // Where the differential test (and scripts/test-pokerkit.sh) makes its venv.
            target.join("tmp/pokerkit-venv/bin/python")
        });
    if !python.exists() {
        println!(
            "PokerKit: skipped ({} not found; run `cargo test -p tavolo-engine --test it holdem_pokerkit` once)",
            python.display()
        );
        return None;
    }
    let out = Command::new(&python)
        .arg(root.join("scripts/pokerkit_bench.py"))
        .arg("--seconds")
        .arg(secs.to_string())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("hands_per_second ")?.trim().parse().ok())
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let secs: f64 = std::env::var("HOLDEM_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let (hps, cpu_hps, hands) = tavolo(secs);
    println!("Tavolo   6-max No-Limit random hands: {hps:>12.0} hands/s wall clock ({hands} hands, one thread)");
    if let Some(c) = cpu_hps {
        println!("Tavolo   per CPU second (one core):   {c:>12.0} hands/s");
    }
    let fixed = tavolo_fixed_button(secs);
    println!("Tavolo   (button fixed, setup reused): {fixed:>11.0} hands/s");
    if let Some(p) = pokerkit(secs.max(5.0)) {
        println!("PokerKit 6-max No-Limit random hands: {p:>12.0} hands/s");
        println!("Tavolo / PokerKit: {:.0}x (wall clock)", hps / p);
    }
}
