//! Generates the evaluator's lookup tables into `OUT_DIR` (see `src/gen.rs` for what each number
//! means). Takes about a second; the tables are checked against the plain reference by the tests.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

#[path = "src/gen.rs"]
mod gen;

fn main() {
    println!("cargo:rerun-if-changed=src/gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
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

    // Everything else: rank multisets of 5, 6 and 7 cards through the perfect hash.
    let mut keys = Vec::new();
    let mut values = Vec::new();
    fn add<const N: usize>(
        keys: &mut Vec<u32>,
        values: &mut Vec<u16>,
        rank_of: &HashMap<u32, u16>,
    ) {
        for m in gen::rank_multisets::<N>() {
            keys.push(m.iter().map(|&r| gen::RANK_KEYS[r as usize]).sum());
            values.push(rank_of[&gen::best_rank_only_key(&m)]);
        }
    }
    add::<5>(&mut keys, &mut values, &rank_of);
    add::<6>(&mut keys, &mut values, &rank_of);
    add::<7>(&mut keys, &mut values, &rank_of);
    let (mult, disp, slots) = gen::perfect_hash(&keys);
    let mut rank_table = vec![0u16; 1 << gen::SLOT_BITS];
    for (s, v) in slots.iter().zip(&values) {
        rank_table[*s] = *v;
    }

    // Saint Poker: exactly two own cards and three of five centre cards, flushes aside.
    let mut saint = vec![0u16; gen::BOARDS * 91];
    for board in gen::rank_multisets::<5>() {
        let base = gen::board_index(board) as usize * 91;
        for hi in 0..13u8 {
            for lo in 0..=hi {
                let mut counts = [0u8; 13];
                for r in board.iter().chain([lo, hi].iter()) {
                    counts[*r as usize] += 1;
                }
                if counts.iter().any(|&c| c > 4) {
                    continue;
                }
                let k = gen::best_two_plus_three_rank_only([lo, hi], board);
                saint[base + gen::pair_index(lo, hi) as usize] = rank_of[&k];
            }
        }
    }

    fs::write(out.join("flush.bin"), u16_bytes(&flush)).expect("write flush table");
    let mut combined = rank_table;
    combined.extend_from_slice(&flush);
    fs::write(out.join("combined.bin"), u16_bytes(&combined)).expect("write combined table");
    fs::write(out.join("disp.bin"), u16_bytes(&disp)).expect("write displacement table");
    fs::write(out.join("saint.bin"), u16_bytes(&saint)).expect("write saint table");
    let class_list = classes
        .iter()
        .map(|k| format!("{k:#x},"))
        .collect::<Vec<_>>()
        .join("");
    let src = format!(
        "/// Multiplier of the rank perfect hash.\n\
         pub const HASH_MULT: u64 = {mult:#x};\n\
         /// Class key of each hand rank (index 0 unused).\n\
         pub static CLASS_KEYS: [u32; 7463] = [0, {class_list}];\n"
    );
    fs::write(out.join("tables.rs"), src).expect("write tables.rs");
}
