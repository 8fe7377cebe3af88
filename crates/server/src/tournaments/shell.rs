//! The async shell around a tournament's coordinator: it turns members' intents, the books'
//! answers, the tables' reports and the clock into the coordinator's [`Input`]s, and carries
//! out its [`Effect`]s — writes against the books (each on a task of its own, its answer fed
//! back), orders through the [`Relay`] to the tournament's tables (opened here, in the room's
//! lobby, as table cores of the tournament's kind), answers, notices and what players are
//! shown. It decides nothing.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tavolo_store::TournamentFence;
use tokio::sync::mpsc;

use crate::protocol::TableOptions;
use crate::room::Room;
use crate::table::core::{Ledger, TableKind};
use crate::table::{ReportSink, Start, TableCmd};
use crate::tournament::handle::TournamentCmd;
use crate::tournament::io::{Effect, Input, Write, WriteId};
use crate::tournament::{BookAnswer, BookFailure, CoordError, Coordinator, Relay, Relayed, Shown};

/// What a tournament's task needs.
pub(crate) struct Deps {
    /// The room (its tables are opened there).
    pub room: Weak<Room>,
    /// The lease the coordinator is held by.
    pub fence: TournamentFence,
    /// The options of its tables (their seats, their bots' level).
    pub tables: TableOptions,
}

/// The task's state besides the coordinator.
struct Shell {
    deps: Deps,
    relay: Relay,
    /// The tables by the coordinator's number: id and command channel.
    tables: BTreeMap<usize, (String, mpsc::Sender<TableCmd>)>,
    /// Table ids back to numbers.
    numbers: BTreeMap<String, usize>,
    reports: ReportSink,
    back: mpsc::UnboundedSender<Input>,
    replies: BTreeMap<u64, crate::tournament::handle::IntentReply>,
    next_reply: u64,
    shown: Arc<Mutex<Shown>>,
    /// Inputs for the coordinator made while carrying out its effects (the relay's).
    queue: VecDeque<Input>,
    /// Tables that could not be opened (another node still held them): tried again every
    /// second, with their seats.
    unopened: BTreeMap<usize, usize>,
    /// Another node took the tournament over (its coordinator is held elsewhere now).
    lost: bool,
}

/// Runs `coord` until its tournament is over or another node has it; `first`: the effects of
/// making it.
pub(crate) async fn run(
    mut coord: Coordinator,
    first: Vec<Effect>,
    deps: Deps,
    mut rx: mpsc::Receiver<TournamentCmd>,
    shown: Arc<Mutex<Shown>>,
) {
    let (back, mut answers) = mpsc::unbounded_channel();
    let (reports, mut reported) = mpsc::unbounded_channel();
    let mut relay = Relay::new();
    relay.know(coord.members().values());
    let mut shell = Shell {
        deps,
        relay,
        tables: BTreeMap::new(),
        numbers: BTreeMap::new(),
        reports,
        back,
        replies: BTreeMap::new(),
        next_reply: 1,
        shown,
        queue: VecDeque::new(),
        unopened: BTreeMap::new(),
        lost: false,
    };
    let mut done = shell.carry_out(&coord, first).await;
    let mut clock = tokio::time::interval(Duration::from_secs(1));
    clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !done {
        let input = tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(TournamentCmd::Intent { member, intent, reply }) => {
                    let id = shell.next_reply;
                    shell.next_reply += 1;
                    shell.replies.insert(id, reply);
                    Some(Input::Intent { member, intent, reply: id })
                }
                None => break,
            },
            Some(input) = answers.recv() => Some(input),
            Some((table, report)) = reported.recv() => {
                match shell.numbers.get(&table) {
                    Some(&k) => {
                        let out = shell.relay.report(k, report);
                        shell.relayed(out).await;
                    }
                    None => tracing::warn!(table, "a report from a table not of this tournament"),
                }
                shell.queue.pop_front()
            }
            _ = clock.tick() => {
                shell.reopen().await;
                Some(Input::Tick)
            }
        };
        let Some(room) = shell.deps.room.upgrade() else {
            break;
        };
        let mut next = input;
        while let Some(input) = next {
            let effects = coord.handle(input, room.tournament_now());
            done |= shell.carry_out(&coord, effects).await;
            next = shell.queue.pop_front();
        }
    }
    for (_, reply) in std::mem::take(&mut shell.replies) {
        let _ = reply.send(Err(CoordError::Moved));
    }
    if shell.lost {
        shell.hand_on().await;
        drop(rx);
        if let Some(room) = shell.deps.room.upgrade() {
            room.tournaments.forget_ended(&shell.deps.fence.tournament);
        }
    }
    tracing::info!(tournament = %shell.deps.fence.tournament, "the tournament's task ends");
}

impl Shell {
    /// Carries out the coordinator's effects; whether its work is over.
    async fn carry_out(&mut self, coord: &Coordinator, effects: Vec<Effect>) -> bool {
        let mut over = false;
        for e in effects {
            match e {
                Effect::Answer(id, answer) => {
                    if let Some(reply) = self.replies.remove(&id) {
                        let _ = reply.send(answer);
                    }
                }
                Effect::Book(id, write) => self.book(id, write),
                Effect::Order(order) => {
                    let out = self.relay.order(order);
                    self.relayed(out).await;
                }
                Effect::Notice(user, notice) => {
                    if let Ok(mut s) = self.shown.lock() {
                        s.notice(user, &notice);
                    }
                }
                Effect::Refused { table, hand, error } => {
                    tracing::error!(tournament = %self.deps.fence.tournament, table, hand, %error, "a table's report refused");
                }
                Effect::Finished => {
                    over = true;
                    self.finished().await;
                }
                Effect::Stopped => {
                    over = true;
                    self.lost = true;
                }
            }
        }
        let tables = self.ids();
        if let Ok(mut s) = self.shown.lock() {
            s.update(coord, &tables);
        }
        over
    }

    /// The open tables' ids by number (a table told to close is no one's to go to).
    fn ids(&self) -> BTreeMap<usize, String> {
        (self.tables.iter())
            .filter(|(k, _)| self.relay.is_open(**k))
            .map(|(k, (id, _))| (*k, id.clone()))
            .collect()
    }

    /// Carries out what the relay asks: tables opened, orders sent, inputs queued.
    async fn relayed(&mut self, out: Vec<Relayed>) {
        for r in out {
            match r {
                Relayed::Open { table, seats } => self.open(table, seats).await,
                Relayed::Table(k, order) => match self.tables.get(&k) {
                    Some((id, tx)) => {
                        if tx.send(TableCmd::Order(order)).await.is_err() {
                            tracing::error!(table = %id, "a tournament table is gone");
                        }
                    }
                    None => tracing::error!(table = k, "an order for a table never opened"),
                },
                Relayed::Coordinator(input) => self.queue.push_back(input),
            }
        }
    }

    /// The tables another node still held when they were to open, tried again (that node lets
    /// them go once its coordinator is fenced off, or its lease runs out).
    async fn reopen(&mut self) {
        for (k, seats) in std::mem::take(&mut self.unopened) {
            if self.relay.is_open(k) {
                self.open(k, seats).await;
            }
        }
    }

    /// The coordinator is held elsewhere now (this node was slow past its lease, and is alive):
    /// its tables here are handed on — each after the hand in play, its lease released — for
    /// the new coordinator's node to open them (it tries until it can). Kept, they would be
    /// renewed here for ever, dealing nothing, and the tournament would stall.
    async fn hand_on(&mut self) {
        for (k, (id, tx)) in &self.tables {
            let (done, _) = tokio::sync::oneshot::channel();
            if tx.send(TableCmd::Drain(done)).await.is_ok() {
                tracing::info!(table = %id, number = k, "a tournament table is handed on: its coordinator is held elsewhere");
            }
        }
    }

    /// Opens table `k` of the tournament with `seats` seats, in the room's lobby.
    async fn open(&mut self, k: usize, seats: usize) {
        if self.tables.contains_key(&k) {
            return;
        }
        let Some(room) = self.deps.room.upgrade() else {
            return;
        };
        let t = &self.deps.fence.tournament;
        let mut options = self.deps.tables.clone();
        options.seats = seats;
        options.name = format!("{} · table {}", options.name, k + 1);
        match open_table(&room, t, k, options, &self.reports).await {
            Ok((handle, restored)) => {
                if restored {
                    self.relay.restoring(k);
                }
                self.numbers.insert(handle.id.clone(), k);
                self.tables
                    .insert(k, (handle.id.clone(), handle.tx.clone()));
                room.lobby.insert(handle);
            }
            Err(why) => {
                tracing::warn!(tournament = %t, table = k, why, "a tournament table could not open yet");
                self.unopened.insert(k, seats);
            }
        }
    }

    /// Gives `write` to the books on a task of its own; the answer comes back as an input.
    fn book(&self, id: WriteId, write: Write) {
        let (room, fence) = (&self.deps.room, &self.deps.fence);
        let booked = move |answer| Input::Booked(id, answer);
        book_on_task(room, fence, &self.shown, write, &self.back, booked);
    }

    /// The tournament is over: recorded as such, with its last line.
    async fn finished(&self) {
        record_end(&self.deps.room, &self.deps.fence, &self.shown).await;
    }
}

/// Gives a coordinator's `write` to the books on a task of its own, with the lobby line
/// `shown` has now; the answer comes back on `back` as `input(answer)` (the Hold'em, Draw and
/// Swiss shells' one way).
pub(super) fn book_on_task<I: Send + 'static>(
    room: &Weak<Room>,
    fence: &TournamentFence,
    shown: &Mutex<Shown>,
    write: Write,
    back: &mpsc::UnboundedSender<I>,
    input: impl FnOnce(BookAnswer) -> I + Send + 'static,
) {
    let (room, fence, back) = (room.clone(), fence.clone(), back.clone());
    let summary = summary(shown);
    tokio::spawn(async move {
        let Some(room) = room.upgrade() else { return };
        let answer = execute(&room, &fence, write, summary).await;
        let _ = back.send(input(answer));
    });
}

/// The lobby line `shown` has now, as JSON.
fn summary(shown: &Mutex<Shown>) -> String {
    let line = shown.lock().map(|s| s.line.clone());
    (line.ok())
        .and_then(|l| serde_json::to_string(&l).ok())
        .unwrap_or_else(|| "{}".into())
}

/// The tournament (or Swiss event) held under `fence` is over: recorded as such, with the last
/// line `shown` has and its results (the standings, prizes, a Swiss event's rounds).
pub(super) async fn record_end(room: &Weak<Room>, fence: &TournamentFence, shown: &Mutex<Shown>) {
    let Some(room) = room.upgrade() else {
        return;
    };
    let summary = summary(shown);
    let results = (shown.lock().ok())
        .and_then(|s| serde_json::to_string(&s.results()).ok())
        .unwrap_or_else(|| "{}".into());
    let store = room.books.store();
    if let Err(e) = store.finish_tournament(fence, &summary, &results).await {
        tracing::error!(tournament = %fence.tournament, error = %e, "the end of a tournament could not be recorded");
    }
}

/// Opens tournament `t`'s table number `k` (options `options`, its reports to `reports`): made
/// new, or — opened before (the room restarted, or took the tournament over) — claimed and
/// restored as it was last saved; its handle, and whether it was restored from a save. Refused
/// with the reason (another node still holds it). The Hold'em, Draw and Swiss shells' one way.
pub(super) async fn open_table(
    room: &Arc<Room>,
    t: &str,
    k: usize,
    options: TableOptions,
    reports: &ReportSink,
) -> Result<(crate::table::TableHandle, bool), String> {
    let mut deps = room.table_deps(&options);
    deps.kind = TableKind::Tournament {
        tournament: t.to_string(),
    };
    deps.reports = Some(reports.clone());
    let json = serde_json::to_string(&options).map_err(|e| e.to_string())?;
    let store = room.books.store();
    let (node, lease) = (&room.node.id, room.node.lease_ms());
    let made = (store
        .create_tournament_table(t, k, &json, node, lease)
        .await)
        .map_err(|e| e.to_string())?;
    if let Some(fence) = made {
        let start = Start::New(Vec::new(), Ledger::default());
        let handle = crate::table::spawn(deps, fence, options, None, start);
        return handle.map(|h| (h, false)).map_err(|e| e.to_string());
    }
    let id = format!("{t}-{k}");
    let claimed = (store.claim_tournament_table(&id, node, lease).await)
        .map_err(|e| e.to_string())?
        .ok_or("another node holds the table")?;
    let saved = claimed.state.is_some();
    let handle = crate::table::restore(deps, claimed).await;
    handle.map(|h| (h, saved)).map_err(|e| e.to_string())
}

/// Carries out one write of a coordinator against the books (`summary`: the lobby line).
async fn execute(
    room: &Room,
    fence: &TournamentFence,
    write: Write,
    summary: String,
) -> BookAnswer {
    let row = (write.save().to_row(summary))
        .map_err(|e| BookFailure::Unavailable(format!("the save: {e}")))?;
    let journal = match &write {
        Write::Money { journal, .. } => Some(journal),
        Write::Save(_) => None,
    };
    let store = room.books.store();
    (store.save_tournament(fence, journal, &row).await).map_err(crate::table::failure)
}
