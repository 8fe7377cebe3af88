//! What one seat may see of a draw hand: its own cards, discards and draws, everything public
//! (stacks, bets, announced exchange counts, shown hands), nothing else.

use super::hand::{DrawHand, Stage, ToAct};
use super::rules::DrawRules;
use crate::betting::PotShown;
use crate::Chips;
use tavolo_cards::Card;

/// One seat's view of a hand (or a spectator's, with `seat: None`). Other seats' cards,
/// discards and draws never appear; a hand appears once shown at the showdown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct DrawView {
    /// Whose view this is.
    pub seat: Option<usize>,
    /// The dealer's seat.
    pub dealer: usize,
    /// The cutter's seat (first to act).
    pub cutter: usize,
    /// The table's rules (checks, tie-break, minimum raise, odd chips).
    pub rules: DrawRules,
    /// The ante (the table minimum).
    pub ante: Chips,
    /// Where the hand is.
    pub stage: Stage,
    /// Chips behind, per seat.
    pub stacks: Vec<Chips>,
    /// This round's bet in front of each seat.
    pub bets: Vec<Chips>,
    /// Everything in the middle, the carried-in pot included.
    pub pot: Chips,
    /// The pot carried in from the previous hand.
    pub carried_in: Chips,
    /// The main pot (the carried-in pot in it) and the side pots in the middle, with who may
    /// win each (this round's bets join them when the round ends).
    pub pots: Vec<PotShown>,
    /// The viewer's five cards (empty for a spectator), lowest first.
    pub hand: Vec<Card>,
    /// The cards the viewer laid down in the exchange.
    pub discarded: Vec<Card>,
    /// The cards the viewer received, in serving order.
    pub drawn: Vec<Card>,
    /// The announced exchange count of each seat (`None`: not yet exchanged).
    pub exchange_counts: Vec<Option<u8>>,
    /// Cards in the deck (the bottom card not counted) and in the discard pile.
    pub deck_cards: usize,
    /// Cards in the discard pile.
    pub discard_pile: usize,
    /// How often the discards were reshuffled.
    pub reshuffles: u8,
    /// Shown hands, per seat (`None`: not shown).
    pub shown: Vec<Option<Vec<Card>>>,
    /// Whether each seat is still in the hand.
    pub live: Vec<bool>,
    /// The seat to act (betting, exchange or showdown).
    pub to_act: Option<usize>,
    /// The viewer's choices when it is the viewer's turn.
    #[serde(skip)]
    pub legal: Option<ToAct>,
    /// Whether the viewer may fold now (any moment of the betting and the exchange).
    pub may_fold: bool,
    /// Whether the hand is over.
    pub over: bool,
    /// Chips won per seat (after the hand).
    pub won: Vec<Chips>,
    /// Chips left in the pot for the next hand (after the hand).
    pub carried_out: Chips,
}

impl DrawHand {
    /// The view of `seat` (`None`: a spectator).
    pub fn view(&self, seat: Option<usize>) -> DrawView {
        let n = self.seats();
        let me = seat.filter(|&s| s < n);
        let legal = self.legal_actions();
        let to_act = legal.seat();
        DrawView {
            seat: me,
            dealer: self.dealer(),
            cutter: self.cutter(),
            rules: *self.rules(),
            ante: self.ante(),
            stage: self.stage(),
            stacks: self.stacks().to_vec(),
            bets: (0..n).map(|s| self.bet(s)).collect(),
            pot: self.pot_total(),
            carried_in: self.carried_in(),
            pots: self.pots_in_middle(),
            hand: me
                .map(|s| self.hand(s).iter().collect())
                .unwrap_or_default(),
            discarded: me
                .map(|s| self.discarded(s).iter().collect())
                .unwrap_or_default(),
            drawn: me
                .map(|s| self.drawn(s).cards().collect())
                .unwrap_or_default(),
            exchange_counts: self.exchange_counts().to_vec(),
            deck_cards: self.deck_len(),
            discard_pile: self.discard_pile_len(),
            reshuffles: self.reshuffles(),
            shown: (0..n)
                .map(|s| {
                    self.shown()
                        .contains(s)
                        .then(|| self.hand(s).iter().collect())
                })
                .collect(),
            live: (0..n).map(|s| self.live().contains(s)).collect(),
            to_act,
            legal: if to_act.is_some() && to_act == me {
                Some(legal)
            } else {
                None
            },
            may_fold: me.is_some_and(|s| self.may_fold(s)),
            over: self.is_over(),
            won: self.winnings().to_vec(),
            carried_out: self.carried(),
        }
    }
}
