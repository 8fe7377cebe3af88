//! Writing durably. Every write is one transaction on a pooled connection, and a connection on
//! which any write failed — a statement, the commit or the rollback — is closed instead of
//! going back to the pool: after a failed `COMMIT` (a full disk) SQLite can leave the
//! transaction open, and a connection reused in that state would run every later "transaction"
//! inside one that never commits, acknowledging writes that a restart loses. The pool opens a
//! fresh connection for the next write.
//!
//! The store also keeps its [`WriteHealth`]: the cause of the last failed write until a write
//! succeeds again, and a count of failures, so that the room can say it cannot write (and
//! refuse work that needs it) and notice by itself when it can again.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Connection};

use crate::{Store, StoreError};

/// Whether the database is taking writes: the last failure's cause until a write succeeds.
#[derive(Debug, Default)]
pub struct WriteHealth {
    failing: Mutex<Option<String>>,
    failures: AtomicU64,
}

impl WriteHealth {
    /// A write succeeded: the database takes writes.
    pub(crate) fn succeeded(&self) {
        if let Ok(mut f) = self.failing.lock() {
            if f.is_some() {
                tracing::warn!("the database takes writes again");
                *f = None;
            }
        }
    }

    /// A write failed with `error`.
    pub(crate) fn failed(&self, error: &StoreError) {
        self.failures.fetch_add(1, Ordering::Relaxed);
        tracing::error!(%error, "a database write failed; its connection is discarded");
        if let Ok(mut f) = self.failing.lock() {
            *f = Some(error.to_string());
        }
    }

    /// The cause of the last failed write, while no write has succeeded since.
    pub fn failing(&self) -> Option<String> {
        self.failing.lock().ok().and_then(|f| f.clone())
    }

    /// How many writes have failed since the store opened.
    pub fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }
}

/// Whether `e` says the database failed (as opposed to refusing the request: a taken name,
/// insufficient funds, an unknown hand), so that the connection cannot be trusted.
pub(crate) fn is_database_failure(e: &StoreError) -> bool {
    matches!(e, StoreError::Db(_) | StoreError::GroupCommit(_))
}

/// Closes `conn` instead of returning it to the pool, and notes the failure.
pub(crate) fn discard(conn: &mut PoolConnection<Any>, health: &WriteHealth, e: &StoreError) {
    conn.close_on_drop();
    health.failed(e);
}

/// SQLite's count of rows changed on this connection since it opened.
async fn total_changes(conn: &mut PoolConnection<Any>) -> Option<i64> {
    use sqlx::Row;
    let row = sqlx::query("SELECT total_changes()")
        .fetch_one(&mut **conn)
        .await
        .ok()?;
    row.try_get::<i64, _>(0).ok()
}

impl Store {
    /// Runs the one statement `q` as [`Store::write`] runs its work.
    pub(crate) async fn write_one(&self, q: crate::Bound<'_>) -> Result<(), StoreError> {
        self.write(async |tx| {
            q.execute(&mut *tx).await?;
            Ok(())
        })
        .await
    }

    /// Runs `work` in one transaction and commits it; a refusal (`work`'s error) rolls it back.
    /// If any step fails in the database, the connection is discarded and the failure noted.
    /// Nothing is returned as done before its commit succeeded.
    pub(crate) async fn write<T>(
        &self,
        work: impl AsyncFnOnce(&mut AnyConnection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let health = &self.health;
        let mut conn = match self.pool.acquire().await {
            Ok(c) => c,
            Err(e) => {
                let e = StoreError::from(e);
                health.failed(&e);
                return Err(e);
            }
        };
        // SQLite: whether this transaction wrote anything, so that only a write that reached
        // the disk says the disk takes writes again (a transaction that changed nothing commits
        // even on a full disk).
        let sqlite = self.kind() == crate::DbKind::Sqlite;
        let changes_before = if sqlite {
            total_changes(&mut conn).await
        } else {
            None
        };
        // The result, and whether the connection must go (any step failed in the database).
        let (result, broken) = async {
            let mut tx = match Connection::begin(&mut *conn).await {
                Ok(tx) => tx,
                Err(e) => return (Err(StoreError::from(e)), true),
            };
            match work(&mut tx).await {
                Ok(v) => match tx.commit().await {
                    Ok(()) => (Ok(v), false),
                    Err(e) => (Err(StoreError::from(e)), true),
                },
                Err(e) => {
                    let failed = is_database_failure(&e);
                    match tx.rollback().await {
                        Ok(()) => (Err(e), failed),
                        // A failed statement may have ended the transaction itself: the first
                        // error is the one that says why.
                        Err(rb) => {
                            tracing::warn!(error = %rb, "rollback after a failed write");
                            (Err(e), true)
                        }
                    }
                }
            }
        }
        .await;
        match &result {
            Ok(_) if !sqlite => health.succeeded(),
            Ok(_) => {
                if total_changes(&mut conn).await != changes_before {
                    health.succeeded();
                }
            }
            Err(e) if broken => discard(&mut conn, health, e),
            Err(_) => {}
        }
        result
    }

    /// Whether the database takes writes, and how many writes have failed.
    pub fn write_health(&self) -> &WriteHealth {
        &self.health
    }
}
