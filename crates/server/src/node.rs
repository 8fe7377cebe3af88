//! This process as one node of a room (docs/scale-out.md). Alone (the default, and always on
//! SQLite) it owns every table it opens and recovers the whole room at start-up. With
//! `--node-id` on PostgreSQL, several nodes share the room: each table is owned by one node
//! under a lease its heartbeat renews, a node claims the tables whose owner stopped renewing
//! (voiding the hand that was in play and dealing on from the saved seats), every table write
//! is fenced by the epoch its node holds, the lobby lists every node's tables, and a client
//! that asks a node for a table another node plays is told where it is (`elsewhere`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use tavolo_store::{StoreError, TableLease};

use crate::protocol::ProtoError;
use crate::table::{TableCmd, TableSummary};
use crate::Room;

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
    leases: tokio::sync::Mutex<()>,
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

    fn lease_ms(&self) -> i64 {
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

impl Room {
    /// Where table `id` is, when this node does not play it: `elsewhere` with its owner's
    /// address if a live node plays it; else this node claims it (its owner died, or it was
    /// placed here) and plays it from now on. `Ok(false)`: no such open table.
    pub(crate) async fn locate(self: &Arc<Room>, id: &str) -> Result<bool, ProtoError> {
        if !self.node.clustered {
            return Ok(false);
        }
        let lease = match self.books.store().table_lease(id).await {
            Ok(Some(l)) => l,
            Ok(None) => return Ok(false),
            Err(e) => return Err(crate::books::proto(e)),
        };
        let now = tavolo_store::now_ms();
        let mine = lease.owner.as_deref() == Some(self.node.id.as_str());
        if !mine && lease.lease_until >= now {
            if let Some(url) = &lease.url {
                return Err(ProtoError::elsewhere(id, Node::ws_url(url)));
            }
        }
        if self.node.draining.load(Relaxed) {
            // A draining node takes no table: another live node will (it claims it when asked).
            let live = self.live_nodes().await;
            if let Some(n) = live.iter().find(|n| n.id != self.node.id) {
                return Err(ProtoError::elsewhere(id, Node::ws_url(&n.url)));
            }
            return Ok(false);
        }
        Ok(self.claim(id).await)
    }

    /// Waits until no claim is in progress. A claim checks `draining` once it holds the lock, so
    /// after `draining` is set and this returns, every table this node will ever play is in
    /// the lobby: a drain that listed the lobby before a claim finished left that table out —
    /// not handed on, still owned when the node stopped, its hand voided by the next owner.
    pub(crate) async fn claims_settled(&self) {
        drop(self.node.leases.lock().await);
    }

    /// Claims table `id` and starts playing it; whether it now plays here.
    pub(crate) async fn claim(self: &Arc<Room>, id: &str) -> bool {
        let _claiming = self.node.leases.lock().await;
        if self.lobby.get(id).is_some() {
            return true;
        }
        if self.node.draining.load(Relaxed) {
            return false;
        }
        let claimed = match self
            .books
            .store()
            .claim_table(id, &self.node.id, self.node.lease_ms())
            .await
        {
            Ok(Some(c)) => c,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(table = id, error = %e, "could not claim a table");
                return false;
            }
        };
        self.metrics.takeovers.fetch_add(1, Relaxed);
        tracing::info!(
            table = id,
            epoch = claimed.fence.epoch,
            voided = claimed.voided.len(),
            "claimed a table"
        );
        match crate::table::restore(self.clone(), claimed).await {
            Ok(handle) => {
                self.lobby.insert(handle);
                true
            }
            Err(e) => {
                tracing::error!(table = id, error = %e.message, "a claimed table could not be restored");
                false
            }
        }
    }

    /// Renews this node's leases, and lets go of the tables another node has taken over.
    async fn heartbeat(self: &Arc<Room>) {
        let _claiming = self.node.leases.lock().await;
        let held = match (self.books.store())
            .heartbeat(&self.node.id, &self.node.instance, self.node.lease_ms())
            .await
        {
            Ok(h) => h,
            Err(StoreError::NodeReplaced(_)) => {
                tracing::error!(node = %self.node.id, "another process took this node's id: letting every table go");
                Vec::new()
            }
            Err(e) => {
                tracing::warn!(error = %e, "heartbeat failed; leases not renewed");
                return;
            }
        };
        self.metrics
            .leases_renewed
            .fetch_add(held.len() as u64, Relaxed);
        for t in self.lobby.all() {
            if !held
                .iter()
                .any(|(id, epoch)| *id == t.id && *epoch == t.epoch)
            {
                tracing::warn!(table = %t.id, "this node's lease on the table is gone: letting it go");
                let _ = t.tx.send(TableCmd::Lost).await;
            }
        }
    }

    /// Claims tables whose owner stopped renewing its lease (and tables placed here): at most
    /// this node's share of them at a time, so that live nodes split a dead one's tables.
    async fn claim_orphans(self: &Arc<Room>) {
        if self.node.draining.load(Relaxed) {
            return;
        }
        let running: Vec<String> = self.lobby.all().into_iter().map(|t| t.id).collect();
        let store = self.books.store();
        let mut claimable = match store.claimable_tables(&self.node.id, &running).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, "could not list tables to claim");
                return;
            }
        };
        if claimable.is_empty() {
            return;
        }
        let live = self.live_nodes().await.len().max(1);
        let share = claimable.len().div_ceil(live);
        // A different order on every node: nodes racing for the same tables rarely collide.
        let mut rng = tavolo_cards::GameRng::from_os();
        for i in (1..claimable.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            claimable.swap(i, j);
        }
        let mut won = 0;
        for id in claimable {
            if won >= share {
                break;
            }
            if self.claim(&id).await {
                won += 1;
            }
        }
    }

    /// The nodes that renewed their heartbeat within a lease and are not draining, with the
    /// tables each owns.
    pub async fn live_nodes(&self) -> Vec<tavolo_store::NodeInfo> {
        let now = tavolo_store::now_ms();
        let lease = self.node.lease_ms();
        match self.books.store().nodes().await {
            Ok(nodes) => nodes
                .into_iter()
                .filter(|n| !n.draining && n.stopped_at.is_none() && now - n.heartbeat_at <= lease)
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the nodes");
                Vec::new()
            }
        }
    }

    /// The node a new table goes to, if not this one: the live node with the fewest tables
    /// (this one when it has no more than that).
    pub(crate) async fn place_table(&self) -> Option<tavolo_store::NodeInfo> {
        if !self.node.clustered {
            return None;
        }
        let live = self.live_nodes().await;
        let least = live.iter().min_by_key(|n| n.tables.len())?;
        let mine = live.iter().find(|n| n.id == self.node.id);
        match mine {
            Some(me) if me.tables.len() <= least.tables.len() => None,
            _ if least.id == self.node.id => None,
            _ => Some(least.clone()),
        }
    }

    /// Reads the other nodes' tables into the lobby: new and changed lines go out as
    /// `lobby_update`, vanished ones as `table_closed`.
    async fn refresh_remote(&self) {
        let open: Vec<TableLease> = match self.books.store().open_tables().await {
            Ok(o) => o,
            Err(_) => return,
        };
        let mut fresh = HashMap::new();
        for t in open {
            if t.owner.as_deref() == Some(self.node.id.as_str()) {
                continue;
            }
            let summary = t
                .summary
                .as_deref()
                .and_then(|s| serde_json::from_str::<TableSummary>(s).ok());
            if let Some(s) = summary {
                fresh.insert(t.table, s);
            }
        }
        self.lobby.replace_remote(fresh);
    }
}

/// Starts the node's housekeeping: heartbeats, claims and the other nodes' lobby lines, each
/// every [`Node::period`] (the lobby every second), until the room closes.
pub(crate) fn start(room: &Arc<Room>) {
    if !room.node.clustered {
        return;
    }
    let period = room.node.period();
    crate::periodically(room, period, period, |room| async move {
        room.heartbeat().await
    });
    crate::periodically(room, Duration::ZERO, period, |room| async move {
        room.claim_orphans().await
    });
    let second = Duration::from_secs(1);
    crate::periodically(room, Duration::ZERO, second, |room| async move {
        room.refresh_remote().await
    });
}

/// Whether `e` says the table was taken over by another node.
pub(crate) fn taken_over(e: &StoreError) -> bool {
    matches!(e, StoreError::Fenced { .. })
}
