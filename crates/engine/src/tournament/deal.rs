//! Deals at a final table (RULES.md §5, "Kinds and money"): what each player would take by the
//! Independent Chip Model of Malmuth and Harville, and by the chip chop. All players must agree
//! to a deal; these give the figures they agree to.
//!
//! ICM: a player finishes first with probability stack / chips in play; given who finished
//! above, each later place likewise among the players left. The expectation is computed exactly
//! over the subsets of players still in (2^n states for n players, n ≤ 10).
//!
//! A deal may keep money back to play for ([`shared_prizes`]): it is taken off the top of the
//! prizes left, and the figures share what remains.

use thiserror::Error;

use crate::Chips;

/// The most players a deal is made among (a final table).
pub const MAX_DEAL_PLAYERS: usize = 10;

/// Why a deal cannot be figured.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// Deals are made at a final table of at most ten, with at least two.
    #[error("a deal is made among 2 to {MAX_DEAL_PLAYERS} players, not {0}")]
    Players(usize),
    /// Somebody has no chips: they are out, not in the deal.
    #[error("player {0} has no chips")]
    NoChips(usize),
    /// More prizes than players left, or none.
    #[error("{prizes} prizes left for {players} players")]
    Prizes {
        /// Prizes left.
        prizes: usize,
        /// Players left.
        players: usize,
    },
    /// More kept back than the prize money left.
    #[error("{keep_back} cannot be kept back: {left} of prize money is left")]
    KeepBack {
        /// The amount asked to be kept back.
        keep_back: Chips,
        /// The prize money left.
        left: Chips,
    },
}

/// Why no deal is figured among `stacks` for `prizes`, if none is.
pub(crate) fn check(stacks: &[Chips], prizes: &[Chips]) -> Result<(), DealError> {
    if !(2..=MAX_DEAL_PLAYERS).contains(&stacks.len()) {
        return Err(DealError::Players(stacks.len()));
    }
    if let Some(i) = stacks.iter().position(|s| s.is_zero()) {
        return Err(DealError::NoChips(i));
    }
    if prizes.is_empty() || prizes.len() > stacks.len() {
        return Err(DealError::Prizes {
            prizes: prizes.len(),
            players: stacks.len(),
        });
    }
    Ok(())
}

/// The prizes a deal shares when it keeps `keep_back` back to play for: `prizes` (the prizes
/// left, first place first) with `keep_back` taken off the top — the largest prizes levelled
/// down, first place's to second's, then both to third's, and so on — so that no place pays more
/// than a higher one did. A chip the levelling cannot take from every prize at a level alike is
/// taken from the lowest of them (the higher place keeps it, as a division's remainder goes to
/// the higher place). Refused if more is kept back than the prizes add up to.
pub fn shared_prizes(prizes: &[Chips], keep_back: Chips) -> Result<Vec<Chips>, DealError> {
    let left: Chips = prizes.iter().sum();
    if keep_back > left {
        return Err(DealError::KeepBack { keep_back, left });
    }
    // What levelling every prize down to `level` takes off: less the higher the level.
    let taken =
        |level: u64| -> u64 { (prizes.iter()).map(|p| p.get().saturating_sub(level)).sum() };
    // The lowest level that takes off no more than `keep_back` (at level 0 everything is).
    let (mut low, mut high) = (0u64, prizes.iter().map(|p| p.get()).max().unwrap_or(0));
    while low < high {
        let mid = low + (high - low) / 2;
        if taken(mid) <= keep_back.get() {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    let mut out: Vec<Chips> = prizes
        .iter()
        .map(|p| Chips::new(p.get().min(low)))
        .collect();
    // Fewer chips than prizes at the level are left to take: one each, the lowest places first.
    let mut rest = keep_back.get() - taken(low);
    for p in out.iter_mut().rev() {
        if rest == 0 {
            break;
        }
        if p.get() == low && low > 0 {
            *p = Chips::new(low - 1);
            rest -= 1;
        }
    }
    Ok(out)
}

/// Each player's expected prize by ICM (Malmuth–Harville), in chips as a real number: `stacks`
/// the players' stacks, `prizes` the prizes left, first place first.
pub fn icm(stacks: &[Chips], prizes: &[Chips]) -> Result<Vec<f64>, DealError> {
    check(stacks, prizes)?;
    let n = stacks.len();
    let full = (1usize << n) - 1;
    // reach[set]: the probability that exactly the players of `set` are still to be placed.
    let mut reach = vec![0.0f64; 1 << n];
    reach[full] = 1.0;
    let mut expected = vec![0.0; n];
    // Sets with more players come first: visiting in decreasing order of value does that, since
    // every set reached from `set` is a subset of it (a smaller number).
    for set in (1..=full).rev() {
        let p = reach[set];
        if p == 0.0 {
            continue;
        }
        let place = n - set.count_ones() as usize;
        let Some(&prize) = prizes.get(place) else {
            continue;
        };
        let chips: f64 = (0..n)
            .filter(|i| set & (1 << i) != 0)
            .map(|i| stacks[i].to_f64())
            .sum();
        for i in (0..n).filter(|i| set & (1 << i) != 0) {
            let q = p * stacks[i].to_f64() / chips;
            expected[i] += q * prize.to_f64();
            reach[set & !(1 << i)] += q;
        }
    }
    Ok(expected)
}

/// The chip chop: everybody takes the smallest prize left, and what remains of the prizes is
/// shared in proportion to the stacks; whole chips, the remainder one chip at a time to the
/// largest stacks (then the earlier player). Sums exactly to the prizes.
pub fn chip_chop(stacks: &[Chips], prizes: &[Chips]) -> Result<Vec<Chips>, DealError> {
    check(stacks, prizes)?;
    let n = stacks.len();
    // Places beyond the prizes pay 0, and the smallest prize is the one everybody is sure of.
    let least = if prizes.len() < n {
        Chips::ZERO
    } else {
        prizes.iter().copied().min().unwrap_or(Chips::ZERO)
    };
    let total: Chips = prizes.iter().sum();
    let rest = u128::from(total.minus_at_most(least.times(n as u64)));
    let chips: u128 = stacks.iter().map(|s| u128::from(*s)).sum();
    let mut out: Vec<Chips> = stacks
        .iter()
        .map(|s| least + Chips::new(u64::try_from(rest * u128::from(*s) / chips).unwrap_or(0)))
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| stacks[b].cmp(&stacks[a]).then(a.cmp(&b)));
    let given: Chips = out.iter().sum();
    let mut left = total.minus_at_most(given).get();
    for i in order.into_iter().cycle() {
        if left == 0 {
            break;
        }
        out[i] += Chips::new(1);
        left -= 1;
    }
    Ok(out)
}

/// ICM in whole chips, the published rounding: each player's exact figure ([`icm`]) rounded
/// down, and the chips the floors leave one at a time to the largest fractions (to a millionth
/// of a chip; equal fractions: the larger stack, then the earlier player). Sums exactly to the prizes.
pub fn icm_chips(stacks: &[Chips], prizes: &[Chips]) -> Result<Vec<Chips>, DealError> {
    Ok(icm_rounded(stacks, prizes)?.chips)
}

/// Each player's ICM figure rounded down, in whole chips: what [`icm_chips`] starts from and
/// never goes below (the room's bots accept a deal giving them at least this).
pub fn icm_floors(stacks: &[Chips], prizes: &[Chips]) -> Result<Vec<Chips>, DealError> {
    Ok(icm_rounded(stacks, prizes)?.floors)
}

/// ICM in whole chips: each player's figure rounded down, and the published figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IcmRounded {
    /// Rounded down ([`icm_floors`]).
    pub floors: Vec<Chips>,
    /// The published figures ([`icm_chips`]), each at least its floor.
    pub chips: Vec<Chips>,
}

/// [`icm_floors`] and [`icm_chips`] from one computation of [`icm`].
pub(crate) fn icm_rounded(stacks: &[Chips], prizes: &[Chips]) -> Result<IcmRounded, DealError> {
    let exact = icm(stacks, prizes)?;
    let total = u128::from(prizes.iter().sum::<Chips>());
    // `as` saturates: a figure is never negative nor beyond the prizes.
    let mut out: Vec<u64> = exact.iter().map(|x| x.max(0.0).floor() as u64).collect();
    // Fractions to a millionth of a chip, so that floating point's last digits decide nothing.
    let fraction = |i: usize| ((exact[i] - exact[i].floor()) * 1e6).round() as i64;
    let mut order: Vec<usize> = (0..stacks.len()).collect();
    order.sort_by(|&a, &b| {
        (fraction(b).cmp(&fraction(a)))
            .then(stacks[b].cmp(&stacks[a]))
            .then(a.cmp(&b))
    });
    let mut given: u128 = out.iter().map(|c| u128::from(*c)).sum();
    // Floating point may leave the floors a chip over the prizes: taken back from the last in
    // the order first (the floors with them, so that no figure is below its floor).
    for i in order.iter().rev().copied().cycle().take(out.len() * 4) {
        if given <= total {
            break;
        }
        if out[i] > 0 {
            out[i] -= 1;
            given -= 1;
        }
    }
    let floors = out.iter().copied().map(Chips::new).collect();
    for i in order.into_iter().cycle() {
        if given >= total {
            break;
        }
        out[i] += 1;
        given += 1;
    }
    Ok(IcmRounded {
        floors,
        chips: out.into_iter().map(Chips::new).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chips(v: &[u64]) -> Vec<Chips> {
        v.iter().map(|c| Chips::new(*c)).collect()
    }

    /// [`super::icm`] in plain numbers.
    fn icm(stacks: &[u64], prizes: &[u64]) -> Result<Vec<f64>, DealError> {
        super::icm(&chips(stacks), &chips(prizes))
    }

    /// [`super::chip_chop`] in plain numbers.
    fn chip_chop(stacks: &[u64], prizes: &[u64]) -> Result<Vec<u64>, DealError> {
        let c = super::chip_chop(&chips(stacks), &chips(prizes))?;
        Ok(c.into_iter().map(Chips::get).collect())
    }

    #[test]
    fn icm_of_stacks_50_30_20_for_prizes_70_30_is_45_18_32_25_22_57() {
        let e = icm(&[50, 30, 20], &[70, 30]).expect("icm");
        let rounded: Vec<f64> = e.iter().map(|x| (x * 100.0).round() / 100.0).collect();
        assert_eq!(rounded, vec![45.18, 32.25, 22.57]);
        assert!((e.iter().sum::<f64>() - 100.0).abs() < 1e-9);
    }

    #[test]
    fn icm_of_equal_stacks_is_an_equal_share() {
        let e = icm(&[10, 10, 10, 10], &[50, 30, 20]).expect("icm");
        assert!(e.iter().all(|x| (x - 25.0).abs() < 1e-9), "{e:?}");
    }

    #[test]
    fn icm_of_ten_players_sums_to_the_prizes() {
        let stacks: Vec<u64> = (1..=10).map(|i| i * 1_000).collect();
        let prizes = [3_000, 2_000, 1_500, 1_000, 800, 600, 500, 400, 300, 200];
        let e = icm(&stacks, &prizes).expect("icm");
        assert!((e.iter().sum::<f64>() - 10_300.0).abs() < 1e-6);
        assert!(
            e.windows(2).all(|w| w[0] < w[1]),
            "more chips, more equity: {e:?}"
        );
    }

    #[test]
    fn a_deal_needs_a_final_table_and_chips_everywhere() {
        assert_eq!(icm(&[5], &[10]), Err(DealError::Players(1)));
        assert_eq!(icm(&[1; 11], &[10]), Err(DealError::Players(11)));
        assert_eq!(icm(&[5, 0], &[10]), Err(DealError::NoChips(1)));
        assert_eq!(
            chip_chop(&[5, 5], &[10, 5, 1]),
            Err(DealError::Prizes {
                prizes: 3,
                players: 2
            })
        );
    }

    #[test]
    fn the_chip_chop_gives_the_least_prize_and_shares_the_rest_by_chips() {
        // 100 left: each is sure of 30; 40 more by 50/30/20 chips.
        assert_eq!(
            chip_chop(&[50, 30, 20], &[50, 30, 20]),
            Ok(vec![40, 32, 28])
        );
        // Two prizes among three: nobody is sure of anything.
        assert_eq!(chip_chop(&[50, 30, 20], &[70, 30]), Ok(vec![50, 30, 20]));
        // A remainder goes chip by chip to the larger stacks.
        assert_eq!(chip_chop(&[1, 1, 1], &[10]), Ok(vec![4, 3, 3]));
    }
    /// [`super::shared_prizes`] in plain numbers.
    fn shared(prizes: &[u64], keep_back: u64) -> Result<Vec<u64>, DealError> {
        let s = super::shared_prizes(&chips(prizes), Chips::new(keep_back))?;
        Ok(s.into_iter().map(Chips::get).collect())
    }

    #[test]
    fn money_kept_back_comes_off_the_top_prizes_levelled_down() {
        assert_eq!(shared(&[500, 300, 200], 0), Ok(vec![500, 300, 200]));
        assert_eq!(shared(&[500, 300, 200], 100), Ok(vec![400, 300, 200]));
        // First place's down to second's (200), then both by 50.
        assert_eq!(shared(&[500, 300, 200], 300), Ok(vec![250, 250, 200]));
        // A chip the level cannot take from both alike comes off the lower place.
        assert_eq!(shared(&[500, 300, 200], 301), Ok(vec![250, 249, 200]));
        assert_eq!(shared(&[500, 300, 200], 999), Ok(vec![1, 0, 0]));
        assert_eq!(shared(&[500, 300, 200], 1_000), Ok(vec![0, 0, 0]));
        assert_eq!(
            shared(&[500, 300, 200], 1_001),
            Err(DealError::KeepBack {
                keep_back: Chips::new(1_001),
                left: Chips::new(1_000)
            })
        );
        for keep in 0..=1_000 {
            let s = shared(&[500, 300, 200], keep).expect("shared");
            assert_eq!(s.iter().sum::<u64>() + keep, 1_000, "kept {keep}");
            assert!(s.windows(2).all(|w| w[0] >= w[1]), "kept {keep}: {s:?}");
        }
    }

    #[test]
    fn icm_in_whole_chips_rounds_down_and_gives_the_rest_to_the_largest_fractions() {
        // 45.18 / 32.25 / 22.57: floors 45 + 32 + 22 = 99; the chip left to .57.
        let c = super::icm_chips(&chips(&[50, 30, 20]), &chips(&[70, 30])).expect("icm");
        assert_eq!(c, chips(&[45, 32, 23]));
        // Equal stacks, 10 among 3: 3.33 each; the chip to the earliest.
        let c = super::icm_chips(&chips(&[7, 7, 7]), &chips(&[10])).expect("icm");
        assert_eq!(c, chips(&[4, 3, 3]));
        // Rounded down: the floors the chips left are given on top of.
        let f = super::icm_floors(&chips(&[50, 30, 20]), &chips(&[70, 30])).expect("icm");
        assert_eq!(f, chips(&[45, 32, 22]));
    }
}
