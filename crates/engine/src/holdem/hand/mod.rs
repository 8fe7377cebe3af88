//! One hand of Hold'em as a state machine: blinds, deal, four betting rounds, showdown, awards.
//!
//! [`Hand::apply`] takes an [`Action`] and returns the [`Event`]s it caused, or a
//! [`HoldemError`] leaving the hand untouched (every check is made before anything changes).
//! With a seeded deck the dealer's steps happen by themselves, so after every `apply` a player
//! is to act or the hand is over; with supplied cards (replaying a hand history) the caller
//! deals with [`Action::DealHole`] and [`Action::DealBoard`].

use super::action::{Action, BoardCards, Event, Street};
use super::error::{HoldemError, SetupError};
use super::rules::{Antes, HandSetup, HoldemRules, Reveal, ShowdownOrder};
use crate::betting::BetEvent;
use crate::betting::{
    BettingRound, Ledger, Legal, RaiseCap, RoundRules, SeatMask, Structure, MAX_SEATS,
};
use crate::Chips;
use tavolo_cards::{Card, CardSet, Deck, GameRng, Hand as Eval};

mod deck;
mod queries;
mod replay;
mod showdown;

use deck::Dealer;

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
            min_bet: 0,
            big_bet: 0,
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
            won: [0; MAX_SEATS],
            carried: 0,
            total: 0,
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
    /// let setup = HandSetup::casino(vec![200; 3], 0, 1, 2, HoldemRules::default());
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

    /// Resets every field but the dealer's generator for a new hand from `setup` (validated),
    /// then posts antes and blinds and, with a seeded deck, deals the hole cards.
    fn deal(&mut self, setup: &HandSetup, events: &mut Vec<Event>) {
        let n = setup.seats();
        let mut ledger = Ledger::new(&setup.stacks);
        ledger.add_dead(setup.carried_in);
        let rules = setup.rules;
        // Every field by name (no `..`): a field added to `Hand` must be reset here too.
        let Hand {
            n: seats,
            button,
            rules: hand_rules,
            min_bet,
            big_bet,
            any_blind,
            ledger: hand_ledger,
            round,
            street,
            phase,
            hole,
            dealt,
            board,
            board_len,
            board_eval,
            used,
            dealer,
            betting_done,
            show_start,
            shown,
            ranks,
            won,
            carried,
            total,
        } = self;
        *seats = n as u8;
        *button = setup.button as u8;
        *hand_rules = rules;
        *min_bet = setup.min_bet;
        *big_bet = setup.big_bet;
        *any_blind = setup.blinds.iter().any(|&b| b > 0);
        *total = ledger.total();
        // The round until the hole cards are out. With a seeded deck they are dealt below and
        // the first betting round replaces it at once: only supplied hole cards wait with it.
        if !matches!(dealer, Dealer::Deck(..)) {
            *round = BettingRound::start(&ledger, 0, placeholder_rules(setup));
        }
        *hand_ledger = ledger;
        *street = Street::Preflop;
        *phase = Phase::Hole;
        *hole = [[None; 2]; MAX_SEATS];
        *dealt = SeatMask::EMPTY;
        *board = [None; 5];
        *board_len = 0;
        *board_eval = Eval::new();
        *used = CardSet::EMPTY;
        if let Dealer::Deck(deck, _) = dealer {
            *deck = Deck::FULL;
        }
        *betting_done = false;
        *show_start = 0;
        *shown = SeatMask::EMPTY;
        *ranks = [0; MAX_SEATS];
        *won = [0; MAX_SEATS];
        *carried = 0;
        // Antes, then blinds and straddles in order from the left of the button. A blind is at
        // most the starting stack less the ante posted, even when part of that ante comes back
        // as uncalled (live non-uniform antes), as PokerKit does.
        let mut ante_posted = [0 as Chips; MAX_SEATS];
        let mut any_ante = false;
        for p in 0..n {
            let s = self.seat_at(p);
            let a = setup.antes[s];
            if a == 0 {
                continue;
            }
            any_ante = true;
            let amount = match rules.antes {
                Antes::Live => self.ledger.put(s, a),
                Antes::Dead => self.ledger.put_dead(s, a),
            };
            ante_posted[s] = amount;
            events.push(Event::Bet(BetEvent::AntePosted { seat: s, amount }));
        }
        if any_ante && rules.antes == Antes::Live {
            if let Some((seat, amount)) = self.ledger.return_uncalled() {
                events.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
            }
        }
        self.ledger.collect();
        for p in 0..n {
            let s = self.seat_at(p);
            let b = setup.blinds[s];
            if b > 0 {
                let amount = self.ledger.put(s, b.min(setup.stacks[s] - ante_posted[s]));
                events.push(Event::BlindPosted { seat: s, amount });
            }
        }
        // The pre-flop opener: the seat after the largest blind or straddle (the later on ties).
        let mut best = (0, 0);
        for p in 0..n {
            let s = self.seat_at(p);
            let key = if setup.blinds[s] > 0 {
                self.ledger.bet(s)
            } else {
                0
            };
            if key >= best.0 {
                best = (key, p);
            }
        }
        self.show_start = self.seat_at((best.1 + 1) % n) as u8;
        self.advance(events);
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

    fn round_rules(&self, street: Street) -> RoundRules {
        let limit = self.rules.structure == Structure::FixedLimit;
        let min_bet = if limit && street >= Street::Turn {
            self.big_bet
        } else {
            self.min_bet
        };
        RoundRules {
            structure: self.rules.structure,
            min_bet,
            min_raise: self.rules.min_raise,
            cap: limit.then_some(RaiseCap {
                max_bets: self.rules.limit_cap.max_bets,
                lifted_heads_up: self.rules.limit_cap.lifted_heads_up,
            }),
            forced_bets: u8::from(
                street == Street::Preflop && self.rules.blind_counts_as_bet && self.any_blind,
            ),
            check_before_opening: true,
        }
    }

    fn start_round(&mut self, street: Street) {
        self.street = street;
        let opener = if street == Street::Preflop {
            self.show_start as usize
        } else {
            self.first()
        };
        self.round = BettingRound::start(&self.ledger, opener, self.round_rules(street))
            .with_reopen(self.rules.reopen);
        self.phase = Phase::Betting;
    }

    fn deal_card(&mut self) -> Card {
        let Dealer::Deck(deck, rng) = &mut self.dealer else {
            unreachable!("only called with a deck")
        };
        // A hand deals at most 2 × MAX_SEATS hole cards, three burns and five board cards.
        let Some(c) = deck.deal(rng) else {
            unreachable!("a hand deals at most 28 of the 52 cards")
        };
        self.used.insert(c);
        c
    }

    fn seeded(&self) -> bool {
        matches!(self.dealer, Dealer::Deck(..))
    }

    /// Runs the hand forward until a player (or, with supplied cards, the dealer) must act.
    fn advance(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        loop {
            match self.phase {
                Phase::Hole => {
                    if self.seeded() {
                        for _ in 0..2 {
                            for p in 0..n {
                                let s = self.seat_at(p);
                                let c = self.deal_card();
                                let k = usize::from(self.hole[s][0].is_some());
                                self.hole[s][k] = Some(c);
                                ev.push(Event::HoleDealt {
                                    seat: s,
                                    card: Some(c),
                                });
                            }
                        }
                        self.dealt = SeatMask::first(n);
                    }
                    if self.dealt.len() < n {
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
                    self.deal_card_burn(ev);
                    let mut cards =
                        [Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs); 3];
                    for c in cards.iter_mut().take(next.board_cards()) {
                        *c = self.deal_card();
                    }
                    let bc = BoardCards::new(&cards[..next.board_cards()]).expect("1 to 3 cards");
                    self.put_board(next, bc, ev);
                }
                Phase::Showdown => {
                    if self.rules.reveal == Reveal::AllShown {
                        let live = self.ledger.live();
                        let start = self.show_start as usize;
                        for s in live.without(self.shown).clockwise_from(start, n) {
                            if let (Some(a), Some(b)) = (self.hole[s][0], self.hole[s][1]) {
                                self.show(s, [a, b], ev);
                            }
                        }
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

    fn deal_card_burn(&mut self, ev: &mut Vec<Event>) {
        if let Dealer::Deck(deck, rng) = &mut self.dealer {
            // The burnt card is out of play but is never shown, so it is not in `used`.
            let _burnt = deck.deal(rng);
            ev.push(Event::Burned);
        }
    }

    fn put_board(&mut self, street: Street, cards: BoardCards, ev: &mut Vec<Event>) {
        for &c in cards.as_slice() {
            self.board[self.board_len as usize] = Some(c);
            self.board_len += 1;
            self.board_eval = self.board_eval + c;
            self.used.insert(c);
        }
        ev.push(Event::BoardDealt { street, cards });
        if self.betting_done {
            self.street = street;
            self.phase = if street == Street::River {
                Phase::Showdown
            } else {
                Phase::Board
            };
        } else {
            self.start_round(street);
        }
    }

    fn close_round(&mut self, ev: &mut Vec<Event>) {
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            ev.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
        ev.push(Event::RoundEnded {
            street: self.street,
        });
        let live = self.ledger.live();
        if live.len() <= 1 {
            self.award(ev);
            return;
        }
        if self.street == Street::River || self.ledger.can_bet().len() <= 1 {
            self.betting_done = true;
            let start = match self.rules.showdown_order {
                ShowdownOrder::LastAggressorFirst => {
                    self.round.aggressor().unwrap_or(self.round.opener())
                }
                ShowdownOrder::FirstToActLastRound => self.round.opener(),
            };
            self.show_start = start as u8;
        }
        self.phase = if self.street == Street::River {
            Phase::Showdown
        } else {
            Phase::Board
        };
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
        let n = self.n as usize;
        if let Some(seat) = action.seat() {
            if seat >= n {
                return Err(HoldemError::NoSuchSeat { action, seat });
            }
        }
        let not_now = |h: &Hand| HoldemError::NotNow {
            action,
            legal: h.legal_actions(),
        };
        match action {
            Action::Fold { .. }
            | Action::Check { .. }
            | Action::Call { .. }
            | Action::BetOrRaiseTo { .. } => {
                if self.phase != Phase::Betting {
                    return Err(not_now(self));
                }
                let (seat, bet) = action.as_bet().expect("a betting action");
                let event = self
                    .round
                    .play(&mut self.ledger, seat, bet)
                    .map_err(|reason| HoldemError::Betting {
                        action,
                        reason,
                        legal: self.legal_actions(),
                    })?;
                events.push(Event::Bet(event));
                self.advance(events);
                Ok(())
            }
            Action::Show { seat, cards } => {
                if !self.pending_showdown().contains(seat) {
                    return Err(not_now(self));
                }
                let known = match self.hole[seat] {
                    [Some(a), Some(b)] => Some([a, b]),
                    _ => None,
                };
                let cards = match (known, cards) {
                    (Some(k), None) => k,
                    (Some(k), Some(c)) => {
                        if !(c == k || c == [k[1], k[0]]) {
                            return Err(HoldemError::ShowMismatch { action, seat });
                        }
                        k
                    }
                    (None, Some(c)) => {
                        for (i, &card) in c.iter().enumerate() {
                            if let Some(d) = self.hole[seat][i] {
                                if d != card {
                                    return Err(HoldemError::ShowMismatch { action, seat });
                                }
                            } else if self.used.contains(card) || (i == 1 && c[0] == card) {
                                return Err(HoldemError::DuplicateCard { action, card });
                            }
                        }
                        c
                    }
                    (None, None) => return Err(HoldemError::UnknownCards { action, seat }),
                };
                for c in cards {
                    self.used.insert(c);
                }
                self.hole[seat] = [Some(cards[0]), Some(cards[1])];
                if self.board_len == 5 {
                    self.show(seat, cards, events);
                } else {
                    // All-in before the river: the value is settled once the board is complete.
                    self.shown.insert(seat);
                    events.push(Event::Shown {
                        seat,
                        cards,
                        rank: tavolo_cards::HandRank::WORST,
                    });
                }
                self.advance(events);
                Ok(())
            }
            Action::Muck { seat } => {
                if !self.pending_showdown().contains(seat) {
                    return Err(not_now(self));
                }
                self.ledger.fold(seat);
                events.push(Event::Bet(BetEvent::Mucked { seat }));
                if self.ledger.live().len() == 1 {
                    // The last hand left takes the pot without showing.
                    self.award(events);
                } else {
                    self.advance(events);
                }
                Ok(())
            }
            Action::DealHole { seat, cards } => {
                if seat >= n {
                    return Err(HoldemError::NoSuchSeat { action, seat });
                }
                if self.phase != Phase::Hole || self.seeded() || self.dealt.contains(seat) {
                    return Err(not_now(self));
                }
                self.check_new_cards(action, cards.iter().flatten().copied())?;
                for (k, c) in cards.iter().enumerate() {
                    self.hole[seat][k] = *c;
                    if let Some(c) = c {
                        self.used.insert(*c);
                    }
                    events.push(Event::HoleDealt { seat, card: *c });
                }
                self.dealt.insert(seat);
                self.advance(events);
                Ok(())
            }
            Action::DealBoard { cards } => {
                let Some(next) = self.street.next() else {
                    return Err(not_now(self));
                };
                if self.phase != Phase::Board || self.seeded() {
                    return Err(not_now(self));
                }
                if cards.as_slice().len() != next.board_cards() {
                    return Err(HoldemError::BoardCount {
                        action,
                        expected: next.board_cards(),
                    });
                }
                self.check_new_cards(action, cards.as_slice().iter().copied())?;
                self.put_board(next, cards, events);
                if self.board_len == 5 {
                    self.rank_early_shows();
                }
                self.advance(events);
                Ok(())
            }
        }
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
