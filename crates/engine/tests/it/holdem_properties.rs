//! Property tests over thousands of random hands (RULES.md §2 Pots: chips are never created or
//! lost; §4: illegal actions are rejected with the state unchanged, every game is replayable,
//! views hold only what a seat may see).

use crate::holdem_support::*;
use proptest::prelude::*;
use tavolo_cards::{CardSet, GameRng};
use tavolo_engine::holdem::{Action, Dealing, Event, Hand, HandSetup, ToAct};
use tavolo_engine::Chips;

fn random_setup(rng: &mut GameRng) -> HandSetup {
    let n = 2 + rng.below(9) as usize;
    let bb = Chips::new(2 * (1 + u64::from(rng.below(50))));
    let stacks = random_stacks(n, bb, rng);
    let mut s = setup(
        &stacks,
        rng.below(n as u32) as usize,
        bb.half(),
        bb,
        random_rules(rng),
    );
    if rng.below(3) == 0 {
        let ante = Chips::new(1 + u64::from(rng.below(bb.get() as u32)));
        s.antes = vec![ante; n];
    }
    if rng.below(4) == 0 && n > 3 {
        s.blinds[(s.button + 3) % n] = bb.times(2); // a straddle
    }
    s
}

/// A random action that may well be illegal.
fn wild_action(h: &Hand, rng: &mut GameRng) -> Action {
    let seat = rng.below(h.seats() as u32 + 1) as usize;
    let to = Chips::from(rng.below(1000));
    let card = tavolo_cards::Card::from_index(rng.below(52) as u8).expect("0..52");
    match rng.below(9) {
        7 => Action::DealHole {
            seat: seat + rng.below(20) as usize,
            cards: [Some(card), None],
        },
        8 => Action::DealBoard {
            cards: tavolo_engine::holdem::BoardCards::new(&[card]).expect("one card"),
        },
        0 => Action::Fold { seat },
        1 => Action::Check { seat },
        2 => Action::Call { seat },
        3 => Action::BetOrRaiseTo { seat, to },
        4 => Action::Show { seat, cards: None },
        5 => Action::Muck { seat },
        _ => Action::BetOrRaiseTo {
            seat,
            to: h.bet(seat.min(h.seats() - 1)) + Chips::new(to.get() % 7),
        },
    }
}

fn play(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = GameRng::from_u64(seed);
    let setup = random_setup(&mut rng);
    let deck_rng = GameRng::from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let (mut h, mut log) = Hand::new(&setup, Dealing::Seeded(deck_rng)).expect("valid setup");
    let n = h.seats();
    let total: Chips = setup.stacks.iter().sum();
    let mut steps = 0;
    while !h.is_over() {
        steps += 1;
        prop_assert!(steps < 500, "hand does not end");
        // Chips conserved after every step.
        prop_assert_eq!(h.stacks().iter().sum::<Chips>() + h.pot_total(), total);
        // Views never show another seat's cards before the showdown.
        for s in 0..n {
            let v = h.view(Some(s));
            for (t, cards) in v.hole.iter().enumerate() {
                if t != s && !h.shown().contains(t) {
                    prop_assert_eq!(*cards, [None, None]);
                }
            }
        }
        // Illegal actions leave the state unchanged.
        for _ in 0..3 {
            let a = wild_action(&h, &mut rng);
            let before = h.clone();
            if h.apply(a).is_err() {
                prop_assert!(h == before, "{:?} failed but changed the state", a);
            } else {
                // A legal wild action: keep it (re-run from the copy to record its events).
                h = before;
                let e = h.apply(a).expect("was legal");
                log.extend(e);
                break;
            }
        }
        if h.is_over() {
            break;
        }
        // A legal action always exists for the actor.
        let a = random_action(&h, &mut rng);
        prop_assert!(a.is_some(), "no legal action in {:?}", h.legal_actions());
        let a = a.expect("checked");
        match h.apply(a) {
            Ok(e) => log.extend(e),
            Err(e) => return Err(TestCaseError::fail(format!("legal action refused: {e}"))),
        }
    }
    prop_assert_eq!(h.legal_actions(), ToAct::Nobody);
    prop_assert_eq!(h.stacks().iter().sum::<Chips>() + h.carried(), total);
    // Every card unique: hole cards and board of every seat.
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for s in 0..n {
        for c in h.hole_cards(s).into_iter().flatten() {
            seen.insert(c);
            count += 1;
        }
    }
    for c in h.board() {
        seen.insert(c);
        count += 1;
    }
    prop_assert_eq!(seen.len(), count);
    // The event log rebuilds the same final state.
    let r = Hand::replay(&setup, &log);
    prop_assert!(r.is_ok(), "replay failed: {:?}", r.err());
    prop_assert!(r.expect("checked").same_state(&h), "replay differs");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>()) {
        play(seed)?;
    }
}

#[test]
fn hidden_hole_cards_in_event_views() {
    let mut rng = GameRng::from_u64(5);
    let s = three_of_100();
    let (_, ev) = Hand::new(&s, Dealing::Seeded(rng.clone())).expect("setup");
    let _ = rng.below(2);
    for e in ev {
        if let Event::HoleDealt { seat, card } = e.seen_by(Some(1)) {
            assert_eq!(card.is_some(), seat == 1);
        }
    }
}

/// Plays `h` to the end with random legal actions and `twin` with the same ones, checking that
/// they stay equal and answer alike after every action.
fn play_twins(h: &mut Hand, twin: &mut Hand, rng: &mut GameRng) -> Result<(), TestCaseError> {
    let mut steps = 0;
    while !h.is_over() {
        steps += 1;
        prop_assert!(steps < 500, "hand does not end");
        let a = random_action(h, rng);
        prop_assert!(a.is_some(), "no legal action in {:?}", h.legal_actions());
        let a = a.expect("checked");
        prop_assert_eq!(h.apply(a), twin.apply(a));
        prop_assert!(*h == *twin, "the twins differ after {:?}", a);
    }
    prop_assert!(twin.is_over());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// A table's next deal in place (`Hand::deal_next_into`) is the hand a new deal
    /// (`Hand::new`) would be with the generator the last hand stopped with, whatever the last
    /// hand was and whatever the next setup is (seats, stacks, blinds, antes, structure), and
    /// it plays on the same: nothing of the last hand is left over.
    #[test]
    fn the_next_hand_dealt_in_place_is_a_new_deal_from_the_same_generator(seed in any::<u64>()) {
        let mut rng = GameRng::from_u64(seed);
        let first = random_setup(&mut rng);
        let deck = Dealing::Seeded(GameRng::from_u64(seed ^ 0x5eed));
        let (mut h, _) = Hand::new(&first, deck).expect("valid setup");
        let mut twin = h.clone();
        play_twins(&mut h, &mut twin, &mut rng)?;
        for _ in 0..3 {
            let next = random_setup(&mut rng);
            let generator = h.clone().take_rng().expect("a seeded hand has its generator");
            let (mut fresh, fresh_events) =
                Hand::new(&next, Dealing::Seeded(generator)).expect("valid setup");
            let mut events = vec![];
            h.deal_next_into(&next, &mut events).expect("seeded, valid setup");
            prop_assert_eq!(&events, &fresh_events);
            prop_assert!(h == fresh, "dealt in place: {:?}\nnew: {:?}", h, fresh);
            play_twins(&mut h, &mut fresh, &mut rng)?;
        }
    }
}

#[test]
fn a_hand_of_supplied_cards_or_a_bad_setup_cannot_deal_the_next_hand_in_place() {
    let s = three_of_100();
    let (mut supplied, _) = Hand::new(&s, Dealing::Supplied).expect("valid setup");
    let before = supplied.clone();
    let mut events = vec![];
    assert_eq!(
        supplied.deal_next_into(&s, &mut events),
        Err(tavolo_engine::holdem::SetupError::NotSeeded)
    );
    assert!(supplied == before && events.is_empty());
    let (mut seeded_hand, _) = seeded(&s, 9);
    let before = seeded_hand.clone();
    let bad = setup(
        &[Chips::new(100), Chips::ZERO, Chips::new(100)],
        0,
        Chips::new(1),
        Chips::new(2),
        Default::default(),
    );
    assert!(seeded_hand.deal_next_into(&bad, &mut events).is_err());
    assert!(seeded_hand == before && events.is_empty());
}
