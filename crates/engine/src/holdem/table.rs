//! The table across hands (RULES.md §2 Table and Positions), a layer above the hand: seats drawn
//! by lot, "the hand" and the button rotating, sitting out for at most two consecutive hands,
//! leaving, a waiting list with seat-change requests served first, buy-ins and rebuys.
//!
//! The table deals each [`Hand`] to the players seated and in, and takes the stacks back when
//! it is over; the hand itself knows nothing of seats left empty or players sitting out.

use std::collections::VecDeque;

use super::hand::{Dealing, Hand};
use super::rules::{HandSetup, HoldemRules};
use super::Event;
use crate::betting::MAX_SEATS;
use crate::Chips;
use tavolo_cards::GameRng;
use thiserror::Error;

/// A player's identity at the table.
pub type PlayerId = u64;

/// The table's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableConfig {
    /// Seats at the table (2 to 10).
    pub seats: usize,
    /// Players seated and in needed to start a hand (the casino preset: 4; at least 2).
    pub min_players: usize,
    /// The small blind: half the table minimum.
    pub small_blind: Chips,
    /// The big blind: the table minimum.
    pub big_blind: Chips,
    /// The buy-in ("cave") every player sits down with.
    pub buy_in: Chips,
    /// The amount of a rebuy, allowed between hands once a stack is exhausted.
    pub rebuy: Chips,
    /// Consecutive hands a player may sit out without losing the seat (the seed: 2).
    pub max_sit_out: u8,
    /// The hand's ruleset.
    pub rules: HoldemRules,
}

impl TableConfig {
    /// The casino table of RULES.md §2: 4 to `seats` players, blinds half the minimum and the
    /// minimum, two hands of rest at most.
    pub fn casino(
        seats: usize,
        table_minimum: Chips,
        buy_in: Chips,
        rebuy: Chips,
        rules: HoldemRules,
    ) -> TableConfig {
        TableConfig {
            seats,
            min_players: 4,
            small_blind: table_minimum / 2,
            big_blind: table_minimum,
            buy_in,
            rebuy,
            max_sit_out: 2,
            rules,
        }
    }
}

/// Something the table did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TableEvent {
    /// A player took a seat with a buy-in.
    Seated {
        /// Who.
        player: PlayerId,
        /// Where.
        seat: usize,
        /// The buy-in.
        stack: Chips,
    },
    /// A seated player moved to another seat (a seat-change request served).
    Moved {
        /// Who.
        player: PlayerId,
        /// From.
        from: usize,
        /// To.
        to: usize,
    },
    /// A player left or lost the seat.
    Left {
        /// Who.
        player: PlayerId,
        /// The seat now free.
        seat: usize,
        /// The chips taken away.
        stack: Chips,
        /// Whether the seat was lost by sitting out a third consecutive hand.
        timed_out: bool,
    },
    /// A player joined the waiting list.
    Waiting {
        /// Who.
        player: PlayerId,
        /// Their place in the list (0: first).
        place: usize,
    },
    /// A player rebought.
    Rebought {
        /// Who.
        player: PlayerId,
        /// Chips added.
        amount: Chips,
    },
    /// A hand was dealt.
    HandStarted {
        /// The hand's number at this table (from 1).
        number: u64,
        /// The table seat of the button.
        button: usize,
        /// The table seat of "the hand" (first position, small blind).
        first: usize,
    },
}

/// A refused table operation (the table is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The configuration is invalid.
    #[error("invalid table: {0}")]
    Config(&'static str),
    /// Not enough players seated and in to deal.
    #[error("{ready} players are ready, {needed} are needed to deal")]
    NotEnoughPlayers {
        /// Players seated, in, and with chips.
        ready: usize,
        /// Players needed.
        needed: usize,
    },
    /// A hand is being played; seats change between hands.
    #[error("a hand is in progress")]
    HandInProgress,
    /// No hand is in progress.
    #[error("no hand is in progress")]
    NoHand,
    /// The hand given back is not over.
    #[error("the hand is not over")]
    HandNotOver,
    /// The player is not seated.
    #[error("player {0} is not seated")]
    NotSeated(PlayerId),
    /// The player is already seated or waiting.
    #[error("player {0} is already at the table or on the waiting list")]
    AlreadyHere(PlayerId),
    /// A rebuy while the player still has chips.
    #[error("player {player} still has {stack} chips: rebuys are for exhausted stacks")]
    RebuyWithChips {
        /// Who.
        player: PlayerId,
        /// Their stack.
        stack: Chips,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Occupant {
    player: PlayerId,
    stack: Chips,
    sitting_out: bool,
    missed: u8,
    wants_change: bool,
}

/// The table seats of the players in the current hand: hand seat `i` is table seat `seats[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSeats {
    /// Table seat of each hand seat.
    pub seats: Vec<usize>,
    /// The player in each hand seat.
    pub players: Vec<PlayerId>,
    /// The hand's setup.
    pub setup: HandSetup,
}

impl HandSeats {
    /// The hand as a PHH hand history (players named by their ids), from its events: what the
    /// table exports for every hand played.
    pub fn to_phh(&self, events: &[Event]) -> super::phh::PhhHand {
        let names: Vec<String> = self.players.iter().map(|p| p.to_string()).collect();
        super::phh::export(&self.setup, events, Some(&names))
    }
}

/// A cash table of Hold'em.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    config: TableConfig,
    seats: [Option<Occupant>; MAX_SEATS],
    waiting: VecDeque<PlayerId>,
    change_requests: VecDeque<PlayerId>,
    first: Option<usize>,
    hands: u64,
    carried: Chips,
    in_hand: Option<HandSeats>,
}

impl Table {
    /// Opens a session: the registered players are seated by random draw with a buy-in each;
    /// those beyond the seats go to the waiting list in their registration order.
    pub fn open(
        config: TableConfig,
        registered: &[PlayerId],
        rng: &mut GameRng,
    ) -> Result<(Table, Vec<TableEvent>), TableError> {
        if !(2..=MAX_SEATS).contains(&config.seats) {
            return Err(TableError::Config("a table has 2 to 10 seats"));
        }
        if config.min_players < 2 || config.min_players > config.seats {
            return Err(TableError::Config(
                "min_players must be between 2 and the seats",
            ));
        }
        if config.big_blind == 0 || config.buy_in == 0 {
            return Err(TableError::Config(
                "the blinds and the buy-in must be positive",
            ));
        }
        for (i, p) in registered.iter().enumerate() {
            if registered[..i].contains(p) {
                return Err(TableError::AlreadyHere(*p));
            }
        }
        let mut t = Table {
            config,
            seats: [None; MAX_SEATS],
            waiting: VecDeque::new(),
            change_requests: VecDeque::new(),
            first: None,
            hands: 0,
            carried: 0,
            in_hand: None,
        };
        let mut order: Vec<usize> = (0..config.seats).collect();
        rng.shuffle(&mut order);
        let mut ev = Vec::new();
        for (i, &p) in registered.iter().enumerate() {
            if i < config.seats {
                t.seat(p, order[i], &mut ev);
            } else {
                t.waiting.push_back(p);
                ev.push(TableEvent::Waiting {
                    player: p,
                    place: t.waiting.len() - 1,
                });
            }
        }
        Ok((t, ev))
    }

    fn seat(&mut self, player: PlayerId, seat: usize, ev: &mut Vec<TableEvent>) {
        self.seats[seat] = Some(Occupant {
            player,
            stack: self.config.buy_in,
            sitting_out: false,
            missed: 0,
            wants_change: false,
        });
        ev.push(TableEvent::Seated {
            player,
            seat,
            stack: self.config.buy_in,
        });
    }

    /// The configuration.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The player in a seat and their stack.
    pub fn occupant(&self, seat: usize) -> Option<(PlayerId, Chips)> {
        self.seats
            .get(seat)
            .copied()
            .flatten()
            .map(|o| (o.player, o.stack))
    }

    /// The seat of a player.
    pub fn seat_of(&self, player: PlayerId) -> Option<usize> {
        self.seats[..self.config.seats]
            .iter()
            .position(|o| o.is_some_and(|o| o.player == player))
    }

    /// The waiting list, first first.
    pub fn waiting_list(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.waiting.iter().copied()
    }

    /// Chips carried over to the next hand (odd chips that stay in the pot).
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// The sum of every stack plus carried chips.
    pub fn chips_total(&self) -> Chips {
        self.seats.iter().flatten().map(|o| o.stack).sum::<Chips>() + self.carried
    }

    /// Hands dealt so far.
    pub fn hands_dealt(&self) -> u64 {
        self.hands
    }

    fn occupant_mut(&mut self, player: PlayerId) -> Result<(usize, &mut Occupant), TableError> {
        let s = self.seat_of(player).ok_or(TableError::NotSeated(player))?;
        Ok((
            s,
            self.seats[s]
                .as_mut()
                .ok_or(TableError::NotSeated(player))?,
        ))
    }

    fn between_hands(&self) -> Result<(), TableError> {
        if self.in_hand.is_some() {
            Err(TableError::HandInProgress)
        } else {
            Ok(())
        }
    }

    /// The player rests from the next hand on (at most `max_sit_out` consecutive hands).
    pub fn sit_out(&mut self, player: PlayerId) -> Result<(), TableError> {
        self.occupant_mut(player)?.1.sitting_out = true;
        Ok(())
    }

    /// The player plays again from the next hand on.
    pub fn sit_in(&mut self, player: PlayerId) -> Result<(), TableError> {
        let (_, o) = self.occupant_mut(player)?;
        o.sitting_out = false;
        o.missed = 0;
        Ok(())
    }

    /// A seated player asks to move to the next seat that becomes free.
    pub fn request_seat_change(&mut self, player: PlayerId) -> Result<(), TableError> {
        let (_, o) = self.occupant_mut(player)?;
        if !o.wants_change {
            o.wants_change = true;
            self.change_requests.push_back(player);
        }
        Ok(())
    }

    /// A player joins the waiting list (and is seated at once if a seat is free).
    pub fn join_waiting_list(&mut self, player: PlayerId) -> Result<Vec<TableEvent>, TableError> {
        if self.seat_of(player).is_some() || self.waiting.contains(&player) {
            return Err(TableError::AlreadyHere(player));
        }
        self.waiting.push_back(player);
        let mut ev = vec![TableEvent::Waiting {
            player,
            place: self.waiting.len() - 1,
        }];
        if self.in_hand.is_none() {
            self.fill_free_seats(&mut ev);
        }
        Ok(ev)
    }

    /// A player leaves with their stack (between hands); the seat is offered to seat-change
    /// requests first, then to the waiting list.
    pub fn leave(&mut self, player: PlayerId) -> Result<Vec<TableEvent>, TableError> {
        self.between_hands()?;
        let (seat, o) = self.occupant_mut(player)?;
        let stack = o.stack;
        let mut ev = Vec::new();
        self.free(seat, stack, false, &mut ev);
        self.fill_free_seats(&mut ev);
        Ok(ev)
    }

    fn free(&mut self, seat: usize, stack: Chips, timed_out: bool, ev: &mut Vec<TableEvent>) {
        if let Some(o) = self.seats[seat].take() {
            self.change_requests.retain(|&p| p != o.player);
            ev.push(TableEvent::Left {
                player: o.player,
                seat,
                stack,
                timed_out,
            });
        }
    }

    fn fill_free_seats(&mut self, ev: &mut Vec<TableEvent>) {
        loop {
            let Some(free) = (0..self.config.seats).find(|&s| self.seats[s].is_none()) else {
                return;
            };
            if let Some(p) = self.change_requests.pop_front() {
                if let Some(from) = self.seat_of(p) {
                    let mut o = self.seats[from].take().expect("seated");
                    o.wants_change = false;
                    self.seats[free] = Some(o);
                    ev.push(TableEvent::Moved {
                        player: p,
                        from,
                        to: free,
                    });
                }
                continue;
            }
            let Some(p) = self.waiting.pop_front() else {
                return;
            };
            self.seat(p, free, ev);
        }
    }

    /// A player whose stack is exhausted buys chips again (between hands).
    pub fn rebuy(&mut self, player: PlayerId) -> Result<TableEvent, TableError> {
        self.between_hands()?;
        let amount = self.config.rebuy;
        let (_, o) = self.occupant_mut(player)?;
        if o.stack > 0 {
            return Err(TableError::RebuyWithChips {
                player,
                stack: o.stack,
            });
        }
        o.stack = amount;
        Ok(TableEvent::Rebought { player, amount })
    }

    /// Deals the next hand to the players seated, in, and with chips: "the hand" moves one
    /// player clockwise and the button sits right of it. A player who would miss a third
    /// consecutive hand loses the seat first (and the waiting list is called).
    pub fn deal(
        &mut self,
        dealing: Dealing,
    ) -> Result<(Hand, Vec<Event>, Vec<TableEvent>), TableError> {
        self.between_hands()?;
        let n = self.config.seats;
        let mut tev = Vec::new();
        let ready = |t: &Table| -> Vec<usize> {
            (0..n)
                .filter(|&s| t.seats[s].is_some_and(|o| !o.sitting_out && o.stack > 0))
                .collect()
        };
        let active = ready(self);
        if active.len() < self.config.min_players {
            return Err(TableError::NotEnoughPlayers {
                ready: active.len(),
                needed: self.config.min_players,
            });
        }
        // Those missing this hand: a third consecutive miss frees the seat.
        for s in 0..n {
            if let Some(o) = self.seats[s].as_mut() {
                if o.sitting_out || o.stack == 0 {
                    o.missed += 1;
                    if o.missed > self.config.max_sit_out {
                        let stack = o.stack;
                        self.free(s, stack, true, &mut tev);
                    }
                }
            }
        }
        self.fill_free_seats(&mut tev);
        let active = ready(self);
        let first = match self.first {
            None => active[0],
            Some(prev) => *active.iter().find(|&&s| s > prev).unwrap_or(&active[0]),
        };
        let k = active.iter().position(|&s| s == first).unwrap_or(0);
        let m = active.len();
        let button_idx = (k + m - 1) % m;
        let stacks: Vec<Chips> = active
            .iter()
            .map(|&s| self.seats[s].map_or(0, |o| o.stack))
            .collect();
        let mut setup = HandSetup::casino(
            stacks,
            button_idx,
            self.config.small_blind,
            self.config.big_blind,
            self.config.rules,
        );
        setup.carried_in = self.carried;
        let (hand, events) = Hand::new(&setup, dealing)
            .map_err(|_| TableError::Config("the hand cannot be dealt"))?;
        for &s in &active {
            if let Some(o) = self.seats[s].as_mut() {
                o.missed = 0;
            }
        }
        self.first = Some(first);
        self.carried = 0;
        self.hands += 1;
        tev.push(TableEvent::HandStarted {
            number: self.hands,
            button: active[button_idx],
            first,
        });
        let players = active
            .iter()
            .filter_map(|&s| self.seats[s].map(|o| o.player))
            .collect();
        self.in_hand = Some(HandSeats {
            seats: active,
            players,
            setup,
        });
        Ok((hand, events, tev))
    }

    /// The seats of the hand in progress.
    pub fn hand_seats(&self) -> Option<&HandSeats> {
        self.in_hand.as_ref()
    }

    /// Takes the stacks back from a finished hand (and any chips it carries over).
    pub fn finish(&mut self, hand: &Hand) -> Result<(), TableError> {
        let seats = self.in_hand.as_ref().ok_or(TableError::NoHand)?;
        if !hand.is_over() {
            return Err(TableError::HandNotOver);
        }
        let map = seats.seats.clone();
        for (i, &s) in map.iter().enumerate() {
            if let Some(o) = self.seats[s].as_mut() {
                o.stack = hand.stacks()[i];
            }
        }
        // Carried chips (RULES.md §3 option) wait for the next pot: they are kept by the table.
        self.carried += hand.carried();
        self.in_hand = None;
        Ok(())
    }

    /// The players sitting out.
    pub fn sitting_out(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.seats
            .iter()
            .flatten()
            .filter(|o| o.sitting_out)
            .map(|o| o.player)
    }

    /// Deals a fresh seeded hand with the table's generator (a convenience for servers/tests).
    pub fn deal_seeded(
        &mut self,
        rng: &mut GameRng,
    ) -> Result<(Hand, Vec<Event>, Vec<TableEvent>), TableError> {
        let seed = rng.next_u64();
        self.deal(Dealing::Seeded(GameRng::from_u64(seed)))
    }
}
