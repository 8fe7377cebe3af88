//! The room's tournament coordinator, off the network: stories with explicit time, and the
//! deterministic simulation of sit-and-goes with faults.

mod audited;
pub(crate) mod bench;
mod bot_deals;
mod buys;
mod called_off;
mod clock;
mod deals;
mod joined;
mod kept_back;
mod notices;
mod relay;
mod saves;
mod simulation;
mod stories;
mod swiss;
