//! `tavolo play --plain` as a user meets it, with the answers piped in: a whole Saint Poker game
//! to the final ranking, several Hold'em hands with a raise, a Five-Card Draw hand with an
//! exchange; each writes its record under `--data-dir`, and `tavolo replay` confirms it. Also:
//! bad input gets a message (never a panic), and the same seed deals the same game.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{command, run_with_input, text};

/// A fresh, empty data directory for one test.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-play-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `tavolo play ARGS --plain --data-dir DIR` with `input` on standard input; `args` are
/// split at white space.
fn play(args: &str, dir: &Path, input: &str) -> Output {
    let mut play = command();
    play.arg("play")
        .args(args.split_whitespace())
        .arg("--plain")
        .arg("--data-dir");
    run_with_input(play.arg(dir), Some(input))
}

/// [`play`], asserted to succeed: its standard output.
fn play_ok(args: &str, dir: &Path, input: &str) -> String {
    let o = play(args, dir, input);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}\n{out}", text(&o.stderr));
    out
}

/// [`play_ok`] in a fresh data directory for the test `name`: the directory and the output.
fn play_in(name: &str, args: &str, input: &str) -> (PathBuf, String) {
    let dir = data_dir(name);
    let out = play_ok(args, &dir, input);
    (dir, out)
}

/// Asserts that `out` says each of `needles`.
fn says(out: &str, needles: &[&str]) {
    for needle in needles {
        assert!(out.contains(needle), "{needle:?} is not said:\n{out}");
    }
}

/// The record files written under `dir/game`.
fn records(dir: &Path, game: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join(game))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Runs `tavolo replay FILES` and asserts that it succeeds: its standard output.
fn replay_ok(files: &[PathBuf]) -> String {
    let r = command()
        .arg("replay")
        .args(files)
        .output()
        .expect("tavolo replay runs");
    let rs = text(&r.stdout);
    assert!(r.status.success(), "{rs}{}", text(&r.stderr));
    rs
}

/// Per round: place the first card, show the first two, pick the first card twice; round 8 has
/// no draft.
fn saint_script() -> String {
    let mut s = "1\n1 2\n1\n1\n".repeat(7);
    s.push_str("1\n1 2\n");
    s
}

#[test]
fn a_whole_saint_poker_game_ends_with_the_final_ranking_and_a_record_replay_confirms() {
    let (dir, out) = play_in(
        "saint",
        "saint --bots random,greedy --seed 4",
        &saint_script(),
    );
    for round in 1..=8 {
        assert!(
            out.contains(&format!("— Round {round}/8 —")),
            "round {round}\n{out}"
        );
    }
    says(
        &out,
        &[
            "You place ",
            "You show ",
            "You pick ",
            "Final ranking",
            "1. ",
        ],
    );
    let files = records(&dir, "saint");
    assert_eq!(files.len(), 1, "{files:?}");
    says(&out, &[&format!("Saved: {}", files[0].display())]);
    let rs = replay_ok(&files);
    says(
        &rs,
        &["Saint Poker record confirmed (3 players); final scores"],
    );
    assert!(rs.contains("You"), "the record names the players\n{rs}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_and_answers_play_the_same_saint_game() {
    let (a, b) = (data_dir("same-a"), data_dir("same-b"));
    let run = |dir: &Path| {
        // Without the "Saved: path" line, which names the directory.
        play_ok("saint --bots greedy --seed 9", dir, &saint_script())
            .lines()
            .filter(|l| !l.starts_with("Saved:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run(&a), run(&b));
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}

#[test]
fn several_holdem_hands_with_a_raise_are_recorded_as_phh_and_replayed() {
    // Raise first, then check or call everything; Enter between hands; quit in hand 4.
    let mut input = String::from("r 300\n");
    for _ in 0..3 {
        input.push_str(&"c\n".repeat(8));
        input.push('\n');
    }
    input.push_str("q\ny\n");
    let (dir, out) = play_in(
        "holdem",
        "holdem --players 3 --bots station --seed 21",
        &input,
    );
    says(
        &out,
        &[
            "You raise to 300",
            "— Hand 3 —",
            "from the main pot",
            "this hand",
            "Quit the game? (y/n)",
        ],
    );
    let files = records(&dir, "holdem");
    assert!(files.len() >= 3, "{files:?}\n{out}");
    let rs = replay_ok(&files);
    assert_eq!(rs.matches("finishing stacks").count(), files.len(), "{rs}");
    // Quitting in the middle of a hand records it as far as it went, and says where we stand.
    says(&rs, &["stops before the end of the hand"]);
    says(&out, &["bought in"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draw_hand_with_an_exchange_is_recorded_and_replayed() {
    // Open with the minimum, discard the first two cards, bet again, show if asked, quit.
    let input = "r min\nx 1 2\nr min\ns\n\nq\ny\n";
    let (dir, out) = play_in("draw", "draw --players 3 --bots station --seed 5", input);
    says(&out, &["You bet 10", "You discard "]);
    assert!(
        out.contains("station#2 draws") || out.contains("station#2 stands pat"),
        "{out}"
    );
    says(&out, &["from the main pot"]);
    let files = records(&dir, "draw");
    assert!(!files.is_empty(), "{out}");
    let rs = replay_ok(&files);
    says(&rs, &["Five-Card Draw record confirmed"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_a_message_naming_the_legal_range_and_never_a_panic() {
    let dir = data_dir("bad");
    let input = "r 1\nr lots\nbanana\n\u{1F0A1}\nr 99999999999999999999999\nf\n\nq\ny\n";
    let o = play("holdem --players 2 --bots station --seed 2", &dir, input);
    let out = text(&o.stdout);
    let err = text(&o.stderr);
    assert!(o.status.success(), "{err}\n{out}");
    assert!(!err.contains("panicked"), "{err}");
    says(
        &out,
        &[
            "Amount 1 is not legal: the legal range is",
            "`lots` is not an amount",
            "Unknown command `banana`",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn messages_and_hand_names_follow_the_language() {
    let args = "saint --bots random --players 2 --seed 3 --lang pt";
    let (dir, out) = play_in("lang", args, "q\ns\n");
    says(
        &out,
        &[
            "Rodada 1/8",
            "Escolha a carta para colocar no centro",
            "Sair do jogo? (s/n)",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_options_exit_2_with_a_message() {
    let dir = data_dir("options");
    for (args, needle) in [
        ("saint --players 7", "Saint Poker is for 2 to 5"),
        ("holdem --blinds 100", "--blinds 100"),
        ("draw --bots nobody", "nobody"),
    ] {
        let o = play(args, &dir, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains(needle),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pot_limit_hands_with_antes_replay_from_their_records() {
    let args = "holdem --players 2 --structure pl --ante 25 --blinds 25/50 --bots rules --seed 6";
    let (dir, out) = play_in("antes", args, "f\n\nf\n\nq\ny\n");
    says(&out, &["Pot-Limit · blinds 25/50 · ante 25"]);
    let files = records(&dir, "holdem");
    assert!(!files.is_empty(), "{out}");
    replay_ok(&files);
    let _ = std::fs::remove_dir_all(&dir);
}
