//! The tournaments' routes (docs/protocol.md "Tournaments"): the lobby's list, one tournament
//! in full, a sit-and-go a player creates, and registering, withdrawing, rebuys and add-ons.
//! Refusals come back as `{"error": {code, message}}` with the code the room's or the
//! coordinator's error maps to.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::accounts::user;
use crate::answer::api_error;
use crate::error::RoomError;
use crate::protocol::tournament::{
    NewSitAndGo, TournamentAnswer, TournamentCreated, TournamentsReply,
};
use crate::protocol::{Code, ProtoError};
use crate::room::Room;
use crate::tournament::{Ack, Intent};

/// A refusal as an HTTP answer: its status from its code.
fn refused(e: ProtoError) -> Response {
    let status = match e.code {
        Code::NoSuchTable => StatusCode::NOT_FOUND,
        Code::InvalidOptions | Code::Malformed => StatusCode::BAD_REQUEST,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::CONFLICT,
    };
    api_error(status, e.code.as_str(), &e.message)
}

fn room_error(e: RoomError) -> Response {
    refused(e.to_wire())
}

/// `GET /api/tournaments`.
pub(super) async fn list(State(room): State<Arc<Room>>) -> Response {
    match room.tournament_lines().await {
        Ok(tournaments) => Json(TournamentsReply { tournaments }).into_response(),
        Err(e) => room_error(e),
    }
}

/// `GET /api/tournaments/{id}` (with the asking player's part when signed in).
pub(super) async fn detail(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let me = user(&room, &headers).await.ok().map(|m| m.id);
    match room.tournament_detail(&id, me).await {
        Ok(d) => Json(d).into_response(),
        Err(e) => room_error(e),
    }
}

/// `POST /api/tournaments`: a sit-and-go.
pub(super) async fn create(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let new: NewSitAndGo = match serde_json::from_slice(&body) {
        Ok(n) => n,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, "malformed", &e.to_string()),
    };
    match room.create_sit_and_go(new, &m).await {
        Ok(id) => (StatusCode::CREATED, Json(TournamentCreated { id })).into_response(),
        Err(e) => room_error(e),
    }
}

/// `POST /api/tournaments/{id}/register`.
pub(super) async fn register(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    intent(room, headers, id, Intent::Register).await
}

/// `POST /api/tournaments/{id}/unregister`.
pub(super) async fn unregister(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    intent(room, headers, id, Intent::Unregister).await
}

/// `POST /api/tournaments/{id}/rebuy`.
pub(super) async fn rebuy(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    intent(room, headers, id, Intent::Rebuy).await
}

/// `POST /api/tournaments/{id}/addon`.
pub(super) async fn add_on(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    intent(room, headers, id, Intent::AddOn).await
}

async fn intent(room: Arc<Room>, headers: HeaderMap, id: String, intent: Intent) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let answer = match room.tournament_intent(&id, m, intent).await {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => return refused(e.to_wire()),
        Err(e) => return room_error(e),
    };
    let (result, entry, refund) = match answer {
        Ack::Registered { entry } => ("registered", Some(entry), None),
        Ack::Unregistered { refund } => ("unregistered", None, Some(refund)),
        Ack::RebuyBooked => ("rebought", None, None),
        Ack::AddOnBooked => ("added_on", None, None),
        Ack::Pending => ("pending", None, None),
    };
    let status = match answer {
        Ack::Pending => StatusCode::ACCEPTED,
        _ => StatusCode::OK,
    };
    let reply = TournamentAnswer {
        result: result.into(),
        entry,
        refund,
    };
    (status, Json(reply)).into_response()
}
