//! Reading the state: the public facts of a hand, the omniscient accessors (for the table,
//! checks and bots; players are sent views), and where every card is.

use tavolo_cards::{Card, CardSet, GameRng, HandRank};

use super::{DrawHand, Phase, Source, Stage};
use crate::betting::{BettingRound, PotSize, SeatMask};
use crate::draw::action::{Drawn, Round};
use crate::draw::rules::DrawRules;
use crate::Chips;

/// Where all 52 cards are at one moment. The zones are disjoint and together hold every card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardZones {
    /// The hands of the seats still in.
    pub live_hands: CardSet,
    /// The hands of seats that folded or mucked (dead, never reshuffled).
    pub dead_hands: CardSet,
    /// The deck (not counting the bottom card).
    pub deck: CardSet,
    /// The bottom card, never dealt.
    pub bottom: Card,
    /// Discards not yet reshuffled into a new deck.
    pub discard_pile: CardSet,
}

impl CardZones {
    /// Whether the zones are disjoint and hold all 52 cards.
    pub fn complete(&self) -> bool {
        let parts = [
            self.live_hands,
            self.dead_hands,
            self.deck,
            CardSet::from(self.bottom),
            self.discard_pile,
        ];
        let mut all = CardSet::EMPTY;
        let mut count = 0;
        for p in parts {
            all |= p;
            count += p.len();
        }
        count == 52 && all == CardSet::FULL
    }
}

impl DrawHand {
    /// The cutter: left of the dealer, first to act in every round and in the exchange.
    #[inline]
    pub fn cutter(&self) -> usize {
        self.cutter as usize
    }

    /// Whether `seat` may fold now: any seat still in, at any moment of the betting or the
    /// exchange, in turn or not (RULES.md §3: "Das Passen kann jederzeit erfolgen"). At the
    /// showdown giving up is a muck.
    pub fn may_fold(&self, seat: usize) -> bool {
        matches!(self.phase, Phase::Betting | Phase::Exchange) && self.ledger.live().contains(seat)
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The public stage of the hand.
    pub fn stage(&self) -> Stage {
        match (self.phase, self.which) {
            (Phase::Betting, Round::First) => Stage::FirstBetting,
            (Phase::Betting, Round::Second) => Stage::SecondBetting,
            (Phase::Exchange, _) => Stage::Exchange,
            (Phase::Showdown, _) => Stage::Showdown,
            (Phase::Over, _) => Stage::Over,
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.n as usize
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }

    /// The ante (the table minimum).
    pub fn ante(&self) -> Chips {
        self.ante
    }

    /// The ruleset.
    pub fn rules(&self) -> &DrawRules {
        &self.rules
    }

    /// Chips behind, per seat (after the hand: the finishing stacks).
    pub fn stacks(&self) -> &[Chips] {
        self.ledger.stacks()
    }

    /// This round's bet in front of a seat.
    pub fn bet(&self, seat: usize) -> Chips {
        if seat >= self.seats() {
            return Chips::ZERO;
        }
        self.ledger.bet(seat)
    }

    /// Everything in the middle: pots, bets and the pot carried in (0 once awarded).
    pub fn pot_total(&self) -> Chips {
        if self.is_over() {
            Chips::ZERO
        } else {
            self.ledger.pot_total() + self.carried_in
        }
    }

    /// What a bet sized in pots ("½ pot") is measured against now: the pot carried in counts.
    pub fn pot_size(&self) -> PotSize {
        PotSize {
            middle: self.pot_total(),
            max_bet: self.ledger.max_bet(),
        }
    }

    /// The pots in the middle now, as players see them (this round's bets not yet in them,
    /// the carried-in pot in the main pot), main pot first; none once awarded.
    pub fn pots_in_middle(&self) -> Vec<crate::betting::PotShown> {
        if self.is_over() {
            return Vec::new();
        }
        crate::betting::pots::in_middle(&self.ledger, self.carried_in)
    }

    /// The pot carried in from the previous hand.
    pub fn carried_in(&self) -> Chips {
        self.carried_in
    }

    /// Chips this hand leaves in the pot for the next one (known once the hand is over).
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// The sum of the starting stacks and the pot carried in: stacks plus middle (plus, at the
    /// end, the carried pot) always equal it.
    pub fn chips_total(&self) -> Chips {
        self.total
    }

    /// Seats still contesting the pot.
    pub fn live(&self) -> SeatMask {
        self.ledger.live()
    }

    /// A seat's current five cards. This is the omniscient accessor: send players
    /// [`DrawHand::view`] instead.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards a seat laid down in the exchange (omniscient).
    pub fn discarded(&self, seat: usize) -> CardSet {
        self.discarded.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards a seat received in the exchange (omniscient).
    pub fn drawn(&self, seat: usize) -> Drawn {
        self.drawn.get(seat).copied().unwrap_or_default()
    }

    /// The announced exchange count of each seat (`None`: not exchanged). Public.
    pub fn exchange_counts(&self) -> &[Option<u8>] {
        &self.counts[..self.n as usize]
    }

    /// The number of cards in the deck (not counting the bottom card). Public.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The number of discards waiting in the discard pile. Public.
    pub fn discard_pile_len(&self) -> usize {
        self.pile.len() as usize
    }

    /// How many times the discards were reshuffled into a new deck. Public.
    pub fn reshuffles(&self) -> u8 {
        self.reshuffles
    }

    /// Seats that have shown their hands, with their values.
    pub fn shown(&self) -> SeatMask {
        self.shown
    }

    /// The value of a shown hand (`None` if not shown).
    pub fn shown_rank(&self, seat: usize) -> Option<HandRank> {
        if self.shown.contains(seat) {
            self.ranks.get(seat).copied().flatten()
        } else {
            None
        }
    }

    /// A shown hand's five cards in the order that describes it (the pair before its kickers);
    /// `None` if not shown.
    pub fn shown_five(&self, seat: usize) -> Option<[Card; 5]> {
        let rank = self.shown_rank(seat)?;
        let cards: Vec<Card> = self.hand(seat).iter().collect();
        let five: [Card; 5] = cards.try_into().ok()?;
        Some(tavolo_cards::order_five(five, rank))
    }

    /// The seat that shows first at the showdown (meaningful once the showdown has begun).
    pub fn showdown_start(&self) -> usize {
        self.show_start as usize
    }

    /// Chips won by each seat in this hand (pots collected, uncalled bets not included).
    pub fn winnings(&self) -> &[Chips] {
        &self.won[..self.n as usize]
    }

    /// The betting round in progress (or the last one).
    pub fn betting_round(&self) -> &BettingRound {
        &self.round
    }

    /// Which betting round is (or was last) in progress.
    pub fn round(&self) -> Round {
        self.which
    }

    /// Where every card is now (omniscient; for checks).
    pub fn zones(&self) -> CardZones {
        let mut live_hands = CardSet::EMPTY;
        let mut dead_hands = CardSet::EMPTY;
        for s in 0..self.n as usize {
            if self.ledger.live().contains(s) {
                live_hands |= self.hands[s];
            } else {
                dead_hands |= self.hands[s];
            }
        }
        CardZones {
            live_hands,
            dead_hands,
            deck: self.deck.remaining(),
            bottom: self.bottom,
            discard_pile: self.pile,
        }
    }

    /// If the cards came from a generator, gives it back (e.g. to deal the next hand with it).
    pub fn into_rng(self) -> Option<GameRng> {
        match self.source {
            Source::Seeded(rng) => Some(rng),
            _ => None,
        }
    }
}
