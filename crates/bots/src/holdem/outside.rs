//! Opponents nobody on the project designed, rebuilt from their published descriptions so that
//! our bots can be measured against play that is not ours (issue 21):
//!
//! - [`RlcardRuleBot`] (`rlcard`): the rule agent RLCard 1.2.0 ships for Limit Hold'em
//!   (`rlcard/models/limitholdem_rule_models.py`, `LimitholdemRuleAgentV1`), rule for rule.
//!   RLCard lets a player fold when a check is free; this one checks instead.
//! - [`EquityBot`] (`equity`): the textbook equity player: its share of the pot against one
//!   random hand (the same estimate as the CFR bot's buckets, [`super::cfr::buckets::strength`]);
//!   above 0.6 it bets or raises the pot, else it checks when free and calls when the equity
//!   pays the pot odds, and folds otherwise.
//!
//! Both are deterministic and report their policy, so LBR can measure them too.

use tavolo_cards::{Card, Rank};
use tavolo_engine::holdem::{HandView, Legal};
use tavolo_engine::Chips;

use super::anchors::PureRule;
use super::cfr::buckets::strength;
use super::spot::Spot;
use crate::betting::{Decision, Mixed};

/// What RLCard's agent says, before it is fitted to the legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said {
    Fold,
    Check,
    Call,
    Raise,
}

/// RLCard 1.2.0's Limit Hold'em rule agent (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct RlcardRuleBot;

fn is_broadway(r: Rank) -> bool {
    matches!(r, Rank::Ten | Rank::Jack | Rank::Queen | Rank::King)
}

impl RlcardRuleBot {
    /// The agent's word for `hole` with `board`.
    fn say(hole: [Card; 2], board: &[Card]) -> Said {
        let (a, b) = (hole[0].rank(), hole[1].rank());
        let pair = a == b;
        let has_ace = a == Rank::Ace || b == Rank::Ace;
        let ace_broadway = has_ace && (is_broadway(a) || is_broadway(b));
        let suited = hole[0].suit() == hole[1].suit();
        if board.is_empty() {
            // Pairs, AK–AT, suited aces, and two of K, Q, J, T; fold the rest.
            let raise =
                pair || ace_broadway || (has_ace && suited) || (is_broadway(a) && is_broadway(b));
            return if raise { Said::Raise } else { Said::Fold };
        }
        let board_has = |r: Rank| board.iter().any(|c| c.rank() == r);
        let raise = if pair {
            board_has(a)
        } else if has_ace {
            if ace_broadway {
                board
                    .iter()
                    .any(|c| c.rank() == Rank::Ace || is_broadway(c.rank()))
            } else {
                suited && board.iter().any(|c| c.suit() == hole[0].suit())
            }
        } else {
            false
        };
        if raise {
            return Said::Raise;
        }
        if pair || has_ace {
            return Said::Fold;
        }
        // No pair and no ace: a low board (every card 5 or lower) checks on the flop and folds
        // later; otherwise it calls.
        let low = board.iter().all(|c| c.rank() <= Rank::Five);
        match (low, board.len()) {
            (true, 3) => Said::Check,
            (true, _) => Said::Fold,
            (false, _) => Said::Call,
        }
    }
}

impl PureRule for RlcardRuleBot {
    const NAME: &'static str = "rlcard";

    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        let s = Spot::read(view)?;
        let l = s.legal;
        let facing = !l.check;
        // RLCard's fitting of a word to the legal actions: a raise it may not make is a call; a
        // check facing a bet is a fold; a call with nothing to call is a bet. Its free fold is a
        // check here.
        let d = match RlcardRuleBot::say(s.hole, &s.board) {
            Said::Raise if l.raise.is_some() => {
                Decision::RaiseTo(l.raise.map_or(Chips::ZERO, |r| r.min_to))
            }
            Said::Raise => Decision::CheckCall,
            Said::Check if facing => Decision::Fold,
            Said::Call if !facing => Decision::RaiseTo(l.raise.map_or(Chips::ZERO, |r| r.min_to)),
            Said::Call | Said::Check => Decision::CheckCall,
            Said::Fold => Decision::Fold,
        };
        Some((Mixed::pure(d), l))
    }
}

/// Deals per equity estimate (a standard error of about 1.6 % of the pot).
pub const EQUITY_SAMPLES: u16 = 1_000;
/// The equity above which the equity bot bets or raises.
pub const EQUITY_BET: f64 = 0.6;

/// The equity player (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct EquityBot;

impl PureRule for EquityBot {
    const NAME: &'static str = "equity";

    fn decision(view: &HandView) -> Option<(Mixed, Legal)> {
        let s = Spot::read(view)?;
        let equity = strength(s.hole, &s.board, EQUITY_SAMPLES);
        let d = if equity > EQUITY_BET && s.legal.raise.is_some() {
            Decision::RaiseTo(s.pot_fraction_to(1.0))
        } else if s.to_call == 0 || equity >= s.pot_odds() {
            Decision::CheckCall
        } else {
            Decision::Fold
        };
        Some((Mixed::pure(d), s.legal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::parse_cards;

    fn say(hole: &str, board: &str) -> Said {
        let h = parse_cards(hole).expect("hole");
        let b = if board.is_empty() {
            Vec::new()
        } else {
            parse_cards(board).expect("board")
        };
        RlcardRuleBot::say([h[0], h[1]], &b)
    }

    #[test]
    fn rlcards_rule_agent_raises_the_hands_it_lists_before_the_flop_and_folds_the_rest() {
        for raise in ["7c 7d", "Ah Kc", "As Td", "Ah 4h", "Kc Td", "Qs Jh"] {
            assert_eq!(say(raise, ""), Said::Raise, "{raise}");
        }
        for fold in ["Ah 9c", "Kc 9c", "7c 2d", "9s 8s"] {
            assert_eq!(say(fold, ""), Said::Fold, "{fold}");
        }
    }

    #[test]
    fn rlcards_rule_agent_after_the_flop() {
        // A pair raises only with a set; AK–AT with a broadway or ace on the board; a suited ace
        // with a card of its suit.
        assert_eq!(say("7c 7d", "7h Kc 2d"), Said::Raise);
        assert_eq!(say("7c 7d", "8h Kc 2d"), Said::Fold);
        assert_eq!(say("Ah Kc", "Td 4c 2d"), Said::Raise);
        assert_eq!(say("Ah Kc", "9d 4c 2d"), Said::Fold);
        assert_eq!(say("Ah 4h", "9h 8c 2d"), Said::Raise);
        // Two broadways: check a low flop, fold a low turn, call otherwise.
        assert_eq!(say("Kc Qd", "5h 3c 2d"), Said::Check);
        assert_eq!(say("Kc Qd", "5h 3c 2d 4s"), Said::Fold);
        assert_eq!(say("Kc Qd", "9h 3c 2d 4s"), Said::Call);
    }
}
