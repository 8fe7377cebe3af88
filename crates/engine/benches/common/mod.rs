//! Helpers shared by the engine's throughput benchmarks: a tiny generator for the bots' choices
//! and a measuring loop timed both on the wall clock and on the thread's own CPU time.
#![allow(dead_code)]

use std::time::Instant;

/// wyrand: a tiny non-cryptographic generator for the bots' choices (the deck and the games'
/// own draws stay ChaCha20), as a simulation would use.
pub struct WyRand(pub u64);

impl WyRand {
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (multiply-high).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Nanoseconds this thread has run on a CPU (Linux schedstat), if available: on a shared
/// machine it measures the work, not the waiting.
pub fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// How long a measurement took.
pub struct Timing {
    /// How many times the batch ran.
    pub batches: u64,
    /// Wall-clock seconds.
    pub wall: f64,
    /// Seconds this thread ran on a CPU, if known.
    pub cpu: Option<f64>,
}

impl Timing {
    /// The CPU seconds, or the wall clock's where they are not known.
    pub fn cpu_or_wall(&self) -> f64 {
        self.cpu.unwrap_or(self.wall)
    }
}

/// Runs `batch` again and again until `secs` seconds of wall clock have passed.
pub fn repeat_for(secs: f64, mut batch: impl FnMut()) -> Timing {
    let cpu_start = cpu_ns();
    let start = Instant::now();
    let mut batches = 0u64;
    while start.elapsed().as_secs_f64() < secs {
        batch();
        batches += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, cpu_ns()) {
        (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1e9),
        _ => None,
    };
    Timing { batches, wall, cpu }
}
