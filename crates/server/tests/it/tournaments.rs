//! Tournaments in the room over HTTP and the WebSocket (issue 51): a player creates a
//! sit-and-go with bots, registers, is seated by the coordinator at a tournament table, plays
//! it over the WebSocket to the end, and sees their place and prize; the books balance.

use std::time::Duration;

use serde_json::{json, Value};

use crate::common::{audit_and_shutdown, get, post, server, Client};

/// The tournament as `c` sees it.
async fn detail(c: &Client, id: &str) -> Value {
    let r = c.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

async fn balance(c: &Client) -> i64 {
    c.get("/api/me").await.json()["user"]["balance"]
        .as_i64()
        .expect("a balance")
}

/// All in: the largest bet or raise, else a call, else a check.
fn shove(legal: &[Value]) -> Value {
    let find = |k: &str| legal.iter().find(|a| a["action"] == k);
    if let Some(r) = find("bet_or_raise_to") {
        return json!({"action": "bet_or_raise_to", "to": r["max"]});
    }
    if find("call").is_some() {
        return json!({"action": "call"});
    }
    json!({"action": "check"})
}

/// Issue 51: a player creates a sit-and-go of three with two bots, registers (the third
/// entry starts it), is seated at its table, shoves every hand until out or the winner, and
/// sees a place — and, if first, the whole pool as prize, in their account.
#[tokio::test]
async fn a_player_creates_a_sit_and_go_with_bots_plays_it_out_and_sees_place_and_prize() {
    let (h, _dir) = server("sng").await;
    let addr = h.local_addr();
    let mut ada = Client::guest(addr).await;
    let before = balance(&ada).await;
    let new = json!({"name": "Three-handed", "players": 3, "entry": 100, "fee": 10,
                     "speed": "hyper", "bots": 2, "bot_level": "beginner"});
    let r = post(
        addr,
        "/api/tournaments",
        &new.to_string(),
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().expect("an id").to_string();
    let list = get(addr, "/api/tournaments", None).await.json();
    let line = (list["tournaments"].as_array().expect("a list").iter())
        .find(|t| t["id"] == id.as_str())
        .cloned()
        .expect("listed");
    assert_eq!(line["status"], "registering", "{line}");
    assert_eq!(line["entrants"], 2, "the bots entered: {line}");
    let path = format!("/api/tournaments/{id}/register");
    let r = post(addr, &path, "{}", Some(&ada.session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"], "registered");
    // A second registration is refused, and changes nothing.
    let again = post(addr, &path, "{}", Some(&ada.session)).await;
    assert_eq!(again.status, 409, "{}", again.body);
    let mut table = None;
    for _ in 0..500 {
        let d = detail(&ada, &id).await;
        if let Some(t) = d["me"]["table"].as_str() {
            table = Some(t.to_string());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let table = table.expect("seated at a table");
    ada.ask("hello", json!({})).await;
    let mut place = None;
    for _ in 0..2_000 {
        let d = detail(&ada, &id).await;
        if let Some(p) = d["me"]["place"].as_u64() {
            place = Some((p, d));
            break;
        }
        let Some(m) = ada.next(1).await else { continue };
        if m["type"] != "table_state" || m["table"] != table.as_str() {
            continue;
        }
        let legal = m["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || !m["hand"].is_string() {
            continue;
        }
        ada.act_or_late(&table, &m["hand"], shove(&legal)).await;
    }
    let (place, d) = place.expect("out, or the winner");
    assert!((1..=3).contains(&place), "{d}");
    let notices = d["me"]["notices"].to_string();
    assert!(notices.contains("Seated at table"), "{notices}");
    // The other two play on; then the tournament is over and every prize paid.
    let mut end = d;
    for _ in 0..3_000 {
        if end["tournament"]["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        end = detail(&ada, &id).await;
    }
    assert_eq!(end["tournament"]["status"], "finished", "{end}");
    assert_eq!(end["prizes"], json!([300]), "three entries pay one place");
    let won = if place == 1 { 300 } else { 0 };
    assert_eq!(end["me"]["prize"].as_i64().unwrap_or(0), won, "{end}");
    assert_eq!(balance(&ada).await, before - 110 + won);
    let places: Vec<u64> = (end["entrants"].as_array().expect("standings").iter())
        .filter_map(|e| e["place"].as_u64())
        .collect();
    assert_eq!(places, vec![1, 2, 3], "{end}");
    audit_and_shutdown(h).await;
}
