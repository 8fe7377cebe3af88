//! A playing card: a rank and a suit packed into one byte, with parsing and display.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::CardError;

/// The thirteen ranks, deuce lowest, ace highest (the ace also plays low in the wheel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T`
    Ten,
    /// Written `J`.
    Jack,
    /// Written `Q`.
    Queen,
    /// Written `K`.
    King,
    /// Written `A`.
    Ace,
}

/// The member of `all` with index `i`, if in range: a rank's or a suit's `from_index`.
const fn nth<T: Copy, const N: usize>(all: &[T; N], i: u8) -> Option<T> {
    if (i as usize) < N {
        Some(all[i as usize])
    } else {
        None
    }
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with index `i` (0 = deuce … 12 = ace), if in range.
    pub const fn from_index(i: u8) -> Option<Rank> {
        nth(&Rank::ALL, i)
    }

    /// 0 for a deuce up to 12 for an ace.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The canonical character: `2`…`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn to_char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// The canonical character as a string (`"K"`), without making one.
    pub const fn as_str(self) -> &'static str {
        const ALL: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A",
        ];
        ALL[self as usize]
    }

    /// Parses one rank character, case-insensitively (`t` or `T` for ten).
    pub fn from_char(c: char) -> Option<Rank> {
        let i = "23456789TJQKA".find(c.to_ascii_uppercase())?;
        Rank::from_index(i as u8)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The four suits. All suits are equal: no suit ever breaks a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣ `c`
    Clubs = 0,
    /// ♦ `d`
    Diamonds,
    /// ♥ `h`
    Hearts,
    /// ♠ `s`
    Spades,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit with index `i`, if in range.
    pub const fn from_index(i: u8) -> Option<Suit> {
        nth(&Suit::ALL, i)
    }

    /// The canonical letter: `c`, `d`, `h`, `s`.
    pub const fn to_char(self) -> char {
        b"cdhs"[self as usize] as char
    }

    /// The suit symbol `♣♦♥♠`.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Parses a suit letter (case-insensitive) or symbol (`♣♦♥♠` or the white variants `♧♢♡♤`).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// One of the 52 cards, stored as `rank * 4 + suit` (0 = `2c` … 51 = `As`).
///
/// ```
/// use tavolo_cards::{Card, Rank, Suit};
/// let c: Card = "Td".parse().unwrap();
/// assert_eq!(c, Card::new(Rank::Ten, Suit::Diamonds));
/// assert_eq!("10D".parse::<Card>().unwrap(), c);
/// assert_eq!(c.to_string(), "Td");
/// assert_eq!(c.pretty(), "T♦");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)] // a list of cards is its index bytes: the batch evaluator reads them so
pub struct Card(u8);

impl Card {
    /// All 52 cards in index order (`2c`, `2d`, `2h`, `2s`, `3c`, … `As`): an unshuffled deck.
    pub const ALL: [Card; 52] = {
        let mut a = [Card(0); 52];
        let mut i = 0;
        while i < 52 {
            a[i] = Card(i as u8);
            i += 1;
        }
        a
    };

    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with index `i` in `0..52`, if in range.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The card with index `i`, which the caller knows to be below 52 (a bit of a valid
    /// [`crate::CardSet`]); a larger `i` makes a card that displays oddly but is never unsafe.
    #[inline(always)]
    pub(crate) const fn from_index_trusted(i: u8) -> Card {
        debug_assert!(i < 52);
        Card(i)
    }

    /// `rank * 4 + suit`, in `0..52`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..52).map(Card)
    }

    /// Rank then suit symbol, e.g. `A♠`.
    pub fn pretty(self) -> String {
        format!("{}{}", self.rank().to_char(), self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses `As`, `td`, `10d`, `T♦`; anything else is a [`CardError`] naming the token.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let token = s.trim();
        let bad = |reason: &'static str| CardError::Malformed {
            token: token.to_string(),
            reason,
        };
        let mut chars = token.chars();
        let (rank, rest): (Rank, &str) = match chars.next() {
            None => return Err(bad("empty card")),
            Some('1') => {
                if chars.next() == Some('0') {
                    (Rank::Ten, &token[2..])
                } else {
                    return Err(bad("unknown rank (ranks are 2-9, T or 10, J, Q, K, A)"));
                }
            }
            Some(c) => match Rank::from_char(c) {
                Some(r) => (r, &token[c.len_utf8()..]),
                None => return Err(bad("unknown rank (ranks are 2-9, T or 10, J, Q, K, A)")),
            },
        };
        let mut rest_chars = rest.chars();
        let suit = match rest_chars.next() {
            None => return Err(bad("missing suit (suits are c, d, h, s)")),
            Some(c) => {
                Suit::from_char(c).ok_or_else(|| bad("unknown suit (suits are c, d, h, s)"))?
            }
        };
        if rest_chars.next().is_some() {
            return Err(bad("extra characters after the suit"));
        }
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A card on the wire: its rank and suit characters (`"As"`, `"Td"`).
impl schemars::JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A card: its rank (2-9, T, J, Q, K, A) and suit (c, d, h, s), `As`.",
            "type": "string",
            "pattern": "^[2-9TJQKA][cdhs]$"
        })
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(c.to_string().to_lowercase().parse::<Card>().unwrap(), c);
            assert_eq!(c.pretty().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn all_lists_the_cards_in_index_order() {
        assert!(Card::ALL.iter().copied().eq(Card::all()));
        assert!(Card::ALL
            .iter()
            .enumerate()
            .all(|(i, c)| usize::from(c.index()) == i));
    }

    #[test]
    fn ten_may_be_written_10() {
        assert_eq!("10h".parse::<Card>().unwrap(), "Th".parse().unwrap());
    }

    #[test]
    fn malformed_cards_name_the_token_and_reason() {
        for bad in ["", "1h", "Xh", "A", "Ax", "Ahh", "11h", "ÄS"] {
            match bad.parse::<Card>() {
                Err(CardError::Malformed { token, .. }) => assert_eq!(token, bad.trim()),
                other => panic!("{bad:?} parsed as {other:?}"),
            }
        }
    }
}
