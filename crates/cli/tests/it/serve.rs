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

/// Issue 51: a scheduled tournaments' file with a fault stops the start, naming the file, the
/// line and the field, before the database is touched.
#[test]
fn serve_refuses_a_bad_tournaments_file_naming_the_line_and_field() {
    let dir = std::env::temp_dir().join(format!("tavolo-serve-bad-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("tournaments.toml");
    let text = "[[tournament]]\nname = \"Sunday\"\nstart = 2030-01-01T19:00:00Z\n\
                entry = 100\nseats = 12\n";
    std::fs::write(&file, text).expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(&dir)
        .arg("--tournaments")
        .arg(&file)
        .output()
        .expect("tavolo runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("tournaments.toml: line 1"), "{err}");
    assert!(err.contains("seats"), "{err}");
    assert!(
        !dir.join("tavolo.db").exists(),
        "refused before the books were opened"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
