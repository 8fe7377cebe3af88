//! The `random` bot: a uniformly random kind of legal action, amounts spread over the range.

use tavolo_engine::holdem::{Action, HandView};

use super::strength::SimRng;
use super::{Decision, Holdem};
use crate::bot::{Bot, Budget};

/// Picks uniformly among the kinds of legal action (fold — only when a check is not free —,
/// check or call, bet or raise) and, for a bet or raise, an amount uniform over the legal range.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SimRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SimRng::new(seed),
        }
    }
}

impl Bot<Holdem> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        let Some(l) = view.legal else {
            return legal[0];
        };
        let mut kinds: Vec<Decision> = Vec::with_capacity(3);
        if !l.check {
            kinds.push(Decision::Fold);
        }
        kinds.push(Decision::CheckCall);
        if let Some(r) = l.raise {
            let span = r.max_to - r.min_to;
            let to = r.min_to + (self.rng.unit() * (span + 1) as f64) as u64;
            kinds.push(Decision::RaiseTo(to.min(r.max_to)));
        }
        kinds[self.rng.below(kinds.len())].to_action(&l)
    }
}
