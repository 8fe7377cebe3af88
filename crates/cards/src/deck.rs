//! `Deck`: the cards still to be dealt, shuffled lazily — each card dealt is one step of a
//! Fisher–Yates shuffle, drawn from the [`GameRng`] at that moment — so a hand that uses 20 cards
//! draws 20 random indices, not 51, and nothing is allocated.
//!
//! The games deal from it in two ways, each fixed forever by the seeds already published:
//! - [`Deck::deal`] (Texas Hold'em) draws one [`GameRng::below`] per card and swaps the card
//!   dealt with the front card;
//! - [`Deck::deal_batched`] (Five-Card Draw) draws the indices of up to [`GameRng::MAX_STEPS`]
//!   cards from one 64-bit word ([`GameRng::fisher_yates_steps`]) and moves the last card into
//!   the place of each card dealt.
//!
//! Both are unbiased: every sequence of cards dealt is equally likely. (Saint Poker shuffles the
//! whole deck at once: [`GameRng::shuffle`] of [`Card::ALL`].)

use crate::card::Card;
use crate::rng::GameRng;
use crate::set::CardSet;

/// The undealt cards of one 52-card deck, shuffled lazily as they are dealt.
///
/// Two decks are equal when they hold the same cards: the order of the undealt cards is an
/// artefact of dealing, and which card comes next is up to the generator.
///
/// ```
/// use tavolo_cards::{Deck, GameRng};
/// let mut rng = GameRng::from_u64(42);
/// let mut deck = Deck::FULL;
/// let first = deck.deal(&mut rng).expect("52 cards");
/// let mut hands = [first; 10];
/// assert!(deck.deal_batched(&mut rng, &mut hands));
/// assert_eq!(deck.len(), 41);
/// assert!(!deck.remaining().contains(first));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Deck {
    /// `cards[lo..hi]` are the undealt cards, in the order dealing has left them.
    cards: [Card; 52],
    lo: u8,
    hi: u8,
}

impl PartialEq for Deck {
    fn eq(&self, other: &Deck) -> bool {
        self.remaining() == other.remaining()
    }
}

impl Eq for Deck {}

impl Deck {
    /// All 52 cards, in index order (the shuffle happens as they are dealt).
    pub const FULL: Deck = Deck {
        cards: Card::ALL,
        lo: 0,
        hi: 52,
    };

    /// No cards.
    pub const EMPTY: Deck = Deck {
        cards: Card::ALL,
        lo: 0,
        hi: 0,
    };

    /// The number of undealt cards.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.hi - self.lo)
    }

    /// True when every card is dealt.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.hi == self.lo
    }

    /// The undealt cards, in the order dealing has left them.
    pub fn undealt(&self) -> &[Card] {
        &self.cards[usize::from(self.lo)..usize::from(self.hi)]
    }

    /// The undealt cards as a set.
    pub fn remaining(&self) -> CardSet {
        self.undealt().iter().copied().collect()
    }

    /// Deals one card (Texas Hold'em's way): the next step of a Fisher–Yates shuffle from the
    /// front, the card at a uniformly random place among the undealt ones
    /// ([`GameRng::below`]`(len)`), whose place the front card takes. `None` when empty.
    #[inline]
    pub fn deal(&mut self, rng: &mut GameRng) -> Option<Card> {
        if self.is_empty() {
            return None;
        }
        let i = usize::from(self.lo);
        let j = i + rng.below(u32::from(self.hi - self.lo)) as usize;
        self.cards.swap(i, j);
        self.lo += 1;
        Some(self.cards[i])
    }

    /// Deals `out.len()` cards (Five-Card Draw's way), in order: Fisher–Yates steps drawn in
    /// batches of up to [`GameRng::MAX_STEPS`] by [`GameRng::fisher_yates_steps`], each taking
    /// the card at its index among the undealt ones and moving the last one into its place. A
    /// batch draws one word (rarely more), and even a deal of no cards draws one. Returns false,
    /// dealing and drawing nothing, when fewer than `out.len()` cards are left.
    // Always inlined: Five-Card Draw deals every hand through it (as one batch of up to 41
    // cards, then once per exchange), and the call cost shows in its benchmark.
    #[inline(always)]
    pub fn deal_batched(&mut self, rng: &mut GameRng, out: &mut [Card]) -> bool {
        let mut slots = out.iter_mut();
        self.deal_batched_each(rng, slots.len(), |c| {
            if let Some(slot) = slots.next() {
                *slot = c;
            }
        })
    }

    /// [`Deck::deal_batched`] of `count` cards, each handed to `take` as it is dealt.
    #[inline(always)]
    pub fn deal_batched_each(
        &mut self,
        rng: &mut GameRng,
        count: usize,
        mut take: impl FnMut(Card),
    ) -> bool {
        if count > self.len() {
            return false;
        }
        let mut idx = [0u8; GameRng::MAX_STEPS];
        let mut done = 0;
        loop {
            let batch = (count - done).min(GameRng::MAX_STEPS);
            rng.fisher_yates_steps(self.hi - self.lo, &mut idx[..batch]);
            for &i in &idx[..batch] {
                take(self.take_at(usize::from(i)));
            }
            done += batch;
            if done == count {
                return true;
            }
        }
    }

    /// Takes the undealt card at index `i` (in range) out; the last one takes its place.
    #[inline(always)]
    fn take_at(&mut self, i: usize) -> Card {
        let at = usize::from(self.lo) + i;
        let c = self.cards[at];
        self.hi -= 1;
        self.cards[at] = self.cards[usize::from(self.hi)];
        c
    }

    /// Takes `card` out of the deck (a stacked deal serves it), the last card taking its place;
    /// false when it is not in the deck.
    pub fn take(&mut self, card: Card) -> bool {
        match self.undealt().iter().position(|&c| c == card) {
            Some(i) => {
                self.take_at(i);
                true
            }
            None => false,
        }
    }

    /// Puts `cards` under the undealt ones, in index order; cards already in the deck are
    /// ignored. (Five-Card Draw's reshuffle of the discards: the random draws that deal them
    /// are their shuffle.)
    pub fn refill(&mut self, cards: CardSet) {
        let new = cards - self.remaining();
        if self.lo > 0 {
            self.cards
                .copy_within(usize::from(self.lo)..usize::from(self.hi), 0);
            self.hi -= self.lo;
            self.lo = 0;
        }
        for c in new {
            self.cards[usize::from(self.hi)] = c;
            self.hi += 1;
        }
    }
}

impl From<CardSet> for Deck {
    /// A deck of these cards, in index order.
    fn from(cards: CardSet) -> Deck {
        let mut d = Deck::EMPTY;
        d.refill(cards);
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealing_the_whole_deck_deals_every_card_once_either_way() {
        let mut rng = GameRng::from_u64(9);
        let mut one = Deck::FULL;
        let mut seen = CardSet::EMPTY;
        while let Some(c) = one.deal(&mut rng) {
            assert!(seen.insert(c), "{c} twice");
        }
        assert_eq!(seen, CardSet::FULL);
        let mut batched = Deck::FULL;
        let mut all = [Card::ALL[0]; 52];
        assert!(batched.deal_batched(&mut rng, &mut all));
        assert_eq!(CardSet::try_from_cards(all), Ok(CardSet::FULL));
        assert!(batched.is_empty() && one.is_empty());
        assert_eq!(one.deal(&mut rng), None);
    }

    #[test]
    fn a_batched_deal_of_more_than_is_left_deals_and_draws_nothing() {
        let (mut a, mut b) = (GameRng::from_u64(1), GameRng::from_u64(1));
        let mut deck = Deck::from("As Kd 2c".parse::<CardSet>().unwrap());
        let mut four = [Card::ALL[0]; 4];
        assert!(!deck.deal_batched(&mut a, &mut four));
        assert_eq!(deck.len(), 3);
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn take_and_refill_keep_every_card_once() {
        let mut rng = GameRng::from_u64(5);
        let mut deck = Deck::FULL;
        for _ in 0..30 {
            deck.deal(&mut rng);
        }
        let left = deck.remaining();
        let card = left.iter().next().unwrap();
        assert!(deck.take(card));
        assert!(!deck.take(card));
        let back: CardSet = "As Ks".parse().unwrap();
        deck.refill(back | left);
        assert_eq!(deck.remaining(), left | back);
        assert_eq!(deck.len(), (left | back).len() as usize);
        // Equal decks hold the same cards, in whatever order.
        assert_eq!(deck, Deck::from(left | back));
        assert_ne!(deck, Deck::FULL);
    }
}

#[cfg(test)]
mod pinned {
    use super::*;

    /// A published seed must always recompute the same deck: this pins the shuffle algorithm
    /// (ChaCha20, Lemire bounded integers, Fisher–Yates from the top index down).
    #[test]
    fn seed_42_deals_the_same_deck_forever() {
        let mut d = Card::ALL;
        GameRng::from_u64(42).shuffle(&mut d);
        let top: Vec<String> = d[..10].iter().map(|c| c.to_string()).collect();
        assert_eq!(top.join(" "), PINNED_42);
    }

    const PINNED_42: &str = "7c 2h 5c 5d 8h 3d 6s 2c 2s Qd";

    /// Hold'em's lazy deal (computed by its own deck before it moved here), and the generator's
    /// state after it.
    #[test]
    fn seed_2026_deals_the_same_cards_one_by_one_forever() {
        let mut rng = GameRng::from_u64(2026);
        let mut deck = Deck::FULL;
        let cards: Vec<String> = (0..51)
            .map(|_| {
                deck.deal(&mut rng)
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(cards.join(" "), PINNED_2026);
        assert_eq!(rng.next_u32(), 3_700_741_857);
    }

    const PINNED_2026: &str = "Jc Qh Ad Qs 9d 5d Js 2c 8h Kd 7h 5s 9h As 2s 3c 3d 7c Ks 2h \
        Qd 6c 4c Jh 8d 3s Ah Tc 6d 5h Jd 9c Ac 4h 7d Th 6s 8c Ts Qc 7s 4d 4s 2d 8s Kh 5c 6h Kc \
        9s Td";

    /// Draw's batched deal takes the cards of the pinned Fisher–Yates steps (see
    /// `rng::pinned`), each replaced by the last card: the same as `Vec::swap_remove`.
    #[test]
    fn seed_2025_deals_the_cards_of_the_pinned_steps() {
        let mut deck = Deck::FULL;
        let mut dealt = [Card::ALL[0]; 41];
        assert!(deck.deal_batched(&mut GameRng::from_u64(2025), &mut dealt));
        let steps: [&[usize]; 4] = [
            &[50, 16, 23, 22, 29, 17, 5, 23, 11, 27, 29],
            &[40, 14, 7, 3, 11, 30, 8, 23, 17, 18, 2],
            &[19, 10, 22, 9, 6, 3, 23, 13, 2, 3, 12],
            &[18, 14, 0, 15, 6, 9, 10, 6],
        ];
        let mut pool = Card::ALL.to_vec();
        let expected: Vec<Card> = steps
            .concat()
            .into_iter()
            .map(|i| pool.swap_remove(i))
            .collect();
        assert_eq!(dealt.to_vec(), expected);
        assert_eq!(deck.undealt(), &pool[..]);
    }
}
