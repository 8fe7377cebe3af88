//! `Hand`: cards added into a compact value that evaluates in a few instructions.
//!
//! A hand is twelve bytes: a 64-bit key and the low 32 bits of a 52-bit card mask. The key holds,
//! from the top, the sum of the cards' rank keys modulo 2^25 (bits 39–63, see `gen.rs`; the sum
//! wraps by itself), the mask's top 20 bits (bits 19–38), and a four-bit counter per suit started
//! at 3 (bits 0–15, where adding their start and testing them take 32-bit immediates; bits 16–18
//! take what a hand of more than twelve cards of a suit carries out of them). A suit
//! counter reaching 8 (five cards of the suit) sets its top bit: one `TEST` detects any flush.
//! Flushes are looked up by the suit's 13 rank bits (the mask is 13 bits a suit); everything else
//! through a perfect hash of the rank key with one load of a row start (`gen::slot`). Keys add,
//! so a shared board is built once and each player's cards added on top. Twelve bytes rather
//! than sixteen: evaluating hands stored in memory is bound by how many bytes each takes.

use std::ops::Add;

use crate::card::Card;
use crate::gen;
use crate::rank::HandRank;
use crate::set::CardSet;
use crate::tables;

mod batch;

/// The lowest bit of the suit counters in the key (suit `s` at `COUNTERS + 4 * s`).
const COUNTERS: u32 = 0;
/// The lowest bit of the card mask's bits 32–51 in the key.
const MASK_HIGH: u32 = 19;
/// The lowest bit of the rank-key sum in the key.
const RANK_SHIFT: u32 = 39;
const SUIT_START: u64 = 0x3333 << COUNTERS;
const FLUSH_BITS: u64 = 0x8888 << COUNTERS;
/// One more on every suit counter: `(key + FOUR_STEP) & FLUSH_BITS` shows the suits held four
/// times.
const FOUR_STEP: u64 = 0x1111 << COUNTERS;
/// The card mask's bits 32–51, once shifted down from [`MASK_HIGH`].
const HIGH_MASK_BITS: u64 = (1 << 20) - 1;

/// A card's bit in the 52-bit card mask: 13 bits a suit, `13 * suit + rank`.
const fn mask_bit(i: usize) -> u32 {
    13 * (i % 4) as u32 + (i / 4) as u32
}

/// The key each card adds: its rank key, a one on its suit's counter (the counters' starting
/// value is in [`Hand::new`]) and its mask bit if that is one of bits 32–51. Separate from
/// [`CARD_LOW`] so that adding a card is one load scaled by 8 and one add. Indexed by any `u8`,
/// so that no bounds check or mask is needed (entries from 52 on are never used).
static CARD_KEY: [u64; 256] = {
    let mut k = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        let bit = mask_bit(i);
        k[i] = (gen::RANK_KEYS[i / 4] as u64) << RANK_SHIFT
            | 1u64 << (COUNTERS + 4 * (i % 4) as u32)
            | if bit >= 32 {
                1u64 << (MASK_HIGH + bit - 32)
            } else {
                0
            };
        i += 1;
    }
    k
};

/// A card's mask bit if that is one of bits 0–31 (the masks of distinct cards never overlap,
/// so adding them is `|`). Indexed by any `u8`, as [`CARD_KEY`].
static CARD_LOW: [u32; 256] = {
    let mut m = [0u32; 256];
    let mut i = 0;
    while i < 52 {
        let bit = mask_bit(i);
        if bit < 32 {
            m[i] = 1 << bit;
        }
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
#[repr(C, packed(4))]
pub struct Hand {
    key: u64,
    low: u32,
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
            low: 0,
        }
    }

    /// This hand with one more card. Adding a card twice, or more than seven cards, is a logic
    /// error: the result of [`Hand::evaluate`] is then unspecified (but never a panic).
    #[inline(always)]
    pub const fn add_card(self, c: Card) -> Hand {
        let i = c.index() as usize;
        Hand {
            key: self.key.wrapping_add(CARD_KEY[i]),
            low: self.low | CARD_LOW[i],
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
            key: self.key.wrapping_add(other.key).wrapping_sub(SUIT_START),
            low: self.low | other.low,
        }
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.mask().count_ones()
    }

    /// True when the hand holds no card.
    pub const fn is_empty(self) -> bool {
        self.mask() == 0
    }

    /// The 52-bit card mask, 13 bits a suit (`13 * suit + rank`).
    #[inline(always)]
    pub(crate) const fn mask(self) -> u64 {
        self.low as u64 | ((self.key >> MASK_HIGH) & HIGH_MASK_BITS) << 32
    }

    /// The 13 rank bits of `suit` (0 to 3).
    #[inline(always)]
    pub(crate) const fn suit_ranks(self, suit: u32) -> u16 {
        (self.mask() >> (13 * (suit & 3))) as u16 & 0x1fff
    }

    /// The sum of the cards' rank keys modulo 2^25.
    #[inline(always)]
    pub(crate) const fn rank_key(self) -> u32 {
        (self.key >> RANK_SHIFT) as u32
    }

    /// The suits of which the hand holds at least `n` cards (1 to 5), one bit per suit (bit `s`).
    #[inline(always)]
    pub(crate) const fn suits_holding(self, n: u64) -> u32 {
        // Counters start at 3: `n` cards and `5 - n` more bring a counter to 8, its top bit.
        let top = (self.key.wrapping_add((5 - n) * FOUR_STEP) >> (COUNTERS + 3)) & 0x1111;
        (top | top >> 3 | top >> 6 | top >> 9) as u32 & 0xf
    }

    /// The best five-card hand of these 5, 6 or 7 cards.
    ///
    /// With fewer than five cards the result is unspecified (but never a panic): use
    /// [`crate::evaluate`] where the count is not known to be right.
    #[inline(always)]
    pub fn evaluate(self) -> HandRank {
        // A flush is rare (3% of random 7-card hands) but not predictable: its mispredictions
        // cost every evaluator about a quarter of its speed on random hands. A branch-free
        // select of the two indices measured slower still (20-25%).
        if self.key & FLUSH_BITS != 0 {
            return self.flush();
        }
        HandRank::from_raw(rank_lookup(self.rank_key()))
    }

    /// The value of a hand with five or more cards of a suit. Inline, but marked cold (by the
    /// call to [`cold_path`]): the compiler lays it out of the common path and moves into it the
    /// work only it needs, such as the low mask bits of a hand built from a card list (seven
    /// loads and ORs fewer per hand; out of line, its `Hand` argument had to be complete first).
    /// In the evaluator harness on an AMD Zen 4, alternating with the out-of-line build: card
    /// lists one at a time 3–8 % faster streamed, pre-built hands in cache 5–15 %.
    #[inline(always)]
    fn flush(self) -> HandRank {
        cold_path();
        HandRank::from_raw(self.flush_value())
    }

    /// [`Hand::flush`]'s value, inline (the batch evaluator's flush pass).
    #[inline(always)]
    fn flush_value(self) -> u16 {
        let suit = ((self.key & FLUSH_BITS).trailing_zeros() - (COUNTERS + 3)) / 4;
        let suit_ranks = usize::from(self.suit_ranks(suit));
        tables::COMBINED[RANK_LEN + suit_ranks]
    }

    /// Calls `f` with each card of `next` and the value of this hand plus that card, in card
    /// order: the way to enumerate a last card. For a six-card hand, the values of every
    /// seventh rank are one row of a table (found with one load of a row start per call), so
    /// each card with no flush possible is one load, and a card of a suit the hand holds four
    /// times one more load from the flush table, picked without a branch; only a hand already
    /// holding five or six of a suit evaluates each card in full. Other hand sizes share one rank
    /// lookup among the cards of a rank.
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
    pub fn for_each_next_card(self, next: CardSet, f: impl FnMut(Card, HandRank)) {
        match six_row(self.rank_key()) {
            Some(values) => self.next_from_row(values, next.bits(), f),
            None => self.next_one_by_one(next.bits(), f),
        }
    }

    /// [`Hand::for_each_next_card`] for a six-card hand whose [`six_row`] is `values`.
    #[inline(always)]
    fn next_from_row(self, values: &[u16; 16], bits: u64, f: impl FnMut(Card, HandRank)) {
        // Suits with four or more cards: their counters (3 + 4) reach 8 with one more. With
        // six cards there is at most one such suit, and only its cards can make a flush.
        let four = self.key.wrapping_add(FOUR_STEP) & FLUSH_BITS;
        if four != 0 {
            let suit = (four.trailing_zeros() - (COUNTERS + 3)) / 4;
            if self.key & FLUSH_BITS != 0 {
                // Five or six of the suit already (one hand in a hundred): every card is
                // evaluated in full.
                let mut f = f;
                let mut bits = bits;
                while bits != 0 {
                    let i = bits.trailing_zeros();
                    bits &= bits - 1;
                    let card = Card::from_index_trusted(i as u8);
                    f(card, self.add_card(card).evaluate());
                }
                return;
            }
            // Exactly four: a card of the suit makes a flush, which beats anything else seven
            // cards with five of a suit can hold (no quads or full house fits in the two other
            // cards), so its value is the flush table's for the suit's ranks and its own. Picked
            // by a mask rather than a branch: one six-card hand in nine is here, unpredictably.
            let ranks = usize::from(self.suit_ranks(suit));
            let flush = &tables::COMBINED[RANK_LEN..];
            return Self::cards_from(bits, f, |i| {
                let r = (i >> 2) as usize & 15;
                let fv = flush.get((ranks | 1 << r) & 0x1fff).copied().unwrap_or(0);
                let suited = 0u16.wrapping_sub(u16::from(i & 3 == suit));
                (fv & suited) | (values[r] & !suited)
            });
        }
        Self::cards_from(bits, f, |i| values[(i >> 2) as usize & 15]);
    }

    /// Calls `f` with each card of `bits` and `value` of its index.
    #[inline(always)]
    fn cards_from(mut bits: u64, mut f: impl FnMut(Card, HandRank), value: impl Fn(u32) -> u16) {
        let mut call = |i: u32| {
            f(
                Card::from_index_trusted(i as u8),
                HandRank::from_raw(value(i)),
            )
        };
        // Every card from the lowest one up (how an enumeration asks for its last card): a
        // counted loop, without finding each next bit.
        let first = bits.trailing_zeros();
        if bits != 0 && bits == CardSet::FULL.bits() >> first << first {
            let mut i = first;
            while i & 3 != 0 {
                call(i);
                i += 1;
            }
            // Whole ranks: four cards at a time.
            for rank in (i >> 2)..13 {
                let c = rank * 4;
                call(c);
                call(c + 1);
                call(c + 2);
                call(c + 3);
            }
            return;
        }
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            call(i);
        }
    }

    /// [`Hand::for_each_next_card`] for a hand of other than six cards: one rank lookup for
    /// the cards of a rank.
    #[inline(always)]
    fn next_one_by_one(self, mut bits: u64, mut f: impl FnMut(Card, HandRank)) {
        bits &= CardSet::FULL.bits();
        while bits != 0 {
            let rank = bits.trailing_zeros() >> 2;
            let same_rank = bits & (0xF << (rank * 4));
            bits &= !same_rank;
            let plain = rank_lookup(self.rank_key().wrapping_add(gen::RANK_KEYS[rank as usize]));
            let mut rb = same_rank;
            while rb != 0 {
                let i = rb.trailing_zeros();
                rb &= rb - 1;
                let card = Card::from_index_trusted(i as u8);
                let with = self.add_card(card);
                let value = if with.key & FLUSH_BITS != 0 {
                    with.flush()
                } else {
                    HandRank::from_raw(plain)
                };
                f(card, value);
            }
        }
    }

    /// This hand with the ranks of more cards added (given by their summed rank key), suits
    /// untouched: for evaluating [`Hand::evaluate_ranks_only`] against boards known by ranks only.
    #[inline(always)]
    pub(crate) const fn with_rank_key(self, rank_key: u32) -> Hand {
        Hand {
            key: self
                .key
                .wrapping_add(((rank_key & gen::KEY_MASK) as u64) << RANK_SHIFT),
            low: self.low,
        }
    }

    /// The best hand ignoring suits (no flush can count); used where flushes are settled apart.
    #[inline(always)]
    pub fn evaluate_ranks_only(self) -> HandRank {
        HandRank::from_raw(rank_lookup(self.rank_key()))
    }
}

const RANK_LEN: usize = 1 << gen::SLOT_BITS;

/// Called on a path that is rarely taken, so that the compiler lays that path out of line
/// (`core::hint::cold_path` is newer than the compilers this crate supports).
#[cold]
#[inline(never)]
fn cold_path() {}

/// The [`tables::NEXT7`] row of a six-card rank key (the values of each seventh rank), or
/// `None` when `key` (modulo 2^25) is not the rank key of six cards. For a six-card hand, the row is found
/// with one load of a row start; the row holds its own key, which tells the rest apart.
#[inline(always)]
fn six_row(key: u32) -> Option<&'static [u16; 16]> {
    let key = key & gen::KEY_MASK;
    let row = gen::slot(key, &tables::SIX_ROW_STARTS).min(tables::NEXT7_ROWS - 1);
    let values: &[u16; 16] = tables::NEXT7[row * 16..].first_chunk()?;
    // Keys differ between multisets of different sizes too.
    (u32::from(values[14]) | u32::from(values[15]) << 16 == key).then_some(values)
}

/// Perfect-hash slot of a rank key (any sum of rank keys; only its low 25 bits count).
#[inline(always)]
pub(crate) fn rank_slot(key: u32) -> usize {
    // `(key & KEY_MASK) >> ROW_SHIFT` < 2^12 = ROW_STARTS.len(): the compiler sees that bound.
    gen::slot(key, &tables::ROW_STARTS)
}

/// Perfect-hash lookup of a rank key.
#[inline(always)]
fn rank_lookup(key: u32) -> u16 {
    let slot = rank_slot(key);
    debug_assert!(slot < RANK_LEN);
    // SAFETY: every row of the hash starts at a slot `base` with `base + 2^ROW_SHIFT <= RANK_LEN`
    // (`gen::perfect_hash` asserts it for the rows it places and starts empty rows at 0), and
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
    fn a_hand_is_twelve_bytes_and_keeps_its_cards() {
        assert_eq!(std::mem::size_of::<Hand>(), 12);
        let all = Card::all().fold(Hand::new(), |h, c| h + c);
        assert_eq!(all.len(), 52);
        assert_eq!(all.mask(), (1 << 52) - 1);
        for suit in 0..4 {
            assert_eq!(all.suit_ranks(suit), 0x1fff);
        }
        let mut seen = 0u64;
        for c in Card::all() {
            let one = Hand::new() + c;
            assert_eq!(one.len(), 1, "{c}");
            assert_eq!(
                one.suit_ranks(u32::from(c.index() & 3)),
                1 << (c.index() >> 2),
                "{c}"
            );
            assert_eq!(seen & one.mask(), 0, "{c} shares a bit");
            seen |= one.mask();
            assert_eq!(one.suits_holding(1), 1 << (c.index() & 3), "{c}");
        }
        assert!(Hand::new().is_empty());
    }
}
