//! Tournaments in the books (issue 51): each one's definition, its coordinator's newest save,
//! and the lease its coordinator is held by — the same fencing as a table's ([`crate::Fence`]):
//! every write carries the epoch its owner holds, checked in the write's own transaction, so an
//! owner that was paused past its lease can never move a prize pool after another took over.
//!
//! A movement of a prize pool ([`crate::PoolMove`]) is recorded in one transaction with the
//! save made with it ([`Store::save_tournament`]): no movement is recorded that the newest save
//! does not know of. A save is kept only if it is newer than the one the books hold.
//!
//! A save is two parts: the coordinator's log, one row a step in `tournament_steps` under its
//! number, and the small rest in `tournaments` (with `steps`, how many steps it covers). A save
//! appends only the steps the books do not hold yet, so what one writes does not grow with the
//! tournament; a step's row, once written, is never written again. A save from before the rows
//! (`steps` 0, the whole log in `state`) loads as it was saved. Once a tournament has finished
//! (every prize or refund recorded), its log's rows are deleted
//! ([`Store::forget_finished_logs`]).

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::lease::TOURNAMENTS;
use crate::ledger::{apply, Journal};
use crate::{now_ms, Store, StoreError, UserId};

/// A tournament to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// Its id.
    pub id: String,
    /// Its name in the lobby.
    pub name: String,
    /// The game (`holdem`, `draw`, `saint`).
    pub game: String,
    /// The engine's settings (JSON).
    pub config: String,
    /// The committed seed of its draws (hex).
    pub seed: String,
    /// Who made it (`None`: the room).
    pub created_by: Option<UserId>,
}

/// The right to write for one tournament: its id and the epoch its owner holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TournamentFence {
    /// The tournament.
    pub tournament: String,
    /// The epoch held.
    pub epoch: i64,
}

/// A coordinator's save: its state but the log, and its lobby line (JSON); the order it was made
/// in; and the steps of its log the books may not hold yet, from the `from`-th on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSaveRow {
    /// The state (but the log).
    pub state: String,
    /// The lobby line.
    pub summary: String,
    /// The save's order (above every earlier save, across owners).
    pub seq: i64,
    /// The number of the first of `steps` (0 the log's first): every step before it is in the
    /// books already.
    pub from: i64,
    /// Steps of the log (text, one each), in order.
    pub steps: Vec<String>,
}

/// A tournament as the books hold it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TournamentRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// The engine's settings (JSON).
    pub config: String,
    /// The committed seed (hex).
    pub seed: String,
    /// Who made it.
    pub created_by: Option<UserId>,
    /// When (ms).
    pub created_at: i64,
    /// The newest save's state, if saved.
    pub state: Option<String>,
    /// The newest save's order.
    pub saved_seq: i64,
    /// How many steps of the log the newest save covers: rows 0 to `steps - 1`
    /// ([`Store::tournament_steps`]).
    pub steps: i64,
    /// The newest lobby line, if saved.
    pub summary: Option<String>,
    /// The node holding its coordinator.
    pub owner: Option<String>,
    /// The fencing epoch.
    pub epoch: i64,
    /// When the owner's lease ends (ms).
    pub lease_until: i64,
    /// When it ended, if it did.
    pub finished_at: Option<i64>,
    /// Its results as written with its end (JSON), if it ended.
    pub results: Option<String>,
}

const COLUMNS: &str = "id, name, game, config, seed, created_by, created_at, state, saved_seq, \
                       steps, summary, owner, epoch, lease_until, finished_at, results";

fn row_of(r: &sqlx::any::AnyRow) -> Result<TournamentRow, StoreError> {
    let created_by: Option<i64> = r.try_get("created_by")?;
    Ok(TournamentRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        game: r.try_get("game")?,
        config: r.try_get("config")?,
        seed: r.try_get("seed")?,
        created_by: created_by.map(UserId),
        created_at: r.try_get("created_at")?,
        state: r.try_get("state")?,
        saved_seq: r.try_get("saved_seq")?,
        steps: r.try_get("steps")?,
        summary: r.try_get("summary")?,
        owner: r.try_get("owner")?,
        epoch: r.try_get("epoch")?,
        lease_until: r.try_get("lease_until")?,
        finished_at: r.try_get("finished_at")?,
        results: r.try_get("results")?,
    })
}

/// Refuses ([`StoreError::Fenced`]) a write for `fence.tournament` unless it is still at
/// `fence.epoch`, and saves `save` unless the books hold a newer one: its steps the books do not
/// hold appended as rows, the rest replacing the newest save's.
async fn check_and_save(
    conn: &mut AnyConnection,
    fence: &TournamentFence,
    save: &TournamentSaveRow,
) -> Result<(), StoreError> {
    // Takes the row's lock (PostgreSQL) or the database's (SQLite) before reading it: two saves
    // of one owner in flight at once append one after the other.
    let held = (fence.tournament.as_str(), fence.epoch);
    if !(TOURNAMENTS.hold(conn, held, false).await?) {
        let named = (held.0, format!("tournament:{}", fence.tournament), held.1);
        return Err(TOURNAMENTS.fenced(conn, named).await?);
    }
    let row = sqlx::query("SELECT saved_seq, steps FROM tournaments WHERE id = $1")
        .bind(&fence.tournament)
        .fetch_one(&mut *conn)
        .await?;
    let (saved_seq, held): (i64, i64) = (row.try_get("saved_seq")?, row.try_get("steps")?);
    if save.seq <= saved_seq {
        return Ok(()); // the books hold a newer save, and every step it covers
    }
    let count = i64::try_from(save.steps.len()).unwrap_or(i64::MAX);
    let end = save.from.saturating_add(count);
    let gap = |why: String| StoreError::TournamentLog {
        tournament: fence.tournament.clone(),
        held,
        why,
    };
    if save.from > held {
        return Err(gap(format!("a save from step {} leaves a gap", save.from)));
    }
    if end < held {
        return Err(gap(format!("a newer save covers only {end}")));
    }
    let new = usize::try_from(held - save.from).unwrap_or(usize::MAX);
    append_steps(conn, &fence.tournament, held, &save.steps[new..]).await?;
    sqlx::query(
        "UPDATE tournaments SET state = $2, summary = $3, saved_seq = $4, steps = $5 WHERE id = $1",
    )
    .bind(&fence.tournament)
    .bind(&save.state)
    .bind(&save.summary)
    .bind(save.seq)
    .bind(end)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Steps numbered from `first` on, as rows of `tournament`'s log (a few hundred a statement).
async fn append_steps(
    conn: &mut AnyConnection,
    tournament: &str,
    first: i64,
    steps: &[String],
) -> Result<(), StoreError> {
    const ROWS: usize = 300; // 900 parameters a statement, well below either database's cap
    let mut seq = first;
    for chunk in steps.chunks(ROWS) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3))
            .collect();
        let sql = format!(
            "INSERT INTO tournament_steps (tournament, seq, step) VALUES {}",
            values.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for step in chunk {
            q = q.bind(tournament).bind(seq).bind(step.as_str());
            seq += 1;
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The audit's check of tournament tables' hands: tournament chips are not room chips, so a
/// finished hand there moves no room chips — each player's result in the books is 0 and its
/// journal has no leg (the tournament chips it moved are in the table saved with it).
pub(crate) async fn tournament_hands(
    conn: &mut AnyConnection,
    problems: &mut Vec<String>,
) -> Result<(), StoreError> {
    let rows = sqlx::query(
        "SELECT h.id, h.table_id, \
           CAST((SELECT COUNT(*) FROM hand_players p WHERE p.hand_id = h.id AND p.result <> 0) AS BIGINT) AS paid, \
           CAST((SELECT COUNT(*) FROM journal j JOIN entries e ON e.journal_id = j.id \
                 WHERE j.idem_key = 'hand:' || CAST(h.id AS TEXT)) AS BIGINT) AS legs \
         FROM hands h JOIN card_tables c ON c.id = h.table_id \
         WHERE c.tournament IS NOT NULL AND h.status = 'finished' ORDER BY h.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    for r in rows {
        let at = crate::audit::hand_at(&r, "id")?;
        let paid: i64 = r.try_get("paid")?;
        let legs: i64 = r.try_get("legs")?;
        if paid + legs != 0 {
            problems.push(format!(
                "tournament {at} moved room chips ({paid} results, {legs} legs): tournament chips are not room chips"
            ));
        }
    }
    Ok(())
}

impl Store {
    /// Records a new tournament, its coordinator held by `owner` for `lease_ms` at epoch 1.
    pub async fn create_tournament(
        &self,
        t: &NewTournament,
        owner: &str,
        lease_ms: i64,
    ) -> Result<TournamentFence, StoreError> {
        let fence = self.insert_tournament(t, owner, lease_ms, "").await?;
        fence.ok_or_else(|| StoreError::TournamentExists(t.id.clone()))
    }

    /// Records tournament `t` as [`Store::create_tournament`] does unless the books hold one
    /// with its id already (`None`): a scheduled tournament, whose id comes from the facts
    /// that name it, is recorded once however many nodes or restarts create it.
    pub async fn create_tournament_once(
        &self,
        t: &NewTournament,
        owner: &str,
        lease_ms: i64,
    ) -> Result<Option<TournamentFence>, StoreError> {
        (self.insert_tournament(t, owner, lease_ms, " ON CONFLICT (id) DO NOTHING")).await
    }

    async fn insert_tournament(
        &self,
        t: &NewTournament,
        owner: &str,
        lease_ms: i64,
        conflict: &str,
    ) -> Result<Option<TournamentFence>, StoreError> {
        let now = now_ms();
        let sql = format!(
            "INSERT INTO tournaments (id, name, game, config, seed, created_by, created_at, \
             owner, epoch, lease_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9){conflict}"
        );
        self.write(async |tx| {
            let hit = sqlx::query(&sql)
                .bind(&t.id)
                .bind(&t.name)
                .bind(&t.game)
                .bind(&t.config)
                .bind(&t.seed)
                .bind(t.created_by.map(|u| u.0))
                .bind(now)
                .bind(owner)
                .bind(now + lease_ms)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            Ok((hit == 1).then(|| TournamentFence {
                tournament: t.id.clone(),
                epoch: 1,
            }))
        })
        .await
    }

    /// Saves a tournament's coordinator and records `journal` (a movement of its prize pool)
    /// with it, in one transaction; refused if the epoch moved on. A journal already recorded
    /// under its key is not recorded twice.
    pub async fn save_tournament(
        &self,
        fence: &TournamentFence,
        journal: Option<&Journal>,
        save: &TournamentSaveRow,
    ) -> Result<(), StoreError> {
        self.write(async |tx| {
            check_and_save(tx, fence, save).await?;
            if let Some(j) = journal {
                apply(tx, j).await?;
            }
            Ok(())
        })
        .await
    }

    /// Tournament `fence.tournament` is over (won and every prize paid, or called off and every
    /// entry refunded), with its last lobby line and its `results` (JSON, as its players last
    /// saw them): nobody claims it again. Refused if the epoch moved on.
    pub async fn finish_tournament(
        &self,
        fence: &TournamentFence,
        summary: &str,
        results: &str,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        self.write(async |tx| {
            let hit = sqlx::query(
                "UPDATE tournaments SET finished_at = $3, summary = $4, results = $5 \
                 WHERE id = $1 AND epoch = $2",
            )
            .bind(&fence.tournament)
            .bind(fence.epoch)
            .bind(now)
            .bind(summary)
            .bind(results)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if hit == 1 {
                return Ok(());
            }
            Err(StoreError::Fenced {
                table: format!("tournament:{}", fence.tournament),
                held: fence.epoch,
                current: None,
            })
        })
        .await
    }

    /// Records table `number` of tournament `tournament` (its id `{tournament}-{number}`),
    /// held by `owner` for `lease_ms` at epoch 1. `None`: it was recorded before (a coordinator
    /// that took over opens its tables again).
    pub async fn create_tournament_table(
        &self,
        tournament: &str,
        number: usize,
        options_json: &str,
        owner: &str,
        lease_ms: i64,
    ) -> Result<Option<crate::Fence>, StoreError> {
        let id = format!("{tournament}-{number}");
        let now = now_ms();
        let done = self
            .write(async |tx| {
                Ok(sqlx::query(
                    "INSERT INTO card_tables (id, game, options, created_at, owner, epoch, \
                     lease_until, tournament) VALUES ($1, 'holdem', $2, $3, $4, 1, $5, $6) \
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(&id)
                .bind(options_json)
                .bind(now)
                .bind(owner)
                .bind(now + lease_ms)
                .bind(tournament)
                .execute(&mut *tx)
                .await?
                .rows_affected())
            })
            .await?;
        Ok((done == 1).then_some(crate::Fence {
            table: id,
            epoch: 1,
        }))
    }

    /// Every tournament, newest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments ORDER BY created_at DESC, id");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        rows.iter().map(row_of).collect()
    }

    /// The ids of the tournaments not over, oldest first: what a node looks at to resume, without
    /// reading a save (a node claims the few it takes, and reads only their saves).
    pub async fn unfinished_tournaments(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE finished_at IS NULL ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// Every tournament's id and newest lobby line (JSON, if saved), newest first: the lobby's
    /// list without reading the saves.
    pub async fn tournament_lines(&self) -> Result<Vec<(String, Option<String>)>, StoreError> {
        let rows = sqlx::query("SELECT id, summary FROM tournaments ORDER BY created_at DESC, id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("summary")?)))
            .collect()
    }

    /// The first `count` steps of tournament `id`'s log (text, one each), in order: with
    /// [`TournamentRow::state`], the save that covers them. Refused if a row is missing.
    pub async fn tournament_steps(&self, id: &str, count: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT step FROM tournament_steps WHERE tournament = $1 AND seq < $2 ORDER BY seq",
        )
        .bind(id)
        .bind(count)
        .fetch_all(&self.pool)
        .await?;
        if i64::try_from(rows.len()).ok() != Some(count.max(0)) {
            return Err(StoreError::TournamentLog {
                tournament: id.to_string(),
                held: i64::try_from(rows.len()).unwrap_or(i64::MAX),
                why: format!("the save covers {count}"),
            });
        }
        rows.iter().map(|r| Ok(r.try_get("step")?)).collect()
    }

    /// Deletes the log's rows of every tournament that finished before `before_ms` (ms since
    /// the Unix epoch): its prizes, refunds and fees are in the journal, and its row keeps its
    /// last lobby line, its results and the rest of its newest save; nobody replays a finished
    /// tournament's log (no node claims it again). How many rows went. A tournament not finished
    /// keeps its whole log.
    pub async fn forget_finished_logs(&self, before_ms: i64) -> Result<u64, StoreError> {
        self.write(async |tx| {
            let gone = sqlx::query(
                "DELETE FROM tournament_steps WHERE tournament IN \
                 (SELECT id FROM tournaments WHERE finished_at IS NOT NULL AND finished_at < $1)",
            )
            .bind(before_ms)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            Ok(gone)
        })
        .await
    }

    /// The room's operator asks tournament `id` to be called off at a node that does not hold
    /// its coordinator: written for the coordinator's node to carry out
    /// ([`Store::tournament_cancels_asked`]). `false`: no such tournament, or it is over.
    pub async fn ask_tournament_cancel(&self, id: &str) -> Result<bool, StoreError> {
        let now = now_ms();
        self.write(async |tx| {
            let hit = sqlx::query(
                "UPDATE tournaments SET cancel_asked_at = $2 WHERE id = $1 AND finished_at IS NULL",
            )
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            Ok(hit == 1)
        })
        .await
    }

    /// The tournaments not over that node `node` holds and whose cancel was asked elsewhere.
    pub async fn tournament_cancels_asked(&self, node: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE owner = $1 AND cancel_asked_at IS NOT NULL \
             AND finished_at IS NULL ORDER BY id",
        )
        .bind(node)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// Tournament `id`'s cancel asked elsewhere has reached its coordinator.
    pub async fn clear_tournament_cancel(&self, id: &str) -> Result<(), StoreError> {
        self.write(async |tx| {
            sqlx::query("UPDATE tournaments SET cancel_asked_at = NULL WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            Ok(())
        })
        .await
    }

    /// Tournament `id`, if the books hold it.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(row_of).transpose()
    }

    /// Node `node` claims tournament `id`'s coordinator for `lease_ms`, if it is not over and
    /// its lease has expired (or it has no owner, or `node` holds it already): the epoch goes
    /// up by one, so the former owner's writes are refused from now. `None`: over, or another
    /// node holds a live lease.
    pub async fn claim_tournament(
        &self,
        id: &str,
        node: &str,
        lease_ms: i64,
    ) -> Result<Option<(TournamentFence, TournamentRow)>, StoreError> {
        let now = now_ms();
        self.write(async |tx| {
            if !(TOURNAMENTS
                .claim(tx, (id, "TRUE"), node, (now, now + lease_ms))
                .await?)
            {
                return Ok(None);
            }
            let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
            let row = row_of(&sqlx::query(&sql).bind(id).fetch_one(&mut *tx).await?)?;
            let fence = TournamentFence {
                tournament: id.to_string(),
                epoch: row.epoch,
            };
            Ok(Some((fence, row)))
        })
        .await
    }

    /// The leases of the tournaments node `node` holds run until `lease_ms` from now (with its
    /// heartbeat).
    pub async fn renew_tournament_leases(
        &self,
        node: &str,
        lease_ms: i64,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        self.write(async |tx| TOURNAMENTS.renew(tx, node, now + lease_ms).await)
            .await
    }
}
