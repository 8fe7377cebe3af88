//! A tournament's clock (RULES.md §5, "Levels and the clock"): the start of a scheduled event,
//! the level in force, the breaks between levels, and late registration's close.
//!
//! Levels by time count minutes of play: a break's minutes do not count, the clock stands still
//! while hand-for-hand is on, and each hand-for-hand hand takes two minutes off the level
//! instead (TDA RP-8, WSOP 126). A break sits in the structure after the level it
//! follows: when that level is over, no table deals a new hand until the break's minutes have
//! passed (a hand in play finishes), and the next level begins with the first hand after it.
//! With levels by hands, a break begins at the first tick after the slowest table has played
//! the level's hands, and lasts its minutes. A break that colours up races the odd chips at each
//! table between hands (`race`).

use super::{Effect, Phase, Start, Tournament, TournamentError};
use crate::tournament::structure::{Length, Step};

/// A break the tournament is taking (or is due to take at the next tick).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Break {
    /// The level it follows (1 = the first).
    pub after_level: usize,
    /// Its minutes.
    pub minutes: u32,
    /// When it began (ms); `None` until the clock has started it.
    pub since_ms: Option<u64>,
}

impl Break {
    /// When it ends (ms), once begun.
    pub fn until_ms(&self) -> Option<u64> {
        let length = u64::from(self.minutes).saturating_mul(60_000);
        self.since_ms.map(|s| s.saturating_add(length))
    }
}

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// The time is `now_ms`: a scheduled tournament starts (or is cancelled), a break begins or
    /// ends, a level begins, late registration closes.
    pub fn tick(&mut self, now_ms: u64) -> Result<Vec<Effect<P>>, TournamentError> {
        self.clock_ms = self.clock_ms.max(now_ms);
        let mut out = Vec::new();
        if self.phase == Phase::Registering {
            if let Start::Scheduled {
                at_ms, min_players, ..
            } = self.config.start
            {
                if now_ms >= at_ms {
                    if self.registered.len() < min_players.max(2) {
                        self.refund_everyone(&mut out);
                    } else {
                        self.begin(now_ms, &mut out)?;
                    }
                }
            }
            return Ok(out);
        }
        if self.phase != Phase::Running {
            return Ok(out);
        }
        self.deal_clock(now_ms, &mut out);
        self.clock_breaks(now_ms, &mut out);
        if self.on_break.is_none() {
            if let Length::Minutes(_) = self.config.structure.length {
                let level = self
                    .config
                    .structure
                    .level_after(self.played_ms(now_ms) / 60_000);
                self.level_up_to(level, &mut out);
                // A break just due (levels by time) begins now.
                self.clock_breaks(now_ms, &mut out);
            }
        }
        if let Start::Scheduled {
            late_until_level, ..
        } = self.config.start
        {
            if self.open && self.level > late_until_level {
                self.close_registration(&mut out)?;
            }
        }
        Ok(out)
    }

    /// The break being taken, or due at the next tick.
    pub fn on_break(&self) -> Option<Break> {
        self.on_break
    }

    /// When the level in force ends (ms), as the clock stands at `now_ms`: levels by time only,
    /// while running and not on a break; `None` for the last level. While hand-for-hand stops
    /// the clock, the end if it ran again at `now_ms`.
    pub fn level_ends_ms(&self, now_ms: u64) -> Option<u64> {
        let Length::Minutes(per) = self.config.structure.length else {
            return None;
        };
        if self.phase != Phase::Running || self.on_break.is_some() {
            return None;
        }
        if self.level >= self.config.structure.levels().count() {
            return None;
        }
        let level_ms = u64::from(per).saturating_mul(60_000);
        let ends = level_ms.saturating_mul(u64::try_from(self.level).unwrap_or(u64::MAX));
        let left = ends.saturating_sub(self.played_ms(now_ms));
        Some(now_ms.saturating_add(left))
    }

    /// The break that follows the level in force, if the structure has one there: its minutes.
    pub fn break_next(&self) -> Option<u32> {
        self.break_after(self.level)
    }

    /// Milliseconds of play at `now_ms`: since the start, less breaks and hand-for-hand (the
    /// clock stands at its start while it is on), plus what hand-for-hand hands took off it.
    fn played_ms(&self, now_ms: u64) -> u64 {
        let stopped = self.h4h.as_ref().map(|h| h.since_ms);
        stopped
            .map_or(now_ms, |s| s.min(now_ms))
            .saturating_sub(self.started_ms.unwrap_or(now_ms))
            .saturating_sub(self.paused_ms)
            .saturating_add(self.debited_ms)
    }

    /// The minutes of the break the structure puts right after level `level`, if any.
    fn break_after(&self, level: usize) -> Option<u32> {
        let mut levels = 0;
        let mut steps = self.config.structure.steps.iter();
        for s in steps.by_ref() {
            if matches!(s, Step::Level(_)) {
                levels += 1;
                if levels == level {
                    break;
                }
            }
        }
        if levels != level {
            return None;
        }
        match steps.next() {
            Some(Step::Break { minutes, .. }) => Some(*minutes),
            _ => None,
        }
    }

    /// Moves the level up towards `level`, one level at a time, stopping at a break the
    /// structure puts after a level and that has not been taken yet (it becomes due).
    pub(super) fn level_up_to(&mut self, level: usize, out: &mut Vec<Effect<P>>) {
        let mut to = self.level;
        while to < level {
            if self.breaks_after < to {
                if let Some(minutes) = self.break_after(to) {
                    self.breaks_after = to;
                    self.on_break = Some(Break {
                        after_level: to,
                        minutes,
                        since_ms: None,
                    });
                    break;
                }
            }
            to += 1;
        }
        if to > self.level {
            self.level = to;
            out.push(Effect::Level(to));
        }
    }

    /// Levels by time, at the end of a break after level `level`: the clock stands at that
    /// level's end, whatever lead it had taken (a jump past several levels, hand-for-hand's
    /// minutes beyond the level), so that the level after the break is played whole and the
    /// next break never follows this one without a hand (issue 51: three breaks back to back
    /// after a long hand-for-hand). The lead dropped counts as time not played.
    fn rewind_to_level_end(&mut self, level: usize, now_ms: u64) {
        let Length::Minutes(per) = self.config.structure.length else {
            return;
        };
        let level_ms = u64::from(per).saturating_mul(60_000);
        let end = level_ms.saturating_mul(u64::try_from(level).unwrap_or(u64::MAX));
        let lead = self.played_ms(now_ms).saturating_sub(end);
        // Hand-for-hand's minutes first, then the clock's own (`played_ms` saturates).
        let debit = lead.min(self.debited_ms);
        self.debited_ms -= debit;
        self.paused_ms = self.paused_ms.saturating_add(lead - debit);
    }

    /// Hand-for-hand, on since `since_ms`, is over: the clock runs again from now, the time it
    /// stood still not played (less the part of a break begun meanwhile, which its end counts).
    pub(super) fn restart_clock(&mut self, since_ms: u64) {
        let upto = match self.on_break {
            Some(Break {
                since_ms: Some(b), ..
            }) => b.min(self.clock_ms),
            _ => self.clock_ms,
        };
        self.paused_ms = self.paused_ms.saturating_add(upto.saturating_sub(since_ms));
    }

    /// A break due begins; a break whose minutes have passed ends, and the level after it
    /// begins.
    fn clock_breaks(&mut self, now_ms: u64, out: &mut Vec<Effect<P>>) {
        let Some(mut b) = self.on_break else {
            return;
        };
        let Some(until_ms) = b.until_ms() else {
            b.since_ms = Some(now_ms);
            self.on_break = Some(b);
            out.push(Effect::Break {
                until_ms: b.until_ms().unwrap_or(now_ms),
            });
            self.race_idle_tables();
            return;
        };
        if now_ms < until_ms {
            return;
        }
        let since = b.since_ms.unwrap_or(now_ms);
        // The part of the break hand-for-hand did not already stop.
        let stopped = self
            .h4h
            .as_ref()
            .map_or(until_ms, |h| h.since_ms.min(until_ms));
        self.paused_ms = self.paused_ms.saturating_add(stopped.saturating_sub(since));
        self.rewind_to_level_end(b.after_level, now_ms);
        self.on_break = None;
        self.raced.clear();
        let next = b.after_level + 1;
        if next > self.level {
            self.level = next;
        }
        out.push(Effect::Level(self.level));
    }
}
