//! `HandRank`: the value of a five-card hand, totally ordered, with its category and a
//! description in the four languages of the rules (RULES.md §0), and the German draw tie-break.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::Rank;
use crate::tables::CLASS_KEYS;

/// The nine hand categories, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

    /// The category's name in a language, as in RULES.md §0.
    pub const fn name(self, lang: Lang) -> &'static str {
        const NAMES: [[&str; 4]; 9] = [
            [
                "High card",
                "Carta Alta",
                "Carta mais alta",
                "Höchste Karte",
            ],
            ["One pair", "Coppia", "Par", "Ein Paar"],
            ["Two pair", "Doppia Coppia", "Dois pares", "Zwei Paare"],
            ["Three of a kind", "Tris", "Trio", "Drilling"],
            ["Straight", "Scala", "Sequência", "Straight (Straße)"],
            ["Flush", "Colore", "Cor", "Flush"],
            ["Full house", "Full", "Fullen", "Full House"],
            ["Four of a kind", "Poker", "Póquer", "Vierling"],
            [
                "Straight flush",
                "Scala Reale",
                "Sequência da cor",
                "Straight Flush",
            ],
        ];
        NAMES[self as usize][lang as usize]
    }

    /// Machine name, e.g. `two_pair`.
    pub const fn code(self) -> &'static str {
        [
            "high_card",
            "one_pair",
            "two_pair",
            "three_of_a_kind",
            "straight",
            "flush",
            "full_house",
            "four_of_a_kind",
            "straight_flush",
        ][self as usize]
    }
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

/// Rank names: singular and plural per language.
fn rank_name(r: Rank, lang: Lang, plural: bool) -> &'static str {
    const SING: [[&str; 13]; 4] = [
        [
            "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
            "Queen", "King", "Ace",
        ],
        [
            "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci", "Fante",
            "Donna", "Re", "Asso",
        ],
        [
            "Dois", "Três", "Quatro", "Cinco", "Seis", "Sete", "Oito", "Nove", "Dez", "Valete",
            "Dama", "Rei", "Ás",
        ],
        [
            "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube",
            "Dame", "König", "Ass",
        ],
    ];
    const PLUR: [[&str; 13]; 4] = [
        [
            "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
            "Jacks", "Queens", "Kings", "Aces",
        ],
        [
            "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci", "Fanti",
            "Donne", "Re", "Assi",
        ],
        [
            "Dois", "Três", "Quatros", "Cincos", "Seis", "Setes", "Oitos", "Noves", "Dez",
            "Valetes", "Damas", "Reis", "Ases",
        ],
        [
            "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Siebener", "Achter", "Neuner",
            "Zehner", "Buben", "Damen", "Könige", "Asse",
        ],
    ];
    let t = if plural { &PLUR } else { &SING };
    t[lang as usize][r as usize]
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
        let k = self.key();
        let n = match self.category() {
            Category::Straight | Category::StraightFlush => 1,
            Category::FourOfAKind | Category::FullHouse => 2,
            Category::ThreeOfAKind | Category::TwoPair => 3,
            Category::OnePair => 4,
            Category::HighCard | Category::Flush => 5,
        };
        (0..n)
            .filter_map(|i| Rank::from_index(((k >> (16 - 4 * i)) & 0xf) as u8))
            .collect()
    }

    /// A sentence describing the hand, e.g. "Two pair, Kings and Sevens, Ace kicker".
    pub fn describe(self, lang: Lang) -> String {
        use Category::*;
        use Lang::*;
        let r = self.deciding_ranks();
        let s = |i: usize| r.get(i).map_or("?", |&x| rank_name(x, lang, false));
        let p = |i: usize| r.get(i).map_or("?", |&x| rank_name(x, lang, true));
        let list = |from: usize| {
            (from..r.len())
                .map(|i| rank_name(r[i], lang, false))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let name = self.category().name(lang);
        let kick = |from: usize| match (lang, r.len() - from) {
            (En, 1) => format!("{} kicker", s(from)),
            (En, _) => format!("kickers {}", list(from)),
            (It, _) => format!("kicker {}", list(from)),
            (Pt, 1) => format!("kicker {}", s(from)),
            (Pt, _) => format!("kickers {}", list(from)),
            (De, _) => format!("Kicker {}", list(from)),
        };
        match (self.category(), lang) {
            (StraightFlush, _) if r.first() == Some(&Rank::Ace) => match lang {
                En => "Royal flush".into(),
                It => "Scala Reale massima".into(),
                Pt => "Sequência máxima da cor".into(),
                De => "Royal Flush".into(),
            },
            (StraightFlush | Straight, En) => format!("{name}, {} high", s(0)),
            (StraightFlush | Straight, It) => format!("{name}, massima {}", s(0)),
            (StraightFlush | Straight, Pt) => format!("{name}, {} alto", s(0)),
            (StraightFlush | Straight, De) => format!("{name} bis {}", s(0)),
            (FourOfAKind, En) => format!("{name}, {}, {}", p(0), kick(1)),
            (FourOfAKind | ThreeOfAKind, It | Pt) => format!(
                "{name} {} {}, {}",
                if lang == It { "di" } else { "de" },
                p(0),
                kick(1)
            ),
            (FourOfAKind | ThreeOfAKind, De) => format!("{name}, {}, {}", p(0), kick(1)),
            (FullHouse, En) => format!("{name}, {} full of {}", p(0), p(1)),
            (FullHouse, It) => format!("{name} di {} con {}", p(0), p(1)),
            (FullHouse, Pt) => format!("{name} de {} com {}", p(0), p(1)),
            (FullHouse, De) => format!("{name}, {} und {}", p(0), p(1)),
            (Flush | HighCard, _) => format!("{name}, {}", list(0)),
            (ThreeOfAKind, En) => format!("{name}, {}, {}", p(0), kick(1)),
            (TwoPair, En) => format!("{name}, {} and {}, {}", p(0), p(1), kick(2)),
            (TwoPair, It) => format!("{name}, {} e {}, {}", p(0), p(1), kick(2)),
            (TwoPair, Pt) => format!("{name}, {} e {}, {}", p(0), p(1), kick(2)),
            (TwoPair, De) => format!("{name}, {} und {}, {}", p(0), p(1), kick(2)),
            (OnePair, En) => format!("{name}, {}, {}", p(0), kick(1)),
            (OnePair, It) => format!("{name} di {}, {}", p(0), kick(1)),
            (OnePair, Pt) => format!("{name} de {}, {}", p(0), kick(1)),
            (OnePair, De) => format!("{name}, {}, {}", p(0), kick(1)),
        }
    }

    /// The comparison key of this hand under a tie-break rule (larger is stronger).
    pub fn tiebreak_key(self, rule: TieBreak) -> u32 {
        let k = self.key();
        match (rule, self.category()) {
            (TieBreak::Standard, _) => k,
            // Full house: only the three of a kind decides.
            (TieBreak::German, Category::FullHouse) => k & 0xff_0000,
            // One pair: the pair and the highest kicker only.
            (TieBreak::German, Category::OnePair) => k & 0xff_f000,
            (TieBreak::German, _) => k,
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

/// How hands of the same category are compared (RULES.md §0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
