//! The `fold` and `raise` Hold'em bots ([`FoldBot`], [`RaiseBot`]): the two simplest
//! strategies, anchors for the best-response yardstick. Heads-up with blinds of ½ and 1 big
//! blind, folding every hand loses ¾ of a big blind a hand, 750 mbb/g, to anyone who raises
//! every hand.

use tavolo_engine::holdem::{Action, HandView, Legal};

use super::spot::Spot;
use super::Holdem;
use crate::betting::{Decision, FoldBot, Mixed, RaiseBot};
use crate::bot::{Bot, Budget};

/// The action of a pure decision (the anchors', the outside opponents'), or the default when it
/// is not a betting decision.
pub(super) fn act(decision: Option<(Mixed, Legal)>, legal: &[Action]) -> Action {
    match decision {
        Some((m, l)) => m.yes.to_action(&l),
        None => legal[0],
    }
}

impl FoldBot {
    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        view.legal.map(|l| (Mixed::pure(Decision::Fold), l))
    }
}

impl Bot<Holdem> for FoldBot {
    fn name(&self) -> &str {
        "fold"
    }

    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        act(FoldBot::decision(view), legal)
    }

    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        FoldBot::decision(view).map(|(m, l)| m.policy(&l))
    }
}

impl RaiseBot {
    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        let s = Spot::read(view)?;
        Some((
            Mixed::pure(Decision::RaiseTo(s.pot_fraction_to(1.0))),
            s.legal,
        ))
    }
}

impl Bot<Holdem> for RaiseBot {
    fn name(&self) -> &str {
        "raise"
    }

    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        act(RaiseBot::decision(view), legal)
    }

    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        RaiseBot::decision(view).map(|(m, l)| m.policy(&l))
    }
}
