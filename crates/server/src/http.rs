//! The HTTP routes: health, metrics, accounts (session cookie), the lobby list, history and
//! fairness; and what every request passes through: state-changing requests must come from the
//! room's own pages as JSON (`origin`), and every answer carries the security headers.

#![allow(clippy::result_large_err)] // Err is a ready HTTP response, built once per request.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;
use tavolo_store::{HandId, StoreError};

use crate::books::Member;
use crate::origin::{client_ip, limit_key, Refused};
use crate::protocol::http::{
    ApiError, ApiErrorBody, Fairness, Health, HistoryItem, HistoryReply, TablesReply, UserReply,
};
use crate::protocol::{ServerMessage, VERSION};
use crate::ws::{self, user_info};
use crate::Room;

/// The cookie holding the session token.
pub const COOKIE: &str = "tavolo_session";

/// All routes.
pub fn router(room: Arc<Room>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/livez", get(livez))
        .route("/metrics", get(metrics))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/guest", post(guest))
        .route("/api/logout", post(logout))
        .route("/api/me", get(me))
        .route("/api/tables", get(tables))
        .route("/api/rules", get(rules))
        .route("/i18n/words.json", get(words))
        .route("/api/history", get(history))
        .route("/api/history/{id}", get(history_item))
        .route("/api/fairness/{id}", get(fairness))
        .route("/ws", get(ws::upgrade))
        .fallback(crate::assets::serve)
        .layer(middleware::from_fn_with_state(room.clone(), guard))
        .with_state(room)
}

/// Every request: one that changes state (any method but GET, HEAD, OPTIONS) must come from
/// the room's own pages (or from no browser) with a JSON body; every answer gets the security
/// headers.
async fn guard(State(room): State<Arc<Room>>, req: Request, next: Next) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let mut r = match safe {
        true => next.run(req).await,
        false => match room.origins.check_post(req.headers()) {
            Ok(()) => next.run(req).await,
            Err(e @ Refused::ContentType(_)) => api_error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                &e.to_string(),
            ),
            Err(e) => api_error(StatusCode::FORBIDDEN, "bad_origin", &e.to_string()),
        },
    };
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, room.origins.csp());
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if room.origins.https() {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    r
}

/// 429 with `Retry-After` (whole seconds, at least one).
fn too_many(code: &str, message: &str, wait: Duration) -> Response {
    let mut r = api_error(StatusCode::TOO_MANY_REQUESTS, code, message);
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
    r
}

/// 503 `busy`: the password workers and their queue are full.
fn busy(e: crate::passwords::Busy) -> Response {
    let mut r = api_error(StatusCode::SERVICE_UNAVAILABLE, "busy", &e.to_string());
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// The address sign-ups, guests and logins are counted by.
fn client(room: &Room, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    limit_key(client_ip(&room.config, peer.ip(), headers))
}

/// The session cookie: `token`, or empty to clear it.
fn cookie(room: &Room, token: &str) -> String {
    let max_age = match token.is_empty() {
        true => 0,
        false => room.config.session_idle.as_secs(),
    };
    let secure = if room.origins.https() { "; Secure" } else { "" };
    format!("{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}")
}

/// `{"error":{"code":…,"message":…}}` with a status.
pub fn api_error(status: StatusCode, code: &str, message: &str) -> Response {
    (
        status,
        Json(ApiError {
            error: ApiErrorBody {
                code: code.to_string(),
                message: message.to_string(),
            },
        }),
    )
        .into_response()
}

/// The session token from the `Cookie` header.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == COOKIE && !v.is_empty()).then(|| v.to_string())
        })
}

fn store_error(e: StoreError) -> Response {
    match &e {
        StoreError::NameTaken(_) => api_error(StatusCode::CONFLICT, "name_taken", &e.to_string()),
        StoreError::InvalidName { .. } => {
            api_error(StatusCode::BAD_REQUEST, "invalid_name", &e.to_string())
        }
        StoreError::WeakPassword(_) => {
            api_error(StatusCode::BAD_REQUEST, "weak_password", &e.to_string())
        }
        StoreError::BadCredentials => {
            api_error(StatusCode::UNAUTHORIZED, "bad_credentials", &e.to_string())
        }
        StoreError::NoSuchHand(_) => api_error(StatusCode::NOT_FOUND, "not_found", &e.to_string()),
        StoreError::Db(_) | StoreError::GroupCommit(_) => {
            tracing::error!(error = %e, "a database write failed");
            api_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                crate::books::UNAVAILABLE,
            )
        }
        _ => {
            tracing::error!(error = %e, "store failure");
            api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the database failed",
            )
        }
    }
}

/// 200 `ok`, or 503 `unavailable` with the cause while the database cannot be written (it
/// turns back to `ok` by itself with the next write that succeeds: a table's next deal, a
/// sign-up).
/// `/healthz`: ready for new work — 503 while the database cannot be written, or while this
/// node drains.
async fn healthz(State(room): State<Arc<Room>>) -> Response {
    let cause = room.books.store().write_health().failing();
    let draining = room
        .node
        .draining
        .load(std::sync::atomic::Ordering::Relaxed);
    let status = if cause.is_some() || draining {
        StatusCode::SERVICE_UNAVAILABLE
    } else {
        StatusCode::OK
    };
    let word = match (&cause, draining) {
        (Some(_), _) => "unavailable",
        (None, true) => "draining",
        (None, false) => "ok",
    };
    let health = Health {
        status: word.into(),
        db: room.books.db_name().to_string(),
        cause,
        node: room.node.clustered.then(|| room.node.id.clone()),
        draining,
    };
    (status, Json(health)).into_response()
}

/// `/livez`: the process answers (a supervisor restarts it when this fails; a draining node or
/// one whose database is down is alive).
async fn livez() -> Response {
    (StatusCode::OK, "live\n").into_response()
}

/// `/metrics`: with `Authorization: Bearer <metrics_token>`, or with no token set, to a
/// loopback peer whose request no proxy forwarded.
async fn metrics(
    State(room): State<Arc<Room>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let allowed = match &room.config.metrics_token {
        Some(token) => headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|given| same(given.trim().as_bytes(), token.as_bytes())),
        None => {
            peer.ip().is_loopback()
                && !headers.contains_key("x-forwarded-for")
                && !headers.contains_key(header::FORWARDED)
        }
    };
    if !allowed {
        return api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            "metrics are for the room's operator (a token, or from the machine itself)",
        );
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        room.metrics.render(
            room.books.store().write_health(),
            room.books.bots_bankroll().await.unwrap_or(0),
        ),
    )
        .into_response()
}

/// Equal bytes, compared in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

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

async fn register(
    State(room): State<Arc<Room>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let c = match credentials(&body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let ip = client(&room, peer, &headers);
    let n = room.config.signups_per_hour;
    if let Err(r) = per_hour(&room, &room.signups, ip, "sign-ups", n) {
        return r;
    }
    match room
        .passwords
        .run(room.books.register(&c.name, &c.password))
        .await
    {
        Err(e) => busy(e),
        Ok(Ok(m)) => signed_in(&room, &headers, m).await,
        Ok(Err(e)) => store_error(e),
    }
}

async fn login(
    State(room): State<Arc<Room>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let c = match credentials(&body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let ip = client(&room, peer, &headers);
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

async fn guest(
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

async fn logout(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
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

async fn user(room: &Room, headers: &HeaderMap) -> Result<Member, Response> {
    let unauth = || api_error(StatusCode::UNAUTHORIZED, "unauthenticated", "log in first");
    let token = session_token(headers).ok_or_else(unauth)?;
    match room.books.session(&token, room.config.session_idle).await {
        Ok(Some(m)) => Ok(m),
        Ok(None) => Err(unauth()),
        Err(e) => Err(store_error(e)),
    }
}

async fn me(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
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

/// The rule options of RULES.md a table may set (`create_table`'s `rules`), with their values
/// and defaults: the browser builds its "advanced rules" from it.
async fn rules() -> Response {
    #[derive(serde::Serialize)]
    struct Rules {
        options: &'static [tavolo_engine::house::RuleOption],
        /// The bot levels a table of each game may have (`bot_level`).
        bot_levels: std::collections::BTreeMap<&'static str, &'static [&'static str]>,
    }
    use crate::table::options::bot_levels;
    use crate::table::GameKind;
    let games = [GameKind::Holdem, GameKind::Draw, GameKind::Saint];
    Json(Rules {
        options: tavolo_engine::house::OPTIONS,
        bot_levels: games.map(|g| (g.name(), bot_levels(g))).into(),
    })
    .into_response()
}

/// The catalogue of game words in the four languages (`tavolo_cards::words`): the browser tells
/// hands and names categories with it, as the terminal and `tavolo eval` do.
async fn words() -> Response {
    Json(tavolo_cards::catalogue()).into_response()
}

async fn tables(State(room): State<Arc<Room>>) -> Response {
    Json(TablesReply {
        tables: room.lobby.summaries(),
    })
    .into_response()
}

async fn history(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
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
                })
                .collect();
            Json(HistoryReply { items }).into_response()
        }
        Err(e) => store_error(e),
    }
}

fn hand_id(s: &str) -> Option<HandId> {
    s.strip_prefix("h-").unwrap_or(s).parse().ok().map(HandId)
}

async fn history_item(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let h = match stored_hand(&room, &id).await {
        Ok(h) => h,
        Err(r) => return r,
    };
    // A record shows every player's cards: only the players of the hand may read it.
    if !h.players.iter().any(|p| p.1 == m.id) {
        return api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            "only the players of a hand may read its record",
        );
    }
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

/// The stored hand `h-123`, or the error answer.
async fn stored_hand(room: &Room, id: &str) -> Result<tavolo_store::StoredHand, Response> {
    let Some(id) = hand_id(id) else {
        return Err(api_error(
            StatusCode::NOT_FOUND,
            "not_found",
            "hand ids look like h-123",
        ));
    };
    room.books.raw().hand(id).await.map_err(store_error)
}

async fn fairness(
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
    };
    // The commitment is public; the seed recomputes every card, mucked ones too, so once the
    // hand is over it goes, with its parts and the record (a `tavolo-fair/2` bundle for `tavolo
    // verify`; `tavolo-fair/1` for a hand dealt from the room's seed alone), to the hand's
    // players only.
    let player = match user(&room, &headers).await {
        Ok(m) => h.players.iter().any(|p| p.1 == m.id),
        Err(_) => false,
    };
    if player {
        answer.seed = h.seed_hex.clone();
        answer.parts = (h.parts.as_deref()).and_then(|p| serde_json::from_str(p).ok());
        if let (Some(record), Some(format)) = (&h.record, &h.format) {
            if h.seed_hex.is_some() {
                let v = if answer.parts.is_some() { 2 } else { 1 };
                answer.format = Some(format!("tavolo-fair/{v}"));
                answer.id = Some(answer.hand.clone());
                answer.record_format = Some(format.clone());
                answer.record = Some(record.clone());
            }
        }
    }
    Json(answer).into_response()
}
