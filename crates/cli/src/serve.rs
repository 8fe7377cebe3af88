//! `tavolo serve`: the live card room (crates/server) on an address, with its database.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use tavolo_engine::Chips;
use tavolo_server::{Config, Server};

use crate::UserError;

/// Run the card room: HTTP and WebSocket (docs/protocol.md), lobby, tables, bots.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Directory of the SQLite database (default: the user's data directory/tavolo).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// A database URL instead (postgres://user:pw@host/db, or sqlite:PATH).
    #[arg(long)]
    pub db: Option<String>,
    /// The URL browsers use, e.g. https://cards.example: WebSockets and POSTs from any other
    /// origin are refused; https makes the cookie Secure and adds HSTS (default: http:// the
    /// listening address, and localhost when that is a loopback one).
    #[arg(long)]
    pub public_url: Option<String>,
    /// Another origin allowed to open WebSockets and POST (repeatable), e.g. http://localhost:5173.
    #[arg(long = "allow-origin")]
    pub allow_origin: Vec<String>,
    /// A reverse proxy's address (repeatable): from it, X-Forwarded-For names the client.
    #[arg(long = "trusted-proxy")]
    pub trusted_proxy: Vec<IpAddr>,
    /// Password hashes and checks at once (Argon2, 19 MiB each; default: the core count).
    #[arg(long)]
    pub password_workers: Option<usize>,
    /// Password checks waiting before sign-ups and logins are answered busy (default 64).
    #[arg(long)]
    pub password_queue: Option<usize>,
    /// Sign-ups per client address per hour (default 10).
    #[arg(long)]
    pub signups_per_hour: Option<u32>,
    /// Guests per client address per hour (default 30).
    #[arg(long)]
    pub guests_per_hour: Option<u32>,
    /// Wrong passwords per name and address before each adds a delay (default 3).
    #[arg(long)]
    pub login_free_failures: Option<u32>,
    /// The longest delay wrong passwords add, in seconds (default 300).
    #[arg(long)]
    pub login_max_delay_secs: Option<u64>,
    /// Hours a session lasts unused (default 168: a week; 30 days at most in any case).
    #[arg(long)]
    pub session_idle_hours: Option<u64>,
    /// /metrics on --addr wants "Authorization: Bearer TOKEN" (without a token it is not served
    /// there). Visible to every user of the machine in `ps`: prefer --metrics-token-file or the
    /// TAVOLO_METRICS_TOKEN environment variable.
    #[arg(long, conflicts_with = "metrics_token_file")]
    pub metrics_token: Option<String>,
    /// A file holding the metrics token (its first line).
    #[arg(long)]
    pub metrics_token_file: Option<PathBuf>,
    /// A file holding the operator's token (its first line; else the TAVOLO_OPERATOR_TOKEN
    /// environment variable): "Authorization: Bearer TOKEN" authorises the operator's actions,
    /// such as POST /api/tournaments/ID/cancel. Without one there are none over HTTP.
    #[arg(long)]
    pub operator_token_file: Option<PathBuf>,
    /// Serve /metrics (and nothing else) on this address of its own, without a token, e.g.
    /// 127.0.0.1:9090: an address only the operator's scraper reaches.
    #[arg(long)]
    pub metrics_addr: Option<SocketAddr>,
    /// Seconds a connection has to send a whole request head, from opening or its last answer
    /// (default 10).
    #[arg(long)]
    pub header_timeout_secs: Option<u64>,
    /// Seconds a request's body and answer may take (default 30).
    #[arg(long)]
    pub request_timeout_secs: Option<u64>,
    /// Open connections per client address, WebSockets included (default 64).
    #[arg(long)]
    pub max_conns_per_ip: Option<usize>,
    /// Milliseconds a bot waits before acting.
    #[arg(long, default_value_t = 800)]
    pub bot_delay_ms: u64,
    /// Milliseconds between hands (the result stays on screen).
    #[arg(long, default_value_t = 3000)]
    pub hand_pause_ms: u64,
    /// Minutes a table with nobody but bots stays open.
    #[arg(long, default_value_t = 15)]
    pub idle_close_min: u64,
    /// Most WebSockets open at once (default: as many as a quarter of the machine's memory
    /// holds at 32 KiB each — the cgroup's limit in a container — at most 50,000).
    #[arg(long)]
    pub max_connections: Option<usize>,
    /// Seconds between the room's pings on each WebSocket (0: no pings, no idle limit).
    #[arg(long, default_value_t = 30)]
    pub ws_ping_secs: u64,
    /// Seconds a WebSocket may stay silent after a ping's interval before it is closed (a pong
    /// or any message counts).
    #[arg(long, default_value_t = 20)]
    pub ws_pong_timeout_secs: u64,
    /// Most WebSockets one session (a signed-in browser) may hold open.
    #[arg(long, default_value_t = Config::default().max_ws_per_session)]
    pub max_ws_per_session: usize,
    /// Messages per second each WebSocket may send after its burst (more are refused
    /// `rate_limited`).
    #[arg(long, default_value_t = Config::default().ws_rate.0)]
    pub ws_messages_per_sec: f64,
    /// Messages each WebSocket may send at once.
    #[arg(long, default_value_t = Config::default().ws_rate.1)]
    pub ws_burst: f64,
    /// Chat lines each person may write at a table at once (whatever their connections and
    /// rejoins).
    #[arg(long, default_value_t = Config::default().chat_rate.1)]
    pub chat_burst: f64,
    /// Seconds per chat line a person may write after the burst.
    #[arg(long, default_value_t = 1.0 / Config::default().chat_rate.0)]
    pub chat_secs_per_line: f64,
    /// Most open tables one player may have created.
    #[arg(long, default_value_t = Config::default().max_tables_per_user)]
    pub max_tables_per_user: usize,
    /// Chips in the bots' bankroll, topped up from the house to this at start and every hour:
    /// what bots can bring into play.
    #[arg(long, default_value_t = Config::default().bot_bankroll)]
    pub bot_bankroll: i64,
    /// Largest buy-in (or Saint Poker stake) of a table with bots.
    #[arg(long, default_value_t = Config::default().max_bot_buy_in)]
    pub max_bot_buy_in: Chips,
    /// Most chips a guest holds, its chips at tables included (0: no cap): what it receives from
    /// others beyond this goes back to the house when its chips come home. At least the grant.
    #[arg(long, default_value_t = Config::default().guest_max_chips.unwrap_or(0))]
    pub guest_max_chips: i64,
    /// While the database cannot be written (a full disk), sign-ins still work: their sessions
    /// are held in memory and written once it can. At most this many are held.
    #[arg(long, default_value_t = Config::default().max_held_sessions)]
    pub max_held_sessions: usize,
    /// Seconds between tries of a room that cannot write: to settle what it must as it starts
    /// (it is read-only until then) and to write the sessions it holds.
    #[arg(long, default_value_t = Config::default().read_only_retry.as_secs())]
    pub read_only_retry_secs: u64,
    /// Do not keep the starter tables (one open table of each game with bots, so that a
    /// newcomer's lobby is never empty).
    #[arg(long)]
    pub no_starter_tables: bool,
    /// Run as one node of a room that several `tavolo serve` share on one PostgreSQL database
    /// (--db postgres://…): this node's id, unique in the room (docs/scale-out.md). Each table
    /// is played by one node; a dead node's tables are taken over by the others.
    #[arg(long)]
    pub node_id: Option<String>,
    /// Several nodes: milliseconds a table's lease lasts without its node's heartbeat (a dead
    /// node's tables are taken over within about 1.25 × this).
    #[arg(long, default_value_t = 10_000, requires = "node_id")]
    pub lease_ms: u64,
    /// Several nodes: seconds a stopping node waits for hands in play to end before it stops
    /// anyway (their tables are then taken over with the lease).
    #[arg(long, default_value_t = 120, requires = "node_id")]
    pub drain_secs: u64,
    /// A file of scheduled tournaments (TOML; docs/operations.md "Scheduled tournaments"): each
    /// created once in the books, however many restarts or nodes read it. A bad file stops the
    /// start with the line and the field at fault.
    #[arg(long)]
    pub tournaments: Option<PathBuf>,
    /// Log filter (tracing's EnvFilter syntax; RUST_LOG overrides it).
    #[arg(long, default_value = "info")]
    pub log: String,
}

/// Structured logs on stderr: coloured on a terminal, plain text into a file, a pipe or the
/// journal (and wherever `NO_COLOR` is set).
pub fn init_logs(filter: &str) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(filter));
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .try_init();
}

/// The environment variable that may hold the metrics token.
pub const METRICS_TOKEN_ENV: &str = "TAVOLO_METRICS_TOKEN";

/// The environment variable that may hold the operator's token.
pub const OPERATOR_TOKEN_ENV: &str = "TAVOLO_OPERATOR_TOKEN";

/// The metrics token: `--metrics-token`, the first line of `--metrics-token-file`, or
/// `TAVOLO_METRICS_TOKEN`; none when none is given. An empty token is refused (it would let
/// anybody in with an empty `Bearer`).
fn metrics_token(a: &ServeArgs) -> Result<Option<String>, UserError> {
    let empty =
        "the metrics token is empty: give one, or none to serve metrics on --metrics-addr only";
    let file = a.metrics_token_file.as_ref();
    token(a.metrics_token.clone(), file, METRICS_TOKEN_ENV, empty)
}

/// The operator's token: the first line of `--operator-token-file`, or `TAVOLO_OPERATOR_TOKEN`;
/// none when none is given; an empty one refused, as the metrics token's.
fn operator_token(a: &ServeArgs) -> Result<Option<String>, UserError> {
    let empty = "the operator token is empty: give one, or none";
    token(
        None,
        a.operator_token_file.as_ref(),
        OPERATOR_TOKEN_ENV,
        empty,
    )
}

/// A token given as a value, else the first line of a file, else the environment variable
/// `env`; refused with `empty` when it is empty.
fn token(
    given: Option<String>,
    file: Option<&PathBuf>,
    env: &str,
    empty: &str,
) -> Result<Option<String>, UserError> {
    let token = match (given, file) {
        (Some(t), _) => Some(t),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| UserError(format!("{}: {e}", path.display())))?;
            Some(text.lines().next().unwrap_or_default().to_string())
        }
        (None, None) => std::env::var(env).ok(),
    };
    match token.map(|t| t.trim().to_string()) {
        Some(t) if t.is_empty() => Err(UserError(empty.into())),
        t => Ok(t),
    }
}

/// The scheduled tournaments' file of `--tournaments FILE` (empty without it), checked here
/// first so that a bad one is refused with the file's name, the line and the field at fault.
fn scheduled(a: &ServeArgs) -> Result<String, UserError> {
    let Some(path) = &a.tournaments else {
        return Ok(String::new());
    };
    let fault = |e: &dyn std::fmt::Display| UserError(format!("{}: {e}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| fault(&e))?;
    tavolo_server::tournaments::schedule::parse(&text).map_err(|e| fault(&e))?;
    Ok(text)
}

/// The database URL: `--db`, else `tavolo.db` in `--data-dir` or the data directory.
fn db_url(a: &ServeArgs) -> Result<String, UserError> {
    if let Some(db) = &a.db {
        return Ok(db.clone());
    }
    let dir = match &a.data_dir {
        Some(d) => d.clone(),
        None => dirs::data_dir()
            .ok_or_else(|| UserError("no data directory on this system: give --data-dir".into()))?
            .join("tavolo"),
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| UserError(format!("cannot create {}: {e}", dir.display())))?;
    Ok(format!("sqlite:{}", dir.join("tavolo.db").display()))
}

/// Ctrl-C, or SIGTERM (a service manager's stop, a rolling restart).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Runs until Ctrl-C or SIGTERM, then stops gracefully: alone, hands in play are voided and
/// refunded; as one of several nodes, it drains (hands finish, tables move to other nodes).
pub fn run(a: ServeArgs) -> Result<ExitCode, UserError> {
    init_logs(&a.log);
    let d = Config::default();
    let secs = Duration::from_secs;
    let config = Config {
        addr: a.addr,
        db_url: db_url(&a)?,
        public_url: a.public_url.clone(),
        allow_origins: a.allow_origin.clone(),
        trusted_proxies: a.trusted_proxy.clone(),
        bot_delay: Duration::from_millis(a.bot_delay_ms),
        hand_pause: Duration::from_millis(a.hand_pause_ms),
        idle_close: secs(a.idle_close_min.saturating_mul(60)),
        password_workers: a.password_workers.unwrap_or(d.password_workers),
        password_queue: a.password_queue.unwrap_or(d.password_queue),
        signups_per_hour: a.signups_per_hour.unwrap_or(d.signups_per_hour),
        guests_per_hour: a.guests_per_hour.unwrap_or(d.guests_per_hour),
        login_free_failures: a.login_free_failures.unwrap_or(d.login_free_failures),
        login_max_delay: a.login_max_delay_secs.map_or(d.login_max_delay, secs),
        session_idle: a
            .session_idle_hours
            .map_or(d.session_idle, |h| secs(h.saturating_mul(3600))),
        metrics_token: metrics_token(&a)?,
        operator_token: operator_token(&a)?,
        metrics_addr: a.metrics_addr,
        header_timeout: a.header_timeout_secs.map_or(d.header_timeout, secs),
        request_timeout: a.request_timeout_secs.map_or(d.request_timeout, secs),
        max_conns_per_ip: a.max_conns_per_ip.unwrap_or(d.max_conns_per_ip),
        max_ws_per_session: a.max_ws_per_session,
        ws_rate: (a.ws_messages_per_sec.max(0.01), a.ws_burst.max(1.0)),
        chat_rate: (1.0 / a.chat_secs_per_line.max(0.01), a.chat_burst.max(1.0)),
        max_connections: a.max_connections.unwrap_or_else(|| {
            tavolo_server::config::memory_available().map_or(
                d.max_connections,
                tavolo_server::config::max_connections_for,
            )
        }),
        ws_ping: (a.ws_ping_secs > 0).then(|| secs(a.ws_ping_secs)),
        ws_pong_timeout: secs(a.ws_pong_timeout_secs),
        max_tables_per_user: a.max_tables_per_user,
        bot_bankroll: a.bot_bankroll,
        max_bot_buy_in: a.max_bot_buy_in,
        guest_max_chips: (a.guest_max_chips > 0).then_some(a.guest_max_chips),
        max_held_sessions: a.max_held_sessions,
        read_only_retry: Duration::from_secs(a.read_only_retry_secs.max(1)),
        starter_tables: !a.no_starter_tables,
        node_id: a.node_id.clone(),
        lease: Duration::from_millis(a.lease_ms.max(1_000)),
        drain_limit: secs(a.drain_secs),
        tournaments: scheduled(&a)?,
        ..d
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| UserError(format!("cannot start the runtime: {e}")))?;
    rt.block_on(async {
        let handle = Server::start(config).await.map_err(UserError::from)?;
        eprintln!(
            "tavolo: serving on http://{} (Ctrl-C stops)",
            handle.local_addr()
        );
        if let Some(m) = handle.metrics_addr() {
            eprintln!("tavolo: metrics on http://{m}/metrics");
        }
        stop_signal().await;
        if handle.room().node.clustered {
            eprintln!(
                "tavolo: draining: hands in play finish, then their tables go to other nodes"
            );
        } else {
            eprintln!("tavolo: shutting down: voiding hands in play, cashing out every seat");
        }
        handle.shutdown().await;
        Ok(ExitCode::SUCCESS)
    })
}
