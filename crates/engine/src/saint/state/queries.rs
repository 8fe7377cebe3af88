//! Reading the state: omniscient accessors for the table, tests and bots' own simulations
//! (players are sent views), and what each player may do now.

use tavolo_cards::{Card, CardSet, HandRank};

use super::{Phase, SaintGame};
use crate::saint::action::{Action, Seats};
use crate::saint::error::PhaseName;
use crate::saint::rules::SaintOptions;

impl SaintGame {
    /// The settings (the centre count always explicit).
    pub fn options(&self) -> SaintOptions {
        self.state.options
    }

    /// The seed of the game's generator.
    pub fn seed(&self) -> [u8; 32] {
        self.state.seed
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.state.players as usize
    }

    /// The round in force, 1 to 8 (8 once the game is over).
    pub fn round(&self) -> u8 {
        self.state.round
    }

    /// The phase in force.
    pub fn phase(&self) -> PhaseName {
        match self.state.phase {
            Phase::Place => PhaseName::Place,
            Phase::Show => PhaseName::Show,
            Phase::Draft { .. } => PhaseName::Draft,
            Phase::Over => PhaseName::Over,
        }
    }

    /// True once round 8 has been scored.
    pub fn is_over(&self) -> bool {
        self.state.phase == Phase::Over
    }

    /// A player's hand (omniscient: never send this to another player). Empty for a bad seat.
    pub fn hand(&self, player: usize) -> CardSet {
        self.state.hands.get(player).copied().unwrap_or_default()
    }

    /// The centre: C cards during place, C + P during show; empty during the draft (its cards
    /// are then in the pool) and at the end.
    pub fn centre(&self) -> CardSet {
        self.state.centre
    }

    /// The preview: the next round's centre (empty in round 8).
    pub fn preview(&self) -> CardSet {
        self.state.preview
    }

    /// The draft pool (empty outside the draft).
    pub fn pool(&self) -> CardSet {
        self.state.pool
    }

    /// The face-down draw pile (omniscient), as a set.
    pub fn draw_pile(&self) -> CardSet {
        self.draw_slice().iter().copied().collect()
    }

    /// Number of cards in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        (self.state.draw_end - self.state.draw_next) as usize
    }

    /// The discard pile.
    pub fn discards(&self) -> CardSet {
        self.state.discards
    }

    /// Running scores, by seat.
    pub fn scores(&self) -> &[u32] {
        &self.state.scores[..self.players()]
    }

    /// The players with the most points (shared victory), once the game is over; else empty.
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let best = self.scores().iter().copied().max().unwrap_or(0);
        (0..self.players())
            .filter(|&p| self.state.scores[p] == best)
            .collect()
    }

    /// The hand values of the round once shown (by seat), else `None`.
    pub fn round_ranks(&self) -> Option<&[HandRank]> {
        if self.state.shown[0].is_some() {
            Some(&self.state.ranks[..self.players()])
        } else {
            None
        }
    }

    /// The points of the round once shown (by seat), else `None`.
    pub fn round_points(&self) -> Option<&[u32]> {
        if self.state.shown[0].is_some() {
            Some(&self.state.points[..self.players()])
        } else {
            None
        }
    }

    /// The draft order of the round (seats, first picker first) once drawn, else empty.
    pub fn draft_order(&self) -> Seats {
        self.state.order
    }

    /// The tie draw of the round once drawn, else empty.
    pub fn tie_draw(&self) -> Seats {
        self.state.tie_draw
    }

    fn draw_slice(&self) -> &[Card] {
        &self.state.draw[self.state.draw_next as usize..self.state.draw_end as usize]
    }

    /// The seat that must pick now, during the draft; `None` in other phases.
    #[inline]
    pub fn to_pick(&self) -> Option<usize> {
        match self.state.phase {
            Phase::Draft { step } => {
                let p = self.state.players;
                // The second pass repeats the first: step mod P, without a division.
                let i = if step >= p { step - p } else { step };
                self.state
                    .order
                    .as_slice()
                    .get(i as usize)
                    .map(|&s| s as usize)
            }
            _ => None,
        }
    }

    /// True when `player` still has to act: a simultaneous phase without their choice, or
    /// their turn in the draft.
    pub fn is_pending(&self, player: usize) -> bool {
        if player >= self.players() {
            return false;
        }
        match self.state.phase {
            Phase::Place => self.state.place_choice[player].is_none(),
            Phase::Show => self.state.show_choice[player].is_none(),
            Phase::Draft { .. } => self.to_pick() == Some(player),
            Phase::Over => false,
        }
    }

    /// The players who still have to act, in seat order (omniscient in simultaneous phases:
    /// for the table, not for other players).
    pub fn pending(&self) -> Vec<usize> {
        (0..self.players())
            .filter(|&p| self.is_pending(p))
            .collect()
    }

    /// As [`SaintGame::pending`], without allocating.
    pub fn pending_seats(&self) -> Seats {
        let mut s = Seats::EMPTY;
        if let Some(p) = self.to_pick() {
            s.push(p);
            return s;
        }
        for p in 0..self.players() {
            if self.is_pending(p) {
                s.push(p);
            }
        }
        s
    }

    /// A player's own pending choice in a simultaneous phase (one card to place, or two to
    /// show), if any.
    pub fn choice(&self, player: usize) -> Option<Vec<Card>> {
        match self.state.phase {
            Phase::Place => self
                .state
                .place_choice
                .get(player)
                .copied()
                .flatten()
                .map(|c| vec![c]),
            Phase::Show => self
                .state
                .show_choice
                .get(player)
                .copied()
                .flatten()
                .map(|c| c.to_vec()),
            _ => None,
        }
    }

    /// Every action `player` may take now: in place and show, for every player (including one
    /// who has chosen and may still replace the choice); in the draft, only for the picker.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        if player >= self.players() {
            return Vec::new();
        }
        let hand = self.state.hands[player];
        match self.state.phase {
            Phase::Place => hand
                .iter()
                .map(|card| Action::Place { player, card })
                .collect(),
            Phase::Show => show_pairs(player, hand),
            Phase::Draft { .. } if self.to_pick() == Some(player) => self
                .state
                .pool
                .iter()
                .map(|card| Action::Pick { player, card })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Every pair `player` may show from `hand` (RULES.md §1: any two of their cards), in card
/// order: the legal show actions, for the engine and for anyone who models a game.
pub fn show_pairs(player: usize, hand: CardSet) -> Vec<Action> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut v = Vec::with_capacity(cards.len() * cards.len() / 2);
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            v.push(Action::Show {
                player,
                cards: [a, b],
            });
        }
    }
    v
}
