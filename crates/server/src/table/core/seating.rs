//! The intents of viewers, answered by the engine's table model (seats, the waiting list, seat
//! changes, sitting out, buy-ins and rebuys, leaving), the game (actions), the chat and the
//! seeds; and the movements of chips the table model asks for, given to the books. An intent
//! that moves chips is answered with the books' first answer: what they recorded, or that it is
//! pending (sent again until they record it); never what they refused.

use tavolo_engine::table::{Booking, Change, Departure, TableError, TableEvent, Ticket};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::{
    BookAnswer, BookFailure, Booked, ConnId, Count, Effect, ReplyId, TableIntent, Write, WriteId,
};
use super::money::Purpose;
use super::{Reply, Stage, TableCore};
use crate::books::{self, Member};
use crate::error::RoomError;
use crate::protocol::AckResult;

/// What a `join` asks for: a seat chosen, the buy-in, the head of a seed chain.
#[derive(Clone, Copy)]
struct JoinAsk {
    seat: Option<usize>,
    buy_in: Option<Chips>,
    chain: Option<[u8; 32]>,
}

impl<G: tavolo_engine::game::Game> TableCore<G> {
    /// Answers an intent now, or once the books have answered the write it made.
    pub(super) fn intent(
        &mut self,
        conn: ConnId,
        user: &Member,
        intent: TableIntent,
        reply: ReplyId,
    ) {
        let answer = match intent {
            TableIntent::Join {
                seat,
                buy_in,
                chain,
            } => {
                let ask = JoinAsk {
                    seat,
                    buy_in,
                    chain,
                };
                self.join(conn, user, Some(ask), reply)
            }
            TableIntent::Waitlist => self.join(conn, user, None, reply),
            TableIntent::Rebuy => self.rebuy(user, reply),
            TableIntent::Leave | TableIntent::SitOut if self.kind.is_tournament() => {
                Some(self.away(user))
            }
            TableIntent::Leave => self.leave(user, reply),
            TableIntent::AddBot => self.add_bot(user, reply),
            other => Some(self.simple_intent(conn, user, other)),
        };
        if let Some(answer) = answer {
            self.out.push(Effect::Answer(reply, answer));
        }
    }

    /// The intents answered at once.
    fn simple_intent(
        &mut self,
        conn: ConnId,
        user: &Member,
        intent: TableIntent,
    ) -> Result<AckResult, RoomError> {
        let uid = user.id;
        match intent {
            TableIntent::Act { hand, action } => {
                self.act(user, &hand, &action).map(|()| AckResult::done())
            }
            TableIntent::Watch => {
                let fresh = !self.audience.is_watching(uid);
                self.audience.watch(conn, user);
                if fresh {
                    self.send_chat_backlog(conn);
                }
                Ok(AckResult::done())
            }
            TableIntent::Unwatch => {
                self.audience.unwatch(uid);
                self.lost_seats.remove(&uid);
                Ok(AckResult::done())
            }
            TableIntent::SitOut => {
                self.table.sit_out(user).map_err(RoomError::Seating)?;
                Ok(AckResult::done())
            }
            TableIntent::SitIn => {
                self.table.sit_in(user).map_err(RoomError::Seating)?;
                self.stop_auto(user);
                Ok(AckResult::done())
            }
            TableIntent::ChangeSeat { seat } => {
                let (place, change) =
                    (self.table.request_seat_change(user, seat)).map_err(RoomError::Seating)?;
                self.book(change, None);
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
                    .cancel_seat_change(user)
                    .map_err(|_| RoomError::NoSeatChange)?;
                Ok(AckResult::done())
            }
            TableIntent::SeedChain { head } => {
                if !self.table.is_here(user) {
                    return Err(RoomError::NotHere);
                }
                self.seeds.register(uid, Some(head));
                Ok(AckResult::done())
            }
            TableIntent::Reveal { value } => {
                self.seeds.reveal(uid, value).map(|()| AckResult::done())
            }
            TableIntent::Chat { text } => self.chat_line(user, text),
            TableIntent::Join { .. }
            | TableIntent::Waitlist
            | TableIntent::Rebuy
            | TableIntent::Leave
            | TableIntent::AddBot => {
                Err(RoomError::Internal("an intent answered elsewhere".into()))
            }
        }
    }

    /// `join` (with the seat and buy-in asked and a seed chain) or `waitlist`: a seat (funded
    /// by the books before a chip is the player's) or a place on the waiting list.
    fn join(
        &mut self,
        conn: ConnId,
        user: &Member,
        join: Option<JoinAsk>,
        reply: ReplyId,
    ) -> Option<Result<AckResult, RoomError>> {
        if let Err(e) = self.may_join(user, join.and_then(|j| j.buy_in)) {
            return Some(Err(e));
        }
        let wanted = join.and_then(|j| j.seat);
        let change = match self.table.join_at(user.clone(), wanted) {
            Ok(c) => c,
            Err(e) => return Some(Err(RoomError::Seating(e))),
        };
        self.lost_seats.remove(&user.id);
        if let Some(j) = join {
            self.seeds.register(user.id, j.chain);
        }
        let fresh = !self.audience.is_subscribed(conn);
        self.audience.subscribe(conn, user);
        if fresh && !self.audience.is_watching(user.id) {
            self.send_chat_backlog(conn);
        }
        let ticket = ticket_of(&change, user.id);
        let seat = self.seat_of(user.id);
        let waiting = self.table.waiting_place(user);
        self.book(
            change,
            ticket.zip(seat).map(|(t, s)| (t, reply, Reply::Seat(s))),
        );
        match (ticket, waiting) {
            (Some(_), _) => None,
            (None, Some(place)) => Some(Ok(AckResult {
                waiting: Some(place),
                ..AckResult::done()
            })),
            (None, None) => Some(Ok(AckResult {
                seat: self.seat_of(user.id),
                ..AckResult::done()
            })),
        }
    }

    /// The room's own conditions for joining: the table is open, the buy-in asked is the
    /// table's, and no chips of the player's last seat here are still on their way.
    fn may_join(&self, user: &Member, buy_in: Option<Chips>) -> Result<(), RoomError> {
        if self.stage != Stage::Open {
            return Err(RoomError::Closing);
        }
        if self.table.is_here(user) {
            return Err(RoomError::Seating(TableError::AlreadyHere));
        }
        if self.o.betting() && buy_in.is_some_and(|b| b != self.o.buy_in) {
            return Err(RoomError::BuyIn(self.o.buy_in));
        }
        let going = self.money.cashing_out(user.id);
        if going > 0 {
            return Err(RoomError::CashOutPending(going));
        }
        Ok(())
    }

    /// `rebuy`: answered once the books have funded it (or said it is pending).
    fn rebuy(&mut self, user: &Member, reply: ReplyId) -> Option<Result<AckResult, RoomError>> {
        let change = match self.table.rebuy(user) {
            Ok(c) => c,
            Err(e) => return Some(Err(RoomError::Seating(e))),
        };
        let ticket = ticket_of(&change, user.id);
        self.book(
            change,
            ticket.map(|t| (t, reply, Reply::Rebuy(self.table.rules().rebuy))),
        );
        None
    }

    /// `leave`: off the waiting list at once; out of the hand at its end; or cashed out, answered
    /// once the books have moved the chips (or said it is pending).
    fn leave(&mut self, m: &Member, reply: ReplyId) -> Option<Result<AckResult, RoomError>> {
        let was_waiting = self.table.waiting_place(m).is_some();
        let stack = self.table.stack_of(m).unwrap_or(Chips::ZERO);
        let change = match self.table.leave(m) {
            Ok(c) => c,
            Err(TableError::NotSeated) => return Some(Err(RoomError::NotSeatedHere)),
            Err(e) => return Some(Err(RoomError::Seating(e))),
        };
        let leaving = (change.events.iter())
            .any(|e| matches!(e, TableEvent::Leaving { player, .. } if player.id == m.id));
        if leaving {
            self.start_auto(m);
        }
        let cash_out = (change.bookings.iter())
            .any(|b| matches!(b, Booking::CashOut { player, .. } if player.id == m.id));
        self.book_leave(
            change,
            cash_out.then_some((m.id, reply, Reply::Stack(stack))),
        );
        if cash_out {
            return None;
        }
        Some(Ok(if was_waiting {
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
        }))
    }

    /// `add_bot`: the table's creator seats another bot of the table's level, once the books
    /// have made its account, if a seat is free and nobody waits for one.
    fn add_bot(&mut self, user: &Member, reply: ReplyId) -> Option<Result<AckResult, RoomError>> {
        let refusal = if self.creator != Some(user.id) {
            Some(RoomError::NotCreator)
        } else if self.stage != Stage::Open {
            Some(RoomError::Closing)
        } else if self.table.seats().count() >= self.o.seats {
            Some(RoomError::SeatsTaken)
        } else if self.table.waiting().next().is_some() {
            Some(RoomError::PlayersWaiting)
        } else {
            None
        };
        if let Some(e) = refusal {
            return Some(Err(e));
        }
        let n = self.bots_made;
        self.bots_made += 1;
        let id = self.submit(Write::NewBot(n), Purpose::NewBot);
        self.replies.push((id, reply, Reply::Bot));
        None
    }

    /// The books made the account of a bot the creator asked for: it sits down.
    pub(super) fn bot_made(&mut self, id: WriteId, answer: BookAnswer) {
        let reply = self.take_reply(id);
        let answer = match answer {
            Ok(Booked::Bot(bot)) => {
                let uid = bot.id;
                match self.table.join(bot) {
                    Ok(change) => {
                        self.book(change, None);
                        Ok(AckResult {
                            seat: self.seat_of(uid),
                            ..AckResult::done()
                        })
                    }
                    Err(e) => Err(RoomError::Seating(e)),
                }
            }
            Ok(_) => Err(RoomError::Internal("no bot account".into())),
            Err(e) => Err(RoomError::from(e)),
        };
        if let Some((reply, _)) = reply {
            self.out.push(Effect::Answer(reply, answer));
        }
    }

    /// `chat`: a line from a player (seated or waiting), or from a spectator where the table
    /// lets spectators chat, to everybody at the table.
    fn chat_line(&mut self, user: &Member, text: String) -> Result<AckResult, RoomError> {
        let uid = user.id;
        let seat = self.seat_of(uid);
        let player = seat.is_some() || self.table.waiting_place(user).is_some();
        if !player {
            if !self.audience.is_watching(uid) {
                return Err(RoomError::NotHere);
            }
            if !self.o.spectator_chat {
                return Err(RoomError::SpectatorChatOff);
            }
        }
        self.chat.prune(self.now.at);
        let line = self
            .chat
            .say(user, seat, text, (self.now.at, self.now.unix_ms))?;
        let frame = super::view::chat_frame(&self.id, vec![line]);
        self.audience.send_all(&frame, &mut self.out);
        Ok(AckResult::done())
    }

    /// The chat kept so far, to a connection that arrives.
    pub(super) fn send_chat_backlog(&mut self, conn: ConnId) {
        let lines = self.chat.backlog();
        if !lines.is_empty() {
            let frame = super::view::chat_frame(&self.id, lines);
            self.out.push(Effect::Send(conn, frame));
        }
    }

    /// A connection says hello: if its user is here (or has chips on their way), it is sent
    /// the table and its chat.
    pub(super) fn attach(&mut self, conn: ConnId, user: &Member) {
        if self.is_present(user.id) || self.money.cashing_out(user.id) > 0 {
            self.audience.subscribe(conn, user);
            self.audience.resend(conn);
            self.send_chat_backlog(conn);
        }
    }

    /// A leave's change: its cash-out answers the `leave` waiting for it.
    fn book_leave(&mut self, change: Change<Member>, waiter: Option<(UserId, ReplyId, Reply)>) {
        self.note(&change.events);
        for b in change.bookings {
            let reply = match (&b, waiter) {
                (Booking::CashOut { player, .. }, Some((u, r, x))) if player.id == u => {
                    Some((r, x))
                }
                _ => None,
            };
            self.booking(b, reply);
        }
    }

    /// Carries out what the table model asked: buy-ins and rebuys, and cash-outs, given to the
    /// books; `waiter`: the intent that waits for the buy-in or rebuy with this ticket.
    pub(super) fn book(
        &mut self,
        change: Change<Member>,
        waiter: Option<(Ticket, ReplyId, Reply)>,
    ) {
        self.note(&change.events);
        for b in change.bookings {
            let reply = match (&b, waiter) {
                (Booking::Fund { ticket, .. }, Some((t, r, x))) if *ticket == t => Some((r, x)),
                _ => None,
            };
            self.booking(b, reply);
        }
    }

    fn booking(&mut self, b: Booking<Member>, reply: Option<(ReplyId, Reply)>) {
        let id = match b {
            Booking::Fund {
                ticket,
                player,
                amount,
                rebuy,
                ..
            } => {
                let kind = if rebuy { "rebuy" } else { "in" };
                let key = self.money.key(kind, player.id);
                match books::buy_in(key, &self.id, &player, amount) {
                    Ok(j) => Some(self.submit(
                        Write::Move(j),
                        Purpose::Fund {
                            ticket,
                            user: player.id,
                            amount,
                            rebuy,
                        },
                    )),
                    Err(e) => {
                        tracing::error!(table = %self.id, error = %e, "a buy-in the books cannot take");
                        if let Ok(c) = self.table.funded(ticket, false) {
                            self.book(c, None);
                        }
                        None
                    }
                }
            }
            Booking::CashOut { player, amount, .. } => self.cash_out(
                &player,
                amount,
                Purpose::CashOut {
                    user: player.id,
                    amount,
                },
            ),
        };
        if let (Some(id), Some((reply, what))) = (id, reply) {
            self.replies.push((id, reply, what));
        }
    }

    /// Gives the books a movement of `amount` from `m`'s seat back to its owner.
    pub(super) fn cash_out(
        &mut self,
        m: &Member,
        amount: Chips,
        purpose: Purpose,
    ) -> Option<WriteId> {
        let key = self.money.key("out", m.id);
        match books::cash_out(key, &self.id, m, amount) {
            Ok(j) => Some(self.submit(Write::Move(j), purpose)),
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "a cash-out the books cannot take");
                self.halt(format!(
                    "a cash-out of {amount} chips cannot be written: {e}"
                ));
                None
            }
        }
    }

    /// The intent waiting for write `id`, taken.
    fn take_reply(&mut self, id: WriteId) -> Option<(ReplyId, Reply)> {
        let i = self.replies.iter().position(|(w, _, _)| *w == id)?;
        let (_, r, x) = self.replies.remove(i);
        Some((r, x))
    }

    /// The books did not answer write `id` yet: the intent waiting for it hears that it is
    /// pending (and will be done once they answer).
    pub(super) fn answer_pending(&mut self, id: WriteId) {
        let Some((reply, what)) = self.take_reply(id) else {
            return;
        };
        let answer = match what {
            Reply::Bot => Err(RoomError::Unavailable),
            what => Ok(AckResult {
                pending: Some(true),
                ..acked(what)
            }),
        };
        self.out.push(Effect::Answer(reply, answer));
    }

    /// The books answered a buy-in or rebuy for good.
    pub(super) fn funded(
        &mut self,
        id: WriteId,
        ticket: Ticket,
        user: UserId,
        (amount, rebuy): (Chips, bool),
        answer: BookAnswer,
    ) {
        let reply = self.take_reply(id);
        let change = match self.table.funded(ticket, answer.is_ok()) {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "an answer of the books for no request");
                return;
            }
        };
        let seated = (change.events.iter())
            .any(|e| matches!(e, TableEvent::Funded { player, .. } if player.id == user));
        let left = (change.events.iter())
            .any(|e| matches!(e, TableEvent::Left { player, .. } if player.id == user));
        self.book(change, None);
        let Some((reply, what)) = reply else {
            return;
        };
        let answer = match answer {
            Ok(_) if seated => Ok(acked(what)),
            Ok(_) => Err(RoomError::LeftBeforeFunded),
            Err(e) if left || rebuy => Err(RoomError::from(e)),
            Err(e) => Err(RoomError::from(e)),
        };
        let _ = amount;
        self.out.push(Effect::Answer(reply, answer));
    }

    /// The books answered a cash-out for good: a refusal means they and the table disagree, and
    /// the table stops.
    pub(super) fn cashed_out(
        &mut self,
        id: WriteId,
        user: UserId,
        amount: Chips,
        answer: BookAnswer,
    ) {
        let reply = self.take_reply(id);
        let result = match answer {
            Ok(Booked::OverGuestCap(n)) => Ok(Some(n)),
            Ok(_) => Ok(None),
            Err(BookFailure::Refused { why, .. }) => {
                self.halt(format!(
                    "the books refused to cash out {amount} chips to user {}: {why}",
                    user.0
                ));
                Err(RoomError::CashOutRefused { amount, why })
            }
            Err(e) => Err(RoomError::from(e)),
        };
        if let Some((reply, what)) = reply {
            let answer = result.map(|over| AckResult {
                over_guest_cap: over,
                ..acked(what)
            });
            self.out.push(Effect::Answer(reply, answer));
        }
    }

    /// The books and the table disagree: the table stops dealing and says so (money is never
    /// silently wrong).
    pub(super) fn halt(&mut self, reason: String) {
        self.out.push(Effect::Count(Count::LedgerRefusal));
        let change = self.table.halt(reason);
        self.note(&change.events);
    }

    /// Tells the room what the table model did: the seated count and time banks.
    pub(super) fn note(&mut self, events: &[TableEvent<Member>]) {
        for e in events {
            match e {
                TableEvent::Seated { player, .. } => {
                    self.out.push(Effect::Count(Count::Seated));
                    self.clock.seated(player.id);
                }
                TableEvent::Left {
                    player, why, stack, ..
                } => {
                    self.removed(player, *stack);
                    self.out.push(Effect::Count(Count::Left));
                    self.clock.left(player.id);
                    if *why == Departure::MissedHands {
                        tracing::debug!(table = %self.id, user = player.id.0, "a third missed hand");
                        // The player goes on watching, and is told why the seat went.
                        if !player.bot && self.audience.keep_watching(player.id) {
                            self.lost_seats.insert(player.id);
                        }
                    }
                }
                TableEvent::Halted { reason } => {
                    tracing::error!(table = %self.id, reason, "the table stopped dealing");
                }
                _ => {}
            }
        }
    }
}

/// What an intent that waited for a write is told once it is done.
fn acked(what: Reply) -> AckResult {
    match what {
        Reply::Seat(seat) => AckResult {
            seat: Some(seat),
            ..AckResult::done()
        },
        Reply::Rebuy(stack) | Reply::Stack(stack) => AckResult {
            stack: Some(stack),
            ..AckResult::done()
        },
        Reply::Bot => AckResult::done(),
    }
}

/// The ticket of the buy-in or rebuy `change` asks for `user`, if any.
fn ticket_of(change: &Change<Member>, user: UserId) -> Option<Ticket> {
    change.bookings.iter().find_map(|b| match b {
        Booking::Fund { ticket, player, .. } if player.id == user => Some(*ticket),
        _ => None,
    })
}
