//! The two betting rounds (RULES.md §3 Betting): a bet or a fold, folding at any moment, a round
//! no one can bet in, and the end of a round.

use super::{Applied, DrawHand, Phase};
use crate::betting::{BetEvent, BettingHand, BettingRound};
use crate::draw::action::{Action, Event, Round};

impl DrawHand {
    /// A fold: in turn or not, during either betting round or the exchange ("Das Passen kann
    /// jederzeit erfolgen"); at the showdown giving up is a muck.
    pub(super) fn fold(&mut self, action: Action, seat: usize, ev: &mut Vec<Event>) -> Applied {
        match self.phase {
            Phase::Betting => {
                let out_of_turn = self.round.actor() != Some(seat);
                self.round
                    .fold_out_of_turn(&mut self.ledger, seat)
                    .map_err(|reason| self.bet_refused(action, reason))?;
                ev.push(Event::Bet(BetEvent::Folded { seat, out_of_turn }));
                Ok(())
            }
            Phase::Exchange => {
                let out_of_turn = self.next_exchanger() != Some(seat);
                self.ledger.fold(seat);
                ev.push(Event::Bet(BetEvent::Folded { seat, out_of_turn }));
                Ok(())
            }
            _ => Err(self.not_now(action).into()),
        }
    }

    /// Whether the player to act has no choice but to fold: nothing owed, no check allowed, and
    /// nobody left who could answer a bet. Then the round is over for them (it would be absurd to
    /// make them fold), e.g. when every other player still in is all-in.
    pub(super) fn stuck(&self) -> bool {
        let Some(a) = self.round.actor() else {
            return false;
        };
        if self.may_check_or_call() {
            return false;
        }
        self.round.raise_range(&self.ledger, a).is_err()
    }

    /// Whether the player to act has a choice besides betting: with checks allowed, a check is
    /// possible; once somebody has bet, a call or (having matched it) a check is. Before the
    /// opening (no check allowed) only a bet remains.
    #[inline(always)]
    pub(super) fn may_check_or_call(&self) -> bool {
        self.rules.allow_check || self.ledger.max_bet() > 0
    }

    /// The end of a betting round: the uncalled bet back, bets into the pots; the last player
    /// left takes the pot at once; else the exchange (after the first round) or the showdown.
    pub(super) fn close_round(&mut self, ev: &mut Vec<Event>) {
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            ev.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
        ev.push(Event::RoundEnded { round: self.which });
        if self.ledger.live().len() <= 1 {
            // The last player left takes the pot at once, without showing.
            self.award(ev);
            return;
        }
        match self.which {
            Round::First => {
                self.first_aggressor = self.round.aggressor().map(|a| a as u8);
                self.phase = Phase::Exchange;
            }
            Round::Second => self.begin_showdown(),
        }
    }

    /// After the exchange: the second betting round, opened by the cutter by the same rules.
    pub(super) fn start_second_round(&mut self) {
        self.which = Round::Second;
        let rules = *self.round.rules();
        self.round = BettingRound::start(&self.ledger, self.cutter(), rules);
        self.phase = Phase::Betting;
    }
}
