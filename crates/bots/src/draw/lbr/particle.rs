//! The particles of Draw's LBR: the hands the bot might hold, each with what it did with it in
//! the exchange, and the random draws that make them.

use tavolo_cards::{Card, CardSet, SplitMix64};

/// One hand the bot might hold, and what it did with it in the exchange.
#[derive(Clone, Copy, Debug)]
pub(super) struct Particle {
    /// The five cards dealt.
    pub(super) dealt: CardSet,
    /// The cards laid down in the exchange.
    pub(super) discarded: CardSet,
    /// The cards received.
    pub(super) drawn: CardSet,
    /// Its weight in the range.
    pub(super) weight: f64,
}

impl Particle {
    /// The five cards held now.
    pub(super) fn hand(&self) -> CardSet {
        (self.dealt - self.discarded) | self.drawn
    }

    /// Every card it has held.
    pub(super) fn seen(&self) -> CardSet {
        self.dealt | self.drawn
    }
}

/// `k` cards drawn at random from `from` (all of them if it holds fewer).
pub(super) fn draw_from(rng: &mut SplitMix64, from: CardSet, k: usize) -> CardSet {
    let mut cards: Vec<Card> = from.iter().collect();
    let k = k.min(cards.len());
    for j in 0..k {
        let x = j + rng.below(cards.len() - j);
        cards.swap(j, x);
    }
    cards[..k].iter().copied().collect()
}

/// The cards of the deck: all 52.
pub(super) fn deck() -> CardSet {
    Card::all().collect()
}
