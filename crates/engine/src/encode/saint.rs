//! Saint Poker's encoding.
//!
//! Actions (1,430): `c` places card `c` (card index, `2c` = 0 … `As` = 51); `52 + c` picks card
//! `c` in the draft; `104 + p` shows the pair `p` of cards `a < b`, numbered in lexicographic
//! order (`p = a·(103 − a)/2 + b − a − 1`, so `104` shows `2c 2d` and `1429` shows `Ah As`).
//! Place and show are simultaneous: every player still to choose is to act, and no player's
//! observation says anything about another's pending choice.
//!
//! Observation, for `n` players counted clockwise from the viewer (the viewer is 0):
//! - five 52-slot blocks: the viewer's hand, the viewer's own pending choice, the centre, the
//!   preview (next round's centre), the draft pool;
//! - `[260, 264)`: the phase, one-hot (place, show, draft, over); `264`: the round / 8;
//! - then 107 per player: score / 64, cards in hand / 10, is to pick, the card placed this
//!   round (52, once revealed), the pair shown this round (52, once revealed);
//! - then 2: cards in the draw pile / 52, in the discard pile / 52.

use tavolo_cards::{Card, GameRng};

use crate::game::Game;

use crate::saint::{Action, PhaseName, SaintGame, SaintOptions, SaintView};

use super::{card_at, cards_into, Encoded};

const BLOCKS: usize = 5 * 52;
const PHASES: usize = 4;
const PER_PLAYER: usize = 3 + 2 * 52;
const TAIL: usize = 2;
const PLACE: usize = 0;
const PICK: usize = 52;
const SHOW: usize = 104;
const PAIRS: usize = 52 * 51 / 2;

/// The index of the pair of card indices `a < b`.
fn pair_index(a: usize, b: usize) -> usize {
    a * (103 - a) / 2 + b - a - 1
}

/// The pair of cards a pair index stands for.
fn pair_at(p: usize) -> Option<(usize, usize)> {
    let mut a = 0;
    let mut first = 0; // the index of (a, a + 1)
    while a < 51 {
        let row = 51 - a;
        if p < first + row {
            return Some((a, a + 1 + p - first));
        }
        first += row;
        a += 1;
    }
    None
}

/// The index an action has.
fn index_of(action: &Action) -> usize {
    match *action {
        Action::Place { card, .. } => PLACE + usize::from(card.index()),
        Action::Pick { card, .. } => PICK + usize::from(card.index()),
        Action::Show { cards, .. } => {
            let (a, b) = (usize::from(cards[0].index()), usize::from(cards[1].index()));
            SHOW + pair_index(a.min(b), a.max(b))
        }
    }
}

impl Encoded for SaintGame {
    fn action_count(_: &SaintOptions) -> usize {
        SHOW + PAIRS
    }

    fn observation_size(options: &SaintOptions) -> usize {
        BLOCKS + PHASES + 1 + PER_PLAYER * usize::from(options.players) + TAIL
    }

    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>) {
        let from = out.len();
        out.extend(self.legal_actions(seat).iter().map(index_of));
        out[from..].sort_unstable();
    }

    fn action(&self, seat: usize, id: usize) -> Option<Action> {
        if id >= SHOW + PAIRS {
            return None;
        }
        // The engine's own list decides what is legal (a pair may be listed in either order).
        self.legal_actions(seat)
            .into_iter()
            .find(|a| index_of(a) == id)
    }

    /// The engine's own allocation-free draw: uniform over the cards to place or pick and over
    /// the pairs to show, as the indices are.
    fn random_action(&self, seat: usize, rng: &mut GameRng) -> Option<Action> {
        if !self.to_act().contains(seat) {
            return None;
        }
        SaintGame::random_action(self, seat, rng)
    }

    fn observe(view: &SaintView, out: &mut [f32]) {
        let n = usize::from(view.options.players);
        let me = view.player.unwrap_or(0);
        cards_into(&mut out[..52], view.hand.iter().copied());
        if let Some(choice) = &view.my_choice {
            cards_into(&mut out[52..104], choice.iter().copied());
        }
        cards_into(&mut out[104..156], view.centre.iter().copied());
        cards_into(&mut out[156..208], view.preview.iter().copied());
        cards_into(&mut out[208..260], view.pool.iter().copied());
        let phase = match view.phase {
            PhaseName::Place => 0,
            PhaseName::Show => 1,
            PhaseName::Draft => 2,
            PhaseName::Over => 3,
        };
        out[BLOCKS + phase] = 1.0;
        out[BLOCKS + PHASES] = f32::from(view.round) / 8.0;
        let base = BLOCKS + PHASES + 1;
        for k in 0..n {
            let s = (me + k) % n;
            let o = &mut out[base + PER_PLAYER * k..base + PER_PLAYER * (k + 1)];
            o[0] = view.scores.get(s).copied().unwrap_or(0) as f32 / 64.0;
            o[1] = view.hand_sizes.get(s).copied().unwrap_or(0) as f32 / 10.0;
            o[2] = f32::from(u8::from(view.to_pick == Some(s)));
            if let Some(card) = view.placed.as_ref().and_then(|p| p.get(s)) {
                cards_into(&mut o[3..55], [*card]);
            }
            if let Some(hand) = view.shown.as_ref().and_then(|h| h.get(s)) {
                cards_into(&mut o[55..107], hand.cards);
            }
        }
        let t = &mut out[base + PER_PLAYER * n..];
        t[0] = view.draw_pile as f32 / 52.0;
        t[1] = view.discard_pile as f32 / 52.0;
    }

    fn action_names(_: &SaintOptions) -> Vec<String> {
        let name = |i: usize| card_at(i).map_or_else(String::new, |c: Card| c.to_string());
        let mut names: Vec<String> = (0..52).map(|c| format!("place_{}", name(c))).collect();
        names.extend((0..52).map(|c| format!("pick_{}", name(c))));
        names.extend((0..PAIRS).map(|p| {
            let (a, b) = pair_at(p).unwrap_or((0, 0));
            format!("show_{}{}", name(a), name(b))
        }));
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_number_every_pair_once_in_order() {
        let mut p = 0;
        for a in 0..52 {
            for b in a + 1..52 {
                assert_eq!(pair_index(a, b), p);
                assert_eq!(pair_at(p), Some((a, b)));
                p += 1;
            }
        }
        assert_eq!(p, PAIRS);
        assert_eq!(pair_at(PAIRS), None);
    }
}
