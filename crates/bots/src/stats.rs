//! Small statistics for match results: running means with a 95% confidence interval, and
//! percentiles of think times.

use serde::Serialize;

/// z for a two-sided 95% interval under the normal approximation.
const Z95: f64 = 1.959_963_984_540_054;

/// A running sample mean and variance (Welford), so long matches stay exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Mean {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Mean {
    /// Adds the observation `x` (Welford's update, exact enough for any number of them).
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// How many observations were added (0 for a new mean, whose mean is then 0).
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The sample mean (0 with no observations).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The sample standard deviation (0 with fewer than two observations).
    pub fn std_dev(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            (self.m2 / (self.n - 1) as f64).sqrt()
        }
    }

    /// Half-width of the 95% confidence interval of the mean (normal approximation).
    pub fn ci95(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            Z95 * self.std_dev() / (self.n as f64).sqrt()
        }
    }
}

/// The `q`-quantile (0 ≤ q ≤ 1) of `values` by the nearest-rank method; `None` when empty.
/// Sorts `values`.
pub fn quantile(values: &mut [u64], q: f64) -> Option<u64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let rank = (q.clamp(0.0, 1.0) * values.len() as f64).ceil() as usize;
    Some(values[rank.clamp(1, values.len()) - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_interval_of_a_known_sample() {
        let mut m = Mean::default();
        for x in [1.0, 0.0, 1.0, 0.0] {
            m.add(x);
        }
        assert_eq!(m.count(), 4);
        assert!((m.mean() - 0.5).abs() < 1e-12);
        // s = sqrt(1/3); half-width = 1.96 * s / 2.
        assert!((m.ci95() - Z95 * (1.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let mut v: Vec<u64> = (1..=100).rev().collect();
        assert_eq!(quantile(&mut v, 0.5), Some(50));
        assert_eq!(quantile(&mut v, 0.99), Some(99));
        assert_eq!(quantile(&mut v, 1.0), Some(100));
        assert_eq!(quantile(&mut [], 0.5), None);
    }
}
