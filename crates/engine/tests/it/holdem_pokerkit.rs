//! The differential test against PokerKit: replays the random hands PokerKit played (a `.phhs`
//! file written by `scripts/pokerkit/random_hands.py`) and checks every finishing stack exactly.
//!
//! With `TAVOLO_POKERKIT_PHHS` set (as `scripts/test-pokerkit.sh [HANDS] [SEED]` does for large
//! runs) it replays that file. Otherwise the test makes the hands itself: it creates a virtual
//! environment under the target directory, installs PokerKit from PyPI (once; the pin is
//! `scripts/pokerkit/requirements.txt`), and has
//! PokerKit play `TAVOLO_POKERKIT_HANDS` (default 1,000: the Python
//! package's differential steps 3,000 more through both engines action by action) hands from seed `TAVOLO_POKERKIT_SEED`
//! (default 2026). Where Python or PyPI cannot be reached it prints a note and passes — except
//! under CI (`CI` set), where that is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use tavolo_engine::betting::BetEvent;
use tavolo_engine::Chips;

use tavolo_engine::holdem::{phh, Event};

use crate::outside::{repository, run, venv_python};

/// PokerKit plays random hands into a `.phhs` file in the target directory.
fn hands_from_pokerkit() -> Result<PathBuf, String> {
    let python = venv_python(
        "pokerkit-venv",
        "scripts/pokerkit/requirements.txt",
        "pokerkit",
    )?;
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let hands = std::env::var("TAVOLO_POKERKIT_HANDS").unwrap_or_else(|_| "1000".into());
    let seed = std::env::var("TAVOLO_POKERKIT_SEED").unwrap_or_else(|_| "2026".into());
    let out = tmp.join(format!("pokerkit-{hands}-{seed}.phhs"));
    eprintln!(
        "PokerKit 0.7.7 plays {hands} random hands (seed {seed}) -> {}",
        out.display()
    );
    run(Command::new(&python)
        .arg(repository().join("scripts/pokerkit/random_hands.py"))
        .args(["--hands", &hands, "--seed", &seed, "--out"])
        .arg(&out))?;
    Ok(out)
}

#[test]
fn pokerkit_random_hands_reproduce_finishing_stacks() {
    let path = match std::env::var("TAVOLO_POKERKIT_PHHS") {
        Ok(p) => p,
        Err(_) => match hands_from_pokerkit() {
            Ok(p) => p.display().to_string(),
            Err(e) if std::env::var_os("CI").is_none() => {
                eprintln!("note: PokerKit differential test skipped (no Python/PyPI here): {e}");
                return;
            }
            Err(e) => panic!("PokerKit differential test could not run under CI: {e}"),
        },
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
                            Event::Bet(BetEvent::Called { all_in: true, .. })
                                | Event::Bet(BetEvent::BetOrRaised { all_in: true, .. })
                        )
                    })
                    .count();
                multi_all_in += usize::from(all_ins >= 2);
                side_pots +=
                    usize::from(r.events.iter().any(
                        |e| matches!(e, Event::Bet(BetEvent::PotWon { pot, .. }) if *pot > 0),
                    ));
                showdowns += usize::from(r.events.iter().any(|e| matches!(e, Event::Shown { .. })));
                // An all-in raise smaller than the largest increment of its round (or the bet).
                let (mut max, mut incr, mut short) = (Chips::ZERO, Chips::ZERO, false);
                for e in &r.events {
                    match *e {
                        Event::BlindPosted { amount, .. } => max = max.max(amount),
                        Event::RoundEnded { .. } => (max, incr) = (Chips::ZERO, Chips::ZERO),
                        Event::Bet(BetEvent::BetOrRaised { to, all_in, .. }) => {
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
