//! Time at a table: the action clock and each player's time bank, the pause before bots act and
//! between hands, the idle clock of a table left to bots. A player whose clock and bank run out
//! is played for (check or fold, the game's default) and sits out; the bank is the player's
//! time to think, so a decision the table made for them costs them none of it, and a player
//! with no connection open (away) is given none of it (both: issue 49, the seat lost silently
//! after one absent decision had burned the whole bank). Every instant here comes from the
//! inputs' [`Now`](super::io::Now): the core never reads a clock.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tavolo_store::UserId;

/// The table's clocks.
#[derive(Debug)]
pub struct Clock {
    /// Time per decision.
    per_decision: Duration,
    /// Each player's time bank when seated.
    bank_start: Duration,
    /// Time bank left, per seated player.
    banks: HashMap<UserId, Duration>,
    /// When the next hand may be dealt.
    pub next_hand_at: Option<Instant>,
    /// When the bots to act may act.
    bot_at: Option<Instant>,
    /// Since when nobody but bots is here.
    idle_since: Option<Instant>,
}

impl Clock {
    /// The clocks of a table with `per_decision` for a decision and a bank of `bank`,
    /// starting idle at `now`.
    pub fn new(per_decision: Duration, bank: Duration, now: Instant) -> Clock {
        Clock {
            per_decision,
            bank_start: bank,
            banks: HashMap::new(),
            next_hand_at: None,
            bot_at: None,
            idle_since: Some(now),
        }
    }

    /// A player sat down: a full time bank.
    pub fn seated(&mut self, user: UserId) {
        self.banks.insert(user, self.bank_start);
    }

    /// The bank grows to `to` (a tournament's new level: RULES.md §5, 5 s more a level up to
    /// 60 s): every bank gains what the full bank gains, up to the new full bank, and a player
    /// seated from now on starts with it.
    pub fn grow_banks(&mut self, to: Duration) {
        let more = to.saturating_sub(self.bank_start);
        for b in self.banks.values_mut() {
            *b = (*b + more).min(to);
        }
        self.bank_start = to;
    }

    /// A player left.
    pub fn left(&mut self, user: UserId) {
        self.banks.remove(&user);
    }

    /// The time bank left.
    pub fn bank(&self, user: UserId) -> Duration {
        self.banks.get(&user).copied().unwrap_or_default()
    }

    /// The banks as saved (ms per player, in user order).
    pub fn saved_banks(&self) -> Vec<(UserId, u64)> {
        let mut v: Vec<(UserId, u64)> = (self.banks.iter())
            .map(|(u, b)| (*u, b.as_millis() as u64))
            .collect();
        v.sort();
        v
    }

    /// Banks as saved by a previous owner, for the players seated now.
    pub fn restore_banks(&mut self, banks: &[(UserId, u64)]) {
        for (u, ms) in banks {
            if let Some(b) = self.banks.get_mut(u) {
                *b = Duration::from_millis(*ms).min(self.bank_start);
            }
        }
    }

    /// When a decision started at `since` runs out for a player who may draw on `bank`.
    pub fn deadline(&self, since: Instant, bank: Duration) -> Instant {
        since + self.per_decision + bank
    }

    /// A decision started at `started` is made at `now`: time beyond the clock comes off the
    /// bank.
    pub fn charge(&mut self, user: UserId, started: Instant, now: Instant) {
        let over = now
            .saturating_duration_since(started)
            .saturating_sub(self.per_decision);
        if let Some(b) = self.banks.get_mut(&user) {
            *b = b.saturating_sub(over);
        }
    }

    /// Whether the bots to act may act at `now` (after `delay`, counted from the first time
    /// asked).
    pub fn bot_may_act(&mut self, delay: Duration, now: Instant) -> bool {
        if delay.is_zero() {
            return true;
        }
        match self.bot_at {
            None => {
                self.bot_at = Some(now + delay);
                false
            }
            Some(t) if t > now => false,
            Some(_) => {
                self.bot_at = None;
                true
            }
        }
    }

    /// When the bots waiting to act may act.
    pub fn bot_at(&self) -> Option<Instant> {
        self.bot_at
    }

    /// Starts (at `now`) or stops the idle clock.
    pub fn note_idle(&mut self, busy: bool, now: Instant) {
        if busy {
            self.idle_since = None;
        } else if self.idle_since.is_none() {
            self.idle_since = Some(now);
        }
    }

    /// When the table, left to bots, closes after `limit`.
    pub fn idle_until(&self, limit: Duration) -> Option<Instant> {
        self.idle_since.map(|t| t + limit)
    }
}
