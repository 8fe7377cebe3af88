//! The room's table core, off the network: stories with explicit time, and the deterministic
//! simulation of many tables with faults.

pub(crate) mod bench;
pub(crate) mod books;
pub(crate) mod seeds;
mod sim_tournament;
pub(crate) mod simulation;
pub(crate) mod stories;
mod tournament;
mod written;
