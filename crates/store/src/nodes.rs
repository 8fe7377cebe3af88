//! Several server processes ("nodes") on one database: the node registry with its heartbeats,
//! table ownership by lease, and the fencing epoch every table write carries
//! (docs/scale-out.md).
//!
//! Each open table has one owner until `lease_until`; the owner renews its leases with its
//! heartbeat. A node claims a table whose lease has expired (its owner died, or was paused
//! past the lease) by raising the table's epoch in one transaction that also voids the hand
//! that was in play. Every write a table makes checks, inside its own transaction, that the
//! table still has the epoch the writer holds ([`Fence`]); the check takes the table's row
//! lock, so a claim and a write are ordered: the write either lands before the claim (and the
//! claim sees its result) or is refused ([`StoreError::Fenced`]). A node that was paused can
//! therefore never settle a hand of a table another node has taken over.

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use crate::hands::{void_in_play, HandId};
use crate::lease::{changes_one, TABLES};
use crate::ledger::{apply, Account, Journal};
use crate::{now_ms, Bound, Store, StoreError};

/// The right to write for one table: its id and the epoch its owner holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Fence {
    /// The table's id.
    pub table: String,
    /// The epoch claimed.
    pub epoch: i64,
}

/// A table as its owner saves it for whoever takes it over: its state, its lobby line, and the
/// order the owner made the save in. Every write goes to the books on a task of its own, so a
/// save can land after a newer one, or be sent again after it: the books keep a save only if
/// its `seq` is above the one they hold (in the statement that checks the fence), and a new
/// owner counts on from the `seq` it restored ([`Claimed::saved_seq`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSave {
    /// The state (JSON; the server's saved table).
    pub state: String,
    /// The lobby line (JSON).
    pub summary: String,
    /// The order of the save: above every save this owner or an earlier one made before it.
    pub seq: i64,
}

/// An update of `card_tables` that saves a table unless the books hold a newer save (an older
/// one that lands late changes nothing), for the rows `filter` picks; the save's state, lobby
/// line and order are the parameters after the filter's `params` (see [`bind_save`]).
pub(crate) fn save_if_newer(filter: &str, params: usize) -> String {
    let (state, summary, seq) = (params + 1, params + 2, params + 3);
    format!(
        "UPDATE card_tables SET state = CASE WHEN saved_seq < ${seq} THEN ${state} ELSE state END, \
         summary = CASE WHEN saved_seq < ${seq} THEN ${summary} ELSE summary END, \
         saved_seq = CASE WHEN saved_seq < ${seq} THEN ${seq} ELSE saved_seq END WHERE {filter}"
    )
}

/// Binds `save` to a query of [`save_if_newer`] whose filter's parameters are bound.
pub(crate) fn bind_save<'q>(q: Bound<'q>, save: &'q TableSave) -> Bound<'q> {
    q.bind(&save.state).bind(&save.summary).bind(save.seq)
}

/// Refuses (with [`StoreError::Fenced`]) a write for `fence.table` unless the table is open
/// and still at `fence.epoch`; holds the table's row until the transaction ends.
pub(crate) async fn check_fence(conn: &mut AnyConnection, fence: &Fence) -> Result<(), StoreError> {
    check_fence_saving(conn, fence, None).await
}

/// [`check_fence`], saving the table (`save`, unless the books hold a newer save) in the same
/// statement.
pub(crate) async fn check_fence_saving(
    conn: &mut AnyConnection,
    fence: &Fence,
    save: Option<&TableSave>,
) -> Result<(), StoreError> {
    let held = (fence.table.as_str(), fence.epoch);
    let hit = match save {
        None => TABLES.hold(conn, held, true).await?,
        Some(s) => {
            let saving = save_if_newer("id = $1 AND epoch = $2 AND closed_at IS NULL", 2);
            let q = bind_save(sqlx::query(&saving).bind(held.0).bind(held.1), s);
            changes_one(conn, q).await?
        }
    };
    if hit {
        return Ok(());
    }
    let named = (held.0, fence.table.clone(), held.1);
    Err(TABLES.fenced(conn, named).await?)
}

/// A node as the registry shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeInfo {
    /// Its id (`--node-id`).
    pub id: String,
    /// Where clients reach it.
    pub url: String,
    /// When it started (ms).
    pub started_at: i64,
    /// Its last heartbeat (ms).
    pub heartbeat_at: i64,
    /// It takes no new tables.
    pub draining: bool,
    /// When it stopped cleanly, if it did.
    pub stopped_at: Option<i64>,
    /// The open tables it owns.
    pub tables: Vec<String>,
}

/// An open table as every node sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableLease {
    /// The table's id.
    pub table: String,
    /// Its owner, if it has had one.
    pub owner: Option<String>,
    /// The owner's address for clients.
    pub url: Option<String>,
    /// The fencing epoch: raised by every claim, so a former owner's writes are refused.
    pub epoch: i64,
    /// When the lease ends (ms).
    pub lease_until: i64,
    /// Its lobby line (JSON), as its owner last wrote it.
    pub summary: Option<String>,
}

/// A table a node has just claimed: what it needs to deal on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimed {
    /// The right to write for it.
    pub fence: Fence,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// Its options (JSON), as created.
    pub options: String,
    /// The table as its last owner saved it (JSON), if it did.
    pub state: Option<String>,
    /// The order of that save ([`TableSave::seq`]; 0 if never saved): the new owner's saves
    /// count on from it.
    pub saved_seq: i64,
    /// Who created it (`None`: the room).
    pub creator: Option<crate::UserId>,
    /// What each seat account holds: the stacks, which the ledger alone decides.
    pub seats: Vec<(crate::UserId, i64)>,
    /// What the table's pot holds (chips a betting table carries to its next hand).
    pub pot: i64,
    /// The hands that were in play, now voided.
    pub voided: Vec<HandId>,
}

/// The columns [`lease_of`] reads: a table with its owner's address.
const LEASES: &str = "SELECT t.id, t.owner, n.url, t.epoch, t.lease_until, t.summary \
                      FROM card_tables t LEFT JOIN nodes n ON n.id = t.owner";

fn lease_of(r: &sqlx::any::AnyRow) -> Result<TableLease, StoreError> {
    Ok(TableLease {
        table: r.try_get("id")?,
        owner: r.try_get("owner")?,
        url: r.try_get("url")?,
        epoch: r.try_get("epoch")?,
        lease_until: r.try_get("lease_until")?,
        summary: r.try_get("summary")?,
    })
}

impl Store {
    /// Registers (or re-registers) node `id`, reachable at `url`, as a new `instance`; clears
    /// its draining and stopped marks.
    pub async fn register_node(
        &self,
        id: &str,
        instance: &str,
        url: &str,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let upsert = sqlx::query(
            "INSERT INTO nodes (id, instance, url, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (id) DO UPDATE SET instance = $2, url = $3, started_at = $4, heartbeat_at = $4, draining = 0, stopped_at = NULL",
        );
        (self.write_one(upsert.bind(id).bind(instance).bind(url).bind(now))).await
    }

    /// Node `id` (as `instance`) is alive: its heartbeat is recorded and the leases of the tables
    /// it owns run until `lease_ms` from now. Returns those tables with their epochs (a table
    /// the node runs that is missing, or at another epoch, was taken over), or
    /// [`StoreError::NodeReplaced`] if another process registered under the same id.
    pub async fn heartbeat(
        &self,
        id: &str,
        instance: &str,
        lease_ms: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let now = now_ms();
        self.write(async |tx| {
            let alive = sqlx::query("UPDATE nodes SET heartbeat_at = $1 WHERE id = $2 AND instance = $3")
                .bind(now)
                .bind(id)
                .bind(instance)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if alive == 0 {
                return Err(StoreError::NodeReplaced(id.to_string()));
            }
            TABLES.renew(tx, id, now + lease_ms).await?;
            let rows = sqlx::query("SELECT id, epoch FROM card_tables WHERE owner = $1 AND closed_at IS NULL ORDER BY id")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
            rows.iter()
                .map(|r| Ok((r.try_get("id")?, r.try_get("epoch")?)))
                .collect::<Result<_, sqlx::Error>>()
                .map_err(StoreError::from)
        })
        .await
    }

    /// Marks node `id` as draining (it takes no new tables) or stopped.
    pub async fn mark_node(
        &self,
        id: &str,
        draining: bool,
        stopped: bool,
    ) -> Result<(), StoreError> {
        self.write_one(
            sqlx::query("UPDATE nodes SET draining = $1, stopped_at = $2 WHERE id = $3")
                .bind(i64::from(draining))
                .bind(stopped.then(now_ms))
                .bind(id),
        )
        .await
    }

    /// Every registered node with the open tables it owns.
    pub async fn nodes(&self) -> Result<Vec<NodeInfo>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, url, started_at, heartbeat_at, draining, stopped_at FROM nodes ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut nodes = Vec::with_capacity(rows.len());
        for r in rows {
            nodes.push(NodeInfo {
                id: r.try_get("id")?,
                url: r.try_get("url")?,
                started_at: r.try_get("started_at")?,
                heartbeat_at: r.try_get("heartbeat_at")?,
                draining: r.try_get::<i64, _>("draining")? != 0,
                stopped_at: r.try_get("stopped_at")?,
                tables: Vec::new(),
            });
        }
        for lease in self.open_tables().await? {
            if let Some(n) = nodes
                .iter_mut()
                .find(|n| Some(&n.id) == lease.owner.as_ref())
            {
                n.tables.push(lease.table);
            }
        }
        Ok(nodes)
    }

    /// Every open table with its owner, lease and lobby line.
    pub async fn open_tables(&self) -> Result<Vec<TableLease>, StoreError> {
        let sql = format!("{LEASES} WHERE t.closed_at IS NULL ORDER BY t.id");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        rows.iter().map(lease_of).collect()
    }

    /// Open table `id`'s lease, if it is open.
    pub async fn table_lease(&self, id: &str) -> Result<Option<TableLease>, StoreError> {
        let sql = format!("{LEASES} WHERE t.id = $1 AND t.closed_at IS NULL");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(lease_of).transpose()
    }

    /// Node `node` claims table `table` for `lease_ms` if it is open and its lease has expired
    /// (or it has no owner, or `node` owns it already: a restarted node takes its own tables
    /// back). In one transaction: the epoch goes up by one, the hand in play is voided (its
    /// chips never left the seats), and a Saint Poker game's stakes in the pot go back to their
    /// payers. `None`: the table is closed or another node holds a live lease.
    pub async fn claim_table(
        &self,
        table: &str,
        node: &str,
        lease_ms: i64,
    ) -> Result<Option<Claimed>, StoreError> {
        self.claim_where(table, node, lease_ms, "tournament IS NULL")
            .await
    }

    /// [`Store::claim_table`] for a table of a tournament, which only the tournament's
    /// coordinator claims (the room's claims pass it by): the epoch goes up, the hand in play
    /// is voided; its stacks are in its saved state (tournament chips, not in the ledger).
    pub async fn claim_tournament_table(
        &self,
        table: &str,
        node: &str,
        lease_ms: i64,
    ) -> Result<Option<Claimed>, StoreError> {
        self.claim_where(table, node, lease_ms, "tournament IS NOT NULL")
            .await
    }

    /// Claims table `table` for `node` if `kind` (a condition on its row) holds.
    async fn claim_where(
        &self,
        table: &str,
        node: &str,
        lease_ms: i64,
        kind: &str,
    ) -> Result<Option<Claimed>, StoreError> {
        let now = now_ms();
        self.write(async |tx| {
            if !(TABLES
                .claim(tx, (table, kind), node, (now, now + lease_ms))
                .await?)
            {
                return Ok(None);
            }
            claimed(tx, table, now).await.map(Some)
        })
        .await
    }

    /// The open tables whose lease has expired (their owner stopped renewing), or that have
    /// no owner, or that `node` owns but does not run (`running`): what `node` may claim.
    pub async fn claimable_tables(
        &self,
        node: &str,
        running: &[String],
    ) -> Result<Vec<String>, StoreError> {
        let now = now_ms();
        Ok(self
            .open_tables()
            .await?
            .into_iter()
            .filter(|t| match &t.owner {
                None => true,
                Some(o) if o == node => !running.contains(&t.table),
                Some(_) => t.lease_until < now,
            })
            .map(|t| t.table)
            .collect())
    }

    /// The owner lets table `fence.table` go between hands (a draining node): it has no owner
    /// from now (nor a lease its heartbeat would renew), so another node claims it at once.
    /// Refused if the epoch moved on.
    pub async fn release_table(&self, fence: &Fence) -> Result<(), StoreError> {
        self.write(async |tx| {
            check_fence(tx, fence).await?;
            sqlx::query("UPDATE card_tables SET owner = NULL, lease_until = 0 WHERE id = $1")
                .bind(&fence.table)
                .execute(&mut *tx)
                .await?;
            Ok(())
        })
        .await
    }

    /// Saves a table's state (as a new owner restores it) and its lobby line, unless the books
    /// hold a newer save; refused if the epoch moved on.
    pub async fn save_table(&self, fence: &Fence, save: &TableSave) -> Result<(), StoreError> {
        self.write(async |tx| check_fence_saving(tx, fence, Some(save)).await)
            .await
    }

    /// Records a movement of chips for a table, refused if the table's epoch moved on.
    pub async fn transfer_fenced(
        &self,
        fence: &Fence,
        journal: &Journal,
    ) -> Result<crate::Applied, StoreError> {
        self.write(async |tx| {
            check_fence(tx, fence).await?;
            apply(tx, journal).await
        })
        .await
    }

    /// A value the room's nodes share (created as `make()` says if missing; the first writer
    /// wins, so every node reads the same one).
    pub async fn room_setting(
        &self,
        name: &str,
        make: impl FnOnce() -> String,
    ) -> Result<String, StoreError> {
        let candidate = make();
        self.write(async |tx| {
            sqlx::query("INSERT INTO room_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
                .bind(name)
                .bind(&candidate)
                .execute(&mut *tx)
                .await?;
            Ok(sqlx::query("SELECT value FROM room_settings WHERE name = $1")
                .bind(name)
                .fetch_one(&mut *tx)
                .await?
                .try_get("value")?)
        })
        .await
    }
}

/// What a claim hands the new owner of `table` (its epoch already raised, in transaction
/// `tx`): the table's row, the hands in play voided, a Saint Poker game's stakes in the pot
/// back to their payers, and what the books hold on its seats.
async fn claimed(tx: &mut AnyConnection, table: &str, now: i64) -> Result<Claimed, StoreError> {
    let row = sqlx::query(
        "SELECT game, options, state, saved_seq, epoch, created_by FROM card_tables WHERE id = $1",
    )
    .bind(table)
    .fetch_one(&mut *tx)
    .await?;
    let game: String = row.try_get("game")?;
    let options: String = row.try_get("options")?;
    let state: Option<String> = row.try_get("state")?;
    let saved_seq: i64 = row.try_get("saved_seq")?;
    let creator: Option<i64> = row.try_get("created_by")?;
    let epoch: i64 = row.try_get("epoch")?;
    let playing =
        sqlx::query("SELECT id FROM hands WHERE table_id = $1 AND status = 'playing' ORDER BY id")
            .bind(table)
            .fetch_all(&mut *tx)
            .await?;
    let mut voided = Vec::with_capacity(playing.len());
    for r in playing {
        voided.push(HandId(r.try_get("id")?));
    }
    void_in_play(tx, Some(table), crate::hands::VOID_TAKEOVER, now).await?;
    let pot_name = Account::Pot(table.to_string()).to_string();
    let mut pot = crate::ledger::balance_of(tx, &pot_name).await?;
    if game == "saint" && pot > 0 {
        let legs = crate::hands::pot_refund(tx, &pot_name, pot).await?;
        let key = format!("takeover:{table}:{epoch}");
        apply(tx, &Journal::new(key, "refund", legs)).await?;
        pot = 0;
    }
    let prefix = format!("seat:{table}:");
    let rows = sqlx::query(
        "SELECT name, balance FROM accounts WHERE balance <> 0 AND substr(name, 1, CAST($1 AS INTEGER)) = $2 ORDER BY name",
    )
    .bind(prefix.len() as i64)
    .bind(&prefix)
    .fetch_all(&mut *tx)
    .await?;
    let mut seats = Vec::with_capacity(rows.len());
    for r in rows {
        let name: String = r.try_get("name")?;
        if let Some(Account::Seat { user, .. }) = Account::parse(&name) {
            seats.push((user, r.try_get("balance")?));
        }
    }
    Ok(Claimed {
        fence: Fence {
            table: table.to_string(),
            epoch,
        },
        game,
        options,
        state,
        saved_seq,
        creator: creator.map(crate::UserId),
        seats,
        pot,
        voided,
    })
}
