//! How the engine's cards and hands are written as JSON where a plain derive would not do: a
//! set of cards as a list, an optional set, a hand's value as codes. Used by the games' actions,
//! events and views, so that every client reads them one way.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tavolo_cards::{Card, CardSet, HandRank};

/// Serde for a [`CardSet`] as a JSON array of cards (lowest first); duplicates are refused.
pub mod card_list {
    use super::*;

    /// Writes the cards, lowest first.
    pub fn serialize<S: Serializer>(set: &CardSet, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(set.iter())
    }

    /// Reads a list of distinct cards.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let v = Vec::<Card>::deserialize(d)?;
        CardSet::try_from_cards(v).map_err(serde::de::Error::custom)
    }
}

/// Writes an optional [`CardSet`] as a list of cards, or `null`.
pub fn opt_card_list<S: Serializer>(set: &Option<CardSet>, s: S) -> Result<S::Ok, S::Error> {
    match set {
        Some(set) => s.collect_seq(set.iter()),
        None => s.serialize_none(),
    }
}

/// Writes a hand's value as codes, never words: `{"category": "one_pair", "ranks": ["K", "9",
/// "4", "2"]}` (clients tell it in their language with `tavolo_cards::words`).
pub fn hand_code<S: Serializer>(rank: &HandRank, s: S) -> Result<S::Ok, S::Error> {
    rank.code().serialize(s)
}

/// Writes an optional hand value as codes ([`hand_code`]), or `null`.
pub fn opt_hand_code<S: Serializer>(rank: &Option<HandRank>, s: S) -> Result<S::Ok, S::Error> {
    rank.map(|r| r.code()).serialize(s)
}
