//! Saint Poker property tests over thousands of random games for 2, 3, 4 and 5 players: card
//! conservation, hand sizes, points per round, views that leak nothing, illegal actions refused
//! without change, and record replay.

use crate::saint_common::*;
use proptest::prelude::*;
use tavolo_cards::{Card, CardSet, GameRng};
use tavolo_engine::saint::{
    seed_from_u64, verify_record, verify_record_json, Action, Event, PhaseName, SaintError,
    SaintGame, SaintOptions,
};

/// Some illegal actions for the state, each with the error kind it must give.
fn illegal_actions(g: &SaintGame, rng: &mut GameRng) -> Vec<Action> {
    let players = g.players();
    let mut v = Vec::new();
    let p = rng.below(players as u32) as usize;
    let hand = g.hand(p);
    let outside: Vec<Card> = (!hand).iter().collect();
    let foreign = outside[rng.below(outside.len() as u32) as usize];
    let own = hand.iter().next();
    // A card outside the hand, in whatever phase.
    v.push(Action::Place {
        player: p,
        card: foreign,
    });
    if let Some(c) = own {
        v.push(Action::Show {
            player: p,
            cards: [c, c],
        });
        v.push(Action::Show {
            player: p,
            cards: [c, foreign],
        });
        v.push(Action::Pick { player: p, card: c });
    }
    v.push(Action::Place {
        player: players,
        card: foreign,
    });
    match g.phase() {
        PhaseName::Draft => {
            let to_pick = g.pending()[0];
            let other = (to_pick + 1 + rng.below(players as u32 - 1) as usize) % players;
            if let Some(c) = g.pool().iter().next() {
                v.push(Action::Pick {
                    player: other,
                    card: c,
                });
            }
            let not_pool: Vec<Card> = (!g.pool()).iter().collect();
            v.push(Action::Pick {
                player: to_pick,
                card: not_pool[rng.below(not_pool.len() as u32) as usize],
            });
            if let Some(c) = g.hand(to_pick).iter().next() {
                v.push(Action::Place {
                    player: to_pick,
                    card: c,
                });
            }
        }
        PhaseName::Place => {
            if let Some(c) = own {
                v.push(Action::Pick { player: p, card: c });
            }
        }
        _ => {}
    }
    v
}

/// Public cards a view may legitimately show even though they now sit in someone's hand.
fn public_in_view(g: &SaintGame, viewer: usize) -> CardSet {
    let v = g.view(viewer).unwrap();
    v.picks.iter().map(|p| p.card).collect()
}

fn check_game(players: u8, seed: u64) -> Result<(), TestCaseError> {
    let mut g = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)).unwrap();
    let mut rng = GameRng::from_u64(seed.wrapping_mul(31) ^ 7);
    let p = players as usize;
    let mut round = 0u8;
    let mut round_points: Vec<(tavolo_cards::HandRank, u32)> = Vec::new();
    let mut steps = 0;
    while !g.is_over() {
        assert_all_cards_accounted(&g);
        if g.round() != round {
            round = g.round();
            prop_assert_eq!(g.phase(), PhaseName::Place);
            for s in 0..p {
                prop_assert_eq!(g.hand(s).len(), 11 - round as u32, "round {}", round);
            }
        }
        // Illegal actions: refused, state unchanged.
        if steps % 3 == 0 {
            for a in illegal_actions(&g, &mut rng) {
                let before = g.clone();
                let r = g.apply(a);
                prop_assert!(r.is_err(), "{:?} accepted in {:?}", a, g.phase());
                prop_assert!(g == before, "state changed by refused {:?}", a);
            }
        }
        // Views: no other hand, no pending choice.
        let pending = g.pending();
        let actor = pending[rng.below(pending.len() as u32) as usize];
        let views_before: Vec<_> = (0..p).map(|v| g.view(v).unwrap()).collect();
        for (v, view) in views_before.iter().enumerate() {
            prop_assert_eq!(&view.hand, &g.hand(v).iter().collect::<Vec<_>>());
            let json = serde_json::to_string(view).unwrap();
            let public = public_in_view(&g, v);
            for o in (0..p).filter(|&o| o != v) {
                for c in g.hand(o) - public {
                    prop_assert!(!json.contains(&format!("\"{c}\"")), "{} leaks {}", v, c);
                }
            }
        }
        let a = g.random_action(actor, &mut rng).unwrap();
        prop_assert!(g.legal_actions(actor).contains(&a));
        let ev = g.apply(a).unwrap();
        if ev.is_empty() {
            // A private submission: every other player's view is unchanged.
            for v in (0..p).filter(|&v| v != actor) {
                prop_assert_eq!(&g.view(v).unwrap(), &views_before[v], "player {}'s view", v);
            }
        }
        for e in &ev {
            match *e {
                Event::Scored { rank, points, .. } => round_points.push((rank, points)),
                Event::RoundStarted { .. } | Event::GameOver { .. } => {}
                _ => {}
            }
            if matches!(e, Event::DraftOrder { .. } | Event::GameOver { .. }) {
                let r = g.round() as u32;
                let best = round_points.iter().map(|x| x.0).max().unwrap();
                let k = round_points.iter().filter(|x| x.0 == best).count() as u32;
                let total: u32 = round_points.iter().map(|x| x.1).sum();
                prop_assert_eq!(total, k * r.div_ceil(k), "round {}", r);
                for (rank, pts) in &round_points {
                    prop_assert_eq!(*pts, if *rank == best { r.div_ceil(k) } else { 0 });
                }
                round_points.clear();
            }
        }
        steps += 1;
    }
    assert_all_cards_accounted(&g);
    prop_assert_eq!(steps, 8 * 2 * p + 7 * 2 * p);
    let before = g.clone();
    prop_assert_eq!(
        g.apply(Action::Place {
            player: 0,
            card: Card::all().next().unwrap()
        }),
        Err(SaintError::GameOver { player: 0 })
    );
    prop_assert!(g == before);
    // The record replays to the very same game, also through JSON.
    let rec = g.record().unwrap();
    let replayed = verify_record(&rec).unwrap();
    prop_assert!(replayed == g);
    let json = serde_json::to_string(&rec).unwrap();
    prop_assert!(verify_record_json(&json).unwrap() == g);
    Ok(())
}

const CASES: u32 = 1000;

/// A property test a number of players, `name => players,`: random games from any seed keep
/// every rule ([`check_game`]).
macro_rules! random_games_keep_every_rule {
    ($($name:ident => $players:expr,)*) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]
            $(
                #[test]
                fn $name(seed in any::<u64>()) {
                    check_game($players, seed)?;
                }
            )*
        }
    };
}

random_games_keep_every_rule! {
    random_games_with_2_players_keep_every_rule => 2,
    random_games_with_3_players_keep_every_rule => 3,
    random_games_with_4_players_keep_every_rule => 4,
    random_games_with_5_players_keep_every_rule => 5,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn options_are_valid_exactly_when_the_deck_supports_them(players in 0u8..8, centre in 0u8..20, any_five in any::<bool>()) {
        let o = SaintOptions {
            centre_cards: Some(centre),
            hand_rule: if any_five { tavolo_engine::saint::HandRule::AnyFive } else { Default::default() },
            ..SaintOptions::new(players)
        };
        let ok = (2..=5).contains(&players) && centre + players >= 3 && 10 * players as u32 + 2 * centre as u32 <= 52;
        prop_assert_eq!(o.validate().is_ok(), ok);
        if ok {
            // Non-default centres (with reshuffles) still conserve cards and replay.
            let mut g = SaintGame::new(o, seed_from_u64(centre as u64)).unwrap();
            let mut rng = GameRng::from_u64(players as u64);
            while !g.is_over() {
                let p = g.pending()[0];
                let a = g.random_action(p, &mut rng).unwrap();
                g.apply(a).unwrap();
                assert_all_cards_accounted(&g);
            }
            prop_assert!(verify_record(&g.record().unwrap()).unwrap() == g);
        }
    }
}

#[test]
fn determinized_clone_keeps_my_view_and_counts() {
    let mut g = SaintGame::new(SaintOptions::new(4), seed_from_u64(4)).unwrap();
    let mut rng = GameRng::from_u64(4);
    play_random_until(&mut g, &mut rng, |g| {
        g.round() == 3 && g.phase() == PhaseName::Show
    });
    g.apply(Action::Show {
        player: 1,
        cards: {
            let h: Vec<Card> = g.hand(1).iter().collect();
            [h[0], h[1]]
        },
    })
    .unwrap();
    let mut d = g.clone();
    d.determinize(0, &mut GameRng::from_u64(9));
    assert_all_cards_accounted(&d);
    let (mine, theirs) = (g.view(0).unwrap(), d.view(0).unwrap());
    assert_eq!(mine, theirs, "the observer cannot tell the difference");
    assert_ne!(
        (1..4).map(|p| g.hand(p)).collect::<Vec<_>>(),
        (1..4).map(|p| d.hand(p)).collect::<Vec<_>>()
    );
    assert!(
        d.is_pending(1),
        "another player's hidden choice is forgotten"
    );
    assert_eq!(d.record().unwrap_err(), SaintError::Determinized);
    // The determinized game plays on to the end.
    while !d.is_over() {
        let p = d.pending()[0];
        let a = d.random_action(p, &mut rng).unwrap();
        d.apply(a).unwrap();
        assert_all_cards_accounted(&d);
    }
}
