//! When a search stops thinking: after a fixed amount of work, when its thread has spent its
//! thinking time, or at the table's deadline, whichever comes first.
//!
//! Thinking time is the **CPU time of the searching thread** where the system tells it (Linux
//! and the other Unix systems): a level defined by time is then as strong on a busy machine as on
//! an idle one, only slower on the wall clock, and the table's clock (a wall-clock deadline)
//! still bounds it. Elsewhere it is wall-clock time.

use std::time::{Duration, Instant};

/// The CPU time the calling thread has used, if the system says.
#[cfg(unix)]
pub(crate) fn thread_cpu() -> Option<Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given, which lives on this stack.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    let (secs, nanos) = (
        u64::try_from(t.tv_sec).ok()?,
        u32::try_from(t.tv_nsec).ok()?,
    );
    ok.then(|| Duration::new(secs, nanos))
}

#[cfg(not(unix))]
pub(crate) fn thread_cpu() -> Option<Duration> {
    None
}

/// A search's stopping rule, started when the decision is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop {
    /// The most iterations (worlds, rollouts) to do.
    work: u64,
    /// Thinking time, and the thread's CPU time (or the instant) when it started.
    think: Option<(Duration, Start)>,
    /// The wall-clock deadline.
    deadline: Option<Instant>,
}

#[derive(Clone, Copy, Debug)]
enum Start {
    Cpu(Duration),
    Wall(Instant),
}

impl Stop {
    /// At most `work` iterations, `think` of thinking time if any, and no later than
    /// `deadline` if any.
    pub(crate) fn new(work: u64, think: Option<Duration>, deadline: Option<Instant>) -> Stop {
        let start = || match thread_cpu() {
            Some(cpu) => Start::Cpu(cpu),
            None => Start::Wall(Instant::now()),
        };
        Stop {
            work,
            think: think.map(|t| (t, start())),
            deadline,
        }
    }

    /// Whether a search that has done `done` iterations must stop (the clocks are read only
    /// when `look` is true: reading them costs about what a cheap iteration does).
    pub(crate) fn reached(&self, done: u64, look: bool) -> bool {
        if done >= self.work {
            return true;
        }
        if !look {
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        match self.think {
            Some((limit, Start::Cpu(at))) => thread_cpu().is_some_and(|now| now >= at + limit),
            Some((limit, Start::Wall(at))) => at.elapsed() >= limit,
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_stops_at_its_work_and_at_its_thinking_time() {
        let stop = Stop::new(10, None, None);
        assert!(!stop.reached(9, true) && stop.reached(10, false));
        // Thinking time is spent by working: a busy loop reaches 5 ms of it.
        let stop = Stop::new(u64::MAX, Some(Duration::from_millis(5)), None);
        let mut n = 0u64;
        while !stop.reached(n, true) {
            n = n.wrapping_add(std::hint::black_box(1));
        }
        assert!(n > 0);
        // A deadline already past stops at once.
        let stop = Stop::new(u64::MAX, None, Some(Instant::now()));
        assert!(stop.reached(0, true));
    }
}
