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
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi32, _mm512_and_si512, _mm512_loadu_si512, _mm512_mask_blend_epi32,
        _mm512_maskz_compress_epi32, _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8,
        _mm512_mullo_epi32, _mm512_permutex2var_epi32, _mm512_permutexvar_epi32, _mm512_set1_epi32,
        _mm512_setr_epi32, _mm512_setzero_si512, _mm512_slli_epi32, _mm512_sllv_epi32,
        _mm512_srli_epi32, _mm512_storeu_si512, _mm512_test_epi32_mask, _mm_prefetch, _MM_HINT_T0,
    };

    use super::{drive, Flushes, CHUNK};
    use crate::card::Card;
    use crate::gen;
    use crate::hand::{rank_lookup, Hand, FLUSH_BITS, RANK_SHIFT, SUIT_START};
    use crate::tables;

    pub(super) fn hands_available() -> bool {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("popcnt")
    }

    pub(super) fn lists_available() -> bool {
        hands_available()
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512vbmi")
    }

    /// `0, 1, ..., 15`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn lanes() -> __m512i {
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    }

    /// Ends a step of sixteen hands (positions `16 s` to `16 s + 15` of the chunk): stores
    /// their rank keys, cut to 25 bits, at `flushes.keys[16 s..]`, and adds the positions of
    /// those whose suit counters `counters` show a flush to `flushes`, compressed into a row
    /// with no branch.
    #[inline]
    #[target_feature(enable = "avx512f,popcnt")]
    fn keep(s: usize, rank_keys: __m512i, counters: __m512i, flushes: &mut Flushes) {
        let k = _mm512_and_si512(rank_keys, _mm512_set1_epi32(gen::KEY_MASK as i32));
        if let Some(keys) = flushes.keys.get_mut(16 * s..16 * s + 16) {
            // SAFETY: 16 u32, 64 bytes, written unaligned.
            unsafe { _mm512_storeu_si512(keys.as_mut_ptr().cast::<__m512i>(), k) };
        }
        let flush = _mm512_test_epi32_mask(counters, _mm512_set1_epi32(FLUSH_BITS as i32));
        let at = _mm512_add_epi32(lanes(), _mm512_set1_epi32(16 * s as i32));
        // The list holds at most one position per hand before this step: 16 more fit.
        if let Some(row) = flushes.at.get_mut(flushes.n..flushes.n + 16) {
            let row = row.as_mut_ptr().cast::<__m512i>();
            // SAFETY: 16 u32, 64 bytes, written unaligned.
            unsafe { _mm512_storeu_si512(row, _mm512_maskz_compress_epi32(flush, at)) };
        }
        flushes.n += flush.count_ones() as usize;
    }

    /// The values of the first `n` rank keys of `keys` into `values`: one loop of scalar loads
    /// after the vector steps (two gathers measured slower, and so did taking the keys out of
    /// the vector registers one by one). Out of line and compiled without AVX-512, so that it
    /// stays scalar.
    ///
    /// # Safety
    ///
    /// Each of the first `n` keys is below 2^25 (as [`keep`] leaves them).
    #[inline(never)]
    unsafe fn look_up(keys: &[u32; CHUNK], values: &mut [u16; CHUNK], n: usize) {
        let value = |k: u32| {
            debug_assert!(k <= gen::KEY_MASK);
            // `gen::slot`'s formula without its cut to 25 bits, which the keys already are:
            // calling `rank_lookup` here measured 5-8 % slower on pre-built hands in cache.
            // SAFETY: `k < 2^25` (the caller's promise), so `k >> ROW_SHIFT < 2^12 = ROWS`,
            // and the slot of a 25-bit key is inside the rank table (`rank_lookup`'s argument).
            unsafe {
                let start = *tables::ROW_STARTS.get_unchecked((k >> gen::ROW_SHIFT) as usize);
                let slot = gen::ROW_ALIGN * usize::from(start) + (k & gen::COLUMNS) as usize;
                debug_assert_eq!(slot, gen::slot(k, &tables::ROW_STARTS));
                *tables::COMBINED.get_unchecked(slot)
            }
        };
        // Four at a time (`n` is a multiple of 16).
        for (v, k) in values
            .chunks_exact_mut(4)
            .zip(keys.chunks_exact(4))
            .take(n / 4)
        {
            if let ([v0, v1, v2, v3], [k0, k1, k2, k3]) = (v, k) {
                *v0 = value(*k0);
                *v1 = value(*k1);
                *v2 = value(*k2);
                *v3 = value(*k3);
            }
        }
    }

    /// How far ahead of a step its input is prefetched: streamed from memory, the hardware
    /// prefetcher alone left the loop waiting (in cache, the prefetches cost little). 2 KiB
    /// (about eleven steps of pre-built hands, eighteen of card lists): 1 KiB was enough until
    /// the steps got shorter, then left pre-built hands streamed about a tenth slower.
    const AHEAD: usize = 2048;

    /// Asks for the `lines` cache lines `AHEAD` bytes past `p` (an address past the input's
    /// end is harmless: a prefetch never faults).
    #[inline(always)]
    fn prefetch(p: *const i8, lines: usize) {
        for l in 0..lines {
            // SAFETY: a prefetch reads nothing into the program and never faults; the address
            // is computed with wrapping arithmetic.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(AHEAD + 64 * l)) };
        }
    }

    /// The hands of a chunk past its last full step of sixteen, one by one (no branch).
    #[inline(always)]
    fn tail<T>(
        rest: &[T],
        done: usize,
        key: impl Fn(&T) -> u64,
        values: &mut [u16; CHUNK],
        flushes: &mut Flushes,
    ) {
        for (i, (item, v)) in rest.iter().zip(values.iter_mut().skip(done)).enumerate() {
            let k = key(item);
            *v = rank_lookup((k >> RANK_SHIFT) as u32);
            flushes.note(done + i, k & FLUSH_BITS != 0);
        }
    }

    /// Sixteen pre-built hands to a step: their keys' high halves (the rank sum) and low
    /// halves (the suit counters) picked out of 192 bytes by two-register permutes.
    #[target_feature(enable = "avx512f,popcnt")]
    fn hands_first(hands: &[Hand], values: &mut [u16; CHUNK], flushes: &mut Flushes) {
        let triple = _mm512_mullo_epi32(lanes(), _mm512_set1_epi32(3));
        // Hand h's key is dwords 3h (low) and 3h + 1 (high) of the 48: hands 0-10 lie in the
        // first two registers, hands 5-15 in the last two.
        let lo_ab = triple;
        let hi_ab = _mm512_add_epi32(triple, _mm512_set1_epi32(1));
        let lo_bc = _mm512_add_epi32(triple, _mm512_set1_epi32(-16));
        let hi_bc = _mm512_add_epi32(triple, _mm512_set1_epi32(-15));
        let from_bc = 0xf800; // hands 11-15
        let mut steps = hands.chunks_exact(16);
        for (s, step) in (&mut steps).enumerate() {
            let p = step.as_ptr().cast::<__m512i>();
            prefetch(p.cast::<i8>(), 3);
            // SAFETY: sixteen hands of 12 bytes (`Hand` is `repr(C, packed(4))`, no padding):
            // 192 bytes, three unaligned 64-byte loads.
            let (a, b, c) = unsafe {
                (
                    _mm512_loadu_si512(p),
                    _mm512_loadu_si512(p.add(1)),
                    _mm512_loadu_si512(p.add(2)),
                )
            };
            let lo = _mm512_mask_blend_epi32(
                from_bc,
                _mm512_permutex2var_epi32(a, lo_ab, b),
                _mm512_permutex2var_epi32(b, lo_bc, c),
            );
            let hi = _mm512_mask_blend_epi32(
                from_bc,
                _mm512_permutex2var_epi32(a, hi_ab, b),
                _mm512_permutex2var_epi32(b, hi_bc, c),
            );
            let rank_keys = _mm512_srli_epi32::<{ RANK_SHIFT - 32 }>(hi);
            keep(s, rank_keys, lo, flushes);
        }
        let done = hands.len() - steps.remainder().len();
        // SAFETY: `keep` wrote the first `done` keys, cut to 25 bits.
        unsafe { look_up(&flushes.keys, values, done) };
        tail(steps.remainder(), done, |h| h.key, values, flushes);
    }

    /// [`super::hands_with`] with the AVX-512 first pass.
    #[target_feature(enable = "avx512f,popcnt")]
    pub(super) fn hands(hands: &[Hand], emit: impl FnMut(usize, &[u16])) {
        drive(hands, |h, v, f| hands_first(h, v, f), super::own, emit);
    }

    /// Rank keys of the thirteen ranks, in the first 13 of 16 lanes.
    static RANK_KEYS: [u32; 16] = {
        let mut k = [0u32; 16];
        let mut r = 0;
        while r < 13 {
            k[r] = gen::RANK_KEYS[r];
            r += 1;
        }
        k
    };

    /// Sixteen lists of N cards (5 to 7) to a step: for each card, one byte permute puts the
    /// sixteen lists' card indices in sixteen lanes; a lane permute gives their rank keys and a
    /// variable shift their suit counters' ones.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
    fn lists_first<const N: usize>(
        lists: &[[Card; N]],
        values: &mut [u16; CHUNK],
        flushes: &mut Flushes,
    ) {
        // SAFETY: a 16-lane u32 table of 64 bytes, read unaligned.
        let ranks = unsafe { _mm512_loadu_si512(RANK_KEYS.as_ptr().cast::<__m512i>()) };
        let first = _mm512_mullo_epi32(lanes(), _mm512_set1_epi32(N as i32));
        // The bytes past the first 64 of a step's 16 N (80 to 112).
        let high = u64::MAX >> (128 - 16 * N.clamp(5, 7));
        // The loads below read 16 N bytes, 64 of them at once: N is 5 to 7 (the caller checks).
        let mut steps = lists.chunks_exact(if (5..=7).contains(&N) { 16 } else { CHUNK + 1 });
        for (s, step) in (&mut steps).enumerate() {
            let p = step.as_ptr().cast::<u8>();
            prefetch(p.cast::<i8>(), 2);
            // SAFETY: `Card` is `repr(transparent)` over its index byte, so sixteen lists are
            // 16 N bytes (80 to 112): one 64-byte load and one masked load of the rest (masked
            // bytes are not read).
            let (a, b) = unsafe {
                (
                    _mm512_loadu_si512(p.cast::<__m512i>()),
                    _mm512_maskz_loadu_epi8(high, p.add(64).cast::<i8>()),
                )
            };
            let mut rank_keys = _mm512_setzero_si512();
            let mut counters = _mm512_set1_epi32(SUIT_START as i32);
            for j in 0..N {
                // Byte 4 h of the lanes: card j of list h (byte N h + j); the others 0.
                let at = _mm512_add_epi32(first, _mm512_set1_epi32(j as i32));
                let card = _mm512_maskz_permutex2var_epi8(0x1111_1111_1111_1111, a, at, b);
                let rank = _mm512_srli_epi32::<2>(card);
                rank_keys = _mm512_add_epi32(rank_keys, _mm512_permutexvar_epi32(rank, ranks));
                let suit = _mm512_and_si512(card, _mm512_set1_epi32(3));
                let one = _mm512_sllv_epi32(_mm512_set1_epi32(1), _mm512_slli_epi32::<2>(suit));
                counters = _mm512_add_epi32(counters, one);
            }
            keep(s, rank_keys, counters, flushes);
        }
        let done = lists.len() - steps.remainder().len();
        // SAFETY: `keep` wrote the first `done` keys, cut to 25 bits.
        unsafe { look_up(&flushes.keys, values, done) };
        tail(
            steps.remainder(),
            done,
            |l| Hand::from_cards(l).key,
            values,
            flushes,
        );
    }

    /// [`super::lists_with`] with the AVX-512 first pass (N is 5 to 7).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,popcnt")]
    pub(super) fn lists<const N: usize>(lists: &[[Card; N]], emit: impl FnMut(usize, &[u16])) {
        drive(lists, |l, v, f| lists_first(l, v, f), super::of_list, emit);
    }
}

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
