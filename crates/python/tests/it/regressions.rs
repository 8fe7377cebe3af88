//! The faults found in the Python package so far, one test each, named after the fault; each doc
//! comment says what went wrong and names the commit that fixed it.

use std::path::Path;
use std::process::Command;

use crate::outside::run;
use crate::python::python_or_skip;

/// PokerKit's pin was lost from the test environment's requirements, and the PokerKit tests —
/// the stepped differential among them — skipped silently (`pytest.importorskip`) while the
/// suite passed. The pin now lives once (`scripts/pokerkit/requirements.txt`), and under
/// `cargo test` (`TAVOLO_PYTEST_STRICT`) a module the tests need is imported, never skipped:
/// here PokerKit is there, and a missing module is an error, not a skip. Fixed in a1b8ff1.
#[test]
fn the_pokerkit_tests_skipped_silently_without_their_pin() {
    let Some(python) = python_or_skip() else {
        return;
    };
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python");
    let need = |module: &str| {
        let script = format!("from conftest import need; need({module:?})");
        run(Command::new(&python)
            .args(["-c", &script])
            .env("PYTHONPATH", &tests)
            .env("TAVOLO_PYTEST_STRICT", "1")
            .env("PYTHONDONTWRITEBYTECODE", "1"))
    };
    let pin = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pokerkit/requirements.txt"),
    )
    .expect("the pin file");
    assert!(
        pin.lines().any(|l| l.starts_with("pokerkit==")),
        "PokerKit is pinned: {pin}"
    );
    need("pokerkit").unwrap_or_else(|e| panic!("the pinned PokerKit is installed: {e}"));
    let missing = need("no_such_module_tavolo").expect_err("a missing module is an error");
    assert!(
        missing.contains("ModuleNotFoundError") && !missing.contains("Skipped"),
        "{missing}"
    );
}
