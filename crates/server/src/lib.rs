//! # tavolo-server
//!
//! The live card room: HTTP for accounts, history and health; one WebSocket per client for
//! the lobby and the tables (docs/protocol.md is the contract).
//!
//! The key design decision: **each table is one tokio task that owns its game state**, and
//! every connection only ever receives views built for its own seat (or the spectator view),
//! serialised by that task. No lock guards game state; connections and tables talk through
//! bounded channels. All database work goes through [`books`].
#![deny(missing_docs)]

pub mod assets;
pub mod books;
pub mod client;
pub mod config;
pub mod fairness;
mod http;
pub mod listen;
pub mod lobby;
pub mod logins;
pub mod metrics;
pub mod node;
pub mod origin;
pub mod passwords;
pub mod protocol;
pub mod ratelimit;
pub mod sessions;
pub mod table;
pub mod time;
mod ws;

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tavolo_store::{Store, UserId};
use tokio::sync::watch;

pub use books::{Books, Member};
pub use config::Config;
use lobby::Lobby;
use metrics::Metrics;
use protocol::{Code, ProtoError};
use ratelimit::KeyedLimiter;
use table::TableOptions;

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
    Setting(#[from] origin::BadSetting),
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
    pub lobby: Lobby,
    /// The room's own origins (and the allowed ones).
    pub origins: origin::Origins,
    /// The gate in front of Argon2.
    pub passwords: passwords::PasswordGate,
    signups: KeyedLimiter,
    guests: KeyedLimiter,
    logins: logins::LoginThrottle,
    /// Open connections by client address.
    pub conns: Arc<listen::ConnCounts>,
    /// Live sessions: their connections and replay caches.
    pub sessions: sessions::Sessions,
    /// This process as a node of the room.
    pub node: node::Node,
    next_conn: AtomicU64,
    closing: watch::Sender<bool>,
}

impl Room {
    /// How long a session with no connection keeps its replay cache.
    pub const REPLAY_GRACE: std::time::Duration = std::time::Duration::from_secs(10 * 60);

    /// Forgets what is no longer needed: replay caches of sessions gone for
    /// [`Room::REPLAY_GRACE`], sign-up and guest buckets that are full again, login failures
    /// older than [`logins::FORGET`].
    pub fn sweep(&self) {
        let now = self.config.time.now();
        let sessions = self.sessions.sweep(now, Self::REPLAY_GRACE);
        let buckets = self.signups.prune(now) + self.guests.prune(now) + self.logins.prune(now);
        if sessions + buckets > 0 {
            tracing::debug!(sessions, buckets, "swept");
        }
    }

    fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Relaxed)
    }

    /// Opens the starter tables that are missing: one open table of each game made by the room
    /// itself, with bots, so that a newcomer finds a game at once. (A table nobody but bots has
    /// sat at closes when idle, and comes back here.) With several nodes, one node keeps them
    /// for the room — the live node first by id — and counts every node's tables.
    async fn keep_starter_tables(self: &Arc<Room>) {
        use table::GameKind;
        if self.node.clustered {
            let live = self.live_nodes().await;
            if live.first().is_some_and(|n| n.id != self.node.id) {
                return;
            }
        }
        let starter = |game, name: &str, seats, bots, level: &str| TableOptions {
            game,
            name: name.into(),
            seats,
            bots,
            bot_level: level.into(),
            ..TableOptions::default()
        };
        let starters = [
            TableOptions {
                big_blind: 2,
                buy_in: 200,
                rebuy: 200,
                ..starter(GameKind::Holdem, "Welcome: No-Limit 1/2", 6, 4, "rules")
            },
            TableOptions {
                stake: 0,
                ..starter(GameKind::Saint, "Welcome: Saint Poker", 4, 3, "normal")
            },
            TableOptions {
                ante: 5,
                buy_in: 500,
                rebuy: 500,
                ..starter(GameKind::Draw, "Welcome: Five-Card Draw", 5, 3, "rules")
            },
        ];
        let open = self.lobby.all();
        let elsewhere = self.lobby.remote_summaries();
        for options in starters {
            let options = match options.checked() {
                Ok(o) => o,
                Err(e) => {
                    tracing::error!(error = %e.message, "a starter table's options are refused");
                    continue;
                }
            };
            let there = open.iter().any(|h| {
                h.creator.is_none()
                    && h.summary.lock().is_ok_and(|s| {
                        s.game == options.game && s.state != table::TableStatus::Closed
                    })
            });
            // Another node's starter: an open table of the game with the starter's name.
            let there = there
                || elsewhere.iter().any(|s| {
                    s.game == options.game
                        && s.name == options.name
                        && s.state != table::TableStatus::Closed
                });
            if there {
                continue;
            }
            if let Err(e) = self.create_table(options, None).await {
                tracing::warn!(error = %e.message, "could not open a starter table");
            }
        }
    }

    /// Whether bots may sit at a table with `options`: they play for at most
    /// `Config::max_bot_buy_in` chips a seat (buy-in or stake), from the house's bankroll.
    pub(crate) fn bots_allowed(&self, options: &TableOptions) -> Result<(), ProtoError> {
        let bring = if options.betting() {
            options.buy_in
        } else {
            options.stake
        };
        if bring > self.config.max_bot_buy_in {
            return Err(ProtoError::new(
                Code::InvalidOptions,
                format!(
                    "bots play for at most {} chips a seat (buy-in or stake), not {bring}",
                    self.config.max_bot_buy_in
                ),
            ));
        }
        Ok(())
    }

    /// The `n`-th bot (0 first) of table `id`: an account of its own, shown by a name people
    /// can tell apart ("Bianca (expert)").
    pub(crate) async fn new_bot(
        &self,
        id: &str,
        n: usize,
        options: &TableOptions,
    ) -> Result<Member, ProtoError> {
        let account = format!("bot-{}-{}", id.get(1..).unwrap_or(id), n + 1);
        let mut m = self.books.bot(&account).await.map_err(books::proto)?;
        m.name = tavolo_bots::persona::bot_name(id, n, &options.bot_level);
        Ok(m)
    }

    /// Opens a table: registered in the store, bots created and seated, its task started.
    /// `creator` (a user; `None` for the room itself) may have at most
    /// [`Config::max_tables_per_user`] open tables.
    pub async fn create_table(
        self: &Arc<Room>,
        options: TableOptions,
        creator: Option<UserId>,
    ) -> Result<String, ProtoError> {
        if *self.closing.borrow() {
            return Err(ProtoError::new(
                Code::NotAllowed,
                "the server is shutting down",
            ));
        }
        if options.bots > 0 {
            self.bots_allowed(&options)?;
        }
        if let Some(user) = creator {
            // Counted in the database: the tables a player made on every node.
            let open =
                (self.books.store().open_tables_created_by(user).await).map_err(books::proto)?;
            if usize::try_from(open).unwrap_or(usize::MAX) >= self.config.max_tables_per_user {
                return Err(ProtoError::new(
                    Code::NotAllowed,
                    format!(
                        "you have {open} open tables, the most one player may create; \
                         a table closes when nobody but bots is left"
                    ),
                ));
            }
        }
        let json = serde_json::to_string(&options)
            .map_err(|e| ProtoError::new(Code::InvalidOptions, e.to_string()))?;
        // Several nodes: the table goes to the live node with the fewest tables, which claims
        // it (and seats its bots) when it next looks, or when a client first asks it for it.
        let (owner, lease) = match self.place_table().await {
            Some(n) => (n.id, self.node.lease),
            None => (self.node.id.clone(), self.node.lease),
        };
        // The node it is placed on learns its creator (who may add bots there) from the table's
        // row.
        let fence = self
            .books
            .create_table(options.game.name(), &json, &owner, lease, creator)
            .await
            .map_err(books::proto)?;
        let id = fence.table.clone();
        if owner != self.node.id {
            tracing::info!(table = %id, node = %owner, "placed a new table on another node");
            return Ok(id);
        }
        let mut bots = Vec::new();
        for i in 0..options.bots {
            bots.push(self.new_bot(&id, i, &options).await?);
        }
        let handle = table::spawn(self.clone(), fence, options, bots, creator, None)?;
        self.lobby.insert(handle);
        Ok(id)
    }
}

/// Runs `work` on the room after `first`, then every `period`, until the room closes (or is
/// gone): the room's housekeeping.
fn periodically<F, Fut>(room: &Arc<Room>, first: Duration, period: Duration, work: F)
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

/// A running server.
#[derive(Debug)]
pub struct ServerHandle {
    addr: SocketAddr,
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
        let books = Books::new(store);
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let url = (config.public_url.clone()).unwrap_or_else(|| format!("http://{addr}"));
        let node = match &config.node_id {
            Some(id) => {
                if books.store().kind() != tavolo_store::DbKind::Postgres {
                    return Err(ServerError::Setting(origin::BadSetting {
                        setting: "node_id",
                        value: id.clone(),
                        reason: "several nodes share a PostgreSQL database (--db postgres://…), not SQLite",
                    }));
                }
                let node = node::Node::shared(id.clone(), url, config.lease);
                // Only tables whose lease ran out are recovered: by claiming them, as the node's
                // claims go on (the hands in play voided, the seats dealt on).
                books
                    .store()
                    .register_node(&node.id, &node.instance, &node.url)
                    .await?;
                node
            }
            None => {
                // The room is this process alone: whatever a crash left at its tables is settled.
                books.recover().await?;
                node::Node::alone(url)
            }
        };
        books.fund_bots(config.bot_bankroll).await?;
        let origins = origin::Origins::new(&config, addr)?;
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
            passwords: passwords::PasswordGate::new(config.password_workers, config.password_queue),
            signups: per_hour(config.signups_per_hour),
            guests: per_hour(config.guests_per_hour),
            logins: logins::LoginThrottle::new(config.login_free_failures, config.login_max_delay),
            conns: Arc::default(),
            config,
            lobby: Lobby::default(),
            sessions: sessions::Sessions::default(),
            next_conn: AtomicU64::new(1),
            closing: watch::channel(false).0,
            node,
        });
        node::start(&room);
        let app = http::router(room.clone());
        // Once a minute: forget idle sessions' replay caches, full buckets, old login failures.
        let minute = Duration::from_secs(60);
        periodically(&room, minute, minute, |room| async move { room.sweep() });
        // Every half minute, at once first: the starter tables are there (one of each game).
        if room.config.starter_tables {
            let half = Duration::from_secs(30);
            periodically(&room, Duration::ZERO, half, |room| async move {
                room.keep_starter_tables().await
            });
        }
        // Every `bot_refill`: the bots' bankroll is topped up to its size.
        let refill = room.config.bot_refill;
        periodically(&room, refill, refill, |room| async move {
            if let Err(e) = room.books.fund_bots(room.config.bot_bankroll).await {
                tracing::error!(error = %e, "the bots' bankroll could not be topped up");
            }
        });
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(listen::serve(listener, app, room.clone(), stopped));
        tracing::info!(%addr, db = room.books.db_name(), "listening");
        Ok(ServerHandle {
            addr,
            room,
            stop: Some(stop),
            serving,
        })
    }
}

impl ServerHandle {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
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
            if t.tx.send(table::TableCmd::Shutdown(tx)).await.is_ok() {
                let _ = rx.await;
            }
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
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
            if t.tx.send(table::TableCmd::Drain(tx)).await.is_ok() {
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
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), &mut self.serving).await;
        tracing::info!(tables, "drained and stopped");
    }
}
