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
use tavolo_server::client;
use tavolo_server::protocol::{Code, Intent, Name, Request, SeatStatus, ServerMessage, TableState};
use tavolo_server::ratelimit::Bucket;
use tavolo_server::table::TableOptions;
use tavolo_server::{Config, Server};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;

use crate::UserError;

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
    /// (`elsewhere`), and to the next one when a node goes away.
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

/// How a client reaches the room again: its session, the room's nodes, and the one it is on.
#[derive(Clone, Debug)]
struct Link {
    token: String,
    nodes: Arc<Vec<SocketAddr>>,
    at: SocketAddr,
}

impl Link {
    /// A connection to `to` or, failing that, to the room's other nodes in turn (for up to
    /// 30 s); `None` if none answers.
    async fn reconnect(&mut self, to: SocketAddr) -> Option<client::Ws> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            let others = self.nodes.iter().copied().filter(|n| *n != to);
            for n in std::iter::once(to).chain(others) {
                if let Ok(ws) = client::ws(n, Some(&self.token), None).await {
                    self.at = n;
                    return Some(ws);
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        None
    }
}

/// Where an `elsewhere` error sends a client (`ws://host:port/ws`).
fn node_addr(ws_url: &str) -> Option<SocketAddr> {
    let rest = ws_url
        .strip_prefix("ws://")
        .or_else(|| ws_url.strip_prefix("wss://"))?;
    rest.strip_suffix("/ws").unwrap_or(rest).parse().ok()
}

/// Plays one seat until `stop`; returns the latencies (µs) of its actions while `measuring`.
/// When its table moves to another node (`elsewhere`, `table_moved`, a node gone) it follows
/// it there and asks for it again.
#[allow(clippy::too_many_arguments)] // the shared flags and counters of one run
async fn play(
    mut ws: client::Ws,
    mut link: Link,
    table: String,
    think: Duration,
    counters: Arc<Counters>,
    measuring: Arc<AtomicBool>,
    go: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    first_seq: u64,
) -> Vec<u32> {
    let mut lat = Vec::new();
    let mut seq = first_seq;
    let mut last_rebuy: Option<Instant> = None;
    // A well-behaved client stays under the room's message limit (20 a second, bursts of 40):
    // a refused action would stall its table until the clock ran out.
    let mut turns = Turns {
        think,
        limit: Bucket::new(18.0, 30.0, Instant::now()),
        n: 0,
        sent: None,
    };
    let name = Name::from(table.as_str());
    let send = |ws_seq: &mut u64, request: Request| {
        *ws_seq += 1;
        Message::Text(Intent::new(*ws_seq, request).to_json().into())
    };
    let join_table = || Request::Join {
        table: name.clone(),
        buy_in: None,
        chain: None,
    };
    // Once seated, a client that lost its node asks to watch (its seat is kept there).
    let mut seated = false;
    let again = |seated: bool| {
        if seated {
            Request::Watch {
                table: name.clone(),
            }
        } else {
            join_table()
        }
    };
    let join = send(&mut seq, join_table());
    if ws.send(join).await.is_err() {
        return lat;
    }
    counters.connected.fetch_add(1, Relaxed);
    // The latest state in which it is this client's turn, not yet acted on.
    let mut turn: Option<TableState> = None;
    while !stop.load(Relaxed) {
        let msg = match tokio::time::timeout(Duration::from_millis(200), ws.next()).await {
            Err(_) => {
                // Until every client is seated nobody acts; then act on the turn held.
                if go.load(Relaxed) {
                    if let Some(m) = turn.take() {
                        let acted = turns.act(&mut ws, &send, &mut seq, &name, &m, &counters);
                        if acted.await.is_err() {
                            break;
                        }
                    }
                }
                continue;
            }
            Ok(None) | Ok(Some(Err(_))) => {
                // The node went away: another one plays the table by now, or will soon.
                if stop.load(Relaxed) {
                    break;
                }
                let next = link.nodes.iter().copied().find(|n| *n != link.at);
                let Some(fresh) = link.reconnect(next.unwrap_or(link.at)).await else {
                    break;
                };
                ws = fresh;
                counters.reconnects.fetch_add(1, Relaxed);
                let _ = ws.send(send(&mut seq, again(seated))).await;
                continue;
            }
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) => continue,
        };
        let text = msg.as_str();
        if text.starts_with(r#"{"type":"table_state""#) {
            // Cheap checks first (the fields come in the order of the protocol's types): most
            // states need no answer, and parsing each in full would make the clients, not the
            // room, the bottleneck.
            counters.states.fetch_add(1, Relaxed);
            turn = None;
            if let Some(t) = turns.sent.take() {
                if measuring.load(Relaxed) {
                    lat.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                }
            }
            let my_turn = text.contains(r#""legal":[{"#);
            let out_of_hand = text.contains(r#""hand_seat":null,"sitting_out""#);
            let unseated = text.contains(r#""you":{"seat":null,"hand_seat":null,"#)
                && text.contains(r#""waiting":null,"seat_change""#);
            if !my_turn && !(out_of_hand && (text.contains(r#""chips":0,"#) || unseated)) {
                continue;
            }
        }
        let st = match ServerMessage::parse(text) {
            Ok(ServerMessage::Error {
                code: Code::Elsewhere,
                at: Some(at),
                ..
            }) => {
                // Another node plays the table: go there and ask again.
                let Some(to) = node_addr(&at) else { continue };
                let Some(fresh) = link.reconnect(to).await else {
                    break;
                };
                ws = fresh;
                counters.reconnects.fetch_add(1, Relaxed);
                let _ = ws.send(send(&mut seq, again(seated))).await;
                continue;
            }
            Ok(ServerMessage::TableMoved { .. }) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let _ = ws.send(send(&mut seq, again(seated))).await;
                continue;
            }
            Ok(ServerMessage::Error { code, .. }) => {
                counters.refused.fetch_add(1, Relaxed);
                if let Ok(mut c) = counters.codes.lock() {
                    let code = serde_json::to_value(code).unwrap_or_default();
                    *c.entry(code.as_str().unwrap_or("?").to_string())
                        .or_default() += 1;
                }
                continue;
            }
            Ok(ServerMessage::TableState(st)) => st,
            _ => continue,
        };
        seated = st.you.seat.is_some();
        if st.you.seat.is_none() && st.you.waiting.is_none() {
            let j = send(&mut seq, join_table());
            let _ = ws.send(j).await;
            continue;
        }
        let legal = st.legal.as_array().cloned().unwrap_or_default();
        let over = st.view.as_ref().is_some_and(|v| v["over"] == true);
        if legal.is_empty() || st.hand.is_none() || over {
            let broke = st.you.hand_seat.is_none()
                && st.seats.iter().any(|x| {
                    Some(x.seat) == st.you.seat
                        && x.chips == Some(0)
                        && x.status != SeatStatus::BuyingIn
                });
            if broke && last_rebuy.is_none_or(|t: Instant| t.elapsed() > Duration::from_secs(2)) {
                last_rebuy = Some(Instant::now());
                let r = send(
                    &mut seq,
                    Request::Rebuy {
                        table: name.clone(),
                    },
                );
                let _ = ws.send(r).await;
            }
            continue;
        }
        if !go.load(Relaxed) {
            turn = Some(*st);
            continue;
        }
        if turns
            .act(&mut ws, &send, &mut seq, &name, &st, &counters)
            .await
            .is_err()
        {
            break;
        }
    }
    // Done: leave the table (a hand in play is played out for us and the stack cashed out), so
    // that nothing waits for a client that is gone.
    let leave = send(
        &mut seq,
        Request::Leave {
            table: name.clone(),
        },
    );
    if ws.send(leave).await.is_ok() {
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            while let Some(Ok(m)) = ws.next().await {
                if m.to_text().is_ok_and(|t| t.contains(r#""type":"ack""#)) {
                    break;
                }
            }
        })
        .await;
    }
    let _ = ws.close(None).await;
    lat
}

/// How a client takes its turns: it thinks, keeps under the room's message limit, numbers its
/// actions, and remembers when the last one left (its latency ends with the next state).
struct Turns {
    think: Duration,
    limit: Bucket,
    n: u64,
    sent: Option<Instant>,
}

impl Turns {
    /// Thinks, then answers the state `m` (whose `legal` is not empty): check, call, now and
    /// then the minimum raise or a fold.
    async fn act(
        &mut self,
        ws: &mut client::Ws,
        send: &impl Fn(&mut u64, Request) -> Message,
        seq: &mut u64,
        table: &Name,
        m: &TableState,
        counters: &Counters,
    ) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        self.n += 1;
        let n = self.n;
        if !self.think.is_zero() {
            tokio::time::sleep(self.think).await;
        }
        while !self.limit.take(Instant::now()) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let legal = m.legal.as_array().cloned().unwrap_or_default();
        let has = |k: &str| legal.iter().find(|a| a["action"] == k);
        let action = if n % 9 == 4 {
            has("bet_or_raise_to").map(|r| json!({"action": "bet_or_raise_to", "to": r["min"]}))
        } else {
            None
        }
        .or_else(|| has("check").map(|_| json!({"action": "check"})))
        .or_else(|| (n % 5 == 2).then(|| json!({"action": "fold"})))
        .or_else(|| has("call").map(|_| json!({"action": "call"})))
        .unwrap_or(json!({"action": "fold"}));
        let hand = Name::from(m.hand.as_deref().unwrap_or_default());
        let msg = send(
            seq,
            Request::Act {
                table: table.clone(),
                hand,
                action,
            },
        );
        ws.send(msg).await?;
        self.sent = Some(Instant::now());
        counters.actions.fetch_add(1, Relaxed);
        Ok(())
    }
}

/// Hands finished on all the room's nodes (`tavolo_hands_total` from each one's `/metrics`).
async fn hands_on(nodes: &[SocketAddr]) -> f64 {
    let mut total = 0.0;
    for n in nodes {
        total += client::metric(*n, "tavolo_hands_total")
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
    let mut tmp: Option<PathBuf> = None;
    let mut nodes = Vec::new();
    for u in &a.url {
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
    let (addr, server) = match nodes.first() {
        Some(&addr) => (addr, None),
        None => {
            let db = match &a.db {
                Some(d) => d.clone(),
                None => {
                    let dir = std::env::temp_dir()
                        .join(format!("tavolo-loadtest-{}", std::process::id()));
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
                ..Config::default()
            };
            let h = Server::start(config).await.map_err(UserError::from)?;
            (h.local_addr(), Some(h))
        }
    };
    let nodes = Arc::new(if nodes.is_empty() { vec![addr] } else { nodes });
    let clients = a.tables * a.clients_per_table;
    eprintln!(
        "loadtest: {} tables × {} clients against {} node(s) from {addr}: signing in…",
        a.tables,
        a.clients_per_table,
        nodes.len()
    );
    let t0 = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let mut sessions = Vec::with_capacity(clients);
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let gate = gate.clone();
        tasks.push(tokio::spawn(async move {
            let _p = gate.acquire().await;
            client::guest(addr).await
        }));
    }
    for t in tasks {
        sessions.push(t.await.map_err(UserError::from)?.map_err(UserError::from)?);
    }
    eprintln!(
        "loadtest: {clients} guests in {:.1}s; opening tables and connections…",
        t0.elapsed().as_secs_f64()
    );
    let counters = Arc::new(Counters::default());
    let measuring = Arc::new(AtomicBool::new(false));
    let go = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::with_capacity(clients);
    let t1 = Instant::now();
    let mut openers = Vec::new();
    let gate = Arc::new(Semaphore::new(32));
    for (t, chunk) in sessions.chunks(a.clients_per_table).enumerate() {
        let chunk = chunk.to_vec();
        // Tables are opened through each node in turn (the room places them where it likes).
        let (at, nodes) = (nodes[t % nodes.len()], nodes.clone());
        let (gate, counters, measuring, go, stop) = (
            gate.clone(),
            counters.clone(),
            measuring.clone(),
            go.clone(),
            stop.clone(),
        );
        let (seats, think) = (
            a.clients_per_table.clamp(2, 10),
            Duration::from_millis(a.think_ms),
        );
        openers.push(tokio::spawn(async move {
            let _p = gate.acquire().await;
            // Each client connects to the table's node, or to another if that one is gone.
            let mut sockets = Vec::new();
            for s in &chunk {
                let mut link = Link {
                    token: s.clone(),
                    nodes: nodes.clone(),
                    at,
                };
                let ws = link
                    .reconnect(at)
                    .await
                    .ok_or("no node of the room answers")?;
                sockets.push((ws, link));
            }
            // The first client opens the table.
            let options = serde_json::to_value(TableOptions {
                name: format!("load {t}"),
                seats,
                clock_secs: 60,
                time_bank_secs: 60,
                buy_in: 200,
                rebuy: 200,
                ..TableOptions::default()
            })
            .map_err(|e| e.to_string())?;
            let create = Intent::new(1, Request::CreateTable { options });
            sockets[0]
                .0
                .send(Message::Text(create.to_json().into()))
                .await
                .map_err(|e| e.to_string())?;
            let table = loop {
                let m = sockets[0]
                    .0
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
                        break result
                            .table
                            .ok_or("create_table: the answer names no table")?;
                    }
                    Ok(ServerMessage::Error {
                        seq: Some(1),
                        message,
                        ..
                    }) => {
                        return Err(format!("create_table refused: {message}"));
                    }
                    _ => {}
                }
            };
            let mut players = Vec::new();
            for (i, (ws, link)) in sockets.into_iter().enumerate() {
                players.push(tokio::spawn(play(
                    ws,
                    link,
                    table.clone(),
                    think,
                    counters.clone(),
                    measuring.clone(),
                    go.clone(),
                    stop.clone(),
                    if i == 0 { 1 } else { 0 },
                )));
            }
            Ok::<_, String>(players)
        }));
    }
    for o in openers {
        players.extend(o.await.map_err(UserError::from)?.map_err(UserError)?);
    }
    eprintln!(
        "loadtest: {} connections seated in {:.1}s; playing, warming up 5s…",
        clients,
        t1.elapsed().as_secs_f64()
    );
    let wait = Instant::now();
    while (counters.connected.load(Relaxed) as usize) < clients
        && wait.elapsed() < Duration::from_secs(120)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    go.store(true, Relaxed);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let (a0, s0) = (
        counters.actions.load(Relaxed),
        counters.states.load(Relaxed),
    );
    let h0 = hands_on(&nodes).await;
    measuring.store(true, Relaxed);
    let start = Instant::now();
    tokio::time::sleep(a.duration).await;
    measuring.store(false, Relaxed);
    let secs = start.elapsed().as_secs_f64();
    let (a1, s1) = (
        counters.actions.load(Relaxed),
        counters.states.load(Relaxed),
    );
    let h1 = hands_on(&nodes).await;
    let connected = counters.connected.load(Relaxed);
    stop.store(true, Relaxed);
    let mut lat: Vec<u32> = Vec::new();
    for p in players {
        if let Ok(v) = p.await {
            lat.extend(v);
        }
    }
    lat.sort_unstable();
    let report = json!({
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
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&report).unwrap_or_default()
    );
    if let Some(h) = server {
        h.shutdown().await;
    }
    if let Some(dir) = tmp {
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(ExitCode::SUCCESS)
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
