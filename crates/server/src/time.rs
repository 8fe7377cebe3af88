//! The room's time: the system clock, or, for tests, a clock that moves only when told.
//!
//! Everything a rule of the room counts in time (a player's clock and time bank, the pause
//! before bots act and between hands, the idle limit of a table, the message and login rate
//! limits, the replay grace of a session) reads [`Time::now`] and waits with
//! [`Time::sleep_until`], so a test can play out a time bank or fifteen idle minutes at once,
//! whatever the machine's load. Measurements (the action latency metric) keep the system clock.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

/// The clock a room runs on: the system clock unless built from a [`ManualClock`].
///
/// ```
/// use std::time::Duration;
/// use tavolo_server::time::ManualClock;
///
/// let clock = ManualClock::new();
/// let time = clock.time();
/// let (start, wall) = (time.now(), time.unix_ms());
/// clock.advance(Duration::from_secs(15 * 60));
/// assert_eq!(time.now() - start, Duration::from_secs(15 * 60));
/// assert_eq!(time.unix_ms() - wall, 15 * 60 * 1000);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Time {
    manual: Option<Arc<Manual>>,
}

/// A clock that stands still between [`ManualClock::advance`] calls.
#[derive(Debug)]
struct Manual {
    start: Instant,
    /// The wall-clock time at `start` (ms since the Unix epoch).
    start_unix_ms: u64,
    elapsed: watch::Sender<Duration>,
}

impl Time {
    /// The system clock.
    pub fn system() -> Time {
        Time::default()
    }

    /// Now.
    pub fn now(&self) -> Instant {
        match &self.manual {
            None => Instant::now(),
            Some(m) => m.start + *m.elapsed.borrow(),
        }
    }

    /// The wall-clock time now, in milliseconds since the Unix epoch (what a tournament's
    /// scheduled start and levels are counted in): the system's, or a manual clock's start
    /// moved on by as much as it was.
    pub fn unix_ms(&self) -> u64 {
        match &self.manual {
            None => system_unix_ms(),
            Some(m) => {
                let moved = u64::try_from(m.elapsed.borrow().as_millis()).unwrap_or(u64::MAX);
                m.start_unix_ms.saturating_add(moved)
            }
        }
    }

    /// Waits until `at` (at once if it has passed).
    pub async fn sleep_until(&self, at: Instant) {
        let Some(m) = &self.manual else {
            return tokio::time::sleep_until(at.into()).await;
        };
        // Like tokio's own timers, a wait that is already over still counts against the task's
        // budget, so a loop of such waits yields to the rest of the task's work.
        tokio::task::consume_budget().await;
        let mut moved = m.elapsed.subscribe();
        while m.start + *moved.borrow_and_update() < at {
            if moved.changed().await.is_err() {
                // The clock is gone and will never move again.
                std::future::pending::<()>().await;
            }
        }
    }
}

/// A clock for tests: its time stands still until [`ManualClock::advance`] moves it on, and
/// every [`Time`] made from it (and every table waiting on one) sees the move at once.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Manual>);

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock(Arc::new(Manual {
            start: Instant::now(),
            start_unix_ms: system_unix_ms(),
            elapsed: watch::Sender::new(Duration::ZERO),
        }))
    }
}

impl ManualClock {
    /// A clock standing at the present moment.
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// A clock standing at the present moment whose wall-clock time
    /// ([`Time::unix_ms`]) is `unix_ms` (ms since the Unix epoch): a test of a tournament
    /// scheduled at a set date starts an hour before it, whatever today's date.
    pub fn starting_at(unix_ms: u64) -> ManualClock {
        ManualClock(Arc::new(Manual {
            start: Instant::now(),
            start_unix_ms: unix_ms,
            elapsed: watch::Sender::new(Duration::ZERO),
        }))
    }

    /// The time this clock tells, for [`crate::Config::time`].
    pub fn time(&self) -> Time {
        Time {
            manual: Some(self.0.clone()),
        }
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        self.0.elapsed.send_modify(|e| *e += by);
    }
}

/// The system's wall-clock time (ms since the Unix epoch; 0 before it).
fn system_unix_ms() -> u64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_sleeper_wakes_when_the_manual_clock_reaches_its_time_and_not_before() {
        let clock = ManualClock::new();
        let time = clock.time();
        let at = time.now() + Duration::from_secs(30);
        let sleeper = tokio::spawn({
            let time = time.clone();
            async move { time.sleep_until(at).await }
        });
        clock.advance(Duration::from_secs(29));
        tokio::task::yield_now().await;
        assert!(!sleeper.is_finished(), "woke a second early");
        clock.advance(Duration::from_secs(1));
        sleeper.await.expect("the sleeper wakes");
        // A time already passed: no wait at all.
        time.sleep_until(at).await;
    }
}
