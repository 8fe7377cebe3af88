//! External bots over the JSON-lines protocol: a bot that crashes, hangs, writes garbage or
//! answers illegally gets the default action and the match goes on; the Python example plays.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tavolo_bots::arena::{Arena, MatchConfig, MatchResult};
use tavolo_bots::draw::{self, Draw, DrawOptions};
use tavolo_bots::external::{self, Faults};
use tavolo_bots::holdem::{self, Holdem, HoldemOptions};
use tavolo_bots::saint::{self, SaintPoker};
use tavolo_bots::Budget;
use tavolo_engine::holdem::Structure;
use tavolo_engine::saint::SaintOptions;

/// Writes an executable script into a fresh directory and returns its path.
fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-ext-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, body).expect("script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    path
}

fn holdem_match(command: &str, games: u64, timeout_ms: u64) -> (MatchResult, Arc<Faults>) {
    let (bot, faults) = external::spec::<Holdem>(command);
    let bots = vec![bot, holdem::bot_spec("station").expect("bot")];
    let mut config = MatchConfig::<Holdem>::new(
        HoldemOptions::new(2, Structure::NoLimit)
            .setup()
            .expect("setup"),
        bots,
        games,
        1,
    )
    .expect("config");
    config.budget = Budget::limited(Duration::from_millis(timeout_ms));
    let r = Arena::new(config).run(&|_| {}).expect("the match goes on");
    (r, faults)
}

fn zero_sum(r: &MatchResult) {
    for g in &r.games {
        assert!(g.scores.iter().sum::<f64>().abs() < 1e-9);
    }
    assert_eq!(r.bots[0].illegal, 0, "the default action is legal");
}

#[test]
fn a_bot_that_crashes_plays_the_default_action() {
    let path = script("crash.sh", "#!/bin/sh\nexit 3\n");
    let (r, faults) = holdem_match(path.to_str().expect("path"), 6, 150);
    zero_sum(&r);
    assert!(faults.crashed() >= 1);
}

#[test]
fn a_program_that_does_not_exist_plays_the_default_action() {
    let (r, faults) = holdem_match("/nonexistent/tavolo-bot", 4, 150);
    zero_sum(&r);
    assert_eq!(faults.crashed(), 4);
}

#[test]
fn a_bot_that_hangs_is_timed_out() {
    let path = script("hang.sh", "#!/bin/sh\nexec sleep 30\n");
    let (r, faults) = holdem_match(path.to_str().expect("path"), 2, 150);
    zero_sum(&r);
    assert!(faults.late() + faults.crashed() >= 1);
}

#[test]
fn a_bot_that_writes_garbage_is_stopped() {
    let path = script(
        "garbage.sh",
        "#!/bin/sh\nwhile read line; do echo 'all in!!'; done\n",
    );
    let (r, faults) = holdem_match(path.to_str().expect("path"), 6, 150);
    zero_sum(&r);
    assert!(faults.garbage() >= 1);
}

#[test]
fn a_bot_that_answers_illegally_plays_the_default_action() {
    let path = script(
        "illegal.py",
        "#!/usr/bin/env python3\nimport json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'act':\n        print(json.dumps({'id': m['id'], 'action': 99}), flush=True)\n",
    );
    let (r, faults) = holdem_match(path.to_str().expect("path"), 6, 3000);
    zero_sum(&r);
    assert!(faults.illegal() >= 6);
}

#[test]
fn the_python_example_plays_holdem_and_draw() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let (r, faults) = holdem_match(example, 10, 3000);
    zero_sum(&r);
    assert_eq!(
        faults.late() + faults.garbage() + faults.illegal() + faults.crashed(),
        0
    );

    // Python may start slowly (interpreter shims): generous time limits here.
    let (bot, faults) = external::spec::<Draw>(example);
    let bots = vec![bot, draw::bot_spec("rules").expect("bot")];
    let mut config =
        MatchConfig::<Draw>::new(DrawOptions::new(2).setup().expect("setup"), bots, 10, 2)
            .expect("config");
    config.budget = Budget::limited(Duration::from_secs(3));
    let r = Arena::new(config).run(&|_| {}).expect("match");
    assert_eq!(r.bots[0].games, 10);
    assert_eq!(
        faults.late() + faults.garbage() + faults.illegal() + faults.crashed(),
        0
    );
}

/// A Saint Poker match of an external program against `greedy`.
fn saint_match(command: &str, games: u64, timeout_ms: u64) -> (MatchResult, Arc<Faults>) {
    let (bot, faults) = external::spec::<SaintPoker>(command);
    let bots = vec![bot, saint::bot_spec("greedy").expect("bot")];
    let mut config =
        MatchConfig::<SaintPoker>::new(SaintOptions::new(2), bots, games, 3).expect("config");
    config.budget = Budget::limited(Duration::from_millis(timeout_ms));
    let r = Arena::new(config).run(&|_| {}).expect("the match goes on");
    (r, faults)
}

#[test]
fn the_python_example_plays_saint_poker() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let (r, faults) = saint_match(example, 3, 3000);
    assert_eq!(r.bots[0].games, 3);
    assert_eq!(r.bots[0].illegal, 0);
    assert_eq!(
        faults.late() + faults.garbage() + faults.illegal() + faults.crashed(),
        0
    );
}

#[test]
fn a_saint_bot_that_crashes_or_writes_garbage_plays_the_default_choices() {
    let crash = script("saint-crash.sh", "#!/bin/sh\nexit 3\n");
    let (r, faults) = saint_match(crash.to_str().expect("path"), 2, 150);
    assert_eq!(r.bots[0].games, 2);
    assert_eq!(r.bots[0].illegal, 0, "the default choice is legal");
    assert_eq!(faults.crashed(), 2);
    let garbage = script(
        "saint-garbage.sh",
        "#!/bin/sh\nwhile read line; do echo 'place the ace'; done\n",
    );
    let (r, faults) = saint_match(garbage.to_str().expect("path"), 2, 150);
    assert_eq!(r.bots[0].games, 2);
    assert!(faults.garbage() >= 2, "one broken bot per game");
}

#[test]
fn exec_names_make_external_bots() {
    assert!(holdem::bot_spec("exec:./mybot --fast").is_ok());
    assert!(draw::bot_spec("exec:./mybot").is_ok());
    assert!(saint::bot_spec("exec:./mybot").is_ok());
    assert!(saint::bot_spec("exec:").is_err());
    assert!(holdem::bot_spec("exec:").is_err());
}
