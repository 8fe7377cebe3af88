//! Accounts over HTTP: sign-up, login (throttled per name and per address), guests, logout
//! and who is signed in; each answer sets or clears the session cookie.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use tavolo_store::StoreError;

use super::{client, cookie};
use crate::answer::{api_error, busy, session_token, store_error, too_many};
use crate::books::Member;
use crate::protocol::http::UserReply;
use crate::protocol::{ServerMessage, VERSION};
use crate::room::Room;
use crate::ws::user_info;

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

/// Answers with the user and a fresh session cookie; the session the request came with, if
/// any, ends (a new sign-in never keeps an old token alive).
async fn signed_in(room: &Room, headers: &HeaderMap, m: Member) -> Response {
    let token = match room.books.new_session(m.id, room.config.session_idle).await {
        Ok(t) => t,
        Err(e) => return store_error(e),
    };
    if let Some(old) = session_token(headers) {
        if let Err(e) = end_session(room, &old).await {
            return store_error(e);
        }
    }
    let balance = room.books.balance(m.id).await.unwrap_or(0);
    let cookie = cookie(room, &token);
    let mut r = Json(UserReply {
        user: user_info(&m, balance),
    })
    .into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// A sign-up or login: the credentials of its body, and the address it is counted by.
pub(super) struct SignIn {
    credentials: Credentials,
    ip: IpAddr,
}

impl FromRequest<Arc<Room>> for SignIn {
    type Rejection = Response;

    async fn from_request(req: Request, room: &Arc<Room>) -> Result<SignIn, Response> {
        let (mut parts, body) = req.into_parts();
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(&mut parts, room)
            .await
            .map_err(IntoResponse::into_response)?;
        let ip = client(room, peer, &parts.headers);
        let body = axum::body::Bytes::from_request(Request::from_parts(parts, body), room)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(SignIn {
            credentials: credentials(&body)?,
            ip,
        })
    }
}

fn credentials(body: &[u8]) -> Result<Credentials, Response> {
    serde_json::from_slice(body).map_err(|e| {
        api_error(
            StatusCode::BAD_REQUEST,
            "malformed",
            &format!("expected {{\"name\":…,\"password\":…}}: {e}"),
        )
    })
}

/// The per-hour allowance of `limiter` for the client's address, or the 429.
fn per_hour(
    room: &Room,
    limiter: &crate::ratelimit::KeyedLimiter,
    ip: IpAddr,
    what: &str,
    per_hour: u32,
) -> Result<(), Response> {
    match limiter.check(&ip.to_string(), room.config.time.now()) {
        true => Ok(()),
        false => Err(too_many(
            "rate_limited",
            &format!("at most {per_hour} {what} an hour from one address; try again later"),
            Duration::from_secs(3600 / u64::from(per_hour.max(1))),
        )),
    }
}

pub(super) async fn register(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    SignIn { credentials: c, ip }: SignIn,
) -> Response {
    let n = room.config.signups_per_hour;
    if let Err(r) = per_hour(&room, &room.signups, ip, "sign-ups", n) {
        return r;
    }
    // A guest who signs up becomes the account, keeping its chips (at tables too) and history.
    let guest = match session_token(&headers) {
        Some(t) => match room.books.session(&t, room.config.session_idle).await {
            Ok(Some(m)) if m.guest => Some(m.id),
            Ok(_) => None,
            Err(e) => return store_error(e),
        },
        None => None,
    };
    let made = match guest {
        Some(id) => {
            room.passwords
                .run(room.books.promote_guest(id, &c.name, &c.password))
                .await
        }
        None => {
            room.passwords
                .run(room.books.register(&c.name, &c.password))
                .await
        }
    };
    match made {
        Err(e) => busy(e),
        Ok(Ok(m)) => signed_in(&room, &headers, m).await,
        Ok(Err(e)) => store_error(e),
    }
}

pub(super) async fn login(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    SignIn { credentials: c, ip }: SignIn,
) -> Response {
    let attempt = match room.logins.begin(&c.name, ip, room.config.time.now()) {
        Ok(a) => a,
        Err(wait) => {
            return too_many(
                "rate_limited",
                &format!(
                    "too many wrong passwords for this name from this address; try again in {} s",
                    wait.as_secs().max(1)
                ),
                wait,
            )
        }
    };
    match room
        .passwords
        .run(room.books.login(&c.name, &c.password))
        .await
    {
        Err(e) => busy(e),
        Ok(Ok(m)) => {
            attempt.succeeded();
            signed_in(&room, &headers, m).await
        }
        Ok(Err(e @ tavolo_store::StoreError::BadCredentials)) => {
            attempt.failed(room.config.time.now());
            store_error(e)
        }
        Ok(Err(e)) => store_error(e),
    }
}

pub(super) async fn guest(
    State(room): State<Arc<Room>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let ip = client(&room, peer, &headers);
    let n = room.config.guests_per_hour;
    if let Err(r) = per_hour(&room, &room.guests, ip, "guests", n) {
        return r;
    }
    match room.books.guest().await {
        Ok(m) => signed_in(&room, &headers, m).await,
        Err(e) => store_error(e),
    }
}

/// Ends a session and closes its WebSockets (each is told why first).
async fn end_session(room: &Room, token: &str) -> Result<(), StoreError> {
    room.books.end_session(token).await?;
    let farewell = ServerMessage::<Value>::LoggedOut { v: VERSION }
        .to_json()
        .into();
    room.sessions.end(token, &farewell);
    Ok(())
}

pub(super) async fn logout(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
    if let Some(t) = session_token(&headers) {
        if let Err(e) = end_session(&room, &t).await {
            return store_error(e);
        }
    }
    let mut r = Json(serde_json::Map::new()).into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie(&room, "")) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

pub(super) async fn user(room: &Room, headers: &HeaderMap) -> Result<Member, Response> {
    let unauth = || api_error(StatusCode::UNAUTHORIZED, "unauthenticated", "log in first");
    let token = session_token(headers).ok_or_else(unauth)?;
    match room.books.session(&token, room.config.session_idle).await {
        Ok(Some(m)) => Ok(m),
        Ok(None) => Err(unauth()),
        Err(e) => Err(store_error(e)),
    }
}

pub(super) async fn me(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
    match user(&room, &headers).await {
        Ok(m) => {
            let balance = room.books.balance(m.id).await.unwrap_or(0);
            Json(UserReply {
                user: user_info(&m, balance),
            })
            .into_response()
        }
        Err(r) => r,
    }
}
