//! Evaluator speed, Tavolo and rs_poker 5.0.0 side by side on the same pre-generated inputs.
//!
//! Run with `cargo bench -p tavolo-cards --bench evaluator` (portable) or with
//! `RUSTFLAGS="-C target-cpu=native"` for the native figures. Each figure is the best of several
//! repetitions on one thread; the checksums keep the compiler from skipping work and show that
//! both evaluators ordered the same hands the same way. The batch rows (`Hand::evaluate_lists_with`,
//! `Hand::evaluate_slice_with`) are compared with rs_poker too, and the streamed rows with
//! Tavolo's own per-hand loop (the right-hand column there).
#![allow(clippy::needless_range_loop)] // index loops read best in exhaustive enumerations
                                       // The measured loops are written out by hand on purpose (not shared with the tests' helpers): a
                                       // shared, recursive enumeration would put a call in the loop being timed.

use std::hint::black_box;
use std::time::Instant;

use rs_poker::core::{self as rsp, Rankable};
use tavolo_cards::{parse_cards, Card, CardSet, Centre, EquityQuery, Game, GameRng, Hand, Holding};

/// 65,536 random hands, evaluated `PASSES` times per repetition: the inputs stay in the cache,
/// so the figure measures the evaluator, not memory bandwidth (streaming hands from a large array
/// is bound by the bytes a hand takes: the evaluator harness's 10 M-hand workload measures that).
const N: usize = 1 << 16;
const PASSES: usize = 32;
const REPS: usize = 7;

/// Best time of `REPS` runs of `f`, in seconds.
fn best<F: FnMut() -> u64>(mut f: F) -> (f64, u64) {
    let mut best = f64::INFINITY;
    let mut sum = 0;
    for _ in 0..REPS {
        let t = Instant::now();
        sum = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, sum)
}

/// Like [`best`], running `f` `PASSES` times per repetition; the time is per pass.
fn best_passes<F: FnMut() -> u64>(mut f: F) -> (f64, u64) {
    let (t, s) = best(|| (0..PASSES).map(|_| f()).fold(0, u64::wrapping_add));
    (t / PASSES as f64, s)
}

fn rs_card(c: Card) -> rsp::Card {
    let value = rsp::Value::from_u8(c.rank().index());
    let suit = match c.suit().index() {
        0 => rsp::Suit::Club,
        1 => rsp::Suit::Diamond,
        2 => rsp::Suit::Heart,
        _ => rsp::Suit::Spade,
    };
    rsp::Card::new(value, suit)
}

fn random_hands(n: usize, k: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = GameRng::from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..n)
        .map(|_| {
            for i in 0..k {
                let j = i + rng.below((52 - i) as u32) as usize;
                deck.swap(i, j);
            }
            deck[..k].to_vec()
        })
        .collect()
}

fn row(what: &str, unit: &str, ours: f64, theirs: f64) {
    println!(
        "{what:<44} {ours:>12.1} {theirs:>12.1} {unit:<10} {:>6.2}x",
        if unit == "ms" {
            theirs / ours
        } else {
            ours / theirs
        }
    );
}

fn main() {
    println!(
        "{:<44} {:>12} {:>12} {:<10} {:>7}",
        "workload (1 thread)", "tavolo", "rs_poker", "unit", "ratio"
    );
    let hands = random_hands(N, 7, 1);
    let flat_ours: Vec<[Card; 7]> = hands.iter().map(|h| h[..].try_into().unwrap()).collect();
    let flat_rs: Vec<[rsp::Card; 7]> = hands
        .iter()
        .map(|h| {
            let v: Vec<rsp::Card> = h.iter().map(|&c| rs_card(c)).collect();
            v.try_into().unwrap()
        })
        .collect();

    // 1. From card lists.
    let (t_ours, _) = best_passes(|| {
        flat_ours
            .iter()
            .map(|h| u64::from(Hand::from_cards(h).evaluate().value()))
            .sum()
    });
    // One rank per hand, as for Tavolo (rs_poker's `Rank` exposes its in-category bits).
    let (t_rs, _) = best_passes(|| {
        flat_rs
            .iter()
            .map(|h| u64::from(h[..].rank().value_bits()))
            .sum()
    });
    row(
        "random 7-card hands from card lists",
        "M hands/s",
        N as f64 / t_ours / 1e6,
        N as f64 / t_rs / 1e6,
    );
    // The same lists through the batch evaluator (AVX-512 where the CPU has it).
    let (t_batch, s_batch) = best_passes(|| {
        let mut sum = 0u64;
        Hand::evaluate_lists_with(&flat_ours, |_, v| sum += u64::from(v.value()));
        sum
    });
    let (_, s_each) = best_passes(|| {
        flat_ours
            .iter()
            .map(|h| u64::from(Hand::from_cards(h).evaluate().value()))
            .sum()
    });
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    row(
        "  the same, Hand::evaluate_lists_with",
        "M hands/s",
        N as f64 / t_batch / 1e6,
        N as f64 / t_rs / 1e6,
    );

    // 2. From pre-built hand values.
    let built_ours: Vec<Hand> = flat_ours.iter().map(|h| Hand::from_cards(h)).collect();
    let built_rs: Vec<rsp::SevenCardAccum> = flat_rs
        .iter()
        .map(|h| h.iter().fold(rsp::SevenCardAccum::new(), |a, &c| a + c))
        .collect();
    let (t_ours, _) = best_passes(|| {
        built_ours
            .iter()
            .map(|h| u64::from(h.evaluate().value()))
            .sum()
    });
    let (t_rs, _) = best_passes(|| {
        built_rs
            .iter()
            .map(|h| u64::from(h.rank().value_bits()))
            .sum()
    });
    row(
        "random 7-card hands from pre-built values",
        "M hands/s",
        N as f64 / t_ours / 1e6,
        N as f64 / t_rs / 1e6,
    );
    let (t_batch, s_batch) = best_passes(|| {
        let mut sum = 0u64;
        Hand::evaluate_slice_with(&built_ours, |_, v| sum += u64::from(v.value()));
        sum
    });
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    row(
        "  the same, Hand::evaluate_slice_with",
        "M hands/s",
        N as f64 / t_batch / 1e6,
        N as f64 / t_rs / 1e6,
    );
    // Streamed from memory: 4 M hands (48 MB pre-built, 28 MB as card lists), one pass each.
    let big = random_hands(1 << 22, 7, 2);
    let big_lists: Vec<[Card; 7]> = big.iter().filter_map(|h| h[..].try_into().ok()).collect();
    let big_built: Vec<Hand> = big_lists.iter().map(|h| Hand::from_cards(h)).collect();
    drop(big);
    let nb = big_lists.len() as f64;
    let (t_each, s_each) = best(|| {
        big_lists
            .iter()
            .map(|h| u64::from(Hand::from_cards(h).evaluate().value()))
            .sum()
    });
    let (t_batch, s_batch) = best(|| {
        let mut sum = 0u64;
        Hand::evaluate_lists_with(&big_lists, |_, v| sum += u64::from(v.value()));
        sum
    });
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    row(
        "4 M card lists streamed: batch / per hand",
        "M hands/s",
        nb / t_batch / 1e6,
        nb / t_each / 1e6,
    );
    let (t_each, s_each) = best(|| {
        big_built
            .iter()
            .map(|h| u64::from(h.evaluate().value()))
            .sum()
    });
    let (t_batch, s_batch) = best(|| {
        let mut sum = 0u64;
        Hand::evaluate_slice_with(&big_built, |_, v| sum += u64::from(v.value()));
        sum
    });
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    row(
        "4 M pre-built hands streamed: batch / per hand",
        "M hands/s",
        nb / t_batch / 1e6,
        nb / t_each / 1e6,
    );

    // Same order on every hand: both evaluators agree on which of two hands wins.
    let agree = built_ours
        .windows(2)
        .zip(built_rs.windows(2))
        .all(|(a, b)| a[0].evaluate().cmp(&a[1].evaluate()) == b[0].rank().cmp(&b[1].rank()));
    assert!(agree, "tavolo and rs_poker disagree on a comparison");

    // 3. All 133,784,560 seven-card hands, enumerated incrementally.
    let deck_ours: Vec<Card> = Card::all().collect();
    let deck_rs: Vec<rsp::Card> = deck_ours.iter().map(|&c| rs_card(c)).collect();
    let enumerate_ours = || {
        let d = &deck_ours;
        let mut sum = 0u64;
        for a in 0..52 {
            let ha = Hand::new() + d[a];
            for b in a + 1..52 {
                let hb = ha + d[b];
                for c in b + 1..52 {
                    let hc = hb + d[c];
                    for e in c + 1..52 {
                        let he = hc + d[e];
                        for f in e + 1..52 {
                            let hf = he + d[f];
                            for g in f + 1..52 {
                                let hg = hf + d[g];
                                for h in g + 1..52 {
                                    sum += u64::from((hg + d[h]).evaluate().value());
                                }
                            }
                        }
                    }
                }
            }
        }
        sum
    };
    // The same enumeration with the last card through `for_each_next_card`.
    let enumerate_ours_shared = || {
        let d = &deck_ours;
        let mut sum = 0u64;
        for a in 0..52 {
            let ha = Hand::new() + d[a];
            for b in a + 1..52 {
                let hb = ha + d[b];
                for c in b + 1..52 {
                    let hc = hb + d[c];
                    for e in c + 1..52 {
                        let he = hc + d[e];
                        for f in e + 1..52 {
                            let hf = he + d[f];
                            for g in f + 1..51 {
                                let above =
                                    CardSet::from_bits(CardSet::FULL.bits() & !((2u64 << g) - 1))
                                        .unwrap_or(CardSet::EMPTY);
                                (hf + d[g])
                                    .for_each_next_card(above, |_, v| sum += u64::from(v.value()));
                            }
                        }
                    }
                }
            }
        }
        sum
    };
    let enumerate_rs = || {
        let d = &deck_rs;
        let mut sum = 0u64;
        for a in 0..52 {
            let ha = rsp::SevenCardAccum::new() + d[a];
            for b in a + 1..52 {
                let hb = ha + d[b];
                for c in b + 1..52 {
                    let hc = hb + d[c];
                    for e in c + 1..52 {
                        let he = hc + d[e];
                        for f in e + 1..52 {
                            let hf = he + d[f];
                            for g in f + 1..52 {
                                let hg = hf + d[g];
                                for h in g + 1..52 {
                                    sum += u64::from((hg + d[h]).rank().value_bits());
                                }
                            }
                        }
                    }
                }
            }
        }
        sum
    };
    let (t_ours, s_plain) = best(enumerate_ours);
    let (t_shared, s_shared) = best(enumerate_ours_shared);
    assert_eq!(s_plain, s_shared, "both enumerations see the same hands");
    let (t_rs, _) = best(enumerate_rs);
    row(
        "all 133,784,560 7-card hands, each evaluated",
        "ms",
        t_ours * 1e3,
        t_rs * 1e3,
    );
    row(
        "all 7-card hands, last card shared by rank",
        "ms",
        t_shared * 1e3,
        t_rs * 1e3,
    );

    // 4. Saint Poker: exactly two own cards + three of five centre cards.
    let saint = random_hands(N, 7, 3);
    let centres: Vec<(Centre, Card, Card)> = saint
        .iter()
        .map(|h| (Centre::new(&h[2..7]).unwrap(), h[0], h[1]))
        .collect();
    let (t_ours, _) = best_passes(|| {
        centres
            .iter()
            .map(|(c, a, b)| u64::from(c.evaluate(*a, *b).value()))
            .sum()
    });
    let omaha: Vec<rs_poker::omaha::OmahaHand> = saint
        .iter()
        .map(|h| {
            let hole: rsp::CardBitSet = h[..2]
                .iter()
                .map(|&c| rs_card(c))
                .collect::<Vec<_>>()
                .into_iter()
                .fold(rsp::CardBitSet::new(), |mut s, c| {
                    s.insert(c);
                    s
                });
            let board: rsp::CardBitSet =
                h[2..]
                    .iter()
                    .map(|&c| rs_card(c))
                    .fold(rsp::CardBitSet::new(), |mut s, c| {
                        s.insert(c);
                        s
                    });
            rs_poker::omaha::OmahaHand::new(hole, board).unwrap()
        })
        .collect();
    let (t_rs, _) = best_passes(|| omaha.iter().map(|h| u64::from(h.rank().value_bits())).sum());
    let n = N as f64;
    row(
        "Saint 2+3, centre prepared per evaluation",
        "M evals/s",
        n / t_ours / 1e6,
        n / t_rs / 1e6,
    );
    // A new centre for every evaluation (Centre::new on each deal), against rs_poker building
    // its Omaha hand from the same two card sets each time.
    let (t_new, _) = best_passes(|| {
        saint
            .iter()
            .map(|h| match Centre::new(&h[2..7]) {
                Ok(c) => u64::from(c.evaluate(h[0], h[1]).value()),
                Err(_) => 0,
            })
            .sum()
    });
    let sets: Vec<(rsp::CardBitSet, rsp::CardBitSet)> = saint
        .iter()
        .map(|h| {
            let set = |cs: &[Card]| {
                cs.iter().fold(rsp::CardBitSet::new(), |mut s, &c| {
                    s.insert(rs_card(c));
                    s
                })
            };
            (set(&h[..2]), set(&h[2..]))
        })
        .collect();
    let (t_rs_new, _) = best_passes(|| {
        sets.iter()
            .map(
                |&(hole, board)| match rs_poker::omaha::OmahaHand::new(hole, board) {
                    Ok(h) => u64::from(h.rank().value_bits()),
                    Err(_) => 0,
                },
            )
            .sum()
    });
    row(
        "Saint 2+3, a new centre every deal",
        "M deals/s",
        n / t_new / 1e6,
        n / t_rs_new / 1e6,
    );
    // The realistic case: one centre per round shared by four players.
    let (t_shared, _) = best_passes(|| {
        let mut sum = 0u64;
        // Four players' own cards: this deal's and the next three deals' first two cards.
        for (i, h) in saint.iter().enumerate() {
            let Ok(c) = Centre::new(&h[2..7]) else {
                continue;
            };
            for p in 0..4 {
                let own = &saint[(i + p) % N];
                sum += u64::from(c.evaluate(own[0], own[1]).value());
            }
        }
        sum
    });
    let (t_rs_shared, _) = best_passes(|| {
        omaha
            .iter()
            .map(|h| 4 * u64::from(h.rank().value_bits()))
            .sum()
    });
    row(
        "Saint 2+3, one centre per 4 players",
        "M evals/s",
        4.0 * n / t_shared / 1e6,
        n / t_rs_shared / 1e6,
    );

    // 5. Heads-up pre-flop equity over all 1,712,304 boards, one core.
    println!();
    println!(
        "{:<44} {:>12}",
        "exact heads-up pre-flop equity (1 thread)", "ms"
    );
    for (a, b) in [("AsAh", "KdKc"), ("AhKh", "QsQd"), ("7c2d", "8h9h")] {
        let h = |s: &str| {
            let v = parse_cards(s).unwrap();
            Holding::Known([v[0], v[1]])
        };
        let q = EquityQuery::new(vec![h(a), h(b)], vec![], CardSet::EMPTY, Game::Holdem).unwrap();
        let (t, _) = best(|| q.exact_single_thread().wins[0]);
        let r = q.exact_single_thread();
        println!(
            "{:<44} {:>12.3}   ({} / {} / {})",
            format!("{a} v {b}"),
            t * 1e3,
            r.wins[0],
            r.losses[0],
            r.ties[0]
        );
    }
}
