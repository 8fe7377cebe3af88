//! The `random` bot: a uniformly random legal action.

use tavolo_cards::GameRng;
use tavolo_engine::saint::{Action, SaintView};

use super::SaintPoker;
use crate::bot::{Bot, Budget};

/// Plays a uniformly random legal action (pairs to show are uniform among all pairs).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::from_u64(seed),
        }
    }
}

impl Bot<SaintPoker> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, _view: &SaintView, legal: &[Action], _budget: Budget) -> Action {
        let i = self.rng.below(legal.len() as u32) as usize;
        legal[i.min(legal.len() - 1)]
    }
}
