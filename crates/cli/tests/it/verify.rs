//! `tavolo verify`: a hand or game dealt from a committed seed passes; a wrong seed, a wrong
//! commitment or a forged card fails with exit status 1 and says what is wrong. A hand a room
//! dealt from its part and two players' seed chain reveals (`tavolo-fair/2`) is recomputed from
//! its parts; a forged or missing part fails. Its record must hash to the transcript the table
//! sent when the hand ended (`tavolo-fair/3`), and to the one the player kept (`--transcript`):
//! a record rewritten into another legal hand from the same seed fails.

use crate::common;
use crate::room;
use std::process::Output;

use crate::common::{fair_bundle, verify_file};
use serde_json::json;
use tavolo_cards::GameRng;
use tavolo_engine::holdem::{self, phh, HandSetup, HoldemRules, Structure};
use tavolo_engine::Chips;
use tavolo_engine::{draw, saint};
use tavolo_store::{hex, sha256_hex};

/// Runs `tavolo verify` on a file `name` holding `contents`, in a fresh directory.
fn verify_contents(name: &str, contents: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("tavolo-verify-{}", hex(&GameRng::os_seed()[..6])));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    let out = verify_file(&path);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

fn verify(bundle: &serde_json::Value) -> (i32, String) {
    let out = verify_contents("bundle.json", &bundle.to_string());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `tavolo verify --transcript SEEN BUNDLE`.
fn verify_seen(bundle: &serde_json::Value, seen: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("tavolo-verify-{}", hex(&GameRng::os_seed()[..6])));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bundle.json");
    std::fs::write(&path, bundle.to_string()).unwrap();
    let out = common::tavolo(&[
        std::ffi::OsStr::new("verify"),
        std::ffi::OsStr::new("--transcript"),
        std::ffi::OsStr::new(seen),
        path.as_os_str(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn bundle(game: &str, seed: [u8; 32], format: &str, record: String) -> serde_json::Value {
    fair_bundle("7", game, seed, format, record)
}

fn holdem_record(seed: [u8; 32]) -> String {
    common::holdem_phh((5, 300, 3), (1, 2), seed, check_or_call, None)
}

/// Checks, or calls.
fn check_or_call(l: &holdem::Legal) -> holdem::Action {
    if l.check {
        holdem::Action::Check { seat: l.seat }
    } else {
        holdem::Action::Call { seat: l.seat }
    }
}

fn draw_record(seed: [u8; 32]) -> String {
    let setup = draw::DrawSetup::new(vec![Chips::new(100); 3], 0, Chips::new(2));
    let (mut hand, mut log) =
        draw::DrawHand::new(&setup, draw::Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    loop {
        let a = match hand.legal_actions() {
            draw::ToAct::Bet(l) => match (l.raise, l.call) {
                (Some(r), None) => draw::Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: r.min_to,
                },
                (_, Some(_)) => draw::Action::Call { seat: l.seat },
                _ => draw::Action::Check { seat: l.seat },
            },
            draw::ToAct::Exchange { seat, .. } => draw::Action::Exchange {
                seat,
                discard: hand.hand(seat).iter().take(2).collect(),
            },
            draw::ToAct::Showdown { seat, .. } => draw::Action::Show { seat },
            draw::ToAct::Nobody => break,
        };
        log.extend(hand.apply(a).unwrap());
    }
    draw::DrawRecord::from_log(&setup, &log).unwrap().to_json()
}

fn saint_record(seed: [u8; 32]) -> String {
    common::saint_record(saint::SaintOptions::new(3), seed, 5)
}

/// A record of each game dealt from `seed`, with the game's and the record's format names.
fn records_of_each_game(seed: [u8; 32]) -> [(&'static str, &'static str, String); 3] {
    [
        ("holdem", "phh", holdem_record(seed)),
        ("draw", "draw-json", draw_record(seed)),
        ("saint", "saint-json", saint_record(seed)),
    ]
}

/// Asserts that `tavolo verify` on a bundle of each game that commits to `seed` with a record
/// dealt from `dealt` exits with `code` and says what `says` looks for.
fn assert_each_game(seed: [u8; 32], dealt: [u8; 32], code: i32, says: impl Fn(&str) -> bool) {
    for (game, format, record) in records_of_each_game(dealt) {
        let (got, out) = verify(&bundle(game, seed, format, record));
        assert_eq!(got, code, "{game}: {out}");
        assert!(says(&out), "{game}: {out}");
    }
}

#[test]
fn a_fairly_dealt_hand_of_each_game_verifies() {
    let seed = [42u8; 32];
    assert_each_game(seed, seed, 0, |out| out.contains("fair"));
}

#[test]
fn a_seed_that_is_not_the_committed_one_fails() {
    let seed = [42u8; 32];
    let mut b = bundle("holdem", seed, "phh", holdem_record(seed));
    b["commitment"] = json!(sha256_hex(&[1u8; 32]));
    let (code, out) = verify(&b);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not match the commitment"), "{out}");
}

#[test]
fn a_record_dealt_from_another_seed_fails_for_every_game() {
    let (seed, other) = ([42u8; 32], [43u8; 32]);
    assert_each_game(seed, other, 1, |out| out.starts_with("NOT VERIFIED"));
}

/// Issue 50, finding 1: `tavolo verify` compared only the deal lines present and never the
/// result, so a Hold'em record with another winner or without its last board card was "fair".
#[test]
fn a_holdem_record_with_another_result_or_without_a_board_line_is_not_verified() {
    let seed = [42u8; 32];
    let text = holdem_record(seed);
    let (code, out) = verify(&bundle("holdem", seed, "phh", text.clone()));
    assert_eq!(code, 0, "{out}");
    // The finishing stacks rotated: another winner.
    let line = text
        .lines()
        .find(|l| l.starts_with("finishing_stacks"))
        .unwrap();
    let list = &line[line.find('[').unwrap() + 1..line.find(']').unwrap()];
    let mut stacks: Vec<&str> = list.split(", ").collect();
    stacks.rotate_left(1);
    let rotated = text.replace(line, &format!("finishing_stacks = [{}]", stacks.join(", ")));
    assert_ne!(rotated, text);
    let (code, out) = verify(&bundle("holdem", seed, "phh", rotated));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("finishing_stacks"), "{out}");
    // The last board line dropped.
    let last = text.lines().rfind(|l| l.contains("\"d db ")).unwrap();
    let dropped = text.replace(&format!("{last}\n"), "");
    let (code, out) = verify(&bundle("holdem", seed, "phh", dropped));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("d db"), "{out}");
}

#[test]
fn a_malformed_bundle_is_refused_with_status_2() {
    let out = verify_contents("x.json", "{not json");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tavolo-fair/1"));
}

/// A room in-process deals Ann and Bob a hand mixed from its part and both their reveals
/// (`room::fair::two_players_reveal`); the `tavolo-fair/3` bundle it serves is checked here,
/// with the transcript Ann was sent when the hand ended.
fn bundle_of_a_room() -> (serde_json::Value, String) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (h, _dir) = room::server("verify-fair2").await;
        let [mut ann, mut bob] = room::guests::<2>(h.local_addr()).await;
        let story = room::fair::two_players_reveal(&mut ann, &mut bob).await;
        h.shutdown().await;
        let seen = story.previous["transcript"].as_str().expect("a transcript");
        (story.bundle, seen.to_string())
    })
}

#[test]
fn a_hand_a_room_dealt_with_two_players_reveals_is_recomputed_from_its_parts() {
    let (b, seen) = bundle_of_a_room();
    assert_eq!(b["format"], "tavolo-fair/3", "{b}");
    let (code, out) = verify(&b);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("2 chain reveal(s)") && out.contains("— fair"),
        "{out}"
    );
    // Against the transcript the player was sent when the hand ended.
    let (code, out) = verify_seen(&b, &seen);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the transcript you were sent"), "{out}");
    let (code, out) = verify_seen(&b, &"ab".repeat(32));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not the one you were sent"), "{out}");

    // A reveal that does not extend its chain.
    let mut forged = b.clone();
    forged["parts"]["reveals"][1]["value"] = json!(hex(&[9u8; 32]));
    let (code, out) = verify(&forged);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not extend its chain"), "{out}");
    // A player's part left out mixes to another seed.
    let mut dropped = b.clone();
    dropped["parts"]["reveals"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    let (code, out) = verify(&dropped);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not to the seed revealed"), "{out}");
    // The room's part must be the committed one.
    let mut other_room = b.clone();
    other_room["parts"]["room"] = json!(hex(&[1u8; 32]));
    let (code, out) = verify(&other_room);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not match the commitment"), "{out}");
    // A /2 bundle without its parts.
    let mut bare = b;
    bare.as_object_mut().unwrap().remove("parts");
    let (code, out) = verify(&bare);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("lists the seed's parts"), "{out}");
}

/// A `tavolo-fair/3` bundle of a heads-up hand dealt from the room's part alone: the button
/// raises to 50 and the big blind folds. Returns the bundle and the record.
fn raised_and_folded() -> (serde_json::Value, String) {
    let room = [5u8; 32];
    let seed = tavolo_server::fairness::mix(&room, &[]);
    let setup = HandSetup::casino(
        vec![Chips::new(200), Chips::new(200)],
        0,
        Chips::new(1),
        Chips::new(2),
        HoldemRules::casino(Structure::NoLimit),
    );
    let (mut hand, mut log) =
        holdem::Hand::new(&setup, holdem::Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    for a in [
        holdem::Action::BetOrRaiseTo {
            seat: 0,
            to: Chips::new(50),
        },
        holdem::Action::Fold { seat: 1 },
    ] {
        log.extend(hand.apply(a).unwrap());
    }
    assert!(hand.is_over());
    let record = phh::export(&setup, &log, None).to_phh();
    let commitment = sha256_hex(&room);
    let transcript =
        tavolo_engine::transcript::transcript_hex(&commitment, &seed, "holdem", "phh", &record);
    let b = json!({
        "format": "tavolo-fair/3",
        "id": "h-9",
        "game": "holdem",
        "commitment": commitment,
        "seed": hex(&seed),
        "parts": {"room": hex(&room), "reveals": []},
        "record_format": "phh",
        "record": record,
        "transcript": transcript,
    });
    (b, record)
}

/// Issue 50, finding 1: the commitment binds only the seed, so a record rewritten after the hand
/// into another legal hand from the same seed with the same result — the raise returned uncalled
/// written one chip higher — was called fair. The transcript the table sent when the hand ended
/// binds every byte of the record.
#[test]
fn a_record_rewritten_into_another_legal_hand_was_called_fair() {
    let (b, record) = raised_and_folded();
    let seen = b["transcript"].as_str().unwrap().to_string();
    let (code, out) = verify_seen(&b, &seen);
    assert_eq!(code, 0, "{out}");

    let rewritten = record.replace("cbr 50", "cbr 51");
    assert_ne!(rewritten, record);
    let seed = tavolo_server::fairness::bytes32(b["seed"].as_str().unwrap()).unwrap();
    phh::parse_phh(&rewritten)
        .unwrap()
        .prove(seed)
        .expect("the rewritten record is another legal hand from the seed, with the same result");

    // The record alone changed: it no longer hashes to the bundle's transcript.
    let mut t = b.clone();
    t["record"] = json!(rewritten);
    let (code, out) = verify(&t);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("not the one the hand's transcript binds"),
        "{out}"
    );
    // The room rewrote the transcript too: only the one the player kept tells.
    t["transcript"] = json!(tavolo_engine::transcript::transcript_hex(
        b["commitment"].as_str().unwrap(),
        &seed,
        "holdem",
        "phh",
        &rewritten,
    ));
    let (code, out) = verify_seen(&t, &seen);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not the one you were sent"), "{out}");
    // An older bundle binds only the seed, and says so; it has nothing to compare a kept
    // transcript with.
    let mut old = t.clone();
    old["format"] = json!("tavolo-fair/2");
    old.as_object_mut().unwrap().remove("transcript");
    let (code, out) = verify(&old);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("binds only the seed"), "{out}");
    let (code, out) = verify_seen(&old, &seen);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("carries no transcript"), "{out}");
    // A /3 bundle without its transcript, and a kept transcript that is not one.
    let mut bare = b.clone();
    bare.as_object_mut().unwrap().remove("transcript");
    let (code, out) = verify(&bare);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("carries the hand's transcript"), "{out}");
    let (code, out) = verify_seen(&b, "not hex");
    assert_eq!(code, 2, "{out}");
}
