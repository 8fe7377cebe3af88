//! The room: everything a running server shares — the books, the lobby, the settings, the
//! sessions, this node — and what a table needs of it.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::books::Books;
use crate::config::Config;
use crate::conns::ConnCounts;
use crate::error::RoomError;
use crate::lobby::Lobby;
use crate::logins::LoginThrottle;
use crate::metrics::Metrics;
use crate::node::Node;
use crate::origin::Origins;
use crate::passwords::PasswordGate;
use crate::protocol::TableOptions;
use crate::ratelimit::KeyedLimiter;
use crate::sessions::Sessions;
use crate::table::core::CoreConfig;
use crate::table::TableDeps;

/// Everything a running room shares: the books, the lobby, metrics, settings.
#[derive(Debug)]
pub struct Room {
    /// The database.
    pub books: Books,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// The settings.
    pub config: Config,
    /// The lobby.
    pub lobby: Arc<Lobby>,
    /// The tournaments this node holds.
    pub tournaments: crate::tournament::handle::Tournaments,
    /// The room's own origins (and the allowed ones).
    pub origins: Origins,
    /// The gate in front of Argon2.
    pub passwords: PasswordGate,
    /// Sign-ups per address.
    pub signups: KeyedLimiter,
    /// Guests per address.
    pub guests: KeyedLimiter,
    /// Failed logins.
    pub logins: LoginThrottle,
    /// Open connections by client address.
    pub conns: Arc<ConnCounts>,
    /// Live sessions: their connections and replay caches.
    pub sessions: Sessions,
    /// This process as a node of the room.
    pub node: Node,
    /// The next connection's id.
    pub next_conn: AtomicU64,
    /// Set when the room stops.
    pub closing: watch::Sender<bool>,
    /// Why the room is read-only: it started while its database could not be written (a full
    /// disk), so what a crash left at its tables could not be settled yet. Nothing is dealt
    /// until that is done (retried every few seconds); history and sessions work meanwhile.
    pub read_only: std::sync::Mutex<Option<String>>,
}

impl Room {
    /// Why the room is read-only, if it is.
    pub fn read_only(&self) -> Option<String> {
        self.read_only
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Does what the room writes as it starts (`settle`): the guest cap, the node registered or
    /// the crash settled, the bots' bankroll. The room leaves read-only mode once this succeeds.
    pub async fn recover(&self) -> Result<(), tavolo_store::StoreError> {
        settle(&self.config, &self.books, &self.node).await?;
        let mut ro = self.read_only.lock().unwrap_or_else(|e| e.into_inner());
        if ro.take().is_some() {
            tracing::warn!("the database takes writes again: the room deals again");
        }
        Ok(())
    }

    /// How long a session with no connection keeps its replay cache.
    pub const REPLAY_GRACE: std::time::Duration = std::time::Duration::from_secs(10 * 60);

    /// Forgets what is no longer needed: replay caches of sessions gone for
    /// [`Room::REPLAY_GRACE`], sign-up and guest buckets that are full again, login failures
    /// older than [`crate::logins::FORGET`].
    pub fn sweep(&self) {
        let now = self.config.time.now();
        let sessions = self.sessions.sweep(now, Self::REPLAY_GRACE);
        let buckets = self.signups.prune(now) + self.guests.prune(now) + self.logins.prune(now);
        if sessions + buckets > 0 {
            tracing::debug!(sessions, buckets, "swept");
        }
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Relaxed)
    }

    /// Whether bots may sit at a table with `options`: they play for at most
    /// `Config::max_bot_buy_in` chips a seat (buy-in or stake), from the house's bankroll.
    pub(crate) fn bots_allowed(&self, options: &TableOptions) -> Result<(), RoomError> {
        let bring = if options.betting() {
            options.buy_in
        } else {
            options.stake
        };
        if bring > self.config.max_bot_buy_in {
            return Err(RoomError::BotsTooRich {
                max: self.config.max_bot_buy_in,
                asked: bring,
            });
        }
        Ok(())
    }

    /// What a table's task needs of the room.
    pub fn table_deps(&self, options: &TableOptions) -> TableDeps {
        TableDeps {
            books: self.books.clone(),
            metrics: self.metrics.clone(),
            notices: self.lobby.clone(),
            time: self.config.time.clone(),
            core: CoreConfig {
                bot_delay: self.config.bot_delay,
                hand_pause: self.config.hand_pause,
                idle_close: self.config.idle_close,
                saves: self.node.clustered,
                chat_rate: self.config.chat_rate,
                ..CoreConfig::default()
            },
            funding_gate: self.config.funding_gate.clone(),
            options: options.clone(),
            kind: crate::table::core::TableKind::Cash,
            reports: None,
        }
    }

    /// Whether the room is stopping.
    pub fn is_closing(&self) -> bool {
        *self.closing.borrow()
    }
}

/// What the room writes as it starts: the guest cap set; with several nodes, this node
/// registered (its tables are recovered by claiming them), alone, what a crash left at its
/// tables settled; the bots' bankroll topped up.
pub(crate) async fn settle(
    config: &Config,
    books: &Books,
    node: &Node,
) -> Result<(), tavolo_store::StoreError> {
    // The cap first: chips a crash left at tables go home under it.
    books.store().set_guest_cap(config.guest_max_chips).await?;
    if node.clustered {
        books
            .store()
            .register_node(&node.id, &node.instance, &node.url)
            .await?;
    } else {
        books.recover().await?;
    }
    books.fund_bots(config.bot_bankroll).await?;
    Ok(())
}

/// Runs `work` on the room after `first`, then every `period`, until the room closes (or is
/// gone): the room's housekeeping.
pub(crate) fn periodically<F, Fut>(room: &Arc<Room>, first: Duration, period: Duration, work: F)
where
    F: Fn(Arc<Room>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let weak = Arc::downgrade(room);
    let mut closing = room.closing.subscribe();
    tokio::spawn(async move {
        let start = tokio::time::Instant::now() + first;
        let mut every = tokio::time::interval_at(start, period);
        loop {
            tokio::select! {
                _ = every.tick() => {}
                _ = closing.changed() => break,
            }
            let Some(room) = weak.upgrade() else { break };
            work(room).await;
        }
    });
}
