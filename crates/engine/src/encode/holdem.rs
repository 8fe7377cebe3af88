//! Hold'em's encoding.
//!
//! Actions: the six betting actions ([`super::betting`]).
//!
//! Observation, for `n` seats, seats counted clockwise from the viewer (the viewer is 0):
//! - `[0, 52)`: the viewer's hole cards, one-hot by card index (`2c` = 0 … `As` = 51);
//! - `[52, 104)`: the board;
//! - `[104, 108)`: the street, one-hot (pre-flop, flop, turn, river);
//! - then 6 per seat: stack, bet this round (both as fractions of all chips at the table),
//!   still in the hand, has the button, is to act, is all-in;
//! - then 4: the pot, the amount to call, the minimum and the maximum raise-to (fractions of all
//!   chips; 0 when it is not the viewer's turn).

use crate::holdem::{Action, Hand, HandSetup, HandView, ToAct};
use crate::Chips;

use super::betting::{decision, seat_features, BETTING_ACTIONS, NAMES};
use super::{cards_into, Encoded};

const CARDS: usize = 104;
const STREETS: usize = 4;
const PER_SEAT: usize = 6;
const TAIL: usize = 4;

impl Encoded for Hand {
    fn action_count(_: &HandSetup) -> usize {
        BETTING_ACTIONS
    }

    fn observation_size(setup: &HandSetup) -> usize {
        CARDS + STREETS + PER_SEAT * setup.stacks.len() + TAIL
    }

    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>) {
        if let Some(d) = decision(self, seat) {
            d.legal_indices(out);
        }
    }

    fn action(&self, seat: usize, id: usize) -> Option<Action> {
        decision(self, seat)?.action(id)
    }

    fn automatic(&self) -> Option<Action> {
        match self.legal_actions() {
            ToAct::Showdown { next, .. } => Some(Action::Show {
                seat: next,
                cards: None,
            }),
            _ => None,
        }
    }

    fn observe(view: &HandView, out: &mut [f32]) {
        let n = view.stacks.len();
        let me = view.seat.unwrap_or(0);
        if let Some(hole) = view.seat.and_then(|s| view.hole.get(s)) {
            cards_into(&mut out[..52], hole.iter().flatten().copied());
        }
        cards_into(&mut out[52..104], view.board.iter().copied());
        // The streets are declared in the order of play, the order of their one-hot places.
        out[CARDS + view.street as usize] = 1.0;
        let base = CARDS + STREETS;
        let chips = seat_features(&mut out[base..], PER_SEAT, me, view.into());
        for k in 0..n {
            let s = (me + k) % n;
            out[base + PER_SEAT * k + 5] = f32::from(u8::from(view.live[s] && view.stacks[s] == 0));
        }
        let t = &mut out[base + PER_SEAT * n..];
        t[0] = chips.of(view.pot);
        if let Some(l) = &view.legal {
            t[1] = chips.of(l.call.unwrap_or(Chips::ZERO));
            if let Some(r) = l.raise {
                t[2] = chips.of(r.min_to);
                t[3] = chips.of(r.max_to);
            }
        }
    }

    fn action_names(_: &HandSetup) -> Vec<String> {
        NAMES.iter().map(|s| s.to_string()).collect()
    }
}
