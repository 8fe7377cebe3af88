//! The bots' integration tests, as one test binary: each former `tests/*.rs` file is a module
//! here, so that the tests link once instead of five times (CI time).

mod common;

mod arena;
mod draw_bots;
mod external_bots;
mod holdem_bots;
mod regressions;
mod saint_bots;
