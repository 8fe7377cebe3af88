//! The HTTP routes: health, metrics, accounts (session cookie), the lobby list, history and
//! fairness; and what every request passes through: state-changing requests must come from the
//! room's own pages as JSON (`origin`), and every answer carries the security headers.

#![allow(clippy::result_large_err)] // Err is a ready HTTP response, built once per request.

mod accounts;
mod export;
mod history;
mod replay;
mod tournaments;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::answer::{api_error, COOKIE};
use crate::origin::{client_ip, limit_key, Refused};
use crate::protocol::http::{Health, TablesReply};
use crate::room::Room;
use crate::ws::{self};
use accounts::{guest, login, logout, me, register};
use history::{fairness, history, history_item};

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
        .route("/api/history/export", get(export::export_history))
        .route("/api/history/{id}", get(history_item))
        .route("/api/history/{id}/export", get(export::export_hand))
        .route("/api/history/{id}/replay", get(replay::replay))
        .route("/api/fairness/{id}", get(fairness))
        .route(
            "/api/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/api/tournaments/{id}", get(tournaments::detail))
        .route("/api/tournaments/{id}/{what}", post(tournaments::intent))
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

/// 200 `ok`, or 503 `unavailable` with the cause while the database cannot be written (it
/// turns back to `ok` by itself with the next write that succeeds: a table's next deal, a
/// sign-up).
/// `/healthz`: ready for new work — 503 while the database cannot be written, or while this
/// node drains.
async fn healthz(State(room): State<Arc<Room>>) -> Response {
    let read_only = room.read_only();
    let cause = (room.books.store().write_health().failing()).or_else(|| read_only.clone());
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
        (Some(_), _) if read_only.is_some() => "read_only",
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

/// `/metrics` on the room's address: only with `Authorization: Bearer <metrics_token>`. Without
/// a token set it is not served here — whatever the peer and the headers: a reverse proxy on
/// the same machine makes a stranger's request a loopback one, and which headers it adds is its
/// own business. The operator's own address (`metrics_addr`) serves them without a token.
async fn metrics(State(room): State<Arc<Room>>, headers: HeaderMap) -> Response {
    let Some(token) = &room.config.metrics_token else {
        return api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            "metrics are for the room's operator: on the metrics address (--metrics-addr), or here with the metrics token",
        );
    };
    if !bearer(&headers, token) {
        return api_error(
            StatusCode::FORBIDDEN,
            "not_allowed",
            "metrics are for the room's operator: a wrong or missing token",
        );
    }
    render_metrics(&room).await
}

/// The metrics, as Prometheus reads them.
async fn render_metrics(room: &Room) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        room.metrics.render(
            room.books.store().write_health(),
            room.books.bots_bankroll().await.unwrap_or(0),
        ),
    )
        .into_response()
}

/// The routes of the metrics address (`metrics_addr`): `/metrics`, without a token, and
/// nothing else.
pub fn metrics_router(room: Arc<Room>) -> Router {
    async fn open(State(room): State<Arc<Room>>) -> Response {
        render_metrics(&room).await
    }
    Router::new().route("/metrics", get(open)).with_state(room)
}

/// Equal bytes, compared in a time that does not depend on where they differ.
/// Whether the request carries `Authorization: Bearer <token>` (compared in constant time).
fn bearer(headers: &HeaderMap, token: &str) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|given| same(given.trim().as_bytes(), token.as_bytes()))
}

/// Whether the request is the operator's: the operator token is set and carried.
pub(crate) fn operator(room: &Room, headers: &HeaderMap) -> bool {
    (room.config.operator_token.as_deref()).is_some_and(|t| bearer(headers, t))
}

fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
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
    use crate::table::bots::bot_levels;
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
