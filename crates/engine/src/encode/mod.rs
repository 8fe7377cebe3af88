//! Discrete encodings of the three games for learning agents (the Python package's
//! environments and batches use them): a fixed action space per game
//! (an action is an index, legal ones marked in a mask) and a fixed-size observation vector
//! made from a seat's view — only from the view, so an observation holds exactly what the rules
//! let that seat see. Each game's module documents every index; `docs/python.md` points here.
//!
//! Decisions that change nothing a player could want (showing rather than mucking at a Hold'em
//! or Draw showdown, where mucking only forfeits) are played by the encoding itself
//! ([`Encoded::automatic`]) and never reach an agent.

pub mod betting;
mod draw;
mod holdem;
mod saint;

use crate::game::{Game, Outcome};
use crate::Chips;
use tavolo_cards::{Card, GameRng};

pub use betting::BETTING_ACTIONS;

/// A game with a discrete action space and an observation vector.
pub trait Encoded: Game {
    /// The number of actions (the mask's length) for games dealt from `setup`.
    fn action_count(setup: &Self::Setup) -> usize;
    /// The length of an observation for games dealt from `setup`.
    fn observation_size(setup: &Self::Setup) -> usize;
    /// Appends every action index `seat` may play now to `out`, in increasing order.
    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>);
    /// Marks with 1 every action index `seat` may play now (`mask` is zeroed by the caller and
    /// is [`Encoded::action_count`] long).
    fn mask(&self, seat: usize, mask: &mut [u8]) {
        let mut legal = Vec::new();
        self.legal_indices(seat, &mut legal);
        for id in legal {
            if let Some(m) = mask.get_mut(id) {
                *m = 1;
            }
        }
    }
    /// The action index `id` stands for, for `seat` now, if it is legal.
    fn action(&self, seat: usize, id: usize) -> Option<Self::Action>;
    /// A legal action of `seat` drawn uniformly over its legal indices, if it has any.
    fn random_action(&self, seat: usize, rng: &mut GameRng) -> Option<Self::Action> {
        let mut legal = Vec::new();
        self.legal_indices(seat, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let id = legal[rng.below(legal.len() as u32) as usize];
        self.action(seat, id)
    }
    /// A decision the encoding plays itself (a showdown's show), if one is pending.
    fn automatic(&self) -> Option<Self::Action> {
        None
    }
    /// Writes the observation of `view` into `out` ([`Encoded::observation_size`] long, zeroed
    /// by the caller).
    fn observe(view: &Self::View, out: &mut [f32]);
    /// The names of the action indices, for people reading a policy.
    fn action_names(setup: &Self::Setup) -> Vec<String>;
}

/// Each seat's reward for a finished game: chips won or lost in table minimums (big blinds,
/// antes) for the betting games; for Saint Poker a zero-sum share of the victory — each of `k`
/// winners gets `1/k - 1/n`, every other player `-1/n`.
pub fn rewards(outcome: &Outcome) -> Vec<f32> {
    match outcome {
        Outcome::Chips { unit, .. } => {
            let unit = (*unit).max(Chips::new(1)).get() as f64;
            outcome
                .net()
                .iter()
                .map(|&c| (c as f64 / unit) as f32)
                .collect()
        }
        Outcome::Points { scores, winners } => {
            let n = scores.len().max(1) as f32;
            let k = winners.len().max(1) as f32;
            (0..scores.len())
                .map(|s| f32::from(u8::from(winners.contains(&s))) / k - 1.0 / n)
                .collect()
        }
    }
}

/// Sets the one-hot slots of `cards` in a 52-slot block.
fn cards_into(block: &mut [f32], cards: impl IntoIterator<Item = Card>) {
    for c in cards {
        block[usize::from(c.index())] = 1.0;
    }
}

/// A card's position in a 52-slot block.
fn card_at(index: usize) -> Option<Card> {
    u8::try_from(index).ok().and_then(Card::from_index)
}
