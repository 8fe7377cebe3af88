//! This process as one node of a room (docs/scale-out.md): its identity and its lease. Alone
//! (the default, and always on SQLite) it owns every table it opens and recovers the whole room
//! at start-up. With `--node-id` on PostgreSQL, several nodes share the room
//! ([`crate::tables`] claims, places and finds tables across them).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tavolo_store::StoreError;

/// This node: its identity, its lease, and what it knows of the other nodes' tables.
#[derive(Debug)]
pub struct Node {
    /// Its id (`--node-id`); `local` for a room of one node.
    pub id: String,
    /// This process's instance (a fresh random value at every start).
    pub instance: String,
    /// Where clients reach it (its `--public-url`, or its listening address).
    pub url: String,
    /// How long a table's lease lasts without a heartbeat.
    pub lease: Duration,
    /// Several nodes share the room.
    pub clustered: bool,
    /// It takes no new tables (SIGTERM: it drains).
    pub draining: AtomicBool,
    /// Held while the node claims a table or reconciles its heartbeat with the tables it plays:
    /// a heartbeat read before a claim must not make the node drop the table it just claimed.
    pub leases: tokio::sync::Mutex<()>,
}

impl Node {
    /// The node of a room it alone serves: it owns every table for good.
    pub fn alone(url: String) -> Node {
        Node {
            id: "local".into(),
            instance: tavolo_store::hex(&tavolo_cards::GameRng::os_seed()[..8]),
            url,
            // A century: no other node will ever claim its tables.
            lease: Duration::from_secs(100 * 365 * 86_400),
            clustered: false,
            draining: AtomicBool::new(false),
            leases: tokio::sync::Mutex::new(()),
        }
    }

    /// Node `id` of a room shared with others.
    pub fn shared(id: String, url: String, lease: Duration) -> Node {
        Node {
            id,
            clustered: true,
            lease,
            ..Node::alone(url)
        }
    }

    /// The lease in milliseconds.
    pub fn lease_ms(&self) -> i64 {
        i64::try_from(self.lease.as_millis()).unwrap_or(i64::MAX / 4)
    }

    /// How often the node renews its leases and looks for tables to claim: a quarter of the
    /// lease, so a dead node's tables are claimed at most a lease and a quarter after its last
    /// heartbeat.
    pub fn period(&self) -> Duration {
        self.lease / 4
    }

    /// The WebSocket URL of a node reachable at `url`.
    pub fn ws_url(url: &str) -> String {
        let base = url.trim_end_matches('/');
        let base = if let Some(rest) = base.strip_prefix("https://") {
            format!("wss://{rest}")
        } else if let Some(rest) = base.strip_prefix("http://") {
            format!("ws://{rest}")
        } else {
            base.to_string()
        };
        format!("{base}/ws")
    }
}

/// Whether `e` says the table was taken over by another node.
pub fn taken_over(e: &StoreError) -> bool {
    matches!(e, StoreError::Fenced { .. })
}
