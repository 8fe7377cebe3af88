//! A Saint Poker table of a Swiss event (RULES.md §5, "Saint Poker tournaments (Swiss)";
//! `TableRules::points_tournament`): its players are seated by the coordinator's order with no
//! chips, one game is dealt once every seat is taken, and an absent player keeps the seat and is
//! dealt in.

use tavolo_cards::GameRng;
use tavolo_engine::game::Outcome;
use tavolo_engine::table::{Table, TableError, TableRules};
use tavolo_engine::Chips;

/// A Swiss table is seated by order with no chips, and deals only when every seat is taken.
#[test]
fn a_swiss_table_seats_by_order_without_chips_and_deals_once_full() {
    let mut t: Table<u32> =
        Table::new(TableRules::points_tournament(4), GameRng::from_u64(7)).expect("rules");
    assert!(t.rules().is_tournament() && !t.rules().has_stacks());
    assert!(
        matches!(t.join(9), Err(TableError::SeatsByOrder)),
        "seats by order"
    );
    assert!(
        matches!(
            t.seat_with_stack(1, 0, Chips::new(5)),
            Err(TableError::Config(_))
        ),
        "a points game's players are given no chips"
    );
    for p in 0..3 {
        t.seat_with_stack(p, p as usize, Chips::ZERO)
            .expect("seated");
    }
    assert!(matches!(
        t.deal(),
        Err(TableError::NotEnoughPlayers {
            ready: 3,
            needed: 4
        })
    ));
    t.seat_with_stack(3, 3, Chips::ZERO).expect("seated");
    // An absent player (sitting out) is dealt in all the same.
    t.sit_out(&2).expect("away");
    let (start, _) = t.deal().expect("a game");
    assert_eq!(start.players, vec![0, 1, 2, 3]);
    assert!(start.positions.forced.is_none(), "no blinds, no level");
    let outcome = Outcome::Points {
        scores: vec![10, 8, 0, 18],
        winners: vec![3],
    };
    t.finish(&outcome).expect("over");
    assert_eq!(t.seats().count(), 4, "nobody loses a seat");
    assert!(t.seats().all(|(_, o)| o.stack.is_zero()));
}
