//! Generates the evaluator's lookup tables into `OUT_DIR` (see `src/gen.rs` for what each number
//! means). Takes about a second; the tables are checked against the plain reference by the tests.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

#[path = "src/gen.rs"]
mod gen;

/// The minor version of the compiler building this crate (`rustc 1.89.0 (...)` gives 89), if
/// it says.
fn rustc_minor() -> Option<u32> {
    let rustc = std::env::var_os("RUSTC")?;
    let out = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    version.split('.').nth(1)?.parse().ok()
}

fn main() {
    println!("cargo:rerun-if-changed=src/gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
    // The batch evaluator's AVX-512 path uses intrinsics stable since Rust 1.89; older compilers
    // (the workspace supports 1.85) build the portable path alone.
    println!("cargo::rustc-check-cfg=cfg(tavolo_avx512)");
    if rustc_minor().is_some_and(|m| m >= 89) {
        println!("cargo:rustc-cfg=tavolo_avx512");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"));
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let u16_bytes = |v: &[u16]| -> Vec<u8> {
        v.iter()
            .flat_map(|x| {
                if big_endian {
                    x.to_be_bytes()
                } else {
                    x.to_le_bytes()
                }
            })
            .collect()
    };

    // Hand ranks: positions of the sorted class keys, from 1.
    let classes = gen::all_class_keys();
    assert_eq!(classes.len(), 7462);
    let rank_of: HashMap<u32, u16> = classes
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u16 + 1))
        .collect();

    // Flushes: best flush or straight flush of a suit's 13-bit rank mask.
    let flush: Vec<u16> = (0..8192u16)
        .map(|m| {
            if m.count_ones() >= 5 {
                rank_of[&gen::best_flush_key(m)]
            } else {
                0
            }
        })
        .collect();

    // Everything else: rank multisets of 5, 6 and 7 cards through the perfect hash. Five cards
    // are valued by the reference; six and seven as the best of the hands one card smaller
    // (every five of n cards lie within some n - 1 of them), which takes milliseconds instead of
    // half a second of five-card subsets.
    let key_of = |m: &[u8]| -> u32 { m.iter().map(|&r| gen::RANK_KEYS[r as usize]).sum() };
    let mut value_of: HashMap<u32, u16> = HashMap::new();
    let mut keys = Vec::new();
    let mut values = Vec::new();
    for m in gen::rank_multisets::<5>() {
        let v = rank_of[&gen::best_rank_only_key(&m)];
        value_of.insert(key_of(&m), v);
        keys.push(key_of(&m));
        values.push(v);
    }
    fn best_of_smaller(
        m: &[u8],
        key_of: &dyn Fn(&[u8]) -> u32,
        value_of: &HashMap<u32, u16>,
    ) -> u16 {
        let whole = key_of(m);
        m.iter()
            .map(|&r| value_of[&(whole - gen::RANK_KEYS[r as usize])])
            .max()
            .unwrap_or(0)
    }
    for m in gen::rank_multisets::<6>() {
        let v = best_of_smaller(&m, &key_of, &value_of);
        value_of.insert(key_of(&m), v);
        keys.push(key_of(&m));
        values.push(v);
    }
    for m in gen::rank_multisets::<7>() {
        let v = best_of_smaller(&m, &key_of, &value_of);
        value_of.insert(key_of(&m), v);
        keys.push(key_of(&m));
        values.push(v);
    }
    let (starts, slots) = gen::perfect_hash(&keys);
    let mut rank_table = vec![0u16; 1 << gen::SLOT_BITS];
    let mut taken = vec![false; 1 << gen::SLOT_BITS];
    for &s in &slots {
        assert!(!taken[s], "the perfect hash put two rank keys in slot {s}");
        taken[s] = true;
    }
    for (s, v) in slots.iter().zip(&values) {
        rank_table[*s] = *v;
    }

    // Enumeration: for every rank multiset of six cards, the value of each seventh rank (0 where
    // the rank is already there four times), 16 to a row with the multiset's key at the end;
    // the rows are placed by a perfect hash of the six-card keys alone, so a six-card hand finds
    // its row with one load of a row start.
    let six = gen::rank_multisets::<6>();
    let six_keys: Vec<u32> = six.iter().map(|m| key_of(m)).collect();
    let (six_starts, six_slots) = gen::perfect_hash(&six_keys);
    let six_rows = six_slots.iter().max().map_or(0, |m| m + 1);
    let mut next7 = vec![0u16; six_rows * 16];
    let mut slot_row = vec![0u16; 1 << gen::SLOT_BITS];
    for ((m, &key), &row) in six.iter().zip(&six_keys).zip(&six_slots) {
        let i = row;
        for r in 0..13u8 {
            if m.iter().filter(|&&x| x == r).count() < 4 {
                next7[i * 16 + r as usize] = value_of[&(key + gen::RANK_KEYS[r as usize])];
            }
        }
        // The row's own rank key (modulo 2^25) in its last two entries, so that a hand can
        // check that the row is its own (its key is a six-card key) without counting its cards.
        let k = key & gen::KEY_MASK;
        next7[i * 16 + 14] = k as u16;
        next7[i * 16 + 15] = (k >> 16) as u16;
    }
    assert_eq!(six.len(), gen::SIX_RANK_MULTISETS);

    // Saint Poker: exactly two own cards and three of five centre cards, flushes aside; a row
    // of 91 pairs of own ranks for each five-card rank multiset (row `SLOT_ROW[its slot]`), each
    // the best of the ten triples of centre ranks with the pair.
    let fives = gen::rank_multisets::<5>();
    assert_eq!(fives.len(), gen::FIVE_RANK_MULTISETS);
    let mut saint = vec![0u16; fives.len() * 91];
    for (row, board) in fives.iter().enumerate() {
        slot_row[gen::slot(key_of(board), &starts)] = row as u16;
        let mut triples = Vec::with_capacity(10);
        for a in 0..5 {
            for b in a + 1..5 {
                for c in b + 1..5 {
                    triples.push(key_of(&[board[a], board[b], board[c]]));
                }
            }
        }
        for hi in 0..13u8 {
            for lo in 0..=hi {
                let mut counts = [0u8; 13];
                for r in board.iter().chain([lo, hi].iter()) {
                    counts[*r as usize] += 1;
                }
                if counts.iter().any(|&c| c > 4) {
                    continue;
                }
                let pair = key_of(&[lo, hi]);
                saint[row * 91 + gen::pair_index(lo, hi) as usize] = triples
                    .iter()
                    .map(|&t| rank_table[gen::slot(pair + t, &starts)])
                    .max()
                    .unwrap_or(0);
            }
        }
    }

    fs::write(out.join("flush.bin"), u16_bytes(&flush)).expect("write flush table");
    let mut combined = rank_table;
    combined.extend_from_slice(&flush);
    fs::write(out.join("combined.bin"), u16_bytes(&combined)).expect("write combined table");
    fs::write(out.join("row_starts.bin"), u16_bytes(&starts)).expect("write row starts");
    fs::write(out.join("next7.bin"), u16_bytes(&next7)).expect("write next-card table");
    fs::write(out.join("six_row_starts.bin"), u16_bytes(&six_starts))
        .expect("write six-card row starts");
    fs::write(out.join("slot_row.bin"), u16_bytes(&slot_row)).expect("write slot rows");
    fs::write(out.join("saint.bin"), u16_bytes(&saint)).expect("write saint table");
    let class_list = classes
        .iter()
        .map(|k| format!("{k:#x},"))
        .collect::<Vec<_>>()
        .join("");
    let src = format!(
        "/// Class key of each hand rank (index 0 unused).\n\
         pub static CLASS_KEYS: [u32; 7463] = [0, {class_list}];\n\
         /// Rows of [`NEXT7`] (the six-card perfect hash's length).\n\
         pub const NEXT7_ROWS: usize = {six_rows};\n"
    );
    fs::write(out.join("tables.rs"), src).expect("write tables.rs");
}
