//! The refusals both betting games share, and the betting step that makes them, written once:
//! [`Refused`] is an action refused for a betting rule, for its moment or for its seat (each
//! game's error wraps it beside its own refusals), and [`BettingHand`] is how a Hold'em or Draw
//! hand plays a check, call, bet or raise and refuses one that does not fit.

use std::fmt::Debug;

use thiserror::Error;

use super::choice::BettingAction;
use super::error::BetError;
use super::event::BettingEvent;
use super::ledger::Ledger;
use super::round::{BettingRound, Legal};
use super::sizing::PotSize;
use crate::game::{Game, Refusal};

/// What a betting game says is legal now (Hold'em's and Draw's `ToAct`).
pub trait LegalNow: Copy + Debug {
    /// Whether nobody is to act: the hand is over.
    fn nobody(&self) -> bool;

    /// The betting decision, when a player is to bet.
    fn bet(&self) -> Option<Legal>;
}

/// An action a betting game refused for a reason every betting game has; the hand is
/// unchanged. `action` is the refused action, `legal` what is legal now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum Refused<A: Debug, L: Debug> {
    /// A betting action broke a betting rule (a check when a bet is owed, a raise too small,
    /// another seat's turn, …).
    #[error("{action:?} refused: {reason}; legal now: {legal:?}")]
    Betting {
        action: A,
        /// The betting rule it broke.
        reason: BetError,
        legal: L,
    },
    /// The action does not fit the moment (a bet while cards are dealt or exchanged, a show
    /// before the showdown, anything after the hand is over).
    #[error("{action:?} refused: not possible now; legal now: {legal:?}")]
    NotNow { action: A, legal: L },
    /// The seat is not at this table.
    #[error("{action:?} refused: no seat {seat} in this hand")]
    NoSuchSeat {
        action: A,
        /// The seat named.
        seat: usize,
    },
}

impl<A: Debug, L: LegalNow> Refused<A, L> {
    /// What kind of refusal this is, in the words a client needs.
    pub fn refusal(&self) -> Refusal {
        match self {
            Refused::NoSuchSeat { .. } => Refusal::NoSuchSeat,
            Refused::Betting {
                reason: BetError::NotYourTurn { .. },
                ..
            } => Refusal::NotYourTurn,
            Refused::NotNow { legal, .. } if legal.nobody() => Refusal::Over,
            _ => Refusal::Illegal,
        }
    }
}

/// A hand of a betting game (Hold'em's, Draw's; its `Action` a betting action, its `Event`
/// wrapping a betting event): its betting round and ledger while a round is on, what is legal
/// now and what a pot-sized bet is measured against. The betting step and its refusals are
/// written once, here.
pub(crate) trait BettingHand: Game<Action: BettingAction, Event: BettingEvent> {
    /// What the game says is legal now.
    type Legal: LegalNow;

    /// The betting round and the ledger, when a betting round is on (`None` between rounds).
    fn betting(&mut self) -> Option<(&mut BettingRound, &mut Ledger)>;

    /// What is legal now, and for whom.
    fn legal_now(&self) -> Self::Legal;

    /// What a bet sized in pots ("½ pot") is measured against now.
    fn pot(&self) -> PotSize;

    /// The refusal of an action that does not fit the moment.
    #[cold]
    fn not_now(&self, action: Self::Action) -> Refused<Self::Action, Self::Legal> {
        Refused::NotNow {
            action,
            legal: self.legal_now(),
        }
    }

    /// The refusal of an action that broke a betting rule.
    #[cold]
    fn bet_refused(
        &self,
        action: Self::Action,
        reason: BetError,
    ) -> Refused<Self::Action, Self::Legal> {
        Refused::Betting {
            action,
            reason,
            legal: self.legal_now(),
        }
    }

    /// A check, call, bet or raise (or, in Hold'em, a fold) by the betting round's rules, its
    /// event appended; refused with nothing changed outside a betting round or against a rule.
    #[inline]
    fn play_bet(
        &mut self,
        action: Self::Action,
        ev: &mut Vec<Self::Event>,
    ) -> Result<(), Refused<Self::Action, Self::Legal>> {
        let played = match (action.bet(), self.betting()) {
            (Some((seat, bet)), Some((round, ledger))) => round.play(ledger, seat, bet),
            _ => return Err(self.not_now(action)),
        };
        match played {
            Ok(event) => {
                ev.push(event.into());
                Ok(())
            }
            Err(reason) => Err(self.bet_refused(action, reason)),
        }
    }
}

/// Implements [`BettingHand`] and [`super::BettingTable`] (and [`LegalNow`] for its `ToAct`) for
/// a game's hand whose state keeps a `phase` (betting while `Phase::Betting`), the `round` and
/// the `ledger`, whose `legal_actions()` says what is legal now as a `ToAct` with a `Nobody`,
/// the betting decision as `$bet` and a `seat()`, and whose queries read the table (`stacks`,
/// `bet`, `pot_total`, `pot_size`, …): Hold'em's and Draw's hands (a macro, as one impl cannot
/// reach the private fields of two types).
macro_rules! betting_hand {
    ($hand:ty, $bet:ident) => {
        impl $crate::betting::BettingHand for $hand {
            type Legal = ToAct;

            #[inline(always)]
            fn betting(
                &mut self,
            ) -> Option<(
                &mut $crate::betting::BettingRound,
                &mut $crate::betting::Ledger,
            )> {
                (self.phase == Phase::Betting).then_some((&mut self.round, &mut self.ledger))
            }

            fn legal_now(&self) -> ToAct {
                self.legal_actions()
            }

            fn pot(&self) -> $crate::betting::PotSize {
                self.pot_size()
            }
        }

        impl $crate::betting::BettingTable for $hand {
            fn felt(&self) -> $crate::betting::Felt {
                $crate::betting::Felt {
                    stacks: self.stacks().to_vec(),
                    bets: (0..self.seats()).map(|s| self.bet(s)).collect(),
                    pot: self.pot_total(),
                    pots: self.pots_in_middle(),
                    to_act: self.legal_actions().seat(),
                    over: self.is_over(),
                }
            }
        }

        impl $crate::betting::LegalNow for ToAct {
            fn nobody(&self) -> bool {
                *self == ToAct::Nobody
            }

            fn bet(&self) -> Option<$crate::betting::Legal> {
                match *self {
                    ToAct::$bet(l) => Some(l),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use betting_hand;
