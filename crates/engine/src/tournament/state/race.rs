//! The chip race at a break's colour-up (RULES.md §5 "Levels and the clock"; TDA 24): the chips
//! worth the break's `colour_up` leave play, every stack is changed up to the smallest chip the
//! later levels need — the greatest common divisor of their blinds and antes — and each table
//! races its players' odd chips: one chip at most a player, in an order drawn from the committed
//! seed, nobody raced out ([`chip_race`]). A table races once its hand in play is over; a player
//! races once a break, wherever they sit.

use super::Tournament;
use crate::tournament::structure::{chip_race, Step};
use crate::Chips;

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// The chip the stacks are changed up to at the break after level `level`, if that break
    /// colours up and the later levels need no chip as small as the ones leaving.
    pub(super) fn colour_up_unit(&self, level: usize) -> Option<Chips> {
        let steps = &self.config.structure.steps;
        let at = (steps.iter().enumerate())
            .filter(|(_, s)| matches!(s, Step::Level(_)))
            .nth(level.checked_sub(1)?)
            .map(|(i, _)| i)?;
        let Some(Step::Break {
            colour_up: Some(leaving),
            ..
        }) = steps.get(at + 1)
        else {
            return None;
        };
        let later = steps[at + 1..].iter().filter_map(|s| match s {
            Step::Level(l) => Some([l.small_blind, l.big_blind, l.ante]),
            Step::Break { .. } => None,
        });
        let unit = (later.flatten())
            .filter(|c| !c.is_zero())
            .fold(0u64, |g, c| gcd(g, c.get()));
        (unit > leaving.get() && unit % leaving.get() == 0).then(|| Chips::new(unit))
    }

    /// Races the players not raced yet at every table between hands, if the break being taken
    /// colours up.
    pub(super) fn race_idle_tables(&mut self) {
        let Some(b) = self.on_break.filter(|b| b.since_ms.is_some()) else {
            return;
        };
        let Some(unit) = self.colour_up_unit(b.after_level) else {
            return;
        };
        for t in 0..self.tables.len() {
            if self.tables[t].idle {
                self.race_table(t, unit);
            }
        }
    }

    fn race_table(&mut self, table: usize, unit: Chips) {
        let players: Vec<(P, Chips)> = (self.tables[table].seating.seats.iter().flatten())
            .filter(|p| !self.raced.contains(p))
            .filter_map(|p| Some((*p, *self.stacks.get(p)?)))
            .collect();
        if players.is_empty() {
            return;
        }
        let odd: Vec<Chips> = (players.iter())
            .map(|(_, s)| Chips::new(s.get() % unit.get()))
            .collect();
        let raced_out: Vec<bool> = (players.iter()).map(|(_, s)| *s < unit).collect();
        let mut order: Vec<usize> = (0..players.len()).collect();
        self.rng.shuffle(&mut order);
        let won = chip_race(&odd, &raced_out, &order, unit);
        for (i, (p, stack)) in players.iter().enumerate() {
            self.raced.insert(*p);
            self.raced_off += odd[i];
            self.raced_on += won[i];
            let new = stack.minus_at_most(odd[i]) + won[i];
            self.stacks.insert(*p, new);
        }
    }

    /// The chips chip races have brought into play and taken out of it so far.
    pub fn raced(&self) -> (Chips, Chips) {
        (self.raced_on, self.raced_off)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
