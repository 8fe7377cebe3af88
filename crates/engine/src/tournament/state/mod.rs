//! A Hold'em or Draw tournament as a pure state machine (RULES.md §5): registration, the start,
//! the level in force, every table's seats, breaking and balancing between hands, busts and
//! their places, hand-for-hand at the bubble, and the prizes. Inputs come with the time in
//! milliseconds; each answers the [`Effect`]s for the room to carry out (charge an entry, seat a
//! player, move one, pay a prize). The room's tables play the hands and report each hand's
//! stacks; nothing here deals a card.
//!
//! Decisions where §5 leaves a choice: rebuys end when late registration closes (so the pool,
//! and with it the prizes, are final then); players busted before registration closes are placed
//! when it closes, the first out last; a table may deal while it has two players and is not
//! halted, and during hand-for-hand only once every table has finished the current hand.

use std::collections::{BTreeMap, BTreeSet};

use tavolo_cards::GameRng;
use thiserror::Error;

use super::deal::DealError;
use super::finish::{Bust, Placed};
use super::payout::PayoutError;
use super::seating::{Move, Seating};
use super::structure::{Structure, TournamentGame};
use crate::Chips;

mod buys;
mod clock;
mod deal;
mod hands;
mod money;
mod race;
mod tables;

pub use clock::Break;
pub use deal::{Deal, DealKind, KeptBack, DEAL_MS};

/// How the tournament starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// A sit-and-go: when its `players`-th player registers; registration closes then.
    SitAndGo {
        /// Entries it starts with.
        players: usize,
    },
    /// At a set time, with at least `min_players` registered (else it is cancelled, everything
    /// refunded); registration stays open until the end of level `late_until_level` (0: none).
    Scheduled {
        /// The start (ms).
        at_ms: u64,
        /// The last level of late registration.
        late_until_level: usize,
        /// The fewest entries it starts with.
        min_players: usize,
    },
}

/// A tournament's settings (as the room keeps them in its books: JSON).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Config {
    /// The game its tables deal (a definition saved before games were named is Hold'em's).
    #[serde(default)]
    pub game: TournamentGame,
    /// Seats a table.
    pub seats: usize,
    /// Levels, breaks and the starting stack.
    pub structure: Structure,
    /// What an entry puts in the prize pool.
    pub prize: Chips,
    /// What an entry pays the house.
    pub fee: Chips,
    /// How it starts.
    pub start: Start,
    /// A busted player may enter again (a new entry, a new seat) while registration is open.
    pub re_entry: bool,
    /// A player may buy a starting stack again (same seat, between hands) while their stack is
    /// at most the starting stack and registration is open.
    pub rebuys: bool,
    /// One add-on a player, whatever their stack, between hands in the last level of the rebuy
    /// period (the last level of late registration): `None` for none.
    pub add_on: Option<AddOn>,
    /// The prize pool is at least this (room chips): when the payouts are fixed, the house
    /// adds what the pool is short of it (the overlay). `None`: no guarantee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<Chips>,
}

/// An add-on's chips and what it puts in the prize pool (no fee).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AddOn {
    /// The tournament chips it gives.
    pub chips: Chips,
    /// Its price, all of it into the pool.
    pub prize: Chips,
}

impl Config {
    /// Refuses settings the tournament cannot be played with: 2 to 10 seats a table (Draw: 2
    /// to 8), a structure playable by its game, an entry (prize part and fee) that can be
    /// counted, a sit-and-go of at least two.
    pub fn check(&self) -> Result<(), TournamentError> {
        let most = self.game.max_seats();
        if !(2..=most).contains(&self.seats) {
            return Err(TournamentError::Settings(format!(
                "a table seats 2 to {most} players"
            )));
        }
        self.structure
            .check_for(self.game)
            .map_err(|e| TournamentError::Settings(e.to_string()))?;
        if self.prize.checked_add(self.fee).is_none() {
            return Err(TournamentError::Settings(
                "the entry is too large to count".into(),
            ));
        }
        if matches!(self.start, Start::SitAndGo { players } if players < 2) {
            return Err(TournamentError::Settings(
                "a sit-and-go needs two players".into(),
            ));
        }
        Ok(())
    }

    /// What one entry pays: its prize part and its fee ([`Config::check`] made sure it counts).
    pub fn entry(&self) -> Chips {
        self.prize.checked_add(self.fee).unwrap_or(Chips::MAX)
    }
}

/// Where the tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Taking entries.
    Registering,
    /// Playing.
    Running,
    /// Won and paid.
    Finished,
    /// Called off, everything refunded.
    Cancelled,
}

/// What the room does for the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect<P> {
    /// Take an entry's prize part and fee (an entry, a re-entry) or a rebuy's prize part.
    Charge {
        /// Who pays.
        player: P,
        /// Into the pool.
        prize: Chips,
        /// To the house.
        fee: Chips,
    },
    /// Give back what was paid: `prize` out of the pool, `fee` from the house.
    Refund {
        /// To whom.
        player: P,
        /// Out of the prize pool.
        prize: Chips,
        /// The house's fee.
        fee: Chips,
    },
    /// Seat a player with a stack (at the start, at an entry, after a table broke).
    Seat {
        /// Who.
        player: P,
        /// Table and seat.
        at: (usize, usize),
        /// Their tournament chips.
        stack: Chips,
    },
    /// Move a player between hands (balancing, or a table broken).
    Move(Move<P>),
    /// A level begins (1 = the first), from the next hand.
    Level(usize),
    /// A break begins: no table deals a new hand until `until_ms` (the hands in play finish);
    /// the next level begins with it.
    Break {
        /// When it ends (ms).
        until_ms: u64,
    },
    /// Hand-for-hand begins (true) or ends.
    HandForHand(bool),
    /// A player is out, at this place.
    Busted(Placed<P>),
    /// The house adds this to the pool: what it was short of the guarantee when the payouts
    /// were fixed (before [`Effect::Prizes`]).
    Overlay(Chips),
    /// The overlay goes back to the house: called off before the first bust.
    OverlayBack(Chips),
    /// The prizes, fixed: first place first.
    Prizes(Vec<Chips>),
    /// Pay a prize.
    Pay {
        /// To whom.
        player: P,
        /// How much.
        amount: Chips,
    },
    /// A deal is proposed (RULES.md §5): no table deals a new hand until it is made or off.
    DealProposed {
        /// Who proposed it.
        by: P,
        /// Its kind.
        kind: DealKind,
        /// The prize money it keeps back to play for (0: none).
        keep_back: Chips,
        /// When it lapses (ms).
        until_ms: u64,
    },
    /// The deal proposed is off: declined by this player, or lapsed (`None`); play goes on.
    DealOff(Option<P>),
    /// Everyone accepted the deal: these shares are paid — as the places' prizes that follow
    /// when nothing is kept back (the tournament is over), with [`Effect::PayShare`] when money
    /// is kept back (play goes on for it).
    DealMade {
        /// Its kind.
        kind: DealKind,
        /// Each player's share, most chips first (the order of the places a deal keeping
        /// nothing back gives).
        shares: Vec<(P, Chips)>,
        /// The prize money kept back to play for (0: none).
        keep_back: Chips,
    },
    /// Pay a share of a deal that kept money back: paid when the deal is made, before anyone's
    /// place is known (the places that follow pay nothing more but the amount kept back, the
    /// winner's).
    PayShare {
        /// To whom.
        player: P,
        /// How much.
        amount: Chips,
    },
    /// It is over.
    Finished,
}

/// Why an input is refused (nothing changes).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TournamentError {
    /// Registration is closed.
    #[error("registration is closed")]
    Closed,
    /// The tournament is won or called off.
    #[error("the tournament is over")]
    Over,
    /// The player is in already.
    #[error("already registered")]
    Registered,
    /// The player is not in the tournament.
    #[error("not in the tournament")]
    NotIn,
    /// A sit-and-go with every seat taken.
    #[error("the tournament is full")]
    Full,
    /// A rebuy or re-entry the settings or the stack do not allow.
    #[error("{0}")]
    NotAllowed(&'static str),
    /// A rebuy or add-on asked while the player's table plays a hand: it is made between hands.
    #[error("a rebuy or add-on is made between hands")]
    MidHand,
    /// A hand reported for a table that is not dealing, or with players not seated there.
    #[error("table {table}: {why}")]
    BadHand {
        /// The table.
        table: usize,
        /// What is wrong.
        why: String,
    },
    /// Settings the tournament cannot be played with.
    #[error("{0}")]
    Settings(String),
    /// The prizes cannot be set.
    #[error(transparent)]
    Payout(#[from] PayoutError),
    /// A deal cannot be figured.
    #[error(transparent)]
    Deal(#[from] DealError),
}

/// The current hand-for-hand hand: the tables that have finished it, and its busts (each with
/// its seat's distance from the button); and since when hand-for-hand has stopped the clock.
#[derive(Clone, Debug, Default)]
struct HandForHand<P> {
    finished: BTreeSet<usize>,
    busts: Vec<(Bust<P>, usize)>,
    /// When it began (ms): the clock stands still from then until it ends.
    since_ms: u64,
}

/// One table.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TableState<P> {
    seating: Seating<P>,
    /// Between hands (players may leave it).
    idle: bool,
    /// Hands dealt here (levels by hands count them).
    hands: u64,
}

/// A tournament.
#[derive(Clone, Debug)]
pub struct Tournament<P> {
    config: Config,
    phase: Phase,
    rng: GameRng,
    registered: Vec<P>,
    stacks: BTreeMap<P, Chips>,
    tables: Vec<TableState<P>>,
    entries: usize,
    pool: Chips,
    fees: Chips,
    /// The house's overlay in the pool (see [`Config::guarantee`]).
    overlay: Chips,
    /// What each player has paid so far: prize parts, fees (what a cancellation gives back).
    paid: BTreeMap<P, (Chips, Chips)>,
    /// Players who took their add-on.
    added_on: BTreeSet<P>,
    started_ms: Option<u64>,
    /// The latest time an input brought (ms): hand-for-hand stops the clock then, and starts it
    /// again then.
    clock_ms: u64,
    /// Milliseconds taken off the clock by hand-for-hand hands (less what a break's end
    /// dropped: `clock::rewind_to_level_end`).
    debited_ms: u64,
    /// Milliseconds of breaks (not play), and of the lead a clock had run past a break's level
    /// when the break ended.
    paused_ms: u64,
    /// The break being taken or due.
    on_break: Option<Break>,
    /// The last level after which a break was taken (0: none yet).
    breaks_after: usize,
    /// Players who raced at the break being taken.
    raced: BTreeSet<P>,
    /// Chips chip races brought into play, and took out of it.
    raced_on: Chips,
    raced_off: Chips,
    level: usize,
    open: bool,
    prizes: Option<Vec<Chips>>,
    /// Busts before registration closed, by hand, oldest first (placed when it closes).
    early: Vec<Vec<Bust<P>>>,
    /// Places given, and the stack and seat order each busted player began their last hand with.
    placed: Vec<(Placed<P>, Chips, usize)>,
    /// Hand-for-hand, while it is on.
    h4h: Option<HandForHand<P>>,
    /// The deal proposed at the final table.
    deal: Option<Deal<P>>,
    /// A deal made that kept money back, while play goes on for it.
    kept_back: Option<KeptBack>,
}

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// A tournament taking entries, its draws from `seed` (the committed seed); refused if its
    /// settings cannot be played ([`Config::check`]).
    pub fn new(config: Config, seed: [u8; 32]) -> Result<Tournament<P>, TournamentError> {
        config.check()?;
        Ok(Tournament {
            config,
            phase: Phase::Registering,
            rng: GameRng::from_seed(seed),
            registered: Vec::new(),
            stacks: BTreeMap::new(),
            tables: Vec::new(),
            entries: 0,
            pool: Chips::ZERO,
            fees: Chips::ZERO,
            overlay: Chips::ZERO,
            paid: BTreeMap::new(),
            added_on: BTreeSet::new(),
            started_ms: None,
            clock_ms: 0,
            debited_ms: 0,
            paused_ms: 0,
            on_break: None,
            breaks_after: 0,
            raced: BTreeSet::new(),
            raced_on: Chips::ZERO,
            raced_off: Chips::ZERO,
            level: 0,
            open: true,
            prizes: None,
            early: Vec::new(),
            placed: Vec::new(),
            h4h: None,
            deal: None,
            kept_back: None,
        })
    }

    /// Where it is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Entries taken (re-entries count).
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// The prizes, first place first, once fixed (when registration closes).
    pub fn prizes(&self) -> Option<&[Chips]> {
        self.prizes.as_deref()
    }

    /// The prize pool.
    pub fn pool(&self) -> Chips {
        self.pool
    }

    /// The house's overlay in the pool (zero unless a guarantee was short when the payouts
    /// were fixed).
    pub fn overlay(&self) -> Chips {
        self.overlay
    }

    /// The fees taken.
    pub fn fees(&self) -> Chips {
        self.fees
    }

    /// The players registered before the start (seated when it starts), in order of entry.
    pub fn registered(&self) -> &[P] {
        &self.registered
    }

    /// Each player still in and their chips.
    pub fn stacks(&self) -> &BTreeMap<P, Chips> {
        &self.stacks
    }

    /// The tables' seats.
    pub fn seatings(&self) -> impl Iterator<Item = &Seating<P>> {
        self.tables.iter().map(|t| &t.seating)
    }

    /// The players at `table` with their chips, in seat order: what its next hand is dealt
    /// with.
    pub fn table_stacks(&self, table: usize) -> Option<Vec<(P, Chips)>> {
        let t = self.tables.get(table)?;
        let seated = t.seating.seats.iter().flatten();
        Some(
            seated
                .map(|p| (*p, self.stacks.get(p).copied().unwrap_or(Chips::ZERO)))
                .collect(),
        )
    }

    /// The level in force (0 before the start).
    pub fn level(&self) -> usize {
        self.level
    }

    /// Places given so far.
    pub fn places(&self) -> impl Iterator<Item = &Placed<P>> {
        self.placed.iter().map(|(p, _, _)| p)
    }

    /// Whether entries are still taken.
    pub fn registration_open(&self) -> bool {
        self.open
    }

    /// Whether hand-for-hand is on.
    pub fn hand_for_hand(&self) -> bool {
        self.h4h.is_some()
    }

    /// `player` enters (or re-enters, busted, where allowed).
    pub fn register(&mut self, player: P, now_ms: u64) -> Result<Vec<Effect<P>>, TournamentError> {
        self.clock_ms = self.clock_ms.max(now_ms);
        if !self.open || matches!(self.phase, Phase::Finished | Phase::Cancelled) {
            return Err(TournamentError::Closed);
        }
        if self.stacks.contains_key(&player) || self.registered.contains(&player) {
            return Err(TournamentError::Registered);
        }
        let returning = self.placed.iter().any(|(p, ..)| p.player == player)
            || self.early.iter().flatten().any(|b| b.player == player);
        if returning && !self.config.re_entry {
            return Err(TournamentError::NotAllowed(
                "this tournament has no re-entry",
            ));
        }
        if let Start::SitAndGo { players } = self.config.start {
            if self.registered.len() >= players {
                return Err(TournamentError::Full);
            }
        }
        let mut out = vec![Effect::Charge {
            player,
            prize: self.config.prize,
            fee: self.config.fee,
        }];
        let (Some(pool), Some(fees)) = (
            self.pool.checked_add(self.config.prize),
            self.fees.checked_add(self.config.fee),
        ) else {
            return Err(TournamentError::NotAllowed(
                "the prize pool cannot grow further",
            ));
        };
        self.entries += 1;
        (self.pool, self.fees) = (pool, fees);
        self.pay_in(player, self.config.prize, self.config.fee);
        if self.phase == Phase::Running {
            // A late entry: a seat at a shortest table.
            self.seat_late(player, &mut out);
        } else {
            self.registered.push(player);
            if let Start::SitAndGo { players } = self.config.start {
                if self.registered.len() == players {
                    self.begin(now_ms, &mut out)?;
                }
            }
        }
        Ok(out)
    }

    /// `player` withdraws before the start: everything back.
    pub fn unregister(&mut self, player: P) -> Result<Vec<Effect<P>>, TournamentError> {
        if self.phase != Phase::Registering {
            return Err(TournamentError::Closed);
        }
        let Some(i) = self.registered.iter().position(|p| *p == player) else {
            return Err(TournamentError::NotIn);
        };
        self.registered.remove(i);
        self.entries -= 1;
        let mut out = Vec::new();
        self.refund_all(player, &mut out);
        Ok(out)
    }

    /// Whether `player` sits at a table between hands.
    pub(super) fn between_hands(&self, player: P) -> bool {
        (self.tables.iter()).any(|t| t.idle && t.seating.seats.contains(&Some(player)))
    }
}
