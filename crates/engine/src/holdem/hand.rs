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
use crate::betting::{
    pots, Bet, BetError, BettingRound, Ledger, Legal, Pots, RaiseCap, RoundRules, SeatMask,
    Structure, MAX_SEATS,
};
use crate::Chips;
use tavolo_cards::{Card, CardSet, GameRng, Hand as Eval};

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

/// A shuffled deck dealt lazily: each card is one step of a Fisher–Yates shuffle.
#[derive(Clone, Debug)]
struct LazyDeck {
    cards: [Card; 52],
    next: u8,
    rng: GameRng,
}

/// The 52 cards in index order.
const ORDERED: [Card; 52] = {
    let first = Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs);
    let mut a = [first; 52];
    let mut i = 0;
    while i < 52 {
        a[i] = match Card::from_index(i as u8) {
            Some(c) => c,
            None => first,
        };
        i += 1;
    }
    a
};

impl LazyDeck {
    fn new(rng: GameRng) -> LazyDeck {
        LazyDeck {
            cards: ORDERED,
            next: 0,
            rng,
        }
    }

    /// A uniform index in `0..n` (Lemire's nearly divisionless method: unbiased, and the
    /// division only happens in the rare case it is needed).
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let mut m = u64::from(self.rng.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.rng.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    #[inline]
    fn deal(&mut self) -> Card {
        let i = self.next as usize;
        let j = i + self.below((52 - i) as u32) as usize;
        self.cards.swap(i, j);
        self.next += 1;
        self.cards[i]
    }
}

// Inline for the same reason as `Dealing`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Dealer {
    Deck(LazyDeck),
    Supplied,
}

impl PartialEq for Dealer {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Dealer::Deck(a), Dealer::Deck(b)) => a.cards == b.cards && a.next == b.next,
            (Dealer::Supplied, Dealer::Supplied) => true,
            _ => false,
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
        let n = setup.seats();
        let mut ledger = Ledger::new(&setup.stacks);
        ledger.add_dead(setup.carried_in);
        let total = ledger.total();
        let dealer = match dealing {
            Dealing::Seeded(rng) => Dealer::Deck(LazyDeck::new(rng)),
            Dealing::Supplied => Dealer::Supplied,
        };
        let rules = setup.rules;
        let placeholder = RoundRules {
            structure: rules.structure,
            min_bet: setup.min_bet,
            min_raise: rules.min_raise,
            cap: None,
            forced_bets: 0,
            check_before_opening: true,
        };
        let mut h = Hand {
            n: n as u8,
            button: setup.button as u8,
            rules,
            min_bet: setup.min_bet,
            big_bet: setup.big_bet,
            any_blind: setup.blinds.iter().any(|&b| b > 0),
            round: BettingRound::start(&ledger, 0, placeholder),
            ledger,
            street: Street::Preflop,
            phase: Phase::Hole,
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
            total,
        };
        // Antes, then blinds and straddles in order from the left of the button. A blind is at
        // most the starting stack less the ante posted, even when part of that ante comes back
        // as uncalled (live non-uniform antes), as PokerKit does.
        let mut ante_posted = [0 as Chips; MAX_SEATS];
        let mut any_ante = false;
        for p in 0..n {
            let s = h.seat_at(p);
            let a = setup.antes[s];
            if a == 0 {
                continue;
            }
            any_ante = true;
            let amount = match rules.antes {
                Antes::Live => h.ledger.put(s, a),
                Antes::Dead => h.ledger.put_dead(s, a),
            };
            ante_posted[s] = amount;
            events.push(Event::AntePosted { seat: s, amount });
        }
        if any_ante && rules.antes == Antes::Live {
            if let Some((seat, amount)) = h.ledger.return_uncalled() {
                events.push(Event::UncalledReturned { seat, amount });
            }
        }
        h.ledger.collect();
        for p in 0..n {
            let s = h.seat_at(p);
            let b = setup.blinds[s];
            if b > 0 {
                let amount = h.ledger.put(s, b.min(setup.stacks[s] - ante_posted[s]));
                events.push(Event::BlindPosted { seat: s, amount });
            }
        }
        // The pre-flop opener: the seat after the largest blind or straddle (the later on ties).
        let mut best = (0, 0);
        for p in 0..n {
            let s = h.seat_at(p);
            let key = if setup.blinds[s] > 0 {
                h.ledger.bet(s)
            } else {
                0
            };
            if key >= best.0 {
                best = (key, p);
            }
        }
        h.show_start = h.seat_at((best.1 + 1) % n) as u8;
        h.advance(events);
        Ok(h)
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
        match &mut self.dealer {
            Dealer::Deck(d) => {
                let c = d.deal();
                self.used.insert(c);
                c
            }
            Dealer::Supplied => unreachable!("only called with a deck"),
        }
    }

    fn seeded(&self) -> bool {
        matches!(self.dealer, Dealer::Deck(_))
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
        if let Dealer::Deck(d) = &mut self.dealer {
            // The burnt card is out of play but is never shown, so it is not in `used`.
            let _burnt = d.deal();
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
            ev.push(Event::UncalledReturned { seat, amount });
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

    fn show(&mut self, seat: usize, cards: [Card; 2], ev: &mut Vec<Event>) {
        let rank = (self.board_eval + cards[0] + cards[1]).evaluate();
        self.ranks[seat] = rank.value();
        self.shown.insert(seat);
        ev.push(Event::Shown { seat, cards, rank });
    }

    fn award(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        if self.rules.kill_losing_hands && self.ledger.live().len() > 1 {
            let pots = Pots::build(&self.ledger);
            let mut losers = self.ledger.live();
            for pot in pots.as_slice() {
                let best = pot
                    .eligible
                    .iter()
                    .map(|s| self.ranks[s])
                    .max()
                    .unwrap_or(0);
                for s in pot.eligible.iter() {
                    if self.ranks[s] == best {
                        losers.remove(s);
                    }
                }
            }
            for s in losers.iter() {
                self.ledger.fold(s);
            }
        }
        let live = self.ledger.live();
        if live.len() == 1 && self.ledger.dead() == 0 {
            // Everyone else folded: the one player left takes everything in the middle.
            let seat = live.iter().next().unwrap_or(0);
            let amount = self.ledger.pot_total();
            self.ledger.clear_middle();
            self.ledger.pay(seat, amount);
            self.won[seat] += amount;
            ev.push(Event::PotWon {
                pot: 0,
                seat,
                amount,
            });
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        let pots = Pots::build(&self.ledger);
        self.ledger.clear_middle();
        let mut carried = pots.unclaimed();
        for (i, pot) in pots.as_slice().iter().enumerate() {
            let winners = if live.len() == 1 {
                pot.eligible
            } else {
                let best = pot
                    .eligible
                    .iter()
                    .map(|s| self.ranks[s])
                    .max()
                    .unwrap_or(0);
                let mut w = SeatMask::EMPTY;
                for s in pot.eligible.iter() {
                    if self.ranks[s] == best {
                        w.insert(s);
                    }
                }
                w
            };
            let first = self.seat_at(0);
            let ledger = &mut self.ledger;
            let won = &mut self.won;
            carried += pots::split(
                pot.amount,
                winners,
                first,
                n,
                self.rules.odd_chips,
                |s, a| {
                    ledger.pay(s, a);
                    won[s] += a;
                    ev.push(Event::PotWon {
                        pot: i,
                        seat: s,
                        amount: a,
                    });
                },
            );
        }
        if carried > 0 {
            ev.push(Event::Carried { amount: carried });
        }
        self.carried = carried;
        self.phase = Phase::Over;
        ev.push(Event::HandOver);
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
                let before_stack = self.ledger.stack(seat);
                let before_bet = self.ledger.bet(seat);
                self.round
                    .apply(&mut self.ledger, seat, bet)
                    .map_err(|reason| HoldemError::Betting {
                        action,
                        reason,
                        legal: self.legal_actions(),
                    })?;
                let all_in = self.ledger.stack(seat) == 0;
                events.push(match bet {
                    Bet::Fold => Event::Folded { seat },
                    Bet::Check => Event::Checked { seat },
                    Bet::Call => Event::Called {
                        seat,
                        amount: before_stack - self.ledger.stack(seat),
                        all_in,
                    },
                    Bet::RaiseTo(to) => {
                        debug_assert_eq!(to, before_bet + before_stack - self.ledger.stack(seat));
                        Event::BetOrRaised { seat, to, all_in }
                    }
                });
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
                events.push(Event::Mucked { seat });
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

    fn rank_early_shows(&mut self) {
        for s in self.shown.and(self.ledger.live()).iter() {
            if let [Some(a), Some(b)] = self.hole[s] {
                self.ranks[s] = (self.board_eval + a + b).evaluate().value();
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

    /// Once the hand is over, takes back the generator of its seeded deck, to deal the next hand
    /// of a session from the same stream. `None` before the end or with supplied cards.
    pub fn take_rng(&mut self) -> Option<GameRng> {
        if !self.is_over() {
            return None;
        }
        match std::mem::replace(&mut self.dealer, Dealer::Supplied) {
            Dealer::Deck(d) => Some(d.rng),
            Dealer::Supplied => None,
        }
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.n as usize
    }

    /// The button seat.
    pub fn button(&self) -> usize {
        self.button as usize
    }

    /// The ruleset.
    pub fn rules(&self) -> &HoldemRules {
        &self.rules
    }

    /// The current street.
    pub fn street(&self) -> Street {
        self.street
    }

    /// Chips behind, per seat (after the hand: the finishing stacks).
    pub fn stacks(&self) -> &[Chips] {
        self.ledger.stacks()
    }

    /// This round's bet in front of a seat.
    pub fn bet(&self, seat: usize) -> Chips {
        self.ledger.bet(seat)
    }

    /// What `seat` must put in to call now (0: nothing owed, or not a seat).
    pub fn owed(&self, seat: usize) -> Chips {
        if seat >= self.seats() {
            return 0;
        }
        self.ledger.max_bet() - self.ledger.bet(seat)
    }

    /// All chips in the middle (pots and bets).
    pub fn pot_total(&self) -> Chips {
        self.ledger.pot_total()
    }

    /// The pots as they would be built now, main pot first.
    pub fn pots(&self) -> Pots {
        Pots::build(&self.ledger)
    }

    /// Seats still contesting the pot.
    pub fn live(&self) -> SeatMask {
        self.ledger.live()
    }

    /// The board so far.
    pub fn board(&self) -> impl Iterator<Item = Card> + '_ {
        self.board.iter().flatten().copied()
    }

    /// A seat's hole cards (`None` where unknown). This is the omniscient accessor: send players
    /// [`Hand::view`] instead.
    pub fn hole_cards(&self, seat: usize) -> [Option<Card>; 2] {
        self.hole.get(seat).copied().unwrap_or([None; 2])
    }

    /// Seats that have shown their hands.
    pub fn shown(&self) -> SeatMask {
        self.shown
    }

    /// Chips won by each seat in this hand (pots collected, uncalled bets not included).
    pub fn winnings(&self) -> &[Chips] {
        &self.won[..self.n as usize]
    }

    /// Chips left in the middle for the next hand (odd chips under
    /// [`crate::betting::OddChips::StayInPot`], or a pot nobody could claim).
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// The sum of the starting stacks; stacks plus middle plus carried always equal it.
    pub fn chips_total(&self) -> Chips {
        self.total
    }

    /// The current betting round.
    pub fn betting_round(&self) -> &BettingRound {
        &self.round
    }

    /// Why a bet or raise by the actor is impossible now, if it is (for error messages).
    pub fn raise_refusal(&self) -> Option<BetError> {
        let a = self.round.actor()?;
        self.round.raise_range(&self.ledger, a).err()
    }

    /// Every card known to be in play (hole cards, board, shown cards; not burnt cards).
    pub fn cards_in_play(&self) -> CardSet {
        self.used
    }

    /// Rebuilds a hand from its setup and its event log (as returned by [`Hand::new`] and
    /// [`Hand::apply`]), dealing the logged cards. The result equals the original hand apart
    /// from the deck.
    pub fn replay(setup: &HandSetup, events: &[Event]) -> Result<Hand, HoldemError> {
        let mut ev = Vec::new();
        let (mut h, _) = Hand::new(setup, Dealing::Supplied).map_err(HoldemError::Setup)?;
        let mut holes = [[None; 2]; MAX_SEATS];
        let mut got = [0usize; MAX_SEATS];
        for e in events {
            if let Event::HoleDealt { seat, card } = *e {
                if seat < MAX_SEATS && got[seat] < 2 {
                    holes[seat][got[seat]] = card;
                    got[seat] += 1;
                }
            }
        }
        for p in 0..h.seats() {
            let seat = h.seat_at(p);
            h.apply_into(
                Action::DealHole {
                    seat,
                    cards: holes[seat],
                },
                &mut ev,
            )?;
        }
        for e in events {
            let a = match *e {
                Event::Folded { seat } => Action::Fold { seat },
                Event::Checked { seat } => Action::Check { seat },
                Event::Called { seat, .. } => Action::Call { seat },
                Event::BetOrRaised { seat, to, .. } => Action::BetOrRaiseTo { seat, to },
                Event::BoardDealt { cards, .. } => Action::DealBoard { cards },
                Event::Shown { seat, cards, .. } if h.rules.reveal == Reveal::PlayersChoose => {
                    Action::Show {
                        seat,
                        cards: Some(cards),
                    }
                }
                Event::Mucked { seat } => Action::Muck { seat },
                _ => continue,
            };
            h.apply_into(a, &mut ev)?;
        }
        Ok(h)
    }

    /// Whether `self` and `other` are in the same game state, ignoring where the cards came from.
    pub fn same_state(&self, other: &Hand) -> bool {
        let mut a = self.clone();
        let mut b = other.clone();
        a.dealer = Dealer::Supplied;
        b.dealer = Dealer::Supplied;
        a == b
    }
}
