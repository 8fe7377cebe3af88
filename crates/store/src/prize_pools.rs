//! Tournaments' prize pools in the ledger ([`Account::Tournament`]): the only journals that move
//! a pool, how each is made, and the audit's check of them.
//!
//! Tournament chips are not room chips: a player's tournament stack lives in the tournament, and
//! the ledger sees only the money — an entry takes its prize part into the pool and its fee to
//! the house, a rebuy its prize part into the pool, a refund gives an entry or a rebuy back, a
//! prize pays from the pool, an overlay brings what a guaranteed pool is short of from the
//! house. Each is one journal under a key the tournament derives from durable
//! facts (the tournament, the player, the entry's number, the place), so a write sent again is
//! "already done". At the end a pool holds 0: the prizes sum to it exactly.

use sqlx::{AnyConnection, Row};

use crate::ledger::{Account, Journal};
use crate::StoreError;

/// A movement of a tournament's prize pool: the journal kinds allowed to touch one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolMove {
    /// An entry (or re-entry): the prize part into the pool, the fee to the house.
    Entry,
    /// A rebuy: its prize part into the pool.
    Rebuy,
    /// An entry or rebuy given back (unregistered, refused, cancelled): exactly what it paid.
    Refund,
    /// A prize, from the pool to its winner.
    Prize,
    /// The house's overlay: what a pool was short of its guarantee, from the house into the
    /// pool when the payouts are fixed (or back, called off before the first bust).
    Overlay,
}

impl PoolMove {
    /// Every kind.
    pub const ALL: [PoolMove; 5] = [
        PoolMove::Entry,
        PoolMove::Rebuy,
        PoolMove::Refund,
        PoolMove::Prize,
        PoolMove::Overlay,
    ];

    /// The journal kind as recorded.
    pub fn kind(self) -> &'static str {
        match self {
            PoolMove::Entry => "tournament_entry",
            PoolMove::Rebuy => "tournament_rebuy",
            PoolMove::Refund => "tournament_refund",
            PoolMove::Prize => "tournament_prize",
            PoolMove::Overlay => "tournament_overlay",
        }
    }

    /// What `payer` pays for an entry (`fee` > 0) or a rebuy (`fee` = 0): `prize` into the
    /// pool of `tournament`, `fee` to the house.
    pub fn charge(key: String, tournament: &str, payer: Account, prize: i64, fee: i64) -> Journal {
        let kind = if fee > 0 {
            PoolMove::Entry
        } else {
            PoolMove::Rebuy
        };
        Journal::new(
            key,
            kind.kind(),
            vec![
                (payer, -(prize + fee)),
                (Account::Tournament(tournament.to_string()), prize),
                (Account::House, fee),
            ],
        )
    }

    /// The charge given back, leg for leg.
    pub fn refund(key: String, tournament: &str, payer: Account, prize: i64, fee: i64) -> Journal {
        Journal::new(
            key,
            PoolMove::Refund.kind(),
            vec![
                (payer, prize + fee),
                (Account::Tournament(tournament.to_string()), -prize),
                (Account::House, -fee),
            ],
        )
    }

    /// A prize of `amount` from the pool of `tournament` to `winner`.
    pub fn prize(key: String, tournament: &str, winner: Account, amount: i64) -> Journal {
        Journal::move_chips(
            key,
            PoolMove::Prize.kind(),
            Account::Tournament(tournament.to_string()),
            winner,
            amount,
        )
    }
}

impl PoolMove {
    /// The house's overlay of `amount` into the pool of `tournament` (`back`: out of it, to the
    /// house).
    pub fn overlay(key: String, tournament: &str, amount: i64, back: bool) -> Journal {
        let pool = Account::Tournament(tournament.to_string());
        let (from, to) = if back {
            (pool, Account::House)
        } else {
            (Account::House, pool)
        };
        Journal::move_chips(key, PoolMove::Overlay.kind(), from, to, amount)
    }
}

/// The audit's check of the pools: only the [`PoolMove`] journals touch a pool, and their other
/// legs are on the accounts of those who pay and win (users, the bots' bankroll) and the house
/// (the fee) — never a table's seat or pot, where tournament chips do not exist.
pub(crate) async fn pool_journals(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let kinds = PoolMove::ALL
        .iter()
        .map(|m| format!("'{}'", m.kind()))
        .collect::<Vec<_>>()
        .join(", ");
    let pooled = "EXISTS (SELECT 1 FROM entries p WHERE p.journal_id = j.id \
                  AND substr(p.account, 1, 11) = 'tournament:')";
    let sql = format!(
        "SELECT j.idem_key, j.kind FROM journal j WHERE {pooled} AND j.kind NOT IN ({kinds}) ORDER BY j.id"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let key: String = r.try_get("idem_key")?;
        let kind: String = r.try_get("kind")?;
        problems.push(format!(
            "journal {key:?} of kind {kind:?} moves a tournament's prize pool: only entries, rebuys, refunds, prizes and overlays may"
        ));
    }
    let sql = format!(
        "SELECT j.idem_key, e.account FROM journal j JOIN entries e ON e.journal_id = j.id \
         WHERE j.kind IN ({kinds}) AND e.account <> 'house' AND e.account <> 'bots' \
           AND substr(e.account, 1, 5) <> 'user:' AND substr(e.account, 1, 11) <> 'tournament:' \
         ORDER BY j.id, e.account"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let key: String = r.try_get("idem_key")?;
        let account: String = r.try_get("account")?;
        problems.push(format!(
            "tournament journal {key:?} has a leg on {account}: a pool's money comes from and goes to players and the house only"
        ));
    }
    Ok(())
}

/// The audit's check of the overlays: only a tournament with a guarantee (its settings'
/// `guarantee`, at the top or under `config` as the room keeps them) has one, never below zero, and once a prize or share was paid from a guaranteed
/// pool the overlay in it is exactly what the players' money was short of the guarantee — an
/// overlay missing, or booked twice under two keys, shows here.
pub(crate) async fn overlays(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let sum = |kinds: &str| {
        format!(
            "CAST(COALESCE((SELECT SUM(e.amount) FROM entries e JOIN journal j ON j.id = e.journal_id \
             WHERE e.account = 'tournament:' || t.id AND j.kind IN ({kinds})), 0) AS BIGINT)"
        )
    };
    let money = [PoolMove::Entry, PoolMove::Rebuy, PoolMove::Refund]
        .iter()
        .map(|m| format!("'{}'", m.kind()))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT t.id, t.config, {} AS money, {} AS overlay, \
           CAST((SELECT COUNT(*) FROM entries e JOIN journal j ON j.id = e.journal_id \
                 WHERE e.account = 'tournament:' || t.id AND j.kind = '{}') AS BIGINT) AS prizes \
         FROM tournaments t ORDER BY t.id",
        sum(&money),
        sum(&format!("'{}'", PoolMove::Overlay.kind())),
        PoolMove::Prize.kind(),
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let id: String = r.try_get("id")?;
        let config: String = r.try_get("config")?;
        let money: i64 = r.try_get("money")?;
        let overlay: i64 = r.try_get("overlay")?;
        let prizes: i64 = r.try_get("prizes")?;
        // The room keeps the engine's settings under `config` with its own beside them.
        let guarantee = (serde_json::from_str::<serde_json::Value>(&config).ok()).and_then(|c| {
            let engine = c.get("config").unwrap_or(&c);
            engine.get("guarantee").and_then(serde_json::Value::as_i64)
        });
        let problem = match guarantee {
            None if overlay != 0 => Some(format!(
                "has an overlay of {overlay} but no guarantee"
            )),
            _ if overlay < 0 => Some(format!("has an overlay below zero: {overlay}")),
            Some(g) if prizes > 0 && overlay != (g - money).max(0) => Some(format!(
                "guarantees {g}, its players put in {money}, but the house's overlay is {overlay}, not {}",
                (g - money).max(0)
            )),
            _ => None,
        };
        if let Some(p) = problem {
            problems.push(format!("tournament {id} {p}"));
        }
    }
    Ok(())
}
