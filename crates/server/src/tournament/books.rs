//! The coordinator's writes to the books while they are pending: each is numbered, stays pending
//! until the books answer for good, and is sent again — the same write, the same key — after a
//! growing pause while they answer `Unavailable` (the pauses of the tables' writes). Nothing
//! here is acknowledged to anybody: the coordinator does that from the final answer.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::io::{BookAnswer, BookFailure, Write, WriteId};
use super::saved::Movement;

/// The first pause before a write is sent again; it doubles up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest pause between two tries of one write.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// One write not answered for good yet.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The movement it books (`None`: a save alone).
    pub movement: Option<Movement>,
    /// The write, as it is sent again.
    pub write: Write,
    in_flight: bool,
    /// Tries answered `Unavailable` so far.
    pub failures: u32,
    retry_at: Option<Instant>,
}

/// What an answer means.
#[derive(Debug)]
pub enum Answered {
    /// For good: recorded, or refused (never `Unavailable`).
    Final(Box<Pending>, BookAnswer),
    /// Not for good: sent again later; the failures so far (1 the first time).
    Retry(Option<Movement>, u32),
}

/// The pending writes.
#[derive(Debug, Default)]
pub struct Books {
    next: WriteId,
    pending: BTreeMap<WriteId, Pending>,
}

impl Books {
    /// Records `write` as sent now; returns its number.
    pub fn submit(&mut self, write: Write, movement: Option<Movement>) -> WriteId {
        self.next += 1;
        let id = self.next;
        let p = Pending {
            movement,
            write,
            in_flight: true,
            failures: 0,
            retry_at: None,
        };
        self.pending.insert(id, p);
        id
    }

    /// The books answered write `id` at `now`; `None`: no such write is in flight.
    pub fn answered(&mut self, id: WriteId, answer: BookAnswer, now: Instant) -> Option<Answered> {
        let p = self.pending.get_mut(&id).filter(|p| p.in_flight)?;
        p.in_flight = false;
        if let Err(BookFailure::Unavailable(_)) = answer {
            p.failures += 1;
            let pause = FIRST_BACKOFF
                .saturating_mul(1 << p.failures.min(8).saturating_sub(1))
                .min(MAX_BACKOFF);
            p.retry_at = Some(now + pause);
            return Some(Answered::Retry(p.movement.clone(), p.failures));
        }
        let p = self.pending.remove(&id)?;
        Some(Answered::Final(Box::new(p), answer))
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

    /// The movements pending, oldest first.
    pub fn movements(&self) -> impl Iterator<Item = (WriteId, &Movement)> {
        (self.pending.iter()).filter_map(|(id, p)| Some((*id, p.movement.as_ref()?)))
    }

    /// Whether a save alone is pending.
    pub fn saving(&self) -> bool {
        self.pending.values().any(|p| p.movement.is_none())
    }

    /// Forgets every pending write (another owner has the tournament).
    pub fn drop_all(&mut self) {
        self.pending.clear();
    }
}
