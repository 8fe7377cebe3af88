//! The AVX-512 passes of the batch evaluator (see the parent module): sixteen hands' rank keys
//! and suit counters built in vector registers, the flush hands compressed into a list.

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
