//! A player's history of hands and games, one hand's record, and the fairness bundle of a hand
//! (the commitment for anyone; the seed, its parts and the record for its players once over).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tavolo_store::HandId;

use super::accounts::user;
use crate::answer::{api_error, store_error};
use crate::protocol::http::{
    Fairness, HistoryItem, HistoryReply, VoidReasonCount, VoidedPlayer, VoidedReport, VoidedTable,
};
use crate::room::Room;

pub(super) async fn history(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let (tables, players) = match room.books.raw().voided_for(m.id).await {
        Ok(v) => v,
        Err(e) => return store_error(e),
    };
    let voided = VoidedReport {
        tables: tables
            .into_iter()
            .map(|t| VoidedTable {
                table: t.table,
                hands: t.hands,
                voided: t.voided,
                reasons: (t.reasons.into_iter())
                    .map(|(reason, hands)| VoidReasonCount { reason, hands })
                    .collect(),
            })
            .collect(),
        players: players
            .into_iter()
            .map(|p| VoidedPlayer {
                name: p.name,
                hands: p.hands,
                voided: p.voided,
            })
            .collect(),
    };
    match room.books.raw().history(m.id, 200).await {
        Ok(items) => {
            let items = items
                .iter()
                .map(|i| HistoryItem {
                    id: format!("h-{}", i.id.0),
                    game: i.game.clone(),
                    table: i.table.clone(),
                    table_name: i.table_name.clone(),
                    status: i.status.clone(),
                    seat: i.seat,
                    started_at: i.started_at,
                    finished_at: i.finished_at,
                    result: i.result,
                    void_reason: i.void_reason.clone(),
                })
                .collect();
            Json(HistoryReply { items, voided }).into_response()
        }
        Err(e) => store_error(e),
    }
}

fn hand_id(s: &str) -> Option<HandId> {
    s.strip_prefix("h-").unwrap_or(s).parse().ok().map(HandId)
}

pub(super) async fn history_item(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    // A record shows every player's cards: only the players of the hand may read it.
    let h = match players_hand(&room, &headers, &id, "read its record").await {
        Ok((_, h)) => h,
        Err(r) => return r,
    };
    match (h.record, h.format.as_deref()) {
        (Some(r), Some("phh")) => {
            ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], r).into_response()
        }
        (Some(r), Some(_)) => ([(header::CONTENT_TYPE, "application/json")], r).into_response(),
        _ => api_error(
            StatusCode::NOT_FOUND,
            "not_found",
            "the hand has no record (not over, or voided)",
        ),
    }
}

/// The user asking (by `headers`) and the stored hand `id`, when the user played in it; else
/// the error answer (not signed in, no such hand, or 403: only the players of a hand may `what`).
pub(super) async fn players_hand(
    room: &Room,
    headers: &HeaderMap,
    id: &str,
    what: &str,
) -> Result<(crate::books::Member, tavolo_store::StoredHand), Response> {
    let m = user(room, headers).await?;
    let h = stored_hand(room, id).await?;
    if !h.players.iter().any(|p| p.1 == m.id) {
        return Err(api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            &format!("only the players of a hand may {what}"),
        ));
    }
    Ok((m, h))
}

/// The stored hand `h-123`, or the error answer.
pub(super) async fn stored_hand(
    room: &Room,
    id: &str,
) -> Result<tavolo_store::StoredHand, Response> {
    let Some(id) = hand_id(id) else {
        return Err(api_error(
            StatusCode::NOT_FOUND,
            "not_found",
            "hand ids look like h-123",
        ));
    };
    room.books.raw().hand(id).await.map_err(store_error)
}

pub(super) async fn fairness(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let h = match stored_hand(&room, &id).await {
        Ok(h) => h,
        Err(r) => return r,
    };
    let mut answer = Fairness {
        hand: format!("h-{}", h.id.0),
        game: h.game.clone(),
        status: h.status.clone(),
        commitment: h.commitment.clone(),
        seed: None,
        parts: None,
        format: None,
        id: None,
        record_format: None,
        record: None,
        transcript: None,
    };
    // The commitment is public; the seed recomputes every card, mucked ones too, so once the
    // hand is over it goes, with its parts, the record and the transcript its viewers were sent
    // (a `tavolo-fair/3` bundle for `tavolo verify`; `/2` for a hand finished before
    // transcripts, `/1` for one dealt from the room's seed alone), to the hand's players only.
    let player = match user(&room, &headers).await {
        Ok(m) => h.players.iter().any(|p| p.1 == m.id),
        Err(_) => false,
    };
    if player {
        answer.seed = h.seed_hex.clone();
        answer.parts = (h.parts.as_deref()).and_then(|p| serde_json::from_str(p).ok());
        if let (Some(record), Some(format)) = (&h.record, &h.format) {
            if h.seed_hex.is_some() {
                let v = match (&answer.parts, &h.transcript) {
                    (Some(_), Some(_)) => 3,
                    (Some(_), None) => 2,
                    (None, _) => 1,
                };
                answer.format = Some(format!("tavolo-fair/{v}"));
                answer.id = Some(answer.hand.clone());
                answer.record_format = Some(format.clone());
                answer.record = Some(record.clone());
                answer.transcript = (v == 3).then(|| h.transcript.clone()).flatten();
            }
        }
    }
    Json(answer).into_response()
}
