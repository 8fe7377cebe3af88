//! The audit: proof that the books balance, and that they agree with the hands the tables dealt.
//!
//! Every check is one set-based statement (a pass over a table, index look-ups, at most a sort),
//! never a query per hand: a database with a million hands audits in well under a minute. The
//! whole audit reads one snapshot: a transaction (on PostgreSQL `REPEATABLE READ`), so a running
//! room can be audited without a movement landing between two checks.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::ledger::{rows, Account};
use crate::{DbKind, Store, StoreError};

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
    /// Chips in the bots' bankroll.
    pub bots: i64,
    /// Chips at tables (seats and pots).
    pub at_tables: i64,
    /// Chips in tournaments' prize pools.
    pub in_tournaments: i64,
    /// Chips that went back to the house because they took a guest beyond the room's guest
    /// cap (movements of kind `guest_cap`), in all.
    pub over_guest_cap: i64,
    /// Hands or games begun and neither finished nor voided: the newest hand of an open table
    /// while the room runs (any other is also a problem: never settled).
    pub hands_playing: i64,
    /// Hands or games finished, each reconciled with its journal.
    pub hands_finished: i64,
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
    /// Checks the books.
    ///
    /// The ledger itself: every journal balances, every balance is the sum of its legs, no
    /// account but the house is below zero, and all balances together sum to zero.
    ///
    /// The ledger against the hands the tables dealt:
    /// - every finished hand has its journal `hand:{id}` (unless nothing moved: every result 0),
    ///   and every journal `hand:{id}` belongs to a finished hand (of kind `hand`, or `saint` for
    ///   Saint Poker); in a betting hand each player's result is the leg on their seat account
    ///   and the results plus the pot's leg sum to 0 (no other leg); in a Saint Poker game the
    ///   pot pays out one stake per player, and each player's result plus the stake is what the
    ///   journal pays their owner (the user, or the house for the bots together);
    /// - the stack a hand dealt each player in with is what their seat account held at the
    ///   deal (its legs up to the journal mark the hand recorded when it began; hands begun
    ///   before the mark existed are skipped), and between the deal and the hand's journal
    ///   nothing else moved on that seat account;
    /// - a hand still in play is the newest hand of an open table: one the table dealt after,
    ///   or whose table is closed, was never settled;
    /// - a closed table holds no chips: `close_table` cashed out every seat and returned its pot
    ///   (odd chips carried between hands included) to the house.
    ///
    /// The ledger's tournaments: only entries, rebuys, refunds, prizes and overlays move a prize
    /// pool, and only between it, players and the house ([`crate::PoolMove`]); a guaranteed
    /// pool that paid prizes holds exactly the overlay its players' money was short of.
    pub async fn audit(&self) -> Result<AuditReport, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let report = self.audit_on(&mut conn).await;
        if report.is_err() {
            // A failed read transaction (or its rollback) may leave the connection inside it.
            conn.close_on_drop();
        }
        report
    }

    /// [`Store::audit`] on one connection, in one read-only transaction.
    async fn audit_on(
        &self,
        conn: &mut sqlx::pool::PoolConnection<sqlx::Any>,
    ) -> Result<AuditReport, StoreError> {
        let mut tx = sqlx::Connection::begin(&mut **conn).await?;
        if self.kind() == DbKind::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut *tx)
                .await?;
        }
        let conn: &mut AnyConnection = &mut tx;
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
            (
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hands WHERE status = 'finished'",
                &mut report.hands_finished,
            ),
        ] {
            *slot = count(sql).fetch_one(&mut *conn).await?.try_get("n")?;
        }
        report.over_guest_cap = sqlx::query(
            "SELECT CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) AS n FROM entries e \
             JOIN journal j ON j.id = e.journal_id WHERE j.kind = $1 AND e.account = 'house'",
        )
        .bind(crate::GUEST_CAP_KIND)
        .fetch_one(&mut *conn)
        .await?
        .try_get("n")?;
        let rows = sqlx::query(
            "SELECT a.name, a.balance, a.may_go_negative, \
               CAST(COALESCE((SELECT SUM(e.amount) FROM entries e WHERE e.account = a.name), 0) AS BIGINT) AS legs \
             FROM accounts a ORDER BY a.name",
        )
        .fetch_all(&mut *conn)
        .await?;
        let mut total: i128 = 0;
        // The tables holding chips, and on which accounts: they had better be open.
        let mut holding: BTreeMap<String, Vec<(String, i64)>> = BTreeMap::new();
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
                Some(Account::Bots) => report.bots = balance,
                Some(Account::User(_)) => report.in_accounts += balance,
                Some(Account::Tournament(_)) => report.in_tournaments += balance,
                Some(Account::Seat { table, .. } | Account::Pot(table)) => {
                    report.at_tables += balance;
                    if balance != 0 {
                        holding
                            .entry(table)
                            .or_default()
                            .push((name.clone(), balance));
                    }
                }
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
        let problems = &mut report.problems;
        finished_hands_without_journal(conn, problems).await?;
        hand_journals_without_finished_hand(conn, problems).await?;
        results_against_journals(conn, problems).await?;
        seats_against_stacks(conn, problems).await?;
        hands_never_settled(conn, problems).await?;
        closed_tables_holding_chips(conn, holding, problems).await?;
        crate::prize_pools::pool_journals(conn, problems).await?;
        crate::prize_pools::overlays(conn, problems).await?;
        crate::tournaments::tournament_hands(conn, problems).await?;
        tx.rollback().await?;
        Ok(report)
    }
}

/// How a problem names the hand of row `r` (its id in column `id`, its table in `table_id`):
/// `hand {id} at table {table}`.
pub(crate) fn hand_at(r: &AnyRow, id: &str) -> Result<String, StoreError> {
    let (hand, table): (i64, String) = (r.try_get(id)?, r.try_get("table_id")?);
    Ok(format!("hand {hand} at table {table}"))
}

/// Every finished hand whose journal `hand:{id}` exists, with what the reconciliation needs:
/// the journal's id, the number of players, the sum of their results, the pot's leg.
const BOOKED: &str = "booked AS (\
    SELECT h.id, h.table_id, h.game, j.id AS jid, \
      CAST((SELECT COUNT(*) FROM hand_players p WHERE p.hand_id = h.id) AS BIGINT) AS n, \
      CAST((SELECT SUM(p.result) FROM hand_players p WHERE p.hand_id = h.id) AS BIGINT) AS results, \
      CAST(COALESCE((SELECT e.amount FROM entries e WHERE e.journal_id = j.id AND e.account = 'pot:' || h.table_id), 0) AS BIGINT) AS pot \
    FROM hands h JOIN journal j ON j.idem_key = 'hand:' || CAST(h.id AS TEXT) \
    WHERE h.status = 'finished')";

/// The account a player's result is booked on: their seat in a betting game; in Saint Poker
/// their owner's account (for a bot the bots' bankroll, or the house in games recorded before
/// the bankroll existed, whose journals pay bots to the house). Needs `b` (a hand, with its
/// journal `jid`), `p` (its player), `u` (the player's user).
const RESULT_ACCOUNT: &str =
    "CASE WHEN b.game <> 'saint' THEN 'seat:' || b.table_id || ':' || CAST(p.user_id AS TEXT) \
    WHEN u.kind = 'bot' THEN CASE WHEN EXISTS (SELECT 1 FROM entries hx \
      WHERE hx.journal_id = b.jid AND hx.account = 'house') THEN 'house' ELSE 'bots' END \
    ELSE 'user:' || CAST(p.user_id AS TEXT) END";

/// A finished hand with no journal `hand:{id}` moved nothing, so each result must be 0 (that is
/// how a hand where no chip changes hands is stored: `apply` records no journal for it).
async fn finished_hands_without_journal(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let rows = sqlx::query(
        "SELECT h.id, h.table_id, p.user_id, p.result FROM hands h JOIN hand_players p ON p.hand_id = h.id \
         WHERE h.status = 'finished' AND (p.result IS NULL OR p.result <> 0) \
           AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.idem_key = 'hand:' || CAST(h.id AS TEXT)) \
         ORDER BY h.id, p.user_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut hands: Vec<(i64, String, Vec<String>)> = Vec::new();
    for r in rows {
        let id: i64 = r.try_get("id")?;
        let user: i64 = r.try_get("user_id")?;
        let result: Option<i64> = r.try_get("result")?;
        let what = match result {
            Some(x) => format!("user {user} {x:+}"),
            None => format!("user {user} no result"),
        };
        match hands.last_mut() {
            Some((h, _, players)) if *h == id => players.push(what),
            _ => hands.push((id, r.try_get("table_id")?, vec![what])),
        }
    }
    for (id, table, players) in hands {
        problems.push(format!(
            "hand {id} at table {table} is finished, but no journal \"hand:{id}\" booked its results ({})",
            players.join(", ")
        ));
    }
    Ok(())
}

/// A journal `hand:{id}` is the result of hand `id`, which must exist and be finished, and
/// is of kind `hand` (`saint` for a Saint Poker game). Keys `hand:` followed by anything but a
/// hand's id in digits are not hand results and are left alone.
async fn hand_journals_without_finished_hand(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    // `ltrim(…, digits) = ''`: the rest of the key is digits (portable, unlike a regex); the
    // CASE keeps PostgreSQL from casting anything else. Each key is found by the hands' index.
    let numeric =
        "length(j.idem_key) BETWEEN 6 AND 23 AND ltrim(substr(j.idem_key, 6), '0123456789') = ''";
    let sql = format!(
        "SELECT j.idem_key, j.kind, h.id, h.table_id, h.game, h.status FROM journal j \
         LEFT JOIN hands h ON h.id = CASE WHEN {numeric} THEN CAST(substr(j.idem_key, 6) AS BIGINT) END \
           AND 'hand:' || CAST(h.id AS TEXT) = j.idem_key \
         WHERE substr(j.idem_key, 1, 5) = 'hand:' AND {numeric} \
           AND (h.id IS NULL OR h.status <> 'finished' OR j.kind <> CASE WHEN h.game = 'saint' THEN 'saint' ELSE 'hand' END) \
         ORDER BY j.id"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let key: String = r.try_get("idem_key")?;
        let kind: String = r.try_get("kind")?;
        let id: Option<i64> = r.try_get("id")?;
        let table: Option<String> = r.try_get("table_id")?;
        let game: Option<String> = r.try_get("game")?;
        let status: Option<String> = r.try_get("status")?;
        let number = &key["hand:".len()..];
        problems.push(match (id, table, game, status) {
            (Some(id), Some(table), _, Some(status)) if status != "finished" => format!(
                "journal {key:?} books the result of hand {id} at table {table}, which is {status}, not finished"
            ),
            (Some(id), Some(table), Some(game), _) => {
                let want = if game == "saint" { "saint" } else { "hand" };
                format!(
                    "journal {key:?} of hand {id} at table {table} ({game}) is of kind {kind:?}, not {want:?}"
                )
            }
            _ => format!("journal {key:?} books the result of hand {number}, which does not exist"),
        });
    }
    Ok(())
}

/// Each finished hand's results against its journal's legs.
async fn results_against_journals(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    // Per hand: the results and the pot's leg (the CASE guards the division by n).
    let sql = format!(
        "WITH {BOOKED} SELECT id, table_id, game, n, results, pot FROM booked \
         WHERE CASE WHEN game = 'saint' THEN \
             CASE WHEN COALESCE(results, 0) <> 0 OR pot > 0 OR n = 0 THEN 1 \
                  WHEN (-pot) % n <> 0 THEN 1 ELSE 0 END \
           ELSE CASE WHEN COALESCE(results, 0) + pot <> 0 THEN 1 ELSE 0 END END = 1 \
         ORDER BY id"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let at = hand_at(&r, "id")?;
        let game: String = r.try_get("game")?;
        let n: i64 = r.try_get("n")?;
        let results = r.try_get::<Option<i64>, _>("results")?.unwrap_or(0);
        let pot: i64 = r.try_get("pot")?;
        if game != "saint" {
            problems.push(format!(
                "{at}: its results sum to {results} and the pot's leg is {pot}: together {}, not 0",
                results + pot
            ));
            continue;
        }
        if results != 0 {
            problems.push(format!(
                "{at} (Saint Poker): its results sum to {results}, not 0 (what the winners took less every player's stake)"
            ));
        }
        if pot > 0 || n == 0 || (-pot) % n != 0 {
            problems.push(format!(
                "{at} (Saint Poker): its journal pays out {} from the pot, which is not one stake from each of its {n} players",
                -pot
            ));
        }
    }
    // Betting: each player's result is the leg on their seat.
    let sql = format!(
        "WITH {BOOKED} SELECT b.id, b.table_id, p.user_id, p.result, \
           CAST(COALESCE(e.amount, 0) AS BIGINT) AS booked \
         FROM booked b JOIN hand_players p ON p.hand_id = b.id \
         LEFT JOIN entries e ON e.journal_id = b.jid \
           AND e.account = 'seat:' || b.table_id || ':' || CAST(p.user_id AS TEXT) \
         WHERE b.game <> 'saint' AND (p.result IS NULL OR p.result <> COALESCE(e.amount, 0)) \
         ORDER BY b.id, p.user_id"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let at = hand_at(&r, "id")?;
        let table: String = r.try_get("table_id")?;
        let user: i64 = r.try_get("user_id")?;
        let booked: i64 = r.try_get("booked")?;
        problems.push(match r.try_get::<Option<i64>, _>("result")? {
            None => format!("{at}: user {user} has no result"),
            Some(result) => format!(
                "{at}: user {user}'s result is {result}, but its journal moves {booked} on seat:{table}:{user}"
            ),
        });
    }
    // Saint Poker: per owner (the bots share the house), the results plus one stake per player
    // are what the journal pays. A game whose pot did not pay out whole stakes was named above:
    // its stake is unknown.
    let sql = format!(
        "WITH {BOOKED}, due AS (\
           SELECT b.id, b.table_id, b.jid, p.user_id, p.result, \
             CASE WHEN b.n > 0 THEN -b.pot / b.n ELSE 0 END AS stake, \
             {RESULT_ACCOUNT} AS account \
           FROM booked b JOIN hand_players p ON p.hand_id = b.id LEFT JOIN users u ON u.id = p.user_id \
           WHERE b.game = 'saint' AND CASE WHEN b.n = 0 OR b.pot > 0 THEN 0 \
             WHEN (-b.pot) % b.n = 0 THEN 1 ELSE 0 END = 1) \
         SELECT d.id, d.table_id, d.account, CAST(MIN(d.user_id) AS BIGINT) AS user_id, \
           CAST(COUNT(*) AS BIGINT) AS players, CAST(COUNT(d.result) AS BIGINT) AS with_result, \
           CAST(SUM(d.result) AS BIGINT) AS results, CAST(MAX(d.stake) AS BIGINT) AS stake, \
           CAST(COALESCE(MAX(e.amount), 0) AS BIGINT) AS booked \
         FROM due d LEFT JOIN entries e ON e.journal_id = d.jid AND e.account = d.account \
         GROUP BY d.id, d.table_id, d.account \
         HAVING COUNT(d.result) < COUNT(*) OR COALESCE(SUM(d.result + d.stake), 0) <> COALESCE(MAX(e.amount), 0) \
         ORDER BY d.id, d.account"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let at = hand_at(&r, "id")?;
        let account: String = r.try_get("account")?;
        let user: i64 = r.try_get("user_id")?;
        let players: i64 = r.try_get("players")?;
        let with_result: i64 = r.try_get("with_result")?;
        let results = r.try_get::<Option<i64>, _>("results")?.unwrap_or(0);
        let stake: i64 = r.try_get("stake")?;
        let booked: i64 = r.try_get("booked")?;
        let who = if players == 1 {
            format!("user {user}")
        } else {
            format!("its {players} bots (user {user} and others)")
        };
        if with_result < players {
            problems.push(format!("{at}: {who} has no result"));
            continue;
        }
        let won = results + stake * players;
        let how = if players == 1 {
            format!("a result of {results} plus the stake of {stake}")
        } else {
            format!("results of {results} plus {players} stakes of {stake}")
        };
        problems.push(format!(
            "{at} (Saint Poker): {who} won {won} ({how}), but its journal pays {booked} to {account}"
        ));
    }
    // Legs on any other account.
    let sql = format!(
        "WITH {BOOKED} SELECT b.id, b.table_id, b.game, e.account, e.amount \
         FROM booked b JOIN entries e ON e.journal_id = b.jid \
         WHERE e.account <> 'pot:' || b.table_id AND NOT EXISTS (\
           SELECT 1 FROM hand_players p LEFT JOIN users u ON u.id = p.user_id \
           WHERE p.hand_id = b.id AND e.account = {RESULT_ACCOUNT}) \
         ORDER BY b.id, e.account"
    );
    for r in sqlx::query(&sql).fetch_all(&mut *conn).await? {
        let at = hand_at(&r, "id")?;
        let game: String = r.try_get("game")?;
        let account: String = r.try_get("account")?;
        let amount: i64 = r.try_get("amount")?;
        let whose = if game == "saint" {
            "the account of one of its players (the bots' bankroll for bots)"
        } else {
            "the seat of one of its players"
        };
        problems.push(format!(
            "{at}: its journal moves {amount} on {account}, which is neither {whose} nor the table's pot"
        ));
    }
    Ok(())
}

/// The stacks the tables dealt against the seat accounts, in one pass: the seats' legs and two
/// probes per dealt-in player — at the hand's journal mark (after the legs of that journal) and
/// at the hand's own journal (before its legs) — sorted per account, a running sum giving what
/// the seat held at each probe. At the deal the seat held the stack; right before the hand's
/// journal it held the same: nothing else moved on it during the hand.
async fn seats_against_stacks(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    // `ord` sorts within one journal id: the hand's own journal's probe (0) before the legs (1),
    // the journal mark's probe (2) after them.
    let rows = sqlx::query(
        "WITH dealt AS (\
           SELECT h.id AS hand_id, h.table_id, h.status, h.journal_mark, p.user_id, p.stack, \
             'seat:' || h.table_id || ':' || CAST(p.user_id AS TEXT) AS account \
           FROM hands h JOIN hand_players p ON p.hand_id = h.id WHERE h.journal_mark IS NOT NULL \
             AND NOT EXISTS (SELECT 1 FROM card_tables c WHERE c.id = h.table_id AND c.tournament IS NOT NULL)), \
         events AS (\
           SELECT e.account, e.journal_id AS pos, 1 AS ord, e.amount, 0 AS probe, \
             CAST(NULL AS BIGINT) AS hand_id, CAST(NULL AS TEXT) AS table_id, \
             CAST(NULL AS BIGINT) AS user_id, CAST(NULL AS BIGINT) AS stack \
           FROM entries e WHERE substr(e.account, 1, 5) = 'seat:' \
           UNION ALL \
           SELECT account, journal_mark, 2, 0, 1, hand_id, table_id, user_id, stack FROM dealt \
           UNION ALL \
           SELECT d.account, j.id, 0, 0, 2, d.hand_id, d.table_id, d.user_id, d.stack \
           FROM dealt d JOIN journal j ON j.idem_key = 'hand:' || CAST(d.hand_id AS TEXT) \
           WHERE d.status = 'finished') \
         SELECT CAST(probe AS BIGINT) AS probe, hand_id, table_id, user_id, stack, \
           CAST(held AS BIGINT) AS held FROM (\
           SELECT probe, hand_id, table_id, user_id, stack, \
             SUM(amount) OVER (PARTITION BY account ORDER BY pos, ord ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS held \
           FROM events) q \
         WHERE probe > 0 AND held <> stack \
         ORDER BY hand_id, user_id, probe",
    )
    .fetch_all(&mut *conn)
    .await?;
    // What each seat held at the deal when that was not the stack (those rows come first).
    let mut at_deal: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    for r in rows {
        let probe: i64 = r.try_get("probe")?;
        let id: i64 = r.try_get("hand_id")?;
        let at = hand_at(&r, "hand_id")?;
        let user: i64 = r.try_get("user_id")?;
        let stack: i64 = r.try_get("stack")?;
        let held: i64 = r.try_get("held")?;
        if probe == 1 {
            at_deal.insert((id, user), held);
            problems.push(format!(
                "{at} dealt user {user} in with {stack} chips, but the seat account held {held}"
            ));
            continue;
        }
        let before = at_deal.get(&(id, user)).copied().unwrap_or(stack);
        if held != before {
            problems.push(format!(
                "{at}: user {user}'s seat account went from {before} at the deal to {held} before the hand's journal: {} chips moved on the seat during the hand",
                held - before
            ));
        }
    }
    Ok(())
}

/// A hand in play must be the newest its table dealt (finished or in play), at an open table.
async fn hands_never_settled(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let rows = sqlx::query(
        "SELECT id, table_id, later, closed FROM (\
           SELECT h.id, h.table_id, \
             CAST((SELECT MIN(l.id) FROM hands l WHERE l.table_id = h.table_id AND l.id > h.id \
                     AND l.status IN ('finished', 'playing')) AS BIGINT) AS later, \
             CAST(CASE WHEN c.closed_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS closed \
           FROM hands h LEFT JOIN card_tables c ON c.id = h.table_id WHERE h.status = 'playing') s \
         WHERE later IS NOT NULL OR closed = 1 ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await?;
    for r in rows {
        let at = hand_at(&r, "id")?;
        let later: Option<i64> = r.try_get("later")?;
        let closed = r.try_get::<i64, _>("closed")? == 1;
        problems.push(match later {
            Some(later) => format!(
                "{at} was never settled, but the table dealt hand {later} after it{}",
                if closed { " (and is closed)" } else { "" }
            ),
            None => format!("{at} was never settled, but the table is closed"),
        });
    }
    Ok(())
}

/// A closed table holds no chips (`close_table` empties its seats and its pot).
async fn closed_tables_holding_chips(
    conn: &mut AnyConnection,
    holding: BTreeMap<String, Vec<(String, i64)>>,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let tables: Vec<&String> = holding.keys().collect();
    for chunk in tables.chunks(500) {
        let sql = format!(
            "SELECT id FROM card_tables WHERE closed_at IS NOT NULL AND id IN ({}) ORDER BY id",
            rows(chunk.len(), 1, |i| format!("${i}"))
        );
        let mut q = sqlx::query(&sql);
        for t in chunk {
            q = q.bind(t.as_str());
        }
        for r in q.fetch_all(&mut *conn).await? {
            let table: String = r.try_get("id")?;
            for (account, balance) in holding.get(&table).into_iter().flatten() {
                problems.push(format!(
                    "table {table} is closed, but {account} still holds {balance} chips"
                ));
            }
        }
    }
    Ok(())
}
