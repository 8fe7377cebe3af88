//! External bots over the JSON-lines protocol: a bot that crashes, hangs, writes garbage or
//! answers illegally gets the default action and the match goes on; the Python example plays.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

mod common;

use common::{assert_no_faults, external_match};
use tavolo_bots::arena::MatchResult;
use tavolo_bots::draw::{self, Draw, DrawOptions};
use tavolo_bots::external::Faults;
use tavolo_bots::holdem::{self, Holdem, HoldemOptions};
use tavolo_bots::saint::{self, SaintPoker};
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
    let setup = HoldemOptions::new(2, Structure::NoLimit)
        .setup()
        .expect("setup");
    let station = holdem::bot_spec("station").expect("bot");
    let timeout = Duration::from_millis(timeout_ms);
    external_match::<Holdem>(setup, command, station, games, 1, timeout)
}

/// A Hold'em match of the script `body` (as [`script`] `name`) against `station`, checked
/// zero-sum with only legal actions; the script's faults.
fn scripted_holdem_match(name: &str, body: &str, games: u64, timeout_ms: u64) -> Arc<Faults> {
    let path = script(name, body);
    let (r, faults) = holdem_match(path.to_str().expect("path"), games, timeout_ms);
    zero_sum(&r);
    faults
}

fn zero_sum(r: &MatchResult) {
    for g in &r.games {
        assert!(g.scores.iter().sum::<f64>().abs() < 1e-9);
    }
    assert_eq!(r.bots[0].illegal, 0, "the default action is legal");
}

#[test]
fn a_bot_that_crashes_plays_the_default_action() {
    let faults = scripted_holdem_match("crash.sh", "#!/bin/sh\nexit 3\n", 6, 150);
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
    let faults = scripted_holdem_match("hang.sh", "#!/bin/sh\nexec sleep 30\n", 2, 150);
    assert!(faults.late() + faults.crashed() >= 1);
}

#[test]
fn a_bot_that_writes_garbage_is_stopped() {
    let faults = scripted_holdem_match(
        "garbage.sh",
        "#!/bin/sh\nwhile read line; do echo 'all in!!'; done\n",
        6,
        150,
    );
    assert!(faults.garbage() >= 1);
}

#[test]
fn a_bot_that_answers_illegally_plays_the_default_action() {
    let body = "#!/usr/bin/env python3\nimport json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'act':\n        print(json.dumps({'id': m['id'], 'action': 99}), flush=True)\n";
    let faults = scripted_holdem_match("illegal.py", body, 6, 3000);
    assert!(faults.illegal() >= 6);
}

#[test]
fn the_python_example_plays_holdem_and_draw() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let (r, faults) = holdem_match(example, 10, 3000);
    zero_sum(&r);
    assert_no_faults(&faults);

    // Python may start slowly (interpreter shims): generous time limits here.
    let setup = DrawOptions::new(2).setup().expect("setup");
    let rules = draw::bot_spec("rules").expect("bot");
    let timeout = Duration::from_secs(3);
    let (r, faults) = external_match::<Draw>(setup, example, rules, 10, 2, timeout);
    assert_eq!(r.bots[0].games, 10);
    assert_no_faults(&faults);
}

/// A Saint Poker match of an external program against `greedy`.
fn saint_match(command: &str, games: u64, timeout_ms: u64) -> (MatchResult, Arc<Faults>) {
    let greedy = saint::bot_spec("greedy").expect("bot");
    let timeout = Duration::from_millis(timeout_ms);
    external_match::<SaintPoker>(SaintOptions::new(2), command, greedy, games, 3, timeout)
}

#[test]
fn the_python_example_plays_saint_poker() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let (r, faults) = saint_match(example, 3, 3000);
    assert_eq!(r.bots[0].games, 3);
    assert_eq!(r.bots[0].illegal, 0);
    assert_no_faults(&faults);
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
