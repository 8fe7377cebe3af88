//! Evaluator speed, Tavolo and rs_poker 5.0.0 side by side on the same pre-generated inputs.
//!
//! Run with `cargo bench -p tavolo-cards --bench evaluator` (portable) or with
//! `RUSTFLAGS="-C target-cpu=native"` for the native figures. Each figure is the best of several
//! repetitions on one thread; the checksums keep the compiler from skipping work and show that
//! both evaluators ordered the same hands the same way. The batch rows (`Hand::evaluate_lists_with`,
//! `Hand::evaluate_slice_with`) are compared with rs_poker too, and the streamed rows with
//! Tavolo's own per-hand loop (the right-hand column there).
// The measured enumeration is one loop nest, `sum_over_sixes`, inlined into each use (not the
// tests' helpers): a shared, recursive enumeration would put a call in the loop being timed.

use std::hint::black_box;
use std::ops::Add;
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

/// The same cards as an rs_poker card set.
fn rs_set(cards: &[Card]) -> rsp::CardBitSet {
    cards.iter().fold(rsp::CardBitSet::new(), |mut s, &c| {
        s.insert(rs_card(c));
        s
    })
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

/// A closure summing `value` over `items`, for [`best`] and [`best_passes`].
fn summing<'a, T>(items: &'a [T], value: impl Fn(&T) -> u64 + 'a) -> impl FnMut() -> u64 + 'a {
    move || items.iter().map(&value).sum()
}

/// Tavolo's batch evaluator over card lists, summed.
fn lists_batch(lists: &[[Card; 7]]) -> u64 {
    let mut sum = 0u64;
    Hand::evaluate_lists_with(lists, |_, v| sum += u64::from(v.value()));
    sum
}

/// Tavolo's batch evaluator over pre-built hands, summed.
fn slice_batch(hands: &[Hand]) -> u64 {
    let mut sum = 0u64;
    Hand::evaluate_slice_with(hands, |_, v| sum += u64::from(v.value()));
    sum
}

/// The sum of `each(six, position of the sixth)` over every six cards of `deck` in increasing
/// positions added to `start`, the sixth below position `below`. Inlined, and `each` returns
/// its part of the sum, so the timed loops hold no call and keep their sums in registers.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // index loops read best in exhaustive enumerations
fn sum_over_sixes<H, C>(start: H, deck: &[C], below: usize, each: impl Fn(H, usize) -> u64) -> u64
where
    H: Copy + Add<C, Output = H>,
    C: Copy,
{
    let mut sum = 0u64;
    for a in 0..52 {
        let ha = start + deck[a];
        for b in a + 1..52 {
            let hb = ha + deck[b];
            for c in b + 1..52 {
                let hc = hb + deck[c];
                for e in c + 1..52 {
                    let he = hc + deck[e];
                    for f in e + 1..52 {
                        let hf = he + deck[f];
                        for g in f + 1..below {
                            sum += each(hf + deck[g], g);
                        }
                    }
                }
            }
        }
    }
    sum
}

/// A row of rates: `n` items in `ours` and `theirs` seconds, in millions a second.
fn rate_row(what: &str, unit: &str, n: f64, ours: f64, theirs: f64) {
    row(what, unit, n / ours / 1e6, n / theirs / 1e6);
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
    let n = N as f64;
    let from_list = |h: &[Card; 7]| u64::from(Hand::from_cards(h).evaluate().value());
    let from_built = |h: &Hand| u64::from(h.evaluate().value());
    let (t_ours, _) = best_passes(summing(&flat_ours, from_list));
    // One rank per hand, as for Tavolo (rs_poker's `Rank` exposes its in-category bits).
    let (t_rs, _) = best_passes(summing(&flat_rs, |h| u64::from(h[..].rank().value_bits())));
    let what = "random 7-card hands from card lists";
    rate_row(what, "M hands/s", n, t_ours, t_rs);
    // The same lists through the batch evaluator (AVX-512 where the CPU has it).
    let (t_batch, s_batch) = best_passes(|| lists_batch(&flat_ours));
    let (_, s_each) = best_passes(summing(&flat_ours, from_list));
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    let what = "  the same, Hand::evaluate_lists_with";
    rate_row(what, "M hands/s", n, t_batch, t_rs);

    // 2. From pre-built hand values.
    let built_ours: Vec<Hand> = flat_ours.iter().map(|h| Hand::from_cards(h)).collect();
    let built_rs: Vec<rsp::SevenCardAccum> = flat_rs
        .iter()
        .map(|h| h.iter().fold(rsp::SevenCardAccum::new(), |a, &c| a + c))
        .collect();
    let (t_ours, _) = best_passes(summing(&built_ours, from_built));
    let (t_rs, _) = best_passes(summing(&built_rs, |h| u64::from(h.rank().value_bits())));
    let what = "random 7-card hands from pre-built values";
    rate_row(what, "M hands/s", n, t_ours, t_rs);
    let (t_batch, s_batch) = best_passes(|| slice_batch(&built_ours));
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    let what = "  the same, Hand::evaluate_slice_with";
    rate_row(what, "M hands/s", n, t_batch, t_rs);
    // Streamed from memory: 4 M hands (48 MB pre-built, 28 MB as card lists), one pass each.
    let big = random_hands(1 << 22, 7, 2);
    let big_lists: Vec<[Card; 7]> = big.iter().filter_map(|h| h[..].try_into().ok()).collect();
    let big_built: Vec<Hand> = big_lists.iter().map(|h| Hand::from_cards(h)).collect();
    drop(big);
    let nb = big_lists.len() as f64;
    let (t_each, s_each) = best(summing(&big_lists, from_list));
    let (t_batch, s_batch) = best(|| lists_batch(&big_lists));
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    let what = "4 M card lists streamed: batch / per hand";
    rate_row(what, "M hands/s", nb, t_batch, t_each);
    let (t_each, s_each) = best(summing(&big_built, from_built));
    let (t_batch, s_batch) = best(|| slice_batch(&big_built));
    assert_eq!(s_batch, s_each, "batch and per-hand values differ");
    let what = "4 M pre-built hands streamed: batch / per hand";
    rate_row(what, "M hands/s", nb, t_batch, t_each);

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
        sum_over_sixes(Hand::new(), &deck_ours, 52, |six, g| {
            let sevenths = deck_ours[g + 1..].iter();
            sevenths
                .map(|&c| u64::from((six + c).evaluate().value()))
                .sum()
        })
    };
    // The same enumeration with the last card through `for_each_next_card`.
    let enumerate_ours_shared = || {
        sum_over_sixes(Hand::new(), &deck_ours, 51, |six, g| {
            let above = CardSet::from_bits(CardSet::FULL.bits() & !((2u64 << g) - 1))
                .unwrap_or(CardSet::EMPTY);
            let mut sum = 0u64;
            six.for_each_next_card(above, |_, v| sum += u64::from(v.value()));
            sum
        })
    };
    let enumerate_rs = || {
        sum_over_sixes(rsp::SevenCardAccum::new(), &deck_rs, 52, |six, g| {
            let sevenths = deck_rs[g + 1..].iter();
            sevenths
                .map(|&c| u64::from((six + c).rank().value_bits()))
                .sum()
        })
    };
    let (t_ours, s_plain) = best(enumerate_ours);
    let (t_shared, s_shared) = best(enumerate_ours_shared);
    assert_eq!(s_plain, s_shared, "both enumerations see the same hands");
    let (t_rs, _) = best(enumerate_rs);
    let what = "all 133,784,560 7-card hands, each evaluated";
    row(what, "ms", t_ours * 1e3, t_rs * 1e3);
    let what = "all 7-card hands, last card shared by rank";
    row(what, "ms", t_shared * 1e3, t_rs * 1e3);

    // 4. Saint Poker: exactly two own cards + three of five centre cards.
    let saint = random_hands(N, 7, 3);
    let centres: Vec<(Centre, Card, Card)> = saint
        .iter()
        .map(|h| (Centre::new(&h[2..7]).unwrap(), h[0], h[1]))
        .collect();
    let (t_ours, _) = best_passes(summing(&centres, |(c, a, b)| {
        u64::from(c.evaluate(*a, *b).value())
    }));
    let sets: Vec<(rsp::CardBitSet, rsp::CardBitSet)> = saint
        .iter()
        .map(|h| (rs_set(&h[..2]), rs_set(&h[2..])))
        .collect();
    let omaha: Vec<rs_poker::omaha::OmahaHand> = sets
        .iter()
        .map(|&(hole, board)| rs_poker::omaha::OmahaHand::new(hole, board).unwrap())
        .collect();
    let (t_rs, _) = best_passes(summing(&omaha, |h| u64::from(h.rank().value_bits())));
    let what = "Saint 2+3, centre prepared per evaluation";
    rate_row(what, "M evals/s", n, t_ours, t_rs);
    // A new centre for every evaluation (Centre::new on each deal), against rs_poker building
    // its Omaha hand from the same two card sets each time.
    let (t_new, _) = best_passes(summing(&saint, |h| match Centre::new(&h[2..7]) {
        Ok(c) => u64::from(c.evaluate(h[0], h[1]).value()),
        Err(_) => 0,
    }));
    let (t_rs_new, _) =
        best_passes(summing(
            &sets,
            |&(hole, board)| match rs_poker::omaha::OmahaHand::new(hole, board) {
                Ok(h) => u64::from(h.rank().value_bits()),
                Err(_) => 0,
            },
        ));
    rate_row(
        "Saint 2+3, a new centre every deal",
        "M deals/s",
        n,
        t_new,
        t_rs_new,
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
    let (t_rs_shared, _) = best_passes(summing(&omaha, |h| 4 * u64::from(h.rank().value_bits())));
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
