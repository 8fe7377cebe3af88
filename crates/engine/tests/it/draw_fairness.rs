//! Provably fair dealing for Five-Card Draw: a hand dealt from a committed seed and written as
//! a `tavolo-draw-record/1` checks against that seed, card by card, and against no other.

use tavolo_cards::GameRng;
use tavolo_engine::draw::{Action, Dealing, DrawHand, DrawRecord, DrawSetup, ToAct};
use tavolo_engine::Chips;

fn played(seats: usize, dealer: usize, seed: [u8; 32]) -> String {
    let setup = DrawSetup::new(vec![Chips::new(100); seats], dealer, Chips::new(2));
    let (mut hand, mut log) =
        DrawHand::new(&setup, Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    loop {
        let action = match hand.legal_actions() {
            ToAct::Bet(l) => match (l.raise, l.call) {
                (Some(r), None) => Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: r.min_to,
                },
                (_, Some(_)) => Action::Call { seat: l.seat },
                _ => Action::Check { seat: l.seat },
            },
            ToAct::Exchange { seat, .. } => {
                // Throw the three lowest cards.
                let discard = hand.hand(seat).iter().take(3).collect();
                Action::Exchange { seat, discard }
            }
            ToAct::Showdown { .. } | ToAct::Nobody => break,
        };
        log.extend(hand.apply(action).unwrap());
    }
    DrawRecord::from_log(&setup, &log).unwrap().to_json()
}

#[test]
fn a_draw_hand_dealt_from_a_seed_checks_against_that_seed_and_no_other() {
    for seats in [2, 5, 8] {
        for dealer in [0, seats - 1] {
            let seed = [(seats * 10 + dealer) as u8; 32];
            let text = played(seats, dealer, seed);
            let record = DrawRecord::from_json(&text).unwrap();
            record.replay().unwrap();
            record
                .check_seed(seed)
                .unwrap_or_else(|e| panic!("{seats} seats: {e}"));
            let mut other = seed;
            other[31] ^= 0x80;
            let err = record.check_seed(other).unwrap_err().to_string();
            assert!(err.contains("the seed does not deal this hand"), "{err}");
        }
    }
}
