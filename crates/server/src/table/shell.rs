//! The async shell around a table's core: it turns commands, the books' answers, bots'
//! decisions and timers into [`Input`]s, hands them to the core with the time, and carries out
//! the [`Effect`]s — frames onto connections' queues, answers to intents, writes against the
//! books (each on a task of its own, its answer fed back), bots on the blocking pool, the
//! lobby's line, presence and metrics. It decides nothing.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use tavolo_engine::game::Game;
use tavolo_store::{Account, Fence, StoreError};
use tokio::sync::{mpsc, oneshot};

use super::core::{BookAnswer, BookFailure, Booked, Count, Effect, Input, Now, TableCore, Write};
use super::{Conn, Reply, TableCmd, TableDeps};
use crate::error::RoomError;
use crate::protocol::{answer_json, AckResult, TableSummary};
use crate::sessions::Outbound;
use crate::time::Time;

/// What the shell holds besides the core.
struct Shell<G: Game> {
    deps: TableDeps,
    fence: Fence,
    rx: mpsc::Receiver<TableCmd>,
    /// Answers of the books and bots' decisions, fed back to the core.
    back: mpsc::UnboundedSender<Input<G>>,
    conns: HashMap<u64, Conn>,
    /// Intents waiting for their answer: the connection and where the answer goes.
    replies: HashMap<u64, (u64, Reply)>,
    next_reply: u64,
    summary: Arc<Mutex<TableSummary>>,
    /// Who waits for the table to stop (a shutdown or a drain).
    waiters: Vec<oneshot::Sender<()>>,
}

/// The time now, by the room's clock.
fn now(deps: &TableDeps) -> Now {
    let unix_ms =
        (SystemTime::now().duration_since(UNIX_EPOCH)).map_or(0, |d| d.as_millis() as u64);
    Now {
        at: deps.time.now(),
        unix_ms,
    }
}

/// Runs table `core` until its work is over; `first`: the effects of making it.
pub(super) async fn run<G: Game>(
    mut core: TableCore<G>,
    first: Vec<Effect<G>>,
    (deps, fence): (TableDeps, Fence),
    rx: mpsc::Receiver<TableCmd>,
    summary: Arc<Mutex<TableSummary>>,
) {
    deps.metrics.tables.fetch_add(1, Relaxed);
    let (back, mut answers) = mpsc::unbounded_channel();
    let mut shell = Shell {
        deps,
        fence,
        rx,
        back,
        conns: HashMap::new(),
        replies: HashMap::new(),
        next_reply: 1,
        summary,
        waiters: Vec::new(),
    };
    let mut stopped = shell.carry_out(first);
    let mut pending = shell.note_pending(0, core.pending_count());
    let mut alarm = Alarm::default();
    while !stopped {
        alarm.aim(core.next_wake(), &shell.deps.time);
        let mut action_at = None;
        let input = tokio::select! {
            cmd = shell.rx.recv() => match cmd {
                Some(cmd) => {
                    action_at = cmd.is_action().then(Instant::now);
                    shell.input(cmd)
                }
                None => Some(Input::Shutdown),
            },
            Some(input) = answers.recv() => Some(input),
            _ = alarm.rings() => {
                shell.deps.metrics.timer_wakes.fetch_add(1, Relaxed);
                Some(Input::Tick)
            }
        };
        let Some(input) = input else { continue };
        let effects = core.handle(input, now(&shell.deps));
        stopped = shell.carry_out(effects);
        pending = shell.note_pending(pending, if stopped { 0 } else { core.pending_count() });
        if let Some(t) = action_at {
            shell.deps.metrics.observe_action(t.elapsed());
        }
    }
    for w in shell.waiters.drain(..) {
        let _ = w.send(());
    }
    shell.deps.metrics.tables.fetch_sub(1, Relaxed);
}

/// The table's one timer. A wake-up that moves later keeps the timer already set (it rings
/// early, the core finds nothing due and says when to wake next): every action moves the clock's
/// deadline on, and setting a timer per action cost the node a timer registration and removal
/// each time.
#[derive(Default)]
struct Alarm {
    set: Option<(Instant, Ring)>,
}

/// The wait of an [`Alarm`] that is set.
type Ring = Pin<Box<dyn Future<Output = ()> + Send>>;

impl Alarm {
    /// Makes the alarm ring no later than `wake` (none: no need to ring).
    fn aim(&mut self, wake: Option<Instant>, time: &Time) {
        let Some(at) = wake else { return };
        if self.set.as_ref().is_some_and(|(set, _)| *set <= at) {
            return;
        }
        let time = time.clone();
        self.set = Some((at, Box::pin(async move { time.sleep_until(at).await })));
    }

    /// Rings when the time set comes (never, when none is set); it is unset once it rang.
    async fn rings(&mut self) {
        match &mut self.set {
            Some((_, sleep)) => {
                sleep.await;
                self.set = None;
            }
            None => std::future::pending().await,
        }
    }
}

impl<G: Game> Shell<G> {
    /// A command as an input for the core (`None`: handled here).
    fn input(&mut self, cmd: TableCmd) -> Option<Input<G>> {
        match cmd {
            TableCmd::Intent {
                conn,
                intent,
                reply,
            } => {
                let id = self.next_reply;
                self.next_reply += 1;
                self.replies.insert(id, (conn.id, reply));
                let (c, user) = (conn.id, conn.user.clone());
                self.conns.insert(conn.id, conn);
                Some(Input::Intent {
                    conn: c,
                    user,
                    intent,
                    reply: id,
                })
            }
            TableCmd::Attach(conn) => {
                let (c, user) = (conn.id, conn.user.clone());
                self.conns.insert(conn.id, conn);
                Some(Input::Attach { conn: c, user })
            }
            TableCmd::Detach(id) => {
                self.conns.remove(&id);
                Some(Input::Detach(id))
            }
            TableCmd::Order(order) => Some(Input::Order(order)),
            TableCmd::Shutdown(done) => {
                self.waiters.push(done);
                Some(Input::Shutdown)
            }
            TableCmd::Drain(done) => {
                self.waiters.push(done);
                Some(Input::Drain)
            }
            TableCmd::Lost => Some(Input::Lost),
        }
    }

    /// Carries out the core's effects; whether the table's work is over.
    fn carry_out(&mut self, effects: Vec<Effect<G>>) -> bool {
        let mut stopped = false;
        // An answer goes onto its connection's queue with the first frame the same step sends
        // it (the state the intent changed), as one item: the writer sends both in one write.
        let (replies, effects): (Vec<_>, Vec<_>) =
            (effects.into_iter()).partition(|e| matches!(e, Effect::Answer(..)));
        let mut answers: Vec<(u64, Utf8Bytes)> = (replies.into_iter())
            .filter_map(|e| match e {
                Effect::Answer(reply, answer) => self.tell(reply, answer),
                _ => None,
            })
            .collect();
        for e in effects {
            match e {
                Effect::Send(conn, frame) => {
                    let out = match answers.iter().position(|(c, _)| *c == conn) {
                        Some(i) => Outbound::Two(frame, answers.swap_remove(i).1),
                        None => Outbound::One(frame),
                    };
                    self.queue(conn, out);
                }
                Effect::Answer(..) => {}
                Effect::Book(id, write) => self.book(id, write),
                Effect::Think(ask) => {
                    let back = self.back.clone();
                    tokio::task::spawn_blocking(move || {
                        let _ = back.send(Input::Thought(ask.think()));
                    });
                }
                Effect::Summary(s) => {
                    if let Ok(mut mine) = self.summary.lock() {
                        *mine = s.clone();
                    }
                    self.deps.notices.summary(&s);
                }
                Effect::Presence(user, here) => {
                    self.deps.notices.presence(user, &self.fence.table, here)
                }
                Effect::Count(c) => self.count(c),
                Effect::Stopped(how) => {
                    self.deps.notices.stopped(&self.fence.table, how);
                    stopped = true;
                }
                Effect::Report(r) => match &self.deps.reports {
                    Some(sink) => {
                        if sink.send((self.fence.table.clone(), r)).is_err() {
                            tracing::warn!(table = %self.fence.table, "the tournament's coordinator is gone");
                        }
                    }
                    None => {
                        tracing::warn!(table = %self.fence.table, report = ?r, "a tournament report with no coordinator")
                    }
                },
            }
        }
        for (conn, answer) in answers {
            self.queue(conn, Outbound::One(answer));
        }
        // Connections whose user the core no longer knows of are not kept.
        self.conns.retain(|_, c| !c.tx.is_closed());
        stopped
    }

    /// Puts `frame` on connection `conn`'s queue. A connection that cannot keep up is closed;
    /// it reconnects and says hello.
    fn queue(&self, conn: u64, frame: Outbound) {
        if let Some(c) = self.conns.get(&conn) {
            if c.tx.try_send(frame).is_err() {
                c.kick.notify_one();
            }
        }
    }

    /// The answer under `reply`: written, kept for replay and told to the reader waiting for
    /// it; returned with its connection, to be queued. Nothing when nobody waits any more (the
    /// reader gave up and answered itself).
    fn tell(
        &mut self,
        reply: u64,
        answer: Result<AckResult, RoomError>,
    ) -> Option<(u64, Utf8Bytes)> {
        let (conn, r) = self.replies.remove(&reply)?;
        if r.told.is_closed() {
            return None;
        }
        let answer = answer.map_err(|e| e.to_wire());
        let text: Utf8Bytes = answer_json(Some(r.seq), &answer).into();
        r.answers.keep(r.seq, &answer, &text);
        let _ = r.told.send(answer);
        Some((conn, text))
    }

    /// The room's gauge of pending writes follows this table's count (`was` before, `now`).
    fn note_pending(&self, was: usize, now: usize) -> usize {
        let m = &self.deps.metrics.pending_writes;
        if now > was {
            m.fetch_add((now - was) as u64, Relaxed);
        } else if was > now {
            m.fetch_sub((was - now) as u64, Relaxed);
        }
        now
    }

    fn count(&self, c: Count) {
        let m = &self.deps.metrics;
        match c {
            Count::Seated => m.players.fetch_add(1, Relaxed),
            Count::Left => m.players.fetch_sub(1, Relaxed),
            Count::HandFinished => m.hands.fetch_add(1, Relaxed),
            Count::LedgerRefusal => m.ledger_refusals.fetch_add(1, Relaxed),
            Count::StaleEpoch => m.stale_epoch_writes.fetch_add(1, Relaxed),
            Count::Action => 0,
        };
    }

    /// Gives `write` to the books on a task of its own; its answer comes back as an input.
    fn book(&self, id: u64, write: Write) {
        let (deps, fence, back) = (self.deps.clone(), self.fence.clone(), self.back.clone());
        tokio::spawn(async move {
            let answer = execute(&deps, &fence, write).await;
            let _ = back.send(Input::Booked(id, answer));
        });
    }
}

/// Whether a movement is a player's buy-in (the tests' funding gate holds those).
fn players_buy_in(write: &Write) -> bool {
    matches!(write, Write::Move(j) if j.kind == "buy_in" && j.legs.iter().any(|(a, amount)| matches!(a, Account::User(_)) && *amount < 0))
}

/// Carries out one write against the books.
async fn execute(deps: &TableDeps, fence: &Fence, write: Write) -> BookAnswer {
    let _permit = match (&deps.funding_gate, players_buy_in(&write)) {
        (Some(g), true) => g.acquire().await.ok(),
        _ => None,
    };
    let store = deps.books.store();
    fn done<T>(r: Result<T, StoreError>) -> Result<Booked, StoreError> {
        r.map(|_| Booked::Done)
    }
    let result = match write {
        Write::Move(j) => match store.transfer_fenced(fence, &j).await {
            // A cash-out says what of it went back over the guest cap (read under its key: a
            // retry of a cash-out already recorded says it too).
            Ok(_) if j.kind == "cash_out" => match store.over_guest_cap(&j.key).await {
                Ok(n) if n.is_zero() => Ok(Booked::Done),
                Ok(n) => Ok(Booked::OverGuestCap(n)),
                Err(e) => Err(e),
            },
            r => done(r),
        },
        Write::Begin(hand) => store.begin_hand(&hand).await.map(Booked::Hand),
        Write::Finish(id, f) => done(store.finish_hand(id, &f).await),
        Write::Void(id, why) => done(store.void_hand(id, Some(fence), &why).await),
        Write::Save(s) => done(store.save_table(fence, &s).await),
        Write::Close => done(store.close_table(&fence.table, Some(fence)).await),
        Write::Release(s) => {
            let saved = store.save_table(fence, &s).await;
            done(saved.and(store.release_table(fence).await))
        }
        Write::NewBot(n) => super::bots::new_bot(&deps.books, &fence.table, n, &deps.options)
            .await
            .map(Booked::Bot),
    };
    result.map_err(failure)
}

/// The store's error as the core reads it: for good, fenced, or not yet.
pub(crate) fn failure(e: StoreError) -> BookFailure {
    match e {
        StoreError::Fenced { .. } => BookFailure::Fenced,
        StoreError::InsufficientFunds { ref account, .. } => BookFailure::Refused {
            short: Some(account.clone()),
            why: e.to_string(),
        },
        StoreError::Db(_) | StoreError::GroupCommit(_) => BookFailure::Unavailable(e.to_string()),
        other => BookFailure::Refused {
            short: None,
            why: other.to_string(),
        },
    }
}
