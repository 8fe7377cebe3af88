//! A race of candidate actions measured on the same worlds: each world gives every candidate
//! still in the race a result, and every [`RACE_LOOK`] worlds a candidate whose mean trails the
//! leader's by more than [`RACE_MARGIN`] standard errors of their paired difference leaves it.
//! So the worlds go to the candidates still in doubt, and a decision whose answer is clear stops
//! early.

/// Worlds between two looks at the standings.
pub const RACE_LOOK: usize = 16;
/// Standard errors by which a candidate must trail the leader to leave the race.
pub const RACE_MARGIN: f64 = 3.0;

/// The candidates' results per world (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct Race {
    /// Each candidate's result in each world, while it is in the race.
    results: Vec<Vec<f64>>,
    /// Whether each candidate is still in the race.
    running: Vec<bool>,
    worlds: usize,
}

impl Race {
    /// A race of `candidates` candidates.
    pub(crate) fn new(candidates: usize) -> Race {
        Race {
            results: vec![Vec::new(); candidates],
            running: vec![true; candidates],
            worlds: 0,
        }
    }

    /// Whether candidate `i` is still in the race.
    #[cfg(test)]
    pub(crate) fn running(&self, i: usize) -> bool {
        self.running[i]
    }

    /// How many candidates are still in the race.
    pub(crate) fn left(&self) -> usize {
        self.running.iter().filter(|&&r| r).count()
    }

    /// One world's results, `result(i)` for each candidate `i` still in the race.
    pub(crate) fn world(&mut self, mut result: impl FnMut(usize) -> f64) {
        for i in 0..self.results.len() {
            if self.running[i] {
                let r = result(i);
                self.results[i].push(r);
            }
        }
        self.worlds += 1;
        if self.worlds % RACE_LOOK == 0 {
            self.drop_trailing();
        }
    }

    /// The candidate of best mean result still in the race, the first of equals (`None`
    /// before any world).
    pub(crate) fn leader(&self) -> Option<usize> {
        (self.worlds > 0).then_some(())?;
        let mean = |i: usize| self.results[i].iter().sum::<f64>() / self.worlds as f64;
        let mut best: Option<(usize, f64)> = None;
        for i in (0..self.results.len()).filter(|&i| self.running[i]) {
            let m = mean(i);
            if best.is_none_or(|(_, b)| m > b) {
                best = Some((i, m));
            }
        }
        best.map(|(i, _)| i)
    }

    fn drop_trailing(&mut self) {
        let Some(lead) = self.leader() else {
            return;
        };
        let n = self.worlds as f64;
        for i in 0..self.results.len() {
            if i == lead || !self.running[i] {
                continue;
            }
            let d: Vec<f64> = self.results[lead]
                .iter()
                .zip(&self.results[i])
                .map(|(a, b)| a - b)
                .collect();
            let mean = d.iter().sum::<f64>() / n;
            let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            if mean > RACE_MARGIN * (var / n).sqrt() && mean > 0.0 {
                self.running[i] = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_surely_behind_leaves_the_race_and_one_in_doubt_stays() {
        let mut race = Race::new(3);
        // Candidate 0 wins 1 more than candidate 1 in every world; candidate 2 is 0 or 4 by turns
        // (the same mean as candidate 0, so never surely behind).
        for w in 0..RACE_LOOK {
            let noise = (w % 2) as f64 * 2.0;
            race.world(|i| [1.0 + noise, noise, 2.0 * noise][i]);
        }
        assert!(race.running(0));
        assert!(!race.running(1));
        assert!(race.running(2));
        assert_eq!(race.left(), 2);
        assert!(matches!(race.leader(), Some(0 | 2)));
    }

    #[test]
    fn no_world_no_leader_and_equal_candidates_all_stay() {
        let mut race = Race::new(2);
        assert_eq!(race.leader(), None);
        for _ in 0..2 * RACE_LOOK {
            race.world(|_| 5.0);
        }
        assert_eq!(race.left(), 2);
        assert_eq!(race.leader(), Some(0));
    }
}
