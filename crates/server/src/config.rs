//! The server's settings.

use std::net::SocketAddr;
use std::time::Duration;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The database: `sqlite:/path/tavolo.db`, `sqlite::memory:` or `postgres://…`.
    pub db_url: String,
    /// Origins allowed to open WebSockets besides the server's own.
    pub allow_origins: Vec<String>,
    /// How long a bot waits before acting (0: at once).
    pub bot_delay: Duration,
    /// The pause between hands, while the result is shown.
    pub hand_pause: Duration,
    /// Messages per second each connection may send, and the burst.
    pub ws_rate: (f64, f64),
    /// Most WebSocket connections at once.
    pub max_connections: usize,
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
    pub max_bot_buy_in: u64,
    /// A table with nobody but bots (no player seated, waiting or watching) closes after this.
    pub idle_close: Duration,
    /// Tests only: when set, every buy-in or rebuy of a player (not a bot) waits for a permit
    /// of this semaphore before it is booked, and gives it back after.
    pub funding_gate: Option<std::sync::Arc<tokio::sync::Semaphore>>,
    /// The clock every timed rule of the room reads: the system clock, or in tests a
    /// [`crate::time::ManualClock`]'s.
    pub time: crate::time::Time,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db_url: "sqlite::memory:".into(),
            allow_origins: Vec::new(),
            bot_delay: Duration::from_millis(800),
            hand_pause: Duration::from_secs(3),
            ws_rate: (20.0, 40.0),
            max_connections: 50_000,
            max_ws_per_session: 8,
            max_tables_per_user: 3,
            bot_bankroll: 5_000_000,
            bot_refill: Duration::from_secs(3600),
            max_bot_buy_in: 10_000,
            idle_close: Duration::from_secs(15 * 60),
            funding_gate: None,
            time: crate::time::Time::system(),
        }
    }
}
