//! The table layer, one scenario per rule of RULES.md §2 Table and Positions, and chips
//! conserved over many hands.

mod holdem_support;

use holdem_support::*;
use proptest::prelude::*;
use tavolo_cards::GameRng;
use tavolo_engine::holdem::table::{Table, TableConfig, TableError, TableEvent};
use tavolo_engine::holdem::{Hand, HoldemRules, OddChips};

fn config() -> TableConfig {
    TableConfig::casino(6, 10, 1000, 500, HoldemRules::default())
}

fn play_out(t: &mut Table, rng: &mut GameRng) -> (Hand, Vec<TableEvent>) {
    let (mut h, _, tev) = t.deal_seeded(rng).expect("deal");
    while let Some(a) = random_action(&h, rng) {
        h.apply(a).expect("legal");
    }
    t.finish(&h).expect("over");
    (h, tev)
}

fn fold_round(t: &mut Table, rng: &mut GameRng) -> Vec<TableEvent> {
    let (mut h, _, tev) = t.deal_seeded(rng).expect("deal");
    while let Some(s) = actor(&h) {
        h.apply(fold(s)).expect("fold");
    }
    t.finish(&h).expect("over");
    tev
}

fn started(tev: &[TableEvent]) -> (usize, usize) {
    tev.iter()
        .find_map(|e| match *e {
            TableEvent::HandStarted { button, first, .. } => Some((button, first)),
            _ => None,
        })
        .expect("a hand started")
}

#[test]
fn seats_are_drawn_by_lot_and_the_others_wait() {
    let players: Vec<u64> = (1..=8).collect();
    let (a, ev) = Table::open(config(), &players, &mut GameRng::from_u64(1)).expect("open");
    let (b, _) = Table::open(config(), &players, &mut GameRng::from_u64(2)).expect("open");
    let seating = |t: &Table| {
        (0..6)
            .map(|s| t.occupant(s).map(|o| o.0))
            .collect::<Vec<_>>()
    };
    assert_ne!(seating(&a), seating(&b), "different draws seat differently");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, TableEvent::Seated { stack: 1000, .. }))
            .count(),
        6
    );
    assert_eq!(a.waiting_list().collect::<Vec<_>>(), vec![7, 8]);
}

#[test]
fn a_casino_table_needs_four_players_to_deal() {
    let (mut t, _) = Table::open(config(), &[1, 2, 3], &mut GameRng::from_u64(1)).expect("open");
    let e = t
        .deal_seeded(&mut GameRng::from_u64(1))
        .expect_err("three players");
    assert_eq!(
        e,
        TableError::NotEnoughPlayers {
            ready: 3,
            needed: 4
        }
    );
    t.join_waiting_list(4).expect("joins");
    assert!(t.deal_seeded(&mut GameRng::from_u64(1)).is_ok());
}

#[test]
fn the_hand_and_the_button_rotate_one_player_clockwise_each_deal() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5], &mut GameRng::from_u64(3)).expect("open");
    let occupied: Vec<usize> = (0..6).filter(|&s| t.occupant(s).is_some()).collect();
    let mut rng = GameRng::from_u64(4);
    for k in 0..7 {
        let (button, first) = started(&fold_round(&mut t, &mut rng));
        assert_eq!(
            first,
            occupied[k % 5],
            "the hand moves one player clockwise"
        );
        assert_eq!(
            button,
            occupied[(k + 4) % 5],
            "the button is right of the hand"
        );
    }
}

#[test]
fn players_sitting_out_are_skipped_by_blinds_and_cards() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5], &mut GameRng::from_u64(3)).expect("open");
    t.sit_out(2).expect("seated");
    let (h, _, _) = t.deal_seeded(&mut GameRng::from_u64(9)).expect("deal");
    assert_eq!(h.seats(), 4);
    let seats = t.hand_seats().expect("in hand").seats.clone();
    assert!(!seats.contains(&t.seat_of(2).expect("still seated")));
}

#[test]
fn third_consecutive_sit_out_frees_the_seat() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5, 6], &mut GameRng::from_u64(3)).expect("open");
    t.join_waiting_list(7).expect("waits");
    let seat = t.seat_of(3).expect("seated");
    t.sit_out(3).expect("seated");
    let mut rng = GameRng::from_u64(5);
    fold_round(&mut t, &mut rng);
    fold_round(&mut t, &mut rng);
    assert_eq!(t.seat_of(3), Some(seat), "two hands of rest keep the seat");
    let tev = fold_round(&mut t, &mut rng);
    assert!(tev.contains(&TableEvent::Left {
        player: 3,
        seat,
        stack: 1000,
        timed_out: true
    }));
    assert_eq!(t.seat_of(7), Some(seat), "the waiting list is called");
}

#[test]
fn sitting_in_again_resets_the_count() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5], &mut GameRng::from_u64(3)).expect("open");
    let mut rng = GameRng::from_u64(5);
    t.sit_out(3).expect("seated");
    fold_round(&mut t, &mut rng);
    fold_round(&mut t, &mut rng);
    t.sit_in(3).expect("seated");
    fold_round(&mut t, &mut rng);
    t.sit_out(3).expect("seated");
    fold_round(&mut t, &mut rng);
    fold_round(&mut t, &mut rng);
    assert!(t.seat_of(3).is_some());
}

#[test]
fn seat_change_requests_are_served_before_the_waiting_list() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5, 6], &mut GameRng::from_u64(3)).expect("open");
    t.join_waiting_list(7).expect("waits");
    let mover_from = t.seat_of(2).expect("seated");
    t.request_seat_change(2).expect("seated");
    let freed = t.seat_of(5).expect("seated");
    let ev = t.leave(5).expect("between hands");
    assert!(ev.contains(&TableEvent::Moved {
        player: 2,
        from: mover_from,
        to: freed
    }));
    assert_eq!(t.seat_of(2), Some(freed));
    assert_eq!(
        t.seat_of(7),
        Some(mover_from),
        "the first waiting player gets the seat left behind"
    );
}

#[test]
fn buy_in_is_the_table_amount_and_rebuys_need_an_exhausted_stack() {
    let mut c = config();
    c.min_players = 2;
    let (mut t, _) = Table::open(c, &[1, 2], &mut GameRng::from_u64(3)).expect("open");
    assert_eq!(
        t.occupant(t.seat_of(1).expect("seated")).map(|o| o.1),
        Some(1000)
    );
    assert_eq!(
        t.rebuy(1),
        Err(TableError::RebuyWithChips {
            player: 1,
            stack: 1000
        })
    );
    // Play until someone is broke.
    let mut rng = GameRng::from_u64(8);
    let broke = loop {
        play_out(&mut t, &mut rng);
        if let Some(p) = [1u64, 2]
            .into_iter()
            .find(|&p| t.occupant(t.seat_of(p).expect("seated")).map(|o| o.1) == Some(0))
        {
            break p;
        }
    };
    assert_eq!(
        t.rebuy(broke),
        Ok(TableEvent::Rebought {
            player: broke,
            amount: 500
        })
    );
}

#[test]
fn seats_change_only_between_hands() {
    let (mut t, _) = Table::open(config(), &[1, 2, 3, 4], &mut GameRng::from_u64(3)).expect("open");
    let (h, _, _) = t.deal_seeded(&mut GameRng::from_u64(1)).expect("deal");
    assert_eq!(t.leave(1), Err(TableError::HandInProgress));
    assert_eq!(t.finish(&h), Err(TableError::HandNotOver));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn table_chips_are_conserved_across_hands(seed in any::<u64>()) {
        let mut rng = GameRng::from_u64(seed);
        let mut c = config();
        if rng.below(2) == 0 {
            c.rules.odd_chips = OddChips::StayInPot;
        }
        let (mut t, _) = Table::open(c, &[1, 2, 3, 4, 5, 6, 7], &mut rng).expect("open");
        let mut total = t.chips_total();
        for _ in 0..30 {
            // Random comings and goings between hands.
            match rng.below(6) {
                0 => { let _ = t.sit_out(1 + u64::from(rng.below(7))); }
                1 => { let _ = t.sit_in(1 + u64::from(rng.below(7))); }
                2 => {
                    let p = 1 + u64::from(rng.below(7));
                    if t.leave(p).is_ok() {
                        let _ = t.join_waiting_list(p);
                        total = t.chips_total();
                    }
                }
                _ => {}
            }
            for p in 1..=7 {
                if let Ok(TableEvent::Rebought { amount, .. }) = t.rebuy(p) { total += amount; }
            }
            match t.deal_seeded(&mut rng) {
                Ok((mut h, _, tev)) => {
                    for e in tev {
                        if let TableEvent::Left { stack, .. } = e { total -= stack; }
                        if let TableEvent::Seated { stack, .. } = e { total += stack; }
                    }
                    while let Some(a) = random_action(&h, &mut rng) { h.apply(a).expect("legal"); }
                    t.finish(&h).expect("over");
                    prop_assert_eq!(t.chips_total(), total);
                }
                Err(TableError::NotEnoughPlayers { .. }) => { let _ = t.sit_in(1); let _ = t.sit_in(2); let _ = t.sit_in(3); let _ = t.sit_in(4); }
                Err(e) => prop_assert!(false, "{e}"),
            }
        }
    }
}

#[test]
fn every_hand_played_exports_as_a_replayable_hand_history() {
    let (mut t, _) =
        Table::open(config(), &[1, 2, 3, 4, 5], &mut GameRng::from_u64(3)).expect("open");
    let mut rng = GameRng::from_u64(21);
    for _ in 0..20 {
        for p in 1..=5 {
            let _ = t.rebuy(p);
        }
        let (mut h, mut ev, _) = t.deal_seeded(&mut rng).expect("deal");
        while let Some(a) = random_action(&h, &mut rng) {
            ev.extend(h.apply(a).expect("legal"));
        }
        let seats = t.hand_seats().expect("in hand").clone();
        let phh = seats.to_phh(&ev);
        t.finish(&h).expect("over");
        let back = tavolo_engine::holdem::phh::parse_phh(&phh.to_phh()).expect("parses");
        let replayed = back.replay().expect("replays");
        let mut table_stacks: Vec<u64> = replayed.finishing_stacks();
        table_stacks.sort_unstable();
        let mut now: Vec<u64> = seats
            .seats
            .iter()
            .map(|&s| t.occupant(s).expect("seated").1)
            .collect();
        now.sort_unstable();
        assert_eq!(table_stacks, now);
        assert_eq!(
            back.players.as_ref().map(Vec::len),
            Some(seats.players.len())
        );
    }
}
