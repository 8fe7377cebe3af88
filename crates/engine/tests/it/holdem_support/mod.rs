//! Helpers shared by the Hold'em tests: stacked deals and random legal play.
#![allow(dead_code)]

use tavolo_cards::{parse_cards, Card, GameRng};
use tavolo_engine::betting::Legal;
use tavolo_engine::holdem::{
    Action, BoardCards, Dealing, Event, Hand, HandSetup, HoldemRules, Structure, ToAct,
};
use tavolo_engine::Chips;

/// A casino setup (RULES.md defaults unless `rules` says otherwise).
pub fn setup(
    stacks: &[Chips],
    button: usize,
    sb: Chips,
    bb: Chips,
    rules: HoldemRules,
) -> HandSetup {
    HandSetup::casino(stacks.to_vec(), button, sb, bb, rules)
}

/// Three seats of 100 chips, blinds 1/2, the button at seat 0 (RULES.md defaults).
pub fn three_of_100() -> HandSetup {
    setup(
        &[Chips::new(100); 3],
        0,
        Chips::new(1),
        Chips::new(2),
        HoldemRules::default(),
    )
}

/// A hand with supplied cards: `holes[i]` goes to seat i ("AsKd").
pub fn stacked(setup: &HandSetup, holes: &[&str]) -> (Hand, Vec<Event>) {
    let (mut h, mut ev) = Hand::new(setup, Dealing::Supplied).expect("valid setup");
    for (seat, s) in holes.iter().enumerate() {
        let c = parse_cards(s).expect("cards");
        ev.extend(
            h.apply(Action::DealHole {
                seat,
                cards: [Some(c[0]), Some(c[1])],
            })
            .expect("deal hole"),
        );
    }
    (h, ev)
}

/// A hand dealt from the seed `seed`.
pub fn seeded(setup: &HandSetup, seed: u64) -> (Hand, Vec<Event>) {
    Hand::new(setup, Dealing::Seeded(GameRng::from_u64(seed))).expect("setup")
}

/// Deals board cards ("AhKhQh", "2c").
pub fn board(h: &mut Hand, cards: &str) -> Vec<Event> {
    let c = parse_cards(cards).expect("cards");
    h.apply(Action::DealBoard {
        cards: BoardCards::new(&c).expect("1-3 cards"),
    })
    .expect("deal board")
}

/// Applies an action that must be legal.
pub fn ok(h: &mut Hand, a: Action) -> Vec<Event> {
    match h.apply(a) {
        Ok(e) => e,
        Err(e) => panic!("{a:?} should be legal: {e}"),
    }
}

/// Applies `actions` in turn, each of them legal; the events of the last.
pub fn oks(h: &mut Hand, actions: impl IntoIterator<Item = Action>) -> Vec<Event> {
    actions.into_iter().fold(Vec::new(), |_, a| ok(h, a))
}

/// The seat to act in a betting round.
pub fn actor(h: &Hand) -> Option<usize> {
    match h.legal_actions() {
        ToAct::Player(l) => Some(l.seat),
        _ => None,
    }
}

/// Shorthands.
pub fn fold(seat: usize) -> Action {
    Action::Fold { seat }
}
/// Check.
pub fn check(seat: usize) -> Action {
    Action::Check { seat }
}
/// Call.
pub fn call(seat: usize) -> Action {
    Action::Call { seat }
}
/// Bet or raise to.
pub fn raise(seat: usize, to: Chips) -> Action {
    Action::BetOrRaiseTo { seat, to }
}

/// Parses one card.
pub fn card(s: &str) -> Card {
    s.parse().expect("card")
}

/// The next betting action of a varied but deterministic line for the seat `l` names (a raise
/// to three times the minimum, an all-in raise, a fold, else a call or a check); `step` is the
/// line's state, advanced by one.
pub fn varied_action(l: &Legal, step: &mut u64) -> Action {
    *step = step
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    match ((*step >> 33) % 6, l.raise, l.call) {
        (0, Some(r), _) => Action::BetOrRaiseTo {
            seat: l.seat,
            to: r.max_to.min(r.min_to.times(3)),
        },
        (1, Some(r), _) => Action::BetOrRaiseTo {
            seat: l.seat,
            to: r.max_to,
        },
        (2, _, Some(_)) if l.fold => Action::Fold { seat: l.seat },
        (_, _, Some(_)) => Action::Call { seat: l.seat },
        _ => Action::Check { seat: l.seat },
    }
}

/// A random legal action for whoever is to act (betting only; seeded hands deal themselves).
pub fn random_action(h: &Hand, rng: &mut GameRng) -> Option<Action> {
    match h.legal_actions() {
        ToAct::Player(l) => {
            let mut choices: [Option<Action>; 4] = [None; 4];
            let mut k = 0;
            // Fold rarely when a check is free.
            if !l.check || rng.below(8) == 0 {
                choices[k] = Some(Action::Fold { seat: l.seat });
                k += 1;
            }
            if l.check {
                choices[k] = Some(Action::Check { seat: l.seat });
                k += 1;
            }
            if l.call.is_some() {
                choices[k] = Some(Action::Call { seat: l.seat });
                k += 1;
            }
            if let Some(r) = l.raise {
                let span = r.max_to - r.min_to;
                let to = match rng.below(4) {
                    0 => r.min_to,
                    1 => r.max_to,
                    _ => r.min_to + Chips::new(rng.next_u64() % (span.get() + 1)),
                };
                choices[k] = Some(Action::BetOrRaiseTo { seat: l.seat, to });
                k += 1;
            }
            choices[rng.below(k as u32) as usize]
        }
        ToAct::Showdown { next, .. } => Some(Action::Show {
            seat: next,
            cards: None,
        }),
        _ => None,
    }
}

/// Random stacks for `n` players: some short, some deep, so all-ins and side pots are common.
pub fn random_stacks(n: usize, bb: Chips, rng: &mut GameRng) -> Vec<Chips> {
    (0..n)
        .map(|_| match rng.below(3) {
            0 => Chips::new(1 + u64::from(rng.below(3 * bb.get() as u32))),
            1 => bb.times(5 + u64::from(rng.below(30))),
            _ => bb.times(50 + u64::from(rng.below(200))),
        })
        .collect()
}

/// A random ruleset: structure and options.
pub fn random_rules(rng: &mut GameRng) -> HoldemRules {
    let structure = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ][rng.below(3) as usize];
    let mut r = if rng.below(3) == 0 {
        HoldemRules::pokerkit(structure, tavolo_engine::holdem::Antes::Live)
    } else {
        HoldemRules::casino(structure)
    };
    if rng.below(2) == 0 {
        r.odd_chips = tavolo_engine::holdem::OddChips::StayInPot;
    }
    if rng.below(2) == 0 {
        r.antes = tavolo_engine::holdem::Antes::Dead;
    }
    r
}
