//! The draft (RULES.md §1 Draft): the tie draw, the picking order, and each pick.

use tavolo_cards::Card;

use super::{Phase, SaintGame, Sink, MAX_PLAYERS};
use crate::saint::action::{Event, Seats};

impl SaintGame {
    /// The tie draw: a uniformly random permutation of all seats, drawn once in every round
    /// that has a draft, whether or not hands are equal (so the game's draws never depend on
    /// ties).
    pub(super) fn draw_ties(&mut self) {
        let players = self.players();
        let mut draw: [u8; MAX_PLAYERS] = [0, 1, 2, 3, 4];
        self.rng.shuffle(&mut draw[..players]);
        let t = &mut self.state;
        t.draws += 1;
        t.tie_draw = Seats::EMPTY;
        for &s in &draw[..players] {
            t.tie_draw.push(s as usize);
        }
    }

    /// The draft order: worst hand first; equal hands in their order in the tie draw. Each seat
    /// is sorted by a key of its hand's value above its place in the tie draw: the keys are
    /// distinct, so the (unstable, allocation-free) standard sort orders them exactly. The first
    /// picker is then to act.
    pub(super) fn order_draft(&mut self, ev: &mut impl Sink) {
        let t = &mut self.state;
        let draw = t.tie_draw.as_slice();
        let mut keys = [0u32; MAX_PLAYERS];
        for (place, &seat) in draw.iter().enumerate() {
            keys[place] = u32::from(t.ranks[usize::from(seat)].value()) << 8 | place as u32;
        }
        let keys = &mut keys[..draw.len()];
        keys.sort_unstable();
        t.order = Seats::EMPTY;
        for &k in keys.iter() {
            t.order.push(usize::from(draw[(k & 0xff) as usize]));
        }
        ev.push(Event::DraftOrder {
            order: t.order,
            tie_draw: t.tie_draw,
        });
        t.phase = Phase::Draft { step: 0 };
    }

    /// A (checked) pick: the card moves from the pool to the picker's hand; after the last
    /// pick of the second pass the round is cleaned up and the next begins.
    pub(super) fn take_pick(&mut self, player: usize, card: Card, ev: &mut impl Sink) {
        let Phase::Draft { step } = self.state.phase else {
            return;
        };
        let r = self.round_index();
        let t = &mut self.state;
        t.pool.remove(card);
        t.hands[player].insert(card);
        t.log[r].set_pick(step as usize, card);
        ev.push(Event::Picked { player, card });
        let step = step + 1;
        if step == 2 * t.players {
            self.clean_up(ev);
            self.state.round += 1;
            self.begin_round(ev);
        } else {
            t.phase = Phase::Draft { step };
        }
    }
}
