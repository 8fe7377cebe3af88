//! The operator's side of the tournaments: the finished tournaments' logs deleted once their
//! results have long been in the books.

use crate::room::Room;

/// How long a finished tournament's log is kept (to be looked at or replayed) before the
/// housekeeping deletes it.
pub const FINISHED_LOG_KEPT: std::time::Duration = std::time::Duration::from_secs(86_400);

impl Room {
    /// Deletes the log's rows of the tournaments that finished more than
    /// [`FINISHED_LOG_KEPT`] ago (their prizes and refunds are in the journal, their last line
    /// in their row).
    pub async fn forget_finished_tournament_logs(&self) {
        if self.read_only().is_some() {
            return;
        }
        let kept = i64::try_from(FINISHED_LOG_KEPT.as_millis()).unwrap_or(i64::MAX);
        let before = tavolo_store::now_ms().saturating_sub(kept);
        match self.books.store().forget_finished_logs(before).await {
            Ok(0) => {}
            Ok(rows) => tracing::info!(rows, "finished tournaments' logs deleted"),
            Err(e) => tracing::warn!(error = %e, "finished tournaments' logs were not deleted"),
        }
    }
}
