//! The four streets (RULES.md §2 Betting rounds, Board): a betting round's rules and its start,
//! a bet, the end of a round, and the board cards — burnt and dealt from a seeded deck, or
//! supplied by the caller.

use tavolo_cards::Card;

use super::deck::Dealer;
use super::{Applied, Hand, Phase};
use crate::betting::{BetEvent, BettingHand, BettingRound, RaiseCap, RoundRules, Structure};
use crate::holdem::action::{Action, BoardCards, Event, Street};
use crate::holdem::error::HoldemError;
use crate::holdem::rules::ShowdownOrder;

impl Hand {
    /// The rules of a street's betting round: Limit's big bet from the turn; the blinds count
    /// as the first bet pre-flop where the rules say so.
    fn round_rules(&self, street: Street) -> RoundRules {
        let limit = self.rules.structure == Structure::FixedLimit;
        let min_bet = if limit && street >= Street::Turn {
            self.big_bet
        } else {
            self.min_bet
        };
        RoundRules {
            structure: self.rules.structure,
            min_bet,
            min_raise: self.rules.min_raise,
            cap: limit.then_some(RaiseCap {
                max_bets: self.rules.limit_cap.max_bets,
                lifted_heads_up: self.rules.limit_cap.lifted_heads_up,
            }),
            forced_bets: u8::from(
                street == Street::Preflop && self.rules.blind_counts_as_bet && self.any_blind,
            ),
            check_before_opening: true,
        }
    }

    /// A street's betting round: opened pre-flop by the seat after the largest blind, later by
    /// the first seat left of the button.
    pub(super) fn start_round(&mut self, street: Street) {
        self.street = street;
        let opener = if street == Street::Preflop {
            self.show_start as usize
        } else {
            self.first()
        };
        self.round = BettingRound::start(&self.ledger, opener, self.round_rules(street))
            .with_reopen(self.rules.reopen);
        self.phase = Phase::Betting;
    }

    /// The end of a betting round: the uncalled bet back, bets into the pots; the last player
    /// left wins; when the betting is over (the river, or at most one player able to bet) the
    /// showdown order is fixed by the last round.
    pub(super) fn close_round(&mut self, ev: &mut Vec<Event>) {
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            ev.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
        ev.push(Event::RoundEnded {
            street: self.street,
        });
        let live = self.ledger.live();
        if live.len() <= 1 {
            self.award(ev);
            return;
        }
        if self.street == Street::River || self.ledger.can_bet().len() <= 1 {
            self.betting_done = true;
            let start = match self.rules.showdown_order {
                ShowdownOrder::LastAggressorFirst => {
                    self.round.aggressor().unwrap_or(self.round.opener())
                }
                ShowdownOrder::FirstToActLastRound => self.round.opener(),
            };
            self.show_start = start as u8;
        }
        self.phase = if self.street == Street::River {
            Phase::Showdown
        } else {
            Phase::Board
        };
    }

    /// The top card of the seeded deck.
    pub(super) fn deal_card(&mut self) -> Card {
        let Dealer::Deck(deck, rng) = &mut self.dealer else {
            unreachable!("only called with a deck")
        };
        // A hand deals at most 2 × MAX_SEATS hole cards, three burns and five board cards.
        let Some(c) = deck.deal(rng) else {
            unreachable!("a hand deals at most 28 of the 52 cards")
        };
        self.used.insert(c);
        c
    }

    /// A seeded deck burns a card, then deals the next street's board cards.
    pub(super) fn deal_board(&mut self, next: Street, ev: &mut Vec<Event>) {
        if let Dealer::Deck(deck, rng) = &mut self.dealer {
            // The burnt card is out of play but is never shown, so it is not in `used`.
            let _burnt = deck.deal(rng);
            ev.push(Event::Burned);
        }
        let first = self.deal_card();
        let mut cards = [first; 3];
        for c in cards.iter_mut().take(next.board_cards()).skip(1) {
            *c = self.deal_card();
        }
        let bc = BoardCards::new(&cards[..next.board_cards()]).expect("1 to 3 cards");
        self.put_board(next, bc, ev);
    }

    /// Supplied board cards for the next street (a hand history's deal).
    pub(super) fn supply_board(
        &mut self,
        action: Action,
        cards: BoardCards,
        ev: &mut Vec<Event>,
    ) -> Applied {
        let Some(next) = self.street.next() else {
            return Err(self.not_now(action).into());
        };
        if self.phase != Phase::Board || self.seeded() {
            return Err(self.not_now(action).into());
        }
        if cards.as_slice().len() != next.board_cards() {
            return Err(HoldemError::BoardCount {
                action,
                expected: next.board_cards(),
            });
        }
        self.check_new_cards(action, cards.as_slice().iter().copied())?;
        self.put_board(next, cards, ev);
        if self.board_len == 5 {
            self.rank_early_shows();
        }
        Ok(())
    }

    /// Board cards on the table; the street's betting round starts unless the betting is over.
    fn put_board(&mut self, street: Street, cards: BoardCards, ev: &mut Vec<Event>) {
        for &c in cards.as_slice() {
            self.board[self.board_len as usize] = Some(c);
            self.board_len += 1;
            self.board_eval = self.board_eval + c;
            self.used.insert(c);
        }
        ev.push(Event::BoardDealt { street, cards });
        if self.betting_done {
            self.street = street;
            self.phase = if street == Street::River {
                Phase::Showdown
            } else {
                Phase::Board
            };
        } else {
            self.start_round(street);
        }
    }
}
