//! Tavolo's database: accounts and sessions, the double-entry chip ledger, and the history of
//! every hand and game — on an embedded SQLite file by default, on PostgreSQL at scale.
//!
//! One [`Store`] (cheap to clone) serves a whole card room. Every chip movement is a balanced
//! [`Journal`] recorded exactly once under its idempotency key; [`Store::audit`] proves that the
//! books balance and agree with the hands the tables dealt. A hand is begun before it is dealt and finished in one transaction with its
//! result, so a crash in between leaves nothing half-paid: [`Store::recover`] voids it at the
//! next start and returns every seat's chips.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use tavolo_store::{Account, Journal, Store};
//! let store = Store::open("sqlite::memory:").await?;
//! let ada = store.register("ada", "correct horse battery").await?;
//! store.transfer(&Journal::new("grant:ada", "grant", vec![
//!     (Account::House, -500), (Account::User(ada.id), 500)])).await?;
//! assert_eq!(store.balance(&Account::User(ada.id)).await?, tavolo_store::GUEST_GRANT + 500);
//! assert!(store.audit().await?.balanced());
//! # Ok::<(), tavolo_store::StoreError>(()) }).unwrap();
//! ```
#![deny(missing_docs)]

mod accounts;
mod audit;
mod commit;
mod db;
mod error;
mod guest_cap;
mod hands;
mod held;
mod history;
mod lease;
mod ledger;
mod nodes;
pub mod passwords;
mod prize_pools;
mod tournaments;
mod write;

pub use accounts::{User, UserId, UserKind, GUEST_GRANT, SESSION_DAYS};
pub use audit::AuditReport;
pub use db::{DbKind, Store};
pub use error::StoreError;
pub use guest_cap::{cap_key, GUEST_CAP_KIND};
pub use hands::{
    FinishedHand, HandId, NewHand, Recovery, VOID_CLOSED, VOID_RESTART, VOID_TAKEOVER,
};
pub use history::{HistoryItem, StoredHand, VoidedAtTable, VoidedWith};
pub use ledger::{Account, Applied, Journal};
pub use nodes::{Claimed, Fence, NodeInfo, TableLease, TableSave};
pub use prize_pools::PoolMove;
pub use tournaments::{NewTournament, TournamentFence, TournamentRow, TournamentSaveRow};
pub use write::WriteHealth;

/// A statement with its parameters bound.
pub(crate) type Bound<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Milliseconds since the Unix epoch, the store's clock (leases are read against it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Lower-case hex of some bytes.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// The bytes of a hex string, or `None` if it is not hex of whole bytes.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// SHA-256 of `bytes` as lower-case hex: the commitment to a seed, the stored form of a token.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(bytes))
}
