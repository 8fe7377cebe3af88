//! Texas Hold'em through the one game interface ([`Game`]): a hand a table deals with its
//! blinds ([`HoldemTable`]) at the positions it chose.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::action::{Action, Event};
use super::hand::{Dealing, Hand, ToAct};
use super::phh;
use super::rules::Antes;
use super::rules::{HandSetup, HoldemRules};
use super::view::HandView;
use crate::betting::{self, BettingEvent, Choice, HandSummary, SeatMask, MAX_SEATS};
use crate::game::{Forced, Game, GameError, Played, Positions, Record};
use crate::Chips;

/// A Hold'em table's options: the blinds, the antes and the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldemTable {
    /// The small blind: half the table minimum, rounded down (RULES.md §2 Blinds), unless the
    /// house sets another.
    pub small_blind: Chips,
    /// The big blind: the table minimum.
    pub big_blind: Chips,
    /// Every player's ante (0: none).
    pub ante: Chips,
    /// The ruleset.
    pub rules: HoldemRules,
}

impl HoldemTable {
    /// The casino table of RULES.md §2 with `table_minimum` as the big blind and half of it as
    /// the small blind, no antes.
    ///
    /// ```
    /// use tavolo_engine::holdem::HoldemTable;
    /// use tavolo_engine::Chips;
    /// let t = HoldemTable::casino(Chips::new(25), Default::default());
    /// assert_eq!((t.small_blind, t.big_blind), (Chips::new(12), Chips::new(25)));
    /// ```
    pub fn casino(table_minimum: Chips, rules: HoldemRules) -> HoldemTable {
        HoldemTable {
            small_blind: table_minimum.half(),
            big_blind: table_minimum,
            ante: Chips::ZERO,
            rules,
        }
    }
}

crate::betting::betting_action!(Action);

impl Game for Hand {
    const NAME: &'static str = "holdem";
    const SEATS: RangeInclusive<usize> = 2..=MAX_SEATS;
    const SHARED_VIEW_FIELDS: &'static [&'static str] = &[
        "rules", "min_bet", "big_bet", "button", "street", "stacks", "bets", "pot", "pots",
        "board", "live", "to_act", "over", "won",
    ];

    type Options = HoldemTable;
    type Setup = HandSetup;
    type View = HandView;
    crate::betting::betting_game!(Hand, min_bet);

    fn setup(options: &HoldemTable, at: &Positions) -> Result<HandSetup, GameError> {
        if let Some(forced) = at.forced {
            return tournament_setup(options, at, forced);
        }
        let mut setup = HandSetup::casino(
            at.stacks.clone(),
            at.button,
            options.small_blind,
            options.big_blind,
            options.rules,
        );
        setup.antes = vec![options.ante; at.stacks.len()];
        setup.carried_in = at.carried;
        setup.validate()?;
        Ok(setup)
    }

    fn to_act(&self) -> SeatMask {
        match self.legal_actions() {
            ToAct::Player(l) => {
                let mut m = SeatMask::EMPTY;
                m.insert(l.seat);
                m
            }
            ToAct::Showdown { seats, .. } => seats,
            _ => SeatMask::EMPTY,
        }
    }

    fn legal(&self, seat: usize) -> Vec<Action> {
        match self.legal_actions() {
            ToAct::Player(l) if l.seat == seat => betting::legal_list(&l),
            ToAct::Showdown { seats, .. } if seats.contains(seat) => {
                vec![Action::Show { seat, cards: None }, Action::Muck { seat }]
            }
            _ => Vec::new(),
        }
    }

    fn choices(&self, seat: usize) -> Vec<Choice> {
        match self.legal_actions() {
            ToAct::Player(l) if l.seat == seat => betting::betting_choices(&l, self.pot_size()),
            ToAct::Showdown { seats, .. } if seats.contains(seat) => {
                vec![Choice::Show, Choice::Muck]
            }
            _ => Vec::new(),
        }
    }

    fn seat_of(action: &Action) -> Option<usize> {
        action.seat()
    }

    fn timeout_action(&self, seat: usize) -> Option<Action> {
        <Hand as Game>::legal(self, seat).first().copied()
    }

    fn best_hand(&self, seat: usize) -> Option<tavolo_cards::HandRank> {
        let [Some(a), Some(b)] = self.hole_cards(seat) else {
            return None;
        };
        let cards: Vec<tavolo_cards::Card> = [a, b].into_iter().chain(self.board()).collect();
        (cards.len() >= 5)
            .then(|| tavolo_cards::evaluate(&cards).ok())
            .flatten()
    }

    fn summary(&self, events: &[Event]) -> HandSummary {
        // A hand shown all-in before the river has its value once the board is complete.
        let shown = |seat| {
            events.iter().find_map(|e| match *e {
                Event::Shown { seat: s, rank, .. } if s == seat => {
                    rank.or_else(|| self.shown_rank(seat))
                }
                _ => None,
            })
        };
        let bets = events.iter().filter_map(|e| e.bet().copied());
        HandSummary::new(
            bets,
            shown,
            |seat| self.shown_five(seat),
            self.winnings(),
            self.carried(),
        )
    }

    fn record(played: &Played<Hand>, names: Option<&[String]>) -> Result<Record, GameError> {
        Ok(Record {
            format: "phh",
            text: phh::export(&played.setup, &played.log, names).to_phh(),
        })
    }
}

/// A tournament hand's setup (RULES.md §5, Levels and the clock): the level's blinds posted by
/// the seats the table named (a dead small blind posts nothing), and the big-blind ante posted
/// by the big blind for the table, blind first: a big blind who cannot pay both pays the blind
/// and what is left towards the ante. The ante is dead money in the main pot.
fn tournament_setup(
    options: &HoldemTable,
    at: &Positions,
    forced: Forced,
) -> Result<HandSetup, GameError> {
    let l = forced.level;
    let rules = HoldemRules {
        antes: Antes::Dead,
        ..options.rules
    };
    let mut setup = HandSetup::casino(
        at.stacks.clone(),
        at.button,
        l.small_blind,
        l.big_blind,
        rules,
    );
    let n = at.stacks.len();
    setup.blinds = vec![Chips::ZERO; n];
    if let Some(small) = forced.small.filter(|&s| s < n) {
        setup.blinds[small] = l.small_blind;
    }
    if let (Some(b), Some(&stack)) = (setup.blinds.get_mut(forced.big), at.stacks.get(forced.big)) {
        *b = l.big_blind;
        setup.antes[forced.big] = l.ante.min(stack.minus_at_most(l.big_blind));
    }
    setup.carried_in = at.carried;
    setup.validate()?;
    Ok(setup)
}
