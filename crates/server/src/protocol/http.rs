//! The answers of the HTTP part of docs/protocol.md.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Parts, TableSummary, UserInfo};

/// `{"error": {"code", "message"}}` with a 4xx or 5xx status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ApiError {
    /// What went wrong.
    pub error: ApiErrorBody,
}

/// The body of an [`ApiError`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ApiErrorBody {
    /// A code (`unauthenticated`, `rate_limited`, `not_found`, …).
    pub code: String,
    /// Why.
    pub message: String,
}

/// `GET /healthz`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Health {
    /// `ok`, or `unavailable` (with status 503) while the database cannot be written, or
    /// `read_only` (503) when the room started while it could not be written and deals nothing
    /// until it can (also `draining`, several nodes).
    pub status: String,
    /// `sqlite` or `postgres`.
    pub db: String,
    /// Why the database cannot be written: the last failed write's error, until a write
    /// succeeds again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
    /// Several nodes: this node's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Several nodes: the node drains (`status` is then `draining`, with 503: a load
    /// balancer sends it nothing new, though it is alive — `/livez` says so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draining: bool,
}

/// The signed-in user (`/api/me`, `/api/login`, `/api/register`, `/api/guest`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UserReply {
    /// The user.
    pub user: UserInfo,
}

/// `GET /api/tables`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TablesReply {
    /// The open tables.
    pub tables: Vec<TableSummary>,
}

/// One hand or game of `GET /api/history`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HistoryItem {
    /// `h-123`.
    pub id: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// The table.
    pub table: String,
    /// The table's name.
    pub table_name: String,
    /// `playing`, `finished` or `voided`.
    pub status: String,
    /// The user's table seat.
    pub seat: usize,
    /// Unix seconds.
    pub started_at: i64,
    /// Unix seconds, once over.
    pub finished_at: Option<i64>,
    /// The user's chips won or lost, once over.
    pub result: Option<i64>,
    /// Why it was voided, as recorded when it was (voided hands only; absent for hands voided
    /// before reasons were recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void_reason: Option<String>,
}

/// `GET /api/history`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HistoryReply {
    /// Newest first.
    pub items: Vec<HistoryItem>,
    /// The user's voided hands over the whole history, per table and per other player: the
    /// operator cannot steer a deal but can veto one by voiding it, so a pattern shows here.
    #[serde(default)]
    pub voided: VoidedReport,
}

/// Voided hands per table and per player (`GET /api/history`'s `voided`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VoidedReport {
    /// Tables where at least one of the user's hands was voided.
    pub tables: Vec<VoidedTable>,
    /// Other players with whom at least one of the user's hands was voided.
    pub players: Vec<VoidedPlayer>,
}

/// The user's voided hands at one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VoidedTable {
    /// The table.
    pub table: String,
    /// The user's hands there that are over.
    pub hands: i64,
    /// Of those, voided.
    pub voided: i64,
    /// The reasons recorded, most frequent first (`reason` absent: voided before reasons were
    /// recorded).
    pub reasons: Vec<VoidReasonCount>,
}

/// A reason and how many hands it voided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VoidReasonCount {
    /// The reason, as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Hands.
    pub hands: i64,
}

/// The user's hands with another player, and how many were voided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VoidedPlayer {
    /// The other player's name.
    pub name: String,
    /// Hands over that both were dealt in.
    pub hands: i64,
    /// Of those, voided.
    pub voided: i64,
}

/// `GET /api/fairness/{id}`: the commitment for anyone; for the hand's players once it is
/// over, the seed, its parts and (a `tavolo-fair/3` bundle; `/1` or `/2` for older hands) the
/// record with its transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Fairness {
    /// `h-123`.
    pub hand: String,
    /// The game.
    pub game: String,
    /// `playing`, `finished` or `voided`.
    pub status: String,
    /// SHA-256 of the seed, hex.
    pub commitment: String,
    /// The seed, hex (players only, once the hand is over).
    pub seed: Option<String>,
    /// The parts the seed was mixed from (`tavolo-fair/2`; players only, once over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Parts>,
    /// `tavolo-fair/3` when the record is included with the transcript its viewers were sent
    /// when it ended; `tavolo-fair/2` or `/1` for hands finished before transcripts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The hand's id again (for `tavolo verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `phh`, `draw-json` or `saint-json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_format: Option<String>,
    /// The record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// The transcript sent to everybody who saw the table when the hand ended (`tavolo-fair/3`,
    /// hex): the SHA-256 binding the record to the commitment and the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
}
