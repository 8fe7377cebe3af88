//! The game record: a JSON document holding everything needed to check a game without trusting
//! the engine (schema: `docs/saint-record.md`). It is built by replaying a game's stored
//! choices (`replay.rs`) and verified by re-executing it through the engine (`verify.rs`).

use serde::{Deserialize, Serialize};
use tavolo_cards::{Card, CardSet, Category};

use super::error::OptionsError;
use super::rules::{SaintOptions, HAND_SIZE};

/// The `format` field of every record of this version.
pub const RECORD_FORMAT: &str = "tavolo-saint-record/1";

/// An explicit deal: hands, centre and draw pile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Ten cards per player, in seat order.
    pub hands: Vec<Vec<Card>>,
    /// The C centre cards.
    pub centre: Vec<Card>,
    /// The draw pile, top first. In [`super::SaintGame::from_deal`], cards named nowhere are added at
    /// the bottom in index order; a record always lists the whole pile.
    #[serde(default)]
    pub draw_pile: Vec<Card>,
}

impl Deal {
    /// The deck in dealing order (hands, centre, draw pile), checked against the settings.
    pub(super) fn deck(&self, options: &SaintOptions) -> Result<[Card; 52], OptionsError> {
        let bad = |problem: String| OptionsError::BadDeal { problem };
        if self.hands.len() != options.players as usize {
            return Err(bad(format!(
                "{} hands for {} players",
                self.hands.len(),
                options.players
            )));
        }
        for (p, h) in self.hands.iter().enumerate() {
            if h.len() != HAND_SIZE as usize {
                return Err(bad(format!(
                    "player {p} holds {} cards, not {HAND_SIZE}",
                    h.len()
                )));
            }
        }
        if self.centre.len() != options.centre_count() as usize {
            return Err(bad(format!(
                "the centre holds {} cards, not {}",
                self.centre.len(),
                options.centre_count()
            )));
        }
        let named = self
            .hands
            .iter()
            .flatten()
            .chain(&self.centre)
            .chain(&self.draw_pile);
        let set = CardSet::try_from_cards(named.copied()).map_err(|e| bad(e.to_string()))?;
        let mut deck = Card::ALL; // every slot is overwritten below
        let rest = !set;
        let all = self
            .hands
            .iter()
            .flatten()
            .chain(&self.centre)
            .chain(&self.draw_pile);
        for (slot, c) in deck.iter_mut().zip(all.copied().chain(rest.iter())) {
            *slot = c;
        }
        Ok(deck)
    }

    pub(super) fn from_deck(deck: &[Card; 52], options: &SaintOptions) -> Deal {
        let h = HAND_SIZE as usize;
        let p = options.players as usize;
        let c = options.centre_count() as usize;
        Deal {
            hands: (0..p).map(|i| deck[i * h..(i + 1) * h].to_vec()).collect(),
            centre: deck[p * h..p * h + c].to_vec(),
            draw_pile: deck[p * h + c..].to_vec(),
        }
    }
}

/// A complete (or, for a game in progress, partial) game record. See `docs/saint-record.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaintRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The generator's 32-byte seed, 64 hex digits.
    pub seed: String,
    /// Player names by seat (the engine writes `P1`…; a table may fill in names).
    pub players: Vec<String>,
    /// The settings, the centre count always explicit.
    pub options: SaintOptions,
    /// True when the deal is the seed's shuffle (the verifier re-shuffles and compares); false
    /// for an explicit deal.
    pub shuffled: bool,
    /// The initial hands, centre and draw pile.
    pub deal: Deal,
    /// The rounds played, in order.
    pub rounds: Vec<RoundRecord>,
    /// The final result; absent while the game is in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<FinalResult>,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// 1 to 8.
    pub round: u8,
    /// The preview drawn at the start of the round (empty in round 8), lowest card first.
    pub preview: Vec<Card>,
    /// True when the draw pile ran short and the discards were shuffled into a new one.
    pub reshuffled: bool,
    /// The card each player placed, by seat.
    pub placed: Vec<Card>,
    /// The centre as scored (C + P cards), lowest first.
    pub centre: Vec<Card>,
    /// Each player's shown pair and hand, by seat.
    pub hands: Vec<HandRecord>,
    /// The draft (absent in round 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<DraftRecord>,
    /// The cards discarded at clean-up, lowest first.
    pub discards: Vec<Card>,
    /// Running totals after the round, by seat.
    pub scores: Vec<u32>,
}

/// A player's hand in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    /// The two shown cards.
    pub shown: [Card; 2],
    /// The five cards of the best hand, in describing order.
    pub best_five: [Card; 5],
    /// The hand's category.
    pub category: Category,
    /// The hand's value, 1 (7-5-4-3-2) to 7,462 (royal flush): equal values tie.
    pub value: u16,
    /// The hand in English words (informational: not checked by the verifier, so that wording
    /// changes never invalidate old records).
    pub description: String,
    /// Points won this round.
    pub points: u32,
}

/// The draft of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftRecord {
    /// The round's random draw: every seat, in picking order among equal hands.
    pub tie_draw: Vec<usize>,
    /// The picking order of each pass: worst hand first.
    pub order: Vec<usize>,
    /// Every pick in order (both passes).
    pub picks: Vec<PickRecord>,
}

/// One draft pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PickRecord {
    /// Who picked.
    pub player: usize,
    /// The card taken.
    pub card: Card,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Final points by seat.
    pub scores: Vec<u32>,
    /// The players with the most points (a shared victory when more than one).
    pub winners: Vec<usize>,
    /// Each seat's place: 1 + the number of players with more points (equal points share).
    pub places: Vec<usize>,
}

pub(super) fn hex(seed: &[u8; 32]) -> String {
    seed.iter().map(|b| format!("{b:02x}")).collect()
}

pub(super) fn parse_hex(s: &str) -> Option<[u8; 32]> {
    let b = s.as_bytes();
    if b.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        let pair = std::str::from_utf8(&b[2 * i..2 * i + 2]).ok()?;
        *o = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(out)
}

pub(super) fn sorted(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}
