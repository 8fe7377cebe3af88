//! Five-Card Draw bots in the arena: only legal actions at every table size, reproducible
//! matches across thread counts, duplicate deals with the bots rotated, honest views.

use crate::common::{
    assert_duplicate_deals_rotate_the_bots, duplicate_recorded_arena, play_match, roster, Plan,
};
use tavolo_bots::arena::MatchResult;
use tavolo_bots::draw::{self, Draw, DrawOptions};
use tavolo_engine::draw::{Action, Event};
use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};

fn run(players: usize, bots: &[&str], plan: Plan) -> MatchResult {
    let specs = roster(players, bots, draw::bot_spec);
    let setup = DrawOptions::new(players).setup().expect("setup");
    play_match::<Draw>(setup, specs, plan)
}

#[test]
fn every_bot_plays_only_legal_actions_at_every_table_size() {
    for players in 2..=8 {
        let bots = [
            "random",
            "station",
            "rules",
            "expert:40",
            "fold",
            "raise",
            "random",
        ];
        let games = if players <= 3 { 600 } else { 200 };
        let r = run(players, &bots, Plan::new(games, players as u64));
        for b in &r.bots {
            assert_eq!(b.illegal, 0, "{players} players: {b:?}");
        }
        // Chips are never created; at most the odd chips of a split stay in the pot.
        for g in &r.games {
            let sum: f64 = g.scores.iter().sum();
            assert!(sum <= 1e-9 && sum > -1.0, "{players}: {g:?}");
        }
    }
}

#[test]
fn the_cfr_bot_plays_only_legal_actions_heads_up_and_at_four() {
    for (players, games) in [(2, 400), (4, 8)] {
        let r = run(
            players,
            &["cfr", "random", "rules", "station"],
            Plan::new(games, 7),
        );
        for b in &r.bots {
            assert_eq!(b.illegal, 0, "{players} players: {b:?}");
        }
    }
}

#[test]
fn random_against_random_exercises_every_action_legally() {
    let r = run(2, &["random"], Plan::new(3000, 3));
    assert!(r.bots.iter().all(|b| b.illegal == 0));
    let r = run(8, &["random"], Plan::new(500, 4));
    assert!(r.bots.iter().all(|b| b.illegal == 0));
}

#[test]
fn a_seed_reproduces_the_match_whatever_the_number_of_threads() {
    let bots = ["expert:40", "rules", "station", "random"];
    let a = run(4, &bots, Plan::new(80, 21).duplicate().on(1));
    let b = run(4, &bots, Plan::new(80, 21).duplicate().on(2));
    assert_eq!(a.games, b.games);
    let c = run(4, &bots, Plan::new(80, 22).duplicate().on(2));
    assert_ne!(a.games, c.games);
}

#[test]
fn duplicate_deals_give_the_same_cards_to_the_same_seats_with_the_bots_rotated() {
    let setup = DrawOptions::new(3).setup().expect("setup");
    let arena = duplicate_recorded_arena(setup, draw::bot_spec);
    let dealt = |i: u64| -> (Vec<usize>, serde_json::Value) {
        let report = arena.play(i).expect("game");
        let record: serde_json::Value =
            serde_json::from_str(&report.record.expect("record")).expect("json");
        (report.entries, record["deal"]["hands"].clone())
    };
    assert_duplicate_deals_rotate_the_bots(dealt, |h0| {
        assert!(h0.as_array().is_some_and(|h| h.len() == 3), "{h0}")
    });
}

#[test]
fn other_seats_cards_never_reach_a_bot() {
    let setup = DrawOptions::new(4).setup().expect("setup");
    let state = Played::<Draw>::deal(setup, seed_from_u64(8)).expect("deal");
    for seat in 0..4 {
        let view = state.game.view(Some(seat));
        assert_eq!(view.hand.len(), 5);
        for e in state.events() {
            if let Some(Event::Dealt { seat: s, cards }) = Draw::censor(e, Viewer::Seat(seat)) {
                assert_eq!(cards.is_some(), s == seat);
            }
        }
    }
}

#[test]
fn the_exchange_lists_every_discard_of_up_to_three_cards() {
    let setup = DrawOptions::new(2).setup().expect("setup");
    let mut state = Played::<Draw>::deal(setup, seed_from_u64(5)).expect("deal");
    // Both open/call through the first round with the station's answers.
    let station = draw::bot_spec("station").expect("bot");
    let mut bots = [station.make(0, 1), station.make(1, 2)];
    loop {
        let seat = state.game.to_act().iter().next().expect("a seat to act");
        let legal = state.game.legal(seat);
        if let Some(Action::Exchange { .. }) = legal.first() {
            // 1 + 5 + 10 + 10 discards, and the fold.
            assert_eq!(legal.len(), 27);
            assert!(!Draw::allows(
                &legal,
                &Action::Exchange {
                    seat,
                    discard: state.game.view(Some(seat)).hand.iter().copied().collect(),
                }
            ));
            break;
        }
        let view = state.game.view(Some(seat));
        let a = bots[seat].act(&view, &legal, tavolo_bots::Budget::UNLIMITED);
        state.apply(a).expect("legal");
    }
}

#[test]
fn every_bot_but_random_reports_a_policy_over_legal_actions_and_plays_from_it() {
    // The policy is what a best response reads the bot's range by (tavolo sim draw --lbr): a
    // distribution over legal actions at every decision, betting and exchange, and for a
    // deterministic bot exactly the action it plays.
    for name in ["station", "rules", "fold", "raise", "expert:40", "cfr"] {
        let spec = draw::bot_spec(name).expect("bot");
        let setup = DrawOptions::new(2).setup().expect("setup");
        let mut decisions = 0;
        for deal in 0..40 {
            let mut state = Played::<Draw>::deal(setup.clone(), seed_from_u64(deal)).expect("deal");
            let mut bots = [spec.make(0, deal), spec.make(1, deal + 100)];
            for (seat, bot) in bots.iter_mut().enumerate() {
                for e in state.events() {
                    if let Some(e) = Draw::censor(e, Viewer::Seat(seat)) {
                        bot.observe(&e);
                    }
                }
            }
            while !state.game.is_over() {
                let seat = state.game.to_act().iter().next().expect("a seat to act");
                let legal = state.game.legal(seat);
                let view = state.game.view(Some(seat));
                let policy = bots[seat].policy(&view, &legal).expect("a policy");
                let total: f64 = policy.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-9, "{name}: {policy:?}");
                for (a, p) in &policy {
                    assert!(
                        *p > 0.0 && Draw::allows(&legal, a),
                        "{name}: {a:?} in {legal:?}"
                    );
                }
                let a = bots[seat].act(&view, &legal, tavolo_bots::Budget::UNLIMITED);
                if !name.starts_with("expert") && name != "cfr" {
                    assert_eq!(policy, vec![(a, 1.0)], "{name}");
                } else {
                    assert!(Draw::allows(&legal, &a), "{name}: {a:?}");
                }
                decisions += 1;
                let events = state.apply(a).expect("legal").to_vec();
                for (s, bot) in bots.iter_mut().enumerate() {
                    for e in &events {
                        if let Some(e) = Draw::censor(e, Viewer::Seat(s)) {
                            bot.observe(&e);
                        }
                    }
                }
            }
        }
        assert!(decisions >= 40, "{name}: {decisions}");
    }
}

#[test]
fn unknown_bot_names_are_refused_with_the_list() {
    let msg = draw::bot_spec("wizard").expect_err("unknown").to_string();
    assert!(msg.contains("wizard") && msg.contains("rules"), "{msg}");
}
