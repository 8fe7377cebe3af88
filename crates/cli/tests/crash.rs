//! Crash safety: `tavolo serve` is killed with SIGKILL at random moments while a Hold'em table
//! with a human and bots is playing, and started again on the same database, many times. After
//! every restart the hand that was in progress is voided and its chips returned: the player's
//! balance is exactly the grant plus the results of the hands that finished (nothing lost,
//! nothing paid twice), no hand is left in play, and the books balance. And the fairness
//! bundle of a hand the room dealt passes `tavolo verify`.

mod common;

use std::net::SocketAddr;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::{command, verify_file};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tavolo_cards::GameRng;
use tavolo_server::client;
use tavolo_store::{hex, Account, Store, GUEST_GRANT};
use tokio_tungstenite::tungstenite::Message;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Starts the server on the data directory and waits until it answers `/healthz`. The caller
/// kills and waits for the process it gets back.
#[allow(clippy::zombie_processes)]
async fn start(dir: &std::path::Path) -> (Child, SocketAddr) {
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let mut child = command()
        .args(["serve", "--addr", &addr.to_string(), "--data-dir"])
        .arg(dir)
        .args(["--bot-delay-ms", "0", "--hand-pause-ms", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tavolo serve starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(r) = client::http(addr, "GET", "/healthz", None, None).await {
            if r.status == 200 {
                return (child, addr);
            }
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server did not come up");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The player's session: registered on the first start, logged in afterwards.
async fn session(addr: SocketAddr, first: bool) -> String {
    let body = json!({"name": "crashtest", "password": "correct horse"}).to_string();
    let path = if first { "/api/register" } else { "/api/login" };
    let r = client::http(addr, "POST", path, Some(&body), None)
        .await
        .unwrap();
    r.session()
        .unwrap_or_else(|| panic!("{path}: {} {}", r.status, r.body))
}

/// What the ledger says the player should hold: the grant plus every finished hand's result.
async fn expected_balance(addr: SocketAddr, token: &str) -> (i64, i64) {
    let me = client::http(addr, "GET", "/api/me", None, Some(token))
        .await
        .unwrap()
        .json();
    let history = client::http(addr, "GET", "/api/history", None, Some(token))
        .await
        .unwrap()
        .json();
    let results: i64 = history["items"]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i["result"].as_i64()).sum())
        .unwrap_or(0);
    (
        me["user"]["balance"].as_i64().unwrap_or(-1),
        GUEST_GRANT + results,
    )
}

/// Sits down at a new Hold'em table with bots and plays (checking, calling, folding or
/// raising at random) for `decisions` of its own turns; returns when its next turn comes, in
/// the middle of a hand, so that the kill that follows lands mid-hand. Gives up after ten
/// seconds (the table stalled), returning false.
async fn play(addr: SocketAddr, token: &str, decisions: u32, rng: &mut GameRng) -> bool {
    let mut ws = client::ws(addr, Some(token), None)
        .await
        .expect("websocket");
    let mut seq = 0u64;
    let mut send = |v: Value| {
        seq += 1;
        let mut v = v;
        v["v"] = json!(1);
        v["seq"] = json!(seq);
        Message::text(v.to_string())
    };
    ws.send(send(json!({"type": "hello"}))).await.unwrap();
    let options = json!({"game": "holdem", "name": "crash", "structure": "nl",
        "big_blind": 2, "buy_in": 200, "rebuy": 200, "seats": 4, "clock_secs": 30,
        "time_bank_secs": 30, "bots": 3, "bot_level": "station"});
    ws.send(send(json!({"type": "create_table", "options": options})))
        .await
        .unwrap();
    let mut table = None;
    let mut made = 0;
    let give_up = Instant::now() + Duration::from_secs(10);
    while Instant::now() < give_up {
        let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_millis(50), ws.next()).await
        else {
            continue;
        };
        let Ok(text) = msg.to_text() else { continue };
        let Ok(m) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        match m["type"].as_str() {
            Some("ack") if table.is_none() && m["result"]["table"].is_string() => {
                let t = m["result"]["table"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                ws.send(send(json!({"type": "join", "table": t})))
                    .await
                    .unwrap();
                table = Some(t);
            }
            Some("table_state") => {
                let Some(legal) = m["legal"].as_array().filter(|l| !l.is_empty()) else {
                    continue;
                };
                if made == decisions {
                    return true; // our turn, mid-hand: die now
                }
                made += 1;
                let pick = &legal[rng.below(legal.len() as u32) as usize];
                let mut action = json!({"action": pick["action"]});
                if pick["action"] == "bet_or_raise_to" {
                    action["to"] = pick["min"].clone();
                }
                let intent = json!({"type": "act", "table": m["table"], "hand": m["hand"], "action": action});
                if ws.send(send(intent)).await.is_err() {
                    return false;
                }
            }
            Some("error") => panic!("refused: {m}"),
            _ => {}
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_server_mid_hand_voids_the_hand_and_returns_every_chip_exactly_once() {
    let dir = std::env::temp_dir().join(format!("tavolo-crash-{}", hex(&GameRng::os_seed()[..6])));
    let mut rng = GameRng::from_u64(2026);
    let rounds = 12;
    let mut finished_total = 0;
    let mut interrupted = 0;
    for round in 0..rounds {
        let (mut child, addr) = start(&dir).await;
        let token = session(addr, round == 0).await;
        // After the restart (recovery done), the books agree with the finished hands.
        let (balance, expected) = expected_balance(addr, &token).await;
        assert_eq!(balance, expected, "round {round}: balance after restart");
        let decisions = rng.below(25);
        let mid_hand = play(addr, &token, decisions, &mut rng).await;
        interrupted += usize::from(mid_hand);
        child.kill().expect("SIGKILL"); // no shutdown, no refunds: the process just dies
        let _ = child.wait();
        finished_total = expected - GUEST_GRANT;
    }
    // One last start recovers the last crash; then check the database itself.
    let (mut child, addr) = start(&dir).await;
    let token = session(addr, false).await;
    let (balance, expected) = expected_balance(addr, &token).await;
    assert_eq!(balance, expected, "balance after the last restart");
    child.kill().unwrap();
    let _ = child.wait();
    let store = Store::open_in_dir(&dir).await.unwrap();
    let report = store.audit().await.unwrap();
    assert!(report.balanced(), "{:?}", report.problems);
    assert_eq!(report.hands_playing, 0, "a hand was left in play");
    assert_eq!(report.at_tables, 0, "chips were left at a table");
    let user = store.login("crashtest", "correct horse").await.unwrap();
    assert_eq!(
        store.balance(&Account::User(user.id)).await.unwrap(),
        expected
    );
    let hands = store.history(user.id, 100_000).await.unwrap();
    let finished = hands.iter().filter(|h| h.status == "finished").count();
    let voided = hands.iter().filter(|h| h.status == "voided").count();
    assert!(
        finished > 0,
        "no hand finished in {rounds} rounds: the test did not test much"
    );
    assert!(
        voided >= interrupted,
        "{interrupted} hands were killed mid-hand, {voided} voided"
    );
    assert!(
        interrupted >= rounds / 2,
        "only {interrupted} of {rounds} kills landed mid-hand"
    );
    eprintln!(
        "{rounds} crashes: {finished} hands finished, {voided} voided, net result {finished_total}"
    );
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_the_room_dealt_verifies_from_its_fairness_bundle_and_strangers_get_no_seed() {
    let dir = std::env::temp_dir().join(format!("tavolo-fair-{}", hex(&GameRng::os_seed()[..6])));
    let (mut child, addr) = start(&dir).await;
    let token = session(addr, true).await;
    let mut rng = GameRng::from_u64(7);
    assert!(play(addr, &token, 12, &mut rng).await, "the table stalled");
    let history = client::http(addr, "GET", "/api/history", None, Some(&token))
        .await
        .unwrap()
        .json();
    let ids: Vec<String> = history["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter(|i| i["status"] == "finished")
                .filter_map(|i| i["id"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert!(!ids.is_empty(), "no finished hand in {history}");
    let stranger = client::guest(addr).await.unwrap();
    for id in ids.iter().take(5) {
        let path = format!("/api/fairness/{id}");
        let bundle = client::http(addr, "GET", &path, None, Some(&token))
            .await
            .unwrap()
            .json();
        assert_eq!(bundle["format"], "tavolo-fair/1", "{bundle}");
        let file = dir.join(format!("{id}.json"));
        std::fs::write(&file, bundle.to_string()).unwrap();
        let out = verify_file(&file);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{id}: {text}");
        assert!(text.contains("fair"), "{text}");
        // Somebody who did not play the hand sees the commitment only.
        let public = client::http(addr, "GET", &path, None, Some(&stranger))
            .await
            .unwrap()
            .json();
        assert_eq!(public["commitment"], bundle["commitment"]);
        assert!(
            public["seed"].is_null() && public["record"].is_null(),
            "{public}"
        );
    }
    child.kill().unwrap();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
