//! The game record of a draw hand: one JSON document, `"format": "tavolo-draw-record/1"`
//! (docs/draw-record.md), holding the setup, every card as dealt, every action and the result.
//! [`DrawRecord::replay`] re-executes it through the engine; a record that breaks the rules is
//! rejected naming the action and why.

use super::action::Event;
use super::error::{DrawError, SetupError};
use super::hand::{actions_from_log, stacked_from_log, DrawHand, ReplayError};
use super::rules::{Dealing, DrawRules, DrawSetup, StackedDeal};
use super::Action;
use crate::Chips;
use tavolo_cards::{Card, CardSet};
use thiserror::Error;

/// The `format` of a draw record.
pub const RECORD_FORMAT: &str = "tavolo-draw-record/1";

/// A recorded hand of Five-Card Draw.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DrawRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Starting stacks by seat (seats in clockwise order).
    pub stacks: Vec<Chips>,
    /// The dealer's seat.
    pub dealer: usize,
    /// The ante, also the minimum bet and raise.
    pub ante: Chips,
    /// Chips carried into this hand's pot by the previous hand.
    #[serde(default)]
    pub carried_in: Chips,
    /// The ruleset (missing fields take RULES.md's defaults).
    #[serde(default)]
    pub rules: DrawRules,
    /// Every card as dealt.
    pub deal: RecordDeal,
    /// The players' actions in order.
    pub actions: Vec<RecordAction>,
    /// The outcome, if the hand is over; checked on replay when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
    /// The players' names by seat, when a table gave them (informational: replay and the
    /// fairness check ignore it; records without it still read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
}

/// The cards of a recorded hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RecordDeal {
    /// Each seat's five cards.
    pub hands: Vec<Vec<Card>>,
    /// The bottom card of the deck (never dealt).
    pub bottom: Card,
    /// The cards served in the exchange, in serving order.
    pub draws: Vec<Card>,
}

/// One recorded action.
///
/// Every action names the `seat` that took it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum RecordAction {
    /// Fold (at any moment of the betting or the exchange).
    Fold { seat: usize },
    /// Check (only where the rules allow it).
    Check { seat: usize },
    /// Call.
    Call { seat: usize },
    /// Open or raise to a total bet this round.
    Bet {
        seat: usize,
        /// The seat's total bet this round after it.
        to: Chips,
    },
    /// Exchange these cards (0 to 3).
    Exchange {
        seat: usize,
        /// The cards laid down.
        discard: Vec<Card>,
    },
    /// Show at the showdown.
    Show { seat: usize },
    /// Muck at the showdown.
    Muck { seat: usize },
}

impl RecordAction {
    /// Plays this action, the record's action `index`, on `hand`, appending its events to
    /// `events`; the error names the action.
    fn replay(
        &self,
        index: usize,
        hand: &mut DrawHand,
        events: &mut Vec<Event>,
    ) -> Result<(), RecordError> {
        let action = self
            .to_action()
            .map_err(|_| RecordError::DuplicateDiscard {
                index,
                action: self.clone(),
            })?;
        hand.apply_into(action, events)
            .map_err(|error| RecordError::Action {
                index,
                action: self.clone(),
                error: Box::new(error),
            })
    }

    fn to_action(&self) -> Result<Action, CardSet> {
        Ok(match self {
            RecordAction::Fold { seat } => Action::Fold { seat: *seat },
            RecordAction::Check { seat } => Action::Check { seat: *seat },
            RecordAction::Call { seat } => Action::Call { seat: *seat },
            RecordAction::Bet { seat, to } => Action::BetOrRaiseTo {
                seat: *seat,
                to: *to,
            },
            RecordAction::Exchange { seat, discard } => {
                let set: CardSet = discard.iter().copied().collect();
                if set.len() as usize != discard.len() {
                    return Err(set);
                }
                Action::Exchange {
                    seat: *seat,
                    discard: set,
                }
            }
            RecordAction::Show { seat } => Action::Show { seat: *seat },
            RecordAction::Muck { seat } => Action::Muck { seat: *seat },
        })
    }

    fn from_action(a: Action) -> RecordAction {
        match a {
            Action::Fold { seat } => RecordAction::Fold { seat },
            Action::Check { seat } => RecordAction::Check { seat },
            Action::Call { seat } => RecordAction::Call { seat },
            Action::BetOrRaiseTo { seat, to } => RecordAction::Bet { seat, to },
            Action::Exchange { seat, discard } => RecordAction::Exchange {
                seat,
                discard: discard.iter().collect(),
            },
            Action::Show { seat } => RecordAction::Show { seat },
            Action::Muck { seat } => RecordAction::Muck { seat },
        }
    }
}

/// The outcome of a recorded hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RecordResult {
    /// Stacks after the hand, by seat.
    pub finishing_stacks: Vec<Chips>,
    /// Chips won by each seat (pots and shares; uncalled bets not counted).
    pub winnings: Vec<Chips>,
    /// Chips left in the pot for the next hand.
    pub carried_pot: Chips,
}

/// Why a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The seed given deals other cards than the record shows (the fairness check failed).
    #[error("the seed does not deal this hand: {what}")]
    SeedMismatch {
        /// Which cards differ.
        what: String,
    },
    /// Not a draw record.
    #[error("format is `{found}`, expected `{RECORD_FORMAT}`")]
    Format {
        /// The format found.
        found: String,
    },
    /// Not valid JSON for a draw record.
    #[error("not a draw record: {0}")]
    Json(String),
    /// A hand of the deal is not five cards.
    #[error("deal: seat {seat} has {count} cards, not 5")]
    HandSize {
        /// The seat.
        seat: usize,
        /// Cards given.
        count: usize,
    },
    /// The setup or the deal cannot be dealt.
    #[error("setup: {0}")]
    Setup(SetupError),
    /// An action the rules refuse.
    #[error("action {index} ({action:?}) refused: {error}")]
    Action {
        /// Its index in `actions` (from 0).
        index: usize,
        /// The action.
        action: RecordAction,
        /// Why.
        error: Box<DrawError>,
    },
    /// An exchange naming a card twice.
    #[error("action {index} ({action:?}): a card is named twice")]
    DuplicateDiscard {
        /// Its index in `actions`.
        index: usize,
        /// The action.
        action: RecordAction,
    },
    /// The result differs from what the rules give.
    #[error("result: {field} is {recorded:?} but the rules give {replayed:?}")]
    Result {
        /// Which field.
        field: &'static str,
        /// As recorded.
        recorded: Vec<Chips>,
        /// As replayed.
        replayed: Vec<Chips>,
    },
    /// A result is recorded but the actions do not finish the hand.
    #[error("the record has a result but its actions leave the hand unfinished")]
    Unfinished,
    /// The record is not the hand its seed and actions give: the fairness proof failed.
    #[error("{what}: the record says {recorded}, the seed and the actions give {replayed}")]
    NotTheHand {
        /// What differs (an action's index, the deal, the result).
        what: String,
        /// As recorded.
        recorded: String,
        /// As the seed and the actions give it.
        replayed: String,
    },
    /// The actions stop before the hand is over, so no result can be proved.
    #[error("the record's actions stop before the hand is over: no result to prove")]
    StopsEarly,
    /// The log given to [`DrawRecord::from_log`] is incomplete or inconsistent.
    #[error("log: {0}")]
    Log(ReplayError),
}

impl DrawRecord {
    /// The record of a hand from its setup and its complete event log (the events returned by
    /// [`DrawHand::new`] and every [`DrawHand::apply`]). The result is filled in when the log
    /// reaches the end of the hand.
    pub fn from_log(setup: &DrawSetup, events: &[Event]) -> Result<DrawRecord, RecordError> {
        let deal = stacked_from_log(setup.seats(), events).map_err(RecordError::Log)?;
        let hand = DrawHand::replay(setup, events).map_err(RecordError::Log)?;
        Ok(DrawRecord {
            format: RECORD_FORMAT.to_string(),
            stacks: setup.stacks.clone(),
            dealer: setup.dealer,
            ante: setup.ante,
            carried_in: setup.carried_in,
            rules: setup.rules,
            deal: RecordDeal {
                hands: deal.hands.iter().map(|h| h.to_vec()).collect(),
                bottom: deal.bottom,
                draws: deal.draws,
            },
            actions: actions_from_log(events)
                .map(RecordAction::from_action)
                .collect(),
            result: hand.is_over().then(|| result_of(&hand)),
            players: None,
        })
    }

    /// The record with the players named by seat; names are kept only when there is one per
    /// seat.
    pub fn with_players(mut self, names: &[String]) -> DrawRecord {
        if names.len() == self.stacks.len() {
            self.players = Some(names.to_vec());
        }
        self
    }

    /// The setup of the recorded hand.
    pub fn setup(&self) -> DrawSetup {
        DrawSetup {
            stacks: self.stacks.clone(),
            dealer: self.dealer,
            ante: self.ante,
            carried_in: self.carried_in,
            rules: self.rules,
        }
    }

    /// Parses a record from JSON (checking the format).
    pub fn from_json(text: &str) -> Result<DrawRecord, RecordError> {
        let r: DrawRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if r.format != RECORD_FORMAT {
            return Err(RecordError::Format { found: r.format });
        }
        Ok(r)
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and lists: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The hand `seed` deals with this record's setup, and the events of the recorded actions
    /// applied to it.
    fn seeded(&self, seed: [u8; 32]) -> Result<(DrawHand, Vec<Event>), RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format {
                found: self.format.clone(),
            });
        }
        let (mut hand, mut events) = DrawHand::new(
            &self.setup(),
            Dealing::Seeded(tavolo_cards::GameRng::from_seed(seed)),
        )
        .map_err(RecordError::Setup)?;
        for (index, ra) in self.actions.iter().enumerate() {
            ra.replay(index, &mut hand, &mut events)?;
        }
        Ok((hand, events))
    }

    /// The fairness check of the cards: re-deals the hand from `seed` (as a server dealing with
    /// `Dealing::Seeded(GameRng::from_seed(seed))` did), applies the recorded actions, and
    /// checks that every card — each seat's five, the bottom card, every card served in the
    /// exchange — is the card the seed deals. [`DrawRecord::prove`] is the whole check.
    pub fn check_seed(&self, seed: [u8; 32]) -> Result<(), RecordError> {
        let mismatch = |what: String| Err(RecordError::SeedMismatch { what });
        // The hands first: the actions cannot be applied to another deal.
        let (dealt, _) = DrawHand::new(
            &self.setup(),
            Dealing::Seeded(tavolo_cards::GameRng::from_seed(seed)),
        )
        .map_err(RecordError::Setup)?;
        if dealt.seats() != self.deal.hands.len() {
            return mismatch(format!(
                "the record deals {} hands, the seed deals {}",
                self.deal.hands.len(),
                dealt.seats()
            ));
        }
        for (seat, theirs) in self.deal.hands.iter().enumerate() {
            let ours = dealt.hand(seat);
            let set: CardSet = theirs.iter().copied().collect();
            if theirs.len() != ours.len() as usize || set != ours {
                return mismatch(format!(
                    "seat {seat} holds {theirs:?}, the seed deals {ours}"
                ));
            }
        }
        let (_, events) = self.seeded(seed)?;
        let dealt = DrawRecord::from_log(&self.setup(), &events)?.deal;
        if dealt.bottom != self.deal.bottom {
            return mismatch(format!(
                "the bottom card is {}, the seed's is {}",
                self.deal.bottom, dealt.bottom
            ));
        }
        if dealt.draws != self.deal.draws {
            return mismatch(format!(
                "the exchange serves {:?}, the seed serves {:?}",
                self.deal.draws, dealt.draws
            ));
        }
        Ok(())
    }

    /// The fairness proof of a whole hand a server dealt from `seed`: every card is the
    /// seed's ([`DrawRecord::check_seed`]), and the record is exactly the hand the seed and
    /// the recorded actions give — played to its end, every action in order, the result the
    /// rules reach (which the record must state). Refuses naming the first difference.
    pub fn prove(&self, seed: [u8; 32]) -> Result<(), RecordError> {
        self.check_seed(seed)?;
        let (hand, events) = self.seeded(seed)?;
        if !hand.is_over() {
            return Err(RecordError::StopsEarly);
        }
        let ours = DrawRecord::from_log(&self.setup(), &events)?;
        let differs = |what: String, recorded: String, replayed: String| {
            Err(RecordError::NotTheHand {
                what,
                recorded,
                replayed,
            })
        };
        let (theirs, mine) = (&self.actions, &ours.actions);
        if let Some(i) = (0..theirs.len().max(mine.len())).find(|&i| theirs.get(i) != mine.get(i)) {
            let at = |v: &[RecordAction]| v.get(i).map_or("nothing".into(), |a| format!("{a:?}"));
            return differs(format!("action {i}"), at(theirs), at(mine));
        }
        if self.deal != ours.deal {
            return differs(
                "deal".into(),
                format!("{:?}", self.deal),
                format!("{:?}", ours.deal),
            );
        }
        if self.result != ours.result {
            return differs(
                "result".into(),
                format!("{:?}", self.result),
                format!("{:?}", ours.result),
            );
        }
        Ok(())
    }

    /// Re-executes the record through the engine: deals the recorded cards, applies every
    /// action (each must be legal when it comes), and compares the result when one is recorded.
    /// Returns the hand in its final state.
    pub fn replay(&self) -> Result<DrawHand, RecordError> {
        self.replay_with(|_, _| {})
    }

    /// As [`DrawRecord::replay`], calling `each` with the hand as it stands after the deal (the
    /// antes posted) and after every action, and the events that brought it there: the steps a
    /// replayer shows.
    pub fn replay_with(
        &self,
        mut each: impl FnMut(&DrawHand, &[Event]),
    ) -> Result<DrawHand, RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format {
                found: self.format.clone(),
            });
        }
        let mut hands = Vec::with_capacity(self.deal.hands.len());
        for (seat, h) in self.deal.hands.iter().enumerate() {
            let five: [Card; 5] = h.as_slice().try_into().map_err(|_| RecordError::HandSize {
                seat,
                count: h.len(),
            })?;
            hands.push(five);
        }
        let deal = StackedDeal {
            hands,
            draws: self.deal.draws.clone(),
            bottom: self.deal.bottom,
        };
        let (mut hand, mut ev) =
            DrawHand::new(&self.setup(), Dealing::Stacked(deal)).map_err(RecordError::Setup)?;
        each(&hand, &ev);
        for (index, ra) in self.actions.iter().enumerate() {
            ev.clear();
            ra.replay(index, &mut hand, &mut ev)?;
            each(&hand, &ev);
        }
        if let Some(r) = &self.result {
            if !hand.is_over() {
                return Err(RecordError::Unfinished);
            }
            let got = result_of(&hand);
            for (field, recorded, replayed) in [
                (
                    "finishing_stacks",
                    &r.finishing_stacks,
                    &got.finishing_stacks,
                ),
                ("winnings", &r.winnings, &got.winnings),
            ] {
                if recorded != replayed {
                    return Err(RecordError::Result {
                        field,
                        recorded: recorded.clone(),
                        replayed: replayed.clone(),
                    });
                }
            }
            if r.carried_pot != got.carried_pot {
                return Err(RecordError::Result {
                    field: "carried_pot",
                    recorded: vec![r.carried_pot],
                    replayed: vec![got.carried_pot],
                });
            }
        }
        Ok(hand)
    }
}

fn result_of(hand: &DrawHand) -> RecordResult {
    RecordResult {
        finishing_stacks: hand.stacks().to_vec(),
        winnings: hand.winnings().to_vec(),
        carried_pot: hand.carried(),
    }
}
