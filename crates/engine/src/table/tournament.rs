//! A tournament table between hands (RULES.md §5, Seats and tables; TDA 8A, 10A, 32, 34B): players
//! seated by order at a seat with tournament chips (no buy-in: [`Table::seat_with_stack`]) and
//! removed by order ([`Table::leave`], which never cashes a tournament stack out), the level in
//! force from the next hand ([`Table::set_level`]), and where the button and the blinds fall:
//!
//! - **the big blind moves one player each deal**: the next player clockwise after the last big
//!   blind, so nobody pays it twice in a row and nobody who stays skips it;
//! - **dead button**: the small blind is the seat of the last big blind (dead — nobody posts it —
//!   if that player is gone), the button the seat of the last small blind (dead if empty);
//! - **heads-up**: the button posts the small blind and the other player the big blind, the big
//!   blind still moving one player a deal, so that nobody is big blind twice running at the move
//!   to heads-up;
//! - **arrivals**: a player seated since the last deal is not dealt in while at the small blind or
//!   between it and the button (they come in once the button has passed them).
//!
//! Absent players are dealt in ([`Table::ready`]) and nobody loses a seat for missing hands.
//!
//! A table of a game without blinds ([`TableKind::AnteTournament`], Five-Card Draw) owes no
//! position to anybody: "the hand" (the cutter, first to act) moves one player each deal, the
//! first one drawn (TDA 7), the dealer is the player dealt in before it, and arrivals are dealt
//! in at once; every player posts the level's ante.

use std::fmt::Debug;

use serde::{Deserialize, Serialize};

use super::{Change, HandStart, Seat, SeatState, Table, TableError, TableEvent, TableKind};
use crate::game::Forced;
use crate::tournament::Level;
use crate::Chips;

/// The table seats of a tournament hand's button, small blind and big blind. The button and the
/// small blind may be dead (a seat nobody holds, or whose player is not dealt in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spots {
    /// The button's seat.
    pub button: usize,
    /// The small blind's seat.
    pub small: usize,
    /// The big blind's seat.
    pub big: usize,
}

impl Spots {
    /// Whether every spot is a seat of a table of `seats`.
    pub fn fits(&self, seats: usize) -> bool {
        self.button < seats && self.small < seats && self.big < seats
    }
}

impl<P: Clone + PartialEq + Debug> Table<P> {
    /// The coordinator seats `player` at free seat `seat` with `stack` tournament chips (RULES.md
    /// §5): no buy-in is asked. Refused at a cash table, at a taken or missing seat, for a
    /// player already here or with no chips (a points game's: with chips); the table is then
    /// unchanged.
    pub fn seat_with_stack(
        &mut self,
        player: P,
        seat: usize,
        stack: Chips,
    ) -> Result<Change<P>, TableError> {
        if !self.rules.is_tournament() {
            return Err(TableError::NotTournament);
        }
        if self.is_here(&player) {
            return Err(TableError::AlreadyHere);
        }
        if seat >= self.rules.seats {
            return Err(TableError::NoSuchSeat {
                seat,
                seats: self.rules.seats,
            });
        }
        if self.seats[seat].is_some() {
            return Err(TableError::SeatTaken { seat });
        }
        if stack.is_zero() && self.rules.has_stacks() {
            return Err(TableError::NoChips);
        }
        if !stack.is_zero() && !self.rules.has_stacks() {
            return Err(TableError::Config(
                "a points game's players are given no chips",
            ));
        }
        self.seats[seat] = Some(Seat {
            player: player.clone(),
            stack,
            state: SeatState::Seated,
            sitting_out: false,
            missed: 0,
            arriving: self.hands > 0,
        });
        Ok(Change {
            events: vec![TableEvent::Seated { player, seat }],
            bookings: Vec::new(),
        })
    }

    /// The coordinator's count of `player`'s tournament chips, taken between hands (RULES.md §5:
    /// a rebuy or an add-on adds to the stack, a chip race at a colour-up changes it). Refused at
    /// a cash table, for a player not here, while a hand is in play, or with no chips (a busted
    /// player is removed, not restacked); the table is then unchanged.
    pub fn restack(&mut self, player: &P, stack: Chips) -> Result<(), TableError> {
        if !self.rules.is_tournament() {
            return Err(TableError::NotTournament);
        }
        if self.in_hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        if stack.is_zero() {
            return Err(TableError::NoChips);
        }
        let s = self.seated(player)?;
        let seat = self.seat_mut(s).ok_or(TableError::NotSeated)?;
        seat.stack = stack;
        Ok(())
    }

    /// The tournament's level from the next hand on (RULES.md §5: a new level applies from the
    /// next hand; the hand in play keeps its own).
    pub fn set_level(&mut self, level: Level) -> Result<(), TableError> {
        if !self.rules.is_tournament() {
            return Err(TableError::NotTournament);
        }
        self.level = Some(level);
        Ok(())
    }

    /// The level the next hand is dealt at (a tournament table).
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// Where the button and the blinds fell at the last deal (a tournament table).
    pub fn spots(&self) -> Option<Spots> {
        self.spots
    }

    /// Deals a tournament hand to the `ready` seats (see the module documentation).
    pub(super) fn deal_tournament(
        &mut self,
        ready: Vec<usize>,
        change: Change<P>,
    ) -> Result<(HandStart<P>, Change<P>), TableError> {
        let level = self.level.ok_or(TableError::NoLevel)?;
        if self.rules.kind == TableKind::AnteTournament {
            return self.deal_antes(ready, level, change);
        }
        let mut spots = self.next_spots(&ready);
        let waits = |s: usize| {
            self.seat(s).is_some_and(|o| o.arriving)
                && (s == spots.small || between(spots.button, s, spots.small))
        };
        let mut seats: Vec<usize> = ready.iter().copied().filter(|&s| !waits(s)).collect();
        if seats.len() < 2 {
            seats = ready;
        }
        if seats.len() < 2 {
            let ready = seats.len();
            return Err(TableError::NotEnoughPlayers { ready, needed: 2 });
        }
        if seats.len() == 2 {
            // Heads-up: the button posts the small blind.
            let other = seats.iter().copied().find(|&s| s != spots.big);
            let other = other.unwrap_or(spots.small);
            spots.small = other;
            spots.button = other;
        }
        let at = |s: usize| seats.iter().position(|&x| x == s);
        let big = at(spots.big).unwrap_or(0);
        let small = at(spots.small);
        // The game's button: the player dealt in at the button's seat, or the nearest one
        // before it (a dead button acts as if on the player to its right).
        let button = (0..self.rules.seats)
            .map(|k| (spots.button + self.rules.seats - k) % self.rules.seats)
            .find_map(at)
            .unwrap_or(0);
        let button = match (seats.len(), small) {
            (2, Some(s)) => s,
            _ => button,
        };
        self.spots = Some(spots);
        let (mut start, change) = self.begin(seats, button, spots.small, change);
        start.positions.forced = Some(Forced { small, big, level });
        Ok((start, change))
    }

    /// Deals a hand of a game without blinds to the `ready` seats at `level` (see the module
    /// documentation): the cutter is the next player clockwise after the last one (the first
    /// drawn), the dealer the player before it.
    fn deal_antes(
        &mut self,
        seats: Vec<usize>,
        level: Level,
        change: Change<P>,
    ) -> Result<(HandStart<P>, Change<P>), TableError> {
        let m = seats.len();
        if m < 2 {
            return Err(TableError::NotEnoughPlayers {
                ready: m,
                needed: 2,
            });
        }
        let k = match self.first {
            None => self.rng.below(m as u32) as usize,
            Some(prev) => seats.iter().position(|&s| s > prev).unwrap_or(0),
        };
        let (mut start, change) = self.begin(seats.clone(), (k + m - 1) % m, seats[k], change);
        start.positions.forced = Some(Forced {
            small: None,
            big: k,
            level,
        });
        Ok((start, change))
    }

    /// The button and the blinds of the next hand among the `ready` seats (at least two).
    fn next_spots(&mut self, ready: &[usize]) -> Spots {
        let after = |s: usize| {
            (ready.iter().copied().find(|&r| r > s))
                .or(ready.first().copied())
                .unwrap_or(s)
        };
        let Some(last) = self.spots else {
            // The first hand: the button drawn among the players (TDA 7).
            let k = self.rng.below(ready.len().max(1) as u32) as usize;
            let button = ready.get(k).copied().unwrap_or(0);
            let small = if ready.len() == 2 {
                button
            } else {
                after(button)
            };
            return Spots {
                button,
                small,
                big: after(small),
            };
        };
        let big = after(last.big);
        let small = last.big;
        let mut button = last.small;
        // A player seated between the last blinds would put the button past the small blind:
        // it goes to the seat right of the small blind instead.
        if button == big || button == small || !between(button, small, big) {
            button = (small + self.rules.seats - 1) % self.rules.seats;
        }
        Spots { button, small, big }
    }
}

/// Whether seat `s` lies strictly between seats `from` and `to`, going clockwise.
fn between(from: usize, s: usize, to: usize) -> bool {
    if from < to {
        from < s && s < to
    } else if from > to {
        s > from || s < to
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::between;

    #[test]
    fn between_goes_clockwise_and_wraps() {
        assert!(between(1, 2, 4));
        assert!(!between(1, 4, 4));
        assert!(between(7, 0, 2));
        assert!(between(7, 8, 2));
        assert!(!between(7, 5, 2));
        assert!(!between(3, 3, 3));
    }
}
