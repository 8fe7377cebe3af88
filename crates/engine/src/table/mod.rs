//! The table across hands, for every game (RULES.md §2 Table and Positions): seats drawn by lot
//! at a session's start (chosen after it), "the hand" and the button, the waiting list with seat
//! changes served before it, sitting out and the third missed hand, buy-ins and rebuys, leaving.
//! The room and `tavolo play` run on it; it is the only place these rules live.
//!
//! The table never moves a chip by itself. Chips reach a stack only as a buy-in or rebuy the
//! ledger has funded: [`Table::join`] and [`Table::rebuy`] put the seat in the state
//! [`SeatState::Funding`] and ask for a [`Booking::Fund`] with a [`Ticket`]; the ledger's answer,
//! [`Table::funded`], touches only the seat that holds that ticket (a buy-in answered after its
//! player left is refunded, never booked onto whoever sits there now). A stack leaves the table
//! only as a [`Booking::CashOut`]. A seat goes through *asked → being funded → funded (seated)
//! → playing → leaving*; a seat being funded is not dealt in, and does not count as resting.
//!
//! Between hands [`Table::deal`] picks the players dealt in and their [`Positions`], and
//! [`Table::finish`] takes the stacks back from the game's [`Outcome`](crate::game::Outcome), refusing one that
//! creates or loses chips. A game is dealt from those positions by [`crate::game::Game::setup`].
//! A table whose hand the ledger refused is [`Table::halt`]ed: it deals no more.
//!
//! ```
//! use tavolo_cards::GameRng;
//! use tavolo_engine::table::{Booking, Table, TableRules};
//! use tavolo_engine::Chips;
//!
//! let rules = TableRules::cash(6, 4, Chips::new(1_000), Chips::new(500));
//! let mut t: Table<&str> = Table::new(rules, GameRng::from_u64(1))?;
//! let change = t.join("ada")?;
//! // Seated by lot, and the ledger is asked for the buy-in before any chip is hers.
//! let Some(Booking::Fund { ticket, amount, .. }) = change.bookings.first().cloned() else {
//!     panic!("a buy-in is asked")
//! };
//! assert_eq!((amount, t.stack_of(&"ada")), (Chips::new(1_000), Some(Chips::ZERO)));
//! t.funded(ticket, true)?;
//! assert_eq!(t.stack_of(&"ada"), Some(Chips::new(1_000)));
//! # Ok::<(), tavolo_engine::table::TableError>(())
//! ```

mod error;
mod hands;
mod saved;
mod seating;
mod tournament;

use std::collections::VecDeque;
use std::fmt::Debug;

use tavolo_cards::GameRng;

use crate::betting::MAX_SEATS;
pub use crate::game::Positions;
use crate::Chips;
pub use error::TableError;
pub use saved::{SavedSeat, SavedTable};
pub use tournament::Spots;

use crate::tournament::Level;

/// Identifies one buy-in or rebuy asked of the ledger.
pub type Ticket = u64;

/// A table's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableRules {
    /// Seats at the table (2 to 10).
    pub seats: usize,
    /// Players ready needed to deal (at least 2).
    pub min_players: usize,
    /// The buy-in every player sits down with; 0 for a points game without stacks (Saint
    /// Poker).
    pub buy_in: Chips,
    /// The amount of a rebuy, once a stack is exhausted (0: no rebuys).
    pub rebuy: Chips,
    /// Consecutive hands a player may miss without losing the seat (RULES.md §2: 2).
    pub max_sit_out: u8,
    /// Which rules the table plays: a cash table's, or a tournament's.
    #[serde(default)]
    pub kind: TableKind,
}

/// Which rules a table plays, fixed when it is made: the one place the table model's cash rules
/// and its tournament rules part (RULES.md §2 Table and §5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableKind {
    /// A cash table: buy-ins funded by the ledger, cash-outs, rebuys, the waiting list, a seat
    /// lost at the third missed hand, "the hand" moving one player each deal.
    #[default]
    Cash,
    /// A tournament table: players seated with tournament chips by order (no buy-in, no
    /// cash-out), dealt in while absent until blinded out, the big blind moving one player each
    /// deal under a dead button, the level's blinds and big-blind ante.
    Tournament,
    /// A tournament table of a game without blinds, where every player antes (Five-Card Draw):
    /// as [`TableKind::Tournament`], except that "the hand" (the cutter) moves one player each
    /// deal as at a cash table, the dealer the player dealt in before it (no dead button: no
    /// blind is owed), and an arriving player is dealt in at once (docs/rule-decisions.md,
    /// Tournaments).
    AnteTournament,
    /// A tournament table of a points game without stacks (Saint Poker, a Swiss event's game):
    /// players seated by order with no chips, dealt in while absent, nobody losing a seat; one
    /// game dealt once every seat is taken, "the hand" moving as at a cash table, no level.
    PointsTournament,
}
impl TableRules {
    /// A cash table (Hold'em, Draw): `seats`, dealing to at least `min_players`, a buy-in and a
    /// rebuy, two hands of rest at most.
    pub fn cash(seats: usize, min_players: usize, buy_in: Chips, rebuy: Chips) -> TableRules {
        TableRules {
            seats,
            min_players,
            buy_in,
            rebuy,
            max_sit_out: 2,
            kind: TableKind::Cash,
        }
    }

    /// A tournament table of `seats` seats (RULES.md §5): two players deal; no buy-in or rebuy
    /// (stacks are tournament chips, given by order); nobody loses a seat for missing hands.
    pub fn tournament(seats: usize) -> TableRules {
        TableRules {
            seats,
            min_players: 2,
            buy_in: Chips::ZERO,
            rebuy: Chips::ZERO,
            max_sit_out: u8::MAX,
            kind: TableKind::Tournament,
        }
    }

    /// A tournament table of `seats` seats for a game where every player antes and nobody
    /// posts a blind (Five-Card Draw): as [`TableRules::tournament`], dealt as
    /// [`TableKind::AnteTournament`] says.
    pub fn ante_tournament(seats: usize) -> TableRules {
        TableRules {
            kind: TableKind::AnteTournament,
            ..TableRules::tournament(seats)
        }
    }

    /// A tournament table of `seats` seats for a points game without stacks (Saint Poker in a
    /// Swiss event): every seat must be taken to deal, and nobody loses a seat.
    pub fn points_tournament(seats: usize) -> TableRules {
        TableRules {
            min_players: seats,
            kind: TableKind::PointsTournament,
            ..TableRules::tournament(seats)
        }
    }

    /// A points game without stacks (Saint Poker): every seat must be taken to deal.
    pub fn points(seats: usize) -> TableRules {
        TableRules {
            seats,
            min_players: seats,
            buy_in: Chips::ZERO,
            rebuy: Chips::ZERO,
            max_sit_out: 2,
            kind: TableKind::Cash,
        }
    }

    /// Whether players have stacks (a buy-in, or tournament chips) at this table.
    pub fn has_stacks(&self) -> bool {
        self.buy_in > 0 || matches!(self.kind, TableKind::Tournament | TableKind::AnteTournament)
    }

    /// Whether the table plays a tournament's rules.
    pub fn is_tournament(&self) -> bool {
        matches!(
            self.kind,
            TableKind::Tournament | TableKind::AnteTournament | TableKind::PointsTournament
        )
    }

    /// Checks the settings.
    pub fn check(&self) -> Result<(), TableError> {
        if !(2..=MAX_SEATS).contains(&self.seats) {
            return Err(TableError::Config("a table has 2 to 10 seats"));
        }
        if self.min_players < 2 || self.min_players > self.seats {
            return Err(TableError::Config(
                "the players needed to deal must be between 2 and the seats",
            ));
        }
        Ok(())
    }
}

/// Where a seated player is in the life of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatState {
    /// A buy-in or rebuy was asked of the ledger and is not answered yet: not dealt in, and not
    /// counted as resting.
    Funding {
        /// The request.
        ticket: Ticket,
        /// The chips asked for.
        amount: Chips,
        /// A rebuy (the seat keeps its place if refused) or the buy-in (the seat is given up).
        rebuy: bool,
    },
    /// Seated between hands (or not dealt in the hand in play).
    Seated,
    /// Dealt in the hand in play.
    Playing {
        /// The player's seat in the game.
        hand_seat: usize,
        /// Leaves when the hand is over.
        leaving: bool,
    },
}

/// A taken seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat<P> {
    /// Who sits here.
    pub player: P,
    /// Chips funded and won (0 in a points game); during a hand, the stack it was dealt with.
    pub stack: Chips,
    /// Where the seat is in its life.
    pub state: SeatState,
    /// Resting from the next hand on.
    pub sitting_out: bool,
    /// Consecutive hands missed.
    pub missed: u8,
    /// A tournament player seated since the last deal and not dealt in yet: never dealt in
    /// between the small blind and the button (RULES.md §5).
    pub arriving: bool,
}

impl<P> Seat<P> {
    /// Whether the player is dealt in the hand in play.
    pub fn is_playing(&self) -> bool {
        matches!(self.state, SeatState::Playing { .. })
    }

    /// Whether the player leaves when the hand in play is over.
    pub fn is_leaving(&self) -> bool {
        matches!(self.state, SeatState::Playing { leaving: true, .. })
    }

    /// Whether a buy-in or rebuy is being funded.
    pub fn is_funding(&self) -> bool {
        matches!(self.state, SeatState::Funding { .. })
    }
}

/// What the table asks of the ledger. The table has already changed as if it will be done;
/// a refused [`Booking::Fund`] is answered with [`Table::funded`]; a refused cash-out means
/// the books and the table disagree: stop the table ([`Table::halt`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Booking<P> {
    /// Move `amount` from the player's account to their seat: a buy-in or a rebuy.
    Fund {
        /// Answer with this ticket.
        ticket: Ticket,
        /// Whose.
        player: P,
        /// The table seat.
        seat: usize,
        /// The chips.
        amount: Chips,
        /// A rebuy rather than the buy-in.
        rebuy: bool,
    },
    /// Move `amount` from the player's seat back to their account: leaving, losing the seat,
    /// or a buy-in refunded that was funded after its player had gone.
    CashOut {
        /// Whose.
        player: P,
        /// The table seat it was (or would have been) at.
        seat: usize,
        /// The chips.
        amount: Chips,
    },
}

/// Why a player is no longer seated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    /// They left.
    Left,
    /// They missed more consecutive hands than allowed (RULES.md §2: a third one).
    MissedHands,
    /// The ledger refused their buy-in.
    NotFunded,
}

/// How a player who joins now is seated (RULES.md §2 Table), for the room to tell before they
/// join: [`Table::seating`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The session has started and a seat is free with nobody served before: the player may
    /// choose it ([`Table::join_at`]).
    Chosen,
    /// The session's start: its seats are drawn by lot among those who sit down.
    Drawn,
    /// Players on the waiting list or seat changes go first, or every seat is taken: the
    /// player joins the end of the list.
    List,
}

/// Something the table did.
///
/// `player` is the player the event is about, `seat` (`from`, `to`) a seat index of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // plain data fields, named in the doc above
pub enum TableEvent<P> {
    /// A player took a seat (drawn by lot, or chosen where the rules let them); a buy-in follows
    /// where there are stacks.
    Seated {
        player: P,
        /// Where.
        seat: usize,
    },
    /// A buy-in or rebuy was funded: the chips are on the seat.
    Funded {
        player: P,
        /// Where.
        seat: usize,
        /// The chips.
        amount: Chips,
        /// A rebuy.
        rebuy: bool,
    },
    /// The ledger refused a rebuy (a refused buy-in is a [`TableEvent::Left`]).
    RebuyRefused {
        player: P,
        /// Where.
        seat: usize,
    },
    /// A seated player moved (a seat-change request served).
    Moved { player: P, from: usize, to: usize },
    /// A player is on the waiting list.
    Waiting {
        player: P,
        /// Their place (1: first).
        place: usize,
    },
    /// A player left the waiting list.
    Unlisted { player: P },
    /// A player gave up their seat.
    Left {
        player: P,
        /// The seat now free.
        seat: usize,
        /// The chips cashed out.
        stack: Chips,
        why: Departure,
    },
    /// A player dealt in leaves when the hand is over (the server plays for them meanwhile).
    Leaving {
        player: P,
        /// Their seat.
        seat: usize,
    },
    /// A hand was dealt.
    HandStarted {
        /// The hand's number at this table (from 1).
        number: u64,
        /// The table seat of the button (Hold'em) or the dealer (Draw).
        button: usize,
        /// The table seat of "the hand", the first position (the small blind, the cutter).
        first: usize,
    },
    /// The table stopped dealing.
    Halted { reason: String },
}

/// What an operation changed: the events to tell, and the bookings to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change<P> {
    /// What happened, in order.
    pub events: Vec<TableEvent<P>>,
    /// What the ledger must do.
    pub bookings: Vec<Booking<P>>,
}

impl<P> Default for Change<P> {
    fn default() -> Self {
        Change {
            events: Vec::new(),
            bookings: Vec::new(),
        }
    }
}

impl<P> Change<P> {
    /// Nothing changed.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty() && self.bookings.is_empty()
    }

    /// Appends another change.
    pub fn extend(&mut self, other: Change<P>) {
        self.events.extend(other.events);
        self.bookings.extend(other.bookings);
    }
}

/// A hand dealt by [`Table::deal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandStart<P> {
    /// Its number at this table (from 1).
    pub number: u64,
    /// The table seat of each game seat.
    pub seats: Vec<usize>,
    /// The player in each game seat.
    pub players: Vec<P>,
    /// The stacks, the button (or dealer) and the chips carried in, for
    /// [`crate::game::Game::setup`].
    pub positions: Positions,
    /// The table seat of "the hand".
    pub first: usize,
}

/// What a closed table held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed<P> {
    /// Who sat where, with which stack.
    pub seated: Vec<(P, usize, Chips)>,
    /// The chips left in the pot.
    pub carried: Chips,
}

/// The hand in play as the table dealt it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct InHand {
    seats: Vec<usize>,
    start: Vec<Chips>,
    carried_in: Chips,
}

/// A buy-in asked for a player who has since left: refunded if the ledger funds it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Orphan<P> {
    ticket: Ticket,
    player: P,
    seat: usize,
    amount: Chips,
}

/// A table of any game; `P` identifies a player.
#[derive(Clone, Debug)]
pub struct Table<P> {
    rules: TableRules,
    seats: Vec<Option<Seat<P>>>,
    waiting: VecDeque<P>,
    /// Seat-change requests in the order asked: who, and the seat wanted (`None`: any).
    changes: VecDeque<(P, Option<usize>)>,
    /// The table seat of "the hand" at the last deal.
    first: Option<usize>,
    hands: u64,
    carried: Chips,
    in_hand: Option<InHand>,
    next_ticket: Ticket,
    orphans: Vec<Orphan<P>>,
    halted: Option<String>,
    rng: GameRng,
    /// A tournament table's level from the next hand on.
    level: Option<Level>,
    /// A tournament table's button, small and big blind at the last deal (dead button).
    spots: Option<Spots>,
}

impl<P: Clone + PartialEq + Debug> Table<P> {
    /// An empty table; `rng` draws the seats.
    pub fn new(rules: TableRules, rng: GameRng) -> Result<Table<P>, TableError> {
        rules.check()?;
        Ok(Table {
            seats: vec![None; rules.seats],
            rules,
            waiting: VecDeque::new(),
            changes: VecDeque::new(),
            first: None,
            hands: 0,
            carried: Chips::ZERO,
            in_hand: None,
            next_ticket: 1,
            orphans: Vec::new(),
            halted: None,
            rng,
            level: None,
            spots: None,
        })
    }

    /// The settings.
    pub fn rules(&self) -> &TableRules {
        &self.rules
    }

    /// Seat `s`, if taken.
    pub fn seat(&self, s: usize) -> Option<&Seat<P>> {
        self.seats.get(s).and_then(Option::as_ref)
    }

    /// The taken seats, with their numbers.
    pub fn seats(&self) -> impl Iterator<Item = (usize, &Seat<P>)> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(s, o)| o.as_ref().map(|o| (s, o)))
    }

    /// The seat of `player`.
    pub fn seat_of(&self, player: &P) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| o.as_ref().is_some_and(|o| o.player == *player))
    }

    /// The stack of `player`, if seated.
    pub fn stack_of(&self, player: &P) -> Option<Chips> {
        self.seat_of(player)
            .and_then(|s| self.seat(s))
            .map(|o| o.stack)
    }

    /// The waiting list, first first.
    pub fn waiting(&self) -> impl Iterator<Item = &P> {
        self.waiting.iter()
    }

    /// The place of `player` on the waiting list (1: first).
    pub fn waiting_place(&self, player: &P) -> Option<usize> {
        self.waiting.iter().position(|p| p == player).map(|i| i + 1)
    }

    /// The pending seat change of `player`: its place among the requests (1: first) and the
    /// seat wanted (`None`: any).
    pub fn seat_change(&self, player: &P) -> Option<(usize, Option<usize>)> {
        self.changes
            .iter()
            .position(|(p, _)| p == player)
            .map(|i| (i + 1, self.changes[i].1))
    }

    /// Whether `player` is seated or waiting.
    pub fn is_here(&self, player: &P) -> bool {
        self.seat_of(player).is_some() || self.waiting_place(player).is_some()
    }

    /// Whether a hand is in play.
    pub fn in_hand(&self) -> bool {
        self.in_hand.is_some()
    }

    /// The table seat of each game seat of the hand in play.
    pub fn hand_seats(&self) -> Option<&[usize]> {
        self.in_hand.as_ref().map(|h| h.seats.as_slice())
    }

    /// The game seat of `player` in the hand in play.
    pub fn hand_seat_of(&self, player: &P) -> Option<usize> {
        match self.seat_of(player).and_then(|s| self.seat(s))?.state {
            SeatState::Playing { hand_seat, .. } => Some(hand_seat),
            _ => None,
        }
    }

    /// Hands dealt so far.
    pub fn hands_dealt(&self) -> u64 {
        self.hands
    }

    /// Chips the last hand left in the pot for the next one.
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// Every funded stack plus the chips carried over (during a hand: as dealt).
    pub fn chips_total(&self) -> Chips {
        let carried = self.in_hand.as_ref().map_or(self.carried, |h| h.carried_in);
        self.seats().map(|(_, o)| o.stack).sum::<Chips>() + carried
    }

    /// Why the table stopped dealing, if it did.
    pub fn halted(&self) -> Option<&str> {
        self.halted.as_deref()
    }

    /// The seat of `player` or [`TableError::NotSeated`].
    fn seated(&self, player: &P) -> Result<usize, TableError> {
        self.seat_of(player).ok_or(TableError::NotSeated)
    }

    fn seat_mut(&mut self, s: usize) -> Option<&mut Seat<P>> {
        self.seats.get_mut(s).and_then(Option::as_mut)
    }
}
