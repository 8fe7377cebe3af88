//! A tournament called off once play has begun (RULES.md §5, "Kinds and money"): before the
//! first bust everybody gets back all they paid; after it, the places already given keep their
//! prizes, each player still in gets their entry's fee back, and what is left of the pool is
//! shared by the players still in — each first the lowest prize nobody has been given yet (a
//! player in the money keeps at least that), then half of the rest equally and half by chips.

use crate::tournament::payout::PayoutError;
use crate::Chips;

/// What is left of the pool (`pool`) shared by the players still in (`stacks`, each with their
/// chips): each first `floor` (the lowest prize not yet given; zero outside the money), then of
/// the rest half equally and half in proportion to the chips, each part rounded down; the chips
/// the rounding leaves go one at a time to the larger stacks first (equal stacks in the order
/// given). Answers each player's share in the order given; the shares sum to `pool` exactly.
/// Refused when the pool cannot give everyone the floor.
pub fn cancellation_shares<P: Copy>(
    pool: Chips,
    floor: Chips,
    stacks: &[(P, Chips)],
) -> Result<Vec<(P, Chips)>, PayoutError> {
    let n = stacks.len() as u64;
    let floors = floor.checked_mul(n).filter(|f| *f <= pool);
    let (Some(floors), false) = (floors, stacks.is_empty()) else {
        return Err(PayoutError::MinCashTooHigh {
            pool,
            places: stacks.len(),
            min_cash: floor,
        });
    };
    let rest = pool - floors;
    let by_chips = rest - rest.half();
    let (equal, _) = rest.half().split(n).unwrap_or((Chips::ZERO, Chips::ZERO));
    let total: Chips = stacks.iter().map(|(_, c)| *c).sum();
    let mut shares: Vec<Chips> = (stacks.iter())
        .map(|(_, c)| {
            let part = if total.is_zero() {
                Chips::ZERO
            } else {
                by_chips
                    .fraction(c.get(), total.get())
                    .unwrap_or(Chips::ZERO)
            };
            floor + equal + part
        })
        .collect();
    let mut order: Vec<usize> = (0..stacks.len()).collect();
    order.sort_by(|&a, &b| stacks[b].1.cmp(&stacks[a].1).then(a.cmp(&b)));
    let mut left = pool - shares.iter().copied().sum::<Chips>();
    for &i in order.iter().cycle() {
        if left.is_zero() {
            break;
        }
        shares[i] += Chips::new(1);
        left -= Chips::new(1);
    }
    Ok(stacks
        .iter()
        .zip(shares)
        .map(|((p, _), s)| (*p, s))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shares(pool: u64, floor: u64, stacks: &[(u32, u64)]) -> Vec<u64> {
        let stacks: Vec<(u32, Chips)> = stacks.iter().map(|&(p, c)| (p, Chips::new(c))).collect();
        cancellation_shares(Chips::new(pool), Chips::new(floor), &stacks)
            .expect("shares")
            .into_iter()
            .map(|(_, s)| s.get())
            .collect()
    }

    #[test]
    fn half_equally_half_by_chips_after_the_floor() {
        // 1,001 left, floor 100 each: 801 to share, 400 equally (200 each), 401 by chips (3:1
        // gives 300 and 100, rounded down), and the one chip over to the larger stack.
        assert_eq!(
            shares(1_001, 100, &[(1, 3_000), (2, 1_000)]),
            vec![601, 400]
        );
    }

    #[test]
    fn the_rounding_chips_go_to_the_larger_stacks_first() {
        // 5 equally (1 each, 2 over), 5 by chips (0, 3, 0; 2 over): 4 chips go round from the
        // larger stack, equal stacks in the order given.
        assert_eq!(shares(10, 0, &[(1, 1), (2, 5), (3, 1)]), vec![2, 6, 2]);
    }

    #[test]
    fn everyone_in_the_money_keeps_at_least_the_lowest_prize_not_given() {
        let s = shares(900, 250, &[(1, 9_990), (2, 5), (3, 5)]);
        assert_eq!(s.iter().sum::<u64>(), 900);
        assert!(s.iter().all(|&x| x >= 250), "{s:?}");
    }

    #[test]
    fn a_pool_that_cannot_give_the_floor_is_refused() {
        let stacks = [(1u32, Chips::new(5)), (2, Chips::new(5))];
        assert!(cancellation_shares(Chips::new(100), Chips::new(60), &stacks).is_err());
        assert!(cancellation_shares::<u32>(Chips::new(100), Chips::ZERO, &[]).is_err());
    }
}
