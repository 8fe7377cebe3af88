//! `GameRng`: the one source of randomness for games — ChaCha20, seeded explicitly for
//! reproducible games or from the operating system by default.
//!
//! Bounded integers are drawn by rejection (Lemire's method), so every value is exactly
//! equally likely; the algorithm is fixed here rather than borrowed from a crate whose
//! implementation may change, so that a published seed always recomputes the same deck.
//!
//! [`SplitMix64`] is the other generator here: not for dealing, but fast and tiny for what
//! needs many cheap draws (bots' simulations, training) or one seed mixed from others.
//!
//! Every bounded draw of every game goes through this file: [`GameRng::below`] (and
//! [`GameRng::shuffle`], built on it) for Saint Poker and Hold'em, and
//! [`GameRng::fisher_yates_steps`] for Five-Card Draw. The two consume the stream differently, so
//! a game must keep using the one its published seeds were dealt with.

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
    /// The most steps [`GameRng::fisher_yates_steps`] draws from one word for a 52-card deck.
    pub const MAX_STEPS: usize = 11;

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
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniformly random integer in `0..n`; `n` must be at least 1 (0 gives 0). Draws nothing
    /// when `n` ≤ 1, else one 32-bit word (more on a rare rejection).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // Lemire: multiply-shift, rejecting the few low products that would bias the result.
        // The rejection threshold `2³² mod n` (a division) is below `n`, so it is only needed
        // when the low half is below `n` — about n / 2³² of the time — and then only once.
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// Shuffles a slice with an unbiased Fisher–Yates shuffle, from the last index down: item
    /// `i` swaps with item `below(i + 1)`.
    #[inline]
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Fills `out` with the indices of consecutive steps of a Fisher–Yates shuffle of `first`
    /// items, drawn together: `out[i]` is uniform in `0..first - i` (0 once that range is empty),
    /// all independent. Up to [`GameRng::MAX_STEPS`] indices come from one 64-bit word, where
    /// [`GameRng::below`] would draw a word per index (and a different stream: the two are not
    /// interchangeable for a published seed).
    ///
    /// This is Lemire's unbiased multiply-shift with rejection applied to the product
    /// P = first × (first − 1) × …, whose result is decoded digit by digit by successive
    /// multiplications ("batched ranged random integers", Brackett-Rozinsky and Lemire, 2024):
    /// r × P = D × 2⁶⁴ + low, D in mixed radix is the digits, and the word is drawn again when
    /// `low < 2⁶⁴ mod P`. So every sequence of indices is exactly equally likely, and a 31-card
    /// deal takes three words of the ChaCha20 stream instead of 31. (52 × 51 × … × 42 < 2⁶⁴.)
    ///
    /// A call draws one word even when `out` is empty (Five-Card Draw's records depend on it:
    /// a player standing pat used one). Should P not fit in 64 bits (more than
    /// [`GameRng::MAX_STEPS`] steps from 52 items), the indices are drawn one by one
    /// with [`GameRng::below`] instead: still exact, just not batched.
    ///
    /// ```
    /// use tavolo_cards::GameRng;
    /// let mut idx = [0u8; 11];
    /// GameRng::from_u64(1).fisher_yates_steps(52, &mut idx);
    /// assert!(idx.iter().enumerate().all(|(i, &j)| usize::from(j) < 52 - i));
    /// ```
    // Always inlined, so that the multiplications unroll for the batch size at hand (Five-Card
    // Draw deals through it).
    #[inline(always)]
    pub fn fisher_yates_steps(&mut self, first: u8, out: &mut [u8]) {
        if first > 52 || out.len() > Self::MAX_STEPS {
            return self.fisher_yates_steps_checked(u64::from(first), out);
        }
        // Up to MAX_STEPS steps from at most 52 items, P ≤ 52 × 51 × … × 42 < 2⁶⁴ cannot
        // overflow: it is multiplied up along with the digits, in one pass over the steps
        // instead of two (the same P, the same draws).
        let first = u64::from(first);
        loop {
            let mut r = self.next_u64();
            let mut product: u64 = 1;
            for (i, o) in out.iter_mut().enumerate() {
                let bound = first.saturating_sub(i as u64).max(1);
                let m = u128::from(r) * u128::from(bound);
                *o = (m >> 64) as u8;
                r = m as u64;
                product = product.wrapping_mul(bound);
            }
            // The threshold is below P: the division is needed only when `r < P` (rarely).
            if r >= product || r >= product.wrapping_neg() % product {
                return;
            }
        }
    }

    /// [`GameRng::fisher_yates_steps`] for any number of items and steps: P is checked for
    /// overflow before drawing, and the steps are drawn one by one when it does.
    #[cold]
    fn fisher_yates_steps_checked(&mut self, first: u64, out: &mut [u8]) {
        let mut product: u64 = 1;
        for i in 0..out.len() as u64 {
            match product.checked_mul(first.saturating_sub(i).max(1)) {
                Some(p) => product = p,
                None => return self.steps_one_by_one(first, out),
            }
        }
        loop {
            let mut r = self.next_u64();
            for (i, o) in out.iter_mut().enumerate() {
                let m = u128::from(r) * u128::from(first.saturating_sub(i as u64).max(1));
                *o = (m >> 64) as u8;
                r = m as u64;
            }
            // The threshold is below P: the division is needed only when `r < P` (rarely).
            if r >= product || r >= product.wrapping_neg() % product {
                return;
            }
        }
    }

    /// [`GameRng::fisher_yates_steps`] when the product of the bounds overflows.
    #[cold]
    fn steps_one_by_one(&mut self, first: u64, out: &mut [u8]) {
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.below(first.saturating_sub(i as u64) as u32) as u8;
        }
    }
}

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", 2014): a
/// 64-bit counter stepped by the golden ratio and a strong mixing function. Not for dealing
/// (that is [`GameRng`]); for bots' simulations and training, where draws must be cheap, and,
/// through [`SplitMix64::mix`], for deriving seeds from seeds.
///
/// ```
/// use tavolo_cards::SplitMix64;
/// let mut r = SplitMix64::new(7);
/// assert_eq!(r.next_u64(), SplitMix64::mix(7));
/// assert!(r.below(52) < 52);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The step of the counter: 2⁶⁴ divided by the golden ratio, odd.
    pub const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

    /// A generator whose first output is [`SplitMix64::mix`]`(seed)`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator's output for counter value `z`, stepped once: a bijection of 64-bit words
    /// that mixes every input bit into every output bit, the way seeds are derived from seeds.
    #[inline]
    pub const fn mix(z: u64) -> u64 {
        let mut z = z.wrapping_add(Self::GAMMA);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let out = Self::mix(self.0);
        self.0 = self.0.wrapping_add(Self::GAMMA);
        out
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift of the high 32 bits (a bias below 2⁻³²
    /// for small `n`: fine for simulations, not for dealing).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `[0, 1)`, 53 random bits.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A standard normal number (Box–Muller, two draws).
    pub fn normal(&mut self) -> f64 {
        let u = 1.0 - self.unit(); // in (0, 1]
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_gives_the_reference_sequence() {
        // The first outputs for seed 1234567 of the reference implementation (Vigna's
        // splitmix64.c): bots' strategies and recorded seeds depend on this exact stream.
        let mut r = SplitMix64::new(1_234_567);
        let got: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821
            ]
        );
        assert_eq!(SplitMix64::mix(1_234_567), got[0]);
    }

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

    #[test]
    fn fisher_yates_steps_are_in_range_and_every_sequence_equally_likely() {
        // Two steps from four items: 4 × 3 = 12 sequences, each about 1/12 of the time.
        let mut r = GameRng::from_u64(4);
        let mut counts = [0u32; 12];
        for _ in 0..120_000 {
            let mut idx = [0u8; 2];
            r.fisher_yates_steps(4, &mut idx);
            assert!(idx[0] < 4 && idx[1] < 3, "{idx:?}");
            counts[usize::from(idx[0]) * 3 + usize::from(idx[1])] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        // More steps than items: the steps past the last item have a single choice.
        let mut idx = [9u8; 4];
        r.fisher_yates_steps(2, &mut idx);
        assert!(idx[0] < 2 && idx[1..] == [0, 0, 0], "{idx:?}");
    }

    #[test]
    fn fisher_yates_steps_draw_one_word_even_for_no_step() {
        let (mut a, mut b) = (GameRng::from_u64(8), GameRng::from_u64(8));
        a.fisher_yates_steps(52, &mut []);
        b.next_u64();
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn too_many_steps_for_one_word_are_drawn_one_by_one() {
        // 255¹² does not fit in 64 bits.
        let (mut a, mut b) = (GameRng::from_u64(6), GameRng::from_u64(6));
        let mut idx = [0u8; 12];
        a.fisher_yates_steps(255, &mut idx);
        let expected: Vec<u8> = (0..12).map(|i| b.below(255 - i) as u8).collect();
        assert_eq!(idx.to_vec(), expected);
        assert_eq!(a.next_u64(), b.next_u64());
    }
}

#[cfg(test)]
mod pinned {
    use super::*;

    /// A published seed must always recompute the same cards: these pin the bounded draws
    /// themselves (values computed before `below` and the batched steps moved here from the
    /// engine, where they had copies).
    #[test]
    fn seed_2027_draws_the_same_bounded_integers_forever() {
        let mut r = GameRng::from_u64(2027);
        let bounds = [2, 3, 52, 1000, 1, 0, 7, u32::MAX, 0x8000_0001, 5];
        let got: Vec<u32> = bounds.iter().map(|&n| r.below(n)).collect();
        assert_eq!(got, [1, 0, 25, 316, 0, 0, 2, 1_794_985_492, 374_235_012, 3]);
        assert_eq!(r.next_u32(), 3_033_868_263);
    }

    #[test]
    fn seed_2025_draws_the_same_fisher_yates_steps_forever() {
        let mut r = GameRng::from_u64(2025);
        let calls: [(u8, usize); 9] = [
            (52, 11),
            (41, 11),
            (30, 11),
            (19, 8),
            (7, 0),
            (3, 3),
            (1, 1),
            (11, 3),
            (0, 1),
        ];
        let got: Vec<Vec<u8>> = calls
            .iter()
            .map(|&(first, k)| {
                let mut idx = vec![0u8; k];
                r.fisher_yates_steps(first, &mut idx);
                idx
            })
            .collect();
        let expected: [&[u8]; 9] = [
            &[50, 16, 23, 22, 29, 17, 5, 23, 11, 27, 29],
            &[40, 14, 7, 3, 11, 30, 8, 23, 17, 18, 2],
            &[19, 10, 22, 9, 6, 3, 23, 13, 2, 3, 12],
            &[18, 14, 0, 15, 6, 9, 10, 6],
            &[],
            &[1, 1, 0],
            &[0],
            &[8, 6, 8],
            &[0],
        ];
        assert_eq!(got, expected);
        assert_eq!(r.next_u32(), 4_243_479_979);
    }
}
