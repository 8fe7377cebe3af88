//! Rebuilding a hand from its event log: the stacked deal and the actions a complete log
//! records, played again.

use tavolo_cards::{Card, CardSet};

use super::{DrawHand, Source};
use crate::betting::{BetEvent, BettingAction};
use crate::draw::action::{Action, Event};
use crate::draw::error::{DrawError, SetupError};
use crate::draw::rules::{Dealing, DrawSetup, StackedDeal};
use crate::game::equal_but;

impl DrawHand {
    /// Rebuilds a hand from its setup and its complete event log (as returned by
    /// [`DrawHand::new`] and [`DrawHand::apply`], not a seat's view of it), dealing the logged
    /// cards. The result is in the same state as the original ([`DrawHand::same_state`]).
    pub fn replay(setup: &DrawSetup, events: &[Event]) -> Result<DrawHand, ReplayError> {
        let deal = stacked_from_log(setup.seats(), events)?;
        let (mut h, _) =
            DrawHand::new(setup, Dealing::Stacked(deal)).map_err(ReplayError::Setup)?;
        let mut ev = Vec::new();
        for a in actions_from_log(events) {
            h.apply_into(a, &mut ev).map_err(ReplayError::Action)?;
        }
        Ok(h)
    }

    /// Whether `self` and `other` are in the same game state, ignoring where the cards came from.
    pub fn same_state(&self, other: &DrawHand) -> bool {
        equal_but(self, other, |h| h.source = Source::Ignored)
    }
}

/// Why an event log could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The log lacks cards (it is a seat's view, or cut short).
    #[error("the log does not hold {what}")]
    Incomplete {
        /// What is missing.
        what: &'static str,
    },
    /// The setup or the logged deal is invalid.
    #[error("invalid setup: {0}")]
    Setup(SetupError),
    /// A logged action was refused.
    #[error("{0}")]
    Action(DrawError),
}

/// The stacked deal recorded in a complete log: each seat's five cards, the exchange's cards in
/// serving order, the bottom card.
pub(crate) fn stacked_from_log(seats: usize, events: &[Event]) -> Result<StackedDeal, ReplayError> {
    let mut hands: Vec<Option<[Card; 5]>> = vec![None; seats];
    let mut bottom = None;
    let mut draws = Vec::new();
    for e in events {
        match *e {
            Event::BottomCard { card } => bottom = card,
            Event::Dealt {
                seat,
                cards: Some(cards),
            } if seat < seats && cards.len() == 5 => {
                if let Ok(five) = <[Card; 5]>::try_from(cards.iter().collect::<Vec<_>>()) {
                    hands[seat] = Some(five);
                }
            }
            Event::Exchanged { drawn: Some(d), .. } => draws.extend(d.cards()),
            Event::Exchanged { drawn: None, .. } => {
                return Err(ReplayError::Incomplete {
                    what: "the drawn cards",
                })
            }
            _ => {}
        }
    }
    let hands = hands
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or(ReplayError::Incomplete {
            what: "every seat's five cards",
        })?;
    let bottom = bottom.ok_or(ReplayError::Incomplete {
        what: "the bottom card",
    })?;
    Ok(StackedDeal {
        hands,
        draws,
        bottom,
    })
}

/// The players' actions recorded in a log, in order.
pub(crate) fn actions_from_log(events: &[Event]) -> impl Iterator<Item = Action> + '_ {
    events.iter().filter_map(|e| match *e {
        Event::Bet(BetEvent::Mucked { seat }) => Some(Action::Muck { seat }),
        Event::Bet(b) => b.decision().map(|(seat, bet)| Action::from_bet(seat, bet)),
        Event::Exchanged {
            seat, discarded, ..
        } => Some(Action::Exchange {
            seat,
            discard: discarded.unwrap_or(CardSet::EMPTY),
        }),
        Event::Shown { seat, .. } => Some(Action::Show { seat }),
        _ => None,
    })
}
