//! The showdown: hands shown and valued, pots built and awarded.

use super::{Hand, Phase};
use crate::betting::pots::{self, Payout};
use crate::betting::BetEvent;
use crate::betting::Pots;
use crate::holdem::action::Event;
use tavolo_cards::Card;

impl Hand {
    pub(super) fn show(&mut self, seat: usize, cards: [Card; 2], ev: &mut Vec<Event>) {
        let rank = (self.board_eval + cards[0] + cards[1]).evaluate();
        self.ranks[seat] = rank.value();
        self.shown.insert(seat);
        ev.push(Event::Shown { seat, cards, rank });
    }

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
            payout.all_to(live.iter().next().unwrap_or(0), 0, emit);
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        let carried = payout.award(|s| ranks[s], 0, (first, n), self.rules.odd_chips, emit);
        if carried > 0 {
            ev.push(Event::Bet(BetEvent::Carried { amount: carried }));
        }
        self.carried = carried;
        self.phase = Phase::Over;
        ev.push(Event::HandOver);
    }

    pub(super) fn rank_early_shows(&mut self) {
        for s in self.shown.and(self.ledger.live()).iter() {
            if let [Some(a), Some(b)] = self.hole[s] {
                self.ranks[s] = (self.board_eval + a + b).evaluate().value();
            }
        }
    }
}
