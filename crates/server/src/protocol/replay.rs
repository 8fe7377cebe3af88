//! `GET /api/history/{id}/replay`: a finished hand or game as the steps of a replayer, built by
//! the engine from the stored record (the browser draws them; it ranks and pays nothing itself).
//! Every card is as the asker may see it at the end of the hand: their own, those shown at the
//! table, and — with `reveal=all`, for the hand's players, who may recompute every card from
//! the seed anyway — every card dealt. Events are the engine's own, words-free: the client tells
//! them in its language as it tells the live table's.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tavolo_engine::Chips;

/// The replay of one stored hand (Hold'em, Five-Card Draw) or game (Saint Poker).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReplayReply {
    /// `h-123`.
    pub hand: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// The players' names, by the record's seat (empty where the record names nobody).
    pub players: Vec<String>,
    /// The asker's seat among them, when found.
    pub viewer: Option<usize>,
    /// The button (Hold'em) or the dealer (Five-Card Draw).
    pub button: Option<usize>,
    /// Whether every card dealt is shown (`reveal=all`), not only the asker's and those shown.
    pub revealed: bool,
    /// The steps: the deal, then one per action (Saint Poker: per place, show and pick).
    pub steps: Vec<ReplayStep>,
}

/// The table after one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReplayStep {
    /// The engine's events of this step (as the live table sends them, hidden cards `null`).
    pub events: Vec<Value>,
    /// Each seat, by the record's seat.
    pub seats: Vec<StepSeat>,
    /// The board (Hold'em) or the centre, or the draft's pool (Saint Poker).
    pub board: Vec<String>,
    /// The pots in the middle, main pot first (this round's bets not yet in them); empty once
    /// they are paid out.
    pub pots: Vec<StepPot>,
    /// Everything in the middle and bet; at the end, what was paid out.
    pub pot: Chips,
    /// The seat to act next, in a betting round or an exchange.
    pub to_act: Option<usize>,
    /// Saint Poker: the round (1–7; 8 once the game is over), the preview and the draft's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saint: Option<SaintStep>,
    /// At the last step of a finished hand: who won what, and every hand shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<StepResult>,
}

/// One seat at a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepSeat {
    /// Chips behind (Saint Poker: 0).
    pub stack: Chips,
    /// This round's bet in front of the seat.
    pub bet: Chips,
    /// Folded.
    pub folded: bool,
    /// All-in.
    pub all_in: bool,
    /// Mucked at the showdown.
    pub mucked: bool,
    /// Shown at the table (by this step).
    pub shown: bool,
    /// The cards held: a card, or `null` face down.
    pub cards: Vec<Option<String>>,
    /// Five-Card Draw: how many cards were exchanged, once the seat has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchanged: Option<u8>,
    /// Saint Poker: the points so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Saint Poker: the card placed this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<String>,
    /// Saint Poker: the pair shown this round, with its value and points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<ShownHand>,
}

/// A pot in the middle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepPot {
    /// Its chips.
    pub amount: Chips,
    /// The seats that may win it.
    pub eligible: Vec<usize>,
}

/// Saint Poker's round at a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SaintStep {
    /// The round (1–7), 0 before the first, 8 once the game is over.
    pub round: u8,
    /// The next round's centre, shown in advance.
    pub preview: Vec<String>,
    /// The draft's order, during the draft.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// The player picking at this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picking: Option<usize>,
}

/// The end of a hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepResult {
    /// Each pot paid out, main pot first, with its winners (several: a split pot).
    pub pots: Vec<PotResult>,
    /// Uncalled chips given back.
    pub returned: Vec<Share>,
    /// Chips left in the middle for the next hand (odd chips, an unclaimed pot).
    pub carried: Chips,
    /// Every hand shown, with its value by the engine's evaluator and the game's tie-break.
    pub hands: Vec<ShownHand>,
    /// Saint Poker: each player's place (1 first) and final points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<Vec<usize>>,
}

/// A pot and who won it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PotResult {
    /// 0 is the main pot.
    pub pot: usize,
    /// Its chips paid out.
    pub amount: Chips,
    /// Who won which share.
    pub winners: Vec<Share>,
}

/// Chips to a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Share {
    /// The seat.
    pub seat: usize,
    /// Chips.
    pub amount: Chips,
}

/// A hand shown and its value: the category's code, the deciding ranks that count under the
/// game's tie-break (German draw: one pair by the pair and its highest kicker, a full house by
/// its three) and the five cards that make it, in the order that describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ShownHand {
    /// The seat.
    pub seat: usize,
    /// The category's code (`one_pair`, …, `straight_flush`).
    pub category: String,
    /// The deciding ranks, as rank characters, most significant first.
    pub ranks: Vec<String>,
    /// The five cards.
    pub cards: Vec<String>,
    /// The cards the seat showed (Hold'em: its two hole cards; Saint Poker: its pair).
    pub shown: Vec<String>,
    /// Saint Poker: the points the hand scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}
