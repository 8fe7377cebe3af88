//! Saint Poker's Swiss events told as rule stories (RULES.md §5, "Saint Poker tournaments
//! (Swiss)"), and a property over random fields: every player at exactly one table each round,
//! each game's place points summing to its table's scale, the final standings a permutation of
//! the players, and the same seed giving the same event.

use proptest::prelude::*;
use tavolo_engine::tournament::{
    place_points, GameResult, Points, SwissConfig, SwissEffect, SwissError, SwissEvent, SwissPhase,
    SwissStart,
};

fn sit_and_go(players: usize) -> SwissConfig {
    SwissConfig {
        start: SwissStart::SitAndGo { players },
        rounds: None,
        knockout: None,
    }
}

/// An event of `players` (0..players) registered; the effects of the last entry.
fn started(config: SwissConfig, players: u32) -> (SwissEvent<u32>, Vec<SwissEffect<u32>>) {
    let mut e = SwissEvent::new(config, [5; 32]).expect("settings");
    let mut last = Vec::new();
    for p in 0..players {
        last = e.register(p).expect("an entry");
    }
    (e, last)
}

/// Table `t`'s game: each player's Saint points from `score` (by player).
fn game(table: &[u32], mut score: impl FnMut(u32) -> i64) -> GameResult<u32> {
    GameResult {
        played: table.iter().map(|&p| (p, score(p))).collect(),
        absent: Vec::new(),
    }
}

/// Plays the current round, each player scoring `score(p)`; the effects of the last result.
fn play_round(e: &mut SwissEvent<u32>, score: impl Fn(u32) -> i64) -> Vec<SwissEffect<u32>> {
    let round = e.round();
    let tables = e.tables().to_vec();
    let mut last = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        last = e.result(round, t, game(table, &score)).expect("a result");
    }
    last
}

#[test]
fn a_swiss_sit_and_go_starts_with_its_last_entry_and_seats_round_one_in_tables_of_four() {
    let (e, fx) = started(sit_and_go(8), 8);
    assert_eq!(e.phase(), SwissPhase::Playing);
    assert_eq!(e.rounds(), Some(4), "⌈log₂ 8⌉ + 1");
    let SwissEffect::Round { round: 1, tables } = &fx[0] else {
        panic!("round 1 begins: {fx:?}");
    };
    assert_eq!(tables.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 4]);
    let mut seated: Vec<u32> = tables.iter().flatten().copied().collect();
    seated.sort_unstable();
    assert_eq!(seated, (0..8).collect::<Vec<_>>());
}

#[test]
fn registration_refuses_a_second_entry_a_full_event_and_entries_after_the_start() {
    let mut e: SwissEvent<u32> = SwissEvent::new(sit_and_go(3), [1; 32]).expect("settings");
    e.register(1).expect("in");
    assert_eq!(e.register(1), Err(SwissError::Registered));
    e.unregister(1).expect("out");
    assert_eq!(e.unregister(1), Err(SwissError::NotIn));
    for p in 1..=3 {
        e.register(p).expect("in");
    }
    assert_eq!(e.register(4), Err(SwissError::Closed));
    assert_eq!(e.unregister(1), Err(SwissError::Closed));
}

#[test]
fn a_scheduled_swiss_event_starts_at_its_time_or_is_called_off_with_too_few() {
    let config = SwissConfig {
        start: SwissStart::Scheduled {
            at_ms: 1_000,
            min_players: 3,
        },
        rounds: Some(2),
        knockout: None,
    };
    let mut e: SwissEvent<u32> = SwissEvent::new(config.clone(), [1; 32]).expect("settings");
    for p in 0..5 {
        e.register(p).expect("in");
    }
    assert!(e.tick(999).is_empty());
    let fx = e.tick(1_000);
    assert!(matches!(&fx[0], SwissEffect::Round { round: 1, tables } if tables.len() == 1));
    assert_eq!(e.rounds(), Some(2), "rounds as set");
    let mut few: SwissEvent<u32> = SwissEvent::new(config, [1; 32]).expect("settings");
    few.register(0).expect("in");
    few.register(1).expect("in");
    assert_eq!(few.tick(2_000), vec![SwissEffect::Cancelled]);
    assert_eq!(few.phase(), SwissPhase::Cancelled);
}

#[test]
fn settings_that_cannot_be_played_are_refused() {
    for config in [
        sit_and_go(1),
        sit_and_go(1_001),
        SwissConfig {
            rounds: Some(0),
            ..sit_and_go(4)
        },
        SwissConfig {
            knockout: Some(3),
            ..sit_and_go(6)
        },
    ] {
        assert!(matches!(
            SwissEvent::<u32>::new(config, [0; 32]).map(|_| ()),
            Err(SwissError::Settings(_))
        ));
    }
}

#[test]
fn the_next_round_begins_only_when_every_game_of_the_round_is_in() {
    let (mut e, _) = started(sit_and_go(8), 8);
    let tables = e.tables().to_vec();
    let fx = e.result(1, 1, game(&tables[1], i64::from)).expect("in");
    assert!(fx.is_empty());
    assert_eq!(
        e.result(1, 1, game(&tables[1], i64::from)),
        Err(SwissError::Reported { table: 1 })
    );
    assert_eq!(
        e.result(2, 0, game(&tables[0], i64::from)),
        Err(SwissError::NoTable { round: 2, table: 0 })
    );
    assert_eq!(
        e.result(1, 0, game(&tables[1], i64::from)),
        Err(SwissError::WrongPlayers { table: 0 })
    );
    let fx = e.result(1, 0, game(&tables[0], i64::from)).expect("in");
    assert!(matches!(&fx[0], SwissEffect::Round { round: 2, .. }));
    assert_eq!(e.round(), 2);
}

#[test]
fn players_with_equal_tournament_points_sit_together_and_do_not_meet_again() {
    // Sixteen players; each table's winner is the highest number at it.
    let (mut e, _) = started(sit_and_go(16), 16);
    let round1 = e.tables().to_vec();
    let fx = play_round(&mut e, i64::from);
    let SwissEffect::Round { round: 2, tables } = &fx[0] else {
        panic!("round 2: {fx:?}");
    };
    let winners: Vec<u32> = round1
        .iter()
        .map(|t| *t.iter().max().expect("players"))
        .collect();
    let mut top = tables[0].clone();
    top.sort_unstable();
    let mut w = winners.clone();
    w.sort_unstable();
    assert_eq!(top, w, "the four winners sit together");
    for t in tables {
        for r in &round1 {
            assert!(
                t.iter().filter(|p| r.contains(p)).count() <= 1,
                "{t:?} repeats {r:?}"
            );
        }
    }
}

#[test]
fn a_player_who_does_not_come_gets_no_place_points() {
    let (mut e, _) = started(sit_and_go(4), 4);
    let table = e.tables()[0].clone();
    let absent = table[0];
    let result = GameResult {
        played: table[1..].iter().map(|&p| (p, -5)).collect(),
        absent: vec![absent],
    };
    e.result(1, 0, result).expect("in");
    let s = e.standings();
    let line = s.iter().find(|s| s.player == absent).expect("standing");
    assert_eq!(line.points, Points(0));
    assert_eq!(s.last().map(|s| s.player), Some(absent));
}

#[test]
fn after_the_last_round_the_final_standings_rank_every_player_with_the_tie_breaks() {
    let (mut e, _) = started(sit_and_go(6), 6);
    let mut fx = Vec::new();
    while e.phase() == SwissPhase::Playing {
        fx = play_round(&mut e, |p| i64::from(p) * 3);
    }
    assert_eq!(e.round(), 4, "⌈log₂ 6⌉ + 1");
    let SwissEffect::Finished(last) = &fx[0] else {
        panic!("over: {fx:?}");
    };
    // Player 5 scores most at every table: 6 points a game, first.
    assert_eq!(last[0].player, 5);
    assert_eq!(last[0].points, Points::whole(24));
    assert!(last.windows(2).all(|w| w[0].points >= w[1].points));
    assert_eq!(&e.standings(), last);
    assert_eq!(
        e.result(4, 0, game(&[0], i64::from)),
        Err(SwissError::NotPlaying)
    );
}

#[test]
fn the_elimination_variant_cuts_each_table_to_its_top_k_and_ends_at_a_final_table() {
    let config = SwissConfig {
        knockout: Some(2),
        ..sit_and_go(13)
    };
    let (mut e, _) = started(config, 13);
    assert_eq!(e.rounds(), Some(3), "13 → 6 → 4, then the final");
    let fx = play_round(&mut e, i64::from);
    let SwissEffect::Eliminated(out) = &fx[0] else {
        panic!("a cut: {fx:?}");
    };
    assert_eq!(out.len(), 7);
    assert_eq!(e.left().len(), 6);
    let mut fx = Vec::new();
    while e.phase() == SwissPhase::Playing {
        fx = play_round(&mut e, i64::from);
    }
    assert_eq!(e.round(), 3);
    let Some(SwissEffect::Finished(last)) = fx.last() else {
        panic!("over: {fx:?}");
    };
    assert_eq!(last.len(), 13);
    assert_eq!(last[0].player, 12, "the highest number wins every game");
}

/// Runs one random event (players, rounds, variant, scores from `seed`), checking the
/// invariants; answers the final standings' players.
fn random_event(players: u32, knockout: Option<usize>, seed: u64) -> Vec<u32> {
    let config = SwissConfig {
        knockout,
        ..sit_and_go(players as usize)
    };
    let (mut e, _) = started(config, players);
    let mut rng = tavolo_cards::GameRng::from_u64(seed);
    let mut played_rounds = 0;
    while e.phase() == SwissPhase::Playing {
        let tables = e.tables().to_vec();
        let mut seated: Vec<u32> = tables.iter().flatten().copied().collect();
        seated.sort_unstable();
        let mut expect: Vec<u32> = match knockout {
            Some(_) => e.left().to_vec(),
            None => (0..players).collect(),
        };
        expect.sort_unstable();
        assert_eq!(seated, expect, "every player in at exactly one table");
        for (t, table) in tables.iter().enumerate() {
            let mut g = game(table, |_| i64::from(rng.below(7)) - 3);
            if rng.below(8) == 0 {
                let (p, _) = g.played.remove(0);
                g.absent.push(p);
            }
            let sum: u32 = place_points(&g).iter().map(|(_, p)| p.0).sum();
            let scale: u32 = match table.len() {
                2 => 6,
                3 => 9,
                4 => 12,
                _ => 14,
            };
            let present: Vec<i64> = g.played.iter().map(|(_, s)| *s).collect();
            // With nobody absent the place points add up to the scale exactly.
            if g.absent.is_empty() {
                assert_eq!(sum, scale * 60, "{present:?}");
            } else {
                assert!(sum <= scale * 60);
            }
            e.result(e.round(), t, g).expect("a result");
        }
        played_rounds += 1;
    }
    assert_eq!(Some(played_rounds), e.rounds());
    let mut ranked: Vec<u32> = e.standings().iter().map(|s| s.player).collect();
    let order = ranked.clone();
    ranked.sort_unstable();
    assert_eq!(ranked, (0..players).collect::<Vec<_>>(), "a permutation");
    order
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn swiss_events_seat_everyone_once_a_round_and_rank_every_player_once(
        players in 2u32..40,
        variant in 0usize..3,
        seed in any::<u64>(),
    ) {
        let knockout = [None, Some(1), Some(2)][variant];
        let first = random_event(players, knockout, seed);
        prop_assert_eq!(first, random_event(players, knockout, seed), "the seed decides");
    }
}

/// The fault: `tavolo sim swiss --knockout 3 --entries 6` never ended — six players sit at two
/// tables of 3, the top 3 of each is everyone, and every round kept all six. Keeping the top 3
/// is refused now, and the top 1 or 2 always reach a final table.
#[test]
fn an_elimination_keeping_the_top_3_of_tables_of_3_never_ended() {
    let config = SwissConfig {
        knockout: Some(3),
        ..sit_and_go(6)
    };
    assert!(matches!(
        SwissEvent::<u32>::new(config, [0; 32]).map(|_| ()),
        Err(SwissError::Settings(_))
    ));
    for players in 6..200 {
        for k in 1..=2 {
            assert!(
                tavolo_engine::tournament::knockout_rounds(players, k) < 20,
                "{players} players, top {k}"
            );
        }
    }
}
