//! [`Chips`]: a count of chips, the one type every crate counts them in.
//!
//! A newtype over `u64` rather than an alias, so that a count of chips cannot wrap or go below
//! zero without a word, in any build profile:
//!
//! - where a user, a peer or the books can influence the operands, the caller uses
//!   [`Chips::checked_add`] / [`Chips::checked_sub`] (an `Option`) or [`Chips::try_add`] /
//!   [`Chips::try_sub`] (a [`ChipsError`] carrying both operands);
//! - where the rules' own invariants guarantee the result (a bet already validated against the
//!   stack), the operators `+ - += -=` and [`Sum`](core::iter::Sum) are there for brevity, and
//!   they *check* in every profile: a broken invariant panics loudly instead of leaving a
//!   silently wrong stack (release builds included, where `u64` arithmetic would wrap);
//! - multiplication and division exist only as the named operations the rules need
//!   ([`Chips::checked_mul`], [`Chips::split`], [`Chips::fraction`]).
//!
//! The ledger counts chips in signed 64-bit amounts (the house goes negative); the two
//! conversions, [`Chips::to_ledger`] and [`Chips::from_ledger`], are errors when the count does
//! not fit, never a cast or a clamp.
//!
//! On the wire (`serde`) a count is the bare number (`#[serde(transparent)]`), so every record,
//! hand history and message is byte-for-byte what it was when chips were a plain `u64`.
//!
//! It lives here, in `tavolo-cards`, because this is the one crate every other crate already
//! depends on — the engine, the bots, the server, the CLI, the Python module, and the store
//! (which depends on no game crate) — so the engine re-exports it as `tavolo_engine::Chips` and
//! the store can take and return it without depending on the engine. A crate of its own for one
//! type would add a crate to build and publish for no boundary the workspace needs.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Sub, SubAssign};
use core::str::FromStr;

/// A count of chips: never negative, and no arithmetic on it wraps or goes below zero without
/// a word: `checked_*`/`try_*` for what input can influence, operators that panic (in every
/// profile) where the rules guarantee the result, `to_ledger`/`from_ledger` at the ledger.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct Chips(u64);

/// Arithmetic on chips or a conversion of them that has no answer, with its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChipsError {
    /// A sum larger than a count of chips can hold.
    #[error("{a} + {b} chips is more than a count of chips can hold")]
    Overflow {
        /// The left operand.
        a: Chips,
        /// The right operand.
        b: Chips,
    },
    /// A difference below zero.
    #[error("{a} - {b} chips is below zero")]
    BelowZero {
        /// The amount taken from.
        a: Chips,
        /// The amount taken.
        b: Chips,
    },
    /// A product larger than a count of chips can hold.
    #[error("{a} chips times {n} is more than a count of chips can hold")]
    ProductOverflow {
        /// The count multiplied.
        a: Chips,
        /// The factor.
        n: u64,
    },
    /// More chips than the ledger's signed 64-bit amounts hold.
    #[error("{0} chips do not fit the ledger")]
    TooManyForLedger(Chips),
    /// A ledger amount below zero where a count of chips was expected (a seat, a pot, a
    /// balance read as a stack).
    #[error("the ledger holds {0} chips where there can be none below zero")]
    NegativeLedger(i64),
}

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);
    /// The largest count of chips.
    pub const MAX: Chips = Chips(u64::MAX);

    /// `n` chips.
    #[inline]
    pub const fn new(n: u64) -> Chips {
        Chips(n)
    }

    /// The count as a plain number.
    #[inline]
    pub const fn get(self) -> u64 {
        self.0
    }

    /// No chips at all.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The count as a float, for ratios and estimates (pot odds, a bot's sizing, a model's
    /// features), never for counting: exact up to 2^53 chips.
    #[inline]
    pub const fn to_f64(self) -> f64 {
        self.0 as f64
    }

    /// `self + other`, or `None` when the sum does not fit.
    #[inline]
    #[must_use]
    pub const fn checked_add(self, other: Chips) -> Option<Chips> {
        counted(self.0.checked_add(other.0))
    }

    /// `self - other`, or `None` when `other` is more than `self`.
    #[inline]
    #[must_use]
    pub const fn checked_sub(self, other: Chips) -> Option<Chips> {
        counted(self.0.checked_sub(other.0))
    }

    /// `self + other`, or [`ChipsError::Overflow`] with both operands.
    #[inline]
    pub fn try_add(self, other: Chips) -> Result<Chips, ChipsError> {
        self.checked_add(other)
            .ok_or(ChipsError::Overflow { a: self, b: other })
    }

    /// `self - other`, or [`ChipsError::BelowZero`] with both operands.
    #[inline]
    pub fn try_sub(self, other: Chips) -> Result<Chips, ChipsError> {
        self.checked_sub(other)
            .ok_or(ChipsError::BelowZero { a: self, b: other })
    }

    /// What `other` leaves of `self`: `self - other`, or no chips when `other` is at least
    /// `self` ("the amount still to call", "the part of a bet above a level"). Not a way to
    /// hide an error: use it only where "none left" is the rule's answer.
    #[inline]
    #[must_use]
    pub const fn minus_at_most(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    /// `self` times `n`, or `None` when the product does not fit.
    #[inline]
    #[must_use]
    pub const fn checked_mul(self, n: u64) -> Option<Chips> {
        counted(self.0.checked_mul(n))
    }

    /// `self` times `n` where the rules' invariants guarantee it fits (a level of a side pot
    /// times the seats in it); checked in every profile: panics on overflow (a bug, never
    /// input). Use [`Chips::checked_mul`] or [`Chips::try_mul`] for anything else.
    #[inline]
    #[must_use]
    #[track_caller]
    pub fn times(self, n: u64) -> Chips {
        match self.checked_mul(n) {
            Some(c) => c,
            None => broken(ChipsError::ProductOverflow { a: self, n }),
        }
    }

    /// `self` times `n`, or [`ChipsError::ProductOverflow`].
    #[inline]
    pub fn try_mul(self, n: u64) -> Result<Chips, ChipsError> {
        self.checked_mul(n)
            .ok_or(ChipsError::ProductOverflow { a: self, n })
    }

    /// `self` shared `ways` ways: each share and the odd chips left over (`share * ways +
    /// odd == self`, `odd < ways`). Who receives the odd chips is the rules' decision, not
    /// this one's. `None` when `ways` is zero.
    #[inline]
    #[must_use]
    pub const fn split(self, ways: u64) -> Option<(Chips, Chips)> {
        match (self.0.checked_div(ways), self.0.checked_rem(ways)) {
            (Some(share), Some(odd)) => Some((Chips(share), Chips(odd))),
            _ => None,
        }
    }

    /// Half of `self`, rounded down (a small blind of half the table minimum).
    #[inline]
    #[must_use]
    pub const fn half(self) -> Chips {
        Chips(self.0 / 2)
    }

    /// `self / n`, rounded down, for a constant `n` (a bot's "a third of the stack"); panics
    /// when `n` is zero, as integer division does, in every profile. Sharing a pot is
    /// [`Chips::split`], which hands back the odd chips too.
    #[inline]
    #[must_use]
    #[track_caller]
    pub const fn div_floor(self, n: u64) -> Chips {
        Chips(self.0 / n)
    }

    /// `self × num / den`, rounded down, computed without overflow (a fraction of the pot);
    /// `None` when `den` is zero or the result does not fit.
    #[inline]
    #[must_use]
    pub fn fraction(self, num: u64, den: u64) -> Option<Chips> {
        if den == 0 {
            return None;
        }
        let n = u128::from(self.0) * u128::from(num) / u128::from(den);
        u64::try_from(n).ok().map(Chips)
    }

    /// The count as the ledger's signed amount, or [`ChipsError::TooManyForLedger`].
    #[inline]
    pub fn to_ledger(self) -> Result<i64, ChipsError> {
        i64::try_from(self.0).map_err(|_| ChipsError::TooManyForLedger(self))
    }

    /// A ledger amount (a balance of a seat or a pot, a buy-in) as a count of chips, or
    /// [`ChipsError::NegativeLedger`] when it is below zero.
    #[inline]
    pub fn from_ledger(amount: i64) -> Result<Chips, ChipsError> {
        u64::try_from(amount)
            .map(Chips)
            .map_err(|_| ChipsError::NegativeLedger(amount))
    }
}

// Any `u64` is a count and any count a `u64`: these conversions are lossless. (None exists
// for `i64`: the ledger's amounts go through `to_ledger`/`from_ledger`.)
impl From<u64> for Chips {
    #[inline]
    fn from(n: u64) -> Chips {
        Chips(n)
    }
}

impl From<u32> for Chips {
    #[inline]
    fn from(n: u32) -> Chips {
        Chips(u64::from(n))
    }
}

impl From<Chips> for u64 {
    #[inline]
    fn from(c: Chips) -> u64 {
        c.0
    }
}

impl From<Chips> for u128 {
    #[inline]
    fn from(c: Chips) -> u128 {
        u128::from(c.0)
    }
}

impl From<Chips> for i128 {
    #[inline]
    fn from(c: Chips) -> i128 {
        i128::from(c.0)
    }
}

// Comparing a count with a plain number (`stack > 0`, `assert_eq!(pot, 120)`) reads as the
// rules do and cannot overflow; arithmetic with a plain number is not offered, so that every
// sum of chips is a sum of counts.
impl PartialEq<u64> for Chips {
    #[inline]
    fn eq(&self, other: &u64) -> bool {
        self.0 == *other
    }
}

impl PartialOrd<u64> for Chips {
    #[inline]
    fn partial_cmp(&self, other: &u64) -> Option<core::cmp::Ordering> {
        self.0.partial_cmp(other)
    }
}

impl fmt::Display for Chips {
    /// The bare number, as chips have always been printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Chips {
    /// The bare number: a stack in a test's failure reads `100`, not `Chips(100)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl FromStr for Chips {
    type Err = core::num::ParseIntError;

    /// A count written as a plain non-negative number.
    fn from_str(s: &str) -> Result<Chips, Self::Err> {
        s.parse().map(Chips)
    }
}

/// A checked count as chips (`Option::map`, which a `const fn` cannot call).
#[inline]
const fn counted(n: Option<u64>) -> Option<Chips> {
    match n {
        Some(n) => Some(Chips(n)),
        None => None,
    }
}

/// The panic of an operator whose invariant broke: a bug, never input.
#[cold]
#[inline(never)]
#[track_caller]
fn broken(e: ChipsError) -> ! {
    panic!("chip arithmetic broke an invariant: {e}")
}

/// `impl $Op` and `$OpAssign` for [`Chips`], checked in every profile: `$try` refusing is a
/// bug, never input, and panics with its error.
macro_rules! checked_operator {
    ($Op:ident::$op:ident, $OpAssign:ident::$op_assign:ident, $try:ident, $doc:literal) => {
        impl $Op for Chips {
            type Output = Chips;
            #[doc = $doc]
            #[inline]
            #[track_caller]
            fn $op(self, other: Chips) -> Chips {
                match self.$try(other) {
                    Ok(c) => c,
                    Err(e) => broken(e),
                }
            }
        }

        impl $OpAssign for Chips {
            #[doc = $doc]
            #[inline]
            #[track_caller]
            fn $op_assign(&mut self, other: Chips) {
                *self = $Op::$op(*self, other);
            }
        }
    };
}

checked_operator!(
    Add::add,
    AddAssign::add_assign,
    try_add,
    "Checked in every profile: panics on overflow (a bug, never input)."
);
checked_operator!(
    Sub::sub,
    SubAssign::sub_assign,
    try_sub,
    "Checked in every profile: panics below zero (a bug, never input)."
);

impl Sum for Chips {
    /// Checked in every profile: panics on overflow (a bug, never input).
    #[track_caller]
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        iter.fold(Chips::ZERO, |a, b| a + b)
    }
}

impl<'a> Sum<&'a Chips> for Chips {
    /// Checked in every profile: panics on overflow (a bug, never input).
    #[track_caller]
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Chips {
        iter.fold(Chips::ZERO, |a, &b| a + b)
    }
}

/// The JSON schema of a count is that of the plain number it is on the wire.
impl schemars::JsonSchema for Chips {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        <u64 as schemars::JsonSchema>::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        <u64 as schemars::JsonSchema>::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <u64 as schemars::JsonSchema>::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_that_does_not_fit_is_refused_with_its_operands() {
        let (a, b) = (Chips::MAX, Chips::new(1));
        assert_eq!(a.checked_add(b), None);
        assert_eq!(a.try_add(b), Err(ChipsError::Overflow { a, b }));
        assert_eq!(Chips::new(2).try_add(Chips::new(3)), Ok(Chips::new(5)));
    }

    #[test]
    fn taking_more_than_there_is_is_refused_not_wrapped() {
        let (a, b) = (Chips::new(5), Chips::new(6));
        assert_eq!(a.checked_sub(b), None);
        assert_eq!(a.try_sub(b), Err(ChipsError::BelowZero { a, b }));
        assert_eq!(b.try_sub(a), Ok(Chips::new(1)));
        assert_eq!(a.minus_at_most(b), Chips::ZERO);
    }

    #[test]
    #[should_panic(expected = "below zero")]
    fn the_minus_operator_checks_in_every_profile() {
        let _ = std::hint::black_box(Chips::new(1)) - Chips::new(2);
    }

    #[test]
    #[should_panic(expected = "more than a count of chips can hold")]
    fn the_plus_operator_checks_in_every_profile() {
        let _ = std::hint::black_box(Chips::MAX) + Chips::new(1);
    }

    #[test]
    #[should_panic(expected = "more than a count of chips can hold")]
    fn a_sum_of_counts_checks_in_every_profile() {
        let _: Chips = [Chips::MAX, Chips::new(1)].iter().sum();
    }

    #[test]
    fn assigning_operators_add_and_take() {
        let mut c = Chips::new(10);
        c += Chips::new(5);
        c -= Chips::new(15);
        assert!(c.is_zero());
    }

    #[test]
    fn a_product_that_does_not_fit_is_refused() {
        assert_eq!(Chips::MAX.checked_mul(2), None);
        assert_eq!(
            Chips::MAX.try_mul(2),
            Err(ChipsError::ProductOverflow {
                a: Chips::MAX,
                n: 2
            })
        );
        assert_eq!(Chips::new(7).checked_mul(3), Some(Chips::new(21)));
    }

    #[test]
    fn a_split_gives_equal_shares_and_the_odd_chips() {
        assert_eq!(Chips::new(7).split(3), Some((Chips::new(2), Chips::new(1))));
        assert_eq!(Chips::new(6).split(3), Some((Chips::new(2), Chips::ZERO)));
        assert_eq!(Chips::new(6).split(0), None);
    }

    #[test]
    fn a_fraction_rounds_down_and_never_overflows_on_the_way() {
        assert_eq!(Chips::new(7).fraction(1, 2), Some(Chips::new(3)));
        assert_eq!(
            Chips::MAX.fraction(3, 4),
            Some(Chips::new(u64::MAX / 4 * 3 + 2))
        );
        assert_eq!(Chips::MAX.fraction(2, 1), None);
        assert_eq!(Chips::new(1).fraction(1, 0), None);
    }

    #[test]
    fn the_ledger_conversions_refuse_what_does_not_fit() {
        assert_eq!(Chips::new(5).to_ledger(), Ok(5));
        let big = Chips::new(i64::MAX as u64 + 1);
        assert_eq!(big.to_ledger(), Err(ChipsError::TooManyForLedger(big)));
        assert_eq!(Chips::from_ledger(0), Ok(Chips::ZERO));
        assert_eq!(
            Chips::from_ledger(i64::MAX),
            Ok(Chips::new(i64::MAX as u64))
        );
        assert_eq!(Chips::from_ledger(-1), Err(ChipsError::NegativeLedger(-1)));
    }

    #[test]
    fn on_the_wire_a_count_is_the_bare_number() {
        let c = Chips::new(1234);
        assert_eq!(serde_json::to_string(&c).unwrap(), "1234");
        assert_eq!(serde_json::from_str::<Chips>("1234").unwrap(), c);
        assert!(serde_json::from_str::<Chips>("-1").is_err());
        assert_eq!(
            serde_json::to_string(&[Chips::ZERO, Chips::MAX]).unwrap(),
            serde_json::to_string(&[0u64, u64::MAX]).unwrap()
        );
        assert_eq!(c.to_string(), "1234");
        assert_eq!(format!("{c:?}"), "1234");
        assert_eq!("1234".parse::<Chips>(), Ok(c));
        assert!("-1".parse::<Chips>().is_err());
    }
}
