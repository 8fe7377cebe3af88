//! `tavolo loadtest`: many Hold'em tables of WebSocket bot clients against a room (in-process,
//! or at `--url`), reporting actions per second and the latency from an intent to the
//! `table_state` it causes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tavolo_engine::Chips;
use tavolo_server::client;
use tavolo_server::protocol::{Code, Intent, Request, ServerMessage};
use tavolo_server::table::TableOptions;
use tavolo_server::{Config, Server, ServerHandle};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::UserError;

mod seat;

use seat::{Link, Seat};

/// Load-test a card room with WebSocket bot clients playing Hold'em.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// Tables to open.
    #[arg(long, default_value_t = 100)]
    pub tables: usize,
    /// WebSocket clients per table (each takes a seat).
    #[arg(long, default_value_t = 6)]
    pub clients_per_table: usize,
    /// How long to play once every client is seated: `30s`, `2m` or seconds.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub duration: Duration,
    /// Milliseconds a client "thinks" before each action.
    #[arg(long, default_value_t = 200)]
    pub think_ms: u64,
    /// A running room (`http://127.0.0.1:8080`); default: a room started in this process.
    /// Repeat it for the nodes of a room several share (docs/scale-out.md): tables are opened
    /// through each in turn, and clients follow their table to the node that plays it
    /// (`elsewhere`), and to the next one when a node goes away. The hands played are read
    /// from each node's `/metrics` with the token in `TAVOLO_METRICS_TOKEN`.
    #[arg(long)]
    pub url: Vec<String>,
    /// In-process room: its database URL (default: a new SQLite file in a temporary directory).
    #[arg(long)]
    pub db: Option<String>,
    /// In-process room: milliseconds between hands.
    #[arg(long, default_value_t = 0)]
    pub hand_pause_ms: u64,
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: f64 = num
        .parse()
        .map_err(|_| format!("not a duration: {s:?} (try 30s or 2m)"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => return Err(format!("unknown unit in {s:?}: use ms, s or m")),
    };
    Ok(Duration::from_secs_f64(secs))
}

/// What every client counts.
#[derive(Default)]
struct Counters {
    actions: AtomicU64,
    refused: AtomicU64,
    connected: AtomicU64,
    states: AtomicU64,
    /// Times a client followed its table to another node.
    reconnects: AtomicU64,
    codes: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
}

impl Counters {
    /// An intent the room refused, by its code.
    fn refused(&self, code: Code) {
        self.refused.fetch_add(1, Relaxed);
        if let Ok(mut c) = self.codes.lock() {
            let code = serde_json::to_value(code).unwrap_or_default();
            *c.entry(code.as_str().unwrap_or("?").to_string())
                .or_default() += 1;
        }
    }
}

/// What every client of a run shares: the counters and the run's three moments (every client
/// seated and acting, measuring, stopping).
#[derive(Default)]
struct Shared {
    counters: Counters,
    /// Clients act (until every client is seated they only hold their turn).
    go: AtomicBool,
    /// Latencies are recorded.
    measuring: AtomicBool,
    /// Clients leave.
    stop: AtomicBool,
}

/// The metrics token the load generator sends: a running room's from `TAVOLO_METRICS_TOKEN`
/// (`tavolo serve` reads the same variable), else one of its own, which the room it starts
/// in this process is given.
fn metrics_token() -> &'static str {
    static TOKEN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TOKEN.get_or_init(|| {
        std::env::var(crate::serve::METRICS_TOKEN_ENV)
            .unwrap_or_else(|_| tavolo_store::hex(&tavolo_cards::GameRng::os_seed()))
    })
}

/// Hands finished on all the room's nodes (`tavolo_hands_total` from each one's `/metrics`).
async fn hands_on(nodes: &[SocketAddr]) -> f64 {
    let mut total = 0.0;
    for n in nodes {
        total += client::metric(*n, "tavolo_hands_total", Some(metrics_token()))
            .await
            .unwrap_or(0.0);
    }
    total
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

async fn load(a: LoadtestArgs) -> Result<ExitCode, UserError> {
    let mut nodes = resolve(&a.url).await?;
    let (room, tmp) = match nodes.first() {
        Some(_) => (None, None),
        None => {
            let (room, tmp) = start_room(&a).await?;
            nodes.push(room.local_addr());
            (Some(room), tmp)
        }
    };
    let nodes = Arc::new(nodes);
    let addr = nodes[0];
    let clients = a.tables * a.clients_per_table;
    eprintln!(
        "loadtest: {} tables × {} clients against {} node(s) from {addr}: signing in…",
        a.tables,
        a.clients_per_table,
        nodes.len()
    );
    let t0 = Instant::now();
    let sessions = sign_in(addr, clients).await?;
    eprintln!(
        "loadtest: {clients} guests in {:.1}s; opening tables and connections…",
        t0.elapsed().as_secs_f64()
    );
    let shared = Arc::new(Shared::default());
    let t1 = Instant::now();
    let players = open_tables(&a, &sessions, &nodes, &shared).await?;
    eprintln!(
        "loadtest: {} connections seated in {:.1}s; playing, warming up 5s…",
        clients,
        t1.elapsed().as_secs_f64()
    );
    let report = measure(&a, &nodes, &shared, players).await;
    println!(
        "{}",
        serde_json::to_string_pretty(&report).unwrap_or_default()
    );
    if let Some(h) = room {
        h.shutdown().await;
    }
    if let Some(dir) = tmp {
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(ExitCode::SUCCESS)
}

/// The addresses of the room's nodes named by `--url`.
async fn resolve(urls: &[String]) -> Result<Vec<SocketAddr>, UserError> {
    let mut nodes = Vec::new();
    for u in urls {
        let hostport = u
            .trim_start_matches("http://")
            .trim_start_matches("ws://")
            .trim_end_matches('/');
        let addr: SocketAddr = tokio::net::lookup_host(hostport)
            .await
            .map_err(|e| UserError(format!("cannot resolve {u}: {e}")))?
            .next()
            .ok_or_else(|| UserError(format!("cannot resolve {u}")))?;
        nodes.push(addr);
    }
    Ok(nodes)
}

/// A room in this process, on `--db` or a new SQLite file in a temporary directory (returned,
/// to remove afterwards).
async fn start_room(a: &LoadtestArgs) -> Result<(ServerHandle, Option<PathBuf>), UserError> {
    let mut tmp = None;
    let db = match &a.db {
        Some(d) => d.clone(),
        None => {
            let dir = std::env::temp_dir().join(format!("tavolo-loadtest-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(UserError::from)?;
            let url = format!("sqlite:{}", dir.join("tavolo.db").display());
            tmp = Some(dir);
            url
        }
    };
    let config = Config {
        addr: "127.0.0.1:0".parse().map_err(UserError::from)?,
        db_url: db,
        bot_delay: Duration::ZERO,
        hand_pause: Duration::from_millis(a.hand_pause_ms),
        // Every simulated client comes from this one address.
        guests_per_hour: u32::MAX,
        max_conns_per_ip: usize::MAX,
        metrics_token: Some(metrics_token().to_string()),
        ..Config::default()
    };
    let room = Server::start(config).await.map_err(UserError::from)?;
    Ok((room, tmp))
}

/// A guest session for each client (64 sign-ins at a time).
async fn sign_in(addr: SocketAddr, clients: usize) -> Result<Vec<String>, UserError> {
    let gate = Arc::new(Semaphore::new(64));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let gate = gate.clone();
        tasks.push(tokio::spawn(async move {
            let _p = gate.acquire().await;
            client::guest(addr).await
        }));
    }
    let mut sessions = Vec::with_capacity(clients);
    for t in tasks {
        sessions.push(t.await.map_err(UserError::from)?.map_err(UserError::from)?);
    }
    Ok(sessions)
}

/// Opens the tables (through each node in turn: the room places them where it likes; 32 at a
/// time) and starts their clients; the clients' tasks.
async fn open_tables(
    a: &LoadtestArgs,
    sessions: &[String],
    nodes: &Arc<Vec<SocketAddr>>,
    shared: &Arc<Shared>,
) -> Result<Vec<JoinHandle<Vec<u32>>>, UserError> {
    let gate = Arc::new(Semaphore::new(32));
    let seats = a.clients_per_table.clamp(2, 10);
    let think = Duration::from_millis(a.think_ms);
    let mut openers = Vec::new();
    for (t, chunk) in sessions.chunks(a.clients_per_table).enumerate() {
        let links = chunk
            .iter()
            .map(|token| Link {
                token: token.clone(),
                nodes: nodes.clone(),
                at: nodes[t % nodes.len()],
            })
            .collect();
        let (gate, shared) = (gate.clone(), shared.clone());
        openers.push(tokio::spawn(async move {
            let _p = gate.acquire().await;
            open_table(t, links, seats, think, shared).await
        }));
    }
    let mut players = Vec::new();
    for o in openers {
        players.extend(o.await.map_err(UserError::from)?.map_err(UserError)?);
    }
    Ok(players)
}

/// Connects a table's clients (each to the table's node, or another if that one is gone), has
/// the first open the table, and starts them playing.
async fn open_table(
    t: usize,
    links: Vec<Link>,
    seats: usize,
    think: Duration,
    shared: Arc<Shared>,
) -> Result<Vec<JoinHandle<Vec<u32>>>, String> {
    let mut sockets = Vec::new();
    for mut link in links {
        let at = link.at;
        let ws = link
            .reconnect(at)
            .await
            .ok_or("no node of the room answers")?;
        sockets.push((ws, link));
    }
    let options = serde_json::to_value(TableOptions {
        name: format!("load {t}"),
        seats,
        clock_secs: 60,
        time_bank_secs: 60,
        buy_in: Chips::new(200),
        rebuy: Chips::new(200),
        ..TableOptions::default()
    })
    .map_err(|e| e.to_string())?;
    let table = create_table(&mut sockets[0].0, options).await?;
    let mut players = Vec::new();
    for (i, (ws, link)) in sockets.into_iter().enumerate() {
        // The first client's intent 1 was the table's creation.
        let seat = Seat::new(ws, link, &table, think, shared.clone(), u64::from(i == 0));
        players.push(tokio::spawn(seat.play()));
    }
    Ok(players)
}

/// Opens a table with `options` as intent 1 of `ws`; its name.
async fn create_table(ws: &mut client::Ws, options: serde_json::Value) -> Result<String, String> {
    let create = Intent::new(1, Request::CreateTable { options });
    ws.send(Message::Text(create.to_json().into()))
        .await
        .map_err(|e| e.to_string())?;
    loop {
        let m = ws
            .next()
            .await
            .ok_or("the room closed the connection")?
            .map_err(|e| e.to_string())?;
        match ServerMessage::parse(m.to_text().unwrap_or("")) {
            Ok(ServerMessage::Ack {
                seq: Some(1),
                result,
                ..
            }) => {
                return result
                    .table
                    .ok_or_else(|| "create_table: the answer names no table".into());
            }
            Ok(ServerMessage::Error {
                seq: Some(1),
                message,
                ..
            }) => return Err(format!("create_table refused: {message}")),
            _ => {}
        }
    }
}

/// Lets every client sit down, warms up 5 s, measures for `--duration`, stops the clients and
/// reports.
async fn measure(
    a: &LoadtestArgs,
    nodes: &[SocketAddr],
    shared: &Shared,
    players: Vec<JoinHandle<Vec<u32>>>,
) -> serde_json::Value {
    let clients = players.len();
    let counters = &shared.counters;
    let wait = Instant::now();
    while (counters.connected.load(Relaxed) as usize) < clients
        && wait.elapsed() < Duration::from_secs(120)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    shared.go.store(true, Relaxed);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let (a0, s0) = (
        counters.actions.load(Relaxed),
        counters.states.load(Relaxed),
    );
    let h0 = hands_on(nodes).await;
    shared.measuring.store(true, Relaxed);
    let start = Instant::now();
    tokio::time::sleep(a.duration).await;
    shared.measuring.store(false, Relaxed);
    let secs = start.elapsed().as_secs_f64();
    let (a1, s1) = (
        counters.actions.load(Relaxed),
        counters.states.load(Relaxed),
    );
    let h1 = hands_on(nodes).await;
    let connected = counters.connected.load(Relaxed);
    shared.stop.store(true, Relaxed);
    let mut lat: Vec<u32> = Vec::new();
    for p in players {
        if let Ok(v) = p.await {
            lat.extend(v);
        }
    }
    lat.sort_unstable();
    json!({
        "nodes": nodes.len(),
        "tables": a.tables,
        "connections": connected,
        "duration_s": (secs * 10.0).round() / 10.0,
        "think_ms": a.think_ms,
        "actions": a1 - a0,
        "actions_per_s": ((a1 - a0) as f64 / secs).round(),
        "table_states_per_s": ((s1 - s0) as f64 / secs).round(),
        "hands_per_s": ((h1 - h0) / secs * 10.0).round() / 10.0,
        "latency_ms": {"samples": lat.len(), "p50": percentile(&lat, 0.5), "p90": percentile(&lat, 0.9),
            "p99": percentile(&lat, 0.99), "max": percentile(&lat, 1.0)},
        "refused": counters.refused.load(Relaxed),
        "reconnects": counters.reconnects.load(Relaxed),
        "refused_by_code": counters.codes.lock().map(|c| c.clone()).unwrap_or_default(),
    })
}

/// Runs the load test.
pub fn run(a: LoadtestArgs) -> Result<ExitCode, UserError> {
    crate::serve::init_logs("warn");
    if a.clients_per_table < 2 || a.clients_per_table > 10 || a.tables == 0 {
        return Err(UserError(
            "--clients-per-table is 2 to 10 and --tables at least 1".into(),
        ));
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| UserError(format!("cannot start the runtime: {e}")))?;
    rt.block_on(load(a))
}
