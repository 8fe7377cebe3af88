//! Taking and giving up seats (RULES.md §2 Table): joining (a seat drawn by lot at a session's
//! start, chosen after it, or the waiting list), seat changes served before the list, sitting
//! out, buy-ins and rebuys through the ledger, leaving.

use std::fmt::Debug;

use super::{
    Booking, Change, Departure, Orphan, Seat, SeatState, Seating, Table, TableError, TableEvent,
    Ticket,
};
use crate::Chips;

impl<P: Clone + PartialEq + Debug> Table<P> {
    /// Seats `registered` as a session opens: each takes a seat drawn by lot among the free
    /// ones, in order; those beyond the seats go to the waiting list.
    pub fn open(&mut self, registered: &[P]) -> Result<Change<P>, TableError> {
        let mut change = Change::default();
        for p in registered {
            change.extend(self.join(p.clone())?);
        }
        Ok(change)
    }

    /// A player arrives: they go to the end of the waiting list, and free seats are served
    /// (seat changes first, then the list in order, each to a seat drawn by lot). So a player
    /// arriving at a table with a free seat and nobody waiting sits down at once, and one
    /// arriving while anybody waits or a seat change is pending waits behind them (a free seat
    /// is never taken around the list). Where there are stacks, the buy-in is asked of the
    /// ledger.
    pub fn join(&mut self, player: P) -> Result<Change<P>, TableError> {
        self.may_arrive(&player)?;
        self.waiting.push_back(player.clone());
        let mut change = Change::default();
        self.serve_free_seats(&mut change);
        if let Some(place) = self.waiting_place(&player) {
            change.events.push(TableEvent::Waiting { player, place });
        }
        Ok(change)
    }

    /// What every arrival must pass: a table that seats by choice or by lot (a tournament
    /// table seats by the tournament's order), a player not here already, a table not halted.
    fn may_arrive(&self, player: &P) -> Result<(), TableError> {
        if self.rules.is_tournament() {
            return Err(TableError::SeatsByOrder);
        }
        if self.is_here(player) {
            return Err(TableError::AlreadyHere);
        }
        if let Some(reason) = &self.halted {
            return Err(TableError::Halted(reason.clone()));
        }
        Ok(())
    }

    /// How a player who joins now is seated (RULES.md §2 Table): seats at the start of a
    /// session are drawn by lot — until the table has dealt a hand to the players sitting there
    /// (a table left empty starts a new session); afterwards a free seat may be chosen, unless
    /// somebody waits for one or asked to change seats (they are served first, and a newcomer
    /// joins the end of the list).
    pub fn seating(&self) -> Seating {
        if !self.waiting.is_empty()
            || !self.changes.is_empty()
            || !self.seats.iter().any(Option::is_none)
        {
            Seating::List
        } else if self.hands == 0 || self.seats().next().is_none() {
            Seating::Drawn
        } else {
            Seating::Chosen
        }
    }

    /// A player arrives asking for free seat `seat` ([`Table::join`] when `None`): they sit
    /// there where the rules let them choose ([`Table::seating`]); otherwise the request is
    /// refused, naming why, and the table is unchanged.
    pub fn join_at(&mut self, player: P, seat: Option<usize>) -> Result<Change<P>, TableError> {
        let Some(s) = seat else {
            return self.join(player);
        };
        self.may_arrive(&player)?;
        if s >= self.rules.seats {
            return Err(TableError::NoSuchSeat {
                seat: s,
                seats: self.rules.seats,
            });
        }
        if self.seats[s].is_some() {
            return Err(TableError::SeatTaken { seat: s });
        }
        match self.seating() {
            Seating::Chosen => {
                let mut change = Change::default();
                self.sit_down(player, s, &mut change);
                Ok(change)
            }
            Seating::Drawn => Err(TableError::SeatsDrawn),
            Seating::List => Err(TableError::OthersFirst {
                waiting: self.waiting.len() + self.changes.len(),
            }),
        }
    }

    /// A player leaves: off the waiting list; or, dealt in the hand in play, at its end (the
    /// server plays for them meanwhile); or at once, their stack cashed out. A buy-in still
    /// being funded is refunded when the ledger funds it. The seat freed is served.
    pub fn leave(&mut self, player: &P) -> Result<Change<P>, TableError> {
        let mut change = Change::default();
        if let Some(i) = self.waiting.iter().position(|p| p == player) {
            self.waiting.remove(i);
            change.events.push(TableEvent::Unlisted {
                player: player.clone(),
            });
            return Ok(change);
        }
        let s = self.seated(player)?;
        self.changes.retain(|(p, _)| p != player);
        let Some(state) = self.seat(s).map(|o| o.state) else {
            return Err(TableError::NotSeated);
        };
        match state {
            SeatState::Playing { hand_seat, .. } => {
                if let Some(o) = self.seat_mut(s) {
                    o.state = SeatState::Playing {
                        hand_seat,
                        leaving: true,
                    };
                }
                change.events.push(TableEvent::Leaving {
                    player: player.clone(),
                    seat: s,
                });
            }
            SeatState::Funding { ticket, amount, .. } => {
                self.orphans.push(Orphan {
                    ticket,
                    player: player.clone(),
                    seat: s,
                    amount,
                });
                self.free(s, Departure::Left, &mut change);
                self.serve_free_seats(&mut change);
            }
            SeatState::Seated => {
                self.free(s, Departure::Left, &mut change);
                self.serve_free_seats(&mut change);
            }
        }
        Ok(change)
    }

    /// The player rests from the next hand on (RULES.md §2: at most `max_sit_out` consecutive
    /// hands).
    pub fn sit_out(&mut self, player: &P) -> Result<(), TableError> {
        let s = self.seated(player)?;
        if let Some(o) = self.seat_mut(s) {
            o.sitting_out = true;
        }
        Ok(())
    }

    /// The player plays again from the next hand on; the missed hands are forgotten.
    pub fn sit_in(&mut self, player: &P) -> Result<(), TableError> {
        let s = self.seated(player)?;
        if let Some(o) = self.seat_mut(s) {
            o.sitting_out = false;
            o.missed = 0;
        }
        Ok(())
    }

    /// A seated player asks for another seat (`wanted`, or any): served before the waiting
    /// list, in the order asked, as seats come free (between the player's hands). A new request
    /// replaces the player's earlier one and keeps its place. Returns the place among the
    /// requests (`None`: served at once).
    pub fn request_seat_change(
        &mut self,
        player: &P,
        wanted: Option<usize>,
    ) -> Result<(Option<usize>, Change<P>), TableError> {
        if self.rules.is_tournament() {
            return Err(TableError::SeatsByOrder);
        }
        let s = self.seated(player)?;
        if let Some(w) = wanted {
            if w >= self.rules.seats {
                return Err(TableError::NoSuchSeat {
                    seat: w,
                    seats: self.rules.seats,
                });
            }
            if w == s {
                return Err(TableError::AlreadyThere { seat: w });
            }
        }
        match self.changes.iter_mut().find(|(p, _)| p == player) {
            Some(r) => r.1 = wanted,
            None => self.changes.push_back((player.clone(), wanted)),
        }
        let mut change = Change::default();
        self.serve_free_seats(&mut change);
        Ok((self.seat_change(player).map(|(place, _)| place), change))
    }

    /// Withdraws a pending seat-change request.
    pub fn cancel_seat_change(&mut self, player: &P) -> Result<(), TableError> {
        let before = self.changes.len();
        self.changes.retain(|(p, _)| p != player);
        if self.changes.len() == before {
            return Err(TableError::NoSeatChange);
        }
        Ok(())
    }

    /// Whether the player may rebuy now (RULES.md §2: a seated player whose stack is exhausted,
    /// between their hands, at a table with rebuys), and the seat; or why not.
    pub fn may_rebuy(&self, player: &P) -> Result<usize, TableError> {
        if !self.rules.has_stacks() || self.rules.rebuy == 0 {
            return Err(TableError::NoRebuys);
        }
        let s = self.seated(player)?;
        let o = self.seat(s).ok_or(TableError::NotSeated)?;
        if o.state != SeatState::Seated {
            return Err(TableError::RebuyNotNow);
        }
        if o.stack > 0 {
            return Err(TableError::RebuyWithChips { stack: o.stack });
        }
        Ok(s)
    }

    /// A player whose stack is exhausted buys chips again, between their hands: the rebuy is
    /// asked of the ledger.
    pub fn rebuy(&mut self, player: &P) -> Result<Change<P>, TableError> {
        let amount = self.rules.rebuy;
        let s = self.may_rebuy(player)?;
        let ticket = self.ticket();
        let Some(o) = self.seat_mut(s) else {
            return Err(TableError::NotSeated);
        };
        o.state = SeatState::Funding {
            ticket,
            amount,
            rebuy: true,
        };
        Ok(Change {
            events: Vec::new(),
            bookings: vec![Booking::Fund {
                ticket,
                player: player.clone(),
                seat: s,
                amount,
                rebuy: true,
            }],
        })
    }

    /// The ledger's answer to a buy-in or rebuy: it touches only the seat that asked with this
    /// ticket. Funded: the chips are on the seat. Refused: a buy-in gives the seat up, a rebuy
    /// leaves the seat as it was. A buy-in funded after its player left is refunded.
    pub fn funded(&mut self, ticket: Ticket, ok: bool) -> Result<Change<P>, TableError> {
        let mut change = Change::default();
        let holder = self.seats.iter().position(|o| {
            o.as_ref().is_some_and(
                |o| matches!(o.state, SeatState::Funding { ticket: t, .. } if t == ticket),
            )
        });
        if let Some(s) = holder {
            let Some(o) = self.seat_mut(s) else {
                return Err(TableError::UnknownTicket(ticket));
            };
            let SeatState::Funding { amount, rebuy, .. } = o.state else {
                return Err(TableError::UnknownTicket(ticket));
            };
            o.state = SeatState::Seated;
            let player = o.player.clone();
            if ok {
                o.stack += amount;
                o.missed = 0;
                change.events.push(TableEvent::Funded {
                    player,
                    seat: s,
                    amount,
                    rebuy,
                });
            } else if rebuy {
                change
                    .events
                    .push(TableEvent::RebuyRefused { player, seat: s });
            } else {
                self.free(s, Departure::NotFunded, &mut change);
                self.serve_free_seats(&mut change);
            }
            return Ok(change);
        }
        let i = self
            .orphans
            .iter()
            .position(|o| o.ticket == ticket)
            .ok_or(TableError::UnknownTicket(ticket))?;
        let orphan = self.orphans.remove(i);
        if ok {
            change.bookings.push(Booking::CashOut {
                player: orphan.player,
                seat: orphan.seat,
                amount: orphan.amount,
            });
        }
        Ok(change)
    }

    pub(super) fn ticket(&mut self) -> Ticket {
        let t = self.next_ticket;
        self.next_ticket += 1;
        t
    }

    /// Gives seat `s` up: its stack cashed out, its seat-change request dropped.
    pub(super) fn free(&mut self, s: usize, why: Departure, change: &mut Change<P>) {
        let Some(o) = self.seats.get_mut(s).and_then(Option::take) else {
            return;
        };
        self.changes.retain(|(p, _)| *p != o.player);
        // Tournament chips never go to the ledger: the stack is reported in the event.
        if o.stack > 0 && !self.rules.is_tournament() {
            change.bookings.push(Booking::CashOut {
                player: o.player.clone(),
                seat: s,
                amount: o.stack,
            });
        }
        change.events.push(TableEvent::Left {
            player: o.player,
            seat: s,
            stack: o.stack,
            why,
        });
    }

    /// A free seat drawn by lot (only `wanted`, if given).
    fn draw_free_seat(&mut self, wanted: Option<usize>) -> Option<usize> {
        let free: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.seats[s].is_none() && wanted.is_none_or(|w| w == s))
            .collect();
        let k = self.rng.below(free.len() as u32) as usize;
        free.get(k).copied()
    }

    fn has_free_seat(&self, wanted: Option<usize>) -> bool {
        match wanted {
            Some(w) => self.seats.get(w).is_some_and(Option::is_none),
            None => self.seats.iter().any(Option::is_none),
        }
    }

    /// RULES.md §2: free seats go first to the seat-change requests, in the order asked (to the
    /// seat asked for, or one drawn by lot), then to the waiting list in order (a seat drawn by
    /// lot). A request of a player dealt in the hand in play waits for the hand to end, and the
    /// seat it could take is held for it meanwhile.
    pub(super) fn serve_free_seats(&mut self, change: &mut Change<P>) {
        loop {
            let mut held = false;
            let mut moved = false;
            let mut i = 0;
            while i < self.changes.len() {
                let (player, wanted) = self.changes[i].clone();
                let Some(from) = self.seat_of(&player) else {
                    self.changes.remove(i);
                    continue;
                };
                if !self.has_free_seat(wanted) {
                    i += 1;
                    continue;
                }
                if self.seats[from].as_ref().is_some_and(Seat::is_playing) {
                    held = true;
                    i += 1;
                    continue;
                }
                let Some(to) = self.draw_free_seat(wanted) else {
                    i += 1;
                    continue;
                };
                self.seats[to] = self.seats[from].take();
                self.changes.remove(i);
                change.events.push(TableEvent::Moved { player, from, to });
                moved = true;
                break;
            }
            if moved {
                continue;
            }
            if held || self.waiting.is_empty() {
                return;
            }
            let Some(s) = self.draw_free_seat(None) else {
                return;
            };
            let Some(player) = self.waiting.pop_front() else {
                return;
            };
            self.sit_down(player, s, change);
        }
    }

    /// Puts a player in free seat `s`, asking for the buy-in where there are stacks.
    fn sit_down(&mut self, player: P, s: usize, change: &mut Change<P>) {
        let state = if self.rules.has_stacks() {
            let ticket = self.ticket();
            let amount = self.rules.buy_in;
            change.bookings.push(Booking::Fund {
                ticket,
                player: player.clone(),
                seat: s,
                amount,
                rebuy: false,
            });
            SeatState::Funding {
                ticket,
                amount,
                rebuy: false,
            }
        } else {
            SeatState::Seated
        };
        self.seats[s] = Some(Seat {
            player: player.clone(),
            stack: Chips::ZERO,
            state,
            sitting_out: false,
            missed: 0,
            arriving: false,
        });
        change.events.push(TableEvent::Seated { player, seat: s });
    }
}
