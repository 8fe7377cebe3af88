//! The room's table core, off the network: stories with explicit time, and the deterministic
//! simulation of many tables with faults.

mod bench;
mod books;
mod simulation;
mod stories;
