//! Hands at the table (RULES.md §2 Positions): who is dealt in, "the hand" and the button moving
//! one player clockwise each deal, the third missed hand, taking the stacks back from a hand's
//! result, voiding a hand, and stopping the table.

use std::fmt::Debug;

use super::{
    Change, Closed, Departure, HandStart, InHand, Positions, SeatState, Table, TableError,
    TableEvent,
};
use crate::game::Outcome;
use crate::Chips;

impl<P: Clone + PartialEq + Debug> Table<P> {
    /// Whether seat `s` can be dealt in: seated (funded), not resting (a tournament deals
    /// absent players in: RULES.md §5), and with chips where there are stacks.
    pub fn ready(&self, s: usize) -> bool {
        self.seat(s).is_some_and(|o| {
            o.state == SeatState::Seated
                && (!o.sitting_out || self.rules.is_tournament())
                && (o.stack > 0 || !self.rules.has_stacks())
        })
    }

    fn ready_seats(&self) -> Vec<usize> {
        (0..self.rules.seats).filter(|&s| self.ready(s)).collect()
    }

    /// Deals the next hand to the players ready, if there are enough. A player who would miss a
    /// hand more than allowed loses the seat first (RULES.md §2: the third consecutive one), and
    /// free seats are served. "The hand" moves from where it was to the next player dealt in,
    /// clockwise, whoever has left; the button (or dealer) sits right of it.
    pub fn deal(&mut self) -> Result<(HandStart<P>, Change<P>), TableError> {
        if self.in_hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        if let Some(reason) = &self.halted {
            return Err(TableError::Halted(reason.clone()));
        }
        let needed = self.rules.min_players;
        let ready = self.ready_seats().len();
        if ready < needed {
            return Err(TableError::NotEnoughPlayers { ready, needed });
        }
        let mut change = Change::default();
        // Those missing this hand by choice or for want of chips; a seat being funded has not
        // chosen to rest and keeps its count.
        for s in 0..self.rules.seats {
            let ready = self.ready(s);
            let max = self.rules.max_sit_out;
            let Some(o) = self.seat_mut(s) else { continue };
            if ready {
                o.missed = 0;
            } else if o.state == SeatState::Seated {
                o.missed = o.missed.saturating_add(1);
                if o.missed > max {
                    self.free(s, Departure::MissedHands, &mut change);
                }
            }
        }
        self.serve_free_seats(&mut change);
        if self.rules.has_stacks() && self.rules.is_tournament() {
            return self.deal_tournament(self.ready_seats(), change);
        }
        let seats = self.ready_seats();
        let m = seats.len();
        if m < needed {
            return Err(TableError::NotEnoughPlayers { ready: m, needed });
        }
        let first = match self.first {
            None => seats[0],
            Some(prev) => seats
                .iter()
                .copied()
                .find(|&s| s > prev)
                .unwrap_or(seats[0]),
        };
        let k = seats.iter().position(|&s| s == first).unwrap_or(0);
        let button = (k + m - 1) % m;
        Ok(self.begin(seats, button, first, change))
    }

    /// Deals to `seats` (table seats, clockwise from seat 0) with the game's button at game
    /// seat `button` and "the hand" at table seat `first`.
    pub(super) fn begin(
        &mut self,
        seats: Vec<usize>,
        button: usize,
        first: usize,
        mut change: Change<P>,
    ) -> (HandStart<P>, Change<P>) {
        let m = seats.len();
        let mut players = Vec::with_capacity(m);
        let mut stacks = Vec::with_capacity(m);
        for (hand_seat, &s) in seats.iter().enumerate() {
            if let Some(o) = self.seat_mut(s) {
                o.state = SeatState::Playing {
                    hand_seat,
                    leaving: false,
                };
                o.arriving = false;
                players.push(o.player.clone());
                stacks.push(o.stack);
            }
        }
        self.first = Some(first);
        self.hands += 1;
        let carried = std::mem::take(&mut self.carried);
        change.events.push(TableEvent::HandStarted {
            number: self.hands,
            button: seats[button],
            first,
        });
        self.in_hand = Some(InHand {
            seats: seats.clone(),
            start: stacks.clone(),
            carried_in: carried,
        });
        let start = HandStart {
            number: self.hands,
            seats,
            players,
            positions: Positions::new(stacks, button, carried),
            first,
        };
        (start, change)
    }

    /// Takes the stacks back from the hand's result (refusing one that does not fit the hand
    /// dealt or creates or loses chips: the table is then unchanged). Players leaving go, their
    /// stacks cashed out, and free seats are served.
    pub fn finish(&mut self, outcome: &Outcome) -> Result<Change<P>, TableError> {
        let hand = self.in_hand.as_ref().ok_or(TableError::NoHand)?;
        let mut carried = Chips::ZERO;
        if let Outcome::Chips {
            end, carried_out, ..
        } = outcome
        {
            if end.len() != hand.seats.len() {
                return Err(TableError::OutcomeSeats {
                    got: end.len(),
                    dealt: hand.seats.len(),
                });
            }
            let before = hand.start.iter().sum::<Chips>() + hand.carried_in;
            // The outcome's sum is checked, not assumed: one too large to count is as
            // unconserved as any other (and reported as the largest count).
            let after = end.iter().try_fold(*carried_out, |a, &s| a.checked_add(s));
            if after != Some(before) {
                return Err(TableError::ChipsNotConserved {
                    before,
                    after: after.unwrap_or(Chips::MAX),
                });
            }
            for (&s, &stack) in hand.seats.clone().iter().zip(end) {
                if let Some(o) = self.seat_mut(s) {
                    o.stack = stack;
                }
            }
            carried = *carried_out;
        }
        self.carried = carried;
        Ok(self.end_hand())
    }

    /// The hand in play is void (the room stopped, or the ledger refused its result): the
    /// stacks stay as they were dealt and the chips carried in stay in the pot. Players leaving
    /// go.
    pub fn void_hand(&mut self) -> Result<Change<P>, TableError> {
        let hand = self.in_hand.as_ref().ok_or(TableError::NoHand)?;
        self.carried = hand.carried_in;
        Ok(self.end_hand())
    }

    fn end_hand(&mut self) -> Change<P> {
        let mut change = Change::default();
        let seats = self.in_hand.take().map(|h| h.seats).unwrap_or_default();
        for s in seats {
            let Some(o) = self.seat_mut(s) else { continue };
            let leaving = o.is_leaving();
            o.state = SeatState::Seated;
            if leaving {
                self.free(s, Departure::Left, &mut change);
            }
        }
        self.serve_free_seats(&mut change);
        change
    }

    /// Stops dealing: the books and the table disagree (a hand's result or a cash-out was
    /// refused). Players may still leave; nobody may join.
    pub fn halt(&mut self, reason: impl Into<String>) -> Change<P> {
        let reason = reason.into();
        self.halted = Some(reason.clone());
        Change {
            events: vec![TableEvent::Halted { reason }],
            bookings: Vec::new(),
        }
    }

    /// Closes the table between hands: every seat given up and the list emptied. Returns who
    /// sat where with which stack (the ledger cashes the table out in one movement), and the
    /// chips left in the pot.
    pub fn close(&mut self) -> Result<Closed<P>, TableError> {
        if self.in_hand.is_some() {
            return Err(TableError::HandInProgress);
        }
        let seated = self
            .seats
            .iter_mut()
            .enumerate()
            .filter_map(|(s, o)| o.take().map(|o| (o.player, s, o.stack)))
            .collect();
        self.waiting.clear();
        self.changes.clear();
        Ok(Closed {
            seated,
            carried: std::mem::take(&mut self.carried),
        })
    }
}
