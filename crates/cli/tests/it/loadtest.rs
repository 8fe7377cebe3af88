//! `tavolo loadtest` end to end: a small room in-process, WebSocket clients playing Hold'em,
//! a JSON report with actions and latencies.

use std::process::Command;

#[test]
fn loadtest_plays_and_reports_latencies() {
    let out = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args([
            "loadtest",
            "--tables",
            "3",
            "--clients-per-table",
            "4",
            "--duration",
            "3s",
            "--think-ms",
            "5",
            "--db",
            "sqlite::memory:",
        ])
        .output()
        .expect("tavolo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["tables"], 3);
    assert_eq!(report["connections"], 12);
    // How many actions fit in three seconds depends on the machine: that some were played and
    // timed is what this test can rely on.
    assert!(report["actions"].as_u64().unwrap() > 0, "{report}");
    let p50 = report["latency_ms"]["p50"].as_f64().unwrap();
    let p99 = report["latency_ms"]["p99"].as_f64().unwrap();
    assert!(p50 > 0.0 && p50 <= p99, "{report}");
    // The clients keep to the room's message limit and never act out of turn.
    assert_eq!(report["refused"], 0, "{report}");
}

#[test]
fn serve_refuses_a_bad_database_url() {
    let out = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", "mysql://nope"])
        .output()
        .expect("tavolo runs");
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("database"));
}
