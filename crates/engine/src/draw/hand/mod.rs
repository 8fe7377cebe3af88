//! One hand of Five-Card Draw as a state machine: antes, deal, first betting round, exchange,
//! second betting round, showdown, awards (RULES.md §3).
//!
//! [`DrawHand::apply`] takes an [`Action`] and returns the [`Event`]s it caused, or a
//! [`DrawError`] leaving the hand untouched (every check is made before anything changes). The
//! dealer's steps (antes, the deal, serving the exchange, reshuffling) happen by themselves, so
//! after every `apply` a player is to act or the hand is over.
//!
//! Cards are kept as sets per zone — each seat's hand, the deck, the discard pile, the bottom
//! card — so that every one of the 52 cards is in exactly one zone at every moment
//! ([`DrawHand::zones`]).
//!
//! This file holds the state and how an action enters it; the rules of each phase are beside
//! it, one function per rule: `deal.rs` (antes, the bottom card, five cards each), `betting.rs`
//! (a bet or fold, the end of a round), `exchange.rs` (discarding, serving, the reshuffle),
//! `showdown.rs` (show, muck, awards), with `deck.rs` (where cards come from), `queries.rs`
//! (reading the state) and `replay.rs` (a hand rebuilt from its events).

use super::action::{Action, Drawn, Event, Round};
use super::error::{DrawError, SetupError};
use super::rules::{Dealing, DrawRules, DrawSetup, MAX_DRAW_SEATS};
use crate::betting::{betting_hand, BettingHand, BettingRound, Ledger, Legal, Refused, SeatMask};
use crate::Chips;
use tavolo_cards::wire_value;
use tavolo_cards::{Card, CardSet, Deck, HandRank};

mod betting;
mod deal;
mod deck;
mod exchange;
mod queries;
mod replay;
mod showdown;

use deck::Source;

/// An action applied to the hand (its events appended), or refused with nothing changed.
type Applied = Result<(), DrawError>;
pub(crate) use deck::MAX_DRAWS;
pub use queries::CardZones;
pub use replay::ReplayError;
pub(crate) use replay::{actions_from_log, stacked_from_log};

/// Who is to act, and what they may do. Besides this, any live seat may fold at any moment of
/// the betting or the exchange ([`DrawHand::may_fold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// A betting decision: exactly these choices, with amounts. Before the opening there is no
    /// check (unless the rules allow it): open with at least the ante, or fold.
    Bet(Legal),
    /// This seat exchanges: it may discard any 0 to `max` cards of `hand`.
    Exchange {
        /// The seat whose turn it is to exchange.
        seat: usize,
        /// The cards it may discard (its hand).
        hand: CardSet,
        /// The most it may discard (3).
        max: u8,
    },
    /// This seat shows, or mucks if `may_muck` (a hand shown so far is at least as good).
    Showdown {
        /// The seat whose turn it is to show.
        seat: usize,
        /// Whether mucking is allowed.
        may_muck: bool,
    },
    /// The hand is over.
    Nobody,
}

impl ToAct {
    /// The seat to act: to bet, exchange or show (`None` once the hand is over).
    pub fn seat(&self) -> Option<usize> {
        match *self {
            ToAct::Bet(l) => Some(l.seat),
            ToAct::Exchange { seat, .. } | ToAct::Showdown { seat, .. } => Some(seat),
            ToAct::Nobody => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A betting round is on (`DrawHand::which` says which).
    Betting,
    /// Players exchange in turn from the cutter to the dealer.
    Exchange,
    /// Players show or muck in turn from the last raiser.
    Showdown,
    /// The hand is over.
    Over,
}

wire_value! {
    /// The public stage of a hand, for views.
    pub enum Stage {
        /// The first betting round.
        FirstBetting,
        /// The exchange.
        Exchange,
        /// The second betting round.
        SecondBetting,
        /// The showdown.
        Showdown,
        /// The hand is over and the pots are awarded.
        Over,
    }
}

/// One hand of Five-Card Draw.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawHand {
    n: u8,
    dealer: u8,
    cutter: u8,
    ante: Chips,
    rules: DrawRules,
    carried_in: Chips,
    ledger: Ledger,
    round: BettingRound,
    which: Round,
    phase: Phase,
    first_aggressor: Option<u8>,
    hands: [CardSet; MAX_DRAW_SEATS],
    discarded: [CardSet; MAX_DRAW_SEATS],
    drawn: [Drawn; MAX_DRAW_SEATS],
    counts: [Option<u8>; MAX_DRAW_SEATS],
    exchanged: SeatMask,
    pile: CardSet,
    deck: Deck,
    bottom: Card,
    source: Source,
    reshuffles: u8,
    show_start: u8,
    shown: SeatMask,
    keys: [u32; MAX_DRAW_SEATS],
    ranks: [Option<HandRank>; MAX_DRAW_SEATS],
    won: [Chips; MAX_DRAW_SEATS],
    carried: Chips,
    total: Chips,
}

impl DrawHand {
    /// Deals a new hand: the pot carried in, antes, the bottom card set aside, five cards each;
    /// the cutter is then to act. Returns the hand and the events so far.
    pub fn new(setup: &DrawSetup, dealing: Dealing) -> Result<(DrawHand, Vec<Event>), SetupError> {
        let mut ev = Vec::new();
        let h = DrawHand::new_into(setup, dealing, &mut ev)?;
        Ok((h, ev))
    }

    /// As [`DrawHand::new`], appending the events to `events` (no allocation when it has room).
    pub fn new_into(
        setup: &DrawSetup,
        dealing: Dealing,
        events: &mut Vec<Event>,
    ) -> Result<DrawHand, SetupError> {
        setup.validate()?;
        let (source, stacked) = match dealing {
            Dealing::Seeded(rng) => (Source::Seeded(rng), None),
            Dealing::Stacked(deal) => {
                deal.check(setup.seats())?;
                (Source::stacked(&deal), Some(deal))
            }
        };
        let ledger = Ledger::new(&setup.stacks);
        // Every field but the source is set again by `deal`.
        let mut h = DrawHand {
            n: 0,
            dealer: 0,
            cutter: 0,
            ante: Chips::ZERO,
            rules: setup.rules,
            carried_in: Chips::ZERO,
            round: BettingRound::start(&ledger, 0, deal::first_round_rules(setup)),
            ledger,
            which: Round::First,
            phase: Phase::Betting,
            first_aggressor: None,
            hands: [CardSet::EMPTY; MAX_DRAW_SEATS],
            discarded: [CardSet::EMPTY; MAX_DRAW_SEATS],
            drawn: [Drawn::default(); MAX_DRAW_SEATS],
            counts: [None; MAX_DRAW_SEATS],
            exchanged: SeatMask::EMPTY,
            pile: CardSet::EMPTY,
            deck: Deck::FULL,
            bottom: Card::ALL[0],
            source,
            reshuffles: 0,
            show_start: 0,
            shown: SeatMask::EMPTY,
            keys: [0; MAX_DRAW_SEATS],
            ranks: [None; MAX_DRAW_SEATS],
            won: [Chips::ZERO; MAX_DRAW_SEATS],
            carried: Chips::ZERO,
            total: Chips::ZERO,
        };
        h.deal(setup, stacked.as_ref(), events);
        Ok(h)
    }

    /// Deals the next hand in place with the same generator (a table's next deal; nothing is
    /// moved or allocated): as [`DrawHand::new_into`] with [`Dealing::Seeded`] and this hand's
    /// generator, which continues where it stopped. Refused for a hand with stacked cards.
    pub fn deal_next_into(
        &mut self,
        setup: &DrawSetup,
        events: &mut Vec<Event>,
    ) -> Result<(), SetupError> {
        setup.validate()?;
        if !matches!(self.source, Source::Seeded(_)) {
            return Err(SetupError::NotSeeded);
        }
        self.deal(setup, None, events);
        Ok(())
    }

    /// What is legal now, and for whom (besides folding, [`DrawHand::may_fold`]).
    // Inlined: asked before every action, its answer is then used field by field.
    #[inline]
    pub fn legal_actions(&self) -> ToAct {
        match self.phase {
            Phase::Betting => match self.round.legal(&self.ledger) {
                Some(l) => ToAct::Bet(l),
                None => ToAct::Nobody,
            },
            Phase::Exchange => match self.next_exchanger() {
                Some(seat) => ToAct::Exchange {
                    seat,
                    hand: self.hands[seat],
                    max: 3,
                },
                None => ToAct::Nobody,
            },
            Phase::Showdown => match self.next_shower() {
                Some(seat) => ToAct::Showdown {
                    seat,
                    may_muck: self.may_muck(seat),
                },
                None => ToAct::Nobody,
            },
            Phase::Over => ToAct::Nobody,
        }
    }

    /// Applies an action and returns the events it caused; on error the hand is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, DrawError> {
        let mut ev = Vec::new();
        self.apply_into(action, &mut ev)?;
        Ok(ev)
    }

    /// As [`DrawHand::apply`], appending the events to `events` (no allocation when it has room).
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), DrawError> {
        let seat = action.seat();
        if seat >= self.n as usize {
            return Err(Refused::NoSuchSeat { action, seat }.into());
        }
        if self.phase == Phase::Over {
            return Err(self.not_now(action).into());
        }
        if !self.ledger.live().contains(seat) {
            return Err(DrawError::NotInHand { action, seat });
        }
        match action {
            Action::Fold { .. } => self.fold(action, seat, events)?,
            Action::Check { .. } | Action::Call { .. } | Action::BetOrRaiseTo { .. } => {
                self.play_bet(action, events)?
            }
            Action::Exchange { discard, .. } => self.exchange(action, seat, discard, events)?,
            Action::Show { .. } => self.show(action, seat, events)?,
            Action::Muck { .. } => self.muck(action, seat, events)?,
        }
        self.advance(events);
        Ok(())
    }

    /// The next seat still in, clockwise from `from`, that has not yet had its turn (`done`) in
    /// `phase` (the exchange, the showdown); `None` in any other phase.
    fn next_in(&self, phase: Phase, done: SeatMask, from: usize) -> Option<usize> {
        if self.phase != phase {
            return None;
        }
        self.ledger
            .live()
            .without(done)
            .next_from(from, self.n as usize)
    }

    /// Runs the hand forward until a player must act or the hand is over.
    ///
    /// The common case, an action after which the betting goes on, is decided inline (the
    /// player to act cannot be [`DrawHand::stuck`] once somebody has bet or checks are allowed);
    /// everything else is out of line, so that most actions skip the call of a large function.
    #[inline(always)]
    fn advance(&mut self, ev: &mut Vec<Event>) {
        if self.phase == Phase::Betting && !self.round.is_closed() && self.may_check_or_call() {
            return;
        }
        self.advance_steps(ev);
    }

    /// [`DrawHand::advance`] in full: closes rounds, moves between phases, awards the pots.
    #[inline(never)]
    fn advance_steps(&mut self, ev: &mut Vec<Event>) {
        loop {
            match self.phase {
                Phase::Betting => {
                    if !self.round.is_closed() && !self.stuck() {
                        return;
                    }
                    self.close_round(ev);
                }
                Phase::Exchange => {
                    if self.ledger.live().len() <= 1 {
                        self.award(ev);
                    } else if self.next_exchanger().is_some() {
                        return;
                    } else {
                        self.start_second_round();
                    }
                }
                Phase::Showdown => {
                    if !self.ledger.live().without(self.shown).is_empty() {
                        return;
                    }
                    self.award(ev);
                }
                Phase::Over => return,
            }
        }
    }
}

betting_hand!(DrawHand, Bet);
