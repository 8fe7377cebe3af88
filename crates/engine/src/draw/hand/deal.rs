//! The deal (RULES.md §3 Table and deal): the pot carried in, antes from the cutter
//! round, the bottom card set aside, five cards to each seat one at a time; the cutter opens.

use tavolo_cards::{CardSet, Deck};

use super::{DrawHand, Phase, Source};
use crate::betting::{BetEvent, BettingRound, Ledger, RoundRules, SeatMask, Structure};
use crate::draw::action::{Drawn, Event, Round};
use crate::draw::rules::{DrawSetup, StackedDeal, MAX_DRAW_SEATS};
use crate::Chips;

/// The betting rules of both rounds: the ante is the minimum bet; no check before the opening
/// unless the table allows it.
pub(super) fn first_round_rules(setup: &DrawSetup) -> RoundRules {
    RoundRules {
        structure: Structure::NoLimit,
        min_bet: setup.ante,
        min_raise: setup.rules.min_raise,
        cap: None,
        forced_bets: 0,
        check_before_opening: setup.rules.allow_check,
    }
}

/// The seat after `s` of `n`, clockwise (no division: `s` is a seat).
#[inline]
fn next_seat(s: usize, n: usize) -> usize {
    if s + 1 >= n {
        0
    } else {
        s + 1
    }
}

impl DrawHand {
    /// Resets every field for a new deal from `setup` (validated) and deals: antes, the bottom
    /// card, five cards each (from `stacked`, else from the generator in `self.source`).
    pub(super) fn deal(
        &mut self,
        setup: &DrawSetup,
        stacked: Option<&StackedDeal>,
        events: &mut Vec<Event>,
    ) {
        let cutter = next_seat(setup.dealer, setup.seats());
        self.post_antes(setup, cutter, events);
        self.reset(setup, cutter);
        self.deal_cards(stacked);
        events.push(Event::BottomCard {
            card: Some(self.bottom),
        });
        let n = setup.seats();
        let mut s = cutter;
        for _ in 0..n {
            events.push(Event::Dealt {
                seat: s,
                cards: Some(self.hands[s]),
            });
            s = next_seat(s, n);
        }
        self.advance(events);
    }

    /// "Jeder Spieler setzt den Grundeinsatz": the pot carried in, then antes from the cutter
    /// round to the dealer. Antes are live (they count for side pots, as in Hold'em); a short
    /// ante makes a player all-in, and what nobody matched goes back.
    fn post_antes(&mut self, setup: &DrawSetup, cutter: usize, events: &mut Vec<Event>) {
        let n = setup.seats();
        self.ledger = Ledger::new(&setup.stacks);
        self.total = self.ledger.total() + setup.carried_in;
        if setup.carried_in > 0 {
            events.push(Event::CarriedIn {
                amount: setup.carried_in,
            });
        }
        let mut s = cutter;
        for _ in 0..n {
            let amount = self.ledger.put(s, setup.ante);
            events.push(Event::Bet(BetEvent::AntePosted { seat: s, amount }));
            s = next_seat(s, n);
        }
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            events.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
    }

    /// Every field of the hand but the ledger, the cards and their source, for a new deal; the
    /// first betting round begins with the cutter.
    fn reset(&mut self, setup: &DrawSetup, cutter: usize) {
        self.n = setup.seats() as u8;
        self.dealer = setup.dealer as u8;
        self.cutter = cutter as u8;
        self.ante = setup.ante;
        self.rules = setup.rules;
        self.carried_in = setup.carried_in;
        self.round = BettingRound::start(&self.ledger, cutter, first_round_rules(setup));
        self.which = Round::First;
        self.phase = Phase::Betting;
        self.first_aggressor = None;
        self.discarded = [CardSet::EMPTY; MAX_DRAW_SEATS];
        self.drawn = [Drawn::default(); MAX_DRAW_SEATS];
        self.counts = [None; MAX_DRAW_SEATS];
        self.exchanged = SeatMask::EMPTY;
        self.pile = CardSet::EMPTY;
        self.reshuffles = 0;
        self.show_start = 0;
        self.shown = SeatMask::EMPTY;
        self.keys = [0; MAX_DRAW_SEATS];
        self.ranks = [None; MAX_DRAW_SEATS];
        self.won = [Chips::ZERO; MAX_DRAW_SEATS];
        self.carried = Chips::ZERO;
    }

    /// The bottom card set aside, then five cards to each seat, one at a time from the cutter
    /// round to the dealer: from `stacked`, else from the generator.
    fn deal_cards(&mut self, stacked: Option<&StackedDeal>) {
        let (n, cutter) = (self.n as usize, self.cutter());
        let mut hands = [CardSet::EMPTY; MAX_DRAW_SEATS];
        match (stacked, &mut self.source) {
            (Some(deal), _) => {
                let mut dealt = CardSet::from(deal.bottom);
                for (s, cards) in deal.hands.iter().enumerate() {
                    for &c in cards {
                        hands[s].insert(c);
                        dealt.insert(c);
                    }
                }
                self.bottom = deal.bottom;
                self.deck = Deck::from(CardSet::FULL - dealt);
            }
            (None, Source::Seeded(rng)) => {
                // A Fisher–Yates shuffle done lazily: the bottom card first, then each card dealt
                // drawn uniformly from the rest, in batches (`Deck::deal_batched`).
                let total = 5 * n + 1;
                self.deck = Deck::FULL;
                let (mut bottom, mut s, mut first) = (self.bottom, cutter, true);
                // At most 41 of the 52 cards: never refused.
                self.deck.deal_batched_each(rng, total, |c| {
                    if first {
                        bottom = c;
                        first = false;
                    } else {
                        hands[s].insert(c);
                        s = next_seat(s, n);
                    }
                });
                self.bottom = bottom;
            }
            // Only a comparison copy has no source; it is never dealt.
            (None, _) => self.deck = Deck::from(CardSet::FULL - CardSet::from(self.bottom)),
        }
        self.hands = hands;
    }
}
