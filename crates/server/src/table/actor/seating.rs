//! Seats (drawn by lot), the waiting list, seat changes served before it, sitting out and the
//! third missed hand, buy-ins and rebuys booked off the table's task, leaving, and idle tables
//! (RULES.md §2 Table).

use super::*;

impl<L: LiveGame> Actor<L> {
    pub(super) fn seat_of(&self, user: tavolo_store::UserId) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| o.as_ref().is_some_and(|o| o.m.id == user))
    }

    pub(super) fn present(&self, user: tavolo_store::UserId) -> bool {
        self.seat_of(user).is_some()
            || self.waiting.iter().any(|m| m.id == user)
            || self.watchers.contains(&user)
    }

    pub(super) fn presence_changed(&self, user: tavolo_store::UserId) {
        self.room
            .lobby
            .set_presence(user, &self.id, self.present(user));
    }

    pub(super) fn subscribe(&mut self, conn: &Conn) {
        if !self.subs.iter().any(|c| c.id == conn.id) {
            self.subs.push(conn.clone());
        }
    }

    pub(super) fn seat(&mut self, s: usize, m: Member, stack: Chips) {
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
    pub(super) async fn free(&mut self, s: usize) {
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

    pub(super) fn in_live_hand(&self, user: tavolo_store::UserId) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|l| !l.game.is_over() && l.members.iter().any(|m| m.id == user))
    }

    pub(super) async fn intent(&mut self, conn: &Conn, intent: TableIntent) -> Answer {
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
    pub(super) async fn join(
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
        self.subscribe(conn);
        // RULES.md §2: seats are drawn by lot among the free ones.
        let Some(s) = self.draw_free_seat(None) else {
            self.waiting.push_back(conn.user.clone());
            self.presence_changed(uid);
            self.dirty = true;
            return Some((reply, Ok(json!({"waiting": self.waiting.len()}))));
        };
        self.seat(s, conn.user.clone(), 0);
        if !self.o.betting() {
            return Some((reply, Ok(json!({"seat": s}))));
        }
        self.fund(conn.user.clone(), self.o.buy_in, true, reply);
        None
    }

    /// `rebuy`, booked like a buy-in.
    pub(super) fn rebuy(
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

    pub(super) fn fund(
        &mut self,
        m: Member,
        amount: Chips,
        join: bool,
        reply: oneshot::Sender<Answer>,
    ) {
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

    pub(super) async fn funded(&mut self, f: Funded) {
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

    /// RULES.md §2: a free seat drawn by lot (only `wanted`, if given); `None` when there is
    /// none.
    pub(super) fn draw_free_seat(&mut self, wanted: Option<usize>) -> Option<usize> {
        let free: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.seats[s].is_none() && wanted.is_none_or(|w| w == s))
            .collect();
        (!free.is_empty()).then(|| free[self.rng.below(free.len() as u32) as usize])
    }

    /// RULES.md §2: a free seat goes first to the seated players who asked to change seats, in
    /// the order they asked (to the seat asked for, or a free one drawn by lot), and only then to
    /// the waiting list. Each move frees a seat, which may serve an earlier request.
    pub(super) fn serve_seat_changes(&mut self) {
        let mut i = 0;
        while i < self.seat_changes.len() {
            let (uid, want) = self.seat_changes[i];
            let Some(from) = self.seat_of(uid) else {
                self.seat_changes.remove(i);
                continue;
            };
            let Some(to) = self.draw_free_seat(want) else {
                i += 1;
                continue;
            };
            self.seats[to] = self.seats[from].take();
            self.seat_changes.remove(i);
            self.dirty = true;
            tracing::debug!(table = %self.id, from, to, "seat changed");
            i = 0;
        }
    }

    /// Starts or stops the idle clock: a table with nobody but bots, and no hand in play,
    /// closes after `Config::idle_close`.
    pub(super) fn note_idle(&mut self) {
        let playing = self.hand.as_ref().is_some_and(|l| !l.game.is_over());
        if self.has_audience() || playing || !self.waiting.is_empty() {
            self.idle_since = None;
        } else if self.idle_since.is_none() {
            self.idle_since = Some(Instant::now());
        }
    }

    pub(super) fn idle_expired(&self) -> bool {
        self.idle_since
            .is_some_and(|t| t.elapsed() >= self.room.config.idle_close)
    }

    pub(super) fn has_audience(&self) -> bool {
        !self.subs.is_empty() || self.seats.iter().flatten().any(|o| !o.m.bot)
    }
}
