//! Who is listening and what each connection is sent: one `table_state` per viewer (each seat,
//! spectators), serialised once and shared by that viewer's connections, and the lobby summary.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use tavolo_engine::game::{Game, Viewer};
use tavolo_store::UserId;

use super::Actor;
use crate::books::Member;
use crate::protocol::{
    self, ClockView, Previous, SeatChange, SeatRow, SeatStatus, ServerMessage, TableState, You,
};
use crate::table::{Conn, TableStatus};

/// The connections of a table and what is waiting to be sent to them.
pub(super) struct Audience<G: Game> {
    subs: Vec<Conn>,
    watchers: Vec<UserId>,
    version: u64,
    /// A public change: everybody gets a new state.
    pub(super) dirty: bool,
    /// Players whose own view changed privately (a Saint Poker choice): only they get one.
    private: Vec<UserId>,
    /// Events since the last broadcast, uncensored.
    pub(super) events: Vec<G::Event>,
}

impl<G: Game> Audience<G> {
    pub(super) fn new() -> Audience<G> {
        Audience {
            subs: Vec::new(),
            watchers: Vec::new(),
            version: 0,
            dirty: false,
            private: Vec::new(),
            events: Vec::new(),
        }
    }

    pub(super) fn subscribe(&mut self, conn: &Conn) {
        if !self.subs.iter().any(|c| c.id == conn.id) {
            self.subs.push(conn.clone());
        }
    }

    pub(super) fn unsubscribe(&mut self, conn: u64) {
        self.subs.retain(|c| c.id != conn);
    }

    /// The user's connections hear no more from this table.
    pub(super) fn forget(&mut self, user: UserId) {
        self.subs.retain(|c| c.user.id != user);
    }

    pub(super) fn watch(&mut self, conn: &Conn) {
        if !self.watchers.contains(&conn.user.id) {
            self.watchers.push(conn.user.id);
        }
        self.subscribe(conn);
    }

    /// The user stops watching; their connections stay subscribed if they are seated or
    /// waiting (`still_here`).
    pub(super) fn unwatch(&mut self, user: UserId, still_here: bool) {
        self.watchers.retain(|&u| u != user);
        if !still_here {
            self.forget(user);
        }
    }

    pub(super) fn is_watching(&self, user: UserId) -> bool {
        self.watchers.contains(&user)
    }

    pub(super) fn watchers(&self) -> Vec<UserId> {
        self.watchers.clone()
    }

    pub(super) fn has_subscribers(&self) -> bool {
        !self.subs.is_empty()
    }

    /// Only this player's view changed.
    pub(super) fn private_change(&mut self, user: UserId) {
        if !self.private.contains(&user) {
            self.private.push(user);
        }
    }

    fn send(c: &Conn, msg: Utf8Bytes) {
        if c.tx.try_send(msg).is_err() {
            // A connection that cannot keep up is closed; it reconnects and says hello.
            c.kick.notify_one();
        }
    }

    /// A message to every connection of `user`.
    pub(super) fn send_to(&self, user: UserId, msg: &Utf8Bytes) {
        for c in self.subs.iter().filter(|c| c.user.id == user) {
            Self::send(c, msg.clone());
        }
    }

    /// A message to every connection.
    pub(super) fn send_all(&self, msg: &Utf8Bytes) {
        for c in &self.subs {
            let _ = c.tx.try_send(msg.clone());
        }
    }
}

/// The wall-clock time of `at`, in milliseconds since the Unix epoch, where `now_i` is now by
/// the room's time.
fn unix_ms(at: std::time::Instant, now_i: std::time::Instant) -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let t = if at >= now_i {
        now + (at - now_i)
    } else {
        now.saturating_sub(now_i - at)
    };
    t.as_millis() as u64
}

/// What distinguishes one viewer's `table_state` from another's.
type ViewerKey = (
    Option<usize>,
    Option<usize>,
    bool,
    bool,
    (bool, bool),
    Option<protocol::ChainView>,
);

impl<G: Game> Actor<G> {
    pub(super) fn publish_summary(&self) {
        let seated = self.table.seats().count();
        let bots = self.table.seats().filter(|(_, o)| o.player.bot).count();
        let state = if self.closing {
            TableStatus::Closed
        } else if self.hand.is_some() {
            TableStatus::Playing
        } else {
            TableStatus::Waiting
        };
        let waiting = self.table.waiting().count();
        let changed = match self.summary.lock() {
            Ok(mut s) => {
                let old = (s.seated, s.waiting, s.bots, s.state);
                s.seated = seated;
                s.waiting = waiting;
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
    pub(super) fn flush(&mut self) {
        // Whoever must act now is told so with their clock running: a state is never sent
        // with a seat to act and no clock (as happened after a bot's action).
        self.refresh_clock();
        if self.audience.dirty {
            self.broadcast();
            self.publish_summary();
        } else if !self.audience.private.is_empty() {
            let users = std::mem::take(&mut self.audience.private);
            self.audience.version += 1;
            for u in users {
                let Some(c) = self.audience.subs.iter().find(|c| c.user.id == u) else {
                    continue;
                };
                let msg = self.state_for(&c.user, false);
                self.audience.send_to(u, &msg);
            }
        }
        if let Some(t) = self.clock.action_started.take() {
            self.room.metrics.observe_action(t.elapsed());
        }
        self.save();
    }

    fn broadcast(&mut self) {
        self.audience.version += 1;
        let mut cache: HashMap<ViewerKey, Utf8Bytes> = HashMap::new();
        let seats = self.seat_rows();
        for c in &self.audience.subs {
            let key = self.viewer_key(&c.user);
            let msg = match cache.get(&key) {
                Some(m) => m.clone(),
                None => {
                    let m = self.state_with(&c.user, true, seats.clone());
                    cache.insert(key, m.clone());
                    m
                }
            };
            Audience::<G>::send(c, msg);
        }
        self.audience.events.clear();
        self.audience.private.clear();
        self.audience.dirty = false;
    }

    fn viewer_key(&self, m: &Member) -> ViewerKey {
        let seat = self.seat_of(m.id);
        let waiting = self.table.waiting_place(m);
        let out = seat
            .and_then(|s| self.table.seat(s))
            .is_some_and(|o| o.sitting_out);
        let dealt = (self.previous.as_ref()).is_some_and(|p| p.dealt.contains(&m.id));
        let rebuy = seat.is_some() && self.table.may_rebuy(m).is_ok();
        let owner = self.creator == Some(m.id);
        (
            seat,
            waiting,
            out,
            dealt,
            (rebuy, owner),
            self.seeds.view(m.id),
        )
    }

    /// The `seats` array: the same for every viewer, built once per broadcast.
    fn seat_rows(&self) -> Vec<SeatRow> {
        let live = self.hand.as_ref();
        let felt = self.felt();
        let live_game = live.is_some_and(|l| !l.played.game.is_over());
        let outcome = live.map(|l| l.played.outcome());
        let stacks: &[u64] = match &outcome {
            Some(tavolo_engine::game::Outcome::Chips { end, .. }) => end,
            _ => &[],
        };
        self.table
            .seats()
            .map(|(i, o)| {
                // The seat in the hand on the felt, if the same player still sits there.
                let hs = felt.and_then(|l| {
                    (0..l.seats.len()).find(|&h| l.seats[h] == i && l.members[h].id == o.player.id)
                });
                let in_play = live.is_some() && hs.is_some();
                let chips = self.o.betting().then(|| {
                    (hs.filter(|_| in_play))
                        .and_then(|h| stacks.get(h).copied())
                        .unwrap_or(o.stack)
                });
                let status = if o.is_leaving() {
                    SeatStatus::Leaving
                } else if in_play && live_game {
                    SeatStatus::Playing
                } else if o.is_funding() {
                    SeatStatus::BuyingIn
                } else if o.sitting_out {
                    SeatStatus::SittingOut
                } else {
                    SeatStatus::Waiting
                };
                SeatRow {
                    seat: i,
                    name: o.player.name.clone(),
                    bot: o.player.bot,
                    chips,
                    status,
                    hand_seat: hs,
                    chain: self.seeds.position(o.player.id),
                }
            })
            .collect()
    }

    /// The `table_state` for one user; `with_events`: the events since the last broadcast.
    pub(super) fn state_for(&self, m: &Member, with_events: bool) -> Utf8Bytes {
        self.state_with(m, with_events, self.seat_rows())
    }

    /// The hand on the felt: the one in play, or else the one that ended last (until the next
    /// deal), so that its board, its shown hands and its result stay in view.
    fn felt(&self) -> Option<&super::Live<G>> {
        self.hand.as_ref().or(self.last.as_ref())
    }

    fn state_with(&self, m: &Member, with_events: bool, seats: Vec<SeatRow>) -> Utf8Bytes {
        let seat = self.seat_of(m.id);
        let live = self.hand.as_ref();
        let felt = self.felt();
        let hand_seat = felt.and_then(|l| {
            seat.and_then(|s| {
                (0..l.seats.len()).find(|&h| l.seats[h] == s && l.members[h].id == m.id)
            })
        });
        let viewer = Viewer::from(hand_seat);
        let you = You {
            seat,
            hand_seat,
            sitting_out: seat
                .and_then(|x| self.table.seat(x))
                .is_some_and(|o| o.sitting_out),
            can_rebuy: seat.is_some() && self.table.may_rebuy(m).is_ok(),
            owner: self.creator == Some(m.id),
            waiting: seat
                .is_none()
                .then(|| self.table.waiting_place(m))
                .flatten(),
            seat_change: self
                .table
                .seat_change(m)
                .map(|(position, seat)| SeatChange { seat, position }),
            chain: self.seeds.view(m.id),
        };
        let legal = match (live, hand_seat) {
            (Some(l), Some(h)) if !l.played.game.is_over() => l.played.game.choices(h),
            _ => G::Choices::default(),
        };
        let events = if with_events {
            self.audience
                .events
                .iter()
                .filter_map(|e| G::censor(e, viewer))
                .collect()
        } else {
            Vec::new()
        };
        let state = TableState::<G::View, G::Choices, G::Event> {
            v: protocol::VERSION,
            table: self.id.clone(),
            version: self.audience.version,
            options: self.o.clone(),
            you,
            seats,
            hand: felt.map(|l| l.name.clone()),
            commitment: felt.map(|l| l.commitment.clone()),
            next_commitment: Some(self.seeds.next_commitment().to_string()),
            hand_seats: felt.map(|l| l.seats.clone()).unwrap_or_default(),
            previous: self.previous.as_ref().map(|p| {
                let dealt = p.dealt.contains(&m.id);
                Previous {
                    hand: p.hand.clone(),
                    seed: dealt.then(|| p.seed.clone()),
                    parts: dealt.then(|| p.parts.clone()),
                }
            }),
            halted: self.table.halted().map(str::to_string),
            view: felt.map(|l| l.played.game.view(viewer)),
            legal,
            clock: self.clock_view(hand_seat),
            events,
            result: self.result.clone(),
        };
        ServerMessage::TableState(Box::new(state)).to_json().into()
    }

    /// The clock shown to the viewer in game seat `hand_seat`: the seat to act's (in a
    /// simultaneous phase only the viewer's own, and no seat).
    fn clock_view(&self, hand_seat: Option<usize>) -> Option<ClockView> {
        let l = self.hand.as_ref().filter(|l| !l.played.game.is_over())?;
        let to_act = l.played.game.to_act();
        let shown = if G::SIMULTANEOUS {
            hand_seat.filter(|&h| to_act.contains(h) && l.since[h].is_some())
        } else {
            to_act.iter().next().filter(|&h| l.since[h].is_some())
        }?;
        let deadline = self.deadline(l, shown)?;
        let bank = self.clock.bank(l.members[shown].id).as_millis() as u64;
        Some(ClockView {
            seat: (!G::SIMULTANEOUS).then(|| l.seats[shown]),
            deadline_ms: unix_ms(deadline - Duration::from_millis(bank), self.clock.now()),
            bank_ms: bank,
        })
    }
}
