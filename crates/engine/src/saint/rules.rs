//! The table settings of a Saint Poker game (RULES.md §1) and their validation.

use serde::{Deserialize, Serialize};

use super::error::OptionsError;
use crate::game::Game;

// How a hand is formed from the shown pair and the centre lives with the evaluator.
pub use tavolo_cards::HandRule;

/// The settings of a game: player count, centre size and hand rule.
///
/// ```
/// use tavolo_engine::saint::{HandRule, SaintOptions};
/// let o = SaintOptions::new(4);
/// assert_eq!(o.centre_count(), 1);
/// assert_eq!(o.hand_rule, HandRule::TwoPlusThree);
/// assert!(SaintOptions::new(6).validate().is_err());
/// assert!(SaintOptions { centre_cards: Some(2), ..SaintOptions::new(5) }.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SaintOptions {
    /// Number of players, 2 to 5.
    pub players: u8,
    /// Cards in the centre at the start of a round, C; `None` means the default 5 − P.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub centre_cards: Option<u8>,
    /// How hands are formed.
    #[serde(default)]
    pub hand_rule: HandRule,
}

/// Cards dealt to each player at the start.
pub const HAND_SIZE: u8 = 10;
/// Rounds in a game.
pub const ROUNDS: u8 = 8;

impl SaintOptions {
    /// The default settings for `players` players (not yet validated).
    pub const fn new(players: u8) -> SaintOptions {
        SaintOptions {
            players,
            centre_cards: None,
            hand_rule: HandRule::TwoPlusThree,
        }
    }

    /// C: the centre count in force, the explicit one or 5 − P (0 when P > 5, which
    /// [`SaintOptions::validate`] refuses anyway).
    pub const fn centre_count(&self) -> u8 {
        match self.centre_cards {
            Some(c) => c,
            None => 5u8.saturating_sub(self.players),
        }
    }

    /// The largest centre count the deck supports for `players`: the first preview must be
    /// served from the draw pile alone (no discards exist yet), so 10P + 2C ≤ 52. Later rounds
    /// always have enough cards once the discards are reshuffled.
    pub const fn max_centre(players: u8) -> u8 {
        let dealt = HAND_SIZE as i32 * players as i32;
        let room = (52 - dealt) / 2;
        if room < 0 {
            0
        } else {
            room as u8
        }
    }

    /// Checks the settings: 2–5 players; a centre of at least 3 cards once every player has
    /// placed (C + P ≥ 3, so that a hand of five can be formed under either rule); a centre the
    /// deck can serve (10P + 2C ≤ 52).
    pub fn validate(&self) -> Result<(), OptionsError> {
        let p = self.players;
        if !<super::SaintGame as Game>::SEATS.contains(&usize::from(p)) {
            return Err(OptionsError::PlayerCount { players: p });
        }
        let c = self.centre_count();
        if u32::from(c) + u32::from(p) < 3 {
            return Err(OptionsError::CentreTooSmall {
                players: p,
                centre: c,
                min: 3 - p,
            });
        }
        let max = SaintOptions::max_centre(p);
        if c > max {
            return Err(OptionsError::DeckTooSmall {
                players: p,
                centre: c,
                max,
            });
        }
        Ok(())
    }
}
