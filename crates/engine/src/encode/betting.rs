//! The betting decision's action space, shared by Hold'em and Draw: fold, check or call, the
//! minimum bet or raise, raises to half the pot and to the pot, and the maximum (all-in, or the
//! Pot-Limit maximum). Limit's one raise is the minimum. Sizes between the minimum and the
//! maximum exist only when they differ from both.

use crate::betting::{Bet, BettingAction, BettingHand, Legal, LegalNow, PotSize};
use crate::draw::DrawView;
use crate::holdem::HandView;
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

/// The decision of `seat` in `hand`, when it is that seat's turn to bet.
pub(crate) fn decision<H: BettingHand>(hand: &H, seat: usize) -> Option<Decision> {
    let legal = hand.legal_now().bet().filter(|l| l.seat == seat)?;
    Some(Decision {
        legal,
        pot: hand.pot(),
    })
}

/// What both betting games' views show of every seat, as the encoders read it: borrowed from a
/// Hold'em or Draw view (`From`).
#[derive(Clone, Copy, Debug)]
pub struct SeatsSeen<'a> {
    /// Chips behind, per seat.
    pub stacks: &'a [Chips],
    /// This round's bet in front of each seat.
    pub bets: &'a [Chips],
    /// Whether each seat is still in the hand.
    pub live: &'a [bool],
    /// Everything in the middle.
    pub pot: Chips,
    /// The seat that holds the position (the button, the dealer).
    pub position: usize,
    /// The seat to act.
    pub to_act: Option<usize>,
}

/// `SeatsSeen` from a view whose fields `stacks`, `bets`, `live`, `pot` and `to_act` are named
/// so, and whose position is `$position`: Hold'em's and Draw's views (a macro, as one impl
/// cannot read the fields of two types).
macro_rules! seats_seen {
    ($view:ty, $position:ident) => {
        impl<'a> From<&'a $view> for SeatsSeen<'a> {
            fn from(v: &'a $view) -> SeatsSeen<'a> {
                SeatsSeen {
                    stacks: &v.stacks,
                    bets: &v.bets,
                    live: &v.live,
                    pot: v.pot,
                    position: v.$position,
                    to_act: v.to_act,
                }
            }
        }
    };
}

seats_seen!(DrawView, dealer);
seats_seen!(HandView, button);

/// What both betting games' observations say of every seat: the seats counted clockwise from
/// the viewer, `width` floats each from `out[0]`, of which this writes the first five — stack
/// and bet as fractions of all chips at the table, still in the hand, holds the position (the
/// button, the dealer), is to act. Returns the scale of every chip feature: all chips at the
/// table.
pub fn seat_features(
    out: &mut [f32],
    width: usize,
    viewer: usize,
    seats: SeatsSeen<'_>,
) -> ChipScale {
    let SeatsSeen {
        stacks,
        bets,
        live,
        pot,
        position,
        to_act,
    } = seats;
    let n = stacks.len();
    let total = (stacks.iter().sum::<Chips>() + pot)
        .max(Chips::new(1))
        .get() as f32;
    let scale = ChipScale(total);
    for k in 0..n {
        let s = (viewer + k) % n;
        let o = &mut out[width * k..width * (k + 1)];
        o[0] = scale.of(stacks[s]);
        o[1] = scale.of(bets[s]);
        o[2] = f32::from(u8::from(live[s]));
        o[3] = f32::from(u8::from(position == s));
        o[4] = f32::from(u8::from(to_act == Some(s)));
    }
    scale
}

/// How a betting observation writes an amount of chips: as a fraction of all chips at the
/// table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChipScale(f32);

impl ChipScale {
    /// `c` as a fraction of all chips at the table.
    pub fn of(self, c: Chips) -> f32 {
        c.get() as f32 / self.0
    }
}
