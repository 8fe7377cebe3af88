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
use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::tournament::{
    DealRequest, NewSitAndGo, TournamentAnswer, TournamentCreated, TournamentsReply,
};
use crate::protocol::{Code, ProtoError};
use crate::room::Room;
use crate::tournament::{Ack, CoordError, Intent};
use tavolo_engine::tournament::DealKind;
use tavolo_engine::Chips;

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
    let made = if new.game.as_deref() == Some("saint") {
        room.create_swiss(new, &m).await
    } else {
        room.create_sit_and_go(new, &m).await
    };
    match made {
        Ok(id) => (StatusCode::CREATED, Json(TournamentCreated { id })).into_response(),
        Err(e) => room_error(e),
    }
}

/// `POST /api/tournaments/{id}/{what}`: `register`, `unregister`, `rebuy` or `addon` (a
/// signed-in player's); `deal` with a [`DealRequest`]; or `cancel` (the operator's: with the
/// operator token).
pub(super) async fn intent(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path((id, what)): Path<(String, String)>,
    body: axum::body::Bytes,
) -> Response {
    if what == "cancel" {
        return cancel(room, headers, id).await;
    }
    let intent = match what.as_str() {
        "register" => Intent::Register,
        "unregister" => Intent::Unregister,
        "rebuy" => Intent::Rebuy,
        "addon" => Intent::AddOn,
        "deal" => match deal_intent(&body) {
            Ok(i) => i,
            Err(why) => return api_error(StatusCode::BAD_REQUEST, "malformed", &why),
        },
        _ => return api_error(StatusCode::NOT_FOUND, "not_found", "no such request"),
    };
    ask(room, headers, id, intent).await
}

/// A deal's request: exactly one of a proposal (`icm` or `chop`, keeping `keep_back` back) or
/// an answer. A `keep_back` that is not a whole number of chips from 0 is named as such.
fn deal_intent(body: &[u8]) -> Result<Intent, String> {
    let r: DealRequest = serde_json::from_slice(body).map_err(|e| {
        let keep_back = serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v.get("keep_back").cloned());
        match keep_back {
            Some(k) if !k.is_u64() && !k.is_null() => {
                format!("keep_back is a whole number of chips from 0, not {k}")
            }
            _ => e.to_string(),
        }
    })?;
    let keep_back = r.keep_back.unwrap_or(Chips::ZERO);
    let kind = match r.propose.as_deref() {
        Some("icm") => Some(DealKind::Icm),
        Some("chop") => Some(DealKind::Chop),
        Some(other) => return Err(format!("no such deal: {other} (icm or chop)")),
        None => None,
    };
    match (kind, r.accept, r.keep_back) {
        (Some(kind), None, _) => Ok(Intent::ProposeDeal { kind, keep_back }),
        (None, Some(accept), None) => Ok(Intent::AnswerDeal(accept)),
        (None, Some(_), Some(_)) => Err("keep_back goes with a proposal, not an answer".into()),
        _ => Err("give either propose or accept".into()),
    }
}

/// `POST /api/tournaments/{id}/cancel`: the operator (`Authorization: Bearer` the operator
/// token) calls tournament `id` off, at any node (one that does not hold its coordinator
/// answers 202 `pending`: the coordinator's node carries it out at its next heartbeat); refused
/// without the token, and once it is over.
async fn cancel(room: Arc<Room>, headers: HeaderMap, id: String) -> Response {
    if !super::operator(&room, &headers) {
        return api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            "calling a tournament off is the room's operator's: a wrong or missing operator token",
        );
    }
    let asked = room
        .cancel_tournament(&id, crate::tournaments::operator())
        .await;
    reply(asked)
}

/// The signed-in user asks tournament `id` for `intent`: the answer, or why not.
async fn ask(room: Arc<Room>, headers: HeaderMap, id: String, intent: Intent) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    answer(room, id, m, intent).await
}

/// Tournament `id`'s answer to `m`'s `intent`, as HTTP.
async fn answer(room: Arc<Room>, id: String, m: Member, intent: Intent) -> Response {
    reply(room.tournament_intent(&id, m, intent).await)
}

/// A tournament's answer to an intent, as HTTP.
fn reply(asked: Result<Result<Ack, CoordError>, RoomError>) -> Response {
    let answer = match asked {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => return refused(e.to_wire()),
        Err(e) => return room_error(e),
    };
    let (result, entry, refund) = match answer {
        Ack::Registered { entry } => ("registered", Some(entry), None),
        Ack::Unregistered { refund } => ("unregistered", None, Some(refund)),
        Ack::RebuyBooked => ("rebought", None, None),
        Ack::AddOnBooked => ("added_on", None, None),
        Ack::DealProposed => ("deal_proposed", None, None),
        Ack::DealAnswered => ("deal_answered", None, None),
        Ack::Cancelling => ("cancelling", None, None),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_request_carries_the_amount_kept_back_and_refuses_a_bad_one_by_name() {
        let propose = |body: &str| deal_intent(body.as_bytes());
        assert_eq!(
            propose(r#"{"propose":"icm"}"#),
            Ok(Intent::ProposeDeal {
                kind: DealKind::Icm,
                keep_back: Chips::ZERO
            })
        );
        assert_eq!(
            propose(r#"{"propose":"chop","keep_back":100}"#),
            Ok(Intent::ProposeDeal {
                kind: DealKind::Chop,
                keep_back: Chips::new(100)
            })
        );
        for bad in [r#"-5"#, r#""100""#, "1.5", "true"] {
            let body = format!(r#"{{"propose":"icm","keep_back":{bad}}}"#);
            let e = propose(&body).expect_err(bad);
            assert!(e.starts_with("keep_back is a whole number of chips"), "{e}");
        }
        assert_eq!(
            propose(r#"{"accept":true,"keep_back":5}"#),
            Err("keep_back goes with a proposal, not an answer".into())
        );
        assert_eq!(
            propose(r#"{"accept":false}"#),
            Ok(Intent::AnswerDeal(false))
        );
    }
}
