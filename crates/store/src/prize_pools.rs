//! Tournaments' prize pools in the ledger ([`Account::Tournament`]): the only journals that move
//! a pool, how each is made, and the audit's check of them.
//!
//! Tournament chips are not room chips: a player's tournament stack lives in the tournament, and
//! the ledger sees only the money — an entry takes its prize part into the pool and its fee to
//! the house, a rebuy its prize part into the pool, a refund gives an entry or a rebuy back, a
//! prize pays from the pool. Each is one journal under a key the tournament derives from durable
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
}

impl PoolMove {
    /// Every kind.
    pub const ALL: [PoolMove; 4] = [
        PoolMove::Entry,
        PoolMove::Rebuy,
        PoolMove::Refund,
        PoolMove::Prize,
    ];

    /// The journal kind as recorded.
    pub fn kind(self) -> &'static str {
        match self {
            PoolMove::Entry => "tournament_entry",
            PoolMove::Rebuy => "tournament_rebuy",
            PoolMove::Refund => "tournament_refund",
            PoolMove::Prize => "tournament_prize",
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
            "journal {key:?} of kind {kind:?} moves a tournament's prize pool: only entries, rebuys, refunds and prizes may"
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
