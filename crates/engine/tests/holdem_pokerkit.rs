//! The differential test against PokerKit: replays the random hands PokerKit played (a `.phhs`
//! file written by `scripts/pokerkit/random_hands.py`) and checks every finishing stack exactly.
//!
//! Run it with `scripts/test-pokerkit.sh [HANDS]`, which makes its own virtual environment,
//! installs `pokerkit==0.7.7` from PyPI and sets `TAVOLO_POKERKIT_PHHS`. Without that variable
//! this test prints a note and passes.

use tavolo_engine::holdem::{phh, Event};

#[test]
fn pokerkit_random_hands_reproduce_finishing_stacks() {
    let Ok(path) = std::env::var("TAVOLO_POKERKIT_PHHS") else {
        eprintln!("note: TAVOLO_POKERKIT_PHHS is not set; run scripts/test-pokerkit.sh for the PokerKit differential test");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let hands = phh::parse_phhs(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut mismatches = Vec::new();
    let mut by_variant = std::collections::BTreeMap::<&str, usize>::new();
    let (mut multi_all_in, mut side_pots, mut incomplete, mut showdowns) = (0, 0, 0, 0);
    for (i, hand) in hands.iter().enumerate() {
        let hand = match hand {
            Ok(h) => h,
            Err(e) => {
                mismatches.push(format!("hand {i}: {e}"));
                continue;
            }
        };
        *by_variant.entry(hand.variant.code()).or_default() += 1;
        match hand.replay() {
            Ok(r) if Some(r.finishing_stacks()) == hand.finishing_stacks && r.complete => {
                let all_ins = r
                    .events
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            Event::Called { all_in: true, .. }
                                | Event::BetOrRaised { all_in: true, .. }
                        )
                    })
                    .count();
                multi_all_in += usize::from(all_ins >= 2);
                side_pots += usize::from(
                    r.events
                        .iter()
                        .any(|e| matches!(e, Event::PotWon { pot, .. } if *pot > 0)),
                );
                showdowns += usize::from(r.events.iter().any(|e| matches!(e, Event::Shown { .. })));
                // An all-in raise smaller than the largest increment of its round (or the bet).
                let (mut max, mut incr, mut short) = (0, 0, false);
                for e in &r.events {
                    match *e {
                        Event::BlindPosted { amount, .. } => max = max.max(amount),
                        Event::RoundEnded { .. } => (max, incr) = (0, 0),
                        Event::BetOrRaised { to, all_in, .. } => {
                            let by = to - max;
                            short |= all_in && by < incr.max(hand.min_bet);
                            incr = incr.max(by);
                            max = to;
                        }
                        _ => {}
                    }
                }
                incomplete += usize::from(short);
            }
            Ok(r) => mismatches.push(format!(
                "hand {i}: Tavolo {:?}, PokerKit {:?}\n{}",
                r.finishing_stacks(),
                hand.finishing_stacks,
                hand.to_phh()
            )),
            Err(e) => mismatches.push(format!("hand {i}: {e}\n{}", hand.to_phh())),
        }
    }
    eprintln!(
        "PokerKit differential: {} hands ({by_variant:?}), {} mismatches; {showdowns} showdowns, \
         {multi_all_in} with two or more all-ins, {side_pots} with side pots won, {incomplete} with an \
         incomplete all-in raise",
        hands.len(),
        mismatches.len()
    );
    let shown: Vec<_> = mismatches.iter().take(5).cloned().collect();
    assert!(
        mismatches.is_empty(),
        "{} mismatches; the first:\n{}",
        mismatches.len(),
        shown.join("\n")
    );
}
