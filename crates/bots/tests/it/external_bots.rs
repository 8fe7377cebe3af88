//! External bots over the JSON-lines protocol: a bot that crashes, hangs, writes garbage or
//! answers illegally gets the default action and the match goes on; the Python example plays.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::{assert_no_faults, external_match};
use tavolo_bots::arena::MatchResult;
use tavolo_bots::draw::{self, Draw, DrawOptions};
use tavolo_bots::holdem::{self, heads_up, Holdem};
use tavolo_bots::saint::{self, SaintPoker};
use tavolo_bots::Lapses;
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

/// The time limit of a test whose subject is not time. Only a machine stalled for half a minute
/// could make a program late, and the wait ends at once when the program answers, crashes or
/// writes garbage, so a test never waits it out.
const PATIENT: Duration = Duration::from_secs(30);

/// The time limit of the test of a program that hangs, which is late whatever the machine.
const BRIEF: Duration = Duration::from_millis(150);

fn holdem_match(command: &str, games: u64, timeout: Duration) -> MatchResult {
    let setup = heads_up(Structure::NoLimit).expect("setup");
    let station = holdem::bot_spec("station").expect("bot");
    external_match::<Holdem>(setup, command, station, games, 1, timeout)
}

/// A Hold'em match of the script `body` (as [`script`] `name`) against `station`, checked
/// zero-sum with only legal actions; the script's lapses.
fn scripted_holdem_match(name: &str, body: &str, games: u64, timeout: Duration) -> Lapses {
    let path = script(name, body);
    let r = holdem_match(path.to_str().expect("path"), games, timeout);
    zero_sum(&r);
    r.bots[0].lapses
}

fn zero_sum(r: &MatchResult) {
    for g in &r.games {
        assert!(g.scores.iter().sum::<f64>().abs() < 1e-9);
    }
    assert_eq!(r.bots[0].illegal, 0, "the default action is legal");
}

#[test]
fn a_bot_that_crashes_plays_the_default_action() {
    let faults = scripted_holdem_match("crash.sh", "#!/bin/sh\nexit 3\n", 6, PATIENT);
    assert!(faults.crashed >= 1);
}

#[test]
fn a_program_that_does_not_exist_plays_the_default_action() {
    let r = holdem_match("/nonexistent/tavolo-bot", 4, PATIENT);
    zero_sum(&r);
    assert_eq!(r.bots[0].lapses.crashed, 4);
}

#[test]
fn a_bot_that_hangs_is_timed_out() {
    let faults = scripted_holdem_match("hang.sh", "#!/bin/sh\nexec sleep 30\n", 2, BRIEF);
    assert!(faults.late + faults.crashed >= 1);
}

#[test]
fn a_bot_that_writes_garbage_is_stopped() {
    let faults = scripted_holdem_match(
        "garbage.sh",
        "#!/bin/sh\nwhile read line; do echo 'all in!!'; done\n",
        6,
        PATIENT,
    );
    assert!(faults.unreadable >= 1);
}

#[test]
fn a_bot_that_answers_illegally_plays_the_default_action() {
    let body = "#!/usr/bin/env python3\nimport json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m['type'] == 'act':\n        print(json.dumps({'id': m['id'], 'action': 99}), flush=True)\n";
    let faults = scripted_holdem_match("illegal.py", body, 6, PATIENT);
    assert!(faults.illegal >= 6);
}

#[test]
fn the_python_example_plays_holdem_and_draw() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let r = holdem_match(example, 10, PATIENT);
    zero_sum(&r);
    assert_no_faults(&r);

    let setup = DrawOptions::new(2).setup().expect("setup");
    let rules = draw::bot_spec("rules").expect("bot");
    let r = external_match::<Draw>(setup, example, rules, 10, 2, PATIENT);
    assert_eq!(r.bots[0].games, 10);
    assert_no_faults(&r);
}

/// A Saint Poker match of an external program against `greedy`.
fn saint_match(command: &str, games: u64, timeout: Duration) -> MatchResult {
    let greedy = saint::bot_spec("greedy").expect("bot");
    external_match::<SaintPoker>(SaintOptions::new(2), command, greedy, games, 3, timeout)
}

#[test]
fn the_python_example_plays_saint_poker() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bot.py");
    let r = saint_match(example, 3, PATIENT);
    assert_eq!(r.bots[0].games, 3);
    assert_eq!(r.bots[0].illegal, 0);
    assert_no_faults(&r);
}

#[test]
fn a_saint_bot_that_crashes_or_writes_garbage_plays_the_default_choices() {
    let crash = script("saint-crash.sh", "#!/bin/sh\nexit 3\n");
    let r = saint_match(crash.to_str().expect("path"), 2, PATIENT);
    assert_eq!(r.bots[0].games, 2);
    assert_eq!(r.bots[0].illegal, 0, "the default choice is legal");
    assert_eq!(r.bots[0].lapses.crashed, 2);
    let garbage = script(
        "saint-garbage.sh",
        "#!/bin/sh\nwhile read line; do echo 'place the ace'; done\n",
    );
    let r = saint_match(garbage.to_str().expect("path"), 2, PATIENT);
    assert_eq!(r.bots[0].games, 2);
    assert!(r.bots[0].lapses.unreadable >= 2, "one broken bot per game");
}

#[test]
fn exec_names_make_external_bots() {
    assert!(holdem::bot_spec("exec:./mybot --fast").is_ok());
    assert!(draw::bot_spec("exec:./mybot").is_ok());
    assert!(saint::bot_spec("exec:./mybot").is_ok());
    assert!(saint::bot_spec("exec:").is_err());
    assert!(holdem::bot_spec("exec:").is_err());
}

/// A bot that writes every line it is sent to a file of its own in the directory it is given,
/// and calls or checks.
const RECORDER: &str = r#"#!/usr/bin/env python3
import json, os, sys
log = open(os.path.join(sys.argv[1], "%d.jsonl" % os.getpid()), "w")
for line in sys.stdin:
    log.write(line)
    log.flush()
    m = json.loads(line)
    if m["type"] == "act":
        kinds = [a["action"] for a in m["legal"]]
        choice = next((kinds.index(k) for k in ("call", "check") if k in kinds), 0)
        print(json.dumps({"id": m["id"], "action": choice}), flush=True)
"#;

/// Plays eight heads-up hands of the recorder against `station`; every program's messages.
fn recorded_messages(tag: &str) -> Vec<Vec<serde_json::Value>> {
    let recorder = script("recorder.py", RECORDER);
    let dir = std::env::temp_dir().join(format!("tavolo-rec-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("log dir");
    let command = format!("{} {}", recorder.display(), dir.display());
    let r = holdem_match(&command, 8, PATIENT);
    zero_sum(&r);
    assert_no_faults(&r);
    let logs = std::fs::read_dir(&dir)
        .expect("logs")
        .map(|f| {
            let text = std::fs::read_to_string(f.expect("log").path()).expect("log");
            text.lines()
                .map(|l| serde_json::from_str(l).expect("each message is JSON"))
                .collect()
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    logs
}

/// Every card named anywhere in `v`.
fn cards_named(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) if s.len() == 2 && s.parse::<tavolo_cards::Card>().is_ok() => {
            out.push(s.clone())
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_named(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| cards_named(x, out)),
        _ => {}
    }
}

#[test]
fn a_bot_is_sent_nothing_that_predicts_a_card_it_was_not_shown() {
    let first = recorded_messages("a");
    let second = recorded_messages("b");
    assert_eq!(first.len(), 8, "one program per hand for the external seat");
    let mut seeds = std::collections::HashSet::new();
    let mut hole_cards = [Vec::new(), Vec::new()];
    for (run, logs) in [&first, &second].into_iter().enumerate() {
        for log in logs {
            let start = &log[0];
            assert_eq!(start["type"], "start", "{start}");
            assert_eq!(start["protocol"], 2, "{start}");
            let seed: u64 = start["seed"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .expect("the seed is a decimal string");
            seeds.insert(seed);
            let seat = start["seat"].clone();
            // The deal is told as events: the blinds and the bot's own two cards.
            let events: Vec<&serde_json::Value> = log
                .iter()
                .filter(|m| m["type"] == "event")
                .map(|m| &m["event"])
                .collect();
            assert!(events.iter().any(|e| e["event"] == "blind"), "{events:?}");
            let own: Vec<String> = events
                .iter()
                .filter(|e| e["event"] == "hole_dealt" && e["seat"] == seat)
                .filter_map(|e| e["card"].as_str().map(str::to_string))
                .collect();
            assert_eq!(own.len(), 2, "{events:?}");
            let mut board = Vec::new();
            for e in events.iter().filter(|e| e["event"] == "board") {
                cards_named(&e["cards"], &mut board);
            }
            // Until a hand is shown, every card the bot is sent is its own or the board's.
            for m in log {
                if m["type"] == "event" && m["event"]["event"] == "shown" {
                    break;
                }
                let mut named = Vec::new();
                cards_named(m, &mut named);
                for c in named {
                    assert!(own.contains(&c) || board.contains(&c), "{c} leaked in {m}");
                }
            }
            let mut own = own;
            own.sort();
            hole_cards[run].push(own);
        }
    }
    // The same match deals the same cards again, yet every program got a seed of its own:
    // the seed is not a function of the deal.
    hole_cards.iter_mut().for_each(|h| h.sort());
    assert_eq!(hole_cards[0], hole_cards[1], "the same deals");
    assert_eq!(seeds.len(), first.len() + second.len(), "fresh seeds");
}
