//! The coordinator's writes to the books while they are pending: the tables' pending writes
//! ([`PendingWrites`]: numbered, sent again with the same key after a growing pause while the
//! books answer `Unavailable`), each for the movement it books. Nothing here is acknowledged to
//! anybody: the coordinator does that from the final answer.

use super::io::{Write, WriteId};
use super::saved::Movement;
use crate::table::core::pending::{self, PendingWrites};

/// The pending writes, each with the movement it books (`None`: a save alone).
pub type Books = PendingWrites<Write, Option<Movement>>;

/// What an answer means: final, or the write sent again later.
pub type Answered = pending::Answered<Write, Option<Movement>, ()>;

impl Books {
    /// The movements pending, oldest first.
    pub fn movements(&self) -> impl Iterator<Item = (WriteId, &Movement)> {
        self.iter()
            .filter_map(|(id, p)| Some((*id, p.purpose.as_ref()?)))
    }

    /// Whether a save alone is pending.
    pub fn saving(&self) -> bool {
        self.iter().any(|(_, p)| p.purpose.is_none())
    }
}
