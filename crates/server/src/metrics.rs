//! Prometheus metrics, hand-written: atomics updated on the hot path, text exposition on scrape.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Upper bounds of the action latency histogram, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// The room's counters and gauges.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Open tables.
    pub tables: AtomicU64,
    /// Seated players (bots included).
    pub players: AtomicU64,
    /// Open WebSocket connections.
    pub connections: AtomicU64,
    /// Open HTTP connections (WebSockets leave this count once upgraded).
    pub http_connections: AtomicU64,
    /// Connections closed at once: too many open from their address.
    pub refused_connections: AtomicU64,
    /// Hands and games finished.
    pub hands: AtomicU64,
    /// Player actions applied.
    pub actions: AtomicU64,
    /// Messages refused (malformed, rate-limited, …).
    pub refused: AtomicU64,
    /// Movements of chips the books refused at a table (a hand's result, a cash-out): each
    /// stopped its table.
    pub ledger_refusals: AtomicU64,
    /// Times a table's task woke on its own clock (a deadline, a bot's turn, the next deal, the
    /// idle limit) rather than for a message: a table with nothing to wait for never wakes.
    pub timer_wakes: AtomicU64,
    /// Several nodes: table leases renewed by this node's heartbeats.
    pub leases_renewed: AtomicU64,
    /// Several nodes: tables this node claimed (taken over from a dead or draining node, or
    /// placed here).
    pub takeovers: AtomicU64,
    /// Several nodes: table writes the database refused because their epoch was stale (the
    /// table had been taken over); each made this node let the table go.
    pub stale_epoch_writes: AtomicU64,
    /// Table writes waiting to be sent again because the books did not record them yet.
    pub pending_writes: AtomicU64,
    latency: [AtomicU64; BUCKETS.len() + 1],
    latency_sum_us: AtomicU64,
    rate: Mutex<Option<(Instant, u64, f64)>>,
}

impl Metrics {
    /// Records how long an action took from its arrival at the table to its broadcast.
    pub fn observe_action(&self, d: Duration) {
        let s = d.as_secs_f64();
        let i = BUCKETS
            .iter()
            .position(|&b| s <= b)
            .unwrap_or(BUCKETS.len());
        self.latency[i].fetch_add(1, Relaxed);
        self.latency_sum_us.fetch_add(d.as_micros() as u64, Relaxed);
        self.actions.fetch_add(1, Relaxed);
    }

    /// Hands per second since the previous scrape (the first scrape: 0).
    fn hands_per_second(&self) -> f64 {
        let now = Instant::now();
        let hands = self.hands.load(Relaxed);
        let mut r = self.rate.lock().unwrap_or_else(|e| e.into_inner());
        let rate = match *r {
            Some((t, h, last)) => {
                let dt = now.duration_since(t).as_secs_f64();
                if dt < 1.0 {
                    // Scraped again too soon: keep the previous figure and window.
                    return last;
                }
                hands.saturating_sub(h) as f64 / dt
            }
            None => 0.0,
        };
        *r = Some((now, hands, rate));
        rate
    }

    /// The Prometheus text exposition.
    pub fn render(&self, db: &tavolo_store::WriteHealth, bots_bankroll: i64) -> String {
        let mut s = String::with_capacity(2048);
        let n = |a: &AtomicU64| a.load(Relaxed) as f64;
        let writable = if db.failing().is_some() { 0.0 } else { 1.0 };
        let rows: [(&str, &str, &str, f64); 17] = [
            ("tavolo_tables", "gauge", "Open tables.", n(&self.tables)),
            ("tavolo_players", "gauge", "Seated players, bots included.", n(&self.players)),
            ("tavolo_connections", "gauge", "Open WebSocket connections.", n(&self.connections)),
            ("tavolo_http_connections", "gauge", "Open HTTP connections (not yet WebSockets).", n(&self.http_connections)),
            ("tavolo_refused_connections_total", "counter", "Connections closed at once: too many open from their address.", n(&self.refused_connections)),
            ("tavolo_hands_total", "counter", "Hands and games finished.", n(&self.hands)),
            ("tavolo_hands_per_second", "gauge", "Hands finished per second since the previous scrape.", self.hands_per_second()),
            ("tavolo_refused_total", "counter", "Client messages refused.", n(&self.refused)),
            ("tavolo_ledger_refusals_total", "counter", "Hands' results and cash-outs the books refused; each stopped its table.", n(&self.ledger_refusals)),
            ("tavolo_table_timer_wakes_total", "counter", "Times a table woke on its own clock (a deadline, a bot's turn, the next deal, the idle limit).", n(&self.timer_wakes)),
            ("tavolo_leases_renewed_total", "counter", "Table leases renewed by this node's heartbeats.", n(&self.leases_renewed)),
            ("tavolo_takeovers_total", "counter", "Tables this node claimed from a dead or draining node, or that were placed on it.", n(&self.takeovers)),
            ("tavolo_stale_epoch_writes_total", "counter", "Table writes refused for a stale epoch (the table had been taken over by another node).", n(&self.stale_epoch_writes)),
            ("tavolo_pending_writes", "gauge", "Table writes the books have not recorded yet (they did not answer, or answered that they cannot write now): each is sent again.", n(&self.pending_writes)),
            ("tavolo_bots_bankroll_chips", "gauge", "Chips in the bots' bankroll (what bots can still buy in with until the next top-up).", bots_bankroll as f64),
            ("tavolo_db_writable", "gauge", "1 while the database takes writes, 0 from a failed write until one succeeds again.", writable),
            ("tavolo_db_write_failures_total", "counter", "Database writes (transactions) that failed; each discarded its connection.", db.failures() as f64),
        ];
        for (name, kind, help, v) in rows {
            let _ = writeln!(s, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {v}");
        }
        let name = "tavolo_action_latency_seconds";
        let _ = writeln!(s, "# HELP {name} Time from a player's action reaching its table to the table_state broadcast.\n# TYPE {name} histogram");
        let mut cum = 0;
        for (i, b) in BUCKETS.iter().enumerate() {
            cum += self.latency[i].load(Relaxed);
            let _ = writeln!(s, "{name}_bucket{{le=\"{b}\"}} {cum}");
        }
        cum += self.latency[BUCKETS.len()].load(Relaxed);
        let _ = writeln!(s, "{name}_bucket{{le=\"+Inf\"}} {cum}");
        let _ = writeln!(
            s,
            "{name}_sum {}",
            self.latency_sum_us.load(Relaxed) as f64 / 1e6
        );
        let _ = writeln!(s, "{name}_count {cum}");
        s
    }
}
