//! The wire format of docs/protocol.md: intents read from clients (malformed input becomes a
//! specific [`ProtoError`], never a panic) and the server's `ack`/`error` answers.

use serde::Deserialize;
use serde_json::Value;

/// The protocol version this server speaks.
pub const VERSION: u64 = 1;

/// The largest inbound text frame accepted (4 KiB).
pub const MAX_MESSAGE: usize = 4096;

/// Every error code of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

impl ProtoError {
    /// An error with this code and message.
    pub fn new(code: Code, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
        }
    }
}

/// The result of an intent: the `ack.result` object or an error.
pub type Answer = Result<Value, ProtoError>;

/// What a client may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kind {
    Hello,
    Lobby,
    CreateTable,
    Join,
    Waitlist,
    Watch,
    Unwatch,
    SitOut,
    SitIn,
    Rebuy,
    Leave,
    Act,
    ChangeSeat,
    CancelSeatChange,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "hello" => Kind::Hello,
            "lobby" => Kind::Lobby,
            "create_table" => Kind::CreateTable,
            "join" => Kind::Join,
            "waitlist" => Kind::Waitlist,
            "watch" => Kind::Watch,
            "unwatch" => Kind::Unwatch,
            "sit_out" => Kind::SitOut,
            "sit_in" => Kind::SitIn,
            "rebuy" => Kind::Rebuy,
            "leave" => Kind::Leave,
            "act" => Kind::Act,
            "change_seat" => Kind::ChangeSeat,
            "cancel_seat_change" => Kind::CancelSeatChange,
            _ => return None,
        })
    }
}

#[derive(Deserialize)]
struct RawIntent {
    v: Option<Value>,
    seq: Option<Value>,
    #[serde(rename = "type")]
    kind: Option<Value>,
    table: Option<Value>,
    hand: Option<Value>,
    action: Option<Value>,
    options: Option<Value>,
    buy_in: Option<Value>,
    seat: Option<Value>,
}

/// An intent as read from a client.
#[derive(Clone, Debug, PartialEq)]
pub struct Intent {
    /// The client's sequence number (positive).
    pub seq: u64,
    /// What is asked.
    pub kind: Kind,
    /// The table concerned, if any.
    pub table: Option<String>,
    /// The hand concerned (`act`).
    pub hand: Option<String>,
    /// The engine action (`act`).
    pub action: Option<Value>,
    /// Table options (`create_table`).
    pub options: Option<Value>,
    /// The buy-in asked for (`join`).
    pub buy_in: Option<u64>,
    /// The seat asked for (`change_seat`; none: any other seat).
    pub seat: Option<usize>,
}

/// Why a message could not become an intent: the error, and the `seq` when it could be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// The sequence number, if the message had a valid one.
    pub seq: Option<u64>,
    /// The error to send.
    pub error: ProtoError,
}

fn string_field(v: Option<Value>, name: &str) -> Result<Option<String>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.len() <= 64 => Ok(Some(s)),
        Some(_) => Err(format!(
            "`{name}` must be a string of at most 64 characters"
        )),
    }
}

/// Reads one text frame. Never panics; every problem is a specific error.
pub fn parse_intent(text: &str) -> Result<Intent, Unreadable> {
    let bad = |seq, m: String| Unreadable {
        seq,
        error: ProtoError::new(Code::Malformed, m),
    };
    if text.len() > MAX_MESSAGE {
        return Err(Unreadable {
            seq: None,
            error: ProtoError::new(
                Code::TooLarge,
                format!("messages are at most {MAX_MESSAGE} bytes"),
            ),
        });
    }
    let raw: RawIntent =
        serde_json::from_str(text).map_err(|e| bad(None, format!("not a JSON object: {e}")))?;
    let seq = match raw.seq {
        Some(Value::Number(n)) => n.as_u64().filter(|&s| s > 0),
        _ => None,
    };
    match raw.v {
        Some(Value::Number(n)) if n.as_u64() == Some(VERSION) => {}
        Some(Value::Number(_)) => {
            return Err(Unreadable {
                seq: None,
                error: ProtoError::new(
                    Code::UnsupportedVersion,
                    format!("this server speaks protocol version {VERSION}"),
                ),
            })
        }
        _ => return Err(bad(None, "`v` (the protocol version, 1) is missing".into())),
    }
    let Some(seq) = seq else {
        return Err(bad(None, "`seq` must be a positive integer".into()));
    };
    let kind = match raw.kind {
        Some(Value::String(s)) => {
            Kind::parse(&s).ok_or_else(|| bad(Some(seq), format!("unknown intent type {s:?}")))?
        }
        _ => return Err(bad(Some(seq), "`type` is missing".into())),
    };
    let table = string_field(raw.table, "table").map_err(|m| bad(Some(seq), m))?;
    let hand = string_field(raw.hand, "hand").map_err(|m| bad(Some(seq), m))?;
    let buy_in = match raw.buy_in {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(
            n.as_u64()
                .ok_or_else(|| bad(Some(seq), "`buy_in` must be a non-negative integer".into()))?,
        ),
        Some(_) => return Err(bad(Some(seq), "`buy_in` must be an integer".into())),
    };
    let seat = match raw.seat {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(
            n.as_u64()
                .filter(|&s| s < 16)
                .ok_or_else(|| bad(Some(seq), "`seat` must be a seat number (0–15)".into()))?
                as usize,
        ),
        Some(_) => return Err(bad(Some(seq), "`seat` must be an integer".into())),
    };
    let needs_table = !matches!(kind, Kind::Hello | Kind::Lobby | Kind::CreateTable);
    if needs_table && table.is_none() {
        return Err(bad(Some(seq), "`table` is missing".into()));
    }
    if kind == Kind::Act && (hand.is_none() || raw.action.is_none()) {
        return Err(bad(Some(seq), "`act` needs `hand` and `action`".into()));
    }
    if kind == Kind::CreateTable && raw.options.is_none() {
        return Err(bad(Some(seq), "`create_table` needs `options`".into()));
    }
    Ok(Intent {
        seq,
        kind,
        table,
        hand,
        action: raw.action,
        options: raw.options,
        buy_in,
        seat,
    })
}

/// `{"v":1,"type":"ack","seq":…,"result":…}` or `{"v":1,"type":"error",…}`.
pub fn answer_json(seq: Option<u64>, answer: &Answer) -> String {
    match answer {
        Ok(result) => {
            serde_json::json!({"v": VERSION, "type": "ack", "seq": seq, "result": result})
                .to_string()
        }
        Err(e) => error_json(seq, e),
    }
}

/// An `error` message (without `seq` when the message could not be read).
pub fn error_json(seq: Option<u64>, e: &ProtoError) -> String {
    let mut m = serde_json::json!({"v": VERSION, "type": "error", "code": e.code.as_str(),
        "message": e.message});
    if let (Some(seq), Some(obj)) = (seq, m.as_object_mut()) {
        obj.insert("seq".into(), seq.into());
    }
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_input_gets_specific_errors() {
        let e = parse_intent("nope").unwrap_err();
        assert_eq!((e.seq, e.error.code), (None, Code::Malformed));
        let e = parse_intent(r#"{"v":2,"seq":1,"type":"hello"}"#).unwrap_err();
        assert_eq!(e.error.code, Code::UnsupportedVersion);
        let e = parse_intent(r#"{"v":1,"seq":0,"type":"hello"}"#).unwrap_err();
        assert_eq!((e.seq, e.error.code), (None, Code::Malformed));
        let e = parse_intent(r#"{"v":1,"seq":3,"type":"dance"}"#).unwrap_err();
        assert_eq!((e.seq, e.error.code), (Some(3), Code::Malformed));
        let e = parse_intent(r#"{"v":1,"seq":3,"type":"act","table":"t1"}"#).unwrap_err();
        assert_eq!(e.error.code, Code::Malformed);
        let big = format!(
            r#"{{"v":1,"seq":3,"type":"hello","x":"{}"}}"#,
            "a".repeat(5000)
        );
        assert_eq!(parse_intent(&big).unwrap_err().error.code, Code::TooLarge);
        let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":200}"#);
        assert_eq!(ok.unwrap().buy_in, Some(200));
        let ok = parse_intent(r#"{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":3}"#);
        assert_eq!(
            ok.map(|i| (i.kind, i.seat)),
            Ok((Kind::ChangeSeat, Some(3)))
        );
        let e = parse_intent(r#"{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":-1}"#);
        assert_eq!(e.unwrap_err().error.code, Code::Malformed);
    }
}
