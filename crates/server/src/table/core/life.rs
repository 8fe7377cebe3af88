//! What ends or changes a table's life, and what the books answer: final answers routed to
//! the part that waits for them, saves for a takeover, the idle limit, closing, and another
//! node taking the table over.

use tavolo_engine::game::Game;

use tavolo_store::TableSave;

use super::io::{BookAnswer, BookFailure, Count, Effect, Stop, Write, WriteId};
use super::money::{Answered, Purpose};
use super::{view, SavedState, Stage, TableCore};

impl<G: Game> TableCore<G> {
    /// The books answered write `id`.
    pub(super) fn booked(&mut self, id: WriteId, answer: BookAnswer) {
        match self.money.writes.answered(id, answer, self.now.at) {
            None => {}
            Some(Answered::Retry(purpose, failures, why)) => {
                tracing::warn!(table = %self.id, failures, ?purpose, error = %why, "the books did not answer; the write is pending and will be sent again");
                self.stalled = Some(why);
                self.answer_pending(id);
            }
            Some(Answered::Final(pending, answer)) => {
                if self.money.stalled().is_none() {
                    self.stalled = None;
                }
                if answer == Err(BookFailure::Fenced) {
                    self.out.push(Effect::Count(Count::StaleEpoch));
                    self.lost();
                    return;
                }
                self.final_answer(id, pending.purpose, answer);
            }
        }
    }

    pub(super) fn final_answer(&mut self, id: WriteId, purpose: Purpose, answer: BookAnswer) {
        match purpose {
            Purpose::Fund {
                ticket,
                user,
                amount,
                rebuy,
            } => self.funded(id, ticket, user, (amount, rebuy), answer),
            Purpose::CashOut { user, amount } => self.cashed_out(id, user, amount, answer),
            Purpose::Refund => {
                if let Err(e) = answer {
                    tracing::error!(table = %self.id, error = ?e, "the books refused to send chips home");
                }
            }
            Purpose::Begin => self.begun(id, answer),
            Purpose::Finish => self.settled(id, answer),
            Purpose::Void => {
                if let Err(e) = answer {
                    tracing::error!(table = %self.id, error = ?e, "the books refused to void a hand");
                }
            }
            Purpose::NewBot => self.bot_made(id, answer),
            Purpose::Save => {
                self.save_in_flight = None;
                if let Err(e) = answer {
                    tracing::warn!(table = %self.id, error = ?e, "the books refused to save the table");
                }
            }
            Purpose::Close => self.closed(answer),
            Purpose::Release => {
                if let Err(e) = answer {
                    tracing::warn!(table = %self.id, error = ?e, "could not hand the table on; its lease will run out");
                }
                self.moved();
            }
        }
    }

    /// Starts or stops the idle clock; closes a table left to bots for too long (true).
    pub(super) fn note_idle(&mut self) -> bool {
        let playing = self.hand.is_some() || self.dealing.is_some();
        let busy = self.has_audience() || playing || self.table.waiting().next().is_some();
        self.clock.note_idle(busy, self.now.at);
        let expired = self.kind.closes_when_idle()
            && (self.clock.idle_until(self.config.idle_close)).is_some_and(|t| t <= self.now.at);
        if expired && self.stage == Stage::Open {
            tracing::info!(table = %self.id, "closing an idle table");
            self.close();
            return true;
        }
        false
    }

    /// The table as saved with the current step, if the room saves tables and it changed: to
    /// go with a hand's begin or finish, or on its own.
    pub(super) fn take_save(&mut self, state: SavedState) -> Option<TableSave> {
        if !self.saves() || self.saved.as_ref() == Some(&state) {
            return None;
        }
        let save = self.next_save(&state)?;
        self.saved = Some(state);
        Some(save)
    }

    /// Whether the table is saved as it changes (see [`super::TableKind::always_saved`]).
    fn saves(&self) -> bool {
        self.config.saves || self.kind.always_saved()
    }

    /// `state` and the lobby line as the next save, in the order the core makes its saves.
    pub(super) fn next_save(&mut self, state: &SavedState) -> Option<TableSave> {
        let summary = self.current_summary();
        let save = TableSave {
            state: serde_json::to_string(state).ok()?,
            summary: serde_json::to_string(&summary).ok()?,
            seq: self.save_seq + 1,
        };
        self.save_seq = save.seq;
        Some(save)
    }

    /// Saves the table between hands if it changed (one save at a time: the latest waits). A
    /// move in the hand in play is not looked at: it changes nothing the saved table holds (the
    /// table as if the hand were voided) but the time banks, which the hand's finish saves in
    /// its own transaction; building the saved table to compare it after every move was a
    /// visible part of the node's work.
    pub(super) fn save_if_changed(&mut self) {
        let quiet = self.dealing.is_none() && self.settling.is_none();
        if !self.saves() || self.save_in_flight.is_some() || !quiet {
            return;
        }
        if self.moved && self.hand.as_ref().is_some_and(|l| !l.played.game.is_over()) {
            return;
        }
        if !matches!(self.stage, Stage::Open | Stage::Draining) {
            return;
        }
        if let Some(saved) = self.take_save(self.saved_state()) {
            self.save_in_flight = Some(self.submit(Write::Save(saved), Purpose::Save));
        }
    }

    /// Another node took the table over: nothing more is written; whoever listens is told the
    /// table moved.
    pub(super) fn lost(&mut self) {
        tracing::warn!(table = %self.id, epoch = self.epoch, "another node plays this table now");
        self.money.writes.drop_all();
        self.moved();
    }

    /// The room stops. A cash table closes (everybody cashed out). A tournament table stops as
    /// after a crash, writing nothing: its stacks are tournament chips, the books hold it as it
    /// was saved with its last hand over, and the coordinator that takes the tournament up at
    /// the next start opens it again from there (the hand in play, if any, voided then).
    pub(super) fn shut_down(&mut self) {
        if self.kind.closes_at_shutdown() {
            return self.close();
        }
        self.money.writes.drop_all();
        self.moved();
    }

    /// The table is not played here any more: `table_moved` to its audience, and stop.
    pub(super) fn moved(&mut self) {
        let frame = view::moved_frame(&self.id);
        self.audience.send_all(&frame, &mut self.out);
        self.leave_room();
        self.out.push(Effect::Stopped(Stop::Moved));
    }

    /// Presence off for everybody here, the seated count down, and nothing more happens.
    pub(super) fn leave_room(&mut self) {
        for u in std::mem::take(&mut self.present) {
            self.out.push(Effect::Presence(u, false));
        }
        for _ in self.table.seats() {
            self.out.push(Effect::Count(Count::Left));
        }
        self.stage = Stage::Stopped;
    }

    /// The room stops or the table is idle: the hand in play is voided, and the books close the
    /// table (every seat cashed out, every hand not finished voided, the pot emptied).
    pub(super) fn close(&mut self) {
        if matches!(self.stage, Stage::Closing | Stage::Stopped) {
            return;
        }
        self.stage = Stage::Closing;
        self.money.writes.drop_all();
        self.save_in_flight = None;
        self.dealing = None;
        self.settling = None;
        if self.hand.take().is_some() {
            let _ = self.void_dealt();
        }
        self.submit(Write::Close, Purpose::Close);
    }

    /// The books closed the table (or could not: a restart's recovery settles it then).
    pub(super) fn closed(&mut self, answer: BookAnswer) {
        if let Err(e) = answer {
            tracing::error!(table = %self.id, error = ?e, "could not close the table; the next start settles it");
        }
        let frame = view::closed_frame(&self.id);
        self.audience.send_all(&frame, &mut self.out);
        self.publish_summary();
        self.leave_room();
        self.out.push(Effect::Stopped(Stop::Closed));
    }
}
