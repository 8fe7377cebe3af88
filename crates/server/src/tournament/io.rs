//! What goes into a tournament's coordinator and what comes out: [`Input`]s (a member's intent,
//! an answer of the books, a table's report of a hand, the time, a lost lease) and [`Effect`]s
//! (an answer, a write for the books, an order for a table, a notice for a player). The time
//! comes in with every input as a [`Now`]; the coordinator never reads a clock.
//!
//! The tables' side of the contract: a table deals only the hand an [`Order::Deal`] gives it —
//! those players, those stacks, that big blind, those blinds — and reports it once over with
//! [`Input::HandOver`], again until an [`Order::Recorded`] for that hand comes back (a report
//! sent twice is recorded once). Between hands it carries out the seating orders.

use tavolo_engine::tournament::{DealKind, Level};
use tavolo_engine::Chips;
use tavolo_store::{Journal, UserId};

use super::error::CoordError;
use super::saved::SavedTournament;
use crate::books::Member;
pub use crate::table::core::{BookFailure, Now, ReplyId, WriteId};

/// What a member asks of the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Enter (or re-enter, busted, where the tournament allows it).
    Register,
    /// Withdraw before the start: the entry comes back.
    Unregister,
    /// Buy the starting stack again (where allowed).
    Rebuy,
    /// Take the add-on (where allowed: once, in the last level of the rebuy period).
    AddOn,
    /// Propose a deal at the final table (RULES.md §5).
    ProposeDeal {
        /// Its kind.
        kind: DealKind,
        /// The prize money it keeps back to play for (0: none).
        keep_back: Chips,
    },
    /// Accept (true) or decline the deal proposed.
    AnswerDeal(bool),
    /// The room's operator calls the tournament off (RULES.md §5, "Kinds and money"): the
    /// tables stop after the hand in play, then the refunds or shares are paid.
    Cancel,
}

/// A table's report: its hand `hand` (numbered from 1 at each table by the [`Order::Deal`]s)
/// is over; each player's tournament chips when it began and when it ended (the same players,
/// the same total).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HandOver {
    /// The table (0 first).
    pub table: usize,
    /// The hand's number at that table.
    pub hand: u64,
    /// Each player's stack at the deal.
    pub began: Vec<(UserId, Chips)>,
    /// Each player's stack at the end (0: busted).
    pub ended: Vec<(UserId, Chips)>,
}

/// The answer of the books to one write: recorded (now, or already under its key), or not.
pub type BookAnswer = Result<(), BookFailure>;

/// Something that happens to the tournament.
#[derive(Clone, Debug)]
pub enum Input {
    /// A member's intent, answered with [`Effect::Answer`] under `reply`.
    Intent {
        /// Who.
        member: Member,
        /// What.
        intent: Intent,
        /// The answer's number.
        reply: ReplyId,
    },
    /// The books answered a write.
    Booked(WriteId, BookAnswer),
    /// A table's hand is over.
    HandOver(HandOver),
    /// The time has come to look at the clock (a level, a scheduled start, a write to retry).
    Tick,
    /// Another owner has the tournament: stop at once without a write.
    Lost,
}

/// What an intent was answered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ack {
    /// Entered: the entry is booked (its number: 1 the first, 2 a re-entry, …).
    Registered {
        /// The entry's number.
        entry: u32,
    },
    /// Withdrawn: the entry is back in the account.
    Unregistered {
        /// What came back.
        refund: Chips,
    },
    /// The rebuy is booked: its chips join the stack between hands ([`Notice::Rebought`]).
    RebuyBooked,
    /// The add-on is booked: its chips join the stack between hands ([`Notice::AddedOn`]).
    AddOnBooked,
    /// The deal is proposed: the table holds, and everyone at it is asked.
    DealProposed,
    /// The answer to the deal is taken (the last acceptance makes it; a decline ends it).
    DealAnswered,
    /// Called off (saved): the tables stop after the hand in play, then everybody is paid.
    Cancelling,
    /// The books did not answer yet: the write is pending, sent again under the same key, and
    /// a [`Notice`] follows when it is recorded. Nothing is done until then.
    Pending,
}

/// A table's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Open table `table` with `seats` seats.
    Open {
        /// The table.
        table: usize,
        /// Its seats.
        seats: usize,
    },
    /// Seat a player with a stack (from the next hand).
    Seat {
        /// The table.
        table: usize,
        /// The seat.
        seat: usize,
        /// Who.
        player: Member,
        /// Their tournament chips.
        stack: Chips,
    },
    /// Move a player between hands (their stack goes with them).
    Move {
        /// Who.
        player: UserId,
        /// From table, seat.
        from: (usize, usize),
        /// To table, seat.
        to: (usize, usize),
    },
    /// A player busted at `table`: their seat is empty from now.
    Remove {
        /// The table.
        table: usize,
        /// Who.
        player: UserId,
    },
    /// A new level, from each table's next hand.
    Level {
        /// Its number (1 first).
        level: usize,
        /// Its blinds and ante.
        blinds: Level,
    },
    /// Deal hand `hand` now, with these players and stacks.
    Deal {
        /// The table.
        table: usize,
        /// The hand's number at the table.
        hand: u64,
        /// The players: seat, who, stack.
        players: Vec<(usize, UserId, Chips)>,
        /// The seat of the big blind of the table's last hand (`None`: the first hand): the
        /// next big blind is the first player clockwise after it.
        last_big_blind: Option<usize>,
        /// The level in force.
        level: usize,
        /// Its blinds and ante.
        blinds: Level,
    },
    /// Deal no hand until the next [`Order::Deal`]: the other tables finish theirs
    /// (hand-for-hand), or too few players are at this one.
    Hold {
        /// The table.
        table: usize,
    },
    /// Hand-for-hand begins (true) or ends.
    HandForHand(bool),
    /// The table's report of `hand` is recorded for good: stop sending it.
    Recorded {
        /// The table.
        table: usize,
        /// The hand.
        hand: u64,
    },
    /// Close table `table`: nobody is left there.
    Close {
        /// The table.
        table: usize,
    },
}

/// What a player is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A pending entry is booked: in the tournament.
    Entered {
        /// The entry's number.
        entry: u32,
    },
    /// An entry, rebuy or add-on came back (withdrawn, refused, cancelled).
    Refunded {
        /// What came back.
        amount: Chips,
    },
    /// A rebuy's chips joined the stack.
    Rebought {
        /// The stack now.
        stack: Chips,
    },
    /// The add-on's chips joined the stack.
    AddedOn {
        /// The stack now.
        stack: Chips,
    },
    /// Seated (at the start, or entering late).
    Seated {
        /// The table.
        table: usize,
        /// The seat.
        seat: usize,
    },
    /// Moved to another table (or seat).
    Moved {
        /// The table.
        table: usize,
        /// The seat.
        seat: usize,
    },
    /// Out (or, place 1, the winner).
    Busted {
        /// The place.
        place: usize,
        /// How many share it.
        tied: usize,
        /// The prize the place pays, when it is fixed and not shared (shared prizes are told
        /// with [`Notice::Paid`]).
        prize: Option<Chips>,
    },
    /// A prize is in the account.
    Paid {
        /// The place.
        place: usize,
        /// The prize.
        amount: Chips,
    },
    /// A share of a deal that kept money back is in the account (paid when the deal is made).
    DealPaid {
        /// The share.
        amount: Chips,
    },
    /// The tournament is called off: every entry comes back.
    Cancelled,
    /// A deal is proposed at the final table: answer before `until_ms`.
    DealProposed {
        /// Who proposed it.
        by: String,
        /// Its kind.
        kind: DealKind,
        /// The prize money it keeps back to play for (0: none).
        keep_back: Chips,
        /// When it lapses (ms since the Unix epoch).
        until_ms: u64,
    },
    /// The deal is off: declined (by whom), or its time ran out; play goes on.
    DealOff {
        /// Who declined it.
        declined_by: Option<String>,
    },
    /// Everyone accepted the deal: it pays this player `share` (and, when it kept money back,
    /// play goes on for that amount).
    DealMade {
        /// Its kind.
        kind: DealKind,
        /// What it pays this player.
        share: Chips,
        /// The prize money it kept back to play for (0: none; the tournament is over).
        keep_back: Chips,
    },
    /// A pending entry or rebuy was refused after all (nothing was charged, or it came back).
    Refused {
        /// Why.
        error: CoordError,
    },
}

/// The lease a write is fenced by: the tournament and the epoch its owner holds it at.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lease {
    /// The tournament's id.
    pub tournament: String,
    /// The epoch (grows by one with each new owner).
    pub epoch: i64,
}

/// The coordinator as saved for a takeover, with the order it was saved in: the books keep the
/// newest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TournamentSave {
    /// Whose write.
    pub lease: Lease,
    /// The save's order (never repeats, across owners).
    pub seq: u64,
    /// The number of the first step of `state.log` (0 the log's first): the steps before it are
    /// in the books already, as rows of earlier saves.
    pub from: u64,
    /// The state, its log only the steps from `from` on.
    pub state: SavedTournament,
}

/// A write for the books. Each carries the lease; a movement of money carries the save made
/// with it, which lists it as pending: the books record both in one transaction, so a
/// movement recorded is never unknown to the owner that restores the newest save.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A movement of the prize pool (an entry, rebuy, refund or prize) and the save.
    Money {
        /// The movement (its key from durable facts).
        journal: Journal,
        /// The save (kept unless the books hold a newer one).
        save: Box<TournamentSave>,
    },
    /// The coordinator saved.
    Save(Box<TournamentSave>),
}

impl Write {
    /// The save it carries.
    pub fn save(&self) -> &TournamentSave {
        match self {
            Write::Money { save, .. } | Write::Save(save) => save,
        }
    }
}

/// What the coordinator asks its shell to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Answer an intent.
    Answer(ReplyId, Result<Ack, CoordError>),
    /// Give a write to the books; the answer comes back as [`Input::Booked`].
    Book(WriteId, Write),
    /// Send an order to a table.
    Order(Order),
    /// Tell a player.
    Notice(UserId, Notice),
    /// A table's report refused: nothing changed (the table and the tournament disagree).
    Refused {
        /// The table.
        table: usize,
        /// The hand.
        hand: u64,
        /// Why.
        error: CoordError,
    },
    /// The tournament is over: won, every prize booked, or cancelled, every entry back.
    Finished,
    /// Another owner has it: nothing more happens here.
    Stopped,
}
