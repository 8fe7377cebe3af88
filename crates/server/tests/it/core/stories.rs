//! The room's table told as stories on its core, with explicit time and simulated books: one
//! story per rule of the table (the faults found in the room are told in
//! `tests/it/regressions.rs`, on the same bench). No socket, no sleep.

use std::time::Duration;

use serde_json::{json, Value};
use tavolo_engine::holdem::Hand;
use tavolo_engine::table::TableError;
use tavolo_engine::Chips;
use tavolo_server::books::Member;
use tavolo_server::error::RoomError;
use tavolo_server::table::core::{Input, Stage, Stop, TableIntent, Write};
use tavolo_store::Account;

use super::bench::{holdem, Bench};
use super::books::SimBooks;

pub(crate) fn join() -> TableIntent {
    TableIntent::Join {
        seat: None,
        buy_in: None,
        chain: None,
    }
}

pub(crate) fn seat(b: &SimBooks, table: &str, m: &Member) -> i64 {
    b.balance(&Account::Seat {
        table: table.into(),
        user: m.id,
    })
}

pub(crate) fn account(b: &SimBooks, m: &Member) -> i64 {
    b.balance(&Account::User(m.id))
}

/// A short-handed Hold'em table of three seats with `bots` station bots.
pub(crate) fn holdem_table(books: &mut SimBooks, id: &str, bots: usize) -> Bench<Hand> {
    let make = holdem(
        json!({"game": "holdem", "seats": 3, "min_players": 2, "bots": bots, "bot_level": "station",
            "clock_secs": 20, "time_bank_secs": 60}),
        "station",
    );
    let mut t = Bench::new(make, books, id, bots, 7);
    t.settle(books);
    t
}

/// Ada, with 1,000 chips in her account, seated on connection 1 at a fresh [`holdem_table`]
/// `id` with `bots` bots: the books, Ada and the table.
pub(crate) fn ada_seated(id: &str, bots: usize) -> (SimBooks, Member, Bench<Hand>) {
    let mut books = SimBooks::new();
    let ada = books.user("ada", false, 1_000);
    let mut t = holdem_table(&mut books, id, bots);
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    (books, ada, t)
}

/// Plays for `conn`'s player whenever it is their turn: check or call, else fold.
pub(crate) fn play_passively(
    t: &mut Bench<Hand>,
    books: &mut SimBooks,
    conn: u64,
    m: &Member,
    hands: u64,
) {
    let goal = t.finished + hands;
    for _ in 0..10_000 {
        if t.finished >= goal {
            return;
        }
        let s = t.state(conn);
        let legal = s["legal"].as_array().cloned().unwrap_or_default();
        if s["view"]["over"] == false && !legal.is_empty() {
            let has = |k: &str| legal.iter().any(|a| a["action"] == k);
            let action = ["check", "call"]
                .into_iter()
                .find(|&k| has(k))
                .unwrap_or("fold");
            let hand = s["hand"].as_str().unwrap_or_default().to_string();
            t.intent(
                conn,
                m,
                TableIntent::Act {
                    hand,
                    action: json!({ "action": action }),
                },
            );
        }
        t.settle(books);
        t.advance(Duration::from_millis(10), books);
    }
    panic!("{hands} hands did not finish");
}

/// A cash-out the books refuse (they and the table disagree about the seat's chips) is answered
/// as refused, never as done, and the table stops dealing.
#[test]
fn a_cash_out_the_books_refuse_is_never_acknowledged_and_stops_the_table() {
    let (mut books, ada, mut t) = ada_seated("t4", 0);
    // Somebody takes the seat's chips behind the table's back.
    let theft = tavolo_store::Journal::move_chips(
        "theft",
        "test",
        Account::Seat {
            table: "t4".into(),
            user: ada.id,
        },
        Account::House,
        200,
    );
    books.apply(&theft).expect("the theft");
    let r = t.intent(1, &ada, TableIntent::Leave);
    t.settle(&mut books);
    let e = t.answer(r).expect_err("refused");
    assert!(
        matches!(e, RoomError::CashOutRefused { amount, .. } if amount == 200),
        "{e}"
    );
    assert!(t.state(1)["halted"].is_string());
}

/// A takeover restores what the players notice: the seats and stacks, the waiting list, the
/// seat-change requests, the time banks and the chat.
#[test]
fn a_takeover_restores_seat_changes_time_banks_and_the_chat() {
    let mut books = SimBooks::new();
    let [ada, bo, cy] = ["ada", "bo", "cy"].map(|n| books.user(n, false, 1_000));
    let mut t = holdem_table(&mut books, "t6", 0);
    for (c, m) in [(1, &ada), (2, &bo)] {
        let r = t.intent(c, m, join());
        t.settle(&mut books);
        t.answer(r).expect("seated");
    }
    let wanted = t.core.table().seat_of(&bo);
    let r = t.intent(3, &cy, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    let r = t.intent(1, &ada, TableIntent::ChangeSeat { seat: wanted });
    assert_eq!(t.answer(r).expect("asked").seat_change, Some(1));
    let r = t.intent(
        1,
        &ada,
        TableIntent::Chat {
            text: "hello".into(),
        },
    );
    assert!(t.answer(r).is_ok());
    // Ada lets her clock and some of her bank run.
    let before = t.state(1);
    if before["legal"].as_array().is_some_and(|l| !l.is_empty()) {
        t.advance(Duration::from_secs(30), &mut books);
    }
    t.settle(&mut books);
    let bank = t.core.saved_state().banks;
    t.step(Input::Lost);
    let mut t2 = Bench::takeover(t.make.clone(), &mut books, "t6", t.now, 9);
    t2.settle(&mut books);
    let saved = t2.core.saved_state();
    assert_eq!(
        saved
            .table
            .changes
            .iter()
            .map(|(m, s)| (m.id, *s))
            .collect::<Vec<_>>(),
        vec![(ada.id, wanted)]
    );
    assert_eq!(saved.banks, bank, "the time banks are restored");
    assert_eq!(saved.chat.len(), 1);
    assert_eq!(saved.chat[0].text, "hello");
    // Bo leaves: Ada, who asked for his seat before the takeover, takes it.
    let r = t2.intent(12, &bo, TableIntent::Leave);
    t2.settle(&mut books);
    assert!(t2.answer(r).is_ok());
    if t2.core.table().seat_of(&bo).is_none() {
        assert_eq!(t2.core.table().seat_of(&ada), wanted);
    }
}

/// Rule (RULES.md §2 Table, sitting out): a player whose clock and time bank run out is played
/// for (check, else fold) and sits out from the next hand; three missed hands free the seat,
/// whose stack goes back to the player's account.
#[test]
fn a_player_out_of_time_is_played_for_sits_out_and_loses_the_seat_at_the_third_missed_hand() {
    let (mut books, ada, mut t) = ada_seated("t7", 2);
    // Ada never acts: at her turn, 20 s and 60 s of bank run out.
    t.advance(Duration::from_secs(600), &mut books);
    let s = t.state(1);
    assert!(s["you"]["seat"].is_null(), "the seat is freed: {s}");
    let kept = t.core.table().seats().count();
    assert_eq!(kept, 2, "the bots stay");
    assert_eq!(
        seat(&books, "t7", &ada),
        0,
        "her chips went back to her account"
    );
    assert!(account(&books, &ada) >= 1_000 - 200);
}

/// Every `table_state` connection `conn` was sent, oldest first, as JSON.
fn states(t: &Bench<Hand>, conn: u64) -> Vec<Value> {
    (t.frames.get(&conn).into_iter().flatten())
        .filter_map(|f| serde_json::from_str::<Value>(f.as_str()).ok())
        .filter(|m| m["type"] == "table_state")
        .collect()
}

/// Fault (issue 49, the seat lost silently): a player who stepped away was sat out, then lost
/// the seat three hands later with nothing said, and the felt turned into a stranger's view.
/// Now a player sitting out is told how many more hands the table may deal without them
/// (2, 1, 0), and one who lost the seat goes on watching and is told why.
#[test]
fn a_player_sitting_out_is_told_the_hands_left_and_why_the_seat_went() {
    let (mut books, ada, mut t) = ada_seated("t49", 2);
    t.advance(Duration::from_secs(600), &mut books);
    let all = states(&t, 1);
    let mut left: Vec<u64> = Vec::new();
    for s in &all {
        if let Some(n) = s["you"]["sit_out_hands_left"].as_u64() {
            assert_eq!(s["you"]["sitting_out"], true, "{s}");
            if left.last() != Some(&n) {
                left.push(n);
            }
        } else {
            assert!(
                s["you"]["sitting_out"] != true,
                "sitting out without the hands left: {s}"
            );
        }
    }
    assert_eq!(left, vec![2, 1, 0], "the countdown told as it went");
    let last = t.state(1);
    assert!(last["you"]["seat"].is_null(), "the seat is freed: {last}");
    assert_eq!(last["you"]["seat_lost"], "missed_hands", "{last}");
    assert!(
        last["view"].is_object(),
        "she still watches the table: {last}"
    );
    // Sitting down again forgets why the last seat went.
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated again");
    let again = t.state(1);
    assert!(again["you"]["seat"].is_u64(), "{again}");
    assert!(again["you"].get("seat_lost").is_none(), "{again}");
}

/// Fault (issue 49): one absent decision burned the whole time bank. A decision the table makes
/// for a player out of time costs them none of their bank: sitting in again, their next turn
/// shows all of it.
#[test]
fn a_player_out_of_time_keeps_the_time_bank_for_their_return() {
    let (mut books, ada, mut t) = ada_seated("t49b", 2);
    for _ in 0..2_000 {
        if t.state(1)["you"]["sitting_out"] == true {
            break;
        }
        t.advance(Duration::from_secs(1), &mut books);
    }
    assert_eq!(t.state(1)["you"]["sitting_out"], true, "she timed out");
    t.intent(1, &ada, TableIntent::SitIn);
    t.settle(&mut books);
    t.frames.clear();
    for _ in 0..2_000 {
        let turn = states(&t, 1).into_iter().find(|s| {
            s["legal"].as_array().is_some_and(|l| !l.is_empty()) && s["clock"].is_object()
        });
        if let Some(s) = turn {
            assert_eq!(s["clock"]["bank_ms"], 60_000, "the whole bank: {s}");
            return;
        }
        t.advance(Duration::from_millis(500), &mut books);
    }
    panic!("her turn never came again");
}

/// Fault (issue 49): a player with no connection open is away; their time bank waits for them
/// and the table acts for them when the decision's own clock runs out.
#[test]
fn a_player_with_no_connection_is_given_no_time_bank() {
    let (mut books, ada, mut t) = ada_seated("t49c", 2);
    t.step(Input::Detach(1));
    t.settle(&mut books);
    let sitting_out = |t: &Bench<Hand>| {
        (t.core.table().seats()).any(|(_, o)| o.player.id == ada.id && o.sitting_out)
    };
    // Her first decision comes within the first hand; the clock is 20 s, the bank 60 s.
    let mut waited = 0;
    while !sitting_out(&t) && waited < 60 {
        t.advance(Duration::from_secs(1), &mut books);
        waited += 1;
    }
    assert!(
        sitting_out(&t),
        "the table acted for her after the clock alone"
    );
    assert!(waited <= 25, "{waited} s: the bank was drawn on");
}

/// Rule (issue 49: one engine, not two): a player is told the best hand they hold, valued by
/// the engine (`you.best_hand`) once the flop is out; a spectator is told none.
#[test]
fn a_player_is_told_their_best_hand_by_the_engine_and_a_spectator_none() {
    let (mut books, ada, mut t) = ada_seated("t49e", 2);
    let bo = books.user("bo", false, 1_000);
    t.intent(2, &bo, TableIntent::Watch);
    t.settle(&mut books);
    play_passively(&mut t, &mut books, 1, &ada, 3);
    let mut told = 0;
    for s in states(&t, 1) {
        let board = s["view"]["board"].as_array().map_or(0, Vec::len);
        let h = s["you"]["hand_seat"].as_u64();
        match (h, board >= 3) {
            (Some(h), true) => {
                let hole = &s["view"]["hole"][h as usize];
                let cards: Vec<tavolo_cards::Card> = (hole.as_array().into_iter().flatten())
                    .chain(s["view"]["board"].as_array().into_iter().flatten())
                    .filter_map(|c| c.as_str()?.parse().ok())
                    .collect();
                let want = tavolo_cards::evaluate(&cards).expect("a hand").code();
                assert_eq!(
                    s["you"]["best_hand"]["category"],
                    want.category.as_ref(),
                    "{s}"
                );
                told += 1;
            }
            _ => assert!(s["you"].get("best_hand").is_none(), "before the flop: {s}"),
        }
    }
    assert!(told > 0, "a flop was seen");
    assert!(
        states(&t, 2)
            .iter()
            .all(|s| s["you"].get("best_hand").is_none()),
        "a spectator holds no hand"
    );
}

/// Rule: a player who leaves during a hand is played for until it ends, then cashed out with
/// the stack the hand left them.
#[test]
fn a_player_leaving_mid_hand_is_played_for_and_cashed_out_with_what_the_hand_left() {
    let (mut books, ada, mut t) = ada_seated("t8", 2);
    let s = t.state(1);
    assert!(s["hand"].is_string());
    let r = t.intent(1, &ada, TableIntent::Leave);
    assert_eq!(t.answer(r).expect("leaving").leaving, Some(true));
    t.settle(&mut books);
    assert_eq!(t.core.table().seat_of(&ada), None);
    assert_eq!(seat(&books, "t8", &ada), 0);
    let back = account(&books, &ada) - (1_000 - 200);
    assert!((0..=600).contains(&back), "{back}");
}

/// Rule (several nodes, docs/scale-out.md): a draining node deals no new hand, lets the hand in
/// play end, saves the table and hands it on; the next owner deals on with the same stacks.
#[test]
fn a_draining_node_finishes_the_hand_then_hands_the_table_on_with_the_stacks_it_left() {
    let (mut books, _, mut t) = ada_seated("t9", 2);
    t.step(Input::Drain);
    assert_eq!(t.core.stage(), Stage::Draining);
    t.advance(Duration::from_secs(600), &mut books);
    assert_eq!(t.stopped, Some(Stop::Moved));
    // Each seated player's id and stack.
    let stacks = |t: &Bench<Hand>| -> Vec<(u64, Chips)> {
        t.core
            .table()
            .seats()
            .map(|(_, o)| (o.player.id.0 as u64, o.stack))
            .collect()
    };
    let before = stacks(&t);
    let t2 = Bench::takeover(t.make.clone(), &mut books, "t9", t.now, 4);
    assert_eq!(before, stacks(&t2));
    assert_eq!(
        books
            .hands
            .values()
            .filter(|h| h.status == "voided")
            .count(),
        0,
        "no hand lost"
    );
}

/// Rule (several nodes): a takeover voids the hand in play (its chips never left the seats)
/// and the new owner deals on from the stacks the books hold; the old owner's writes are
/// refused and it stops without another.
#[test]
fn a_takeover_voids_the_hand_in_play_and_the_old_owner_stops_at_its_next_write() {
    let (mut books, _, mut t) = ada_seated("t10", 2);
    assert!(t.core.hand_in_play().is_some());
    let dealt: i64 = books.seats_of("t10").iter().map(|(_, c)| c).sum();
    // Another node takes the table over while this one is paused.
    let mut t2 = Bench::takeover(t.make.clone(), &mut books, "t10", t.now, 5);
    t2.settle(&mut books);
    assert!(books.hands.values().any(|h| h.status == "voided"));
    assert_eq!(
        t2.core.table().chips_total().to_ledger().unwrap(),
        dealt,
        "stacks as dealt"
    );
    // The old owner wakes: it plays on until its next write, which is refused.
    t.advance(Duration::from_secs(600), &mut books);
    assert_eq!(t.stopped, Some(Stop::Moved));
    assert!(t
        .writes
        .iter()
        .all(|(_, w)| !matches!(w, Write::Finish(..))));
    assert!(books.violations.is_empty(), "{:?}", books.violations);
}

/// Rule: a table nobody but bots is at (nobody seated, waiting or watching) closes after the
/// room's idle limit, and its bots are cashed out.
#[test]
fn a_table_left_to_bots_closes_at_the_idle_limit_and_cashes_them_out() {
    let mut books = SimBooks::new();
    let mut t = holdem_table(&mut books, "t11", 2);
    assert!(books.seats_of("t11").len() == 2, "the bots bought in");
    // Nothing to do but wait: the table asks to be woken at its idle limit and not before (it
    // once spun on a deal it could not make).
    assert_eq!(
        t.core.next_wake(),
        Some(t.now.at + Duration::from_secs(15 * 60))
    );
    t.advance(Duration::from_secs(15 * 60 - 1), &mut books);
    assert_eq!(t.stopped, None, "a second early");
    t.advance(Duration::from_secs(1), &mut books);
    assert_eq!(t.stopped, Some(Stop::Closed));
    assert!(books.seats_of("t11").is_empty(), "every seat cashed out");
    assert!(books.tables["t11"].closed);
}

/// Rule (RULES.md §2 Table): a casino Hold'em table deals to four players at least, unless it
/// was opened for short-handed play.
#[test]
fn holdem_waits_for_four_players_unless_the_table_says_fewer() {
    let mut books = SimBooks::new();
    let [ada, bo] = ["ada", "bo"].map(|n| books.user(n, false, 1_000));
    let make = holdem(
        json!({"game": "holdem", "seats": 6, "bots": 2, "bot_level": "station"}),
        "station",
    );
    let mut t = Bench::new(make, &mut books, "t12", 2, 1);
    assert_eq!(t.make.options.min_players, 4);
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    t.advance(Duration::from_secs(60), &mut books);
    assert!(
        t.core.hand_in_play().is_none(),
        "a hand was dealt to three players"
    );
    let r = t.intent(2, &bo, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    let (seats, _) = t
        .core
        .hand_players()
        .expect("a fourth player: the hand is dealt");
    assert_eq!(seats.len(), 4);
    // Short-handed: two are enough, and the player sitting down is dealt into the first hand.
    let make = holdem(
        json!({"game": "holdem", "seats": 6, "bots": 2, "bot_level": "station", "min_players": 2}),
        "station",
    );
    let mut t = Bench::new(make, &mut books, "t13", 2, 2);
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    let (seats, members) = t.core.hand_players().expect("dealt at once");
    assert_eq!(seats.len(), 3);
    assert!(members.iter().any(|m| m.id == ada.id));
}

/// Rule: a player who leaves before being dealt in gets the whole buy-in back.
#[test]
fn a_buy_in_comes_back_whole_to_a_player_who_leaves_before_being_dealt_in() {
    let mut books = SimBooks::new();
    let ada = books.user("ada", false, 1_000);
    let make = holdem(json!({"game": "holdem", "buy_in": 300}), "station");
    let mut t = Bench::new(make, &mut books, "t14", 0, 3);
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    assert_eq!(account(&books, &ada), 700);
    let r = t.intent(1, &ada, TableIntent::Leave);
    t.settle(&mut books);
    assert_eq!(t.answer(r).expect("left").stack, Some(Chips::new(300)));
    assert_eq!(
        (account(&books, &ada), seat(&books, "t14", &ada)),
        (1_000, 0)
    );
}

/// Rule: the room stops — the hand in play is voided (its chips never left the seats) and every
/// seat is cashed out with the stack it was dealt.
#[test]
fn shutdown_voids_the_hand_in_play_and_returns_every_chip() {
    let mut books = SimBooks::new();
    let [ada, bo] = ["ada", "bo"].map(|n| books.user(n, false, 1_000));
    let mut t = holdem_table(&mut books, "t15", 0);
    for (c, m) in [(1, &ada), (2, &bo)] {
        let r = t.intent(c, m, join());
        t.settle(&mut books);
        t.answer(r).expect("seated");
    }
    assert!(t.core.hand_in_play().is_some());
    t.step(Input::Shutdown);
    t.settle(&mut books);
    assert_eq!(t.stopped, Some(Stop::Closed));
    assert!(books.hands.values().all(|h| h.status != "playing"));
    assert_eq!(
        (account(&books, &ada), account(&books, &bo)),
        (1_000, 1_000)
    );
    assert!(books.seats_of("t15").is_empty());
    let closed =
        (t.frames.get(&1).into_iter().flatten()).any(|f| f.as_str().contains("\"table_closed\""));
    assert!(closed, "the players are told the table closed");
}

/// Rule: every state that gives a player the turn shows their running clock (it was once missing
/// when the turn came after bots' actions), and only the player to act has a turn.
#[test]
fn every_state_that_gives_a_player_the_turn_shows_their_running_clock() {
    let mut books = SimBooks::new();
    let ada = books.user("ada", false, 1_000);
    let mut make = holdem(
        json!({"game": "holdem", "seats": 4, "bots": 3, "bot_level": "station", "clock_secs": 30, "time_bank_secs": 5}),
        "station",
    );
    make.config.bot_delay = Duration::from_millis(500);
    let mut t = Bench::new(make, &mut books, "t16", 3, 4);
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    let mut turns = 0;
    for _ in 0..2_000 {
        let frames = t.frames.remove(&1).unwrap_or_default();
        for f in frames {
            let m: Value = serde_json::from_str(f.as_str()).expect("json");
            if m["type"] != "table_state" || m["legal"].as_array().is_none_or(|l| l.is_empty()) {
                continue;
            }
            if m["view"]["over"] == true {
                continue;
            }
            turns += 1;
            assert_eq!(
                m["clock"]["seat"], m["you"]["seat"],
                "a turn without its clock: {m}"
            );
            assert!(
                m["clock"]["deadline_ms"].is_u64() && m["clock"]["bank_ms"] == 5_000,
                "{m}"
            );
            let hand = m["hand"].as_str().unwrap().to_string();
            t.intent(
                1,
                &ada,
                TableIntent::Act {
                    hand,
                    action: json!({"action": "fold"}),
                },
            );
        }
        if turns >= 8 {
            return;
        }
        t.advance(Duration::from_millis(600), &mut books);
    }
    panic!("only {turns} turns came");
}

/// A join asking for `seat` and `buy_in`.
fn join_at(seat: Option<usize>, buy_in: Option<Chips>) -> TableIntent {
    TableIntent::Join {
        seat,
        buy_in,
        chain: None,
    }
}

/// Rule (RULES.md §2 Table: "seats at the start of a session are assigned by random draw"; the
/// buy-in is "a fixed amount set for the table") and issue 49 (the seat was drawn even where the
/// player clicked an empty one): a spectator is told how joining seats them; at a session's start
/// the seat is drawn and a chosen one refused; once the table has dealt, the free seat chosen is
/// taken. A taken or missing seat and a buy-in other than the table's are refused by name, and
/// nothing changes.
#[test]
fn a_newcomer_chooses_a_free_seat_once_the_session_has_started_at_the_tables_buy_in() {
    let mut books = SimBooks::new();
    let [ada, bo, cy] = ["ada", "bo", "cy"].map(|n| books.user(n, false, 1_000));
    // A table nobody has sat at: its first seats are drawn.
    let mut fresh = holdem_table(&mut books, "t49s", 0);
    fresh.intent(3, &cy, TableIntent::Watch);
    fresh.settle(&mut books);
    assert_eq!(fresh.state(3)["you"]["join_seat"], "drawn");
    let r = fresh.intent(1, &ada, join_at(Some(1), None));
    fresh.settle(&mut books);
    let e = fresh.answer(r).expect_err("drawn");
    assert!(
        matches!(e, RoomError::Seating(TableError::SeatsDrawn)),
        "{e}"
    );
    assert_eq!(fresh.core.table().seats().count(), 0, "unchanged");
    // A table of two bots that has dealt (somebody watches): a free seat may be chosen.
    let mut t = holdem_table(&mut books, "t49t", 2);
    t.intent(3, &cy, TableIntent::Watch);
    t.settle(&mut books);
    while t.core.table().hands_dealt() == 0 {
        t.advance(Duration::from_millis(100), &mut books);
    }
    assert_eq!(t.state(3)["you"]["join_seat"], "chosen");
    let free = (0..3)
        .find(|&s| t.core.table().seat(s).is_none())
        .expect("a free seat");
    let taken = (free + 1) % 3;
    let refusals = [
        (join_at(Some(taken), None), "seat taken"),
        (join_at(Some(3), None), "no such seat"),
        (
            join_at(Some(free), Some(Chips::new(150))),
            "the table's buy-in",
        ),
    ];
    for (intent, why) in refusals {
        let r = t.intent(1, &ada, intent);
        t.settle(&mut books);
        let e = t.answer(r).expect_err(why);
        let named = match (&e, why) {
            (RoomError::Seating(TableError::SeatTaken { seat }), "seat taken") => *seat == taken,
            (RoomError::Seating(TableError::NoSuchSeat { seat: 3, seats: 3 }), _) => true,
            (RoomError::BuyIn(b), "the table's buy-in") => *b == 200,
            _ => false,
        };
        assert!(named, "{why}: {e}");
        assert!(t.core.table().seat_of(&ada).is_none(), "{why}: unchanged");
        assert_eq!(account(&books, &ada), 1_000, "{why}: no chip moved");
    }
    let r = t.intent(1, &ada, join_at(Some(free), Some(Chips::new(200))));
    t.settle(&mut books);
    assert_eq!(t.answer(r).expect("seated").seat, Some(free));
    assert_eq!(t.core.table().seat_of(&ada), Some(free));
    assert_eq!(seat(&books, "t49t", &ada), 200, "the table's buy-in");
    // The table is full now: the next one goes to the list, and a seat asked for is refused.
    assert_eq!(t.state(3)["you"]["join_seat"], "list");
    let r = t.intent(2, &bo, join_at(Some(free), None));
    t.settle(&mut books);
    assert!(t.answer(r).is_err(), "every seat is taken");
}

/// Issue 49, finding 10: a newcomer who sat down at a table of bots while the bots played a hand
/// watched it at the bots' pace, then the pause between hands. RULES.md §2 has no waiting for
/// the big blind (a player seated is dealt in the next deal): the bots' hand plays out at once
/// and the newcomer is dealt the next one, with no time passing.
#[test]
fn a_newcomer_at_a_table_of_bots_is_dealt_the_next_hand_at_once() {
    let mut books = SimBooks::new();
    let [ada, bo] = ["ada", "bo"].map(|n| books.user(n, false, 1_000));
    let mut make = super::bench::holdem(
        json!({"game": "holdem", "seats": 4, "min_players": 2, "bots": 3, "bot_level": "station",
            "clock_secs": 20, "time_bank_secs": 60}),
        "station",
    );
    make.config.bot_delay = Duration::from_millis(800);
    make.config.hand_pause = Duration::from_secs(3);
    let mut t = Bench::new(make, &mut books, "t49u", 3, 7);
    t.settle(&mut books);
    // Bo watches: the bots deal to each other; one of them has acted.
    t.intent(2, &bo, TableIntent::Watch);
    t.settle(&mut books);
    while t.core.hand_events().unwrap_or(0) < 3 || t.core.hand_in_play().is_none() {
        t.advance(Duration::from_millis(100), &mut books);
    }
    let bots_hand = t.core.table().hands_dealt();
    let r = t.intent(1, &ada, join());
    t.settle(&mut books);
    t.answer(r).expect("seated");
    // No time passes: the bots' hand is over and ada is in the next.
    let s = t.state(1);
    assert!(
        s["you"]["hand_seat"].is_u64(),
        "dealt in at once: {}",
        s["you"]
    );
    assert_eq!(t.core.table().hands_dealt(), bots_hand + 1);
    // Her own hands keep the bots' pace and the pause.
    play_passively(&mut t, &mut books, 1, &ada, 1);
    let after = t.core.table().hands_dealt();
    t.settle(&mut books);
    assert_eq!(
        t.core.table().hands_dealt(),
        after,
        "the pause after a hand she played"
    );
}
