//! Helpers shared by the `tavolo` binary's tests: running it, reading its output, and the
//! records and fairness bundles the verification tests feed it.
#![allow(dead_code)]

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use tavolo_cards::GameRng;
use tavolo_engine::holdem::{self, phh, HandSetup, HoldemRules, Structure};
use tavolo_engine::{saint, Chips};
use tavolo_store::{hex, sha256_hex};

/// The `tavolo` binary under test, not started yet: this build's, or the one `TAVOLO_TEST_BIN`
/// names (to run the process tests against another build, such as an older one a regression
/// test must fail on).
pub fn command() -> Command {
    match std::env::var_os("TAVOLO_TEST_BIN") {
        Some(bin) => Command::new(bin),
        None => Command::new(env!("CARGO_BIN_EXE_tavolo")),
    }
}

/// Runs `tavolo ARGS` (no standard input).
pub fn tavolo<S: AsRef<OsStr>>(args: &[S]) -> Output {
    command().args(args).output().expect("tavolo runs")
}

/// A `tavolo sim` that recorded its games and drew its plot: where and what.
pub struct Recorded {
    /// The directory the records went to (the plot is in it too).
    pub dir: PathBuf,
    /// The plot, `plot.svg` in `dir`.
    pub svg: String,
    pub output: Output,
}

/// Runs `tavolo sim ARGS --record DIR --plot DIR/plot.svg` with DIR a fresh directory named
/// after `name` and this process, asserts that it succeeds and reads the plot.
pub fn sim_recorded(name: &str, args: &[&str]) -> Recorded {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let plot = dir.join("plot.svg");
    let mut all: Vec<OsString> = std::iter::once("sim")
        .chain(args.iter().copied())
        .map(OsString::from)
        .collect();
    all.extend([
        "--record".into(),
        dir.clone().into(),
        "--plot".into(),
        plot.clone().into(),
    ]);
    let output = tavolo(&all);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&plot).expect("plot written");
    Recorded { dir, svg, output }
}

/// Runs `command` with `input` piped to its standard input (closed at once if `None`).
pub fn run_with_input(command: &mut Command, input: Option<&str>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tavolo runs");
    let mut stdin = child.stdin.take().expect("stdin");
    if let Some(input) = input {
        stdin.write_all(input.as_bytes()).expect("input written");
    }
    drop(stdin);
    child.wait_with_output().expect("tavolo ends")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The words of `line` as command-line arguments (none of them holds a space).
pub fn argv(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// A No-Limit Hold'em hand of `seats` stacks of `stack`, the button at `button` and blinds
/// `small`/`big`, dealt from `seed` and played to its end by `policy`: its PHH history, the
/// players named `names`.
pub fn holdem_phh(
    (seats, stack, button): (usize, u64, usize),
    (small, big): (u64, u64),
    seed: [u8; 32],
    mut policy: impl FnMut(&holdem::Legal) -> holdem::Action,
    names: Option<&[String]>,
) -> String {
    let setup = HandSetup::casino(
        vec![Chips::new(stack); seats],
        button,
        Chips::new(small),
        Chips::new(big),
        HoldemRules::casino(Structure::NoLimit),
    );
    let (mut hand, mut log) =
        holdem::Hand::new(&setup, holdem::Dealing::Seeded(GameRng::from_seed(seed))).expect("deal");
    while let holdem::ToAct::Player(l) = hand.legal_actions() {
        log.extend(hand.apply(policy(&l)).expect("legal"));
    }
    phh::export(&setup, &log, names).to_phh()
}

/// Asserts that `tavolo ARGS` exits with status 2 (a usage mistake); returns its standard error.
pub fn usage_error(args: &[&str]) -> String {
    let o = tavolo(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    err
}

/// Asserts that `tavolo ARGS` succeeds; returns its standard output.
pub fn success_text<S: AsRef<OsStr>>(args: &[S]) -> String {
    let o = tavolo(args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

/// Asserts that `tavolo ARGS` succeeds; returns its standard output parsed as one JSON value.
pub fn success_json(args: &[&str]) -> Value {
    serde_json::from_str(success_text(args).trim()).expect("JSON")
}

/// Runs `tavolo verify FILE`.
pub fn verify_file(file: &Path) -> Output {
    tavolo(&[OsStr::new("verify"), file.as_os_str()])
}

/// A fairness bundle (`tavolo-fair/1`, as a room serves it) for a record dealt from `seed`.
pub fn fair_bundle(id: &str, game: &str, seed: [u8; 32], format: &str, record: String) -> Value {
    json!({
        "format": "tavolo-fair/1",
        "id": id,
        "game": game,
        "commitment": sha256_hex(&seed),
        "seed": hex(&seed),
        "record_format": format,
        "record": record,
    })
}

/// The record of a whole Saint Poker game dealt from `seed`, every choice random from `play`.
pub fn saint_record(options: saint::SaintOptions, seed: [u8; 32], play: u64) -> String {
    let mut game = saint::SaintGame::new(options, seed).expect("game");
    let mut rng = GameRng::from_u64(play);
    while !game.is_over() {
        for p in game.pending() {
            if let Some(a) = game.random_action(p, &mut rng) {
                game.apply(a).expect("legal");
            }
        }
        if let Some(p) = game.to_pick() {
            let a = game.random_action(p, &mut rng).expect("a pick");
            game.apply(a).expect("legal");
        }
    }
    serde_json::to_string(&game.record().expect("record")).expect("json")
}
