//! One hand of Hold'em as a state machine: blinds, deal, four betting rounds, showdown, awards.
//!
//! [`Hand::apply`] takes an [`Action`] and returns the [`Event`]s it caused, or a
//! [`HoldemError`] leaving the hand untouched (every check is made before anything changes).
//! With a seeded deck the dealer's steps happen by themselves, so after every `apply` a player
//! is to act or the hand is over; with supplied cards (replaying a hand history) the caller
//! deals with [`Action::DealHole`] and [`Action::DealBoard`].
//!
//! This file holds the state and how an action enters it; the rules of each phase are beside
//! it, one function per rule: `deal.rs` (antes, blinds, the opener, hole cards), `streets.rs`
//! (betting rounds and the board), `showdown.rs` (show, muck, awards), with `deck.rs` (where
//! cards come from), `queries.rs` (reading the state) and `replay.rs` (a hand rebuilt from its
//! events).

use super::action::{Action, Event, Street};
use super::error::{HoldemError, SetupError};
use super::rules::{HandSetup, HoldemRules, Reveal};
use crate::betting::{
    betting_hand, BettingHand, BettingRound, Ledger, Legal, Refused, RoundRules, SeatMask,
    MAX_SEATS,
};
use crate::Chips;
use tavolo_cards::{Card, CardSet, Deck, GameRng, Hand as Eval};

mod deal;
mod deck;
mod queries;
mod replay;
mod showdown;
mod streets;

use deck::Dealer;

/// An action applied to the hand (its events appended), or refused with nothing changed.
type Applied = Result<(), HoldemError>;

/// Where the cards come from.
// The generator is kept inline on purpose: boxing it would allocate once per hand.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Dealing {
    /// A deck shuffled by this generator (reproducible from its seed). Dealing is one card at a
    /// time from the top, starting left of the button, with a burn before each board street.
    Seeded(GameRng),
    /// The caller supplies every card ([`Action::DealHole`], [`Action::DealBoard`]).
    Supplied,
}

/// Who is to act, and what they may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// A betting decision: exactly these choices, with amounts.
    Player(Legal),
    /// These seats must each show or muck, in any order (the first is next in showdown order).
    Showdown {
        /// The seats still to decide.
        seats: SeatMask,
        /// The seat whose turn it is in showdown order.
        next: usize,
    },
    /// Supplied dealing: hole cards are owed to these seats.
    DealHole {
        /// Seats still without hole cards.
        seats: SeatMask,
    },
    /// Supplied dealing: the board cards of this street are owed (while the showdown may also be
    /// going on, when all players are all-in).
    DealBoard {
        /// The street to deal.
        street: Street,
        /// Seats that may show or muck meanwhile.
        showdown: SeatMask,
    },
    /// The hand is over.
    Nobody,
}

impl ToAct {
    /// The seat to act in a betting round (`None` while cards are dealt or shown, and once the
    /// hand is over).
    pub fn seat(&self) -> Option<usize> {
        match *self {
            ToAct::Player(l) => Some(l.seat),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Hole cards are owed (supplied dealing).
    Hole,
    /// A betting round is on.
    Betting,
    /// The next street's board cards are owed.
    Board,
    /// The board is complete; hands are shown.
    Showdown,
    /// The hand is over.
    Over,
}

/// The rules of the round a hand holds before its first betting round starts (`start_round`
/// replaces it once the hole cards are out).
fn placeholder_rules(setup: &HandSetup) -> RoundRules {
    RoundRules {
        structure: setup.rules.structure,
        min_bet: setup.min_bet,
        min_raise: setup.rules.min_raise,
        cap: None,
        forced_bets: 0,
        check_before_opening: true,
    }
}

/// One hand of Texas Hold'em.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    n: u8,
    button: u8,
    rules: HoldemRules,
    min_bet: Chips,
    big_bet: Chips,
    any_blind: bool,
    ledger: Ledger,
    round: BettingRound,
    street: Street,
    phase: Phase,
    hole: [[Option<Card>; 2]; MAX_SEATS],
    dealt: SeatMask,
    board: [Option<Card>; 5],
    board_len: u8,
    board_eval: Eval,
    used: CardSet,
    dealer: Dealer,
    betting_done: bool,
    show_start: u8,
    shown: SeatMask,
    ranks: [u16; MAX_SEATS],
    won: [Chips; MAX_SEATS],
    carried: Chips,
    total: Chips,
}

impl Hand {
    /// Deals a new hand: posts antes and blinds and, with a seeded deck, deals the hole cards.
    /// Returns the hand and the events so far.
    pub fn new(setup: &HandSetup, dealing: Dealing) -> Result<(Hand, Vec<Event>), SetupError> {
        let mut ev = Vec::new();
        let h = Hand::new_into(setup, dealing, &mut ev)?;
        Ok((h, ev))
    }

    /// As [`Hand::new`], appending the events to `events` (no allocation when it has room).
    pub fn new_into(
        setup: &HandSetup,
        dealing: Dealing,
        events: &mut Vec<Event>,
    ) -> Result<Hand, SetupError> {
        setup.validate()?;
        let dealer = match dealing {
            Dealing::Seeded(rng) => Dealer::Deck(Deck::FULL, rng),
            Dealing::Supplied => Dealer::Supplied,
        };
        // Placeholders: `deal` sets every field but the dealer from the setup.
        let ledger = Ledger::new(&setup.stacks);
        let round = BettingRound::start(&ledger, 0, placeholder_rules(setup));
        let mut h = Hand {
            n: 0,
            button: 0,
            rules: setup.rules,
            min_bet: Chips::ZERO,
            big_bet: Chips::ZERO,
            any_blind: false,
            ledger,
            round,
            street: Street::Preflop,
            phase: Phase::Over,
            hole: [[None; 2]; MAX_SEATS],
            dealt: SeatMask::EMPTY,
            board: [None; 5],
            board_len: 0,
            board_eval: Eval::new(),
            used: CardSet::EMPTY,
            dealer,
            betting_done: false,
            show_start: 0,
            shown: SeatMask::EMPTY,
            ranks: [0; MAX_SEATS],
            won: [Chips::ZERO; MAX_SEATS],
            carried: Chips::ZERO,
            total: Chips::ZERO,
        };
        h.deal(setup, events);
        Ok(h)
    }

    /// Deals the next hand in place with the same generator (a table's next deal; nothing is
    /// moved or allocated): as [`Hand::new_into`] with [`Dealing::Seeded`] and this hand's
    /// generator, which continues where it stopped. Refused for a hand with supplied cards.
    ///
    /// ```
    /// use tavolo_cards::GameRng;
    /// use tavolo_engine::holdem::{Dealing, Hand, HandSetup, HoldemRules};
    /// use tavolo_engine::Chips;
    /// let (sb, bb) = (Chips::new(1), Chips::new(2));
    /// let setup = HandSetup::casino(vec![Chips::new(200); 3], 0, sb, bb, HoldemRules::default());
    /// let mut events = Vec::new();
    /// let mut h = Hand::new_into(&setup, Dealing::Seeded(GameRng::from_u64(7)), &mut events)?;
    /// let first = h.clone();
    /// events.clear();
    /// h.deal_next_into(&setup, &mut events)?;
    /// // The generator went on: the next hand's cards differ from the first's.
    /// assert_ne!(h, first);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deal_next_into(
        &mut self,
        setup: &HandSetup,
        events: &mut Vec<Event>,
    ) -> Result<(), SetupError> {
        setup.validate()?;
        if !self.seeded() {
            return Err(SetupError::NotSeeded);
        }
        self.deal(setup, events);
        Ok(())
    }

    /// The seat at position `p` counted from the left of the button.
    #[inline]
    fn seat_at(&self, p: usize) -> usize {
        // button < n and p < n, so one subtraction wraps (no division on the hot path).
        let s = self.button as usize + 1 + p;
        let n = self.n as usize;
        if s >= n {
            s - n
        } else {
            s
        }
    }

    /// The seat left of the button ("the hand", first position).
    #[inline]
    fn first(&self) -> usize {
        self.seat_at(0)
    }

    fn seeded(&self) -> bool {
        matches!(self.dealer, Dealer::Deck(..))
    }

    /// Runs the hand forward until a player (or, with supplied cards, the dealer) must act.
    ///
    /// The common case, an action after which the betting round goes on, is decided inline;
    /// everything else is out of line (as in Five-Card Draw), so that most actions skip the call
    /// of a large function.
    #[inline(always)]
    fn advance(&mut self, ev: &mut Vec<Event>) {
        if self.phase == Phase::Betting && !self.round.is_closed() {
            return;
        }
        self.advance_steps(ev);
    }

    /// [`Hand::advance`] in full: deals, closes rounds, moves between streets, shows and awards.
    #[inline(never)]
    fn advance_steps(&mut self, ev: &mut Vec<Event>) {
        loop {
            match self.phase {
                Phase::Hole => {
                    if self.seeded() {
                        self.deal_hole_cards(ev);
                    }
                    if self.dealt.len() < self.n as usize {
                        return;
                    }
                    self.start_round(Street::Preflop);
                }
                Phase::Betting => {
                    if !self.round.is_closed() {
                        return;
                    }
                    self.close_round(ev);
                }
                Phase::Board => {
                    let Some(next) = self.street.next() else {
                        self.phase = Phase::Showdown;
                        continue;
                    };
                    if !self.seeded() {
                        return;
                    }
                    self.deal_board(next, ev);
                }
                Phase::Showdown => {
                    if self.rules.reveal == Reveal::AllShown {
                        self.show_all(ev);
                    }
                    if !self.ledger.live().without(self.shown).is_empty() {
                        return;
                    }
                    self.award(ev);
                }
                Phase::Over => return,
            }
        }
    }

    /// What is legal now, and for whom.
    pub fn legal_actions(&self) -> ToAct {
        match self.phase {
            Phase::Hole => ToAct::DealHole {
                seats: SeatMask::first(self.n as usize).without(self.dealt),
            },
            Phase::Betting => match self.round.legal(&self.ledger) {
                Some(l) => ToAct::Player(l),
                None => ToAct::Nobody,
            },
            Phase::Board => ToAct::DealBoard {
                street: self.street.next().unwrap_or(Street::River),
                showdown: self.pending_showdown(),
            },
            Phase::Showdown => {
                let seats = self.pending_showdown();
                let next = seats
                    .next_from(self.show_start as usize, self.n as usize)
                    .unwrap_or(0);
                ToAct::Showdown { seats, next }
            }
            Phase::Over => ToAct::Nobody,
        }
    }

    fn pending_showdown(&self) -> SeatMask {
        if self.betting_done && self.rules.reveal == Reveal::PlayersChoose {
            self.ledger.live().without(self.shown)
        } else {
            SeatMask::EMPTY
        }
    }

    /// Applies an action and returns the events it caused; on error the hand is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, HoldemError> {
        let mut ev = Vec::new();
        self.apply_into(action, &mut ev)?;
        Ok(ev)
    }

    /// As [`Hand::apply`], appending the events to `events` (no allocation when it has room).
    pub fn apply_into(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), HoldemError> {
        if let Some(seat) = action.seat() {
            if seat >= self.n as usize {
                return Err(Refused::NoSuchSeat { action, seat }.into());
            }
        }
        match action {
            Action::Fold { .. }
            | Action::Check { .. }
            | Action::Call { .. }
            | Action::BetOrRaiseTo { .. } => self.play_bet(action, events)?,
            Action::Show { seat, cards } => self.player_shows(action, seat, cards, events)?,
            Action::Muck { seat } => self.player_mucks(action, seat, events)?,
            Action::DealHole { seat, cards } => {
                self.supply_hole_cards(action, seat, cards, events)?
            }
            Action::DealBoard { cards } => self.supply_board(action, cards, events)?,
        }
        self.advance(events);
        Ok(())
    }

    fn check_new_cards(
        &self,
        action: Action,
        cards: impl Iterator<Item = Card>,
    ) -> Result<(), HoldemError> {
        let mut seen = self.used;
        for card in cards {
            if seen.contains(card) {
                return Err(HoldemError::DuplicateCard { action, card });
            }
            seen.insert(card);
        }
        Ok(())
    }
}

betting_hand!(Hand, Player);
