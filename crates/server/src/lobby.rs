//! The lobby: the registry of open tables, who is present where (for `hello` to resume), the
//! `lobby_update` feed, and the intents that are not about one table.

use std::collections::HashMap;
use std::sync::{Mutex, RwLock};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tavolo_store::UserId;
use tokio::sync::broadcast;

use crate::protocol::{ServerMessage, VERSION};
use crate::table::core::Stop;
use crate::table::{Notices, TableHandle, TableSummary};

/// Open tables and presence. Plain locks: they are held for a map operation, never across an
/// `.await`.
#[derive(Debug)]
pub struct Lobby {
    tables: RwLock<HashMap<String, TableHandle>>,
    /// The tables other nodes of the room play (their lobby lines as last saved).
    remote: RwLock<HashMap<String, TableSummary>>,
    presence: Mutex<HashMap<UserId, Vec<String>>>,
    updates: broadcast::Sender<Utf8Bytes>,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby {
            tables: RwLock::new(HashMap::new()),
            remote: RwLock::new(HashMap::new()),
            presence: Mutex::new(HashMap::new()),
            updates: broadcast::channel(4096).0,
        }
    }
}

impl Lobby {
    /// Registers a table.
    pub fn insert(&self, t: TableHandle) {
        if let Ok(s) = t.summary.lock() {
            self.updated(&s);
        }
        if let Ok(mut map) = self.tables.write() {
            map.insert(t.id.clone(), t);
        }
    }

    /// A table by id.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().ok()?.get(id).cloned()
    }

    /// Every open table.
    pub fn all(&self) -> Vec<TableHandle> {
        self.tables
            .read()
            .map(|m| m.values().cloned().collect())
            .unwrap_or_default()
    }

    /// Every table's summary (this node's and the other nodes'), sorted by id.
    pub fn summaries(&self) -> Vec<TableSummary> {
        let mut v: Vec<TableSummary> = self
            .all()
            .iter()
            .filter_map(|t| t.summary.lock().ok().map(|s| s.clone()))
            .collect();
        if let Ok(remote) = self.remote.read() {
            for (id, s) in remote.iter() {
                if !v.iter().any(|l| &l.id == id) {
                    v.push(s.clone());
                }
            }
        }
        v.sort_by(|a, b| a.id.cmp(&b.id));
        v
    }

    /// The `lobby` message.
    pub fn lobby_message(&self) -> Utf8Bytes {
        ServerMessage::<Value>::Lobby {
            v: VERSION,
            tables: self.summaries(),
        }
        .to_json()
        .into()
    }

    /// A table's summary changed.
    pub fn updated(&self, s: &TableSummary) {
        self.announce(ServerMessage::LobbyUpdate {
            v: VERSION,
            table: s.clone(),
        });
    }

    /// A table this node no longer plays (another node does now): off this node's list, and
    /// the other nodes' lines say where it is.
    pub fn forget(&self, id: &str) {
        if let Ok(mut map) = self.tables.write() {
            map.remove(id);
        }
    }

    /// A table closed.
    pub fn closed(&self, id: &str) {
        if let Ok(mut map) = self.tables.write() {
            map.remove(id);
        }
        self.announce(ServerMessage::TableClosed {
            v: VERSION,
            table: id.to_string(),
        });
    }

    /// The lobby lines of the tables other nodes play.
    pub fn remote_summaries(&self) -> Vec<TableSummary> {
        self.remote
            .read()
            .map(|m| m.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The other nodes' tables are now `fresh`: lines new or changed go out as
    /// `lobby_update`, vanished ones as `table_closed` (unless this node now plays them).
    pub fn replace_remote(&self, fresh: HashMap<String, TableSummary>) {
        let old = match self.remote.write() {
            Ok(mut m) => std::mem::replace(&mut *m, fresh.clone()),
            Err(_) => return,
        };
        for (id, s) in &fresh {
            if old.get(id) != Some(s) && self.get(id).is_none() {
                self.updated(s);
            }
        }
        for id in old.keys().filter(|id| !fresh.contains_key(*id)) {
            if self.get(id).is_none() {
                self.announce(ServerMessage::<Value>::TableClosed {
                    v: VERSION,
                    table: id.clone(),
                });
            }
        }
    }

    fn announce(&self, m: ServerMessage<Value>) {
        let _ = self.updates.send(m.to_json().into());
    }

    /// The lobby feed.
    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.updates.subscribe()
    }

    /// Records whether a user is seated, waiting or watching at a table.
    pub fn set_presence(&self, user: UserId, table: &str, present: bool) {
        let Ok(mut map) = self.presence.lock() else {
            return;
        };
        let list = map.entry(user).or_default();
        let at = list.iter().position(|t| t == table);
        match (present, at) {
            (true, None) => list.push(table.to_string()),
            (false, Some(i)) => {
                list.swap_remove(i);
            }
            _ => {}
        }
        if list.is_empty() {
            map.remove(&user);
        }
    }

    /// The tables where a user is present.
    pub fn tables_of(&self, user: UserId) -> Vec<TableHandle> {
        let ids: Vec<String> = self
            .presence
            .lock()
            .map(|m| m.get(&user).cloned().unwrap_or_default())
            .unwrap_or_default();
        ids.iter().filter_map(|id| self.get(id)).collect()
    }
}

impl Notices for Lobby {
    fn summary(&self, summary: &TableSummary) {
        self.updated(summary);
    }

    fn presence(&self, user: UserId, table: &str, here: bool) {
        self.set_presence(user, table, here);
    }

    fn stopped(&self, table: &str, how: Stop) {
        match how {
            Stop::Closed => self.closed(table),
            Stop::Moved => self.forget(table),
        }
    }
}
