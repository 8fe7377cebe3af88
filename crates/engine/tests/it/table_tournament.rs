//! A tournament table across hands, one story per rule of RULES.md §5 Seats and tables and its
//! Levels and the clock (TDA 8A, 10A, 23, 30, 32, 34B): seats given with tournament chips by
//! order, the level from the next hand with the big-blind ante posted by the big blind, the big
//! blind moving one player a deal under a dead button, heads-up, arrivals, and absent players
//! dealt in.

use tavolo_cards::GameRng;
use tavolo_engine::game::{Game, Outcome, Played};
use tavolo_engine::holdem::{Hand, HandSetup, HoldemRules, HoldemTable};
use tavolo_engine::table::{HandStart, Table, TableError, TableRules};
use tavolo_engine::tournament::Level;
use tavolo_engine::Chips;

use crate::table::assert_once_an_orbit;

type P = u32;

fn level(small: u64, big: u64, ante: u64) -> Level {
    Level {
        small_blind: Chips::new(small),
        big_blind: Chips::new(big),
        ante: Chips::new(ante),
    }
}

/// A 6-seat tournament table at 50/100, with `players` (player `p` at seat `s`) of 1,000 chips.
fn tournament(players: &[(P, usize)], seed: u64) -> Table<P> {
    let mut t = Table::new(TableRules::tournament(6), GameRng::from_u64(seed)).expect("rules");
    t.set_level(level(50, 100, 0)).expect("a tournament");
    for &(p, s) in players {
        t.seat_with_stack(p, s, Chips::new(1_000)).expect("seated");
    }
    t
}

fn setup(start: &HandStart<P>) -> HandSetup {
    Hand::setup(
        &HoldemTable::casino(Chips::new(2), HoldemRules::default()),
        &start.positions,
    )
    .expect("a tournament setup")
}

/// The table seats of the small blind (`None`: dead) and the big blind, from what they post.
fn blinds(start: &HandStart<P>) -> (Option<usize>, usize) {
    let s = setup(start);
    let forced = start.positions.forced.expect("a tournament hand");
    let small = (0..s.seats()).find(|&i| s.blinds[i] > 0 && i != forced.big);
    let big = (0..s.seats())
        .max_by_key(|&i| (s.blinds[i], i == forced.big))
        .expect("a big blind");
    (small.map(|i| start.seats[i]), start.seats[big])
}

/// Deals a hand; everybody folds to the big blind, except that `bust` (a table seat dealt in)
/// loses every chip to the big blind. Returns the hand as dealt.
fn hand(t: &mut Table<P>, bust: Option<usize>) -> HandStart<P> {
    let (start, _) = t.deal().expect("deals");
    let mut played = Played::<Hand>::deal(setup(&start), [start.number as u8; 32]).expect("deal");
    while let Some(seat) = played.game.to_act().iter().next() {
        let first = played.game.legal(seat)[0];
        played.apply(first).expect("legal");
    }
    let Outcome::Chips {
        start: s,
        mut end,
        carried_in,
        carried_out,
        unit,
    } = played.outcome()
    else {
        panic!("chips")
    };
    if let Some(i) = bust.and_then(|b| start.seats.iter().position(|&x| x == b)) {
        let big = start.positions.forced.expect("forced").big;
        let lost = std::mem::take(&mut end[i]);
        end[big] += lost;
    }
    let outcome = Outcome::Chips {
        start: s,
        end,
        carried_in,
        carried_out,
        unit,
    };
    t.finish(&outcome).expect("conserved");
    start
}

/// Rule (RULES.md §5): a player is seated by order with tournament chips, no buy-in asked; a cash
/// table refuses such an order, and a removal cashes nothing out.
#[test]
fn a_tournament_seat_takes_tournament_chips_without_a_buy_in_and_a_removal_pays_nothing() {
    let mut t = Table::<P>::new(TableRules::tournament(6), GameRng::from_u64(1)).expect("rules");
    let c = t.seat_with_stack(1, 3, Chips::new(5_000)).expect("seated");
    assert!(c.bookings.is_empty(), "no buy-in is asked");
    assert_eq!(t.stack_of(&1), Some(Chips::new(5_000)));
    assert_eq!(
        t.seat_with_stack(2, 3, Chips::new(5_000)),
        Err(TableError::SeatTaken { seat: 3 })
    );
    assert_eq!(
        t.seat_with_stack(2, 4, Chips::ZERO),
        Err(TableError::NoChips)
    );
    let left = t.leave(&1).expect("removed");
    assert!(left.bookings.is_empty(), "nothing is cashed out");
    let mut cash = Table::<P>::new(
        TableRules::cash(6, 2, Chips::new(100), Chips::new(100)),
        GameRng::from_u64(1),
    )
    .expect("rules");
    assert_eq!(
        cash.seat_with_stack(1, 0, Chips::new(100)),
        Err(TableError::NotTournament)
    );
    assert_eq!(
        cash.set_level(level(1, 2, 0)),
        Err(TableError::NotTournament)
    );
}

/// Rule (RULES.md §5; TDA 23 and RP-11): a new level applies from the next hand, and its
/// big-blind ante is posted by the big blind, blind first, never more than the stack leaves.
#[test]
fn a_new_level_applies_from_the_next_hand_and_the_big_blind_posts_the_ante_blind_first() {
    let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], 3);
    let (first, _) = t.deal().expect("deals");
    t.set_level(level(100, 200, 200)).expect("a tournament");
    assert_eq!(
        first.positions.forced.map(|f| f.level),
        Some(level(50, 100, 0)),
        "the hand dealt keeps its level"
    );
    t.void_hand().expect("voided");
    let (next, _) = t.deal().expect("deals");
    let s = setup(&next);
    let big = next.positions.forced.expect("forced").big;
    assert_eq!(s.blinds[big], Chips::new(200));
    assert_eq!(
        s.antes[big],
        Chips::new(200),
        "the big blind posts the ante"
    );
    assert_eq!(
        s.antes.iter().sum::<Chips>(),
        Chips::new(200),
        "nobody else"
    );
    // A big blind of 300 chips pays the blind first and 100 towards the ante.
    let mut short = next.clone();
    short.positions.stacks[big] = Chips::new(300);
    let s = setup(&short);
    assert_eq!(
        (s.blinds[big], s.antes[big]),
        (Chips::new(200), Chips::new(100))
    );
}

/// Rule (RULES.md §5; TDA 32): the big blind moves one player each deal; where the last big blind
/// busted, the small blind is dead and the button moves to the last small blind's seat, so
/// nobody pays the big blind twice in a row and nobody who stays skips it.
#[test]
fn where_the_big_blind_busted_the_small_blind_is_dead_and_nobody_skips_the_big_blind() {
    let mut t = tournament(&[(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)], 5);
    let mut bigs = Vec::new();
    let first = hand(&mut t, None);
    bigs.push(blinds(&first).1);
    let last_big = blinds(&first).1;
    // The next hand's big blind busts in it.
    let start = {
        let (s, _) = t.clone().deal().expect("deals");
        let next_big = blinds(&s).1;
        let h = hand(&mut t, Some(next_big));
        assert_eq!(
            blinds(&h).0,
            Some(last_big),
            "the last big blind posts the small"
        );
        h
    };
    let busted_seat = blinds(&start).1;
    bigs.push(busted_seat);
    let busted = t.seat(busted_seat).expect("seated").player;
    t.leave(&busted).expect("removed");
    let after = hand(&mut t, None);
    let spots = t.spots().expect("spots");
    assert_eq!(blinds(&after).0, None, "the small blind is dead");
    assert_eq!(spots.small, busted_seat);
    assert_eq!(spots.button, blinds(&start).0.expect("a small blind"));
    bigs.push(blinds(&after).1);
    for _ in 0..8 {
        let h = hand(&mut t, None);
        bigs.push(blinds(&h).1);
    }
    for w in bigs.windows(2) {
        assert_ne!(
            w[0], w[1],
            "nobody pays the big blind twice in a row: {bigs:?}"
        );
    }
    assert_once_an_orbit(&bigs[2..], 4, "the four who stay pay it once an orbit");
}

/// Rule (RULES.md §5; TDA 34B): heads-up the button posts the small blind; at the move to
/// heads-up the big blind still moves one player, so nobody is big blind twice running.
#[test]
fn heads_up_the_button_posts_the_small_blind_and_nobody_is_big_blind_twice_running() {
    for seed in 0..12 {
        let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], seed);
        let first = hand(&mut t, None);
        let (_, big) = blinds(&first);
        // A player other than the last big blind busts: two are left.
        let out = (first.seats.iter().copied())
            .find(|&s| s != big)
            .expect("another seat");
        let out_player = t.seat(out).expect("seated").player;
        t.leave(&out_player).expect("removed");
        let mut last = big;
        for _ in 0..4 {
            let h = hand(&mut t, None);
            let (small, big) = blinds(&h);
            assert_ne!(big, last, "seed {seed}: big blind twice running");
            let button = h.seats[h.positions.button];
            assert_eq!(
                small,
                Some(button),
                "seed {seed}: the button posts the small blind"
            );
            last = big;
        }
    }
}

/// Rule (RULES.md §5; TDA 8A/10A): a player seated between the small blind and the button is not
/// dealt in until the button has passed them; one seated elsewhere (here: where the big blind
/// falls next) plays at once.
#[test]
fn an_arrival_between_the_small_blind_and_the_button_waits_for_the_button_to_pass() {
    for seed in 0..6 {
        let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], seed);
        hand(&mut t, None);
        let last = t.spots().expect("spots");
        // The next button is the last small blind, the next small blind the last big blind:
        // the seat between them (players sit at even seats) is between the button and the
        // small blind; the seat after the last big blind is where the next big blind falls.
        let between = (last.small + 1) % 6;
        let big_next = (last.big + 1) % 6;
        t.seat_with_stack(8, between, Chips::new(1_000))
            .expect("seated");
        t.seat_with_stack(9, big_next, Chips::new(1_000))
            .expect("seated");
        let next = hand(&mut t, None);
        assert!(
            !next.players.contains(&8),
            "seed {seed}: dealt between the blinds"
        );
        assert!(
            next.players.contains(&9),
            "seed {seed}: not dealt in the big blind"
        );
        assert_eq!(
            blinds(&next).1,
            big_next,
            "seed {seed}: the arrival posts the big blind"
        );
        let mut dealt = false;
        for _ in 0..5 {
            dealt |= hand(&mut t, None).players.contains(&8);
        }
        assert!(dealt, "seed {seed}: dealt in once the button passed");
    }
}

/// Rule (RULES.md §5; TDA 30): an absent player is dealt in, posts, and never loses the seat for
/// missing hands.
#[test]
fn an_absent_tournament_player_is_dealt_in_and_keeps_the_seat() {
    let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], 4);
    t.sit_out(&2).expect("seated");
    for _ in 0..10 {
        let h = hand(&mut t, None);
        assert!(h.players.contains(&2), "dealt in while absent");
    }
    assert!(t.seat_of(&2).is_some(), "the seat is kept");
}
