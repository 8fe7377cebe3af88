//! `CardSet`: a set of cards as a 52-bit mask — union, intersection and count in one instruction.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub};
use std::str::FromStr;

use crate::card::Card;
use crate::error::CardError;

/// A set of cards, bit `i` standing for the card with index `i`.
///
/// ```
/// use tavolo_cards::{Card, CardSet};
/// let s: CardSet = "As Kd 2c".parse().unwrap();
/// assert_eq!(s.len(), 3);
/// assert!(s.contains("Kd".parse().unwrap()));
/// assert_eq!(s.to_string(), "2c Kd As");
/// assert!("As As".parse::<CardSet>().is_err());
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

/// The mask holding all 52 cards.
const FULL: u64 = (1u64 << 52) - 1;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(FULL);

    /// The set with this mask; bits above 51 are refused.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !FULL == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    /// Adds a card; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    /// Removes a card; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// The set of these cards, or the first duplicate as an error.
    pub fn try_from_cards<I: IntoIterator<Item = Card>>(cards: I) -> Result<CardSet, CardError> {
        let mut s = CardSet::EMPTY;
        for c in cards {
            if !s.insert(c) {
                return Err(CardError::Duplicate {
                    card: c.to_string(),
                });
            }
        }
        Ok(s)
    }

    /// True when the two sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards, lowest index first (deuces first, aces last).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    /// Collects cards; duplicates collapse (use [`CardSet::try_from_cards`] to refuse them).
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Iterator over a [`CardSet`], clearing the lowest bit each step.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, o: CardSet) {
        self.0 |= o.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}
impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & FULL)
    }
}
impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        CardSet(1 << c.index())
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

impl FromStr for CardSet {
    type Err = CardError;
    /// Parses cards separated by spaces or commas, or run together (`AhKh`); refuses duplicates.
    fn from_str(s: &str) -> Result<CardSet, CardError> {
        CardSet::try_from_cards(parse_cards(s)?)
    }
}

/// Parses a list of cards written with or without separators: `As Kd`, `As,Kd`, `AsKd`, `10dJc`.
///
/// Order is kept and duplicates are not checked (see [`CardSet::try_from_cards`]).
///
/// ```
/// let cards = tavolo_cards::parse_cards("AhKh 10d").unwrap();
/// assert_eq!(cards.len(), 3);
/// ```
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardError> {
    let mut out = Vec::new();
    for word in s.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        // Split a run of cards: each card ends at its suit character.
        let mut start = 0;
        for (i, ch) in word.char_indices() {
            if crate::card::Suit::from_char(ch).is_some() {
                let end = i + ch.len_utf8();
                out.push(word[start..end].parse::<Card>().map_err(|e| match e {
                    CardError::Malformed { reason, .. } if start > 0 || end < word.len() => {
                        CardError::Malformed {
                            token: word.to_string(),
                            reason,
                        }
                    }
                    e => e,
                })?);
                start = end;
            }
        }
        if start < word.len() {
            let token = if start == 0 { word } else { &word[start..] };
            return Err(token.parse::<Card>().err().unwrap_or(CardError::Malformed {
                token: token.to_string(),
                reason: "missing suit (suits are c, d, h, s)",
            }));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_runs_and_separators() {
        let a: CardSet = "AhKh".parse().unwrap();
        let b: CardSet = "Ah, Kh".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(parse_cards("10dJc").unwrap().len(), 2);
    }

    #[test]
    fn bad_tokens_are_named() {
        let e = parse_cards("Ah Zz").unwrap_err();
        assert!(e.to_string().contains("Zz"), "{e}");
        let e = parse_cards("Ah K").unwrap_err();
        assert!(e.to_string().contains("`K`"), "{e}");
        assert!(matches!(
            "Ah Ah".parse::<CardSet>(),
            Err(CardError::Duplicate { .. })
        ));
    }

    #[test]
    fn set_algebra() {
        let a: CardSet = "As Ks".parse().unwrap();
        let b: CardSet = "Ks Qs".parse().unwrap();
        assert_eq!((a | b).len(), 3);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).len(), 1);
        assert_eq!((!a).len(), 50);
        assert_eq!(CardSet::FULL.iter().count(), 52);
    }
}
