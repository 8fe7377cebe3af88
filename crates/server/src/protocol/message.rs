//! What the server sends a client over the WebSocket: answers, the lobby, table states, chat.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavolo_engine::Chips;

use super::{Code, Parts, TableOptions, TableSummary};

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
    /// `leave` of a guest: this many of the chips cashed out went back to the house, because
    /// they took the guest beyond the room's guest cap (chips received from others; see
    /// docs/operations.md, `--guest-max-chips`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over_guest_cap: Option<Chips>,
    /// `join`, `rebuy`, `leave`, `add_bot`: accepted, but the books have not recorded the chips
    /// yet (they do not answer now): the table sends it again until they do, and the table's
    /// state shows it meanwhile (`you.cashing_out`, a seat `buying_in`, `stalled`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<bool>,
}

impl AckResult {
    /// `{}`.
    pub fn done() -> AckResult {
        AckResult::default()
    }
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
pub struct TableState<
    View = Value,
    Legal = Value,
    Event = Value,
    Options = TableOptions,
    Seats = Vec<SeatRow>,
    Prev = Previous,
    Res = Value,
> {
    /// The protocol version.
    pub v: u64,
    /// The table's id.
    pub table: String,
    /// Grows by one with every state this viewer is sent by the table (each viewer counts their
    /// own: a change only another player sees moves nobody else's count).
    pub version: u64,
    /// The table's options.
    pub options: Options,
    /// The viewer.
    pub you: You,
    /// Every seat taken.
    pub seats: Seats,
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
    pub previous: Option<Prev>,
    /// Why the table stopped dealing, if it did.
    pub halted: Option<String>,
    /// Why the table waits for the books (they do not answer now): what is pending is kept and
    /// sent again, and play goes on once they answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stalled: Option<String>,
    /// A tournament table's tournament facts (none at a cash table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentView>,
    /// The viewer's view of the hand.
    pub view: Option<View>,
    /// The viewer's legal actions (empty when not the viewer's turn).
    pub legal: Legal,
    /// The clock of the seat to act, as the viewer may see it.
    pub clock: Option<ClockView>,
    /// The result of the last hand or game.
    pub result: Option<Res>,
    /// The events since the previous state the viewer was sent, as the viewer may see them
    /// (written last: a state whose only news would be no events is not sent).
    pub events: Vec<Event>,
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
    /// Chips on their way from the viewer's seat here to their account, not recorded by the
    /// books yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cashing_out: Option<Chips>,
    /// While the viewer sits out: how many more hands the table may deal without them before
    /// the seat is freed (RULES.md §2, sitting out: the third consecutive missed hand frees it;
    /// 0: the next deal frees it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sit_out_hands_left: Option<u8>,
    /// Why the viewer lost the seat they had at this table, told until they sit down again or
    /// stop watching (they watch the table from then on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_lost: Option<SeatLost>,
    /// The best hand the viewer holds now in the hand on the felt (Hold'em from the flop on,
    /// Draw with five cards; codes as in a result: `{"category","ranks"}`), valued by the engine
    /// for the client to name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_hand: Option<HandValue>,
    /// For a viewer neither seated nor waiting: how joining now seats them (RULES.md §2 Table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_seat: Option<JoinSeat>,
}

/// How a player who joins now is seated (RULES.md §2 Table: seats at a session's start are drawn
/// by lot; a free seat is never taken around the waiting list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JoinSeat {
    /// The session has started and nobody is served first: `join` may name a free `seat`.
    Chosen,
    /// The session's start: the seat is drawn by lot (a `join` naming one is refused).
    Drawn,
    /// The waiting list: players waiting or seat changes pending go first, or every seat is
    /// taken.
    List,
}

impl From<tavolo_engine::table::Seating> for JoinSeat {
    fn from(s: tavolo_engine::table::Seating) -> JoinSeat {
        use tavolo_engine::table::Seating;
        match s {
            Seating::Chosen => JoinSeat::Chosen,
            Seating::Drawn => JoinSeat::Drawn,
            Seating::List => JoinSeat::List,
        }
    }
}

/// A hand's value as codes: its category (`one_pair`, …, `royal_flush`) and its deciding
/// ranks, most significant first (`["K", "9", "4", "2"]`) — the cards crate's `HandCode`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HandValue {
    /// The category's code.
    pub category: Cow<'static, str>,
    /// The deciding ranks, as rank characters.
    pub ranks: Vec<Cow<'static, str>>,
}

/// Why a player's seat was freed without their asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatLost {
    /// They sat out more consecutive hands than the rules allow (RULES.md §2: a third one).
    MissedHands,
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
    pub parts: Option<Parts>,
    /// Its transcript (`tavolo-fair/3`, 64 hex digits), for everybody who sees the table: the
    /// SHA-256 binding its whole record (every action, the result) to the commitment and the
    /// seed. Keep it: `tavolo verify --transcript` and the history page check that the record
    /// served later is the hand played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
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

/// What a tournament table shows every viewer of the tournament (RULES.md §5), as its
/// coordinator gave it: the level in force from the next hand, its blinds and big-blind ante,
/// when the next level starts, and whether the table holds (hand-for-hand, or waiting for the
/// tournament).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentView {
    /// The tournament's id.
    pub tournament: String,
    /// The level's number (1 = the first); none before the tournament gives one.
    pub level: Option<u32>,
    /// Its small blind (none at Draw).
    pub small_blind: Option<Chips>,
    /// Its big blind (none at Draw).
    pub big_blind: Option<Chips>,
    /// Hold'em: its big-blind ante (posted by the big blind, blind first). Draw: every
    /// player's ante, also the minimum bet and raise.
    pub ante: Option<Chips>,
    /// When the next level starts, ms since the Unix epoch, if the tournament says.
    pub next_level_ms: Option<u64>,
    /// The table waits for the tournament before dealing its next hand.
    pub holding: bool,
}
