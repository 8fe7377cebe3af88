//! # tavolo-server
//!
//! The live card room: HTTP for accounts, history and health; one WebSocket per client for
//! the lobby and the tables (docs/protocol.md is the contract).
//!
//! The key design decision: **each table is a pure core in one tokio task that owns it**. The
//! core ([`table::core::TableCore`]) is a synchronous state machine with no I/O: inputs (an
//! intent of a viewer, an answer of the books, a bot's decision, a timer, a viewer attached or
//! gone, drain, shutdown, a lost lease) and the time go in, effects come out (a frame for a
//! connection, an answer, a write for the books, a bot to ask, the lobby's line, the next
//! wake-up). Its async shell ([`table`]) only carries effects out and answers back in. Every
//! connection only ever receives views built for its own seat (or the spectator view), sent
//! when that viewer's state changed. No lock guards game state; connections and tables talk
//! through bounded channels.
//!
//! **Money is never silently wrong.** A table's chips move only by journals keyed by durable
//! facts (the table, the epoch the database gave its owner, the owner's count, the hand); a
//! write stays pending, and is sent again, until the books answer for good; a player is told a
//! movement is done only once it is recorded (or that it is pending), never one the books
//! refused. A hand's result changes the stacks only once recorded.
//!
//! **Layers.** Modules depend one way, with no import circle: [`protocol`] (the wire; a leaf:
//! the engine and serde only) and the other leaves (`time`, `ratelimit`, `fairness`, …) → the
//! [`books`] and [`error`] → [`table`] and [`lobby`] (and [`tournament`], the coordinator of one
//! tournament, after [`table`] whose I/O types it shares) → [`room`] → [`tables`] (across nodes) →
//! [`ws`] and the HTTP routes → [`server`]. The crate root only declares modules and
//! re-exports. `tests/it/layers.rs` reads every `use crate::…` and `crate::…` path in
//! `src/`, builds the graph of modules, and fails on a cycle (naming it) and on a module that
//! reaches the room through the crate root.
//!
//! The deterministic simulation of tables (`tests/it/simulation/`) runs many cores with the
//! real engine and bots against a simulated store, injecting faults, and checks the books after
//! every step; a failing seed prints the one command that replays it.
#![deny(missing_docs)]

pub mod answer;
pub mod assets;
pub mod books;
pub mod client;
pub mod config;
pub mod conns;
pub mod error;
pub mod fairness;
pub mod guarded;
mod http;
pub mod listen;
pub mod lobby;
pub mod logins;
pub mod metrics;
pub mod node;
pub mod origin;
pub mod passwords;
pub mod protocol;
pub mod ratelimit;
pub mod replayer;
pub mod room;
pub mod server;
pub mod sessions;
pub mod table;
pub mod tables;
pub mod time;
pub mod tournament;
pub mod tournaments;
pub mod ws;

pub use books::{Books, Member};
pub use config::Config;
pub use room::Room;
pub use server::{Server, ServerError, ServerHandle};
pub use sessions::Replay;
