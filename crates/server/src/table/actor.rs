//! The table's task: seats, waiting list, sitting out, buy-ins and rebuys (RULES.md §2 Table),
//! the hand or game in play, bots, the action clock, and what each connection is sent.

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
            let free: Vec<usize> = (0..self.seats.len())
                .filter(|&s| self.seats[s].is_none())
                .collect();
            if free.is_empty() {
                break;
            }
            let s = free[self.rng.below(free.len() as u32) as usize];
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

    // ----- membership -----

    fn seat_of(&self, user: tavolo_store::UserId) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| o.as_ref().is_some_and(|o| o.m.id == user))
    }

    fn present(&self, user: tavolo_store::UserId) -> bool {
        self.seat_of(user).is_some()
            || self.waiting.iter().any(|m| m.id == user)
            || self.watchers.contains(&user)
    }

    fn presence_changed(&self, user: tavolo_store::UserId) {
        self.room
            .lobby
            .set_presence(user, &self.id, self.present(user));
    }

    fn subscribe(&mut self, conn: &Conn) {
        if !self.subs.iter().any(|c| c.id == conn.id) {
            self.subs.push(conn.clone());
        }
    }

    fn seat(&mut self, s: usize, m: Member, stack: Chips) {
        let uid = m.id;
        self.seats[s] = Some(Occupant {
            m,
            stack,
            sitting_out: false,
            missed: 0,
            leaving: false,
            auto: false,
            bank: Duration::from_secs(self.o.time_bank_secs),
            funding: false,
        });
        self.room.metrics.players.fetch_add(1, Relaxed);
        self.presence_changed(uid);
        self.dirty = true;
    }

    /// Frees a seat and cashes its stack out.
    async fn free(&mut self, s: usize) {
        let Some(o) = self.seats[s].take() else {
            return;
        };
        self.room.metrics.players.fetch_sub(1, Relaxed);
        self.seat_changes.retain(|r| r.0 != o.m.id);
        let key = self.key("out", o.m.id);
        if let Err(e) = self
            .room
            .books
            .from_seat(key, &self.id, &o.m, o.stack)
            .await
        {
            tracing::error!(table = %self.id, error = %e, "cash-out failed");
        }
        self.presence_changed(o.m.id);
        if !self.present(o.m.id) {
            // A last state (no seat) to the player's connections, then they hear no more.
            let last = self.state_for(&o.m, false);
            for c in self.subs.iter().filter(|c| c.user.id == o.m.id) {
                self.send(c, last.clone());
            }
            self.subs.retain(|c| c.user.id != o.m.id);
        }
        self.dirty = true;
    }

    fn in_live_hand(&self, user: tavolo_store::UserId) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|l| !l.game.is_over() && l.members.iter().any(|m| m.id == user))
    }

    async fn intent(&mut self, conn: &Conn, intent: TableIntent) -> Answer {
        let uid = conn.user.id;
        match intent {
            TableIntent::Act { hand, action } => {
                let started = Instant::now();
                let r = self.act(conn, &hand, &action);
                if r.is_ok() {
                    self.action_started = Some(started);
                }
                r
            }
            TableIntent::Waitlist => {
                if self.closing {
                    return Err(err(Code::NotAllowed, "the table is closing"));
                }
                if self.seat_of(uid).is_some() {
                    return Err(err(Code::AlreadySeated, "you are seated at this table"));
                }
                if !self.waiting.iter().any(|m| m.id == uid) {
                    self.waiting.push_back(conn.user.clone());
                }
                self.subscribe(conn);
                self.presence_changed(uid);
                self.dirty = true;
                let pos = self.waiting.iter().position(|m| m.id == uid).unwrap_or(0) + 1;
                Ok(json!({"waiting": pos}))
            }
            TableIntent::Watch => {
                if !self.watchers.contains(&uid) {
                    self.watchers.push(uid);
                }
                self.subscribe(conn);
                self.presence_changed(uid);
                let _ = conn.tx.try_send(self.state_for(&conn.user, false));
                Ok(json!({}))
            }
            TableIntent::Unwatch => {
                self.watchers.retain(|&u| u != uid);
                if !self.present(uid) {
                    self.subs.retain(|c| c.user.id != uid);
                }
                self.presence_changed(uid);
                Ok(json!({}))
            }
            TableIntent::SitOut | TableIntent::SitIn => {
                let out = matches!(intent, TableIntent::SitOut);
                let s = self
                    .seat_of(uid)
                    .ok_or_else(|| err(Code::NotSeated, "you are not seated at this table"))?;
                if let Some(o) = self.seats[s].as_mut() {
                    o.sitting_out = out;
                    if !out {
                        o.missed = 0;
                        o.auto = o.leaving;
                    }
                }
                self.dirty = true;
                Ok(json!({}))
            }
            TableIntent::ChangeSeat { seat } => {
                let s = self
                    .seat_of(uid)
                    .ok_or_else(|| err(Code::NotSeated, "you are not seated at this table"))?;
                if let Some(t) = seat {
                    if t >= self.seats.len() {
                        let m = format!("this table's seats are 0–{}", self.seats.len() - 1);
                        return Err(err(Code::NotAllowed, m));
                    }
                    if t == s {
                        return Err(err(Code::NotAllowed, format!("you are in seat {t}")));
                    }
                }
                // A new request replaces the player's earlier one and keeps its place.
                match self.seat_changes.iter_mut().find(|r| r.0 == uid) {
                    Some(r) => r.1 = seat,
                    None => self.seat_changes.push_back((uid, seat)),
                }
                self.dirty = true;
                let pos = self
                    .seat_changes
                    .iter()
                    .position(|r| r.0 == uid)
                    .unwrap_or(0)
                    + 1;
                Ok(json!({"seat_change": pos}))
            }
            TableIntent::CancelSeatChange => {
                let before = self.seat_changes.len();
                self.seat_changes.retain(|r| r.0 != uid);
                if self.seat_changes.len() == before {
                    return Err(err(Code::NotAllowed, "you have no pending seat change"));
                }
                self.dirty = true;
                Ok(json!({}))
            }
            TableIntent::Join { .. } | TableIntent::Rebuy => {
                Err(err(Code::Internal, "handled by the table's loop"))
            }
            TableIntent::Leave => {
                if let Some(i) = self.waiting.iter().position(|m| m.id == uid) {
                    self.waiting.remove(i);
                    self.presence_changed(uid);
                    self.dirty = true;
                    return Ok(json!({}));
                }
                let s = self
                    .seat_of(uid)
                    .ok_or_else(|| err(Code::NotSeated, "you are not seated at this table"))?;
                if self.in_live_hand(uid) {
                    if let Some(o) = self.seats[s].as_mut() {
                        o.leaving = true;
                        o.auto = true;
                    }
                    self.dirty = true;
                    return Ok(json!({"leaving": true}));
                }
                let stack = self.seats[s].as_ref().map_or(0, |o| o.stack);
                self.free(s).await;
                Ok(json!({"stack": stack}))
            }
        }
    }

    /// `join`: a seat drawn by lot, or the waiting list. The buy-in is booked by a task of its
    /// own; the answer comes when it is done (`None` returned) or at once (`Some`).
    async fn join(
        &mut self,
        conn: &Conn,
        buy_in: Option<u64>,
        reply: oneshot::Sender<Answer>,
    ) -> Option<(oneshot::Sender<Answer>, Answer)> {
        let uid = conn.user.id;
        let refuse = |reply, e| Some((reply, Err(e)));
        if self.closing {
            return refuse(reply, err(Code::NotAllowed, "the table is closing"));
        }
        if self.seat_of(uid).is_some() || self.waiting.iter().any(|m| m.id == uid) {
            return refuse(
                reply,
                err(
                    Code::AlreadySeated,
                    "you are already at this table or on its waiting list",
                ),
            );
        }
        if self.o.betting() && buy_in.is_some_and(|b| b != self.o.buy_in) {
            let m = format!("this table's buy-in is {}", self.o.buy_in);
            return refuse(reply, err(Code::InvalidOptions, m));
        }
        if !self.o.betting() && self.o.stake > 0 {
            let balance = match self.room.books.balance(uid).await {
                Ok(b) => b,
                Err(e) => return refuse(reply, proto(e)),
            };
            if balance < self.o.stake as i64 {
                let m = format!("the stake is {}, you have {balance}", self.o.stake);
                return refuse(reply, err(Code::InsufficientChips, m));
            }
        }
        let free: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.seats[s].is_none())
            .collect();
        self.subscribe(conn);
        if free.is_empty() {
            self.waiting.push_back(conn.user.clone());
            self.presence_changed(uid);
            self.dirty = true;
            return Some((reply, Ok(json!({"waiting": self.waiting.len()}))));
        }
        // RULES.md §2: seats are drawn by lot among the free ones.
        let s = free[self.rng.below(free.len() as u32) as usize];
        self.seat(s, conn.user.clone(), 0);
        if !self.o.betting() {
            return Some((reply, Ok(json!({"seat": s}))));
        }
        self.fund(conn.user.clone(), self.o.buy_in, true, reply);
        None
    }

    /// `rebuy`, booked like a buy-in.
    fn rebuy(
        &mut self,
        conn: &Conn,
        reply: oneshot::Sender<Answer>,
    ) -> Option<(oneshot::Sender<Answer>, Answer)> {
        let uid = conn.user.id;
        let Some(s) = self.seat_of(uid) else {
            return Some((
                reply,
                Err(err(Code::NotSeated, "you are not seated at this table")),
            ));
        };
        if !self.o.betting() {
            return Some((
                reply,
                Err(err(Code::NotAllowed, "Saint Poker has no stacks to rebuy")),
            ));
        }
        if self.in_live_hand(uid) {
            return Some((
                reply,
                Err(err(Code::NotAllowed, "rebuys are made between hands")),
            ));
        }
        let (stack, funding) = self.seats[s]
            .as_ref()
            .map_or((0, false), |o| (o.stack, o.funding));
        if stack > 0 || funding {
            let m = format!("you have {stack} chips: rebuys are for exhausted stacks");
            return Some((reply, Err(err(Code::NotAllowed, m))));
        }
        self.fund(conn.user.clone(), self.o.rebuy, false, reply);
        None
    }

    fn fund(&mut self, m: Member, amount: Chips, join: bool, reply: oneshot::Sender<Answer>) {
        if let Some(o) = self.seat_of(m.id).and_then(|s| self.seats[s].as_mut()) {
            o.funding = true;
        }
        let key = self.key(if join { "in" } else { "rebuy" }, m.id);
        let (books, table, tx) = (
            self.room.books.clone(),
            self.id.clone(),
            self.funded_tx.clone(),
        );
        tokio::spawn(async move {
            let result = books.to_seat(key, &table, &m, amount).await.map_err(proto);
            let _ = tx.send(Funded {
                user: m,
                amount,
                join,
                result,
                reply,
            });
        });
    }

    async fn funded(&mut self, f: Funded) {
        let uid = f.user.id;
        let seat = self.seat_of(uid);
        let answer = match (&f.result, seat) {
            (Ok(()), Some(s)) => {
                if let Some(o) = self.seats[s].as_mut() {
                    o.stack += f.amount;
                    o.funding = false;
                    o.missed = 0;
                }
                self.dirty = true;
                Ok(if f.join {
                    json!({"seat": s})
                } else {
                    json!({"stack": f.amount})
                })
            }
            (Ok(()), None) => {
                // Left while the buy-in was booked: the chips go straight back.
                let key = self.key("out", uid);
                let _ = self
                    .room
                    .books
                    .from_seat(key, &self.id, &f.user, f.amount)
                    .await;
                Err(err(Code::NotSeated, "you left the table"))
            }
            (Err(e), Some(s)) => {
                if f.join {
                    self.seats[s] = None;
                    self.room.metrics.players.fetch_sub(1, Relaxed);
                    self.presence_changed(uid);
                    if !self.present(uid) {
                        self.subs.retain(|c| c.user.id != uid);
                    }
                } else if let Some(o) = self.seats[s].as_mut() {
                    o.funding = false;
                }
                self.dirty = true;
                Err(e.clone())
            }
            (Err(e), None) => Err(e.clone()),
        };
        self.flush();
        let _ = f.reply.send(answer);
    }

    fn act(&mut self, conn: &Conn, hand: &str, action: &Value) -> Answer {
        let live = self
            .hand
            .as_mut()
            .filter(|l| !l.game.is_over() && l.name == hand)
            .ok_or_else(|| {
                err(
                    Code::StaleHand,
                    format!("hand {hand} is not in play at this table"),
                )
            })?;
        let seat = live
            .members
            .iter()
            .position(|m| m.id == conn.user.id)
            .ok_or_else(|| err(Code::NotSeated, "you are not dealt in this hand"))?;
        for field in ["seat", "player"] {
            if let Some(v) = action.get(field) {
                if v.as_u64() != Some(seat as u64) {
                    return Err(err(
                        Code::NotYourTurn,
                        format!("you play seat {seat} of this hand, not {v}"),
                    ));
                }
            }
        }
        if !action.is_object() {
            return Err(err(Code::Malformed, "`action` must be an object"));
        }
        let a = live
            .game
            .parse(seat, action)
            .map_err(|m| err(Code::Malformed, m))?;
        let to_act = live.game.to_act();
        if !to_act.contains(&seat) && !live.game.out_of_turn(&a) {
            let who = match to_act.as_slice() {
                [] => "nobody is".to_string(),
                [s] => format!("seat {s} is"),
                _ => "other seats are".to_string(),
            };
            return Err(err(
                Code::NotYourTurn,
                format!("{who} to act, not seat {seat}"),
            ));
        }
        let ev = live.game.apply(a).map_err(|m| {
            let legal = live.game.legal_json(seat);
            err(Code::IllegalAction, format!("{m}; legal now: {legal}"))
        })?;
        self.record(seat, ev);
        Ok(json!({}))
    }

    /// Bookkeeping after any action: bots observe, the clock is charged, and the events are
    /// queued for the next broadcast (none: only the actor's own connections hear of it).
    fn record(&mut self, seat: usize, ev: Vec<Ev<L>>) {
        let clock = self.clock();
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        for (b, bot) in live.bots.iter_mut().enumerate() {
            if bot.is_none() && !live.thinking[b] {
                continue;
            }
            for e in &ev {
                if let Some(c) = L::censor(e, Some(b)) {
                    match bot.as_mut() {
                        Some(bot) => bot.observe(&c),
                        None => live.unseen[b].push(c),
                    }
                }
            }
        }
        if let Some(t) = live.since.get_mut(seat).and_then(Option::take) {
            let over = t.elapsed().saturating_sub(clock);
            if let Some(o) = self.seats[live.seats[seat]].as_mut() {
                o.bank = o.bank.saturating_sub(over);
            }
        }
        if ev.is_empty() {
            let uid = live.members[seat].id;
            if !self.private.contains(&uid) {
                self.private.push(uid);
            }
        } else {
            self.events.extend(ev);
            self.dirty = true;
        }
    }

    // ----- the game -----

    /// Runs everything that can happen now without a player: bots, players the server acts
    /// for, the end of a hand, the next deal.
    async fn progress(&mut self) {
        for _ in 0..10_000 {
            let Some(live) = self.hand.as_ref() else {
                if self.next_hand_at.is_some_and(|t| t > Instant::now()) {
                    return;
                }
                if !self.start_hand().await {
                    return;
                }
                continue;
            };
            if live.game.is_over() {
                self.end_hand().await;
                return;
            }
            let to_act = live.game.to_act();
            // Players the server acts for: at once.
            let auto = to_act.iter().copied().find(|&s| {
                self.seats[live.seats[s]]
                    .as_ref()
                    .is_some_and(|o| o.auto && !o.m.bot)
            });
            if let Some(s) = auto {
                self.act_default(s);
                continue;
            }
            let bots: Vec<usize> = to_act
                .iter()
                .copied()
                .filter(|&s| live.bots[s].is_some())
                .collect();
            if bots.is_empty() {
                break;
            }
            let delay = self.room.config.bot_delay;
            if !delay.is_zero() {
                match self.bot_at {
                    None => {
                        self.bot_at = Some(Instant::now() + delay);
                        break;
                    }
                    Some(t) if t > Instant::now() => break,
                    Some(_) => self.bot_at = None,
                }
            }
            for s in bots {
                self.bot_act(s);
            }
            if !delay.is_zero() {
                self.flush();
            }
        }
        self.refresh_clock();
    }

    fn act_default(&mut self, s: usize) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let a = live.game.default_action(s);
        match live.game.apply(a) {
            Ok(ev) => self.record(s, ev),
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "the default action was refused")
            }
        }
    }

    fn bot_act(&mut self, s: usize) {
        let offload = self.offload;
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let legal = live.game.bot_legal(s);
        let Some(&first) = legal.first() else { return };
        let view = live.game.bot_view(s);
        let budget = Budget::limited(Duration::from_millis(500));
        if offload {
            let Some(mut bot) = live.bots[s].take() else {
                return;
            };
            live.thinking[s] = true;
            let (hand, tx) = (live.id, self.thought_tx.clone());
            tokio::task::spawn_blocking(move || {
                let action = bot.act(&view, &legal, budget);
                let _ = tx.send(Thought {
                    hand,
                    seat: s,
                    bot,
                    action,
                });
            });
            return;
        }
        let Some(bot) = live.bots[s].as_mut() else {
            return;
        };
        let a = bot.act(&view, &legal, budget);
        let a = if <L::G as Game>::allows(&legal, &a) {
            a
        } else {
            first
        };
        match live.game.apply(a) {
            Ok(ev) => self.record(s, ev),
            Err(_) => self.act_default(s),
        }
    }

    /// A bot's thought is back: the bot catches up on what it missed, and its action is
    /// played if it is still that bot's turn and still legal (otherwise it thinks again).
    fn thought(&mut self, t: Thought<L>) {
        let Some(live) = self.hand.as_mut().filter(|l| l.id == t.hand) else {
            return;
        };
        let mut bot = t.bot;
        for c in live.unseen[t.seat].drain(..) {
            bot.observe(&c);
        }
        live.bots[t.seat] = Some(bot);
        live.thinking[t.seat] = false;
        if live.game.is_over() || !live.game.to_act().contains(&t.seat) {
            return;
        }
        let legal = live.game.bot_legal(t.seat);
        if !<L::G as Game>::allows(&legal, &t.action) {
            return;
        }
        match live.game.apply(t.action) {
            Ok(ev) => self.record(t.seat, ev),
            Err(_) => self.act_default(t.seat),
        }
    }

    /// Starts the clock of every human who must act now; stops it for the others.
    fn refresh_clock(&mut self) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        if live.game.is_over() {
            return;
        }
        let to_act = live.game.to_act();
        let now = Instant::now();
        for (s, since) in live.since.iter_mut().enumerate() {
            if to_act.contains(&s) && live.bots[s].is_none() && !live.thinking[s] {
                since.get_or_insert(now);
            } else {
                *since = None;
            }
        }
    }

    fn deadline(&self, live: &Live<L>, s: usize) -> Option<Instant> {
        let t = live.since.get(s).copied().flatten()?;
        let bank = self.seats[live.seats[s]]
            .as_ref()
            .map_or(Duration::ZERO, |o| o.bank);
        Some(t + self.clock() + bank)
    }

    fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut at = |t: Option<Instant>| {
            if let Some(t) = t {
                wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
            }
        };
        match &self.hand {
            Some(live) if !live.game.is_over() => {
                for s in 0..live.seats.len() {
                    at(self.deadline(live, s));
                }
                at(self.bot_at);
            }
            Some(_) => {}
            None => at(self.next_hand_at),
        }
        at(self.idle_since.map(|t| t + self.room.config.idle_close));
        wake
    }

    /// Time is up for every human whose clock and bank ran out: the server acts for them and
    /// sits them out.
    fn on_timer(&mut self) {
        let now = Instant::now();
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let late: Vec<usize> = (0..live.seats.len())
            .filter(|&s| self.deadline(live, s).is_some_and(|d| d <= now))
            .collect();
        for s in late {
            let Some(live) = self.hand.as_mut() else {
                return;
            };
            live.since[s] = None;
            if let Some(o) = self.seats[live.seats[s]].as_mut() {
                o.bank = Duration::ZERO;
                o.sitting_out = true;
                o.auto = true;
            }
            self.act_default(s);
        }
    }

    /// Starts or stops the idle clock: a table with nobody but bots, and no hand in play,
    /// closes after `Config::idle_close`.
    fn note_idle(&mut self) {
        let playing = self.hand.as_ref().is_some_and(|l| !l.game.is_over());
        if self.has_audience() || playing || !self.waiting.is_empty() {
            self.idle_since = None;
        } else if self.idle_since.is_none() {
            self.idle_since = Some(Instant::now());
        }
    }

    fn idle_expired(&self) -> bool {
        self.idle_since
            .is_some_and(|t| t.elapsed() >= self.room.config.idle_close)
    }

    fn has_audience(&self) -> bool {
        !self.subs.is_empty() || self.seats.iter().flatten().any(|o| !o.m.bot)
    }

    /// Seats the waiting list, counts missed hands, and deals if enough players are ready.
    async fn start_hand(&mut self) -> bool {
        if self.closing || !self.has_audience() {
            return false;
        }
        self.next_hand_at = None;
        self.serve_seat_changes();
        // Then free seats go to the waiting list, drawn by lot.
        while let Some(free) = {
            let free: Vec<usize> = (0..self.seats.len())
                .filter(|&s| self.seats[s].is_none())
                .collect();
            (!free.is_empty() && !self.waiting.is_empty())
                .then(|| free[self.rng.below(free.len() as u32) as usize])
        } {
            let Some(m) = self.waiting.pop_front() else {
                break;
            };
            let amount = if self.o.betting() { self.o.buy_in } else { 0 };
            let key = self.key("in", m.id);
            if amount > 0 {
                if let Err(e) = self.room.books.to_seat(key, &self.id, &m, amount).await {
                    tracing::info!(table = %self.id, error = %e, "a waiting player could not buy in");
                    self.presence_changed(m.id);
                    continue;
                }
            }
            self.seat(free, m, amount);
        }
        let betting = self.o.betting();
        let ready: Vec<usize> = (0..self.seats.len())
            .filter(|&s| {
                self.seats[s].as_ref().is_some_and(|o| {
                    !o.sitting_out && !o.leaving && !o.funding && (o.stack > 0 || !betting)
                })
            })
            .collect();
        let needed = self.o.players_needed().max(2);
        if ready.len() < needed {
            self.publish_summary();
            return false;
        }
        // RULES.md §2: a third consecutive missed hand frees the seat.
        for s in 0..self.seats.len() {
            let missed = match self.seats[s].as_mut() {
                Some(o) if !ready.contains(&s) => {
                    o.missed += 1;
                    o.missed > 2
                }
                Some(o) => {
                    o.missed = 0;
                    false
                }
                None => false,
            };
            if missed {
                self.free(s).await;
            }
        }
        let members: Vec<Member> = ready
            .iter()
            .filter_map(|&s| self.seats[s].as_ref().map(|o| o.m.clone()))
            .collect();
        let stacks: Vec<Chips> = ready
            .iter()
            .map(|&s| self.seats[s].as_ref().map_or(0, |o| o.stack))
            .collect();
        let k = match self.button {
            None => 0,
            Some(prev) => ready.iter().position(|&s| s > prev).unwrap_or(0),
        };
        // Hold'em: the button; Draw: the dealer; both move one player clockwise.
        let button = k;
        self.hands_started();
        let n = self.nonce;
        if !betting && self.o.stake > 0 {
            let key = format!("{}:stake:{n}", self.id);
            if let Err(e) = self
                .room
                .books
                .stakes(key, &self.id, &members, self.o.stake)
                .await
            {
                tracing::info!(table = %self.id, error = %e, "stakes could not be paid; players sit out");
                for &s in &ready {
                    if let Some(o) = self.seats[s].as_mut() {
                        if !o.m.bot
                            && self.room.books.balance(o.m.id).await.unwrap_or(0)
                                < self.o.stake as i64
                        {
                            o.sitting_out = true;
                        }
                    }
                }
                self.dirty = true;
                return false;
            }
        }
        let seed = Seed::draw();
        let players: Vec<(usize, &Member, Chips)> = ready
            .iter()
            .zip(&members)
            .zip(&stacks)
            .map(|((&s, m), &c)| (s, m, c))
            .collect();
        let id = match self
            .room
            .books
            .begin_hand(
                &self.id,
                self.o.game.name(),
                &seed.commitment,
                &seed.hex(),
                &players,
            )
            .await
        {
            Ok(id) => id,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not record a new hand");
                self.next_hand_at = Some(Instant::now() + Duration::from_secs(1));
                return false;
            }
        };
        let deal = Deal {
            options: &self.o,
            seed: seed.bytes,
            stacks: &stacks,
            button,
            carried: self.carried,
        };
        let (game, ev) = match L::deal(&deal) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not deal");
                let _ = self.room.books.void_hand(id).await;
                self.next_hand_at = Some(Instant::now() + Duration::from_secs(1));
                return false;
            }
        };
        let mut bots: Vec<Option<Box<dyn Bot<L::G>>>> = Vec::with_capacity(members.len());
        for (i, m) in members.iter().enumerate() {
            bots.push(match (&self.spec, m.bot) {
                (Some(spec), true) => Some(spec.make(i, self.rng.next_u64())),
                _ => None,
            });
        }
        self.button = Some(ready[k]);
        self.carried = 0;
        self.result = None;
        self.hand = Some(Live {
            game,
            name: format!("h-{}", id.0),
            id,
            commitment: seed.commitment.clone(),
            seed_hex: seed.hex(),
            since: vec![None; members.len()],
            thinking: vec![false; members.len()],
            unseen: (0..members.len()).map(|_| Vec::new()).collect(),
            seats: ready,
            members,
            carried_in: deal.carried,
            start: stacks,
            bots,
        });
        for e in &ev {
            if let Some(live) = self.hand.as_mut() {
                for (b, bot) in live.bots.iter_mut().enumerate() {
                    if let (Some(bot), Some(c)) = (bot, L::censor(e, Some(b))) {
                        bot.observe(&c);
                    }
                }
            }
        }
        self.events.extend(ev);
        self.dirty = true;
        self.publish_summary();
        true
    }

    /// RULES.md §2: a free seat goes first to the seated players who asked to change seats, in
    /// the order they asked (to the seat asked for, or a free one drawn by lot), and only then to
    /// the waiting list. Each move frees a seat, which may serve an earlier request.
    fn serve_seat_changes(&mut self) {
        let mut i = 0;
        while i < self.seat_changes.len() {
            let (uid, want) = self.seat_changes[i];
            let Some(from) = self.seat_of(uid) else {
                self.seat_changes.remove(i);
                continue;
            };
            let free: Vec<usize> = (0..self.seats.len())
                .filter(|&s| self.seats[s].is_none() && want.is_none_or(|w| w == s))
                .collect();
            if free.is_empty() {
                i += 1;
                continue;
            }
            let to = free[self.rng.below(free.len() as u32) as usize];
            self.seats[to] = self.seats[from].take();
            self.seat_changes.remove(i);
            self.dirty = true;
            tracing::debug!(table = %self.id, from, to, "seat changed");
            i = 0;
        }
    }

    fn hands_started(&mut self) {
        self.nonce += 1;
    }

    /// The hand is over: stacks back to the seats, the result shown (and the seed revealed),
    /// then recorded with its chip movements in one transaction.
    async fn end_hand(&mut self) {
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let mut deltas: Vec<(Member, i64)> = Vec::new();
        let mut payouts: Vec<(Member, Chips)> = Vec::new();
        if self.o.betting() {
            let stacks = live.game.stacks();
            for (i, &s) in live.seats.iter().enumerate() {
                let end = stacks.get(i).copied().unwrap_or(0);
                deltas.push((live.members[i].clone(), end as i64 - live.start[i] as i64));
                if let Some(o) = self.seats[s].as_mut() {
                    o.stack = end;
                }
            }
            self.carried = live.game.carried_out();
        } else {
            let winners = live.game.winners();
            let pot = self.o.stake * live.members.len() as Chips;
            let share = pot / winners.len().max(1) as Chips;
            let mut odd = pot - share * winners.len().max(1) as Chips;
            for (i, m) in live.members.iter().enumerate() {
                let mut won = 0;
                if winners.contains(&i) {
                    won = share;
                    if odd > 0 {
                        won += 1;
                        odd -= 1;
                    }
                }
                payouts.push((m.clone(), won));
            }
        }
        self.result = Some(live.game.result_json());
        self.previous = Some((
            live.name.clone(),
            live.seed_hex.clone(),
            live.members.iter().map(|m| m.id).collect(),
        ));
        self.dirty = true;
        self.flush();
        let Some(live) = self.hand.take() else { return };
        let names: Vec<String> = live.members.iter().map(|m| m.name.clone()).collect();
        let record = live.game.record(&names).unwrap_or_else(|e| {
            tracing::error!(table = %self.id, error = %e, "no record");
            String::new()
        });
        let books = &self.room.books;
        let done = if self.o.betting() {
            let d: Vec<(&Member, i64)> = deltas.iter().map(|(m, d)| (m, *d)).collect();
            let pot_delta = self.carried as i64 - live.carried_in as i64;
            books
                .finish_betting_hand(live.id, &self.id, record, L::FORMAT, &d, pot_delta)
                .await
        } else {
            let p: Vec<(&Member, Chips)> = payouts.iter().map(|(m, c)| (m, *c)).collect();
            books
                .finish_saint_game(live.id, &self.id, record, &p, self.o.stake)
                .await
        };
        if let Err(e) = done {
            tracing::error!(table = %self.id, hand = live.id.0, error = %e, "could not record the end of a hand");
        }
        self.room.metrics.hands.fetch_add(1, Relaxed);
        // Between hands: leavers go, bots with empty stacks buy again from the house.
        for s in 0..self.seats.len() {
            let (leaving, bot_broke) = match self.seats[s].as_mut() {
                Some(o) => {
                    o.auto = false;
                    (o.leaving, o.m.bot && o.stack == 0 && self.o.betting())
                }
                None => (false, false),
            };
            if leaving {
                self.free(s).await;
            } else if bot_broke {
                let Some(m) = self.seats[s].as_ref().map(|o| o.m.clone()) else {
                    continue;
                };
                let key = self.key("bot_rebuy", m.id);
                if self
                    .room
                    .books
                    .to_seat(key, &self.id, &m, self.o.rebuy)
                    .await
                    .is_ok()
                {
                    if let Some(o) = self.seats[s].as_mut() {
                        o.stack = self.o.rebuy;
                    }
                }
            }
        }
        self.dirty = true;
        self.next_hand_at = Some(Instant::now() + self.room.config.hand_pause);
        self.publish_summary();
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

    // ----- what connections are sent -----

    fn publish_summary(&self) {
        let seated = self.seats.iter().flatten().count();
        let bots = self.seats.iter().flatten().filter(|o| o.m.bot).count();
        let state = if self.closing {
            "closed"
        } else if self.hand.is_some() {
            "playing"
        } else {
            "waiting"
        };
        let changed = match self.summary.lock() {
            Ok(mut s) => {
                let old = (s.seated, s.waiting, s.bots, s.state);
                s.seated = seated;
                s.waiting = self.waiting.len();
                s.bots = bots;
                s.state = state;
                (old != (s.seated, s.waiting, s.bots, s.state)).then(|| s.clone())
            }
            Err(_) => None,
        };
        if let Some(s) = changed {
            self.room.lobby.updated(&s);
        }
    }

    /// Sends what changed: everybody gets a `table_state` after a public change; after a
    /// private one (a Saint Poker choice), only the chooser's connections do.
    fn flush(&mut self) {
        if self.dirty {
            self.broadcast();
            self.publish_summary();
        } else if !self.private.is_empty() {
            let users = std::mem::take(&mut self.private);
            self.version += 1;
            for u in users {
                let targets: Vec<Conn> = self
                    .subs
                    .iter()
                    .filter(|c| c.user.id == u)
                    .cloned()
                    .collect();
                if let Some(c) = targets.first() {
                    let msg = self.state_for(&c.user, false);
                    for c in &targets {
                        self.send(c, msg.clone());
                    }
                }
            }
        }
        if let Some(t) = self.action_started.take() {
            self.room.metrics.observe_action(t.elapsed());
        }
    }

    fn send(&self, c: &Conn, msg: Utf8Bytes) {
        if c.tx.try_send(msg).is_err() {
            // A connection that cannot keep up is closed; it reconnects and says hello.
            c.kick.notify_one();
        }
    }

    fn broadcast(&mut self) {
        self.version += 1;
        let mut cache: HashMap<(Option<usize>, Option<usize>, bool, bool), Utf8Bytes> =
            HashMap::new();
        let subs = std::mem::take(&mut self.subs);
        let seats = self.seats_json();
        for c in &subs {
            let key = self.viewer_key(&c.user);
            let msg = match cache.get(&key) {
                Some(m) => m.clone(),
                None => {
                    let m = self.state_with(&c.user, true, Some(&seats));
                    cache.insert(key, m.clone());
                    m
                }
            };
            self.send(c, msg);
        }
        self.subs = subs;
        self.events.clear();
        self.private.clear();
        self.dirty = false;
    }

    fn viewer_key(&self, m: &Member) -> (Option<usize>, Option<usize>, bool, bool) {
        let seat = self.seat_of(m.id);
        let waiting = self.waiting.iter().position(|w| w.id == m.id);
        let out = seat
            .and_then(|s| self.seats[s].as_ref())
            .is_some_and(|o| o.sitting_out);
        let dealt = self.previous.as_ref().is_some_and(|p| p.2.contains(&m.id));
        (seat, waiting, out, dealt)
    }

    /// The `seats` array: the same for every viewer, built once per broadcast.
    fn seats_json(&self) -> String {
        let live = self.hand.as_ref();
        let simultaneous = L::SIMULTANEOUS;
        let mut s = String::with_capacity(512);
        s.push('[');
        let live_game = live.is_some_and(|l| !l.game.is_over());
        let stacks = live.map(|l| l.game.stacks()).unwrap_or_default();
        let mut first = true;
        for (i, o) in self.seats.iter().enumerate() {
            let Some(o) = o else { continue };
            let hs = live.and_then(|l| l.seats.iter().position(|&x| x == i));
            let chips = if self.o.betting() {
                Some(hs.and_then(|h| stacks.get(h).copied()).unwrap_or(o.stack))
            } else {
                None
            };
            let status = if o.leaving {
                "leaving"
            } else if hs.is_some() && live_game {
                "playing"
            } else if o.funding {
                "buying_in"
            } else if o.sitting_out && !(simultaneous && live_game) {
                "sitting_out"
            } else {
                "waiting"
            };
            let status = if simultaneous && live_game && hs.is_some() {
                "playing"
            } else {
                status
            };
            let _ = write!(
                s,
                "{}{}",
                if first { "" } else { "," },
                json!({"seat": i, "name": o.m.name, "bot": o.m.bot, "chips": chips, "status": status, "hand_seat": hs})
            );
            first = false;
        }
        s.push(']');
        s
    }

    /// The `table_state` for one user; `with_events`: the events since the last broadcast.
    fn state_for(&self, m: &Member, with_events: bool) -> Utf8Bytes {
        self.state_with(m, with_events, None)
    }

    fn state_with(&self, m: &Member, with_events: bool, seats: Option<&str>) -> Utf8Bytes {
        let seat = self.seat_of(m.id);
        let live = self.hand.as_ref();
        let hand_seat = live.and_then(|l| seat.and_then(|s| l.seats.iter().position(|&x| x == s)));
        let simultaneous = L::SIMULTANEOUS;
        let mut s = String::with_capacity(2048);
        let _ = write!(
            s,
            r#"{{"v":1,"type":"table_state","table":"{}","version":{},"options":{},"#,
            self.id, self.version, self.options_json
        );
        let (sitting_out, waiting) = match seat.and_then(|x| self.seats[x].as_ref()) {
            Some(o) => (o.sitting_out, None),
            None => (
                false,
                self.waiting
                    .iter()
                    .position(|w| w.id == m.id)
                    .map(|p| p + 1),
            ),
        };
        let seat_change = self
            .seat_changes
            .iter()
            .position(|r| r.0 == m.id)
            .map(|p| json!({"seat": self.seat_changes[p].1, "position": p + 1}));
        let you = json!({"seat": seat, "hand_seat": hand_seat, "sitting_out": sitting_out, "waiting": waiting, "seat_change": seat_change});
        let _ = write!(s, r#""you":{you},"seats":"#);
        match seats {
            Some(j) => s.push_str(j),
            None => s.push_str(&self.seats_json()),
        }
        s.push(',');
        let previous = self.previous.as_ref().map(
            |(h, seed, dealt)| json!({"hand": h, "seed": dealt.contains(&m.id).then_some(seed)}),
        );
        match live {
            Some(l) => {
                let _ = write!(
                    s,
                    r#""hand":"{}","commitment":"{}","hand_seats":{},"#,
                    l.name,
                    l.commitment,
                    json!(l.seats)
                );
            }
            None => s.push_str(r#""hand":null,"commitment":null,"hand_seats":[],"#),
        }
        let _ = write!(s, r#""previous":{},"#, previous.unwrap_or(Value::Null));
        let view = live
            .map(|l| l.game.view_json(hand_seat))
            .unwrap_or(Value::Null);
        let legal = match (live, hand_seat) {
            (Some(l), Some(h)) if !l.game.is_over() => l.game.legal_json(h),
            _ => json!([]),
        };
        let clock = live.filter(|l| !l.game.is_over()).and_then(|l| {
            let to_act = l.game.to_act();
            let shown = if simultaneous {
                hand_seat.filter(|h| to_act.contains(h) && l.since[*h].is_some())
            } else {
                to_act.first().copied().filter(|&h| l.since[h].is_some())
            }?;
            let deadline = self.deadline(l, shown)?;
            let bank = self.seats[l.seats[shown]].as_ref().map_or(0, |o| o.bank.as_millis() as u64);
            let table_seat = if simultaneous { None } else { Some(l.seats[shown]) };
            Some(json!({"seat": table_seat, "deadline_ms": unix_ms(deadline - Duration::from_millis(bank)), "bank_ms": bank}))
        });
        let _ = write!(
            s,
            r#""view":{view},"legal":{legal},"clock":{},"events":["#,
            clock.unwrap_or(Value::Null)
        );
        if with_events {
            let mut first = true;
            for e in &self.events {
                if let Some(c) = L::censor(e, hand_seat) {
                    let _ = write!(s, "{}{}", if first { "" } else { "," }, L::event_json(&c));
                    first = false;
                }
            }
        }
        let _ = write!(
            s,
            r#"],"result":{}}}"#,
            self.result.as_ref().unwrap_or(&Value::Null)
        );
        s.into()
    }
}
