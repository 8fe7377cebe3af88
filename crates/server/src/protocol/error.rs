//! The protocol's error: every code a client can be answered with, and the `error` message.
//! The room's own failures ([`crate::error::RoomError`]) become one of these once, at the
//! WebSocket and HTTP edge.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{AckResult, ServerMessage, VERSION};

/// Every error code of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Code {
    Malformed,
    TooLarge,
    UnsupportedVersion,
    RateLimited,
    Unauthenticated,
    NoSuchTable,
    NotSeated,
    AlreadySeated,
    TableFull,
    InsufficientChips,
    StaleHand,
    NotYourTurn,
    IllegalAction,
    InvalidOptions,
    NotAllowed,
    /// A seed chain's reveal the table cannot take (it does not extend the chain, another is
    /// already waiting, or the chain came after the next hand's commitment): nothing changed.
    BadReveal,
    /// The database cannot be written now (a full disk, a lost connection): nothing was done.
    Unavailable,
    /// The table is played on another node of the room: nothing was done; connect to the
    /// error's `at` (a WebSocket URL) and send the intent again.
    Elsewhere,
    Internal,
}

impl Code {
    /// The code as sent on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Malformed => "malformed",
            Code::TooLarge => "too_large",
            Code::UnsupportedVersion => "unsupported_version",
            Code::RateLimited => "rate_limited",
            Code::Unauthenticated => "unauthenticated",
            Code::NoSuchTable => "no_such_table",
            Code::NotSeated => "not_seated",
            Code::AlreadySeated => "already_seated",
            Code::TableFull => "table_full",
            Code::InsufficientChips => "insufficient_chips",
            Code::StaleHand => "stale_hand",
            Code::NotYourTurn => "not_your_turn",
            Code::IllegalAction => "illegal_action",
            Code::InvalidOptions => "invalid_options",
            Code::NotAllowed => "not_allowed",
            Code::BadReveal => "bad_reveal",
            Code::Unavailable => "unavailable",
            Code::Elsewhere => "elsewhere",
            Code::Internal => "internal",
        }
    }
}

/// A refused intent: a code and a message saying why (and, for actions, what is legal).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", code.as_str())]
pub struct ProtoError {
    /// The code.
    pub code: Code,
    /// The explanation.
    pub message: String,
    /// [`Code::Elsewhere`]: the WebSocket URL of the node that plays the table.
    pub at: Option<String>,
}

impl ProtoError {
    /// An error with this code and message.
    pub fn new(code: Code, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
            at: None,
        }
    }

    /// Table `table` is played by the node whose WebSocket is `ws_url`.
    pub fn elsewhere(table: &str, ws_url: String) -> ProtoError {
        ProtoError {
            code: Code::Elsewhere,
            message: format!(
                "table {table} is played on another node of this room: connect to {ws_url} and send this again"
            ),
            at: Some(ws_url),
        }
    }
}

/// The result of an intent: the `ack.result` object or an error.
pub type Answer = Result<AckResult, ProtoError>;

/// `{"v":1,"type":"ack","seq":…,"result":…}` or `{"v":1,"type":"error",…}`.
pub fn answer_json(seq: Option<u64>, answer: &Answer) -> String {
    match answer {
        Ok(result) => ServerMessage::<Value>::Ack {
            v: VERSION,
            seq,
            result: result.clone(),
        }
        .to_json(),
        Err(e) => error_json(seq, e),
    }
}

/// An `error` message (without `seq` when the message could not be read).
pub fn error_json(seq: Option<u64>, e: &ProtoError) -> String {
    ServerMessage::<Value>::Error {
        v: VERSION,
        seq,
        code: e.code,
        message: e.message.clone(),
        at: e.at.clone(),
    }
    .to_json()
}
