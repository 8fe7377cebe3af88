//! Why the coordinator refused an intent or a table's report, with the facts; mapped to the
//! protocol's error once, in [`CoordError::to_wire`].

use tavolo_engine::tournament::{SwissError, TournamentError};
use tavolo_engine::Chips;

use crate::protocol::{Code, ProtoError};

/// Why an intent or a report was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// The tournament's rules refused (closed, full, not in, no rebuys, a bad hand).
    #[error(transparent)]
    Rules(#[from] TournamentError),
    /// A Swiss event's rules refused (closed, full, not in, a result not of the table's
    /// players).
    #[error(transparent)]
    Swiss(#[from] SwissError),
    /// The member's account cannot pay: nothing was charged, nobody seated.
    #[error("not enough chips in {account}: the entry costs {needed}")]
    Short {
        /// The account that falls short (`user:7`).
        account: String,
        /// What it was asked for.
        needed: Chips,
    },
    /// The books refused for another reason: nothing was done.
    #[error("the books refused: {0}")]
    Refused(String),
    /// A write of this member's is still on its way to the books.
    #[error("your last {0} is still being booked: wait for it")]
    Busy(&'static str),
    /// The books took the entry, rebuy or add-on, and the tournament could not take it after
    /// all (the last seat went to another entry booked first, the rebuy period ended): it is
    /// refunded.
    #[error("{why}: your {what} of {refund} is refunded")]
    Bounced {
        /// Why the tournament could not take it.
        why: TournamentError,
        /// What is refunded: "entry", "rebuy" or "add-on".
        what: &'static str,
        /// What goes back.
        refund: Chips,
    },
    /// A report for a hand this table was not told to deal.
    #[error("table {table} was not dealing hand {hand}")]
    NotDealing {
        /// The table.
        table: usize,
        /// The hand reported.
        hand: u64,
    },
    /// A saved tournament that cannot be restored (the log does not replay).
    #[error("the saved tournament cannot be restored: {0}")]
    Saved(String),
    /// A report of a hand recorded before, with another result.
    #[error("table {table} reported hand {hand} before, with another result")]
    Reported {
        /// The table.
        table: usize,
        /// The hand.
        hand: u64,
    },
    /// Another owner has the tournament.
    #[error("the tournament moved to another node of the room: send this again")]
    Moved,
}

impl CoordError {
    /// The protocol's code.
    pub fn code(&self) -> Code {
        match self {
            CoordError::Rules(TournamentError::NotIn) => Code::NotSeated,
            CoordError::Rules(TournamentError::Registered) => Code::AlreadySeated,
            CoordError::Rules(TournamentError::Full) | CoordError::Bounced { .. } => {
                Code::TableFull
            }
            CoordError::Rules(TournamentError::BadHand { .. })
            | CoordError::NotDealing { .. }
            | CoordError::Reported { .. } => Code::StaleHand,
            CoordError::Rules(TournamentError::Settings(_))
            | CoordError::Swiss(SwissError::Settings(_)) => Code::InvalidOptions,
            CoordError::Swiss(SwissError::NotIn) => Code::NotSeated,
            CoordError::Swiss(SwissError::Registered) => Code::AlreadySeated,
            CoordError::Swiss(SwissError::Full) => Code::TableFull,
            CoordError::Swiss(
                SwissError::NoTable { .. }
                | SwissError::Reported { .. }
                | SwissError::WrongPlayers { .. },
            ) => Code::StaleHand,
            CoordError::Swiss(SwissError::Closed | SwissError::NotPlaying) => Code::NotAllowed,
            CoordError::Rules(_) | CoordError::Refused(_) | CoordError::Busy(_) => Code::NotAllowed,
            CoordError::Short { .. } => Code::InsufficientChips,
            CoordError::Moved => Code::NoSuchTable,
            CoordError::Saved(_) => Code::Internal,
        }
    }

    /// The error as the protocol sends it.
    pub fn to_wire(&self) -> ProtoError {
        ProtoError::new(self.code(), self.to_string())
    }
}
