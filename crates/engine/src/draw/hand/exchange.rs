//! The exchange (RULES.md §3 Exchange): in turn from the cutter, each seat still in discards 0
//! to 3 cards and is served as many; when the deck runs out, the discards of the players already
//! served are shuffled into a new deck on the bottom card.

use tavolo_cards::CardSet;

use super::{Applied, DrawHand, Phase, Source};
use crate::betting::BettingHand;
use crate::draw::action::{Action, Drawn, Event};
use crate::draw::error::DrawError;

impl DrawHand {
    /// The seat whose turn it is to exchange, during the exchange.
    pub(super) fn next_exchanger(&self) -> Option<usize> {
        self.next_in(Phase::Exchange, self.exchanged, self.cutter())
    }

    /// An exchange: in turn, at most three cards, all of them the seat's own, and (with a
    /// stacked deal) cards the deck can serve.
    pub(super) fn exchange(
        &mut self,
        action: Action,
        seat: usize,
        discard: CardSet,
        ev: &mut Vec<Event>,
    ) -> Applied {
        if self.next_exchanger() != Some(seat) {
            return Err(self.not_now(action).into());
        }
        let count = discard.len();
        if count > 3 {
            return Err(DrawError::TooManyDiscards { action, count });
        }
        let foreign = discard - self.hands[seat];
        if !foreign.is_empty() {
            return Err(DrawError::NotYourCards {
                action,
                seat,
                cards: foreign,
                hand: self.hands[seat],
            });
        }
        self.check_stacked(action, count as usize)?;
        self.serve_exchange(seat, discard, ev);
        Ok(())
    }

    /// Serves an exchange (checked): the discards are held aside while the seat is served, so a
    /// reshuffle never gives a player back their own cards.
    fn serve_exchange(&mut self, seat: usize, discard: CardSet, ev: &mut Vec<Event>) {
        self.hands[seat] = self.hands[seat] - discard;
        let mut drawn = Drawn::default();
        let count = discard.len() as usize;
        match &mut self.source {
            // When the deck can serve the whole exchange, its cards are dealt in one batch (a
            // player standing pat draws a word all the same: `Deck::deal_batched`).
            Source::Seeded(rng) if self.deck.len() >= count => {
                let mut cards = [self.bottom; 3];
                if self.deck.deal_batched(rng, &mut cards[..count]) {
                    for &c in &cards[..count] {
                        self.hands[seat].insert(c);
                        drawn.push(c);
                    }
                }
            }
            _ => {
                for _ in 0..count {
                    if self.deck.is_empty() {
                        self.reshuffle(ev);
                    }
                    // One at a time across a reshuffle; the discard pile always suffices.
                    let Some(card) = self.next_card() else {
                        break;
                    };
                    self.hands[seat].insert(card);
                    drawn.push(card);
                }
            }
        }
        self.pile |= discard;
        self.discarded[seat] = discard;
        self.drawn[seat] = drawn;
        let count = discard.len() as u8;
        self.counts[seat] = Some(count);
        self.exchanged.insert(seat);
        ev.push(Event::Exchanged {
            seat,
            count,
            discarded: Some(discard),
            drawn: Some(drawn),
        });
    }

    /// "Wenn keine Karten mehr zum Tauschen zur Verfügung stehen": the discards of the players
    /// already served are shuffled into a new deck on the bottom card.
    fn reshuffle(&mut self, ev: &mut Vec<Event>) {
        self.deck.refill(self.pile);
        self.pile = CardSet::EMPTY;
        self.reshuffles += 1;
        ev.push(Event::Reshuffled {
            cards: self.deck.len() as u8,
        });
    }
}
