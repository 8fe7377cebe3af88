//! Saint Poker bots in the arena: only legal actions for 2 to 5 players, reproducible matches
//! whatever the number of threads, honest views, and the expected order of strength.

use crate::common::{play_match, Plan};
use tavolo_bots::arena::{Arena, MatchConfig, MatchResult};
use tavolo_bots::saint::{self, SaintPoker};
use tavolo_cards::{CardSet, GameRng};
use tavolo_engine::game::seed_from_u64;
use tavolo_engine::saint::SaintOptions;

fn run(players: u8, bots: &[&str], games: u64, seed: u64) -> MatchResult {
    let bots = bots.iter().map(|b| saint::bot_spec(b).unwrap()).collect();
    let config =
        MatchConfig::<SaintPoker>::new(SaintOptions::new(players), bots, games, seed).unwrap();
    Arena::new(config).run(&|_| {}).unwrap()
}

#[test]
fn bots_play_only_legal_actions_for_two_to_five_players() {
    const GAMES: u64 = 300;
    let roster = ["random", "greedy", "expert:16", "greedy", "random"];
    for players in 2..=5u8 {
        let result = run(
            players,
            &roster[..players as usize],
            GAMES,
            u64::from(players),
        );
        for b in &result.bots {
            assert_eq!(b.illegal, 0, "{} at {players} players", b.label);
            assert_eq!(b.games, GAMES);
            assert!(b.decisions > 0);
        }
        let shares: f64 = result.bots.iter().map(|b| b.wins).sum();
        assert!((shares - GAMES as f64).abs() < 1e-9, "one victory per game");
    }
}

#[test]
fn the_same_seed_gives_the_same_match_whatever_the_thread_count() {
    let bots = || {
        ["expert:40", "greedy", "random"]
            .iter()
            .map(|b| saint::bot_spec(b).unwrap())
            .collect::<Vec<_>>()
    };
    let play = |threads: usize| {
        play_match::<SaintPoker>(SaintOptions::new(3), bots(), Plan::new(24, 99).on(threads))
    };
    let (one, three) = (play(1), play(3));
    assert_eq!(one.games, three.games);
    for (a, b) in one.bots.iter().zip(&three.bots) {
        assert_eq!(
            (a.wins, a.mean_score, a.decisions),
            (b.wins, b.mean_score, b.decisions)
        );
    }
    let other = run(3, &["expert:40", "greedy", "random"], 24, 100);
    assert_ne!(one.games, other.games, "another seed, another match");
}

#[test]
fn records_of_arena_games_verify() {
    let bots = vec![
        saint::bot_spec("greedy").unwrap(),
        saint::bot_spec("expert:16").unwrap(),
    ];
    let mut config = MatchConfig::<SaintPoker>::new(SaintOptions::new(2), bots, 4, 3).unwrap();
    config.record = true;
    let records = std::sync::Mutex::new(Vec::new());
    Arena::new(config)
        .run(&|r| records.lock().unwrap().push(r.record.clone().unwrap()))
        .unwrap();
    for json in records.into_inner().unwrap() {
        tavolo_engine::saint::verify_record_json(&json).unwrap();
    }
}

/// What a bot receives — its view — holds its own hand and public cards only: any card of
/// another player's hand that appears in it was picked in public this round.
#[test]
fn views_never_hold_other_players_hidden_cards() {
    let mut rng = GameRng::from_u64(11);
    for seed in 0..100u64 {
        let players = 2 + (seed % 4) as u8;
        let mut g = SaintPoker::new(SaintOptions::new(players), seed_from_u64(seed)).unwrap();
        while !g.is_over() {
            for p in 0..players as usize {
                let v = g.view(p).unwrap();
                assert_eq!(v.hand.iter().copied().collect::<CardSet>(), g.hand(p));
                let mut shown: CardSet = v
                    .centre
                    .iter()
                    .chain(&v.preview)
                    .chain(&v.pool)
                    .copied()
                    .collect();
                for c in v.placed.iter().flatten() {
                    shown.insert(*c);
                }
                for h in v.shown.iter().flatten() {
                    shown.insert(h.cards[0]);
                    shown.insert(h.cards[1]);
                }
                let picked: CardSet = v.picks.iter().map(|k| k.card).collect();
                for q in (0..players as usize).filter(|&q| q != p) {
                    let leaked = (shown | g.hand(p)) & g.hand(q);
                    assert!(
                        leaked - picked == CardSet::EMPTY,
                        "seat {p} sees {leaked} of seat {q}"
                    );
                }
            }
            for p in g.pending() {
                let a = g.random_action(p, &mut rng).unwrap();
                g.apply(a).unwrap();
            }
        }
    }
}

#[test]
fn greedy_beats_random_and_expert_beats_random() {
    let r = run(2, &["greedy", "random"], 200, 1);
    assert!(r.bots[0].win_rate > 0.9, "greedy {:?}", r.bots[0]);
    let r = run(2, &["expert:100", "random"], 10, 1);
    assert!(r.bots[0].win_rate > 0.8, "expert {:?}", r.bots[0]);
}

#[test]
fn unknown_bot_names_are_refused_with_the_known_names() {
    let err = saint::bot_spec("grredy").unwrap_err().to_string();
    assert!(err.contains("grredy") && err.contains("greedy"), "{err}");
    assert!(saint::bot_spec("expert:0").is_err());
    assert!(saint::bot_spec("expert:hard").is_ok());
}
