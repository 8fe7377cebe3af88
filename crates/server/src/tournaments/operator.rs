//! The operator's side of the tournaments: a cancel asked at any node (carried to the node
//! that holds the coordinator through the books), and the finished tournaments' logs deleted
//! once their results have long been in the books.

use tavolo_store::UserId;

use super::tournament_intent;
use crate::books::Member;
use crate::error::RoomError;
use crate::room::Room;
use crate::tournament::{Ack, CoordError, Intent};

/// How long a finished tournament's log is kept (to be looked at or replayed) before the
/// housekeeping deletes it.
pub const FINISHED_LOG_KEPT: std::time::Duration = std::time::Duration::from_secs(86_400);

/// The room's operator, as a member asking a tournament.
pub fn operator() -> Member {
    Member::player(UserId(0), "operator".into())
}

impl Room {
    /// The operator calls tournament `id` off (RULES.md §5, "Kinds and money"): given to its
    /// coordinator when this node holds it; otherwise written in the books for the node that
    /// does, which carries it out at its next heartbeat ([`Room::carry_out_cancels_asked`]) —
    /// `Ok(Ack::Pending)`.
    pub async fn cancel_tournament(
        &self,
        id: &str,
        operator: Member,
    ) -> Result<Result<Ack, CoordError>, RoomError> {
        if let Some(handle) = self.tournaments.get(id) {
            return tournament_intent(&handle, operator, Intent::Cancel).await;
        }
        if self.read_only().is_some() {
            return Err(RoomError::Unavailable);
        }
        let store = self.books.store();
        if store.ask_tournament_cancel(id).await? {
            return Ok(Ok(Ack::Pending));
        }
        match store.tournament(id).await? {
            Some(_) => Err(RoomError::TournamentOver),
            None => Err(RoomError::NoSuchTournament),
        }
    }

    /// The cancels asked at other nodes of the tournaments this node holds, given to their
    /// coordinators (with the heartbeat): each cleared once its coordinator has answered.
    pub async fn carry_out_cancels_asked(&self) {
        let store = self.books.store();
        let ids = match store.tournament_cancels_asked(&self.node.id).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not read the tournaments' cancels asked");
                return;
            }
        };
        for id in ids {
            let Some(handle) = self.tournaments.get(&id) else {
                continue; // not taken up here yet: at a later heartbeat
            };
            let answer = tournament_intent(&handle, operator(), Intent::Cancel).await;
            tracing::info!(tournament = %id, ?answer, "a cancel asked at another node");
            if matches!(answer, Ok(Ok(_)) | Ok(Err(_))) {
                if let Err(e) = store.clear_tournament_cancel(&id).await {
                    tracing::warn!(tournament = %id, error = %e, "a cancel carried out was not cleared");
                }
            }
        }
    }

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
