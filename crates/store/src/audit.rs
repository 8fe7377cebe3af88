//! The audit: proof that the books balance.

use serde::Serialize;
use sqlx::Row;

use crate::ledger::Account;
use crate::{Store, StoreError};

/// What [`Store::audit`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AuditReport {
    /// Accounts in the ledger.
    pub accounts: i64,
    /// Journals recorded.
    pub journals: i64,
    /// Legs recorded.
    pub entries: i64,
    /// The house's balance (minus the chips it has issued and not taken back).
    pub house: i64,
    /// Chips held by users away from tables.
    pub in_accounts: i64,
    /// Chips at tables (seats and pots).
    pub at_tables: i64,
    /// Hands or games begun and neither finished nor voided.
    pub hands_playing: i64,
    /// Everything that is wrong; empty when the books balance.
    pub problems: Vec<String>,
}

impl AuditReport {
    /// True when the books balance and nothing is wrong.
    pub fn balanced(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Store {
    /// Checks the books: every journal balances, every balance is the sum of its legs, no
    /// account but the house is below zero, and all balances together sum to zero.
    pub async fn audit(&self) -> Result<AuditReport, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mut report = AuditReport::default();
        let count = |sql: &'static str| sqlx::query(sql);
        for (sql, slot) in [
            (
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM accounts",
                &mut report.accounts,
            ),
            (
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM journal",
                &mut report.journals,
            ),
            (
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM entries",
                &mut report.entries,
            ),
            (
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hands WHERE status = 'playing'",
                &mut report.hands_playing,
            ),
        ] {
            *slot = count(sql).fetch_one(&mut *conn).await?.try_get("n")?;
        }
        let rows = sqlx::query(
            "SELECT a.name, a.balance, a.may_go_negative, \
               CAST(COALESCE((SELECT SUM(e.amount) FROM entries e WHERE e.account = a.name), 0) AS BIGINT) AS legs \
             FROM accounts a ORDER BY a.name",
        )
        .fetch_all(&mut *conn)
        .await?;
        let mut total: i128 = 0;
        for r in &rows {
            let name: String = r.try_get("name")?;
            let balance: i64 = r.try_get("balance")?;
            let legs: i64 = r.try_get("legs")?;
            let may_go_negative: i64 = r.try_get("may_go_negative")?;
            total += balance as i128;
            if balance != legs {
                report.problems.push(format!(
                    "account {name}: balance {balance} but its legs sum to {legs}"
                ));
            }
            if balance < 0 && may_go_negative == 0 {
                report
                    .problems
                    .push(format!("account {name} is below zero: {balance}"));
            }
            match Account::parse(&name) {
                Some(Account::House) => report.house = balance,
                Some(Account::User(_)) => report.in_accounts += balance,
                Some(Account::Seat { .. } | Account::Pot(_)) => report.at_tables += balance,
                None => report
                    .problems
                    .push(format!("account {name:?} has an unknown name")),
            }
            if may_go_negative != 0 && name != "house" {
                report.problems.push(format!(
                    "account {name} may go below zero but is not the house"
                ));
            }
        }
        if total != 0 {
            report
                .problems
                .push(format!("the balances sum to {total}, not 0"));
        }
        let unbalanced = sqlx::query(
            "SELECT j.idem_key, CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) AS s, CAST(COUNT(e.account) AS BIGINT) AS n \
             FROM journal j LEFT JOIN entries e ON e.journal_id = j.id GROUP BY j.id, j.idem_key \
             HAVING COALESCE(SUM(e.amount), 0) <> 0 OR COUNT(e.account) < 2",
        )
        .fetch_all(&mut *conn)
        .await?;
        for r in unbalanced {
            let key: String = r.try_get("idem_key")?;
            let s: i64 = r.try_get("s")?;
            let n: i64 = r.try_get("n")?;
            report
                .problems
                .push(format!("journal {key:?}: {n} legs summing to {s}"));
        }
        let orphans: i64 = sqlx::query(
            "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM entries e WHERE NOT EXISTS (SELECT 1 FROM journal j WHERE j.id = e.journal_id)",
        )
        .fetch_one(&mut *conn)
        .await?
        .try_get("n")?;
        if orphans != 0 {
            report
                .problems
                .push(format!("{orphans} legs belong to no journal"));
        }
        Ok(report)
    }
}
