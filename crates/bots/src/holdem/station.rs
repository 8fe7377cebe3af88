//! The `station` bot: always checks or calls.

use tavolo_engine::holdem::{Action, HandView};

use super::Holdem;
use crate::betting::{Decision, Mixed};
use crate::bot::{Bot, Budget};

/// A calling station: checks when it may, calls otherwise, never bets, raises or folds.
#[derive(Clone, Copy, Debug, Default)]
pub struct StationBot;

impl Bot<Holdem> for StationBot {
    fn name(&self) -> &str {
        "station"
    }

    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        match view.legal {
            Some(l) => Decision::CheckCall.to_action(&l),
            None => legal[0],
        }
    }

    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        view.legal
            .map(|l| Mixed::pure(Decision::CheckCall).policy(&l))
    }
}
