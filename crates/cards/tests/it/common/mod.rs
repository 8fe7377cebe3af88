//! Helpers shared by the evaluator's tests and its benchmark: exhaustive enumeration of card
//! combinations and random hands.
#![allow(dead_code)]

use tavolo_cards::{Card, GameRng};

/// Calls `f` with every `k`-card combination of `deck` (in index order) and the index of its
/// last card. The combination is built incrementally with `add`, from `empty`: a level of the
/// enumeration adds one card to the combination of the cards before it, so each combination
/// costs one addition, as in hand-written nested loops.
pub fn for_each_combination<H: Copy, C: Copy>(
    deck: &[C],
    k: usize,
    empty: H,
    add: &impl Fn(H, C) -> H,
    f: &mut impl FnMut(H, usize),
) {
    combinations_from(deck, 0, k, empty, add, f);
}

fn combinations_from<H: Copy, C: Copy>(
    deck: &[C],
    from: usize,
    k: usize,
    hand: H,
    add: &impl Fn(H, C) -> H,
    f: &mut impl FnMut(H, usize),
) {
    if k == 1 {
        for (i, &c) in deck.iter().enumerate().skip(from) {
            f(add(hand, c), i);
        }
        return;
    }
    for (i, &c) in deck.iter().enumerate().skip(from) {
        combinations_from(deck, i + 1, k - 1, add(hand, c), add, f);
    }
}

/// Shuffles the first `k` cards of `deck`: a uniformly random `k`-card hand in `deck[..k]`.
pub fn shuffle_front(deck: &mut [Card], k: usize, rng: &mut GameRng) {
    for i in 0..k {
        let j = i + rng.below((deck.len() - i) as u32) as usize;
        deck.swap(i, j);
    }
}

/// `n` random `k`-card hands from the seed `seed`.
pub fn random_hands(n: usize, k: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = GameRng::from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..n)
        .map(|_| {
            shuffle_front(&mut deck, k, &mut rng);
            deck[..k].to_vec()
        })
        .collect()
}
