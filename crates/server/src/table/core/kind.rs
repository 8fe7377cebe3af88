//! Which rules a table plays, fixed when it is made: the one place where the cash table's rules
//! (RULES.md §2) and the tournament table's (§5) part. The core asks its [`TableKind`] at each
//! point where they differ — the table model's rules, the clocks, a player who is away or out
//! of time or leaves, where the stacks live, whether the table deals by itself — and never
//! tests for a tournament anywhere else.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tavolo_engine::table::TableRules;
use tavolo_engine::tournament::structure::{time_bank_secs, ACTION_CLOCK_SECS};

use crate::protocol::{GameKind, TableOptions};

/// Which rules a table plays.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// A cash table: chips bought in through the ledger and cashed out, a seat lost at the
    /// third missed hand, the table dealing whenever enough players are ready.
    #[default]
    Cash,
    /// A table of tournament `tournament`, driven by its coordinator's
    /// [`Order`](super::io::Order)s: tournament chips, absent players blinded out.
    Tournament {
        /// The tournament's id.
        tournament: String,
    },
}

/// What the table does with a player who is not there (RULES.md §2 Sitting out; §5 Absent or
/// disconnected players stay in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absence {
    /// A cash table: a player out of time is played for until the hand ends and sits out; the
    /// time bank waits for a player with no connection (the table decides for them, which costs
    /// none of it); a third missed hand frees the seat; leaving cashes the stack out.
    SitsOut,
    /// A tournament table: a player out of time checks where free, else folds, for that
    /// decision only, and is back at the next action; the clock, then the time bank (drawn on,
    /// and used up, connected or not); absent players are dealt in and post until blinded out;
    /// leaving, sitting out and disconnecting keep the seat (a player who says they are away is
    /// played for at once).
    StaysIn,
}

/// Where a table's stacks are kept between hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stacks {
    /// In the ledger's seat accounts: buy-ins and results move room chips, and a takeover takes
    /// every stack from the ledger.
    Ledger,
    /// Tournament chips, which are not room chips: no ledger leg ever; a hand's record and the
    /// table as it stands after it (its stacks) are written in one transaction, which is what
    /// makes the hand durable, and a takeover restores the stacks from it.
    Saved,
}

impl TableKind {
    /// Whether the table plays a tournament's rules.
    pub fn is_tournament(&self) -> bool {
        matches!(self, TableKind::Tournament { .. })
    }

    /// The table model's rules for options `o`: a tournament's Draw table deals with antes
    /// alone (no blinds, no dead button), a Hold'em one with the blinds.
    pub fn table_rules(&self, o: &TableOptions) -> TableRules {
        match self {
            TableKind::Cash => o.table_rules(),
            TableKind::Tournament { .. } if o.game == GameKind::Draw => {
                TableRules::ante_tournament(o.seats)
            }
            // A Swiss event's Saint Poker table: one game, every seat taken, no chips.
            TableKind::Tournament { .. } if o.game == GameKind::Saint => {
                TableRules::points_tournament(o.seats)
            }
            TableKind::Tournament { .. } => TableRules::tournament(o.seats),
        }
    }

    /// The time for a decision and the time bank of a player seated now, at tournament level
    /// `level` (1 = the first; cash tables: the options').
    pub fn clock(&self, o: &TableOptions, level: u32) -> (Duration, Duration) {
        match self {
            TableKind::Cash => (
                Duration::from_secs(o.clock_secs),
                Duration::from_secs(o.time_bank_secs),
            ),
            TableKind::Tournament { .. } => (
                Duration::from_secs(u64::from(ACTION_CLOCK_SECS)),
                Duration::from_secs(u64::from(time_bank_secs(level as usize))),
            ),
        }
    }

    /// What the table does with a player who is not there.
    pub fn absence(&self) -> Absence {
        match self {
            TableKind::Cash => Absence::SitsOut,
            TableKind::Tournament { .. } => Absence::StaysIn,
        }
    }

    /// Where the stacks are kept.
    pub fn stacks(&self) -> Stacks {
        match self {
            TableKind::Cash => Stacks::Ledger,
            TableKind::Tournament { .. } => Stacks::Saved,
        }
    }

    /// Whether the table deals only when its coordinator lets it (hand-for-hand, a table
    /// waiting for balancing): a tournament's; a cash table deals whenever it can.
    pub fn deals_on_permit(&self) -> bool {
        self.is_tournament()
    }

    /// Whether a table left to bots closes at the room's idle limit: a cash table does; a
    /// tournament's closes when its coordinator says.
    pub fn closes_when_idle(&self) -> bool {
        !self.is_tournament()
    }

    /// Whether the table closes when the room stops (everybody cashed out): a cash table does;
    /// a tournament's stops as after a crash, to be opened again by its coordinator.
    pub fn closes_at_shutdown(&self) -> bool {
        !self.is_tournament()
    }

    /// Whether the table is saved as it changes even on a single node: a tournament's is (its
    /// stacks are kept nowhere else), a cash table's only where several nodes share the room.
    pub fn always_saved(&self) -> bool {
        self.stacks() == Stacks::Saved
    }

    /// Whether a hand played by bots alone (and the table, for players away) is played out at
    /// once, with no pause after it, while a player waits for the next deal (issue 49: a
    /// newcomer at a table of bots): a cash table's; a tournament's hands keep their pace, so
    /// that an absent player is blinded out in the time the hands take.
    pub fn hurries_bot_hands(&self) -> bool {
        !self.is_tournament()
    }

    /// Whether players take seats themselves (`join`, the waiting list): at a cash table; a
    /// tournament's seats are given by its coordinator.
    pub fn takes_joins(&self) -> bool {
        !self.is_tournament()
    }
}
