//! Token buckets: per WebSocket connection (messages) and per key (sign-ups and guests by
//! client address).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// A token bucket: `rate` tokens per second, at most `burst`.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// A bucket full at `now`.
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            last: now,
            rate,
            burst,
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets by key. The map is behind a plain mutex: no `.await` while it is held, and a sign-up
/// is rare next to the work it guards (an Argon2 hash).
#[derive(Debug)]
pub struct KeyedLimiter {
    buckets: Mutex<HashMap<String, Bucket>>,
    rate: f64,
    burst: f64,
}

impl KeyedLimiter {
    /// `rate` per second and `burst` per key.
    pub fn new(rate: f64, burst: f64) -> KeyedLimiter {
        KeyedLimiter {
            buckets: Mutex::new(HashMap::new()),
            rate,
            burst,
        }
    }

    /// Whether `key` may go ahead at `now` (takes a token).
    pub fn check(&self, key: &str, now: Instant) -> bool {
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 100_000 {
            // Between sweeps, a flood of keys cannot grow the map without bound either.
            Self::retain_unfull(&mut map, now);
        }
        map.entry(key.to_string())
            .or_insert_with(|| Bucket::new(self.rate, self.burst, now))
            .take(now)
    }

    /// Forgets the buckets that have filled up again (a fresh one is the same); returns how
    /// many.
    pub fn prune(&self, now: Instant) -> usize {
        let mut map = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let before = map.len();
        Self::retain_unfull(&mut map, now);
        before - map.len()
    }

    fn retain_unfull(map: &mut HashMap<String, Bucket>, now: Instant) {
        map.retain(|_, b| !b.is_full(now));
    }
}

impl Bucket {
    /// The tokens there would be at `now`.
    fn level(&self, now: Instant) -> f64 {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        (self.tokens + dt * self.rate).min(self.burst)
    }

    /// Whether the bucket is full again at `now`: a fresh one would be the same.
    pub fn is_full(&self, now: Instant) -> bool {
        self.level(now) >= self.burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses() {
        let now = Instant::now();
        let mut b = Bucket::new(20.0, 40.0, now);
        assert_eq!((0..100).filter(|_| b.take(now)).count(), 40);
        assert!(b.take(now + std::time::Duration::from_millis(100)));
    }

    #[test]
    fn keyed_buckets_are_forgotten_once_full_again() {
        let l = KeyedLimiter::new(1.0, 2.0);
        let now = Instant::now();
        assert!(l.check("1.2.3.4", now) && l.check("1.2.3.4", now));
        assert!(!l.check("1.2.3.4", now), "the burst is spent");
        assert_eq!(l.prune(now), 0, "still limited: kept");
        let later = now + std::time::Duration::from_secs(3);
        assert_eq!(l.prune(later), 1);
        assert!(l.check("1.2.3.4", later));
    }
}
