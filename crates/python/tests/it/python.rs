//! Runs the Python package's tests (`tests/python`, pytest) against the extension module this
//! `cargo test` built, so that `cargo test --workspace` tests the bindings too.
//!
//! The test makes a virtual environment under the target directory (once), installs pytest,
//! numpy, PettingZoo, Gymnasium and PokerKit from PyPI, puts the freshly built
//! `lib_tavolo` beside the package's Python files as `tavolo/_tavolo.abi3.so`, and runs pytest.
//! Where Python or PyPI cannot be reached it prints a note and passes — except under CI (`CI`
//! set), where that is a failure. `TAVOLO_PY_DIFF_HANDS` (default 3,000) sets the size of
//! the PokerKit differential.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::outside::run;

/// A virtual environment with `tests/requirements.txt`, made by `scripts/python-test-venv.sh` once
/// per target directory (and checked once per run of this binary: the tests that need it wait
/// for the first).
pub(crate) fn venv() -> Result<PathBuf, String> {
    static VENV: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    VENV.get_or_init(make_venv).clone()
}

fn make_venv() -> Result<PathBuf, String> {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tavolo-python-venv");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/python-test-venv.sh");
    run(Command::new("sh").arg(script).arg(&venv))?;
    Ok(venv.join("bin/python"))
}

/// The extension module `cargo test` built for this test: `lib_tavolo` in the profile's
/// directory (the test binary lives in its `deps`).
fn built_module() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let deps = exe.parent().ok_or("no deps directory")?;
    let profile = deps.parent().ok_or("no profile directory")?;
    for dir in [profile, deps] {
        for name in ["lib_tavolo.so", "lib_tavolo.dylib"] {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err(format!("no lib_tavolo.so in {}", profile.display()))
}

/// The package as Python imports it: the Python sources and the built module.
fn stage(module: &Path) -> Result<PathBuf, String> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tavolo-python-pkg");
    let pkg = root.join("tavolo");
    let _ = std::fs::remove_dir_all(&pkg);
    std::fs::create_dir_all(&pkg).map_err(|e| e.to_string())?;
    let src = crate_dir.join("python/tavolo");
    for entry in std::fs::read_dir(&src).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let name = path.file_name().ok_or("a file without a name")?;
            std::fs::copy(&path, pkg.join(name)).map_err(|e| e.to_string())?;
        }
    }
    std::fs::copy(module, pkg.join("_tavolo.abi3.so")).map_err(|e| e.to_string())?;
    Ok(root)
}

/// The environment's Python, or `None` (and a note) where Python or PyPI cannot be reached —
/// except under CI (`CI` set), where that is a failure.
pub(crate) fn python_or_skip() -> Option<PathBuf> {
    match venv() {
        Ok(p) => Some(p),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("note: the Python tests were skipped (no Python or PyPI here): {e}");
            None
        }
        Err(e) => panic!("the Python tests could not run under CI: {e}"),
    }
}

#[test]
fn the_python_package_passes_its_tests() {
    let Some(python) = python_or_skip() else {
        return;
    };
    let module = built_module().unwrap_or_else(|e| panic!("{e}"));
    let root = stage(&module).unwrap_or_else(|e| panic!("{e}"));
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = run(Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-s",
            "-rs", // say which tests skipped, and why
            "-p",
            "no:cacheprovider",
            "-W",
            "ignore::UserWarning",
        ])
        .arg(crate_dir.join("tests/python"))
        .env("PYTHONPATH", &root)
        // Everything the tests import was installed above: none of them may skip for want of it.
        .env("TAVOLO_PYTEST_STRICT", "1")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(crate_dir));
    match out {
        Ok(text) => eprintln!("{text}"),
        Err(e) => panic!("{e}"),
    }
}
