//! The room under attack over HTTP (issue 16): floods of sign-ups and guests, password work
//! that could eat the memory, slow and idle sockets, cross-site requests, password guessing,
//! and the headers and cookies a browser is told to keep to. Every limit here is a setting
//! (`Config`), set small for the story; time is the room's `ManualClock` wherever a rule counts
//! it, and the one timeout that real sockets measure (the request head's) is asserted with a
//! bound forty times the setting.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::json;
use tavolo_server::client::{self, Reply};
use tavolo_server::time::ManualClock;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A POST of `body` as JSON from a browser-less client at `from` (the room trusts 127.0.0.1 as
/// a proxy in these stories, so `X-Forwarded-For` names the client).
async fn post_from(addr: SocketAddr, from: &str, path: &str, body: &str) -> Reply {
    let headers = [
        ("Content-Type", "application/json"),
        ("X-Forwarded-For", from),
    ];
    client::request(addr, "POST", path, &headers, body)
        .await
        .expect("an answer")
}

/// A TCP connection to `addr` from the local address `from` (any 127.x.y.z is this machine).
async fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Writes `request` and reads until the room closes the connection (bytes read; none if it was
/// closed unanswered), within `secs`.
async fn exchange(s: &mut TcpStream, request: &str, secs: u64) -> Option<String> {
    let _ = s.write_all(request.as_bytes()).await;
    let mut out = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(secs), s.read_to_end(&mut out)).await;
    read.ok()
        .map(|_| String::from_utf8_lossy(&out).into_owned())
}

const HEALTHZ: &str = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_and_sign_ups_are_rationed_per_address_by_the_hour() {
    let (h, _dir, clock) = server_at(ManualClock::new(), "attack-ration", |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        c.guests_per_hour = 5;
        c.signups_per_hour = 3;
    })
    .await;
    let addr = h.local_addr();
    // 300 guests in 0.8 s minted 3 million chips: now the sixth in an hour is refused.
    let mallory = "203.0.113.66";
    for i in 0..5 {
        let r = post_from(addr, mallory, "/api/guest", "{}").await;
        assert_eq!(r.status, 200, "guest {i}: {}", r.body);
    }
    let refused = post_from(addr, mallory, "/api/guest", "{}").await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.json()["error"]["code"], "rate_limited");
    assert_eq!(refused.header("retry-after"), Some("720"), "an hour / 5");
    // Someone else at another address is not held up.
    assert_eq!(
        post_from(addr, "198.51.100.7", "/api/guest", "{}")
            .await
            .status,
        200
    );
    // Twelve minutes on, one more.
    clock.advance(Duration::from_secs(720));
    assert_eq!(
        post_from(addr, mallory, "/api/guest", "{}").await.status,
        200
    );
    assert_eq!(
        post_from(addr, mallory, "/api/guest", "{}").await.status,
        429
    );

    // Sign-ups likewise, refused before any password is hashed.
    for name in ["mal1", "mal2", "mal3"] {
        let r = post_from(
            addr,
            mallory,
            "/api/register",
            &creds(name, "correct horse"),
        )
        .await;
        assert_eq!(r.status, 200, "{name}: {}", r.body);
    }
    let r = post_from(
        addr,
        mallory,
        "/api/register",
        &creds("mal4", "correct horse"),
    )
    .await;
    assert_eq!(r.status, 429, "{}", r.body);
    let ann = creds("ann", "correct horse");
    let other = post_from(addr, "198.51.100.7", "/api/register", &ann).await;
    assert_eq!(other.status, 200, "{}", other.body);
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_work_runs_a_few_at_a_time_and_a_full_queue_is_told_busy() {
    let (h, _dir) = server_with("attack-argon", |c| {
        c.password_workers = 1;
        c.password_queue = 2;
    })
    .await;
    let addr = h.local_addr();
    let room = h.room().clone();
    // The one worker is busy (as if with a slow hash) until the test lets it go.
    let (release, held) = tokio::sync::oneshot::channel::<()>();
    let holder = tokio::spawn({
        let room = room.clone();
        async move {
            room.passwords
                .run(async {
                    let _ = held.await;
                })
                .await
        }
    });
    while room.passwords.running() < 1 {
        tokio::task::yield_now().await;
    }
    // Two sign-ups wait their turn…
    let waiting: Vec<_> = ["queued1", "queued2"]
        .into_iter()
        .map(|name| {
            tokio::spawn(async move {
                post_creds(addr, "/api/register", (name, "correct horse"), None).await
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(30);
    while room.passwords.waiting() < 2 {
        assert!(Instant::now() < deadline, "the sign-ups never queued");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // …and a third, or a login, is told at once that the room is busy: nothing more is
    // hashed at the same time (the old room ran every one of 100 at once: 1.2 GB).
    let third = post_creds(addr, "/api/register", ("third", "correct horse"), None).await;
    assert_eq!(third.status, 503, "{}", third.body);
    assert_eq!(third.json()["error"]["code"], "busy");
    assert_eq!(third.header("retry-after"), Some("1"));
    let login = post_creds(addr, "/api/login", ("queued1", "correct horse"), None).await;
    assert_eq!(login.status, 503, "{}", login.body);
    assert_eq!(room.passwords.running(), 1);
    let _ = release.send(());
    holder.await.unwrap().unwrap();
    for w in waiting {
        let r = w.await.unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
    }
    assert_eq!((room.passwords.running(), room.passwords.waiting()), (0, 0));
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_head_sent_slowly_or_never_is_cut_off() {
    // Short, but long enough that a client on a busy machine still writes its request in time
    // (hyper's timer runs on the real clock).
    let (h, _dir) = server_with("attack-slowloris", |c| {
        c.header_timeout = Duration::from_secs(2);
    })
    .await;
    let addr = h.local_addr();
    // Slowloris: half a request head, then nothing. The old room held it for minutes.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let closed = exchange(&mut slow, "GET /healthz HTTP/1.1\r\nHost: x\r\n", WAIT).await;
    assert!(
        closed.is_some(),
        "still open after {WAIT} s (the limit is 2 s)"
    );
    // An idle keep-alive connection goes the same way once answered.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    let keep = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
    let answered = exchange(&mut idle, keep, WAIT)
        .await
        .expect("closed after idling");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    // A request that is sent whole is served as ever.
    assert_eq!(get(addr, "/healthz", None).await.status, 200);
    h.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_every_socket() {
    let (h, _dir) = server_with("attack-conns", |c| {
        c.max_conns_per_ip = 4;
        c.header_timeout = Duration::from_secs(60);
    })
    .await;
    let addr = h.local_addr();
    let room = h.room().clone();
    let me = "127.0.0.1".parse().unwrap();
    // Four idle sockets from one address: the most it may hold.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from("127.0.0.1", addr).await);
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while room.conns.open(me) < 4 {
        assert!(Instant::now() < deadline, "the four were never counted");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // The fifth is closed unanswered (the old room kept 1,100 and ran out of descriptors).
    let mut fifth = connect_from("127.0.0.1", addr).await;
    let answer = exchange(&mut fifth, HEALTHZ, WAIT).await;
    assert_eq!(
        answer.as_deref(),
        Some(""),
        "the fifth connection was served"
    );
    assert_eq!(room.conns.open(me), 4);
    // Meanwhile another address is served.
    let mut other = connect_from("127.0.0.2", addr).await;
    let answer = exchange(&mut other, HEALTHZ, WAIT)
        .await
        .unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // One socket closed gives its place back.
    held.pop();
    while room.conns.open(me) > 3 {
        assert!(
            Instant::now() < deadline,
            "the closed socket was never let go"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut again = connect_from("127.0.0.1", addr).await;
    let answer = exchange(&mut again, HEALTHZ, WAIT)
        .await
        .unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let refused = room
        .metrics
        .refused_connections
        .load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(refused, 1);
    drop(held);
    h.shutdown().await;
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
async fn the_public_url_names_the_one_origin_and_makes_cookies_secure() {
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
    let cookie = r.header("set-cookie").unwrap_or_default();
    assert!(
        cookie.contains("; Secure") && cookie.contains("HttpOnly"),
        "{cookie}"
    );
    assert!(cookie.contains("Max-Age=604800"), "a week unused: {cookie}");
    let hsts = r.header("strict-transport-security").unwrap_or_default();
    assert!(hsts.starts_with("max-age="), "{:?}", r.headers);
    h.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_slow_the_guesser_and_never_lock_the_owner_out() {
    let (h, _dir, clock) = server_at(ManualClock::new(), "attack-login", |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let addr = h.local_addr();
    let (owner, guesser) = ("198.51.100.4", "203.0.113.9");
    let r = post_from(addr, owner, "/api/register", &creds("ada", "correct horse")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    // Ten wrong passwords, waiting out each delay: the delays grow.
    let mut statuses = Vec::new();
    let mut waits = Vec::new();
    while statuses.iter().filter(|&&s| s == 401).count() < 10 {
        let r = post_from(addr, guesser, "/api/login", &creds("ada", "wrong guess")).await;
        statuses.push(r.status);
        if r.status == 429 {
            let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
            waits.push(wait);
            clock.advance(Duration::from_secs(wait));
        }
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64], "{statuses:?}");
    // Right away the guesser is kept waiting even with the right password…
    let r = post_from(addr, guesser, "/api/login", &creds("ada", "correct horse")).await;
    assert_eq!(r.status, 429);
    assert_eq!(r.header("retry-after"), Some("128"));
    // …and the owner, elsewhere, is not (the old room answered the owner 429).
    let r = post_from(addr, owner, "/api/login", &creds("ada", "correct horse")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    // The delay stops growing at its ceiling (five minutes by default).
    for _ in 0..3 {
        clock.advance(Duration::from_secs(300));
        let r = post_from(addr, guesser, "/api/login", &creds("ada", "wrong guess")).await;
        assert_eq!(r.status, 401);
    }
    let r = post_from(addr, guesser, "/api/login", &creds("ada", "wrong guess")).await;
    assert_eq!(r.header("retry-after"), Some("300"));
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let (h, _dir) = server("attack-headers").await;
    let addr = h.local_addr();
    for path in ["/", "/app.js", "/healthz", "/api/me", "/nowhere"] {
        let r = get(addr, path, None).await;
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("script-src 'self';") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp:?}"
        );
        assert!(!csp.contains("unsafe-eval") && !csp.contains("script-src 'self' 'unsafe"));
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{path}");
        assert_eq!(
            r.header("strict-transport-security"),
            None,
            "{path}: plain http"
        );
    }
    // The client has no inline script the policy would stop.
    let index = get(addr, "/", None).await.body;
    assert!(
        !index.contains("<script>") && !index.contains(" onclick="),
        "{index}"
    );
    h.shutdown().await;
}

/// Issue 50, finding 6: without a token, `/metrics` trusted the absence of two headers, so a
/// loopback request with only `X-Real-IP`, `X-Forwarded-Host`/`-Proto` or `Via` — what a proxy
/// on the same machine adds — got them. Now the room's address serves metrics only with the
/// token, whatever the peer and headers; without one they answer on the metrics address alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_went_to_a_proxied_request_with_an_unexpected_header() {
    let (open, _d1) = server_with("attack-metrics-local", |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let addr = open.local_addr();
    let proxy_headers: [&[(&str, &str)]; 7] = [
        &[],
        &[("X-Real-IP", "203.0.113.9")],
        &[("X-Forwarded-Host", "cards.example")],
        &[("X-Forwarded-Proto", "https")],
        &[("Via", "1.1 proxy")],
        &[("X-Forwarded-For", "203.0.113.9")],
        &[("Forwarded", "for=203.0.113.9")],
    ];
    for headers in proxy_headers {
        let r = client::request(addr, "GET", "/metrics", headers, "")
            .await
            .unwrap();
        assert_eq!(r.status, 403, "no token on the room's address: {headers:?}");
        assert!(r.body.contains("--metrics-addr"), "{}", r.body);
    }
    // The operator's own address serves them, and only them.
    let r = metrics(&open).await;
    assert_eq!(r.status, 200);
    assert!(r.body.contains("tavolo_hands_total"), "{}", r.body);
    let at = open.metrics_addr().unwrap();
    assert_eq!(get(at, "/api/tables", None).await.status, 404);
    open.shutdown().await;

    let (locked, _d2) = server_with("attack-metrics-token", |c| {
        c.metrics_token = Some("s3cret-token".into());
    })
    .await;
    let addr = locked.local_addr();
    assert_eq!(get(addr, "/metrics", None).await.status, 403, "no token");
    let wrong = [("Authorization", "Bearer s3cret-tokem")];
    let r = client::request(addr, "GET", "/metrics", &wrong, "")
        .await
        .unwrap();
    assert_eq!(r.status, 403);
    let right = [("Authorization", "Bearer s3cret-token")];
    let r = client::request(addr, "GET", "/metrics", &right, "")
        .await
        .unwrap();
    assert_eq!(r.status, 200);
    assert!(
        r.body.contains("tavolo_refused_connections_total 0"),
        "{}",
        r.body
    );
    locked.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn common_and_blank_passwords_are_refused_and_a_login_ends_the_old_session() {
    let (h, _dir) = server("attack-passwords").await;
    let addr = h.local_addr();
    for weak in [
        "12345678",
        "        ",
        "password1",
        "Qwertyuiop",
        "zzzzzzzzzz",
    ] {
        let r = post_creds(addr, "/api/register", ("eve", weak), None).await;
        assert_eq!(r.status, 400, "{weak:?}: {}", r.body);
        assert_eq!(r.json()["error"]["code"], "weak_password");
    }
    // Any characters in any mix, no composition rules.
    let r = post_creds(
        addr,
        "/api/register",
        ("eve", "purple monkey dishwasher"),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    // A login on a browser that already holds a session ends that session: no old token
    // stays alive beside the new one.
    let before = client::guest(addr).await.unwrap();
    let eve = ("eve", "purple monkey dishwasher");
    let r = post_creds(addr, "/api/login", eve, Some(&before)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let after = r.session().expect("a new session");
    assert_ne!(after, before);
    assert_eq!(get(addr, "/api/me", Some(&before)).await.status, 401);
    assert_eq!(
        get(addr, "/api/me", Some(&after)).await.json()["user"]["name"],
        "eve"
    );
    audit_and_shutdown(h).await;
}

/// A session unused for the idle lifetime is over (here the lifetime is nothing at all).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_session_expires() {
    let (h, _dir) = server_with("attack-idle", |c| {
        c.session_idle = Duration::ZERO;
    })
    .await;
    let addr = h.local_addr();
    let r = post(addr, "/api/guest", "{}", None).await;
    assert!(r
        .header("set-cookie")
        .unwrap_or_default()
        .contains("Max-Age=0"));
    let token = r.session().unwrap();
    assert_eq!(get(addr, "/api/me", Some(&token)).await.status, 401);
    h.shutdown().await;
}

/// Issue 50, finding 5: an open WebSocket had no idle limit: a peer gone without a word, or an
/// attacker holding thousands of sockets open without reading, kept them forever. The room
/// pings every `ws_ping`; a socket from which nothing (not even a pong) comes for that and
/// `ws_pong_timeout` more is closed, and one that answers stays open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_websocket_that_never_answers_a_ping_stayed_open_forever() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let (h, _dir, clock) = server_at(ManualClock::new(), "attack-idle-ws", |c| {
        c.ws_ping = Some(Duration::from_secs(30));
        c.ws_pong_timeout = Duration::from_secs(10);
    })
    .await;
    let addr = h.local_addr();
    let [mut alive, mut silent] = guests(addr).await;
    for c in [&mut alive, &mut silent] {
        let r = c.ask("hello", json!({})).await;
        assert_eq!(r["type"], "ack", "{r}");
    }
    // Reads frames for `real` seconds of wall time (answering pings, as tungstenite does on
    // read); whether the room closed the socket.
    async fn pump(c: &mut Client, real: u64) -> (bool, usize) {
        let mut pings = 0;
        let until = tokio::time::Instant::now() + Duration::from_secs(real);
        loop {
            match tokio::time::timeout_at(until, c.ws.next()).await {
                Err(_) => return (false, pings),
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return (true, pings),
                Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
                Ok(Some(Ok(_))) => {}
            }
        }
    }
    // Each step: the clock moves 10 s, `alive` reads (and so answers the pings), `silent`
    // does not read at all.
    let mut alive_pings = 0;
    for _ in 0..4 {
        clock.advance(Duration::from_secs(10));
        let (closed, pings) = pump(&mut alive, 1).await;
        assert!(!closed, "a socket that answers pings stays open");
        alive_pings += pings;
    }
    assert!(alive_pings >= 1, "the room pings every 30 s");
    // 40 s without a word from `silent`: closed.
    let (closed, _) = pump(&mut silent, WAIT).await;
    assert!(closed, "a socket silent for ping + pong timeout is closed");
    // `alive` still works.
    let r = alive.ask("lobby", json!({})).await;
    assert_eq!(r["type"], "ack", "{r}");
    h.shutdown().await;
}

/// Issue 50, finding 4: a seated guest who signed up lost the guest's chips for good (9,800 in
/// the account and 200 at the table became unreachable), and five sign-ups at once from one
/// guest made five accounts with 10,000 each. A guest who signs up becomes the account: the same
/// user, its chips (at the table too) and history kept, no new grant; of sign-ups that race,
/// one wins and the others are told which account the guest became.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_who_signed_up_lost_its_chips_and_racing_sign_ups_made_several_accounts() {
    let (h, _dir) = server("attack-guest-signup").await;
    let addr = h.local_addr();
    let [mut guest] = guests(addr).await;
    let table = guest
        .open_table(json!({"game": "holdem", "seats": 2, "buy_in": 200}))
        .await;
    let before = get(addr, "/api/me", Some(&guest.session)).await.json();
    let id = before["user"]["id"].clone();
    let balance = before["user"]["balance"].as_i64().expect("balance");
    // Five sign-ups of the same guest at once, under different names.
    let tasks: Vec<_> = (0..5)
        .map(|i| {
            let session = guest.session.clone();
            tokio::spawn(async move {
                post_creds(
                    addr,
                    "/api/register",
                    (&format!("ada{i}"), "a long and good passphrase"),
                    Some(&session),
                )
                .await
            })
        })
        .collect();
    let mut made = Vec::new();
    for t in tasks {
        let r = t.await.expect("task");
        match r.status {
            200 => made.push(r),
            409 => assert!(r.body.contains("not_a_guest"), "{}", r.body),
            s => panic!("{s}: {}", r.body),
        }
    }
    assert_eq!(made.len(), 1, "one account from one guest");
    let me = made[0].json();
    assert_eq!(me["user"]["id"], id, "the same user: {me}");
    assert_eq!(me["user"]["guest"], false, "{me}");
    assert_eq!(
        me["user"]["balance"].as_i64(),
        Some(balance),
        "no chips lost, none granted"
    );
    let name = me["user"]["name"].as_str().expect("name").to_string();
    // It logs in under its new name, and is still seated with its 200 chips.
    let r = post_creds(
        addr,
        "/api/login",
        (&name, "a long and good passphrase"),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let session = r.session().expect("a session");
    let mut back = Client::with_session(addr, session.clone()).await;
    let r = back.ask("hello", json!({})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let s = back
        .wait_for(WAIT, |m| m["type"] == "table_state" && m["table"] == table)
        .await;
    let seat = s["you"]["seat"].as_u64().expect("still seated");
    let mine = s["seats"]
        .as_array()
        .and_then(|v| v.iter().find(|x| x["seat"] == seat));
    assert_eq!(mine.map(|x| x["chips"].clone()), Some(json!(200)), "{s}");
    // A player (no longer a guest) signing up makes a new account, as anybody does.
    let r = post_creds(
        addr,
        "/api/register",
        ("bea", "another long passphrase"),
        Some(&session),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_ne!(r.json()["user"]["id"], id);
    h.shutdown().await;
}
