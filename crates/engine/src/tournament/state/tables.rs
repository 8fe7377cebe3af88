//! A tournament's tables: the first draw at the start, late entries seated at the shortest
//! tables, and between hands a table broken and the tables balanced.

use super::{Effect, Phase, Start, TableState, Tournament, TournamentError};
use crate::tournament::seating::{allowed_gap, break_table, can_break, first_draw, Move, Seating};

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    pub(super) fn begin(
        &mut self,
        now_ms: u64,
        out: &mut Vec<Effect<P>>,
    ) -> Result<(), TournamentError> {
        let mut players = std::mem::take(&mut self.registered);
        self.rng.shuffle(&mut players);
        let seatings = first_draw(&players, self.config.seats, &mut self.rng);
        let stack = self.config.structure.starting_stack;
        for (t, s) in seatings.iter().enumerate() {
            for (seat, p) in s.seats.iter().enumerate() {
                if let Some(p) = p {
                    self.stacks.insert(*p, stack);
                    out.push(Effect::Seat {
                        player: *p,
                        at: (t, seat),
                        stack,
                    });
                }
            }
        }
        self.tables = seatings
            .into_iter()
            .map(|seating| TableState {
                seating,
                idle: true,
            })
            .collect();
        self.phase = Phase::Running;
        self.started_ms = Some(now_ms);
        self.level = 1;
        out.push(Effect::Level(1));
        let late = matches!(self.config.start, Start::Scheduled { late_until_level, .. } if late_until_level > 0);
        if !late {
            self.close_registration(out)?;
        }
        Ok(())
    }

    pub(super) fn seat_late(&mut self, player: P, out: &mut Vec<Effect<P>>) {
        let stack = self.config.structure.starting_stack;
        let least = self
            .tables
            .iter()
            .map(|t| t.seating.players())
            .min()
            .unwrap_or(0);
        let full = self
            .tables
            .iter()
            .all(|t| t.seating.players() == t.seating.seats.len());
        if self.tables.is_empty() || full {
            self.tables.push(TableState {
                seating: Seating::new(self.config.seats),
                idle: true,
            });
        }
        let least = if full { 0 } else { least };
        let shortest: Vec<usize> = (0..self.tables.len())
            .filter(|&t| self.tables[t].seating.players() == least)
            .collect();
        let t = shortest[self.rng.below(shortest.len() as u32) as usize];
        let free: Vec<usize> = (0..self.tables[t].seating.seats.len())
            .filter(|&s| self.tables[t].seating.seats[s].is_none())
            .collect();
        let s = free[self.rng.below(free.len() as u32) as usize];
        self.tables[t].seating.seats[s] = Some(player);
        self.stacks.insert(player, stack);
        out.push(Effect::Seat {
            player,
            at: (t, s),
            stack,
        });
    }

    /// Between hands: the highest-numbered table breaks once it is idle and the players fit
    /// without it; then players move from idle full tables to short ones.
    pub(super) fn rearrange(&mut self, out: &mut Vec<Effect<P>>) {
        // Empty tables at the end go.
        while self.tables.last().is_some_and(|t| t.seating.players() == 0) {
            self.tables.pop();
        }
        let seatings: Vec<Seating<P>> = self.seatings().cloned().collect();
        if can_break(&seatings) && self.tables.last().is_some_and(|t| t.idle) {
            let mut s = seatings;
            let moves = break_table(&mut s, &mut self.rng);
            self.tables.pop();
            for (t, seating) in s.into_iter().enumerate() {
                self.tables[t].seating = seating;
            }
            out.extend(moves.into_iter().map(Effect::Move));
            if let Some(h) = self.h4h.as_mut() {
                h.finished.retain(|&t| t < self.tables.len());
            }
        }
        let gap = allowed_gap(self.tables.len());
        loop {
            let counts: Vec<usize> = self.tables.iter().map(|t| t.seating.players()).collect();
            let (Some(&most), Some(&least)) = (counts.iter().max(), counts.iter().min()) else {
                return;
            };
            if most - least <= gap {
                return;
            }
            let Some(from) = (0..counts.len()).find(|&t| counts[t] == most && self.tables[t].idle)
            else {
                return;
            };
            let to = counts.iter().position(|&c| c == least).unwrap_or(0);
            let (Some(seat), Some(dest)) = (
                self.tables[from].seating.next_big_blind(),
                self.tables[to].seating.worst_seat(),
            ) else {
                return;
            };
            let Some(player) = self.tables[from].seating.seats[seat].take() else {
                return;
            };
            self.tables[to].seating.seats[dest] = Some(player);
            out.push(Effect::Move(Move {
                player,
                from: (from, seat),
                to: (to, dest),
            }));
        }
    }
}
