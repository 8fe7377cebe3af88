//! The faults found in the card library so far, one test each, named after the fault; each doc
//! comment says what went wrong and names the commit that fixed it.

use tavolo_cards::{Card, GameRng, Hand};

/// A misused hand — more than seven cards, or the same card many times — overflowed its packed
/// key: a panic in a debug build, or a read outside the tables. The value of such a hand is
/// unspecified, but it is never a panic: cards are added with wrapping arithmetic and every row
/// of the perfect hash starts inside the table. Fixed in 91185c4.
#[test]
fn a_misused_hand_panicked_in_a_debug_build() {
    let mut h = Hand::new();
    for c in Card::all() {
        h = h + c;
        let _ = h.evaluate();
    }
    let Some(ace) = Card::all().last() else {
        return;
    };
    let mut h = Hand::new();
    for _ in 0..1000 {
        h = h + ace;
        let _ = h.evaluate();
        let _ = h.evaluate_ranks_only();
    }
}

/// Draws of several Fisher–Yates steps from one 64-bit word are exact only while the product
/// of the bounds fits in 64 bits; an overflowing product gave a slightly biased batch. It now
/// falls back to one bounded draw per step, the same draws `below` makes. Fixed in 34aa8fc.
#[test]
fn an_overflowing_product_biased_the_batched_draw() {
    for seed in 0..200 {
        // 255 × 254 × … × 245 overflows 64 bits.
        let mut batched = GameRng::from_u64(seed);
        let mut one_by_one = batched.clone();
        let mut idx = [0u8; 11];
        batched.fisher_yates_steps(255, &mut idx);
        let expected: Vec<u8> = (0..11).map(|i| one_by_one.below(255 - i) as u8).collect();
        assert_eq!(idx.to_vec(), expected, "seed {seed}");
    }
}
