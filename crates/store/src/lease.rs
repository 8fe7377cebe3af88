//! The lease and fencing epoch a row is held by: an open table ([`TABLES`]) or a tournament's
//! coordinator ([`TOURNAMENTS`]), the same statements for both (docs/scale-out.md). A claim
//! raises the epoch; every write of the owner checks, in its own transaction, that the row is
//! still at the epoch it holds ([`Leased::hold`]), so a former owner's writes are refused.

use sqlx::{AnyConnection, Row};

use crate::{Bound, StoreError};

/// Rows held by lease: their table and the condition that they are still open (not closed, not
/// over).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leased {
    table: &'static str,
    open: &'static str,
}

/// The card tables.
pub(crate) const TABLES: Leased = Leased {
    table: "card_tables",
    open: "closed_at IS NULL",
};

/// The tournaments' coordinators.
pub(crate) const TOURNAMENTS: Leased = Leased {
    table: "tournaments",
    open: "finished_at IS NULL",
};

/// Runs `q`: whether it changed exactly one row.
pub(crate) async fn changes_one(
    conn: &mut AnyConnection,
    q: Bound<'_>,
) -> Result<bool, StoreError> {
    Ok(q.execute(&mut *conn).await?.rows_affected() == 1)
}

impl Leased {
    /// Node `node` claims row `id` until `until` if it is open, `filter` (more conditions on the
    /// row, or `TRUE`) holds, and its lease ran out before `now` (or it has no owner, or `node`
    /// holds it already): the epoch goes up by one. Whether it did.
    pub(crate) async fn claim(
        self,
        conn: &mut AnyConnection,
        (id, filter): (&str, &str),
        node: &str,
        (now, until): (i64, i64),
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE {} SET owner = $1, epoch = epoch + 1, lease_until = $2 \
             WHERE id = $3 AND {} AND {filter} \
             AND (owner IS NULL OR owner = $1 OR lease_until < $4)",
            self.table, self.open
        );
        let q = sqlx::query(&sql).bind(node).bind(until).bind(id).bind(now);
        changes_one(conn, q).await
    }

    /// The leases of the open rows node `node` holds run until `until`.
    pub(crate) async fn renew(
        self,
        conn: &mut AnyConnection,
        node: &str,
        until: i64,
    ) -> Result<(), StoreError> {
        let sql = format!(
            "UPDATE {} SET lease_until = $1 WHERE owner = $2 AND {}",
            self.table, self.open
        );
        sqlx::query(&sql)
            .bind(until)
            .bind(node)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    /// Whether row `id` is still at `epoch` (and open, if `open`), holding its row until the
    /// transaction ends: a claim and a write are ordered.
    pub(crate) async fn hold(
        self,
        conn: &mut AnyConnection,
        (id, epoch): (&str, i64),
        open: bool,
    ) -> Result<bool, StoreError> {
        let open = if open { self.open } else { "TRUE" };
        let sql = format!(
            "UPDATE {} SET epoch = epoch WHERE id = $1 AND epoch = $2 AND {open}",
            self.table
        );
        changes_one(conn, sqlx::query(&sql).bind(id).bind(epoch)).await
    }

    /// The refusal of a write of row `id` (named `name`) at epoch `held`, with the row's epoch
    /// now.
    pub(crate) async fn fenced(
        self,
        conn: &mut AnyConnection,
        (id, name, held): (&str, String, i64),
    ) -> Result<StoreError, StoreError> {
        let sql = format!("SELECT epoch FROM {} WHERE id = $1", self.table);
        let current: Option<i64> = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
            .map(|r| r.try_get("epoch"))
            .transpose()?;
        Ok(StoreError::Fenced {
            table: name,
            held,
            current,
        })
    }
}
