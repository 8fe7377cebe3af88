//! Provably fair dealing for Hold'em: a hand dealt from a committed seed and written as PHH can
//! be checked against that seed by anyone — every dealt card must be the seed's.

use tavolo_cards::GameRng;
use tavolo_engine::holdem::{phh, Dealing, Hand, HandSetup, HoldemRules, Structure, ToAct};

use crate::holdem_support::varied_action;
use tavolo_engine::Chips;

/// Plays a seeded hand to its end (a varied but deterministic line: raise, call, check, fold;
/// [`varied_action`]) and returns its PHH text.
fn played(seats: usize, button: usize, seed: [u8; 32], style: u64) -> String {
    let setup = HandSetup::casino(
        vec![Chips::new(200); seats],
        button,
        Chips::new(1),
        Chips::new(2),
        HoldemRules::casino(Structure::NoLimit),
    );
    let (mut hand, mut log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    let mut step = style;
    while let ToAct::Player(l) = hand.legal_actions() {
        let action = varied_action(&l, &mut step);
        log.extend(hand.apply(action).unwrap());
    }
    let names: Vec<String> = (0..seats).map(|s| format!("player{s}")).collect();
    phh::export(&setup, &log, Some(&names)).to_phh()
}

#[test]
fn a_hand_dealt_from_a_seed_checks_against_that_seed_and_no_other() {
    for seats in [2, 3, 6, 10] {
        for button in [0, seats - 1, seats / 2] {
            for style in 0..4u64 {
                let seed = [seats as u8 ^ button as u8 ^ style as u8; 32];
                let text = played(seats, button, seed, style);
                let hand = phh::parse_phh(&text).unwrap();
                hand.check_seed(seed)
                    .unwrap_or_else(|e| panic!("{seats} seats, button {button}: {e}\n{text}"));
                let mut other = seed;
                other[0] ^= 1;
                let err = hand.check_seed(other).unwrap_err().to_string();
                assert!(err.contains("the seed deals"), "{err}");
            }
        }
    }
}

#[test]
fn a_history_with_one_card_changed_fails_the_check_naming_the_card() {
    let seed = [9; 32];
    let text = played(4, 1, seed, 7);
    let line = text
        .lines()
        .find(|l| l.contains("d dh p1"))
        .unwrap()
        .to_string();
    let card = &line[line.find("d dh p1 ").unwrap() + 8..][..2];
    let replacement = if card == "2c" { "3c" } else { "2c" };
    let forged = text.replacen(
        &format!("d dh p1 {card}"),
        &format!("d dh p1 {replacement}"),
        1,
    );
    let hand = phh::parse_phh(&forged).unwrap();
    let err = hand.check_seed(seed).unwrap_err().to_string();
    assert!(err.contains("d dh p1"), "{err}");
}
