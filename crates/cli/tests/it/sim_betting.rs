//! `tavolo sim holdem` and `tavolo sim draw` as a user meets them: bb/100 tables, JSON that is
//! the same whatever the number of threads, records and plots, and exit status 2 for mistakes.

use serde_json::Value;

use crate::common::{argv, sim_recorded, success_json, success_text, tavolo, text, usage_error};

#[test]
fn holdem_prints_big_blinds_per_100_hands_per_bot() {
    for structure in ["nl", "pl", "limit"] {
        let s = success_text(&argv(&format!(
            "sim holdem --bots expert:50,rules,station --games 60 --seed 3 --duplicate \
             --structure {structure}"
        )));
        assert!(s.contains("60 hands of Texas Hold'em"), "{s}");
        assert!(s.contains("(duplicate)") && s.contains("bb/100"), "{s}");
        assert!(s.lines().any(|l| l.starts_with("station ")), "{s}");
    }
}

#[test]
fn an_external_bot_that_fails_is_reported_under_its_figures() {
    let s = success_text(&argv(
        "sim holdem --bots exec:/nonexistent/tavolo-bot,station --games 3",
    ));
    assert!(
        s.contains("replaced by the default action: 0 illegal, 0 late, 0 unreadable answers; 3 programs crashed or did not start"),
        "{s}"
    );
}

#[test]
fn duplicate_rounds_the_hands_up_to_whole_rotations() {
    let v = success_json(&argv(
        "sim holdem --bots rules,station,random --games 10 --duplicate --json",
    ));
    assert_eq!(v["hands"], 12);
}

#[test]
fn json_is_the_same_whatever_the_number_of_threads() {
    let run = |game: &str, threads: &str| {
        let mut v = success_json(&argv(&format!(
            "sim {game} --bots expert:40,rules,random --games 30 --seed 9 --json \
             --threads {threads}"
        )));
        // Think times are measured, not reproducible.
        for b in v["bots"].as_array_mut().expect("bots") {
            for key in [
                "think_p50_us",
                "think_p99_us",
                "think_cpu_p50_us",
                "think_cpu_p99_us",
            ] {
                b[key] = 0.into();
            }
        }
        v
    };
    for game in ["holdem", "draw"] {
        assert_eq!(run(game, "1"), run(game, "2"), "{game}");
    }
}

#[test]
fn draw_records_and_plots_are_written() {
    let sim = sim_recorded(
        "tavolo-sim-draw",
        &["draw", "--bots", "rules,station", "--games", "4"],
    );
    let (dir, svg) = (&sim.dir, &sim.svg);
    assert!(text(&sim.output.stdout).contains("antes/100"));
    let record = std::fs::read_to_string(dir.join("game-000003.json")).expect("record");
    assert!(record.contains("tavolo-draw-record/1"), "{record}");
    assert!(svg.starts_with("<svg") && svg.contains("rules"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn mistakes_exit_with_status_2_and_a_clear_message() {
    let cases: [&[&str]; 4] = [
        &["sim", "holdem", "--bots", "wizard,station"],
        &["sim", "draw", "--bots", "rules,station", "--players", "3"],
        &["sim", "holdem", "--bots", "rules"],
        &argv("sim draw --bots rules,rules,rules,rules,rules,rules,rules,rules,rules"),
    ];
    for args in cases {
        let e = usage_error(args);
        assert!(e.starts_with("tavolo: "), "{e}");
    }
}

#[test]
fn rule_options_are_played_named_in_the_title_and_kept_in_the_records() {
    let dir = std::env::temp_dir().join(format!("tavolo-sim-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let holdem = "sim holdem --bots rules,station --games 4 --structure pl \
                  --rule min_raise=largest_increment --rule small_blind=30 --record";
    let s = success_text(&[&argv(holdem)[..], &[dir.to_str().expect("path")]].concat());
    assert!(
        s.contains("Texas Hold'em Pot-Limit with min_raise=largest_increment, small_blind=30"),
        "{s}"
    );
    let record = std::fs::read_to_string(dir.join("game-000000.json")).expect("a record");
    assert!(record.contains("largest_increment"), "{record}");
    assert!(
        record.contains("blinds_or_straddles = [30, 100]"),
        "{record}"
    );
    let _ = std::fs::remove_dir_all(&dir);

    let s = success_text(&argv(
        "sim draw --bots rules,station --games 4 --rule allow_check=true --rule tie_break=standard",
    ));
    assert!(
        s.contains("Five-Card Draw with allow_check=true, tie_break=standard"),
        "{s}"
    );
    let s = success_text(&argv(
        "sim saint --bots greedy,greedy,greedy --games 2 --rule hand_rule=any_five \
         --rule centre_cards=3",
    ));
    assert!(
        s.contains("games of saint with centre_cards=3, hand_rule=any_five"),
        "{s}"
    );
}

#[test]
fn a_rule_option_of_another_game_or_out_of_range_is_refused_by_name() {
    for (args, words) in [
        (
            argv("sim holdem --bots rules,station --rule tie_break=standard"),
            "--rule: rule `tie_break`: not a rule of Texas Hold'em",
        ),
        (
            argv("sim draw --bots rules,station --rule min_raise=huge"),
            "rule `min_raise`: \"huge\" is not allowed: table_minimum or largest_increment",
        ),
        (
            argv("sim saint --bots greedy,greedy --rule centre_cards=30"),
            "rule `centre_cards`",
        ),
        (
            argv("sim holdem --bots rules,station --rule small_blind"),
            "name=value",
        ),
    ] {
        let e = usage_error(&args);
        assert!(e.contains(words), "{args:?}: {e}");
    }
}

/// The bots' mean return on investment, in percent.
fn mean_roi(bots: &[Value]) -> f64 {
    let sum: f64 = bots.iter().filter_map(|b| b["roi_pct"].as_f64()).sum();
    sum / bots.len() as f64
}

/// The JSON of `tavolo ARGS --threads 1`, to compare with a run on every core.
fn on_one_thread(args: &[&str]) -> Value {
    success_json(&[args, &["--threads", "1"]].concat())
}

#[test]
fn sim_tournament_plays_whole_sit_and_goes_and_gives_each_bot_its_roi_and_itm() {
    let args = argv(
        "sim tournament --bots rules,station,random --entries 18 --seats 6 --games 12 --seed 4 \
         --json",
    );
    let v = success_json(&args);
    assert_eq!(v["tournaments"], 12);
    let bots = v["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 3);
    assert!(bots.iter().all(|b| b["entries"] == 72), "{v}");
    // Entries pay 110 and the pool gives back 100 of it: the bots' ROIs average to the fee's loss.
    let mean = mean_roi(bots);
    assert!((mean + 100.0 / 11.0).abs() < 1e-6, "{mean}");
    let again = on_one_thread(&args);
    assert_eq!(
        v["bots"], again["bots"],
        "the same seed, the same tournaments on any threads"
    );
    let e = usage_error(&["sim", "tournament", "--bots", "rules", "--entries", "1"]);
    assert!(e.contains("--entries must be 2 to 1,000"), "{e}");
}

#[test]
fn sim_tournament_game_draw_plays_five_card_draw_sit_and_goes_at_rising_antes() {
    let args = argv(
        "sim tournament --game draw --bots rules,random --entries 12 --games 6 --seed 2 --json",
    );
    let v = success_json(&args);
    assert_eq!(v["tournaments"], 6);
    assert_eq!(v["tournament_game"], "draw");
    assert_eq!(v["seats"], 8, "a Draw table seats 8 by default");
    assert!(v["hands"].as_u64().is_some_and(|h| h > 0), "{v}");
    let bots = v["bots"].as_array().expect("bots");
    assert!(bots.iter().all(|b| b["entries"] == 36), "{v}");
    let mean = mean_roi(bots);
    assert!(
        (mean + 100.0 / 11.0).abs() < 1e-6,
        "the pool paid out whole: {mean}"
    );
    let again = on_one_thread(&args);
    assert_eq!(v["bots"], again["bots"], "reproducible");
    let e = usage_error(&argv("sim tournament --game draw --bots rules --seats 9"));
    assert!(e.contains("--seats must be 2 to 8 (draw)"), "{e}");
}

#[test]
fn sim_tournament_hands_per_level_plays_levels_by_hands() {
    let args = [
        "sim",
        "tournament",
        "--bots",
        "rules,station",
        "--entries",
        "12",
        "--seats",
        "6",
        "--hands-per-level",
        "5",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
    ];
    let v = success_json(&args);
    assert_eq!(v["tournaments"], 4);
    assert_eq!(v["hands_per_level"], 5, "{v}");
    let by_time = success_json(&[&args[..8], &args[10..]].concat());
    assert!(by_time.get("hands_per_level").is_none(), "{by_time}");
    assert_ne!(
        v["hands"], by_time["hands"],
        "levels of 5 hands are not the template's minutes"
    );
    let e = usage_error(&[&args[..8], &["--hands-per-level", "0"]].concat());
    assert!(e.contains("--hands-per-level must be 1 to 1,000"), "{e}");
}

#[test]
fn sim_swiss_plays_saint_poker_swiss_tournaments_and_ranks_the_bots_by_final_place() {
    let args = argv("sim swiss --bots greedy,random --entries 9 --games 4 --seed 1 --json");
    let v = success_json(&args);
    assert_eq!(v["tournaments"], 4);
    let bots = v["bots"].as_array().expect("bots");
    // 9 players, bots in turn: greedy plays 5 seats, random 4, in each tournament.
    assert_eq!(bots[0]["entries"], 20);
    assert_eq!(bots[1]["entries"], 16);
    let wins: u64 = bots.iter().filter_map(|b| b["wins"].as_u64()).sum();
    assert_eq!(wins, 4, "one winner a tournament");
    let again = on_one_thread(&args);
    assert_eq!(v["bots"], again["bots"]);
}

#[test]
fn sim_swiss_knockout_plays_the_elimination_variant_to_one_winner_and_refuses_k_zero() {
    let args =
        argv("sim swiss --bots greedy,random --entries 12 --knockout 2 --games 3 --seed 2 --json");
    let v = success_json(&args);
    let bots = v["bots"].as_array().expect("bots");
    assert_eq!(
        bots[0]["entries"].as_u64().unwrap_or(0) + bots[1]["entries"].as_u64().unwrap_or(0),
        36
    );
    let wins: u64 = bots.iter().filter_map(|b| b["wins"].as_u64()).sum();
    assert_eq!(wins, 3, "one winner a tournament");
    // Only the top 1 or 2 can go on: none never ends an event, and keeping 3 of tables of 3
    // never ends either (the regression `an_elimination_keeping_the_top_3_of_tables_of_3_never_ended`).
    for k in ["0", "3", "4"] {
        let out = tavolo(&argv(&format!(
            "sim swiss --bots greedy --entries 8 --knockout {k}"
        )));
        assert!(!out.status.success(), "--knockout {k}: {out:?}");
        let refused = String::from_utf8_lossy(&out.stderr);
        assert!(
            refused.contains("the top 1 or 2 of each table go on"),
            "{out:?}"
        );
    }
    let out = tavolo(&argv("sim swiss --bots greedy --knockout 2 --rounds 3"));
    assert!(
        !out.status.success(),
        "--rounds does not apply to the elimination variant"
    );
}
