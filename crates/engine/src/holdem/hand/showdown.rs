//! The showdown (RULES.md §2 Showdown, Pots): hands shown in order — by the dealer, or by each
//! player who chooses to show or muck — valued, and the pots built and awarded.

use super::{Applied, Hand, Phase};
use crate::betting::pots::{self, Payout};
use crate::betting::BetEvent;
use crate::betting::BettingHand;
use crate::betting::Pots;
use crate::holdem::action::{Action, Event};
use crate::holdem::error::HoldemError;
use crate::Chips;
use tavolo_cards::Card;

impl Hand {
    /// The dealer turns every hand still in, in showdown order ([`crate::holdem::Reveal::AllShown`]).
    pub(super) fn show_all(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        let live = self.ledger.live();
        let start = self.show_start as usize;
        for s in live.without(self.shown).clockwise_from(start, n) {
            if let (Some(a), Some(b)) = (self.hole[s][0], self.hole[s][1]) {
                self.show(s, [a, b], ev);
            }
        }
    }

    /// A player shows ([`crate::holdem::Reveal::PlayersChoose`]): the cards must match those
    /// dealt, or be stated when they were unknown. Before the river is out (all-in) the value
    /// waits for the board.
    pub(super) fn player_shows(
        &mut self,
        action: Action,
        seat: usize,
        cards: Option<[Card; 2]>,
        ev: &mut Vec<Event>,
    ) -> Applied {
        if !self.pending_showdown().contains(seat) {
            return Err(self.not_now(action).into());
        }
        let cards = self.cards_shown(action, seat, cards)?;
        for c in cards {
            self.used.insert(c);
        }
        self.hole[seat] = [Some(cards[0]), Some(cards[1])];
        if self.board_len == 5 {
            self.show(seat, cards, ev);
        } else {
            // All-in before the river: the value is settled once the board is complete.
            self.shown.insert(seat);
            ev.push(Event::Shown {
                seat,
                cards,
                rank: None,
            });
        }
        Ok(())
    }

    /// The cards a seat shows: the dealt ones (stated cards must match them, in either order),
    /// or the stated ones where they were unknown (new to play).
    fn cards_shown(
        &self,
        action: Action,
        seat: usize,
        cards: Option<[Card; 2]>,
    ) -> Result<[Card; 2], HoldemError> {
        let known = match self.hole[seat] {
            [Some(a), Some(b)] => Some([a, b]),
            _ => None,
        };
        match (known, cards) {
            (Some(k), None) => Ok(k),
            (Some(k), Some(c)) => {
                if c == k || c == [k[1], k[0]] {
                    Ok(k)
                } else {
                    Err(HoldemError::ShowMismatch { action, seat })
                }
            }
            (None, Some(c)) => {
                for (i, &card) in c.iter().enumerate() {
                    if let Some(d) = self.hole[seat][i] {
                        if d != card {
                            return Err(HoldemError::ShowMismatch { action, seat });
                        }
                    } else if self.used.contains(card) || (i == 1 && c[0] == card) {
                        return Err(HoldemError::DuplicateCard { action, card });
                    }
                }
                Ok(c)
            }
            (None, None) => Err(HoldemError::UnknownCards { action, seat }),
        }
    }

    /// A player mucks, giving up every pot; the last hand left takes the pot without showing.
    pub(super) fn player_mucks(
        &mut self,
        action: Action,
        seat: usize,
        ev: &mut Vec<Event>,
    ) -> Applied {
        if !self.pending_showdown().contains(seat) {
            return Err(self.not_now(action).into());
        }
        self.ledger.fold(seat);
        ev.push(Event::Bet(BetEvent::Mucked { seat }));
        if self.ledger.live().len() == 1 {
            self.award(ev);
        }
        Ok(())
    }

    /// A hand turned face up and valued with the board.
    pub(super) fn show(&mut self, seat: usize, cards: [Card; 2], ev: &mut Vec<Event>) {
        let rank = (self.board_eval + cards[0] + cards[1]).evaluate();
        self.ranks[seat] = rank.value();
        self.shown.insert(seat);
        ev.push(Event::Shown {
            seat,
            cards,
            rank: Some(rank),
        });
    }

    /// The awards: the one player left takes everything; else (hands that cannot win killed
    /// first where the rules say so) each pot to its best hands.
    pub(super) fn award(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        if self.rules.kill_losing_hands && self.ledger.live().len() > 1 {
            let pots = Pots::build(&self.ledger);
            let mut losers = self.ledger.live();
            for pot in pots.as_slice() {
                losers = losers.without(pots::best(pot.eligible, |s| self.ranks[s]));
            }
            for s in losers.iter() {
                self.ledger.fold(s);
            }
        }
        let live = self.ledger.live();
        let first = self.seat_at(0);
        let ranks = self.ranks;
        let mut payout = Payout {
            ledger: &mut self.ledger,
            won: &mut self.won,
        };
        let emit = |e| ev.push(Event::Bet(e));
        if live.len() == 1 && payout.ledger.dead() == 0 {
            // Everyone else folded: the one player left takes everything in the middle.
            payout.all_to(live.iter().next().unwrap_or(0), Chips::ZERO, emit);
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        let carried = payout.award(
            |s| ranks[s],
            Chips::ZERO,
            (first, n),
            self.rules.odd_chips,
            emit,
        );
        if carried > 0 {
            ev.push(Event::Bet(BetEvent::Carried { amount: carried }));
        }
        self.carried = carried;
        self.phase = Phase::Over;
        ev.push(Event::HandOver);
    }

    /// Hands shown all-in before the river, valued once the board is complete.
    pub(super) fn rank_early_shows(&mut self) {
        for s in self.shown.and(self.ledger.live()).iter() {
            if let [Some(a), Some(b)] = self.hole[s] {
                self.ranks[s] = (self.board_eval + a + b).evaluate().value();
            }
        }
    }
}
