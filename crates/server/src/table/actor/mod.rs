//! The table's task: its state, its loop, and closing. The work is split by concern:
//! - the table model (seats, the waiting list, seat changes, sitting out, buy-ins and rebuys,
//!   the button) is the engine's [`Table`]; [`seating`] answers the intents about seats and
//!   carries out what the table asks of the ledger;
//! - [`play`]: the hand or game in play, driven through the engine's [`Game`] interface, and
//!   its bots;
//! - [`clock`]: the action clock, the time bank, and when the task must wake;
//! - [`views`]: subscribers and what each connection is sent.

mod chat;
mod clock;
mod handover;
mod play;
mod seating;
mod seeds;
mod views;

use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tavolo_bots::BotSpec;
use tavolo_engine::game::Game;
use tavolo_engine::table::Table;
use tokio::sync::mpsc;

use super::{TableCmd, TableIntent, TableOptions, TableSummary};
use crate::books::Member;
use crate::protocol::{self, Code, ProtoError, ServerMessage};
use crate::Room;
use chat::TableChat;
use clock::Clock;
use play::{Bots, Live};
use seating::Ledger;
use seeds::Seeds;
use tavolo_store::Fence;
use views::Audience;

pub(super) struct Actor<G: Game> {
    room: Arc<Room>,
    id: String,
    /// The right to write for this table: every write of its books carries it, and a write
    /// refused for it means another node took the table over.
    fence: Fence,
    /// Another node took the table over: stop without another write.
    lost: bool,
    /// This node drains: deal no more, and hand the table on once the hand in play is over.
    draining: Option<tokio::sync::oneshot::Sender<()>>,
    /// Several nodes: the last state saved for a takeover (with the lobby line), and where
    /// saves go.
    saved: Option<(crate::table::SavedState, TableSummary)>,
    saver: Option<tokio::sync::watch::Sender<Option<(String, String)>>>,
    /// The table's own command channel (for its saver to say the table was lost).
    me: Option<mpsc::WeakSender<TableCmd>>,
    o: TableOptions,
    summary: Arc<Mutex<TableSummary>>,
    rx: mpsc::Receiver<TableCmd>,
    /// Seats, the waiting list and the button: the rules between hands.
    table: Table<Member>,
    /// The game's options at this table (blinds, ante, ruleset).
    rules: G::Options,
    /// Buy-ins and rebuys being booked, and their answers.
    ledger: Ledger,
    /// The hand or game in play.
    hand: Option<Live<G>>,
    /// The hand or game that ended last, shown as it ended (the board, the shown hands, the
    /// result) until the next deal.
    last: Option<Live<G>>,
    /// The table's chat.
    chat: TableChat,
    /// Bots made for this table so far (each has an account of its own).
    bots_made: usize,
    /// The user who created the table (`None`: the room): they may add bots.
    creator: Option<tavolo_store::UserId>,
    bots: Bots<G>,
    clock: Clock,
    audience: Audience<G>,
    /// The room's part of the next seed and the players' seed chains.
    seeds: Seeds,
    /// The last hand that is over.
    previous: Option<Ended>,
    /// The last hand's result, shown until the next deal.
    result: Option<Value>,
    nonce: u64,
    closing: bool,
}

/// The last hand that is over: its id, its seed and the seed's parts, and who was dealt in (only
/// they get the seed, which recomputes every card, mucked ones too).
struct Ended {
    hand: String,
    seed: String,
    parts: crate::fairness::Parts,
    dealt: Vec<tavolo_store::UserId>,
}

fn err(code: Code, m: impl Into<String>) -> ProtoError {
    ProtoError::new(code, m)
}

impl<G: Game> Actor<G> {
    /// The task of table `id` with `options`: the table model `table`, the game's `rules`, and
    /// the bots of its level (`spec`).
    pub(super) fn new(
        room: Arc<Room>,
        fence: Fence,
        o: TableOptions,
        table: Table<Member>,
        (rules, spec): (G::Options, Option<BotSpec<G>>),
        summary: Arc<Mutex<TableSummary>>,
        rx: mpsc::Receiver<TableCmd>,
    ) -> Actor<G> {
        // Bots that think for long (searches, simulations) on the blocking pool.
        let offload = spec.as_ref().is_some_and(BotSpec::thinks_long);
        let clock = Clock::new(&o, room.config.time.clone());
        let audience = Audience::new();
        let id = fence.table.clone();
        Actor {
            fence,
            lost: false,
            draining: None,
            saved: None,
            saver: None,
            me: None,
            ledger: Ledger::new(),
            bots: Bots::new(spec, offload),
            clock,
            audience,
            table,
            rules,
            room,
            id,
            o,
            summary,
            rx,
            hand: None,
            last: None,
            chat: TableChat::new(),
            bots_made: 0,
            creator: None,
            seeds: Seeds::new(),
            previous: None,
            result: None,
            nonce: 0,
            closing: false,
        }
    }

    /// The table was created by `creator` (`None`: the room).
    pub(super) fn created_by(mut self, creator: Option<tavolo_store::UserId>) -> Actor<G> {
        self.creator = creator;
        self
    }

    /// Commands reach the table on `me`.
    pub(super) fn reachable_at(mut self, me: mpsc::WeakSender<TableCmd>) -> Actor<G> {
        self.me = Some(me);
        self
    }

    /// `n` bots were made for the table before (a restored table).
    pub(super) fn made_bots(mut self, n: usize) -> Actor<G> {
        self.bots_made = n;
        self
    }

    /// A fresh idempotency key for a movement of chips of `user`.
    fn key(&mut self, what: &str, user: tavolo_store::UserId) -> String {
        self.nonce += 1;
        format!("{}:{what}:{}:{}", self.id, user.0, self.nonce)
    }

    pub(super) async fn run(mut self, bots: Vec<Member>) {
        self.room.metrics.tables.fetch_add(1, Relaxed);
        // A restored table's players (new seats count as they are taken).
        let restored = self.table.seats().count() as u64;
        self.room.metrics.players.fetch_add(restored, Relaxed);
        let here: Vec<_> = (self.table.seats().map(|(_, o)| o.player.id))
            .chain(self.table.waiting().map(|m| m.id))
            .collect();
        for user in here {
            self.room.lobby.set_presence(user, &self.id, true);
        }
        self.start_saver();
        self.bots_made += bots.len();
        for b in bots {
            match self.table.join(b) {
                Ok(change) => self.book(change).await,
                Err(e) => tracing::error!(table = %self.id, error = %e, "no seat for a bot"),
            }
        }
        self.publish_summary();
        self.save();
        loop {
            if self.lost {
                self.let_go();
                break;
            }
            if self.draining.is_some() && self.hand.is_none() {
                self.hand_on().await;
                break;
            }
            self.note_idle();
            let wake = self.next_wake();
            let time = self.room.config.time.clone();
            let sleep = async move {
                match wake {
                    Some(at) => time.sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            let cmd = tokio::select! {
                c = self.rx.recv() => c,
                Some(f) = self.ledger.answers.recv() => {
                    self.funded(f).await;
                    self.progress().await;
                    self.flush();
                    continue;
                }
                Some(t) = self.bots.thoughts.recv() => {
                    self.thought(t);
                    self.progress().await;
                    self.flush();
                    continue;
                }
                _ = sleep => {
                    self.room.metrics.timer_wakes.fetch_add(1, Relaxed);
                    if self.idle_expired() {
                        tracing::info!(table = %self.id, "closing an idle table");
                        self.shutdown().await;
                        break;
                    }
                    self.on_timer();
                    self.progress().await;
                    self.flush();
                    continue;
                }
            };
            let Some(cmd) = cmd else { break };
            if !self.command(cmd).await {
                break;
            }
            self.progress().await;
            self.flush();
        }
        self.room.metrics.tables.fetch_sub(1, Relaxed);
    }

    /// Answers a command from a connection or the room; false when the table must stop.
    async fn command(&mut self, cmd: TableCmd) -> bool {
        match cmd {
            TableCmd::Shutdown(done) => {
                self.shutdown().await;
                let _ = done.send(());
                return false;
            }
            TableCmd::Intent {
                conn,
                intent,
                reply,
            } => {
                let funding = matches!(
                    intent,
                    TableIntent::Join { .. } | TableIntent::Waitlist | TableIntent::Rebuy
                );
                if funding {
                    // Answered when the ledger has booked the buy-in, or at once.
                    if let Some((reply, answer)) = self.funding_intent(&conn, intent, reply).await {
                        self.flush();
                        let _ = reply.send(answer);
                    }
                } else {
                    let answer = self.intent(&conn, intent).await;
                    self.flush();
                    let _ = reply.send(answer);
                }
            }
            TableCmd::Attach(conn) => {
                if self.present(conn.user.id) {
                    self.audience.subscribe(&conn);
                    let msg = self.state_for(&conn.user, false);
                    let _ = conn.tx.try_send(msg);
                    self.send_chat_backlog(&conn);
                }
            }
            TableCmd::Detach(id) => self.audience.unsubscribe(id),
            TableCmd::Lost => {
                self.let_go();
                return false;
            }
            TableCmd::Drain(done) => self.draining = Some(done),
        }
        true
    }

    /// The room stops or the table is idle: the hand in play is voided (no chip of it had
    /// moved), everybody is cashed out in one movement, and the connections are told.
    async fn shutdown(&mut self) {
        self.closing = true;
        if let Some(live) = self.hand.take() {
            if !live.played.game.is_over() {
                if let Err(e) = self.room.books.void_hand(live.id, &self.fence).await {
                    tracing::error!(table = %self.id, error = %e, "could not void the hand in play");
                }
            }
            let _ = self.table.void_hand();
        }
        if let Err(e) = self.room.books.close_table(&self.fence).await {
            tracing::error!(table = %self.id, error = %e, "could not close the table");
        }
        let msg: Utf8Bytes = ServerMessage::<serde_json::Value>::TableClosed {
            v: protocol::VERSION,
            table: self.id.clone(),
        }
        .to_json()
        .into();
        self.audience.send_all(&msg);
        let closed = self.table.close();
        let seated = closed.as_ref().map_or(0, |c| c.seated.len()) as u64;
        self.room.metrics.players.fetch_sub(seated, Relaxed);
        let users: Vec<_> = closed
            .map(|c| {
                c.seated
                    .into_iter()
                    .map(|(m, _, _)| m.id)
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
            .into_iter()
            .chain(self.audience.watchers())
            .collect();
        for u in users {
            self.room.lobby.set_presence(u, &self.id, false);
        }
        if let Ok(mut s) = self.summary.lock() {
            s.state = crate::table::TableStatus::Closed;
        }
        self.room.lobby.closed(&self.id);
    }
}
