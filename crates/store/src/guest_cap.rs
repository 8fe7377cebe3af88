//! The cap on a guest's chips: the one rule that keeps a farm of free guests from feeding one
//! of them into a rich account (issue 50, "guests").
//!
//! A guest is granted [`crate::GUEST_GRANT`] chips once; any chip beyond that came from others.
//! The room sets a cap ([`Store::set_guest_cap`], shared by every node through the
//! `room_settings` table). Whenever a movement credits a guest's account — a cash-out, a Saint
//! Poker payout, chips returned after a crash or a takeover, a refund — the ledger compares the
//! guest's holdings (its account and every seat it has at a table) with the cap, and the part
//! of that credit beyond the cap goes back to the house in a movement of its own, kind
//! [`GUEST_CAP_KIND`], keyed [`cap_key`] of the movement that caused it, in the same
//! transaction. Inside a hand nothing changes: pots are paid by the rules of play, to the seats;
//! the cap applies when chips come home. Because it is recorded under a key derived from the
//! movement's own, a retried movement is never capped twice, and the amount can be read back
//! ([`Store::over_guest_cap`]) to tell the guest.

use sqlx::{AnyConnection, Row};

use crate::ledger::{apply_legs, rows, Account, Journal};
use crate::{sha256_hex, Store, StoreError};

/// The kind of the movement that takes a guest's chips beyond the cap back to the house.
pub const GUEST_CAP_KIND: &str = "guest_cap";

/// The room setting (`room_settings`) holding the cap; `0` or missing: no cap.
const SETTING: &str = "guest_max_chips";

/// The key of the movement that caps what movement `key` credited: `cap:{key}` (hashed when
/// that would be longer than a key may be).
pub fn cap_key(key: &str) -> String {
    let k = format!("cap:{key}");
    if k.len() <= 200 {
        k
    } else {
        format!("cap:{}", sha256_hex(key.as_bytes()))
    }
}

/// The room's cap, if it has one.
pub(crate) async fn cap(conn: &mut AnyConnection) -> Result<Option<i64>, StoreError> {
    let value: Option<String> = sqlx::query("SELECT value FROM room_settings WHERE name = $1")
        .bind(SETTING)
        .fetch_optional(&mut *conn)
        .await?
        .map(|r| r.try_get("value"))
        .transpose()?;
    Ok(value.and_then(|v| v.parse::<i64>().ok()).filter(|&c| c > 0))
}

/// After `journal` (its normalized `legs`) was applied: each guest it credited holds at most the
/// cap, the part of the credit beyond it moved back to the house.
pub(crate) async fn hold_guests_to_cap(
    conn: &mut AnyConnection,
    journal: &Journal,
    legs: &[(String, i64)],
) -> Result<(), StoreError> {
    if journal.kind == GUEST_CAP_KIND {
        return Ok(());
    }
    let credited: Vec<(i64, i64)> = legs
        .iter()
        .filter_map(|(name, amount)| match Account::parse(name) {
            Some(Account::User(u)) if *amount > 0 => Some((u.0, *amount)),
            _ => None,
        })
        .collect();
    if credited.is_empty() {
        return Ok(());
    }
    let Some(cap) = cap(conn).await? else {
        return Ok(());
    };
    let sql = format!(
        "SELECT id FROM users WHERE kind = 'guest' AND id IN ({})",
        rows(credited.len(), 1, |i| format!("${i}"))
    );
    let mut q = sqlx::query(&sql);
    for (id, _) in &credited {
        q = q.bind(*id);
    }
    let guests: Vec<i64> = q
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|r| r.try_get("id"))
        .collect::<Result<_, _>>()?;
    let mut back: Vec<(Account, i64)> = Vec::new();
    for (id, credit) in credited {
        if !guests.contains(&id) {
            continue;
        }
        let over = holdings(conn, id).await?.saturating_sub(cap).min(credit);
        if over > 0 {
            back.push((Account::User(crate::UserId(id)), -over));
        }
    }
    if back.is_empty() {
        return Ok(());
    }
    let total: i64 = back.iter().map(|(_, a)| -a).sum();
    back.push((Account::House, total));
    let capped = Journal::new(cap_key(&journal.key), GUEST_CAP_KIND, back);
    let legs: Vec<(String, i64)> = capped
        .legs
        .iter()
        .map(|(a, x)| (a.to_string(), *x))
        .collect();
    tracing::info!(key = %journal.key, chips = total, "chips over the guest cap went back to the house");
    apply_legs(conn, &capped, &sorted(legs)).await?;
    Ok(())
}

/// A guest may become a player's account only within the cap: once it is a player, nothing
/// caps what comes home from its seats. So a guest holding more than the cap (counting its
/// seats) must leave its tables first (which caps it), and a guest dealt into a hand in play
/// must wait for the hand's end (its pot could take the guest beyond the cap after the sign-up).
pub(crate) async fn may_become_player(
    conn: &mut AnyConnection,
    guest: crate::UserId,
) -> Result<(), StoreError> {
    let Some(cap) = cap(conn).await? else {
        return Ok(());
    };
    let held = holdings(conn, guest.0).await?;
    if held > cap {
        return Err(StoreError::GuestOverCap { held, cap });
    }
    let playing = sqlx::query(
        "SELECT h.id FROM hands h JOIN hand_players p ON p.hand_id = h.id \
         WHERE h.status = 'playing' AND p.user_id = $1",
    )
    .bind(guest.0)
    .fetch_optional(&mut *conn)
    .await?;
    if playing.is_some() {
        return Err(StoreError::GuestInHand);
    }
    Ok(())
}

/// Legs in account order, as a normalized journal has them.
fn sorted(mut legs: Vec<(String, i64)>) -> Vec<(String, i64)> {
    legs.sort();
    legs
}

/// What user `id` holds: its account and its seats at every table.
pub(crate) async fn holdings(conn: &mut AnyConnection, id: i64) -> Result<i64, StoreError> {
    let held: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) AS held FROM accounts \
         WHERE balance <> 0 AND (name = $1 OR name LIKE $2)",
    )
    .bind(Account::User(crate::UserId(id)).to_string())
    .bind(format!("seat:%:{id}"))
    .fetch_one(&mut *conn)
    .await?
    .try_get("held")?;
    Ok(held)
}

impl Store {
    /// Sets the room's cap on what a guest holds (`None` or 0: no cap), for every node of the
    /// room. Chips a guest receives beyond it go back to the house when they come home.
    pub async fn set_guest_cap(&self, cap: Option<i64>) -> Result<(), StoreError> {
        let value = cap.unwrap_or(0).max(0).to_string();
        self.write_one(
            sqlx::query(
                "INSERT INTO room_settings (name, value) VALUES ($1, $2) \
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            )
            .bind(SETTING)
            .bind(&value),
        )
        .await
    }

    /// The room's cap on what a guest holds, if it has one.
    pub async fn guest_cap(&self) -> Result<Option<i64>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        cap(&mut conn).await
    }

    /// The chips the movement under `key` sent back to the house because they took a guest
    /// beyond the cap (none if none); an amount below zero there is [`StoreError::Chips`].
    pub async fn over_guest_cap(&self, key: &str) -> Result<tavolo_cards::Chips, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) AS back FROM entries e \
             JOIN journal j ON j.id = e.journal_id WHERE j.idem_key = $1 AND e.account = 'house'",
        )
        .bind(cap_key(key))
        .fetch_one(&self.pool)
        .await?;
        Ok(tavolo_cards::Chips::from_ledger(row.try_get("back")?)?)
    }

    /// What user `user` holds: its account and its seats at every table.
    pub async fn holdings(&self, user: crate::UserId) -> Result<i64, StoreError> {
        let mut conn = self.pool.acquire().await?;
        holdings(&mut conn, user.0).await
    }
}
