//! The server's integration tests, as one test binary: each former `tests/*.rs` file is a module
//! here, as is `attacks` (once a binary of its own), so that the whole room is linked into one
//! test binary instead of nine (CI time).

/// A room's books as a table keeps them, and the hands the tests begin: shared with the store's
/// tests.
#[path = "../../../store/tests/it/common/books.rs"]
mod books;
mod common;

mod attacks;
mod core;
mod games;
mod holdem;
mod house_rules;
mod layers;
mod protocol_docs;
mod refusals;
mod regressions;
mod replay;
mod saint_leaks;
mod scheduled;
mod scheduled_swiss;
mod swiss_room;
mod table_faults;
mod tables;
mod tournament;
mod tournament_nodes;
mod tournaments;
mod ws_channels;
