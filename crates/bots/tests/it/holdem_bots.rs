//! Hold'em bots in the arena: only legal actions in every structure and at every table size,
//! reproducible matches (across thread counts too), and duplicate deals that give the same
//! cards to the same seats with the bots rotated.

use crate::common::{
    assert_duplicate_deals_rotate_the_bots, duplicate_recorded_arena, play_match, roster, Plan,
};
use tavolo_bots::arena::MatchResult;
use tavolo_bots::holdem::{self, heads_up, Holdem, HoldemOptions};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};
use tavolo_engine::holdem::{Action, Event, Structure};
use tavolo_engine::Chips;

const STRUCTURES: [Structure; 3] = [
    Structure::NoLimit,
    Structure::PotLimit,
    Structure::FixedLimit,
];

fn run(players: usize, structure: Structure, bots: &[&str], plan: Plan) -> MatchResult {
    let specs = roster(players, bots, holdem::bot_spec);
    let setup = HoldemOptions::new(players, structure)
        .setup()
        .expect("setup");
    play_match::<Holdem>(setup, specs, plan)
}

#[test]
fn every_bot_plays_only_legal_actions_in_every_structure_and_table_size() {
    for structure in STRUCTURES {
        for players in 2..=10 {
            let bots = ["random", "station", "rules", "expert:40", "fold", "raise"];
            let games = if players <= 3 { 400 } else { 120 };
            let r = run(players, structure, &bots, Plan::new(games, players as u64));
            for b in &r.bots {
                assert_eq!(b.illegal, 0, "{structure:?} {players} players: {b:?}");
            }
            // Chips are never created or lost.
            for g in &r.games {
                let sum: f64 = g.scores.iter().sum();
                assert!(sum.abs() < 1e-9, "{structure:?} {players}: {g:?}");
            }
        }
    }
}

#[test]
fn random_bets_and_raises_over_the_whole_range_without_an_illegal_amount() {
    // Heads-up random against random goes all-in often: the ends of the range are exercised.
    for structure in STRUCTURES {
        let r = run(2, structure, &["random"], Plan::new(3000, 9));
        assert!(r.bots.iter().all(|b| b.illegal == 0), "{structure:?}");
    }
}

#[test]
fn a_seed_reproduces_the_match_whatever_the_number_of_threads() {
    let play = |seed: u64, threads: usize| {
        let bots = ["expert:30", "rules", "station"];
        let plan = Plan::new(60, seed).duplicate().on(threads);
        run(6, Structure::NoLimit, &bots, plan)
    };
    let a = play(11, 1);
    let b = play(11, 2);
    // Everything but the measured think times.
    assert_eq!(a.games, b.games);
    let scores = |r: &MatchResult| -> Vec<(f64, f64, u64)> {
        r.bots
            .iter()
            .map(|b| (b.mean_score, b.wins, b.decisions))
            .collect()
    };
    assert_eq!(scores(&a), scores(&b));
    let c = play(12, 2);
    assert_ne!(a.games, c.games);
}

#[test]
fn duplicate_deals_give_the_same_cards_to_the_same_seats_with_the_bots_rotated() {
    let setup = HoldemOptions::new(3, Structure::NoLimit)
        .setup()
        .expect("setup");
    let arena = duplicate_recorded_arena(setup, holdem::bot_spec);
    let holes = |i: u64| -> (Vec<usize>, Vec<String>) {
        let report = arena.play(i).expect("game");
        let record = report.record.expect("record");
        let phh: serde_json::Value = serde_json::from_str(&record).expect("json");
        let text = phh["phh"].as_str().expect("phh").to_string();
        let dealt: Vec<String> = text
            .lines()
            .filter(|l| l.contains("d dh "))
            .map(|l| l.trim().to_string())
            .collect();
        (report.entries, dealt)
    };
    assert_duplicate_deals_rotate_the_bots(holes, |_| {});
}

#[test]
fn raise_entries_stand_for_their_whole_range() {
    let setup = heads_up(Structure::NoLimit).expect("setup");
    let mut state = Played::<Holdem>::deal(setup, seed_from_u64(3)).expect("deal");
    let seat = state.game.to_act().iter().next().expect("a seat to act");
    let legal = state.game.legal(seat);
    assert!(Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo {
            seat,
            to: Chips::new(777)
        }
    ));
    assert!(!Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo {
            seat,
            to: Chips::new(10_001)
        }
    ));
    assert!(!Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo {
            seat,
            to: Chips::new(150)
        }
    ));
    assert!(!Holdem::allows(&legal, &Action::Check { seat }));
    let events = state
        .apply(Action::BetOrRaiseTo {
            seat,
            to: Chips::new(777),
        })
        .expect("raise");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Bet(BetEvent::BetOrRaised { to, .. }) if *to == 777)));
}

#[test]
fn hole_cards_of_other_seats_never_reach_a_bot() {
    let setup = HoldemOptions::new(4, Structure::NoLimit)
        .setup()
        .expect("setup");
    let state = Played::<Holdem>::deal(setup, seed_from_u64(8)).expect("deal");
    for seat in 0..4 {
        let view = state.game.view(Some(seat));
        for (s, h) in view.hole.iter().enumerate() {
            assert_eq!(h.iter().all(Option::is_some), s == seat);
        }
    }
    for e in state.events() {
        for seat in 0..4 {
            if let Some(Event::HoleDealt { seat: s, card }) = Holdem::censor(e, Viewer::Seat(seat))
            {
                assert_eq!(card.is_some(), s == seat);
            }
        }
    }
}

#[test]
fn unknown_bot_names_are_refused_with_the_list() {
    let e = holdem::bot_spec("wizard").expect_err("unknown");
    let msg = e.to_string();
    assert!(msg.contains("wizard") && msg.contains("station"), "{msg}");
    assert!(holdem::bot_spec("expert:0").is_err());
    assert!(holdem::bot_spec("expert:200").is_ok());
}

#[test]
fn the_cfr_bot_plays_heads_up_limit_legally_and_beats_the_calling_station() {
    // The trained strategy alone over many hands; with the river search (a solve for nearly
    // every hand against a station, which calls down) over fewer (the seed fixes the result).
    for (bot, games) in [("cfr:blueprint", 2000), ("cfr", 100)] {
        let r = run(
            2,
            Structure::FixedLimit,
            &[bot, "station"],
            Plan::new(games, 21).duplicate(),
        );
        assert!(r.bots.iter().all(|b| b.illegal == 0), "{bot}: {:?}", r.bots);
        // The station calls down every hand: any sensible strategy wins from it.
        assert!(r.bots[0].mean_score > 0.0, "{bot}: {:?}", r.bots[0]);
    }
}

/// The amounts of the bets and raises in a policy.
fn raise_amounts(policy: &[(Action, f64)]) -> Vec<Chips> {
    let mut v: Vec<Chips> = policy
        .iter()
        .filter_map(|(a, _)| match a {
            Action::BetOrRaiseTo { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn heads_up_no_limit_cfr_bets_its_trees_pot_fractions_and_reads_other_sizes() {
    let spec = holdem::bot_spec("cfr").expect("the cfr bot");
    let setup = heads_up(Structure::NoLimit).expect("setup");
    let feed = |bots: &mut Vec<Box<dyn tavolo_bots::Bot<Holdem>>>, events: &[Event]| {
        for e in events {
            for (s, b) in bots.iter_mut().enumerate() {
                if let Some(c) = Holdem::censor(e, Viewer::Seat(s)) {
                    b.observe(&c);
                }
            }
        }
    };
    let (mut opens, mut answers) = (Vec::new(), Vec::new());
    for seed in 0..40 {
        let mut state = Played::<Holdem>::deal(setup.clone(), seed_from_u64(seed)).expect("deal");
        let mut bots: Vec<_> = (0..2).map(|s| spec.make(s, seed)).collect();
        let events = state.events().to_vec();
        feed(&mut bots, &events);
        // The button (seat 0, the small blind) opens: its tree's sizes are a raise to 2 and to
        // 3 big blinds (half the pot and the pot after calling) and all-in, nothing else.
        let view = state.game.view(Some(0));
        let legal = state.game.legal(0);
        let policy = bots[0].policy(&view, &legal).expect("a policy");
        let total: f64 = policy.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 0.02, "{policy:?}");
        opens.extend(raise_amounts(&policy));
        // The button raises to 4 big blinds, a size the tree does not have: the big blind reads
        // it as the pot-sized raise (to 3) and answers with its own sizes from the real pot:
        // half of it (to 8 big blinds), all of it (to 12) or all-in.
        let events = state
            .apply(Action::BetOrRaiseTo {
                seat: 0,
                to: Chips::new(400),
            })
            .expect("raise")
            .to_vec();
        feed(&mut bots, &events);
        let view = state.game.view(Some(1));
        let legal = state.game.legal(1);
        let policy = bots[1].policy(&view, &legal).expect("a policy");
        assert!(policy
            .iter()
            .all(|(a, p)| Holdem::allows(&legal, a) && *p > 0.0));
        answers.extend(raise_amounts(&policy));
    }
    opens.sort_unstable();
    opens.dedup();
    answers.sort_unstable();
    answers.dedup();
    assert_eq!(opens, [200, 300, 10_000]);
    assert!(
        !answers.is_empty()
            && answers
                .iter()
                .all(|to| [800, 1_200, 10_000].contains(&to.get())),
        "{answers:?}"
    );
}

#[test]
fn the_cfr_bot_plays_heads_up_no_limit_legally_against_any_sizes_and_beats_the_station() {
    // Random bets every size from the minimum to all-in: every one is mapped into the tree.
    // The trained strategy alone over many hands; with the river search (a solve of a few
    // hundred milliseconds for each river) over a few.
    for (bot, games) in [("cfr:blueprint", 1000), ("cfr", 20)] {
        for other in ["random", "station", "rules"] {
            let r = run(
                2,
                Structure::NoLimit,
                &[bot, other],
                Plan::new(games, 23).duplicate(),
            );
            assert!(
                r.bots.iter().all(|b| b.illegal == 0),
                "{bot} v {other}: {:?}",
                r.bots
            );
            if other != "rules" && games >= 1000 {
                assert!(r.bots[0].mean_score > 0.0, "{other}: {:?}", r.bots[0]);
            }
        }
    }
}

#[test]
fn outside_opponents_play_legally_in_every_structure() {
    for structure in STRUCTURES {
        for players in [2, 6] {
            let r = run(
                players,
                structure,
                &["rlcard", "equity", "station"],
                Plan::new(200, 31),
            );
            assert!(
                r.bots.iter().all(|b| b.illegal == 0),
                "{structure:?}: {:?}",
                r.bots
            );
        }
    }
}

#[test]
fn exploit_learns_across_hands_and_a_seed_still_reproduces_its_match() {
    let spec = holdem::bot_spec("exploit").expect("the exploit bot");
    assert!(spec.learns(), "the arena must play its hands in order");
    let play = |threads: usize| {
        // (The river searches make each game long; a match of 60 shows the order matters.)
        let plan = Plan::new(60, 5).duplicate().on(threads);
        run(2, Structure::FixedLimit, &["exploit", "rlcard"], plan)
    };
    let (a, b) = (play(1), play(2));
    // Its play depends on the hands before: the same only if they are played in order.
    assert_eq!(a.games, b.games);
    assert!(a.bots.iter().all(|b| b.illegal == 0), "{:?}", a.bots);
    for g in &a.games {
        assert!(g.scores.iter().sum::<f64>().abs() < 1e-9, "{g:?}");
    }
}
