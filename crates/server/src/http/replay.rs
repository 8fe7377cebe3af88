//! `GET /api/history/{id}/replay[?reveal=all]`: a finished hand or game as the replayer's steps
//! ([`crate::replayer`]), for its players only, as they may read its record: by default their own
//! cards and those shown at the table; `reveal=all`, every card dealt.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::export::reveal_all;
use super::history::players_hand;
use crate::answer::api_error;
use crate::replayer::{self, Asker};
use crate::room::Room;

/// `?reveal=all|mine`.
#[derive(Deserialize)]
pub(super) struct ReplayQuery {
    reveal: Option<String>,
}

pub(super) async fn replay(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
) -> Response {
    let all = match reveal_all(q.reveal.as_deref()) {
        Ok(all) => all,
        Err(r) => return r,
    };
    let (m, h) = match players_hand(&room, &headers, &id, "replay it").await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let Some(record) = &h.record else {
        return api_error(
            StatusCode::NOT_FOUND,
            "not_found",
            "the hand has no record (not over, or voided)",
        );
    };
    let seat = (h.players.iter()).find(|p| p.1 == m.id).map(|p| p.0);
    let asker = Asker {
        name: &m.name,
        seat,
        all,
    };
    match replayer::replay(&format!("h-{}", h.id.0), &h.game, record, asker) {
        Ok(reply) => Json(reply).into_response(),
        Err(e) => api_error(StatusCode::UNPROCESSABLE_ENTITY, "not_replayable", &e.0),
    }
}
