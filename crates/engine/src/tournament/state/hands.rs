//! A tournament's hands: which table may deal, a hand's report checked and its busts placed,
//! hand-for-hand at the bubble.

use std::collections::BTreeSet;

use super::{Effect, HandForHand, Phase, Tournament, TournamentError};
use crate::tournament::finish::{bust_places, Bust};
use crate::tournament::seating::halted;
use crate::tournament::structure::Length;
use crate::Chips;

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// Whether `table` may deal its next hand now.
    pub fn may_deal(&self, table: usize) -> bool {
        let Some(t) = self.tables.get(table) else {
            return false;
        };
        let h4h_done = self
            .h4h
            .as_ref()
            .is_some_and(|h| h.finished.contains(&table));
        self.phase == Phase::Running
            && t.idle
            && t.seating.players() >= 2
            && self.stacks.len() >= 2
            && !halted(&self.seatings().cloned().collect::<Vec<_>>()).contains(&table)
            && !h4h_done
            && !self.final_table_due()
            && self.on_break.is_none()
            && self.deal.is_none()
    }

    /// `table` deals a hand: its players stay until it is over.
    pub fn dealt(&mut self, table: usize) -> Result<(), TournamentError> {
        if !self.may_deal(table) {
            return Err(TournamentError::BadHand {
                table,
                why: "it may not deal now".into(),
            });
        }
        self.tables[table].idle = false;
        Ok(())
    }

    /// `table`'s hand is over at `now_ms`: each player's stack at its start and at its end (the
    /// same players, the same total). The time matters in hand-for-hand, which stops the clock
    /// from the hand that begins it to the hand that ends it.
    pub fn hand_over(
        &mut self,
        table: usize,
        began: &[(P, Chips)],
        ended: &[(P, Chips)],
        now_ms: u64,
    ) -> Result<Vec<Effect<P>>, TournamentError> {
        self.check_hand(table, began, ended)?;
        self.clock_ms = self.clock_ms.max(now_ms);
        let mut out = Vec::new();
        let button = self.tables[table].seating.big_blind.unwrap_or(0);
        let mut busts = Vec::new();
        for &(p, chips) in ended {
            if chips > 0 {
                self.stacks.insert(p, chips);
                continue;
            }
            self.stacks.remove(&p);
            let seat = self.tables[table]
                .seating
                .seats
                .iter()
                .position(|s| *s == Some(p));
            if let Some(s) = seat {
                self.tables[table].seating.seats[s] = None;
            }
            let stack = began
                .iter()
                .find(|(q, _)| *q == p)
                .map_or(Chips::ZERO, |(_, c)| *c);
            let from_button = seat.map_or(0, |s| {
                let n = self.tables[table].seating.seats.len();
                (s + n - button) % n
            });
            busts.push((
                Bust {
                    player: p,
                    stack,
                    table,
                },
                from_button,
            ));
        }
        let t = &mut self.tables[table];
        t.seating.big_blind = t.seating.next_big_blind();
        t.idle = true;
        t.hands += 1;
        self.level_by_hands(&mut out);
        self.place(busts, table, &mut out)?;
        if self.phase == Phase::Running {
            self.rearrange(&mut out);
            // A table broken may have been the last one to finish a hand-for-hand hand.
            self.end_h4h_hand(&mut out)?;
            // On a break that colours up, the players between hands now race.
            self.race_idle_tables();
        }
        self.refigure_deal(&mut out);
        Ok(out)
    }

    pub(super) fn check_hand(
        &self,
        table: usize,
        began: &[(P, Chips)],
        ended: &[(P, Chips)],
    ) -> Result<(), TournamentError> {
        let bad = |why: &str| TournamentError::BadHand {
            table,
            why: why.to_string(),
        };
        let Some(t) = self.tables.get(table) else {
            return Err(bad("no such table"));
        };
        if t.idle || self.phase != Phase::Running {
            return Err(bad("it was not dealing"));
        }
        let players = |v: &[(P, Chips)]| v.iter().map(|(p, _)| *p).collect::<BTreeSet<P>>();
        if players(began) != players(ended) || players(began).len() != began.len() {
            return Err(bad("the players at the end are not those at the start"));
        }
        if began
            .iter()
            .any(|(p, _)| !t.seating.seats.contains(&Some(*p)))
        {
            return Err(bad("a player not seated there"));
        }
        let sum = |v: &[(P, Chips)]| v.iter().map(|(_, c)| *c).sum::<Chips>();
        if sum(began) != sum(ended) {
            return Err(bad("chips were made or lost"));
        }
        if began.iter().any(|(p, c)| self.stacks.get(p) != Some(c)) {
            return Err(bad("a stack at the start is not the tournament's"));
        }
        Ok(())
    }

    /// Places this hand's busts (each with its seat's distance from the button): now, at the
    /// close of registration, or with the other tables' in hand-for-hand.
    pub(super) fn place(
        &mut self,
        busts: Vec<(Bust<P>, usize)>,
        table: usize,
        out: &mut Vec<Effect<P>>,
    ) -> Result<(), TournamentError> {
        if self.open {
            if !busts.is_empty() {
                self.early.push(busts.into_iter().map(|(b, _)| b).collect());
            }
            return Ok(());
        }
        if let Some(h) = self.h4h.as_mut() {
            h.finished.insert(table);
            h.busts.extend(busts);
            return self.end_h4h_hand(out);
        }
        self.give_places(&busts, out);
        self.after_busts(out)
    }

    /// In hand-for-hand, once every table that can deal has finished the hand: its busts are
    /// placed together, two minutes come off the clock, and the next hand-for-hand hand begins
    /// unless the bubble burst or one table is left (then the clock runs again).
    pub(super) fn end_h4h_hand(&mut self, out: &mut Vec<Effect<P>>) -> Result<(), TournamentError> {
        let Some(HandForHand {
            finished: done,
            busts: pending,
            since_ms,
        }) = self.h4h.as_mut()
        else {
            return Ok(());
        };
        // A table of one player deals no hand: the hand never waits for it (a fault: four
        // players at tables of two stalled at the bubble, three left at tables of two and one).
        let waiting = (0..self.tables.len())
            .any(|t| self.tables[t].seating.players() > 1 && !done.contains(&t));
        if waiting {
            return Ok(());
        }
        let pending = std::mem::take(pending);
        let since_ms = *since_ms;
        done.clear();
        self.debited_ms += 2 * 60_000;
        self.give_places(&pending, out);
        if self.stacks.len() <= self.paid() || self.tables_in_play() < 2 {
            self.h4h = None;
            self.restart_clock(since_ms);
            out.push(Effect::HandForHand(false));
        }
        self.after_busts(out)
    }

    /// Places paid (0 until the prizes are fixed).
    fn paid(&self) -> usize {
        self.prizes.as_ref().map_or(0, Vec::len)
    }

    /// Tables with players.
    pub(super) fn tables_in_play(&self) -> usize {
        self.tables
            .iter()
            .filter(|t| t.seating.players() > 0)
            .count()
    }

    /// After places were given: the winner, or hand-for-hand if the bubble is near.
    pub(super) fn after_busts(&mut self, out: &mut Vec<Effect<P>>) -> Result<(), TournamentError> {
        if self.stacks.len() == 1 {
            return self.finish(out);
        }
        self.maybe_hand_for_hand(out);
        Ok(())
    }

    pub(super) fn give_places(&mut self, busts: &[(Bust<P>, usize)], out: &mut Vec<Effect<P>>) {
        let left = self.stacks.len() + busts.len();
        let plain: Vec<Bust<P>> = busts.iter().map(|(b, _)| *b).collect();
        for p in bust_places(left, &plain) {
            if let Some((b, from_button)) = busts.iter().find(|(b, _)| b.player == p.player) {
                self.placed.push((p, b.stack, *from_button));
            }
            out.push(Effect::Busted(p));
        }
    }

    /// Hand-for-hand from the hand in which the bubble can burst: one more player left than
    /// places paid, at more than one table. It stops the clock.
    pub(super) fn maybe_hand_for_hand(&mut self, out: &mut Vec<Effect<P>>) {
        if self.h4h.is_none() && self.tables_in_play() > 1 && self.stacks.len() == self.paid() + 1 {
            self.h4h = Some(HandForHand {
                finished: BTreeSet::new(),
                busts: Vec::new(),
                since_ms: self.clock_ms,
            });
            out.push(Effect::HandForHand(true));
        }
    }

    /// Levels by hands (RULES.md §5, "Levels and the clock"): hands are counted per table and
    /// the tournament moves on with the slowest table in play; the new level applies from each
    /// table's next hand.
    fn level_by_hands(&mut self, out: &mut Vec<Effect<P>>) {
        if !matches!(self.config.structure.length, Length::Hands(_)) {
            return;
        }
        let slowest = (self.tables.iter())
            .filter(|t| t.seating.players() > 0)
            .map(|t| t.hands)
            .min();
        if let Some(hands) = slowest {
            if self.on_break.is_none() {
                let level = self.config.structure.level_after(hands);
                self.level_up_to(level, out);
            }
        }
    }
}
