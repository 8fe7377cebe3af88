//! The `fold` and `raise` Hold'em bots ([`FoldBot`], [`RaiseBot`]): the two simplest
//! strategies, anchors for the best-response yardstick. Heads-up with blinds of ½ and 1 big
//! blind, folding every hand loses ¾ of a big blind a hand, 750 mbb/g, to anyone who raises
//! every hand.

use tavolo_engine::holdem::{Action, HandView, Legal};

use super::spot::Spot;
use super::Holdem;
use crate::betting::{Decision, FoldBot, Mixed, RaiseBot};
use crate::bot::{Bot, Budget};

/// A Hold'em bot that makes one pure decision at each betting spot, from the view alone (the
/// anchors here, the outside opponents of [`super::outside`]): its [`Bot`] — the action, and a
/// policy of that one action — follows from the decision.
pub(super) trait PureRule: Send {
    /// The bot's name.
    const NAME: &'static str;

    /// The decision at `view`, with the seat's choices; `None` when it is not a betting decision.
    fn decision(view: &HandView) -> Option<(Mixed, Legal)>;
}

impl<R: PureRule> Bot<Holdem> for R {
    fn name(&self) -> &str {
        R::NAME
    }

    /// The decision's action, or the default when it is not a betting decision.
    fn act(&mut self, view: &HandView, legal: &[Action], _budget: Budget) -> Action {
        match R::decision(view) {
            Some((m, l)) => m.yes.to_action(&l),
            None => legal[0],
        }
    }

    fn policy(&mut self, view: &HandView, _legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        R::decision(view).map(|(m, l)| m.policy(&l))
    }
}

impl PureRule for FoldBot {
    const NAME: &'static str = "fold";

    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        view.legal.map(|l| (Mixed::pure(Decision::Fold), l))
    }
}

impl PureRule for RaiseBot {
    const NAME: &'static str = "raise";

    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        let s = Spot::read(view)?;
        Some((
            Mixed::pure(Decision::RaiseTo(s.pot_fraction_to(1.0))),
            s.legal,
        ))
    }
}
