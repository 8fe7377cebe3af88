//! The `tavolo` binary as a user meets it: output, JSON, batch mode, and exit status 2 with a
//! message naming the bad token.

use std::process::Output;

use crate::common::{command, run_with_input};

fn tavolo(args: &[&str], stdin: Option<&str>) -> Output {
    run_with_input(command().args(args), stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(o).trim()).expect("one JSON object")
}

#[test]
fn eval_prints_best_five_category_and_description() {
    let o = tavolo(&["eval", "As", "Kd", "Qh", "Jc", "Tc", "9s", "2d"], None);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("Straight, Ace high"), "{s}");
    assert!(s.contains("As Kd Qh Jc Tc"), "{s}");
}

#[test]
fn eval_can_print_suit_symbols() {
    let o = tavolo(&["eval", "--symbols", "A♠", "Kd", "Qh", "Jc", "10c"], None);
    assert!(stdout(&o).contains("A♠ K♦ Q♥ J♣ T♣"), "{}", stdout(&o));
}

#[test]
fn eval_json_has_every_field_and_ranks_compare() {
    let a = json(&tavolo(
        &["eval", "--json", "Kh", "Kd", "7s", "7c", "As", "2d", "3h"],
        None,
    ));
    assert_eq!(a["category"], "two_pair");
    assert_eq!(a["description"], "Two pair, Kings and Sevens, Ace kicker");
    assert_eq!(a["best"].as_array().unwrap().len(), 5);
    assert_eq!(a["cards"].as_array().unwrap().len(), 7);
    let b = json(&tavolo(&["eval", "--json", "KhKd7s7cQs"], None));
    assert!(a["rank"].as_u64() > b["rank"].as_u64());
    let c = json(&tavolo(&["eval", "--json", "KsKc7h7dAc"], None));
    assert_eq!(a["rank"], c["rank"], "equal exactly when hands tie");
}

#[test]
fn eval_speaks_the_four_languages() {
    for (lang, want) in [
        ("en", "Full house, Kings full of Sevens"),
        ("it", "Full di Re con Sette"),
        ("pt", "Fullen de Reis com Setes"),
        ("de", "Full House, Könige und Siebener"),
    ] {
        let o = json(&tavolo(
            &["eval", "--json", "--lang", lang, "Kh Kd Ks 7c 7s"],
            None,
        ));
        assert_eq!(o["description"], want);
    }
}

#[test]
fn eval_german_tiebreak_ties_pairs_on_the_first_kicker() {
    let a = json(&tavolo(
        &["eval", "--json", "--tiebreak", "german", "Ks Kh Ad 9c 4s"],
        None,
    ));
    let b = json(&tavolo(
        &["eval", "--json", "--tiebreak", "german", "Kd Kc Ah 8c 3s"],
        None,
    ));
    assert_eq!(a["rank"], b["rank"]);
    let a = json(&tavolo(&["eval", "--json", "Ks Kh Ad 9c 4s"], None));
    let b = json(&tavolo(&["eval", "--json", "Kd Kc Ah 8c 3s"], None));
    assert_ne!(a["rank"], b["rank"]);
}

#[test]
fn eval_batch_mode_reports_bad_lines_and_goes_on() {
    let o = tavolo(
        &["eval"],
        Some("As Ks Qs Js Ts\nAs Zz Qs Js Ts\n\n2c 2d 2h 3c 3d 9s\nAs As Qs Js Ts\n"),
    );
    assert!(o.status.success());
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["category"], "straight_flush");
    assert!(lines[1]["error"].as_str().unwrap().contains("Zz"));
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[2]["category"], "full_house");
    assert!(lines[3]["error"]
        .as_str()
        .unwrap()
        .contains("more than once"));
}

#[test]
fn bad_input_exits_2_naming_the_token() {
    for (args, needle) in [
        (vec!["eval", "As", "Kd", "Zz", "Qh", "Jc"], "Zz"),
        (vec!["eval", "As", "Kd"], "5 to 7"),
        (vec!["eval", "As", "As", "Qh", "Jc", "Tc"], "As"),
        (vec!["equity", "AhKh", "AhQd"], "Ah"),
        (vec!["equity", "AhKhQh", "QsQd"], "AhKhQh"),
        (
            vec!["equity", "AhKh", "QsQd", "--board", "2c3c4c5c6c7c"],
            "at most 5",
        ),
    ] {
        let o = tavolo(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn equity_matches_the_known_exact_results() {
    let o = json(&tavolo(&["equity", "--json", "AhKh", "QsQd"], None));
    assert_eq!(o["exact"], true);
    assert_eq!(o["outcomes"], 1_712_304);
    let h = &o["hands"][0];
    assert_eq!(
        (h["wins"].as_u64(), h["losses"].as_u64(), h["ties"].as_u64()),
        (Some(787_966), Some(917_606), Some(6_732))
    );
}

#[test]
fn equity_monte_carlo_reports_a_standard_error_and_is_seeded() {
    let args = [
        "equity",
        "--json",
        "AhKh",
        "random",
        "random",
        "--samples",
        "100000",
        "--seed",
        "5",
    ];
    let a = json(&tavolo(&args, None));
    let b = json(&tavolo(&args, None));
    assert_eq!(a["exact"], false);
    assert!(a["hands"][0]["std_error"].as_f64().unwrap() > 0.0);
    assert_eq!(a["hands"][0]["equity"], b["hands"][0]["equity"]);
    let sum: f64 = (0..3)
        .map(|p| a["hands"][p]["equity"].as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-9);
}

#[test]
fn equity_saint_uses_exactly_two_plus_three() {
    let o = json(&tavolo(
        &[
            "equity",
            "--json",
            "--game",
            "saint",
            "Ah2c",
            "KsKd",
            "--board",
            "3h6h9hJh4c",
        ],
        None,
    ));
    assert_eq!(o["hands"][1]["wins"], 1);
    let o = json(&tavolo(
        &["equity", "--json", "Ah2c", "KsKd", "--board", "3h6h9hJh4c"],
        None,
    ));
    assert_eq!(o["hands"][0]["wins"], 1);
}

/// A finished random Saint Poker game's record, written to a temporary file.
fn saint_record_file(
    name: &str,
    tamper: impl FnOnce(&mut serde_json::Value),
) -> std::path::PathBuf {
    use tavolo_cards::GameRng;
    use tavolo_engine::saint::{seed_from_u64, SaintGame, SaintOptions};
    let mut game = SaintGame::new(SaintOptions::new(3), seed_from_u64(7)).unwrap();
    let mut rng = GameRng::from_u64(8);
    while !game.is_over() {
        for p in game.pending() {
            if let Some(a) = game.random_action(p, &mut rng) {
                game.apply(a).unwrap();
            }
        }
    }
    let mut value = serde_json::to_value(game.record().unwrap()).unwrap();
    tamper(&mut value);
    let dir = std::env::temp_dir().join(format!("tavolo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&value).unwrap()).unwrap();
    path
}

#[test]
fn replay_confirms_a_saint_record_and_prints_final_scores() {
    let path = saint_record_file("good.json", |_| {});
    let o = tavolo(&["replay", "--json", path.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert_eq!(v["confirmed"], true);
    assert_eq!(v["scores"].as_array().unwrap().len(), 3);
    let o = tavolo(&["replay", path.to_str().unwrap()], None);
    assert!(stdout(&o).contains("final scores"), "{}", stdout(&o));
}

#[test]
fn replay_rejects_a_tampered_record_and_goes_on() {
    let good = saint_record_file("good2.json", |_| {});
    let bad = saint_record_file("bad.json", |v| {
        // Give round 3's first player one point more than the rules allow.
        let points = &mut v["rounds"][2]["hands"][0]["points"];
        *points = serde_json::json!(points.as_u64().unwrap_or(0) + 1);
    });
    let o = tavolo(
        &[
            "replay",
            "--json",
            bad.to_str().unwrap(),
            good.to_str().unwrap(),
            "/no/such/file.json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let err = lines[0]["error"].as_str().unwrap();
    assert!(err.contains("round 3"), "{err}");
    assert_eq!(lines[1]["confirmed"], true);
    assert!(lines[2]["error"].as_str().unwrap().contains("cannot read"));
}

/// A heads-up No-Limit hand in PHH (blinds reversed heads-up, as the PHH spec says).
const HEADS_UP_PHH: &str = "variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AsAd', 'd dh p2 KhKd', 'p2 cc', 'p1 cc', 'd db 2c3c4d', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Th', 'p1 cc', 'p2 cc', 'p1 sm AsAd', 'p2 sm KhKd']
finishing_stacks = [202, 198]
";

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn replay_phh_prints_finishing_stacks_and_names_the_failing_action() {
    let good = temp_file("good.phh", HEADS_UP_PHH);
    let bad = temp_file(
        "bad.phh",
        &HEADS_UP_PHH.replace("'d db 2c3c4d', 'p1 cc'", "'d db 2c3c4d', 'p1 cbr 1'"),
    );
    let o = tavolo(
        &[
            "replay",
            "--json",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "one hand failed");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["finishing_stacks"], serde_json::json!([202, 198]));
    assert_eq!(lines[0]["index"], 0);
    let err = lines[1]["error"].as_str().unwrap();
    assert!(
        err.contains("p1 cbr 1") && err.contains("minimum is 2"),
        "{err}"
    );
}

#[test]
fn replay_phh_flags_stacks_that_disagree_with_the_file() {
    let path = temp_file(
        "wrong.phh",
        &HEADS_UP_PHH.replace("[202, 198]", "[200, 200]"),
    );
    let o = tavolo(&["replay", "--json", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["finishing_stacks"], serde_json::json!([202, 198]));
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("file states [200,200]"),
        "{v}"
    );
}

#[test]
fn replay_phhs_goes_on_after_a_bad_hand() {
    let bulk = format!(
        "[1]\n{HEADS_UP_PHH}\n[2]\n{}\n[3]\n{HEADS_UP_PHH}",
        HEADS_UP_PHH.replace(
            "'p2 cc', 'p1 cc', 'd db 2c3c4d'",
            "'p2 cc', 'p2 cc', 'd db 2c3c4d'"
        )
    );
    let path = temp_file("bulk.phhs", &bulk);
    let o = tavolo(&["replay", "--json", path.to_str().unwrap()], None);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{}", stdout(&o));
    assert!(lines[0]["finishing_stacks"].is_array());
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2]["index"], 2);
    assert!(lines[2]["finishing_stacks"].is_array());
}

#[test]
fn replay_real_hands_from_the_shared_folder_when_present() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/phh/wsop/2023/43/5");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} is absent; skipping", dir.display());
        return;
    };
    let files: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path().display().to_string())
        .filter(|p| p.ends_with(".phh"))
        .collect();
    let mut args = vec!["replay", "--json"];
    args.extend(files.iter().map(String::as_str));
    let o = tavolo(&args, None);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), files.len());
    let replayed = lines
        .iter()
        .filter(|l| l["finishing_stacks"].is_array() && l["error"].is_null())
        .count();
    assert_eq!(
        replayed, 18,
        "the 18 hold'em hands (NT, FT) of the final table replay"
    );
    for l in lines.iter().filter(|l| l["error"].is_string()) {
        assert!(
            l["error"].as_str().unwrap().contains("is not supported"),
            "{l}"
        );
    }
}

#[test]
fn records_written_by_sim_replay_for_every_game() {
    for (game, bots) in [
        ("holdem", "rules,station"),
        ("draw", "rules,station"),
        ("saint", "greedy,random"),
    ] {
        let dir =
            std::env::temp_dir().join(format!("tavolo-cli-{}-rec-{game}", std::process::id()));
        let o = tavolo(
            &[
                "sim",
                game,
                "--bots",
                bots,
                "--games",
                "4",
                "--seed",
                "3",
                "--record",
                dir.to_str().unwrap(),
            ],
            None,
        );
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .collect();
        assert_eq!(files.len(), 4, "{game}");
        let mut args = vec!["replay", "--json"];
        args.extend(files.iter().map(String::as_str));
        let o = tavolo(&args, None);
        assert!(o.status.success(), "{game}: {}", stdout(&o));
        assert!(!stdout(&o).contains("error"), "{game}: {}", stdout(&o));
    }
}

/// A Pot-Limit hand in which the small blind re-raises by the table minimum only (10 after a
/// raise of 25): legal by RULES.md's Pot-Limit rule, not by the international one.
fn pot_limit_min_reraise(min_raise: &str) -> String {
    let rules = format!(
        r#"{{"structure":"pot_limit","min_raise":"{min_raise}","reopen":"full_raise_since_last_action","limit_cap":{{"max_bets":4,"lifted_heads_up":true}},"blind_counts_as_bet":true,"odd_chips":"one_each_from_left_of_button","showdown_order":"first_to_act_last_round","reveal":"all_shown","antes":"live","kill_losing_hands":false}}"#
    );
    format!(
        "variant = 'PT'\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10\n\
         starting_stacks = [1000, 1000, 1000]\n\
         actions = ['d dh p1 2c3d', 'd dh p2 4c5d', 'd dh p3 6c7d', 'p3 cbr 35', 'p1 cbr 45', 'p2 f', 'p3 f']\n\
         _tavolo_rules = {}\n",
        serde_json::to_string(&rules).expect("a TOML string")
    )
}

#[test]
fn replay_plays_a_hand_history_by_the_rule_options_it_was_dealt_under() {
    let seed_rule = temp_file(
        "pl-table-minimum.phh",
        &pot_limit_min_reraise("table_minimum"),
    );
    let o = tavolo(&["replay", "--json", seed_rule.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", stdout(&o));
    let house = temp_file(
        "pl-largest-increment.phh",
        &pot_limit_min_reraise("largest_increment"),
    );
    let o = tavolo(&["replay", "--json", house.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let v = json(&o);
    let err = v["error"].as_str().unwrap_or_default();
    assert!(err.contains("p1 cbr 45") && err.contains("60"), "{v}");
}

/// Three players: p3 raises, p1 folds, p2 calls and folds to a bet on the flop.
/// (The engine's PokerStars export tests play the same hand.)
const FOLDED_PHH: &str = include_str!("../../../engine/tests/fixtures/folded.phh");

#[test]
fn replay_export_pokerstars_shows_the_hero_only_their_own_unshown_cards() {
    let path = temp_file("folded.phh", FOLDED_PHH);
    let o = tavolo(
        &[
            "replay",
            "--export",
            "pokerstars",
            "--hero",
            "bob",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(
        s.starts_with("PokerStars Hand #1: Hold'em No Limit (1/2) - "),
        "{s}"
    );
    assert!(
        s.contains("Dealt to bob [7c 2d]\ncy: raises 4 to 6\n"),
        "{s}"
    );
    assert!(
        s.contains("Uncalled bet (44) returned to cy\ncy collected 13 from pot\n"),
        "{s}"
    );
    for hidden in ["As", "Ks", "Qh", "Qd"] {
        assert!(!s.contains(hidden), "{hidden} leaked: {s}");
    }
    // Without a hero the file's every card is written.
    let all = stdout(&tavolo(
        &["replay", "--export", "pokerstars", path.to_str().unwrap()],
        None,
    ));
    assert!(
        all.contains("Dealt to ann [As Ks]") && all.contains("Dealt to cy [Qh Qd]"),
        "{all}"
    );
}

#[test]
fn replay_steps_are_the_rooms_replayer_steps_as_the_hero_saw_the_hand() {
    let path = temp_file("folded.phh", FOLDED_PHH);
    let o = tavolo(
        &["replay", "--steps", "--hero", "bob", path.to_str().unwrap()],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = json(&o);
    assert_eq!(r["game"], "holdem");
    assert_eq!(r["viewer"], 1);
    let last = r["steps"].as_array().and_then(|s| s.last()).expect("steps");
    // cy's uncalled 44 goes back, and the pot of 13 is theirs
    assert_eq!(last["result"]["pots"][0]["winners"][0]["seat"], 2);
    assert_eq!(last["result"]["pots"][0]["amount"], 13);
    assert_eq!(last["result"]["returned"][0]["amount"], 44);
    let text = stdout(&o);
    for hidden in ["As", "Ks", "Qh", "Qd"] {
        assert!(!text.contains(hidden), "{hidden} leaked: {text}");
    }
    assert!(text.contains("7c"), "bob's own cards");
    // Without a hero, every card; a name not in the hand is refused.
    let all = stdout(&tavolo(
        &["replay", "--steps", path.to_str().unwrap()],
        None,
    ));
    assert!(all.contains("Qh") && all.contains("As"), "{all}");
    let o = tavolo(
        &["replay", "--steps", "--hero", "zed", path.to_str().unwrap()],
        None,
    );
    assert!(!o.status.success());
    let o = tavolo(&["replay", "--hero", "bob", path.to_str().unwrap()], None);
    assert!(!o.status.success(), "--hero alone");
}

#[test]
fn replay_export_phh_hides_unseen_cards_and_reads_back() {
    let a = temp_file("a.phh", FOLDED_PHH);
    let b = temp_file("b.phh", HEADS_UP_PHH);
    let o = tavolo(
        &[
            "replay",
            "--export",
            "phh",
            "--hero",
            "p1",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(s.starts_with("[1]\n") && s.contains("\n[2]\n"), "{s}");
    assert!(
        s.contains("\"d dh p2 ????\"") && s.contains("\"d dh p3 ????\""),
        "{s}"
    );
    // Shown at the showdown: both heads-up hands are written.
    assert!(s.contains("\"d dh p2 KhKd\""), "{s}");
    let out = temp_file("out.phhs", &s);
    let o = tavolo(&["replay", "--json", out.to_str().unwrap()], None);
    assert!(o.status.success(), "the export replays: {}", stdout(&o));
}

#[test]
fn replay_export_refuses_non_holdem_records_by_name() {
    let path = saint_record_file("saint-export.json", |_| {});
    let o = tavolo(
        &["replay", "--export", "pokerstars", path.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a Hold'em hand history"), "{err}");
}
