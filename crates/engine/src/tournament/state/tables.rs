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
                hands: 0,
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
            // A new table counts from the slowest one's hands (levels by hands wait for no one).
            let hands = self.tables.iter().map(|t| t.hands).min().unwrap_or(0);
            self.tables.push(TableState {
                seating: Seating::new(self.config.seats),
                idle: true,
                hands,
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
        if self.final_table_due() {
            if self.tables.iter().all(|t| t.idle) {
                self.final_table(out);
            }
            return;
        }
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

    /// Whether the players left fit at one table while two still play: the final table is
    /// drawn once both are between hands, and neither deals meanwhile.
    pub(super) fn final_table_due(&self) -> bool {
        let seatings: Vec<Seating<P>> = self.seatings().cloned().collect();
        seatings.len() == 2 && can_break(&seatings)
    }

    /// The final table (RULES.md §5, "Seats and tables": redraw for seats at the final table):
    /// every player left, in an order drawn from the committed seed, draws a seat at table 0;
    /// the button is placed there afresh (no big blind yet). A player drawn to the seat they
    /// held is not moved.
    fn final_table(&mut self, out: &mut Vec<Effect<P>>) {
        let mut players: Vec<((usize, usize), P)> = (self.tables.iter().enumerate())
            .flat_map(|(t, table)| {
                (table.seating.seats.iter().enumerate())
                    .filter_map(move |(s, p)| p.map(|p| ((t, s), p)))
            })
            .collect();
        self.rng.shuffle(&mut players);
        let mut seating = Seating::new(self.config.seats);
        for (from, player) in players {
            let free: Vec<usize> = (0..seating.seats.len())
                .filter(|&s| seating.seats[s].is_none())
                .collect();
            let Some(&s) = free.get(self.rng.below(free.len() as u32) as usize) else {
                continue;
            };
            seating.seats[s] = Some(player);
            if from != (0, s) {
                out.push(Effect::Move(Move {
                    player,
                    from,
                    to: (0, s),
                }));
            }
        }
        let hands = self.tables.iter().map(|t| t.hands).max().unwrap_or(0);
        self.tables = vec![TableState {
            seating,
            idle: true,
            hands,
        }];
        if let Some(h) = self.h4h.as_mut() {
            h.finished.retain(|&t| t == 0);
        }
    }
}
