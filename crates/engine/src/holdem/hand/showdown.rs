//! The showdown: hands shown and valued, pots built and awarded.

use super::{Hand, Phase};
use crate::betting::{pots, Pots};
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
        if live.len() == 1 && self.ledger.dead() == 0 {
            // Everyone else folded: the one player left takes everything in the middle.
            let seat = live.iter().next().unwrap_or(0);
            let amount = self.ledger.pot_total();
            self.ledger.clear_middle();
            self.ledger.pay(seat, amount);
            self.won[seat] += amount;
            ev.push(Event::PotWon {
                pot: 0,
                seat,
                amount,
            });
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        let pots = Pots::build(&self.ledger);
        self.ledger.clear_middle();
        let first = self.seat_at(0);
        let (ledger, won, ranks) = (&mut self.ledger, &mut self.won, &self.ranks);
        let carried = pots::award(
            &pots,
            |s| ranks[s],
            0,
            (first, n),
            self.rules.odd_chips,
            |pot, seat, amount| {
                ledger.pay(seat, amount);
                won[seat] += amount;
                ev.push(Event::PotWon { pot, seat, amount });
            },
        );
        if carried > 0 {
            ev.push(Event::Carried { amount: carried });
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
