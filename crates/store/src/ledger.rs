//! The chip ledger: double-entry bookkeeping with idempotency keys.
//!
//! Every movement of chips is one [`Journal`]: legs on [`Account`]s that sum to zero, recorded
//! once under its key. The house is the only account that may go below zero: it issues the play
//! chips (grants to newcomers, bots' stacks) and takes them back.

use std::collections::BTreeMap;
use std::fmt;

use sqlx::{AnyConnection, Row};

use crate::accounts::UserId;
use crate::{now_ms, Store, StoreError};

/// An account in the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Account {
    /// The house: issues and takes back play chips; the only account allowed below zero.
    House,
    /// The bots' bankroll: what the room's bots buy in and pay stakes with, and where their
    /// chips go back. Funded from the house up to a set size, so the chips bots can put into
    /// play are bounded and visible.
    Bots,
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
    /// A tournament's prize pool: the prize part of its entries and rebuys, until refunded or
    /// paid out as prizes (tournament chips are not room chips: only this pool is money). Only
    /// the journals of [`crate::PoolMove`] move it.
    Tournament(String),
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Account::House => write!(f, "house"),
            Account::Bots => write!(f, "bots"),
            Account::User(u) => write!(f, "user:{}", u.0),
            Account::Seat { table, user } => write!(f, "seat:{table}:{}", user.0),
            Account::Pot(table) => write!(f, "pot:{table}"),
            Account::Tournament(id) => write!(f, "tournament:{id}"),
        }
    }
}

impl Account {
    /// Reads back an account's name as stored.
    pub fn parse(name: &str) -> Option<Account> {
        if name == "house" {
            return Some(Account::House);
        }
        if name == "bots" {
            return Some(Account::Bots);
        }
        if let Some(id) = name.strip_prefix("user:") {
            return id.parse().ok().map(|id| Account::User(UserId(id)));
        }
        if let Some(table) = name.strip_prefix("pot:") {
            return Some(Account::Pot(table.to_string()));
        }
        if let Some(id) = name.strip_prefix("tournament:") {
            return Some(Account::Tournament(id.to_string()));
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

    /// The movement undone, as a journal of `kind` under the same key: every leg the other way.
    pub fn reversed(self, kind: impl Into<String>) -> Journal {
        let legs = (self.legs.into_iter())
            .map(|(account, amount)| (account, amount.saturating_neg()))
            .collect();
        Journal::new(self.key, kind, legs)
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
    let applied = apply_legs(conn, journal, &legs).await?;
    if applied == Applied::Done {
        crate::guest_cap::hold_guests_to_cap(conn, journal, &legs).await?;
    }
    Ok(applied)
}

/// Records a journal's (normalized, non-empty) legs inside the caller's transaction.
pub(crate) async fn apply_legs(
    conn: &mut AnyConnection,
    journal: &Journal,
    legs: &[(String, i64)],
) -> Result<Applied, StoreError> {
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
        return if stored == *legs {
            Ok(Applied::AlreadyDone)
        } else {
            Err(StoreError::KeyReused(journal.key.clone()))
        };
    }
    // A handful of statements whatever the number of legs: each is a round trip to the
    // database (and a hand at a full table has a dozen legs).
    let n = legs.len();
    let sql = format!(
        "INSERT INTO accounts (name, balance, may_go_negative) VALUES {} ON CONFLICT (name) DO NOTHING",
        rows(n, 1, |i| format!("(${i}, 0, 0)"))
    );
    bind_accounts(&sql, legs).execute(&mut *conn).await?;
    // Check the balances first, to name the account that falls short.
    let sql = format!(
        "SELECT name, balance, may_go_negative FROM accounts WHERE name IN ({})",
        rows(n, 1, |i| format!("${i}"))
    );
    let mut before: BTreeMap<String, (i64, bool)> = BTreeMap::new();
    for r in bind_accounts(&sql, legs).fetch_all(&mut *conn).await? {
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
    for (account, amount) in legs {
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
    for (account, amount) in legs {
        q = q.bind(account).bind(*amount);
    }
    for (account, _) in legs {
        q = q.bind(account);
    }
    for (account, amount) in legs {
        q = q.bind(account).bind(*amount);
    }
    let updated = q.execute(&mut *conn).await?;
    if updated.rows_affected() != n as u64 {
        // Another transaction moved chips in between: name the first leg that cannot go.
        let (account, amount) = legs.iter().find(|(_, a)| *a < 0).unwrap_or(&legs[0]);
        return Err(short(account, *amount));
    }
    // The journal's id is drawn only now, with every account of the movement locked by the
    // update: on any one account, ids then follow the order in which movements were applied,
    // even on PostgreSQL where ids come from a sequence ahead of commit. The audit relies on it
    // (a hand's journal mark; a seat's balance right after a hand's journal).
    let id: i64 = sqlx::query(
        "INSERT INTO journal (idem_key, kind, created_at) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(&journal.key)
    .bind(&journal.kind)
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await?
    .try_get("id")?;
    let sql = format!(
        "INSERT INTO entries (journal_id, account, amount) VALUES {}",
        rows(n, 1, |i| format!("(${}, ${}, ${})", i, i + 1, i + 2))
    );
    let mut q = sqlx::query(&sql);
    for (account, amount) in legs {
        q = q.bind(id).bind(account).bind(*amount);
    }
    q.execute(&mut *conn).await?;
    Ok(Applied::Done)
}

/// `sql` with the account of each of `legs` bound, in order.
fn bind_accounts<'q>(sql: &'q str, legs: &'q [(String, i64)]) -> crate::Bound<'q> {
    legs.iter()
        .fold(sqlx::query(sql), |q, (account, _)| q.bind(account))
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

impl Store {
    /// Records a movement of chips, atomically and exactly once per key.
    pub async fn transfer(&self, journal: &Journal) -> Result<Applied, StoreError> {
        self.write(async |tx| apply(tx, journal).await).await
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

    /// The stakes of a Saint Poker game that was not played go back as their journal reversed:
    /// every leg the other way, under the same key, still balanced.
    #[test]
    fn a_reversed_journal_moves_every_leg_back() {
        let (ada, pot) = (Account::User(UserId(1)), Account::Pot("t".into()));
        let stakes = Journal::new("k", "stake", vec![(ada.clone(), -10), (pot.clone(), 10)]);
        let back = stakes.reversed("refund");
        assert_eq!((back.key.as_str(), back.kind.as_str()), ("k", "refund"));
        assert_eq!(back.legs, vec![(ada, 10), (pot, -10)]);
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
            Account::Tournament("sng-3".into()),
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
