//! Rebuilding a hand from its event log.

use super::{Dealer, Dealing, Hand};
use crate::betting::MAX_SEATS;
use crate::betting::{BetEvent, BettingAction};
use crate::game::equal_but;
use crate::holdem::action::{Action, Event};
use crate::holdem::error::HoldemError;
use crate::holdem::rules::{HandSetup, Reveal};

impl Hand {
    /// Rebuilds a hand from its setup and its event log (as returned by [`Hand::new`] and
    /// [`Hand::apply`]), dealing the logged cards. The result equals the original hand apart
    /// from the deck.
    pub fn replay(setup: &HandSetup, events: &[Event]) -> Result<Hand, HoldemError> {
        let mut ev = Vec::new();
        let (mut h, _) = Hand::new(setup, Dealing::Supplied).map_err(HoldemError::Setup)?;
        let mut holes = [[None; 2]; MAX_SEATS];
        let mut got = [0usize; MAX_SEATS];
        for e in events {
            if let Event::HoleDealt { seat, card } = *e {
                if seat < MAX_SEATS && got[seat] < 2 {
                    holes[seat][got[seat]] = card;
                    got[seat] += 1;
                }
            }
        }
        for p in 0..h.seats() {
            let seat = h.seat_at(p);
            h.apply_into(
                Action::DealHole {
                    seat,
                    cards: holes[seat],
                },
                &mut ev,
            )?;
        }
        for e in events {
            let a = match *e {
                Event::Bet(BetEvent::Mucked { seat }) => Action::Muck { seat },
                Event::Bet(b) => match b.decision() {
                    Some((seat, bet)) => Action::from_bet(seat, bet),
                    None => continue,
                },
                Event::BoardDealt { cards, .. } => Action::DealBoard { cards },
                Event::Shown { seat, cards, .. } if h.rules.reveal == Reveal::PlayersChoose => {
                    Action::Show {
                        seat,
                        cards: Some(cards),
                    }
                }
                _ => continue,
            };
            h.apply_into(a, &mut ev)?;
        }
        Ok(h)
    }

    /// Whether `self` and `other` are in the same game state, ignoring where the cards came from.
    pub fn same_state(&self, other: &Hand) -> bool {
        equal_but(self, other, |h| h.dealer = Dealer::Supplied)
    }
}
