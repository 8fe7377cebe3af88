//! What players do ([`Action`]) and what the game announces ([`Event`]), with the small
//! serialisable helpers they use.
//!
//! Every event is public: it only ever reports what all players may see (a reveal, a score, a
//! pick, the new centre and preview). A submission in a simultaneous phase produces no event at
//! all, so broadcasting events leaks nothing; private cards travel only in views.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tavolo_cards::{Card, CardSet, HandRank};

/// A player's move. Each action names the player it is for; the engine checks it is theirs to
/// make.
///
/// ```
/// use tavolo_engine::saint::Action;
/// let a: Action = serde_json::from_str(r#"{"action":"show","player":1,"cards":["As","Kd"]}"#)?;
/// assert_eq!(a.player(), 1);
/// let p = Action::Place { player: 0, card: "Th".parse()? };
/// assert_eq!(serde_json::to_string(&p)?, r#"{"action":"place","player":0,"card":"Th"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
#[schemars(rename = "SaintAction")]
pub enum Action {
    /// Choose the card to place in the centre (replaces an earlier choice this round).
    Place {
        /// Who chooses.
        player: usize,
        /// A card from their hand.
        card: Card,
    },
    /// Choose the two cards to show (replaces an earlier choice this round).
    Show {
        /// Who chooses.
        player: usize,
        /// Two different cards from their hand.
        cards: [Card; 2],
    },
    /// Take a card from the pool during the draft, in turn.
    Pick {
        /// Who picks.
        player: usize,
        /// A card in the pool.
        card: Card,
    },
}

impl Action {
    /// The player the action is for.
    pub const fn player(&self) -> usize {
        match *self {
            Action::Place { player, .. }
            | Action::Show { player, .. }
            | Action::Pick { player, .. } => player,
        }
    }
}

/// Something that happened, in order. All events are public (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round began: its centre and the preview of the next round's centre (empty in round 8).
    RoundStarted {
        /// The round, 1 to 8.
        round: u8,
        /// The centre before anyone places.
        #[serde(with = "card_list")]
        centre: CardSet,
        /// The preview: the next round's centre.
        #[serde(with = "card_list")]
        preview: CardSet,
        /// True when the draw pile ran short and the discard pile was shuffled into a new one.
        reshuffled: bool,
    },
    /// A placed card, revealed when the last player chose (one event per player, in seat order).
    Placed {
        /// Who placed it.
        player: usize,
        /// The card, now in the centre.
        card: Card,
    },
    /// A shown pair, revealed when the last player chose (one event per player, in seat order).
    Shown {
        /// Who showed them.
        player: usize,
        /// The two cards.
        cards: [Card; 2],
    },
    /// A player's hand for the round and the points it earned.
    Scored {
        /// The player.
        player: usize,
        /// The value of the best hand (see [`tavolo_cards::HandRank`]).
        rank: HandRank,
        /// Points won this round (0 unless best or tied for best).
        points: u32,
        /// The player's total after this round.
        total: u32,
    },
    /// The draft order of the round: worst hand first, equal hands by the tie draw.
    DraftOrder {
        /// Seats in picking order.
        order: Seats,
        /// The round's random draw: all seats, in the order they pick among equal hands.
        tie_draw: Seats,
    },
    /// A draft pick.
    Picked {
        /// Who picked.
        player: usize,
        /// The card taken from the pool into their hand.
        card: Card,
    },
    /// The pool left after the draft (or the whole pool in round 8) went to the discard pile.
    Discarded {
        /// The discarded cards.
        #[serde(with = "card_list")]
        cards: CardSet,
    },
    /// The game ended; the players with the most points share the victory.
    GameOver {
        /// The winners, in seat order.
        winners: Seats,
    },
}

/// A short list of seats (at most five), stored inline so events need no allocation.
/// Serialised as a JSON array of seat numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Seats {
    len: u8,
    seats: [u8; 5],
}

impl Seats {
    /// The empty list.
    pub const EMPTY: Seats = Seats {
        len: 0,
        seats: [0; 5],
    };

    /// Adds a seat at the end; ignored beyond five.
    pub fn push(&mut self, seat: usize) {
        if (self.len as usize) < self.seats.len() {
            self.seats[self.len as usize] = seat as u8;
            self.len += 1;
        }
    }

    /// The seats in order.
    pub fn as_slice(&self) -> &[u8] {
        &self.seats[..self.len as usize]
    }

    /// The seats as `usize`.
    pub fn to_vec(&self) -> Vec<usize> {
        self.as_slice().iter().map(|&s| s as usize).collect()
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Seats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        if v.len() > 5 {
            return Err(serde::de::Error::custom("at most five seats"));
        }
        let mut s = Seats::EMPTY;
        for x in v {
            s.push(x as usize);
        }
        Ok(s)
    }
}

pub use crate::wire::card_list;
