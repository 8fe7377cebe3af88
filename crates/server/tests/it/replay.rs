//! `GET /api/history/{id}/replay`: every finished hand a test played, replayed by the room as
//! its player may see it, is read against `docs/protocol.schema.json` by a JSON Schema validator
//! the project did not write (boon, `common::conforms`), and leaks no card its asker could not
//! see at the end of the hand; only the hand's players may replay it.

use std::net::SocketAddr;

use serde_json::Value;

use crate::common::{conforms, get};

/// Replays up to `most` finished hands of the history of `session` and checks each reply;
/// `stranger` (not in the hands) is refused. Returns how many hands were replayed.
pub async fn replays(addr: SocketAddr, session: &str, stranger: &str, most: usize) -> usize {
    let items = get(addr, "/api/history", Some(session)).await.json();
    let mut n = 0;
    for item in items["items"].as_array().expect("items") {
        if item["status"] != "finished" || n >= most {
            continue;
        }
        let id = item["id"].as_str().expect("id");
        let reply = get(addr, &format!("/api/history/{id}/replay"), Some(session)).await;
        assert_eq!(reply.status, 200, "{id}: {}", reply.body);
        let r = reply.json();
        conforms(&r, "ReplayReply");
        check(&r, item);
        let all = get(
            addr,
            &format!("/api/history/{id}/replay?reveal=all"),
            Some(session),
        )
        .await
        .json();
        conforms(&all, "ReplayReply");
        assert_eq!(all["revealed"], true);
        assert!(
            last(&all)["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .all(|s| s["cards"]
                    .as_array()
                    .expect("cards")
                    .iter()
                    .all(Value::is_string)),
            "{id}: reveal=all shows every card held"
        );
        let other = get(addr, &format!("/api/history/{id}/replay"), Some(stranger)).await;
        assert_eq!(other.status, 403, "a replay is for the hand's players only");
        n += 1;
    }
    let bad = get(addr, "/api/history/h-1/replay?reveal=some", Some(session)).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    n
}

fn last(r: &Value) -> &Value {
    r["steps"].as_array().and_then(|s| s.last()).expect("steps")
}

/// One replay as its asker sees it: the last step holds the result; a seat that is not the
/// asker's and never showed has no card face up, in the steps or in their events.
fn check(r: &Value, item: &Value) {
    let id = &item["id"];
    assert_eq!(r["game"], item["game"], "{id}");
    assert_eq!(r["revealed"], false);
    let viewer = r["viewer"].as_u64().map(|v| v as usize);
    assert!(
        viewer.is_some(),
        "{id}: the asker is found among the players"
    );
    let result = &last(r)["result"];
    assert!(
        result.is_object(),
        "{id}: the last step has the result: {r}"
    );
    let mut shown: Vec<usize> = (result["hands"].as_array().expect("hands").iter())
        .filter_map(|h| h["seat"].as_u64().map(|s| s as usize))
        .collect();
    if r["game"] == "saint" {
        // Saint Poker shows pairs, never a hand: only the asker's hand is face up.
        shown.clear();
    } else {
        let paid: u64 = (result["pots"].as_array().expect("pots").iter())
            .map(|p| {
                let shares: u64 = (p["winners"].as_array().expect("winners").iter())
                    .map(|w| w["amount"].as_u64().expect("amount"))
                    .sum();
                assert_eq!(p["amount"].as_u64(), Some(shares), "{id}: {p}");
                shares
            })
            .sum();
        assert_eq!(
            last(r)["pot"].as_u64(),
            Some(paid + result["carried"].as_u64().expect("carried")),
            "{id}"
        );
    }
    for step in r["steps"].as_array().expect("steps") {
        for (s, seat) in step["seats"].as_array().expect("seats").iter().enumerate() {
            if Some(s) == viewer || shown.contains(&s) {
                continue;
            }
            assert!(
                seat["cards"]
                    .as_array()
                    .expect("cards")
                    .iter()
                    .all(Value::is_null),
                "{id}: seat {s}'s cards leak: {step}"
            );
        }
        for e in step["events"].as_array().expect("events") {
            let seat = e["seat"].as_u64().map(|s| s as usize);
            let private = matches!(
                e["event"].as_str(),
                Some("hole_dealt" | "dealt" | "exchanged")
            );
            if private && seat != viewer && !seat.is_some_and(|s| shown.contains(&s)) {
                for k in ["card", "cards", "discarded", "drawn"] {
                    assert!(e[k].is_null(), "{id}: a hidden card in {e}");
                }
            }
        }
    }
}
