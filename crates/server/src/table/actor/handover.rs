//! Several nodes (docs/scale-out.md): the table saved for whoever takes it over, letting it go
//! when another node has, and handing it on when this node drains.
//!
//! The saved state is written off the table's task by a saver of its own, the latest state
//! only (a table that changes faster than the database writes skips the states in between).
//! It holds no chips: the stacks a new owner deals with are read from the seat accounts, so a
//! save that lags behind the books can seat a player who has just left (their seat account is
//! empty: the new owner's table shows them with no chips) but never moves a chip.

use std::sync::atomic::Ordering::Relaxed;

use axum::extract::ws::Utf8Bytes;
use tavolo_engine::game::Game;
use tokio::sync::watch;

use super::Actor;
use crate::protocol::{self, ServerMessage};
use crate::table::{SavedState, TableSummary};

impl<G: Game> Actor<G> {
    /// Starts the saver (several nodes only).
    pub(super) fn start_saver(&mut self) {
        if !self.room.node.clustered {
            return;
        }
        let (tx, mut rx) = watch::channel::<Option<(String, String)>>(None);
        let (store, fence, metrics) = (
            self.room.books.store().clone(),
            self.fence.clone(),
            self.room.metrics.clone(),
        );
        let table = self.me.clone();
        tokio::spawn(async move {
            while rx.changed().await.is_ok() {
                let Some((state, summary)) = rx.borrow_and_update().clone() else {
                    continue;
                };
                match store.save_table(&fence, &state, &summary).await {
                    Ok(()) => {}
                    Err(e) if crate::node::taken_over(&e) => {
                        metrics.stale_epoch_writes.fetch_add(1, Relaxed);
                        if let Some(t) = table.as_ref().and_then(|t| t.upgrade()) {
                            let _ = t.send(crate::table::TableCmd::Lost).await;
                        }
                        break;
                    }
                    Err(e) => {
                        tracing::warn!(table = %fence.table, error = %e, "could not save the table")
                    }
                }
            }
        });
        self.saver = Some(tx);
    }

    /// The table as a new owner would restore it, and its lobby line.
    fn state(&self) -> Option<(SavedState, TableSummary)> {
        let state = SavedState {
            table: self.table.saved(),
            bots_made: self.bots_made,
        };
        let summary = self.summary.lock().ok().map(|s| s.clone())?;
        Some((state, summary))
    }

    fn json((state, summary): &(SavedState, TableSummary)) -> Option<(String, String)> {
        Some((
            serde_json::to_string(state).ok()?,
            serde_json::to_string(summary).ok()?,
        ))
    }

    /// Saves the table if it changed since the last save (several nodes only). Most changes at
    /// a table (an action) change neither: they cost a comparison, not a write.
    pub(super) fn save(&mut self) {
        let Some(saver) = &self.saver else { return };
        let Some(now) = self.state() else { return };
        if self.saved.as_ref() == Some(&now) {
            return;
        }
        let json = Self::json(&now);
        self.saved = Some(now);
        if let Some(json) = json {
            let _ = saver.send(Some(json));
        }
    }

    /// Another node took the table over: stop without another write (the hand in play is the
    /// new owner's to void, and every chip is on the books where it was), and tell whoever
    /// watches that the table moved.
    pub(super) fn let_go(&mut self) {
        if self.lost {
            self.room.metrics.stale_epoch_writes.fetch_add(1, Relaxed);
        }
        self.lost = true;
        self.closing = true;
        self.saver = None;
        tracing::warn!(table = %self.id, epoch = self.fence.epoch, "another node plays this table now");
        self.moved();
    }

    /// This node drains and the hand in play is over: save the table, end the lease so another
    /// node claims it at once, and stop.
    pub(super) async fn hand_on(&mut self) {
        self.closing = true;
        self.saver = None;
        if let Some((state, summary)) = self.state().as_ref().and_then(Self::json) {
            let store = self.room.books.store();
            let saved = store.save_table(&self.fence, &state, &summary).await;
            if let Err(e) = saved.and(store.release_table(&self.fence).await) {
                tracing::warn!(table = %self.id, error = %e, "could not hand the table on; its lease will run out");
            }
        }
        tracing::info!(table = %self.id, "handed on to another node");
        self.moved();
        if let Some(done) = self.draining.take() {
            let _ = done.send(());
        }
    }

    /// The table is no longer played here: `table_moved` to its audience, presence and the
    /// lobby's line forgotten.
    fn moved(&mut self) {
        let msg: Utf8Bytes = ServerMessage::<serde_json::Value>::TableMoved {
            v: protocol::VERSION,
            table: self.id.clone(),
        }
        .to_json()
        .into();
        self.audience.send_all(&msg);
        let seated: Vec<_> = self.table.seats().map(|(_, o)| o.player.id).collect();
        let users = seated.iter().copied().chain(self.audience.watchers());
        for u in users.collect::<Vec<_>>() {
            self.room.lobby.set_presence(u, &self.id, false);
        }
        self.room
            .metrics
            .players
            .fetch_sub(seated.len() as u64, Relaxed);
        self.room.lobby.forget(&self.id);
    }
}
