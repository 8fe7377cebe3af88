//! What players and the dealer do (actions) and what happens as a result (events).

use crate::betting::{betting_event, BetEvent};
use crate::Chips;
use tavolo_cards::wire_value;
use tavolo_cards::{Card, HandRank};

wire_value! {
    /// The four betting rounds.
    #[derive(PartialOrd, Ord)]
    pub enum Street {
        /// Before the flop.
        #[serde(alias = "Preflop")]
        Preflop,
        /// Three board cards.
        #[serde(alias = "Flop")]
        Flop,
        /// The fourth board card.
        #[serde(alias = "Turn")]
        Turn,
        /// The fifth board card.
        #[serde(alias = "River")]
        River,
    }
}

impl Street {
    /// The next street, if any.
    pub fn next(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            Street::River => None,
        }
    }

    /// How many board cards this street deals.
    pub fn board_cards(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn | Street::River => 1,
        }
    }
}

/// One to three board cards dealt together (written as a list of cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardCards {
    cards: [Card; 3],
    len: u8,
}

impl BoardCards {
    /// Up to three cards; `None` if there are none or more than three.
    pub fn new(cards: &[Card]) -> Option<BoardCards> {
        if cards.is_empty() || cards.len() > 3 {
            return None;
        }
        let mut a = [cards[0]; 3];
        a[..cards.len()].copy_from_slice(cards);
        Some(BoardCards {
            cards: a,
            len: cards.len() as u8,
        })
    }

    /// The cards.
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

impl serde::Serialize for BoardCards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

/// An action: a player's decision, or (when the caller supplies the cards, as in a hand
/// history) a dealing step. Seats are indices in the hand's [`super::HandSetup`].
///
/// Written as JSON tagged by `action` (`{"action": "bet_or_raise_to", "seat": 2, "to": 60}`);
/// the dealing steps are never written or read (hand histories carry them).
///
/// A player's action names its `seat`; a dealing step names the seat dealt to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum Action {
    /// Give up the hand.
    Fold { seat: usize },
    /// Pass with nothing owed.
    Check { seat: usize },
    /// Match the current bet (or go all-in for less).
    Call { seat: usize },
    /// Bet or raise so this round's bet in front of the seat becomes `to`.
    BetOrRaiseTo {
        seat: usize,
        /// The total bet this round after the action.
        to: Chips,
    },
    /// Turn the hole cards face up at the showdown ([`super::Reveal::PlayersChoose`]).
    /// `cards` must be given when the dealt cards were unknown, and must match otherwise.
    Show {
        seat: usize,
        /// The cards shown, if stated.
        #[serde(default)]
        cards: Option<[Card; 2]>,
    },
    /// Give up the claim to the pot at the showdown without showing.
    Muck { seat: usize },
    /// Deal two hole cards to a seat (supplied dealing only); unknown cards are `None`.
    #[serde(skip)]
    DealHole {
        seat: usize,
        /// The cards, `None` where unknown.
        cards: [Option<Card>; 2],
    },
    /// Deal the next street's board cards (supplied dealing only).
    #[serde(skip)]
    DealBoard {
        /// The cards (3 on the flop, then 1).
        cards: BoardCards,
    },
}

impl Action {
    /// The acting seat, if a player acts.
    pub fn seat(&self) -> Option<usize> {
        match *self {
            Action::Fold { seat }
            | Action::Check { seat }
            | Action::Call { seat }
            | Action::BetOrRaiseTo { seat, .. }
            | Action::Show { seat, .. }
            | Action::Muck { seat } => Some(seat),
            _ => None,
        }
    }
}

/// Something that happened in the hand. The events of a hand, in order, are its record:
/// [`super::Hand::replay`] rebuilds the hand from them.
///
/// Written as JSON tagged by `event` (`{"event": "call", "seat": 1, "amount": 40, "all_in":
/// false}`), as the room sends them.
///
/// `seat` is the seat the event is about (who posted, was dealt, showed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum Event {
    /// A blind or straddle was posted.
    #[serde(rename = "blind")]
    BlindPosted {
        seat: usize,
        /// Chips posted.
        amount: Chips,
    },
    /// One hole card was dealt (`None`: unknown, or hidden in another seat's view).
    HoleDealt { seat: usize, card: Option<Card> },
    /// A card was burnt (never shown).
    Burned,
    /// Board cards were dealt.
    #[serde(rename = "board")]
    BoardDealt {
        /// Which street they open.
        street: Street,
        cards: BoardCards,
    },
    /// A betting round ended.
    RoundEnded { street: Street },
    /// A hand was shown.
    Shown {
        seat: usize,
        /// The hole cards.
        cards: [Card; 2],
        /// Its value (written as codes, `hand`: category and deciding ranks); `None` (and no
        /// `hand` written) for a hand shown all-in before the board is complete, which is
        /// valued only once the river is out.
        #[serde(
            rename = "hand",
            serialize_with = "crate::wire::opt_hand_code",
            skip_serializing_if = "Option::is_none"
        )]
        rank: Option<HandRank>,
    },
    /// The hand is over.
    HandOver,
    /// A betting event, the same as in Five-Card Draw: an ante, a fold, check, call, bet or
    /// raise, an uncalled bet returned, a muck, a pot won, chips carried.
    #[serde(untagged)]
    Bet(BetEvent),
}

betting_event!(Event);

impl Event {
    /// This event as `seat` may see it: other seats' hole cards hidden (`None` seat: a spectator).
    pub fn seen_by(self, seat: Option<usize>) -> Event {
        match self {
            Event::HoleDealt { seat: s, .. } if Some(s) != seat => Event::HoleDealt {
                seat: s,
                card: None,
            },
            e => e,
        }
    }
}
