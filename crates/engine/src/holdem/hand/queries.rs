//! Read-only questions about a hand.

use super::{Dealer, Hand, Phase};
use crate::betting::{BetError, BettingRound, PotSize, Pots, SeatMask};
use crate::holdem::action::Street;
use crate::holdem::rules::HoldemRules;
use crate::Chips;
use tavolo_cards::{Card, CardSet, GameRng, HandRank};

impl Hand {
    /// Once the hand is over, takes back the generator of its seeded deck, to deal the next hand
    /// of a session from the same stream. `None` before the end or with supplied cards.
    pub fn take_rng(&mut self) -> Option<GameRng> {
        if !self.is_over() {
            return None;
        }
        match std::mem::replace(&mut self.dealer, Dealer::Supplied) {
            Dealer::Deck(_, rng) => Some(rng),
            Dealer::Supplied => None,
        }
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.n as usize
    }

    /// The button seat.
    pub fn button(&self) -> usize {
        self.button as usize
    }

    /// The minimum bet: the big blind (No-Limit, Pot-Limit) or the small bet (Limit).
    pub fn min_bet(&self) -> Chips {
        self.min_bet
    }

    /// Limit's big bet, for the turn and river.
    pub fn big_bet(&self) -> Chips {
        self.big_bet
    }

    /// The ruleset.
    pub fn rules(&self) -> &HoldemRules {
        &self.rules
    }

    /// The current street.
    pub fn street(&self) -> Street {
        self.street
    }

    /// Chips behind, per seat (after the hand: the finishing stacks).
    pub fn stacks(&self) -> &[Chips] {
        self.ledger.stacks()
    }

    /// This round's bet in front of a seat.
    pub fn bet(&self, seat: usize) -> Chips {
        self.ledger.bet(seat)
    }

    /// What `seat` must put in to call now (0: nothing owed, or not a seat).
    pub fn owed(&self, seat: usize) -> Chips {
        if seat >= self.seats() {
            return Chips::ZERO;
        }
        self.ledger.max_bet() - self.ledger.bet(seat)
    }

    /// All chips in the middle (pots and bets).
    pub fn pot_total(&self) -> Chips {
        self.ledger.pot_total()
    }

    /// What a bet sized in pots ("½ pot") is measured against now.
    pub fn pot_size(&self) -> PotSize {
        PotSize {
            middle: self.pot_total(),
            max_bet: self.ledger.max_bet(),
        }
    }

    /// The pots in the middle now, as players see them (this round's bets not yet in them),
    /// main pot first.
    pub fn pots_in_middle(&self) -> Vec<crate::betting::PotShown> {
        crate::betting::pots::in_middle(&self.ledger, Chips::ZERO)
    }

    /// The pots as they would be built now, main pot first.
    pub fn pots(&self) -> Pots {
        Pots::build(&self.ledger)
    }

    /// Seats still contesting the pot.
    pub fn live(&self) -> SeatMask {
        self.ledger.live()
    }

    /// The board so far.
    pub fn board(&self) -> impl Iterator<Item = Card> + '_ {
        self.board.iter().flatten().copied()
    }

    /// A seat's hole cards (`None` where unknown). This is the omniscient accessor: send players
    /// [`Hand::view`] instead.
    pub fn hole_cards(&self, seat: usize) -> [Option<Card>; 2] {
        self.hole.get(seat).copied().unwrap_or([None; 2])
    }

    /// Seats that have shown their hands.
    pub fn shown(&self) -> SeatMask {
        self.shown
    }

    /// The value of a shown hand with the whole board; `None` if the seat has not shown or
    /// the board is not complete yet (a hand shown all-in before the river).
    pub fn shown_rank(&self, seat: usize) -> Option<HandRank> {
        if !self.shown.contains(seat) || self.board_len < 5 {
            return None;
        }
        match self.hole.get(seat)? {
            [Some(a), Some(b)] => Some((self.board_eval + *a + *b).evaluate()),
            _ => None,
        }
    }

    /// The five cards that make a shown hand's value with the whole board, in the order that
    /// describes the hand (the pair before its kickers); `None` where [`Hand::shown_rank`] is.
    pub fn shown_five(&self, seat: usize) -> Option<[Card; 5]> {
        self.shown_rank(seat)?;
        let [Some(a), Some(b)] = *self.hole.get(seat)? else {
            return None;
        };
        let cards: Vec<Card> = [a, b].into_iter().chain(self.board()).collect();
        tavolo_cards::best_five(&cards).ok().map(|(five, _)| five)
    }

    /// Chips won by each seat in this hand (pots collected, uncalled bets not included).
    pub fn winnings(&self) -> &[Chips] {
        &self.won[..self.n as usize]
    }

    /// Chips left in the middle for the next hand (odd chips under
    /// [`crate::betting::OddChips::StayInPot`], or a pot nobody could claim).
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// The sum of the starting stacks; stacks plus middle plus carried always equal it.
    pub fn chips_total(&self) -> Chips {
        self.total
    }

    /// The current betting round.
    pub fn betting_round(&self) -> &BettingRound {
        &self.round
    }

    /// Why a bet or raise by the actor is impossible now, if it is (for error messages).
    pub fn raise_refusal(&self) -> Option<BetError> {
        let a = self.round.actor()?;
        self.round.raise_range(&self.ledger, a).err()
    }

    /// Every card known to be in play (hole cards, board, shown cards; not burnt cards).
    pub fn cards_in_play(&self) -> CardSet {
        self.used
    }
}
