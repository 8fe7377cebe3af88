//! What a client sends: the intents of docs/protocol.md with their checked fields, and the one
//! reader of a text frame ([`parse_intent`]), which never panics.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavolo_engine::Chips;

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
/// control characters (a line break is one), and none of the characters that change how the
/// rest of a line shows without showing themselves ([`Unshown`]): a line reads as what it is.
/// Clients show it as text, never as markup.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct ChatText(#[schemars(length(min = 1, max = 200))] String);

/// The kinds of character a chat line may not hold because they are not shown but change what
/// is: a reader could not tell the line they see from the line written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unshown {
    /// Direction marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F,
    /// U+202A–U+202E, U+2066–U+2069): they reorder what follows.
    Bidi,
    /// Zero-width characters (U+200B–U+200D, U+2060, U+FEFF): they split or join words
    /// invisibly.
    ZeroWidth,
    /// Tag characters (U+E0000–U+E007F): invisible text.
    Tag,
    /// Interlinear annotation marks (U+FFF9–U+FFFB): hidden annotations.
    Annotation,
    /// Noncharacters (U+FDD0–U+FDEF and the last two code points of every plane): never text.
    Noncharacter,
}

impl Unshown {
    /// The kind of `c`, if it is one a chat line may not hold.
    pub fn of(c: char) -> Option<Unshown> {
        let u = u32::from(c);
        Some(match u {
            0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 => Unshown::Bidi,
            0x200B..=0x200D | 0x2060 | 0xFEFF => Unshown::ZeroWidth,
            0xE0000..=0xE007F => Unshown::Tag,
            0xFFF9..=0xFFFB => Unshown::Annotation,
            0xFDD0..=0xFDEF => Unshown::Noncharacter,
            _ if u & 0xFFFE == 0xFFFE => Unshown::Noncharacter,
            _ => return None,
        })
    }

    fn what(self) -> &'static str {
        match self {
            Unshown::Bidi => "a direction control",
            Unshown::ZeroWidth => "a zero-width character",
            Unshown::Tag => "a tag character",
            Unshown::Annotation => "an interlinear annotation mark",
            Unshown::Noncharacter => "a noncharacter",
        }
    }
}

/// Why a chat line was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChatTextError {
    /// Nothing but white space.
    #[error("a chat line is not empty")]
    Empty,
    /// Too long.
    #[error("a chat line has at most {MAX_CHAT} characters, not {0}")]
    TooLong(usize),
    /// A control character.
    #[error("a chat line has no control characters (one line, no tabs)")]
    Control,
    /// A character that is not shown but changes how the line shows.
    #[error("a chat line has no characters that change how it shows without showing: character {position} is U+{code:04X}, {}", kind.what())]
    Unshown {
        /// Its position in the trimmed line, from 1.
        position: usize,
        /// Its code point.
        code: u32,
        /// Its kind.
        kind: Unshown,
    },
}

impl TryFrom<String> for ChatText {
    type Error = ChatTextError;
    fn try_from(s: String) -> Result<ChatText, ChatTextError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ChatTextError::Empty);
        }
        let n = t.chars().count();
        if n > MAX_CHAT {
            return Err(ChatTextError::TooLong(n));
        }
        if t.chars().any(char::is_control) {
            return Err(ChatTextError::Control);
        }
        if let Some((i, c, kind)) = t
            .chars()
            .enumerate()
            .find_map(|(i, c)| Unshown::of(c).map(|k| (i, c, k)))
        {
            return Err(ChatTextError::Unshown {
                position: i + 1,
                code: u32::from(c),
                kind,
            });
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
    /// Take a seat — free seat `seat` where the rules let the player choose it (`you.join_seat`
    /// is `chosen`), else one drawn or the waiting list — buying in for `buy_in` (default: the
    /// table's buy-in, the only one it takes); `chain`: the head of the player's seed chain
    /// (docs/protocol.md, Provably fair dealing).
    Join {
        table: Name,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatNo>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        buy_in: Option<Chips>,
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
    if text.len() > MAX_MESSAGE {
        return Err(Unreadable {
            seq: None,
            error: ProtoError::new(
                Code::TooLarge,
                format!("messages are at most {MAX_MESSAGE} bytes"),
            ),
        });
    }
    // A well-formed intent without a null is read straight into its type (no tree of values
    // first). Anything else is read field by field below, for the error that names what is
    // wrong, or for the nulls it drops: that reading is the reference, and the quick one is
    // taken only where the two agree (a test compares them).
    if !text.contains("null") {
        if let Ok(head) = serde_json::from_str::<Head<'_>>(text) {
            if head.v == VERSION && head.seq > 0 && !head.kind.is_empty() {
                if let Ok(request) = serde_json::from_str::<Request>(text) {
                    return Ok(Intent::new(head.seq, request));
                }
            }
        }
    }
    read_by_fields(text)
}

/// What [`parse_intent`]'s quick reading checks first: the version, the `seq` and a `type`
/// written as a string (serde would take a number for the index of a kind).
#[derive(Deserialize)]
struct Head<'a> {
    v: u64,
    seq: u64,
    #[serde(rename = "type")]
    kind: &'a str,
}

/// [`parse_intent`]'s reference reading (of a message within the size): the message as a tree
/// of values, taken apart field by field, each problem named.
pub(super) fn read_by_fields(text: &str) -> Result<Intent, Unreadable> {
    let bad = |seq, m: String| Unreadable {
        seq,
        error: ProtoError::new(Code::Malformed, m),
    };
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
