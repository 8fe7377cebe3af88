//! The table's writes to the books while they are pending ([`PendingWrites`]: numbered, sent
//! again with the same key after a growing pause while the books answer `Unavailable`), each
//! with the idempotency key it was made with and the purpose of its answer. Nothing here is
//! acknowledged to anybody: the core does that from the final answer.
//!
//! Keys: `{table}:{epoch}:{n}:{kind}:{user}`. The epoch is the database's: it grows by one every
//! time a node takes the table (`tavolo_store::Store::claim_table`), so no two owners of the
//! table ever share one, and a takeover cannot reuse a key of the previous owner; `n` numbers
//! the owner's movements within its epoch. A hand's own movements are keyed by the hand
//! (`hand:{id}`, and the deal by `{table}:{epoch}:deal:{number}`).

use tavolo_engine::table::Ticket;
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::{Booked, Write};
use super::pending::{self, PendingWrites};

/// Why the core made a write: what it does with the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A buy-in or rebuy (a player's or a bot's).
    Fund {
        /// The table model's ticket.
        ticket: Ticket,
        /// Whose.
        user: UserId,
        /// The chips.
        amount: Chips,
        /// A rebuy.
        rebuy: bool,
    },
    /// A cash-out: chips from a seat back to their owner.
    CashOut {
        /// Whose.
        user: UserId,
        /// The chips.
        amount: Chips,
    },
    /// Chips going home that no intent waits for: stakes of a game not dealt, a seat's chips
    /// a takeover found without a player.
    Refund,
    /// A hand about to be dealt.
    Begin,
    /// A hand's result.
    Finish,
    /// A hand voided.
    Void,
    /// A bot's account for the table's creator (`add_bot`).
    NewBot,
    /// The table saved for a takeover.
    Save,
    /// The table closed.
    Close,
    /// The table handed on.
    Release,
}

/// One write not answered for good yet.
pub type Pending = pending::Pending<Write, Purpose>;

/// What an answer means for the core: final, or the write sent again later.
pub type Answered = pending::Answered<Write, Purpose, Booked>;

/// The table's pending writes and the count its keys are numbered with.
#[derive(Debug)]
pub struct Money {
    table: String,
    epoch: i64,
    moves: u64,
    /// The writes pending.
    pub writes: PendingWrites<Write, Purpose>,
}

impl Money {
    /// No write yet, for table `table` held at `epoch`.
    pub fn new(table: &str, epoch: i64) -> Money {
        Money {
            table: table.to_string(),
            epoch,
            moves: 0,
            writes: PendingWrites::default(),
        }
    }

    /// A fresh key for a movement of `kind` for `user` (see the module documentation).
    pub fn key(&mut self, kind: &str, user: UserId) -> String {
        self.moves += 1;
        format!(
            "{}:{}:{}:{kind}:{}",
            self.table, self.epoch, self.moves, user.0
        )
    }

    /// The key of deal number `number` of this owner (its `begin_hand` and stakes).
    pub fn deal_key(&self, number: u64) -> String {
        format!("{}:{}:deal:{number}", self.table, self.epoch)
    }

    /// Whether any pending write has this purpose.
    pub fn any(&self, f: impl Fn(&Purpose) -> bool) -> bool {
        self.writes.iter().any(|(_, p)| f(&p.purpose))
    }

    /// The chips of `user`'s cash-outs not booked yet.
    pub fn cashing_out(&self, user: UserId) -> Chips {
        (self.writes.iter())
            .filter_map(|(_, p)| match p.purpose {
                Purpose::CashOut {
                    user: u, amount, ..
                } if u == user => Some(amount),
                _ => None,
            })
            .sum()
    }

    /// Whether a write has failed and waits to be sent again: the books are not answering.
    pub fn stalled(&self) -> Option<&Pending> {
        self.writes.iter().map(|(_, p)| p).find(|p| p.failures > 0)
    }
}
