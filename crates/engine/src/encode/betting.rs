//! The betting decision's action space, shared by Hold'em and Draw: fold, check or call, the
//! minimum bet or raise, raises to half the pot and to the pot, and the maximum (all-in, or the
//! Pot-Limit maximum). Limit's one raise is the minimum. Sizes between the minimum and the
//! maximum exist only when they differ from both.

use crate::betting::{Bet, BettingAction, Legal, PotSize};
use crate::Chips;

/// Action indices of a betting decision.
pub const FOLD: usize = 0;
/// Check when nothing is owed, else call.
pub const CHECK_CALL: usize = 1;
/// The smallest legal bet or raise.
pub const MIN_RAISE: usize = 2;
/// A raise to the bet to call plus half the pot after the call.
pub const HALF_POT: usize = 3;
/// A raise to the bet to call plus the pot after the call.
pub const POT: usize = 4;
/// The largest legal bet or raise.
pub const MAX_RAISE: usize = 5;
/// How many betting actions there are.
pub const BETTING_ACTIONS: usize = 6;

/// The names of the betting actions, by index.
pub const NAMES: [&str; BETTING_ACTIONS] = [
    "fold",
    "check_call",
    "min_raise",
    "raise_half_pot",
    "raise_pot",
    "max_raise",
];

/// What the player to act may do, with the chips that size a raise.
#[derive(Clone, Copy, Debug)]
pub struct Decision {
    /// The legal choices.
    pub legal: Legal,
    /// What a bet sized in pots is measured against.
    pub pot: PotSize,
}

impl Decision {
    /// The bet each index stands for, if legal.
    pub fn bet(&self, id: usize) -> Option<Bet> {
        let l = &self.legal;
        match id {
            FOLD => l.fold.then_some(Bet::Fold),
            CHECK_CALL if l.check => Some(Bet::Check),
            CHECK_CALL => l.call.map(|_| Bet::Call),
            MIN_RAISE => l.raise.map(|r| Bet::RaiseTo(r.min_to)),
            MAX_RAISE => l
                .raise
                .filter(|r| r.max_to > r.min_to)
                .map(|r| Bet::RaiseTo(r.max_to)),
            HALF_POT | POT => {
                let r = l.raise?;
                let fraction = if id == POT { 1.0 } else { 0.5 };
                let to = self
                    .pot
                    .fraction_to(l.call.unwrap_or(Chips::ZERO), fraction);
                // Only strictly inside the range: the ends are MIN_RAISE and MAX_RAISE.
                (to > r.min_to && to < r.max_to).then_some(Bet::RaiseTo(to))
            }
            _ => None,
        }
    }

    /// Appends the legal indices.
    pub fn legal_indices(&self, out: &mut Vec<usize>) {
        out.extend((0..BETTING_ACTIONS).filter(|&id| self.bet(id).is_some()));
    }

    /// The action of `seat` for index `id`.
    pub fn action<A: BettingAction>(&self, id: usize) -> Option<A> {
        self.bet(id).map(|b| A::from_bet(self.legal.seat, b))
    }
}

/// What both betting games' observations say of every seat: the seats counted clockwise from
/// the viewer, `width` floats each from `out[0]`, of which this writes the first five — stack
/// and bet as fractions of all chips at the table, still in the hand, holds the position (the
/// button, the dealer), is to act. Returns all chips at the table, the unit of the chip features.
#[allow(clippy::too_many_arguments)]
pub fn seat_features(
    out: &mut [f32],
    width: usize,
    viewer: usize,
    stacks: &[Chips],
    bets: &[Chips],
    live: &[bool],
    pot: Chips,
    position: usize,
    to_act: Option<usize>,
) -> f32 {
    let n = stacks.len();
    let total = (stacks.iter().sum::<Chips>() + pot)
        .max(Chips::new(1))
        .get() as f32;
    for k in 0..n {
        let s = (viewer + k) % n;
        let o = &mut out[width * k..width * (k + 1)];
        o[0] = stacks[s].get() as f32 / total;
        o[1] = bets[s].get() as f32 / total;
        o[2] = f32::from(u8::from(live[s]));
        o[3] = f32::from(u8::from(position == s));
        o[4] = f32::from(u8::from(to_act == Some(s)));
    }
    total
}
