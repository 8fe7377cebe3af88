//! Seat indices and sets of seats as a 16-bit mask.

use std::fmt;

/// The most seats at one table (RULES.md §2: up to 10 players).
pub const MAX_SEATS: usize = 10;

/// A set of seats, one bit per seat index.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct SeatMask(u16);

impl SeatMask {
    /// No seat.
    pub const EMPTY: SeatMask = SeatMask(0);

    /// Seats `0..n`.
    pub const fn first(n: usize) -> SeatMask {
        SeatMask(((1u32 << n) - 1) as u16)
    }

    /// The set with these raw bits (bit `s` for seat `s`).
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> SeatMask {
        SeatMask(bits)
    }

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: usize) -> bool {
        seat < 16 && self.0 & (1 << seat) != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: usize) {
        self.0 |= 1 << seat;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: usize) {
        self.0 &= !(1 << seat);
    }

    /// The number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Seats in both sets.
    #[inline]
    pub const fn and(self, other: SeatMask) -> SeatMask {
        SeatMask(self.0 & other.0)
    }

    /// Seats in `self` but not in `other`.
    #[inline]
    pub const fn without(self, other: SeatMask) -> SeatMask {
        SeatMask(self.0 & !other.0)
    }

    /// The first seat of the set at or after `from`, going clockwise round a table of `n` seats.
    #[inline]
    pub fn next_from(self, from: usize, n: usize) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let high = self.0 & !((1u16 << from) - 1);
        let bits = if high != 0 { high } else { self.0 };
        let s = bits.trailing_zeros() as usize;
        (s < n).then_some(s)
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut b = self.0;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(s)
        })
    }

    /// The seats clockwise starting at `from` (inclusive, `from < n`) on a table of `n` seats.
    pub fn clockwise_from(self, from: usize, n: usize) -> impl Iterator<Item = usize> {
        let from = if from < n {
            from
        } else {
            from.checked_rem(n).unwrap_or(0)
        };
        (0..n)
            .map(move |k| {
                if from + k >= n {
                    from + k - n
                } else {
                    from + k
                }
            })
            .filter(move |&s| self.contains(s))
    }
}

impl fmt::Debug for SeatMask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
