//! HTTP answers shared by the routes and the WebSocket upgrade: the `{"error": …}` body, the
//! store's errors as statuses, `429`/`503` with `Retry-After`, and the session cookie.

use std::time::Duration;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tavolo_store::StoreError;

use crate::error::UNAVAILABLE;
use crate::protocol::http::{ApiError, ApiErrorBody};

/// The cookie holding the session token.
pub const COOKIE: &str = "tavolo_session";

/// 429 with `Retry-After` (whole seconds, at least one).
pub fn too_many(code: &str, message: &str, wait: Duration) -> Response {
    let mut r = api_error(StatusCode::TOO_MANY_REQUESTS, code, message);
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
    r
}

/// 503 `busy`: the password workers and their queue are full.
pub fn busy(e: crate::passwords::Busy) -> Response {
    let mut r = api_error(StatusCode::SERVICE_UNAVAILABLE, "busy", &e.to_string());
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
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

/// A failure of the store as an answer: a conflict, a bad request, a refused login, not found,
/// 503 while the database cannot be written, 500 otherwise.
pub fn store_error(e: StoreError) -> Response {
    match &e {
        StoreError::NameTaken(_) => api_error(StatusCode::CONFLICT, "name_taken", &e.to_string()),
        StoreError::NotAGuest(_) => api_error(StatusCode::CONFLICT, "not_a_guest", &e.to_string()),
        StoreError::GuestOverCap { .. } | StoreError::GuestInHand => {
            api_error(StatusCode::CONFLICT, "guest_cap", &e.to_string())
        }
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
            api_error(StatusCode::SERVICE_UNAVAILABLE, "unavailable", UNAVAILABLE)
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
