//! The `random` bot in Hold'em: a uniformly random kind of legal action, amounts spread over the
//! range ([`RandomBot`], shared with Draw).

use tavolo_engine::holdem::{Action, HandView};

use super::Holdem;
use crate::betting::{Decision, RandomBot};
use crate::bot::{Bot, Budget};

/// Picks uniformly among the kinds of legal action (fold — only when a check is not free —,
/// check or call, bet or raise) and, for a bet or raise, an amount uniform over the legal range.
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
        self.bet(kinds, &l)
    }
}
