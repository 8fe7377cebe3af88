//! Starting and stopping a server: the database opened (and, alone, recovered), the room made,
//! its housekeeping started, and the listener serving; a graceful stop, or a drain when several
//! nodes share the room.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use tavolo_store::{Store, StoreError};
use tokio::sync::watch;

use crate::books::Books;
use crate::config::Config;
use crate::lobby::Lobby;
use crate::logins::LoginThrottle;
use crate::metrics::Metrics;
use crate::node::Node;
use crate::origin::{BadSetting, Origins};
use crate::passwords::PasswordGate;
use crate::ratelimit::KeyedLimiter;
use crate::room::{periodically, Room};
use crate::sessions::Sessions;
use crate::table::TableCmd;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened or recovered.
    #[error("database: {0}")]
    Store(#[from] tavolo_store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen: {0}")]
    Io(#[from] std::io::Error),
    /// A setting cannot be used.
    #[error("setting {0}")]
    Setting(#[from] BadSetting),
    /// The scheduled tournaments' file is refused.
    #[error("the scheduled tournaments: {0}")]
    Schedule(#[from] crate::tournaments::schedule::ScheduleError),
}

/// A running server.
#[derive(Debug)]
pub struct ServerHandle {
    addr: SocketAddr,
    metrics_addr: Option<SocketAddr>,
    metrics: Option<tokio::task::JoinHandle<()>>,
    room: Arc<Room>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    serving: tokio::task::JoinHandle<()>,
}

/// The server.
pub struct Server;

impl Server {
    /// Opens the database (recovering from an unclean stop), binds, and starts serving.
    pub async fn start(config: Config) -> Result<ServerHandle, ServerError> {
        let store = Store::open(&config.db_url).await?;
        Server::start_with_store(config, store).await
    }

    /// As [`Server::start`], with a store already open.
    pub async fn start_with_store(
        config: Config,
        store: Store,
    ) -> Result<ServerHandle, ServerError> {
        let scheduled = crate::tournaments::schedule::parse(&config.tournaments)?;
        store.limit_held_sessions(config.max_held_sessions);
        let books = Books::new(store);
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let metrics_listener = match config.metrics_addr {
            Some(a) => Some(tokio::net::TcpListener::bind(a).await?),
            None => None,
        };
        let url = (config.public_url.clone()).unwrap_or_else(|| format!("http://{addr}"));
        check_guest_cap(&config)?;
        let node = node_of(&config, &books, url)?;
        let read_only = settle_start(&config, &books, &node).await?;
        let origins = Origins::new(&config, addr)?;
        if config.public_url.is_none() && addr.ip().is_unspecified() {
            tracing::warn!(
                "listening on every address without --public-url: browsers are served only \
                 at http://localhost:{}; give the address they use with --public-url",
                addr.port()
            );
        }
        let per_hour = |n: u32| KeyedLimiter::new(f64::from(n) / 3600.0, f64::from(n));
        let room = Arc::new(Room {
            books,
            metrics: Arc::new(Metrics::default()),
            origins,
            passwords: PasswordGate::new(config.password_workers, config.password_queue),
            signups: per_hour(config.signups_per_hour),
            guests: per_hour(config.guests_per_hour),
            logins: LoginThrottle::new(config.login_free_failures, config.login_max_delay),
            conns: Arc::default(),
            config,
            lobby: Arc::new(Lobby::default()),
            sessions: Sessions::default(),
            next_conn: AtomicU64::new(1),
            closing: watch::channel(false).0,
            node,
            read_only: std::sync::Mutex::new(read_only),
            tournaments: Default::default(),
        });
        crate::tables::start(&room);
        housekeeping(&room);
        // The tournaments not over that this node held before a restart go on.
        if !room.node.clustered {
            room.resume_tournaments().await;
        }
        // The scheduled tournaments of the operator's file not yet in the books.
        // (and each repeating one's next occurrence, from now on).
        crate::tournaments::schedule::keep(&room, scheduled).await;
        let app = crate::http::router(room.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(crate::listen::serve(listener, app, room.clone(), stopped));
        tracing::info!(%addr, db = room.books.db_name(), "listening");
        let (metrics_addr, metrics) = serve_metrics(metrics_listener, &room)?;
        Ok(ServerHandle {
            addr,
            metrics_addr,
            metrics,
            room,
            stop: Some(stop),
            serving,
        })
    }
}

/// What the room writes as it starts: this node registered (several nodes), or what a crash
/// left at its tables settled (the room alone); the guest cap set; the bots' bankroll topped up.
/// When the database cannot be written (a disk filled, by the WAL alone perhaps; a PostgreSQL
/// database that refuses writes), the room starts read-only instead of not at all: history and
/// logins work, nothing is dealt and no table is claimed, and this is retried every few seconds
/// until it succeeds ([`Room::recover`]). Returns why the room is read-only, if it is.
async fn settle_start(
    config: &Config,
    books: &Books,
    node: &Node,
) -> Result<Option<String>, ServerError> {
    match crate::room::settle(config, books, node).await {
        Ok(()) => Ok(None),
        Err(e @ (StoreError::Db(_) | StoreError::GroupCommit(_))) => {
            tracing::error!(error = %e, "the database cannot be written: starting read-only until it can");
            Ok(Some(format!(
                "read-only: the database cannot be written ({e}); history and logins work, nothing is dealt until it can be written again"
            )))
        }
        Err(e) => Err(e.into()),
    }
}

/// The guest cap is no cap at all below the grant every guest gets.
fn check_guest_cap(config: &Config) -> Result<(), BadSetting> {
    match config.guest_max_chips {
        Some(c) if c < tavolo_store::GUEST_GRANT => Err(BadSetting {
            setting: "guest_max_chips",
            value: c.to_string(),
            reason:
                "below the grant every guest gets (10,000): give at least that, or 0 for no cap",
        }),
        _ => Ok(()),
    }
}

/// Serves the metrics alone on their own address (`--metrics-addr`), if one was bound.
#[allow(clippy::type_complexity)]
fn serve_metrics(
    listener: Option<tokio::net::TcpListener>,
    room: &Arc<Room>,
) -> Result<(Option<SocketAddr>, Option<tokio::task::JoinHandle<()>>), ServerError> {
    let Some(l) = listener else {
        return Ok((None, None));
    };
    let at = l.local_addr()?;
    tracing::info!(addr = %at, "metrics on their own address");
    let app = crate::http::metrics_router(room.clone());
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(l, app).await {
            tracing::warn!(error = %e, "the metrics address stopped");
        }
    });
    Ok((Some(at), Some(task)))
}

impl ServerHandle {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The metrics address, when the room serves its metrics on one (`metrics_addr`).
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_addr
    }

    /// The shared state (tests, the load generator).
    pub fn room(&self) -> &Arc<Room> {
        &self.room
    }

    /// The store.
    pub fn store(&self) -> &Store {
        self.room.books.store()
    }

    /// Graceful shutdown: new tables and connections are refused, every hand in progress is
    /// voided (its stacks stay as they were before it was dealt), every seat is cashed out,
    /// connections are closed, and the server stops.
    pub async fn shutdown(mut self) {
        if self.room.node.clustered {
            return self.drain().await;
        }
        let _ = self.room.closing.send(true);
        for t in self.room.lobby.all() {
            let (tx, rx) = tokio::sync::oneshot::channel();
            if t.tx.send(TableCmd::Shutdown(tx)).await.is_ok() {
                let _ = rx.await;
            }
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(m) = self.metrics.take() {
            m.abort();
        }
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), &mut self.serving).await;
        tracing::info!("stopped");
    }

    /// Several nodes: a graceful stop loses no hand. The node takes no new tables; each table
    /// plays its hand in progress out, is saved and handed on (its lease ended, so another
    /// node claims it at once, and its players' clients follow it there); then the node stops.
    /// A table whose hand outlasts `Config::drain_limit` is left to the lease (the next owner
    /// voids that hand).
    pub async fn drain(mut self) {
        let room = self.room.clone();
        room.node.draining.store(true, Relaxed);
        room.claims_settled().await;
        let store = room.books.store();
        if let Err(e) = store.mark_node(&room.node.id, true, false).await {
            tracing::warn!(error = %e, "could not mark the node as draining");
        }
        let mut waits = Vec::new();
        for t in room.lobby.all() {
            let (tx, rx) = tokio::sync::oneshot::channel();
            if t.tx.send(TableCmd::Drain(tx)).await.is_ok() {
                waits.push(rx);
            }
        }
        let tables = waits.len();
        let all = futures_util::future::join_all(waits);
        if tokio::time::timeout(room.config.drain_limit, all)
            .await
            .is_err()
        {
            tracing::warn!("some hands outlasted the drain limit: their tables go with the lease");
        }
        let _ = store.mark_node(&room.node.id, true, true).await;
        let _ = room.closing.send(true);
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(m) = self.metrics.take() {
            m.abort();
        }
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), &mut self.serving).await;
        tracing::info!(tables, "drained and stopped");
    }
}

/// This process as a node of the room: one of several on PostgreSQL (`--node-id`), which
/// recovers only the tables whose lease ran out, by claiming them; or the room alone, which
/// settles whatever a crash left at its tables as it starts. (A node registers itself as it
/// starts: `settle` in room.rs.)
fn node_of(config: &Config, books: &Books, url: String) -> Result<Node, ServerError> {
    Ok(match &config.node_id {
        Some(id) => {
            if books.store().kind() != tavolo_store::DbKind::Postgres {
                return Err(ServerError::Setting(BadSetting {
                    setting: "node_id",
                    value: id.clone(),
                    reason:
                        "several nodes share a PostgreSQL database (--db postgres://…), not SQLite",
                }));
            }
            Node::shared(id.clone(), url, config.lease)
        }
        None => Node::alone(url),
    })
}

/// The room's housekeeping: sweeps once a minute (idle sessions' replay caches, full buckets,
/// old login failures), the starter tables every half minute, finished tournaments' logs once
/// an hour, the bots' bankroll topped up.
fn housekeeping(room: &Arc<Room>) {
    // Every few seconds while the room is read-only: settle and deal again once it can write;
    // and write the sessions held meanwhile.
    let retry = room.config.read_only_retry.max(Duration::from_millis(10));
    periodically(room, retry, retry, |room| async move {
        if room.read_only().is_some() {
            if let Err(e) = room.recover().await {
                tracing::debug!(error = %e, "still read-only");
            }
        }
        // Sessions begun or ended while the database could not be written, written once it can.
        let store = room.books.store();
        if store.held_sessions() > 0 {
            if let Err(e) = store.write_held_sessions().await {
                tracing::debug!(error = %e, "sessions still held");
            }
        }
    });
    // Once a minute: forget idle sessions' replay caches, full buckets, old login failures.
    let minute = Duration::from_secs(60);
    periodically(room, minute, minute, |room| async move { room.sweep() });
    // Every half minute, at once first: the starter tables are there (one of each game).
    if room.config.starter_tables {
        let half = Duration::from_secs(30);
        periodically(room, Duration::ZERO, half, |room| async move {
            room.keep_starter_tables().await
        });
    }
    // Once an hour: the logs of tournaments finished a day ago are deleted (their results are
    // in the books; the day leaves the log to be looked at, or replayed, meanwhile).
    let hour = Duration::from_secs(3_600);
    periodically(room, hour, hour, |room| async move {
        room.forget_finished_tournament_logs().await
    });
    // Every `bot_refill`: the bots' bankroll is topped up to its size.
    let refill = room.config.bot_refill;
    periodically(room, refill, refill, |room| async move {
        if let Err(e) = room.books.fund_bots(room.config.bot_bankroll).await {
            tracing::error!(error = %e, "the bots' bankroll could not be topped up");
        }
    });
}
