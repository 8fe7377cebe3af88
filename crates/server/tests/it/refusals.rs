//! Messages the room refuses — unauthenticated, bad origin, malformed, oversized, unsupported,
//! duplicate, out of turn, stale, illegal, rate-limited — each with an error and no effect;
//! accounts over HTTP; the clock; shutdown refunding the hand in play.

use std::time::Duration;

use crate::common::{audit_and_shutdown, get, post, server, server_with, Client, WAIT};
use futures_util::SinkExt;
use serde_json::{json, Value};
use tavolo_server::client;
use tavolo_server::time::ManualClock;
use tokio_tungstenite::tungstenite::Message;

async fn balance(c: &Client) -> i64 {
    let me = get(c.addr, "/api/me", Some(&c.session)).await.json();
    me["user"]["balance"].as_i64().expect("a balance")
}

/// Two humans heads-up at a new Hold'em table, and the first state where a hand is in play.
async fn heads_up(clock: u64, bank: u64, addr: std::net::SocketAddr) -> (Client, Client, String) {
    let mut a = Client::guest(addr).await;
    let mut b = Client::guest(addr).await;
    let table = a
        .open_table(
            json!({"game": "holdem", "seats": 2, "clock_secs": clock, "time_bank_secs": bank}),
        )
        .await;
    b.join(&table).await;
    (a, b, table)
}

/// Sends `n` lobby requests at once; returns how many were refused for the rate limit.
async fn burst(c: &mut Client, n: u64) -> usize {
    let first = c.seq + 1;
    for seq in first..first + n {
        c.seq = seq;
        c.send_raw(json!({"v": 1, "seq": seq, "type": "lobby"}).to_string())
            .await;
    }
    let mut limited = 0;
    for seq in first..first + n {
        if c.answer(seq).await["code"] == "rate_limited" {
            limited += 1;
        }
    }
    limited
}

async fn dealt(c: &mut Client) -> Value {
    c.wait_for(WAIT, |m| {
        m["type"] == "table_state" && m["hand"].is_string() && m["view"]["over"] == false
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_needs_a_session_and_the_right_origin() {
    let (h, _dir) = server("auth").await;
    let addr = h.local_addr();
    assert!(client::ws(addr, None, None).await.is_err(), "no cookie");
    assert!(
        client::ws(addr, Some("forged"), None).await.is_err(),
        "unknown session"
    );
    let token = client::guest(addr).await.unwrap();
    assert!(
        client::ws(addr, Some(&token), Some("http://evil.example"))
            .await
            .is_err(),
        "foreign origin"
    );
    assert!(
        client::ws(addr, Some(&token), Some(&format!("http://{addr}")))
            .await
            .is_ok(),
        "own origin"
    );
    let r = get(addr, "/ws", None).await;
    assert!(r.status >= 400, "{}", r.status);
    // Logout ends the session: no new connection with it.
    let out = post(addr, "/api/logout", "{}", Some(&token)).await;
    assert_eq!(out.status, 200);
    assert!(
        client::ws(addr, Some(&token), None).await.is_err(),
        "ended session"
    );
    assert_eq!(get(addr, "/api/me", Some(&token)).await.status, 401);
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_over_http_and_the_login_rate_limit() {
    let (h, _dir) = server("accounts").await;
    let addr = h.local_addr();
    let ada = r#"{"name":"ada","password":"correct horse"}"#;
    let reg = post(addr, "/api/register", ada, None).await;
    assert_eq!(reg.status, 200, "{}", reg.body);
    let cookie = reg
        .headers
        .iter()
        .find(|(k, _)| k == "set-cookie")
        .map(|(_, v)| v.clone())
        .unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    let again = post(addr, "/api/register", ada, None).await;
    assert_eq!(again.status, 409, "{}", again.body);
    let weak = post(
        addr,
        "/api/register",
        r#"{"name":"bob","password":"short"}"#,
        None,
    )
    .await;
    assert_eq!(weak.status, 400);
    let ok = post(addr, "/api/login", ada, None).await;
    assert_eq!(ok.status, 200);
    let me = get(addr, "/api/me", ok.session().as_deref()).await.json();
    assert_eq!(me["user"]["name"], "ada");
    let mut statuses = Vec::new();
    for _ in 0..15 {
        let r = post(
            addr,
            "/api/login",
            r#"{"name":"ada","password":"wrong one!"}"#,
            None,
        )
        .await;
        statuses.push(r.status);
    }
    assert!(statuses.contains(&401), "{statuses:?}");
    assert!(statuses.contains(&429), "no rate limit: {statuses:?}");
    let health = get(addr, "/healthz", None).await.json();
    assert_eq!(health, json!({"status": "ok", "db": "sqlite"}));
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_duplicate_and_illegal_messages_are_refused_without_effect() {
    // The room's own message limit, which the other tests lift, on a clock that moves only
    // when told: no token comes back while the test runs, however slow the machine.
    let clock = ManualClock::new();
    let (h, _dir) = server_with("refusals", |c| {
        c.ws_rate = tavolo_server::Config::default().ws_rate;
        c.time = clock.time();
    })
    .await;
    let addr = h.local_addr();
    let (mut a, mut b, table) = heads_up(60, 60, addr).await;
    let before = balance(&a).await;

    // Unreadable: no seq in the answer.
    a.send_raw("nope".into()).await;
    let e = a.answer_any().await;
    assert_eq!(
        (e["type"].as_str(), e["code"].as_str(), e.get("seq")),
        (Some("error"), Some("malformed"), None)
    );
    a.send_raw(format!(
        r#"{{"v":1,"seq":900,"type":"hello","pad":"{}"}}"#,
        "x".repeat(5000)
    ))
    .await;
    assert_eq!(a.answer_any().await["code"], "too_large");
    a.send_raw(r#"{"v":9,"seq":901,"type":"hello"}"#.into())
        .await;
    assert_eq!(a.answer_any().await["code"], "unsupported_version");
    a.ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(a.answer_any().await["code"], "malformed");
    let r = a.ask("join", json!({"table": "t-nope"})).await;
    assert_eq!(r["code"], "no_such_table");
    let r = a
        .ask(
            "create_table",
            json!({"options": {"game": "holdem", "seats": 11}}),
        )
        .await;
    assert_eq!(r["code"], "invalid_options");
    let r = a
        .ask("create_table", json!({"options": {"game": "poker"}}))
        .await;
    assert_eq!(r["code"], "invalid_options");

    // A repeated seq: the same answer, no second effect.
    let r1 = a.ask("join", json!({"table": table})).await;
    assert_eq!(r1["code"], "already_seated");
    let seq = a.seq;
    a.send_raw(json!({"v": 1, "seq": seq, "type": "leave", "table": table}).to_string())
        .await;
    let r2 = a.answer(seq).await;
    assert_eq!(r1, r2, "a repeated seq must get the original answer");
    let s = a.ask("hello", json!({})).await;
    assert_eq!(s["type"], "ack");
    let st = a.wait_for(WAIT, |m| m["type"] == "table_state").await;
    assert!(
        st["you"]["seat"].is_u64(),
        "the repeated seq had an effect: {st}"
    );

    // Whose turn?
    let sa = dealt(&mut a).await;
    let hand = sa["hand"].clone();
    let to_act = sa["view"]["to_act"].clone();
    let (mover, waiter) = if sa["you"]["hand_seat"] == to_act {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    waiter.inbox.clear();
    let r = waiter.act(&table, &hand, json!({"action": "call"})).await;
    assert_eq!(r["code"], "not_your_turn", "{r}");
    let r = waiter
        .act(&table, &json!("h-1"), json!({"action": "fold"}))
        .await;
    assert!(r["code"] == "stale_hand" || hand == "h-1", "{r}");
    let r = mover
        .act(&table, &hand, json!({"action": "call", "seat": 7}))
        .await;
    assert_eq!(r["code"], "not_your_turn", "naming another seat: {r}");
    let r = mover
        .act(&table, &hand, json!({"action": "bet_or_raise_to", "to": 1}))
        .await;
    assert_eq!(r["code"], "illegal_action", "{r}");
    assert!(r["message"].as_str().unwrap().contains("legal now"), "{r}");
    let r = mover.act(&table, &hand, json!({"action": "dance"})).await;
    assert_eq!(r["code"], "malformed", "{r}");
    let r = mover.act(&table, &hand, json!("call")).await;
    assert_eq!(r["code"], "malformed", "{r}");
    // None of that changed anything: no table_state was sent.
    let heard = tokio::time::timeout(Duration::from_millis(200), waiter.read(1)).await;
    assert!(
        !matches!(heard, Ok(Some(ref m)) if m["type"] == "table_state"),
        "{heard:?}"
    );

    // Rate limit (20 a second, bursts of 40): of a burst of 100 messages, at least the 60 past
    // the burst are refused; a second later, 20 more go through and the 21st is refused.
    let limited = burst(waiter, 100).await;
    assert!(limited >= 60, "{limited} of 100 rate-limited");
    clock.advance(Duration::from_secs(1));
    assert_eq!(burst(waiter, 21).await, 1, "20 tokens a second");
    assert_eq!(balance(&a).await, before, "refusals moved chips");
    audit_and_shutdown(h).await;
}
