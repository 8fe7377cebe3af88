//! Time at a table: the action clock and each player's time bank, the pause before bots act and
//! between hands, the idle clock of a table left to bots, and when the table's task must wake.
//! A player whose clock and bank run out is played for (check or fold) and sits out. Every
//! time here is the room's ([`crate::time::Time`]), so tests can move it on at will.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tavolo_engine::game::Game;
use tavolo_store::UserId;

use super::play::Live;
use super::Actor;
use crate::table::TableOptions;
use crate::time::Time;

/// The table's clocks.
pub(super) struct Clock {
    /// The room's time.
    time: Time,
    /// Time per decision.
    per_decision: Duration,
    /// Each player's time bank when seated.
    bank_start: Duration,
    /// Time bank left, per seated player.
    banks: HashMap<UserId, Duration>,
    /// When the next hand may be dealt.
    pub(super) next_hand_at: Option<Instant>,
    /// When the bots to act may act.
    bot_at: Option<Instant>,
    /// Since when nobody but bots is here.
    idle_since: Option<Instant>,
    /// When the action being broadcast reached the table, by the system clock (for the
    /// latency metric).
    pub(super) action_started: Option<Instant>,
}

impl Clock {
    pub(super) fn new(o: &TableOptions, time: Time) -> Clock {
        Clock {
            idle_since: Some(time.now()),
            time,
            per_decision: Duration::from_secs(o.clock_secs),
            bank_start: Duration::from_secs(o.time_bank_secs),
            banks: HashMap::new(),
            next_hand_at: None,
            bot_at: None,
            action_started: None,
        }
    }

    /// Now, by the room's time.
    pub(super) fn now(&self) -> Instant {
        self.time.now()
    }

    /// A player sat down: a full time bank.
    pub(super) fn seated(&mut self, user: UserId) {
        self.banks.insert(user, self.bank_start);
    }

    /// A player left.
    pub(super) fn left(&mut self, user: UserId) {
        self.banks.remove(&user);
    }

    /// The time bank left.
    pub(super) fn bank(&self, user: UserId) -> Duration {
        self.banks.get(&user).copied().unwrap_or_default()
    }

    /// A decision started at `started` is made: time beyond the clock comes off the bank.
    pub(super) fn charge(&mut self, user: UserId, started: Instant) {
        let over = self
            .now()
            .saturating_duration_since(started)
            .saturating_sub(self.per_decision);
        if let Some(b) = self.banks.get_mut(&user) {
            *b = b.saturating_sub(over);
        }
    }

    /// Whether the bots to act may act now (after `delay`, counted from the first time asked).
    pub(super) fn bot_may_act(&mut self, delay: Duration) -> bool {
        if delay.is_zero() {
            return true;
        }
        match self.bot_at {
            None => {
                self.bot_at = Some(self.now() + delay);
                false
            }
            Some(t) if t > self.now() => false,
            Some(_) => {
                self.bot_at = None;
                true
            }
        }
    }

    /// Starts or stops the idle clock.
    pub(super) fn note_idle(&mut self, busy: bool) {
        if busy {
            self.idle_since = None;
        } else if self.idle_since.is_none() {
            self.idle_since = Some(self.now());
        }
    }

    /// Whether the table has been left to bots for `limit`.
    pub(super) fn idle_expired(&self, limit: Duration) -> bool {
        let now = self.now();
        self.idle_since
            .is_some_and(|t| now.saturating_duration_since(t) >= limit)
    }
}

impl<G: Game> Actor<G> {
    /// Starts the clock of every player who must act now; stops it for the others.
    pub(super) fn refresh_clock(&mut self) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        if live.played.game.is_over() {
            return;
        }
        let to_act = live.played.game.to_act();
        let now = self.clock.now();
        for s in 0..live.since.len() {
            let runs = to_act.contains(s) && live.is_player(s);
            match (runs, &mut live.since[s]) {
                (true, since) => {
                    since.get_or_insert(now);
                }
                (false, since) => *since = None,
            }
        }
    }

    /// When seat `s`'s time, and then its bank, run out.
    pub(super) fn deadline(&self, live: &Live<G>, s: usize) -> Option<Instant> {
        let t = live.since.get(s).copied().flatten()?;
        let bank = self.clock.bank(live.members[s].id);
        Some(t + self.clock.per_decision + bank)
    }

    /// When the task must wake next: a deadline, a bot's turn, the next deal, the idle limit.
    pub(super) fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut at = |t: Option<Instant>| {
            if let Some(t) = t {
                wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
            }
        };
        match &self.hand {
            Some(live) if !live.played.game.is_over() => {
                for s in 0..live.seats.len() {
                    at(self.deadline(live, s));
                }
                at(self.clock.bot_at);
            }
            Some(_) => {}
            None => at(self.clock.next_hand_at),
        }
        at((self.clock.idle_since).map(|t| t + self.room.config.idle_close));
        wake
    }

    /// Time is up for every player whose clock and bank ran out: the server acts for them for
    /// the rest of the hand and sits them out.
    pub(super) fn on_timer(&mut self) {
        let now = self.clock.now();
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
            live.auto[s] = true;
            let m = live.members[s].clone();
            self.clock.banks.insert(m.id, Duration::ZERO);
            let _ = self.table.sit_out(&m);
            self.act_default(s);
        }
    }
}
