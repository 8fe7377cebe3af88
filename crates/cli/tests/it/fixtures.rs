//! Records an earlier binary made must keep verifying: a published seed re-deals the same cards
//! forever (RULES.md §0, Randomness). `tests/fixtures/` holds what the code of commit 68dca0b made
//! — one fairness bundle (`tavolo-fair/1`, as a room serves it) per game, plus a Saint Poker one
//! under the non-default rule and centre, and the records `tavolo play` wrote for one session of
//! each game — and these tests run today's `tavolo verify` and `tavolo replay` on them.
//!
//! The bundles were written by [`write_fairness_bundles`] (ignored; it never overwrites a file),
//! the play records by these sessions, with these answers piped in, then renamed without their
//! time stamps:
//!
//! ```text
//! tavolo play saint --plain --bots random,greedy --seed 7 --data-dir D
//!     per round "1", "1 2", "1", "1" (place, show, two picks); round 8 "1", "1 2"
//! tavolo play holdem --plain --players 4 --bots station,rules,expert --seed 21 --data-dir D
//!     "r 300", then "c" 8 times, "", "c" 8 times, "", "q", "y"
//! tavolo play draw --plain --players 5 --bots station,rules,expert,random --seed 5 --data-dir D
//!     "r min", "x 1 2", "r min", "s", "", "q", "y"
//! ```

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{command, fair_bundle, holdem_phh, saint_record, text};
use tavolo_cards::{CardSet, GameRng};
use tavolo_engine::holdem::{self, phh};
use tavolo_engine::Chips;
use tavolo_engine::{draw, saint};
use tavolo_store::{sha256_hex, unhex};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn tavolo(args: &[&Path], subcommand: &str) -> Output {
    command()
        .arg(subcommand)
        .args(args)
        .output()
        .expect("tavolo runs")
}

/// The files of one fixtures folder, sorted.
fn files(folder: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixtures().join(folder))
        .expect("fixtures folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn fairness_bundles_made_by_an_earlier_binary_still_verify() {
    let bundles = files("fair");
    assert_eq!(bundles.len(), BUNDLES.len(), "{bundles:?}");
    for path in bundles {
        let o = tavolo(&[&path], "verify");
        let out = text(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: {out}{}",
            path.display(),
            text(&o.stderr)
        );
        assert!(out.contains("— fair"), "{}: {out}", path.display());
    }
}

#[test]
fn play_records_made_by_an_earlier_binary_still_replay() {
    for (game, confirmed) in [
        ("saint", "Saint Poker record confirmed (3 players)"),
        ("holdem", "finishing stacks"),
        ("draw", "Five-Card Draw record confirmed"),
    ] {
        let records = files(&format!("play/{game}"));
        assert!(!records.is_empty(), "{game}");
        let args: Vec<&Path> = records.iter().map(PathBuf::as_path).collect();
        let o = tavolo(&args, "replay");
        let out = text(&o.stdout);
        assert!(o.status.success(), "{game}: {out}{}", text(&o.stderr));
        assert!(out.contains(confirmed), "{game}: {out}");
    }
}

/// `tavolo replay` replays a Hold'em record's cards as written; its seed is checked here too.
#[test]
fn holdem_play_records_still_deal_from_their_seeds() {
    for path in files("play/holdem") {
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let seed: u64 = record["seed"].as_str().expect("seed").parse().expect("u64");
        let hand = phh::parse_phh(record["phh"].as_str().expect("phh")).expect("phh");
        hand.check_seed(saint::seed_from_u64(seed))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The bundles' file names, games and record formats.
const BUNDLES: [(&str, &str, &str); 4] = [
    ("holdem.json", "holdem", "phh"),
    ("draw.json", "draw", "draw-json"),
    ("saint.json", "saint", "saint-json"),
    ("saint-any-five-centre-6.json", "saint", "saint-json"),
];

/// A fixture's seed: SHA-256 of its name (any 256 bits would do; these are easy to re-derive).
fn seed_of(name: &str) -> [u8; 32] {
    let bytes = unhex(&sha256_hex(name.as_bytes())).expect("hex");
    bytes.try_into().expect("32 bytes")
}

/// Six seats; the first to act raises the minimum, everybody else checks or calls to the river.
fn holdem_record(seed: [u8; 32]) -> String {
    let mut raised = false;
    let names: Vec<String> = (0..6).map(|s| format!("player{s}")).collect();
    let policy = |l: &holdem::Legal| match (raised, l.raise) {
        (false, Some(r)) => {
            raised = true;
            holdem::Action::BetOrRaiseTo {
                seat: l.seat,
                to: r.min_to,
            }
        }
        _ if l.check => holdem::Action::Check { seat: l.seat },
        _ => holdem::Action::Call { seat: l.seat },
    };
    holdem_phh((6, 1_000, 4), (5, 10), seed, policy, Some(&names))
}

/// Eight seats: the cutter stands pat and every other seat discards three, so the deck runs out
/// and the discards are reshuffled in the middle of an exchange.
fn draw_record(seed: [u8; 32]) -> String {
    let setup = draw::DrawSetup::new(vec![Chips::new(500); 8], 5, Chips::new(10));
    let (mut hand, mut log) =
        draw::DrawHand::new(&setup, draw::Dealing::Seeded(GameRng::from_seed(seed))).expect("deal");
    loop {
        let a = match hand.legal_actions() {
            draw::ToAct::Bet(l) => match (l.call, l.raise) {
                (Some(_), _) => draw::Action::Call { seat: l.seat },
                (None, _) if l.check => draw::Action::Check { seat: l.seat },
                (None, Some(r)) => draw::Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: r.min_to,
                },
                (None, None) => draw::Action::Fold { seat: l.seat },
            },
            draw::ToAct::Exchange {
                seat, hand: cards, ..
            } => draw::Action::Exchange {
                seat,
                discard: if seat == hand.cutter() {
                    CardSet::EMPTY
                } else {
                    cards.iter().take(3).collect()
                },
            },
            draw::ToAct::Showdown { seat, .. } => draw::Action::Show { seat },
            draw::ToAct::Nobody => break,
        };
        log.extend(hand.apply(a).expect("legal"));
    }
    assert!(hand.reshuffles() > 0, "the fixture should reshuffle");
    draw::DrawRecord::from_log(&setup, &log)
        .expect("record")
        .to_json()
}

/// Writes the fairness bundles that are missing (never overwrites one: they pin the deals of
/// the code that made them). `cargo test -p tavolo-cli --test it fixtures:: -- --ignored`.
#[test]
#[ignore = "writes the fixtures once; they must come from the code that made them"]
fn write_fairness_bundles() {
    let dir = fixtures().join("fair");
    std::fs::create_dir_all(&dir).expect("fixtures folder");
    for (i, (file, game, format)) in BUNDLES.into_iter().enumerate() {
        let path = dir.join(file);
        if path.exists() {
            continue;
        }
        let seed = seed_of(&format!("tavolo fixture {file}"));
        let record = match file {
            "holdem.json" => holdem_record(seed),
            "draw.json" => draw_record(seed),
            "saint.json" => saint_record(saint::SaintOptions::new(4), seed, 4),
            _ => saint_record(
                saint::SaintOptions {
                    centre_cards: Some(6),
                    hand_rule: saint::HandRule::AnyFive,
                    ..saint::SaintOptions::new(2)
                },
                seed,
                6,
            ),
        };
        let id = format!("fixture-{}", i + 1);
        let bundle = fair_bundle(&id, game, seed, format, record);
        let text = serde_json::to_string_pretty(&bundle).expect("json") + "\n";
        std::fs::write(&path, text).expect("write");
    }
}
