//! The evaluator's table generator, shared by `build.rs` (which writes the tables) and the tests
//! (which check them against a plain reference). Plain, obviously-correct code; speed is the
//! business of the tables it produces.
//!
//! # The numbers in the tables
//! - A **class key** describes a five-card hand completely: `category << 20` and then up to five
//!   rank indices (0 = deuce … 12 = ace), four bits each, most significant first (for a full house
//!   `[trips, pair]`, for two pair `[high pair, low pair, kicker]`, for a straight only its top card,
//!   the wheel counting as five-high). Comparing keys as integers compares hands by the standard
//!   rules; there are exactly 7,462 distinct keys.
//! - A **hand rank** (`HandRank`) is the position of a class key in the sorted list of all 7,462,
//!   from 1 (7-5-4-3-2 offsuit) to 7,462 (royal flush), so it fits in a `u16`.
//! - The **rank key** of a multiset of ranks is `Σ 5^rank` (a base-5 number whose digits are the
//!   rank counts, at most 4): adding cards adds keys and never carries. A perfect hash maps the
//!   73,775 rank keys of 5, 6 and 7 cards into a table of 2^17 hand ranks.
#![allow(dead_code)]

/// Category codes as used in class keys (larger is stronger).
pub const HIGH_CARD: u32 = 0;
/// One pair.
pub const PAIR: u32 = 1;
/// Two pair.
pub const TWO_PAIR: u32 = 2;
/// Three of a kind.
pub const TRIPS: u32 = 3;
/// Straight.
pub const STRAIGHT: u32 = 4;
/// Flush.
pub const FLUSH: u32 = 5;
/// Full house.
pub const FULL_HOUSE: u32 = 6;
/// Four of a kind.
pub const QUADS: u32 = 7;
/// Straight flush.
pub const STRAIGHT_FLUSH: u32 = 8;

/// Bits of the perfect hash: `BUCKET_BITS` choose a 16-bit displacement (an 8 KiB table that
/// stays in the L1 cache), `SLOT_BITS` index the table.
pub const BUCKET_BITS: u32 = 12;
/// log2 of the rank table's length.
pub const SLOT_BITS: u32 = 17;

/// `5^r` for each rank.
pub const RANK_KEYS: [u32; 13] = {
    let mut k = [0u32; 13];
    let mut i = 0;
    let mut p = 1u32;
    while i < 13 {
        k[i] = p;
        p *= 5;
        i += 1;
    }
    k
};

/// The top card of the straight these five distinct ranks make, if they make one.
fn straight_top(mut ranks: [u8; 5]) -> Option<u8> {
    ranks.sort_unstable();
    if ranks.windows(2).all(|w| w[1] == w[0] + 1) {
        return Some(ranks[4]);
    }
    if ranks == [0, 1, 2, 3, 12] {
        return Some(3);
    }
    None
}

/// The class key of five cards given by rank indices; `flush` when all five share a suit.
pub fn five_card_key(ranks: [u8; 5], flush: bool) -> u32 {
    let mut counts = [0u8; 13];
    for &r in &ranks {
        counts[r as usize] += 1;
    }
    // Groups ordered by size, then rank, both descending.
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let pack = |cat: u32, rs: &[u8]| -> u32 {
        let mut k = cat << 20;
        for (i, &r) in rs.iter().enumerate() {
            k |= u32::from(r) << (16 - 4 * i);
        }
        k
    };
    let order: Vec<u8> = groups.iter().map(|g| g.1).collect();
    if groups.len() == 5 {
        let straight = straight_top(ranks);
        return match (straight, flush) {
            (Some(t), true) => pack(STRAIGHT_FLUSH, &[t]),
            (Some(t), false) => pack(STRAIGHT, &[t]),
            (None, true) => pack(FLUSH, &order),
            (None, false) => pack(HIGH_CARD, &order),
        };
    }
    let cat = match (groups[0].0, groups[1].0) {
        (4, _) => QUADS,
        (3, 2) => FULL_HOUSE,
        (3, _) => TRIPS,
        (2, 2) => TWO_PAIR,
        _ => PAIR,
    };
    pack(cat, &order)
}

/// The category code of a class key.
pub const fn key_category(key: u32) -> u32 {
    key >> 20
}

/// Every 5-element subset of `items`, as index arrays.
pub fn five_subsets(n: usize) -> Vec<[usize; 5]> {
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        out.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    out
}

/// The best class key of 5–7 cards given as `(rank, suit)` pairs: the plain reference evaluator.
pub fn best_key(cards: &[(u8, u8)]) -> u32 {
    five_subsets(cards.len())
        .into_iter()
        .map(|s| {
            let five = s.map(|i| cards[i]);
            let flush = five.iter().all(|c| c.1 == five[0].1);
            five_card_key(five.map(|c| c.0), flush)
        })
        .max()
        .unwrap_or(0)
}

/// All 7,462 class keys, sorted ascending (weakest first).
pub fn all_class_keys() -> Vec<u32> {
    let mut keys = std::collections::BTreeSet::new();
    for m in rank_multisets::<5>() {
        keys.insert(five_card_key(m, false));
        let distinct = m.windows(2).all(|w| w[0] != w[1]);
        if distinct {
            keys.insert(five_card_key(m, true));
        }
    }
    keys.into_iter().collect()
}

/// Every multiset of `N` ranks (each rank at most four times), as sorted arrays.
pub fn rank_multisets<const N: usize>() -> Vec<[u8; N]> {
    let mut out = Vec::new();
    let mut cur = [0u8; N];
    fn rec<const N: usize>(pos: usize, min: u8, cur: &mut [u8; N], out: &mut Vec<[u8; N]>) {
        if pos == N {
            out.push(*cur);
            return;
        }
        for r in min..13 {
            if pos >= 4 && cur[pos - 4] == r {
                continue; // a fifth card of this rank
            }
            cur[pos] = r;
            rec(pos + 1, r, cur, out);
        }
    }
    rec(0, 0, &mut cur, &mut out);
    out
}

/// The best non-flush class key of a rank multiset of 5–7 ranks.
pub fn best_rank_only_key(ranks: &[u8]) -> u32 {
    five_subsets(ranks.len())
        .into_iter()
        .map(|s| five_card_key(s.map(|i| ranks[i]), false))
        .max()
        .unwrap_or(0)
}

/// The best flush or straight-flush class key of a 13-bit rank mask with at least five bits.
pub fn best_flush_key(mask: u16) -> u32 {
    let ranks: Vec<u8> = (0..13u8).rev().filter(|r| mask >> r & 1 == 1).collect();
    five_subsets(ranks.len())
        .into_iter()
        .map(|s| five_card_key(s.map(|i| ranks[i]), true))
        .max()
        .unwrap_or(0)
}

/// Index of a sorted multiset of five ranks among all `C(17, 5)` = 6,188 such multisets.
#[inline]
pub fn board_index(sorted: [u8; 5]) -> u32 {
    let mut idx = 0u32;
    for (i, &r) in sorted.iter().enumerate() {
        idx += BINOMIAL[(r as usize + i).min(16)][i + 1];
    }
    idx
}

/// `C(n, k)` for `n < 17`, `k < 6`.
static BINOMIAL: [[u32; 6]; 17] = {
    let mut t = [[0u32; 6]; 17];
    let mut n = 0;
    while n < 17 {
        let mut k = 0;
        while k < 6 {
            t[n][k] = binomial(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    t
};

/// Number of five-rank multisets (without the four-of-a-rank limit): `C(17, 5)`.
pub const BOARDS: usize = 6188;

/// Index of an unordered pair of ranks among the 91 such pairs.
pub const fn pair_index(a: u8, b: u8) -> u32 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    (hi as u32) * (hi as u32 + 1) / 2 + lo as u32
}

/// `C(n, k)`.
pub const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    r as u32
}

/// The best non-flush class key using exactly both `pair` ranks and exactly three of `board`.
pub fn best_two_plus_three_rank_only(pair: [u8; 2], board: [u8; 5]) -> u32 {
    let mut best = 0;
    for a in 0..5 {
        for b in a + 1..5 {
            for c in b + 1..5 {
                let k = five_card_key([pair[0], pair[1], board[a], board[b], board[c]], false);
                best = best.max(k);
            }
        }
    }
    best
}

/// The perfect hash of a rank key: `(bucket, slot)` before displacement.
pub const fn hash_parts(key: u32, mult: u64) -> (usize, usize) {
    let x = (key as u64).wrapping_mul(mult);
    let bucket = (x >> (64 - BUCKET_BITS)) as usize;
    let slot = ((x >> (64 - BUCKET_BITS - SLOT_BITS)) & ((1 << SLOT_BITS) - 1)) as usize;
    (bucket, slot)
}

/// Finds a multiplier and displacements placing every key in its own slot:
/// returns `(mult, displacements, slot of each key)`.
pub fn perfect_hash(keys: &[u32]) -> (u64, Vec<u16>, Vec<usize>) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    'mult: loop {
        // splitmix64 for candidate odd multipliers.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let mult = (z ^ (z >> 31)) | 1;
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for (i, &k) in keys.iter().enumerate() {
            buckets[hash_parts(k, mult).0].push(i);
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let mut used = vec![false; 1 << SLOT_BITS];
        let mut disp = vec![0u16; 1 << BUCKET_BITS];
        let mut slot_of = vec![0usize; keys.len()];
        for b in order {
            if buckets[b].is_empty() {
                break;
            }
            let slots: Vec<usize> = buckets[b]
                .iter()
                .map(|&i| hash_parts(keys[i], mult).1)
                .collect();
            let mut found = None;
            'd: for d in 0..(1usize << 16) {
                for (j, &s) in slots.iter().enumerate() {
                    let t = s ^ d;
                    if used[t] || slots[..j].iter().any(|&o| o ^ d == t) {
                        continue 'd;
                    }
                }
                found = Some(d);
                break;
            }
            let Some(d) = found else { continue 'mult };
            disp[b] = d as u16;
            for (&i, &s) in buckets[b].iter().zip(&slots) {
                used[s ^ d] = true;
                slot_of[i] = s ^ d;
            }
        }
        return (mult, disp, slot_of);
    }
}
