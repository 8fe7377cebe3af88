//! The Python package's tests, as one test binary: the pytest suite run against the extension
//! module `cargo test` built, and the regressions of the package.

mod python;
mod regressions;
