//! RULES.md §1 Information over the wire: in Saint Poker a player sees their own hand, the
//! centre, the preview, placed and shown cards once revealed, and the draft — never another
//! player's hand or the draw pile. 500 games (4,000 rounds) with a scripted player and a spectator;
//! afterwards each game's record (the ground truth: every hand dealt, every card placed, shown
//! and picked) says which cards each message was allowed to hold, by round and phase.

use std::collections::{HashMap, HashSet};

use crate::common::{audit, cards_in, get, server, Client};
use serde_json::{json, Value};
use tavolo_engine::saint::SaintRecord;

/// The cards a viewer may know at `round`/`phase` of the game `r`, besides their own hand:
/// the first centre, the previews drawn so far, and the placed cards, shown pairs and picks of
/// the rounds revealed by then.
fn public_cards(r: &SaintRecord, round: u64, phase: &str) -> HashSet<String> {
    let mut out: HashSet<String> = r.deal.centre.iter().map(|c| c.to_string()).collect();
    for rec in &r.rounds {
        let n = u64::from(rec.round);
        if n > round {
            break;
        }
        out.extend(rec.preview.iter().map(|c| c.to_string()));
        let placed = n < round || phase != "place";
        let shown = n < round || phase == "draft" || phase == "over";
        if placed {
            out.extend(rec.placed.iter().map(|c| c.to_string()));
        }
        if shown {
            for h in &rec.hands {
                out.extend(h.shown.iter().map(|c| c.to_string()));
            }
            if let Some(d) = &rec.draft {
                out.extend(d.picks.iter().map(|p| p.card.to_string()));
            }
        }
    }
    out
}

/// Every card in `m` must be the viewer's own (`own`) or public by the message's round and
/// phase. Returns how many cards were checked.
fn check(m: &Value, r: &SaintRecord, own: &HashSet<String>, who: &str) -> usize {
    let view = &m["view"];
    let round = view["round"].as_u64().unwrap_or(0);
    let phase = view["phase"].as_str().unwrap_or("");
    let public = public_cards(r, round, phase);
    let mut seen = HashSet::new();
    cards_in(m, &mut seen);
    let leaked: Vec<&String> = seen
        .iter()
        .filter(|c| !own.contains(*c) && !public.contains(*c))
        .collect();
    assert!(
        leaked.is_empty(),
        "{who} was sent {leaked:?} in round {round}, phase {phase}: {m}"
    );
    seen.len()
}

/// The first legal choice, without its `player` field.
fn first_choice(m: &Value) -> Option<Value> {
    let mut a = m["legal"].as_array()?.first()?.clone();
    a.as_object_mut()?.remove("player");
    Some(a)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_saint_poker_card_reaches_a_player_or_a_spectator_before_the_rules_reveal_it() {
    const GAMES: usize = 500;
    let (h, _dir) = server("saint-leaks").await;
    let addr = h.local_addr();
    let mut human = Client::guest(addr).await;
    let table = human
        .create_table(
            json!({"game": "saint", "seats": 3, "bots": 2, "bot_level": "random",
            "clock_secs": 60}),
        )
        .await;
    let mut spectator = Client::guest(addr).await;
    assert_eq!(
        spectator.ask("watch", json!({"table": table})).await["type"],
        "ack"
    );
    let watching = tokio::spawn(async move {
        let mut states = Vec::new();
        while let Some(m) = spectator.next(60).await {
            if m["type"] == "table_closed" {
                break;
            }
            if m["type"] == "table_state" && m["hand"].is_string() {
                states.push(m);
            }
        }
        states
    });
    human.join(&table).await;
    // Play: the first legal choice whenever one is due, on the latest state only.
    let mut states: Vec<Value> = Vec::new();
    let mut finished: Vec<String> = Vec::new();
    let mut my_seat: HashMap<String, usize> = HashMap::new();
    while finished.len() < GAMES {
        let m = human.next(30).await.expect("the table goes on");
        if m["type"] != "table_state" {
            continue;
        }
        if m["you"]["sitting_out"] == true && human.inbox.is_empty() {
            // A game is over: play again.
            let r = human.ask("sit_in", json!({"table": table})).await;
            assert_eq!(r["type"], "ack", "{r}");
            continue;
        }
        if let Some(p) = m["previous"]["hand"].as_str() {
            if !finished.iter().any(|f| f == p) {
                finished.push(p.to_string());
            }
        }
        let Some(game) = m["hand"].as_str().map(str::to_string) else {
            continue;
        };
        if let Some(s) = m["you"]["hand_seat"].as_u64() {
            my_seat.insert(game.clone(), s as usize);
        }
        states.push(m.clone());
        let due = m["view"]["over"] != true
            && m["legal"].as_array().is_some_and(|l| !l.is_empty())
            && m["view"]["my_choice"].is_null();
        if due && human.inbox.is_empty() {
            if let Some(a) = first_choice(&m) {
                human.act_or_late(&table, &json!(game), a).await;
            }
        }
    }
    // The ground truth: each finished game's record, from the human's history.
    let mut records: HashMap<String, SaintRecord> = HashMap::new();
    for game in &finished {
        let r = get(addr, &format!("/api/history/{game}"), Some(&human.session)).await;
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        let rec: SaintRecord = serde_json::from_str(&r.body).expect("a Saint Poker record");
        // The fairness bundle's seed proves the whole game (issue 50, finding 1).
        let fair = get(addr, &format!("/api/fairness/{game}"), Some(&human.session))
            .await
            .json();
        let seed = tavolo_server::fairness::bytes32(fair["seed"].as_str().expect("a seed"))
            .expect("32 bytes");
        tavolo_engine::saint::prove_record(&rec, seed).expect("a whole game the seed deals");
        records.insert(game.clone(), rec);
    }
    let _ = human.ask("leave", json!({"table": table})).await;
    audit(&h).await;
    h.shutdown().await;
    let watched = watching.await.unwrap();

    let (mut cards, mut messages) = (0, 0);
    for m in &states {
        let game = m["hand"].as_str().unwrap_or("");
        let (Some(r), Some(&seat)) = (records.get(game), my_seat.get(game)) else {
            continue; // the game still in play when the test stopped
        };
        let own: HashSet<String> = r.deal.hands[seat].iter().map(|c| c.to_string()).collect();
        cards += check(m, r, &own, "the player");
        messages += 1;
    }
    let none = HashSet::new();
    for m in &watched {
        let Some(r) = records.get(m["hand"].as_str().unwrap_or("")) else {
            continue;
        };
        cards += check(m, r, &none, "the spectator");
        messages += 1;
    }
    assert!(
        messages > GAMES * 40 && cards > messages,
        "{messages} messages and {cards} cards checked"
    );
}
