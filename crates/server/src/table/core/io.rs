//! What goes into a table's core and what comes out: [`Input`]s (an intent of a viewer, an
//! answer of the books, a bot's decision, a timer, a viewer attached or gone, drain, shutdown,
//! a lost lease) and [`Effect`]s (a frame for a connection, an answer to an intent, a write for
//! the books, a bot to ask, the lobby's line, presence, a count, the end of the table). The
//! time comes in with every input as a [`Now`]; the core never reads a clock.

use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tavolo_bots::{Bot, Budget};
use tavolo_engine::game::Game;
use tavolo_engine::Chips;
use tavolo_store::{FinishedHand, HandId, Journal, NewHand, TableSave, UserId};

use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::{AckResult, TableSummary};

/// A connection, as the table knows it: an id unique per server run.
pub type ConnId = u64;

/// An intent waiting for its answer: the shell's number for it.
pub type ReplyId = u64;

/// A write given to the books: the core's number for it (an answer comes back with it). It is
/// a correlation number, not an idempotency key: keys are in the writes themselves.
pub type WriteId = u64;

/// A bot asked to decide: the core's number for the question.
pub type AskId = u64;

/// One serialised message for a connection.
pub type Frame = Utf8Bytes;

/// The time an input happens at: the room's monotonic clock (deadlines, pauses, backoff) and the
/// Unix time in milliseconds at the same moment (what clients are shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    /// The room's clock.
    pub at: Instant,
    /// Milliseconds since the Unix epoch at `at`.
    pub unix_ms: u64,
}

impl Now {
    /// The Unix time (ms) of `t`, by this moment's pairing of the two clocks.
    pub fn unix_of(&self, t: Instant) -> u64 {
        if t >= self.at {
            self.unix_ms + (t - self.at).as_millis() as u64
        } else {
            self.unix_ms
                .saturating_sub((self.at - t).as_millis() as u64)
        }
    }

    /// This moment moved on by `d`.
    pub fn plus(&self, d: Duration) -> Now {
        Now {
            at: self.at + d,
            unix_ms: self.unix_ms + d.as_millis() as u64,
        }
    }
}

/// The table intents (docs/protocol.md), once the connection has read them.
#[derive(Clone, Debug, PartialEq)]
pub enum TableIntent {
    /// Take a seat (or a place on the waiting list); `seat`: a free seat chosen, where the rules
    /// let the player choose; `chain`: the head of the player's seed chain; `buy_in`: must be
    /// the table's when given.
    Join {
        /// The seat asked for.
        seat: Option<usize>,
        /// The buy-in asked for.
        buy_in: Option<Chips>,
        /// A seed chain's head.
        chain: Option<[u8; 32]>,
    },
    /// A new seed chain's head.
    SeedChain {
        /// The head.
        head: [u8; 32],
    },
    /// A seed chain's next element, for the next deal.
    Reveal {
        /// The element.
        value: [u8; 32],
    },
    /// Only the waiting list (never a free seat at once unless it is free for the first).
    Waitlist,
    /// Watch the table.
    Watch,
    /// Stop watching.
    Unwatch,
    /// Rest from the next hand on.
    SitOut,
    /// Play again from the next hand.
    SitIn,
    /// Buy again once the stack is exhausted.
    Rebuy,
    /// Give the seat up (at the end of the hand in play), or leave the waiting list.
    Leave,
    /// An action in hand `hand` (the engine's action as JSON, without its seat).
    Act {
        /// The hand's name (`h-123`).
        hand: String,
        /// The action.
        action: Value,
    },
    /// Ask for seat `seat`, or any other.
    ChangeSeat {
        /// The seat wanted.
        seat: Option<usize>,
    },
    /// Withdraw a seat-change request.
    CancelSeatChange,
    /// The creator seats another bot of the table's level.
    AddBot,
    /// A line of chat (already checked: 1–200 characters, no control characters).
    Chat {
        /// The line.
        text: String,
    },
}

/// What the books said to a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Booked {
    /// Recorded (now, or already under its key).
    Done,
    /// A cash-out to a guest recorded, and this many of its chips went back to the house: they
    /// took the guest beyond the room's guest cap (`Config::guest_max_chips`).
    OverGuestCap(Chips),
    /// A hand begun: its id.
    Hand(HandId),
    /// A bot's account made.
    Bot(Member),
}

/// Why the books did not record a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookFailure {
    /// The write cannot be made, for good: an account would go below zero (`short` names it),
    /// or the books and the table disagree. Nothing was recorded.
    Refused {
        /// The account that falls short, when that is the reason (`user:7`, `bots`).
        short: Option<String>,
        /// Why.
        why: String,
    },
    /// Another node took the table over (its epoch moved on): nothing was recorded, and this
    /// core must stop without another write.
    Fenced,
    /// The database did not answer or could not write (a full disk, a lost connection): the
    /// write may or may not have landed. It is sent again under the same key until it is
    /// answered for good.
    Unavailable(String),
}

/// The answer of the books to one write.
pub type BookAnswer = Result<Booked, BookFailure>;

impl From<BookFailure> for RoomError {
    fn from(e: BookFailure) -> RoomError {
        match e {
            BookFailure::Refused {
                short: Some(a),
                why,
            } => RoomError::Short(format!("{a}: {why}")),
            BookFailure::Refused { short: None, why } => RoomError::Refused(why),
            BookFailure::Fenced => RoomError::Moved(String::new()),
            BookFailure::Unavailable(_) => RoomError::Unavailable,
        }
    }
}

/// A write for the books. Every movement of chips carries its idempotency key (in its
/// journal), derived from durable facts: the table, the epoch the database gave its owner, the
/// owner's count of movements in that epoch, the player and the kind. A write answered
/// `Unavailable` is sent again, the same.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A movement of chips for the table: a buy-in, rebuy, cash-out, refund.
    Move(Journal),
    /// A hand about to be dealt (with Saint Poker's stakes, and the table as it must be
    /// restored while it is played, in its transaction).
    Begin(NewHand),
    /// A hand's result (with the table as it stands after it, in its transaction).
    Finish(HandId, FinishedHand),
    /// A hand that will not be finished: its chips never left the seats. The reason is
    /// recorded with it, for the players' histories.
    Void(HandId, String),
    /// The table for a takeover, between hands.
    Save(TableSave),
    /// Closing: every seat cashed out, the pot emptied, the table closed.
    Close,
    /// A draining node hands the table on: saved, and its lease ended.
    Release(TableSave),
    /// An account for the table's `n`-th bot (0 first).
    NewBot(usize),
}

impl Write {
    /// A short name for logs and metrics.
    pub fn kind(&self) -> &'static str {
        match self {
            Write::Move(_) => "move",
            Write::Begin(_) => "begin",
            Write::Finish(..) => "finish",
            Write::Void(..) => "void",
            Write::Save(_) => "save",
            Write::Close => "close",
            Write::Release(_) => "release",
            Write::NewBot(_) => "new_bot",
        }
    }
}

/// A bot to ask for a decision, away from the core (on the blocking pool): the bot itself
/// travels with the question and comes back with its answer.
pub struct Ask<G: Game> {
    /// The question's number.
    pub id: AskId,
    /// The bot.
    pub bot: Box<dyn Bot<G>>,
    /// What its seat sees.
    pub view: G::View,
    /// Its legal actions (never empty).
    pub legal: Vec<G::Action>,
    /// How long it may think.
    pub budget: Budget,
}

impl<G: Game> Ask<G> {
    /// Lets the bot think (blocking): the answer to feed back as [`Input::Thought`].
    pub fn think(mut self) -> Thought<G> {
        let action = self.bot.act(&self.view, &self.legal, self.budget);
        Thought {
            id: self.id,
            bot: self.bot,
            action,
        }
    }
}

/// A bot's decision, back from thinking.
pub struct Thought<G: Game> {
    /// The question it answers.
    pub id: AskId,
    /// The bot, with whatever it learnt.
    pub bot: Box<dyn Bot<G>>,
    /// Its action.
    pub action: G::Action,
}

/// Something that happens to a table.
pub enum Input<G: Game> {
    /// A viewer's intent, to be answered with [`Effect::Answer`] under `reply`.
    Intent {
        /// The connection it came on.
        conn: ConnId,
        /// Its user.
        user: Member,
        /// What.
        intent: TableIntent,
        /// The answer's number.
        reply: ReplyId,
    },
    /// A connection of a user who is seated, waiting or watching here says hello: it is sent the
    /// whole state.
    Attach {
        /// The connection.
        conn: ConnId,
        /// Its user.
        user: Member,
    },
    /// A connection closed.
    Detach(ConnId),
    /// The books answered a write.
    Booked(WriteId, BookAnswer),
    /// A bot decided.
    Thought(Thought<G>),
    /// The time the core asked to be woken at ([`super::TableCore::next_wake`]) has come.
    Tick,
    /// This node drains: deal no more; once the hand in play is over, save the table and hand
    /// it on.
    Drain,
    /// The room stops (or the table is idle): void the hand in play, cash everybody out, close.
    Shutdown,
    /// Another node took the table over: stop at once without a write.
    Lost,
    /// The tournament coordinator orders a tournament table (refused at a cash table).
    Order(Order),
}

/// An order of the tournament coordinator to a tournament table (RULES.md §5). Each is carried
/// out, or refused with [`Report::Refused`], the table unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum Order {
    /// Seat `player` at free seat `seat` with `stack` tournament chips (no buy-in). A player
    /// seated while a hand is played is dealt in from a later hand, never between the small
    /// blind and the button. Answered [`Report::Seated`].
    Seat {
        /// Who.
        player: Member,
        /// The table seat.
        seat: usize,
        /// Their tournament chips.
        stack: Chips,
    },
    /// Take `player` off the table (moved to another table, or busted): at once between hands,
    /// at the end of the hand they are dealt in, never during one. Answered [`Report::Removed`]
    /// with the stack they take with them.
    Remove {
        /// Who.
        player: UserId,
    },
    /// `player`'s tournament chips are `stack` from now (between hands: a rebuy, an add-on, a
    /// chip race — the coordinator's count, which the table takes). Refused during a hand.
    Stack {
        /// Who.
        player: UserId,
        /// Their tournament chips.
        stack: Chips,
    },
    /// The level from the next hand on (the hand in play keeps its own).
    Level(LevelOrder),
    /// Whether the table may deal.
    Deal(Permit),
    /// Close the table once no hand is in play (it deals no more meanwhile).
    Close,
}

impl Order {
    /// A short name for reports and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Order::Seat { .. } => "seat",
            Order::Remove { .. } => "remove",
            Order::Stack { .. } => "stack",
            Order::Level(_) => "level",
            Order::Deal(_) => "deal",
            Order::Close => "close",
        }
    }
}

/// A tournament level as the coordinator gives it to a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LevelOrder {
    /// The level's number (1 = the first): the time bank grows with it.
    pub number: u32,
    /// Its blinds and big-blind ante.
    pub level: tavolo_engine::tournament::Level,
    /// When the next level starts (Unix ms), if the coordinator says: shown to the players.
    pub next_level_ms: Option<u64>,
}

/// Whether a tournament table may deal its next hand (hand-for-hand: hand k+1 only once every
/// table has finished hand k).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Permit {
    /// Deal nothing until told (a new tournament table starts so).
    #[default]
    Hold,
    /// Deal the next hand, then hold again once it is over.
    Next,
    /// Deal hand after hand (a standing permission) until told to hold.
    Free,
}

/// What a tournament table tells its coordinator.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Report {
    /// A hand is over and its record is durable in the books.
    HandOver(HandOver),
    /// A player is seated, by [`Order::Seat`].
    Seated {
        /// Who.
        player: UserId,
        /// Where.
        seat: usize,
    },
    /// A player left the table, by [`Order::Remove`], with this stack.
    Removed {
        /// Who.
        player: UserId,
        /// Their tournament chips.
        stack: Chips,
    },
    /// The table was taken over by a new owner (a crash, a node drained or lost) and restored
    /// from the books as it was last saved: who sits where with which stack now, and the hands
    /// dealt so far. An order carried out since that save is not in it (the coordinator gives it
    /// again); a hand in play then was voided (its chips never left the stacks).
    Restored {
        /// Each seated player, their seat and stack.
        seats: Vec<(UserId, usize, Chips)>,
        /// Hands dealt at the table so far.
        hands: u64,
    },
    /// An order was refused; nothing changed.
    Refused {
        /// The order's kind ([`Order::kind`]).
        order: String,
        /// Why.
        why: String,
    },
}

/// A tournament hand over and recorded: the stacks it began and ended with, for every player
/// dealt in (Σ began + carried in = Σ ended + carried out).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HandOver {
    /// The hand's number at this table (from 1).
    pub hand: u64,
    /// Its id in the books.
    pub id: i64,
    /// Each player dealt in, with the stack dealt.
    pub began: Vec<(UserId, Chips)>,
    /// Each of them with the stack the hand left.
    pub ended: Vec<(UserId, Chips)>,
    /// Chips the hand found in the pot.
    pub carried_in: Chips,
    /// Chips it left there for the next.
    pub carried_out: Chips,
    /// A points game (Saint Poker at a Swiss event's table; no stacks): each player's points.
    #[serde(default)]
    pub points: Vec<(UserId, i64)>,
    /// A points game: the players dealt in who never came (every move the clock's).
    #[serde(default)]
    pub absent: Vec<UserId>,
}

/// How a table's work ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Closed: everybody cashed out (shutdown or idle).
    Closed,
    /// Another node plays it now (taken over, or handed on while draining).
    Moved,
}

/// Counts the room keeps (its metrics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// A player sat down (+1 seated) …
    Seated,
    /// … or left (−1).
    Left,
    /// A hand or game finished (settled in the books).
    HandFinished,
    /// The books refused a movement the table made: the table stopped.
    LedgerRefusal,
    /// A write came back `Fenced`: another node has the table.
    StaleEpoch,
    /// A player's action was applied; the time it reached the table is the shell's.
    Action,
}

/// What a table's core asks its shell to do.
pub enum Effect<G: Game> {
    /// Send a frame to a connection (a connection that cannot take it is closed).
    Send(ConnId, Frame),
    /// Answer an intent.
    Answer(ReplyId, Result<AckResult, RoomError>),
    /// Give a write to the books; its answer comes back as [`Input::Booked`].
    Book(WriteId, Write),
    /// Ask a bot; its decision comes back as [`Input::Thought`].
    Think(Ask<G>),
    /// The table's lobby line changed.
    Summary(TableSummary),
    /// A user is now present at the table (seated, waiting, watching) or no longer.
    Presence(UserId, bool),
    /// A count for the room's metrics.
    Count(Count),
    /// The table's work is over (after every other effect of this step).
    Stopped(Stop),
    /// A tournament table tells its coordinator (a hand over and durable, an order's outcome).
    Report(Report),
}

impl<G: Game> std::fmt::Debug for Effect<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Effect::Send(c, m) => write!(f, "Send({c}, {} bytes)", m.len()),
            Effect::Answer(r, a) => write!(f, "Answer({r}, {a:?})"),
            Effect::Book(w, x) => write!(f, "Book({w}, {x:?})"),
            Effect::Think(a) => write!(f, "Think({})", a.id),
            Effect::Summary(s) => write!(f, "Summary({s:?})"),
            Effect::Presence(u, p) => write!(f, "Presence({}, {p})", u.0),
            Effect::Count(c) => write!(f, "Count({c:?})"),
            Effect::Stopped(s) => write!(f, "Stopped({s:?})"),
            Effect::Report(r) => write!(f, "Report({r:?})"),
        }
    }
}
