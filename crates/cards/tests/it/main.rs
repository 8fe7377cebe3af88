//! The card library's integration tests, as one test binary: each file is a module here, so
//! that the tests link once.

mod common;

mod evaluator;
mod parsing;
mod regressions;
