//! The clock's breaks told as rule stories (RULES.md §5 "Levels and the clock": levels with
//! breaks; a new level applies from the next hand): a break follows the level before it, no
//! table deals a new hand during it, its minutes are not play, and the next level begins with
//! the first hand after it — by time and by hands.

use tavolo_engine::tournament::{Effect, Length, Level, Speed, Step, Structure};
use tavolo_engine::Chips;

use super::stories::{
    break_begins, bust, bust_to_the_bubble, hand, level_begins, seated, sit_and_go_config,
    sixty_hyper,
};

const MINUTE: u64 = 60_000;

/// A one-table sit-and-go of six on `structure`, started at 0 ms.
fn six_handed(structure: Structure) -> tavolo_engine::tournament::Tournament<u32> {
    let config = tavolo_engine::tournament::Config {
        structure,
        ..sit_and_go_config(6, 6)
    };
    let mut t = tavolo_engine::tournament::Tournament::new(config, [3; 32]).expect("settings");
    for p in 0..6 {
        t.register(p, 0).expect("a seat");
    }
    t
}

#[test]
fn a_break_follows_its_level_no_table_deals_during_it_and_the_next_level_begins_after_it() {
    // The hyper template: 5-minute levels, a 5-minute break after level 4.
    let mut t = six_handed(Structure::template(Speed::Hyper));
    assert_eq!(t.break_next(), None, "no break after level 1");
    assert_eq!(t.level_ends_ms(0), Some(5 * MINUTE));
    t.tick(15 * MINUTE).expect("level 4");
    assert_eq!(t.level(), 4);
    assert_eq!(t.break_next(), Some(5));
    // A hand dealt just before the break finishes in it.
    t.dealt(0).expect("level 4 deals");
    let e = t.tick(20 * MINUTE).expect("the break");
    assert_eq!(
        e,
        vec![Effect::Break {
            until_ms: 25 * MINUTE
        }]
    );
    assert_eq!(t.level(), 4, "the level before the break stays in force");
    assert_eq!(
        t.level_ends_ms(20 * MINUTE),
        None,
        "no level runs in a break"
    );
    let began = t.table_stacks(0).expect("the table");
    t.hand_over(0, &began, &began, 0)
        .expect("the hand in play ends");
    assert!(!t.may_deal(0), "no new hand during the break");
    assert!(t.tick(25 * MINUTE - 1).expect("still on break").is_empty());
    assert!(!t.may_deal(0));
    let e = t.tick(25 * MINUTE).expect("the break ends");
    assert_eq!(e, vec![Effect::Level(5)]);
    assert!(t.may_deal(0), "level 5 deals at once");
    assert_eq!(t.on_break(), None);
    // The break's minutes were not play: level 5 lasts its five minutes after the break.
    assert_eq!(t.level_ends_ms(25 * MINUTE), Some(30 * MINUTE));
    assert!(t.tick(30 * MINUTE - 1).expect("level 5").is_empty());
    level_begins(&mut t, 30 * MINUTE, 6);
}

#[test]
fn a_clock_that_jumps_past_a_break_still_takes_it_before_the_next_level() {
    // Nothing woke the clock from level 1 to minute 22: levels 2–4 are passed, the break taken
    // from now, and level 5 comes only after it.
    let mut t = six_handed(Structure::template(Speed::Hyper));
    break_begins(&mut t, 22 * MINUTE, 4, 27 * MINUTE);
    assert!(!t.may_deal(0));
    level_begins(&mut t, 27 * MINUTE, 5);
}

#[test]
fn with_levels_by_hands_a_break_begins_at_the_next_tick_after_the_levels_hands() {
    let level = |b: u64| {
        Step::Level(Level {
            small_blind: Chips::new(b / 2),
            big_blind: Chips::new(b),
            ante: Chips::ZERO,
        })
    };
    let structure = Structure {
        length: Length::Hands(2),
        steps: vec![
            level(100),
            level(200),
            Step::Break {
                minutes: 1,
                colour_up: None,
            },
            level(300),
        ],
        starting_stack: Chips::new(10_000),
    };
    let mut t = six_handed(structure);
    let none: &[u32] = &[];
    for _ in 0..2 {
        hand(&mut t, 0, bust(0, none));
    }
    assert_eq!(t.level(), 2);
    hand(&mut t, 0, bust(0, none));
    hand(&mut t, 0, bust(0, none));
    assert_eq!(t.level(), 2, "the break comes before level 3");
    assert!(!t.may_deal(0), "the break is due: no new hand");
    assert_eq!(
        t.tick(1_000).expect("the break begins"),
        vec![Effect::Break {
            until_ms: 1_000 + MINUTE
        }]
    );
    assert!(t.tick(MINUTE).expect("on break").is_empty());
    level_begins(&mut t, 1_000 + MINUTE, 3);
    assert!(t.may_deal(0));
}

#[test]
fn a_colour_up_races_the_odd_chips_one_chip_at_most_a_player_and_nobody_is_raced_out() {
    // The hyper template's first break (after level 4) takes the 50-chips out of play; every
    // later blind and ante is a multiple of 100.
    let mut t = six_handed(Structure::template(Speed::Hyper));
    t.tick(15 * MINUTE).expect("level 4");
    // A hand leaves odd chips: 50, 75, 50 (all player 2 has), 0, 25, 0.
    let ended = [10_050, 9_975, 50, 10_000, 19_925, 10_000];
    hand(&mut t, 0, |began| {
        began.iter().map(|&(p, _)| (p, ended[p as usize])).collect()
    });
    assert_eq!(
        t.raced(),
        (Chips::ZERO, Chips::ZERO),
        "no race before the break"
    );
    t.tick(20 * MINUTE).expect("the break");
    let s = |p: u32| t.stacks()[&p].get();
    assert!((0..6).all(|p| s(p) % 100 == 0), "{:?}", t.stacks());
    assert_eq!(s(2), 100, "nobody is raced out: the 50 becomes a 100-chip");
    assert_eq!(
        (s(3), s(5)),
        (10_000, 10_000),
        "no odd chips, nothing changes"
    );
    // 200 in odd chips make two 100-chips: one to player 2, one to the first drawn of the rest.
    let up = [(0, 10_100), (1, 10_000), (4, 20_000)];
    let rounded_up = up.iter().filter(|(p, c)| s(*p) == *c).count();
    assert_eq!(rounded_up, 1, "one chip at most a player: {:?}", t.stacks());
    assert_eq!(t.raced(), (Chips::new(200), Chips::new(200)));
    let total: Chips = t.stacks().values().copied().sum();
    assert_eq!(total, Chips::new(60_000));
    // A player races once a break.
    assert!(t.tick(21 * MINUTE).expect("on break").is_empty());
    assert_eq!(t.raced(), (Chips::new(200), Chips::new(200)));
}

#[test]
fn breaks_followed_each_other_without_a_hand_when_the_clock_had_run_past_two_of_them() {
    // Issue 51 (a clock far ahead): nothing woke the clock until minute 47, past the breaks
    // after levels 4 and 8. The first is taken from then; when it ends, level 5 is played
    // whole — the break after level 8 does not begin at once with no hand between them.
    let mut t = six_handed(Structure::template(Speed::Hyper));
    break_begins(&mut t, 47 * MINUTE, 4, 52 * MINUTE);
    level_begins(&mut t, 52 * MINUTE, 5);
    assert_eq!(
        t.on_break(),
        None,
        "no second break straight after the first"
    );
    assert!(t.may_deal(0), "level 5 deals");
    assert_eq!(t.level_ends_ms(52 * MINUTE), Some(57 * MINUTE));
    level_begins(&mut t, 57 * MINUTE, 6);
}

#[test]
fn a_long_hand_for_hand_brought_three_breaks_back_to_back_and_no_table_dealt_for_fifteen_minutes() {
    // Issue 51 (the 200-player drill, seed 200): 34 hand-for-hand hands in seconds took 68
    // minutes off a hyper clock; its first tick passed to level 4 and took the break after it,
    // and each break's end then began the next break at once (levels 5–8, 9–12 never dealt).
    let mut t = sixty_hyper();
    let tables = bust_to_the_bubble(&mut t);
    let none: &[u32] = &[];
    for _ in 0..34 {
        for &table in &tables {
            let at = seated(&t, table);
            hand(&mut t, table, bust(at[0], none));
        }
    }
    break_begins(&mut t, 1_000, 4, 1_000 + 5 * MINUTE);
    level_begins(&mut t, 1_000 + 5 * MINUTE, 5);
    assert!(
        tables.iter().all(|&table| t.may_deal(table)),
        "level 5 deals, hand for hand"
    );
    assert_eq!(
        t.level_ends_ms(1_000 + 5 * MINUTE),
        Some(1_000 + 10 * MINUTE)
    );
    // A hand-for-hand hand still takes its two minutes off the level after the break.
    for &table in &tables {
        let at = seated(&t, table);
        hand(&mut t, table, bust(at[0], none));
    }
    assert_eq!(
        t.level_ends_ms(1_000 + 5 * MINUTE),
        Some(1_000 + 8 * MINUTE)
    );
}
