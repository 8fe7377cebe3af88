//! A table as it survives its owner (a crash, a takeover, a drain): what another node restores
//! it from, saved with every hand's begin and finish (in their transactions) and after any
//! other change a player would notice, between hands.
//!
//! It holds the engine's table as if the hand in play were voided (seats, sitting out and
//! missed hands, the waiting list, seat-change requests, where "the hand" was), the time banks,
//! the chat kept for newcomers, who lost a seat for missed hands and how many bots the table has
//! made. It holds no chips: a new
//! owner takes every stack from the seat accounts of the ledger. What is deliberately not
//! carried is listed in docs/scale-out.md.

use serde::{Deserialize, Serialize};
use tavolo_engine::table::SavedTable;
use tavolo_store::UserId;

use crate::books::Member;
use crate::protocol::ChatLine;

/// The table's state as saved for a takeover (`card_tables.state`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedState {
    /// Seats, the waiting list, seat-change requests, "the hand".
    pub table: SavedTable<Member>,
    /// Bots made for the table so far (the next one's account is numbered after them).
    pub bots_made: usize,
    /// Each seated player's time bank, in milliseconds.
    #[serde(default)]
    pub banks: Vec<(UserId, u64)>,
    /// The chat lines kept for whoever arrives, oldest first.
    #[serde(default)]
    pub chat: Vec<ChatLine>,
    /// Players who lost their seat for missing hands and have not sat down or stopped
    /// watching since: when they watch again they are told why the seat went.
    #[serde(default)]
    pub lost_seats: Vec<UserId>,
    /// A tournament table's orders in force and its last hand over (none at a cash table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Box<super::Tour>>,
}
