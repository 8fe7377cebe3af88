//! The felt of a betting hand: what every seat sees of the table at a moment, the same for
//! Hold'em and Draw, for what draws a table without knowing the game (the room's replayer).

use super::pots::PotShown;
use crate::Chips;

/// What every seat sees of a betting hand's table at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Felt {
    /// Chips behind, per seat.
    pub stacks: Vec<Chips>,
    /// This round's bet in front of each seat.
    pub bets: Vec<Chips>,
    /// Everything in the middle (pots and bets).
    pub pot: Chips,
    /// The main pot and the side pots, with who may win each (this round's bets join them when
    /// the round ends).
    pub pots: Vec<PotShown>,
    /// The seat to act, as the game's view names it.
    pub to_act: Option<usize>,
    /// Whether the hand is over.
    pub over: bool,
}

/// A betting game's hand (Hold'em's, Draw's) as what draws it without knowing the game sees it.
pub trait BettingTable {
    /// The table now.
    fn felt(&self) -> Felt;
}
