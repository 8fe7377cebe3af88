//! The room's own failures: why an intent or a request was not carried out, with the facts a
//! player needs. They become the protocol's error ([`ProtoError`], a code and a message) in one
//! place, [`RoomError::to_wire`], at the WebSocket and HTTP edge.

use tavolo_engine::game::{GameError, Refusal};
use tavolo_engine::table::TableError;
use tavolo_engine::Chips;
use tavolo_store::StoreError;

use crate::fairness::ChainError;
use crate::protocol::{Code, OptionsError, ProtoError};

/// What a client is told when the database cannot be written.
pub const UNAVAILABLE: &str = "the database cannot be written now (the room says why at /healthz): nothing was done; try again shortly";

/// Why the room did not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    /// No such open table here (nor on another node).
    #[error("no open table {0:?}")]
    NoSuchTable(String),
    /// No such tournament (or it is held by another node of the room).
    #[error("no such tournament here")]
    NoSuchTournament,
    /// The tournament is over: it takes nothing more.
    #[error("the tournament is over")]
    TournamentOver,
    /// Another node plays the table.
    #[error(
        "table {table} is played on another node of this room: connect to {at} and send this again"
    )]
    Elsewhere {
        /// The table.
        table: String,
        /// That node's WebSocket URL.
        at: String,
    },
    /// The table moved to another node while the intent was on its way.
    #[error("table {0} moved to another node of the room: send this again")]
    Moved(String),
    /// The server stops.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// The table closes (or hands itself on).
    #[error("the table is closing")]
    Closing,
    /// A player may not open more tables.
    #[error("you have {open} open tables, the most one player may create; a table closes when nobody but bots is left")]
    TooManyTables {
        /// Tables they have open.
        open: i64,
    },
    /// Bots would play for more than the room lets them.
    #[error("bots play for at most {max} chips a seat (buy-in or stake), not {asked}")]
    BotsTooRich {
        /// The most.
        max: Chips,
        /// The table's buy-in or stake.
        asked: Chips,
    },
    /// Table options that do not fit the game.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The user is neither seated, waiting nor watching here.
    #[error("you are not at this table")]
    NotHere,
    /// The user is not seated here (leaving).
    #[error("you are not seated at this table")]
    NotSeatedHere,
    /// An action from a user not dealt in.
    #[error("you are not dealt in this hand")]
    NotDealtIn,
    /// The table model refused (seats, the waiting list, rebuys, …).
    #[error("{0}")]
    Seating(TableError),
    /// A buy-in other than the table's.
    #[error("this table's buy-in is {0}")]
    BuyIn(Chips),
    /// A Saint Poker stake the player cannot pay.
    #[error("the stake is {stake}, you have {have}")]
    Stake {
        /// The stake.
        stake: Chips,
        /// The player's chips.
        have: i64,
    },
    /// `add_bot` from somebody else than the creator.
    #[error("only the player who created the table adds bots to it")]
    NotCreator,
    /// No seat free for a bot.
    #[error("every seat is taken")]
    SeatsTaken,
    /// Players wait for seats: no bot takes one.
    #[error("players are waiting for a seat: they come first")]
    PlayersWaiting,
    /// Cancelling a seat change nobody asked for.
    #[error("you have no pending seat change")]
    NoSeatChange,
    /// An action for a hand not in play.
    #[error("hand {0} is not in play at this table")]
    StaleHand(String),
    /// An action out of turn.
    #[error("{who} to act, not seat {seat}")]
    NotYourTurn {
        /// Who is.
        who: String,
        /// The player's seat.
        seat: usize,
    },
    /// An action naming another seat.
    #[error("you play seat {seat} of this hand, not {named}")]
    NotYourSeat {
        /// The player's seat.
        seat: usize,
        /// The seat named.
        named: String,
    },
    /// An action the game cannot read.
    #[error("{0}")]
    BadAction(String),
    /// An action the game's rules refuse.
    #[error("{error}; legal now: {legal}")]
    Illegal {
        /// The rule.
        error: Box<GameError>,
        /// What is legal now (JSON).
        legal: String,
    },
    /// Chat too fast.
    #[error("you are writing too fast: at most 5 lines at once, then one every 2 seconds")]
    ChatTooFast,
    /// A spectator writing where spectators may not.
    #[error("only players chat at this table (spectator_chat is off)")]
    SpectatorChatOff,
    /// A seed chain's reveal the table cannot take.
    #[error("{0}")]
    Reveal(ChainError),
    /// Joining while the chips of the last seat here are still on their way.
    #[error("{0} chips from your last seat here are still on their way to your account; join again once they are in it")]
    CashOutPending(Chips),
    /// The player left before the buy-in was booked: it goes back to their account.
    #[error("you left the table before your buy-in was booked; it goes back to your account")]
    LeftBeforeFunded,
    /// The books refused a cash-out: the table stopped (the books and the table disagree).
    #[error("the books refused to cash out {amount} chips: {why}; the table has stopped and your chips stay in your seat's account")]
    CashOutRefused {
        /// The chips.
        amount: Chips,
        /// The books' reason.
        why: String,
    },
    /// Not enough chips in the account named.
    #[error("not enough chips: {0}")]
    Short(String),
    /// The books refused for another reason.
    #[error("the books refused: {0}")]
    Refused(String),
    /// The database cannot be written now.
    #[error("{}", UNAVAILABLE)]
    Unavailable,
    /// The database failed.
    #[error("the database failed; try again")]
    Books(StoreError),
    /// A count of chips the ledger and the tables cannot agree on.
    #[error(transparent)]
    Chips(#[from] tavolo_engine::ChipsError),
    /// A fault of the room itself.
    #[error("internal: {0}")]
    Internal(String),
}

impl RoomError {
    /// The protocol's code for this error.
    pub fn code(&self) -> Code {
        use RoomError as E;
        match self {
            E::NoSuchTable(_) | E::Moved(_) | E::NoSuchTournament => Code::NoSuchTable,
            E::TournamentOver => Code::NotAllowed,
            E::Elsewhere { .. } => Code::Elsewhere,
            E::ShuttingDown | E::Closing | E::TooManyTables { .. } | E::NotCreator => {
                Code::NotAllowed
            }
            E::SeatsTaken | E::PlayersWaiting | E::NoSeatChange | E::SpectatorChatOff => {
                Code::NotAllowed
            }
            E::CashOutPending(_) | E::CashOutRefused { .. } | E::Refused(_) => Code::NotAllowed,
            E::BotsTooRich { .. } | E::Options(_) | E::BuyIn(_) => Code::InvalidOptions,
            E::NotHere | E::NotSeatedHere | E::NotDealtIn | E::LeftBeforeFunded => Code::NotSeated,
            E::Seating(TableError::NotSeated) => Code::NotSeated,
            E::Seating(TableError::AlreadyHere) => Code::AlreadySeated,
            E::Seating(_) => Code::NotAllowed,
            E::Stake { .. } | E::Short(_) => Code::InsufficientChips,
            E::StaleHand(_) => Code::StaleHand,
            E::NotYourTurn { .. } | E::NotYourSeat { .. } => Code::NotYourTurn,
            E::BadAction(_) => Code::Malformed,
            E::Illegal { error, .. } => match error.refusal() {
                Refusal::NotYourTurn => Code::NotYourTurn,
                _ => Code::IllegalAction,
            },
            E::ChatTooFast => Code::RateLimited,
            E::Reveal(ChainError::NoChain) => Code::NotAllowed,
            E::Reveal(_) => Code::BadReveal,
            E::Unavailable => Code::Unavailable,
            E::Books(e) => match e {
                StoreError::InsufficientFunds { .. } => Code::InsufficientChips,
                StoreError::Fenced { .. } => Code::NoSuchTable,
                StoreError::Db(_) | StoreError::GroupCommit(_) => Code::Unavailable,
                _ => Code::Internal,
            },
            E::Internal(_) | E::Chips(_) => Code::Internal,
        }
    }

    /// The error as the protocol sends it: the one place the room's failures meet the wire.
    pub fn to_wire(&self) -> ProtoError {
        let message = match self {
            RoomError::Books(StoreError::Db(_) | StoreError::GroupCommit(_)) => {
                UNAVAILABLE.to_string()
            }
            RoomError::Books(StoreError::InsufficientFunds { .. }) => self.books_message(),
            RoomError::Books(StoreError::Fenced { table, .. }) => {
                format!("table {table} moved to another node of the room: send this again")
            }
            other => other.to_string(),
        };
        if let RoomError::Books(e) = self {
            tracing::error!(error = %e, "the database failed");
        }
        ProtoError {
            code: self.code(),
            message,
            at: match self {
                RoomError::Elsewhere { at, .. } => Some(at.clone()),
                _ => None,
            },
        }
    }

    fn books_message(&self) -> String {
        match self {
            RoomError::Books(e) => e.to_string(),
            other => other.to_string(),
        }
    }
}

impl From<StoreError> for RoomError {
    fn from(e: StoreError) -> RoomError {
        RoomError::Books(e)
    }
}

impl From<RoomError> for ProtoError {
    fn from(e: RoomError) -> ProtoError {
        e.to_wire()
    }
}
