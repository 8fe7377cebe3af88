//! Reading hands back: one stored hand or game, a player's history, and the hands voided at
//! their tables (per table with the reasons recorded, and per other player).

use serde::Serialize;
use sqlx::Row;

use crate::accounts::UserId;
use crate::hands::HandId;
use crate::{Store, StoreError};

/// A stored hand or game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredHand {
    /// Its id.
    pub id: HandId,
    /// The table it was played at.
    pub table: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// `playing`, `finished` or `voided`.
    pub status: String,
    /// Why it was voided, as recorded at the time (`None`: not voided, or voided before reasons
    /// were recorded).
    pub void_reason: Option<String>,
    /// SHA-256 of the seed, hex.
    pub commitment: String,
    /// The seed, hex: `None` while the hand is being played.
    pub seed_hex: Option<String>,
    /// The parts the seed was mixed from (`tavolo-fair/2`, JSON): `None` while the hand is
    /// being played, and for `tavolo-fair/1` hands.
    pub parts: Option<String>,
    /// The record, once finished.
    pub record: Option<String>,
    /// The record's format.
    pub format: Option<String>,
    /// The transcript sent to the hand's viewers when it ended (`tavolo-fair/3`, hex): `None`
    /// until then, and for hands finished before transcripts.
    pub transcript: Option<String>,
    /// When it began (ms since the epoch).
    pub started_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Seat, user, starting stack and result of each player.
    pub players: Vec<(usize, UserId, i64, Option<i64>)>,
}

/// One line of a player's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryItem {
    /// The hand or game's id.
    pub id: HandId,
    /// The table's id.
    pub table: String,
    /// The table's name as the lobby showed it (its id when it had none).
    pub table_name: String,
    /// The game: `holdem`, `draw` or `saint`.
    pub game: String,
    /// `finished` or `voided`.
    pub status: String,
    /// Why it was voided, as recorded at the time.
    pub void_reason: Option<String>,
    /// The player's seat.
    pub seat: usize,
    /// The player's net result.
    pub result: Option<i64>,
    /// When it began (ms since the epoch).
    pub started_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
}

/// How many of a player's hands (and games) over at one table were voided, and why: the
/// operator cannot steer a deal, but can veto one by voiding it, so a player sees where and
/// how often that happened to them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VoidedAtTable {
    /// The table's id.
    pub table: String,
    /// The player's hands there that are over (finished or voided).
    pub hands: i64,
    /// Of those, voided.
    pub voided: i64,
    /// The reasons recorded, with how many hands each (`None`: voided before reasons were
    /// recorded).
    pub reasons: Vec<(Option<String>, i64)>,
}

/// How many of the hands a player shared with another player were voided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VoidedWith {
    /// The other player's name.
    pub name: String,
    /// Hands over that both were dealt in.
    pub hands: i64,
    /// Of those, voided.
    pub voided: i64,
}

impl Store {
    /// A stored hand or game; its seed only once it is over.
    pub async fn hand(&self, id: HandId) -> Result<StoredHand, StoreError> {
        let row = sqlx::query(
            "SELECT id, table_id, game, status, void_reason, commitment, seed, parts, record, format, transcript, started_at, finished_at FROM hands WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchHand(id.0))?;
        let status: String = row.try_get("status")?;
        let players = sqlx::query("SELECT seat, user_id, stack, result FROM hand_players WHERE hand_id = $1 ORDER BY seat")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                Ok((
                    r.try_get::<i64, _>("seat")? as usize,
                    UserId(r.try_get("user_id")?),
                    r.try_get("stack")?,
                    r.try_get("result")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(StoredHand {
            id,
            table: row.try_get("table_id")?,
            game: row.try_get("game")?,
            void_reason: row.try_get("void_reason")?,
            seed_hex: if status == "playing" {
                None
            } else {
                Some(row.try_get("seed")?)
            },
            parts: if status == "playing" {
                None
            } else {
                row.try_get("parts")?
            },
            status,
            commitment: row.try_get("commitment")?,
            record: row.try_get("record")?,
            format: row.try_get("format")?,
            transcript: row.try_get("transcript")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            players,
        })
    }

    /// A player's hands and games that are over, newest first (at most `limit`).
    pub async fn history(&self, user: UserId, limit: i64) -> Result<Vec<HistoryItem>, StoreError> {
        let rows = sqlx::query(
            "SELECT h.id, h.table_id, h.game, h.status, h.void_reason, h.started_at, h.finished_at, p.seat, p.result, \
             t.options FROM hand_players p JOIN hands h ON h.id = p.hand_id \
             LEFT JOIN card_tables t ON t.id = h.table_id \
             WHERE p.user_id = $1 AND h.status <> 'playing' ORDER BY h.id DESC LIMIT $2",
        )
        .bind(user.0)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let table: String = r.try_get("table_id")?;
                let options: Option<String> = r.try_get("options")?;
                let table_name = options
                    .and_then(|o| serde_json::from_str::<serde_json::Value>(&o).ok())
                    .and_then(|o| o.get("name").and_then(|n| n.as_str()).map(str::to_string))
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| table.clone());
                Ok(HistoryItem {
                    id: HandId(r.try_get("id")?),
                    table,
                    table_name,
                    game: r.try_get("game")?,
                    status: r.try_get("status")?,
                    void_reason: r.try_get("void_reason")?,
                    seat: r.try_get::<i64, _>("seat")? as usize,
                    result: r.try_get("result")?,
                    started_at: r.try_get("started_at")?,
                    finished_at: r.try_get("finished_at")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

impl Store {
    /// A player's voided hands, per table (with the reasons recorded) and per other player
    /// dealt in with them, over their whole history; tables and players without a voided hand
    /// are left out.
    pub async fn voided_for(
        &self,
        user: UserId,
    ) -> Result<(Vec<VoidedAtTable>, Vec<VoidedWith>), StoreError> {
        let voided = "CAST(SUM(CASE WHEN h.status = 'voided' THEN 1 ELSE 0 END) AS BIGINT)";
        let tables = sqlx::query(&format!(
            "SELECT h.table_id, CAST(COUNT(*) AS BIGINT) AS hands, {voided} AS voided \
             FROM hand_players p JOIN hands h ON h.id = p.hand_id \
             WHERE p.user_id = $1 AND h.status <> 'playing' GROUP BY h.table_id ORDER BY h.table_id"
        ))
        .bind(user.0)
        .fetch_all(&self.pool)
        .await?;
        let reasons = sqlx::query(
            "SELECT h.table_id, h.void_reason, CAST(COUNT(*) AS BIGINT) AS n \
             FROM hand_players p JOIN hands h ON h.id = p.hand_id \
             WHERE p.user_id = $1 AND h.status = 'voided' \
             GROUP BY h.table_id, h.void_reason ORDER BY h.table_id, n DESC",
        )
        .bind(user.0)
        .fetch_all(&self.pool)
        .await?;
        let mut at = Vec::new();
        for r in &tables {
            let v: i64 = r.try_get("voided")?;
            if v == 0 {
                continue;
            }
            let table: String = r.try_get("table_id")?;
            let mut why = Vec::new();
            for q in &reasons {
                if q.try_get::<String, _>("table_id")? == table {
                    why.push((q.try_get("void_reason")?, q.try_get("n")?));
                }
            }
            at.push(VoidedAtTable {
                hands: r.try_get("hands")?,
                voided: v,
                reasons: why,
                table,
            });
        }
        let with = sqlx::query(&format!(
            "SELECT u.name, CAST(COUNT(*) AS BIGINT) AS hands, {voided} AS voided \
             FROM hand_players p JOIN hands h ON h.id = p.hand_id \
             JOIN hand_players q ON q.hand_id = h.id AND q.user_id <> p.user_id \
             JOIN users u ON u.id = q.user_id \
             WHERE p.user_id = $1 AND h.status <> 'playing' GROUP BY u.name ORDER BY u.name"
        ))
        .bind(user.0)
        .fetch_all(&self.pool)
        .await?;
        let mut others = Vec::new();
        for r in &with {
            let v: i64 = r.try_get("voided")?;
            if v > 0 {
                others.push(VoidedWith {
                    name: r.try_get("name")?,
                    hands: r.try_get("hands")?,
                    voided: v,
                });
            }
        }
        Ok((at, others))
    }
}
