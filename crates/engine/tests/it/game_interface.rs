//! The one game interface, checked the same way for the three games over thousands of random
//! games: someone is to act until the game is over; every legal action of every seat to act is
//! accepted by `check` and by `apply`; `check` and every refused action leave the state exactly
//! as it was; the action the server plays for an absent player is legal; every action survives
//! its JSON form; no event a seat receives shows another seat's hidden cards; chips are
//! conserved and the record is written.

use proptest::prelude::*;
use tavolo_cards::{Card, GameRng};
use tavolo_engine::betting::{Bet, BetEvent, BettingAction};
use tavolo_engine::draw::{self, DrawHand, DrawTable};
use tavolo_engine::game::{seed_from_u64, Game, Outcome, Played, Positions, Refusal, Viewer};
use tavolo_engine::holdem::{self, Hand, HoldemRules, HoldemTable, Structure};
use tavolo_engine::saint::{self, SaintGame, SaintOptions};
use tavolo_engine::Chips;

/// Plays one game of `G` with random legal actions, checking the interface at every step.
fn play<G: Game + Clone + PartialEq>(
    setup: G::Setup,
    seed: u64,
    hidden: impl Fn(&G::Event, usize) -> bool,
) {
    let mut rng = GameRng::from_u64(seed ^ 0x5eed);
    let mut game = Played::<G>::deal(setup, seed_from_u64(seed)).expect("a valid setup deals");
    let players = G::players(&game.setup);
    let mut steps = 0;
    loop {
        shared_view_fields_are_alike(&game.game, players);
        if game.game.is_over() {
            break;
        }
        steps += 1;
        assert!(steps < 10_000, "the game ends");
        let to_act = game.game.to_act();
        assert!(!to_act.is_empty(), "somebody acts until the game is over");
        let seat = to_act
            .iter()
            .nth(rng.below(to_act.len() as u32) as usize)
            .expect("a seat");
        let legal = game.game.legal(seat);
        assert!(!legal.is_empty(), "a seat to act has legal actions");
        let before = game.game.clone();
        for a in &legal {
            assert_eq!(game.game.check(a), Ok(()), "{a:?} is listed as legal");
            assert!(G::allows(&legal, a));
            assert_eq!(G::seat_of(a), Some(seat));
            let json = serde_json::to_value(a).expect("an action is JSON");
            let back: G::Action = serde_json::from_value(json).expect("and back");
            assert_eq!(&back, a);
        }
        let timeout = game.game.timeout_action(seat).expect("a default action");
        assert_eq!(game.game.check(&timeout), Ok(()), "the default is legal");
        let choices = serde_json::to_value(game.game.choices(seat)).expect("choices are JSON");
        assert!(
            choices.as_array().is_some_and(|c| !c.is_empty()),
            "a seat to act is told its choices"
        );
        // Every other seat's action is refused unless the rules let it act out of turn, and a
        // refusal changes nothing.
        for other in (0..players).filter(|&s| !to_act.contains(s)) {
            for a in game.game.legal(other) {
                if game.game.check(&a).is_err() {
                    assert!(game.game.clone().apply(a).is_err());
                }
            }
        }
        assert!(game.game == before, "check leaves the game untouched");
        let a = legal[rng.below(legal.len() as u32) as usize];
        let events = game.apply(a).expect("a legal action applies").to_vec();
        for e in &events {
            for s in 0..players {
                if let Some(seen) = G::censor(e, Viewer::Seat(s)) {
                    assert!(!hidden(&seen, s), "seat {s} sees {seen:?}");
                }
            }
            if let Some(seen) = G::censor(e, Viewer::Spectator) {
                assert!(!hidden(&seen, usize::MAX), "a spectator sees {seen:?}");
            }
        }
    }
    assert!(game.game.to_act().is_empty());
    if let Outcome::Chips {
        start,
        end,
        carried_in,
        carried_out,
        ..
    } = game.outcome()
    {
        assert_eq!(
            start.iter().sum::<Chips>() + carried_in,
            end.iter().sum::<Chips>() + carried_out,
            "chips are conserved"
        );
    }
    let record = game.record(None).expect("a record");
    assert!(!record.text.is_empty());
    serde_json::to_string(&game.summary()).expect("a summary is JSON");
}

/// Rule of the interface (a room writes them once for all its viewers): the fields of a view
/// the game names in [`Game::SHARED_VIEW_FIELDS`] are the same in every seat's view and the
/// spectator's, and are fields of the view.
fn shared_view_fields_are_alike<G: Game>(game: &G, players: usize) {
    let fields = |viewer: Viewer| -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(game.view(viewer)) {
            Ok(serde_json::Value::Object(m)) => m,
            other => panic!("a view is a JSON object: {other:?}"),
        }
    };
    let spectator = fields(Viewer::Spectator);
    for name in G::SHARED_VIEW_FIELDS {
        assert!(
            spectator.contains_key(*name),
            "{name} is a field of the view"
        );
    }
    for s in 0..players {
        let seat = fields(Viewer::Seat(s));
        for name in G::SHARED_VIEW_FIELDS {
            assert_eq!(seat[*name], spectator[*name], "{name} differs for seat {s}");
        }
    }
}

/// Whether a Hold'em event shows a hole card of another seat than `viewer`.
fn holdem_hidden(e: &holdem::Event, viewer: usize) -> bool {
    matches!(*e, holdem::Event::HoleDealt { seat, card: Some(_) } if seat != viewer)
}

/// Whether a Draw event shows cards of another seat than `viewer`, or the bottom card.
fn draw_hidden(e: &draw::Event, viewer: usize) -> bool {
    match *e {
        draw::Event::Dealt { seat, cards } => seat != viewer && cards.is_some(),
        draw::Event::Exchanged {
            seat,
            discarded,
            drawn,
            ..
        } => seat != viewer && (discarded.is_some() || drawn.is_some()),
        draw::Event::BottomCard { card } => card.is_some(),
        _ => false,
    }
}

fn holdem_setup(seed: u64) -> holdem::HandSetup {
    let mut rng = GameRng::from_u64(seed);
    let n = 2 + rng.below(9) as usize;
    let structure = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ][rng.below(3) as usize];
    let stacks = (0..n)
        .map(|_| Chips::new(50 + u64::from(rng.below(3_000))))
        .collect();
    let table = HoldemTable::casino(Chips::new(20), HoldemRules::casino(structure));
    Hand::setup(
        &table,
        &Positions::new(stacks, rng.below(n as u32) as usize, Chips::ZERO),
    )
    .expect("setup")
}

fn draw_setup(seed: u64) -> draw::DrawSetup {
    let mut rng = GameRng::from_u64(seed);
    let n = 2 + rng.below(7) as usize;
    let stacks = (0..n)
        .map(|_| Chips::new(20 + u64::from(rng.below(1_000))))
        .collect();
    let carried = Chips::from(rng.below(3));
    DrawHand::setup(
        &DrawTable::german(Chips::new(10)),
        &Positions::new(stacks, rng.below(n as u32) as usize, carried),
    )
    .expect("setup")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_500))]
    #[test]
    fn holdem_hands_keep_the_interface(seed in any::<u64>()) {
        play::<Hand>(holdem_setup(seed), seed, holdem_hidden);
    }

    #[test]
    fn draw_hands_keep_the_interface(seed in any::<u64>()) {
        play::<DrawHand>(draw_setup(seed), seed, draw_hidden);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn saint_poker_games_keep_the_interface(seed in any::<u64>(), players in 2u8..=5) {
        // Every Saint Poker event is public: hidden cards travel only in views.
        play::<SaintGame>(SaintOptions::new(players), seed, |_, _| false);
    }
}

#[test]
fn a_spectator_sees_no_hand_in_any_game() {
    let hand = Played::<Hand>::deal(holdem_setup(3), seed_from_u64(3)).expect("deals");
    let v = Game::view(&hand.game, Viewer::Spectator);
    assert!(v.hole.iter().flatten().all(Option::is_none));
    let d = Played::<DrawHand>::deal(draw_setup(4), seed_from_u64(4)).expect("deals");
    assert!(Game::view(&d.game, Viewer::Spectator).hand.is_empty());
    let s = Played::<SaintGame>::deal(SaintOptions::new(3), seed_from_u64(5)).expect("deals");
    let v = Game::view(&s.game, Viewer::Spectator);
    assert_eq!(v.player, None);
    assert!(v.hand.is_empty() && v.my_choice.is_none());
    let seat = Game::view(&s.game, Viewer::Seat(1));
    assert_eq!((seat.player, seat.hand.len()), (Some(1), 10));
}

#[test]
fn actions_and_events_are_written_as_the_room_sends_them() {
    let a = holdem::Action::BetOrRaiseTo {
        seat: 2,
        to: Chips::new(60),
    };
    assert_eq!(
        serde_json::to_string(&a).expect("json"),
        r#"{"action":"bet_or_raise_to","seat":2,"to":60}"#
    );
    let e = holdem::Event::Bet(BetEvent::Called {
        seat: 1,
        amount: Chips::new(40),
        all_in: false,
    });
    assert_eq!(
        serde_json::to_string(&e).expect("json"),
        r#"{"event":"call","seat":1,"amount":40,"all_in":false}"#
    );
    let c: Card = "7c".parse().expect("card");
    let x: draw::Action =
        serde_json::from_str(r#"{"action":"exchange","seat":0,"discard":["7c"]}"#).expect("read");
    assert_eq!(
        x,
        draw::Action::Exchange {
            seat: 0,
            discard: [c].into_iter().collect()
        }
    );
    assert!(
        serde_json::from_str::<draw::Action>(
            r#"{"action":"exchange","seat":0,"discard":["7c","7c"]}"#
        )
        .is_err(),
        "a card discarded twice is refused"
    );
    assert!(
        serde_json::from_str::<holdem::Action>(r#"{"action":"deal_board","cards":["2c"]}"#)
            .is_err(),
        "dealing steps are not client actions"
    );
}

#[test]
fn saint_poker_show_choices_say_the_hand_each_pair_makes_by_the_tables_rule() {
    use tavolo_cards::Category;
    use tavolo_engine::saint::{Action, HandRule};
    for rule in [HandRule::TwoPlusThree, HandRule::AnyFive] {
        let mut options = SaintOptions::new(2);
        options.hand_rule = rule;
        let mut g = SaintGame::new(options, seed_from_u64(21)).expect("deals");
        // Both place their lowest card: the show phase begins with a complete centre.
        for p in 0..2 {
            let a = Game::timeout_action(&g, p).expect("a place");
            Game::apply(&mut g, a).expect("legal");
        }
        let centre: Vec<Card> = g.centre().iter().collect();
        let choices = Game::choices(&g, 0);
        let shows: Vec<_> = choices
            .iter()
            .filter(|c| matches!(c.action, Action::Show { .. }))
            .collect();
        assert_eq!(shows.len(), 36, "every pair of nine cards");
        for c in shows {
            let Action::Show { cards, .. } = c.action else {
                unreachable!()
            };
            let hand = c.hand.as_ref().expect("a show says its hand");
            let (five, rank) = rule.best_five(cards, &centre).expect("valid");
            assert_eq!(
                (hand.category, hand.value, hand.cards),
                (rank.category(), rank.value(), five)
            );
            if rule == HandRule::TwoPlusThree {
                let own = five.iter().filter(|c| cards.contains(c)).count();
                assert_eq!(own, 2, "exactly two own cards: {five:?}");
            }
            assert!(rank.category() >= Category::HighCard);
        }
    }
}

/// Plays `game` to its end with the house's default actions.
fn play_out<G: Game>(game: &mut G) {
    while let Some(seat) = game.to_act().iter().next() {
        let a = game.timeout_action(seat).expect("a default action");
        game.apply(a).expect("the default is legal");
    }
}

/// The kind of refusal `action` meets now.
fn refusal_of<G: Game>(game: &G, action: G::Action) -> Refusal {
    game.check(&action).expect_err("refused").refusal()
}

/// A betting game's refusals: a fold by a seat that does not exist, a call by the seat after the
/// one to act, and a fold once the hand is over.
fn betting_refusals<G: Game>(setup: &G::Setup, seed: u64)
where
    G::Action: BettingAction,
{
    let (mut g, _) = G::deal(setup, seed_from_u64(seed)).expect("deals");
    let other = (g.to_act().iter().next().expect("a seat") + 1) % G::players(setup);
    let fold = |seat| G::Action::from_bet(seat, Bet::Fold);
    assert_eq!(refusal_of(&g, fold(11)), Refusal::NoSuchSeat);
    let call = G::Action::from_bet(other, Bet::Call);
    assert_eq!(refusal_of(&g, call), Refusal::NotYourTurn);
    play_out(&mut g);
    assert_eq!(refusal_of(&g, fold(0)), Refusal::Over);
}

#[test]
fn every_game_names_a_missing_seat_a_turn_not_yours_and_a_game_over_alike() {
    betting_refusals::<Hand>(&holdem_setup(8), 8);
    betting_refusals::<DrawHand>(&draw_setup(9), 9);
    let (mut s, _) = SaintGame::deal(&SaintOptions::new(3), seed_from_u64(10)).expect("deals");
    let pick = saint::Action::Pick {
        player: 7,
        card: Card::ALL[0],
    };
    assert_eq!(refusal_of(&s, pick), Refusal::NoSuchSeat);
    // Place and show are simultaneous: only the draft has turns.
    while s.phase() != saint::PhaseName::Draft {
        let seat = s.to_act().iter().next().expect("a seat");
        s.apply(s.timeout_action(seat).expect("a default"))
            .expect("legal");
    }
    let picker = s.to_act().iter().next().expect("the picker");
    let card = s.pool().iter().next().expect("a pool");
    let out_of_turn = saint::Action::Pick {
        player: (picker + 1) % 3,
        card,
    };
    assert_eq!(refusal_of(&s, out_of_turn), Refusal::NotYourTurn);
    play_out(&mut s);
    let place = saint::Action::Place {
        player: 0,
        card: Card::ALL[0],
    };
    assert_eq!(refusal_of(&s, place), Refusal::Over);
}

/// Whether a table of `G` with `players` players deals.
fn deals<G: Game>(options: &G::Options, players: usize) -> bool {
    G::setup(
        options,
        &Positions::new(vec![Chips::new(1_000); players], 0, Chips::ZERO),
    )
    .and_then(|setup| G::deal(&setup, seed_from_u64(1)))
    .is_ok()
}

#[test]
fn each_game_deals_exactly_the_player_counts_of_its_seats() {
    fn check<G: Game>(options: &G::Options) {
        for players in 0..=12 {
            assert_eq!(
                deals::<G>(options, players),
                G::SEATS.contains(&players),
                "{} with {players} players",
                G::NAME
            );
        }
    }
    check::<Hand>(&HoldemTable::casino(Chips::new(20), HoldemRules::default()));
    check::<DrawHand>(&DrawTable::german(Chips::new(10)));
    check::<SaintGame>(&SaintOptions::new(3));
    assert_eq!(
        (Hand::SEATS, DrawHand::SEATS, SaintGame::SEATS),
        (2..=10, 2..=8, 2..=5),
        "RULES.md §1–§3"
    );
}

/// Plays `game` to its end, every seat choosing its first action that neither folds nor mucks
/// (check or call, stand pat or exchange, show): a hand that reaches the showdown.
fn call_down<G: Game>(game: &mut Played<G>, gives_up: impl Fn(&G::Action) -> bool) {
    let mut steps = 0;
    while let Some(seat) = game.game.to_act().iter().next() {
        steps += 1;
        assert!(steps < 10_000, "the game ends");
        let legal = game.game.legal(seat);
        let a = (legal.iter().find(|a| !gives_up(a)).or(legal.first()))
            .cloned()
            .expect("a seat to act has legal actions");
        game.apply(a).expect("a legal action applies");
    }
}

/// Rule (issue 49: the winning five marked at a showdown): every hand shown at a showdown comes
/// with the five cards that make it — of the seat's own cards and the board in Hold'em, its hand
/// in Five-Card Draw — and those five alone are worth the hand's value.
#[test]
fn every_shown_hand_carries_the_five_cards_that_make_it() {
    let mut shown = 0;
    for seed in 0..60 {
        let mut h = Played::<Hand>::deal(holdem_setup(seed), seed_from_u64(seed)).expect("deals");
        call_down(&mut h, |a| matches!(a, holdem::Action::Fold { .. }));
        for s in h.summary().shown {
            let own: Vec<Card> = (h.game.hole_cards(s.seat).into_iter().flatten())
                .chain(h.game.board())
                .collect();
            assert_eq!(s.cards.len(), 5, "seed {seed}: {s:?}");
            assert!(
                s.cards.iter().all(|c| own.contains(c)),
                "seed {seed}: {s:?}"
            );
            assert_eq!(tavolo_cards::evaluate(&s.cards), Ok(s.hand), "seed {seed}");
            shown += 1;
        }
        let mut d = Played::<DrawHand>::deal(draw_setup(seed), seed_from_u64(seed)).expect("deals");
        call_down(&mut d, |a| {
            matches!(a, draw::Action::Fold { .. } | draw::Action::Muck { .. })
        });
        for s in d.summary().shown {
            let hand: Vec<Card> = d.game.hand(s.seat).iter().collect();
            let mut five = s.cards.clone();
            five.sort();
            let mut own = hand.clone();
            own.sort();
            assert_eq!(five, own, "seed {seed}: the hand's five cards");
            assert_eq!(tavolo_cards::evaluate(&s.cards), Ok(s.hand), "seed {seed}");
            shown += 1;
        }
    }
    assert!(shown > 100, "only {shown} hands were shown");
}
