//! What the tests read from outside the crate: the real hand histories of `../shared/phh` (absent
//! from a fresh clone, so every caller skips cleanly without them) and the Python tools of the
//! differential tests, each in a virtual environment under the target directory.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `../shared/phh`, when present; otherwise `None`, with a note saying what `skipped` (e.g.
/// "PHH replays skipped").
pub fn shared_phh(skipped: &str) -> Option<PathBuf> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/phh"));
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} is absent; {skipped}", p.display());
        None
    }
}

/// Appends the files under `dir` (recursively, in name order) whose extension is one of
/// `extensions` to `out`.
pub fn files_under(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, extensions, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            out.push(p);
        }
    }
}

/// Runs a command: its output (stdout then stderr), or its failure as text.
pub fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("{cmd:?} failed: {text}"))
    }
}

/// The Python of the virtual environment `name` under the target directory, with the
/// requirements file `requirements` (relative to the repository) installed once (`probe` is the
/// import that shows it is).
pub fn venv_python(name: &str, requirements: &str, probe: &str) -> Result<PathBuf, String> {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    run(Command::new("sh")
        .arg(repository().join("scripts/test-venv.sh"))
        .arg(&venv)
        .arg(requirements)
        .arg(probe))?;
    Ok(venv.join("bin/python"))
}

/// The repository's root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
