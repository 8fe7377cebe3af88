//! The room under attack over HTTP (issue 16): floods of sign-ups and guests, password work
//! that could eat the memory, slow and idle sockets, cross-site requests, password guessing,
//! and the headers and cookies a browser is told to keep to. Every limit here is a setting
//! (`Config`), set small for the story; time is the room's `ManualClock` wherever a rule counts
//! it, and the one timeout that real sockets measure (the request head's) is asserted with a
//! bound forty times the setting.

mod common;

use common::*;
use serde_json::json;
use tavolo_server::client;

fn creds(name: &str, password: &str) -> String {
    json!({"name": name, "password": password}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_requests_are_refused_and_the_room_s_own_pages_are_not() {
    let (h, _dir) = server("attack-csrf").await;
    let addr = h.local_addr();
    let own = format!("http://127.0.0.1:{}", addr.port());
    let victim = client::guest(addr).await.unwrap();
    let victim_cookie = format!("tavolo_session={victim}");
    let evil = "https://evil.example";
    let form = [
        ("Content-Type", "text/plain"),
        ("Origin", evil),
        ("Cookie", victim_cookie.as_str()),
    ];
    // The old room answered this cross-site text/plain login with 200 and a cookie.
    let body = creds("anyone", "correct horse");
    let r = client::request(addr, "POST", "/api/login", &form, &body)
        .await
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(r.session(), None);
    // Not JSON is refused whatever the origin (the room's own pages send JSON).
    let plain = [("Content-Type", "text/plain"), ("Origin", own.as_str())];
    let r = client::request(addr, "POST", "/api/guest", &plain, "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 415, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "unsupported_media_type");
    let r = client::request(addr, "POST", "/api/guest", &[], "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 415, "no Content-Type: {}", r.body);
    // JSON from another site: refused by its Origin, before anything happens.
    for path in ["/api/guest", "/api/logout", "/api/login", "/api/register"] {
        let headers = [
            ("Content-Type", "application/json"),
            ("Origin", evil),
            ("Cookie", victim_cookie.as_str()),
        ];
        let r = client::request(addr, "POST", path, &headers, "{}")
            .await
            .unwrap();
        assert_eq!(r.status, 403, "{path}: {}", r.body);
        assert_eq!(r.json()["error"]["code"], "bad_origin");
        assert_eq!(r.session(), None, "{path} set a cookie");
    }
    // A browser that sends no Origin still says where the request came from.
    let headers = [
        ("Content-Type", "application/json"),
        ("Sec-Fetch-Site", "cross-site"),
        ("Cookie", victim_cookie.as_str()),
    ];
    let r = client::request(addr, "POST", "/api/logout", &headers, "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(
        get(addr, "/api/me", Some(&victim)).await.status,
        200,
        "still signed in"
    );
    // The room's own page: served.
    let headers = [
        ("Content-Type", "application/json"),
        ("Origin", own.as_str()),
        ("Sec-Fetch-Site", "same-origin"),
    ];
    let r = client::request(addr, "POST", "/api/guest", &headers, "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    // DNS rebinding: the page's Host and Origin agree, and it is still not the room.
    let upgrade = |origin: &'static str| {
        [
            ("Host", "rebind.evil"),
            ("Origin", origin),
            ("Cookie", victim_cookie.as_str()),
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade, close"),
            ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]
    };
    let r = client::request(addr, "GET", "/ws", &upgrade("http://rebind.evil"), "")
        .await
        .unwrap();
    assert_eq!(r.status, 403, "the old room answered 101: {}", r.body);
    assert!(client::ws(addr, Some(&victim), Some(&own)).await.is_ok());
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_url_names_the_one_origin() {
    let (h, _dir) = server_with("attack-public", |c| {
        c.public_url = Some("https://cards.example".into());
    })
    .await;
    let addr = h.local_addr();
    let local = format!("http://127.0.0.1:{}", addr.port());
    let from_local = [
        ("Content-Type", "application/json"),
        ("Origin", local.as_str()),
    ];
    let r = client::request(addr, "POST", "/api/guest", &from_local, "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 403, "the listening address is not the public one");
    let from_public = [
        ("Content-Type", "application/json"),
        ("Origin", "https://cards.example"),
    ];
    let r = client::request(addr, "POST", "/api/guest", &from_public, "{}")
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    h.shutdown().await;
}
