//! Five-Card Draw's encoding.
//!
//! Actions: the six betting actions ([`super::betting`]), then 26 exchanges: index
//! `6 + k` lays down the `k`-th subset of the five cards in hand (cards counted lowest first as
//! in the view), subsets ordered by size then lexicographically — `6` stands pat, `7`–`11`
//! exchange one card, `12`–`21` two, `22`–`31` three. Folding out of turn (allowed by the rules
//! at any moment) is not offered: an agent folds when it is to act.
//!
//! Observation, for `n` seats counted clockwise from the viewer (the viewer is 0):
//! - `[0, 52)`: the viewer's five cards; `[52, 104)`: the cards the viewer laid down;
//! - `[104, 109)`: the stage, one-hot (first betting, exchange, second betting, showdown, over);
//! - then 7 per seat: stack, bet this round (fractions of all chips at the table), still in the
//!   hand, is the dealer, is to act, has exchanged, the number exchanged / 3;
//! - then 3: the pot, the amount to call (fractions of all chips), the reshuffles so far.

use crate::draw::{Action, DrawHand, DrawSetup, DrawView, ToAct};
use crate::Chips;
use tavolo_cards::Card;

use super::betting::{decision, seat_features, BETTING_ACTIONS, NAMES};
use super::{cards_into, Encoded};

const CARDS: usize = 104;
const STAGES: usize = 5;
const PER_SEAT: usize = 7;
const TAIL: usize = 3;
/// The exchanges: subsets of at most three of five cards.
const EXCHANGES: usize = 26;

/// The subsets of five positions with at most three members, as bit masks: by size, then
/// lexicographically.
const SUBSETS: [u8; EXCHANGES] = {
    let mut t = [0u8; EXCHANGES];
    let mut k = 0;
    let mut size = 0;
    while size <= 3 {
        // Lexicographic order of the positions is descending order of the mask read backwards
        // (position 0 the highest bit).
        let mut backwards = 32u8;
        while backwards > 0 {
            backwards -= 1;
            let mask = backwards.reverse_bits() >> 3;
            if mask.count_ones() == size {
                t[k] = mask;
                k += 1;
            }
        }
        size += 1;
    }
    t
};

/// The `k`-th exchange as a bit mask of hand positions.
fn subset(k: usize) -> Option<u8> {
    SUBSETS.get(k).copied()
}

impl Encoded for DrawHand {
    fn action_count(_: &DrawSetup) -> usize {
        BETTING_ACTIONS + EXCHANGES
    }

    fn observation_size(setup: &DrawSetup) -> usize {
        CARDS + STAGES + PER_SEAT * setup.stacks.len() + TAIL
    }

    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>) {
        match self.legal_actions() {
            ToAct::Bet(_) => {
                if let Some(d) = decision(self, seat) {
                    d.legal_indices(out);
                }
            }
            ToAct::Exchange { seat: s, max, .. } if s == seat => {
                // Folding is allowed during the exchange too.
                if self.may_fold(seat) {
                    out.push(super::betting::FOLD);
                }
                out.extend(
                    (0..EXCHANGES)
                        .filter(|&k| SUBSETS[k].count_ones() <= u32::from(max))
                        .map(|k| BETTING_ACTIONS + k),
                );
            }
            _ => {}
        }
    }

    fn action(&self, seat: usize, id: usize) -> Option<Action> {
        match self.legal_actions() {
            ToAct::Bet(_) => decision(self, seat)?.action(id),
            ToAct::Exchange {
                seat: s, hand, max, ..
            } if s == seat => {
                if id == super::betting::FOLD && self.may_fold(seat) {
                    return Some(Action::Fold { seat });
                }
                let m = subset(id.checked_sub(BETTING_ACTIONS)?)?;
                if m.count_ones() > u32::from(max) {
                    return None;
                }
                let cards: Vec<Card> = hand.iter().collect();
                let discard = (0..5)
                    .filter(|i| m & (1 << i) != 0)
                    .filter_map(|i| cards.get(i).copied())
                    .collect();
                Some(Action::Exchange { seat, discard })
            }
            _ => None,
        }
    }

    fn automatic(&self) -> Option<Action> {
        match self.legal_actions() {
            ToAct::Showdown { seat, .. } => Some(Action::Show { seat }),
            _ => None,
        }
    }

    fn observe(view: &DrawView, out: &mut [f32]) {
        let n = view.stacks.len();
        let me = view.seat.unwrap_or(0);
        cards_into(&mut out[..52], view.hand.iter().copied());
        cards_into(&mut out[52..104], view.discarded.iter().copied());
        // The stages are declared in the order of play, the order of their one-hot places.
        out[CARDS + view.stage as usize] = 1.0;
        let base = CARDS + STAGES;
        let chips = seat_features(&mut out[base..], PER_SEAT, me, view.into());
        for k in 0..n {
            if let Some(c) = view.exchange_counts[(me + k) % n] {
                out[base + PER_SEAT * k + 5] = 1.0;
                out[base + PER_SEAT * k + 6] = f32::from(c) / 3.0;
            }
        }
        let t = &mut out[base + PER_SEAT * n..];
        t[0] = chips.of(view.pot);
        if let Some(ToAct::Bet(l)) = &view.legal {
            t[1] = chips.of(l.call.unwrap_or(Chips::ZERO));
        }
        t[2] = f32::from(view.reshuffles);
    }

    fn action_names(_: &DrawSetup) -> Vec<String> {
        let mut names: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
        for k in 0..EXCHANGES {
            let m = subset(k).unwrap_or(0);
            let which: Vec<String> = (0..5)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| (i + 1).to_string())
                .collect();
            names.push(if which.is_empty() {
                "stand_pat".into()
            } else {
                format!("exchange_{}", which.join("_"))
            });
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::subset;

    #[test]
    fn the_exchanges_are_every_subset_of_at_most_three_ordered_by_size() {
        let all: Vec<u8> = (0..26).map(|k| subset(k).unwrap()).collect();
        assert_eq!(all[0], 0);
        assert_eq!(all[1..6], [1, 2, 4, 8, 16]);
        assert_eq!(all[6], 0b11);
        assert_eq!(all[7], 0b101);
        assert_eq!(all[25], 0b11100);
        assert!(all
            .windows(2)
            .all(|w| w[0].count_ones() <= w[1].count_ones()));
        assert_eq!(subset(26), None);
        // Within a size, lexicographically by position: {0,1}, {0,2}, … {3,4}, then {0,1,2}, ….
        let lexicographic = [
            0, 1, 2, 4, 8, 16, 3, 5, 9, 17, 6, 10, 18, 12, 20, 24, 7, 11, 19, 13, 21, 25, 14, 22,
            26, 28,
        ];
        assert_eq!(all, lexicographic);
    }
}
