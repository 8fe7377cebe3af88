//! The store's integration tests, as one test binary: each former `tests/*.rs` file is a module
//! here, so that the tests link once instead of seven times (CI time).

mod common;

mod audit;
mod full_disk;
mod guest_cap;
mod ledger_props;
mod nodes;
mod pg_faults;
mod prize_pools;
mod regressions;
mod store;
mod tournaments;
