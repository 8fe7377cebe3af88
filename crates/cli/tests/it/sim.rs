//! `tavolo sim` as a user meets it: the table and JSON, records that `tavolo replay` confirms,
//! the plot, and exit status 2 with a clear message for what the user got wrong.

use crate::common::{sim_recorded, success_json, success_text, tavolo, text, usage_error};

#[test]
fn sim_prints_a_table_per_bot() {
    let s = success_text(&[
        "sim",
        "saint",
        "--bots",
        "greedy,random",
        "--games",
        "40",
        "--seed",
        "1",
    ]);
    assert!(s.contains("40 games of saint, seed 1"), "{s}");
    assert!(s.lines().any(|l| l.starts_with("greedy ")), "{s}");
    assert!(s.lines().any(|l| l.starts_with("random ")), "{s}");
}

#[test]
fn sim_json_is_reproducible_across_thread_counts() {
    let run = |threads: &str| {
        let v = success_json(&[
            "sim",
            "saint",
            "--bots",
            "expert:30,greedy,random",
            "--games",
            "12",
            "--seed",
            "5",
            "--json",
            "--threads",
            threads,
        ]);
        let bots = v["bots"].as_array().expect("bots").clone();
        bots.iter()
            .map(|b| {
                (
                    b["label"].clone(),
                    b["wins"].clone(),
                    b["mean_score"].clone(),
                    b["games"].clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one.len(), 3);
    assert_eq!(one, run("2"));
}

#[test]
fn sim_records_replay_and_the_plot_is_written() {
    let sim = sim_recorded(
        "tavolo-sim-test",
        &[
            "saint",
            "--players",
            "3",
            "--bots",
            "greedy,random,expert:20",
            "--games",
            "3",
        ],
    );
    let (dir, svg) = (&sim.dir, &sim.svg);
    assert!(svg.starts_with("<svg") && svg.contains("polyline"), "{svg}");
    let mut records: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    records.sort();
    assert_eq!(records.len(), 3);
    let mut args = vec!["replay".to_string(), "--json".to_string()];
    args.extend(records.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = tavolo(&args);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(text(&o.stdout).matches("\"confirmed\":true").count(), 3);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sim_refuses_unknown_bots_bad_counts_and_games_without_bots() {
    let e = usage_error(&["sim", "saint", "--bots", "greedy,grredy", "--games", "1"]);
    assert!(
        e.contains("unknown saint bot `grredy`") && e.contains("expert:hard"),
        "{e}"
    );

    let e = usage_error(&[
        "sim",
        "saint",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--games",
        "1",
    ]);
    assert!(e.contains("2 bots for 3 seats"), "{e}");

    let e = usage_error(&[
        "sim",
        "saint",
        "--bots",
        "greedy,greedy,greedy,greedy,greedy,greedy",
    ]);
    assert!(e.contains("2 to 5 players"), "{e}");
}

#[test]
fn lbr_measures_a_holdem_bot_and_refuses_one_without_a_policy() {
    let v = success_json(&[
        "sim",
        "holdem",
        "--lbr",
        "fold",
        "--games",
        "20",
        "--structure",
        "limit",
        "--json",
    ]);
    let mbb = v["lbr"]["milli_per_game"].as_f64().expect("mbb/g");
    assert!((mbb - 750.0).abs() < 1e-6, "{v}");
    assert_eq!(v["games"], 20);
    let e = usage_error(&["sim", "holdem", "--lbr", "random", "--games", "2"]);
    assert!(e.contains("does not report its policy"), "{e}");
    let e = usage_error(&["sim", "saint", "--lbr", "greedy"]);
    assert!(e.contains("--oracle-loss"), "{e}");
}

#[test]
fn lbr_measures_a_draw_bot_in_antes() {
    let v = success_json(&["sim", "draw", "--lbr", "fold", "--games", "8", "--json"]);
    assert_eq!(v["game"], "draw");
    assert_eq!(v["lbr"]["unit"], "ante");
    assert_eq!(v["lbr"]["milli_per_game"].as_f64(), Some(1000.0), "{v}");
    assert_eq!(v["games"], 8);
    let e = usage_error(&["sim", "draw", "--lbr", "rules", "--stack", "50"]);
    assert!(e.contains("100 antes"), "{e}");
    let e = usage_error(&["sim", "draw", "--lbr", "random", "--games", "2"]);
    assert!(e.contains("does not report its policy"), "{e}");
}

#[test]
fn train_writes_limit_and_no_limit_strategy_files_and_refuses_pot_limit() {
    let dir = std::env::temp_dir().join(format!("tavolo-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("s.bin");
    let path = out.to_str().expect("path");
    // `tavolo train holdem OPTIONS --out PATH` succeeds; the file it wrote.
    let train = |options: &[&str]| {
        let args: Vec<&str> = (["train", "holdem"].iter().chain(options))
            .chain(&["--out", path])
            .copied()
            .collect();
        success_text(&args);
        std::fs::read(&out).expect("the strategy file")
    };
    let limit = ["--structure", "limit", "--iterations", "300", "--seed", "3"];
    let bytes = train(&limit);
    assert!(bytes.starts_with(b"TVLCFR\r\n"));
    // Reproducible: the same seed writes the same file.
    assert_eq!(train(&limit), bytes);
    // No-Limit: a file of the other game (byte 10 of the header), as reproducible.
    let nl = [
        "--structure",
        "nl",
        "--iterations",
        "200",
        "--buckets",
        "4",
        "--seed",
        "3",
    ];
    let nl_bytes = train(&nl);
    assert_eq!((nl_bytes[10], bytes[10]), (2, 1));
    assert_eq!(train(&nl), nl_bytes);
    // The root-mean-square strength metric is recorded in byte 11 (0: E[HS]), with the samples.
    let rms_bytes = train(&[
        "--structure",
        "limit",
        "--metric",
        "rms",
        "--samples",
        "16",
        "--iterations",
        "200",
    ]);
    assert_eq!((rms_bytes[11], bytes[11]), (1, 0));
    assert_eq!(u16::from_le_bytes([rms_bytes[18], rms_bytes[19]]), 16);
    let e = usage_error(&["train", "holdem", "--metric", "median", "--out", path]);
    assert!(e.contains("median"), "{e}");
    let e = usage_error(&["train", "holdem", "--structure", "pl", "--out", path]);
    assert!(e.contains("Pot-Limit has no CFR strategy"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
