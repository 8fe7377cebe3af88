//! What players do (actions) and what happens as a result (events).

use crate::betting::{betting_event, BetEvent};
use crate::Chips;
use tavolo_cards::{Card, CardSet, HandRank};

/// The two betting rounds.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Round {
    /// Before the exchange.
    #[serde(alias = "First")]
    First,
    /// After the exchange.
    #[serde(alias = "Second")]
    Second,
}

/// An action of a player. Seats are indices in the hand's [`super::DrawSetup`].
///
/// Written as JSON tagged by `action` (`{"action": "exchange", "seat": 0, "discard": ["7c",
/// "2d"]}`).
///
/// Every action names the `seat` that takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum Action {
    /// Give up the hand. Allowed to any live seat at any moment of the betting or the exchange,
    /// out of turn too; binding and immediate.
    Fold { seat: usize },
    /// Pass with nothing owed — only where the rules allow checks ([`super::DrawRules::allow_check`]).
    Check { seat: usize },
    /// Match the current bet ("ich geh mit"), or go all-in for less.
    Call { seat: usize },
    /// Open or raise so that this round's bet in front of the seat becomes `to`.
    BetOrRaiseTo {
        seat: usize,
        /// The total bet this round after the action.
        to: Chips,
    },
    /// Discard these cards (0 to 3 of the seat's own) and receive as many from the deck.
    Exchange {
        seat: usize,
        /// The cards laid down.
        #[serde(with = "crate::wire::card_list")]
        discard: CardSet,
    },
    /// Show the hand at the showdown.
    Show { seat: usize },
    /// Give up the claim to the pot at the showdown without showing (only when a hand shown so
    /// far is at least as good).
    Muck { seat: usize },
}

impl Action {
    /// The acting seat.
    pub fn seat(&self) -> usize {
        match *self {
            Action::Fold { seat }
            | Action::Check { seat }
            | Action::Call { seat }
            | Action::BetOrRaiseTo { seat, .. }
            | Action::Exchange { seat, .. }
            | Action::Show { seat }
            | Action::Muck { seat } => seat,
        }
    }
}

/// The cards one player received in the exchange, in the order served (0 to 3); written as a
/// list of cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Drawn {
    cards: [Option<Card>; 3],
}

impl Drawn {
    pub(crate) fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.iter_mut().find(|x| x.is_none()) {
            *slot = Some(c);
        }
    }

    /// The cards in serving order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards.iter().flatten().copied()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.cards.iter().flatten().count()
    }

    /// Whether none.
    pub fn is_empty(&self) -> bool {
        self.cards[0].is_none()
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.cards().collect()
    }
}

impl serde::Serialize for Drawn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

/// Something that happened in the hand. The events of a hand, in order, are its log:
/// [`super::DrawHand::replay`] rebuilds the hand from them. [`Event::seen_by`] hides what a seat
/// may not see.
///
/// Written as JSON tagged by `event`, as the room sends them.
///
/// `seat` is the seat the event is about; `cards` are `None` where a view hides them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum Event {
    /// The pot carried over from the previous hand is in the middle.
    CarriedIn {
        /// Chips.
        amount: Chips,
    },
    /// The bottom card of the deck, which is never dealt. Hidden in every view (spectators
    /// included); it is in the log so that the log rebuilds the whole deck.
    BottomCard {
        /// The card (`None` in every view).
        card: Option<Card>,
    },
    /// Five cards were dealt to a seat (`None` in another seat's view).
    Dealt {
        seat: usize,
        #[serde(serialize_with = "crate::wire::opt_card_list")]
        cards: Option<CardSet>,
    },
    /// A betting round ended.
    RoundEnded { round: Round },
    /// The discards (all but those of the player being served) were shuffled into a new deck;
    /// it lies on the bottom card, which is still never dealt.
    Reshuffled {
        /// Cards in the new deck (bottom card not counted).
        cards: u8,
    },
    /// A player exchanged cards. The count is public; the cards only for the player.
    Exchanged {
        seat: usize,
        /// How many cards (announced aloud).
        count: u8,
        /// The cards laid down (`None` in other views).
        #[serde(serialize_with = "crate::wire::opt_card_list")]
        discarded: Option<CardSet>,
        /// The cards received in serving order (`None` in other views).
        drawn: Option<Drawn>,
    },
    /// A hand was shown.
    Shown {
        seat: usize,
        /// The five cards.
        #[serde(with = "crate::wire::card_list")]
        cards: CardSet,
        /// Its value (compare with the hand's tie-break rule; written as words, `hand`).
        #[serde(rename = "hand", serialize_with = "crate::wire::hand_code")]
        rank: HandRank,
    },
    /// The hand is over.
    HandOver,
    /// A betting event, the same as in Hold'em: an ante, a fold (in or out of turn), check,
    /// call, bet or raise, an uncalled bet returned, a muck, a pot won, chips carried.
    #[serde(untagged)]
    Bet(BetEvent),
}

betting_event!(Event);

impl Event {
    /// This event as `seat` may see it (`None`: a spectator): other seats' cards, discards and
    /// draws hidden.
    pub fn seen_by(self, seat: Option<usize>) -> Event {
        match self {
            Event::Dealt { seat: s, .. } if Some(s) != seat => Event::Dealt {
                seat: s,
                cards: None,
            },
            Event::Exchanged { seat: s, count, .. } if Some(s) != seat => Event::Exchanged {
                seat: s,
                count,
                discarded: None,
                drawn: None,
            },
            Event::BottomCard { .. } => Event::BottomCard { card: None },
            e => e,
        }
    }
}
