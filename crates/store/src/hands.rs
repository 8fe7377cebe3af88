//! Tables, hands and games: begun before the deal with their commitment, finished in one
//! transaction with their result and record, voided after a crash (with every seat's chips
//! returned). Reading them back is `history`.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use tavolo_cards::GameRng;

use crate::accounts::UserId;
use crate::ledger::{apply, rows, Account, Applied, Journal};
use crate::nodes::{bind_save, check_fence, check_fence_saving, save_if_newer, Fence, TableSave};
use crate::{hex, now_ms, DbKind, Store, StoreError};

/// A hand's (or Saint Poker game's) id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct HandId(pub i64);

/// A hand about to be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewHand {
    /// The table's id.
    pub table: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// SHA-256 of the seed, hex: published before the deal.
    pub commitment: String,
    /// The 256-bit seed, hex: kept secret until the hand is over.
    pub seed_hex: String,
    /// The parts a `tavolo-fair/2` seed is mixed from (JSON; kept as secret as the seed);
    /// `None` for a seed that is the room's alone (`tavolo-fair/1`).
    pub parts: Option<String>,
    /// Who plays: seat, user, stack at the start.
    pub players: Vec<(usize, UserId, i64)>,
    /// The table's fence: the hand is refused if the table's epoch moved on (another node took
    /// it over). `None`: unfenced (a table no node owns, as in the store's own tests).
    pub fence: Option<Fence>,
    /// The beginning's idempotency key: the same key again is the same hand (its id is
    /// answered, nothing is recorded twice). `None`: no key.
    pub key: Option<String>,
    /// Chips the hand takes as it begins (Saint Poker's stakes), in the same transaction: the
    /// hand is not begun if they cannot be paid.
    pub stakes: Option<Journal>,
    /// The table to save in the same transaction (several nodes).
    pub save: Option<TableSave>,
}

/// A hand that is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedHand {
    /// The record: PHH text (Hold'em) or the JSON record (Saint Poker, Draw).
    pub record: String,
    /// `phh`, `saint-json` or `draw-json`.
    pub format: String,
    /// The hand's transcript (`tavolo-fair/3`, hex), as sent to its viewers when it ended:
    /// the digest binding the record to the commitment and the seed.
    pub transcript: Option<String>,
    /// Each player's net result in chips (or points for a friendly Saint Poker game).
    pub results: Vec<(UserId, i64)>,
    /// The chips the result moves (between seat accounts and the table's pot).
    pub journal: Journal,
    /// The table's fence (see [`NewHand::fence`]).
    pub fence: Option<Fence>,
    /// The table to save in the same transaction (several nodes).
    pub save: Option<TableSave>,
}

/// Why a hand was voided, as recorded: the table closed (it closed, or the room stopped) with
/// the hand in play.
pub const VOID_CLOSED: &str =
    "the table closed with the hand in play (the room stopped, or the table was closed)";
/// Why a hand was voided: the room started again after it stopped without closing its tables.
pub const VOID_RESTART: &str = "the room restarted after stopping unexpectedly (a crash or a kill)";
/// Why a hand was voided: another node took the table over (its node stopped answering).
pub const VOID_TAKEOVER: &str = "another node took the table over (its node stopped answering)";

/// What [`Store::recover`] did at start-up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Recovery {
    /// Hands that were in progress when the process died, now voided.
    pub voided: Vec<HandId>,
    /// Tables that were open, now closed.
    pub tables_closed: i64,
    /// Chips returned from tables: (account name the chips left, amount).
    pub returned: Vec<(String, i64)>,
}

impl Store {
    /// Registers a new table owned by node `owner` for `lease_ms`, and returns its fence (its id,
    /// `t` and 8 hex digits, never reused, at epoch 1).
    pub async fn create_table(
        &self,
        game: &str,
        options_json: &str,
        owner: &str,
        lease_ms: i64,
    ) -> Result<Fence, StoreError> {
        self.create_table_by(game, options_json, owner, lease_ms, None)
            .await
    }

    /// [`Store::create_table`] for a table `creator` made (`None`: the room): every node counts
    /// a player's open tables ([`Store::open_tables_created_by`]), and the node that claims the
    /// table learns who may add bots to it ([`crate::Claimed::creator`]).
    pub async fn create_table_by(
        &self,
        game: &str,
        options_json: &str,
        owner: &str,
        lease_ms: i64,
        creator: Option<UserId>,
    ) -> Result<Fence, StoreError> {
        loop {
            let id = format!("t{}", hex(&GameRng::os_seed()[..4]));
            let now = now_ms();
            let done = self
                .write(async |tx| {
                    Ok(sqlx::query(
                        "INSERT INTO card_tables (id, game, options, created_at, owner, epoch, lease_until, created_by) \
                         VALUES ($1, $2, $3, $4, $5, 1, $6, $7) ON CONFLICT (id) DO NOTHING",
                    )
                    .bind(&id)
                    .bind(game)
                    .bind(options_json)
                    .bind(now)
                    .bind(owner)
                    .bind(now + lease_ms)
                    .bind(creator.map(|u| u.0))
                    .execute(&mut *tx)
                    .await?
                    .rows_affected())
                })
                .await?;
            if done == 1 {
                return Ok(Fence {
                    table: id,
                    epoch: 1,
                });
            }
        }
    }

    /// How many open tables `user` created, on every node.
    pub async fn open_tables_created_by(&self, user: UserId) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM card_tables WHERE created_by = $1 AND closed_at IS NULL",
        )
        .bind(user.0)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Closes a table: voids its hands not finished (their chips never left the seats), cashes
    /// out every seat (bots' chips go back to the bots' bankroll) and empties its pot
    /// (unfinished Saint Poker stakes back to their payers, the rest to the house).
    /// Refused if the table's epoch moved on (`fence`; `None`: unfenced).
    pub async fn close_table(
        &self,
        table: &str,
        fence: Option<&Fence>,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        self.write(async |tx| {
            if let Some(f) = fence {
                check_fence(tx, f).await?;
            }
            void_in_play(tx, Some(table), VOID_CLOSED, now_ms()).await?;
            let moved = settle_table(tx, table, "close").await?;
            sqlx::query(
                "UPDATE card_tables SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL",
            )
            .bind(now_ms())
            .bind(table)
            .execute(&mut *tx)
            .await?;
            Ok(moved)
        })
        .await
    }

    /// Records a hand about to be dealt (with its commitment and secret seed). On SQLite, hands
    /// begun and finished by many tables at once share one transaction (see `commit.rs`).
    pub async fn begin_hand(&self, hand: &NewHand) -> Result<HandId, StoreError> {
        if let Some(b) = &self.batcher {
            return b.begin_hand(hand.clone()).await;
        }
        let lock_seats = self.kind() == DbKind::Postgres;
        self.write(async |tx| begin_hand_in(tx, hand, lock_seats).await)
            .await
    }

    /// Records the end of a hand: its chip movements, record and results, in one transaction.
    /// Finishing a finished hand again with the same journal does nothing.
    pub async fn finish_hand(
        &self,
        id: HandId,
        done: &FinishedHand,
    ) -> Result<Applied, StoreError> {
        if let Some(b) = &self.batcher {
            return b.finish_hand(id, done.clone()).await;
        }
        self.write(async |tx| finish_hand_in(tx, id, done).await)
            .await
    }

    /// Voids a hand in progress (a refund on shutdown): no chips had moved, so each seat keeps
    /// the stack it started the hand with. Refused if the table's epoch moved on (`fence`;
    /// `None`: unfenced).
    /// `reason` is recorded with it, for the players' histories.
    pub async fn void_hand(
        &self,
        id: HandId,
        fence: Option<&Fence>,
        reason: &str,
    ) -> Result<(), StoreError> {
        self.write(async |tx| {
            if let Some(f) = fence {
                check_fence(tx, f).await?;
            }
            let status = hand_status(tx, id).await?;
            if status == "playing" {
                sqlx::query("UPDATE hands SET status = 'voided', finished_at = $1, void_reason = $3 WHERE id = $2")
                    .bind(now_ms())
                    .bind(id.0)
                    .bind(reason)
                    .execute(&mut *tx)
                    .await?;
            }
            Ok(())
        })
        .await
    }

    /// Start-up recovery after a crash: voids every hand still marked as playing (its chips
    /// never left the seats), closes every open cash table and returns all chips at tables to
    /// their owners — all in one transaction, so running it twice does no more than once. A
    /// tournament's tables stay open (their stacks are tournament chips, saved with them): the
    /// tournament's coordinator claims them when the room resumes it.
    pub async fn recover(&self) -> Result<Recovery, StoreError> {
        self.write(async |tx| {
        let mut recovery = Recovery::default();
        let rows = sqlx::query("SELECT id FROM hands WHERE status = 'playing' ORDER BY id")
            .fetch_all(&mut *tx)
            .await?;
        for r in rows {
            recovery.voided.push(HandId(r.try_get("id")?));
        }
        void_in_play(tx, None, VOID_RESTART, now_ms()).await?;
        let tables = sqlx::query("SELECT DISTINCT substr(name, 6) AS t FROM accounts WHERE balance <> 0 AND substr(name, 1, 5) = 'seat:'")
            .fetch_all(&mut *tx)
            .await?;
        let mut ids: Vec<String> = Vec::new();
        for r in tables {
            let rest: String = r.try_get("t")?;
            if let Some((t, _)) = rest.rsplit_once(':') {
                if !ids.iter().any(|x| x == t) {
                    ids.push(t.to_string());
                }
            }
        }
        let pots = sqlx::query("SELECT substr(name, 5) AS t FROM accounts WHERE balance <> 0 AND substr(name, 1, 4) = 'pot:'")
            .fetch_all(&mut *tx)
            .await?;
        for r in pots {
            let t: String = r.try_get("t")?;
            if !ids.contains(&t) {
                ids.push(t);
            }
        }
        for t in &ids {
            recovery
                .returned
                .extend(settle_table(tx, t, "recover").await?);
        }
        recovery.tables_closed =
            sqlx::query(
                "UPDATE card_tables SET closed_at = $1 WHERE closed_at IS NULL AND tournament IS NULL",
            )
                .bind(now_ms())
                .execute(&mut *tx)
                .await?
                .rows_affected() as i64;
        Ok(recovery)
        })
        .await
    }

    /// How many hands (and Saint Poker games) have `status`: `playing`, `finished` or
    /// `voided`.
    pub async fn count_hands(&self, status: &str) -> Result<i64, StoreError> {
        Ok(
            sqlx::query("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hands WHERE status = $1")
                .bind(status)
                .fetch_one(&self.pool)
                .await?
                .try_get("n")?,
        )
    }
}

/// Voids the hands in play at `table` (at every table: `None`) at `now`, for `reason`.
pub(crate) async fn void_in_play(
    conn: &mut AnyConnection,
    table: Option<&str>,
    reason: &str,
    now: i64,
) -> Result<(), StoreError> {
    let at = if table.is_some() {
        " AND table_id = $3"
    } else {
        ""
    };
    let sql = format!(
        "UPDATE hands SET status = 'voided', finished_at = $1, void_reason = $2 \
         WHERE status = 'playing'{at}"
    );
    let q = sqlx::query(&sql).bind(now).bind(reason);
    (if let Some(t) = table { q.bind(t) } else { q })
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn hand_status(conn: &mut AnyConnection, id: HandId) -> Result<String, StoreError> {
    Ok(sqlx::query("SELECT status FROM hands WHERE id = $1")
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoSuchHand(id.0))?
        .try_get("status")?)
}

/// Moves every chip at a table back: seats to their users (bots' to the bots' bankroll), the
/// pot as [`pot_refund`] says. Keys name the account, the amount and the latest journal, so a retry is harmless.
async fn settle_table(
    conn: &mut AnyConnection,
    table: &str,
    why: &str,
) -> Result<Vec<(String, i64)>, StoreError> {
    let last: i64 = sqlx::query("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS m FROM journal")
        .fetch_one(&mut *conn)
        .await?
        .try_get("m")?;
    let seat_prefix = format!("seat:{table}:");
    let rows = sqlx::query(
        "SELECT a.name, a.balance, u.kind FROM accounts a LEFT JOIN users u ON CAST(u.id AS TEXT) = substr(a.name, CAST($1 AS INTEGER)) \
         WHERE a.balance <> 0 AND (substr(a.name, 1, CAST($2 AS INTEGER)) = $3 OR a.name = $4) ORDER BY a.name",
    )
    .bind(seat_prefix.len() as i64 + 1)
    .bind(seat_prefix.len() as i64)
    .bind(&seat_prefix)
    .bind(format!("pot:{table}"))
    .fetch_all(&mut *conn)
    .await?;
    let mut moved = Vec::new();
    for r in rows {
        let name: String = r.try_get("name")?;
        let balance: i64 = r.try_get("balance")?;
        let kind: Option<String> = r.try_get("kind")?;
        let Some(from) = Account::parse(&name) else {
            continue;
        };
        let legs = match (&from, kind.as_deref()) {
            (Account::Seat { user, .. }, Some("player" | "guest")) => {
                vec![(from.clone(), -balance), (Account::User(*user), balance)]
            }
            (Account::Seat { .. }, Some("bot")) => {
                vec![(from.clone(), -balance), (Account::Bots, balance)]
            }
            (Account::Pot(_), _) => pot_refund(conn, &name, balance).await?,
            _ => vec![(from.clone(), -balance), (Account::House, balance)],
        };
        let journal = Journal::new(
            format!("{why}:{name}:{balance}:after:{last}"),
            if why == "recover" {
                "refund"
            } else {
                "cash_out"
            },
            legs,
        );
        apply(conn, &journal).await?;
        moved.push((name, balance));
    }
    Ok(moved)
}

/// Where the chips in a table's pot go when the table closes (or is recovered after a crash):
/// stakes of a Saint Poker game that never finished go back to those who paid them, newest
/// stake journal first for as long as they fit in the pot; whatever else is in it (the odd chips
/// a betting table carried to the next hand) goes to the house. The legs of one journal.
pub(crate) async fn pot_refund(
    conn: &mut AnyConnection,
    pot: &str,
    balance: i64,
) -> Result<Vec<(Account, i64)>, StoreError> {
    let rows = sqlx::query(
        "SELECT e.journal_id AS j, e.account AS account, e.amount AS amount FROM entries e \
         JOIN journal j ON j.id = e.journal_id \
         WHERE j.kind = 'stake' AND e.account <> $1 \
         AND e.journal_id IN (SELECT journal_id FROM entries WHERE account = $1) \
         ORDER BY e.journal_id DESC",
    )
    .bind(pot)
    .fetch_all(&mut *conn)
    .await?;
    // Whole stake journals, newest first, while they fit in what the pot holds.
    let mut journals: Vec<(i64, Vec<(String, i64)>)> = Vec::new();
    for r in rows {
        let j: i64 = r.try_get("j")?;
        let account: String = r.try_get("account")?;
        let amount: i64 = r.try_get("amount")?;
        match journals.last_mut() {
            Some((id, legs)) if *id == j => legs.push((account, -amount)),
            _ => journals.push((j, vec![(account, -amount)])),
        }
    }
    // (The ledger merges legs on one account: a player refunded twice, bots sharing a bankroll.)
    let mut legs = vec![(
        Account::Pot(pot.trim_start_matches("pot:").to_string()),
        -balance,
    )];
    let mut left = balance;
    for (_, paid) in journals {
        let total: i64 = paid.iter().map(|l| l.1).sum();
        if total <= 0 || total > left {
            break;
        }
        left -= total;
        legs.extend(
            (paid.into_iter()).filter_map(|(name, amount)| Some((Account::parse(&name)?, amount))),
        );
    }
    legs.push((Account::House, left));
    Ok(legs)
}

/// [`Store::begin_hand`] inside the caller's transaction.
///
/// The hand records the journal high-water mark (the largest journal id) in the same
/// transaction: the audit sums each dealt-in player's seat account up to that mark and compares
/// it with the stack the table dealt them in with. On SQLite every write goes through one
/// connection, so the mark is exact. On PostgreSQL a journal's id is drawn from a sequence before
/// its transaction commits, so a journal with a smaller id could commit after the mark was read;
/// `lock_seats` rules that out for the accounts that matter: the players' seat accounts are
/// locked (`FOR SHARE`) before the mark is read, which waits for any movement on them still in
/// flight, and holds off new ones until this transaction ends; [`apply`] updates an account
/// before it draws its journal's id, so a movement that had to wait draws an id above the mark.
/// (The table should never let it come to that: a player whose buy-in or rebuy is still being
/// booked is not dealt in, and a seat's chips move only between its hands.) A seat account that
/// does not exist yet has had no movement, and none can be in flight that the table would deal
/// on: a betting table only deals in a stack it has booked, and Saint Poker seats hold no chips.
pub(crate) async fn begin_hand_in(
    conn: &mut AnyConnection,
    hand: &NewHand,
    lock_seats: bool,
) -> Result<HandId, StoreError> {
    // The fence, and the table's state saved with the hand (one statement).
    match &hand.fence {
        Some(f) => check_fence_saving(conn, f, hand.save.as_ref()).await?,
        None => save_state(conn, &hand.table, hand.save.as_ref()).await?,
    }
    if let Some(key) = &hand.key {
        let known = sqlx::query("SELECT id FROM hands WHERE begin_key = $1")
            .bind(key)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some(r) = known {
            return Ok(HandId(r.try_get("id")?));
        }
    }
    if lock_seats && !hand.players.is_empty() {
        let n = hand.players.len();
        let sql = format!(
            "SELECT name FROM accounts WHERE name IN ({}) ORDER BY name FOR SHARE",
            rows(n, 1, |i| format!("${i}"))
        );
        let mut q = sqlx::query(&sql);
        for (_, user, _) in &hand.players {
            q = q.bind(
                Account::Seat {
                    table: hand.table.clone(),
                    user: *user,
                }
                .to_string(),
            );
        }
        q.fetch_all(&mut *conn).await?;
    }
    // The mark is read by the insert itself: on PostgreSQL (read committed) a statement sees
    // every transaction committed before it began, here the ones the locks waited for.
    let id: i64 = sqlx::query(
        "INSERT INTO hands (table_id, game, commitment, seed, parts, status, started_at, journal_mark, begin_key) \
         VALUES ($1, $2, $3, $4, $5, 'playing', $6, (SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM journal), $7) RETURNING id",
    )
    .bind(&hand.table)
    .bind(&hand.game)
    .bind(&hand.commitment)
    .bind(&hand.seed_hex)
    .bind(&hand.parts)
    .bind(now_ms())
    .bind(&hand.key)
    .fetch_one(&mut *conn)
    .await?
    .try_get("id")?;
    if !hand.players.is_empty() {
        let sql = format!(
            "INSERT INTO hand_players (hand_id, user_id, seat, stack) VALUES {}",
            rows(hand.players.len(), 1, |i| format!(
                "(${}, ${}, ${}, ${})",
                i,
                i + 1,
                i + 2,
                i + 3
            ))
        );
        let mut q = sqlx::query(&sql);
        for (seat, user, stack) in &hand.players {
            q = q.bind(id).bind(user.0).bind(*seat as i64).bind(*stack);
        }
        q.execute(&mut *conn).await?;
    }
    if let Some(stakes) = &hand.stakes {
        apply(conn, stakes).await?;
    }
    Ok(HandId(id))
}

/// Saves a table (`save`, if any, unless the books hold a newer save) inside the caller's
/// transaction.
pub(crate) async fn save_state(
    conn: &mut AnyConnection,
    table: &str,
    save: Option<&TableSave>,
) -> Result<(), StoreError> {
    if let Some(s) = save {
        let sql = save_if_newer("id = $1", 1);
        bind_save(sqlx::query(&sql).bind(table), s)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// [`Store::finish_hand`] inside the caller's transaction (which it leaves to the caller to
/// commit, or to roll back on an error).
pub(crate) async fn finish_hand_in(
    conn: &mut AnyConnection,
    id: HandId,
    done: &FinishedHand,
) -> Result<Applied, StoreError> {
    // The fence, and the table's state after the hand saved with it (one statement).
    if let Some(f) = &done.fence {
        check_fence_saving(conn, f, done.save.as_ref()).await?;
    }
    // The hand is marked finished first (in play: one statement); its movement and results
    // follow in the same transaction, which nothing commits if they fail.
    let finished = sqlx::query("UPDATE hands SET status = 'finished', finished_at = $1, record = $2, format = $3, transcript = $4 WHERE id = $5 AND status = 'playing'")
        .bind(now_ms())
        .bind(&done.record)
        .bind(&done.format)
        .bind(&done.transcript)
        .bind(id.0)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if finished == 0 {
        let status = hand_status(conn, id).await?;
        if status != "finished" {
            return Err(StoreError::HandNotPlaying { id: id.0, status });
        }
        // The journal's key makes the retry harmless; check it is the same movement.
        let applied = apply(conn, &done.journal).await?;
        return Ok(if applied == Applied::Nothing {
            Applied::Nothing
        } else {
            Applied::AlreadyDone
        });
    }
    let applied = apply(conn, &done.journal).await?;
    if !done.results.is_empty() {
        // One statement for every player: `CASE user_id WHEN … THEN … END`.
        let n = done.results.len();
        let whens = rows(n, 2, |i| format!("WHEN ${} THEN ${}", i, i + 1)).replace(", ", " ");
        let sql = format!(
            "UPDATE hand_players SET result = CASE user_id {whens} END WHERE hand_id = $1 AND user_id IN ({})",
            rows(n, 2 * n + 2, |i| format!("${i}"))
        );
        let mut q = sqlx::query(&sql).bind(id.0);
        for (user, result) in &done.results {
            q = q.bind(user.0).bind(*result);
        }
        for (user, _) in &done.results {
            q = q.bind(user.0);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(applied)
}
