//! Crash safety: `tavolo serve` is killed with SIGKILL at random moments while a Hold'em table
//! with a human and bots is playing, and started again on the same database, many times. After
//! every restart the hand that was in progress is voided and its chips returned: the player's
//! balance is exactly the grant plus the results of the hands that finished (nothing lost,
//! nothing paid twice), no hand is left in play, and the books balance. And the fairness
//! bundle of a hand the room dealt passes `tavolo verify`.

use crate::common;
use std::net::SocketAddr;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::common::{command, verify_file};
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

/// The metrics token the rooms started here are given (by the environment, as an operator
/// would, not on the command line).
const METRICS_TOKEN: &str = "crash-test-metrics";

/// Starts the server on the data directory and waits until it answers `/healthz`. The caller
/// kills and waits for the process it gets back.
#[allow(clippy::zombie_processes)]
async fn start(dir: &std::path::Path) -> (Child, SocketAddr) {
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let mut child = command()
        .args(["serve", "--addr", &addr.to_string(), "--data-dir"])
        .arg(dir)
        .env("TAVOLO_METRICS_TOKEN", METRICS_TOKEN)
        // No starter tables: the books must show nothing at a table once the last hand is
        // settled, and the room's own bot tables would hold chips there.
        .args([
            "--bot-delay-ms",
            "0",
            "--hand-pause-ms",
            "0",
            "--no-starter-tables",
        ])
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
pub(crate) async fn expected_balance(addr: SocketAddr, token: &str) -> (i64, i64) {
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
/// the middle of a hand, so that the kill that follows lands mid-hand. Gives up after a
/// minute (the table stalled), returning false.
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
    let give_up = Instant::now() + Duration::from_secs(60);
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
        // Hands dealt since seed chains are mixed from parts (none of a player here: the room's
        // part alone), with the transcript sent when they ended: `tavolo-fair/3`.
        assert_eq!(bundle["format"], "tavolo-fair/3", "{bundle}");
        assert!(bundle["parts"]["room"].is_string(), "{bundle}");
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
            public["seed"].is_null() && public["record"].is_null() && public["parts"].is_null(),
            "{public}"
        );
    }
    child.kill().unwrap();
    let _ = child.wait();
    // The same hand straight from the room's database: the parts and the transcript are stored
    // with it.
    let n = ids[0].trim_start_matches("h-");
    let out = common::tavolo(&["verify", "--hand", n, "--data-dir", dir.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("0 chain reveal(s)")
            && text.contains("hashes to the transcript")
            && text.contains("fair"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One player of the soak: signs up (registered or guest), opens or joins its table, and plays
/// whatever is legal at random until `until`, asking for a rebuy when broke. Returns its session.
async fn soak_player(
    addr: SocketAddr,
    n: usize,
    table: std::sync::Arc<tokio::sync::Mutex<Option<String>>>,
    options: Option<Value>,
    stop: std::sync::Arc<AtomicBool>,
) -> (String, String) {
    let name = format!("soak{n}");
    let (path, body) = if n % 2 == 0 {
        (
            "/api/register",
            json!({"name": name, "password": "correct horse battery"}).to_string(),
        )
    } else {
        ("/api/guest", "{}".to_string())
    };
    let r = client::http(addr, "POST", path, Some(&body), None)
        .await
        .expect("sign-up");
    let token = r
        .session()
        .unwrap_or_else(|| panic!("{path}: {} {}", r.status, r.body));
    let mut ws = client::ws(addr, Some(&token), None).await.expect("ws");
    let mut seq = 0u64;
    let mut frame = |mut v: Value| {
        seq += 1;
        v["v"] = json!(1);
        v["seq"] = json!(seq);
        Message::text(v.to_string())
    };
    let _ = ws.send(frame(json!({"type": "hello"}))).await;
    let id = match options {
        Some(options) => {
            let _ = ws
                .send(frame(json!({"type": "create_table", "options": options})))
                .await;
            loop {
                let Some(Ok(msg)) = ws.next().await else {
                    panic!("no answer to create_table")
                };
                let m: Value =
                    serde_json::from_str(msg.to_text().unwrap_or("{}")).unwrap_or_default();
                if m["type"] == "ack" && m["result"]["table"].is_string() {
                    let t = m["result"]["table"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string();
                    *table.lock().await = Some(t.clone());
                    break t;
                }
                assert_ne!(m["type"], "error", "{m}");
            }
        }
        None => loop {
            if let Some(t) = table.lock().await.clone() {
                break t;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        },
    };
    let _ = ws.send(frame(json!({"type": "join", "table": id}))).await;
    let mut rng = GameRng::from_u64(n as u64 + 7);
    let mut last = String::new();
    while !stop.load(Ordering::Relaxed) {
        let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_millis(50), ws.next()).await
        else {
            continue;
        };
        let Ok(m) = serde_json::from_str::<Value>(msg.to_text().unwrap_or("{}")) else {
            continue;
        };
        if m["type"] != "table_state" {
            continue;
        }
        if m["you"]["stack"] == 0 && m["hand"].is_null() && m["view"]["phase"].is_null() {
            let _ = ws.send(frame(json!({"type": "rebuy", "table": id}))).await;
        }
        let Some(legal) = m["legal"].as_array().filter(|l| !l.is_empty()) else {
            continue;
        };
        // Once per state: a simultaneous Saint Poker phase lists the choices until all chose.
        let key = format!(
            "{}|{}|{}|{}",
            m["hand"], m["view"]["round"], m["view"]["phase"], m["view"]["to_act"]
        );
        if key == last && !m["view"]["my_choice"].is_null() {
            continue;
        }
        if key == last && m["view"]["phase"].is_string() {
            continue;
        }
        last = key;
        let mut action = legal[rng.below(legal.len() as u32) as usize].clone();
        if let Some(o) = action.as_object_mut() {
            o.remove("player");
            if o.get("action").and_then(Value::as_str) == Some("bet_or_raise_to") {
                let min = o.get("min").cloned().unwrap_or(json!(0));
                o.retain(|k, _| k == "action");
                o.insert("to".into(), min);
            }
        }
        let intent = json!({"type": "act", "table": id, "hand": m["hand"], "action": action});
        if ws.send(frame(intent)).await.is_err() {
            break;
        }
    }
    (token, id)
}

/// A short soak: eight players — four registered, four guests — at four tables (No-Limit and
/// Limit Hold'em, Five-Card Draw, Saint Poker for a stake), with bots, play at random and
/// rebuy for at least six seconds and a dozen finished hands; then the server is SIGKILLed
/// mid-play and started again. Every acknowledged sign-up is there, every player's balance is
/// the grant plus the results of the hands and games that finished (the ones in play voided,
/// Saint Poker stakes returned), no chip is left at a table, and the books balance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_soak_of_sign_ups_joins_and_hands_survives_a_sigkill_with_every_chip() {
    let dir = std::env::temp_dir().join(format!("tavolo-soak-{}", hex(&GameRng::os_seed()[..6])));
    let (mut child, addr) = start(&dir).await;
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let tables = [
        json!({"game": "holdem", "structure": "nl", "seats": 4, "bots": 2, "bot_level": "station",
            "big_blind": 2, "buy_in": 200, "rebuy": 200, "clock_secs": 30}),
        json!({"game": "holdem", "structure": "limit", "seats": 4, "bots": 2, "bot_level": "random",
            "big_blind": 2, "buy_in": 200, "rebuy": 200, "clock_secs": 30}),
        json!({"game": "draw", "seats": 4, "bots": 2, "bot_level": "random", "ante": 5,
            "buy_in": 300, "rebuy": 300, "clock_secs": 30}),
        json!({"game": "saint", "seats": 4, "bots": 2, "bot_level": "greedy", "stake": 50,
            "clock_secs": 30}),
    ];
    let mut players = Vec::new();
    for (t, options) in tables.iter().enumerate() {
        let slot = std::sync::Arc::new(tokio::sync::Mutex::new(None));
        for k in 0..2 {
            let n = 2 * t + k;
            let options = (k == 0).then(|| options.clone());
            players.push(tokio::spawn(soak_player(
                addr,
                n,
                slot.clone(),
                options,
                stop.clone(),
            )));
        }
    }
    // Play for six seconds and until the room has finished a dozen hands, whatever else loads
    // the machine (a minute at most: then the check below says the soak did not play).
    let started = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let played =
            client::metric(addr, "tavolo_hands_total", Some(METRICS_TOKEN)).await >= Some(12.0);
        let elapsed = started.elapsed();
        if (played && elapsed >= Duration::from_secs(6)) || elapsed >= Duration::from_secs(60) {
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    let mut sessions = Vec::new();
    for p in players {
        sessions.push(p.await.expect("a soak player").0);
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();

    let (mut child, addr) = start(&dir).await;
    let mut finished = 0;
    for token in &sessions {
        let (balance, expected) = expected_balance(addr, token).await;
        assert!(
            balance >= 0,
            "the session of an acknowledged sign-up is gone"
        );
        assert_eq!(balance, expected, "a player's balance after the crash");
        let history = client::http(addr, "GET", "/api/history", None, Some(token))
            .await
            .expect("history")
            .json();
        finished += history["items"].as_array().map_or(0, |i| {
            i.iter().filter(|h| h["status"] == "finished").count()
        });
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let store = Store::open_in_dir(&dir).await.expect("the database");
    let report = store.audit().await.expect("audit");
    assert!(report.balanced(), "{:?}", report.problems);
    assert_eq!(report.hands_playing, 0, "a hand was left in play");
    assert_eq!(report.at_tables, 0, "chips were left at a table");
    assert!(
        finished >= 8,
        "only {finished} hands finished: the soak did not play"
    );
    eprintln!("soak: 8 players, {finished} hands and games finished, then SIGKILL; books balance");
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
