//! Why a table refuses an operation (the table is unchanged): each refusal with the facts the
//! player or the room needs to say why.

use thiserror::Error;

use super::Ticket;
use crate::Chips;

/// A refused table operation; the table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The settings are invalid.
    #[error("invalid table: {0}")]
    Config(&'static str),
    /// Not enough players ready to deal.
    #[error("{ready} players are ready, {needed} are needed to deal")]
    NotEnoughPlayers {
        /// Players seated, in, funded and with chips.
        ready: usize,
        /// Players needed.
        needed: usize,
    },
    /// A hand is in play; this waits for it to end.
    #[error("a hand is in play")]
    HandInProgress,
    /// No hand is in play.
    #[error("no hand is in play")]
    NoHand,
    /// The player is not seated.
    #[error("not seated at this table")]
    NotSeated,
    /// The player is already seated or on the waiting list.
    #[error("already at this table or on its waiting list")]
    AlreadyHere,
    /// No such seat.
    #[error("this table's seats are 0–{}", seats - 1)]
    NoSuchSeat {
        /// The seat asked for.
        seat: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A seat asked for that somebody holds.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat asked for.
        seat: usize,
    },
    /// A seat asked for where the rules draw it: the seats of a session's start are drawn by
    /// lot (RULES.md §2 Table).
    #[error("the seats of a session's start are drawn by lot: join without choosing one")]
    SeatsDrawn,
    /// A seat asked for while others are served first (RULES.md §2 Table: a free seat is never
    /// taken around the waiting list or a pending seat change).
    #[error("{waiting} player(s) are waiting for a seat: join the waiting list")]
    OthersFirst {
        /// Players on the list and seat changes pending.
        waiting: usize,
    },
    /// A seat change to the seat the player is in.
    #[error("you are in seat {seat}")]
    AlreadyThere {
        /// The seat the player is in, and asked for.
        seat: usize,
    },
    /// Cancelling a seat change nobody asked for.
    #[error("no seat change is pending")]
    NoSeatChange,
    /// A rebuy while chips are left.
    #[error("{stack} chips left: rebuys are for exhausted stacks")]
    RebuyWithChips {
        /// The stack.
        stack: Chips,
    },
    /// A rebuy during a hand the player is dealt in, or while a buy-in is being funded.
    #[error("rebuys are made between hands, once the buy-in is booked")]
    RebuyNotNow,
    /// A rebuy at a table without stacks or rebuys.
    #[error("this table has no rebuys")]
    NoRebuys,
    /// A ledger answer for a request the table never made (or already answered).
    #[error("no buy-in or rebuy {0} is pending")]
    UnknownTicket(Ticket),
    /// A hand's result that does not fit the hand dealt.
    #[error("the result has {got} seats, the hand was dealt to {dealt}")]
    OutcomeSeats {
        /// Seats in the result.
        got: usize,
        /// Seats dealt in.
        dealt: usize,
    },
    /// A hand's result that creates or loses chips.
    #[error("the result holds {after} chips, the hand was dealt {before}")]
    ChipsNotConserved {
        /// Stacks and pot when dealt.
        before: Chips,
        /// Stacks and pot in the result.
        after: Chips,
    },
    /// The table has stopped dealing.
    #[error("the table has stopped: {0}")]
    Halted(String),
    /// A tournament's order (a seat with tournament chips, a level) at a cash table.
    #[error("this is not a tournament table")]
    NotTournament,
    /// A player seated at a tournament table with no chips.
    #[error("a player is seated with tournament chips, not none")]
    NoChips,
    /// A seat asked for at a tournament table: the tournament gives seats (RULES.md §5).
    #[error("seats at a tournament table are drawn and given by the tournament")]
    SeatsByOrder,
    /// A tournament table told no level yet: it cannot post blinds.
    #[error("the tournament has given this table no level yet")]
    NoLevel,
}
