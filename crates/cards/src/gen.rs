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
//! - The **rank key** of a multiset of ranks is the sum of one number per card, `RANK_KEYS[rank]`,
//!   so adding a card adds its key. The keys start from [`RANK_BASES`]: thirteen small numbers
//!   chosen so that every multiset of at most seven ranks (each at most four times) has its own
//!   sum, and the largest such sum (four aces and three kings) stays below 2^25 (see
//!   [`find_rank_bases`], the greedy search that produced them). Each base is then multiplied by
//!   the odd number [`KEY_MULT`] modulo 2^25 — a bijection that keeps sums distinct (modulo 2^25)
//!   and spreads them evenly, so the 73,775 rank keys of 5, 6 and 7 cards pack densely.
//! - The **perfect hash** of a rank key `k` (taken modulo 2^25) is
//!   `ROW_ALIGN * ROW_STARTS[k >> ROW_SHIFT] + (k & COLUMNS)`: the key's high bits choose a row,
//!   whose start (found by first-fit-decreasing row displacement, [`perfect_hash`]) moves the
//!   row's keys into free slots of one dense table; its low bits are the column. Evaluating a
//!   non-flush hand is then a shift, one load of a row start, a mask, one `lea` and the table
//!   load.
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

/// Rank keys are taken modulo `2^KEY_BITS`.
pub const KEY_BITS: u32 = 25;
/// `2^KEY_BITS - 1`.
pub const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
/// A rank key's row in the perfect hash is `key >> ROW_SHIFT`, its column `key & COLUMNS`: 2^12
/// rows, an 8 KiB table of row starts that mostly stays in the L1 cache (2^14 rows packed denser,
/// 74,500 slots, but their 64 KiB table of 32-bit offsets measured ~8 % slower on random hands).
pub const ROW_SHIFT: u32 = 13;
/// The column bits of a rank key (`2^ROW_SHIFT - 1`).
pub const COLUMNS: u32 = (1 << ROW_SHIFT) - 1;
/// Every row of a perfect hash starts at a multiple of `ROW_ALIGN`, so that a `u16` holds its
/// start divided by it (the table's 2^17 slots need 17 bits). Half the size of 32-bit offsets,
/// more of the table of starts stays in the L1 cache beside the rank table's random traffic: in
/// the evaluator harness on an AMD Zen 4, the batch evaluator 4–9 % faster and card lists one at
/// a time 4–6 %; hands built card by card in order (the plain enumeration, whose lookups are near
/// one another) 7 % slower, one more instruction (the column's mask). The rank table's keys fill
/// slots up to 117,885 (112,215 with any start).
pub const ROW_ALIGN: usize = 2;
/// Number of rows of the perfect hash.
pub const ROWS: usize = 1 << (KEY_BITS - ROW_SHIFT);
/// log2 of the length reserved for the rank table (every row of the perfect hash ends inside it;
/// the keys reach slot 117,885), after which the flush table follows.
pub const SLOT_BITS: u32 = 17;

/// Number of multisets of five ranks (each at most four times).
pub const FIVE_RANK_MULTISETS: usize = 6_175;

/// Number of multisets of six ranks (each at most four times).
pub const SIX_RANK_MULTISETS: usize = 18_395;

/// Per-rank bases whose sums over every multiset of at most seven ranks (each at most four
/// times) are distinct, the largest sum being `4 * 0x34b250 + 3 * 0x174a57 = 0x118a845 < 2^25`.
/// Found by [`find_rank_bases`] (a few minutes; `cargo test -p tavolo-cards --release --
/// --ignored rank_bases_are_the_greedy_ones` reruns it) and checked by the tests.
pub const RANK_BASES: [u32; 13] = [
    0x1, 0x5, 0x18, 0x70, 0x209, 0x8c7, 0x241c, 0x7867, 0x1929a, 0x3d12a, 0xa2f3d, 0x174a57,
    0x34b250,
];

/// Odd multiplier applied to [`RANK_BASES`] modulo 2^25. Chosen among 40 random odd numbers
/// for the densest perfect hash (112,215 slots for 73,775 keys with 2^12 rows, where the others
/// gave 115,000 to 121,000); any odd number is correct, only the table length depends on it.
pub const KEY_MULT: u32 = 0xe4_81eb;

/// The rank key of each rank: `RANK_BASES[r] * KEY_MULT mod 2^25`.
pub const RANK_KEYS: [u32; 13] = {
    let mut k = [0u32; 13];
    let mut i = 0;
    while i < 13 {
        k[i] = RANK_BASES[i].wrapping_mul(KEY_MULT) & KEY_MASK;
        i += 1;
    }
    k
};

/// The greedy search that produced [`RANK_BASES`]: each base in turn is the smallest number
/// above the previous one that keeps the sums of all multisets of at most seven ranks (at most
/// four of each) distinct. Slow (minutes): run by an ignored test only.
pub fn find_rank_bases() -> [u32; 13] {
    let mut bases = [0u32; 13];
    // Sums of the multisets over the ranks chosen so far, by multiset size.
    let mut by_size: Vec<Vec<u32>> = vec![vec![0]];
    by_size.resize(8, Vec::new());
    let mut seen = std::collections::HashSet::new();
    for i in 0..13 {
        let mut c = if i == 0 { 1 } else { bases[i - 1] + 1 };
        'candidate: loop {
            seen.clear();
            for (n, sums) in by_size.iter().enumerate() {
                for &s in sums {
                    for j in 0..=(7 - n).min(4) as u32 {
                        if !seen.insert(s + j * c) {
                            c += 1;
                            continue 'candidate;
                        }
                    }
                }
            }
            break;
        }
        bases[i] = c;
        let mut next: Vec<Vec<u32>> = vec![Vec::new(); 8];
        for (n, sums) in by_size.iter().enumerate() {
            for &s in sums {
                for j in 0..=(7 - n).min(4) {
                    next[n + j].push(s + j as u32 * c);
                }
            }
        }
        by_size = next;
    }
    bases
}

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

/// The row of a rank key in the perfect hash.
pub const fn hash_row(key: u32) -> usize {
    ((key & KEY_MASK) >> ROW_SHIFT) as usize
}

/// Finds the perfect hash of distinct rank keys (each below 2^25): returns `(row starts, slot of
/// each key)`, with `slot = ROW_ALIGN * starts[key >> ROW_SHIFT] + (key & COLUMNS)` ([`slot`]).
///
/// First-fit decreasing row displacement (Tarjan and Yao; Czech, Havas and Majewski 1997, section 5.2):
/// rows are placed fullest first, each at the lowest start (a multiple of [`ROW_ALIGN`]) where
/// all its keys land on free slots. Free slots are found by scanning a bit set word by word.
pub fn perfect_hash(keys: &[u32]) -> (Vec<u16>, Vec<usize>) {
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); ROWS];
    for &k in keys {
        rows[hash_row(k)].push(k & COLUMNS);
    }
    for r in &mut rows {
        r.sort_unstable();
    }
    let mut order: Vec<usize> = (0..ROWS).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
    // One bit per slot, with room for a row's width and a 64-slot window past the end.
    let mut used = vec![0u64; ((1 << SLOT_BITS) + (2 << ROW_SHIFT)) / 64 + 2];
    // Bits `pos .. pos + 64` of the bit set.
    let window = |used: &[u64], pos: usize| {
        let (i, s) = (pos / 64, pos % 64);
        if s == 0 {
            used[i]
        } else {
            (used[i] >> s) | (used[i + 1] << (64 - s))
        }
    };
    // The positions of a window (which starts aligned) that are not row starts.
    let misaligned = (0..64)
        .filter(|i| i % ROW_ALIGN != 0)
        .fold(0u64, |m, i| m | 1 << i);
    // Every row, empty ones too, starts inside the table (an empty row at slot 0): then the slot
    // of any key below 2^25 is below `2^SLOT_BITS`, which `Hand::evaluate` relies on.
    let mut starts = vec![0u16; ROWS];
    let mut first_free = 0usize;
    for r in order {
        let cols = &rows[r];
        // Test 64 consecutive positions at once: a zero bit in the union of the row's windows
        // (and of the misaligned positions) is a start where every key of the row lands on a
        // free slot.
        let mut base = first_free.saturating_sub(cols[0] as usize) / ROW_ALIGN * ROW_ALIGN;
        let base = loop {
            let mut occupied = misaligned;
            for &c in cols {
                occupied |= window(&used, base + c as usize);
                if occupied == u64::MAX {
                    break;
                }
            }
            if occupied != u64::MAX {
                break base + (!occupied).trailing_zeros() as usize;
            }
            base += 64;
        };
        for &c in cols {
            let i = base + c as usize;
            used[i / 64] |= 1 << (i % 64);
        }
        while used[first_free / 64] >> (first_free % 64) & 1 == 1 {
            first_free += 1;
        }
        assert!(
            base + ((1 << ROW_SHIFT) as usize) < 1 << SLOT_BITS,
            "rank table too long"
        );
        starts[r] = u16::try_from(base / ROW_ALIGN).expect("a row start fits in 16 bits");
    }
    let slots = keys.iter().map(|&k| slot(k, &starts)).collect();
    (starts, slots)
}

/// The slot of a rank key (taken modulo 2^25) under a perfect hash's row `starts` (see
/// [`perfect_hash`]). The evaluator's lookups use it too (inlined, the bound check goes: the row
/// is below 2^12, the tables' length).
#[inline(always)]
pub fn slot(key: u32, starts: &[u16]) -> usize {
    let k = key & KEY_MASK;
    ROW_ALIGN * usize::from(starts[hash_row(k)]) + (k & COLUMNS) as usize
}
