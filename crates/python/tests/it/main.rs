//! The Python package's tests, as one test binary: the pytest suite run against the extension
//! module `cargo test` built, and the regressions of the package.

/// Running a command and reading its output, shared with the engine's tests.
#[allow(dead_code)]
#[path = "../../../engine/tests/it/outside.rs"]
mod outside;
mod python;
mod regressions;
