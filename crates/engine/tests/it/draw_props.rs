//! Property tests for Five-Card Draw over thousands of random hands (2–8 players, random stacks
//! so that all-ins and side pots happen, random options, random and illegal actions, folds out
//! of turn): chips conserved counting the carried pot, all 52 cards accounted for in every state
//! (reshuffles included), a legal action always exists until the end, every refused action
//! leaves the state unchanged, the event log replays to the same state, no view leaks.

use proptest::prelude::*;
use tavolo_cards::{Card, CardSet, GameRng, TieBreak};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::draw::{
    next_dealer, Action, Dealing, DrawHand, DrawRules, DrawSetup, Event, OddChips, StackedDeal,
    ToAct,
};
use tavolo_engine::Chips;

/// A small deterministic generator for the players' choices (the deck uses `GameRng`).
struct Choices(u64, bool);

impl Choices {
    fn new(seed: u64) -> Choices {
        Choices(seed, false)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A random action, often illegal: any seat, any kind, any amount, any cards.
fn wild_action(c: &mut Choices, n: usize) -> Action {
    let seat = c.below(n as u64 + 1) as usize;
    match c.below(7) {
        0 => Action::Fold { seat },
        1 => Action::Check { seat },
        2 => Action::Call { seat },
        3 => Action::BetOrRaiseTo {
            seat,
            to: Chips::new(c.below(400)),
        },
        4 => {
            let mut discard = CardSet::EMPTY;
            for _ in 0..c.below(5) {
                discard.insert(Card::from_index(c.below(52) as u8).expect("index < 52"));
            }
            Action::Exchange { seat, discard }
        }
        5 => Action::Show { seat },
        _ => Action::Muck { seat },
    }
}

/// A random legal action for the hand's current state.
fn legal_action(h: &DrawHand, c: &mut Choices) -> Action {
    let n = h.seats();
    if c.chance(4) {
        let live: Vec<usize> = (0..n).filter(|&s| h.may_fold(s)).collect();
        if !live.is_empty() {
            return Action::Fold {
                seat: live[c.below(live.len() as u64) as usize],
            };
        }
    }
    match h.legal_actions() {
        ToAct::Bet(l) => {
            let seat = l.seat;
            let mut options = vec![Action::Fold { seat }];
            if l.check {
                options.push(Action::Check { seat });
                options.push(Action::Check { seat });
            }
            if l.call.is_some() {
                options.extend([Action::Call { seat }; 3]);
            }
            if let Some(r) = l.raise {
                let to = if c.chance(20) {
                    r.max_to
                } else {
                    r.min_to + Chips::new(c.below((r.max_to - r.min_to).get().min(60) + 1))
                };
                options.extend([Action::BetOrRaiseTo { seat, to }; 2]);
            }
            options[c.below(options.len() as u64) as usize]
        }
        ToAct::Exchange { seat, hand, max } => {
            let k = if c.1 {
                0
            } else {
                c.below(u64::from(max) + 1) as usize
            };
            let cards: Vec<Card> = hand.iter().collect();
            let mut discard = CardSet::EMPTY;
            while (discard.len() as usize) < k {
                discard.insert(cards[c.below(5) as usize]);
            }
            Action::Exchange { seat, discard }
        }
        ToAct::Showdown { seat, may_muck } => {
            if may_muck && !c.1 && c.chance(50) {
                Action::Muck { seat }
            } else {
                Action::Show { seat }
            }
        }
        ToAct::Nobody => unreachable!("asked for an action after the end"),
    }
}

fn check_views(h: &DrawHand, events: &[Event]) {
    let n = h.seats();
    for viewer in (0..n).map(Some).chain([None]) {
        let v = h.view(viewer);
        let mine = viewer.map_or(CardSet::EMPTY, |s| {
            h.hand(s) | h.discarded(s) | h.drawn(s).set()
        });
        let mut seen = CardSet::EMPTY;
        seen |= v.hand.iter().copied().collect::<CardSet>();
        seen |= v.discarded.iter().copied().collect::<CardSet>();
        seen |= v.drawn.iter().copied().collect::<CardSet>();
        let mut public = CardSet::EMPTY;
        for (s, shown) in v.shown.iter().enumerate() {
            if let Some(cards) = shown {
                let cards: CardSet = cards.iter().copied().collect();
                assert!(h.shown().contains(s));
                assert_eq!(cards, h.hand(s));
                public |= cards;
            }
        }
        assert!(
            (seen - mine).is_empty(),
            "view of {viewer:?} leaks {}",
            seen - mine
        );
        assert!(!seen.contains(h.zones().bottom) || mine.contains(h.zones().bottom));
        for e in events {
            match e.seen_by(viewer) {
                Event::Dealt {
                    seat,
                    cards: Some(_),
                } => assert_eq!(Some(seat), viewer),
                Event::Exchanged {
                    seat,
                    discarded,
                    drawn,
                    ..
                } if Some(seat) != viewer => {
                    assert!(discarded.is_none() && drawn.is_none())
                }
                Event::BottomCard { card } => assert!(card.is_none()),
                _ => {}
            }
        }
    }
}

/// Plays one hand to the end with every check; returns it and its log.
fn play(setup: &DrawSetup, rng: GameRng, c: &mut Choices, deep: bool) -> (DrawHand, Vec<Event>) {
    let dealing = if c.1 {
        tied_deal(setup.seats(), rng)
    } else {
        Dealing::Seeded(rng)
    };
    let (mut h, mut log) = DrawHand::new(setup, dealing).expect("valid setup");
    let total = h.chips_total();
    let mut steps = 0;
    while !h.is_over() {
        steps += 1;
        assert!(steps < 500, "the hand does not end");
        assert!(
            h.zones().complete(),
            "cards lost or duplicated: {:?}",
            h.zones()
        );
        assert_eq!(h.stacks().iter().sum::<Chips>() + h.pot_total(), total);
        assert_ne!(
            h.legal_actions(),
            ToAct::Nobody,
            "no legal action before the end"
        );
        if deep {
            for _ in 0..3 {
                let a = wild_action(c, h.seats());
                let before = h.clone();
                match h.apply(a) {
                    Err(_) => assert!(h.same_state(&before), "refused {a:?} changed the state"),
                    Ok(ev) => log.extend(ev),
                }
                if h.is_over() {
                    break;
                }
            }
            if h.is_over() {
                break;
            }
        }
        let a = legal_action(&h, c);
        match h.apply(a) {
            Ok(ev) => log.extend(ev),
            Err(e) => panic!("legal action {a:?} refused: {e}"),
        }
        if deep {
            check_views(&h, &log);
        }
    }
    assert!(h.zones().complete());
    assert_eq!(
        h.stacks().iter().sum::<Chips>() + h.carried(),
        total,
        "chips not conserved"
    );
    assert_eq!(h.legal_actions(), ToAct::Nobody);
    let replayed = DrawHand::replay(setup, &log).expect("the log replays");
    assert!(replayed.same_state(&h), "replay differs");
    (h, log)
}

/// Seats 0 and 1 hold hands that tie under the German rules (KK-A-9-4, KK-A-8-3); the rest is
/// random. At most four seats, so the deck never runs out.
fn tied_deal(n: usize, mut rng: GameRng) -> Dealing {
    let five = |s: &str| -> [Card; 5] {
        let v = tavolo_cards::parse_cards(s).expect("cards");
        [v[0], v[1], v[2], v[3], v[4]]
    };
    let mut hands = vec![five("Ks Kh Ad 9c 4s"), five("Kd Kc Ah 8c 3s")];
    let used: CardSet = hands.iter().flatten().copied().collect();
    let mut rest: Vec<Card> = (CardSet::FULL - used).iter().collect();
    rng.shuffle(&mut rest);
    for k in 2..n {
        hands.push([
            rest[5 * k - 10],
            rest[5 * k - 9],
            rest[5 * k - 8],
            rest[5 * k - 7],
            rest[5 * k - 6],
        ]);
    }
    let from = 5 * n - 10;
    Dealing::Stacked(StackedDeal {
        hands,
        bottom: rest[from],
        draws: rest[from + 1..].to_vec(),
    })
}

fn random_setup(c: &mut Choices) -> (DrawSetup, u64) {
    c.1 = c.chance(15);
    let n = if c.1 {
        2 + c.below(3) as usize
    } else {
        2 + c.below(7) as usize
    };
    let ante = 1 + c.below(10);
    let stacks: Vec<Chips> = (0..n)
        .map(|_| match c.below(4) {
            0 => 1 + c.below(3 * ante),
            1 => ante + c.below(20 * ante),
            _ => 50 + c.below(400),
        })
        .map(Chips::new)
        .collect();
    let rules = DrawRules {
        allow_check: c.chance(25),
        tie_break: if c.chance(80) {
            TieBreak::German
        } else {
            TieBreak::Standard
        },
        odd_chips: if c.chance(80) {
            OddChips::StayInPot
        } else {
            OddChips::OneEachFromLeftOfButton
        },
        ..DrawRules::default()
    };
    let mut setup = DrawSetup::new(stacks, c.below(n as u64) as usize, Chips::new(ante));
    setup.rules = rules;
    (setup, c.next())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// One hand with illegal actions tried at every step, views and replay checked.
    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>()) {
        let mut c = Choices::new(seed);
        let (mut setup, deck_seed) = random_setup(&mut c);
        setup.carried_in = Chips::new(c.below(3));
        play(&setup, GameRng::from_u64(deck_seed), &mut c, true);
    }

    /// Sessions of several hands: the dealer rotates, busted players leave, the carried pot goes
    /// from hand to hand, and the chips at the table never change.
    #[test]
    fn sessions_conserve_chips_with_the_carried_pot(seed in any::<u64>()) {
        let mut c = Choices::new(seed);
        let (mut setup, deck_seed) = random_setup(&mut c);
        let table_total: Chips = setup.stacks.iter().sum();
        let mut rng = GameRng::from_u64(deck_seed);
        for _ in 0..6 {
            let (h, _) = play(&setup, rng.clone(), &mut c, false);
            rng.next_u64();
            let stacks = h.stacks().to_vec();
            prop_assert_eq!(stacks.iter().sum::<Chips>() + h.carried(), table_total);
            let Some(dealer) = next_dealer(setup.dealer, &stacks) else { break };
            // Players without chips leave; the dealer keeps its place among those left.
            let kept: Vec<usize> = (0..stacks.len()).filter(|&s| stacks[s] > 0).collect();
            if kept.len() < 2 {
                break;
            }
            setup.dealer = kept.iter().position(|&s| s == dealer).unwrap_or(0);
            setup.stacks = kept.iter().map(|&s| stacks[s]).collect();
            setup.carried_in = h.carried();
        }
    }
}

/// The random hands above do reach the interesting cases (so the properties mean something).
#[test]
fn random_hands_cover_the_rules() {
    let (mut showdowns, mut reshuffles, mut carried, mut mucks, mut out_of_turn, mut side_pots) =
        (0, 0, 0, 0, 0, 0);
    let hands = 1500;
    for seed in 0..hands {
        let mut c = Choices::new(seed);
        let (setup, deck_seed) = random_setup(&mut c);
        let (h, log) = play(&setup, GameRng::from_u64(deck_seed), &mut c, false);
        showdowns += usize::from(h.shown().len() >= 2);
        reshuffles += usize::from(h.reshuffles() > 0);
        carried += usize::from(h.carried() > 0);
        mucks += usize::from(
            log.iter()
                .any(|e| matches!(e, Event::Bet(BetEvent::Mucked { .. }))),
        );
        out_of_turn += usize::from(log.iter().any(|e| {
            matches!(
                e,
                Event::Bet(BetEvent::Folded {
                    out_of_turn: true,
                    ..
                })
            )
        }));
        side_pots += usize::from(
            log.iter()
                .any(|e| matches!(e, Event::Bet(BetEvent::PotWon { pot: 1, .. }))),
        );
    }
    let counts = [
        showdowns,
        reshuffles,
        carried,
        mucks,
        out_of_turn,
        side_pots,
    ];
    eprintln!("of {hands} hands: showdowns, reshuffles, carried, mucks, out-of-turn folds, side pots = {counts:?}");
    assert!(counts.iter().all(|&k| k >= 5), "{counts:?}");
}
