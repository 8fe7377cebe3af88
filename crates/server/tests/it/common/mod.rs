//! Test helpers: a server on 127.0.0.1 port 0 with a fresh SQLite file, and a scripted
//! WebSocket client.
#![allow(dead_code)]

pub mod fair;

use std::collections::{HashSet, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tavolo_server::protocol::ServerMessage;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tavolo_server::client::{self, Reply, Ws};
use tavolo_server::time::ManualClock;
use tavolo_server::{Config, Server, ServerHandle};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for a message that should come at once, in seconds: a safety net,
/// never waited out when the room works, and generous because the machine may be busy (CI
/// runs the browser suite beside these tests on two cores).
pub const WAIT: u64 = 30;

/// The PostgreSQL server `TAVOLO_TEST_DATABASE_URL` names; `None`, with a note that the test
/// is skipped, when it is not set.
pub fn postgres_url() -> Option<String> {
    let url = std::env::var("TAVOLO_TEST_DATABASE_URL").ok();
    if url.is_none() {
        eprintln!(
            "skipped: TAVOLO_TEST_DATABASE_URL is not set (scripts/postgres.sh starts a server)"
        );
    }
    url
}

/// A fresh temporary directory (unique in this process even for one tag asked for by several
/// tests at once: all the server's tests share one test binary).
pub fn temp_dir(tag: &str) -> PathBuf {
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let d = std::env::temp_dir().join(format!(
        "tavolo-room-{tag}-{}-{n}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A server with bots acting at once, no pause between hands, and no per-connection message
/// limit (a scripted player at bot speed sends more than 20 messages a second; the limit has a
/// test of its own), nor limits on guests, sign-ups and connections per address (every test
/// client comes from 127.0.0.1; those limits have tests of their own in attacks/http.rs), and a
/// bots' bankroll for thousands of hands of bots busting each other (its limit has a test of
/// its own in attacks/faults.rs). No pings either: a test that moves a manual clock by minutes at
/// once would otherwise see its quiet clients closed (the ping limit has a test of its own in
/// attacks/http.rs).
pub async fn server(tag: &str) -> (ServerHandle, PathBuf) {
    server_with(tag, |_| {}).await
}

/// As [`server`], with changed settings.
pub async fn server_with(tag: &str, f: impl FnOnce(&mut Config)) -> (ServerHandle, PathBuf) {
    let dir = temp_dir(tag);
    let mut config = test_config(&dir);
    f(&mut config);
    (Server::start(config).await.unwrap(), dir)
}

/// [`server_with`] on `clock` (the room's time): the room, its folder and the clock.
pub async fn server_at(
    clock: ManualClock,
    tag: &str,
    f: impl FnOnce(&mut Config),
) -> (ServerHandle, PathBuf, ManualClock) {
    let time = clock.time();
    let (h, dir) = server_with(tag, |c| {
        c.time = time;
        f(c);
    })
    .await;
    (h, dir, clock)
}

/// The room of [`server`] started again on the books in `dir` (another process after a stop).
pub async fn restart(dir: &std::path::Path) -> ServerHandle {
    Server::start(test_config(dir)).await.unwrap()
}

/// The room `h` stops (with `c`'s connection) and starts again on the same books in `dir`:
/// the new room, and `c` connected to it in the same session.
pub async fn restart_as(
    h: ServerHandle,
    dir: &std::path::Path,
    c: Client,
) -> (ServerHandle, Client) {
    let session = c.session.clone();
    drop(c);
    h.shutdown().await;
    let h = restart(dir).await;
    let c = Client::with_session(h.local_addr(), session).await;
    (h, c)
}

/// The books of the room in `dir` (its SQLite file), opened beside it: to read what the room
/// wrote, or to leave them as a fault would.
pub async fn books_in(dir: &std::path::Path) -> sqlx::SqliteConnection {
    use sqlx::Connection;
    let url = format!("sqlite:{}", dir.join("tavolo.db").display());
    sqlx::SqliteConnection::connect(&url)
        .await
        .expect("the books")
}

/// As [`restart`], with changed settings.
pub async fn restart_with(dir: &std::path::Path, f: impl FnOnce(&mut Config)) -> ServerHandle {
    let mut config = test_config(dir);
    f(&mut config);
    Server::start(config).await.unwrap()
}

/// The settings of [`server`] on the books in `dir`.
fn test_config(dir: &std::path::Path) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db_url: format!("sqlite:{}", dir.join("tavolo.db").display()),
        bot_delay: Duration::ZERO,
        hand_pause: Duration::ZERO,
        ws_rate: (10_000.0, 10_000.0),
        bot_bankroll: 1_000_000_000,
        guests_per_hour: u32::MAX,
        signups_per_hour: u32::MAX,
        max_conns_per_ip: usize::MAX,
        starter_tables: false,
        ws_ping: None,
        metrics_addr: Some("127.0.0.1:0".parse().unwrap()),
        ..Config::default()
    }
}

/// The room's `/metrics`, from its metrics address (which [`server`] gives every room).
pub async fn metrics(h: &ServerHandle) -> Reply {
    let at = h.metrics_addr().expect("a metrics address");
    get(at, "/metrics", None).await
}

/// A server as [`server`] starts it, and a guest connected to it.
pub async fn server_and_guest(tag: &str) -> (ServerHandle, PathBuf, Client) {
    let (h, dir) = server(tag).await;
    let guest = Client::guest(h.local_addr()).await;
    (h, dir, guest)
}

/// [`server_and_guest`], the guest seated at a new table with `options`; and the table's id.
pub async fn guest_at_new_table(
    tag: &str,
    options: Value,
) -> (ServerHandle, PathBuf, Client, String) {
    let (h, dir, mut guest) = server_and_guest(tag).await;
    let table = guest.open_table(options).await;
    (h, dir, guest, table)
}

/// `N` guests connected to the room at `addr`, one after the other.
pub async fn guests<const N: usize>(addr: SocketAddr) -> [Client; N] {
    let mut all = Vec::with_capacity(N);
    for _ in 0..N {
        all.push(Client::guest(addr).await);
    }
    match all.try_into() {
        Ok(guests) => guests,
        Err(_) => unreachable!("N guests"),
    }
}

/// A room as [`server`] starts it and `N` guests there, the first seated at a new heads-up
/// Hold'em table with a long clock; and the table's id.
pub async fn guests_at_heads_up<const N: usize>(
    tag: &str,
) -> (ServerHandle, PathBuf, [Client; N], String) {
    let (h, dir) = server(tag).await;
    let mut all: [Client; N] = guests(h.local_addr()).await;
    let options = serde_json::json!({"game": "holdem", "seats": 2, "clock_secs": 600});
    let table = all[0].open_table(options).await;
    (h, dir, all, table)
}

/// The body of a sign-up or a login (JSON).
pub fn creds(name: &str, password: &str) -> String {
    serde_json::json!({"name": name, "password": password}).to_string()
}

/// A POST of [`creds`] `(name, password)` to `path` (a sign-up or a login), with `session`'s
/// cookie if any.
pub async fn post_creds(
    addr: SocketAddr,
    path: &str,
    (name, password): (&str, &str),
    session: Option<&str>,
) -> Reply {
    post(addr, path, &creds(name, password), session).await
}

/// Checks the books balance (after every test).
pub async fn audit(h: &ServerHandle) {
    let report = h.store().audit().await.unwrap();
    assert!(
        report.balanced(),
        "the books do not balance: {:?}",
        report.problems
    );
}

/// How most tests end: [`audit`], then the server shuts down.
pub async fn audit_and_shutdown(h: ServerHandle) {
    audit(&h).await;
    h.shutdown().await;
}

/// A scripted client.
pub struct Client {
    pub ws: Ws,
    pub seq: u64,
    pub session: String,
    pub addr: SocketAddr,
    /// Messages received but not yet consumed.
    pub inbox: VecDeque<Value>,
    /// Every text frame received, raw.
    pub log: Vec<String>,
}

impl Client {
    pub async fn guest(addr: SocketAddr) -> Client {
        let session = client::guest(addr).await.unwrap();
        Client::with_session(addr, session).await
    }

    pub async fn with_session(addr: SocketAddr, session: String) -> Client {
        let ws = client::ws(addr, Some(&session), None).await.unwrap();
        Client {
            ws,
            seq: 0,
            session,
            addr,
            inbox: VecDeque::new(),
            log: Vec::new(),
        }
    }

    pub async fn send_raw(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends an intent with the next seq; returns the seq.
    pub async fn send(&mut self, kind: &str, mut fields: Value) -> u64 {
        self.seq += 1;
        let o = fields.as_object_mut().unwrap();
        o.insert("v".into(), json!(1));
        o.insert("seq".into(), json!(self.seq));
        o.insert("type".into(), json!(kind));
        let text = fields.to_string();
        self.send_raw(text).await;
        self.seq
    }

    /// The next message (from the inbox first), within `secs`.
    pub async fn next(&mut self, secs: u64) -> Option<Value> {
        if let Some(m) = self.inbox.pop_front() {
            return Some(m);
        }
        self.read(secs).await
    }

    /// Reads one frame from the socket.
    pub async fn read(&mut self, secs: u64) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(secs), self.ws.next())
                .await
                .ok()??;
            match m.ok()? {
                Message::Text(t) => {
                    self.log.push(t.to_string());
                    // Everything the room sends is one of the protocol's typed messages.
                    if let Err(e) = ServerMessage::parse(t.as_str()) {
                        panic!("not a protocol message ({e}): {t}");
                    }
                    return serde_json::from_str(t.as_str()).ok();
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Waits for the ack or error answering `seq`; other messages go to the inbox.
    pub async fn answer(&mut self, seq: u64) -> Value {
        loop {
            let m = self.read(20).await.expect("an answer");
            if m["seq"] == json!(seq) && (m["type"] == "ack" || m["type"] == "error") {
                return m;
            }
            self.inbox.push_back(m);
        }
    }

    /// The next `error` or `ack` (other messages go to the inbox).
    pub async fn answer_any(&mut self) -> Value {
        loop {
            let m = self.read(20).await.expect("an answer");
            if m["type"] == "ack" || m["type"] == "error" {
                return m;
            }
            self.inbox.push_back(m);
        }
    }

    /// Sends an intent and returns its answer.
    pub async fn ask(&mut self, kind: &str, fields: Value) -> Value {
        let seq = self.send(kind, fields).await;
        self.answer(seq).await
    }

    /// Creates a table with `options`; returns its id.
    pub async fn create_table(&mut self, options: Value) -> String {
        let t = self
            .ask("create_table", json!({ "options": options }))
            .await;
        match t["result"]["table"].as_str() {
            Some(id) => id.to_string(),
            None => panic!("no table: {t}"),
        }
    }

    /// Joins `table`; the room must accept.
    pub async fn join(&mut self, table: &str) {
        let r = self.ask("join", json!({"table": table})).await;
        assert_eq!(r["type"], "ack", "{r}");
    }

    /// Creates a table with `options` and joins it; returns its id.
    pub async fn open_table(&mut self, options: Value) -> String {
        let table = self.create_table(options).await;
        self.join(&table).await;
        table
    }

    /// Sends `action` for `hand` at `table`; returns the answer, whatever it is.
    pub async fn act(&mut self, table: &str, hand: &Value, action: Value) -> Value {
        self.ask(
            "act",
            json!({"table": table, "hand": hand, "action": action}),
        )
        .await
    }

    /// The newest `table_state` of `table` in a hand among the messages come (waiting up to a
    /// second for the first; `None` if none came): a hello's snapshot can repeat a state the
    /// player has acted on already, and acting on that again would be refused.
    pub async fn newest_state(&mut self, table: &str) -> Option<Value> {
        let mut newest = None;
        while let Some(m) = self.next(u64::from(newest.is_none())).await {
            if m["type"] == "table_state" && m["table"] == table && m["hand"].is_string() {
                newest = Some(m);
            }
        }
        newest
    }

    /// Acts as a scripted player on the state it read last: as [`Client::act_or_late`], and also
    /// fine if refused because that state moved on while it answered (the next state tells it
    /// again).
    pub async fn act_scripted(&mut self, table: &str, hand: &Value, action: Value) -> Value {
        let r = self.act(table, hand, action.clone()).await;
        let late = ["stale_hand", "not_your_turn", "illegal_action"];
        let code = r["code"].as_str().unwrap_or("");
        assert!(
            r["type"] == "ack" || late.contains(&code),
            "{action} refused: {r}"
        );
        r
    }

    /// Acts in `hand` at `table`: the room accepts, or says the hand or the turn moved on (a
    /// late action, fine for a scripted player). Returns the answer.
    pub async fn act_or_late(&mut self, table: &str, hand: &Value, action: Value) -> Value {
        let r = self.act(table, hand, action.clone()).await;
        assert!(
            r["type"] == "ack" || r["code"] == "stale_hand" || r["code"] == "not_your_turn",
            "{action} refused: {r}"
        );
        r
    }

    /// `GET path` over HTTP with this client's session.
    pub async fn get(&self, path: &str) -> Reply {
        get(self.addr, path, Some(&self.session)).await
    }

    /// Waits for a message satisfying `f` (others are dropped).
    pub async fn wait_for(&mut self, secs: u64, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let m = self
                .next(left.as_secs().max(1))
                .await
                .expect("the awaited message");
            if f(&m) {
                return m;
            }
            assert!(tokio::time::Instant::now() < deadline, "timed out waiting");
        }
    }
}

/// `GET path` over HTTP, with `session` if given.
pub async fn get(addr: SocketAddr, path: &str, session: Option<&str>) -> Reply {
    client::http(addr, "GET", path, None, session)
        .await
        .expect("an HTTP answer")
}

/// `POST path` over HTTP with `body`, with `session` if given.
pub async fn post(addr: SocketAddr, path: &str, body: &str, session: Option<&str>) -> Reply {
    client::http(addr, "POST", path, Some(body), session)
        .await
        .expect("an HTTP answer")
}

/// Fails unless `value` is a `$defs/{def}` of the published protocol schema
/// (`docs/protocol.schema.json`), read by a JSON Schema validator the project did not write
/// (boon); the schema is compiled once a thread.
pub fn conforms(value: &Value, def: &str) {
    use std::collections::HashMap;
    thread_local! {
        static SCHEMA: std::cell::RefCell<(boon::Schemas, boon::Compiler, HashMap<String, boon::SchemaIndex>)> =
            std::cell::RefCell::new({
                let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.schema.json");
                let text = std::fs::read_to_string(path).expect("docs/protocol.schema.json");
                let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
                let mut compiler = boon::Compiler::new();
                compiler.add_resource(SCHEMA_URL, schema).expect("the schema loads");
                (boon::Schemas::new(), compiler, HashMap::new())
            });
    }
    const SCHEMA_URL: &str = "https://tavolo.example/protocol.schema.json";
    SCHEMA.with_borrow_mut(|(schemas, compiler, compiled)| {
        let at = *compiled.entry(def.to_string()).or_insert_with(|| {
            compiler
                .compile(&format!("{SCHEMA_URL}#/$defs/{def}"), schemas)
                .unwrap_or_else(|e| panic!("$defs/{def}: {e}"))
        });
        if let Err(e) = schemas.validate(value, at) {
            panic!("not a {def} of docs/protocol.schema.json: {e:#}\n{value}");
        }
    });
}

/// Follows a client's `table_state`s hand by hand and checks each for hidden cards with
/// [`assert_no_leak`] (the cards shown in a hand are allowed until the next hand starts), and
/// against the protocol's schema (each game's `view` and `legal` typed by the engine's types).
#[derive(Default)]
pub struct LeakCheck {
    hand: Value,
    shown: HashSet<String>,
}

impl LeakCheck {
    /// Checks `m`; returns whether it is the first state of a new hand.
    pub fn check(&mut self, m: &Value) -> bool {
        let new_hand = m["hand"] != self.hand && !m["hand"].is_null();
        if new_hand {
            self.hand = m["hand"].clone();
            self.shown.clear();
        }
        assert_no_leak(m, &mut self.shown);
        conforms(m, "TableState");
        new_hand
    }
}

/// Every string in a JSON value that is a card (`As`, `Td`, …).
pub fn cards_in(v: &Value, out: &mut impl Extend<String>) {
    match v {
        Value::String(s) => {
            let b = s.as_bytes();
            if b.len() == 2 && b"23456789TJQKA".contains(&b[0]) && b"cdhs".contains(&b[1]) {
                out.extend([s.clone()]);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// Checks one `table_state` of a betting game for hidden cards: every card in it must be the
/// viewer's own (hole cards, or Draw hand, discards and draws), on the board, or shown at the
/// showdown in this hand (`shown` collects those across the hand's messages).
pub fn assert_no_leak(m: &Value, shown: &mut HashSet<String>) {
    if m["type"] != "table_state" {
        return;
    }
    let mut allowed: HashSet<String> = HashSet::new();
    for e in m["events"].as_array().into_iter().flatten() {
        if e["event"] == "shown" {
            cards_in(&e["cards"], shown);
        }
    }
    // The last hand's result names the hands shown at its showdown: public, and the only
    // word of them a lagging viewer gets when the states in between were coalesced away.
    for s in m["result"]["shown"].as_array().into_iter().flatten() {
        cards_in(&s["cards"], shown);
    }
    allowed.extend(shown.iter().cloned());
    let view = &m["view"];
    cards_in(&view["board"], &mut allowed);
    if let Some(me) = view["seat"].as_u64() {
        cards_in(&view["hole"][me as usize], &mut allowed);
        cards_in(&view["hand"], &mut allowed);
        cards_in(&view["discarded"], &mut allowed);
        cards_in(&view["drawn"], &mut allowed);
        for e in m["events"].as_array().into_iter().flatten() {
            if e["seat"].as_u64() == Some(me)
                && (e["event"] == "dealt" || e["event"] == "exchanged")
            {
                cards_in(e, &mut allowed);
            }
        }
    }
    let mut all = HashSet::new();
    cards_in(m, &mut all);
    let leaked: Vec<_> = all.difference(&allowed).collect();
    assert!(leaked.is_empty(), "hidden cards {leaked:?} sent in {m}");
}

/// A simple betting policy: check, else call, sometimes the minimum raise, fold rarely.
pub fn choose_betting(legal: &Value, n: u64, view: &Value) -> Value {
    let names: Vec<&str> = legal
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["action"].as_str())
        .collect();
    let find = |k: &str| {
        legal
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["action"] == k)
            .cloned()
    };
    if names.contains(&"exchange") {
        let hand: Vec<Value> = view["hand"].as_array().cloned().unwrap_or_default();
        let k = (n % 4) as usize;
        return json!({"action": "exchange", "discard": hand.into_iter().take(k.min(3)).collect::<Vec<_>>()});
    }
    if names.contains(&"show") {
        return json!({"action": "show"});
    }
    if n % 7 == 3 {
        if let Some(r) = find("bet_or_raise_to") {
            return json!({"action": "bet_or_raise_to", "to": r["min"]});
        }
    }
    if names.contains(&"check") {
        return json!({"action": "check"});
    }
    if n % 11 == 5 {
        return json!({"action": "fold"});
    }
    if names.contains(&"call") {
        return json!({"action": "call"});
    }
    if let Some(r) = find("bet_or_raise_to") {
        return json!({"action": "bet_or_raise_to", "to": r["min"]});
    }
    json!({"action": "fold"})
}
