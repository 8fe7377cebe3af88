//! Writes to the books while they are pending, for a table (`money`) and a tournament's
//! coordinator (`tournament::books`) alike: each is numbered, stays pending until the books
//! answer for good, and is sent again — the same write, the same key — after a growing pause
//! while they answer `Unavailable`. Nothing here is acknowledged to anybody: the owner does that
//! from the final answer.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::io::{BookFailure, WriteId};

/// The first pause before a write is sent again; it doubles up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest pause between two tries of one write.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// One write `W` not answered for good yet, made for purpose `P`.
#[derive(Clone, Debug)]
pub struct Pending<W, P> {
    /// The write, as it is sent again.
    pub write: W,
    /// What its answer is for.
    pub purpose: P,
    /// Sent and not answered.
    in_flight: bool,
    /// Tries answered `Unavailable` so far.
    pub failures: u32,
    /// When it is sent again (after a failure).
    retry_at: Option<Instant>,
}

/// What an answer `Result<A, BookFailure>` means for the owner of the writes.
#[derive(Debug)]
pub enum Answered<W, P, A> {
    /// The books answered for good: done, or refused (never `Unavailable`).
    Final(Box<Pending<W, P>>, Result<A, BookFailure>),
    /// Not for good: the write stays pending and is sent again later. Its purpose, the number
    /// of failures so far (1 the first time) and the cause.
    Retry(P, u32, String),
}

/// The pending writes, numbered from 1.
#[derive(Debug)]
pub struct PendingWrites<W, P> {
    next: WriteId,
    pending: BTreeMap<WriteId, Pending<W, P>>,
}

impl<W, P> Default for PendingWrites<W, P> {
    fn default() -> Self {
        PendingWrites {
            next: 1,
            pending: BTreeMap::new(),
        }
    }
}

impl<W: Clone, P: Clone> PendingWrites<W, P> {
    /// Records `write` as sent now; returns its number.
    pub fn submit(&mut self, write: W, purpose: P) -> WriteId {
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

    /// The books answered write `id` at `now`. `None`: no such write is in flight (an answer
    /// for a write already answered for good, or of another owner).
    pub fn answered<A>(
        &mut self,
        id: WriteId,
        answer: Result<A, BookFailure>,
        now: Instant,
    ) -> Option<Answered<W, P, A>> {
        let p = self.pending.get_mut(&id).filter(|p| p.in_flight)?;
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
    pub fn due(&mut self, now: Instant) -> Vec<(WriteId, W)> {
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

    /// Every pending write, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = (&WriteId, &Pending<W, P>)> {
        self.pending.iter()
    }

    /// Forgets every pending write (another owner has them now: none may be sent again).
    pub fn drop_all(&mut self) {
        self.pending.clear();
    }
}
