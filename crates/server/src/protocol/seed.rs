//! The parts of a dealt hand's seed as the protocol shows them to its players (`table_state`'s
//! `previous.parts`, `/api/fairness`); [`crate::fairness`] mixes and checks them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The parts of a `tavolo-fair/2` seed, as stored with the hand and shown to its players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Parts {
    /// The room's part `S`, hex: its SHA-256 is the hand's commitment.
    pub room: String,
    /// The players' reveals, in seat order (players without a chain, or who sent none, are
    /// absent).
    pub reveals: Vec<Reveal>,
}

/// One player's part of a seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Reveal {
    /// The player's table seat.
    pub seat: usize,
    /// The chain element revealed, hex.
    pub value: String,
    /// The chain element it extends (`SHA-256(value)`): the head sent with `join` or
    /// `seed_chain` for a chain's first reveal, the previous reveal after that.
    pub extends: String,
}
