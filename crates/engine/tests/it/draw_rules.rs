//! Scenario tests for Five-Card Draw by the German rules, one per rule of RULES.md §3 and per
//! German tie-break of §0.

use tavolo_cards::{parse_cards, Card, CardSet, GameRng, Hand, TieBreak};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::betting::{BetError, Refused};
use tavolo_engine::draw::{
    next_dealer, Action, Dealing, DrawError, DrawHand, DrawRules, DrawSetup, Event, Round,
    StackedDeal, Stage, ToAct,
};
use tavolo_engine::Chips;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).expect("test cards")
}

fn set(s: &str) -> CardSet {
    cards(s).into_iter().collect()
}

fn five(s: &str) -> [Card; 5] {
    let v = cards(s);
    [v[0], v[1], v[2], v[3], v[4]]
}

fn deal(hands: &[&str], draws: &str, bottom: &str) -> Dealing {
    Dealing::Stacked(StackedDeal {
        hands: hands.iter().map(|h| five(h)).collect(),
        draws: cards(draws),
        bottom: cards(bottom)[0],
    })
}

fn start(stacks: &[u64], dealer: usize, ante: u64, dealing: Dealing) -> (DrawHand, Vec<Event>) {
    let stacks = stacks.iter().map(|&s| Chips::new(s)).collect();
    let setup = DrawSetup::new(stacks, dealer, Chips::new(ante));
    DrawHand::new(&setup, dealing).expect("valid setup")
}

/// A hand dealt from the seed `seed`, ante 10.
fn seeded(stacks: &[u64], dealer: usize, seed: u64) -> (DrawHand, Vec<Event>) {
    start(stacks, dealer, 10, Dealing::Seeded(GameRng::from_u64(seed)))
}

fn act(h: &mut DrawHand, a: Action) -> Vec<Event> {
    match h.apply(a) {
        Ok(ev) => ev,
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

fn bet(seat: usize, to: u64) -> Action {
    Action::BetOrRaiseTo {
        seat,
        to: Chips::new(to),
    }
}
fn call(seat: usize) -> Action {
    Action::Call { seat }
}
fn fold(seat: usize) -> Action {
    Action::Fold { seat }
}
fn keep(seat: usize) -> Action {
    Action::Exchange {
        seat,
        discard: CardSet::EMPTY,
    }
}
fn show(seat: usize) -> Action {
    Action::Show { seat }
}
fn exchange(seat: usize, discard: &str) -> Action {
    Action::Exchange {
        seat,
        discard: set(discard),
    }
}

/// `opener` bets `to` and every other one of the `players` seats calls, clockwise.
fn open_and_call_around(h: &mut DrawHand, opener: usize, to: u64, players: usize) {
    act(h, bet(opener, to));
    for k in 1..players {
        act(h, call((opener + k) % players));
    }
}

/// Dealer 0: the cutter (seat 1) opens to `to`, the other `players` seats call, and everybody
/// keeps their cards: on to the second betting round.
fn called_and_kept(h: &mut DrawHand, to: u64, players: usize) {
    open_and_call_around(h, 1, to, players);
    for k in 1..=players {
        act(h, keep(k % players));
    }
}

/// Heads-up, dealer 0 (cutter 1): open the ante, call, both keep their cards, bet, call.
fn heads_up_to_showdown(h: &mut DrawHand, ante: u64) {
    called_and_kept(h, ante, 2);
    act(h, bet(1, ante));
    act(h, call(0));
}

/// Heads-up with `rules`, `hands` stacked (dealer 0, ante 10, stacks of 100, no draws), played
/// to the showdown as [`heads_up_to_showdown`].
fn heads_up_at_showdown(rules: DrawRules, hands: [&str; 2], bottom: &str) -> DrawHand {
    let mut setup = DrawSetup::new(vec![Chips::new(100), Chips::new(100)], 0, Chips::new(10));
    setup.rules = rules;
    let (mut h, _) = DrawHand::new(&setup, deal(&hands, "", bottom)).expect("valid setup");
    heads_up_to_showdown(&mut h, 10);
    h
}

/// As [`heads_up_at_showdown`] with the German rules, and both show, the cutter first.
fn heads_up_shown(hands: [&str; 2], bottom: &str) -> DrawHand {
    let mut h = heads_up_at_showdown(DrawRules::default(), hands, bottom);
    act(&mut h, show(1));
    act(&mut h, show(0));
    h
}

/// Heads-up, dealer 0, ante 10, stacks of 100: KK-A-9-4 for seat 0, KK-A-8-3 for the cutter
/// (seat 1), `draws` to draw from and 2c at the bottom.
fn kings(draws: &str) -> (DrawHand, Vec<Event>) {
    let hands = ["Ks Kh Ad 9c 4s", "Kd Kc Ah 8c 3s"];
    start(&[100, 100], 0, 10, deal(&hands, draws, "2c"))
}

/// [`kings`], opened to 10 by the cutter and called: the cutter is to exchange.
fn kings_at_the_exchange(draws: &str) -> DrawHand {
    let (mut h, _) = kings(draws);
    open_and_call_around(&mut h, 1, 10, 2);
    h
}

/// Applies `actions` in turn; the events of the last.
fn acts(h: &mut DrawHand, actions: impl IntoIterator<Item = Action>) -> Vec<Event> {
    actions.into_iter().fold(Vec::new(), |_, a| act(h, a))
}

/// Asserts that `e` is the betting rules' refusal for `reason`.
fn assert_bet_refusal(e: &DrawError, reason: BetError) {
    assert!(
        matches!(e, DrawError::Turn(Refused::Betting { reason: r, .. }) if *r == reason),
        "{e}"
    );
}

fn refused(h: &mut DrawHand, a: Action) -> DrawError {
    let before = h.clone();
    let e = h.apply(a).expect_err("must be refused");
    assert!(h.same_state(&before), "a refused action changed the hand");
    e
}

#[test]
fn pair_ties_ignore_fourth_and_fifth_card() {
    let h = heads_up_shown(["Ks Kh Ad 9c 4s", "Kd Kc Ah 8c 3s"], "2c");
    assert!(h.is_over());
    assert_eq!(
        h.winnings(),
        &[30, 30],
        "KK-A-9-4 ties KK-A-8-3: only the highest kicker counts"
    );
    assert_eq!(h.stacks(), &[100, 100]);
}

#[test]
fn standard_tie_break_option_counts_every_kicker() {
    let rules = DrawRules {
        tie_break: TieBreak::Standard,
        ..DrawRules::default()
    };
    let mut h = heads_up_at_showdown(rules, ["Ks Kh Ad 9c 4s", "Kd Kc Ah 8c 3s"], "2c");
    act(&mut h, show(1));
    act(&mut h, show(0));
    assert_eq!(h.winnings(), &[60, 0]);
}

#[test]
fn full_house_compares_only_the_three() {
    // One deck cannot hold two full houses with equal threes, so the rule is checked on the
    // values the engine compares, and in play: higher three wins whatever the pairs.
    let a = Hand::from_cards(&cards("Ks Kh Kd 2c 2s")).evaluate();
    let b = Hand::from_cards(&cards("Ks Kh Kc Ac As")).evaluate();
    assert_eq!(TieBreak::German.compare(a, b), std::cmp::Ordering::Equal);
    assert!(TieBreak::Standard.compare(a, b).is_lt());
    let h = heads_up_shown(["Ks Kh Kd 2c 2s", "Qd Qc Qh Ac As"], "4c");
    assert_eq!(h.winnings(), &[60, 0]);
}

/// Showdowns by the German rules, a test each: `name: [seat 0's hand, seat 1's hand] => the
/// winnings,` deals the two hands heads-up (4c at the bottom), plays them to the showdown as
/// [`heads_up_shown`] and checks the winnings.
macro_rules! showdowns {
    ($($name:ident: $hands:expr => $winnings:expr,)*) => {$(
        #[test]
        fn $name() {
            let h = heads_up_shown($hands, "4c");
            assert_eq!(h.winnings(), &$winnings);
        }
    )*};
}

showdowns! {
    pair_ties_are_broken_by_the_highest_kicker: ["Ks Kh Ad 3c 2s", "Kd Kc Qh Jc 9s"] => [60, 0],
    two_pair_then_lower_pair_then_fifth_card: ["Qs Qh 7d 7c As", "Qd Qc 7h 7s Ks"] => [60, 0],
    flush_and_high_card_compare_all_five: ["As Ks 9s 5s 3s", "Ah Kh 9h 5h 2h"] => [60, 0],
    straight_ties_on_the_highest_card_and_split: ["9s 8h 7d 6c 5s", "9d 8c 7h 6s 5h"] => [30, 30],
}

#[test]
fn every_player_posts_the_ante() {
    let (h, ev) = seeded(&[100, 100, 5], 0, 1);
    let antes: Vec<(usize, Chips)> = ev
        .iter()
        .filter_map(|e| match *e {
            Event::Bet(BetEvent::AntePosted { seat, amount }) => Some((seat, amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        antes,
        [(1, 10), (2, 5), (0, 10)].map(|(s, a)| (s, Chips::new(a))),
        "from the cutter; a short stack posts all it has"
    );
    assert_eq!(h.pot_total(), 25);
}

#[test]
fn cutter_left_of_dealer_acts_first() {
    let (h, _) = seeded(&[100; 4], 2, 2);
    assert_eq!(h.cutter(), 3);
    match h.legal_actions() {
        ToAct::Bet(l) => assert_eq!(l.seat, 3),
        other => panic!("{other:?}"),
    }
}

#[test]
fn opening_requires_a_bet_no_check() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 3);
    let ToAct::Bet(l) = h.legal_actions() else {
        panic!()
    };
    assert!(!l.check && l.call.is_none() && l.fold);
    assert_eq!(
        l.raise.map(|r| (r.min_to, r.max_to)),
        Some((Chips::new(10), Chips::new(90)))
    );
    let e = refused(&mut h, Action::Check { seat: 1 });
    assert_bet_refusal(&e, BetError::CheckBeforeOpening);
    let e = refused(&mut h, bet(1, 9));
    assert_bet_refusal(
        &e,
        BetError::RaiseTooSmall {
            min: Chips::new(10),
            got: Chips::new(9),
        },
    );
    act(&mut h, bet(1, 10));
}

#[test]
fn second_round_also_opens_with_a_bet() {
    let (mut h, _) = seeded(&[100, 100], 0, 4);
    act(&mut h, bet(1, 10));
    act(&mut h, call(0));
    act(&mut h, keep(1));
    act(&mut h, keep(0));
    assert_eq!(h.stage(), Stage::SecondBetting);
    let e = refused(&mut h, Action::Check { seat: 1 });
    assert_bet_refusal(&e, BetError::CheckBeforeOpening);
}

#[test]
fn checks_allowed_by_option() {
    let mut setup = DrawSetup::new(
        vec![Chips::new(100), Chips::new(100), Chips::new(100)],
        0,
        Chips::new(10),
    );
    setup.rules = DrawRules {
        allow_check: true,
        ..DrawRules::default()
    };
    let (mut h, _) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(5))).unwrap();
    for s in [1, 2, 0] {
        act(&mut h, Action::Check { seat: s });
    }
    assert_eq!(
        h.stage(),
        Stage::Exchange,
        "everybody checked: on to the exchange"
    );
}

#[test]
fn nobody_opens_last_player_takes_the_antes() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 6);
    act(&mut h, fold(1));
    let ev = act(&mut h, fold(2));
    assert!(h.is_over());
    assert!(!ev.iter().any(|e| matches!(e, Event::Shown { .. })));
    assert_eq!(h.stacks(), &[120, 90, 90]);
    assert_eq!(h.carried(), 0);
}

#[test]
fn raise_is_the_call_plus_at_least_the_minimum() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 7);
    act(&mut h, bet(1, 30));
    let e = refused(&mut h, bet(2, 39));
    assert_bet_refusal(
        &e,
        BetError::RaiseTooSmall {
            min: Chips::new(40),
            got: Chips::new(39),
        },
    );
    act(&mut h, bet(2, 40));
    let ToAct::Bet(l) = h.legal_actions() else {
        panic!()
    };
    assert_eq!(l.call, Some(Chips::new(40)));
    assert_eq!(
        l.raise.map(|r| (r.min_to, r.max_to)),
        Some((Chips::new(50), Chips::new(90))),
        "no limit: capped by the stack only"
    );
}

#[test]
fn whoever_bet_less_makes_up_the_difference() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 8);
    act(&mut h, bet(1, 10));
    act(&mut h, bet(2, 30));
    act(&mut h, call(0));
    let ev = act(&mut h, call(1));
    assert!(ev.contains(&Event::Bet(BetEvent::Called {
        seat: 1,
        amount: Chips::new(20),
        all_in: false
    })));
    assert!(ev.contains(&Event::RoundEnded {
        round: Round::First
    }));
    assert_eq!(h.stage(), Stage::Exchange);
}

#[test]
fn fold_out_of_turn_is_binding() {
    let (mut h, _) = seeded(&[100; 4], 0, 9);
    assert!(h.may_fold(3));
    let ev = act(&mut h, fold(3));
    assert_eq!(
        ev,
        vec![Event::Bet(BetEvent::Folded {
            seat: 3,
            out_of_turn: true
        })]
    );
    let e = refused(&mut h, call(3));
    assert!(matches!(e, DrawError::NotInHand { seat: 3, .. }), "{e}");
    act(&mut h, bet(1, 10));
    act(&mut h, call(2));
    act(&mut h, call(0));
    assert_eq!(h.stage(), Stage::Exchange);
    for s in [1, 2, 0] {
        assert_eq!(
            h.legal_actions(),
            ToAct::Exchange {
                seat: s,
                hand: h.hand(s),
                max: 3
            }
        );
        act(&mut h, keep(s));
    }
    assert_eq!(
        h.exchange_counts()[3],
        None,
        "the folded player is not served"
    );
}

#[test]
fn fold_out_of_turn_during_the_exchange() {
    let (mut h, _) = seeded(&[100; 3], 0, 10);
    act(&mut h, bet(1, 10));
    act(&mut h, call(2));
    act(&mut h, call(0));
    act(&mut h, fold(0));
    act(&mut h, keep(1));
    act(&mut h, keep(2));
    assert_eq!(h.stage(), Stage::SecondBetting);
}

#[test]
fn when_one_player_is_left_the_pot_is_taken_at_once_without_showing() {
    let (mut h, _) = seeded(&[100; 3], 0, 11);
    act(&mut h, bet(1, 20));
    act(&mut h, fold(0)); // out of turn
    let ev = act(&mut h, fold(2));
    assert!(h.is_over());
    assert!(ev.contains(&Event::Bet(BetEvent::UncalledReturned {
        seat: 1,
        amount: Chips::new(20)
    })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Shown { .. })));
    assert_eq!(h.stacks(), &[90, 120, 90]);
    let e = refused(&mut h, fold(1));
    assert!(
        matches!(
            e,
            DrawError::Turn(Refused::NotNow {
                legal: ToAct::Nobody,
                ..
            })
        ),
        "{e}"
    );
}

#[test]
fn exchange_goes_from_cutter_to_dealer() {
    let (mut h, _) = seeded(&[100; 4], 2, 12);
    act(&mut h, bet(3, 10));
    for s in [0, 1, 2] {
        act(&mut h, call(s));
    }
    for s in [3, 0, 1, 2] {
        let wrong = (s + 1) % 4;
        let e = refused(&mut h, keep(wrong));
        assert!(
            matches!(e, DrawError::Turn(Refused::NotNow { legal: ToAct::Exchange { seat, .. }, .. }) if seat == s),
            "{e}"
        );
        let discard: CardSet = h.hand(s).iter().take(s % 4).collect();
        let ev = act(&mut h, Action::Exchange { seat: s, discard });
        assert!(ev.iter().any(|e| matches!(*e, Event::Exchanged { seat, count, .. } if seat == s && count as usize == s % 4)));
    }
    assert_eq!(h.exchange_counts(), &[Some(0), Some(1), Some(2), Some(3)]);
}

#[test]
fn at_most_three_of_ones_own_cards() {
    let mut h = kings_at_the_exchange("2h 2d 2s 3c");
    let e = refused(&mut h, exchange(1, "Kd Kc Ah 8c"));
    assert!(
        matches!(e, DrawError::TooManyDiscards { count: 4, .. }),
        "{e}"
    );
    let e = refused(&mut h, exchange(1, "Ks 8c"));
    assert!(matches!(e, DrawError::NotYourCards { .. }), "{e}");
    act(&mut h, exchange(1, "8c 3s"));
    assert_eq!(h.hand(1), set("Kd Kc Ah 2h 2d"));
    assert_eq!(h.discarded(1), set("8c 3s"));
}

#[test]
fn discarded_cards_and_draws_are_seen_by_nobody_else() {
    let mut h = kings_at_the_exchange("2h 2d");
    let ev = act(&mut h, exchange(1, "8c 3s"));
    let other: Vec<Event> = ev.iter().map(|e| e.seen_by(Some(0))).collect();
    assert!(other.contains(&Event::Exchanged {
        seat: 1,
        count: 2,
        discarded: None,
        drawn: None
    }));
    let v0 = h.view(Some(0));
    assert_eq!(v0.exchange_counts[1], Some(2), "the count is announced");
    assert!(v0.discarded.is_empty() && v0.drawn.is_empty());
    assert_eq!(
        v0.hand,
        cards("4s 9c Ks Kh Ad")
            .into_iter()
            .collect::<CardSet>()
            .iter()
            .collect::<Vec<_>>()
    );
    let v1 = h.view(Some(1));
    assert_eq!(v1.discarded, set("8c 3s").iter().collect::<Vec<_>>());
    assert_eq!(v1.drawn, cards("2h 2d"));
    let spectator = h.view(None);
    assert!(spectator.hand.is_empty() && spectator.discarded.is_empty());
}

#[test]
fn bottom_card_is_never_dealt() {
    // Stacked: the bottom card cannot be served, even when it is the last card of the deck.
    let mut h = kings_at_the_exchange("2c");
    let e = refused(&mut h, exchange(1, "3s"));
    assert!(matches!(e, DrawError::Stacked { .. }), "{e}");
    // Seeded, eight players all drawing three (the deck runs out twice): never the bottom card.
    for seed in 0..200 {
        let (mut h, ev) = seeded(&[1000; 8], (seed % 8) as usize, seed);
        let bottom = ev
            .iter()
            .find_map(|e| match *e {
                Event::BottomCard { card } => card,
                _ => None,
            })
            .expect("logged");
        let c = h.cutter();
        open_and_call_around(&mut h, c, 10, 8);
        for k in 0..8 {
            let s = (c + k) % 8;
            let discard: CardSet = h.hand(s).iter().take(3).collect();
            act(&mut h, Action::Exchange { seat: s, discard });
            assert!(!h.hand(s).contains(bottom));
            assert_eq!(h.zones().bottom, bottom);
            assert!(h.zones().complete());
        }
        assert!(h.reshuffles() >= 1);
    }
}

#[test]
fn discards_reshuffled_except_the_served_players() {
    // Eight players: 40 cards dealt, 11 to draw above the bottom card. Seats 1..=3 draw three
    // each (9), seat 4 gets the last 2 and then one card from the reshuffled discards of seats
    // 1..=3 — never its own.
    let hands = [
        "2c 2d 2h 2s 3c", // seat 0, dealer
        "3d 3h 3s 4c 4d",
        "4h 4s 5c 5d 5h",
        "5s 6c 6d 6h 6s",
        "7c 7d 7h 7s 8c",
        "8d 8h 8s 9c 9d",
        "9h 9s Tc Td Th",
        "Ts Jc Jd Jh Js",
    ];
    let rest = "Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah";
    // Seats 1..=3 have drawn three each; seat 4 is to exchange.
    let before_seat_4 = |extra: &str| {
        let (mut h, _) = start(
            &[100; 8],
            0,
            10,
            deal(&hands, &format!("{rest} {extra}"), "As"),
        );
        open_and_call_around(&mut h, 1, 10, 8);
        for (seat, discard) in [(1, "3d 3h 3s"), (2, "4h 4s 5c"), (3, "5s 6c 6d")] {
            act(&mut h, exchange(seat, discard));
        }
        h
    };
    // Seat 4 asks for an own discard after the reshuffle: refused.
    let mut h = before_seat_4("7c");
    let e = refused(&mut h, exchange(4, "7c 7d 7h"));
    assert!(matches!(e, DrawError::Stacked { .. }), "{e}");
    // Serving a card from the reshuffled discards of others is fine.
    let mut h3 = before_seat_4("3h");
    let ev = act(&mut h3, exchange(4, "7c 7d 7h"));
    assert_eq!(ev[0], Event::Reshuffled { cards: 9 });
    assert_eq!(h3.hand(4), set("7s 8c Ad Ah 3h"));
    assert_eq!(
        h3.discard_pile_len(),
        3,
        "seat 4's discards wait for the next reshuffle"
    );
    assert_eq!(h3.deck_len(), 8);
    assert!(h3.zones().complete());
    // Seeded: a player never gets back their own discards.
    for seed in 0..200 {
        let (mut h, _) = seeded(&[1000; 8], 0, 1000 + seed);
        open_and_call_around(&mut h, 1, 10, 8);
        for s in [1, 2, 3, 4, 5, 6, 7, 0] {
            let discard: CardSet = h.hand(s).iter().take(3).collect();
            act(&mut h, Action::Exchange { seat: s, discard });
            assert!(
                (h.hand(s) & discard).is_empty(),
                "seat {s} got its own discard back"
            );
        }
    }
}

#[test]
fn showdown_starts_with_last_raiser() {
    let (mut h, _) = seeded(&[100; 3], 0, 13);
    called_and_kept(&mut h, 10, 3);
    act(&mut h, bet(1, 10));
    act(&mut h, bet(2, 20));
    act(&mut h, call(0));
    act(&mut h, call(1));
    assert_eq!(h.stage(), Stage::Showdown);
    assert_eq!(h.showdown_start(), 2);
    assert!(matches!(
        h.legal_actions(),
        ToAct::Showdown {
            seat: 2,
            may_muck: false
        }
    ));
    let e = refused(&mut h, show(0));
    assert!(matches!(e, DrawError::Turn(Refused::NotNow { .. })));
    act(&mut h, show(2));
    assert!(
        matches!(h.legal_actions(), ToAct::Showdown { seat: 0, .. }),
        "then clockwise"
    );
}

#[test]
fn showdown_starts_with_the_opener_if_nobody_raised() {
    let (mut h, _) = seeded(&[100; 3], 0, 14);
    called_and_kept(&mut h, 10, 3);
    act(&mut h, fold(1));
    act(&mut h, bet(2, 10));
    act(&mut h, call(0));
    assert_eq!(h.showdown_start(), 2);
}

#[test]
fn muck_gives_up_the_pot() {
    // Seat 1 opens and shows first (AA); seat 0 holds KK: cannot beat, mucks; seat 1 wins.
    let mut h = heads_up_at_showdown(
        DrawRules::default(),
        ["Ks Kh 9d 7c 4s", "Ad Ac 8h 6c 3s"],
        "2c",
    );
    let e = refused(&mut h, Action::Muck { seat: 1 });
    assert!(
        matches!(e, DrawError::MuckNotAllowed { seat: 1, .. }),
        "the first to show must show"
    );
    act(&mut h, show(1));
    assert_eq!(
        h.legal_actions(),
        ToAct::Showdown {
            seat: 0,
            may_muck: true
        }
    );
    let ev = act(&mut h, Action::Muck { seat: 0 });
    assert!(ev.contains(&Event::Bet(BetEvent::Mucked { seat: 0 })));
    assert!(h.is_over());
    assert_eq!(h.stacks(), &[70, 130]);
    let view = h.view(Some(1));
    assert_eq!(view.shown[0], None, "a mucked hand is never seen");
}

#[test]
fn a_better_hand_may_not_muck() {
    let mut h = heads_up_at_showdown(
        DrawRules::default(),
        ["Ad Ac 9d 7c 4s", "Ks Kh 8h 6c 3s"],
        "2c",
    );
    act(&mut h, show(1));
    assert_eq!(
        h.legal_actions(),
        ToAct::Showdown {
            seat: 0,
            may_muck: false
        }
    );
    let e = refused(&mut h, Action::Muck { seat: 0 });
    assert!(matches!(e, DrawError::MuckNotAllowed { seat: 0, .. }));
    act(&mut h, show(0));
    assert_eq!(h.stacks(), &[130, 70]);
}

/// Three players, ante 5 (15 in), 5 + 5 in each round; seat 0 folds; 1 and 2 tie on KK-A and
/// show. The events of the last show.
fn odd_chip_hand(setup: &DrawSetup) -> (DrawHand, Vec<Event>) {
    let hands = ["2c 3d 4h 6s 8c", "Ks Kh Ad 9c 4s", "Kd Kc Ah 8d 3s"];
    let (mut h, _) = DrawHand::new(setup, deal(&hands, "", "7c")).expect("valid setup");
    acts(&mut h, [bet(1, 5), call(2), fold(0), keep(1), keep(2)]);
    let ev = acts(&mut h, [bet(1, 5), call(2), show(1), show(2)]);
    (h, ev)
}

#[test]
fn odd_chip_stays_for_next_hand() {
    // Three players, ante 5 (15 in), 5 + 5 in each round; seat 0 folds; 1 and 2 tie on KK-A:
    // 35 splits 17 + 17, 1 stays.
    let (h, ev) = odd_chip_hand(&DrawSetup::new(vec![Chips::new(100); 3], 0, Chips::new(5)));
    assert!(ev.contains(&Event::Bet(BetEvent::Carried {
        amount: Chips::new(1)
    })));
    assert_eq!(h.winnings(), &[0, 17, 17]);
    assert_eq!(h.carried(), 1);
    assert_eq!(h.stacks().iter().sum::<Chips>() + h.carried(), 300);
    // The next hand: the dealer moves on, the chip is in its pot and goes to its winner.
    let stacks = h.stacks().to_vec();
    let dealer = next_dealer(0, &stacks).unwrap();
    assert_eq!(dealer, 1);
    let mut setup = DrawSetup::new(stacks, dealer, Chips::new(5));
    setup.carried_in = h.carried();
    let (mut next, ev) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(15))).unwrap();
    assert_eq!(
        ev[0],
        Event::CarriedIn {
            amount: Chips::new(1)
        }
    );
    assert_eq!(next.pot_total(), 16);
    act(&mut next, fold(2));
    act(&mut next, fold(0));
    assert_eq!(next.winnings()[1], 16);
    assert_eq!(next.stacks().iter().sum::<Chips>() + next.carried(), 300);
}

#[test]
fn odd_chip_option_one_each_from_the_cutter() {
    let mut setup = DrawSetup::new(vec![Chips::new(100); 3], 0, Chips::new(5));
    setup.rules.odd_chips = tavolo_engine::draw::OddChips::OneEachFromLeftOfButton;
    let (h, _) = odd_chip_hand(&setup);
    assert_eq!(h.winnings(), &[0, 18, 17]);
    assert_eq!(h.carried(), 0);
}

/// Dealer 0, ante 10: seat 0 holds kings, seat 1 queens, seat 2 (with `short` chips) aces.
fn kings_queens_aces(short: u64) -> (DrawHand, Vec<Event>) {
    let hands = ["Ks Kh 9d 7c 4s", "Qd Qc 8h 6c 3s", "Ad Ac Ah 5c 2s"];
    start(&[200, 200, short], 0, 10, deal(&hands, "", "7h"))
}

#[test]
fn all_in_and_side_pots_as_in_holdem() {
    // Seat 2 has 30: all-in; seats 1 and 0 go on in a side pot. Seat 2 has the best hand.
    let (mut h, _) = kings_queens_aces(30);
    called_and_kept(&mut h, 20, 3); // seat 2 all-in for 20
    act(&mut h, bet(1, 50));
    act(&mut h, call(0));
    assert_eq!(h.stage(), Stage::Showdown);
    assert_eq!(h.showdown_start(), 1);
    act(&mut h, show(1));
    act(&mut h, show(2));
    act(&mut h, show(0));
    // Main pot 3 × 30 = 90 to seat 2; side pot 2 × 50 = 100 to seat 0 (kings beat queens).
    assert_eq!(h.winnings(), &[100, 0, 90]);
    assert_eq!(h.stacks(), &[220, 120, 90]);
}

#[test]
fn a_short_stack_all_in_on_the_ante_still_exchanges_and_shows() {
    let (mut h, _) = kings_queens_aces(10);
    act(&mut h, bet(1, 10));
    act(&mut h, call(0));
    assert!(matches!(h.legal_actions(), ToAct::Exchange { seat: 1, .. }));
    acts(&mut h, [keep(1), keep(2), keep(0), bet(1, 10), call(0)]);
    acts(&mut h, [show(1), show(2), show(0)]);
    assert_eq!(h.winnings(), &[40, 0, 30]);
}

#[test]
fn nobody_left_to_bet_against_closes_the_round() {
    // Second round: seat 2 is all-in; seat 1 folds; seat 0 owes nothing and nobody could call a
    // bet, so it is not asked to open or fold: straight to the showdown.
    let (mut h, _) = kings_queens_aces(30);
    called_and_kept(&mut h, 20, 3);
    act(&mut h, fold(1));
    assert_eq!(h.stage(), Stage::Showdown);
    assert_eq!(
        h.showdown_start(),
        2,
        "the last raiser of the first round (seat 1) folded: the next one shows"
    );
}

#[test]
fn dealer_rotates_clockwise() {
    assert_eq!(
        next_dealer(0, &[Chips::new(10), Chips::new(10), Chips::new(10)]),
        Some(1)
    );
    assert_eq!(
        next_dealer(2, &[Chips::new(10), Chips::new(10), Chips::new(10)]),
        Some(0)
    );
    assert_eq!(
        next_dealer(0, &[Chips::new(10), Chips::ZERO, Chips::new(10)]),
        Some(2),
        "a seat without chips is skipped"
    );
    assert_eq!(next_dealer(0, &[Chips::ZERO, Chips::ZERO]), None);
}

#[test]
fn actions_after_the_end_are_refused() {
    let (mut h, _) = seeded(&[100, 100], 0, 16);
    act(&mut h, fold(1));
    assert!(h.is_over());
    assert_eq!(h.legal_actions(), ToAct::Nobody);
    let e = refused(&mut h, bet(0, 10));
    assert!(matches!(e, DrawError::Turn(Refused::NotNow { .. })));
    let e = refused(&mut h, fold(7));
    assert!(matches!(
        e,
        DrawError::Turn(Refused::NoSuchSeat { seat: 7, .. })
    ));
}

#[test]
fn seeded_dealing_is_reproducible() {
    let a = seeded(&[100; 5], 1, 17);
    let b = seeded(&[100; 5], 1, 17);
    assert_eq!(a.1, b.1);
    assert!(a.0.same_state(&b.0));
    let c = seeded(&[100; 5], 1, 18);
    assert_ne!(a.1, c.1);
}

#[test]
fn a_fold_in_the_exchange_leaving_one_player_ends_the_hand_at_once() {
    let (mut h, _) = seeded(&[100, 100], 0, 19);
    act(&mut h, bet(1, 10));
    act(&mut h, call(0));
    assert_eq!(h.stage(), Stage::Exchange);
    let ev = act(&mut h, fold(1));
    assert!(h.is_over());
    assert!(ev.contains(&Event::Bet(BetEvent::PotWon {
        pot: 0,
        seat: 0,
        amount: Chips::new(40)
    })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Shown { .. })));
}

#[test]
fn errors_say_who_what_why_and_what_is_legal() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 20);
    let e = refused(&mut h, call(2));
    let msg = e.to_string();
    assert!(
        msg.contains("Call { seat: 2 }") && msg.contains("seat 2 acted but seat 1 is to act"),
        "{msg}"
    );
    assert!(msg.contains("legal now: Bet(Legal { seat: 1"), "{msg}");
    let e = refused(&mut h, keep(1));
    assert!(
        matches!(
            e,
            DrawError::Turn(Refused::NotNow {
                legal: ToAct::Bet(_),
                ..
            })
        ),
        "{e}"
    );
    let e = refused(&mut h, show(1));
    assert!(matches!(e, DrawError::Turn(Refused::NotNow { .. })), "{e}");
}

#[test]
fn a_spectator_sees_no_cards_until_the_showdown() {
    let (mut h, ev) = kings("");
    for e in &ev {
        match e.seen_by(None) {
            Event::Dealt { cards, .. } => assert!(cards.is_none()),
            Event::BottomCard { card } => assert!(card.is_none()),
            _ => {}
        }
    }
    heads_up_to_showdown(&mut h, 10);
    assert!(h.view(None).shown.iter().all(Option::is_none));
    act(&mut h, show(1));
    assert_eq!(
        h.view(None).shown[1],
        Some(set("Kd Kc Ah 8c 3s").iter().collect())
    );
}

#[test]
fn the_next_hand_is_dealt_in_place_with_the_same_generator() {
    let (mut h, _) = seeded(&[100, 100, 100], 0, 21);
    act(&mut h, fold(1));
    act(&mut h, fold(2));
    let stacks = h.stacks().to_vec();
    let mut setup = DrawSetup::new(
        stacks.clone(),
        next_dealer(0, &stacks).unwrap(),
        Chips::new(10),
    );
    setup.carried_in = h.carried();
    let mut ev = Vec::new();
    h.deal_next_into(&setup, &mut ev).unwrap();
    assert_eq!(h.dealer(), 1);
    assert_eq!(h.stage(), Stage::FirstBetting);
    assert!(h.zones().complete());
    assert_eq!(h.pot_total(), 30);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Dealt { .. }))
            .count(),
        3
    );
    assert!(DrawHand::replay(&setup, &ev).unwrap().same_state(&h));
    let (mut stacked, _) = kings("");
    assert!(stacked
        .deal_next_into(
            &DrawSetup::new(vec![Chips::new(100), Chips::new(100)], 1, Chips::new(10)),
            &mut ev
        )
        .is_err());
}

#[test]
fn a_whole_stacked_deck_is_dealt_one_card_at_a_time_from_the_cutter() {
    let deck: Vec<Card> = tavolo_cards::Card::all().collect();
    let deck: [Card; 52] = deck.try_into().unwrap();
    let stacked = StackedDeal::from_deck(&deck, 3, 2);
    // Dealer 2: the cutter (seat 0) gets cards 0, 3, 6, 9, 12.
    assert_eq!(
        stacked.hands[0],
        [deck[0], deck[3], deck[6], deck[9], deck[12]]
    );
    assert_eq!(
        stacked.hands[2],
        [deck[2], deck[5], deck[8], deck[11], deck[14]]
    );
    assert_eq!(stacked.bottom, deck[51]);
    assert_eq!(stacked.draws[0], deck[15]);
    let setup = DrawSetup::new(vec![Chips::new(50); 3], 2, Chips::new(5));
    let (h, _) = DrawHand::new(&setup, Dealing::Stacked(stacked)).unwrap();
    assert!(h.zones().complete());
}
