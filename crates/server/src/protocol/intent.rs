//! What a client sends: the intents of docs/protocol.md with their checked fields, and the one
//! reader of a text frame ([`parse_intent`]), which never panics.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Code, ProtoError, MAX_MESSAGE, VERSION};

/// A table id as a client names it (at most 64 characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct Name(#[schemars(length(max = 64))] String);

impl TryFrom<String> for Name {
    type Error = String;
    fn try_from(s: String) -> Result<Name, String> {
        if s.len() <= 64 {
            Ok(Name(s))
        } else {
            Err("a table or hand is named by a string of at most 64 characters".into())
        }
    }
}

impl From<Name> for String {
    fn from(n: Name) -> String {
        n.0
    }
}

impl Name {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Name {
    /// A name, cut to 64 characters.
    fn from(s: &str) -> Name {
        Name(s.chars().take(64).collect())
    }
}

/// The most characters a chat line may have.
pub const MAX_CHAT: usize = 200;

/// A line of table chat as a client sends it: 1 to `MAX_CHAT` (200) characters once trimmed, no
/// control characters (a line break is one). Clients show it as text, never as markup.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct ChatText(#[schemars(length(min = 1, max = 200))] String);

impl TryFrom<String> for ChatText {
    type Error = String;
    fn try_from(s: String) -> Result<ChatText, String> {
        let t = s.trim();
        if t.is_empty() {
            return Err("a chat line is not empty".into());
        }
        let n = t.chars().count();
        if n > MAX_CHAT {
            return Err(format!(
                "a chat line has at most {MAX_CHAT} characters, not {n}"
            ));
        }
        if t.chars().any(char::is_control) {
            return Err("a chat line has no control characters (one line, no tabs)".into());
        }
        Ok(ChatText(t.to_string()))
    }
}

impl From<ChatText> for String {
    fn from(t: ChatText) -> String {
        t.0
    }
}

impl ChatText {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// 64 hex digits as 32 bytes (`None`: anything else).
fn bytes32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// 32 bytes as a client sends them: 64 hex digits (a seed chain's head or element).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct Hex32(
    #[schemars(length(min = 64, max = 64), regex(pattern = "^[0-9a-fA-F]{64}$"))] String,
);

impl TryFrom<String> for Hex32 {
    type Error = String;
    fn try_from(s: String) -> Result<Hex32, String> {
        match bytes32(&s) {
            Some(_) => Ok(Hex32(s.to_ascii_lowercase())),
            None => Err("a chain element is 32 bytes written as 64 hex digits".into()),
        }
    }
}

impl From<Hex32> for String {
    fn from(h: Hex32) -> String {
        h.0
    }
}

impl Hex32 {
    /// The 32 bytes.
    pub fn bytes(&self) -> [u8; 32] {
        bytes32(&self.0).unwrap_or_default()
    }
}

impl From<[u8; 32]> for Hex32 {
    fn from(b: [u8; 32]) -> Hex32 {
        Hex32(b.iter().map(|x| format!("{x:02x}")).collect())
    }
}

/// A table seat as a client names it (0–15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "u64", into = "u64")]
pub struct SeatNo(#[schemars(range(max = 15))] u8);

impl TryFrom<u64> for SeatNo {
    type Error = String;
    fn try_from(n: u64) -> Result<SeatNo, String> {
        u8::try_from(n)
            .ok()
            .filter(|&s| s < 16)
            .map(SeatNo)
            .ok_or_else(|| format!("`seat` must be a seat number (0–15), not {n}"))
    }
}

impl From<SeatNo> for u64 {
    fn from(s: SeatNo) -> u64 {
        u64::from(s.0)
    }
}

impl SeatNo {
    /// The seat.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}
/// What a client asks for: the intents of docs/protocol.md, tagged by `type`. The server reads
/// them, and `tavolo loadtest` and the tests write them, with this one type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Request {
    /// Who am I; resend everything (after a reconnect).
    Hello,
    /// Subscribe to the lobby.
    Lobby,
    /// Open a table with these options (docs/protocol.md, Table options).
    CreateTable {
        options: Value,
    },
    /// Take a seat, buying in for `buy_in` (default: the table's buy-in); `chain`: the head
    /// of the player's seed chain (docs/protocol.md, Provably fair dealing).
    Join {
        table: Name,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        buy_in: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chain: Option<Hex32>,
    },
    /// A new seed chain (the old one ran out, or none was sent with `join`): its head.
    SeedChain {
        table: Name,
        head: Hex32,
    },
    /// The next element of the player's seed chain, for the next deal.
    Reveal {
        table: Name,
        value: Hex32,
    },
    Waitlist {
        table: Name,
    },
    Watch {
        table: Name,
    },
    Unwatch {
        table: Name,
    },
    SitOut {
        table: Name,
    },
    SitIn {
        table: Name,
    },
    Rebuy {
        table: Name,
    },
    Leave {
        table: Name,
    },
    /// An action in hand `hand`: the engine's action as JSON (docs/protocol.md, Actions).
    Act {
        table: Name,
        hand: Name,
        action: Value,
    },
    /// Ask for seat `seat`, or any other seat.
    ChangeSeat {
        table: Name,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatNo>,
    },
    CancelSeatChange {
        table: Name,
    },
    /// The table's creator seats another bot of the table's level (between hands).
    AddBot {
        table: Name,
    },
    /// A line of table chat (docs/protocol.md, Chat).
    Chat {
        table: Name,
        text: ChatText,
    },
}

impl Request {
    /// The table concerned, if any.
    pub fn table(&self) -> Option<&str> {
        match self {
            Request::Hello | Request::Lobby | Request::CreateTable { .. } => None,
            Request::Join { table, .. }
            | Request::SeedChain { table, .. }
            | Request::Reveal { table, .. }
            | Request::Waitlist { table }
            | Request::Watch { table }
            | Request::Unwatch { table }
            | Request::SitOut { table }
            | Request::SitIn { table }
            | Request::Rebuy { table }
            | Request::Leave { table }
            | Request::Act { table, .. }
            | Request::ChangeSeat { table, .. }
            | Request::CancelSeatChange { table }
            | Request::AddBot { table }
            | Request::Chat { table, .. } => Some(table.as_str()),
        }
    }
}

/// One message from a client: the protocol version, the client's sequence number and the
/// request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Intent {
    /// The protocol version ([`VERSION`]).
    pub v: u64,
    /// The client's sequence number (positive).
    pub seq: u64,
    /// What is asked.
    #[serde(flatten)]
    pub request: Request,
}

impl Intent {
    /// `request` as message `seq`.
    pub fn new(seq: u64, request: Request) -> Intent {
        Intent {
            v: VERSION,
            seq,
            request,
        }
    }

    /// The JSON text of this intent.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Why a message could not become an intent: the error, and the `seq` when it could be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// The sequence number, if the message had a valid one.
    pub seq: Option<u64>,
    /// The error to send.
    pub error: ProtoError,
}

/// Reads one text frame. Never panics; every problem is a specific error: the size, JSON, the
/// version and the sequence number first (so that the error can name the `seq`), then the
/// request itself (an unknown `type`, a missing or mistyped field, by name).
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
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(text) else {
        return Err(bad(None, "not a JSON object".into()));
    };
    let seq = match fields.remove("seq") {
        Some(Value::Number(n)) => n.as_u64().filter(|&s| s > 0),
        _ => None,
    };
    match fields.remove("v") {
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
    if !fields.contains_key("type") {
        return Err(bad(Some(seq), "`type` is missing".into()));
    }
    // Fields sent as null count as absent.
    fields.retain(|_, v| !v.is_null());
    let request: Request = serde_json::from_value(Value::Object(fields))
        .map_err(|e| bad(Some(seq), format!("unreadable intent: {e}")))?;
    Ok(Intent::new(seq, request))
}
