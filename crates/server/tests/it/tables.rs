//! The table rules of RULES.md §2 as the room enforces them, told as stories: seat changes come
//! before the waiting list, Hold'em deals to four players as in a casino, an idle table closes,
//! and logging out closes the session's connections. The books balance after every test.

use std::time::Duration;

use crate::common::{
    audit, audit_and_shutdown, get, guest_at_new_table, guests, post, server, server_and_guest,
    server_with, Client, WAIT,
};
use serde_json::{json, Value};
use tavolo_server::time::ManualClock;

/// The latest `table_state` of `table` that satisfies `f`.
async fn state(c: &mut Client, table: &str, f: impl Fn(&Value) -> bool) -> Value {
    c.wait_for(WAIT, |m| {
        m["type"] == "table_state" && m["table"] == table && f(m)
    })
    .await
}

async fn seat_of(c: &mut Client, table: &str) -> u64 {
    // `watch` answers with a fresh state for the asker (seated players may watch too).
    let _ = c.ask("watch", json!({"table": table})).await;
    let m = state(c, table, |m| m["you"]["seat"].is_u64()).await;
    m["you"]["seat"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_free_seat_goes_to_a_seat_change_request_before_the_waiting_list() {
    let (h, _dir) = server("seat-change").await;
    let [mut ann, mut bob, mut cat, mut dan] = guests(h.local_addr()).await;
    // Three seats, all needed to deal: sitting out, the three never start a hand, so the
    // seats move only by the rules under test.
    let table = ann
        .create_table(json!({"game": "holdem", "seats": 3}))
        .await;
    for c in [&mut ann, &mut bob] {
        c.join(&table).await;
        assert_eq!(
            c.ask("sit_out", json!({"table": table})).await["type"],
            "ack"
        );
    }
    cat.join(&table).await;
    let r = dan.ask("join", json!({"table": table})).await;
    assert_eq!(r["result"]["waiting"], 1, "the table is full: {r}");
    let (a, b) = (
        seat_of(&mut ann, &table).await,
        seat_of(&mut bob, &table).await,
    );

    // Refusals first: nothing changes.
    let r = dan.ask("change_seat", json!({"table": table})).await;
    assert_eq!(r["code"], "not_seated", "{r}");
    let r = ann
        .ask("change_seat", json!({"table": table, "seat": a}))
        .await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    let r = ann
        .ask("change_seat", json!({"table": table, "seat": 3}))
        .await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    let r = ann.ask("cancel_seat_change", json!({"table": table})).await;
    assert_eq!(r["code"], "not_allowed", "{r}");

    // Ann asks for Bob's seat; it is taken, so the request waits.
    let r = ann
        .ask("change_seat", json!({"table": table, "seat": b}))
        .await;
    assert_eq!(r["result"]["seat_change"], 1, "{r}");
    let m = state(&mut ann, &table, |m| !m["you"]["seat_change"].is_null()).await;
    assert_eq!(m["you"]["seat_change"], json!({"seat": b, "position": 1}));
    assert_eq!(m["you"]["seat"], a);

    // Bob leaves: his seat goes to Ann, and Ann's old seat to Dan, first on the waiting list.
    assert_eq!(
        bob.ask("leave", json!({"table": table})).await["type"],
        "ack"
    );
    let m = state(&mut ann, &table, |m| m["you"]["seat"] == b).await;
    assert!(m["you"]["seat_change"].is_null(), "served: {m}");
    let m = state(&mut dan, &table, |m| m["you"]["seat"].is_u64()).await;
    assert_eq!(m["you"]["seat"], a, "Dan gets the seat Ann left");
    let seats = m["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);

    // A request for any seat waits while the table is full, and can be withdrawn.
    let r = cat.ask("change_seat", json!({"table": table})).await;
    assert_eq!(r["result"]["seat_change"], 1, "{r}");
    let r = cat.ask("cancel_seat_change", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    for c in [&mut ann, &mut cat, &mut dan] {
        let _ = c.ask("leave", json!({"table": table})).await;
    }
    audit(&h).await;
    let report = h.store().audit().await.unwrap();
    assert_eq!(report.at_tables, 0, "every seat was cashed out: {report:?}");
    h.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_closes_the_sessions_websockets_and_only_those() {
    let (h, _dir, mut ann) = server_and_guest("logout").await;
    let addr = h.local_addr();
    let mut ann_tab = Client::with_session(addr, ann.session.clone()).await;
    let mut bob = Client::guest(addr).await;
    for c in [&mut ann, &mut ann_tab, &mut bob] {
        assert_eq!(c.ask("hello", json!({})).await["type"], "ack");
    }
    let r = post(addr, "/api/logout", "{}", Some(&ann.session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    for c in [&mut ann, &mut ann_tab] {
        let m = c.wait_for(WAIT, |m| m["type"] == "logged_out").await;
        assert_eq!(m["v"], 1);
        // Then the connection closes.
        let mut closed = false;
        for _ in 0..50 {
            if c.read(2).await.is_none() {
                closed = true;
                break;
            }
        }
        assert!(closed, "the connection stayed open");
    }
    assert_eq!(
        bob.ask("hello", json!({})).await["type"],
        "ack",
        "Bob is still connected"
    );
    // The ended session cannot open a new connection.
    assert!(tavolo_server::client::ws(addr, Some(&ann.session), None)
        .await
        .is_err());
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_whose_result_the_books_refuse_stops_the_table_and_says_so() {
    use tavolo_store::{Account, Journal};
    let options = json!({"game": "draw", "seats": 2, "bots": 1, "bot_level": "station"});
    let (h, _dir, mut ann, table) = guest_at_new_table("refused", options).await;
    let addr = h.local_addr();
    // Ann is dealt in and has anted; it is her turn.
    let m = state(&mut ann, &table, |m| {
        m["hand"].is_string() && m["legal"].as_array().is_some_and(|l| !l.is_empty())
    })
    .await;
    let hand = m["hand"].clone();
    // Somebody takes the chips off Ann's seat behind the table's back: the books no longer
    // hold what the table dealt her in with.
    let uid = h
        .store()
        .session_user(&ann.session)
        .await
        .unwrap()
        .unwrap()
        .id;
    let seat = Account::Seat {
        table: table.clone(),
        user: uid,
    };
    let held = h.store().balance(&seat).await.unwrap();
    let theft = Journal::move_chips("test:theft", "test", seat, Account::House, held);
    h.store().transfer(&theft).await.unwrap();
    // Ann folds: she loses her ante, which her seat's account cannot pay.
    let r = ann.act(&table, &hand, json!({"action": "fold"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let m = state(&mut ann, &table, |m| m["halted"].is_string()).await;
    let why = m["halted"].as_str().unwrap();
    assert!(why.contains("refused"), "the players are told why: {why}");
    // The table deals no more and takes nobody new.
    let mut bob = Client::guest(addr).await;
    let r = bob.ask("join", json!({"table": table})).await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    assert!(r["message"].as_str().unwrap().contains("stopped"), "{r}");
    assert!(m["hand"].is_null(), "the hand is void: {m}");
    let lobby = get(addr, "/api/tables", None).await.json();
    let row = lobby["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table)
        .cloned()
        .unwrap_or_default();
    assert_eq!(row["state"], "waiting", "no hand is dealt: {lobby}");
    // The room counts it; the books void the hand (a hand is never left unsettled), and the
    // books balance once the table is closed.
    let metrics = crate::common::metrics(&h).await;
    assert!(
        metrics.body.contains("tavolo_ledger_refusals_total 1"),
        "{}",
        metrics.body
    );
    let store = h.store().clone();
    h.shutdown().await;
    let hand_id: i64 = hand
        .as_str()
        .unwrap()
        .trim_start_matches("h-")
        .parse()
        .unwrap();
    let stored = store.hand(tavolo_store::HandId(hand_id)).await.unwrap();
    assert_eq!(
        stored.status, "voided",
        "the refused hand is voided in the books"
    );
    let report = store.audit().await.unwrap();
    assert!(report.balanced(), "{report:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_adds_bots_later_and_a_table_that_waits_says_how_many_it_needs() {
    let (h, _dir) = server("addbot").await;
    let [mut ada, mut bob] = guests(h.local_addr()).await;
    // The lobby form's defaults: six seats, no bots.
    let table = ada.open_table(json!({"game": "holdem"})).await;
    let lobby = get(h.local_addr(), "/api/tables", None).await.json();
    let row = lobby["tables"]
        .as_array()
        .and_then(|t| t.iter().find(|r| r["id"] == table.as_str()))
        .cloned()
        .expect("the table is listed");
    assert_eq!(
        (row["min_players"].as_u64(), row["seated"].as_u64()),
        (Some(4), Some(1))
    );
    // Only the creator adds bots.
    bob.join(&table).await;
    let r = bob.ask("add_bot", json!({"table": table})).await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    for _ in 0..2 {
        let r = ada.ask("add_bot", json!({"table": table})).await;
        assert_eq!(r["type"], "ack", "{r}");
        assert!(r["result"]["seat"].is_u64(), "{r}");
    }
    // Four players now: the first hand is dealt, with bots named as people are.
    let m = state(&mut ada, &table, |m| m["hand"].is_string()).await;
    let bots: Vec<&str> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["bot"] == true)
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(bots.len(), 2, "{m}");
    assert_ne!(bots[0], bots[1]);
    assert!(bots.iter().all(|n| n.ends_with(" (rules)")), "{bots:?}");
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_chat_reaches_the_table_is_limited_and_stays_out_of_the_hand_record() {
    // On a clock that moves only when told: the writer's limit gives no line back while the
    // test runs, however slow the machine.
    let clock = ManualClock::new();
    let (h, _dir) = server_with("chat", |c| c.time = clock.time()).await;
    let [mut ada, mut bob, mut eve] = guests(h.local_addr()).await;
    let table = ada
        .open_table(json!({"game": "holdem", "seats": 2, "clock_secs": 60}))
        .await;
    bob.join(&table).await;
    let r = eve.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    // A player's line reaches everybody at the table, spectators too, as sent.
    let text = "<b>nice hand</b> & 🍀";
    let r = ada.ask("chat", json!({"table": table, "text": text})).await;
    assert_eq!(r["type"], "ack", "{r}");
    for c in [&mut bob, &mut eve] {
        let m = c.wait_for(WAIT, |m| m["type"] == "chat").await;
        assert_eq!(m["lines"][0]["text"], text, "{m}");
        assert!(m["lines"][0]["seat"].is_u64(), "a player's line: {m}");
    }
    // Spectators write only where the table lets them.
    let r = eve
        .ask("chat", json!({"table": table, "text": "hello"}))
        .await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    // Empty, over-long and multi-line lines are refused by the protocol, by name.
    for bad in ["   ", &"x".repeat(201), "two\nlines"] {
        let r = ada.ask("chat", json!({"table": table, "text": bad})).await;
        assert_eq!(r["code"], "malformed", "{bad:?}: {r}");
    }
    // Five lines at once, then the writer waits.
    let mut limited = 0;
    for i in 0..6 {
        let r = bob
            .ask("chat", json!({"table": table, "text": format!("gg {i}")}))
            .await;
        if r["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert_eq!(limited, 1);
    // Whoever arrives gets the lines kept so far.
    let [mut late] = guests(h.local_addr()).await;
    let r = late.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let m = late.wait_for(WAIT, |m| m["type"] == "chat").await;
    assert_eq!(m["lines"].as_array().map(Vec::len), Some(6), "{m}");
    // Chat is never part of a hand's record: both players leave, the server plays their hand
    // out, and it is recorded.
    let m = state(&mut ada, &table, |m| m["hand"].is_string()).await;
    let hand = m["hand"].as_str().unwrap().to_string();
    for c in [&mut ada, &mut bob] {
        let r = c.ask("leave", json!({"table": table})).await;
        assert_eq!(r["type"], "ack", "{r}");
    }
    let mut record = None;
    let give_up = std::time::Instant::now() + Duration::from_secs(WAIT);
    while std::time::Instant::now() < give_up {
        let rec = get(
            h.local_addr(),
            &format!("/api/history/{hand}"),
            Some(&ada.session),
        )
        .await;
        if rec.status == 200 {
            record = Some(rec.body);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let record = record.expect("the hand was recorded");
    assert!(
        !record.contains("nice hand") && !record.contains("gg 1"),
        "{record}"
    );
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_finds_one_open_table_of_each_game_and_hold_em_structure_with_bots() {
    let (h, _dir) = server_with("starters", |c| c.starter_tables = true).await;
    let mut games = Vec::new();
    let mut tables = Vec::new();
    for _ in 0..600 {
        let lobby = get(h.local_addr(), "/api/tables", None).await.json();
        tables = (lobby["tables"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter())
        .filter(|t| t["bots"].as_u64().unwrap_or(0) > 0 && t["state"] != "closed")
        .collect::<Vec<_>>();
        games = (tables.iter())
            .map(|t| format!("{} {}", t["game"].as_str().unwrap_or(""), t["structure"]))
            .collect();
        if games.len() >= 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    games.sort();
    assert_eq!(
        games,
        vec![
            "draw \"nl\"",
            "holdem \"limit\"",
            "holdem \"nl\"",
            "holdem \"pl\"",
            "saint null"
        ]
    );
    // Issue 49, finding 10: the Limit table's stakes are its bets, and its cap is told; each
    // table of bots says what a deal needs of a newcomer (none: the bots wait for one).
    let limit = (tables.iter())
        .find(|t| t["structure"] == "limit")
        .expect("the Limit table");
    assert_eq!(limit["stakes"], "2/4", "{limit}");
    assert_eq!(
        limit["limit_cap"],
        json!({"max_bets": 4, "lifted_heads_up": true}),
        "{limit}"
    );
    for t in &tables {
        let needed = t["needed"].as_u64().expect("needed");
        let want = if t["game"] == "saint" { 1 } else { 0 };
        assert_eq!(needed, want, "{t}");
    }
    // A newcomer joins the Hold'em one and is dealt in at once.
    let [mut ada] = guests(h.local_addr()).await;
    let lobby = get(h.local_addr(), "/api/tables", None).await.json();
    let holdem = (lobby["tables"].as_array().unwrap().iter())
        .find(|t| t["game"] == "holdem")
        .and_then(|t| t["id"].as_str())
        .unwrap()
        .to_string();
    ada.join(&holdem).await;
    let m = state(&mut ada, &holdem, |m| m["you"]["hand_seat"].is_u64()).await;
    assert!(m["hand"].is_string(), "{m}");
    audit_and_shutdown(h).await;
}

/// Issue 50, finding 3: the chat limit was kept per connection, so leaving and joining again (or
/// writing from another socket) gave a fresh burst: 82 lines in 10 s instead of 10. The limit
/// is the person's: one account writing from a new socket every half second, leaving and
/// joining the table each time, gets 5 lines at once and one every 2 s after — at most 10 in
/// 10 s of the room's time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chat_limit_was_forgotten_on_leave_and_join_and_per_socket() {
    let clock = ManualClock::new();
    let (h, _dir) = server_with("chat-person", |c| {
        c.time = clock.time();
        c.max_ws_per_session = 32;
    })
    .await;
    let [mut ada] = guests(h.local_addr()).await;
    let table = ada
        .open_table(json!({"game": "holdem", "seats": 2, "clock_secs": 60}))
        .await;
    let mut sockets = vec![ada];
    let mut passed = 0;
    // 20 steps of half a second: 0 s to 9.5 s of the room's time.
    for step in 0..20 {
        let session = sockets[0].session.clone();
        let mut fresh = Client::with_session(h.local_addr(), session).await;
        // Sequence numbers of its own: a `seq` the session already used gets its first answer
        // again, with no effect.
        fresh.seq = 1000 * (step + 1);
        let r = fresh.ask("leave", json!({"table": table})).await;
        assert_eq!(r["type"], "ack", "{r}");
        fresh.join(&table).await;
        sockets.push(fresh);
        for c in sockets.iter_mut() {
            for i in 0..3 {
                let r = c
                    .ask(
                        "chat",
                        json!({"table": table, "text": format!("{step}.{i}")}),
                    )
                    .await;
                match r["type"].as_str() {
                    Some("ack") => passed += 1,
                    _ => assert_eq!(r["code"], "rate_limited", "{r}"),
                }
            }
        }
        clock.advance(Duration::from_millis(500));
    }
    // A burst of 5 at 0 s, then one line at 2, 4, 6 and 8 s.
    assert_eq!(passed, 9, "lines through in 10 s from one account");
    // The table kept exactly those: somebody arriving now gets them.
    let [mut late] = guests(h.local_addr()).await;
    let r = late.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let m = late.wait_for(WAIT, |m| m["type"] == "chat").await;
    assert_eq!(m["lines"].as_array().map(Vec::len), Some(9), "{m}");
    audit_and_shutdown(h).await;
}
