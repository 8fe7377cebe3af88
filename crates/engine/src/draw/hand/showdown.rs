//! The showdown and the awards (RULES.md §3 Showdown): players show or muck in turn from the
//! last aggressor; a hand may be mucked only when a hand shown is at least as good; the pots go
//! to the best hands by the German tie-breaks, odd chips staying in the pot.

use tavolo_cards::{Hand as Eval, HandRank};

use super::{Applied, DrawHand, Phase};
use crate::betting::pots::{self, Payout};
use crate::betting::BetEvent;
use crate::betting::BettingHand;
use crate::draw::action::{Action, Event};
use crate::draw::error::DrawError;
use crate::Chips;

impl DrawHand {
    /// The showdown's order and values: the last raiser (or the opener) of the last betting
    /// round shows first; if nobody bet in it, the last raiser of the first round; else the
    /// cutter (a seat that folded is replaced by the next one still in, clockwise). Every live
    /// hand is valued at once.
    pub(super) fn begin_showdown(&mut self) {
        let live = self.ledger.live();
        let start = self
            .round
            .aggressor()
            .or(self.first_aggressor.map(usize::from))
            .unwrap_or(self.cutter());
        let n = self.n as usize;
        self.show_start = live.next_from(start, n).unwrap_or(start) as u8;
        for s in live.iter() {
            let (rank, key) = self.key_of(s);
            self.keys[s] = key;
            self.ranks[s] = Some(rank);
        }
        self.phase = Phase::Showdown;
    }

    /// The seat whose turn it is to show or muck, during the showdown.
    pub(super) fn next_shower(&self) -> Option<usize> {
        self.next_in(Phase::Showdown, self.shown, self.show_start as usize)
    }

    /// A seat's hand value and its key by the table's tie-break rule.
    fn key_of(&self, seat: usize) -> (HandRank, u32) {
        let mut e = Eval::new();
        for c in self.hands[seat].iter() {
            e = e.add_card(c);
        }
        let r = e.evaluate();
        (r, r.tiebreak_key(self.rules.tie_break))
    }

    /// Whether `seat` may muck: a hand shown so far is at least as good, by a player in every pot
    /// `seat` contests (so no pot is ever left without a claimant). Hand values of every seat in
    /// the showdown are computed when it begins.
    pub(super) fn may_muck(&self, seat: usize) -> bool {
        let key = self.keys[seat];
        let mine = self.ledger.committed(seat);
        // Every shown hand is compared, without branching on the comparisons (which are as
        // unpredictable as the cards).
        let mut covered = false;
        for t in self.shown.and(self.ledger.live()).iter() {
            covered |= (self.keys[t] >= key) & (self.ledger.committed(t) >= mine);
        }
        covered
    }

    /// A show, in turn.
    pub(super) fn show(&mut self, action: Action, seat: usize, ev: &mut Vec<Event>) -> Applied {
        if self.next_shower() != Some(seat) {
            return Err(self.not_now(action).into());
        }
        let rank = self.ranks[seat].unwrap_or_else(|| self.key_of(seat).0);
        self.shown.insert(seat);
        ev.push(Event::Shown {
            seat,
            cards: self.hands[seat],
            rank,
        });
        Ok(())
    }

    /// A muck, in turn, where allowed ([`DrawHand::may_muck`]): the first to show must show.
    pub(super) fn muck(&mut self, action: Action, seat: usize, ev: &mut Vec<Event>) -> Applied {
        if self.next_shower() != Some(seat) {
            return Err(self.not_now(action).into());
        }
        if !self.may_muck(seat) {
            return Err(DrawError::MuckNotAllowed { action, seat });
        }
        self.ledger.fold(seat);
        ev.push(Event::Bet(BetEvent::Mucked { seat }));
        Ok(())
    }

    /// The awards: the last player left takes everything; else each pot to its best hands
    /// (the whole middle at once when there is no side pot), odd chips staying in the pot.
    pub(super) fn award(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        let live = self.ledger.live();
        let (cutter, keys, extra) = (self.cutter(), self.keys, self.carried_in);
        let odd = self.rules.odd_chips;
        let mut payout = Payout {
            ledger: &mut self.ledger,
            won: &mut self.won,
        };
        let emit = |e| ev.push(Event::Bet(e));
        if live.len() == 1 {
            // The last player left takes everything in the middle (every pot would be theirs).
            payout.all_to(live.iter().next().unwrap_or(0), extra, emit);
            self.carried = Chips::ZERO;
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        // One pot when every live seat put in the same and nobody who folded put in more: the
        // best hands among the live seats split the whole middle (no side pot to build).
        // (Every seat is looked at, without stopping at the first that breaks it: whether and
        // where that happens is unpredictable.)
        let level = live
            .iter()
            .next()
            .map_or(Chips::ZERO, |s| payout.ledger.committed(s));
        let mut side_pot = false;
        for s in 0..n {
            let c = payout.ledger.committed(s);
            side_pot |= (c > level) | ((c < level) & live.contains(s));
        }
        let one_pot = !side_pot;
        let carried = if one_pot {
            let winners = pots::best(live, |s| keys[s]);
            payout.split_all(extra, winners, (cutter, n), odd, emit)
        } else {
            payout.award(|s| keys[s], extra, (cutter, n), odd, emit)
        };
        self.finish(carried, ev);
    }

    /// The end: the chips that stay in the pot for the next hand, and the hand over.
    fn finish(&mut self, carried: Chips, ev: &mut Vec<Event>) {
        if carried > 0 {
            ev.push(Event::Bet(BetEvent::Carried { amount: carried }));
        }
        self.carried = carried;
        self.phase = Phase::Over;
        ev.push(Event::HandOver);
    }
}
