//! What the process tests of several nodes share (nodes.rs, tournament_nodes.rs): `tavolo serve
//! --node-id` processes on loopback sharing one PostgreSQL database, their logs, and signing up.
//!
//! Runs only when `TAVOLO_TEST_DATABASE_URL` names a PostgreSQL server (CI sets it): several
//! nodes need PostgreSQL.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common::command;
use serde_json::json;
use tavolo_server::client;
use tavolo_store::Store;

/// The metrics token the nodes started here are given (by the environment).
pub(crate) const METRICS_TOKEN: &str = "nodes-test-metrics";

/// Intent numbers, unique across the test's connections (a session's repeated `seq` gets the
/// first answer again).
pub(crate) static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

pub(crate) fn next_seq() -> u64 {
    SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The lease the test nodes hold tables for in the tests of takeovers: a dead node's tables
/// move within about 1.25 × it.
pub(crate) const LEASE_MS: u64 = 2_000;
/// The lease in the tests where no node may lose a table: far longer than a machine loaded by
/// other work (three nodes, PostgreSQL, the browser suite on two cores) can starve a node's
/// heartbeat, which would hand its table on and void a hand although no node stopped.
pub(crate) const STEADY_LEASE_MS: u64 = 20_000;
/// The bound a takeover must meet here: the lease, a claim period and restoring the table take
/// about 1.3 leases on an idle machine. The bound proves that the takeover is bounded, not how
/// fast this machine is, so it leaves room for a loaded one.
pub(crate) const TAKEOVER_BOUND: Duration = Duration::from_secs(30);

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A fresh PostgreSQL database for one test, or `None` (the test is skipped).
pub(crate) async fn database() -> Option<(Store, String)> {
    let Ok(url) = std::env::var("TAVOLO_TEST_DATABASE_URL") else {
        eprintln!("skipped: TAVOLO_TEST_DATABASE_URL is not set (several nodes need PostgreSQL)");
        return None;
    };
    let fresh = Store::fresh_postgres_database(&url)
        .await
        .expect("a test database");
    let store = Store::open(&fresh).await.expect("open it");
    Some((store, fresh))
}

/// Where the logs of a test's nodes go: `TAVOLO_TEST_NODE_LOGS` if set, else a folder under
/// the target's temporary directory named after the test's database (one per test).
pub(crate) fn log_dir(db: &str) -> std::path::PathBuf {
    let base = std::env::var_os("TAVOLO_TEST_NODE_LOGS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("node-logs"));
    let name = db.rsplit('/').next().unwrap_or("db");
    base.join(name)
}

pub(crate) fn log_file(db: &str, id: &str) -> Stdio {
    let dir = log_dir(db);
    std::fs::create_dir_all(&dir)
        .and_then(|()| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(format!("node-{id}.log")))
        })
        .map_or_else(|_| Stdio::null(), Stdio::from)
}

/// What the nodes of a test did with tables (claims, hand-overs, drains), from their logs: the
/// story a failed assertion about voided hands needs.
pub(crate) fn table_moves(db: &str) -> String {
    let mut out = String::new();
    let Ok(entries) = std::fs::read_dir(log_dir(db)) else {
        return out;
    };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        out.push_str(&format!("--- {}\n", f.display()));
        for line in text.lines().filter(|l| {
            [
                "claim", "void", "releas", "drain", "lease", "fenced", "stale", "WARN", "ERROR",
            ]
            .iter()
            .any(|w| l.contains(w))
        }) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// One `tavolo serve --node-id` process.
pub(crate) struct Node {
    pub(crate) id: String,
    pub(crate) addr: SocketAddr,
    db: String,
    lease_ms: u64,
    child: Option<Child>,
}

impl Node {
    pub(crate) async fn start(id: &str, db: &str) -> Node {
        Node::start_with_lease(id, db, LEASE_MS).await
    }

    pub(crate) async fn start_with_lease(id: &str, db: &str, lease_ms: u64) -> Node {
        let mut n = Node {
            id: id.to_string(),
            addr: format!("127.0.0.1:{}", free_port()).parse().expect("addr"),
            db: db.to_string(),
            lease_ms,
            child: None,
        };
        n.spawn();
        n.ready().await;
        n
    }

    pub(crate) fn spawn(&mut self) {
        let child = command()
            .args(["serve", "--addr", &self.addr.to_string(), "--db", &self.db])
            .env("TAVOLO_METRICS_TOKEN", METRICS_TOKEN)
            .args([
                "--node-id",
                &self.id,
                "--lease-ms",
                &self.lease_ms.to_string(),
            ])
            .args(["--drain-secs", "30", "--no-starter-tables"])
            .args(["--bot-delay-ms", "0", "--hand-pause-ms", "0"])
            // The load generator's clients all come from this machine.
            .args("--guests-per-hour 100000 --max-conns-per-ip 100000".split_whitespace())
            .args(["--log", "info"])
            .stdout(Stdio::null())
            .stderr(log_file(&self.db, &self.id))
            .spawn()
            .expect("tavolo serve starts");
        self.child = Some(child);
    }

    pub(crate) async fn ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(r) = client::http(self.addr, "GET", "/healthz", None, None).await {
                if r.status == 200 {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "node {} did not come up",
                self.id
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The process's id while it runs.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub(crate) fn signal(&self, sig: libc::c_int) {
        let pid = self.child.as_ref().expect("running").id() as libc::pid_t;
        // SAFETY: kill(2) on our own child's pid, with a valid signal number.
        let r = unsafe { libc::kill(pid, sig) };
        assert_eq!(r, 0, "signal {sig} to node {}", self.id);
    }

    /// SIGKILL: the process just dies, no drain, no refunds.
    pub(crate) fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Whether the process has exited (after SIGTERM: drained); it must have exited cleanly.
    pub(crate) fn has_exited(&mut self) -> bool {
        let Some(c) = self.child.as_mut() else {
            return true;
        };
        match c.try_wait().expect("wait") {
            Some(status) => {
                assert!(status.success(), "node {} exited with {status}", self.id);
                self.child = None;
                true
            }
            None => false,
        }
    }

    pub(crate) async fn restart(&mut self) {
        self.spawn();
        self.ready().await;
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(c) = self.child.as_mut() {
            // A stopped process must be woken to die.
            let _ = c.kill();
            // SAFETY: as above.
            unsafe { libc::kill(c.id() as libc::pid_t, libc::SIGCONT) };
            let _ = c.wait();
        }
    }
}

/// A player's session, signed up on `addr`.
pub(crate) async fn sign_up(addr: SocketAddr, name: &str) -> String {
    let body = json!({"name": name, "password": "correct horse battery"}).to_string();
    let r = client::http(addr, "POST", "/api/register", Some(&body), None)
        .await
        .expect("register");
    r.session()
        .unwrap_or_else(|| panic!("register: {} {}", r.status, r.body))
}

/// Nodes `a`, `b` and `c` on the database `db`, each with leases of `lease_ms`.
pub(crate) async fn three_nodes(db: &str, lease_ms: u64) -> [Node; 3] {
    [
        Node::start_with_lease("a", db, lease_ms).await,
        Node::start_with_lease("b", db, lease_ms).await,
        Node::start_with_lease("c", db, lease_ms).await,
    ]
}

/// How many hands the books hold with `status` (`playing`, `finished`, `voided`).
pub(crate) async fn hands_by_status(store: &Store, status: &str) -> i64 {
    store.count_hands(status).await.expect("count")
}

/// The books balance, by the store's audit and by `tavolo admin audit` on database `db`.
pub(crate) async fn books_balance(store: &Store, db: &str) {
    let audit = store.audit().await.expect("audit");
    assert!(audit.balanced(), "{:?}", audit.problems);
    let out = command()
        .args(["admin", "audit", "--db", db])
        .output()
        .expect("tavolo admin audit");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
