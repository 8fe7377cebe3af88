//! Hold'em bots in the arena: only legal actions in every structure and at every table size,
//! reproducible matches (across thread counts too), and duplicate deals that give the same
//! cards to the same seats with the bots rotated.

use crate::common::{
    assert_duplicate_deals_rotate_the_bots, duplicate_recorded_arena, play_match, roster, Plan,
};
use tavolo_bots::arena::MatchResult;
use tavolo_bots::holdem::{self, Holdem, HoldemOptions};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};
use tavolo_engine::holdem::{Action, Event, Structure};

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
    let setup = HoldemOptions::new(2, Structure::NoLimit)
        .setup()
        .expect("setup");
    let mut state = Played::<Holdem>::deal(setup, seed_from_u64(3)).expect("deal");
    let seat = state.game.to_act().iter().next().expect("a seat to act");
    let legal = state.game.legal(seat);
    assert!(Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo { seat, to: 777 }
    ));
    assert!(!Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo { seat, to: 10_001 }
    ));
    assert!(!Holdem::allows(
        &legal,
        &Action::BetOrRaiseTo { seat, to: 150 }
    ));
    assert!(!Holdem::allows(&legal, &Action::Check { seat }));
    let events = state
        .apply(Action::BetOrRaiseTo { seat, to: 777 })
        .expect("raise");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Bet(BetEvent::BetOrRaised { to: 777, .. }))));
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
    let r = run(
        2,
        Structure::FixedLimit,
        &["cfr", "station"],
        Plan::new(2000, 21).duplicate(),
    );
    assert!(r.bots.iter().all(|b| b.illegal == 0), "{:?}", r.bots);
    // The station calls down every hand: any sensible strategy wins from it.
    assert!(r.bots[0].mean_score > 0.0, "{:?}", r.bots[0]);
}
