//! The events of betting, the same in both betting games (Hold'em, Draw): what a betting action
//! did, antes, uncalled bets coming back, mucked hands, pots won and chips carried to the next
//! hand. Each game's own events wrap them (`Event::Bet`) and are written with them as one flat
//! list (`{"event": "call", "seat": 1, "amount": 40, "all_in": false}`).

use serde::Serialize;

use super::ledger::Ledger;
use super::round::{Bet, BettingRound};
use super::BetError;
use crate::Chips;

/// Something that happened in the betting of a hand.
///
/// `seat` is the seat that acted, or that the chips went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum BetEvent {
    /// An ante was posted (less than asked: the player is all-in).
    #[serde(rename = "ante")]
    AntePosted {
        seat: usize,
        /// Chips posted.
        amount: Chips,
    },
    /// A player folded.
    #[serde(rename = "fold")]
    Folded {
        seat: usize,
        /// Whether it was out of turn (where the rules allow it).
        out_of_turn: bool,
    },
    /// A player checked.
    #[serde(rename = "check")]
    Checked { seat: usize },
    /// A player called (all-in if the stack ran out).
    #[serde(rename = "call")]
    Called {
        seat: usize,
        /// Chips put in.
        amount: Chips,
        /// Whether that was the whole stack.
        all_in: bool,
    },
    /// A player bet or raised.
    #[serde(rename = "bet_or_raise")]
    BetOrRaised {
        seat: usize,
        /// The round's bet in front of them after it.
        to: Chips,
        /// Whether that was the whole stack.
        all_in: bool,
    },
    /// The uncalled part of a bet went back to its bettor.
    UncalledReturned {
        seat: usize,
        /// Chips returned.
        amount: Chips,
    },
    /// A hand was mucked at the showdown.
    Mucked { seat: usize },
    /// A pot (or a share of it) was won.
    PotWon {
        /// The pot: 0 is the main pot.
        pot: usize,
        /// Who won.
        seat: usize,
        /// Chips won.
        amount: Chips,
    },
    /// Chips stay in the middle for the next hand (odd chips, or a pot nobody could claim).
    Carried {
        /// Chips carried.
        amount: Chips,
    },
}

impl BetEvent {
    /// The decision this event records — a fold, check, call, bet or raise — as the seat and its
    /// bet (what replaying a log plays again); `None` for the other events.
    pub fn decision(&self) -> Option<(usize, Bet)> {
        match *self {
            BetEvent::Folded { seat, .. } => Some((seat, Bet::Fold)),
            BetEvent::Checked { seat } => Some((seat, Bet::Check)),
            BetEvent::Called { seat, .. } => Some((seat, Bet::Call)),
            BetEvent::BetOrRaised { seat, to, .. } => Some((seat, Bet::RaiseTo(to))),
            _ => None,
        }
    }
}

impl BettingRound {
    /// Applies `seat`'s `bet` (see [`BettingRound::apply`]) and says what it did. A fold is out
    /// of turn when another seat was to act; a check where the rules turn a passive fold into a
    /// check is reported as the check.
    pub fn play(
        &mut self,
        ledger: &mut Ledger,
        seat: usize,
        bet: Bet,
    ) -> Result<BetEvent, BetError> {
        let out_of_turn = self.actor() != Some(seat);
        let before_stack = ledger.stack(seat);
        self.apply(ledger, seat, bet)?;
        let all_in = ledger.stack(seat) == 0;
        Ok(match bet {
            Bet::Fold => BetEvent::Folded { seat, out_of_turn },
            Bet::Check => BetEvent::Checked { seat },
            Bet::Call => BetEvent::Called {
                seat,
                amount: before_stack - ledger.stack(seat),
                all_in,
            },
            Bet::RaiseTo(to) => BetEvent::BetOrRaised { seat, to, all_in },
        })
    }
}

/// A betting game's event (Hold'em's, Draw's): a betting event it wraps, or a hand shown, read
/// the same way by what reads a hand's events without knowing the game (summaries, replays).
pub trait BettingEvent: From<BetEvent> {
    /// The betting event, if this is one.
    fn bet(&self) -> Option<&BetEvent>;

    /// The seat whose hand this event shows, if it shows one.
    fn shown_seat(&self) -> Option<usize>;
}

/// Implements [`BettingEvent`] and `From<BetEvent>` for a game's event enum that wraps the
/// betting events as `Bet` and shows a hand as `Shown { seat, .. }`, as Hold'em's and Draw's
/// do (a macro: one impl cannot name the variants of two enums).
macro_rules! betting_event {
    ($event:ty) => {
        impl From<$crate::betting::BetEvent> for $event {
            fn from(e: $crate::betting::BetEvent) -> Self {
                Self::Bet(e)
            }
        }

        impl $crate::betting::BettingEvent for $event {
            fn bet(&self) -> Option<&$crate::betting::BetEvent> {
                match self {
                    Self::Bet(b) => Some(b),
                    _ => None,
                }
            }

            fn shown_seat(&self) -> Option<usize> {
                match *self {
                    Self::Shown { seat, .. } => Some(seat),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use betting_event;
