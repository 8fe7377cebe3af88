//! Sessions the database could not take yet. A sign-in writes its session, and a sign-out
//! deletes one; while the database cannot be written (a full disk, a PostgreSQL database that
//! refuses writes) the room still lets people sign in and read their history, so these writes
//! are held by the process instead — the session works at once — and written as soon as the
//! database takes writes again ([`Store::write_held_sessions`], which the room calls every few
//! seconds while anything is held).
//!
//! Across a restart before that, what is held is lost: a session started meanwhile is gone (its
//! player signs in again), and a session ended meanwhile is valid again until it expires.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::accounts::UserId;

/// A session held until it can be written: its user and its (start, expiry) in Unix ms.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeldSession {
    pub user: UserId,
    pub created: i64,
    pub expires: i64,
}

/// The sessions started and ended while the database could not be written, by token hash.
#[derive(Debug)]
pub(crate) struct HeldSessions {
    inner: Mutex<Held>,
    /// The most sessions held at once: beyond, a sign-in waits for the database as before.
    limit: AtomicUsize,
}

impl Default for HeldSessions {
    fn default() -> HeldSessions {
        HeldSessions {
            inner: Mutex::default(),
            limit: AtomicUsize::new(DEFAULT_LIMIT),
        }
    }
}

/// The most sessions held at once unless the room says otherwise.
pub const DEFAULT_LIMIT: usize = 10_000;

#[derive(Debug, Default)]
struct Held {
    started: HashMap<String, HeldSession>,
    ended: HashSet<String>,
}

impl HeldSessions {
    fn lock(&self) -> std::sync::MutexGuard<'_, Held> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A session started that the database could not take: held, unless as many as the limit
    /// are held already (then `false`).
    pub fn start(&self, hash: String, session: HeldSession) -> bool {
        let mut h = self.lock();
        if h.started.len() + h.ended.len() >= self.limit.load(Ordering::Relaxed) {
            return false;
        }
        h.ended.remove(&hash);
        h.started.insert(hash, session);
        true
    }

    /// Sets the most sessions held at once.
    pub fn set_limit(&self, limit: usize) {
        self.limit.store(limit, Ordering::Relaxed);
    }

    /// A session ended: no longer held as started; `delete`: it must still be deleted from the
    /// database (the delete failed, or a held write may have put it there meanwhile).
    pub fn end(&self, hash: &str, delete: bool) {
        let mut h = self.lock();
        h.started.remove(hash);
        if delete {
            h.ended.insert(hash.to_string());
        }
    }

    /// A held session by its token's hash.
    pub fn get(&self, hash: &str) -> Option<HeldSession> {
        self.lock().started.get(hash).copied()
    }

    /// Whether the session was ended while the database could not delete it.
    pub fn is_ended(&self, hash: &str) -> bool {
        self.lock().ended.contains(hash)
    }

    /// A held session used: it lasts until `expires` now.
    pub fn renew(&self, hash: &str, expires: i64) {
        if let Some(s) = self.lock().started.get_mut(hash) {
            s.expires = s.expires.max(expires);
        }
    }

    /// Everything held: sessions to write, sessions to delete.
    pub fn snapshot(&self) -> (Vec<(String, HeldSession)>, Vec<String>) {
        let h = self.lock();
        let started = h.started.iter().map(|(k, v)| (k.clone(), *v)).collect();
        (started, h.ended.iter().cloned().collect())
    }

    /// These were written: no longer held (unless changed meanwhile).
    pub fn written(&self, started: &[(String, HeldSession)], ended: &[String]) {
        let mut h = self.lock();
        for (hash, s) in started {
            if h.started.get(hash).is_some_and(|x| x.expires == s.expires) {
                h.started.remove(hash);
            }
        }
        for hash in ended {
            h.ended.remove(hash);
        }
    }

    /// How many sessions are held (started and ended).
    pub fn len(&self) -> usize {
        let h = self.lock();
        h.started.len() + h.ended.len()
    }
}
