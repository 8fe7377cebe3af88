//! Live sessions: each session's open WebSocket connections and its replay cache. Logging out
//! closes the session's connections; a session with no connection keeps its replay cache for a
//! grace period (a client that reconnects may resend an intent), then it is forgotten.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, Notify};

use crate::guarded::Guarded;
use crate::protocol::{Answer, Code};

/// What goes onto a connection's outbound queue: one frame, or two that its writer sends in one
/// write (a table's state and the table's answer to the intent that changed it).
#[derive(Debug)]
pub enum Outbound {
    /// One frame.
    One(Utf8Bytes),
    /// Two frames, in this order.
    Two(Utf8Bytes, Utf8Bytes),
}

impl From<Utf8Bytes> for Outbound {
    fn from(frame: Utf8Bytes) -> Outbound {
        Outbound::One(frame)
    }
}

/// One open connection as its session knows it: its outbound queue and its kick.
#[derive(Clone, Debug)]
pub struct Line {
    /// The connection's outbound queue.
    pub tx: mpsc::Sender<Outbound>,
    /// Notified to close the connection.
    pub kick: Arc<Notify>,
}

/// The answers of a session's last intents, by `seq` (docs/protocol.md: a repeated `seq` gets
/// the original answer and has no second effect).
#[derive(Debug, Default)]
pub struct Replay {
    order: VecDeque<u64>,
    answers: HashMap<u64, Utf8Bytes>,
}

impl Replay {
    /// How many answers are kept per session.
    pub const KEEP: usize = 256;

    /// The answer already given to `seq`.
    pub fn get(&self, seq: u64) -> Option<Utf8Bytes> {
        self.answers.get(&seq).cloned()
    }

    /// Keeps the answer to `seq`, forgetting the oldest beyond [`Replay::KEEP`].
    pub fn put(&mut self, seq: u64, answer: Utf8Bytes) {
        if self.answers.insert(seq, answer).is_none() {
            self.order.push_back(seq);
            while self.order.len() > Self::KEEP {
                if let Some(old) = self.order.pop_front() {
                    self.answers.remove(&old);
                }
            }
        }
    }
}

/// The replay cache of a connection's session: a client that reconnects may resend an intent,
/// and gets the answer it was given.
#[derive(Clone, Debug, Default)]
pub struct Answers(Arc<Guarded<Replay>>);

impl Answers {
    /// The answer already given to `seq`, if any.
    pub fn get(&self, seq: u64) -> Option<Utf8Bytes> {
        self.0.lock().get(seq)
    }

    /// Keeps `text`, the answer to `seq`, unless it is a redirection: `elsewhere` had no
    /// effect, and the same intent sent again (once the table's dead owner lost its lease and
    /// this node took it over) must be tried again, not told the dead node's address.
    pub fn keep(&self, seq: u64, answer: &Answer, text: &Utf8Bytes) {
        if matches!(answer, Err(e) if e.code == Code::Elsewhere) {
            return;
        }
        self.0.lock().put(seq, text.clone());
    }
}

#[derive(Debug, Default)]
struct Session {
    replay: Arc<Guarded<Replay>>,
    lines: HashMap<u64, Line>,
    /// When the last connection closed.
    idle_since: Option<Instant>,
}

/// The sessions with a connection now or lately.
#[derive(Debug, Default)]
pub struct Sessions {
    map: Guarded<HashMap<String, Session>>,
}

impl Sessions {
    /// A connection opens: returns the session's replay cache.
    pub fn open(&self, token: &str, conn: u64, line: Line) -> Answers {
        let mut map = self.map.lock();
        let s = map.entry(token.to_string()).or_default();
        s.lines.insert(conn, line);
        s.idle_since = None;
        Answers(s.replay.clone())
    }

    /// How many connections the session holds open.
    pub fn connections(&self, token: &str) -> usize {
        self.map.lock().get(token).map_or(0, |s| s.lines.len())
    }

    /// A connection closed at `now`.
    pub fn close(&self, token: &str, conn: u64, now: Instant) {
        let mut map = self.map.lock();
        if let Some(s) = map.get_mut(token) {
            s.lines.remove(&conn);
            if s.lines.is_empty() {
                s.idle_since = Some(now);
            }
        }
    }

    /// The session ended (logout): each of its connections is sent `farewell` and closed, and
    /// its replay cache is dropped. Returns how many connections were closed.
    pub fn end(&self, token: &str, farewell: &Utf8Bytes) -> usize {
        let Some(s) = self.map.lock().remove(token) else {
            return 0;
        };
        for line in s.lines.values() {
            let _ = line.tx.try_send(farewell.clone().into());
            line.kick.notify_one();
        }
        s.lines.len()
    }

    /// Forgets sessions with no connection for `grace` or longer; returns how many.
    pub fn sweep(&self, now: Instant, grace: Duration) -> usize {
        let mut map = self.map.lock();
        let before = map.len();
        map.retain(|_, s| {
            s.idle_since
                .is_none_or(|t| now.saturating_duration_since(t) < grace)
        });
        before - map.len()
    }

    /// How many sessions are kept.
    pub fn len(&self) -> usize {
        self.map.lock().len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::AckResult;

    fn line() -> (Line, mpsc::Receiver<Outbound>) {
        let (tx, rx) = mpsc::channel(4);
        (
            Line {
                tx,
                kick: Arc::new(Notify::new()),
            },
            rx,
        )
    }

    #[tokio::test]
    async fn logout_closes_every_connection_of_the_session_and_no_other() {
        let s = Sessions::default();
        let (a1, mut rx1) = line();
        let (a2, mut rx2) = line();
        let (b, mut rxb) = line();
        s.open("a", 1, a1.clone());
        s.open("a", 2, a2.clone());
        s.open("b", 3, b.clone());
        let bye: Utf8Bytes = "bye".into();
        assert_eq!(s.end("a", &bye), 2);
        for rx in [&mut rx1, &mut rx2] {
            assert!(matches!(rx.recv().await, Some(Outbound::One(m)) if m.as_str() == "bye"));
        }
        // The kicks were notified: a waiter returns at once.
        tokio::time::timeout(Duration::from_secs(1), a1.kick.notified())
            .await
            .unwrap();
        assert!(rxb.try_recv().is_err(), "another session heard of it");
        assert_eq!(s.end("a", &bye), 0, "already ended");
        assert_eq!(s.len(), 1);
    }

    #[tokio::test]
    async fn a_reconnect_finds_the_replay_cache_until_the_grace_period_ends() {
        let s = Sessions::default();
        let (l, _rx) = line();
        let r1 = s.open("t", 1, l.clone());
        r1.keep(7, &Ok(AckResult::done()), &"answer".into());
        let now = Instant::now();
        s.close("t", 1, now);
        assert_eq!(s.sweep(now, Duration::from_secs(600)), 0);
        let r2 = s.open("t", 2, l.clone());
        assert_eq!(r2.get(7).as_deref(), Some("answer"));
        // While a connection is open the session is never swept.
        assert_eq!(s.sweep(now + Duration::from_secs(3600), Duration::ZERO), 0);
        s.close("t", 2, now);
        let grace = Duration::from_secs(600);
        assert_eq!(s.sweep(now + grace - Duration::from_secs(1), grace), 0);
        assert_eq!(s.sweep(now + grace, grace), 1);
        assert!(s.is_empty());
    }
}
