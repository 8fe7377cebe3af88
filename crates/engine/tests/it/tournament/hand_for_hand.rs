//! Hand-for-hand's clock told as rule stories (RULES.md §5, "Finishing order and hand-for-hand":
//! 2 minutes are taken off the level per hand-for-hand hand [RP-8, WSOP 126]): the clock stands
//! still from the hand that begins hand-for-hand to the hand that ends it, and each
//! hand-for-hand hand takes its two minutes off the level instead — the time is never counted
//! twice, nor a break taken meanwhile.

use tavolo_engine::tournament::{Effect, Tournament};

use super::stories::{
    break_begins, bust, bust_to_the_bubble, first_busts_second, hand_at, level_begins, seated,
    sit_and_go_config, sixty_hyper,
};

const MINUTE: u64 = 60_000;

/// [`sixty_hyper`], its clock at `at_ms`, brought to the bubble at that time: 9 players at 2
/// tables, in hand-for-hand. The tables in play.
fn at_the_bubble(at_ms: u64) -> (Tournament<u32>, Vec<usize>) {
    let mut t = sixty_hyper();
    assert!(
        t.tick(at_ms).expect("the clock").is_empty(),
        "still level 1"
    );
    let tables = bust_to_the_bubble(&mut t);
    assert_eq!(tables.len(), 2);
    (t, tables)
}

/// One hand-for-hand hand at every table, over at `at_ms`, nobody busted.
fn round(t: &mut Tournament<u32>, tables: &[usize], at_ms: u64) {
    let none: &[u32] = &[];
    for &table in tables {
        let at = seated(t, table);
        hand_at(t, table, bust(at[0], none), at_ms);
    }
}

/// One hand-for-hand hand at every table, over at `at_ms`, that bursts the bubble (one player
/// busted at the first table): its effects.
fn burst(t: &mut Tournament<u32>, tables: &[usize], at_ms: u64) -> Vec<Effect<u32>> {
    let none: &[u32] = &[];
    let mut all = Vec::new();
    for (i, &table) in tables.iter().enumerate() {
        let at = seated(t, table);
        let losers: &[u32] = if i == 0 { &at[1..2] } else { none };
        all.extend(hand_at(t, table, bust(at[0], losers), at_ms));
    }
    assert!(
        all.contains(&Effect::HandForHand(false)),
        "the bubble burst"
    );
    assert!(!t.hand_for_hand());
    all
}

#[test]
fn hand_for_hand_stops_the_clock_and_each_hand_takes_two_minutes_off_the_level() {
    // Hand-for-hand from minute 1 of level 1 (which ends at minute 5).
    let (mut t, tables) = at_the_bubble(MINUTE);
    // The clock stands still: half an hour with no hand-for-hand hand over moves no level.
    assert!(t.tick(30 * MINUTE).expect("the clock").is_empty());
    assert_eq!(t.level(), 1);
    assert_eq!(
        t.level_ends_ms(30 * MINUTE),
        Some(34 * MINUTE),
        "4 minutes left, as when hand-for-hand began"
    );
    // Each hand-for-hand hand takes two minutes, whenever it ends.
    round(&mut t, &tables, 31 * MINUTE);
    assert_eq!(t.level_ends_ms(31 * MINUTE), Some(33 * MINUTE));
    round(&mut t, &tables, 40 * MINUTE);
    assert_eq!(t.level_ends_ms(40 * MINUTE), Some(40 * MINUTE));
    assert_eq!(
        t.tick(40 * MINUTE).expect("the clock"),
        vec![Effect::Level(2)],
        "two hands took 4 minutes: 1 + 4 = 5 minutes played, level 2"
    );
    round(&mut t, &tables, 41 * MINUTE);
    assert_eq!(t.level_ends_ms(41 * MINUTE), Some(44 * MINUTE));
    // The bubble bursts at minute 50, its hand taking its 2 minutes too: the clock runs again
    // from there, at 9 minutes played.
    burst(&mut t, &tables, 50 * MINUTE);
    assert_eq!(t.level_ends_ms(50 * MINUTE), Some(51 * MINUTE));
    assert!(t.tick(51 * MINUTE - 1).expect("the clock").is_empty());
    level_begins(&mut t, 51 * MINUTE, 3);
}

#[test]
fn a_break_taken_during_hand_for_hand_is_not_counted_twice() {
    // Hand-for-hand from minute 2; nine hands take 18 minutes off: 20 minutes played, the end
    // of level 4, and the break after it is taken at minute 3.
    let (mut t, tables) = at_the_bubble(2 * MINUTE);
    for _ in 0..9 {
        round(&mut t, &tables, 3 * MINUTE);
    }
    break_begins(&mut t, 3 * MINUTE, 4, 8 * MINUTE);
    level_begins(&mut t, 8 * MINUTE, 5);
    assert_eq!(t.level_ends_ms(8 * MINUTE), Some(13 * MINUTE));
    // The bubble bursts at minute 10 (its hand took its two minutes): the 8 minutes stood
    // still, the break within them, are one pause; level 5 has 3 minutes left.
    burst(&mut t, &tables, 10 * MINUTE);
    assert_eq!(t.level_ends_ms(10 * MINUTE), Some(13 * MINUTE));
}

#[test]
fn hand_for_hand_begun_during_a_break_stops_the_clock_once_for_both() {
    // Ten players left; a hand is in play when the break after level 4 begins at minute 20.
    let mut t = sixty_hyper();
    while t.stacks().len() > 10 {
        let table = (0..t.seatings().count())
            .find(|&i| t.may_deal(i))
            .expect("a table deals");
        first_busts_second(&mut t, table);
    }
    assert!(!t.hand_for_hand());
    let table = (0..t.seatings().count())
        .find(|&i| t.may_deal(i))
        .expect("a table deals");
    t.dealt(table).expect("the hand");
    break_begins(&mut t, 20 * MINUTE, 4, 25 * MINUTE);
    // The hand ends at minute 22 with a bust: the bubble, hand-for-hand from there.
    let began = t.table_stacks(table).expect("the table");
    let at = seated(&t, table);
    let ended: Vec<_> = (began.iter())
        .map(|&(p, c)| match p {
            p if p == at[0] => (p, c + began[1].1),
            p if p == at[1] => (p, tavolo_engine::Chips::ZERO),
            p => (p, c),
        })
        .collect();
    assert_eq!(began[1].0, at[1], "stacks in seat order");
    t.hand_over(table, &began, &ended, 22 * MINUTE)
        .expect("the hand");
    assert!(t.hand_for_hand());
    level_begins(&mut t, 25 * MINUTE, 5);
    assert_eq!(t.level_ends_ms(25 * MINUTE), Some(30 * MINUTE));
    // The bubble bursts at minute 40: from minute 20 to 40 the clock stood still once (the
    // break, then hand-for-hand), and the hand took its 2 minutes: 3 minutes of level 5 left.
    let tables: Vec<usize> = (0..t.seatings().count())
        .filter(|&i| t.seatings().nth(i).is_some_and(|s| s.players() > 0))
        .collect();
    burst(&mut t, &tables, 40 * MINUTE);
    assert_eq!(t.level_ends_ms(40 * MINUTE), Some(43 * MINUTE));
}

#[test]
fn a_hand_for_hand_hand_waited_for_a_table_of_one_player_and_the_tournament_stalled() {
    // Fault (found by rest51's two-node test): four players at tables of two, two paid. At
    // three left one table has one player, who cannot be dealt a hand; hand-for-hand waited
    // for that table to finish its hand, and no table dealt again.
    let mut t = Tournament::new(sit_and_go_config(4, 2), [7; 32]).expect("settings");
    for p in 0..4 {
        t.register(p, 0).expect("a seat");
    }
    assert_eq!(t.prizes().map(<[_]>::len), Some(2), "two paid");
    let table = (0..2).find(|&i| t.may_deal(i)).expect("a table deals");
    first_busts_second(&mut t, table);
    assert!(t.hand_for_hand(), "the bubble: three left, two paid");
    let players: Vec<usize> = t.seatings().map(|s| s.players()).collect();
    assert!(players.contains(&1), "a table of one: {players:?}");
    let two = (0..2)
        .find(|&i| t.seatings().nth(i).is_some_and(|s| s.players() == 2))
        .expect("a table of two");
    assert!(t.may_deal(two));
    let none: &[u32] = &[];
    let at = seated(&t, two);
    hand_at(&mut t, two, bust(at[0], none), MINUTE);
    assert!(
        t.may_deal(two),
        "the hand-for-hand hand is over: the table of two deals the next"
    );
}
