//! The browser client, embedded in the binary at build time (`build.rs` reads `web/`): one file
//! is the whole room. `GET /` is `index.html`; every other path is looked up in the table.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The embedded file at `path` (without the leading `/`): its content type and bytes.
pub fn find(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = if path.is_empty() { "index.html" } else { path };
    ASSETS
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(_, mime, bytes)| (mime, bytes))
}

/// Serves the client's files; anything else is a 404. (The security headers, `nosniff` among
/// them, are added to every answer by `http::guard`.)
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    match find(path) {
        Some((mime, bytes)) => (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_embedded_with_its_modules_and_without_its_tests() {
        let (mime, index) = find("").expect("index.html");
        assert!(mime.starts_with("text/html"));
        assert!(String::from_utf8_lossy(index).contains("app.js"));
        assert!(find("app.js").is_some_and(|(m, _)| m.starts_with("text/javascript")));
        assert!(find("css/app.css").is_some());
        assert!(ASSETS.iter().any(|(p, _, _)| p.starts_with("js/")));
        assert!(ASSETS.iter().all(|(p, _, _)| !p.starts_with("e2e")));
        assert!(find("../Cargo.toml").is_none());
    }
}
