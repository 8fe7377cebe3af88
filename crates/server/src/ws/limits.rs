//! The rate limit of one connection: a burst, then a steady rate of messages (the room's
//! `ws_rate`); a message beyond it is answered `rate_limited` and has no effect.

use std::time::Instant;

use crate::protocol::{Code, ProtoError};
use crate::ratelimit::Bucket;

/// One connection's allowance.
#[derive(Debug)]
pub struct Limiter {
    bucket: Bucket,
    rate: f64,
    burst: f64,
}

impl Limiter {
    /// `rate` messages a second after a burst of `burst`, full at `now`.
    pub fn new((rate, burst): (f64, f64), now: Instant) -> Limiter {
        Limiter {
            bucket: Bucket::new(rate, burst, now),
            rate,
            burst,
        }
    }

    /// Whether a message arriving at `now` may be read; why not otherwise.
    pub fn admit(&mut self, now: Instant) -> Result<(), ProtoError> {
        if self.bucket.take(now) {
            return Ok(());
        }
        Err(ProtoError::new(
            Code::RateLimited,
            format!(
                "at most {} messages per second (bursts of {})",
                self.rate, self.burst
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_gets_its_burst_then_a_rate_limited_error_naming_the_limit() {
        let now = Instant::now();
        let mut l = Limiter::new((20.0, 40.0), now);
        assert_eq!((0..40).filter(|_| l.admit(now).is_ok()).count(), 40);
        let e = l.admit(now).expect_err("the burst is spent");
        assert_eq!(e.code, Code::RateLimited);
        assert!(
            e.message.contains("20 messages per second"),
            "{}",
            e.message
        );
    }
}
