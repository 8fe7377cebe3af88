//! `HandRank`: the value of a five-card hand, totally ordered, with its category and a
//! description in the four languages of the rules (RULES.md §0), and the German draw tie-break.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::Rank;
use crate::tables::CLASS_KEYS;
use crate::wire_value;

wire_value! {
    /// The nine hand categories, weakest first.
    #[derive(PartialOrd, Ord)]
    pub enum Category {
        /// No combination.
        HighCard,
        /// Two cards of one rank.
        OnePair,
        /// Two pairs.
        TwoPair,
        /// Three cards of one rank.
        ThreeOfAKind,
        /// Five ranks in sequence (A-2-3-4-5 the lowest).
        Straight,
        /// Five cards of one suit.
        Flush,
        /// Three of one rank and two of another.
        FullHouse,
        /// Four cards of one rank.
        FourOfAKind,
        /// A straight in one suit (the ace-high one is the royal flush).
        StraightFlush,
    }
}

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// The category's name in a language, as in RULES.md §0 (from [`crate::words()`]).
    pub fn name(self, lang: Lang) -> &'static str {
        crate::words::category_name(self as usize, lang)
    }

    /// Machine name, e.g. `two_pair`.
    pub const fn code(self) -> &'static str {
        crate::words::CATEGORY_CODES[self as usize]
    }
}

/// A hand as the protocol sends it: its category's code (`one_pair`, …, `royal_flush`) and its
/// deciding ranks, most significant first (`["K", "9", "4", "2"]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandCode {
    /// The category's code.
    pub category: Cow<'static, str>,
    /// The deciding ranks, as rank characters.
    pub ranks: Vec<Cow<'static, str>>,
}

/// A language of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Italiano.
    It,
    /// Português.
    Pt,
    /// Deutsch.
    De,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "it" => Ok(Lang::It),
            "pt" => Ok(Lang::Pt),
            "de" => Ok(Lang::De),
            _ => Err(format!("unknown language `{s}` (en, it, pt, de)")),
        }
    }
}

/// The value of a poker hand: larger is stronger, equal exactly when hands tie.
///
/// Values run from 1 (7-5-4-3-2) to 7,462 (royal flush), one per distinct five-card hand.
///
/// ```
/// use tavolo_cards::{evaluate, parse_cards, Category, Lang};
/// let r = evaluate(&parse_cards("Kh Kd 7s 7c As 2d 3h")?)?;
/// assert_eq!(r.category(), Category::TwoPair);
/// assert_eq!(r.describe(Lang::En), "Two pair, Kings and Sevens, Ace kicker");
/// assert_eq!(r.describe(Lang::It), "Doppia Coppia, Re e Sette, kicker Asso");
/// # Ok::<(), tavolo_cards::CardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HandRank(u16);

impl HandRank {
    /// The weakest possible hand (7-5-4-3-2 of mixed suits).
    pub const WORST: HandRank = HandRank(1);
    /// The strongest possible hand (a royal flush).
    pub const BEST: HandRank = HandRank(7462);

    #[inline(always)]
    pub(crate) const fn from_raw(v: u16) -> HandRank {
        HandRank(v)
    }

    /// The hand rank with this value, if it is in `1..=7462`.
    pub const fn from_value(v: u16) -> Option<HandRank> {
        if v >= 1 && v <= 7462 {
            Some(HandRank(v))
        } else {
            None
        }
    }

    /// The integer value: larger is stronger.
    pub const fn value(self) -> u16 {
        self.0
    }

    fn key(self) -> u32 {
        CLASS_KEYS.get(self.0 as usize).copied().unwrap_or(0)
    }

    /// The hand's category.
    pub fn category(self) -> Category {
        Category::ALL[((self.key() >> 20) as usize).min(8)]
    }

    /// The ranks that decide the hand, most significant first: `[trips, pair]` for a full house,
    /// `[high pair, low pair, kicker]` for two pair, the top card for a straight (five for the
    /// wheel), all five cards for a flush or high card.
    pub fn deciding_ranks(self) -> Vec<Rank> {
        self.deciding().collect()
    }

    /// [`HandRank::deciding_ranks`], one by one (nothing allocated).
    fn deciding(self) -> impl Iterator<Item = Rank> {
        let k = self.key();
        let n = match self.category() {
            Category::Straight | Category::StraightFlush => 1,
            Category::FourOfAKind | Category::FullHouse => 2,
            Category::ThreeOfAKind | Category::TwoPair => 3,
            Category::OnePair => 4,
            Category::HighCard | Category::Flush => 5,
        };
        (0..n).filter_map(move |i| Rank::from_index(((k >> (16 - 4 * i)) & 0xf) as u8))
    }

    /// A sentence describing the hand, e.g. "Two pair, Kings and Sevens, Ace kicker": its
    /// category's pattern of [`crate::words()`] filled with its deciding ranks.
    pub fn describe(self, lang: Lang) -> String {
        let ranks = self.deciding_ranks();
        crate::words::tell(self.code_index(), &ranks, lang)
    }

    /// The index of the hand's code in [`crate::words::CATEGORY_CODES`]: its category, or 9
    /// for the royal flush.
    fn code_index(self) -> usize {
        let c = self.category();
        if c == Category::StraightFlush && self.deciding().next() == Some(Rank::Ace) {
            9
        } else {
            c as usize
        }
    }

    /// The hand as the protocol sends it: codes, never words (clients tell it with the
    /// catalogue of [`crate::words()`]).
    ///
    /// ```
    /// use tavolo_cards::{evaluate, parse_cards};
    /// let h = evaluate(&parse_cards("Kd Kh 9c 4s 2h")?)?.code();
    /// assert_eq!((h.category.as_ref(), h.ranks.join("")), ("one_pair", "K942".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn code(self) -> HandCode {
        HandCode {
            category: Cow::Borrowed(crate::words::CATEGORY_CODES[self.code_index()]),
            ranks: self.deciding().map(|r| Cow::Borrowed(r.as_str())).collect(),
        }
    }

    /// The hand as the protocol sends it ([`HandRank::code`]) with only the deciding ranks that
    /// count under `rule`: German draw values one pair by the pair and its highest kicker, and a
    /// full house by its three, so "pair of kings, ace kicker" is the whole of such a hand.
    ///
    /// ```
    /// use tavolo_cards::{evaluate, parse_cards, TieBreak};
    /// let pair = evaluate(&parse_cards("Ks Kh Ad 9c 4s")?)?;
    /// assert_eq!(pair.code_under(TieBreak::German).ranks, ["K", "A"]);
    /// assert_eq!(pair.code_under(TieBreak::Standard).ranks, ["K", "A", "9", "4"]);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn code_under(self, rule: TieBreak) -> HandCode {
        let mut code = self.code();
        if rule == TieBreak::German {
            // The ranks sit in the key's nibbles from bit 16 down; the mask keeps those that count.
            let mask = GERMAN_KEY_MASKS[self.category() as usize];
            let counted = (0..code.ranks.len())
                .take_while(|i| (mask >> (16 - 4 * i)) & 0xf != 0)
                .count();
            code.ranks.truncate(counted);
        }
        code
    }

    /// The comparison key of this hand under a tie-break rule (larger is stronger).
    pub fn tiebreak_key(self, rule: TieBreak) -> u32 {
        let k = self.key();
        match rule {
            TieBreak::Standard => k,
            // The bits that count, by category (indexed, not branched on: the category of a
            // hand is unpredictable).
            TieBreak::German => k & GERMAN_KEY_MASKS[self.category() as usize],
        }
    }
}

impl fmt::Debug for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HandRank({}, {})", self.0, self.describe(Lang::En))
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Lang::En))
    }
}

/// The bits of a hand's key that count under [`TieBreak::German`], by category: all of them,
/// but only the three of a kind of a full house, and only the pair and the highest kicker of
/// one pair.
const GERMAN_KEY_MASKS: [u32; 9] = {
    let mut masks = [u32::MAX; 9];
    masks[Category::OnePair as usize] = 0xff_f000;
    masks[Category::FullHouse as usize] = 0xff_0000;
    masks
};

/// How hands of the same category are compared (RULES.md §0).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum TieBreak {
    /// The usual kicker rules: all five cards (Hold'em, Saint Poker).
    #[default]
    Standard,
    /// German draw rules: a full house by its three only, one pair by the pair and the highest
    /// kicker only.
    German,
}

impl TieBreak {
    /// Compares two hands under this rule.
    ///
    /// ```
    /// use tavolo_cards::{evaluate, parse_cards, TieBreak};
    /// let a = evaluate(&parse_cards("Ks Kh Ad 9c 4s")?)?;
    /// let b = evaluate(&parse_cards("Kd Kc Ah 8c 3s")?)?;
    /// assert!(a > b);
    /// assert_eq!(TieBreak::German.compare(a, b), std::cmp::Ordering::Equal);
    /// # Ok::<(), tavolo_cards::CardError>(())
    /// ```
    pub fn compare(self, a: HandRank, b: HandRank) -> Ordering {
        a.tiebreak_key(self).cmp(&b.tiebreak_key(self))
    }
}
