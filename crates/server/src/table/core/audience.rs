//! Who listens to a table and what each viewer was last sent. A viewer is a user (all their
//! connections get the same frames). A state is sent to a viewer only when it differs from the
//! one they were last sent; its `version` counts that viewer's states alone, so no counter a
//! viewer sees moves with a change they cannot see.

use std::collections::{BTreeMap, BTreeSet};

use tavolo_engine::game::Game;
use tavolo_store::{HandId, UserId};

use super::io::{ConnId, Effect, Frame};
use crate::books::Member;

/// What a viewer was last sent: the state (its frame, shared with the connections' queues, not
/// copied), where its text without the version and the events lies, and how many events of
/// which hand it had.
#[derive(Debug, Clone, Default)]
pub struct Sent {
    /// The state as sent.
    pub frame: Frame,
    /// Where in `frame` the state's text without its version and its events lies.
    pub plain: std::ops::Range<usize>,
    /// The hand (its id) and the number of its events the viewer has been sent.
    pub events: Option<(HandId, usize)>,
}

impl Sent {
    /// The state's text without its version and its events.
    pub fn plain(&self) -> &str {
        self.frame
            .as_str()
            .get(self.plain.clone())
            .unwrap_or_default()
    }
}

/// The connections of a table and what each viewer has.
#[derive(Debug, Default)]
pub struct Audience {
    conns: BTreeMap<ConnId, Member>,
    /// Connections that have not been sent the table yet.
    fresh: BTreeSet<ConnId>,
    watchers: BTreeSet<UserId>,
    sent: BTreeMap<UserId, Sent>,
    /// Each viewer's count of states (kept for the table's life: a client that reconnects
    /// still sees it grow).
    versions: BTreeMap<UserId, u64>,
}

impl Audience {
    /// `conn` (of `user`) hears the table from now on.
    pub fn subscribe(&mut self, conn: ConnId, user: &Member) {
        if self.conns.insert(conn, user.clone()).is_none() {
            self.fresh.insert(conn);
        }
    }

    /// Whether `conn` hears the table.
    pub fn is_subscribed(&self, conn: ConnId) -> bool {
        self.conns.contains_key(&conn)
    }

    /// A connection closed.
    pub fn detach(&mut self, conn: ConnId) {
        self.fresh.remove(&conn);
        if let Some(m) = self.conns.remove(&conn) {
            if !self.conns.values().any(|x| x.id == m.id) {
                self.sent.remove(&m.id);
            }
        }
    }

    /// `user` watches through `conn`.
    pub fn watch(&mut self, conn: ConnId, user: &Member) {
        self.watchers.insert(user.id);
        self.subscribe(conn, user);
    }

    /// `user`, who had a seat, watches from now on through the connections they have here (none:
    /// nothing changes). Whether they did is answered.
    pub fn keep_watching(&mut self, user: UserId) -> bool {
        let here = self.is_connected(user);
        if here {
            self.watchers.insert(user);
        }
        here
    }

    /// `user` stops watching (their connections stay if they are here otherwise: the core
    /// drops them when they are not).
    pub fn unwatch(&mut self, user: UserId) {
        self.watchers.remove(&user);
    }

    /// Whether `user` watches.
    pub fn is_watching(&self, user: UserId) -> bool {
        self.watchers.contains(&user)
    }

    /// Whether a connection of `user` listens.
    pub fn is_connected(&self, user: UserId) -> bool {
        self.conns.values().any(|m| m.id == user)
    }

    /// Whether any connection listens.
    pub fn has_connections(&self) -> bool {
        !self.conns.is_empty()
    }

    /// The users who listen, once each.
    pub fn viewers(&self) -> Vec<UserId> {
        let mut seen = BTreeSet::new();
        (self.conns.values())
            .map(|m| m.id)
            .filter(|&id| seen.insert(id))
            .collect()
    }

    /// `user` as one of their connections knows them, if any listens.
    pub fn member(&self, user: UserId) -> Option<&Member> {
        self.conns.values().find(|m| m.id == user)
    }

    /// The users who watch.
    pub fn watchers(&self) -> impl Iterator<Item = UserId> + '_ {
        self.watchers.iter().copied()
    }

    /// The user's connections hear no more from this table.
    pub fn forget(&mut self, user: UserId) {
        let gone: Vec<ConnId> = (self.conns.iter())
            .filter(|(_, m)| m.id == user)
            .map(|(c, _)| *c)
            .collect();
        for c in gone {
            self.conns.remove(&c);
            self.fresh.remove(&c);
        }
        self.sent.remove(&user);
        self.watchers.remove(&user);
    }

    /// What `user` was last sent.
    pub fn sent(&self, user: UserId) -> Option<&Sent> {
        self.sent.get(&user)
    }

    /// `user`'s state changed: `sent`'s frame (written with [`Audience::next_version`]) goes to
    /// every connection of theirs, and `sent` is what they have now.
    pub fn send_state<G: Game>(&mut self, user: UserId, sent: Sent, out: &mut Vec<Effect<G>>) {
        for (c, _) in self.conns.iter().filter(|(_, m)| m.id == user) {
            out.push(Effect::Send(*c, sent.frame.clone()));
            self.fresh.remove(c);
        }
        self.sent.insert(user, sent);
        *self.versions.entry(user).or_default() += 1;
    }

    /// The version `user`'s next state gets.
    pub fn next_version(&self, user: UserId) -> u64 {
        self.versions.get(&user).copied().unwrap_or(0) + 1
    }

    /// The version of the last state `user` was sent.
    pub fn version(&self, user: UserId) -> u64 {
        self.versions.get(&user).copied().unwrap_or(0)
    }

    /// `user`'s connections that have not been sent the table yet, now taken.
    pub fn take_fresh(&mut self, user: UserId) -> Vec<ConnId> {
        let conns: Vec<ConnId> = (self.fresh.iter())
            .filter(|c| self.conns.get(c).is_some_and(|m| m.id == user))
            .copied()
            .collect();
        for c in &conns {
            self.fresh.remove(c);
        }
        conns
    }

    /// A connection that says hello is sent the table again.
    pub fn resend(&mut self, conn: ConnId) {
        if self.conns.contains_key(&conn) {
            self.fresh.insert(conn);
        }
    }

    /// A frame to every connection.
    pub fn send_all<G: Game>(&self, frame: &Frame, out: &mut Vec<Effect<G>>) {
        for c in self.conns.keys() {
            out.push(Effect::Send(*c, frame.clone()));
        }
    }
}
