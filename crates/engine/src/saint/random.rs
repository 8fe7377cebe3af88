//! The game's random draws, bit-for-bit the same as [`GameRng::below`] and [`GameRng::shuffle`]
//! (so records name those functions), but computing Lemire's rejection threshold — a division —
//! only in the rare case it can matter: the hot path of a simulated game draws a few hundred
//! bounded numbers.

use tavolo_cards::GameRng;

/// A uniformly random integer in `0..n` (0 when `n` ≤ 1); the same values as
/// [`GameRng::below`] from the same generator state.
#[inline]
pub(super) fn below(rng: &mut GameRng, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    loop {
        let m = u64::from(rng.next_u32()) * u64::from(n);
        let low = m as u32;
        // `GameRng::below` accepts when `low >= n.wrapping_neg() % n`; that threshold is below
        // `n`, so any `low >= n` is accepted without computing it.
        if low >= n || low >= n.wrapping_neg() % n {
            return (m >> 32) as u32;
        }
    }
}

/// Fisher–Yates, the same permutation as [`GameRng::shuffle`].
#[inline]
pub(super) fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_draws_as_game_rng() {
        for seed in 0..200 {
            let (mut a, mut b) = (GameRng::from_u64(seed), GameRng::from_u64(seed));
            for n in [0u32, 1, 2, 3, 5, 7, 52, 1000, u32::MAX / 3 * 2, u32::MAX] {
                assert_eq!(below(&mut a, n), b.below(n), "seed {seed}, n {n}");
            }
            let mut x: Vec<u32> = (0..52).collect();
            let mut y = x.clone();
            shuffle(&mut a, &mut x);
            b.shuffle(&mut y);
            assert_eq!(x, y);
        }
    }
}
