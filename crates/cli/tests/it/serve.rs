//! `tavolo serve` refusing what it cannot start on. (`tavolo loadtest` end to end is in
//! `regressions.rs`, where it guards against the clients' refused messages.)

use std::process::Command;

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
