//! The wire format of docs/protocol.md: intents read from clients (malformed input becomes a
//! specific [`ProtoError`], never a panic) and the server's `ack`/`error` answers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavolo_engine::Chips;

use crate::table::{TableOptions, TableSummary};

/// The protocol version this server speaks.
pub const VERSION: u64 = 1;

/// The largest inbound text frame accepted (4 KiB).
pub const MAX_MESSAGE: usize = 4096;

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

/// A user as the protocol shows them (`hello`, `/api/me`, `/api/login`, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UserInfo {
    /// The account's id.
    pub id: i64,
    /// The name.
    pub name: String,
    /// Whether a guest account.
    pub guest: bool,
    /// Whether a bot.
    pub bot: bool,
    /// Chips in the account.
    pub balance: i64,
}

/// The answers of the HTTP part of docs/protocol.md.
pub mod http {
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    use super::UserInfo;
    use crate::table::TableSummary;

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
        /// `ok`, or `unavailable` (with status 503) while the database cannot be written.
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
    }

    /// `GET /api/history`.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct HistoryReply {
        /// Newest first.
        pub items: Vec<HistoryItem>,
    }

    /// `GET /api/fairness/{id}`: the commitment for anyone; for the hand's players once it is
    /// over, the seed, its parts and (a `tavolo-fair/1` or `/2` bundle) the record.
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
        pub parts: Option<crate::fairness::Parts>,
        /// `tavolo-fair/1` or `tavolo-fair/2` when the record is included.
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
    }
}

/// What an intent gave (`ack.result`): each field is there only for the intents that give it
/// (docs/protocol.md lists them); `{}` for the others.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AckResult {
    /// `hello`: who you are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<UserInfo>,
    /// `hello`: the protocol version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<u64>,
    /// `create_table`: the new table's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// `join`, `change_seat`, a funded rebuy's seat: the table seat you have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// `join` or `waitlist` when the table is full: your place on the waiting list (1 first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<usize>,
    /// `change_seat` when no seat is free now: your place among the pending requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_change: Option<usize>,
    /// `leave` during a hand: you leave when it ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaving: Option<bool>,
    /// `leave` (the stack cashed out) and `rebuy` (the stack bought).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<Chips>,
}

impl AckResult {
    /// `{}`.
    pub fn done() -> AckResult {
        AckResult::default()
    }
}

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

/// A line of table chat as a client sends it: 1 to [`MAX_CHAT`] characters once trimmed, no
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

/// 32 bytes as a client sends them: 64 hex digits (a seed chain's head or element).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
pub struct Hex32(
    #[schemars(length(min = 64, max = 64), regex(pattern = "^[0-9a-fA-F]{64}$"))] String,
);

impl TryFrom<String> for Hex32 {
    type Error = String;
    fn try_from(s: String) -> Result<Hex32, String> {
        match crate::fairness::bytes32(&s) {
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
        crate::fairness::bytes32(&self.0).unwrap_or_default()
    }
}

impl From<[u8; 32]> for Hex32 {
    fn from(b: [u8; 32]) -> Hex32 {
        Hex32(tavolo_store::hex(&b))
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

/// Everything the server sends a client, tagged by `type` (docs/protocol.md). The game's parts
/// of a `table_state` are typed by the server (`G::View`, `G::Choices`, `G::Event`) and read as
/// JSON values by clients (the defaults).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<View = Value, Legal = Value, Event = Value> {
    /// An intent was carried out; `result` depends on the intent.
    Ack {
        /// The protocol version.
        v: u64,
        /// The intent's `seq`.
        seq: Option<u64>,
        /// What the intent gave.
        result: AckResult,
    },
    /// An intent was refused (without `seq` when the message could not be read).
    Error {
        /// The protocol version.
        v: u64,
        /// The intent's `seq`, when it could be read.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
        /// What kind of refusal.
        code: Code,
        /// Why, and what would be accepted.
        message: String,
        /// `elsewhere`: the WebSocket URL of the node that plays the table.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
    },
    /// The whole lobby.
    Lobby {
        /// The protocol version.
        v: u64,
        /// Every open table.
        tables: Vec<TableSummary>,
    },
    /// One table of the lobby changed.
    LobbyUpdate {
        /// The protocol version.
        v: u64,
        /// The table.
        table: TableSummary,
    },
    /// A table closed.
    TableClosed {
        /// The protocol version.
        v: u64,
        /// Its id.
        table: String,
    },
    /// A table moved to another node of the room (this one stopped playing it: it was taken
    /// over, or handed on while the node drains). The hand in play, if any, is voided. Send
    /// `watch` (or `join`) for it again: the answer is the table, or `elsewhere` with where it
    /// is now.
    TableMoved {
        /// The protocol version.
        v: u64,
        /// Its id.
        table: String,
    },
    /// The session was closed by a logout.
    LoggedOut {
        /// The protocol version.
        v: u64,
    },
    /// Everything one connection may see of one table.
    TableState(Box<TableState<View, Legal, Event>>),
    /// Table chat: one new line, or the lines kept so far for a connection that arrives.
    Chat {
        /// The protocol version.
        v: u64,
        /// The table.
        table: String,
        /// The lines, oldest first.
        lines: Vec<ChatLine>,
    },
}

/// A line of table chat. Chat is never part of a hand's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChatLine {
    /// Grows by one per line at the table.
    pub id: u64,
    /// Who wrote it (the user id, for muting).
    pub user: i64,
    /// Their name.
    pub name: String,
    /// Their table seat (none: a spectator).
    pub seat: Option<usize>,
    /// The text, to show as text.
    pub text: String,
    /// When it was written, ms since the Unix epoch.
    pub at_ms: u64,
}

impl<V: Serialize, L: Serialize, E: Serialize> ServerMessage<V, L, E> {
    /// The JSON text of the message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMessage {
    /// Reads a message of the server (a client's side).
    pub fn parse(text: &str) -> Result<ServerMessage, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// A `table_state` (docs/protocol.md): the table, the viewer (`you`), the seats, the hand in
/// play as the viewer may see it (`view`, `legal`, `clock`, the censored `events` since the
/// previous state), and the last result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TableState<View = Value, Legal = Value, Event = Value> {
    /// The protocol version.
    pub v: u64,
    /// The table's id.
    pub table: String,
    /// Grows with every state the table sends.
    pub version: u64,
    /// The table's options.
    pub options: TableOptions,
    /// The viewer.
    pub you: You,
    /// Every seat taken.
    pub seats: Vec<SeatRow>,
    /// The hand (or game) in play.
    pub hand: Option<String>,
    /// The commitment to its seed (`tavolo-fair/2`: to the room's part of it).
    pub commitment: Option<String>,
    /// The commitment to the room's part of the next hand's seed: chain reveals sent now
    /// count for that hand.
    pub next_commitment: Option<String>,
    /// The table seat of each seat of the hand.
    pub hand_seats: Vec<usize>,
    /// The hand before, with its seed for those dealt in.
    pub previous: Option<Previous>,
    /// Why the table stopped dealing, if it did.
    pub halted: Option<String>,
    /// The viewer's view of the hand.
    pub view: Option<View>,
    /// The viewer's legal actions (empty when not the viewer's turn).
    pub legal: Legal,
    /// The clock of the seat to act, as the viewer may see it.
    pub clock: Option<ClockView>,
    /// The events since the previous state, as the viewer may see them.
    pub events: Vec<Event>,
    /// The result of the last hand or game.
    pub result: Option<Value>,
}

/// The viewer of a `table_state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct You {
    /// The viewer's table seat.
    pub seat: Option<usize>,
    /// The viewer's seat in the hand in play.
    pub hand_seat: Option<usize>,
    /// Whether the viewer sits out.
    pub sitting_out: bool,
    /// Whether the viewer may rebuy now (seated, stack exhausted, between their hands, at a
    /// table with rebuys): the table model's own rule.
    #[serde(default)]
    pub can_rebuy: bool,
    /// Whether the viewer created the table (and may add bots to it).
    #[serde(default)]
    pub owner: bool,
    /// The viewer's place on the waiting list (1 first).
    pub waiting: Option<usize>,
    /// The viewer's pending seat change.
    pub seat_change: Option<SeatChange>,
    /// The viewer's seed chain, if they sent one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<ChainView>,
}

/// A pending seat change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatChange {
    /// The seat asked for (none: any other).
    pub seat: Option<usize>,
    /// The place among the pending requests (1 first).
    pub position: usize,
}

/// One taken seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatRow {
    /// The table seat.
    pub seat: usize,
    /// Who sits there.
    pub name: String,
    /// Whether a bot.
    pub bot: bool,
    /// Chips in front of them (betting games).
    pub chips: Option<Chips>,
    /// What they are doing.
    pub status: SeatStatus,
    /// Their seat in the hand in play.
    pub hand_seat: Option<usize>,
    /// Where their seed chain stands: the element (hex) their next reveal must extend (absent:
    /// no chain). Public, so that every player sees the others' chains before revealing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
}

/// The viewer's seed chain at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct ChainView {
    /// How many of the chain's elements have been mixed into hands.
    pub used: u64,
    /// Whether a reveal waits for the next deal.
    pub pending: bool,
}

/// What a seated player is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    /// Dealt into the hand in play.
    Playing,
    /// Waiting for the next hand.
    Waiting,
    /// Sitting out.
    SittingOut,
    /// Buying in.
    BuyingIn,
    /// Leaving at the end of the hand.
    Leaving,
}

/// The hand before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Previous {
    /// Its name.
    pub hand: String,
    /// Its seed (hex), for those dealt in: they can check the commitment.
    pub seed: Option<String>,
    /// The parts the seed was mixed from (`tavolo-fair/2`), for those dealt in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<crate::fairness::Parts>,
}

/// The clock of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClockView {
    /// Whose (none in a simultaneous phase: the viewer's own).
    pub seat: Option<usize>,
    /// When the decision clock runs out, ms since the Unix epoch.
    pub deadline_ms: u64,
    /// The time bank left after it, ms.
    pub bank_ms: u64,
}

/// The protocol as a JSON Schema (draft 2020-12), generated from these types: one of an
/// [`Intent`] (what a client sends) or a [`ServerMessage`] (what the server sends), with shared
/// definitions (the HTTP answers of [`http`] among them). It is published as `docs/protocol.schema.json`; a test fails when the two differ.
pub fn json_schema() -> Value {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let intent = generator.subschema_for::<Intent>();
    let server = generator.subschema_for::<ServerMessage>();
    // The HTTP answers, as definitions.
    generator.subschema_for::<http::ApiError>();
    generator.subschema_for::<http::Health>();
    generator.subschema_for::<http::UserReply>();
    generator.subschema_for::<http::TablesReply>();
    generator.subschema_for::<http::HistoryReply>();
    generator.subschema_for::<http::Fairness>();
    let defs: serde_json::Map<String, Value> = generator
        .definitions()
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tavolo.example/protocol/1",
        "title": format!("The Tavolo card room protocol, version {VERSION} (docs/protocol.md)"),
        "oneOf": [intent, server],
        "$defs": defs,
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        assert!(
            e.error.message.contains("unknown variant `dance`"),
            "{}",
            e.error.message
        );
        let e = parse_intent(r#"{"v":1,"seq":3,"type":"act","table":"t1"}"#).unwrap_err();
        assert_eq!(e.error.code, Code::Malformed);
        assert!(
            e.error.message.contains("missing field `hand`"),
            "{}",
            e.error.message
        );
        let e = parse_intent(r#"{"v":1,"seq":3,"type":"join"}"#).unwrap_err();
        assert!(
            e.error.message.contains("missing field `table`"),
            "{}",
            e.error.message
        );
        let e = parse_intent(r#"{"v":1,"seq":3,"table":"t1"}"#).unwrap_err();
        assert!(
            e.error.message.contains("`type` is missing"),
            "{}",
            e.error.message
        );
        let big = format!(
            r#"{{"v":1,"seq":3,"type":"hello","x":"{}"}}"#,
            "a".repeat(5000)
        );
        assert_eq!(parse_intent(&big).unwrap_err().error.code, Code::TooLarge);
        let long = format!(
            r#"{{"v":1,"seq":3,"type":"leave","table":"{}"}}"#,
            "t".repeat(65)
        );
        assert!(parse_intent(&long)
            .unwrap_err()
            .error
            .message
            .contains("at most 64"));
        let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":200}"#);
        assert!(matches!(
            ok.map(|i| i.request),
            Ok(Request::Join {
                buy_in: Some(200),
                ..
            })
        ));
        let ok = parse_intent(r#"{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":3}"#);
        assert!(matches!(
            ok.map(|i| i.request),
            Ok(Request::ChangeSeat { seat: Some(s), .. }) if s.get() == 3
        ));
        let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":null}"#);
        assert!(matches!(
            ok.map(|i| i.request),
            Ok(Request::Join { buy_in: None, .. })
        ));
        for bad in [-1, 16] {
            let e = parse_intent(&format!(
                r#"{{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":{bad}}}"#
            ));
            assert_eq!(e.unwrap_err().error.code, Code::Malformed);
        }
        let e = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":"lots"}"#);
        assert_eq!(e.unwrap_err().error.code, Code::Malformed);
    }

    fn requests() -> impl Strategy<Value = Request> {
        let name = "[a-z0-9]{1,12}".prop_map(|s| Name::from(s.as_str()));
        prop_oneof![
            Just(Request::Hello),
            Just(Request::Lobby),
            any::<u16>().prop_map(|b| Request::CreateTable {
                options: serde_json::json!({"game": "holdem", "big_blind": b})
            }),
            (name.clone(), proptest::option::of(any::<u64>())).prop_map(|(table, buy_in)| {
                Request::Join {
                    table,
                    buy_in,
                    chain: buy_in.map(|b| Hex32::from([b as u8; 32])),
                }
            }),
            (name.clone(), any::<u8>()).prop_map(|(table, b)| Request::SeedChain {
                table,
                head: Hex32::from([b; 32]),
            }),
            (name.clone(), any::<u8>()).prop_map(|(table, b)| Request::Reveal {
                table,
                value: Hex32::from([b; 32]),
            }),
            name.clone().prop_map(|table| Request::Waitlist { table }),
            name.clone().prop_map(|table| Request::Watch { table }),
            name.clone().prop_map(|table| Request::Unwatch { table }),
            name.clone().prop_map(|table| Request::SitOut { table }),
            name.clone().prop_map(|table| Request::SitIn { table }),
            name.clone().prop_map(|table| Request::Rebuy { table }),
            name.clone().prop_map(|table| Request::Leave { table }),
            (name.clone(), name.clone(), 0u64..1000).prop_map(|(table, hand, to)| Request::Act {
                table,
                hand,
                action: serde_json::json!({"action": "bet_or_raise_to", "to": to}),
            }),
            (name.clone(), proptest::option::of(0u64..16)).prop_map(|(table, seat)| {
                Request::ChangeSeat {
                    table,
                    seat: seat.and_then(|s| SeatNo::try_from(s).ok()),
                }
            }),
            name.clone()
                .prop_map(|table| Request::CancelSeatChange { table }),
            name.clone().prop_map(|table| Request::AddBot { table }),
            (name, "[a-zA-Z0-9 ]{0,40}[a-z]").prop_map(|(table, t)| Request::Chat {
                table,
                text: ChatText::try_from(t).expect("a readable line"),
            }),
        ]
    }

    fn summary(id: &str, seats: usize) -> TableSummary {
        let options = TableOptions::from_json(&serde_json::json!({"game": "draw", "seats": seats}))
            .expect("options");
        TableSummary::new(id, &options)
    }

    fn state(version: u64, seat: Option<usize>, chips: u64) -> TableState {
        let options = TableOptions::from_json(&serde_json::json!({"game": "holdem",
            "rules": {"small_blind": 1, "min_raise": "table_minimum"}}))
        .expect("options");
        TableState {
            v: VERSION,
            table: "t00c0ffee".into(),
            version,
            options,
            you: You {
                seat,
                hand_seat: seat,
                sitting_out: false,
                can_rebuy: seat == Some(0),
                owner: seat == Some(1),
                waiting: None,
                seat_change: seat.map(|s| SeatChange {
                    seat: Some(s + 1),
                    position: 1,
                }),
                chain: seat.map(|s| ChainView {
                    used: s as u64,
                    pending: s % 2 == 0,
                }),
            },
            seats: vec![SeatRow {
                seat: seat.unwrap_or(0),
                name: "ann".into(),
                bot: false,
                chips: Some(chips),
                status: SeatStatus::Playing,
                hand_seat: Some(0),
                chain: seat.map(|s| format!("{s:02x}").repeat(32)),
            }],
            hand: Some("h1".into()),
            commitment: Some("ab".repeat(32)),
            next_commitment: Some("cd".repeat(32)),
            hand_seats: vec![3, 5],
            previous: Some(Previous {
                hand: "h0".into(),
                seed: Some("ef".repeat(32)),
                parts: Some(crate::fairness::Parts {
                    room: "01".repeat(32),
                    reveals: vec![crate::fairness::Reveal {
                        seat: 3,
                        value: "02".repeat(32),
                        extends: "03".repeat(32),
                    }],
                }),
            }),
            halted: None,
            view: Some(serde_json::json!({"street": "flop", "pot": chips})),
            legal: serde_json::json!([{"action": "check"}]),
            clock: Some(ClockView {
                seat,
                deadline_ms: 1_700_000_000_000 + version,
                bank_ms: 5000,
            }),
            events: vec![serde_json::json!({"event": "check", "seat": 0})],
            result: None,
        }
    }

    fn messages() -> impl Strategy<Value = ServerMessage> {
        prop_oneof![
            (
                proptest::option::of(1u64..),
                any::<u32>(),
                proptest::option::of(0usize..10)
            )
                .prop_map(|(seq, n, seat)| ServerMessage::Ack {
                    v: VERSION,
                    seq,
                    result: AckResult {
                        table: Some(format!("t{n:08x}")),
                        seat,
                        ..AckResult::done()
                    },
                }),
            (proptest::option::of(1u64..), "[ -~]{0,40}").prop_map(|(seq, message)| {
                ServerMessage::Error {
                    v: VERSION,
                    seq,
                    code: Code::IllegalAction,
                    message,
                    at: None,
                }
            }),
            "[a-z0-9]{1,9}".prop_map(|table| ServerMessage::TableMoved { v: VERSION, table }),
            (2usize..=8).prop_map(|n| ServerMessage::Lobby {
                v: VERSION,
                tables: vec![summary("t1", n), summary("t2", n)],
            }),
            (2usize..=8).prop_map(|n| ServerMessage::LobbyUpdate {
                v: VERSION,
                table: summary("t3", n),
            }),
            "[a-z0-9]{1,9}".prop_map(|table| ServerMessage::TableClosed { v: VERSION, table }),
            Just(ServerMessage::LoggedOut { v: VERSION }),
            (any::<u64>(), proptest::option::of(0usize..10), any::<u64>()).prop_map(
                |(v, seat, chips)| ServerMessage::TableState(Box::new(state(v, seat, chips)))
            ),
        ]
    }

    #[test]
    fn error_codes_are_written_as_their_names() {
        for code in [
            Code::Malformed,
            Code::TooLarge,
            Code::NoSuchTable,
            Code::InvalidOptions,
        ] {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
    }

    proptest! {
        /// Every message the server writes, a client reads back the same.
        #[test]
        fn every_server_message_round_trips(m in messages()) {
            prop_assert_eq!(ServerMessage::parse(&m.to_json()).map_err(|e| e.to_string()), Ok(m));
        }

        /// Every intent a client writes with these types, the server reads back the same.
        #[test]
        fn every_intent_round_trips(seq in 1u64.., request in requests()) {
            let intent = Intent::new(seq, request);
            let read = parse_intent(&intent.to_json()).map_err(|e| e.error.message);
            prop_assert_eq!(read, Ok(intent));
        }
    }
}
