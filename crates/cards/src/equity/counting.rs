//! The counting under exact equity: binomials, rank multisets and their weights, subsets and
//! combinations of cards.

use crate::card::Card;
use crate::gen;
use crate::hand::Hand;

/// `C(n, k)` for `n, k < 8` (cards of one rank left, cards of it wanted).
pub(super) static CHOOSE4: [[u64; 8]; 8] = {
    let mut t = [[0u64; 8]; 8];
    let mut n = 0;
    while n < 8 {
        let mut k = 0;
        while k < 8 {
            t[n][k] = gen::binomial(n as u32, k as u32) as u64;
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)` as u128 (no overflow for a deck).
pub(super) fn choose(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The non-flush value of a hand plus a board given by its rank key.
#[inline(always)]
pub(super) fn rank_value(hand: Hand, board_key: u32) -> u16 {
    hand.with_rank_key(board_key).evaluate_ranks_only().value()
}

#[inline(always)]
pub(super) fn rank_slot(key: u32) -> usize {
    crate::hand::rank_slot(key)
}

/// Rank multisets of `size` cards (0–2) drawn from the per-rank counts `avail`, as
/// `(rank key, number of ways)`, skipping impossible ones.
pub(super) fn off_suit_multisets(avail: &[u8; 13], size: usize) -> Vec<(u32, u64)> {
    let mut out = Vec::new();
    match size {
        0 => out.push((0, 1)),
        1 => {
            for (r, &a) in avail.iter().enumerate() {
                if a > 0 {
                    out.push((gen::RANK_KEYS[r], u64::from(a)));
                }
            }
        }
        _ => {
            for a in 0..13 {
                for b in a..13 {
                    let ways = if a == b {
                        choose(avail[a] as usize, 2) as u64
                    } else {
                        u64::from(avail[a]) * u64::from(avail[b])
                    };
                    if ways > 0 {
                        out.push((gen::RANK_KEYS[a] + gen::RANK_KEYS[b], ways));
                    }
                }
            }
        }
    }
    out
}

/// Every multiset of five ranks (at most four of a rank): rank key and per-rank counts.
pub(super) fn five_rank_multisets() -> &'static [(u32, [u8; 13])] {
    static SETS: std::sync::OnceLock<Vec<(u32, [u8; 13])>> = std::sync::OnceLock::new();
    SETS.get_or_init(|| {
        gen::rank_multisets::<5>()
            .into_iter()
            .map(|m| {
                let mut counts = [0u8; 13];
                for &r in &m {
                    counts[r as usize] += 1;
                }
                (m.iter().map(|&r| gen::RANK_KEYS[r as usize]).sum(), counts)
            })
            .collect()
    })
}

/// Calls `f` with every `k`-subset of `items` (in order).
pub(super) fn for_each_subset(items: &[u8], k: usize, f: &mut dyn FnMut(&[u8])) {
    fn rec(items: &[u8], k: usize, start: usize, cur: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - cur.len() {
                break;
            }
            cur.push(items[i]);
            rec(items, k, i + 1, cur, f);
            cur.pop();
        }
    }
    rec(items, k, 0, &mut Vec::with_capacity(k), f);
}

/// Every `k`-combination of `cards` folded into an accumulator (incrementally), passed to `leaf`.
pub(super) fn combinations<A: Clone>(
    cards: &[Card],
    k: usize,
    acc: A,
    add: &dyn Fn(A, Card) -> A,
    leaf: &mut dyn FnMut(A),
) {
    if k == 0 {
        leaf(acc);
        return;
    }
    for i in 0..cards.len() {
        if cards.len() - i < k {
            break;
        }
        combinations(
            &cards[i + 1..],
            k - 1,
            add(acc.clone(), cards[i]),
            add,
            leaf,
        );
    }
}
