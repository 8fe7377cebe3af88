//! `Hand`: cards added into a compact value that evaluates in a few instructions.
//!
//! A hand holds a 64-bit key — the sum of the cards' rank keys (below 2^25 each, see `gen.rs`) in
//! the low half and a four-bit counter per suit, started at 3, in the high half — and a
//! suit-major mask of the cards. A suit counter reaching 8 (five cards of the suit) sets its top
//! bit: one `AND` detects any flush. Flushes are looked up by the suit's rank mask; everything
//! else through a one-offset perfect hash of the rank key (`key + OFFSETS[key >> 13]`). Keys add,
//! so a shared board is built once and each player's cards added on top.

use std::ops::Add;

use crate::card::Card;
use crate::gen;
use crate::rank::HandRank;
use crate::set::CardSet;
use crate::tables;

const SUIT_START: u64 = 0x3333 << 32;
const FLUSH_BITS: u64 = 0x8888 << 32;
/// One more on every suit counter: `(key + FOUR_STEP) & FLUSH_BITS` shows the suits held four
/// times.
const FOUR_STEP: u64 = 0x1111 << 32;
/// The card-index bits of the clubs (shift left by the suit for the others).
const SUIT_CARDS: u64 = 0x0001_1111_1111_1111;

/// The key each card adds: its rank key and a one on its suit's counter (the counters' starting
/// value is in [`Hand::new`]). Kept apart from [`CARD_MASK`] so that adding a card is one load
/// scaled by 8 and one add (a table of 16-byte pairs needs a shift of the index first), and so
/// that the mask, needed only for flushes, costs nothing where the compiler can leave it out.
/// Indexed by any `u8`, so that no bounds check or mask is needed (entries from 52 on are never
/// used).
static CARD_KEY: [u64; 256] = {
    let mut k = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        k[i] = gen::RANK_KEYS[i / 4] as u64 | 1u64 << (32 + 4 * (i % 4));
        i += 1;
    }
    k
};

/// The bit each card sets in the suit-major card mask (masks never overlap for distinct cards,
/// so `+` is `|`). Indexed by any `u8`, as [`CARD_KEY`].
static CARD_MASK: [u64; 256] = {
    let mut m = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        m[i] = 1u64 << ((i & 3) * 16 + (i >> 2));
        i += 1;
    }
    m
};

/// A set of up to seven cards prepared for evaluation.
///
/// ```
/// use tavolo_cards::{Card, Category, Hand};
/// let c = |s: &str| s.parse::<Card>();
/// let board = Hand::new() + c("Qh")? + c("7c")? + c("2d")? + c("Qd")? + c("9s")?;
/// let hero = board + c("As")? + c("Qs")?;
/// let villain = board + c("Kc")? + c("Kd")?;
/// assert_eq!(hero.evaluate().category(), Category::ThreeOfAKind);
/// assert!(hero.evaluate() > villain.evaluate());
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand {
            key: SUIT_START,
            mask: 0,
        }
    }

    /// This hand with one more card. Adding a card twice, or more than seven cards, is a logic
    /// error: the result of [`Hand::evaluate`] is then unspecified (but never a panic).
    #[inline(always)]
    pub const fn add_card(self, c: Card) -> Hand {
        let i = c.index() as usize;
        Hand {
            key: self.key.wrapping_add(CARD_KEY[i]),
            mask: self.mask | CARD_MASK[i],
        }
    }

    /// The hand of these cards.
    #[inline]
    pub fn from_cards(cards: &[Card]) -> Hand {
        cards.iter().fold(Hand::new(), |h, &c| h.add_card(c))
    }

    /// Both hands' cards together (they must not share a card).
    #[inline(always)]
    pub const fn combine(self, other: Hand) -> Hand {
        Hand {
            key: self.key + other.key - SUIT_START,
            mask: self.mask | other.mask,
        }
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.mask.count_ones()
    }

    /// True when the hand holds no card.
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The best five-card hand of these 5, 6 or 7 cards.
    ///
    /// With fewer than five cards the result is unspecified (but never a panic): use
    /// [`crate::evaluate`] where the count is not known to be right.
    #[inline(always)]
    pub fn evaluate(self) -> HandRank {
        // A flush is rare (3% of random 7-card hands) and well predicted; a branch-free select
        // of the two indices measured 20% slower.
        let flush = self.key & FLUSH_BITS;
        if flush != 0 {
            let shift = (flush.trailing_zeros() - 35) * 4;
            let suit_ranks = ((self.mask >> shift) & 0x1fff) as usize;
            return HandRank::from_raw(tables::COMBINED[RANK_LEN + suit_ranks]);
        }
        HandRank::from_raw(rank_lookup(self.key as u32))
    }

    /// Calls `f` with each card of `next` and the value of this hand plus that card, in card
    /// order: the way to enumerate a last card. For a six-card hand, the values of every
    /// seventh rank are one row of a table (found with one offset load per call), so each card with no
    /// flush possible is one load; only cards of a suit the hand holds four or more of are
    /// evaluated in full. Other hand sizes share one rank lookup among the cards of a rank.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, CardSet, Hand};
    /// let six = Hand::from_cards(&parse_cards("As Ks Qs Js 2c 3d")?);
    /// let next: CardSet = "Ts Th 9c".parse()?;
    /// let mut seen = vec![];
    /// six.for_each_next_card(next, |c, v| seen.push((c.to_string(), v.category())));
    /// assert_eq!(seen.len(), 3);
    /// assert_eq!(seen[2].0, "Ts");
    /// assert_eq!(seen[2].1, tavolo_cards::Category::StraightFlush);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    #[inline]
    pub fn for_each_next_card(self, next: CardSet, mut f: impl FnMut(Card, HandRank)) {
        let mut bits = next.bits();
        let key = self.key as u32 & gen::KEY_MASK;
        let slot = key.wrapping_add(tables::SIX_OFFSETS[(key >> gen::ROW_SHIFT) as usize]);
        let row = (slot as usize).min(tables::NEXT7_ROWS - 1);
        let values: &[u16; 16] = tables::NEXT7[row * 16..].first_chunk().unwrap_or(&[0; 16]);
        // The row is this hand's when it holds this hand's rank key: then the hand has six
        // cards (keys differ between multisets of different sizes too).
        if u32::from(values[14]) | u32::from(values[15]) << 16 == key {
            // Suits with four or more cards: their counters (3 + 4) reach 8 with one more. With
            // six cards there is at most one such suit, and only its cards can make a flush.
            let four = (self.key + FOUR_STEP) & FLUSH_BITS;
            if four != 0 {
                // Five or six of the suit already: every card is evaluated in full.
                let suit = (four.trailing_zeros() - 35) / 4;
                let suited = if self.key & FLUSH_BITS != 0 {
                    u64::MAX
                } else {
                    SUIT_CARDS << suit
                };
                while bits != 0 {
                    let i = bits.trailing_zeros();
                    bits &= bits - 1;
                    let card = Card::from_index_trusted(i as u8);
                    let v = if suited >> i & 1 != 0 {
                        self.add_card(card).evaluate()
                    } else {
                        HandRank::from_raw(values[(i >> 2) as usize & 15])
                    };
                    f(card, v);
                }
                return;
            }
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                f(
                    Card::from_index_trusted(i as u8),
                    HandRank::from_raw(values[(i >> 2) as usize & 15]),
                );
            }
            return;
        }
        while bits != 0 {
            let rank = bits.trailing_zeros() >> 2;
            let same_rank = bits & (0xF << (rank * 4));
            bits &= !same_rank;
            let plain = rank_lookup((self.key as u32).wrapping_add(gen::RANK_KEYS[rank as usize]));
            let mut rb = same_rank;
            while rb != 0 {
                let i = rb.trailing_zeros();
                rb &= rb - 1;
                let flush = (self.key + CARD_KEY[i as usize]) & FLUSH_BITS;
                let value = if flush != 0 {
                    let shift = (flush.trailing_zeros() - 35) * 4;
                    let suit_ranks =
                        (((self.mask | CARD_MASK[i as usize]) >> shift) & 0x1fff) as usize;
                    tables::COMBINED[RANK_LEN + suit_ranks]
                } else {
                    plain
                };
                f(Card::from_index_trusted(i as u8), HandRank::from_raw(value));
            }
        }
    }

    /// This hand with the ranks of more cards added (given by their summed rank key), suits
    /// untouched: for evaluating [`Hand::evaluate_ranks_only`] against boards known by ranks only.
    #[inline(always)]
    pub(crate) const fn with_rank_key(self, rank_key: u32) -> Hand {
        Hand {
            key: self.key + (rank_key & gen::KEY_MASK) as u64,
            mask: self.mask,
        }
    }

    /// The key and mask one card adds (see [`Hand::add_card`]).
    #[inline(always)]
    pub(crate) const fn card_parts(c: Card) -> (u64, u64) {
        let i = c.index() as usize;
        (CARD_KEY[i], CARD_MASK[i])
    }

    /// The key (rank-key sum and suit counters) and the suit-major card mask.
    #[inline(always)]
    pub(crate) const fn parts(self) -> (u64, u64) {
        (self.key, self.mask)
    }

    /// The best hand ignoring suits (no flush can count); used where flushes are settled apart.
    #[inline(always)]
    pub fn evaluate_ranks_only(self) -> HandRank {
        HandRank::from_raw(rank_lookup(self.key as u32))
    }
}

const RANK_LEN: usize = 1 << gen::SLOT_BITS;

/// Perfect-hash slot of a rank key (any sum of rank keys; only its low 25 bits count).
#[inline(always)]
pub(crate) fn rank_slot(key: u32) -> usize {
    let k = key & gen::KEY_MASK;
    // `k >> ROW_SHIFT` < 2^12 = OFFSETS.len(): the compiler sees that bound.
    k.wrapping_add(tables::OFFSETS[(k >> gen::ROW_SHIFT) as usize]) as usize
}

/// Perfect-hash lookup of a rank key.
#[inline(always)]
fn rank_lookup(key: u32) -> u16 {
    let slot = rank_slot(key);
    debug_assert!(slot < RANK_LEN);
    // SAFETY: every row of the hash starts at a slot `base` with `base + 2^ROW_SHIFT <= RANK_LEN`
    // (`gen::perfect_hash` asserts it for the rows it places and puts empty rows at 0), and
    // `rank_slot` adds to that base the key's column, below 2^ROW_SHIFT: so `slot < RANK_LEN`
    // for every `u32`, which `every_rank_slot_is_inside_the_table` checks row by row.
    // `COMBINED` is longer than `RANK_LEN`. (Indexing with a check, or masking the slot,
    // measured a few percent slower on random hands.)
    unsafe { *tables::COMBINED.get_unchecked(slot) }
}

impl Add<Card> for Hand {
    type Output = Hand;
    #[inline(always)]
    fn add(self, c: Card) -> Hand {
        self.add_card(c)
    }
}

impl Add<Hand> for Hand {
    type Output = Hand;
    #[inline(always)]
    fn add(self, h: Hand) -> Hand {
        self.combine(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_slot_is_inside_the_table() {
        // The soundness of `rank_lookup`: whatever the key, its slot is a rank-table slot.
        for row in 0..gen::ROWS as u32 {
            let first = row << gen::ROW_SHIFT;
            let last = first + (1 << gen::ROW_SHIFT) - 1;
            assert!(rank_slot(first) <= rank_slot(last), "row {row} wraps");
            assert!(rank_slot(last) < RANK_LEN, "row {row} ends past the table");
        }
        assert!(tables::COMBINED.len() > RANK_LEN);
        for key in [0, u32::MAX, gen::KEY_MASK, 1 << 31] {
            assert!(rank_slot(key) < RANK_LEN);
        }
    }

    #[test]
    fn a_garbage_hand_evaluates_without_panicking() {
        // More than seven cards, and the same card many times: a logic error whose value is
        // unspecified, but never a panic or a read outside the tables.
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
}
