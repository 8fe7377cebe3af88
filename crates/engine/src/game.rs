//! The one interface of the three games: [`Game`], implemented by the Hold'em hand
//! ([`crate::holdem::Hand`]), the Five-Card Draw hand ([`crate::draw::DrawHand`]) and the Saint
//! Poker game ([`crate::saint::SaintGame`]). Bots, the room, `tavolo play` and `tavolo sim` all
//! drive games through it; [`Played`] keeps a game with its setup and every event (its record).
//!
//! A game is dealt from a [`Game::Setup`] and a 256-bit seed; a table makes the setup of each
//! deal from the game's table options and the [`Positions`] it dealt ([`Game::setup`]). Then,
//! until [`Game::is_over`]: [`Game::to_act`] says who must act (several seats in a simultaneous
//! phase), [`Game::legal`] what a seat may do, [`Game::check`] whether an action would
//! be accepted (the state is never touched), and [`Game::apply`] plays it and returns the events
//! it caused. What a seat or a spectator may see is [`Game::view`] and [`Game::censor`]; the
//! result is [`Game::outcome`]: chips moved, or points.
//!
//! ```
//! use tavolo_engine::game::{Game, Played, Positions, Viewer};
//! use tavolo_engine::holdem::{Hand, HoldemTable};
//! use tavolo_engine::Chips;
//!
//! let table = HoldemTable::casino(Chips::new(100), Default::default());
//! let setup = Hand::setup(&table, &Positions::new(vec![Chips::new(10_000); 3], 0, Chips::ZERO))?;
//! let mut hand = Played::<Hand>::deal(setup, [7; 32])?;
//! while !hand.game.is_over() {
//!     let seat = hand.game.to_act().iter().next().expect("someone acts");
//!     let first = hand.game.legal(seat)[0]; // check when free, else fold
//!     hand.apply(first)?;
//! }
//! assert!(hand.record(None)?.text.contains("actions"));
//! # Ok::<(), tavolo_engine::game::GameError>(())
//! ```

use std::fmt::Debug;
use std::ops::RangeInclusive;

use serde::de::DeserializeOwned;
use serde::Serialize;
use thiserror::Error;

use crate::betting::SeatMask;
use crate::{draw, holdem, saint, Chips};

/// Who looks at a game: a seat, or a spectator who sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The player in this seat of the game.
    Seat(usize),
    /// Somebody watching.
    Spectator,
}

impl Viewer {
    /// The seat, if the viewer plays.
    pub fn seat(self) -> Option<usize> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

impl From<Option<usize>> for Viewer {
    fn from(seat: Option<usize>) -> Viewer {
        seat.map_or(Viewer::Spectator, Viewer::Seat)
    }
}

/// Why an action was refused, in the words a client needs: whose turn, or which rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The seat is not in this game.
    NoSuchSeat,
    /// Another seat must act first.
    NotYourTurn,
    /// The action breaks a rule (the error says which, and what is legal now).
    Illegal,
    /// The game is over.
    Over,
}

/// A refused action or an impossible setup, in any game. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// Texas Hold'em refused an action.
    #[error(transparent)]
    Holdem(#[from] holdem::HoldemError),
    /// Five-Card Draw refused an action.
    #[error(transparent)]
    Draw(#[from] draw::DrawError),
    /// Saint Poker refused an action.
    #[error(transparent)]
    Saint(#[from] saint::SaintError),
    /// A Hold'em hand cannot be dealt from this setup.
    #[error(transparent)]
    HoldemSetup(#[from] holdem::SetupError),
    /// A draw hand cannot be dealt from this setup.
    #[error(transparent)]
    DrawSetup(#[from] draw::SetupError),
    /// A Saint Poker game cannot be dealt with these options.
    #[error(transparent)]
    SaintOptions(#[from] saint::OptionsError),
    /// The game could not be written as a record.
    #[error("no record: {0}")]
    Record(String),
    /// The game has no tournament levels (a tournament table deals Hold'em or Draw).
    #[error("{0} is not dealt at tournament levels")]
    NoLevels(&'static str),
}

impl GameError {
    /// What kind of refusal this is: each game's error knows its own.
    pub fn refusal(&self) -> Refusal {
        match self {
            GameError::Holdem(e) => e.refusal(),
            GameError::Draw(e) => e.refusal(),
            GameError::Saint(e) => e.refusal(),
            _ => Refusal::Illegal,
        }
    }
}

/// Where a table deals a game: the players dealt in, clockwise from the table's first seat,
/// and the positions that rotate (RULES.md §2 Positions, §3 Table and deal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    /// Each player's chips, in the game's seat order (points games: zeros).
    pub stacks: Vec<Chips>,
    /// The game seat of the dealer button (Hold'em) or the dealer (Draw); "the hand", the first
    /// position, sits to its left.
    pub button: usize,
    /// Chips the previous hand left in the pot (odd chips that stay).
    pub carried: Chips,
    /// A tournament hand's forced bets (`None`: the table's own blinds or antes).
    pub forced: Option<Forced>,
}

impl Positions {
    /// Positions with these stacks, the button at `button` and `carried` chips in the pot.
    pub fn new(stacks: Vec<Chips>, button: usize, carried: Chips) -> Positions {
        Positions {
            stacks,
            button,
            carried,
            forced: None,
        }
    }
}

/// Who posts what in a tournament hand (RULES.md §5, Levels and Seats and tables): the big blind
/// always, the small blind unless it is dead (the dead-button rule), and the level's big-blind
/// ante, posted by the big blind, blind first. Seats are the game's. A game without blinds
/// (Five-Card Draw) reads the level's ante alone, posted by every player; `big` names its cutter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The game seat of the small blind (`None`: a dead small blind, nobody posts it).
    pub small: Option<usize>,
    /// The game seat of the big blind.
    pub big: usize,
    /// The level in force for the hand.
    pub level: crate::tournament::Level,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A betting hand: chips moved between the seats and the pot.
    Chips {
        /// Each seat's stack when the hand was dealt.
        start: Vec<Chips>,
        /// Each seat's stack now.
        end: Vec<Chips>,
        /// Chips the previous hand left in the pot, which this hand paid out.
        carried_in: Chips,
        /// Chips this hand leaves in the pot for the next.
        carried_out: Chips,
        /// The table minimum (the big blind, or the ante), the unit results are counted in.
        unit: Chips,
    },
    /// A points game.
    Points {
        /// Each seat's points.
        scores: Vec<u32>,
        /// The seats with the most points, who share the victory.
        winners: Vec<usize>,
    },
}

impl Outcome {
    /// Each seat's result: chips won or lost, or points.
    pub fn net(&self) -> Vec<i64> {
        match self {
            Outcome::Chips { start, end, .. } => end
                .iter()
                .zip(start)
                .map(|(&e, &s)| {
                    // A table's chips total at most a quarter of `u64::MAX` (the rules check
                    // it when a table is set up), so every stack and change fits an `i64`.
                    i64::try_from(i128::from(e) - i128::from(s))
                        .expect("a table's chips fit the rules' total")
                })
                .collect(),
            Outcome::Points { scores, .. } => scores.iter().map(|&s| i64::from(s)).collect(),
        }
    }
}

/// A game's record in its storage format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `phh` (Hold'em hand history), `draw-json` or `saint-json`.
    pub format: &'static str,
    /// The record itself.
    pub text: String,
}

impl Record {
    /// The record as a file of its own: a JSON record (Draw, Saint Poker) as it is; a Hold'em
    /// hand history wrapped in a `tavolo-holdem-hand/1` JSON record with the hand's setup, and
    /// the players and the seed when known, which `tavolo replay` reads.
    pub fn into_file<S: Serialize>(
        self,
        setup: &S,
        players: Option<&[String]>,
        seed: Option<u64>,
    ) -> String {
        if self.format != "phh" {
            return self.text;
        }
        let mut file = serde_json::json!({
            "format": "tavolo-holdem-hand/1",
            "setup": setup,
            "phh": self.text,
        });
        if let Some(players) = players {
            file["players"] = serde_json::json!(players);
        }
        if let Some(seed) = seed {
            file["seed"] = serde_json::json!(seed.to_string());
        }
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }
}

/// One game of Tavolo as a state machine (see the module documentation).
///
/// Seats are the game's own seats, `0..players`, clockwise; a table maps them to its seats.
/// Every method but [`Game::apply`] leaves the state untouched, and `apply` leaves it untouched
/// when it refuses.
pub trait Game: Sized + Clone + Send + 'static {
    /// The short name: `holdem`, `draw` or `saint`.
    const NAME: &'static str;
    /// How many players a game seats (RULES.md: Hold'em 2–10, Draw 2–8, Saint Poker 2–5):
    /// the one place a table, the terminal and the room learn it from.
    const SEATS: RangeInclusive<usize>;
    /// Whether players choose at the same time (Saint Poker's place and show): then nobody but
    /// the chooser may learn of a choice before all are revealed (RULES.md §1 Information).
    const SIMULTANEOUS: bool = false;
    /// The field of a client's action that names its seat (`seat`, or `player` in Saint Poker).
    const SEAT_FIELD: &'static str = "seat";
    /// The fields of [`Game::View`] that are the same in every viewer's view (a spectator's
    /// included): a room writes them once per change for all its viewers, and each viewer's
    /// own fields apart. None by default (every field written per viewer). Each game's tests
    /// check that the fields named here never differ between viewers.
    const SHARED_VIEW_FIELDS: &'static [&'static str] = &[];

    /// A table's options for this game (blinds, ante, ruleset).
    type Options: Clone + Debug + Send + Sync + 'static;
    /// Everything needed to deal one game.
    type Setup: Clone + Debug + Send + Sync + Serialize + 'static;
    /// A move; it names its seat.
    type Action: Copy + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// Something that happened, as it is recorded (uncensored).
    type Event: Clone + Debug + Send + Sync + Serialize + 'static;
    /// What one seat, or a spectator, may see.
    type View: Clone + Debug + Send + Serialize + 'static;
    /// A seat's legal actions as a client is told them (bet sizes as ranges).
    type Choices: Serialize + Default;
    /// A finished game's result as a client is shown it (pots won, or points by round).
    type Summary: Serialize;

    /// The setup of a game a table deals with `options` at `positions`.
    fn setup(options: &Self::Options, positions: &Positions) -> Result<Self::Setup, GameError>;
    /// The number of seats a setup deals.
    fn players(setup: &Self::Setup) -> usize;
    /// Deals a game: the same setup and seed deal the same game. The events of the deal
    /// (blinds, cards), uncensored.
    fn deal(setup: &Self::Setup, seed: [u8; 32]) -> Result<(Self, Vec<Self::Event>), GameError>;

    /// The seats that must act now (several in a simultaneous phase); empty when the game is
    /// over.
    fn to_act(&self) -> SeatMask;
    /// The legal actions of `seat` as a list, the default (what [`Game::timeout_action`] plays)
    /// first. A bet or raise stands for the ends of its range: any amount between them is legal
    /// too ([`Game::allows`]). Empty when the seat has nothing to do.
    fn legal(&self, seat: usize) -> Vec<Self::Action>;
    /// The legal actions of `seat` as a client is told them.
    fn choices(&self, seat: usize) -> Self::Choices;
    /// Whether `action` is allowed by a list from [`Game::legal`] (a bet within a
    /// listed range is).
    fn allows(legal: &[Self::Action], action: &Self::Action) -> bool {
        legal.contains(action)
    }
    /// Whether `action` would be accepted now. The state is untouched (by default the action is
    /// tried on a copy).
    fn check(&self, action: &Self::Action) -> Result<(), GameError> {
        self.clone().apply(*action).map(drop)
    }
    /// Plays `action`: the events it caused, uncensored; on error nothing changes.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, GameError>;
    /// The seat an action is for.
    fn seat_of(action: &Self::Action) -> Option<usize>;
    /// Whether the rules let `action` be taken by a seat that is not to act (Draw: a fold at
    /// any time; Saint Poker: changing a choice until the last player has chosen).
    fn out_of_turn(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// What the house plays for a seat whose time ran out or who left: check when free, else
    /// fold (betting games), the least card or the best pair (Saint Poker).
    fn timeout_action(&self, seat: usize) -> Option<Self::Action>;

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// The best hand seat `seat` holds now with the cards it may use (Hold'em: its hole cards
    /// and the board once the flop is out; Draw: its five cards), for a client to name to that
    /// seat's player: the engine's value, so no client ranks hands of its own. `None` where the
    /// game has no such hand (Saint Poker: its hands are chosen) or none yet.
    fn best_hand(&self, _seat: usize) -> Option<tavolo_cards::HandRank> {
        None
    }
    /// An event as `viewer` may see it, or `None` when it must not see it at all.
    fn censor(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The result (meaningful once over).
    fn outcome(&self, setup: &Self::Setup) -> Outcome;
    /// The result as a client is shown it, from the game and its events.
    fn summary(&self, events: &[Self::Event]) -> Self::Summary;
    /// The record of the game as `played` (its setup and every event), players named by
    /// `names`.
    fn record(played: &Played<Self>, names: Option<&[String]>) -> Result<Record, GameError>;
}

/// A game in play with its setup and every event so far: what a table, a bot match or a
/// terminal session keeps of a game, and what its record is made of.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// How it was dealt.
    pub setup: G::Setup,
    /// The game itself, in the state the log leads to.
    pub game: G,
    /// Every event, uncensored, in order.
    pub log: Vec<G::Event>,
}

impl<G: Game> Played<G> {
    /// Deals from `setup` and `seed`.
    pub fn deal(setup: G::Setup, seed: [u8; 32]) -> Result<Played<G>, GameError> {
        let (game, log) = G::deal(&setup, seed)?;
        Ok(Played { setup, game, log })
    }

    /// The events of the deal (everything logged so far, when nothing was played yet).
    pub fn events(&self) -> &[G::Event] {
        &self.log
    }

    /// Plays an action and logs its events; returns how many were added (they are the last
    /// ones of [`Played::events`]).
    pub fn apply(&mut self, action: G::Action) -> Result<&[G::Event], GameError> {
        let events = self.game.apply(action)?;
        let from = self.log.len();
        self.log.extend(events);
        Ok(&self.log[from..])
    }

    /// The result (meaningful once over).
    pub fn outcome(&self) -> Outcome {
        self.game.outcome(&self.setup)
    }

    /// The result as a client is shown it.
    pub fn summary(&self) -> G::Summary {
        self.game.summary(&self.log)
    }

    /// The record so far.
    pub fn record(&self, names: Option<&[String]>) -> Result<Record, GameError> {
        G::record(self, names)
    }
}

/// Whether `a` and `b` are equal once `forget` has cleared, on a copy of each, what a
/// comparison must not see (a hand's card source: dealt from a deck or supplied by a replay).
pub(crate) fn equal_but<T: Clone + PartialEq>(a: &T, b: &T, forget: impl Fn(&mut T)) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    forget(&mut a);
    forget(&mut b);
    a == b
}

/// A game's player counts as messages say them: "2 to 10".
pub fn seat_range<G: Game>() -> String {
    format!("{} to {}", G::SEATS.start(), G::SEATS.end())
}

/// The seed a 64-bit number stands for: its bytes, little-endian, then zeros (as
/// [`tavolo_cards::GameRng::from_u64`] seeds).
pub fn seed_from_u64(seed: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&seed.to_le_bytes());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_u64_seed_seeds_the_generator_as_from_u64_does() {
        let mut a = tavolo_cards::GameRng::from_seed(seed_from_u64(99));
        let mut b = tavolo_cards::GameRng::from_u64(99);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_eq!(seed_from_u64(99), saint::seed_from_u64(99));
    }

    #[test]
    fn viewers_come_from_optional_seats() {
        assert_eq!(Viewer::from(Some(2)), Viewer::Seat(2));
        assert_eq!(Viewer::from(None), Viewer::Spectator);
        assert_eq!(Viewer::Seat(3).seat(), Some(3));
    }
}
