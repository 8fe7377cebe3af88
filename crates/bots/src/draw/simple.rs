//! The `random`, `fold` and `raise` (shared with Hold'em: [`RandomBot`], [`FoldBot`],
//! [`RaiseBot`]), `station` and `rules` Draw bots, and the decision facts they share.
//!
//! All but `random` are deterministic, so the policy they report ([`Bot::policy`]) is their
//! action with probability 1.

use tavolo_cards::CardSet;
use tavolo_engine::draw::{Action, DrawView, Legal, Stage, ToAct};
use tavolo_engine::Chips;

use super::play::{made_score, pre_draw_score, standard_discard};
use super::Draw;
use crate::betting::{self, Decision, FoldBot, RaiseBot, RandomBot};
use crate::bot::{Bot, Budget};

/// The facts of one betting decision, read from the seat's view.
#[derive(Clone, Debug)]
pub(crate) struct DrawSpot {
    /// What the seat may do: fold, call (or check where allowed), the raise range.
    pub legal: Legal,
    /// The seat's five cards.
    pub hand: CardSet,
    /// Everything in the middle, this round's bets and a carried-in pot included.
    pub pot: Chips,
    /// What a call puts in (0: nothing to call).
    pub to_call: Chips,
    /// The largest bet this round.
    pub max_bet: Chips,
    /// The ante, also the smallest bet and raise (at least 1, so ratios to it are defined).
    pub ante: Chips,
    /// Opponents still in the hand.
    pub opponents: usize,
    /// Live opponents who act after the seat (from the cutter round).
    pub behind: usize,
    /// Before or after the exchange.
    pub second: bool,
}

impl DrawSpot {
    pub fn read(view: &DrawView) -> Option<DrawSpot> {
        let Some(ToAct::Bet(legal)) = view.legal else {
            return None;
        };
        let n = view.stacks.len();
        let seat = legal.seat;
        let pos = |s: usize| (s + n - view.cutter) % n;
        Some(DrawSpot {
            legal,
            hand: view.hand.iter().copied().collect(),
            pot: view.pot,
            to_call: legal.call.unwrap_or(Chips::ZERO),
            max_bet: view.bets.iter().copied().max().unwrap_or(Chips::ZERO),
            ante: view.ante.max(Chips::new(1)),
            opponents: (0..n).filter(|&s| s != seat && view.live[s]).count(),
            behind: (0..n)
                .filter(|&s| s != seat && view.live[s] && pos(s) > pos(seat))
                .count(),
            second: view.stage == Stage::SecondBetting,
        })
    }

    /// The price of a call: the share of the pot after it that the call is.
    pub fn pot_odds(&self) -> f64 {
        betting::pot_odds(self.pot, self.to_call)
    }

    /// A bet or raise of `fraction` of the pot after the call, as a "to" amount.
    pub fn pot_fraction_to(&self, fraction: f64) -> Chips {
        betting::pot_fraction_to(self.pot, self.to_call, self.max_bet, fraction, self.ante)
    }
}

/// The answer outside the betting: the exchange given, showing at the showdown.
pub(crate) fn non_betting(view: &DrawView, legal: &[Action], discard: CardSet) -> Action {
    match view.legal {
        Some(ToAct::Exchange { seat, .. }) => Action::Exchange { seat, discard },
        Some(ToAct::Showdown { seat, .. }) => Action::Show { seat },
        _ => legal[0],
    }
}

fn own_hand(view: &DrawView) -> CardSet {
    view.hand.iter().copied().collect()
}

/// Uniform among the kinds of legal betting action (fold — a check when allowed —, check or
/// call, bet or raise; amounts uniform over the range) and among the legal discards in the
/// exchange; always shows.
impl Bot<Draw> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, view: &DrawView, legal: &[Action], _budget: Budget) -> Action {
        match view.legal {
            Some(ToAct::Bet(l)) => {
                let mut kinds = vec![Decision::Fold];
                if l.check || l.call.is_some() {
                    kinds.push(Decision::CheckCall);
                }
                self.bet(kinds, &l)
            }
            Some(ToAct::Exchange { .. }) => {
                let discards: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Exchange { .. }))
                    .collect();
                if discards.is_empty() {
                    legal[0]
                } else {
                    discards[self.rng().below(discards.len())]
                }
            }
            _ => non_betting(view, legal, CardSet::EMPTY),
        }
    }
}

/// Never folds: calls, and opens with the minimum where it may not check; the standard exchange.
#[derive(Clone, Copy, Debug, Default)]
pub struct StationBot;

/// A deterministic bot's policy: `action` with probability 1.
fn certain(action: Action) -> Option<Vec<(Action, f64)>> {
    Some(vec![(action, 1.0)])
}

/// `impl Bot<Draw>` for deterministic bots: a name and an `act`; the policy is the action, certain.
macro_rules! deterministic_bots {
    ($($(#[$doc:meta])* $bot:ident $name:literal
        |$view:ident, $legal:ident| $act:expr;)*) => {$(
        $(#[$doc])*
        impl Bot<Draw> for $bot {
            fn name(&self) -> &str {
                $name
            }

            fn act(&mut self, $view: &DrawView, $legal: &[Action], _budget: Budget) -> Action {
                $act
            }

            fn policy(&mut self, view: &DrawView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
                certain(Bot::<Draw>::act(self, view, legal, Budget::UNLIMITED))
            }
        }
    )*};
}

deterministic_bots! {
    /// Folds at every betting decision (checks when free). Heads-up it loses its ante every hand
    /// to anyone who opens every hand: 1,000 milli-antes a game.
    FoldBot "fold" |view, legal| match DrawSpot::read(view) {
        Some(s) => Decision::Fold.to_action(&s.legal),
        None => non_betting(view, legal, standard_discard(own_hand(view))),
    };
    /// Opens or raises the pot at every betting decision (calls when it may not raise); the
    /// standard exchange.
    RaiseBot "raise" |view, legal| match DrawSpot::read(view) {
        Some(s) => Decision::RaiseTo(s.pot_fraction_to(1.0)).to_action(&s.legal),
        None => non_betting(view, legal, standard_discard(own_hand(view))),
    };
    StationBot "station" |view, legal| match view.legal {
        Some(ToAct::Bet(l)) => Decision::CheckCall.to_action(&l),
        _ => non_betting(view, legal, standard_discard(own_hand(view))),
    };
}

/// Tight-aggressive by rules of thumb. Before the exchange, by the hand's class and the players
/// behind: open with jacks or better early, any pair late; raise with two pairs or better, call
/// with jacks or better or a draw at a good price. The standard exchange (pairs, trips and two
/// pairs kept, one card to four-flushes and open straights). After it: bet two pairs or better,
/// open small with a pair (there is no check: a hand that does not open folds), raise with trips
/// or better, call with two pairs, or tens or better at a good price.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesBot;

impl RulesBot {
    fn bet(s: &DrawSpot) -> Decision {
        if !s.second {
            let score = pre_draw_score(s.hand);
            if s.to_call == 0 {
                let open = match s.behind {
                    0 | 1 => 40,
                    2 | 3 => 54,
                    _ => 58,
                };
                if score >= open {
                    let fraction = if score >= 75 { 1.0 } else { 0.7 };
                    Decision::RaiseTo(s.pot_fraction_to(fraction))
                } else if s.behind == 0 && score >= 30 {
                    Decision::CheckCall
                } else {
                    Decision::Fold
                }
            } else {
                Self::facing_bet(s, score, (75, 1.0), 58, (30, 0.25))
            }
        } else {
            let score = made_score(s.hand);
            if s.to_call == 0 {
                if score >= 60 {
                    Decision::RaiseTo(s.pot_fraction_to(0.6))
                } else if score >= 30 {
                    Decision::CheckCall
                } else {
                    Decision::Fold
                }
            } else {
                Self::facing_bet(s, score, (75, 0.8), 60, (46, 0.3))
            }
        }
    }

    /// Facing a bet with `score`: raise to `raise.1` of the pot from `raise.0` up; call from
    /// `call` up, or from `cheap.0` up at pot odds of `cheap.1` or better; else fold.
    fn facing_bet(
        s: &DrawSpot,
        score: u32,
        raise: (u32, f64),
        call: u32,
        cheap: (u32, f64),
    ) -> Decision {
        if score >= raise.0 {
            Decision::RaiseTo(s.pot_fraction_to(raise.1))
        } else if score >= call || (score >= cheap.0 && s.pot_odds() <= cheap.1) {
            Decision::CheckCall
        } else {
            Decision::Fold
        }
    }
}

impl Bot<Draw> for RulesBot {
    fn name(&self) -> &str {
        "rules"
    }

    fn policy(&mut self, view: &DrawView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        certain(Bot::<Draw>::act(self, view, legal, Budget::UNLIMITED))
    }

    fn act(&mut self, view: &DrawView, legal: &[Action], _budget: Budget) -> Action {
        match DrawSpot::read(view) {
            Some(s) => RulesBot::bet(&s).to_action(&s.legal),
            None => non_betting(view, legal, standard_discard(own_hand(view))),
        }
    }
}
