//! The table's writes to the books while they are pending: each is numbered, carries the
//! idempotency key it was made with, stays pending until the books answer for good, and is sent
//! again — the same write, the same key — with a growing pause while the books answer
//! `Unavailable`. Nothing here is acknowledged to anybody: the core does that from the final
//! answer.
//!
//! Keys: `{table}:{epoch}:{n}:{kind}:{user}`. The epoch is the database's: it grows by one every
//! time a node takes the table (`tavolo_store::Store::claim_table`), so no two owners of the
//! table ever share one, and a takeover cannot reuse a key of the previous owner; `n` numbers
//! the owner's movements within its epoch. A hand's own movements are keyed by the hand
//! (`hand:{id}`, and the deal by `{table}:{epoch}:deal:{number}`).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tavolo_engine::table::Ticket;
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::{BookAnswer, BookFailure, Write, WriteId};

/// The first pause before a write is sent again; it doubles up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest pause between two tries of one write.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);

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
#[derive(Clone, Debug)]
pub struct Pending {
    /// The write, as it is sent again.
    pub write: Write,
    /// What its answer is for.
    pub purpose: Purpose,
    /// Sent and not answered.
    in_flight: bool,
    /// Tries answered `Unavailable` so far.
    pub failures: u32,
    /// When it is sent again (after a failure).
    retry_at: Option<Instant>,
}

/// What an answer means for the core.
#[derive(Debug)]
pub enum Answered {
    /// The books answered for good: done, or refused (never `Unavailable`).
    Final(Box<Pending>, BookAnswer),
    /// Not for good: the write stays pending and is sent again later. The number of failures so
    /// far (1 the first time) and the cause.
    Retry(Purpose, u32, String),
}

/// The table's pending writes and the count its keys are numbered with.
#[derive(Debug)]
pub struct Money {
    table: String,
    epoch: i64,
    moves: u64,
    next: WriteId,
    pending: BTreeMap<WriteId, Pending>,
}

impl Money {
    /// No write yet, for table `table` held at `epoch`.
    pub fn new(table: &str, epoch: i64) -> Money {
        Money {
            table: table.to_string(),
            epoch,
            moves: 0,
            next: 1,
            pending: BTreeMap::new(),
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

    /// Records `write` as sent now; returns its number.
    pub fn submit(&mut self, write: Write, purpose: Purpose) -> WriteId {
        let id = self.next;
        self.next += 1;
        self.pending.insert(
            id,
            Pending {
                write,
                purpose,
                in_flight: true,
                failures: 0,
                retry_at: None,
            },
        );
        id
    }

    /// The books answered write `id` at `now`. `None`: no such write is pending (an answer for
    /// a write already answered for good, or of another owner).
    pub fn answered(&mut self, id: WriteId, answer: BookAnswer, now: Instant) -> Option<Answered> {
        let p = self.pending.get_mut(&id)?;
        if !p.in_flight {
            return None;
        }
        p.in_flight = false;
        match answer {
            Err(BookFailure::Unavailable(why)) => {
                p.failures += 1;
                let pause = FIRST_BACKOFF
                    .saturating_mul(1 << p.failures.min(8).saturating_sub(1))
                    .min(MAX_BACKOFF);
                p.retry_at = Some(now + pause);
                Some(Answered::Retry(p.purpose.clone(), p.failures, why))
            }
            a => {
                let p = self.pending.remove(&id)?;
                Some(Answered::Final(Box::new(p), a))
            }
        }
    }

    /// The writes whose pause is over at `now`, marked as sent again.
    pub fn due(&mut self, now: Instant) -> Vec<(WriteId, Write)> {
        let mut out = Vec::new();
        for (id, p) in self.pending.iter_mut() {
            if !p.in_flight && p.retry_at.is_some_and(|t| t <= now) {
                p.in_flight = true;
                p.retry_at = None;
                out.push((*id, p.write.clone()));
            }
        }
        out
    }

    /// When the next write is due to be sent again.
    pub fn next_retry(&self) -> Option<Instant> {
        self.pending.values().filter_map(|p| p.retry_at).min()
    }

    /// Every pending write.
    pub fn pending(&self) -> impl Iterator<Item = (&WriteId, &Pending)> {
        self.pending.iter()
    }

    /// Whether any pending write has this purpose.
    pub fn any(&self, f: impl Fn(&Purpose) -> bool) -> bool {
        self.pending.values().any(|p| f(&p.purpose))
    }

    /// The chips of `user`'s cash-outs not booked yet.
    pub fn cashing_out(&self, user: UserId) -> Chips {
        (self.pending.values())
            .filter_map(|p| match p.purpose {
                Purpose::CashOut {
                    user: u, amount, ..
                } if u == user => Some(amount),
                _ => None,
            })
            .sum()
    }

    /// Whether a write has failed and waits to be sent again: the books are not answering.
    pub fn stalled(&self) -> Option<&Pending> {
        self.pending.values().find(|p| p.failures > 0)
    }

    /// Forgets every pending write (the table is another node's now: none may be sent again).
    pub fn drop_all(&mut self) {
        self.pending.clear();
    }
}
