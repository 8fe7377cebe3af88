//! The shared betting round and pots used as Five-Card Draw (RULES.md §3) will use them: no
//! check before the opening, a fold out of turn, odd chips staying in the pot.

use tavolo_engine::betting::{
    pots, Bet, BetError, BettingRound, Ledger, MinRaise, OddChips, RoundRules, SeatMask, Step,
    Structure,
};
use tavolo_engine::Chips;

fn draw_rules() -> RoundRules {
    RoundRules {
        structure: Structure::NoLimit,
        min_bet: Chips::new(5),
        min_raise: MinRaise::TableMinimum,
        cap: None,
        forced_bets: 0,
        check_before_opening: false,
    }
}

#[test]
fn draw_round_forbids_the_check_before_the_opening() {
    let mut l = Ledger::new(&[Chips::new(100), Chips::new(100), Chips::new(100)]);
    let mut r = BettingRound::start(&l, 1, draw_rules());
    assert_eq!(r.actor(), Some(1));
    let legal = r.legal(&l).expect("someone acts");
    assert!(!legal.check && legal.call.is_none());
    assert_eq!(
        r.apply(&mut l, 1, Bet::Check),
        Err(BetError::CheckBeforeOpening)
    );
    assert_eq!(r.apply(&mut l, 1, Bet::Fold), Ok(Step::Next(2)));
    assert_eq!(
        r.apply(&mut l, 2, Bet::RaiseTo(Chips::new(5))),
        Ok(Step::Next(0))
    );
}

#[test]
fn a_player_may_fold_out_of_turn_and_it_takes_effect_at_once() {
    let mut l = Ledger::new(&[Chips::new(100), Chips::new(100), Chips::new(100)]);
    let mut r = BettingRound::start(&l, 0, draw_rules());
    r.apply(&mut l, 0, Bet::RaiseTo(Chips::new(10)))
        .expect("opens");
    // Seat 2 folds while seat 1 is to act.
    assert_eq!(r.fold_out_of_turn(&mut l, 2), Ok(Step::Next(1)));
    assert!(!l.live().contains(2));
    assert_eq!(r.apply(&mut l, 1, Bet::Call), Ok(Step::Closed));
    assert_eq!(
        r.fold_out_of_turn(&mut l, 2),
        Err(BetError::NotInHand { seat: 2 })
    );
}

#[test]
fn seed_literal_raise_is_at_least_the_table_minimum() {
    let mut l = Ledger::new(&[Chips::new(100), Chips::new(100)]);
    let mut r = BettingRound::start(&l, 0, draw_rules());
    r.apply(&mut l, 0, Bet::RaiseTo(Chips::new(40)))
        .expect("opens");
    assert_eq!(
        r.legal(&l).and_then(|x| x.raise).map(|x| x.min_to),
        Some(Chips::new(45))
    );
}

#[test]
fn odd_chips_stay_in_the_pot_with_the_draw_option() {
    let mut paid = vec![Chips::ZERO; 3];
    let mut winners = SeatMask::EMPTY;
    winners.insert(0);
    winners.insert(2);
    let left = pots::split(
        Chips::new(11),
        winners,
        1,
        3,
        OddChips::StayInPot,
        |s, a| paid[s] += a,
    );
    assert_eq!(paid, [5, 0, 5].map(Chips::new));
    assert_eq!(left, 1);
}

#[test]
fn odd_chips_go_one_at_a_time_from_left_of_the_button() {
    let mut paid = vec![Chips::ZERO; 4];
    let winners = SeatMask::first(4);
    let left = pots::split(
        Chips::new(10),
        winners,
        2,
        4,
        OddChips::OneEachFromLeftOfButton,
        |s, a| paid[s] += a,
    );
    assert_eq!(paid, [2, 2, 3, 3].map(Chips::new));
    assert_eq!(left, 0);
}
