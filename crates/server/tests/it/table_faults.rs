//! Regression tests for four faults of the table model, told as stories over the wire protocol
//! (docs/protocol.md) against a real server, with RULES.md §2 (Table, Positions) as the
//! authority:
//!
//! 1. when the small blind sits out, the button skipped a seat, so the player who should pay
//!    the big blind next skipped it for the orbit;
//! 2. a newly arriving player took a free seat around the waiting list, or around a pending
//!    seat change;
//! 3. a player joining from two places at once (two logins of one account) could end up
//!    unseated with the buy-in stranded in the seat's account;
//! 4. a seat whose buy-in was still being booked counted the hands dealt meanwhile as missed,
//!    was freed after three, and the buy-in's answer then found no seat (now no hand is dealt
//!    while a player's buy-in is on its way).
//!
//! Slow bookings are made deterministic with the test hook `Config::funding_gate`: a player's
//! buy-in waits for a permit of that semaphore before it is booked. (Holding a write lock on
//! the SQLite file from the test does not queue a booking: the store's transfer starts as a
//! read and SQLite refuses its upgrade to a write at once, "database is locked", without
//! waiting.) Nothing here sleeps to decide an outcome: every wait is for the message that
//! tells it.

use std::path::PathBuf;
use std::sync::Arc;

use crate::common::{
    audit, audit_and_shutdown, get, guest_at_new_table, guests, post, server, server_with, Client,
    WAIT,
};
use serde_json::{json, Value};
use tavolo_server::ServerHandle;
use tavolo_store::Account;
use tokio::sync::Semaphore;

/// The next `table_state` of `table` that satisfies `f` (others are dropped).
async fn state(c: &mut Client, table: &str, f: impl Fn(&Value) -> bool) -> Value {
    c.wait_for(WAIT, |m| {
        m["type"] == "table_state" && m["table"] == table && f(m)
    })
    .await
}

/// A server whose buy-ins wait for a permit of the returned funding gate (closed at first).
async fn gated_server(tag: &str) -> (ServerHandle, PathBuf, Arc<Semaphore>) {
    let gate = Arc::new(Semaphore::new(0));
    let g = gate.clone();
    let (h, dir) = server_with(tag, |c| c.funding_gate = Some(g)).await;
    (h, dir, gate)
}

/// The options of a Hold'em table of `seats` for short-handed play (two players deal) with
/// `bots` station bots and a clock that never runs out during a test.
fn short_handed(seats: u64, bots: u64) -> Value {
    json!({"game": "holdem", "seats": seats, "min_players": 2, "bots": bots,
        "bot_level": "station", "clock_secs": 600})
}

/// Whether a `table_state` offers its viewer something to do in a hand in play.
fn to_act(m: &Value) -> bool {
    m["hand"].is_string()
        && m["view"]["over"] == false
        && m["legal"].as_array().is_some_and(|l| !l.is_empty())
}

/// Check if free, else call, else fold.
fn passive(legal: &Value) -> Value {
    let has = |k: &str| {
        legal
            .as_array()
            .is_some_and(|l| l.iter().any(|a| a["action"] == k))
    };
    let action = ["check", "call"]
        .into_iter()
        .find(|&k| has(k))
        .unwrap_or("fold");
    json!({ "action": action })
}

/// Acts for `c` on the hand of state `m`; a late action (the hand moved on) is fine.
async fn act(c: &mut Client, table: &str, m: &Value, action: Value) {
    c.act_or_late(table, &m["hand"], action).await;
}

/// The table seats that posted the small and the big blind, from a state's `blind` events
/// (hand seats, posted in order from the left of the button: small, then big) and its
/// `hand_seats`.
fn blinds_in(m: &Value) -> Vec<u64> {
    let hand_seats = m["hand_seats"].as_array().cloned().unwrap_or_default();
    m["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["event"] == "blind")
        .map(|e| {
            let hs = e["seat"].as_u64().expect("a blind's seat") as usize;
            hand_seats[hs].as_u64().expect("a table seat")
        })
        .collect()
}

/// RULES.md §2 Positions: "the hand" (the small blind) moves one seat clockwise from where it
/// was to the next player dealt in, every deal, whoever has left. Four bots and a person play;
/// in the hand where the person posts the small blind, the person sits out. In the next hand
/// the old big blind posts the small blind, and the next player dealt in the big blind — nobody
/// who stays skips the big blind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_small_blind_sits_out_the_old_big_blind_posts_the_small_blind() {
    let options = json!({"game": "holdem", "seats": 5, "bots": 4, "bot_level": "station",
        "clock_secs": 600});
    let (h, _dir, mut me, table) = guest_at_new_table("fault-button", options).await;

    // Hand N: the hand in which I posted the small blind (and sat out at once), with its
    // blinds (table seats).
    let mut hand_n: Option<(String, u64, u64)> = None;
    let mut hands_seen = 0;
    let mut last_hand = Value::Null;
    let (hand_next, next_blinds, next_hand_seats) = loop {
        let m = state(&mut me, &table, |_| true).await;
        if m["hand"].is_string() && m["hand"] != last_hand {
            last_hand = m["hand"].clone();
            hands_seen += 1;
            assert!(
                hands_seen < 40,
                "I never posted the small blind in 40 hands"
            );
        }
        let blinds = blinds_in(&m);
        if let Some((n, _, _)) = &hand_n {
            if m["hand"].is_string() && m["hand"] != n.as_str() && blinds.len() >= 2 {
                break (
                    m["hand"].as_str().unwrap().to_string(),
                    blinds,
                    m["hand_seats"].clone(),
                );
            }
        } else if blinds.len() >= 2 && Some(blinds[0]) == m["you"]["seat"].as_u64() {
            // I post the small blind of this hand and have not acted yet: I sit out now.
            let r = me.ask("sit_out", json!({"table": table})).await;
            assert_eq!(r["type"], "ack", "{r}");
            hand_n = Some((
                m["hand"].as_str().unwrap().to_string(),
                blinds[0],
                blinds[1],
            ));
        }
        // Play on (the rest of hand N too): check, call or fold.
        if to_act(&m) && me.inbox.is_empty() {
            let action = passive(&m["legal"]);
            act(&mut me, &table, &m, action).await;
        }
    };
    let (n, sb_n, bb_n) = hand_n.unwrap();
    let dealt: Vec<u64> = next_hand_seats
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert!(
        !dealt.contains(&sb_n),
        "hand {hand_next} dealt me in (seat {sb_n}) although I sat out: {dealt:?}"
    );
    // Clockwise is increasing table seats, round the table.
    let after = |s: u64| {
        dealt
            .iter()
            .copied()
            .filter(|&x| x > s)
            .min()
            .or_else(|| dealt.iter().copied().min())
            .unwrap()
    };
    assert_eq!(
        (next_blinds[0], next_blinds[1]),
        (bb_n, after(bb_n)),
        "hand {n}: I (seat {sb_n}) posted the small blind and seat {bb_n} the big blind; I sat \
         out. In the next hand {hand_next} (seats dealt in {dealt:?}) the small blind must be \
         seat {bb_n}, the old big blind, and the big blind seat {}; the blinds were posted by \
         seats {next_blinds:?}",
        after(bb_n)
    );
    let _ = me.ask("leave", json!({"table": table})).await;
    audit_and_shutdown(h).await;
}

/// A three-seat table for short-handed play with one station bot, and player A dealt in with
/// the bot: returns the table and the `table_state` in which A is to act (A does not act, so
/// the hand stays in play). C then joins the third seat in the middle of that hand and sits
/// out; C's seat is returned too.
async fn a_hand_waiting_for_a(a: &mut Client, c: &mut Client) -> (String, Value, u64, u64) {
    let table = a.create_table(short_handed(3, 1)).await;
    let r = a.ask("join", json!({"table": table})).await;
    let a_seat = r["result"]["seat"]
        .as_u64()
        .unwrap_or_else(|| panic!("A: {r}"));
    let m = state(a, &table, to_act).await;
    let r = c.ask("join", json!({"table": table})).await;
    let c_seat = r["result"]["seat"]
        .as_u64()
        .unwrap_or_else(|| panic!("C: {r}"));
    let r = c.ask("sit_out", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    (table, m, a_seat, c_seat)
}

/// RULES.md §2 Table: "While anyone is on the list or a seat change is pending, a newly arriving
/// player joins the end of the list; a free seat is never taken around the list." D waits for a
/// seat; C leaves in the middle of a hand (C is not dealt in), freeing a seat; E, arriving after
/// D, joins the end of the list, and the seat goes to D.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_arriving_after_the_waiting_list_waits_behind_it_even_when_a_seat_is_free() {
    let (h, _dir) = server("fault-waiting-list").await;
    let [mut a, mut c, mut d, mut e] = guests(h.local_addr()).await;
    let (table, hand, _, c_seat) = a_hand_waiting_for_a(&mut a, &mut c).await;
    let r = d.ask("join", json!({"table": table})).await;
    assert_eq!(r["result"]["waiting"], 1, "the table is full: D waits: {r}");

    // C leaves mid-hand (not dealt in: the seat is free at once).
    let r = c.ask("leave", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    assert!(r["result"]["stack"].is_u64(), "C is not in the hand: {r}");
    let r = e.ask("join", json!({"table": table})).await;
    assert!(
        r["type"] == "ack" && r["result"]["waiting"].is_u64(),
        "D is on the waiting list, so E, arriving after D, must join the end of the list; \
         E's join was answered {r} (C's seat {c_seat} was free)"
    );

    // The hand ends (A folds): the free seat goes to D, first on the list; E still waits.
    act(&mut a, &table, &hand, json!({"action": "fold"})).await;
    let m = state(&mut d, &table, |m| m["you"]["seat"].is_u64()).await;
    assert_eq!(m["you"]["seat"], c_seat, "D gets the seat C left: {m}");
    let m = latest_state(&mut e, &table).await;
    assert!(m["you"]["seat"].is_null(), "E is not seated: {m}");
    assert_eq!(m["you"]["waiting"], 1, "E is first on the list now: {m}");

    for x in [&mut a, &mut d, &mut e] {
        let _ = x.ask("leave", json!({"table": table})).await;
    }
    audit_and_shutdown(h).await;
}

/// The same rule with a pending seat change instead of a waiting player: A (dealt in) asks for
/// C's seat; C leaves mid-hand; seats change between hands (docs/protocol.md `change_seat`), so
/// A's request is still pending when E arrives, and E joins the waiting list. After the hand A
/// moves to C's old seat and E gets A's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_arriving_while_a_seat_change_is_pending_waits_even_when_a_seat_is_free() {
    let (h, _dir) = server("fault-seat-change").await;
    let [mut a, mut c, mut e] = guests(h.local_addr()).await;
    let (table, hand, a_seat, c_seat) = a_hand_waiting_for_a(&mut a, &mut c).await;
    let r = a
        .ask("change_seat", json!({"table": table, "seat": c_seat}))
        .await;
    assert_eq!(r["result"]["seat_change"], 1, "C's seat is taken: {r}");

    let r = c.ask("leave", json!({"table": table})).await;
    assert!(r["result"]["stack"].is_u64(), "C is not in the hand: {r}");
    // A's request is still pending (seats change between hands; A is in a hand in play).
    let m = latest_state(&mut a, &table).await;
    assert_eq!(
        m["you"]["seat_change"],
        json!({"seat": c_seat, "position": 1}),
        "A's request waits for the end of the hand: {m}"
    );
    let r = e.ask("join", json!({"table": table})).await;
    assert!(
        r["type"] == "ack" && r["result"]["waiting"].is_u64(),
        "A's seat change to seat {c_seat} is pending, so E must join the waiting list; E's \
         join was answered {r}"
    );

    // The hand ends (A folds): A moves to C's old seat, and E gets A's.
    act(&mut a, &table, &hand, json!({"action": "fold"})).await;
    let m = state(&mut e, &table, |m| m["you"]["seat"].is_u64()).await;
    assert_eq!(m["you"]["seat"], a_seat, "E gets the seat A left: {m}");
    let m = state(&mut a, &table, |m| m["you"]["seat"] != a_seat).await;
    assert_eq!(
        m["you"]["seat"], c_seat,
        "A moved to the seat asked for: {m}"
    );

    for x in [&mut a, &mut e] {
        let _ = x.ask("leave", json!({"table": table})).await;
    }
    audit_and_shutdown(h).await;
}

/// The latest `table_state` of `table` for `c`: asks `watch` (which answers with a fresh state)
/// and takes the newest state received (by `version`).
async fn latest_state(c: &mut Client, table: &str) -> Value {
    let r = c.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let newest = c
        .inbox
        .iter()
        .filter(|m| m["type"] == "table_state" && m["table"] == table)
        .max_by_key(|m| m["version"].as_u64())
        .cloned();
    c.inbox.clear();
    match newest {
        Some(m) => m,
        None => state(c, table, |_| true).await,
    }
}

/// A player whose account holds exactly one buy-in joins from one place while, from another
/// (a second login of the same account), it leaves and joins again; both buy-ins are booked
/// only after all three intents (the funding gate holds them). Whatever the answers, the books
/// and the table must agree: either the player is seated with the full buy-in as stack and an
/// empty account, or not seated with the whole balance back; the seat's account holds exactly
/// the stack the table shows.
///
/// The two places are two logins (two sessions) of one account, such as two browsers: two tabs
/// of one browser share a session, whose intents this server answers one at a time, so there
/// a `leave` cannot come between another tab's `join` and its answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_joining_from_two_places_at_once_is_seated_with_the_buy_in_or_has_it_back() {
    let (h, _dir, gate) = gated_server("fault-two-tabs").await;
    let addr = h.local_addr();
    // One account, two logins (two places).
    let creds = crate::common::creds("ada", "correct horse");
    let r = post(addr, "/api/register", &creds, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let first = r.session().expect("a session");
    let r = post(addr, "/api/login", &creds, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let second = r.session().expect("a session");
    let me = get(addr, "/api/me", Some(&first)).await.json();
    let uid = tavolo_store::UserId(me["user"]["id"].as_i64().unwrap());
    let balance = me["user"]["balance"].as_u64().unwrap();
    assert!(balance > 0, "{me}");
    let (mut one, mut two) = (
        Client::with_session(addr, first).await,
        Client::with_session(addr, second).await,
    );
    // The buy-in is the whole balance: it covers exactly one. No bots: no hand is dealt.
    let table = one
        .create_table(json!({"game": "holdem", "seats": 4, "buy_in": balance}))
        .await;
    let r = two.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");

    // Place one joins: seated, its buy-in waiting at the gate.
    let join_one = one.send("join", json!({"table": table})).await;
    state(&mut two, &table, |m| m["you"]["seat"].is_u64()).await;
    // Place two leaves (not in a hand: at once) …
    let left = two.ask("leave", json!({"table": table})).await;
    if left["type"] == "ack" && left["result"]["stack"].is_u64() {
        state(&mut two, &table, |m| m["you"]["seat"].is_null()).await;
    }
    // … and joins again.
    let join_two = two.send("join", json!({"table": table})).await;
    let m = two
        .wait_for(WAIT, |m| {
            (m["seq"] == join_two && (m["type"] == "ack" || m["type"] == "error"))
                || (m["type"] == "table_state" && m["you"]["seat"].is_u64())
        })
        .await;
    let mut answer_two = (m["seq"] == join_two).then_some(m);

    // The ledger opens: both buy-ins are booked, one after the other.
    gate.add_permits(1);
    let answer_one = one.answer(join_one).await;
    let answer_two = match answer_two.take() {
        Some(a) => a,
        None => two.answer(join_two).await,
    };

    let m = latest_state(&mut two, &table).await;
    let seat = m["you"]["seat"].as_u64();
    let chips = seat
        .and_then(|s| m["seats"].as_array()?.iter().find(|x| x["seat"] == s)?["chips"].as_u64());
    let account = h.store().balance(&Account::User(uid)).await.unwrap();
    let seat_account = h
        .store()
        .balance(&Account::Seat {
            table: table.clone(),
            user: uid,
        })
        .await
        .unwrap();
    let story = format!(
        "the account held {balance}, the buy-in; place one's join was answered {answer_one}, \
         place two's leave {left} and its join {answer_two}. Now the player is {} with {chips:?} \
         chips, the account holds {account} and the seat's account seat:{table}:{} holds \
         {seat_account}",
        match seat {
            Some(s) => format!("in seat {s}"),
            None => "not seated".into(),
        },
        uid.0
    );
    match seat {
        Some(_) => assert!(
            chips == Some(balance) && account == 0 && seat_account == balance as i64,
            "seated: the stack must be the whole buy-in, booked once: {story}"
        ),
        None => assert!(
            account == balance as i64 && seat_account == 0,
            "not seated: every chip must be back in the account: {story}"
        ),
    }
    audit(&h).await;
    if seat.is_some() {
        let r = two.ask("leave", json!({"table": table})).await;
        assert_eq!(r["type"], "ack", "{r}");
    }
    let report = h.store().audit().await.unwrap();
    assert_eq!(
        report.at_tables, 0,
        "no chip stays at the table: {report:?}"
    );
    h.shutdown().await;
}

/// Adds the hands a state names (in play, or just over) to `hands`, in the order seen.
fn note(m: &Value, hands: &mut Vec<String>) {
    for h in [&m["previous"]["hand"], &m["hand"]] {
        if let Some(h) = h.as_str() {
            if !hands.iter().any(|x| x == h) {
                hands.push(h.to_string());
            }
        }
    }
}

/// A seat whose buy-in is still being booked has not chosen to rest: it must not be counted as
/// missing the hands dealt meanwhile, nor be freed for them. (It once was, after three.) Now the
/// table goes further and deals no new hand while a player's buy-in is on its way, so that the
/// player sitting down plays the next hand rather than watch it dealt to bots. With the ledger
/// held (the funding gate closed), a player joins a table where three bots deal at full speed;
/// the ledger then opens: the join is answered with a seat, and the first hand dealt after the
/// one in play when the player joined is the player's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_buy_in_is_being_booked_is_not_freed_and_plays_the_next_hand() {
    let (h, _dir, gate) = gated_server("fault-slow-buy-in").await;
    let addr = h.local_addr();
    let [mut player, mut spectator] = guests(addr).await;
    let table = player.create_table(short_handed(4, 3)).await;
    let r = spectator.ask("watch", json!({"table": table})).await;
    assert_eq!(r["type"], "ack", "{r}");
    // The hands seen by the spectator, in order.
    let mut hands: Vec<String> = Vec::new();
    let m = state(&mut spectator, &table, |m| m["hand"].is_string()).await;
    note(&m, &mut hands);

    let join = player.send("join", json!({"table": table})).await;
    // The first state the player gets comes once the join is taken: the hand then in play
    // (or just over) is where the count starts.
    let first = state(&mut player, &table, |_| true).await;
    let since = first["hand"]
        .as_str()
        .or(first["previous"]["hand"].as_str())
        .expect("a hand was dealt before")
        .to_string();

    // The ledger opens: the buy-in is booked.
    gate.add_permits(1);
    let r = player.answer(join).await;
    assert!(
        r["type"] == "ack" && r["result"]["seat"].is_u64(),
        "the join must be answered with a seat once its buy-in is booked; it was answered {r}"
    );
    let m = state(&mut player, &table, |m| m["you"]["hand_seat"].is_u64()).await;
    assert_eq!(m["you"]["seat"], r["result"]["seat"], "{m}");
    let mine = m["hand"].as_str().expect("dealt in").to_string();
    while !hands.contains(&mine) {
        let s = state(&mut spectator, &table, |_| true).await;
        note(&s, &mut hands);
    }
    let at = hands.iter().position(|x| *x == since);
    let between: Vec<&String> = match at {
        Some(i) => hands[i + 1..].iter().take_while(|x| **x != mine).collect(),
        None => Vec::new(),
    };
    assert!(
        between.is_empty(),
        "hands {between:?} were dealt while the buy-in was on its way"
    );
    let _ = player.ask("leave", json!({"table": table})).await;
    audit_and_shutdown(h).await;
}

/// Fills the database: guests are made until a write is refused (the disk is "full").
async fn fill_database(h: &ServerHandle) {
    let addr = h.local_addr();
    let used = h.store().limit_sqlite_pages(None).await.expect("pages");
    h.store()
        .limit_sqlite_pages(Some(used + 2))
        .await
        .expect("cap the database");
    let mut full = false;
    for _ in 0..500 {
        if post(addr, "/api/guest", "{}", None).await.status != 200 {
            full = true;
            break;
        }
    }
    assert!(full, "the database never filled");
    // The ledger's own pages too: movements until one is refused.
    for n in 0..2_000 {
        let j = tavolo_store::Journal::move_chips(
            format!("test:fill:{n}"),
            "test",
            Account::House,
            Account::User(tavolo_store::UserId(1)),
            1,
        );
        if h.store().transfer(&j).await.is_err() {
            return;
        }
    }
    panic!("the ledger never filled");
}

/// Fault (issue 47): a failed write stopped a table for good. A hand that ended while the disk
/// was full halted its table ("the books refused the result of hand h-7: database or disk is
/// full"), and it never dealt again once the disk was freed. Now the result waits, the players
/// are told the books do not answer, and once they do the hand is recorded and the table deals
/// again by itself. (A cash-out while the books do not answer is the core's story
/// `a_cash_out_the_books_cannot_record_yet_is_answered_pending_and_lands_when_they_answer`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_that_ends_while_the_disk_is_full_is_recorded_once_it_is_freed_and_play_goes_on() {
    let (h, _dir) = server_with("fault-full-disk", |_| {}).await;
    let addr = h.local_addr();
    let [mut ada, mut bob] = guests(addr).await;
    let table = ada.create_table(short_handed(2, 0)).await;
    ada.join(&table).await;
    bob.join(&table).await;
    fill_database(&h).await;
    // Whoever is to act folds: the hand ends, and its result cannot be written.
    let in_play = |m: &Value| m["hand"].is_string() && m["view"]["over"] == false && to_act(m);
    let (ada_acts, m) = tokio::select! {
        m = state(&mut ada, &table, in_play) => (true, m),
        m = state(&mut bob, &table, in_play) => (false, m),
    };
    let hand = m["hand"].clone();
    let folder = if ada_acts { &mut ada } else { &mut bob };
    act(folder, &table, &m, json!({"action": "fold"})).await;
    let m = state(&mut bob, &table, |m| {
        m["stalled"].is_string() || m["halted"].is_string()
    })
    .await;
    assert!(m["halted"].is_null(), "the table must not stop: {m}");
    // The disk is freed: the hand is recorded and the table deals again by itself.
    h.store().limit_sqlite_pages(None).await.expect("uncap");
    let next = state(&mut bob, &table, |m| {
        m["hand"].is_string() && m["hand"] != hand
    })
    .await;
    assert!(
        next["stalled"].is_null() && next["halted"].is_null(),
        "{next}"
    );
    let id: i64 = hand
        .as_str()
        .and_then(|h| h.strip_prefix("h-"))
        .and_then(|n| n.parse().ok())
        .expect("a hand id");
    let stored = h
        .store()
        .hand(tavolo_store::HandId(id))
        .await
        .expect("the hand");
    assert_eq!(stored.status, "finished", "the hand's result is recorded");
    let health = get(addr, "/healthz", None).await;
    assert_eq!(
        health.status, 200,
        "the room is healthy again by itself: {}",
        health.body
    );
    for c in [&mut ada, &mut bob] {
        let _ = c.ask("leave", json!({"table": table})).await;
    }
    audit_and_shutdown(h).await;
}
