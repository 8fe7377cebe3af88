//! The discrete encodings (`tavolo_engine::encode`) against the engine: over thousands of
//! random games of each game, an index is in the mask exactly when it stands for an action the
//! game accepts, every legal decision has an index, observations have their size and hold only
//! what the seat's view holds.

use tavolo_cards::GameRng;
use tavolo_engine::betting::Structure;
use tavolo_engine::draw::{DrawHand, DrawTable};
use tavolo_engine::encode::{rewards, Encoded};
use tavolo_engine::game::{seed_from_u64, Game, Played, Positions, Viewer};
use tavolo_engine::holdem::{Hand, HoldemRules, HoldemTable};
use tavolo_engine::saint::{SaintGame, SaintOptions};
use tavolo_engine::Chips;

/// Plays `games` random games through the encoding and checks it at every decision.
fn play_through_encoding<G: Encoded>(setups: impl Fn(u64) -> G::Setup, games: u64) -> u64 {
    let mut rng = GameRng::from_u64(2026);
    let mut decisions = 0;
    for g in 0..games {
        let setup = setups(g);
        let count = G::action_count(&setup);
        let size = G::observation_size(&setup);
        let mut played = Played::<G>::deal(setup.clone(), seed_from_u64(g)).expect("deals");
        let mut steps = 0;
        while !played.game.is_over() {
            steps += 1;
            assert!(steps < 10_000, "game {g} does not end");
            if let Some(a) = played.game.automatic() {
                played.apply(a).expect("the automatic action is legal");
                continue;
            }
            let seat = played.game.to_act().iter().next().expect("someone acts");
            let mut mask = vec![0u8; count];
            played.game.mask(seat, &mut mask);
            for (id, &m) in mask.iter().enumerate() {
                let action = played.game.action(seat, id);
                assert_eq!(action.is_some(), m == 1, "game {g}: index {id}, mask {m}");
                if let Some(a) = action {
                    played
                        .game
                        .check(&a)
                        .unwrap_or_else(|e| panic!("game {g}: {id}: {e}"));
                }
            }
            let legal: Vec<usize> = (0..count).filter(|&i| mask[i] == 1).collect();
            let mut listed = Vec::new();
            played.game.legal_indices(seat, &mut listed);
            assert_eq!(listed, legal, "game {g}: the list and the mask agree");
            assert!(
                !legal.is_empty(),
                "game {g}: seat {seat} to act has no index"
            );
            let mut obs = vec![0f32; size];
            G::observe(&played.game.view(Viewer::Seat(seat)), &mut obs);
            assert!(obs.iter().all(|x| x.is_finite() && *x >= 0.0));
            if let Some(drawn) = played.game.random_action(seat, &mut rng.clone()) {
                assert!(
                    legal
                        .iter()
                        .any(|&i| played.game.action(seat, i) == Some(drawn)),
                    "game {g}: a drawn action has a legal index"
                );
            }
            let id = legal[rng.below(legal.len() as u32) as usize];
            let action = played.game.action(seat, id).expect("masked");
            played.apply(action).expect("accepted");
            decisions += 1;
        }
        let r = rewards(&played.outcome());
        assert_eq!(r.len(), G::players(&setup));
        if let tavolo_engine::game::Outcome::Chips { .. } = played.outcome() {
            assert_eq!(r.iter().sum::<f32>().round(), 0.0, "chips are conserved");
        }
    }
    decisions
}

/// [`play_through_encoding`] of 1,000 games at `table`, game `g` of `2 + g % kinds` seats, the
/// button at `g % seats` and seat `s`'s stack `stack(g, s)`: the decisions played.
fn play_varied<G: Encoded>(table: &G::Options, kinds: u64, stack: impl Fn(u64, u64) -> u64) -> u64 {
    let positions = |g| {
        let n = 2 + g % kinds;
        let stacks = (0..n).map(|s| Chips::new(stack(g, s))).collect();
        Positions::new(stacks, (g % n) as usize, Chips::ZERO)
    };
    play_through_encoding::<G>(|g| G::setup(table, &positions(g)).expect("setup"), 1_000)
}

#[test]
fn holdem_indices_are_exactly_the_legal_actions_in_every_structure() {
    for structure in [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ] {
        let table = HoldemTable::casino(Chips::new(20), HoldemRules::casino(structure));
        let decisions = play_varied::<Hand>(&table, 8, |g, s| 40 + 97 * ((g + s * 7) % 23));
        assert!(decisions > 3_000, "{structure:?}: {decisions}");
    }
}

#[test]
fn draw_indices_are_exactly_the_legal_actions_exchanges_included() {
    let table = DrawTable::german(Chips::new(10));
    let decisions = play_varied::<DrawHand>(&table, 5, |g, s| 30 + 41 * ((g + s * 3) % 11));
    assert!(decisions > 3_000, "{decisions}");
}

#[test]
fn saint_indices_are_exactly_the_legal_places_shows_and_picks() {
    let decisions =
        play_through_encoding::<SaintGame>(|g| SaintOptions::new(2 + (g % 4) as u8), 200);
    assert!(decisions > 10_000, "{decisions}");
}

#[test]
fn saint_a_players_observation_says_nothing_of_anothers_pending_choice() {
    let options = SaintOptions::new(3);
    let size = SaintGame::observation_size(&options);
    let count = SaintGame::action_count(&options);
    let mut played = Played::<SaintGame>::deal(options, seed_from_u64(5)).expect("deals");
    let observe = |g: &SaintGame, seat| {
        let mut o = vec![0f32; size];
        SaintGame::observe(&Game::view(g, Viewer::Seat(seat)), &mut o);
        o
    };
    let before = observe(&played.game, 1);
    let mut mask = vec![0u8; count];
    played.game.mask(0, &mut mask);
    let id = mask.iter().position(|&m| m == 1).expect("seat 0 may place");
    let place = played.game.action(0, id).expect("legal");
    played.apply(place).expect("accepted");
    assert_eq!(
        observe(&played.game, 1),
        before,
        "seat 1 learns nothing of seat 0's place"
    );
    assert_ne!(
        observe(&played.game, 0),
        before,
        "seat 0 sees its own choice"
    );
    assert!(played.game.to_act().contains(1), "seat 1 still chooses");
}
