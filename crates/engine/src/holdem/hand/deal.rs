//! The deal (RULES.md §2 Table and deal, Blinds): a hand reset from its setup, antes, blinds and
//! straddles from the left of the button, the pre-flop opener, and the hole cards — dealt one
//! at a time from a seeded deck, or supplied by the caller.

use tavolo_cards::{CardSet, Deck, Hand as Eval};

use super::deck::Dealer;
use super::{placeholder_rules, Applied, Hand, Phase};
use crate::betting::{BetEvent, BettingRound, Ledger, SeatMask, MAX_SEATS};
use crate::betting::{BettingHand, Refused};
use crate::holdem::action::{Action, Event, Street};
use crate::holdem::rules::{Antes, HandSetup};
use crate::Chips;
use tavolo_cards::Card;

impl Hand {
    /// Resets every field but the dealer's generator for a new hand from `setup` (validated),
    /// then posts antes and blinds and, with a seeded deck, deals the hole cards.
    pub(super) fn deal(&mut self, setup: &HandSetup, ev: &mut Vec<Event>) {
        self.reset(setup);
        let ante_posted = self.post_antes(setup, ev);
        self.post_blinds(setup, &ante_posted, ev);
        self.show_start = self.preflop_opener(setup) as u8;
        self.advance(ev);
    }

    /// Every field but the dealer's generator, for a new hand from `setup`.
    fn reset(&mut self, setup: &HandSetup) {
        let mut ledger = Ledger::new(&setup.stacks);
        ledger.add_dead(setup.carried_in);
        // Every field by name (no `..`): a field added to `Hand` must be reset here too.
        let Hand {
            n: seats,
            button,
            rules: hand_rules,
            min_bet,
            big_bet,
            any_blind,
            ledger: hand_ledger,
            round,
            street,
            phase,
            hole,
            dealt,
            board,
            board_len,
            board_eval,
            used,
            dealer,
            betting_done,
            show_start,
            shown,
            ranks,
            won,
            carried,
            total,
        } = self;
        *seats = setup.seats() as u8;
        *button = setup.button as u8;
        *hand_rules = setup.rules;
        *min_bet = setup.min_bet;
        *big_bet = setup.big_bet;
        *any_blind = setup.blinds.iter().any(|&b| b > 0);
        *total = ledger.total();
        // The round until the hole cards are out. With a seeded deck they are dealt at once
        // and the first betting round replaces it: only supplied hole cards wait with it.
        if !matches!(dealer, Dealer::Deck(..)) {
            *round = BettingRound::start(&ledger, 0, placeholder_rules(setup));
        }
        *hand_ledger = ledger;
        *street = Street::Preflop;
        *phase = Phase::Hole;
        *hole = [[None; 2]; MAX_SEATS];
        *dealt = SeatMask::EMPTY;
        *board = [None; 5];
        *board_len = 0;
        *board_eval = Eval::new();
        *used = CardSet::EMPTY;
        if let Dealer::Deck(deck, _) = dealer {
            *deck = Deck::FULL;
        }
        *betting_done = false;
        *show_start = 0;
        *shown = SeatMask::EMPTY;
        *ranks = [0; MAX_SEATS];
        *won = [Chips::ZERO; MAX_SEATS];
        *carried = Chips::ZERO;
    }

    /// Antes, from the left of the button; live antes nobody matched come back. Returns what
    /// each seat posted.
    fn post_antes(&mut self, setup: &HandSetup, ev: &mut Vec<Event>) -> [Chips; MAX_SEATS] {
        let mut ante_posted = [Chips::ZERO; MAX_SEATS];
        let mut any_ante = false;
        for p in 0..setup.seats() {
            let s = self.seat_at(p);
            let a = setup.antes[s];
            if a == 0 {
                continue;
            }
            any_ante = true;
            let amount = match setup.rules.antes {
                Antes::Live => self.ledger.put(s, a),
                Antes::Dead => self.ledger.put_dead(s, a),
            };
            ante_posted[s] = amount;
            ev.push(Event::Bet(BetEvent::AntePosted { seat: s, amount }));
        }
        if any_ante && setup.rules.antes == Antes::Live {
            if let Some((seat, amount)) = self.ledger.return_uncalled() {
                ev.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
            }
        }
        self.ledger.collect();
        ante_posted
    }

    /// Blinds and straddles in order from the left of the button. A blind is at most the
    /// starting stack less the ante posted, even when part of that ante came back as uncalled
    /// (live non-uniform antes), as PokerKit does.
    fn post_blinds(
        &mut self,
        setup: &HandSetup,
        ante_posted: &[Chips; MAX_SEATS],
        ev: &mut Vec<Event>,
    ) {
        for p in 0..setup.seats() {
            let s = self.seat_at(p);
            let b = setup.blinds[s];
            if b > 0 {
                let amount = self.ledger.put(s, b.min(setup.stacks[s] - ante_posted[s]));
                ev.push(Event::BlindPosted { seat: s, amount });
            }
        }
    }

    /// The pre-flop opener: the seat after the largest blind or straddle (the later on ties).
    fn preflop_opener(&self, setup: &HandSetup) -> usize {
        let n = setup.seats();
        let mut best = (Chips::ZERO, 0);
        for p in 0..n {
            let s = self.seat_at(p);
            let key = if setup.blinds[s] > 0 {
                self.ledger.bet(s)
            } else {
                Chips::ZERO
            };
            if key >= best.0 {
                best = (key, p);
            }
        }
        self.seat_at((best.1 + 1) % n)
    }

    /// A seeded deck deals two hole cards to each seat, one at a time from the left of the
    /// button.
    pub(super) fn deal_hole_cards(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        for _ in 0..2 {
            for p in 0..n {
                let s = self.seat_at(p);
                let c = self.deal_card();
                let k = usize::from(self.hole[s][0].is_some());
                self.hole[s][k] = Some(c);
                ev.push(Event::HoleDealt {
                    seat: s,
                    card: Some(c),
                });
            }
        }
        self.dealt = SeatMask::first(n);
    }

    /// Supplied hole cards for one seat (a hand history's deal): unknown cards stay `None`.
    pub(super) fn supply_hole_cards(
        &mut self,
        action: Action,
        seat: usize,
        cards: [Option<Card>; 2],
        ev: &mut Vec<Event>,
    ) -> Applied {
        if seat >= self.n as usize {
            return Err(Refused::NoSuchSeat { action, seat }.into());
        }
        if self.phase != Phase::Hole || self.seeded() || self.dealt.contains(seat) {
            return Err(self.not_now(action).into());
        }
        self.check_new_cards(action, cards.iter().flatten().copied())?;
        for (k, c) in cards.iter().enumerate() {
            self.hole[seat][k] = *c;
            if let Some(c) = c {
                self.used.insert(*c);
            }
            ev.push(Event::HoleDealt { seat, card: *c });
        }
        self.dealt.insert(seat);
        Ok(())
    }
}
