//! Five-Card Draw and Saint Poker over WebSockets with scripted humans and bots; Saint Poker's
//! simultaneous choices stay secret until the reveal.

use std::collections::HashSet;
use std::time::Duration;

use crate::common::{
    audit_and_shutdown, choose_betting, conforms, get, guest_at_new_table, guests, server, Client,
    LeakCheck, WAIT,
};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_five_card_draw_with_bots() {
    let options = json!({"game": "draw", "seats": 4, "bots": 3, "bot_level": "rules",
        "ante": 5, "buy_in": 500, "rebuy": 500, "clock_secs": 30});
    let (h, dir, mut human, table) = guest_at_new_table("draw", options).await;
    let mut hands = HashSet::new();
    let mut leaks = LeakCheck::default();
    let (mut n, mut exchanges) = (0, 0);
    while hands.len() < 30 {
        let m = human.next(30).await.expect("the table goes on");
        if m["type"] != "table_state" {
            continue;
        }
        leaks.check(&m);
        if let Some(p) = m["previous"]["hand"].as_str() {
            hands.insert(p.to_string());
        }
        if !human.inbox.is_empty() || m["hand"].is_null() || m["view"]["over"] == true {
            if m["you"]["seat"].is_null() && m["you"]["waiting"].is_null() {
                let r = human.ask("join", json!({"table": table})).await;
                assert!(r["type"] == "ack" || r["code"] == "already_seated", "{r}");
            }
            continue;
        }
        let legal = m["legal"].as_array().cloned().unwrap_or_default();
        // Folding out of turn is legal in Draw; only act when it is our turn.
        if m["view"]["to_act"] != m["you"]["hand_seat"] || legal.is_empty() {
            if m["you"]["hand_seat"].is_null()
                && m["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s["seat"] == m["you"]["seat"] && s["chips"] == 0)
            {
                let _ = human.ask("rebuy", json!({"table": table})).await;
            }
            continue;
        }
        n += 1;
        let action = choose_betting(&m["legal"], n, &m["view"]);
        if action["action"] == "exchange" {
            exchanges += 1;
        }
        human.act_or_late(&table, &m["hand"], action).await;
    }
    assert!(
        n > 10 && exchanges > 0,
        "{n} actions, {exchanges} exchanges"
    );
    let items = get(h.local_addr(), "/api/history", Some(&human.session))
        .await
        .json();
    let id = items["items"][0]["id"]
        .as_str()
        .expect("a hand in the history")
        .to_string();
    let rec = get(
        h.local_addr(),
        &format!("/api/history/{id}"),
        Some(&human.session),
    )
    .await;
    assert!(rec.json().is_object(), "a JSON record: {}", rec.body);
    // Every hand the room recorded is a whole proof: the record is exactly the hand its seed
    // and actions give (issue 50, finding 1: `tavolo verify` is as strict).
    let mut proved = 0;
    for item in items["items"].as_array().expect("items") {
        if item["status"] != "finished" {
            continue;
        }
        let id = item["id"].as_str().expect("id");
        let fair = get(
            h.local_addr(),
            &format!("/api/fairness/{id}"),
            Some(&human.session),
        )
        .await
        .json();
        let seed = tavolo_server::fairness::bytes32(fair["seed"].as_str().expect("seed"))
            .expect("32 bytes");
        let record =
            tavolo_engine::draw::DrawRecord::from_json(fair["record"].as_str().expect("a record"))
                .expect("a draw record");
        record
            .prove(seed)
            .unwrap_or_else(|e| panic!("{id}: {e}\n{}", record.to_json()));
        proved += 1;
    }
    assert!(proved >= 10, "{proved} hands proved");
    let stranger = crate::common::Client::guest(h.local_addr()).await;
    let replayed =
        crate::replay::replays(h.local_addr(), &human.session, &stranger.session, 10).await;
    assert!(replayed >= 5, "{replayed} hands replayed");
    audit_and_shutdown(h).await;
    audit_after(&dir).await;
}

/// Opens the database again after a shutdown and checks the books.
async fn audit_after(dir: &std::path::Path) {
    let store = tavolo_store::Store::open_in_dir(dir).await.unwrap();
    let report = store.audit().await.unwrap();
    assert!(report.balanced(), "{:?}", report.problems);
    assert_eq!(report.hands_playing, 0, "a hand was left in play");
}

/// Plays Saint Poker's choices for a client: the first legal action.
fn saint_choice(m: &Value) -> Option<Value> {
    let legal = m["legal"].as_array()?;
    let first = legal.first()?;
    let mut a = first.clone();
    a.as_object_mut()?.remove("player");
    Some(a)
}

/// The client's current state: `hello` makes the table send it again.
async fn current(c: &mut Client) -> Value {
    c.inbox.clear();
    let r = c.ask("hello", json!({})).await;
    assert_eq!(r["type"], "ack");
    // After the ack: the lobby, then the table's state.
    c.inbox.clear();
    c.wait_for(WAIT, |m| m["type"] == "lobby").await;
    let mut m = c.wait_for(WAIT, |m| m["type"] == "table_state").await;
    while let Ok(Some(n)) = tokio::time::timeout(Duration::from_millis(30), c.next(1)).await {
        if n["type"] == "table_state" {
            m = n;
        }
    }
    // Saint Poker's view and choices as the protocol's schema types them
    conforms(&m, "TableState");
    m
}

fn pending(m: &Value) -> bool {
    m["hand"].is_string()
        && m["legal"].as_array().is_some_and(|l| !l.is_empty())
        && m["view"]["my_choice"].is_null()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saint_poker_games_with_two_humans_keep_choices_secret_until_the_reveal() {
    let (h, dir) = server("saint").await;
    let [mut a, mut b] = guests(h.local_addr()).await;
    let table = a
        .open_table(
            json!({"game": "saint", "seats": 3, "bots": 1, "bot_level": "greedy",
            "stake": 100, "clock_secs": 60}),
        )
        .await;
    b.join(&table).await;
    let mut games = HashSet::new();
    let mut secret = 0;
    let mut steps = 0;
    while games.len() < 2 {
        steps += 1;
        assert!(steps < 2000, "no progress");
        let ma = current(&mut a).await;
        let mb = current(&mut b).await;
        for m in [&ma, &mb] {
            if let Some(p) = m["previous"]["hand"].as_str() {
                games.insert(p.to_string());
            }
        }
        // After a game, each plays again (a game starts only when its players ask).
        for (c, m) in [(&mut a, &ma), (&mut b, &mb)] {
            if m["you"]["sitting_out"] == true {
                let r = c.ask("sit_in", json!({"table": table})).await;
                assert_eq!(r["type"], "ack", "{r}");
            }
        }
        let phase = ma["view"]["phase"].as_str().unwrap_or("").to_string();
        let hand = ma["hand"].clone();
        if (phase == "place" || phase == "show") && pending(&ma) && pending(&mb) {
            let r = a.act(&table, &hand, saint_choice(&ma).unwrap()).await;
            assert_eq!(r["type"], "ack", "{r}");
            // Nothing at all reaches B while it still has to choose.
            let heard = tokio::time::timeout(Duration::from_millis(300), b.read(1)).await;
            assert!(
                !matches!(heard, Ok(Some(_))),
                "B heard of A's choice: {heard:?}"
            );
            let r = b.act(&table, &hand, saint_choice(&mb).unwrap()).await;
            assert_eq!(r["type"], "ack", "{r}");
            let ra = a
                .wait_for(WAIT, |m| {
                    m["type"] == "table_state" && !m["events"].as_array().unwrap().is_empty()
                })
                .await;
            let rb = b
                .wait_for(WAIT, |m| {
                    m["type"] == "table_state" && !m["events"].as_array().unwrap().is_empty()
                })
                .await;
            assert_eq!(ra["events"], rb["events"], "the reveal differs");
            // Each viewer counts their own states: A's choice moved nothing of B's.
            assert_eq!(
                rb["version"].as_u64(),
                mb["version"].as_u64().map(|v| v + 1),
                "B's count moved with A's secret choice: {} then {}",
                mb["version"],
                rb["version"]
            );
            let key = if phase == "place" { "placed" } else { "shown" };
            assert!(
                !ra["view"][key].is_null() || ra["hand"] != hand,
                "no reveal: {ra}"
            );
            secret += 1;
            continue;
        }
        for (c, m) in [(&mut a, &ma), (&mut b, &mb)] {
            if pending(m) {
                c.act_or_late(&table, &m["hand"], saint_choice(m).unwrap())
                    .await;
            }
        }
        if !pending(&ma) && !pending(&mb) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert!(secret >= 16, "{secret} simultaneous choices checked");
    audit_and_shutdown(h).await;
    audit_after(&dir).await;
}

/// Saint Poker's expert bots think on the blocking pool, several at once in a simultaneous
/// phase; their choices come back to the table and a whole game with a human is played out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saint_poker_game_with_expert_bots_thinking_off_the_tables_task() {
    let options = json!({"game": "saint", "seats": 3, "bots": 2, "bot_level": "regular",
        "clock_secs": 60});
    let (h, _dir, mut a, table) = guest_at_new_table("saint-expert", options).await;
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(steps < 2000, "no progress");
        let m = current(&mut a).await;
        if m["previous"]["hand"].is_string() {
            // A game is over (the next may have begun): it is in the human's history.
            let items = get(h.local_addr(), "/api/history", Some(&a.session))
                .await
                .json();
            assert_eq!(items["items"][0]["status"], "finished", "{items}");
            assert_eq!(items["items"][0]["game"], "saint", "{items}");
            let stranger = crate::common::Client::guest(h.local_addr()).await;
            let replayed =
                crate::replay::replays(h.local_addr(), &a.session, &stranger.session, 1).await;
            assert_eq!(replayed, 1);
            break;
        }
        if pending(&m) {
            let r = a.act(&table, &m["hand"], saint_choice(&m).unwrap()).await;
            assert!(r["type"] == "ack" || r["code"] == "stale_hand", "{r}");
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    audit_and_shutdown(h).await;
}

async fn balance(c: &Client) -> i64 {
    let me = get(c.addr, "/api/me", Some(&c.session)).await.json();
    me["user"]["balance"].as_i64().expect("a balance")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_saint_poker_game_stays_on_its_results_until_the_player_plays_again() {
    let options = json!({"game": "saint", "seats": 2, "bots": 1, "bot_level": "random",
        "stake": 100, "clock_secs": 60});
    let (h, _dir, mut a, table) = guest_at_new_table("saint-again", options).await;
    let mut steps = 0;
    let over = loop {
        steps += 1;
        assert!(steps < 2000, "no progress");
        let m = current(&mut a).await;
        if m["previous"]["hand"].is_string() {
            break m;
        }
        if pending(&m) {
            a.act_or_late(&table, &m["hand"], saint_choice(&m).unwrap())
                .await;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    // (story) the game that ended stays on the felt with its results: every round's points,
    // and what each player won of the stakes.
    let game = over["previous"]["hand"].clone();
    assert_eq!(over["hand"], game, "{over}");
    assert_eq!(over["view"]["phase"], "over", "{over}");
    assert_eq!(over["you"]["sitting_out"], true, "{over}");
    let r = &over["result"];
    assert_eq!(r["rounds"].as_array().map(Vec::len), Some(8), "{r}");
    let won: u64 = (r["stakes_won"].as_array().unwrap().iter())
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!((won, r["stake"].as_u64()), (200, Some(100)), "{r}");
    // Nothing happens without the player: no new game, no stake taken. (The table deals, if it
    // can, whenever it has handled a command: `hello` is one, so after it a game would be on.)
    let before = balance(&a).await;
    current(&mut a).await;
    let still = current(&mut a).await;
    assert_eq!(still["hand"], game, "a new game started by itself: {still}");
    assert_eq!(balance(&a).await, before, "a stake was taken unasked");
    // "Play again": a new game, and its stake.
    let r = a.ask("sit_in", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let next = a
        .wait_for(WAIT, |m| {
            m["type"] == "table_state" && m["hand"].is_string() && m["hand"] != game
        })
        .await;
    assert_eq!(next["view"]["round"], 1, "{next}");
    assert_eq!(balance(&a).await, before - 100);
    audit_and_shutdown(h).await;
}
