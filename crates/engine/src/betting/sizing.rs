//! Bets sized in pots: "½ pot", "¾ pot", "pot". A pot-size bet or raise is a call and then a
//! raise of the whole pot after the call; a fraction of it is that raise times the fraction,
//! rounded to the nearest chip (a half chip up). This is the one rounding of every surface that
//! offers or makes such a bet — the terminal's shortcuts, the presets the room sends the browser
//! with `legal`, the bots' sizes and the encoders' actions — so "½ pot" is the same chip count
//! everywhere.

use serde::Serialize;

use super::round::Legal;
use crate::Chips;

/// What a bet sized in pots is measured against at a betting decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PotSize {
    /// Everything in the middle: the pots, this round's bets, and a pot carried in.
    pub middle: Chips,
    /// The largest bet in front of anyone this round.
    pub max_bet: Chips,
}

impl PotSize {
    /// The "to" amount of a bet or raise of `fraction` of the pot for a player who owes `owed`:
    /// `max_bet + fraction × (middle + owed)`, rounded to the nearest chip, a half chip up. Not
    /// clamped into the legal range ([`Legal::pot_fraction_to`] is).
    ///
    /// ```
    /// use tavolo_engine::betting::PotSize;
    /// use tavolo_engine::Chips;
    /// // Blinds 1/2 and a limp: 5 in the middle, the big blind owes nothing.
    /// let pot = PotSize { middle: Chips::new(5), max_bet: Chips::new(2) };
    /// assert_eq!(pot.fraction_to(Chips::ZERO, 0.5), 5); // 2 + 2.5, the half chip up
    /// assert_eq!(pot.fraction_to(Chips::ZERO, 1.0), 7);
    /// ```
    pub fn fraction_to(&self, owed: Chips, fraction: f64) -> Chips {
        let after_call = self.middle + owed;
        // A float fraction of the pot, rounded half up; a fraction so large that the sum does
        // not fit is the largest count, which the legal range clamps to all-in.
        let extra = Chips::new((fraction * after_call.get() as f64).round() as u64);
        self.max_bet.checked_add(extra).unwrap_or(Chips::MAX)
    }
}

/// The pot-size bets a player is offered, each already inside the legal range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PotPresets {
    /// Half the pot.
    pub half_pot: Chips,
    /// Three quarters of the pot.
    pub three_quarter_pot: Chips,
    /// The whole pot.
    pub pot: Chips,
}

impl Legal {
    /// The "to" amount of a bet or raise of `fraction` of the pot ([`PotSize::fraction_to`]),
    /// clamped into the legal range; `None` when no bet or raise is allowed.
    pub fn pot_fraction_to(&self, pot: PotSize, fraction: f64) -> Option<Chips> {
        let r = self.raise?;
        let owed = self.call.unwrap_or(Chips::ZERO);
        Some(pot.fraction_to(owed, fraction).clamp(r.min_to, r.max_to))
    }

    /// The pot-size presets of this decision; `None` when no bet or raise is allowed.
    pub fn presets(&self, pot: PotSize) -> Option<PotPresets> {
        Some(PotPresets {
            half_pot: self.pot_fraction_to(pot, 0.5)?,
            three_quarter_pot: self.pot_fraction_to(pot, 0.75)?,
            pot: self.pot_fraction_to(pot, 1.0)?,
        })
    }
}
