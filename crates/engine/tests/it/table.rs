//! The table across hands, one story per rule of RULES.md §2 Table and Positions, with the
//! games dealt through the one game interface, and chips conserved over many hands of comings
//! and goings (a property test). The faults found in the room's table are in `regressions.rs`.

use proptest::prelude::*;
use tavolo_cards::GameRng;
use tavolo_engine::draw::{DrawHand, DrawTable};
use tavolo_engine::game::{Game, Played};
use tavolo_engine::holdem::{Hand, HoldemRules, HoldemTable, OddChips};
use tavolo_engine::saint::{SaintGame, SaintOptions};
use tavolo_engine::table::{
    Booking, Change, Departure, HandStart, SeatState, Seating, Table, TableError, TableEvent,
    TableRules,
};
use tavolo_engine::Chips;

pub(crate) type P = u32;

/// A casino Hold'em table: 6 seats, 4 players to deal, buy-in 1,000, rebuy 500.
pub(crate) fn casino() -> TableRules {
    TableRules::cash(6, 4, Chips::new(1_000), Chips::new(500))
}

pub(crate) fn table(rules: TableRules, seed: u64) -> Table<P> {
    Table::new(rules, GameRng::from_u64(seed)).expect("valid rules")
}

/// Answers every buy-in or rebuy the change asks for with `ok`; returns the refunds and
/// cash-outs.
pub(crate) fn fund_all(t: &mut Table<P>, change: &Change<P>, ok: bool) -> Vec<Booking<P>> {
    let mut out = Vec::new();
    let mut todo = change.bookings.clone();
    while let Some(b) = todo.pop() {
        match b {
            Booking::Fund { ticket, .. } => {
                let c = t.funded(ticket, ok).expect("a pending ticket");
                todo.extend(c.bookings);
            }
            cash_out => out.push(cash_out),
        }
    }
    out
}

/// A table with `players` seated by lot and funded.
pub(crate) fn seated(rules: TableRules, players: &[P], seed: u64) -> Table<P> {
    let mut t = table(rules, seed);
    let c = t.open(players).expect("opens");
    fund_all(&mut t, &c, true);
    t
}

/// Asserts that any `orbit` running entries of `order` (who paid the big blind, or cut) are
/// `orbit` different seats: each takes its turn once an orbit. `what` names the rule.
pub(crate) fn assert_once_an_orbit(order: &[usize], orbit: usize, what: &str) {
    for w in order.windows(orbit) {
        let mut seen = w.to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), orbit, "{what}: {w:?} in {order:?}");
    }
}

/// A six-seat cash table (blinds 500/1,000) of `players`, every one funded, dealt from `seed`.
fn cash_table(players: &[P], seed: u64) -> Table<P> {
    seated(
        TableRules::cash(6, 2, Chips::new(1_000), Chips::new(500)),
        players,
        seed,
    )
}

/// Deals a Hold'em hand, everybody folds to the big blind, and the table takes the stacks
/// back. Returns the hand as dealt.
pub(crate) fn fold_round(t: &mut Table<P>) -> (HandStart<P>, Change<P>) {
    let (start, mut change) = t.deal().expect("deals");
    let setup = Hand::setup(
        &HoldemTable::casino(Chips::new(10), HoldemRules::default()),
        &start.positions,
    )
    .expect("setup");
    let mut hand = Played::<Hand>::deal(setup, [start.number as u8; 32]).expect("deals");
    while let Some(seat) = hand.game.to_act().iter().next() {
        let first = hand.game.legal(seat)[0];
        hand.apply(first).expect("legal");
    }
    change.extend(t.finish(&hand.outcome()).expect("conserved"));
    (start, change)
}

/// The table seats of the small and the big blind of a Hold'em hand.
pub(crate) fn blinds(start: &HandStart<P>) -> (usize, usize) {
    let setup = Hand::setup(
        &HoldemTable::casino(Chips::new(10), HoldemRules::default()),
        &start.positions,
    )
    .expect("setup");
    let paying: Vec<usize> = (0..setup.seats())
        .filter(|&i| setup.blinds[i] > 0)
        .collect();
    let small = paying
        .iter()
        .copied()
        .find(|&i| setup.blinds[i] == 5)
        .expect("a small blind");
    let big = paying
        .iter()
        .copied()
        .find(|&i| setup.blinds[i] == 10)
        .expect("a big blind");
    (start.seats[small], start.seats[big])
}

#[test]
fn seats_are_drawn_by_lot_and_the_others_wait() {
    let players: Vec<P> = (1..=8).collect();
    let a = seated(casino(), &players, 1);
    let b = seated(casino(), &players, 2);
    let seating = |t: &Table<P>| {
        (0..6)
            .map(|s| t.seat(s).map(|o| o.player))
            .collect::<Vec<_>>()
    };
    assert_ne!(seating(&a), seating(&b), "different draws seat differently");
    assert_eq!(a.seats().count(), 6);
    assert!(a.seats().all(|(_, o)| o.stack == 1_000));
    assert_eq!(a.waiting().copied().collect::<Vec<_>>(), vec![7, 8]);
}

#[test]
fn a_casino_table_needs_four_players_to_deal() {
    let mut t = seated(casino(), &[1, 2, 3], 1);
    assert_eq!(
        t.deal().expect_err("three players"),
        TableError::NotEnoughPlayers {
            ready: 3,
            needed: 4
        }
    );
    let c = t.join(4).expect("joins");
    fund_all(&mut t, &c, true);
    assert!(t.deal().is_ok());
}

#[test]
fn the_hand_and_the_button_rotate_one_player_clockwise_each_deal() {
    let mut t = seated(casino(), &[1, 2, 3, 4, 5], 3);
    let occupied: Vec<usize> = t.seats().map(|(s, _)| s).collect();
    for k in 0..7 {
        let (start, _) = fold_round(&mut t);
        assert_eq!(
            start.first,
            occupied[k % 5],
            "the hand moves one player clockwise"
        );
        let button = start.seats[start.positions.button];
        assert_eq!(
            button,
            occupied[(k + 4) % 5],
            "the button is right of the hand"
        );
        assert_eq!(
            blinds(&start),
            (occupied[k % 5], occupied[(k + 1) % 5]),
            "the hand posts the small blind, the next player the big blind"
        );
    }
}

#[test]
fn when_a_player_leaves_nobody_pays_the_big_blind_twice_and_nobody_staying_skips_it() {
    let mut t = cash_table(&[1, 2, 3, 4, 5, 6], 5);
    let mut big_blinds: Vec<usize> = Vec::new();
    for k in 0..12 {
        if k == 3 {
            // The player who paid the big blind last leaves.
            let last_big = *big_blinds.last().expect("a hand was played");
            let p = t.seat(last_big).expect("seated").player;
            t.leave(&p).expect("between hands");
        }
        let (start, _) = fold_round(&mut t);
        big_blinds.push(blinds(&start).1);
    }
    for w in big_blinds.windows(2) {
        assert_ne!(w[0], w[1], "nobody pays the big blind twice in a row");
    }
    // After the departure, the five who stay each pay the big blind once in any five hands.
    let what = "every player staying pays it once an orbit";
    assert_once_an_orbit(&big_blinds[3..], 5, what);
}

#[test]
fn heads_up_the_button_posts_the_small_blind() {
    let mut t = cash_table(&[1, 2], 7);
    let (start, _) = fold_round(&mut t);
    let button = start.seats[start.positions.button];
    assert_eq!(blinds(&start).0, button);
}

#[test]
fn players_sitting_out_are_skipped_by_blinds_and_cards() {
    let mut t = seated(casino(), &[1, 2, 3, 4, 5], 3);
    t.sit_out(&2).expect("seated");
    let (start, _) = t.deal().expect("deals");
    assert_eq!(start.players.len(), 4);
    assert!(!start.players.contains(&2));
    assert_eq!(
        t.seat(t.seat_of(&2).expect("seated")).map(|o| o.state),
        Some(SeatState::Seated)
    );
}

#[test]
fn a_third_consecutive_missed_hand_frees_the_seat_and_calls_the_waiting_list() {
    let mut t = seated(casino(), &[1, 2, 3, 4, 5, 6], 3);
    let c = t.join(7).expect("waits");
    assert!(c.events.contains(&TableEvent::Waiting {
        player: 7,
        place: 1
    }));
    let seat = t.seat_of(&3).expect("seated");
    t.sit_out(&3).expect("seated");
    fold_round(&mut t);
    fold_round(&mut t);
    assert_eq!(t.seat_of(&3), Some(seat), "two hands of rest keep the seat");
    let (_, change) = t.deal().expect("deals");
    assert!(change.events.contains(&TableEvent::Left {
        player: 3,
        seat,
        stack: Chips::new(1_000),
        why: Departure::MissedHands
    }));
    assert!(change.bookings.contains(&Booking::CashOut {
        player: 3,
        seat,
        amount: Chips::new(1_000)
    }));
    assert_eq!(t.seat_of(&7), Some(seat), "the waiting list is called");
    assert!(t.seat(seat).is_some_and(|o| o.is_funding()), "7 buys in");
}

#[test]
fn sitting_in_again_resets_the_count() {
    let mut t = seated(casino(), &[1, 2, 3, 4, 5], 3);
    t.sit_out(&3).expect("seated");
    fold_round(&mut t);
    fold_round(&mut t);
    t.sit_in(&3).expect("seated");
    fold_round(&mut t);
    t.sit_out(&3).expect("seated");
    fold_round(&mut t);
    fold_round(&mut t);
    assert!(t.seat_of(&3).is_some());
}

#[test]
fn seat_change_requests_are_served_before_the_waiting_list() {
    let mut t = seated(casino(), &[1, 2, 3, 4, 5, 6], 3);
    t.join(7).expect("waits");
    let from = t.seat_of(&2).expect("seated");
    let (place, _) = t.request_seat_change(&2, None).expect("seated");
    assert_eq!(place, Some(1), "the table is full: the request waits");
    let freed = t.seat_of(&5).expect("seated");
    let change = t.leave(&5).expect("between hands");
    assert!(change.events.contains(&TableEvent::Moved {
        player: 2,
        from,
        to: freed
    }));
    assert_eq!(t.seat_of(&2), Some(freed));
    assert_eq!(
        t.seat_of(&7),
        Some(from),
        "the first waiting player gets the seat left behind"
    );
}

#[test]
fn with_nobody_waiting_a_newcomer_sits_down_in_a_free_seat() {
    let mut t = seated(casino(), &[1, 2, 3], 4);
    let change = t.join(9).expect("a free seat");
    assert!(matches!(
        change.events.as_slice(),
        [TableEvent::Seated { player: 9, .. }]
    ));
}

/// Rule (RULES.md §2 Table): "seats at the start of a session are assigned by random draw"; a
/// seat asked for then is refused, and the table is unchanged.
#[test]
fn the_seats_of_a_sessions_start_are_drawn_and_a_chosen_one_is_refused() {
    let mut t = seated(casino(), &[1, 2, 3], 4);
    assert_eq!(t.seating(), Seating::Drawn);
    let free = (0..6).find(|&s| t.seat(s).is_none()).expect("a free seat");
    assert_eq!(t.join_at(9, Some(free)), Err(TableError::SeatsDrawn));
    assert!(!t.is_here(&9), "unchanged");
    // without a choice, a seat is drawn as always
    let c = t.join_at(9, None).expect("drawn");
    assert!(matches!(
        c.events.as_slice(),
        [TableEvent::Seated { player: 9, .. }]
    ));
}

/// After the session's first deal a newcomer takes the free seat they choose (RULES.md §2 Table
/// draws only the seats of a session's start); a taken or missing seat is refused by name.
#[test]
fn after_the_first_deal_a_newcomer_takes_the_free_seat_they_choose() {
    let mut t = seated(casino(), &[1, 2, 3, 4], 4);
    fold_round(&mut t);
    assert_eq!(t.seating(), Seating::Chosen);
    let taken = t.seat_of(&2).expect("seated");
    assert_eq!(
        t.join_at(9, Some(taken)),
        Err(TableError::SeatTaken { seat: taken })
    );
    assert_eq!(
        t.join_at(9, Some(6)),
        Err(TableError::NoSuchSeat { seat: 6, seats: 6 })
    );
    assert!(!t.is_here(&9), "unchanged by a refusal");
    for want in (0..6).filter(|&s| t.seat(s).is_none()) {
        let mut u = t.clone();
        let c = u.join_at(9, Some(want)).expect("a free seat, chosen");
        assert_eq!(u.seat_of(&9), Some(want));
        assert!(matches!(
            c.bookings.as_slice(),
            [Booking::Fund { seat, amount, rebuy: false, .. }] if *seat == want && *amount == 1_000
        ));
    }
}

/// Rule (RULES.md §2 Table): "a free seat is never taken around the list": while a seat change
/// is pending or anybody waits, a seat asked for is refused (the newcomer is told to wait), and
/// a full table sends newcomers to the list.
#[test]
fn a_chosen_seat_is_never_taken_around_a_seat_change_or_the_waiting_list() {
    let mut t = seated(casino(), &[1, 2, 3, 4], 4);
    fold_round(&mut t);
    t.deal().expect("a hand in play");
    let free: Vec<usize> = (0..6).filter(|&s| t.seat(s).is_none()).collect();
    // One, dealt in, asks for a free seat: held for the end of the hand.
    let (place, _) = t.request_seat_change(&1, Some(free[0])).expect("asked");
    assert_eq!(place, Some(1));
    assert_eq!(t.seating(), Seating::List);
    for &s in &free {
        assert_eq!(
            t.join_at(9, Some(s)),
            Err(TableError::OthersFirst { waiting: 1 })
        );
    }
    // Without a choice the newcomer waits behind the change.
    t.join_at(9, None).expect("waits");
    assert_eq!(t.waiting_place(&9), Some(1));
    assert_eq!(
        t.join_at(10, Some(free[1])),
        Err(TableError::OthersFirst { waiting: 2 })
    );
    // A full table: the list.
    let full = seated(casino(), &[1, 2, 3, 4, 5, 6], 4);
    assert_eq!(full.seating(), Seating::List);
}

#[test]
fn chips_reach_a_stack_only_once_the_ledger_funds_them() {
    let mut t = table(casino(), 2);
    let c = t.join(1).expect("joins");
    let [Booking::Fund {
        ticket,
        amount,
        rebuy: false,
        ..
    }] = c.bookings.as_slice()
    else {
        panic!("one buy-in: {c:?}")
    };
    assert_eq!(*amount, 1_000);
    assert_eq!(t.stack_of(&1), Some(Chips::ZERO));
    assert_eq!(t.chips_total(), 0);
    t.funded(*ticket, true).expect("pending");
    assert_eq!(t.stack_of(&1), Some(Chips::new(1_000)));
    assert_eq!(
        t.funded(*ticket, true),
        Err(TableError::UnknownTicket(*ticket)),
        "an answer is taken once"
    );
}

#[test]
fn a_refused_buy_in_gives_the_seat_up_and_a_refused_rebuy_keeps_it() {
    let mut t = cash_table(&[1, 2], 6);
    let c = t.join(3).expect("joins");
    let seat = t.seat_of(&3).expect("seated");
    let refunds = fund_all(&mut t, &c, false);
    assert!(refunds.is_empty());
    assert_eq!(t.seat_of(&3), None);
    assert!(t.seat(seat).is_none());
    // Play until somebody is broke, then refuse the rebuy.
    let broke = loop {
        play_random_hand(&mut t, &mut GameRng::from_u64(11));
        if let Some(p) = [1, 2]
            .into_iter()
            .find(|p| t.stack_of(p) == Some(Chips::ZERO))
        {
            break p;
        }
    };
    let c = t.rebuy(&broke).expect("exhausted, between hands");
    fund_all(&mut t, &c, false);
    assert_eq!(
        t.stack_of(&broke),
        Some(Chips::ZERO),
        "still seated, still broke"
    );
    let c = t.rebuy(&broke).expect("again");
    fund_all(&mut t, &c, true);
    assert_eq!(t.stack_of(&broke), Some(Chips::new(500)));
}

/// A result in units of 10 for `n` players who started with 1,000 each and end with `end` each.
pub(crate) fn thousand_each(n: usize, end: Chips) -> tavolo_engine::game::Outcome {
    tavolo_engine::game::Outcome::Chips {
        start: vec![Chips::new(1_000); n],
        end: vec![end; n],
        carried_in: Chips::ZERO,
        carried_out: Chips::ZERO,
        unit: Chips::new(10),
    }
}

pub(crate) fn first_seat(change: &Change<P>) -> usize {
    change
        .events
        .iter()
        .find_map(|e| match e {
            TableEvent::Seated { seat, .. } => Some(*seat),
            _ => None,
        })
        .expect("seated")
}

#[test]
fn rebuys_are_for_exhausted_stacks_between_the_players_hands() {
    let mut t = cash_table(&[1, 2], 3);
    assert_eq!(
        t.rebuy(&1),
        Err(TableError::RebuyWithChips {
            stack: Chips::new(1_000)
        })
    );
    t.deal().expect("deals");
    assert_eq!(t.rebuy(&1), Err(TableError::RebuyNotNow));
    let mut points = table(TableRules::points(3), 1);
    points.join(1).expect("joins");
    assert_eq!(points.rebuy(&1), Err(TableError::NoRebuys));
}

#[test]
fn leaving_during_a_hand_takes_effect_when_it_ends() {
    let mut t = seated(
        TableRules::cash(4, 4, Chips::new(1_000), Chips::new(500)),
        &[1, 2, 3, 4],
        3,
    );
    t.join(5).expect("waits");
    let (start, _) = t.deal().expect("deals");
    let c = t.leave(&1).expect("leaves");
    assert!(matches!(
        c.events.as_slice(),
        [TableEvent::Leaving { player: 1, .. }]
    ));
    assert!(
        t.seat_of(&1).is_some(),
        "still seated while the hand is played"
    );
    let seat = t.seat_of(&1).expect("seated");
    let n = start.players.len();
    let change = t
        .finish(&thousand_each(n, Chips::new(1_000)))
        .expect("conserved");
    assert!(change.bookings.contains(&Booking::CashOut {
        player: 1,
        seat,
        amount: Chips::new(1_000)
    }));
    assert_eq!(t.seat_of(&5), Some(seat), "the list is called");
}

#[test]
fn a_result_that_creates_or_loses_chips_is_refused_and_changes_nothing() {
    let mut t = seated(casino(), &[1, 2, 3, 4], 3);
    let (start, _) = t.deal().expect("deals");
    let n = start.players.len();
    let bad = thousand_each(n, Chips::new(1_001));
    assert_eq!(
        t.finish(&bad),
        Err(TableError::ChipsNotConserved {
            before: Chips::new(4_000),
            after: Chips::new(4_004)
        })
    );
    assert!(t.in_hand());
    assert_eq!(t.chips_total(), 4_000);
}

#[test]
fn a_halted_table_deals_no_more_and_takes_nobody_new() {
    let mut t = seated(casino(), &[1, 2, 3, 4], 3);
    t.deal().expect("deals");
    t.void_hand().expect("in play");
    t.halt("the ledger refused hand 12");
    assert!(matches!(t.deal(), Err(TableError::Halted(_))));
    assert!(matches!(t.join(9), Err(TableError::Halted(_))));
    let c = t.leave(&1).expect("players may still leave");
    assert!(c.bookings.contains(&Booking::CashOut {
        player: 1,
        seat: c
            .events
            .iter()
            .find_map(|e| match e {
                TableEvent::Left { seat, .. } => Some(*seat),
                _ => None,
            })
            .expect("left"),
        amount: Chips::new(1_000)
    }));
}

#[test]
fn a_points_table_seats_without_stacks_and_deals_when_full() {
    let mut t = table(TableRules::points(3), 5);
    let c = t.open(&[1, 2]).expect("opens");
    assert!(c.bookings.is_empty(), "no buy-in at a points table");
    assert!(matches!(t.deal(), Err(TableError::NotEnoughPlayers { .. })));
    t.join(3).expect("joins");
    let (start, _) = t.deal().expect("every seat taken");
    let setup = SaintGame::setup(&SaintOptions::new(2), &start.positions).expect("setup");
    assert_eq!(setup.players, 3);
}

/// Deals a Hold'em hand and plays it with random legal actions.
fn play_random_hand(t: &mut Table<P>, rng: &mut GameRng) {
    let (start, _) = t.deal().expect("deals");
    let options = HoldemTable::casino(Chips::new(10), HoldemRules::default());
    let setup = Hand::setup(&options, &start.positions).expect("setup");
    let mut hand = Played::<Hand>::deal(setup, [rng.below(255) as u8; 32]).expect("deals");
    while let Some(seat) = hand.game.to_act().iter().next() {
        let legal = hand.game.legal(seat);
        let a = legal[rng.below(legal.len() as u32) as usize];
        hand.apply(a).expect("legal");
    }
    t.finish(&hand.outcome()).expect("conserved");
}

/// Plays one hand of `G` from the table's deal with random legal actions; returns the outcome.
fn random_hand<G: Game>(
    t: &mut Table<P>,
    options: &G::Options,
    rng: &mut GameRng,
) -> Result<Change<P>, TableError> {
    let (start, mut change) = t.deal()?;
    let setup = G::setup(options, &start.positions).expect("a valid setup");
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
    let mut hand = Played::<G>::deal(setup, seed).expect("deals");
    while !hand.game.is_over() {
        let seat = hand.game.to_act().iter().next().expect("someone acts");
        let legal = hand.game.legal(seat);
        let a = legal[rng.below(legal.len() as u32) as usize];
        hand.apply(a).expect("legal");
    }
    change.extend(t.finish(&hand.outcome())?);
    Ok(change)
}

/// A ledger answering the table's bookings some now, some later, in any order, refusing one
/// buy-in in five.
#[derive(Default)]
struct Ledger {
    pending: Vec<Booking<P>>,
    funded: i128,
    cashed_out: i128,
}

impl Ledger {
    fn book(&mut self, t: &mut Table<P>, change: Change<P>, rng: &mut GameRng) {
        self.pending.extend(change.bookings);
        let mut i = 0;
        while i < self.pending.len() {
            if rng.below(2) == 0 {
                i += 1;
                continue;
            }
            match self.pending.remove(i) {
                Booking::Fund { ticket, amount, .. } => {
                    let ok = rng.below(5) != 0;
                    if ok {
                        self.funded += i128::from(amount);
                    }
                    let c = t.funded(ticket, ok).expect("a pending ticket");
                    self.pending.extend(c.bookings);
                }
                Booking::CashOut { amount, .. } => self.cashed_out += i128::from(amount),
            }
        }
    }

    /// Cash-outs asked and not yet made.
    fn owed(&self) -> i128 {
        self.pending
            .iter()
            .map(|b| match b {
                Booking::CashOut { amount, .. } => i128::from(*amount),
                Booking::Fund { .. } => 0,
            })
            .sum()
    }

    fn net(&self) -> i128 {
        self.funded - self.cashed_out
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Chips are never created or lost at the table: the stacks, the pot carried over and every
    /// chip booked in or out always add up, through buy-ins (some refused), rebuys, leaving,
    /// missed hands, seat changes and hands of Hold'em and Draw.
    #[test]
    fn chips_are_conserved_and_seats_stay_consistent(seed in any::<u64>(), draw in any::<bool>()) {
        let mut rng = GameRng::from_u64(seed);
        let rules = TableRules::cash(6, 2, Chips::new(1_000), Chips::new(400));
        let mut t = table(rules, seed);
        let mut ledger = Ledger::default();
        for _ in 0..60 {
            let p = 1 + rng.below(9);
            let change = match rng.below(8) {
                0 | 1 => t.join(p).unwrap_or_default(),
                2 => t.leave(&p).unwrap_or_default(),
                3 => { let _ = t.sit_out(&p); Change::default() }
                4 => { let _ = t.sit_in(&p); Change::default() }
                5 => t.rebuy(&p).unwrap_or_default(),
                6 => t.request_seat_change(&p, None).map(|x| x.1).unwrap_or_default(),
                _ => {
                    let played = if draw {
                        random_hand::<DrawHand>(&mut t, &DrawTable::german(Chips::new(10)), &mut rng)
                    } else {
                        let mut o = HoldemTable::casino(Chips::new(10), HoldemRules::default());
                        if rng.below(2) == 0 { o.rules.odd_chips = OddChips::StayInPot; }
                        random_hand::<Hand>(&mut t, &o, &mut rng)
                    };
                    match played {
                        Ok(c) => c,
                        Err(TableError::NotEnoughPlayers { .. }) => Change::default(),
                        Err(e) => { prop_assert!(false, "{e}"); Change::default() }
                    }
                }
            };
            ledger.book(&mut t, change, &mut rng);
            // Invariants: nobody twice, funding seats hold nothing yet, the chips add up.
            let players: Vec<P> = t.seats().map(|(_, o)| o.player).chain(t.waiting().copied()).collect();
            let mut unique = players.clone();
            unique.sort_unstable();
            unique.dedup();
            prop_assert_eq!(unique.len(), players.len(), "a player twice: {:?}", players);
            for (_, o) in t.seats() {
                if let SeatState::Funding { rebuy: false, .. } = o.state {
                    prop_assert_eq!(o.stack, 0);
                }
            }
            prop_assert_eq!(i128::from(t.chips_total()) + ledger.owed(), ledger.net());
        }
    }
}

#[test]
fn a_player_all_in_in_the_hand_in_play_may_not_rebuy_until_it_ends() {
    let mut t = seated(
        TableRules::cash(2, 2, Chips::new(100), Chips::new(100)),
        &[1, 2],
        1,
    );
    let (start, _) = t.deal().expect("a hand");
    // Player 1 loses every chip in the hand: while it is in play, no rebuy.
    assert_eq!(t.may_rebuy(&1), Err(TableError::RebuyNotNow));
    let one = start
        .players
        .iter()
        .position(|&p| p == 1)
        .expect("dealt in");
    let mut end = vec![Chips::ZERO; 2];
    end[1 - one] = Chips::new(200);
    let outcome = tavolo_engine::game::Outcome::Chips {
        start: vec![Chips::new(100), Chips::new(100)],
        end,
        carried_in: Chips::ZERO,
        carried_out: Chips::ZERO,
        unit: Chips::new(2),
    };
    t.finish(&outcome).expect("finished");
    assert_eq!(t.may_rebuy(&1), Ok(t.seat_of(&1).expect("seated")));
    assert_eq!(
        t.may_rebuy(&2),
        Err(TableError::RebuyWithChips {
            stack: Chips::new(200)
        })
    );
    assert!(t.rebuy(&1).is_ok());
}
