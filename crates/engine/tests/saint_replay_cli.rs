//! `tavolo replay` for Saint Poker (`crates/cli/src/replay/saint.rs`), compiled here against the
//! engine so it is tested with it.

#[path = "../../cli/src/replay/saint.rs"]
mod replay_saint;

mod saint_common;

use replay_saint::replay_saint;

fn write_record(name: &str, rec: &tavolo_engine::saint::SaintRecord) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-saint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(rec).unwrap()).unwrap();
    path
}

#[test]
fn replay_confirms_a_record_and_prints_final_scores() {
    let (g, _) = saint_common::random_game(3, 12);
    let path = write_record("ok.json", &g.record().unwrap());
    let mut out = Vec::new();
    replay_saint(&path, false, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("record confirmed (3 players); final scores"),
        "{text}"
    );
    for s in g.scores() {
        assert!(text.contains(&format!("{s:>3} points")), "{text}");
    }
    let mut out = Vec::new();
    replay_saint(&path, true, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["confirmed"], true);
    assert_eq!(v["scores"], serde_json::json!(g.scores()));
    assert_eq!(v["winners"], serde_json::json!(g.winners()));
}

#[test]
fn replay_rejects_a_tampered_record_naming_round_and_player() {
    let (g, _) = saint_common::random_game(4, 13);
    let mut rec = g.record().unwrap();
    rec.rounds[2].hands[1].points += 3;
    let path = write_record("bad.json", &rec);
    let e = replay_saint(&path, false, &mut Vec::new()).unwrap_err();
    assert!(e.contains("round 3, player 1: points"), "{e}");
    let e = replay_saint(
        std::path::Path::new("/nonexistent/x.json"),
        true,
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(e.contains("cannot read"), "{e}");
}
