//! A Five-Card Draw tournament table across hands, one story per decision of
//! docs/rule-decisions.md "Tournaments" where RULES.md §5 (written for flop games) is silent on a
//! game without blinds: the level's ante posted by every player and standing as the minimum bet,
//! the cutter moving one player a deal with no dead button, arrivals dealt in at once, odd chips
//! to the winners, and balancing by the next cutter.

use tavolo_cards::GameRng;
use tavolo_engine::draw::{DrawHand, DrawTable, ToAct};
use tavolo_engine::game::{Game, Played};
use tavolo_engine::table::{HandStart, Table, TableRules};
use tavolo_engine::tournament::{balance, Level, Seating, Speed, Structure, TournamentGame};
use tavolo_engine::Chips;

use crate::table::assert_once_an_orbit;

type P = u32;

fn ante(a: u64) -> Level {
    Level {
        small_blind: Chips::ZERO,
        big_blind: Chips::ZERO,
        ante: Chips::new(a),
    }
}

/// A 6-seat Draw tournament table at an ante of 25, with `players` (player `p` at seat `s`) of
/// 1,000 chips.
fn tournament(players: &[(P, usize)], seed: u64) -> Table<P> {
    let mut t = Table::new(TableRules::ante_tournament(6), GameRng::from_u64(seed)).expect("rules");
    t.set_level(ante(25)).expect("a tournament");
    for &(p, s) in players {
        t.seat_with_stack(p, s, Chips::new(1_000)).expect("seated");
    }
    t
}

fn setup(start: &HandStart<P>) -> tavolo_engine::draw::DrawSetup {
    DrawHand::setup(&DrawTable::german(Chips::new(5)), &start.positions).expect("a setup")
}

/// The table seat of the hand's cutter (the player left of the dealer, first to act).
fn cutter(start: &HandStart<P>) -> usize {
    let m = start.seats.len();
    start.seats[(start.positions.button + 1) % m]
}

/// Deals a hand and plays every seat's default (with no check: fold) to its end.
fn hand(t: &mut Table<P>) -> HandStart<P> {
    let (start, _) = t.deal().expect("deals");
    let mut played =
        Played::<DrawHand>::deal(setup(&start), [start.number as u8; 32]).expect("deal");
    while let Some(seat) = played.game.to_act().iter().next() {
        let first = played.game.legal(seat)[0];
        played.apply(first).expect("legal");
    }
    t.finish(&played.outcome()).expect("conserved");
    start
}

/// Decision (Draw tournament levels): a Draw level is an ante that every player posts and that
/// is also the minimum bet and raise; a new level, which raises both, applies from the next
/// hand; the shipped templates are Hold'em's clock with antes of a quarter of its big blind.
#[test]
fn draw_levels_raise_the_ante_and_the_minimum_bet_from_the_next_hand() {
    let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], 1);
    let (first, _) = t.deal().expect("deals");
    t.set_level(ante(50)).expect("a tournament");
    assert_eq!(
        setup(&first).ante,
        Chips::new(25),
        "the hand dealt keeps its level"
    );
    t.void_hand().expect("voided");
    let (next, _) = t.deal().expect("deals");
    let s = setup(&next);
    assert_eq!(
        s.ante,
        Chips::new(50),
        "the table's own ante of 5 is not used"
    );
    let (game, _) = DrawHand::deal(&s, [7; 32]).expect("dealt");
    assert_eq!(game.ante(), Chips::new(50));
    let ToAct::Bet(l) = game.legal_actions() else {
        panic!("the cutter bets first")
    };
    assert_eq!(l.seat, (s.dealer + 1) % 3, "the cutter acts first");
    let opening = l.raise.expect("the cutter may open");
    assert_eq!(
        opening.min_to,
        Chips::new(50),
        "the ante is the minimum bet"
    );
    let draw = Structure::template_of(TournamentGame::Draw, Speed::Turbo);
    assert_eq!(draw.level(2), Some(ante(50)));
    assert_eq!(
        draw.level(1).map(|l| l.ante.get() * 4),
        Structure::template(Speed::Turbo)
            .level(1)
            .map(|l| l.big_blind.get())
    );
}

/// Decision (no dead button in Draw): with no blinds nobody owes a position, so the cutter moves
/// one player each deal to the next player clockwise — across a busted player's empty seat —
/// and the dealer is always the live player before it: nobody is cutter twice running and
/// nobody who stays skips it.
#[test]
fn draw_cutter_moves_one_player_a_deal_and_the_dealer_is_never_dead() {
    for seed in 0..8 {
        let mut t = tournament(&[(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)], seed);
        let mut cutters = vec![cutter(&hand(&mut t))];
        // The next cutter busts (leaves between hands): the one after them cuts next.
        let next = (cutters[0] + 1) % 5;
        let gone = t.seat(next).expect("seated").player;
        t.leave(&gone).expect("removed");
        for _ in 0..8 {
            let h = hand(&mut t);
            let dealer = h.seats[h.positions.button];
            assert!(t.seat(dealer).is_some(), "seed {seed}: a live dealer");
            cutters.push(cutter(&h));
        }
        assert_eq!(cutters[1], (next + 1) % 5, "seed {seed}: {cutters:?}");
        assert_once_an_orbit(
            &cutters[1..],
            4,
            &format!("seed {seed}: once an orbit each"),
        );
    }
}

/// Decision (arrivals in Draw): an arriving player owes no blind and skips none, so is dealt in
/// at the next hand wherever they sit (TDA 8A/10A keep a flop game's arrival out between the
/// small blind and the button only because of the blinds).
#[test]
fn draw_arrivals_are_dealt_in_at_once_wherever_they_sit() {
    for seed in 0..6 {
        let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], seed);
        let h = hand(&mut t);
        let dealer = h.seats[h.positions.button];
        // Right of the next cutter, just left of this dealer: the seat a flop game would hold back.
        let seat = (dealer + 1) % 6;
        let seat = if t.seat(seat).is_some() {
            (seat + 1) % 6
        } else {
            seat
        };
        t.seat_with_stack(9, seat, Chips::new(1_000))
            .expect("seated");
        let next = hand(&mut t);
        assert!(next.players.contains(&9), "seed {seed}: dealt in at once");
    }
}

/// Decision (odd chips in Draw tournaments): a split's odd chips go to the winners from the
/// dealer's left instead of staying in the pot (RULES.md §3's cash rule), so every hand ends
/// with every chip in a stack and a player moved or a table broken takes exactly their chips.
#[test]
fn draw_tournament_odd_chips_go_to_the_winners_and_nothing_is_carried() {
    let mut t = tournament(&[(1, 0), (2, 2), (3, 4)], 2);
    let (start, _) = t.deal().expect("deals");
    let s = setup(&start);
    assert_eq!(
        s.rules.odd_chips,
        tavolo_engine::draw::OddChips::OneEachFromLeftOfButton
    );
    assert_eq!(s.carried_in, Chips::ZERO);
}

/// Decision (balancing Draw tables, TDA 11 for a game without blinds): the tournament's marker
/// of a Draw table is its last cutter, so the player moved is the one who would be cutter next
/// (first to act: the position a move costs nothing), to the seat at the short table that cuts
/// soonest — the table's own rotation agrees with the marker hand after hand.
#[test]
fn draw_balancing_moves_the_next_cutter_to_the_seat_that_cuts_soonest() {
    let mut t = tournament(&[(1, 0), (2, 1), (3, 3), (4, 4), (5, 5)], 4);
    let mut last = cutter(&hand(&mut t));
    for _ in 0..6 {
        let seating = Seating {
            seats: (0..6).map(|s| t.seat(s).map(|o| o.player)).collect(),
            big_blind: Some(last),
        };
        let h = hand(&mut t);
        assert_eq!(
            Some(cutter(&h)),
            seating.next_big_blind(),
            "the marker's next is the table's next cutter"
        );
        last = cutter(&h);
    }
    // Five at the first table, two at the second: the next cutter moves to the seat after the
    // short table's last cutter.
    let full = Seating {
        seats: (0..6).map(|s| t.seat(s).map(|o| o.player)).collect(),
        big_blind: Some(last),
    };
    let short = Seating {
        seats: vec![Some(7), None, None, Some(8), None, None],
        big_blind: Some(0),
    };
    let mut tables = vec![full.clone(), short];
    let moves = balance(&mut tables);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].from, (0, full.next_big_blind().expect("a player")));
    assert_eq!(moves[0].to, (1, 1), "the empty seat after the last cutter");
}
