//! `GameRng`: the one source of randomness for games — ChaCha20, seeded explicitly for
//! reproducible games or from the operating system by default.
//!
//! Bounded integers are drawn by rejection (Lemire's method), so every value is exactly
//! equally likely; the algorithm is fixed here rather than borrowed from a crate whose
//! implementation may change, so that a published seed always recomputes the same deck.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded ChaCha20 generator.
///
/// ```
/// use tavolo_cards::GameRng;
/// let mut a = GameRng::from_u64(7);
/// let mut b = GameRng::from_u64(7);
/// assert_eq!(a.below(52), b.below(52));
/// ```
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha20Rng);

impl GameRng {
    /// A generator from a full 256-bit seed.
    pub fn from_seed(seed: [u8; 32]) -> GameRng {
        GameRng(ChaCha20Rng::from_seed(seed))
    }

    /// A generator from a 64-bit seed (little-endian in the first 8 bytes, the rest zero).
    pub fn from_u64(seed: u64) -> GameRng {
        let mut s = [0u8; 32];
        s[..8].copy_from_slice(&seed.to_le_bytes());
        GameRng::from_seed(s)
    }

    /// A generator seeded from the operating system.
    pub fn from_os() -> GameRng {
        GameRng(ChaCha20Rng::from_os_rng())
    }

    /// A fresh 256-bit seed from the operating system.
    pub fn os_seed() -> [u8; 32] {
        let mut s = [0u8; 32];
        ChaCha20Rng::from_os_rng().fill_bytes(&mut s);
        s
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniformly random integer in `0..n`; `n` must be at least 1 (0 gives 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // Lemire: multiply-shift, rejecting the few low products that would bias the result.
        // The rejection threshold (a division) is only needed when the low half is below `n`.
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// Shuffles a slice with an unbiased Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut r = GameRng::from_u64(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn lazy_threshold_draws_exactly_what_the_eager_method_draws() {
        let mut a = GameRng::from_u64(3);
        let mut b = GameRng::from_u64(3);
        for i in 0..200_000u32 {
            let spread = (i.wrapping_mul(2_654_435_761) >> 7) % 100_000;
            let n = 1 + spread + if i % 7 == 0 { 3_000_000_000 } else { 0 };
            let eager = if n <= 1 {
                0 // no draw for a single choice, as always
            } else {
                let threshold = n.wrapping_neg() % n;
                loop {
                    let m = u64::from(b.next_u32()) * u64::from(n);
                    if (m as u32) >= threshold {
                        break (m >> 32) as u32;
                    }
                }
            };
            assert_eq!(a.below(n), eager, "n = {n}");
        }
    }

    #[test]
    fn shuffle_reaches_every_position_evenly() {
        // Where the first of four items lands: each of the 4 positions about 1/4 of the time.
        let mut r = GameRng::from_u64(2);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            let mut v = [0, 1, 2, 3];
            r.shuffle(&mut v);
            counts[v.iter().position(|&x| x == 0).unwrap()] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }
}
