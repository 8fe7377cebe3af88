//! The server's settings.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tavolo_engine::Chips;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The database: `sqlite:/path/tavolo.db`, `sqlite::memory:` or `postgres://…`.
    pub db_url: String,
    /// The address browsers use, e.g. `https://cards.example` (its origin is the room's own:
    /// WebSockets and POSTs from any other are refused; `https` makes the session cookie
    /// `Secure` and adds HSTS). Unset: `http://` the listening address (and `localhost` when it
    /// is a loopback one). Never the request's own `Host`.
    pub public_url: Option<String>,
    /// Other origins allowed to open WebSockets and POST, e.g. `http://localhost:5173`.
    pub allow_origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client: from these peers the
    /// client's address is the last one in that header not itself a proxy. From any other
    /// peer the header is ignored.
    pub trusted_proxies: Vec<IpAddr>,
    /// How long a bot waits before acting (0: at once).
    pub bot_delay: Duration,
    /// The pause between hands, while the result is shown.
    pub hand_pause: Duration,
    /// Messages per second each connection may send, and the burst.
    pub ws_rate: (f64, f64),
    /// Chat lines per second each person may write at a table (whatever their connections and
    /// rejoins), and the burst.
    pub chat_rate: (f64, f64),
    /// Most WebSocket connections at once ([`max_connections_for`] the machine's memory by
    /// default in `tavolo serve`).
    pub max_connections: usize,
    /// How often the room pings each WebSocket (`None`: never).
    pub ws_ping: Option<Duration>,
    /// A WebSocket from which nothing (not even a pong) arrived for [`Config::ws_ping`] and
    /// then this long is closed: a peer gone without a word, or one that holds a socket open
    /// and never reads.
    pub ws_pong_timeout: Duration,
    /// Most WebSocket connections one session (one sign-in) may hold open at once: a few tabs.
    pub max_ws_per_session: usize,
    /// Most open tables one user may have created at once.
    pub max_tables_per_user: usize,
    /// The bots' bankroll: bots buy in, rebuy and pay stakes from this account, which is
    /// topped up from the house to this size at start and every [`Config::bot_refill`]. When
    /// it is empty bots cannot buy in, so this bounds the chips bots put into play.
    pub bot_bankroll: i64,
    /// How often the bots' bankroll is topped up.
    pub bot_refill: Duration,
    /// The largest buy-in (betting games) or stake (Saint Poker) of a table with bots.
    pub max_bot_buy_in: Chips,
    /// The most chips a guest holds (its account and its seats together; `None`: no cap).
    /// Chips a guest receives from others beyond it go back to the house when they come home
    /// (a `guest_cap` movement), so a farm of free guests cannot feed one into a rich account.
    /// At least [`tavolo_store::GUEST_GRANT`].
    pub guest_max_chips: Option<i64>,
    /// While the database cannot be written, sign-ins still work: their sessions are held by
    /// the process and written once it can. At most this many are held; beyond, a sign-in is
    /// answered 503 `unavailable`.
    pub max_held_sessions: usize,
    /// How often a room that cannot write (started read-only, or with sessions held) tries
    /// again: to settle what it must as it starts, and to write the held sessions.
    pub read_only_retry: Duration,
    /// The room keeps one open table of each game with bots (a newcomer's lobby is never
    /// empty): Hold'em No-Limit, Saint Poker (friendly) and Five-Card Draw.
    pub starter_tables: bool,
    /// Password checks and hashes (Argon2, 19 MiB each) running at once; the rest wait.
    pub password_workers: usize,
    /// Password checks waiting for a worker; beyond, sign-ups and logins are answered `busy`.
    pub password_queue: usize,
    /// Sign-ups per client address per hour (a bucket of this many, refilled over the hour).
    pub signups_per_hour: u32,
    /// Guests per client address per hour (likewise).
    pub guests_per_hour: u32,
    /// Wrong passwords for one name from one address before each further one adds a delay
    /// (1 s, doubling); for one address across all names, twice as many.
    pub login_free_failures: u32,
    /// The longest delay failed logins add.
    pub login_max_delay: Duration,
    /// A session unused this long is over (each use renews it; the cookie says as much).
    pub session_idle: Duration,
    /// `/metrics` on the room's address wants `Authorization: Bearer <token>`; unset, it is not
    /// served there at all (a proxy on the same machine makes every request a loopback one).
    pub metrics_token: Option<String>,
    /// The operator's token: `Authorization: Bearer <token>` authorises the operator's actions
    /// over HTTP (`POST /api/tournaments/{id}/cancel`); unset, there are none.
    pub operator_token: Option<String>,
    /// `/metrics` (and nothing else) on an address of its own, without a token: the operator's
    /// private address, e.g. `127.0.0.1:9090`.
    pub metrics_addr: Option<SocketAddr>,
    /// A connection must send a whole request head within this time of opening or of its last
    /// answer (slow or idle connections are closed).
    pub header_timeout: Duration,
    /// A request's body and answer must be done within this time (WebSockets are exempt).
    pub request_timeout: Duration,
    /// Open connections per client address (WebSockets included); proxies in
    /// `trusted_proxies` are exempt. A connection beyond is closed at once.
    pub max_conns_per_ip: usize,
    /// A table with nobody but bots (no player seated, waiting or watching) closes after this.
    pub idle_close: Duration,
    /// Tests only: when set, every buy-in or rebuy of a player (not a bot) waits for a permit
    /// of this semaphore before it is booked, and gives it back after.
    pub funding_gate: Option<std::sync::Arc<tokio::sync::Semaphore>>,
    /// Several nodes on one PostgreSQL database: this node's id (`--node-id`). Unset: the room
    /// is this process alone.
    pub node_id: Option<String>,
    /// Several nodes: how long a table's lease lasts without its owner's heartbeat. A dead
    /// node's tables are claimed by others within about 1.25 × this.
    pub lease: std::time::Duration,
    /// Several nodes: how long a draining node waits for its tables' hands in play to end
    /// before it stops anyway.
    pub drain_limit: std::time::Duration,
    /// The clock every timed rule of the room reads: the system clock, or in tests a
    /// [`crate::time::ManualClock`]'s.
    pub time: crate::time::Time,
    /// The scheduled tournaments' file (TOML, docs/operations.md "Scheduled tournaments"; `tavolo
    /// serve --tournaments FILE`), empty for none: checked as the room starts (a bad one stops
    /// the start), each event then created once in the books.
    pub tournaments: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db_url: "sqlite::memory:".into(),
            public_url: None,
            allow_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            bot_delay: Duration::from_millis(800),
            hand_pause: Duration::from_secs(3),
            ws_rate: (20.0, 40.0),
            chat_rate: (0.5, 5.0),
            max_connections: 50_000,
            ws_ping: Some(Duration::from_secs(30)),
            ws_pong_timeout: Duration::from_secs(20),
            max_ws_per_session: 8,
            max_tables_per_user: 3,
            bot_bankroll: 5_000_000,
            bot_refill: Duration::from_secs(3600),
            max_bot_buy_in: Chips::new(10_000),
            guest_max_chips: Some(5 * tavolo_store::GUEST_GRANT),
            max_held_sessions: 10_000,
            read_only_retry: Duration::from_secs(2),
            starter_tables: true,
            idle_close: Duration::from_secs(15 * 60),
            password_workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            password_queue: 64,
            signups_per_hour: 10,
            guests_per_hour: 30,
            login_free_failures: 3,
            login_max_delay: Duration::from_secs(5 * 60),
            session_idle: Duration::from_secs(7 * 86_400),
            metrics_token: None,
            operator_token: None,
            metrics_addr: None,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_conns_per_ip: 64,
            funding_gate: None,
            node_id: None,
            lease: Duration::from_secs(10),
            drain_limit: Duration::from_secs(120),
            time: crate::time::Time::system(),
            tournaments: String::new(),
        }
    }
}

/// What one open WebSocket may cost the room at most while idle (its buffers, queue and tasks;
/// measured at about 15 KiB, docs/performance.md): the unit of [`max_connections_for`].
pub const CONNECTION_BUDGET: u64 = 32 * 1024;

/// The most WebSockets a room with `memory` bytes lets open by default: a quarter of the memory
/// at [`CONNECTION_BUDGET`] each, and never more than 50,000 (a 4 GiB machine: 32,768).
pub fn max_connections_for(memory: u64) -> usize {
    let n = memory / 4 / CONNECTION_BUDGET;
    n.clamp(64, 50_000) as usize
}

/// The memory this process may use: the cgroup's limit when there is one (a container),
/// else the machine's (`MemTotal`); `None` where neither can be read.
pub fn memory_available() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok());
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("MemTotal:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kib| kib * 1024)
    });
    match (cgroup, total) {
        (Some(c), Some(t)) => Some(c.min(t)),
        (c, t) => c.or(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_limit_is_a_quarter_of_the_memory_at_the_budget_each() {
        assert_eq!(max_connections_for(4 << 30), 32_768);
        assert_eq!(max_connections_for(1 << 30), 8_192);
        assert_eq!(max_connections_for(64 << 30), 50_000);
        assert_eq!(max_connections_for(0), 64);
    }
}
