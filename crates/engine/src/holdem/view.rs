//! What one seat may see of a hand: its own hole cards, everything public, nothing else.

use super::action::Street;
use super::hand::{Hand, ToAct};
use super::rules::HoldemRules;
use crate::betting::{Legal, PotShown};
use crate::Chips;
use tavolo_cards::Card;

/// One seat's view of a hand (or a spectator's, with `seat: None`). Other seats' hole cards
/// appear only once shown at the showdown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct HandView {
    /// Whose view this is.
    pub seat: Option<usize>,
    /// The table's rules (structure, minimum raise, …).
    pub rules: HoldemRules,
    /// The minimum bet: the big blind (No-Limit, Pot-Limit) or the small bet (Limit).
    pub min_bet: Chips,
    /// Limit's big bet (turn and river).
    pub big_bet: Chips,
    /// The button seat.
    pub button: usize,
    /// The current street.
    pub street: Street,
    /// Chips behind, per seat.
    pub stacks: Vec<Chips>,
    /// This round's bet in front of each seat.
    pub bets: Vec<Chips>,
    /// Everything in the middle (pots and bets).
    pub pot: Chips,
    /// The main pot and the side pots in the middle, with who may win each (this round's bets
    /// join them when the round ends).
    pub pots: Vec<PotShown>,
    /// The board cards dealt so far (0, 3, 4 or 5).
    pub board: Vec<Card>,
    /// Hole cards this viewer may see, per seat (`None`: hidden or unknown).
    pub hole: Vec<[Option<Card>; 2]>,
    /// Whether each seat is still in the hand.
    pub live: Vec<bool>,
    /// The seat to act in a betting round.
    pub to_act: Option<usize>,
    /// The viewer's legal choices, when it is the viewer's turn to bet.
    pub legal: Option<Legal>,
    /// Whether the hand is over.
    pub over: bool,
    /// Chips won per seat (after the hand).
    pub won: Vec<Chips>,
}

impl Hand {
    /// The view of `seat` (`None`: a spectator).
    pub fn view(&self, seat: Option<usize>) -> HandView {
        let n = self.seats();
        let shown = self.shown();
        let legal = match self.legal_actions() {
            ToAct::Player(l) => Some(l),
            _ => None,
        };
        HandView {
            seat,
            rules: *self.rules(),
            min_bet: self.min_bet(),
            big_bet: self.big_bet(),
            button: self.button(),
            street: self.street(),
            stacks: self.stacks().to_vec(),
            bets: (0..n).map(|s| self.bet(s)).collect(),
            pot: self.pot_total(),
            pots: self.pots_in_middle(),
            board: self.board().collect(),
            hole: (0..n)
                .map(|s| {
                    if Some(s) == seat || shown.contains(s) {
                        self.hole_cards(s)
                    } else {
                        [None, None]
                    }
                })
                .collect(),
            live: (0..n).map(|s| self.live().contains(s)).collect(),
            to_act: legal.map(|l| l.seat),
            legal: legal.filter(|l| Some(l.seat) == seat),
            over: self.is_over(),
            won: self.winnings().to_vec(),
        }
    }
}
