//! The async shell around a Swiss event's coordinator ([`SwissCoordinator`]): it turns members'
//! intents, the books' answers, the tables' reports and the clock into the coordinator's
//! [`SwissInput`]s, and carries out its [`SwissOut`]s — saves against the books (each on a task
//! of its own, its answer fed back), each round's tables opened (table cores of Saint Poker in
//! tournament mode, the Hold'em shell's [`open_table`]), seated by order and let deal their one
//! game, a game's result carried back, a recorded table closed (one a former owner left open
//! in the books claimed first), answers, notices and what players are shown. It decides
//! nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tavolo_engine::Chips;
use tavolo_store::TournamentFence;
use tokio::sync::mpsc;

use super::shell::{book_on_task, open_table, record_end};
use crate::books::Member;
use crate::protocol::TableOptions;
use crate::room::Room;
use crate::table::core::{Order, Permit, Report};
use crate::table::{ReportSink, TableCmd};
use crate::tournament::handle::{IntentReply, TournamentCmd};
use crate::tournament::io::{Write, WriteId};
use crate::tournament::swiss::{SwissCoordinator, SwissGame, SwissInput, SwissOrder, SwissOut};
use crate::tournament::{CoordError, Shown};

/// A table of the event: its round and its number in that round.
type Key = (usize, usize);

/// What a Swiss event's task needs.
pub(crate) struct Deps {
    /// The room (its tables are opened there).
    pub room: Weak<Room>,
    /// The lease the coordinator is held by.
    pub fence: TournamentFence,
    /// The options of its tables (their bots' level; the seats are each table's players).
    pub tables: TableOptions,
}

/// The task's state besides the coordinator.
struct Shell {
    deps: Deps,
    /// The tables opened here and not yet recorded: id and command channel.
    tables: BTreeMap<Key, (String, mpsc::Sender<TableCmd>)>,
    /// Table ids back to keys.
    numbers: BTreeMap<String, Key>,
    /// What each table not yet recorded plays: its players in seat order.
    plays: BTreeMap<Key, Vec<Member>>,
    /// Tables whose game's result came in.
    over: BTreeSet<Key>,
    /// Tables that could not be opened (another node still held them): tried every second.
    unopened: BTreeSet<Key>,
    /// Tables told to close here: what they report is no longer news.
    closed: BTreeSet<Key>,
    /// Tables whose result is recorded that a former owner left open in the books, not yet
    /// closed (another node still held them): tried every second.
    unclosed: BTreeSet<Key>,
    reports: ReportSink,
    back: mpsc::UnboundedSender<SwissInput>,
    replies: BTreeMap<u64, IntentReply>,
    next_reply: u64,
    shown: Arc<Mutex<Shown>>,
    /// Another node took the event over.
    lost: bool,
}

/// The number of a round's table in the books (tables of every round are the event's): round
/// `r`'s table `t` is `1000 r + t` (an event has at most 1,000 players, 250 tables a round).
fn number((round, table): Key) -> usize {
    round * 1_000 + table
}

/// Runs `coord` until its event is over or another node has it; `first`: the effects of making
/// or restoring it.
pub(crate) async fn run(
    mut coord: SwissCoordinator,
    first: Vec<SwissOut>,
    deps: Deps,
    mut rx: mpsc::Receiver<TournamentCmd>,
    shown: Arc<Mutex<Shown>>,
) {
    let (back, mut answers) = mpsc::unbounded_channel();
    let (reports, mut reported) = mpsc::unbounded_channel();
    let mut shell = Shell {
        deps,
        tables: BTreeMap::new(),
        numbers: BTreeMap::new(),
        plays: BTreeMap::new(),
        over: BTreeSet::new(),
        unopened: BTreeSet::new(),
        closed: BTreeSet::new(),
        unclosed: BTreeSet::new(),
        reports,
        back,
        replies: BTreeMap::new(),
        next_reply: 1,
        shown,
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
                    Some(SwissInput::Intent { member, intent, reply: id })
                }
                None => break,
            },
            Some(input) = answers.recv() => Some(input),
            Some((table, report)) = reported.recv() => shell.report(&table, report).await,
            _ = clock.tick() => {
                shell.reopen().await;
                Some(SwissInput::Tick)
            }
        };
        let Some(room) = shell.deps.room.upgrade() else {
            break;
        };
        if let Some(input) = input {
            let out = coord.handle(input, room.tournament_now());
            done |= shell.carry_out(&coord, out).await;
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
    tracing::info!(tournament = %shell.deps.fence.tournament, "the Swiss event's task ends");
}

impl Shell {
    /// Carries out the coordinator's outputs; whether its work is over.
    async fn carry_out(&mut self, coord: &SwissCoordinator, out: Vec<SwissOut>) -> bool {
        let mut over = false;
        for o in out {
            match o {
                SwissOut::Answer(id, answer) => {
                    if let Some(reply) = self.replies.remove(&id) {
                        let _ = reply.send(answer);
                    }
                }
                SwissOut::Book(id, write) => self.book(id, write),
                SwissOut::Order(order) => self.order(order).await,
                SwissOut::Notice(user, notice) => {
                    if let Ok(mut s) = self.shown.lock() {
                        s.swiss_notice(user, &notice);
                    }
                }
                SwissOut::Refused {
                    round,
                    table,
                    error,
                } => {
                    tracing::error!(tournament = %self.deps.fence.tournament, round, table, %error, "a Swiss table's result refused");
                }
                SwissOut::Finished => {
                    over = true;
                    self.finished().await;
                }
                SwissOut::Stopped => {
                    over = true;
                    self.lost = true;
                }
            }
        }
        let round = coord.event().round();
        let ids = (self.tables.iter())
            .filter(|((r, _), _)| *r == round)
            .map(|((_, t), (id, _))| (*t, id.clone()))
            .collect();
        if let Ok(mut s) = self.shown.lock() {
            s.update_swiss(coord, &ids);
        }
        over
    }

    /// A coordinator's order: a table opened and let play its game (or told again: a table
    /// open already goes on), or a table whose result is recorded closed.
    async fn order(&mut self, order: SwissOrder) {
        match order {
            SwissOrder::Play {
                round,
                table,
                players,
            } => {
                let key = (round, table);
                self.plays.insert(key, players);
                self.open(key).await;
            }
            SwissOrder::Recorded { round, table } => {
                let key = (round, table);
                self.plays.remove(&key);
                self.unopened.remove(&key);
                if self.closed.contains(&key) {
                    return;
                }
                if self.tables.contains_key(&key) {
                    self.close(key).await;
                } else {
                    self.close_recorded(key).await;
                }
            }
        }
    }

    /// Tells table `key`, open here, to close (it does once no game is in play).
    async fn close(&mut self, key: Key) {
        self.closed.insert(key);
        if let Some((id, tx)) = self.tables.remove(&key) {
            self.numbers.remove(&id);
            if tx.send(TableCmd::Order(Order::Close)).await.is_err() {
                tracing::warn!(table = %id, "a Swiss table was gone before it was closed");
            }
        }
    }

    /// A table whose result is recorded that this node never opened (the event taken over): if
    /// a former owner recorded its result but stopped before closing it, the books still hold
    /// it open — claimed, restored and told to close. Tried again every second while another
    /// node still holds it.
    async fn close_recorded(&mut self, key: Key) {
        let Some(room) = self.deps.room.upgrade() else {
            return;
        };
        let id = format!("{}-{}", self.deps.fence.tournament, number(key));
        match room.books.store().table_lease(&id).await {
            Ok(None) => return, // closed, or never opened
            Ok(Some(_)) => {}
            Err(e) => {
                tracing::warn!(table = %id, error = %e, "could not look up a recorded Swiss table");
                self.unclosed.insert(key);
                return;
            }
        }
        // Restored as saved (its saved options, its game over): the seats are the saved ones.
        let seats = self.deps.tables.seats;
        if self.open_table(key, seats).await.is_some() {
            tracing::info!(table = %id, "a recorded Swiss table left open by a former owner is closed");
            self.close(key).await;
        } else {
            self.unclosed.insert(key);
        }
    }

    /// What a table reports, as the coordinator's input: a game's result.
    async fn report(&mut self, table: &str, report: Report) -> Option<SwissInput> {
        let Some(&key) = self.numbers.get(table) else {
            tracing::warn!(table, "a report from a table not of this event");
            return None;
        };
        if self.closed.contains(&key) {
            return None; // its result is recorded: it closes
        }
        match report {
            Report::HandOver(h) if !h.points.is_empty() || !h.absent.is_empty() => {
                self.over.insert(key);
                let played = (h.points.into_iter())
                    .filter(|(p, _)| !h.absent.contains(p))
                    .collect();
                Some(SwissInput::GameOver(SwissGame {
                    round: key.0,
                    table: key.1,
                    played,
                    absent: h.absent,
                }))
            }
            Report::Restored { seats, .. } => {
                // Taken over: seated again as told, and let deal unless its game is in.
                let seated: BTreeSet<_> = seats.iter().map(|(u, _, _)| *u).collect();
                if !self.over.contains(&key) {
                    self.seat(key, &seated).await;
                }
                None
            }
            Report::Refused { order, why } => {
                tracing::warn!(table, order, why, "a Swiss table refused an order");
                None
            }
            _ => None,
        }
    }

    /// Seats table `key`'s players not in `seated` as the coordinator said, then lets it deal
    /// its game.
    async fn seat(&mut self, key: Key, seated: &BTreeSet<tavolo_store::UserId>) {
        let (Some(players), Some((id, tx))) = (self.plays.get(&key), self.tables.get(&key)) else {
            return;
        };
        let mut orders: Vec<Order> = (players.iter().enumerate())
            .filter(|(_, m)| !seated.contains(&m.id))
            .map(|(seat, m)| Order::Seat {
                player: m.clone(),
                seat,
                stack: Chips::ZERO,
            })
            .collect();
        orders.push(Order::Deal(Permit::Next));
        for o in orders {
            if tx.send(TableCmd::Order(o)).await.is_err() {
                tracing::error!(table = %id, "a Swiss table is gone");
            }
        }
    }

    /// Opens table `key` in the room's lobby (found again if opened before) with a seat for each
    /// of its players, and seats them in a new one.
    async fn open(&mut self, key: Key) {
        if self.tables.contains_key(&key) {
            return;
        }
        let Some(seats) = self.plays.get(&key).map(Vec::len) else {
            return;
        };
        match self.open_table(key, seats).await {
            Some(false) => self.seat(key, &BTreeSet::new()).await,
            Some(true) => {} // seated again once it reports itself restored
            None => {
                self.unopened.insert(key);
            }
        }
    }

    /// Opens table `key` with `seats` seats in the room's lobby (found again if opened before):
    /// whether it was restored from a save. `None` (logged): it could not open yet.
    async fn open_table(&mut self, key: Key, seats: usize) -> Option<bool> {
        let room = self.deps.room.upgrade()?;
        let t = self.deps.fence.tournament.clone();
        let mut options = self.deps.tables.clone();
        // A game deals once every seat is taken (RULES.md §1): as checked again on a takeover.
        (options.seats, options.min_players) = (seats, seats);
        options.name = format!("{} · round {} table {}", options.name, key.0, key.1 + 1);
        match open_table(&room, &t, number(key), options, &self.reports).await {
            Ok((handle, restored)) => {
                self.numbers.insert(handle.id.clone(), key);
                self.tables
                    .insert(key, (handle.id.clone(), handle.tx.clone()));
                room.lobby.insert(handle);
                Some(restored)
            }
            Err(why) => {
                tracing::warn!(tournament = %t, round = key.0, table = key.1, why, "a Swiss table could not open yet");
                None
            }
        }
    }

    /// The tables another node still held when they were to open or close, tried again.
    async fn reopen(&mut self) {
        for key in std::mem::take(&mut self.unopened) {
            self.open(key).await;
        }
        for key in std::mem::take(&mut self.unclosed) {
            self.close_recorded(key).await;
        }
    }

    /// The event is held elsewhere now: its tables here are handed on (each after its game in
    /// play) for the new owner's node to open them.
    async fn hand_on(&mut self) {
        for (id, tx) in self.tables.values() {
            let (done, _) = tokio::sync::oneshot::channel();
            if tx.send(TableCmd::Drain(done)).await.is_ok() {
                tracing::info!(table = %id, "a Swiss table is handed on: its event is held elsewhere");
            }
        }
    }

    /// Gives `write` to the books on a task of its own; the answer comes back as an input.
    fn book(&self, id: WriteId, write: Write) {
        let (room, fence) = (&self.deps.room, &self.deps.fence);
        let booked = move |answer| SwissInput::Booked(id, answer);
        book_on_task(room, fence, &self.shown, write, &self.back, booked);
    }

    /// The event is over: recorded as such, with its last line.
    async fn finished(&self) {
        record_end(&self.deps.room, &self.deps.fence, &self.shown).await;
    }
}
