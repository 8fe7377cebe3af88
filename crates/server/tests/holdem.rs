//! Hold'em over WebSockets: a scripted human and a spectator with bots, every message scanned
//! for hidden cards; fairness and history over HTTP; the books balance after every test.

mod common;

use std::collections::{HashMap, HashSet};

use common::{assert_no_leak, audit, choose_betting, server, Client};
use serde_json::{json, Value};
use tavolo_server::client::http;

/// Plays `hands` hands as a scripted human at `table` while `spectator` watches; scans every
/// message of both for hidden cards. Returns the finished hands and their commitments.
pub async fn play(
    human: &mut Client,
    spectator: &mut Client,
    table: &str,
    hands: usize,
) -> HashMap<String, String> {
    let mut finished: HashMap<String, String> = HashMap::new();
    let mut commitments: HashMap<String, String> = HashMap::new();
    let mut shown: HashSet<String> = HashSet::new();
    let mut current = Value::Null;
    let mut n = 0u64;
    let mut refused = 0;
    while finished.len() < hands {
        let m = human.next(30).await.expect("the table goes on");
        if m["type"] != "table_state" || m["table"] != table {
            continue;
        }
        if m["hand"] != current && !m["hand"].is_null() {
            current = m["hand"].clone();
            shown.clear();
            commitments.insert(
                current.as_str().unwrap().to_string(),
                m["commitment"].as_str().unwrap().to_string(),
            );
        }
        assert_no_leak(&m, &mut shown);
        if let Some(p) = m["previous"]["hand"].as_str() {
            if let Some(c) = commitments.get(p) {
                let seed = m["previous"]["seed"].as_str().unwrap();
                assert!(
                    tavolo_server::fairness::verify(c, seed),
                    "seed {seed} does not match {c}"
                );
                finished.insert(p.to_string(), c.clone());
            }
        }
        // Only act on the latest state: skip if newer ones are already queued.
        if !human.inbox.is_empty() {
            continue;
        }
        let legal = &m["legal"];
        if m["hand"].is_string()
            && legal.as_array().is_some_and(|l| !l.is_empty())
            && m["view"]["over"] == false
        {
            n += 1;
            let action = choose_betting(legal, n, &m["view"]);
            let a = human
                .ask(
                    "act",
                    json!({"table": table, "hand": m["hand"], "action": action}),
                )
                .await;
            if a["type"] != "ack" {
                refused += 1;
                assert!(
                    a["code"] == "stale_hand" || a["code"] == "not_your_turn",
                    "refused {action}: {a}"
                );
            }
        } else if m["you"]["seat"].is_u64() && m["you"]["hand_seat"].is_null() {
            let me = m["you"]["seat"].as_u64().unwrap();
            let broke = m["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["seat"] == me && s["chips"] == 0);
            if broke {
                let r = human.ask("rebuy", json!({"table": table})).await;
                assert!(
                    r["type"] == "ack" || r["code"] == "not_allowed" || r["code"] == "not_seated",
                    "{r}"
                );
            }
        } else if m["you"]["seat"].is_null() && m["you"]["waiting"].is_null() {
            let r = human.ask("join", json!({"table": table})).await;
            assert!(r["type"] == "ack" || r["code"] == "already_seated", "{r}");
        }
    }
    assert!(refused * 10 <= n + 10, "{refused} of {n} actions refused");
    // The spectator saw everything too: scan its messages.
    let mut shown = HashSet::new();
    let mut current = Value::Null;
    while let Some(m) = spectator.next(0).await.or(spectator.inbox.pop_front()) {
        if m["hand"] != current {
            current = m["hand"].clone();
            shown.clear();
        }
        assert_eq!(m["you"]["seat"], Value::Null);
        assert_no_leak(&m, &mut shown);
    }
    finished
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_holdem_with_bots_and_the_books_balance() {
    let (h, _dir) = server("holdem").await;
    let addr = h.local_addr();
    let mut human = Client::guest(addr).await;
    let hello = human.ask("hello", json!({})).await;
    assert_eq!(hello["result"]["protocol"], 1, "{hello}");
    let created = human
        .ask(
            "create_table",
            json!({"options": {"game": "holdem", "name": "test NL", "seats": 6, "bots": 3,
            "bot_level": "rules", "clock_secs": 30, "buy_in": 200, "rebuy": 200}}),
        )
        .await;
    let table = created["result"]["table"]
        .as_str()
        .expect("a table id")
        .to_string();
    let mut spectator = Client::guest(addr).await;
    assert_eq!(
        spectator.ask("watch", json!({"table": table})).await["type"],
        "ack"
    );
    let joined = human.ask("join", json!({"table": table})).await;
    assert!(
        joined["result"]["seat"].as_u64().is_some_and(|s| s < 6),
        "{joined}"
    );
    let finished = play(&mut human, &mut spectator, &table, 40).await;

    // History and fairness over HTTP.
    let hist = http(addr, "GET", "/api/history", None, Some(&human.session))
        .await
        .unwrap();
    assert_eq!(hist.status, 200);
    let items = hist.json()["items"].as_array().cloned().unwrap();
    assert!(items.len() >= 3, "{} items", items.len());
    let id = items[0]["id"].as_str().unwrap();
    let rec = http(
        addr,
        "GET",
        &format!("/api/history/{id}"),
        None,
        Some(&human.session),
    )
    .await
    .unwrap();
    assert_eq!(rec.status, 200, "{}", rec.body);
    assert!(rec.body.contains("actions = ["), "not PHH: {}", rec.body);
    let other = http(
        addr,
        "GET",
        &format!("/api/history/{id}"),
        None,
        Some(&spectator.session),
    )
    .await
    .unwrap();
    assert_eq!(other.status, 403, "a record is for its players only");
    let fair = http(addr, "GET", &format!("/api/fairness/{id}"), None, None)
        .await
        .unwrap()
        .json();
    assert!(tavolo_server::fairness::verify(
        fair["commitment"].as_str().unwrap(),
        fair["seed"].as_str().unwrap()
    ));
    if let Some(c) = finished.get(id) {
        assert_eq!(fair["commitment"].as_str(), Some(c.as_str()));
    }

    // Leaving cashes out; the account holds every chip again.
    let left = human.ask("leave", json!({"table": table})).await;
    assert_eq!(left["type"], "ack", "{left}");
    if left["result"]["leaving"] == true {
        // Folded at once if it was the player's turn; gone at the end of the hand.
        human
            .wait_for(30, |m| {
                m["type"] == "table_state" && m["you"]["seat"].is_null()
            })
            .await;
    }
    let me = http(addr, "GET", "/api/me", None, Some(&human.session))
        .await
        .unwrap()
        .json();
    assert!(me["user"]["balance"].as_i64().unwrap() > 0, "{me}");
    let metrics = http(addr, "GET", "/metrics", None, None).await.unwrap();
    assert!(
        metrics.body.contains("tavolo_hands_total"),
        "{}",
        metrics.body
    );
    audit(&h).await;
    h.shutdown().await;
}
