//! Published seeds must re-deal the same cards forever (RULES.md §0, Randomness: "the same seed
//! and the same actions produce the same game, byte for byte"). Each test deals from a fixed
//! seed and compares with literal cards computed once, so that any change to the generator, the
//! bounded draws, the lazy deck or the evaluator fails loudly here instead of silently breaking
//! the records and fairness bundles rooms have already published.

use tavolo_cards::{CardSet, GameRng};
use tavolo_engine::saint::{seed_from_u64, Event as SaintEvent, HandRule, SaintGame, SaintOptions};
use tavolo_engine::Chips;
use tavolo_engine::{draw, holdem};

/// Hold'em: check or call every decision, so the hand always reaches the river.
fn holdem_hand(rng: GameRng) -> (String, GameRng) {
    let setup = holdem::HandSetup::casino(
        vec![Chips::new(500); 6],
        2,
        Chips::new(5),
        Chips::new(10),
        holdem::HoldemRules::casino(holdem::Structure::NoLimit),
    );
    let (mut hand, _) = holdem::Hand::new(&setup, holdem::Dealing::Seeded(rng)).expect("deal");
    while let holdem::ToAct::Player(l) = hand.legal_actions() {
        let a = if l.check {
            holdem::Action::Check { seat: l.seat }
        } else {
            holdem::Action::Call { seat: l.seat }
        };
        hand.apply(a).expect("legal");
    }
    let mut out = Vec::new();
    for s in 0..6 {
        let [a, b] = hand.hole_cards(s).map(|c| c.expect("dealt"));
        out.push(format!("{a}{b}"));
    }
    let board: Vec<String> = hand.board().map(|c| c.to_string()).collect();
    out.push(format!("| {}", board.join(" ")));
    let rng = hand.take_rng().expect("seeded");
    (out.join(" "), rng)
}

#[test]
fn holdem_seed_2024_deals_the_same_hole_cards_and_board_forever() {
    let (first, rng) = holdem_hand(GameRng::from_u64(2024));
    assert_eq!(first, PINNED_HOLDEM_2024[0]);
    // The next hand of the session continues the same stream.
    let (second, _) = holdem_hand(rng);
    assert_eq!(second, PINNED_HOLDEM_2024[1]);
}

const PINNED_HOLDEM_2024: [&str; 2] = [
    "Ah4h Kh8d 7sTs Kc6d AcKs 7cJh | Ad Qs 2d Td 3c",
    "4cJc 8sTs QcAc Kd9h Qd6d 6s2c | 2h 7s Td 4d 8c",
];

/// Draw, eight seats: the cutter stands pat and every other seat discards its three lowest
/// cards, so the deck runs out and the discards are reshuffled in the middle of an exchange.
fn draw_hand(hand: &mut draw::DrawHand, log: &[draw::Event]) -> String {
    let mut log = log.to_vec();
    loop {
        let a = match hand.legal_actions() {
            draw::ToAct::Bet(l) => match l.call {
                Some(_) => draw::Action::Call { seat: l.seat },
                None if l.check => draw::Action::Check { seat: l.seat },
                None => match l.raise {
                    Some(r) => draw::Action::BetOrRaiseTo {
                        seat: l.seat,
                        to: r.min_to,
                    },
                    None => draw::Action::Fold { seat: l.seat },
                },
            },
            draw::ToAct::Exchange { seat, hand: h, .. } => draw::Action::Exchange {
                seat,
                discard: if seat == hand.cutter() {
                    CardSet::EMPTY
                } else {
                    h.iter().take(3).collect()
                },
            },
            draw::ToAct::Showdown { seat, .. } => draw::Action::Show { seat },
            draw::ToAct::Nobody => break,
        };
        log.extend(hand.apply(a).expect("legal"));
    }
    let mut out = Vec::new();
    for e in &log {
        match e {
            draw::Event::BottomCard { card: Some(c) } => out.push(format!("bottom {c}")),
            draw::Event::Dealt {
                seat,
                cards: Some(c),
            } => out.push(format!("{seat}: {c}")),
            draw::Event::Reshuffled { cards } => out.push(format!("reshuffled {cards}")),
            draw::Event::Exchanged {
                seat,
                drawn: Some(d),
                ..
            } => {
                let d: Vec<String> = d.cards().map(|c| c.to_string()).collect();
                out.push(format!("{seat} draws [{}]", d.join(" ")));
            }
            _ => {}
        }
    }
    out.join(", ")
}

#[test]
fn draw_seed_77_deals_the_same_cards_and_exchanges_forever() {
    let setup = draw::DrawSetup::new(vec![Chips::new(1_000); 8], 3, Chips::new(10));
    let (mut hand, log) =
        draw::DrawHand::new(&setup, draw::Dealing::Seeded(GameRng::from_u64(77))).expect("deal");
    assert_eq!(draw_hand(&mut hand, &log), PINNED_DRAW_77[0]);
    // The next deal of the table continues the same stream.
    let mut log = Vec::new();
    hand.deal_next_into(&setup, &mut log).expect("seeded");
    assert_eq!(draw_hand(&mut hand, &log), PINNED_DRAW_77[1]);
}

const PINNED_DRAW_77: [&str; 2] = [
    "bottom Td, 4: 6s 9h Jc Kc Ks, 5: 8s Ts Ac Ah As, 6: 3d 6c 7d Jh Qc, 7: 3h 6h 8d \
     Js Kd, 0: 2h 2s 3s Tc Jd, 1: 2d 3c 4d 5d Th, 2: 2c 4h 8h Qd Kh, 3: 4c 5h 5s 6d \
     9s, 4 draws [], 5 draws [7s 7h 8c], 6 draws [Qs 7c 4s], 7 draws [9d Ad Qh], \
     reshuffled 9, 0 draws [5c 9c 6h], 1 draws [8d 6c 7d], 2 draws [Ts 3d 8s], \
     reshuffled 9, 3 draws [3h Ac 3c]",
    "bottom Jd, 4: 4c 5s 9d 9h Ah, 5: 2s 7c Ts Qh As, 6: 4h 6h 7s 8c Ac, 7: 3c 6c 7d \
     Kc Ks, 0: 3d 3s Th Qs Kh, 1: 2c 2d 4d 6d 6s, 2: 2h 5d 7h 8d Jh, 3: 5c 8h 8s 9c \
     Qc, 4 draws [], 5 draws [Jc Js 3h], 6 draws [5h Td Tc], 7 draws [Qd 9s Kd], \
     reshuffled 9, 0 draws [Ad 4s 6c], 1 draws [7s 7d 3c], 2 draws [4h 7c 2s], \
     reshuffled 9, 3 draws [Ts 6h 7h]",
];

/// The deal of a Saint Poker game: every hand, the centre, the preview.
fn saint_deal(g: &SaintGame) -> String {
    let mut out: Vec<String> = (0..g.players())
        .map(|p| format!("{p}: {}", g.hand(p)))
        .collect();
    out.push(format!("centre: {}", g.centre()));
    out.push(format!("preview: {}", g.preview()));
    out.join(", ")
}

/// Plays a game to its end with random legal actions and lists, per round, every player's hand
/// value and points and the tie draw; then the final scores.
fn saint_play(g: &mut SaintGame, rng: &mut GameRng) -> String {
    let mut out = Vec::new();
    while !g.is_over() {
        let mut events = Vec::new();
        for p in g.pending() {
            if let Some(a) = g.random_action(p, rng) {
                events.extend(g.apply(a).expect("legal"));
            }
        }
        if let Some(p) = g.to_pick() {
            let a = g.random_action(p, rng).expect("a pick");
            events.extend(g.apply(a).expect("legal"));
        }
        for e in events {
            match e {
                SaintEvent::Scored {
                    player,
                    rank,
                    points,
                    ..
                } => out.push(format!("{player}:{}/{points}", rank.value())),
                SaintEvent::DraftOrder { tie_draw, .. } => {
                    out.push(format!("tie {:?}", tie_draw.as_slice()))
                }
                SaintEvent::RoundStarted {
                    reshuffled: true, ..
                } => out.push("reshuffled".into()),
                _ => {}
            }
        }
    }
    out.push(format!("scores {:?}", g.scores()));
    out.join(" ")
}

#[test]
fn saint_seed_31_deals_the_same_hands_forever() {
    let mut g = SaintGame::new(SaintOptions::new(3), seed_from_u64(31)).expect("game");
    assert_eq!(saint_deal(&g), PINNED_SAINT_31_DEAL);
    let played = saint_play(&mut g, &mut GameRng::from_u64(32));
    assert_eq!(played, PINNED_SAINT_31_PLAY);
}

const PINNED_SAINT_31_DEAL: &str =
    "0: 3c 3h 3s 7d 9d 9s Th Jh Qd Ah, 1: 2s 5c 6d 7c 7s 9c Ts Jd Qs Ac, 2: 4h 4s 5h \
    7h 8h 9h Js Qc Ks As, centre: 2d Ad, preview: 6c Td";
const PINNED_SAINT_31_PLAY: &str =
    "0:1066/0 1:3677/1 2:1251/0 tie [2, 1, 0] 0:2351/0 1:4295/0 2:4300/2 tie [2, 0, \
    1] 0:3036/0 1:1273/0 2:3470/3 tie [1, 2, 0] 0:937/0 1:3312/0 2:5858/4 tie [1, 2, \
    0] 0:2371/0 1:4300/5 2:2377/0 tie [0, 1, 2] 0:4334/0 1:4604/6 2:4339/0 tie [1, \
    2, 0] 0:4557/0 1:4768/7 2:4562/0 tie [0, 1, 2] 0:4158/0 1:1396/0 2:4558/8 scores \
    [0, 19, 17]";

/// A larger centre than five (the general evaluator, not the five-card fast path) under both
/// hand rules, with reshuffles of the discard pile.
#[test]
fn saint_seed_33_with_a_large_centre_scores_the_same_forever() {
    for (rule, pinned) in [
        (HandRule::TwoPlusThree, PINNED_SAINT_33[0]),
        (HandRule::AnyFive, PINNED_SAINT_33[1]),
    ] {
        let options = SaintOptions {
            centre_cards: Some(6),
            hand_rule: rule,
            ..SaintOptions::new(2)
        };
        let mut g = SaintGame::new(options, seed_from_u64(33)).expect("game");
        let deal = saint_deal(&g);
        let played = saint_play(&mut g, &mut GameRng::from_u64(34));
        assert_eq!(format!("{deal} | {played}"), pinned, "{rule:?}");
    }
}

const PINNED_SAINT_33: [&str; 2] = [
    "0: 2h 3d 4d 5s 7d 8s 9h Td Ts Qc, 1: 7s 8d 9s Th Jc Qd Qh Kc Ks As, centre: 2s \
     4c 5d 9d Tc Ah, preview: 2d 3h 7c 8h Jd Kd | 0:1263/0 1:4136/1 tie [1, 0] \
     0:4613/0 1:4619/2 tie [1, 0] 0:4740/3 1:3470/0 tie [0, 1] 0:1229/0 1:4973/4 tie \
     [1, 0] reshuffled 0:4299/5 1:4277/0 tie [0, 1] 0:4765/6 1:3912/0 tie [0, 1] \
     0:5101/7 1:4730/0 tie [1, 0] 0:7320/8 1:7055/0 scores [29, 7]",
    "0: 2h 3d 4d 5s 7d 8s 9h Td Ts Qc, 1: 7s 8d 9s Th Jc Qd Qh Kc Ks As, centre: 2s \
     4c 5d 9d Tc Ah, preview: 2d 3h 7c 8h Jd Kd | 0:5854/1 1:4136/0 tie [1, 0] \
     0:5860/2 1:4620/0 tie [1, 0] 0:4972/3 1:4742/0 tie [0, 1] 0:1936/0 1:4852/4 tie \
     [1, 0] reshuffled 0:4301/5 1:4268/0 tie [0, 1] 0:6992/3 1:6992/3 tie [0, 1] \
     0:7162/7 1:4731/0 tie [1, 0] 0:7163/0 1:7235/8 scores [21, 15]",
];
