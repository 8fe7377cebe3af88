//! The table's task: its state, its loop, and closing. The rest of its work is split by concern:
//! [`seating`] (seats, waiting list, seat changes, sitting out, buy-ins and rebuys: RULES.md §2
//! Table), [`play`] (the hand or game in play, bots, the action clock) and [`views`] (what each
//! connection is sent).

mod play;
mod seating;
mod views;

use std::collections::{HashMap, VecDeque};
use std::fmt::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use serde_json::{json, Value};
use tavolo_bots::{Bot, BotSpec, Budget, Game};
use tavolo_cards::GameRng;
use tavolo_engine::Chips;
use tavolo_store::HandId;
use tokio::sync::{mpsc, oneshot};

use super::game::{Act, Deal, Ev, LiveGame};
use super::{Conn, TableCmd, TableIntent, TableOptions, TableSummary};
use crate::books::{proto, Member};
use crate::fairness::Seed;
use crate::protocol::{Answer, Code, ProtoError};
use crate::Room;

/// A player in a seat.
struct Occupant {
    m: Member,
    /// Chips behind the seat at the start of the hand in play (the ledger's seat account).
    stack: Chips,
    sitting_out: bool,
    /// Consecutive hands missed.
    missed: u8,
    /// Leaves at the end of the hand in play.
    leaving: bool,
    /// The server acts for this player for the rest of the hand (timed out or leaving).
    auto: bool,
    /// Time bank left.
    bank: Duration,
    /// A buy-in or rebuy is being booked: not dealt in until it is.
    funding: bool,
}

/// A buy-in or rebuy booked by a task of its own (the table's task never waits for the
/// database while a hand is in play).
struct Funded {
    user: Member,
    amount: Chips,
    join: bool,
    result: Result<(), ProtoError>,
    reply: oneshot::Sender<Answer>,
}

/// A bot's decision, made on the blocking pool (expert bots think for up to half a second; the
/// table's task goes on meanwhile).
struct Thought<L: LiveGame> {
    hand: HandId,
    seat: usize,
    bot: Box<dyn Bot<L::G>>,
    action: Act<L>,
}

/// The hand or game in play.
struct Live<L: LiveGame> {
    game: L,
    id: HandId,
    name: String,
    commitment: String,
    seed_hex: String,
    /// The table seat of each hand seat.
    seats: Vec<usize>,
    members: Vec<Member>,
    start: Vec<Chips>,
    carried_in: Chips,
    bots: Vec<Option<Box<dyn Bot<L::G>>>>,
    /// Bots away thinking (their `bots` entry is `None` until the thought comes back).
    thinking: Vec<bool>,
    /// Events a thinking bot has not observed yet, censored for it.
    unseen: Vec<Vec<Ev<L>>>,
    /// When each seat's current decision started (humans only).
    since: Vec<Option<Instant>>,
}

pub(super) struct Actor<L: LiveGame> {
    room: Arc<Room>,
    id: String,
    o: TableOptions,
    options_json: String,
    summary: Arc<Mutex<TableSummary>>,
    rx: mpsc::Receiver<TableCmd>,
    seats: Vec<Option<Occupant>>,
    waiting: VecDeque<Member>,
    /// Pending seat-change requests of seated players, in the order asked: the seat wanted, or
    /// `None` for any other.
    seat_changes: VecDeque<(tavolo_store::UserId, Option<usize>)>,
    watchers: Vec<tavolo_store::UserId>,
    subs: Vec<Conn>,
    version: u64,
    hand: Option<Live<L>>,
    next_hand_at: Option<Instant>,
    bot_at: Option<Instant>,
    button: Option<usize>,
    carried: Chips,
    /// The last hand that is over: its id, its seed, and who was dealt in (only they get the
    /// seed, which recomputes every card, mucked ones too).
    previous: Option<(String, String, Vec<tavolo_store::UserId>)>,
    result: Option<Value>,
    events: Vec<Ev<L>>,
    dirty: bool,
    private: Vec<tavolo_store::UserId>,
    action_started: Option<Instant>,
    nonce: u64,
    spec: Option<BotSpec<L::G>>,
    closing: bool,
    rng: GameRng,
    funded_tx: mpsc::UnboundedSender<Funded>,
    funded_rx: mpsc::UnboundedReceiver<Funded>,
    /// Whether bots think on the blocking pool (expert levels) rather than in this task.
    offload: bool,
    thought_tx: mpsc::UnboundedSender<Thought<L>>,
    thought_rx: mpsc::UnboundedReceiver<Thought<L>>,
    /// Since when nobody but bots is here (the table closes after `Config::idle_close`).
    idle_since: Option<Instant>,
}

fn err(code: Code, m: impl Into<String>) -> ProtoError {
    ProtoError::new(code, m)
}

fn unix_ms(at: Instant) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let now_i = Instant::now();
    let t = if at >= now_i {
        now + (at - now_i)
    } else {
        now.saturating_sub(now_i - at)
    };
    t.as_millis() as u64
}

impl<L: LiveGame> Actor<L> {
    pub(super) fn new(
        room: Arc<Room>,
        id: String,
        o: TableOptions,
        summary: Arc<Mutex<TableSummary>>,
        rx: mpsc::Receiver<TableCmd>,
    ) -> Actor<L> {
        let spec = L::bot_spec(&o.bot_spec_name()).ok();
        let (funded_tx, funded_rx) = mpsc::unbounded_channel();
        let (thought_tx, thought_rx) = mpsc::unbounded_channel();
        let offload = o.bot_spec_name().starts_with("expert");
        Actor {
            offload,
            thought_tx,
            thought_rx,
            idle_since: Some(Instant::now()),
            seat_changes: VecDeque::new(),
            options_json: serde_json::to_string(&o).unwrap_or_else(|_| "{}".into()),
            seats: (0..o.seats).map(|_| None).collect(),
            room,
            id,
            o,
            summary,
            rx,
            waiting: VecDeque::new(),
            watchers: Vec::new(),
            subs: Vec::new(),
            version: 0,
            hand: None,
            next_hand_at: None,
            bot_at: None,
            button: None,
            carried: 0,
            previous: None,
            result: None,
            events: Vec::new(),
            dirty: false,
            private: Vec::new(),
            action_started: None,
            nonce: 0,
            spec,
            closing: false,
            rng: GameRng::from_os(),
            funded_tx,
            funded_rx,
        }
    }

    fn clock(&self) -> Duration {
        Duration::from_secs(self.o.clock_secs)
    }

    fn key(&mut self, what: &str, user: tavolo_store::UserId) -> String {
        self.nonce += 1;
        format!("{}:{what}:{}:{}", self.id, user.0, self.nonce)
    }

    pub(super) async fn run(mut self, bots: Vec<Member>) {
        self.room.metrics.tables.fetch_add(1, Relaxed);
        for b in bots {
            let Some(s) = self.draw_free_seat(None) else {
                break;
            };
            let amount = if self.o.betting() { self.o.buy_in } else { 0 };
            let key = self.key("bot_in", b.id);
            if amount > 0 {
                if let Err(e) = self.room.books.to_seat(key, &self.id, &b, amount).await {
                    tracing::error!(table = %self.id, error = %e, "bot buy-in failed");
                    continue;
                }
            }
            self.seat(s, b, amount);
        }
        self.publish_summary();
        loop {
            self.note_idle();
            let wake = self.next_wake();
            let sleep = async move {
                match wake {
                    Some(at) => tokio::time::sleep_until(at.into()).await,
                    None => std::future::pending().await,
                }
            };
            let cmd = tokio::select! {
                c = self.rx.recv() => c,
                Some(f) = self.funded_rx.recv() => {
                    self.funded(f).await;
                    self.progress().await;
                    self.flush();
                    continue;
                }
                Some(t) = self.thought_rx.recv() => {
                    self.thought(t);
                    self.progress().await;
                    self.flush();
                    continue;
                }
                _ = sleep => {
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
            match cmd {
                TableCmd::Shutdown(done) => {
                    self.shutdown().await;
                    let _ = done.send(());
                    break;
                }
                TableCmd::Intent {
                    conn,
                    intent: TableIntent::Join { buy_in },
                    reply,
                } => {
                    if let Some(answer) = self.join(&conn, buy_in, reply).await {
                        self.flush();
                        let _ = answer.0.send(answer.1);
                    }
                }
                TableCmd::Intent {
                    conn,
                    intent: TableIntent::Rebuy,
                    reply,
                } => {
                    if let Some(answer) = self.rebuy(&conn, reply) {
                        self.flush();
                        let _ = answer.0.send(answer.1);
                    }
                }
                TableCmd::Intent {
                    conn,
                    intent,
                    reply,
                } => {
                    let answer = self.intent(&conn, intent).await;
                    self.flush();
                    let _ = reply.send(answer);
                }
                TableCmd::Attach(conn) => {
                    if self.present(conn.user.id) {
                        self.subscribe(&conn);
                        let msg = self.state_for(&conn.user, false);
                        let _ = conn.tx.try_send(msg);
                    }
                }
                TableCmd::Detach(id) => self.subs.retain(|c| c.id != id),
            }
            self.progress().await;
            self.flush();
        }
        self.room.metrics.tables.fetch_sub(1, Relaxed);
    }

    async fn shutdown(&mut self) {
        self.closing = true;
        if let Some(live) = self.hand.take() {
            if !live.game.is_over() {
                if let Err(e) = self.room.books.void_hand(live.id).await {
                    tracing::error!(table = %self.id, error = %e, "could not void the hand in play");
                }
            }
        }
        if let Err(e) = self.room.books.close_table(&self.id).await {
            tracing::error!(table = %self.id, error = %e, "could not close the table");
        }
        let msg: Utf8Bytes = json!({"v": 1, "type": "table_closed", "table": self.id})
            .to_string()
            .into();
        for c in &self.subs {
            let _ = c.tx.try_send(msg.clone());
        }
        let n = self.seats.iter().flatten().count() as u64;
        self.room.metrics.players.fetch_sub(n, Relaxed);
        let users: Vec<_> = self
            .seats
            .iter()
            .flatten()
            .map(|o| o.m.id)
            .chain(self.waiting.iter().map(|m| m.id))
            .chain(self.watchers.iter().copied())
            .collect();
        for u in users {
            self.room.lobby.set_presence(u, &self.id, false);
        }
        if let Ok(mut s) = self.summary.lock() {
            s.state = "closed";
        }
        self.room.lobby.closed(&self.id);
    }
}
