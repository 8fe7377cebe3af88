//! Evaluating many hands in a row: the same values as [`Hand::evaluate`], sixteen hands at a
//! time where the processor allows it.
//!
//! Hands go in chunks of [`CHUNK`]. On an x86-64 processor with AVX-512 (detected at run time,
//! so a portable build uses it too; compiled by Rust 1.89 or later), a first pass builds sixteen
//! hands' rank keys and suit counters in vector registers — card lists straight from their card
//! bytes, with no table load per card; pre-built hands picked out of their 12-byte layout — and a
//! scalar loop looks up their rank-table values, all without a data-dependent branch: the flush
//! test sets a lane of a mask, and the positions of the flush hands are compressed into a short
//! list. A second pass over that list (one hand in about thirty has five or more cards of a
//! suit) corrects those values from the flush table.
//!
//! Elsewhere each hand is evaluated on its own, as [`Hand::evaluate`] does. A portable version
//! of the two passes (rank lookups and a flush list or bit mask per hand, then the fix-up pass)
//! measured slower than that on the machine measured: the extra stores and passes cost more than
//! the flush branch's mispredictions they save.

use super::Hand;
use crate::card::Card;
use crate::rank::HandRank;

/// Hands evaluated together: their values stay on the stack between the passes.
const CHUNK: usize = 256;
/// The positions in a chunk of the hands whose first-pass value is to be replaced by their
/// flush value, `at[..n]`; and room for a first pass's rank keys.
struct Flushes {
    at: [u32; CHUNK],
    n: usize,
    #[cfg_attr(not(all(target_arch = "x86_64", tavolo_avx512)), allow(dead_code))]
    keys: [u32; CHUNK],
}

impl Flushes {
    /// Adds position `i` if `flush` (no branch: the position is written either way).
    #[cfg(all(target_arch = "x86_64", tavolo_avx512))]
    #[inline(always)]
    fn note(&mut self, i: usize, flush: bool) {
        if let Some(a) = self.at.get_mut(self.n) {
            *a = i as u32;
        }
        self.n = (self.n + usize::from(flush)).min(CHUNK);
    }
}

/// Runs the passes over `items`, chunk by chunk: `first` writes every value of a chunk (a flush
/// hand's possibly wrong) and notes the flush hands; their values are then corrected through
/// `hand`; `emit` gets each chunk's first position and values.
#[inline(always)]
fn drive<T>(
    items: &[T],
    mut first: impl FnMut(&[T], &mut [u16; CHUNK], &mut Flushes),
    hand: impl Fn(&T) -> Hand,
    mut emit: impl FnMut(usize, &[u16]),
) {
    let mut values = [0u16; CHUNK];
    let mut flushes = Flushes {
        at: [0; CHUNK],
        n: 0,
        keys: [0; CHUNK],
    };
    for (c, items) in items.chunks(CHUNK).enumerate() {
        flushes.n = 0;
        first(items, &mut values, &mut flushes);
        fix(items, &mut values, &flushes, &hand);
        emit(c * CHUNK, &values[..items.len()]);
    }
}

/// Replaces the values of a chunk's flush hands by their flush values: one loop over the few
/// flush hands, so the one branch no predictor knows (where it ends) is taken once a chunk; out
/// of line, so that the vector loop around it keeps its registers.
#[inline(never)]
fn fix<T>(items: &[T], values: &mut [u16; CHUNK], flushes: &Flushes, hand: &impl Fn(&T) -> Hand) {
    for &i in flushes.at.iter().take(flushes.n) {
        let i = i as usize;
        if let (Some(item), Some(v)) = (items.get(i), values.get_mut(i)) {
            *v = hand(item).flush_value();
        }
    }
}

/// A pre-built hand as itself: a function item rather than a closure, so that [`fix`] inlines
/// it (a closure written inside a `target_feature` function carries those features, and a
/// function compiled without them cannot inline it).
#[inline(always)]
fn own(h: &Hand) -> Hand {
    *h
}

/// The hand of a card list, as [`own`] is for pre-built hands.
#[inline(always)]
fn of_list<const N: usize>(l: &[Card; N]) -> Hand {
    Hand::from_cards(l)
}

/// The portable first pass: every hand evaluated on its own (no flush left to correct).
#[inline(always)]
fn each<T>(items: &[T], values: &mut [u16; CHUNK], hand: impl Fn(&T) -> Hand) {
    for (item, v) in items.iter().zip(values.iter_mut()) {
        *v = hand(item).evaluate().value();
    }
}

/// The values of `hands`, chunk by chunk, through `emit` (see [`drive`]).
fn hands_with(hands: &[Hand], simd: bool, emit: impl FnMut(usize, &[u16])) {
    #[cfg(all(target_arch = "x86_64", tavolo_avx512))]
    if simd && avx512::hands_available() {
        // SAFETY: the processor has the features the function is compiled for.
        return unsafe { avx512::hands(hands, emit) };
    }
    let _ = simd;
    drive(hands, |h, v, _| each(h, v, own), own, emit);
}

/// The values of the hands of `lists`, chunk by chunk, through `emit` (see [`drive`]).
fn lists_with<const N: usize>(lists: &[[Card; N]], simd: bool, emit: impl FnMut(usize, &[u16])) {
    #[cfg(all(target_arch = "x86_64", tavolo_avx512))]
    if simd && (5..=7).contains(&N) && avx512::lists_available() {
        // SAFETY: the processor has the features the function is compiled for, and N is 5 to 7.
        return unsafe { avx512::lists(lists, emit) };
    }
    let _ = simd;
    drive(lists, |l, v, _| each(l, v, of_list), of_list, emit);
}

/// Copies chunk values into `out` at their positions.
fn copy_to(out: &mut [HandRank]) -> impl FnMut(usize, &[u16]) + '_ {
    |start, values| {
        if let Some(out) = out.get_mut(start..) {
            for (o, &v) in out.iter_mut().zip(values) {
                *o = HandRank::from_raw(v);
            }
        }
    }
}

impl Hand {
    /// Evaluates many hands: writes the value of `hands[i]` to `out[i]`, the same value as
    /// `hands[i].evaluate()`; with AVX-512 (x86-64, detected at run time) with no flush branch
    /// per hand and the hands read ahead of use, otherwise as a loop calling [`Hand::evaluate`].
    /// How much that gains depends on the processor, and on a processor where both are bound by
    /// the table lookups it may gain nothing: docs/performance.md ("What the batch functions
    /// gain") has the measurements. Evaluates `hands.len().min(out.len())` hands and returns
    /// that number: when the slices differ in length, the longer one's tail is left alone.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Category, Hand, HandRank};
    /// let hands = [
    ///     Hand::from_cards(&parse_cards("As Ks Qs Js 2s 3d 4c")?),
    ///     Hand::from_cards(&parse_cards("Kh Kd 7s 7c As 2d 3h")?),
    /// ];
    /// let mut values = [HandRank::WORST; 2];
    /// assert_eq!(Hand::evaluate_slice(&hands, &mut values), 2);
    /// assert_eq!(values[0].category(), Category::Flush);
    /// assert_eq!(values[1], hands[1].evaluate());
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn evaluate_slice(hands: &[Hand], out: &mut [HandRank]) -> usize {
        let n = hands.len().min(out.len());
        hands_with(&hands[..n], true, copy_to(out));
        n
    }

    /// Evaluates many hands as [`Hand::evaluate_slice`] does and calls `f` with each hand's
    /// position in `hands` and its value, in order: for when the values are used at once (a
    /// sum, a comparison) and need not be kept.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, Hand};
    /// let board = Hand::from_cards(&parse_cards("Qh 7c 2d Qd 9s")?);
    /// let players = [board + Hand::from_cards(&parse_cards("As Qs")?),
    ///                board + Hand::from_cards(&parse_cards("Kc Kd")?)];
    /// let mut best = (0, None);
    /// Hand::evaluate_slice_with(&players, |i, v| {
    ///     if Some(v) > best.1 {
    ///         best = (i, Some(v));
    ///     }
    /// });
    /// assert_eq!(best.0, 0);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    #[inline]
    pub fn evaluate_slice_with(hands: &[Hand], mut f: impl FnMut(usize, HandRank)) {
        hands_with(hands, true, |start, values| {
            for (i, &v) in values.iter().enumerate() {
                f(start + i, HandRank::from_raw(v));
            }
        });
    }

    /// Evaluates many hands given as lists of `N` cards (5, 6 or 7): writes to `out[i]` the
    /// value of `Hand::from_cards(&lists[i]).evaluate()`; with AVX-512 faster than that (the
    /// cards' keys are added in vector registers, sixteen hands at a time; measured in
    /// docs/performance.md, "What the batch functions gain"). Evaluates
    /// `lists.len().min(out.len())` hands and returns that number, as [`Hand::evaluate_slice`].
    /// A list with a repeated card, or with fewer than five or more than seven cards, gets an
    /// unspecified value (never a panic).
    ///
    /// ```
    /// use tavolo_cards::{Card, Category, Hand, HandRank};
    /// let c = |s: &str| s.parse::<Card>();
    /// let lists = [
    ///     [c("As")?, c("Ks")?, c("Qs")?, c("Js")?, c("Ts")?, c("2d")?, c("3c")?],
    ///     [c("Kh")?, c("Kd")?, c("7s")?, c("7c")?, c("As")?, c("2d")?, c("3h")?],
    ///     [c("9h")?, c("9d")?, c("9s")?, c("5c")?, c("5s")?, c("2d")?, c("3h")?],
    /// ];
    /// let mut values = [HandRank::WORST; 3];
    /// assert_eq!(Hand::evaluate_lists(&lists, &mut values), 3);
    /// assert_eq!(values[0], HandRank::BEST);
    /// assert_eq!(values[1].category(), Category::TwoPair);
    /// assert_eq!(values[2].category(), Category::FullHouse);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn evaluate_lists<const N: usize>(lists: &[[Card; N]], out: &mut [HandRank]) -> usize {
        let n = lists.len().min(out.len());
        lists_with(&lists[..n], true, copy_to(out));
        n
    }

    /// Evaluates many card lists as [`Hand::evaluate_lists`] does and calls `f` with each
    /// list's position in `lists` and its value, in order.
    ///
    /// ```
    /// use tavolo_cards::{Card, Hand};
    /// let deck: Vec<Card> = Card::all().collect();
    /// // Every 7 consecutive cards of the deck: two or three ranks, mostly quads.
    /// let lists: Vec<[Card; 7]> = deck.windows(7).filter_map(|w| w.try_into().ok()).collect();
    /// let mut sum = 0u64;
    /// Hand::evaluate_lists_with(&lists, |_, v| sum += u64::from(v.value()));
    /// let each: u64 = lists.iter().map(|l| u64::from(Hand::from_cards(l).evaluate().value())).sum();
    /// assert_eq!(sum, each);
    /// ```
    #[inline]
    pub fn evaluate_lists_with<const N: usize>(
        lists: &[[Card; N]],
        mut f: impl FnMut(usize, HandRank),
    ) {
        lists_with(lists, true, |start, values| {
            for (i, &v) in values.iter().enumerate() {
                f(start + i, HandRank::from_raw(v));
            }
        });
    }
}

/// The AVX-512 first passes, sixteen hands to a step. Built by Rust 1.89 or later only (the
/// intrinsics' version; `build.rs` sets the cfg), so the lint on the workspace's older minimum
/// is moot here.
#[cfg(all(target_arch = "x86_64", tavolo_avx512))]
#[allow(clippy::incompatible_msrv)]
mod avx512;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::FLUSH_BITS;
    use crate::rng::GameRng;

    /// `n` random lists of 7 distinct cards (a partial shuffle of a running deck).
    fn random_lists(n: usize, seed: u64) -> Vec<[Card; 7]> {
        let mut rng = GameRng::from_u64(seed);
        let mut deck: Vec<Card> = Card::all().collect();
        (0..n)
            .map(|_| {
                let mut l = [deck[0]; 7];
                for (i, c) in l.iter_mut().enumerate() {
                    let j = i + rng.below((52 - i) as u32) as usize;
                    deck.swap(i, j);
                    *c = deck[i];
                }
                l
            })
            .collect()
    }

    fn collect(run: impl FnOnce(&mut dyn FnMut(usize, &[u16]))) -> Vec<u16> {
        let mut all = Vec::new();
        run(&mut |start, values| {
            assert_eq!(start, all.len());
            all.extend_from_slice(values);
        });
        all
    }

    /// Every batch function on `lists` (and their hands), both paths, against `evaluate` per
    /// hand.
    fn check<const N: usize>(lists: &[[Card; N]]) {
        let hands: Vec<Hand> = lists.iter().map(|l| Hand::from_cards(l)).collect();
        let each: Vec<HandRank> = hands.iter().map(|h| h.evaluate()).collect();
        let raw: Vec<u16> = each.iter().map(|v| v.value()).collect();
        for simd in [true, false] {
            let got = collect(|e| hands_with(&hands, simd, e));
            assert!(got == raw, "hands, simd {simd}, {} hands", lists.len());
            let got = collect(|e| lists_with(lists, simd, e));
            assert!(got == raw, "lists, simd {simd}, {} hands", lists.len());
        }
        let mut out = vec![HandRank::WORST; lists.len()];
        assert_eq!(Hand::evaluate_slice(&hands, &mut out), lists.len());
        assert!(out == each, "evaluate_slice, {} hands", lists.len());
        let mut out = vec![HandRank::WORST; lists.len()];
        assert_eq!(Hand::evaluate_lists(lists, &mut out), lists.len());
        assert!(out == each, "evaluate_lists, {} hands", lists.len());
        let mut seen = Vec::with_capacity(lists.len());
        Hand::evaluate_slice_with(&hands, |i, v| seen.push((i, v)));
        assert!(
            seen.iter().copied().eq(each.iter().copied().enumerate()),
            "evaluate_slice_with, {} hands",
            lists.len()
        );
        seen.clear();
        Hand::evaluate_lists_with(lists, |i, v| seen.push((i, v)));
        assert!(
            seen.iter().copied().eq(each.iter().copied().enumerate()),
            "evaluate_lists_with, {} hands",
            lists.len()
        );
    }

    fn is_flush<const N: usize>(l: &[Card; N]) -> bool {
        Hand::from_cards(l).key & FLUSH_BITS != 0
    }

    #[test]
    fn a_million_random_hands_get_their_own_values() {
        let lists = random_lists(1_000_000, 19);
        let flushes = lists.iter().filter(|l| is_flush(l)).count();
        assert!(flushes > 20_000, "{flushes} flushes among a million hands");
        check(&lists);
    }

    #[test]
    fn chunk_boundaries() {
        let lists = random_lists(1100, 5);
        for n in [0, 1, 2, 15, 16, 17, 255, 256, 257, 511, 512, 513, 1100] {
            check(&lists[..n]);
        }
    }

    #[test]
    fn all_flush_and_no_flush_chunks() {
        let lists = random_lists(200_000, 7);
        let (flush, plain): (Vec<[Card; 7]>, Vec<[Card; 7]>) =
            lists.into_iter().partition(is_flush);
        assert!(flush.len() > 2 * CHUNK + 1);
        for n in [1, 16, 255, 256, 257, 2 * CHUNK + 1] {
            check(&flush[..n]);
            check(&plain[..n]);
        }
        check(&flush);
        check(&plain);
        // A chunk that ends on a flush, and one that starts with one, around plain hands.
        let mut mixed = plain[..CHUNK - 1].to_vec();
        mixed.extend_from_slice(&flush[..2]);
        mixed.extend_from_slice(&plain[..CHUNK]);
        check(&mixed);
        // Seven spades in a row: every straight flush of a suit.
        let spades: Vec<Card> = Card::all().filter(|c| c.index() & 3 == 3).collect();
        let all_spades: Vec<[Card; 7]> = spades
            .windows(7)
            .filter_map(|w| w.try_into().ok())
            .collect();
        check(&all_spades);
    }

    #[test]
    fn five_and_six_card_lists() {
        let lists = random_lists(20_000, 11);
        let fives: Vec<[Card; 5]> = lists
            .iter()
            .filter_map(|l| l[..5].try_into().ok())
            .collect();
        let sixes: Vec<[Card; 6]> = lists
            .iter()
            .filter_map(|l| l[..6].try_into().ok())
            .collect();
        check(&fives);
        check(&sixes);
        let flush_fives: Vec<[Card; 5]> = fives.into_iter().filter(is_flush).collect();
        assert!(flush_fives.len() > 20, "{}", flush_fives.len());
        check(&flush_fives);
    }

    #[test]
    fn slices_of_different_lengths_evaluate_the_shorter() {
        let lists = random_lists(300, 3);
        let hands: Vec<Hand> = lists.iter().map(|l| Hand::from_cards(l)).collect();
        let mut short = vec![HandRank::WORST; 10];
        assert_eq!(Hand::evaluate_slice(&hands, &mut short), 10);
        for (h, v) in hands.iter().zip(&short) {
            assert_eq!(h.evaluate(), *v);
        }
        short.fill(HandRank::WORST);
        assert_eq!(Hand::evaluate_lists(&lists, &mut short), 10);
        for (h, v) in hands.iter().zip(&short) {
            assert_eq!(h.evaluate(), *v);
        }
        let mut long = vec![HandRank::WORST; 400];
        assert_eq!(Hand::evaluate_slice(&hands, &mut long), 300);
        assert!(long[..300]
            .iter()
            .zip(&hands)
            .all(|(v, h)| *v == h.evaluate()));
        assert_eq!(Hand::evaluate_lists(&lists, &mut long), 300);
        assert!(long[300..].iter().all(|&v| v == HandRank::WORST));
        assert_eq!(Hand::evaluate_slice(&[], &mut long), 0);
        assert_eq!(Hand::evaluate_lists::<7>(&[], &mut long), 0);
        assert_eq!(Hand::evaluate_slice(&hands, &mut []), 0);
    }

    #[test]
    fn garbage_lists_never_panic() {
        // Repeated cards, the same card seven times, too few or too many cards: unspecified
        // values, but no panic and no read outside the tables or the lists.
        let ace = Card::ALL[51];
        let mut lists: Vec<[Card; 7]> = vec![[ace; 7], [Card::ALL[0]; 7]];
        lists.extend(random_lists(600, 1).into_iter().map(|mut l| {
            l[6] = l[0];
            l
        }));
        for simd in [true, false] {
            assert_eq!(collect(|e| lists_with(&lists, simd, e)).len(), lists.len());
            let twos = vec![[ace, Card::ALL[0]]; 300];
            assert_eq!(collect(|e| lists_with(&twos, simd, e)).len(), 300);
            let nines = vec![[ace; 9]; 300];
            assert_eq!(collect(|e| lists_with(&nines, simd, e)).len(), 300);
        }
        let mut out = vec![HandRank::WORST; lists.len()];
        assert_eq!(Hand::evaluate_lists(&lists, &mut out), lists.len());
    }
}
