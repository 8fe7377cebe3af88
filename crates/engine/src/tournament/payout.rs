//! What each place of a tournament pays (RULES.md §5, "Kinds and money"), fixed when late
//! registration closes: a table by field size up to 27 entries, and for larger fields an eighth
//! of the field paid (rounded; 10–15 % for every field above 27) with a min-cash of 1.5 × the
//! entry and the rest by a harmonic scale (place i weighs 1/i). Prizes are whole chips and sum
//! exactly to the pool; a division's remainder goes to the higher place. Tied places share the
//! sum of their prizes ([`share_tied`]).

use thiserror::Error;

use crate::Chips;

/// Why the prizes cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PayoutError {
    /// A tournament needs two entries to pay anybody.
    #[error("a tournament of {entries} entries pays nobody: it needs at least 2")]
    TooFewEntries {
        /// The entries.
        entries: usize,
    },
    /// The pool cannot give every paid place the min-cash (an entry's fee far above its
    /// prize-pool part).
    #[error("a pool of {pool} cannot pay {places} places the min-cash of {min_cash} each")]
    MinCashTooHigh {
        /// The pool.
        pool: Chips,
        /// The places paid.
        places: usize,
        /// 1.5 × the entry.
        min_cash: Chips,
    },
    /// Tied players were given no place, or places beyond the table.
    #[error("{tied} players tied for places from {first}, but {paid} places are set")]
    NoSuchPlaces {
        /// The first place they tied for (1 = the winner).
        first: usize,
        /// How many tied.
        tied: usize,
        /// The places the prizes cover (every place beyond is worth 0).
        paid: usize,
    },
}

/// The fixed tables (entries up to, then each place's share in per cent).
const FIXED: [(usize, &[u64]); 4] = [
    (3, &[100]),
    (6, &[65, 35]),
    (18, &[50, 30, 20]),
    (27, &[40, 30, 20, 10]),
];

/// How many places a field of `entries` pays (0 below 2 entries).
pub fn places_paid(entries: usize) -> usize {
    if entries < 2 {
        return 0;
    }
    match FIXED.iter().find(|(up_to, _)| entries <= *up_to) {
        Some((_, shares)) => shares.len(),
        // An eighth of the field, rounded half up.
        None => (entries + 4) / 8,
    }
}

/// The prize of each paid place, first place first, for a pool of `pool` chips, `entries`
/// entries and an entry of `entry` chips (what one entry paid, fee included: the min-cash is
/// 1.5 × it). The prizes sum to `pool` exactly and never grow with the place.
pub fn prizes(pool: Chips, entries: usize, entry: Chips) -> Result<Vec<Chips>, PayoutError> {
    let places = places_paid(entries);
    if places == 0 {
        return Err(PayoutError::TooFewEntries { entries });
    }
    if let Some((_, shares)) = FIXED.iter().find(|(up_to, _)| entries <= *up_to) {
        let mut prizes: Vec<Chips> = (shares.iter())
            .map(|s| pool.fraction(*s, 100).unwrap_or(Chips::ZERO))
            .collect();
        settle_remainder(pool, &mut prizes);
        return Ok(prizes);
    }
    let too_high = |min_cash| PayoutError::MinCashTooHigh {
        pool,
        places,
        min_cash,
    };
    let Some(min_cash) = entry.fraction(3, 2) else {
        return Err(too_high(Chips::MAX));
    };
    let floor = min_cash.checked_mul(places as u64).filter(|f| *f <= pool);
    let Some(floor) = floor else {
        return Err(too_high(min_cash));
    };
    // The rest by weights 1/i, as integers (2^40 / i; each prize floors, the remainder goes up).
    const SCALE: u128 = 1 << 40;
    let weights: Vec<u128> = (1..=places as u128).map(|i| SCALE / i).collect();
    let total: u128 = weights.iter().sum();
    let rest = u128::from(pool - floor);
    let mut prizes: Vec<Chips> = weights
        .iter()
        .map(|w| min_cash + Chips::new(u64::try_from(rest * w / total).unwrap_or(0)))
        .collect();
    settle_remainder(pool, &mut prizes);
    Ok(prizes)
}

/// What the floored divisions left of `pool` goes to the first place (the higher place).
fn settle_remainder(pool: Chips, prizes: &mut [Chips]) {
    let paid: Chips = prizes.iter().sum();
    if let Some(first) = prizes.first_mut() {
        *first += pool.minus_at_most(paid);
    }
}

/// A player among those tied for a run of places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tied<P> {
    /// Who.
    pub player: P,
    /// Their stack when the hand began.
    pub stack: Chips,
    /// Their seat's distance left of the button at that hand (1 = the seat left of it).
    pub from_button: usize,
}

/// The prizes of players tied for the places from `first` (1 = the winner) on, one place each:
/// they share the sum of those places' prizes (`prizes`, first place first; places beyond pay 0)
/// equally; the indivisible remainder goes to the one who began the hand with the larger stack,
/// then to the one nearest the button's left. Answers each player's prize, in the order given.
pub fn share_tied<P: Copy>(
    prizes: &[Chips],
    first: usize,
    tied: &[Tied<P>],
) -> Result<Vec<(P, Chips)>, PayoutError> {
    if first == 0 || tied.is_empty() {
        return Err(PayoutError::NoSuchPlaces {
            first,
            tied: tied.len(),
            paid: prizes.len(),
        });
    }
    let sum: Chips = (first - 1..first - 1 + tied.len())
        .map(|p| prizes.get(p).copied().unwrap_or(Chips::ZERO))
        .sum();
    let (each, remainder) = sum.split(tied.len() as u64).unwrap_or((Chips::ZERO, sum));
    let favoured = (0..tied.len()).min_by(|&a, &b| {
        let (a, b) = (&tied[a], &tied[b]);
        b.stack
            .cmp(&a.stack)
            .then(a.from_button.cmp(&b.from_button))
    });
    Ok(tied
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let extra = if Some(i) == favoured {
                remainder
            } else {
                Chips::ZERO
            };
            (t.player, each + extra)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::prizes`] in plain numbers.
    fn prizes(pool: u64, entries: usize, entry: u64) -> Result<Vec<u64>, PayoutError> {
        let p = super::prizes(Chips::new(pool), entries, Chips::new(entry))?;
        Ok(p.into_iter().map(Chips::get).collect())
    }

    /// [`super::share_tied`] in plain numbers.
    fn share_tied(
        prizes: &[u64],
        first: usize,
        tied: &[Tied<char>],
    ) -> Result<Vec<(char, u64)>, PayoutError> {
        let prizes: Vec<Chips> = prizes.iter().map(|p| Chips::new(*p)).collect();
        let shares = super::share_tied(&prizes, first, tied)?;
        Ok(shares.into_iter().map(|(p, c)| (p, c.get())).collect())
    }

    #[test]
    fn small_fields_pay_by_the_fixed_table() {
        assert_eq!(prizes(300, 3, 100), Ok(vec![300]));
        assert_eq!(prizes(600, 6, 100), Ok(vec![390, 210]));
        assert_eq!(prizes(900, 9, 100), Ok(vec![450, 270, 180]));
        assert_eq!(prizes(2000, 20, 100), Ok(vec![800, 600, 400, 200]));
        assert_eq!(
            prizes(100, 1, 100),
            Err(PayoutError::TooFewEntries { entries: 1 })
        );
    }

    #[test]
    fn a_divisions_remainder_goes_to_the_higher_place() {
        // 50/30/20 of 101: 50.5, 30.3, 20.2.
        assert_eq!(prizes(101, 7, 10), Ok(vec![51, 30, 20]));
    }

    #[test]
    fn large_fields_pay_an_eighth_with_a_min_cash_of_one_and_a_half_entries() {
        for entries in 28..=2_000 {
            let pool = entries as u64 * 100;
            let p = prizes(pool, entries, 110).expect("prizes");
            let share = p.len() as f64 / entries as f64;
            assert!(
                (0.10..=0.15).contains(&share),
                "{entries}: {} paid",
                p.len()
            );
            assert_eq!(p.iter().sum::<u64>(), pool, "{entries}");
            assert!(p.windows(2).all(|w| w[0] >= w[1]), "{entries}: {p:?}");
            assert!(p.iter().all(|x| *x >= 165), "{entries}: {p:?}");
        }
    }

    #[test]
    fn a_pool_too_small_for_the_min_cash_is_refused() {
        assert!(matches!(
            prizes(2_800, 28, 1_000),
            Err(PayoutError::MinCashTooHigh { places: 4, .. })
        ));
    }

    #[test]
    fn tied_places_share_and_the_larger_stack_takes_the_odd_chip() {
        let tie = |player, stack, from_button| Tied {
            player,
            stack: Chips::new(stack),
            from_button,
        };
        let tied = [tie('a', 300, 1), tie('b', 500, 2)];
        // Places 2 and 3 of 51/30/20: 50 between them.
        let share = |first, tied: &[Tied<char>]| share_tied(&[51, 30, 20], first, tied);
        assert_eq!(share(2, &tied), Ok(vec![('a', 25), ('b', 25)]));
        // Places 1 and 2: 81, the odd chip to b (the larger stack).
        assert_eq!(share(1, &tied), Ok(vec![('a', 40), ('b', 41)]));
        // Equal stacks: the seat nearer the button's left.
        let even = [tie('a', 300, 3), tie('b', 300, 2)];
        assert_eq!(share(1, &even), Ok(vec![('a', 40), ('b', 41)]));
        // Past the paid places: the last paid place shared with nothing.
        assert_eq!(share(3, &even), Ok(vec![('a', 10), ('b', 10)]));
    }
}
