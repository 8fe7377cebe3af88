//! The chip ledger: double-entry bookkeeping with idempotency keys.
//!
//! Every movement of chips is one [`Journal`]: legs on [`Account`]s that sum to zero, recorded
//! once under its key. The house is the only account that may go below zero: it issues the play
//! chips (grants to newcomers, bots' stacks) and takes them back.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::accounts::UserId;
use crate::{now_ms, Store, StoreError};

/// An account in the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Account {
    /// The house: issues and takes back play chips; the only account allowed below zero.
    House,
    /// A user's chips away from any table.
    User(UserId),
    /// A user's chips in play at a table (the stack behind the seat).
    Seat {
        /// The table's id.
        table: String,
        /// Whose chips.
        user: UserId,
    },
    /// Chips that belong to a table's pot between hands (odd chips carried by the German rules,
    /// Saint Poker stakes).
    Pot(String),
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Account::House => write!(f, "house"),
            Account::User(u) => write!(f, "user:{}", u.0),
            Account::Seat { table, user } => write!(f, "seat:{table}:{}", user.0),
            Account::Pot(table) => write!(f, "pot:{table}"),
        }
    }
}

impl Account {
    /// Reads back an account's name as stored.
    pub fn parse(name: &str) -> Option<Account> {
        if name == "house" {
            return Some(Account::House);
        }
        if let Some(id) = name.strip_prefix("user:") {
            return id.parse().ok().map(|id| Account::User(UserId(id)));
        }
        if let Some(table) = name.strip_prefix("pot:") {
            return Some(Account::Pot(table.to_string()));
        }
        let rest = name.strip_prefix("seat:")?;
        let (table, user) = rest.rsplit_once(':')?;
        Some(Account::Seat {
            table: table.to_string(),
            user: UserId(user.parse().ok()?),
        })
    }
}

/// One balanced movement of chips, recorded exactly once under its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    /// The idempotency key: the same key again is the same movement, never a second one.
    pub key: String,
    /// What kind of movement (`grant`, `buy_in`, `rebuy`, `cash_out`, `hand`, `refund`, …).
    pub kind: String,
    /// The legs: chips added to (positive) or taken from (negative) each account; they sum to 0.
    pub legs: Vec<(Account, i64)>,
}

impl Journal {
    /// A journal from its parts.
    pub fn new(
        key: impl Into<String>,
        kind: impl Into<String>,
        legs: Vec<(Account, i64)>,
    ) -> Journal {
        Journal {
            key: key.into(),
            kind: kind.into(),
            legs,
        }
    }

    /// Moves `amount` chips from one account to another.
    pub fn move_chips(
        key: impl Into<String>,
        kind: impl Into<String>,
        from: Account,
        to: Account,
        amount: i64,
    ) -> Journal {
        Journal::new(key, kind, vec![(from, -amount), (to, amount)])
    }

    /// The legs merged by account, zero legs dropped, in account order: the journal's meaning.
    fn normalized(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let mut merged: BTreeMap<String, i64> = BTreeMap::new();
        for (account, amount) in &self.legs {
            let slot = merged.entry(account.to_string()).or_default();
            *slot = slot
                .checked_add(*amount)
                .ok_or_else(|| self.malformed("a leg overflows"))?;
        }
        merged.retain(|_, a| *a != 0);
        let sum: i128 = merged.values().map(|&a| a as i128).sum();
        if sum != 0 {
            return Err(StoreError::Unbalanced {
                key: self.key.clone(),
                sum: sum.clamp(i64::MIN as i128, i64::MAX as i128) as i64,
            });
        }
        Ok(merged.into_iter().collect())
    }

    fn malformed(&self, why: &'static str) -> StoreError {
        StoreError::MalformedJournal {
            key: self.key.clone(),
            why,
        }
    }
}

/// What [`Store::transfer`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The movement was recorded now.
    Done,
    /// The key had been recorded before, with the same legs: nothing happened.
    AlreadyDone,
    /// The legs cancel out (nothing to move); nothing was recorded.
    Nothing,
}

/// Records a journal inside the caller's transaction.
pub(crate) async fn apply(
    conn: &mut AnyConnection,
    journal: &Journal,
) -> Result<Applied, StoreError> {
    if journal.key.is_empty() || journal.key.len() > 200 {
        return Err(journal.malformed("the key must be 1 to 200 bytes"));
    }
    let legs = journal.normalized()?;
    if legs.is_empty() {
        return Ok(Applied::Nothing);
    }
    if let Some(row) = sqlx::query("SELECT id FROM journal WHERE idem_key = $1")
        .bind(&journal.key)
        .fetch_optional(&mut *conn)
        .await?
    {
        let id: i64 = row.try_get("id")?;
        let rows = sqlx::query(
            "SELECT account, amount FROM entries WHERE journal_id = $1 ORDER BY account",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        let stored: Vec<(String, i64)> = rows
            .iter()
            .map(|r| Ok((r.try_get("account")?, r.try_get("amount")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        return if stored == legs {
            Ok(Applied::AlreadyDone)
        } else {
            Err(StoreError::KeyReused(journal.key.clone()))
        };
    }
    let id: i64 = sqlx::query(
        "INSERT INTO journal (idem_key, kind, created_at) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(&journal.key)
    .bind(&journal.kind)
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await?
    .try_get("id")?;
    // A handful of statements whatever the number of legs: each is a round trip to the
    // database (and a hand at a full table has a dozen legs).
    let n = legs.len();
    let sql = format!(
        "INSERT INTO accounts (name, balance, may_go_negative) VALUES {} ON CONFLICT (name) DO NOTHING",
        rows(n, 1, |i| format!("(${i}, 0, 0)"))
    );
    let mut q = sqlx::query(&sql);
    for (account, _) in &legs {
        q = q.bind(account);
    }
    q.execute(&mut *conn).await?;
    // Check the balances first, to name the account that falls short.
    let sql = format!(
        "SELECT name, balance, may_go_negative FROM accounts WHERE name IN ({})",
        rows(n, 1, |i| format!("${i}"))
    );
    let mut q = sqlx::query(&sql);
    for (account, _) in &legs {
        q = q.bind(account);
    }
    let mut before: BTreeMap<String, (i64, bool)> = BTreeMap::new();
    for r in q.fetch_all(&mut *conn).await? {
        let may: i64 = r.try_get("may_go_negative")?;
        before.insert(r.try_get("name")?, (r.try_get("balance")?, may == 1));
    }
    let short = |account: &str, amount: i64| {
        let (balance, _) = before.get(account).copied().unwrap_or((0, false));
        StoreError::InsufficientFunds {
            account: account.to_string(),
            balance,
            needed: -amount,
        }
    };
    for (account, amount) in &legs {
        let (balance, may) = before.get(account).copied().unwrap_or((0, false));
        if !may && balance.checked_add(*amount).is_none_or(|b| b < 0) {
            return Err(short(account, *amount));
        }
    }
    // One update for every leg; the guard repeats the check inside the statement, so a
    // concurrent movement cannot take an account below zero either.
    let case = |first: usize| {
        let whens: String = (0..n)
            .map(|i| format!(" WHEN ${} THEN ${}", first + 2 * i, first + 2 * i + 1))
            .collect();
        format!("CASE name{whens} END")
    };
    let sql = format!(
        "UPDATE accounts SET balance = balance + {} WHERE name IN ({}) AND (may_go_negative = 1 OR balance + {} >= 0)",
        case(1),
        rows(n, 2 * n + 1, |i| format!("${i}")),
        case(3 * n + 1)
    );
    let mut q = sqlx::query(&sql);
    for (account, amount) in &legs {
        q = q.bind(account).bind(*amount);
    }
    for (account, _) in &legs {
        q = q.bind(account);
    }
    for (account, amount) in &legs {
        q = q.bind(account).bind(*amount);
    }
    let updated = q.execute(&mut *conn).await?;
    if updated.rows_affected() != n as u64 {
        // Another transaction moved chips in between: name the first leg that cannot go.
        let (account, amount) = legs.iter().find(|(_, a)| *a < 0).unwrap_or(&legs[0]);
        return Err(short(account, *amount));
    }
    let sql = format!(
        "INSERT INTO entries (journal_id, account, amount) VALUES {}",
        rows(n, 1, |i| format!("(${}, ${}, ${})", i, i + 1, i + 2))
    );
    let mut q = sqlx::query(&sql);
    for (account, amount) in &legs {
        q = q.bind(id).bind(account).bind(*amount);
    }
    q.execute(&mut *conn).await?;
    Ok(Applied::Done)
}

/// `n` comma-separated SQL fragments, the `k`-th made from its first placeholder number
/// (numbers start at `first` and each fragment takes as many as it names).
pub(crate) fn rows(n: usize, first: usize, fragment: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    let mut next = first;
    for k in 0..n {
        let f = fragment(next);
        next += f.matches('$').count();
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&f);
    }
    out
}

pub(crate) async fn balance_of(conn: &mut AnyConnection, account: &str) -> Result<i64, StoreError> {
    Ok(sqlx::query("SELECT balance FROM accounts WHERE name = $1")
        .bind(account)
        .fetch_optional(&mut *conn)
        .await?
        .map(|r| r.try_get("balance"))
        .transpose()?
        .unwrap_or(0))
}

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
    /// Records a movement of chips, atomically and exactly once per key.
    pub async fn transfer(&self, journal: &Journal) -> Result<Applied, StoreError> {
        let mut tx = self.pool.begin().await?;
        let applied = apply(&mut tx, journal).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// An account's balance (0 for an account never used).
    pub async fn balance(&self, account: &Account) -> Result<i64, StoreError> {
        let mut conn = self.pool.acquire().await?;
        balance_of(&mut conn, &account.to_string()).await
    }

    /// Every account with a non-zero balance whose name starts with `prefix` (e.g. `seat:t4:`).
    pub async fn balances_with_prefix(
        &self,
        prefix: &str,
    ) -> Result<Vec<(Account, i64)>, StoreError> {
        let rows = sqlx::query("SELECT name, balance FROM accounts WHERE balance <> 0 AND substr(name, 1, CAST($1 AS INTEGER)) = $2 ORDER BY name")
            .bind(prefix.len() as i64)
            .bind(prefix)
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let name: String = r.try_get("name")?;
            if let Some(a) = Account::parse(&name) {
                out.push((a, r.try_get("balance")?));
            }
        }
        Ok(out)
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_row_statements_number_their_placeholders_in_order() {
        assert_eq!(rows(3, 1, |i| format!("${i}")), "$1, $2, $3");
        assert_eq!(
            rows(2, 4, |i| format!("(${}, ${}, 0)", i, i + 1)),
            "($4, $5, 0), ($6, $7, 0)"
        );
        assert_eq!(rows(0, 1, |i| format!("${i}")), "");
    }

    #[test]
    fn account_names_round_trip() {
        for a in [
            Account::House,
            Account::User(UserId(7)),
            Account::Seat {
                table: "t4".into(),
                user: UserId(12),
            },
            Account::Pot("t-9".into()),
        ] {
            assert_eq!(Account::parse(&a.to_string()), Some(a));
        }
        assert_eq!(Account::parse("nonsense"), None);
        assert_eq!(Account::parse("user:x"), None);
    }

    #[test]
    fn journals_must_balance() {
        let j = Journal::new(
            "k",
            "test",
            vec![(Account::House, -5), (Account::User(UserId(1)), 4)],
        );
        assert!(matches!(
            j.normalized(),
            Err(StoreError::Unbalanced { sum: -1, .. })
        ));
        let j = Journal::new("k", "test", vec![(Account::House, -5), (Account::House, 5)]);
        assert_eq!(j.normalized().unwrap(), vec![]);
    }
}
