//! What a drill's tournament cost: each node's CPU seconds and peak memory (from `/proc`, added
//! up over a node's lives when it was killed and started again), and the database's commits,
//! rows written and growth (`pg_stat_database`, `pg_stat_user_tables`, `pg_database_size`; the
//! WAL's growth is the whole server's, so other databases' writes at the same time count in it).

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use sqlx::{Connection, PgConnection, Row};

use crate::cluster::Node;

/// One node's use of the machine, over its lives.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeUse {
    /// CPU time, user and system, in clock ticks.
    ticks: u64,
    /// The largest resident set of any of its lives (kB).
    peak_kb: u64,
}

impl NodeUse {
    /// Adds what `node`'s process has used so far (read before it is killed or stopped).
    pub fn add(&mut self, node: &Node) {
        let Some(pid) = node.pid() else { return };
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The fields after the command's name, which is in parentheses.
        let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
        let f: Vec<u64> = after
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(0))
            .collect();
        // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
        self.ticks += f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let hwm = (status.lines())
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        self.peak_kb = self.peak_kb.max(hwm);
    }

    fn cpu_secs(&self) -> f64 {
        // SAFETY: sysconf(3) with a valid name.
        let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        self.ticks as f64 / tick
    }
}

/// The database's counters at one moment.
#[derive(Clone, Copy, Debug, Default)]
pub struct DbStats {
    commits: i64,
    inserted: i64,
    updated: i64,
    deleted: i64,
    bytes: i64,
    wal: i64,
}

/// The database's counters now (zero if they cannot be read).
pub async fn database(url: &str) -> DbStats {
    let Ok(mut c) = PgConnection::connect(url).await else {
        return DbStats::default();
    };
    let q = "SELECT CAST(xact_commit AS BIGINT) AS c, CAST(tup_inserted AS BIGINT) AS i, \
             CAST(tup_updated AS BIGINT) AS u, CAST(tup_deleted AS BIGINT) AS d, \
             CAST(pg_database_size(current_database()) AS BIGINT) AS b, \
             CAST(pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS BIGINT) AS w \
             FROM pg_stat_database WHERE datname = current_database()";
    let stats = match sqlx::query(q).fetch_one(&mut c).await {
        Ok(r) => DbStats {
            commits: r.try_get("c").unwrap_or(0),
            inserted: r.try_get("i").unwrap_or(0),
            updated: r.try_get("u").unwrap_or(0),
            deleted: r.try_get("d").unwrap_or(0),
            bytes: r.try_get("b").unwrap_or(0),
            wal: r.try_get("w").unwrap_or(0),
        },
        Err(_) => DbStats::default(),
    };
    let _ = c.close().await;
    stats
}

/// Rows inserted and updated by table, most first.
async fn by_table(url: &str) -> Vec<(String, i64, i64)> {
    let Ok(mut c) = PgConnection::connect(url).await else {
        return Vec::new();
    };
    let q = "SELECT relname, CAST(n_tup_ins AS BIGINT) AS i, CAST(n_tup_upd AS BIGINT) AS u \
             FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd > 0 \
             ORDER BY n_tup_ins + n_tup_upd DESC";
    let rows = sqlx::query(q).fetch_all(&mut c).await.unwrap_or_default();
    let _ = c.close().await;
    (rows.iter())
        .map(|r| {
            let name: String = r.try_get("relname").unwrap_or_default();
            (
                name,
                r.try_get("i").unwrap_or(0),
                r.try_get("u").unwrap_or(0),
            )
        })
        .collect()
}

/// The prizes' journals of tournament `id`: each key and what it paid (the legs out of the
/// pool).
pub async fn prize_journals(url: &str, id: &str) -> BTreeMap<String, i64> {
    let mut c = PgConnection::connect(url).await.expect("the database");
    let q = "SELECT j.idem_key, CAST(SUM(e.amount) AS BIGINT) AS paid FROM journal j \
             JOIN entries e ON e.journal_id = j.id \
             WHERE j.idem_key LIKE $1 AND e.account <> $2 GROUP BY j.id, j.idem_key";
    let rows = sqlx::query(q)
        .bind(format!("tournament:{id}:prize:%"))
        .bind(format!("tournament:{id}"))
        .fetch_all(&mut c)
        .await
        .expect("the prizes' journals");
    let _ = c.close().await;
    (rows.iter())
        .map(|r| (r.get::<String, _>("idem_key"), r.get::<i64, _>("paid")))
        .collect()
}

/// What a tournament cost the nodes and the database.
pub struct Costs {
    wall: Duration,
    hands: i64,
    nodes: BTreeMap<String, NodeUse>,
    db: DbStats,
    tables: Vec<(String, i64, i64)>,
}

impl Costs {
    /// The costs from `before` (the database's counters when the nodes had started) to now,
    /// once the nodes have stopped (their connections' counters are flushed when they close).
    pub async fn measure(
        url: &str,
        before: DbStats,
        nodes: BTreeMap<String, NodeUse>,
        wall: Duration,
        hands: i64,
    ) -> Costs {
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        let now = database(url).await;
        let db = DbStats {
            commits: now.commits - before.commits,
            inserted: now.inserted - before.inserted,
            updated: now.updated - before.updated,
            deleted: now.deleted - before.deleted,
            bytes: now.bytes - before.bytes,
            wal: now.wal - before.wal,
        };
        let tables = by_table(url).await;
        Costs {
            wall,
            hands,
            nodes,
            db,
            tables,
        }
    }
}

impl fmt::Display for Costs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let per = |x: i64| x as f64 / self.hands.max(1) as f64;
        writeln!(
            f,
            "  costs: {:.1} s, {} hands dealt ({:.1} hands/s)",
            self.wall.as_secs_f64(),
            self.hands,
            self.hands as f64 / self.wall.as_secs_f64().max(0.001)
        )?;
        for (id, u) in &self.nodes {
            writeln!(
                f,
                "  node {id}: {:.1} CPU s, peak RSS {:.1} MB",
                u.cpu_secs(),
                u.peak_kb as f64 / 1024.0
            )?;
        }
        let d = &self.db;
        writeln!(
            f,
            "  database: {} commits ({:.2}/hand), {} rows inserted, {} updated, {} deleted ({:.2} written/hand), \
             grew {:.1} MB ({:.0} B/hand), WAL {:.1} MB ({:.0} B/hand, the whole server's)",
            d.commits,
            per(d.commits),
            d.inserted,
            d.updated,
            d.deleted,
            per(d.inserted + d.updated + d.deleted),
            d.bytes as f64 / 1e6,
            per(d.bytes),
            d.wal as f64 / 1e6,
            per(d.wal)
        )?;
        let top: Vec<String> = (self.tables.iter().take(8))
            .map(|(t, i, u)| format!("{t} {i}+{u}"))
            .collect();
        write!(f, "  rows inserted+updated by table: {}", top.join(", "))
    }
}
