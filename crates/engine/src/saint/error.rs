//! Errors of Saint Poker: refused settings, refused actions and refused records. Each carries
//! the facts (who, when, which card, what is legal now), never a bare string.

use serde::{Deserialize, Serialize};
use tavolo_cards::Card;
use thiserror::Error;

use super::state::SaintGame;
use crate::game::{seat_range, Refusal};

/// The phase of a round, as named in errors, views and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    /// Every player chooses a card to place in the centre (simultaneous).
    Place,
    /// Every player chooses two cards to show (simultaneous).
    Show,
    /// Players take cards from the pool one at a time, worst hand first, two passes.
    Draft,
    /// The game is over.
    Over,
}

impl std::fmt::Display for PhaseName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PhaseName::Place => "place",
            PhaseName::Show => "show",
            PhaseName::Draft => "draft",
            PhaseName::Over => "game over",
        })
    }
}

/// Settings refused before a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// Saint Poker is for 2 to 5 players.
    #[error("Saint Poker is for {} players, not {players}", seat_range::<SaintGame>())]
    PlayerCount {
        /// The refused count.
        players: u8,
    },
    /// Fewer than three centre cards would exist when hands are formed.
    #[error(
        "a centre of {centre} with {players} players leaves fewer than 3 centre cards to form a \
         hand: at least {min} needed"
    )]
    CentreTooSmall {
        /// The player count of the settings.
        players: u8,
        /// The refused centre count.
        centre: u8,
        /// The smallest centre count that works.
        min: u8,
    },
    /// The deck cannot serve the first preview even counting the reshuffle (10P + 2C > 52).
    #[error(
        "a centre of {centre} with {players} players needs more cards than the deck holds \
         (10 per hand plus centre and first preview): at most {max}"
    )]
    DeckTooSmall {
        /// The player count of the settings.
        players: u8,
        /// The refused centre count.
        centre: u8,
        /// The largest centre count that works.
        max: u8,
    },
    /// An explicit deal does not fit the settings.
    #[error("the deal does not fit the settings: {problem}")]
    BadDeal {
        /// What is wrong, e.g. "player 2 holds 9 cards, not 10".
        problem: String,
    },
}

/// An action refused by the rules. The game state is unchanged.
///
/// Every refusal names the `player` who tried to act and the `round` (1 to 8).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum SaintError {
    /// The game is over: no action is legal.
    #[error("player {player}: the game is over")]
    GameOver { player: usize },
    /// No such player at this table.
    #[error("there is no player {player} (players are 0 to {})", players - 1)]
    NoSuchPlayer {
        /// The refused index.
        player: usize,
        /// Players at the table.
        players: usize,
    },
    /// The action belongs to another phase.
    #[error("player {player}: cannot {tried} in round {round}, the {phase} phase")]
    WrongPhase {
        player: usize,
        round: u8,
        /// The phase in force: what is legal now.
        phase: PhaseName,
        /// What was tried.
        tried: PhaseName,
    },
    /// The card is not in the player's hand.
    #[error(
        "player {player}, round {round}: {card} is not in your hand (you hold {})",
        cards(hand)
    )]
    CardNotInHand {
        player: usize,
        round: u8,
        /// The refused card.
        card: Card,
        /// The player's hand: the cards that are legal now.
        hand: Vec<Card>,
    },
    /// The same card was given twice in one choice.
    #[error("player {player}, round {round}: {card} given twice; show two different cards")]
    SameCardTwice {
        player: usize,
        round: u8,
        /// The repeated card.
        card: Card,
    },
    /// A draft pick out of turn (including a second pick in the same pass).
    #[error("player {player}, round {round}: it is player {to_pick}'s turn to pick")]
    NotYourTurn {
        player: usize,
        round: u8,
        /// Who must pick now.
        to_pick: usize,
    },
    /// The picked card is not in the pool.
    #[error(
        "player {player}, round {round}: {card} is not in the pool (the pool holds {})",
        cards(pool)
    )]
    CardNotInPool {
        player: usize,
        round: u8,
        /// The refused card.
        card: Card,
        /// The pool: the cards that are legal now.
        pool: Vec<Card>,
    },
    /// The operation needs an undisturbed game (e.g. a record of a determinized state).
    #[error("no record: the hidden cards of this game were replaced (determinized)")]
    Determinized,
}

impl SaintError {
    /// What kind of refusal this is, in the words a client needs.
    pub fn refusal(&self) -> Refusal {
        match self {
            SaintError::NoSuchPlayer { .. } => Refusal::NoSuchSeat,
            SaintError::NotYourTurn { .. } => Refusal::NotYourTurn,
            SaintError::GameOver { .. } => Refusal::Over,
            _ => Refusal::Illegal,
        }
    }
}

fn cards(cs: &[Card]) -> String {
    let v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
    v.join(" ")
}

/// A game record refused by [`super::verify_record`]: the first inconsistency, naming the round
/// and the player where there is one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The document is not a Saint Poker record.
    #[error("not a Saint Poker record: {0}")]
    Format(String),
    /// The settings are refused.
    #[error("the record's options are refused: {0}")]
    Options(#[from] OptionsError),
    /// The deal does not follow from the seed (or is not a deal of 52 distinct cards).
    #[error("the deal{}: {problem}", who(*player))]
    Deal {
        /// The player whose hand is wrong, if one is.
        player: Option<usize>,
        /// What is wrong.
        problem: String,
    },
    /// A recorded action is illegal.
    #[error("round {round}{}: illegal action: {source}", who(Some(*player)))]
    Illegal {
        /// The round.
        round: u8,
        /// Who acted.
        player: usize,
        /// Why the engine refused it.
        source: SaintError,
    },
    /// A recorded fact differs from what the rules give.
    #[error("round {round}{}: {field} is {found} but the rules give {expected}", who(*player))]
    Mismatch {
        /// The round (0 for the deal and the final result).
        round: u8,
        /// The player concerned, if one is.
        player: Option<usize>,
        /// The field, e.g. `points` or `draft.order`.
        field: &'static str,
        /// What the rules give.
        expected: String,
        /// What the record says.
        found: String,
    },
    /// The record is consistent but does not prove the whole game dealt from a revealed seed
    /// ([`super::prove_record`]): another seed, a stacked deal, or a game not over.
    #[error("not a proof of the whole game: {0}")]
    NotAProof(String),
}

fn who(p: Option<usize>) -> String {
    match p {
        Some(p) => format!(", player {p}"),
        None => String::new(),
    }
}
