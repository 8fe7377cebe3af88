//! Five-Card Draw through the one game interface ([`Game`]): a hand a table deals with its ante
//! and ruleset ([`DrawTable`]), the dealer where the table's rotation put it.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use tavolo_cards::CardSet;

use super::action::{Action, Event};
use super::hand::{DrawHand, ToAct};
use super::record::DrawRecord;
use super::rules::{Dealing, DrawRules, DrawSetup, MAX_DRAW_SEATS};
use super::view::DrawView;
use crate::betting::{self, BettingEvent, Choice, HandSummary, OddChips, SeatMask};
use crate::game::{Game, GameError, Played, Positions, Record};
use crate::tournament::Level;
use crate::Chips;

/// A draw table's options: the ante (also the table minimum) and the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawTable {
    /// The ante ("Grundeinsatz"), also the minimum bet and raise.
    pub ante: Chips,
    /// The ruleset.
    pub rules: DrawRules,
}

impl DrawTable {
    /// RULES.md §3 with this ante.
    pub fn german(ante: Chips) -> DrawTable {
        DrawTable {
            ante,
            rules: DrawRules::german(),
        }
    }
}

crate::betting::betting_action!(Action);

/// Every exchange of 0 to `max` cards of `hand`, standing pat first, then the fold.
pub fn exchange_list(seat: usize, hand: CardSet, max: u8) -> Vec<Action> {
    let cards: Vec<_> = hand.iter().collect();
    let n = cards.len();
    let mut v = vec![Action::Exchange {
        seat,
        discard: CardSet::EMPTY,
    }];
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > u32::from(max) {
            continue;
        }
        let discard = (0..n)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        v.push(Action::Exchange { seat, discard });
    }
    v.push(Action::Fold { seat });
    v
}

impl Game for DrawHand {
    const NAME: &'static str = "draw";
    const SEATS: RangeInclusive<usize> = 2..=MAX_DRAW_SEATS;
    const SHARED_VIEW_FIELDS: &'static [&'static str] = &[
        "dealer",
        "cutter",
        "rules",
        "ante",
        "stage",
        "stacks",
        "bets",
        "pot",
        "carried_in",
        "pots",
        "exchange_counts",
        "deck_cards",
        "discard_pile",
        "reshuffles",
        "shown",
        "live",
        "to_act",
        "over",
        "won",
        "carried_out",
    ];

    type Options = DrawTable;
    type Setup = DrawSetup;
    type View = DrawView;
    crate::betting::betting_game!(DrawHand, ante);

    fn setup(options: &DrawTable, at: &Positions) -> Result<DrawSetup, GameError> {
        let setup = match at.forced {
            None => DrawSetup {
                stacks: at.stacks.clone(),
                dealer: at.button,
                ante: options.ante,
                carried_in: at.carried,
                rules: options.rules,
            },
            Some(forced) => tournament_setup(options, at, forced.level),
        };
        setup.validate()?;
        Ok(setup)
    }

    fn to_act(&self) -> SeatMask {
        let mut m = SeatMask::EMPTY;
        match self.legal_actions() {
            ToAct::Bet(l) => m.insert(l.seat),
            ToAct::Exchange { seat, .. } | ToAct::Showdown { seat, .. } => m.insert(seat),
            ToAct::Nobody => {}
        }
        m
    }

    fn legal(&self, seat: usize) -> Vec<Action> {
        match self.legal_actions() {
            ToAct::Bet(l) if l.seat == seat => betting::legal_list(&l),
            ToAct::Exchange { seat: s, hand, max } if s == seat => exchange_list(seat, hand, max),
            ToAct::Showdown { seat: s, may_muck } if s == seat => {
                let mut v = vec![Action::Show { seat }];
                if may_muck {
                    v.push(Action::Muck { seat });
                }
                v
            }
            _ => Vec::new(),
        }
    }

    fn choices(&self, seat: usize) -> Vec<Choice> {
        match self.legal_actions() {
            ToAct::Bet(l) if l.seat == seat => betting::betting_choices(&l, self.pot_size()),
            ToAct::Exchange { seat: s, max, .. } if s == seat => {
                vec![Choice::Exchange { max }, Choice::Fold]
            }
            ToAct::Showdown { seat: s, may_muck } if s == seat => {
                let mut v = vec![Choice::Show];
                if may_muck {
                    v.push(Choice::Muck);
                }
                v
            }
            _ if self.may_fold(seat) => vec![Choice::Fold],
            _ => Vec::new(),
        }
    }

    fn seat_of(action: &Action) -> Option<usize> {
        Some(action.seat())
    }

    fn out_of_turn(&self, action: &Action) -> bool {
        matches!(*action, Action::Fold { seat } if self.may_fold(seat))
    }

    fn timeout_action(&self, seat: usize) -> Option<Action> {
        match self.legal_actions() {
            // Standing pat rather than folding: the player keeps the hand they were dealt.
            ToAct::Exchange { seat: s, .. } if s == seat => Some(Action::Exchange {
                seat,
                discard: CardSet::EMPTY,
            }),
            _ => <DrawHand as Game>::legal(self, seat).first().copied(),
        }
    }

    fn best_hand(&self, seat: usize) -> Option<tavolo_cards::HandRank> {
        let cards: Vec<tavolo_cards::Card> = self.hand(seat).iter().collect();
        (cards.len() == 5)
            .then(|| tavolo_cards::evaluate(&cards).ok())
            .flatten()
    }

    fn summary(&self, events: &[Event]) -> HandSummary {
        let bets = events.iter().filter_map(|e| e.bet().copied());
        HandSummary::new(
            bets,
            |s| self.shown_rank(s),
            |s| self.shown_five(s),
            self.winnings(),
            self.carried(),
        )
    }

    fn record(played: &Played<DrawHand>, names: Option<&[String]>) -> Result<Record, GameError> {
        let mut record = DrawRecord::from_log(&played.setup, &played.log)
            .map_err(|e| GameError::Record(e.to_string()))?;
        if let Some(names) = names {
            record = record.with_players(names);
        }
        Ok(Record {
            format: "draw-json",
            text: record.to_json(),
        })
    }
}

/// A tournament hand's setup (docs/rule-decisions.md, Tournaments): every player posts the
/// level's ante, which is also the minimum bet and raise, and the odd chips of a split go to
/// the winners from the dealer's left (RULES.md §2's rule) instead of staying in the pot, so
/// that every hand ends with all the chips in the stacks: a player moved or a table broken
/// between hands takes exactly their chips, and nobody's chips are left behind at a table.
fn tournament_setup(options: &DrawTable, at: &Positions, level: Level) -> DrawSetup {
    DrawSetup {
        stacks: at.stacks.clone(),
        dealer: at.button,
        ante: level.ante,
        carried_in: at.carried,
        rules: DrawRules {
            odd_chips: OddChips::OneEachFromLeftOfButton,
            ..options.rules
        },
    }
}
