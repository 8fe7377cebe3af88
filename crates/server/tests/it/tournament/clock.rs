//! The coordinator's clock (RULES.md §5 "Levels and the clock"), with explicit time: a break
//! holds every table once its hand is over, the lobby's line says when the level and the break
//! end, and the next level deals when the break is over.

use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_server::tournament::Order;

use super::bench::{sit_and_go, Bench, START_MS};

const MINUTE: u64 = 60_000;

/// The deal orders of hand `hand` at table 0, with their level.
fn deals(b: &Bench, hand: u64) -> Vec<usize> {
    (b.orders.iter())
        .filter_map(|o| match o {
            Order::Deal {
                table: 0,
                hand: h,
                level,
                ..
            } if *h == hand => Some(*level),
            _ => None,
        })
        .collect()
}

#[test]
fn a_break_holds_every_table_after_its_hand_and_the_line_says_when_it_ends() {
    // Turbo: 10-minute levels, a 5-minute break after level 4.
    let mut b = Bench::new(sit_and_go(6, 6), &[1_000; 6], 11);
    b.settle();
    b.register(6);
    let mut rng = GameRng::from_u64(5);
    let l = b.line();
    assert_eq!(l.level, Some(1));
    assert_eq!(l.level_ends_ms, Some(START_MS + 10 * MINUTE));
    assert_eq!(
        l.next_level.map(|n| (n.number, n.big_blind.get())),
        Some((2, 200))
    );
    assert_eq!((l.break_next_minutes, l.break_ends_ms), (None, None));
    // Hand 1 is dealt at once; the clock reaches the end of level 4 while it is played.
    assert_eq!(deals(&b, 1), vec![1]);
    b.advance(Duration::from_millis(40 * MINUTE));
    let l = b.line();
    assert_eq!(l.level, Some(4), "the level before the break stays");
    assert_eq!(l.break_ends_ms, Some(START_MS + 45 * MINUTE));
    assert_eq!(l.level_ends_ms, None, "no level runs in a break");
    assert!(b.play(0, &mut rng), "the hand in play is reported");
    b.settle();
    assert!(deals(&b, 2).is_empty(), "no hand dealt during the break");
    assert!(
        matches!(b.orders.last(), Some(Order::Hold { table: 0 })),
        "the table is told to hold: {:?}",
        b.orders.last()
    );
    b.wait(Duration::from_millis(5 * MINUTE - 1));
    assert!(deals(&b, 2).is_empty(), "still on break");
    b.advance(Duration::from_millis(1));
    b.settle(); // the deal is ordered once the save that holds it is recorded
    assert_eq!(
        deals(&b, 2),
        vec![5],
        "level 5 deals when the break is over"
    );
    let l = b.line();
    assert_eq!(l.break_ends_ms, None);
    assert_eq!(
        l.level_ends_ms,
        Some(START_MS + 55 * MINUTE),
        "the break was not play"
    );
}
