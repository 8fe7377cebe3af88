//! The `tavolo` command's integration tests, as one test binary: each former `tests/*.rs` file
//! is a module here, so that the tests link once instead of nine times (CI time).

/// A room's books as a table keeps them, shared with the store's tests.
#[path = "../../../store/tests/it/common/books.rs"]
mod books;
mod common;
/// The server's test helpers (a room on a free port, scripted clients), shared with its tests.
#[path = "../../../server/tests/it/common/mod.rs"]
mod room;

mod admin;
mod cli;
/// Several `tavolo serve` nodes on one PostgreSQL database, shared by the tests of nodes.
mod cluster;
mod crash;
mod fixtures;
mod nodes;
mod play;
mod regressions;
mod serve;
mod sim;
mod sim_betting;
mod tournament_nodes;
mod verify;
