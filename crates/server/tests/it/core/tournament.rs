//! A tournament table told as stories on its core (RULES.md §5, issue 51), with explicit time
//! and simulated books: seated and removed by its coordinator's orders, levels from the next
//! hand, dealing only when allowed, absent players blinded out, and a report of every hand once
//! its record is durable — with no room chip moved.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;
use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Event, Hand};
use tavolo_engine::tournament::Level;
use tavolo_engine::Chips;
use tavolo_server::books::Member;
use tavolo_server::table::core::{
    HandOver, Input, LevelOrder, Order, Permit, Report, Stop, TableIntent, Write,
};
use tavolo_store::UserId;

use super::bench::{tournament, Bench};
use super::books::SimBooks;

pub(crate) fn level(number: u32, small: u64, big: u64, ante: u64) -> Order {
    Order::Level(LevelOrder {
        number,
        level: Level {
            small_blind: Chips::new(small),
            big_blind: Chips::new(big),
            ante: Chips::new(ante),
        },
        next_level_ms: Some(1_800_000_600_000),
    })
}

/// A six-seat tournament table `id` at level 1 (50/100), holding, with `players` seated by
/// order (player, seat, chips); bots among them play by themselves.
pub(crate) fn table(
    books: &mut SimBooks,
    id: &str,
    players: &[(&Member, usize, u64)],
) -> Bench<Hand> {
    let make = tournament(
        json!({"game": "holdem", "seats": 6, "bot_level": "station"}),
        "T51",
        "station",
    );
    let mut t = Bench::new(make, books, id, 0, 51);
    t.order(level(1, 50, 100, 0));
    for (m, seat, chips) in players {
        t.order(Order::Seat {
            player: (*m).clone(),
            seat: *seat,
            stack: Chips::new(*chips),
        });
    }
    t.settle(books);
    t
}

/// Ada and two bots (station) at a tournament table: the books, Ada, the table.
fn ada_and_bots(id: &str) -> (SimBooks, Member, Bench<Hand>) {
    let mut books = SimBooks::new();
    let ada = books.user("ada", false, 1_000);
    let b1 = books.user("bot-1", true, 0);
    let b2 = books.user("bot-2", true, 0);
    let t = table(
        &mut books,
        id,
        &[(&ada, 0, 5_000), (&b1, 2, 5_000), (&b2, 4, 5_000)],
    );
    (books, ada, t)
}

/// The coordinator lets the table deal (`permit`), and the pause between hands passes.
pub(crate) fn allow(t: &mut Bench<Hand>, books: &mut SimBooks, permit: Permit) {
    t.order(Order::Deal(permit));
    t.settle(books);
    t.advance(Duration::from_secs(1), books);
    t.settle(books);
}

/// Every hand over reported so far.
pub(crate) fn hands_over(t: &Bench<Hand>) -> Vec<HandOver> {
    (t.reports.iter())
        .filter_map(|r| match r {
            Report::HandOver(h) => Some(h.clone()),
            _ => None,
        })
        .collect()
}

/// Balances of every account in the books.
fn ledger(books: &SimBooks) -> BTreeMap<String, i64> {
    books.accounts.clone()
}

/// No write of the table moves room chips.
fn no_money_written(t: &Bench<Hand>) {
    for (_, w) in &t.writes {
        match w {
            Write::Move(j) => panic!("a movement of room chips: {j:?}"),
            Write::Finish(_, f) => assert!(f.journal.legs.is_empty(), "{f:?}"),
            _ => {}
        }
    }
}

/// Rule (RULES.md §5): a player seated by order with tournament chips is dealt in without a
/// buy-in: no movement of room chips, and the stack is the one given.
#[test]
fn a_seated_player_with_tournament_chips_is_dealt_in_without_a_buy_in() {
    let (mut books, ada, mut t) = ada_and_bots("tt1");
    let before = ledger(&books);
    assert!(t.reports.contains(&Report::Seated {
        player: ada.id,
        seat: 0
    }));
    assert_eq!(t.core.table().stack_of(&ada), Some(Chips::new(5_000)));
    t.order(Order::Deal(Permit::Next));
    no_money_written(&t);
    t.settle(&mut books);
    let (_, members) = t.core.hand_players().expect("a hand is dealt");
    assert!(members.iter().any(|m| m.id == ada.id), "ada is dealt in");
    assert_eq!(ledger(&books), before, "no room chip moved");
    // A cash table refuses the tournament's orders.
    let mut cash = super::stories::holdem_table(&mut books, "tt1c", 0);
    cash.order(Order::Seat {
        player: ada.clone(),
        seat: 0,
        stack: Chips::new(100),
    });
    assert!(matches!(cash.reports.as_slice(), [Report::Refused { .. }]));
    assert_eq!(cash.core.table().seat_of(&ada), None);
}

/// Rule (RULES.md §5; TDA 30 and 71): an absent player stays in — dealt in, posting, played for
/// by the clock — and keeps the seat, hand after hand (a cash table frees it at the third).
#[test]
fn an_absent_player_is_blinded_out_and_keeps_the_seat_for_ten_hands() {
    let (mut books, ada, mut t) = ada_and_bots("tt2");
    t.order(Order::Deal(Permit::Free));
    // Ada never connects.
    for _ in 0..100_000 {
        if hands_over(&t).len() >= 10 {
            break;
        }
        t.settle(&mut books);
        t.advance(Duration::from_secs(5), &mut books);
    }
    let over = hands_over(&t);
    assert!(over.len() >= 10, "{} hands", over.len());
    for h in &over[..10] {
        assert!(
            h.began.iter().any(|(u, _)| *u == ada.id),
            "hand {}: ada dealt in",
            h.hand
        );
    }
    assert!(t.core.table().seat_of(&ada).is_some(), "the seat is kept");
    let stack = t.core.table().stack_of(&ada).expect("seated");
    assert!(stack < Chips::new(5_000), "blinded: {stack}");
}

/// The state `conn` was last sent.
fn turn(t: &Bench<Hand>, conn: u64) -> Option<serde_json::Value> {
    let s = t.state(conn);
    (s["legal"].as_array().is_some_and(|l| !l.is_empty()) && s["view"]["over"] == false)
        .then_some(s)
}

/// Rule (RULES.md §5; TDA 29–30): at a player's turn the clock (30 s), then the time bank (30 s
/// at the first level), then the table checks where free, else folds — for that decision only:
/// the bank is used up, and the player acts again at their next action.
#[test]
fn the_clock_then_the_time_bank_then_check_if_free_else_fold() {
    let (mut books, ada, mut t) = ada_and_bots("tt3");
    t.attach(1, &ada);
    t.order(Order::Deal(Permit::Free));
    t.settle(&mut books);
    let mut waited = 0;
    while turn(&t, 1).is_none() {
        t.advance(Duration::from_millis(500), &mut books);
        waited += 1;
        assert!(waited < 10_000, "ada's turn never came");
    }
    let s = turn(&t, 1).expect("her turn");
    assert_eq!(s["clock"]["bank_ms"], 30_000, "{s}");
    let could_check = (s["legal"].as_array().into_iter().flatten()).any(|a| a["action"] == "check");
    let seat = s["you"]["hand_seat"].as_u64().expect("dealt in");
    let events = t.core.hand_events();
    t.frames.clear();
    t.advance(Duration::from_millis(59_999), &mut books);
    assert_eq!(
        t.core.hand_events(),
        events,
        "the clock and the bank still run"
    );
    t.advance(Duration::from_millis(1), &mut books);
    let seen: Vec<serde_json::Value> = (t.frames.get(&1).into_iter().flatten())
        .filter_map(|f| serde_json::from_str::<serde_json::Value>(f.as_str()).ok())
        .flat_map(|m| m["events"].as_array().cloned().unwrap_or_default())
        .collect();
    let hers = seen
        .iter()
        .find(|e| e["seat"] == seat && (e["event"] == "check" || e["event"] == "fold"))
        .map(|e| e["event"].clone());
    let want = if could_check { "check" } else { "fold" };
    assert_eq!(hers, Some(json!(want)), "the table acted for her: {seen:?}");
    assert_eq!(
        t.core
            .table()
            .seat_of(&ada)
            .and_then(|s| t.core.table().seat(s))
            .map(|o| o.sitting_out),
        Some(false),
        "she is not sat out"
    );
    // Her next turn: the clock alone (the bank is spent), and she acts herself.
    for _ in 0..10_000 {
        if let Some(s) = turn(&t, 1) {
            assert_eq!(s["clock"]["bank_ms"], 0, "{s}");
            let hand = s["hand"].as_str().unwrap_or_default().to_string();
            let r = t.intent(
                1,
                &ada,
                TableIntent::Act {
                    hand,
                    action: json!({"action": "fold"}),
                },
            );
            t.answer(r).expect("she acts at her next action");
            return;
        }
        t.advance(Duration::from_millis(500), &mut books);
    }
    panic!("no second turn");
}

/// Chips posted, by hand seat.
type Posts = Vec<(usize, Chips)>;

/// The blinds and antes posted in the hand in play: (seat, amount) of each blind, and of each
/// ante.
fn posted(t: &Bench<Hand>) -> (Posts, Posts) {
    let mut blinds = Vec::new();
    let mut antes = Vec::new();
    for e in t.core.hand_event_list().unwrap_or_default() {
        match e {
            Event::BlindPosted { seat, amount } => blinds.push((*seat, *amount)),
            Event::Bet(BetEvent::AntePosted { seat, amount }) => antes.push((*seat, *amount)),
            _ => {}
        }
    }
    (blinds, antes)
}

/// Rule (RULES.md §5; TDA 23, RP-11): a new level applies from the next hand; its big-blind ante
/// is posted by the big blind, and nobody else posts one.
#[test]
fn a_new_level_applies_from_the_next_hand_the_big_blind_ante_posted_by_the_big_blind() {
    let (mut books, _, mut t) = ada_and_bots("tt4");
    t.order(Order::Deal(Permit::Next));
    t.settle(&mut books);
    t.order(level(2, 100, 200, 200));
    let (blinds, antes) = posted(&t);
    assert_eq!(
        blinds.iter().map(|b| b.1).collect::<Vec<_>>(),
        vec![Chips::new(50), Chips::new(100)],
        "the hand in play keeps its level"
    );
    assert!(antes.is_empty());
    for _ in 0..10_000 {
        if hands_over(&t).len() == 1 {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    allow(&mut t, &mut books, Permit::Next);
    let (blinds, antes) = posted(&t);
    let big = blinds
        .iter()
        .find(|b| b.1 == Chips::new(200))
        .expect("the big blind");
    assert!(blinds.iter().any(|b| b.1 == Chips::new(100)), "{blinds:?}");
    assert_eq!(
        antes,
        vec![(big.0, Chips::new(200))],
        "the big blind posts the ante"
    );
}

/// Rule (RULES.md §5: players move between hands only): a player removed while dealt in plays
/// the hand out and leaves at its end, reported with the stack it left them.
#[test]
fn a_removed_player_leaves_between_hands_never_during_one() {
    let (mut books, ada, mut t) = ada_and_bots("tt5");
    t.order(Order::Deal(Permit::Next));
    t.settle(&mut books);
    assert!(t.core.hand_in_play().is_some());
    t.order(Order::Remove { player: ada.id });
    assert!(t.core.table().seat_of(&ada).is_some(), "still seated");
    assert!(!t
        .reports
        .iter()
        .any(|r| matches!(r, Report::Removed { .. })));
    for _ in 0..10_000 {
        if t.core.table().seat_of(&ada).is_none() {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    let over = hands_over(&t);
    let ended = (over.first().expect("the hand is over").ended.iter())
        .find(|(u, _)| *u == ada.id)
        .map(|(_, c)| *c)
        .expect("she was dealt in");
    let removed = t.reports.iter().position(|r| {
        *r == Report::Removed {
            player: ada.id,
            stack: ended,
        }
    });
    let reported = t
        .reports
        .iter()
        .position(|r| matches!(r, Report::HandOver(_)));
    assert!(
        removed > reported,
        "removed after the hand: {:?}",
        t.reports
    );
}

/// Rule (RULES.md §5, hand-for-hand): a table told to hold does not deal; allowed one hand, it
/// deals one and holds again; with a standing permission it deals on.
#[test]
fn a_table_told_to_hold_does_not_deal_until_allowed() {
    let (mut books, ada, mut t) = ada_and_bots("tt6");
    t.attach(1, &ada);
    t.advance(Duration::from_secs(600), &mut books);
    assert_eq!(t.core.table().hands_dealt(), 0, "a new table holds");
    let shown = &t.state(1)["tournament"];
    assert_eq!(
        (
            &shown["holding"],
            &shown["level"],
            &shown["ante"],
            &shown["tournament"]
        ),
        (&json!(true), &json!(1), &json!(0), &json!("T51")),
        "the players are shown the tournament's facts: {shown}"
    );
    t.order(Order::Deal(Permit::Next));
    t.settle(&mut books);
    assert_eq!(t.core.table().hands_dealt(), 1);
    t.advance(Duration::from_secs(1_200), &mut books);
    assert_eq!(hands_over(&t).len(), 1, "hand 1 is over");
    assert_eq!(t.core.table().hands_dealt(), 1, "hand 2 waits for the go");
    allow(&mut t, &mut books, Permit::Free);
    t.advance(Duration::from_secs(1_200), &mut books);
    assert!(t.core.table().hands_dealt() > 2, "dealt on");
    t.order(Order::Deal(Permit::Hold));
    let n = t.core.table().hands_dealt();
    t.advance(Duration::from_secs(1_200), &mut books);
    assert!(
        t.core.table().hands_dealt() <= n + 1,
        "at most the hand in play ends"
    );
}

/// Rule (issue 51): the coordinator hears of a hand only once its record is durable in the
/// books — not while the finish is pending, nor when its answer was lost — and the stacks it
/// reports conserve the chips.
#[test]
fn the_hand_over_report_conserves_chips_and_comes_only_after_the_hand_is_durable() {
    let (mut books, _, mut t) = ada_and_bots("tt7");
    t.order(Order::Deal(Permit::Free));
    let mut lost_once = false;
    for _ in 0..200_000 {
        if hands_over(&t).len() >= 5 {
            break;
        }
        let finishing = t
            .writes
            .front()
            .is_some_and(|(_, w)| matches!(w, Write::Finish(..)));
        if finishing && !lost_once {
            // The finish lands but its answer is lost: still no report.
            books.answers_lost = true;
            t.book_one(&mut books);
            books.answers_lost = false;
            lost_once = true;
            assert!(hands_over(&t).is_empty(), "reported before the answer");
            continue;
        }
        if !t.book_one(&mut books) && !t.think_one() {
            t.now = t.now.plus(Duration::from_millis(250));
            t.step(Input::Tick);
        }
        for h in hands_over(&t) {
            assert_eq!(
                books.hands[&h.id].status, "finished",
                "hand {} reported",
                h.hand
            );
        }
    }
    let over = hands_over(&t);
    assert!(over.len() >= 5 && lost_once);
    for h in &over {
        let began: Chips = h.began.iter().map(|x| x.1).sum::<Chips>() + h.carried_in;
        let ended: Chips = h.ended.iter().map(|x| x.1).sum::<Chips>() + h.carried_out;
        assert_eq!(began, ended, "hand {}", h.hand);
    }
    assert_eq!(t.core.table().chips_total(), Chips::new(15_000));
}

/// Rule (RULES.md §5; TDA 30): leaving a tournament table pays nothing out: the player stays
/// in, away, dealt in and played for at once until they sit in again.
#[test]
fn leaving_a_tournament_table_pays_nothing_out() {
    let (mut books, ada, mut t) = ada_and_bots("tt8");
    let before = ledger(&books);
    let r = t.intent(1, &ada, TableIntent::Leave);
    t.answer(r).expect("she stays in");
    allow(&mut t, &mut books, Permit::Free);
    for _ in 0..10_000 {
        no_money_written(&t);
        if hands_over(&t).len() >= 3 {
            break;
        }
        t.advance(Duration::from_millis(100), &mut books);
    }
    let over = hands_over(&t);
    assert!(over.len() >= 3, "hands went on: {}", over.len());
    assert!(
        over.iter()
            .all(|h| h.began.iter().any(|(u, _)| *u == ada.id)),
        "{over:?}"
    );
    // Played for at once: she is blinded out, and keeps the seat until the tournament removes
    // her.
    t.advance(Duration::from_secs(600), &mut books);
    assert_eq!(
        t.core.table().stack_of(&ada),
        Some(Chips::ZERO),
        "blinded out"
    );
    assert_eq!(ledger(&books), before, "no room chip moved");
}

/// Rule (RULES.md §5; TDA 8A/10A): a player seated between the small blind and the button is
/// not dealt in until the button has passed them; then they are.
#[test]
fn a_player_seated_between_the_small_blind_and_the_button_waits_for_the_button() {
    let (mut books, _, mut t) = ada_and_bots("tt9");
    let cy = books.user("bot-3", true, 0);
    t.order(Order::Deal(Permit::Next));
    for _ in 0..10_000 {
        if hands_over(&t).len() == 1 {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    let last = t.core.table().spots().expect("a hand was dealt");
    // The next button is the last small blind, the next small blind the last big blind; the
    // players sit at even seats, so the seat after the last small blind is between them.
    let between = (last.small + 1) % 6;
    t.order(Order::Seat {
        player: cy.clone(),
        seat: between,
        stack: Chips::new(5_000),
    });
    t.order(Order::Deal(Permit::Free));
    t.settle(&mut books);
    let (_, members) = t.core.hand_players().expect("hand 2");
    assert!(
        !members.iter().any(|m| m.id == cy.id),
        "not dealt in hand 2"
    );
    for _ in 0..100_000 {
        if hands_over(&t).len() >= 6 {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    assert!(
        hands_over(&t)
            .iter()
            .any(|h| h.began.iter().any(|(u, _)| *u == cy.id)),
        "dealt in once the button passed"
    );
}

/// Rule (issue 51): a tournament table told to close deals no more, lets the hand in play end
/// (recorded and reported), then closes; nothing is paid out.
#[test]
fn a_table_told_to_close_finishes_the_hand_in_play_then_closes_paying_nothing() {
    let (mut books, _, mut t) = ada_and_bots("tt10");
    let before = ledger(&books);
    allow(&mut t, &mut books, Permit::Free);
    assert!(t.core.hand_in_play().is_some());
    t.order(Order::Close);
    t.settle(&mut books);
    assert_eq!(t.stopped, None, "the hand in play first");
    t.advance(Duration::from_secs(600), &mut books);
    assert_eq!(t.stopped, Some(Stop::Closed));
    assert_eq!(
        hands_over(&t).len(),
        1,
        "the hand in play ended, and no other"
    );
    assert_eq!(ledger(&books), before, "no room chip moved");
    assert!(books.tables["tt10"].closed);
}

/// Rule (issue 51, several nodes): a tournament table taken over by another node keeps the
/// stacks its last recorded hand left (they are saved with that hand, not in the ledger), its
/// level and its permission, tells the coordinator that hand again and how it was restored.
#[test]
fn a_tournament_table_taken_over_keeps_its_stacks_and_level_and_tells_the_last_hand_again() {
    let (mut books, _, mut t) = ada_and_bots("tt11");
    let before = ledger(&books);
    t.order(level(2, 100, 200, 200));
    allow(&mut t, &mut books, Permit::Next);
    for _ in 0..10_000 {
        if hands_over(&t).len() == 1 {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    let over = hands_over(&t)[0].clone();
    t.step(Input::Lost);
    let t2 = Bench::takeover(t.make.clone(), &mut books, "tt11", t.now, 9);
    assert_eq!(
        hands_over(&t2),
        vec![over.clone()],
        "the last hand told again"
    );
    let mut seats: Vec<(UserId, Chips)> = (t2.core.table().seats())
        .map(|(_, o)| (o.player.id, o.stack))
        .collect();
    let mut ended = over.ended.clone();
    seats.sort();
    ended.sort();
    assert_eq!(seats, ended, "the stacks the hand left");
    assert!(t2
        .reports
        .iter()
        .any(|r| matches!(r, Report::Restored { hands: 1, seats } if seats.len() == 3)));
    let l = t2.core.table().level().expect("a level");
    assert_eq!((l.big_blind, l.ante), (Chips::new(200), Chips::new(200)));
    assert_eq!(
        t2.core.tour().permit,
        Permit::Hold,
        "the hand allowed was dealt"
    );
    assert_eq!(ledger(&books), before, "no room chip moved");
}

/// Fault (issue 51's failover drill on three nodes; `tournament::joined` has the whole-node
/// takeovers): a hand voided by a takeover gave its permission back, saved with the table, and
/// the new owner dealt at once on it — while the coordinator's relay, once the table had told
/// what it restored, gave the go for that hand again: two hands on one go, the second's report
/// lost and the third refused, and the tournament stalled. A table taken over now deals only
/// on its coordinator's go, and one go deals one hand.
#[test]
fn a_table_taken_over_mid_hand_deals_only_on_its_coordinators_go_and_one_hand_a_go() {
    let (mut books, _, mut t) = ada_and_bots("tt12");
    allow(&mut t, &mut books, Permit::Next);
    assert!(t.core.hand_in_play().is_some());
    assert_eq!(t.core.tour().permit, Permit::Hold, "used up by the deal");
    let mut t2 = Bench::takeover(t.make.clone(), &mut books, "tt12", t.now, 9);
    assert!(books.hands.values().any(|h| h.status == "voided"));
    t2.settle(&mut books);
    t2.advance(Duration::from_secs(600), &mut books);
    assert!(t2.core.hand_in_play().is_none(), "no hand before the go");
    assert!(hands_over(&t2).len() <= 1, "only the last hand told again");
    let told = hands_over(&t2).len();
    allow(&mut t2, &mut books, Permit::Next);
    for _ in 0..10_000 {
        if hands_over(&t2).len() > told {
            break;
        }
        t2.advance(Duration::from_secs(5), &mut books);
    }
    t2.advance(Duration::from_secs(600), &mut books);
    assert_eq!(
        hands_over(&t2).len(),
        told + 1,
        "one hand on the go, no other"
    );
}

/// Rule (RULES.md §5: a rebuy, an add-on, a chip race at a colour-up): the coordinator's count
/// of a stack is taken between hands and refused during one, the table unchanged; the next hand
/// is dealt with it.
#[test]
fn a_stack_count_is_taken_between_hands_and_refused_during_one() {
    let (mut books, ada, mut t) = ada_and_bots("tt-stack");
    t.order(Order::Stack {
        player: ada.id,
        stack: Chips::new(5_100),
    });
    let seat = |t: &Bench<Hand>| {
        let s = t.core.table().seat_of(&ada).expect("seated");
        t.core.table().stack_of(&ada).map(|c| (s, c))
    };
    assert_eq!(seat(&t).map(|s| s.1), Some(Chips::new(5_100)));
    t.order(Order::Deal(Permit::Next));
    t.settle(&mut books);
    assert!(t.core.hand_in_play().is_some());
    t.order(Order::Stack {
        player: ada.id,
        stack: Chips::new(9_999),
    });
    assert!(
        matches!(t.reports.last(), Some(Report::Refused { order, .. }) if order == "stack"),
        "{:?}",
        t.reports.last()
    );
    for _ in 0..10_000 {
        if !hands_over(&t).is_empty() {
            break;
        }
        t.advance(Duration::from_secs(5), &mut books);
    }
    let over = hands_over(&t);
    let began = (over.first().expect("the hand is over").began.iter())
        .find(|(u, _)| *u == ada.id)
        .map(|(_, c)| *c);
    assert_eq!(began, Some(Chips::new(5_100)), "dealt with the count taken");
}
