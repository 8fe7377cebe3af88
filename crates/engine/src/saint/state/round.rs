//! The frame of a round (RULES.md §1 Preview, Clean up): the preview at its start, the reshuffle when the
//! draw pile runs out, the clean-up at its end.

use tavolo_cards::CardSet;

use super::{Phase, SaintGame, Sink, MAX_PLAYERS};
use crate::saint::action::{Event, Seats};
use crate::saint::rules::ROUNDS;

impl SaintGame {
    /// A new round: the round's facts cleared, the preview drawn (rounds 1–7), the place phase.
    pub(super) fn begin_round(&mut self, ev: &mut impl Sink) {
        let t = &mut self.state;
        t.phase = Phase::Place;
        t.chosen = 0;
        t.place_choice = [None; MAX_PLAYERS];
        t.show_choice = [None; MAX_PLAYERS];
        t.placed = [None; MAX_PLAYERS];
        t.shown = [None; MAX_PLAYERS];
        t.tie_draw = Seats::EMPTY;
        t.order = Seats::EMPTY;
        t.scored_centre = CardSet::EMPTY;
        t.reshuffled = false;
        t.preview = CardSet::EMPTY;
        if self.state.round < ROUNDS {
            self.draw_preview();
        }
        ev.push(Event::RoundStarted {
            round: self.state.round,
            centre: self.state.centre,
            preview: self.state.preview,
            reshuffled: self.state.reshuffled,
        });
    }

    /// The preview: C cards from the top of the draw pile, which is reshuffled from the
    /// discards when it runs out (none in round 8).
    fn draw_preview(&mut self) {
        for _ in 0..self.state.centre_count {
            if self.state.draw_next == self.state.draw_end {
                self.reshuffle();
            }
            let t = &mut self.state;
            if t.draw_next == t.draw_end {
                break; // unreachable with validated settings
            }
            t.preview.insert(t.draw[t.draw_next as usize]);
            t.draw_next += 1;
        }
    }

    /// The draw pile is empty: the discard pile, in card order, is shuffled by the game's
    /// generator into a new one.
    fn reshuffle(&mut self) {
        let t = &mut self.state;
        let n = t.discards.len() as usize;
        for (slot, c) in t.draw.iter_mut().zip(t.discards.iter()) {
            *slot = c;
        }
        self.rng.shuffle(&mut t.draw[..n]);
        t.draws += 1;
        t.discards = CardSet::EMPTY;
        t.draw_next = 0;
        t.draw_end = n as u8;
        t.reshuffled = true;
    }

    /// The end of a round: the pool goes to the discard pile; the preview becomes the centre.
    pub(super) fn clean_up(&mut self, ev: &mut impl Sink) {
        let t = &mut self.state;
        t.last_discards = t.pool;
        t.discards |= t.pool;
        ev.push(Event::Discarded { cards: t.pool });
        t.pool = CardSet::EMPTY;
        t.centre = t.preview;
        t.preview = CardSet::EMPTY;
    }
}
