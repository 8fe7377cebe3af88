//! What a table's core answers about itself without changing: its id and stage, the engine's
//! table, the hand in play and its events, the writes still pending, the lobby line, and the
//! table as a takeover would restore it — for the shell, the stories and the simulation.

use tavolo_engine::game::Game;
use tavolo_engine::table::{SavedTable, Table};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::{Write, WriteId};
use super::{SavedState, Stage, TableCore, LOST_SEATS_KEPT};
use crate::books::Member;
use crate::protocol::TableSummary;

impl<G: Game> TableCore<G> {
    /// The table's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Where the table is in its life.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The engine's table model (seats, stacks, the waiting list).
    pub fn table(&self) -> &Table<Member> {
        &self.table
    }

    /// The hand in play (dealt and not settled), its number in the books and its game.
    pub fn hand_in_play(&self) -> Option<(tavolo_store::HandId, &G)> {
        self.hand.as_ref().map(|l| (l.id, &l.played.game))
    }

    /// The events of the hand in play so far, uncensored (none: no hand).
    pub fn hand_event_list(&self) -> Option<&[G::Event]> {
        self.hand.as_ref().map(|l| l.played.events())
    }

    /// How many events the hand on the felt has had (none: no hand).
    pub fn hand_events(&self) -> Option<usize> {
        self.hand
            .as_ref()
            .or(self.last.as_ref())
            .map(|l| l.played.events().len())
    }

    /// The table seat of each seat of the hand in play, and who plays it.
    pub fn hand_players(&self) -> Option<(&[usize], &[Member])> {
        self.hand
            .as_ref()
            .map(|l| (l.seats.as_slice(), l.members.as_slice()))
    }

    /// Whether a write waits for the books, and which.
    pub fn pending_writes(&self) -> Vec<(WriteId, &Write)> {
        self.money
            .writes
            .iter()
            .map(|(i, p)| (*i, &p.write))
            .collect()
    }

    /// How many writes wait for the books (to be answered, or sent again).
    pub fn pending_count(&self) -> usize {
        self.money.writes.iter().count()
    }

    /// The chips of `user`'s cash-outs the books have not recorded yet.
    pub fn cashing_out(&self, user: UserId) -> Chips {
        self.money.cashing_out(user)
    }

    /// Whether a hand's deal or result waits for the books.
    pub fn settling(&self) -> bool {
        self.settling.is_some() || self.dealing.is_some()
    }

    /// The lobby line as last published.
    pub fn summary(&self) -> Option<&TableSummary> {
        self.summary.as_ref()
    }

    /// The state last given to the books to save (what a takeover must restore once every
    /// write carrying a save is answered).
    pub fn last_saved(&self) -> Option<&SavedState> {
        self.saved.as_ref()
    }

    /// The state a takeover would restore now.
    pub fn saved_state(&self) -> SavedState {
        self.save_of(self.table.saved())
    }

    pub(super) fn save_of(&self, table: SavedTable<Member>) -> SavedState {
        SavedState {
            table,
            bots_made: self.bots_made,
            banks: self.clock.saved_banks(),
            chat: self.chat.saved(),
            lost_seats: (self.lost_seats.iter().rev())
                .take(LOST_SEATS_KEPT)
                .copied()
                .collect(),
            tournament: (self.kind.is_tournament()).then(|| Box::new(self.saved_tour())),
        }
    }

    /// Which rules the table plays.
    pub fn kind(&self) -> &super::TableKind {
        &self.kind
    }

    /// A tournament table's orders in force and its last hand over.
    pub fn tour(&self) -> &super::Tour {
        &self.tour
    }
}
