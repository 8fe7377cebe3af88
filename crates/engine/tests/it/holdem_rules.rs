//! One scenario per rule of RULES.md §2 (the hand; the table layer is in `holdem_table.rs`).

use crate::holdem_support::*;
use tavolo_cards::GameRng;
use tavolo_engine::betting::BetEvent;
use tavolo_engine::betting::{BetError, Ledger, Pots, Refused};
use tavolo_engine::holdem::{
    Action, Dealing, Event, Hand, HandSetup, HoldemError, HoldemRules, MinRaise, OddChips,
    SetupError, ShowdownOrder, Street, Structure, ToAct,
};
use tavolo_engine::Chips;

fn nl() -> HoldemRules {
    HoldemRules::default()
}

/// Low unpaired hole cards for up to five seats.
const HOLES: [&str; 5] = ["2c3d", "4c5d", "6c7d", "8c9d", "TcJc"];

/// A hand at button 0 with `stacks`, blinds `sb` and `bb` (as in [`table`]), and seat i holding
/// `HOLES[i]`.
fn low_holes(stacks: &[u64], sb: u64, bb: u64, rules: HoldemRules) -> Hand {
    stacked(&table(stacks, 0, sb, bb, rules), &HOLES[..stacks.len()]).0
}

/// The setup of a hand with `stacks`, the button at `button`, and blinds `sb` and `bb`, in
/// chips as plain numbers so that each scenario reads as its table.
fn table(stacks: &[u64], button: usize, sb: u64, bb: u64, rules: HoldemRules) -> HandSetup {
    let stacks: Vec<Chips> = stacks.iter().map(|&s| Chips::new(s)).collect();
    setup(&stacks, button, Chips::new(sb), Chips::new(bb), rules)
}

fn shown_order(ev: &[Event]) -> Vec<usize> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Shown { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

fn legal(h: &Hand) -> tavolo_engine::holdem::Legal {
    match h.legal_actions() {
        ToAct::Player(l) => l,
        other => panic!("no betting decision: {other:?}"),
    }
}

/// The smallest and the largest raise the player to act may make, if any.
fn raise_range(h: &Hand) -> Option<(Chips, Chips)> {
    legal(h).raise.map(|r| (r.min_to, r.max_to))
}

fn refused(h: &mut Hand, a: Action) -> HoldemError {
    let before = h.clone();
    let e = h.apply(a).expect_err("must be refused");
    assert!(*h == before, "a refused action changed the state");
    e
}

/// The minimum raise once the first to act at four seats (blinds 5/10, `rules`) raised to `to`.
fn min_raise_after(rules: HoldemRules, to: u64) -> Option<Chips> {
    let mut h = low_holes(&[1000; 4], 5, 10, rules);
    ok(&mut h, raise(3, Chips::new(to)));
    legal(&h).raise.map(|r| r.min_to)
}

/// The betting rule a raise by `seat` to `to` breaks (the hand unchanged).
fn raise_refused(h: &mut Hand, seat: usize, to: u64) -> BetError {
    bet_error(refused(h, raise(seat, Chips::new(to))))
}

/// A raise below the minimum `min`.
fn too_small(min: u64, got: u64) -> BetError {
    BetError::RaiseTooSmall {
        min: Chips::new(min),
        got: Chips::new(got),
    }
}

/// A raise above the maximum `max`.
fn too_large(max: u64, got: u64) -> BetError {
    BetError::RaiseTooLarge {
        max: Chips::new(max),
        got: Chips::new(got),
    }
}

fn bet_error(e: HoldemError) -> BetError {
    match e {
        HoldemError::Turn(Refused::Betting { reason, .. }) => reason,
        other => panic!("not a betting error: {other}"),
    }
}

#[test]
fn engine_accepts_two_to_ten_players() {
    for n in 2..=10 {
        assert!(Hand::new(&table(&vec![100; n], 0, 1, 2, nl()), Dealing::Supplied).is_ok());
    }
    for n in [1, 11] {
        let e = Hand::new(&table(&vec![100; n], 0, 1, 2, nl()), Dealing::Supplied)
            .expect_err("bad count");
        assert_eq!(e, SetupError::SeatCount { got: n });
    }
}

#[test]
fn small_blind_is_the_hand_left_of_the_button_and_big_blind_the_next() {
    let (_, ev) = Hand::new(&table(&[100; 5], 3, 5, 10, nl()), Dealing::Supplied).expect("setup");
    assert_eq!(
        ev,
        vec![
            Event::BlindPosted {
                seat: 4,
                amount: Chips::new(5)
            },
            Event::BlindPosted {
                seat: 0,
                amount: Chips::new(10)
            }
        ]
    );
}

#[test]
fn blinds_are_half_the_table_minimum_and_the_table_minimum() {
    let s = table(&[100; 4], 0, 5, 10, nl());
    assert_eq!(s.blinds, vec![0, 5, 10, 0]);
    assert_eq!(s.min_bet, 10);
}

#[test]
fn heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() {
    let s = table(&[100, 100], 0, 1, 2, nl());
    assert_eq!(s.blinds, vec![1, 2]);
    let (mut h, _) = stacked(&s, &["AsAd", "KsKd"]);
    assert_eq!(actor(&h), Some(0));
    ok(&mut h, call(0));
    ok(&mut h, check(1));
    board(&mut h, "2c7d9h");
    assert_eq!(actor(&h), Some(1));
}

#[test]
fn hole_cards_are_dealt_one_at_a_time_starting_left_of_the_button() {
    let (_, ev) = seeded(&table(&[100; 4], 2, 1, 2, nl()), 1);
    let order: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            Event::HoleDealt { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![3, 0, 1, 2, 3, 0, 1, 2]);
}

#[test]
fn preflop_betting_starts_left_of_the_big_blind() {
    let (h, _) = stacked(
        &table(&[100; 5], 0, 1, 2, nl()),
        &["2c3c", "4c5c", "6c7c", "8c9c", "TcJc"],
    );
    assert_eq!(actor(&h), Some(3));
}

#[test]
fn flop_burns_one_deals_three_and_the_first_active_left_of_the_button_acts() {
    let (mut h, _) = seeded(&table(&[100; 4], 0, 1, 2, nl()), 9);
    let ev = oks(&mut h, [call(3), call(0), fold(1), check(2)]);
    let tail: Vec<_> = ev
        .iter()
        .skip_while(|e| !matches!(e, Event::RoundEnded { .. }))
        .collect();
    assert!(matches!(tail[1], Event::Burned));
    assert!(
        matches!(tail[2], Event::BoardDealt { street: Street::Flop, cards } if cards.as_slice().len() == 3)
    );
    assert_eq!(actor(&h), Some(2));
}

#[test]
fn turn_and_river_each_burn_one_and_deal_one() {
    let (mut h, _) = seeded(&table(&[100; 2], 0, 1, 2, nl()), 3);
    let ev = oks(&mut h, [call(0), check(1), check(1), check(0)]);
    let burns = ev.iter().filter(|e| matches!(e, Event::Burned)).count();
    assert_eq!(burns, 1);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::BoardDealt { street: Street::Turn, cards } if cards.as_slice().len() == 1)));
    assert_eq!(h.board().count(), 4);
}

fn river_bet_by_seat_2(rules: HoldemRules) -> Vec<Event> {
    let mut h = low_holes(&[100; 4], 1, 2, rules);
    for a in [call(3), call(0), call(1), check(2)] {
        ok(&mut h, a);
    }
    board(&mut h, "AhKhQs");
    for s in [1, 2, 3, 0] {
        ok(&mut h, check(s));
    }
    board(&mut h, "Js");
    for s in [1, 2, 3, 0] {
        ok(&mut h, check(s));
    }
    board(&mut h, "2h");
    ok(&mut h, check(1));
    ok(&mut h, raise(2, Chips::new(10)));
    ok(&mut h, call(3));
    ok(&mut h, call(0));
    ok(&mut h, call(1))
}

#[test]
fn showdown_starts_with_first_to_act_last_round() {
    let ev = river_bet_by_seat_2(nl());
    assert_eq!(shown_order(&ev), vec![1, 2, 3, 0]);
}

#[test]
fn showdown_order_option_last_aggressor_first() {
    let mut r = nl();
    r.showdown_order = ShowdownOrder::LastAggressorFirst;
    assert_eq!(shown_order(&river_bet_by_seat_2(r)), vec![2, 3, 0, 1]);
}

#[test]
fn all_hands_still_in_are_shown_and_the_best_five_of_seven_wins() {
    let ev = river_bet_by_seat_2(nl());
    assert_eq!(shown_order(&ev).len(), 4);
    let winners: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Bet(BetEvent::PotWon { seat, .. }) => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(winners, vec![0]); // a pair of deuces (2c with the 2h) beats ace-high
}

#[test]
fn a_board_that_plays_splits_the_pot() {
    let mut h = low_holes(&[100, 100], 1, 2, nl());
    ok(&mut h, call(0));
    ok(&mut h, check(1));
    for cards in ["AsKsQs", "Js", "Ts"] {
        board(&mut h, cards);
        ok(&mut h, check(1));
        ok(&mut h, check(0));
    }
    assert!(h.is_over());
    assert_eq!(h.stacks(), &[100, 100]);
}

#[test]
fn last_player_standing_takes_the_pot_without_showing() {
    let mut h = low_holes(&[100; 4], 1, 2, nl());
    ok(&mut h, fold(3));
    ok(&mut h, fold(0));
    let ev = ok(&mut h, fold(1));
    assert!(shown_order(&ev).is_empty());
    assert!(h.is_over());
    assert_eq!(h.stacks(), &[100, 99, 101, 100]);
}

#[test]
fn check_only_when_nothing_is_owed() {
    let mut h = low_holes(&[100; 4], 1, 2, nl());
    let e = refused(&mut h, check(3));
    assert_eq!(
        bet_error(e),
        BetError::CheckOwes {
            owed: Chips::new(2)
        }
    );
    assert!(!legal(&h).check);
}

#[test]
fn a_player_who_cannot_cover_the_bet_calls_all_in_for_less() {
    let mut h = low_holes(&[100, 100, 100, 30], 1, 2, nl());
    ok(&mut h, raise(3, Chips::new(4)));
    ok(&mut h, raise(0, Chips::new(60)));
    ok(&mut h, fold(1));
    ok(&mut h, fold(2));
    assert_eq!(legal(&h).call, Some(Chips::new(26)));
    let ev = ok(&mut h, call(3));
    assert_eq!(
        ev[0],
        Event::Bet(BetEvent::Called {
            seat: 3,
            amount: Chips::new(26),
            all_in: true
        })
    );
}

#[test]
fn no_limit_minimum_raise_is_the_largest_increment_never_below_the_big_blind() {
    let mut h = low_holes(&[1000; 4], 5, 10, nl());
    assert_eq!(legal(&h).raise.map(|r| r.min_to), Some(Chips::new(20)));
    ok(&mut h, raise(3, Chips::new(30)));
    assert_eq!(raise_refused(&mut h, 0, 45), too_small(50, 45));
    ok(&mut h, raise(0, Chips::new(50)));
    ok(&mut h, fold(1));
    ok(&mut h, fold(2));
    ok(&mut h, call(3));
    board(&mut h, "AhKhQs");
    assert_eq!(raise_refused(&mut h, 3, 5), too_small(10, 5));
}

#[test]
fn seed_literal_minimum_raise_option_is_the_table_minimum() {
    let r = HoldemRules {
        min_raise: MinRaise::TableMinimum,
        ..nl()
    };
    assert_eq!(min_raise_after(r, 100), Some(Chips::new(110)));
}

#[test]
fn pot_limit_raise_is_at_most_the_pot_after_the_call() {
    let mut h = low_holes(&[1000; 4], 5, 10, HoldemRules::casino(Structure::PotLimit));
    assert_eq!(legal(&h).raise.map(|r| r.max_to), Some(Chips::new(35)));
    assert_eq!(raise_refused(&mut h, 3, 36), too_large(35, 36));
    ok(&mut h, raise(3, Chips::new(35)));
    // Pot 50 (5 + 10 + 35), button calls 35: pot 85, raise by 85 to 120.
    assert_eq!(legal(&h).raise.map(|r| r.max_to), Some(Chips::new(120)));
}

#[test]
fn pot_limit_raise_is_at_least_the_table_minimum_not_the_largest_raise() {
    // RULES.md §2: Pot-Limit's minimum raise is the table minimum (the seed's rule); the
    // international rule is the table's option.
    let pl = HoldemRules::casino(Structure::PotLimit);
    // The last raise added 25; the next raise needs only the table minimum, 10, more.
    assert_eq!(min_raise_after(pl, 35), Some(Chips::new(45)));
    let r = HoldemRules {
        min_raise: MinRaise::LargestIncrement,
        ..pl
    };
    assert_eq!(min_raise_after(r, 35), Some(Chips::new(60)));
}

#[test]
fn limit_bets_are_the_small_bet_then_the_big_bet() {
    let r = HoldemRules::casino(Structure::FixedLimit);
    let mut h = low_holes(&[1000; 2], 5, 10, r);
    let range = legal(&h).raise.expect("may raise");
    assert_eq!(
        (range.min_to, range.max_to),
        (Chips::new(20), Chips::new(20))
    );
    ok(&mut h, call(0));
    ok(&mut h, check(1));
    board(&mut h, "AhKhQs");
    assert_eq!(raise_range(&h), Some((Chips::new(10), Chips::new(10))));
    ok(&mut h, check(1));
    ok(&mut h, check(0));
    board(&mut h, "Js");
    assert_eq!(raise_range(&h), Some((Chips::new(20), Chips::new(20))));
}

#[test]
fn limit_three_raise_cap_lifts_heads_up() {
    let r = HoldemRules::casino(Structure::FixedLimit);
    let mut h = low_holes(&[1000; 3], 5, 10, r);
    // The big blind is the first bet; three raises make four bets.
    ok(&mut h, raise(0, Chips::new(20)));
    ok(&mut h, raise(1, Chips::new(30)));
    ok(&mut h, raise(2, Chips::new(40)));
    assert_eq!(
        raise_refused(&mut h, 0, 50),
        BetError::RaiseCapReached { cap: 4 }
    );
    ok(&mut h, fold(0));
    // Only two players remain: raising is unlimited.
    ok(&mut h, raise(1, Chips::new(50)));
    ok(&mut h, raise(2, Chips::new(60)));
    ok(&mut h, raise(1, Chips::new(70)));
}

#[test]
fn limit_cap_stays_heads_up_with_the_pokerkit_option() {
    let mut r = HoldemRules::casino(Structure::FixedLimit);
    r.limit_cap.lifted_heads_up = false;
    r.blind_counts_as_bet = false;
    let mut h = low_holes(&[1000; 2], 5, 10, r);
    for (s, to) in [(0, 20), (1, 30), (0, 40), (1, 50)] {
        ok(&mut h, raise(s, Chips::new(to)));
    }
    assert_eq!(
        raise_refused(&mut h, 0, 60),
        BetError::RaiseCapReached { cap: 4 }
    );
}

#[test]
fn short_all_in_does_not_reopen_betting() {
    let mut h = low_holes(&[1000, 1000, 25], 5, 10, nl());
    ok(&mut h, raise(0, Chips::new(20)));
    ok(&mut h, call(1));
    ok(&mut h, raise(2, Chips::new(25))); // all-in, raising by 5 < 10
    let l = legal(&h);
    assert_eq!((l.seat, l.call, l.raise), (0, Some(Chips::new(5)), None));
    assert_eq!(raise_refused(&mut h, 0, 100), BetError::NotReopened);
    ok(&mut h, call(0));
    assert_eq!(legal(&h).raise, None);
}

#[test]
fn short_all_in_over_the_big_blind_does_not_reopen_for_a_limper() {
    // Pre-flop: UTG limps, the button goes all-in for 5 more than the big blind.
    let mut h = low_holes(&[1000, 1000, 1000, 1000, 15], 5, 10, nl());
    ok(&mut h, call(3));
    ok(&mut h, raise(4, Chips::new(15))); // all-in, 5 over the big blind: not a full raise
    ok(&mut h, call(0));
    ok(&mut h, call(1));
    assert!(
        legal(&h).raise.is_some(),
        "the big blind has not acted: it may raise"
    );
    ok(&mut h, call(2));
    assert_eq!(legal(&h).seat, 3);
    assert_eq!(
        legal(&h).raise,
        None,
        "the limper already acted: call or fold"
    );
    // PokerKit counts increments from zero, so the same all-in reopens there.
    let mut r = HoldemRules::pokerkit(Structure::NoLimit, tavolo_engine::holdem::Antes::Live);
    r.reveal = tavolo_engine::holdem::Reveal::AllShown;
    let mut h = low_holes(&[1000, 1000, 1000, 1000, 15], 5, 10, r);
    for a in [call(3), raise(4, Chips::new(15)), call(0), call(1), call(2)] {
        ok(&mut h, a);
    }
    assert!(legal(&h).raise.is_some());
}

#[test]
fn full_raise_all_in_reopens_betting() {
    let mut h = low_holes(&[1000, 1000, 40], 5, 10, nl());
    ok(&mut h, raise(0, Chips::new(20)));
    ok(&mut h, call(1));
    ok(&mut h, raise(2, Chips::new(40))); // all-in, raising by 20 >= 10
    assert_eq!(legal(&h).raise.map(|r| r.min_to), Some(Chips::new(60)));
}

#[test]
fn side_pots_limit_what_an_all_in_player_can_win() {
    // Seat 2 is all-in for 50 with the best hand; seats 0 and 1 contest the side pot.
    let (mut h, _) = stacked(
        &table(&[200, 200, 50], 0, 5, 10, nl()),
        &["KcKd", "QcQd", "AcAd"],
    );
    ok(&mut h, raise(0, Chips::new(200)));
    ok(&mut h, call(1));
    ok(&mut h, call(2));
    for c in ["2h7s9d", "3c", "4s"] {
        board(&mut h, c);
    }
    assert!(h.is_over());
    assert_eq!(h.stacks(), &[300, 0, 150]);
}

#[test]
fn split_pot_odd_chip_goes_to_the_first_winner_left_of_the_button() {
    let play = |button: usize, odd: OddChips| {
        let mut r = nl();
        r.odd_chips = odd;
        let (mut h, _) = stacked(
            &table(&[100; 3], button, 1, 2, r),
            &["2c3d", "2d3c", "4h5h"],
        );
        let s = |k: usize| (button + k) % 3; // 0 = button, 1 = small blind, 2 = big blind
        ok(&mut h, raise(s(0), Chips::new(5)));
        ok(&mut h, call(s(1)));
        ok(&mut h, call(s(2)));
        board(&mut h, "AsKsQs");
        ok(&mut h, raise(s(1), Chips::new(2)));
        ok(&mut h, call(s(2)));
        ok(&mut h, fold(s(0)));
        for c in ["Js", "Ts"] {
            board(&mut h, c);
            ok(&mut h, check(s(1)));
            ok(&mut h, check(s(2)));
        }
        assert!(h.is_over());
        h
    };
    // Pot 19 between seats 1 and 2 (button 0): 10 to seat 1, the first left of the button.
    let h = play(0, OddChips::OneEachFromLeftOfButton);
    assert_eq!(h.winnings(), &[0, 10, 9]);
    let h = play(2, OddChips::OneEachFromLeftOfButton);
    // Button 2: seat 0 is small blind, seat 1 big blind.
    assert_eq!(h.winnings(), &[10, 9, 0]);
    let h = play(0, OddChips::StayInPot);
    assert_eq!(h.winnings(), &[0, 9, 9]);
    assert_eq!(h.carried(), 1);
}

#[test]
fn uncalled_bet_is_returned() {
    let mut h = low_holes(&[1000; 3], 5, 10, nl());
    ok(&mut h, raise(0, Chips::new(100)));
    ok(&mut h, fold(1));
    let ev = ok(&mut h, fold(2));
    assert!(ev.contains(&Event::Bet(BetEvent::UncalledReturned {
        seat: 0,
        amount: Chips::new(90)
    })));
    assert_eq!(h.stacks(), &[1015, 995, 990]);
}

#[test]
fn chips_of_folded_players_above_every_all_in_do_not_vanish() {
    let mut l = Ledger::new(&[Chips::new(300), Chips::new(50), Chips::new(50)]);
    l.put(0, Chips::new(100));
    l.put(1, Chips::new(50));
    l.put(2, Chips::new(50));
    l.fold(0);
    let pots = Pots::build(&l);
    assert_eq!(pots.total(), 200);
    assert_eq!(pots.as_slice().len(), 1);
}

#[test]
fn illegal_action_is_rejected_with_who_what_why_and_what_is_legal() {
    let mut h = low_holes(&[100; 4], 1, 2, nl());
    let e = refused(&mut h, call(1));
    let msg = e.to_string();
    assert!(msg.contains("seat 1 acted but seat 3 is to act"), "{msg}");
    assert!(msg.contains("legal now"), "{msg}");
    let e = refused(&mut h, raise(3, Chips::new(1000)));
    assert_eq!(
        bet_error(e),
        BetError::RaiseTooLarge {
            max: Chips::new(100),
            got: Chips::new(1000)
        }
    );
    assert!(matches!(
        refused(&mut h, Action::Muck { seat: 3 }),
        HoldemError::Turn(Refused::NotNow { .. })
    ));
}

#[test]
fn chips_are_never_created_or_lost() {
    let mut rng = GameRng::from_u64(77);
    for i in 0..500u64 {
        let stacks = random_stacks(6, Chips::new(2), &mut rng);
        let total: Chips = stacks.iter().sum();
        let (mut h, _) = seeded(
            &setup(
                &stacks,
                (i % 6) as usize,
                Chips::new(1),
                Chips::new(2),
                nl(),
            ),
            i,
        );
        while let Some(a) = random_action(&h, &mut rng) {
            ok(&mut h, a);
        }
        assert_eq!(h.stacks().iter().sum::<Chips>() + h.carried(), total);
    }
}

#[test]
fn same_seed_and_same_actions_give_the_same_hand() {
    let play = || {
        let s = table(&[500; 6], 2, 1, 2, nl());
        let (mut h, mut ev) = seeded(&s, 42);
        let mut bot = GameRng::from_u64(7);
        while let Some(a) = random_action(&h, &mut bot) {
            ev.extend(ok(&mut h, a));
        }
        format!("{ev:?}")
    };
    assert_eq!(play(), play());
}

/// The pots in the middle of a view, as (chips, eligible seats).
fn middle(h: &Hand) -> Vec<(u64, Vec<usize>)> {
    h.view(None)
        .pots
        .into_iter()
        .map(|p| (p.amount.get(), p.eligible))
        .collect()
}

#[test]
fn side_pots_show_in_the_middle_as_bets_are_gathered_and_every_shown_hand_is_in_the_result() {
    use tavolo_engine::game::Game;
    let (mut h, mut events) = stacked(&table(&[30, 100, 100], 0, 1, 2, nl()), &HOLES[..3]);
    // Pre-flop: the button is all-in for 30, both blinds call.
    events.extend(oks(&mut h, [raise(0, Chips::new(30)), call(1), call(2)]));
    events.extend(board(&mut h, "AhKhQs"));
    assert_eq!(middle(&h), vec![(90, vec![0, 1, 2])]);
    // A bet in front of a seat is not in a pot until the round ends.
    events.extend(ok(&mut h, raise(1, Chips::new(20))));
    assert_eq!(middle(&h), vec![(90, vec![0, 1, 2])]);
    assert_eq!(h.view(None).bets, vec![0, 20, 0]);
    events.extend(ok(&mut h, call(2)));
    events.extend(board(&mut h, "2h"));
    // Gathered: the side pot that only the two covered seats contest.
    assert_eq!(middle(&h), vec![(90, vec![0, 1, 2]), (40, vec![1, 2])]);
    events.extend(oks(&mut h, [check(1), check(2)]));
    events.extend(board(&mut h, "3h"));
    events.extend(oks(&mut h, [check(1), check(2)]));
    assert!(h.is_over());
    assert!(middle(&h).is_empty(), "the pots were awarded");
    // Every hand shown at the showdown is in the result, a loser's too.
    let summary = Game::summary(&h, &events);
    let showed = shown_order(&events);
    let in_summary: Vec<usize> = summary.shown.iter().map(|s| s.seat).collect();
    let mut sorted = showed.clone();
    sorted.sort_unstable();
    assert_eq!(in_summary, sorted);
    assert!(
        in_summary.contains(&0) && in_summary.contains(&1),
        "{in_summary:?}"
    );
    let winners: Vec<usize> = summary.pots.iter().map(|p| p.seat).collect();
    assert!(
        in_summary.iter().any(|s| !winners.contains(s)),
        "a loser's hand is listed"
    );
}
