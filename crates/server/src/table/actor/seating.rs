//! The intents about seats (join, the waiting list, seat changes, sitting out, rebuys,
//! leaving, watching), answered by the engine's table model, and the movements of chips it asks
//! for, carried out in the books: a player's buy-in or rebuy on a task of its own (the table
//! goes on meanwhile; its answer comes back with its ticket and touches only the seat that
//! asked), a bot's from the house at once, a cash-out at once. A cash-out the books refuse stops
//! the table.

use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use tavolo_engine::game::Game;
use tavolo_engine::table::{Booking, Change, Departure, TableError, TableEvent, Ticket};
use tokio::sync::{mpsc, oneshot};

use super::{err, Actor};
use crate::books::{proto, Member};
use crate::protocol::{self, AckResult, Answer, Code, ProtoError, ServerMessage};
use crate::table::{Conn, TableIntent};

/// The answer of the books to a buy-in or rebuy booked off the table's task.
pub(super) struct Funded {
    ticket: Ticket,
    result: Result<(), ProtoError>,
}

/// Who waits for the answer to a buy-in or rebuy.
struct Waiter {
    reply: oneshot::Sender<Answer>,
    rebuy: bool,
}

/// Buy-ins and rebuys being booked: their answers' channel, and the intents waiting for them.
pub(super) struct Ledger {
    tx: mpsc::UnboundedSender<Funded>,
    pub(super) answers: mpsc::UnboundedReceiver<Funded>,
    waiting: HashMap<Ticket, Waiter>,
}

impl Ledger {
    pub(super) fn new() -> Ledger {
        let (tx, answers) = mpsc::unbounded_channel();
        Ledger {
            tx,
            answers,
            waiting: HashMap::new(),
        }
    }
}

/// A refusal of the table model as a protocol error.
fn refused(e: TableError) -> ProtoError {
    let code = match e {
        TableError::NotSeated => Code::NotSeated,
        TableError::AlreadyHere => Code::AlreadySeated,
        _ => Code::NotAllowed,
    };
    err(code, e.to_string())
}

/// The ticket of the buy-in or rebuy `change` asks for `user`, if any.
fn ticket_of(change: &Change<Member>, user: tavolo_store::UserId) -> Option<Ticket> {
    change.bookings.iter().find_map(|b| match b {
        Booking::Fund { ticket, player, .. } if player.id == user => Some(*ticket),
        _ => None,
    })
}

impl<G: Game> Actor<G> {
    /// Whether the user is seated, waiting or watching here.
    pub(super) fn present(&self, user: tavolo_store::UserId) -> bool {
        self.seat_of(user).is_some()
            || self.table.waiting().any(|m| m.id == user)
            || self.audience.is_watching(user)
    }

    pub(super) fn seat_of(&self, user: tavolo_store::UserId) -> Option<usize> {
        self.table
            .seats()
            .find(|(_, o)| o.player.id == user)
            .map(|(s, _)| s)
    }

    pub(super) fn presence_changed(&self, user: tavolo_store::UserId) {
        self.room
            .lobby
            .set_presence(user, &self.id, self.present(user));
    }

    /// `join`, `waitlist` and `rebuy`: answered once the ledger has booked the chips (`None`
    /// returned: the answer goes later), or at once.
    pub(super) async fn funding_intent(
        &mut self,
        conn: &Conn,
        intent: TableIntent,
        reply: oneshot::Sender<Answer>,
    ) -> Option<(oneshot::Sender<Answer>, Answer)> {
        let uid = conn.user.id;
        let rebuy = matches!(intent, TableIntent::Rebuy);
        let change = match intent {
            TableIntent::Rebuy => self.table.rebuy(&conn.user),
            TableIntent::Join { buy_in, chain } => match self.may_join(conn, buy_in).await {
                Ok(()) => {
                    let joined = self.table.join(conn.user.clone());
                    if joined.is_ok() {
                        self.seeds.register(uid, chain);
                    }
                    joined
                }
                Err(e) => return Some((reply, Err(e))),
            },
            _ => match self.may_join(conn, None).await {
                Ok(()) => self.table.join(conn.user.clone()),
                Err(e) => return Some((reply, Err(e))),
            },
        };
        let change = match change {
            Ok(c) => c,
            Err(e) => return Some((reply, Err(refused(e)))),
        };
        if !rebuy {
            self.audience.subscribe(conn);
            if !self.audience.is_watching(uid) {
                self.send_chat_backlog(conn);
            }
        }
        let answer = match (
            ticket_of(&change, uid),
            self.table.waiting_place(&conn.user),
        ) {
            (Some(ticket), _) => {
                self.ledger.waiting.insert(ticket, Waiter { reply, rebuy });
                self.book(change).await;
                return None;
            }
            (None, Some(place)) => Ok(AckResult {
                waiting: Some(place),
                ..AckResult::done()
            }),
            (None, None) => Ok(AckResult {
                seat: self.seat_of(uid),
                ..AckResult::done()
            }),
        };
        self.book(change).await;
        Some((reply, answer))
    }

    /// The room's own conditions for joining: the table is open, the buy-in asked is the
    /// table's, and a Saint Poker player can pay the stake.
    async fn may_join(&mut self, conn: &Conn, buy_in: Option<u64>) -> Result<(), ProtoError> {
        if self.closing {
            return Err(err(Code::NotAllowed, "the table is closing"));
        }
        if self.table.is_here(&conn.user) {
            return Err(err(
                Code::AlreadySeated,
                "you are already at this table or on its waiting list",
            ));
        }
        if self.o.betting() && buy_in.is_some_and(|b| b != self.o.buy_in) {
            let m = format!("this table's buy-in is {}", self.o.buy_in);
            return Err(err(Code::InvalidOptions, m));
        }
        if !self.o.betting() && self.o.stake > 0 {
            let balance = self.room.books.balance(conn.user.id).await.map_err(proto)?;
            if balance < self.o.stake as i64 {
                let m = format!("the stake is {}, you have {balance}", self.o.stake);
                return Err(err(Code::InsufficientChips, m));
            }
        }
        Ok(())
    }

    /// Every intent about seats but `join`, `waitlist` and `rebuy`, and actions.
    pub(super) async fn intent(&mut self, conn: &Conn, intent: TableIntent) -> Answer {
        let uid = conn.user.id;
        match intent {
            TableIntent::Act { hand, action } => {
                let started = Instant::now();
                let r = self.act(conn, &hand, &action);
                if r.is_ok() {
                    self.clock.action_started = Some(started);
                }
                r
            }
            TableIntent::Watch => {
                self.audience.watch(conn);
                self.presence_changed(uid);
                let _ = conn.tx.try_send(self.state_for(&conn.user, false));
                self.send_chat_backlog(conn);
                Ok(AckResult::done())
            }
            TableIntent::Unwatch => {
                self.audience.unwatch(
                    uid,
                    self.seat_of(uid).is_some() || self.table.waiting_place(&conn.user).is_some(),
                );
                self.presence_changed(uid);
                Ok(AckResult::done())
            }
            TableIntent::SitOut => {
                self.table.sit_out(&conn.user).map_err(refused)?;
                self.audience.dirty = true;
                Ok(AckResult::done())
            }
            TableIntent::SitIn => {
                self.table.sit_in(&conn.user).map_err(refused)?;
                // Back in: the server stops playing for them, unless they are leaving.
                if let Some(h) = self.table.hand_seat_of(&conn.user) {
                    let leaving = self
                        .seat_of(uid)
                        .and_then(|s| self.table.seat(s))
                        .is_some_and(|o| o.is_leaving());
                    if let Some(live) = self.hand.as_mut() {
                        live.auto[h] = leaving;
                    }
                }
                self.audience.dirty = true;
                Ok(AckResult::done())
            }
            TableIntent::ChangeSeat { seat } => {
                let (place, change) = self
                    .table
                    .request_seat_change(&conn.user, seat)
                    .map_err(refused)?;
                self.book(change).await;
                self.audience.dirty = true;
                Ok(match place {
                    Some(place) => AckResult {
                        seat_change: Some(place),
                        ..AckResult::done()
                    },
                    None => AckResult {
                        seat: self.seat_of(uid),
                        ..AckResult::done()
                    },
                })
            }
            TableIntent::CancelSeatChange => {
                self.table
                    .cancel_seat_change(&conn.user)
                    .map_err(|_| err(Code::NotAllowed, "you have no pending seat change"))?;
                self.audience.dirty = true;
                Ok(AckResult::done())
            }
            TableIntent::Leave => self.leave(&conn.user).await,
            TableIntent::SeedChain { head } => {
                if !self.table.is_here(&conn.user) {
                    return Err(err(Code::NotSeated, "you are not at this table"));
                }
                self.seeds.register(uid, Some(head));
                // Everybody sees where the new chain stands.
                self.audience.dirty = true;
                Ok(AckResult::done())
            }
            TableIntent::Reveal { value } => {
                self.seeds.reveal(uid, value)?;
                self.audience.private_change(uid);
                Ok(AckResult::done())
            }
            TableIntent::AddBot => self.add_bot(conn).await,
            TableIntent::Chat { text } => self.chat_line(conn, text),
            TableIntent::Join { .. } | TableIntent::Waitlist | TableIntent::Rebuy => {
                Err(err(Code::Internal, "handled by the table's loop"))
            }
        }
    }

    /// `add_bot`: the table's creator seats another bot of the table's level, for the same
    /// buy-in or stake as the others, if a seat is free and nobody waits for one.
    async fn add_bot(&mut self, conn: &Conn) -> Answer {
        if self.creator != Some(conn.user.id) {
            return Err(err(
                Code::NotAllowed,
                "only the player who created the table adds bots to it",
            ));
        }
        if self.closing {
            return Err(err(Code::NotAllowed, "the table is closing"));
        }
        let taken = self.table.seats().count();
        if taken >= self.o.seats {
            return Err(err(Code::NotAllowed, "every seat is taken"));
        }
        if self.table.waiting().next().is_some() {
            return Err(err(
                Code::NotAllowed,
                "players are waiting for a seat: they come first",
            ));
        }
        self.room.bots_allowed(&self.o)?;
        let bot = self.room.new_bot(&self.id, self.bots_made, &self.o).await?;
        self.bots_made += 1;
        let id = bot.id;
        let change = self.table.join(bot).map_err(refused)?;
        self.book(change).await;
        self.audience.dirty = true;
        Ok(AckResult {
            seat: self.seat_of(id),
            ..AckResult::done()
        })
    }

    /// `chat`: a line from a player (seated or waiting), or from a spectator where the table
    /// lets spectators chat, to everybody at the table.
    fn chat_line(&mut self, conn: &Conn, text: String) -> Answer {
        let uid = conn.user.id;
        let seat = self.seat_of(uid);
        let player = seat.is_some() || self.table.waiting_place(&conn.user).is_some();
        if !player {
            if !self.audience.is_watching(uid) {
                return Err(err(Code::NotSeated, "you are not at this table"));
            }
            if !self.o.spectator_chat {
                return Err(err(
                    Code::NotAllowed,
                    "only players chat at this table (spectator_chat is off)",
                ));
            }
        }
        let line = self.chat.say(&conn.user, seat, text, self.clock.now())?;
        let msg: axum::extract::ws::Utf8Bytes = ServerMessage::<serde_json::Value>::Chat {
            v: protocol::VERSION,
            table: self.id.clone(),
            lines: vec![line],
        }
        .to_json()
        .into();
        self.audience.send_all(&msg);
        Ok(AckResult::done())
    }

    /// The chat kept so far, to a connection that arrives.
    pub(super) fn send_chat_backlog(&self, conn: &Conn) {
        let lines = self.chat.backlog();
        if lines.is_empty() {
            return;
        }
        let msg = ServerMessage::<serde_json::Value>::Chat {
            v: protocol::VERSION,
            table: self.id.clone(),
            lines,
        }
        .to_json();
        let _ = conn.tx.try_send(msg.into());
    }

    async fn leave(&mut self, m: &Member) -> Answer {
        let was_waiting = self.table.waiting_place(m).is_some();
        let stack = self.table.stack_of(m).unwrap_or(0);
        let change = self.table.leave(m).map_err(|e| match e {
            TableError::NotSeated => err(Code::NotSeated, "you are not seated at this table"),
            e => refused(e),
        })?;
        let leaving = change
            .events
            .iter()
            .any(|e| matches!(e, TableEvent::Leaving { player, .. } if player.id == m.id));
        if leaving {
            // The server plays for them for the rest of the hand.
            if let (Some(h), Some(live)) = (self.table.hand_seat_of(m), self.hand.as_mut()) {
                live.auto[h] = true;
            }
        }
        self.book(change).await;
        self.audience.dirty = true;
        Ok(if was_waiting {
            AckResult::done()
        } else if leaving {
            AckResult {
                leaving: Some(true),
                ..AckResult::done()
            }
        } else {
            AckResult {
                stack: Some(stack),
                ..AckResult::done()
            }
        })
    }

    /// Carries out what the table model asked: cash-outs and bots' buy-ins at once, players'
    /// buy-ins and rebuys on tasks of their own; then tells the room what changed.
    pub(super) async fn book(&mut self, change: Change<Member>) {
        let mut todo: Vec<Booking<Member>> = change.bookings;
        self.note(change.events);
        while let Some(b) = todo.pop() {
            match b {
                Booking::Fund {
                    ticket,
                    player,
                    amount,
                    rebuy,
                    ..
                } if player.bot => {
                    let key = self.key(if rebuy { "bot_rebuy" } else { "bot_in" }, player.id);
                    let booked = self
                        .room
                        .books
                        .to_seat(key, &self.fence, &player, amount)
                        .await;
                    if booked.as_ref().is_err_and(crate::node::taken_over) {
                        self.lost = true;
                        return;
                    }
                    if let Err(e) = &booked {
                        tracing::error!(table = %self.id, error = %e, "a bot's buy-in failed");
                    }
                    if let Ok(c) = self.table.funded(ticket, booked.is_ok()) {
                        todo.extend(c.bookings);
                        self.note(c.events);
                    }
                }
                Booking::Fund {
                    ticket,
                    player,
                    amount,
                    rebuy,
                    ..
                } => {
                    let key = self.key(if rebuy { "rebuy" } else { "in" }, player.id);
                    let (books, fence, tx) = (
                        self.room.books.clone(),
                        self.fence.clone(),
                        self.ledger.tx.clone(),
                    );
                    let gate = self.room.config.funding_gate.clone();
                    tokio::spawn(async move {
                        let _permit = match &gate {
                            Some(g) => g.acquire().await.ok(),
                            None => None,
                        };
                        let result = books
                            .to_seat(key, &fence, &player, amount)
                            .await
                            .map_err(proto);
                        let _ = tx.send(Funded { ticket, result });
                    });
                }
                Booking::CashOut { player, amount, .. } => {
                    let key = self.key("out", player.id);
                    let paid = self
                        .room
                        .books
                        .from_seat(key, &self.fence, &player, amount)
                        .await;
                    if paid.as_ref().is_err_and(crate::node::taken_over) {
                        self.lost = true;
                        return;
                    }
                    if let Err(e) = paid {
                        let why = format!(
                            "the books refused to cash out {amount} chips to {}: {e}",
                            player.name
                        );
                        self.halt(why);
                    }
                }
            }
        }
    }

    /// The books answered a player's buy-in or rebuy.
    pub(super) async fn funded(&mut self, f: Funded) {
        let waiter = self.ledger.waiting.remove(&f.ticket);
        let change = match self.table.funded(f.ticket, f.result.is_ok()) {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "an answer of the books for no request");
                return;
            }
        };
        let answer = change.events.iter().find_map(|e| match e {
            TableEvent::Funded { seat, amount, .. } => Some(Ok(match &waiter {
                Some(w) if w.rebuy => AckResult {
                    stack: Some(*amount),
                    ..AckResult::done()
                },
                _ => AckResult {
                    seat: Some(*seat),
                    ..AckResult::done()
                },
            })),
            TableEvent::Left { .. } | TableEvent::RebuyRefused { .. } => {
                Some(Err(f.result.clone().err().unwrap_or_else(|| {
                    err(Code::Internal, "the books refused the chips")
                })))
            }
            _ => None,
        });
        let answer = answer.unwrap_or_else(|| {
            Err(err(
                Code::NotSeated,
                "you left the table before your buy-in was booked; it goes back to your account",
            ))
        });
        self.book(change).await;
        self.flush();
        if let Some(w) = waiter {
            let _ = w.reply.send(answer);
        }
    }

    /// Tells the room what the table model did: presence, the seated-players gauge, time banks,
    /// and a last state for a player who is gone.
    pub(super) fn note(&mut self, events: Vec<TableEvent<Member>>) {
        for e in events {
            self.audience.dirty = true;
            match e {
                TableEvent::Seated { player, .. } => {
                    self.room.metrics.players.fetch_add(1, Relaxed);
                    self.clock.seated(player.id);
                    self.presence_changed(player.id);
                }
                TableEvent::Left { player, why, .. } => {
                    self.room.metrics.players.fetch_sub(1, Relaxed);
                    self.clock.left(player.id);
                    if why == Departure::MissedHands {
                        tracing::debug!(table = %self.id, user = player.id.0, "a third missed hand");
                    }
                    self.gone(&player);
                }
                TableEvent::Waiting { player, .. } | TableEvent::Unlisted { player } => {
                    self.presence_changed(player.id);
                    if !self.present(player.id) {
                        self.audience.forget(player.id);
                    }
                }
                TableEvent::Moved { from, to, .. } => {
                    tracing::debug!(table = %self.id, from, to, "seat changed");
                }
                TableEvent::Halted { reason } => {
                    tracing::error!(table = %self.id, reason, "the table stopped dealing");
                }
                TableEvent::Funded { .. }
                | TableEvent::RebuyRefused { .. }
                | TableEvent::Leaving { .. }
                | TableEvent::HandStarted { .. } => {}
            }
        }
    }

    /// A player gave up their seat: a last state (no seat) to their connections, then they hear
    /// no more unless they are still here otherwise.
    fn gone(&mut self, m: &Member) {
        self.chat.forget(m.id);
        self.presence_changed(m.id);
        if !self.present(m.id) {
            let last = self.state_for(m, false);
            self.audience.send_to(m.id, &last);
            self.audience.forget(m.id);
        }
    }

    /// The books and the table disagree: the table stops dealing and says so (RULES: money is
    /// never silently wrong).
    pub(super) fn halt(&mut self, reason: String) {
        self.room.metrics.ledger_refusals.fetch_add(1, Relaxed);
        let change = self.table.halt(reason);
        self.note(change.events);
    }

    /// Starts or stops the idle clock: a table with nobody but bots, and no hand in play,
    /// closes after `Config::idle_close`.
    pub(super) fn note_idle(&mut self) {
        let playing = self.hand.as_ref().is_some_and(|l| !l.played.game.is_over());
        let busy = self.has_audience() || playing || self.table.waiting().next().is_some();
        self.clock.note_idle(busy);
    }

    pub(super) fn idle_expired(&self) -> bool {
        self.clock.idle_expired(self.room.config.idle_close)
    }

    pub(super) fn has_audience(&self) -> bool {
        self.audience.has_subscribers() || self.table.seats().any(|(_, o)| !o.player.bot)
    }
}
