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

use super::action::{Action, Drawn, Event, Round};
use super::error::{DrawError, SetupError, StackedProblem};
use super::rules::{Dealing, DrawRules, DrawSetup, StackedDeal, MAX_DRAW_SEATS};
use crate::betting::pots::{self, Payout};
use crate::betting::BetEvent;
use crate::betting::{BettingRound, Ledger, Legal, RoundRules, SeatMask, Structure};
use crate::Chips;
use tavolo_cards::{Card, CardSet, Deck, GameRng, Hand as Eval, HandRank};

/// The most stacked draws a deal may list (the exchange uses at most 3 per seat; a whole
/// stacked deck lists more).
pub(crate) const MAX_DRAWS: usize = 51;

/// Who is to act, and what they may do. Besides this, any live seat may fold at any moment of
/// the betting or the exchange ([`DrawHand::may_fold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// A betting decision: exactly these choices, with amounts. Before the opening there is no
    /// check (unless the rules allow it): open with at least the ante, or fold.
    Bet(Legal),
    /// This seat exchanges: it may discard any 0 to `max` cards of `hand`.
    Exchange {
        /// Who.
        seat: usize,
        /// The cards it may discard (its hand).
        hand: CardSet,
        /// The most it may discard (3).
        max: u8,
    },
    /// This seat shows, or mucks if `may_muck` (a hand shown so far is at least as good).
    Showdown {
        /// Who.
        seat: usize,
        /// Whether mucking is allowed.
        may_muck: bool,
    },
    /// The hand is over.
    Nobody,
}

/// Where all 52 cards are at one moment. The zones are disjoint and together hold every card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardZones {
    /// The hands of the seats still in.
    pub live_hands: CardSet,
    /// The hands of seats that folded or mucked (dead, never reshuffled).
    pub dead_hands: CardSet,
    /// The deck (not counting the bottom card).
    pub deck: CardSet,
    /// The bottom card, never dealt.
    pub bottom: Card,
    /// Discards not yet reshuffled into a new deck.
    pub discard_pile: CardSet,
}

impl CardZones {
    /// Whether the zones are disjoint and hold all 52 cards.
    pub fn complete(&self) -> bool {
        let parts = [
            self.live_hands,
            self.dead_hands,
            self.deck,
            CardSet::from(self.bottom),
            self.discard_pile,
        ];
        let mut all = CardSet::EMPTY;
        let mut count = 0;
        for p in parts {
            all |= p;
            count += p.len();
        }
        count == 52 && all == CardSet::FULL
    }
}

/// Where the next card comes from. (The generator is held inline, not boxed, so that a hand
/// allocates nothing.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Source {
    Seeded(GameRng),
    Stacked {
        draws: [Option<Card>; MAX_DRAWS],
        next: u8,
    },
    /// Only in comparisons of states ([`DrawHand::same_state`]).
    Ignored,
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Source::Stacked { draws: a, next: i }, Source::Stacked { draws: b, next: j }) => {
                a == b && i == j
            }
            // A generator cannot be compared; two seeded hands are compared by their cards.
            (Source::Seeded(_), Source::Seeded(_)) | (Source::Ignored, Source::Ignored) => true,
            _ => false,
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

/// The public stage of a hand, for views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The first betting round.
    FirstBetting,
    /// The exchange.
    Exchange,
    /// The second betting round.
    SecondBetting,
    /// The showdown.
    Showdown,
    /// Over.
    Over,
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
                let mut draws = [None; MAX_DRAWS];
                for (slot, &c) in draws.iter_mut().zip(deal.draws.iter()) {
                    *slot = Some(c);
                }
                (Source::Stacked { draws, next: 0 }, Some(deal))
            }
        };
        let ledger = Ledger::new(&setup.stacks);
        let round_rules = RoundRules {
            structure: Structure::NoLimit,
            min_bet: setup.ante,
            min_raise: setup.rules.min_raise,
            cap: None,
            forced_bets: 0,
            check_before_opening: setup.rules.allow_check,
        };
        let mut h = DrawHand {
            n: 0,
            dealer: 0,
            cutter: 0,
            ante: 0,
            rules: setup.rules,
            carried_in: 0,
            round: BettingRound::start(&ledger, 0, round_rules),
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
            bottom: Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs),
            source,
            reshuffles: 0,
            show_start: 0,
            shown: SeatMask::EMPTY,
            keys: [0; MAX_DRAW_SEATS],
            ranks: [None; MAX_DRAW_SEATS],
            won: [0; MAX_DRAW_SEATS],
            carried: 0,
            total: 0,
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

    /// Resets every field for a new deal from `setup` (validated) and deals: antes, the bottom
    /// card, five cards each (from `stacked`, else from the generator in `self.source`).
    fn deal(&mut self, setup: &DrawSetup, stacked: Option<&StackedDeal>, events: &mut Vec<Event>) {
        let n = setup.seats();
        let rules = setup.rules;
        let round_rules = RoundRules {
            structure: Structure::NoLimit,
            min_bet: setup.ante,
            min_raise: rules.min_raise,
            cap: None,
            forced_bets: 0,
            check_before_opening: rules.allow_check,
        };
        self.ledger = Ledger::new(&setup.stacks);
        self.total = self.ledger.total() + setup.carried_in;
        if setup.carried_in > 0 {
            events.push(Event::CarriedIn {
                amount: setup.carried_in,
            });
        }
        // "Jeder Spieler setzt den Grundeinsatz": antes from the cutter round to the dealer. Antes
        // are live (they count for side pots, as in Hold'em); a short ante makes a player all-in.
        // (The dealer is a seat: no division needed to go round.)
        let cutter = if setup.dealer + 1 >= n {
            0
        } else {
            setup.dealer + 1
        };
        let mut s = cutter;
        for _ in 0..n {
            let amount = self.ledger.put(s, setup.ante);
            events.push(Event::Bet(BetEvent::AntePosted { seat: s, amount }));
            s = if s + 1 == n { 0 } else { s + 1 };
        }
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            events.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
        self.n = n as u8;
        self.dealer = setup.dealer as u8;
        self.cutter = cutter as u8;
        self.ante = setup.ante;
        self.rules = rules;
        self.carried_in = setup.carried_in;
        self.round = BettingRound::start(&self.ledger, cutter, round_rules);
        self.which = Round::First;
        self.phase = Phase::Betting;
        self.first_aggressor = None;
        self.discarded = [CardSet::EMPTY; MAX_DRAW_SEATS];
        self.drawn = [Drawn::default(); MAX_DRAW_SEATS];
        self.counts = [None; MAX_DRAW_SEATS];
        self.exchanged = SeatMask::EMPTY;
        self.pile = CardSet::EMPTY;
        self.reshuffles = 0;
        self.show_start = 0;
        self.shown = SeatMask::EMPTY;
        self.keys = [0; MAX_DRAW_SEATS];
        self.ranks = [None; MAX_DRAW_SEATS];
        self.won = [0; MAX_DRAW_SEATS];
        self.carried = 0;
        // "Mischen, Abheben, Geben": the bottom card is set aside, then five cards to each seat,
        // one at a time from the cutter round to the dealer.
        let mut hands = [CardSet::EMPTY; MAX_DRAW_SEATS];
        match (stacked, &mut self.source) {
            (Some(deal), _) => {
                let mut dealt = CardSet::from(deal.bottom);
                for (s, cards) in deal.hands.iter().enumerate() {
                    for &c in cards {
                        hands[s].insert(c);
                        dealt.insert(c);
                    }
                }
                self.bottom = deal.bottom;
                self.deck = Deck::from(CardSet::FULL - dealt);
            }
            (None, Source::Seeded(rng)) => {
                // A Fisher–Yates shuffle done lazily: the bottom card first, then each card dealt
                // drawn uniformly from the rest, in batches (`Deck::deal_batched`).
                let total = 5 * n + 1;
                self.deck = Deck::FULL;
                let (mut bottom, mut s, mut first) = (self.bottom, cutter, true);
                // At most 41 of the 52 cards: never refused.
                self.deck.deal_batched_each(rng, total, |c| {
                    if first {
                        bottom = c;
                        first = false;
                    } else {
                        hands[s].insert(c);
                        s = if s + 1 == n { 0 } else { s + 1 };
                    }
                });
                self.bottom = bottom;
            }
            // Only a comparison copy has no source; it is never dealt.
            (None, _) => self.deck = Deck::from(CardSet::FULL - CardSet::from(self.bottom)),
        }
        self.hands = hands;
        events.push(Event::BottomCard {
            card: Some(self.bottom),
        });
        let mut s = cutter;
        for _ in 0..n {
            events.push(Event::Dealt {
                seat: s,
                cards: Some(self.hands[s]),
            });
            s = if s + 1 == n { 0 } else { s + 1 };
        }
        self.advance(events);
    }

    /// The cutter: left of the dealer, first to act in every round and in the exchange.
    #[inline]
    pub fn cutter(&self) -> usize {
        self.cutter as usize
    }

    fn round_rules(&self) -> RoundRules {
        *self.round.rules()
    }

    /// Whether the player to act has no choice but to fold: nothing owed, no check allowed, and
    /// nobody left who could answer a bet. Then the round is over for them (it would be absurd to
    /// make them fold), e.g. when every other player still in is all-in.
    fn stuck(&self) -> bool {
        let Some(a) = self.round.actor() else {
            return false;
        };
        if self.may_check_or_call() {
            return false;
        }
        self.round.raise_range(&self.ledger, a).is_err()
    }

    /// Whether the player to act has a choice besides betting: with checks allowed, a check is
    /// possible; once somebody has bet, a call or (having matched it) a check is. Before the
    /// opening (no check allowed) only a bet remains.
    #[inline(always)]
    fn may_check_or_call(&self) -> bool {
        self.rules.allow_check || self.ledger.max_bet() > 0
    }

    fn next_exchanger(&self) -> Option<usize> {
        if self.phase != Phase::Exchange {
            return None;
        }
        self.ledger
            .live()
            .without(self.exchanged)
            .next_from(self.cutter(), self.n as usize)
    }

    fn next_shower(&self) -> Option<usize> {
        if self.phase != Phase::Showdown {
            return None;
        }
        self.ledger
            .live()
            .without(self.shown)
            .next_from(self.show_start as usize, self.n as usize)
    }

    fn key_of(&self, seat: usize) -> (HandRank, u32) {
        let mut e = Eval::new();
        for c in self.hands[seat].iter() {
            e = e.add_card(c);
        }
        let r = e.evaluate();
        (r, r.tiebreak_key(self.rules.tie_break))
    }

    /// Whether `seat` may muck: a hand shown so far is at least as good, by a player in every pot
    /// `seat` contests (so no pot is ever left without a claimant). Hand values of every seat in
    /// the showdown are computed when it begins.
    fn may_muck(&self, seat: usize) -> bool {
        let key = self.keys[seat];
        let mine = self.ledger.committed(seat);
        // Every shown hand is compared, without branching on the comparisons (which are as
        // unpredictable as the cards).
        let mut covered = false;
        for t in self.shown.and(self.ledger.live()).iter() {
            covered |= (self.keys[t] >= key) & (self.ledger.committed(t) >= mine);
        }
        covered
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
                        self.which = Round::Second;
                        self.round =
                            BettingRound::start(&self.ledger, self.cutter(), self.round_rules());
                        self.phase = Phase::Betting;
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

    fn close_round(&mut self, ev: &mut Vec<Event>) {
        if let Some((seat, amount)) = self.ledger.return_uncalled() {
            ev.push(Event::Bet(BetEvent::UncalledReturned { seat, amount }));
        }
        self.ledger.collect();
        ev.push(Event::RoundEnded { round: self.which });
        let live = self.ledger.live();
        if live.len() <= 1 {
            // The last player left takes the pot at once, without showing.
            self.award(ev);
            return;
        }
        match self.which {
            Round::First => {
                self.first_aggressor = self.round.aggressor().map(|a| a as u8);
                self.phase = Phase::Exchange;
            }
            Round::Second => {
                // The last raiser (or the opener) of the last betting round shows first; if
                // nobody bet in it, the last raiser of the first round; else the cutter.
                let start = self
                    .round
                    .aggressor()
                    .or(self.first_aggressor.map(usize::from))
                    .unwrap_or(self.cutter());
                let n = self.n as usize;
                self.show_start = live.next_from(start, n).unwrap_or(start) as u8;
                for s in live.iter() {
                    let (rank, key) = self.key_of(s);
                    self.keys[s] = key;
                    self.ranks[s] = Some(rank);
                }
                self.phase = Phase::Showdown;
            }
        }
    }

    fn award(&mut self, ev: &mut Vec<Event>) {
        let n = self.n as usize;
        let live = self.ledger.live();
        let (cutter, keys, extra) = (self.cutter(), self.keys, self.carried_in);
        let odd = self.rules.odd_chips;
        let mut payout = Payout {
            ledger: &mut self.ledger,
            won: &mut self.won,
        };
        let emit = |e| ev.push(Event::Bet(e));
        if live.len() == 1 {
            // The last player left takes everything in the middle (every pot would be theirs).
            payout.all_to(live.iter().next().unwrap_or(0), extra, emit);
            self.carried = 0;
            self.phase = Phase::Over;
            ev.push(Event::HandOver);
            return;
        }
        // One pot when every live seat put in the same and nobody who folded put in more: the
        // best hands among the live seats split the whole middle (no side pot to build).
        // (Every seat is looked at, without stopping at the first that breaks it: whether and
        // where that happens is unpredictable.)
        let level = live.iter().next().map_or(0, |s| payout.ledger.committed(s));
        let mut side_pot = false;
        for s in 0..n {
            let c = payout.ledger.committed(s);
            side_pot |= (c > level) | ((c < level) & live.contains(s));
        }
        let one_pot = !side_pot;
        let carried = if one_pot {
            let winners = pots::best(live, |s| keys[s]);
            payout.split_all(extra, winners, (cutter, n), odd, emit)
        } else {
            payout.award(|s| keys[s], extra, (cutter, n), odd, emit)
        };
        self.finish(carried, ev);
    }

    fn finish(&mut self, carried: Chips, ev: &mut Vec<Event>) {
        if carried > 0 {
            ev.push(Event::Bet(BetEvent::Carried { amount: carried }));
        }
        self.carried = carried;
        self.phase = Phase::Over;
        ev.push(Event::HandOver);
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

    /// Whether `seat` may fold now: any seat still in, at any moment of the betting or the
    /// exchange, in turn or not (RULES.md §3: "Das Passen kann jederzeit erfolgen"). At the
    /// showdown giving up is a muck.
    pub fn may_fold(&self, seat: usize) -> bool {
        matches!(self.phase, Phase::Betting | Phase::Exchange) && self.ledger.live().contains(seat)
    }

    /// Applies an action and returns the events it caused; on error the hand is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, DrawError> {
        let mut ev = Vec::new();
        self.apply_into(action, &mut ev)?;
        Ok(ev)
    }

    /// As [`DrawHand::apply`], appending the events to `events` (no allocation when it has room).
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), DrawError> {
        let n = self.n as usize;
        let seat = action.seat();
        if seat >= n {
            return Err(DrawError::NoSuchSeat { action, seat });
        }
        let not_now = |h: &DrawHand| DrawError::NotNow {
            action,
            legal: h.legal_actions(),
        };
        if self.phase == Phase::Over {
            return Err(not_now(self));
        }
        if !self.ledger.live().contains(seat) {
            return Err(DrawError::NotInHand { action, seat });
        }
        match action {
            Action::Fold { .. } => match self.phase {
                Phase::Betting => {
                    let out_of_turn = self.round.actor() != Some(seat);
                    self.round
                        .fold_out_of_turn(&mut self.ledger, seat)
                        .map_err(|reason| DrawError::Betting {
                            action,
                            reason,
                            legal: self.legal_actions(),
                        })?;
                    events.push(Event::Bet(BetEvent::Folded { seat, out_of_turn }));
                    self.advance(events);
                    Ok(())
                }
                Phase::Exchange => {
                    let out_of_turn = self.next_exchanger() != Some(seat);
                    self.ledger.fold(seat);
                    events.push(Event::Bet(BetEvent::Folded { seat, out_of_turn }));
                    self.advance(events);
                    Ok(())
                }
                _ => Err(not_now(self)),
            },
            Action::Check { .. } | Action::Call { .. } | Action::BetOrRaiseTo { .. } => {
                if self.phase != Phase::Betting {
                    return Err(not_now(self));
                }
                let Some((_, bet)) = action.as_bet() else {
                    return Err(not_now(self));
                };
                let event = self
                    .round
                    .play(&mut self.ledger, seat, bet)
                    .map_err(|reason| DrawError::Betting {
                        action,
                        reason,
                        legal: self.legal_actions(),
                    })?;
                events.push(Event::Bet(event));
                self.advance(events);
                Ok(())
            }
            Action::Exchange { discard, .. } => {
                if self.next_exchanger() != Some(seat) {
                    return Err(not_now(self));
                }
                let count = discard.len();
                if count > 3 {
                    return Err(DrawError::TooManyDiscards { action, count });
                }
                let foreign = discard - self.hands[seat];
                if !foreign.is_empty() {
                    return Err(DrawError::NotYourCards {
                        action,
                        seat,
                        cards: foreign,
                        hand: self.hands[seat],
                    });
                }
                self.check_stacked(action, count as usize)?;
                self.exchange(seat, discard, events);
                self.advance(events);
                Ok(())
            }
            Action::Show { .. } => {
                if self.next_shower() != Some(seat) {
                    return Err(not_now(self));
                }
                let rank = self.ranks[seat].unwrap_or_else(|| self.key_of(seat).0);
                self.shown.insert(seat);
                events.push(Event::Shown {
                    seat,
                    cards: self.hands[seat],
                    rank,
                });
                self.advance(events);
                Ok(())
            }
            Action::Muck { .. } => {
                if self.next_shower() != Some(seat) {
                    return Err(not_now(self));
                }
                if !self.may_muck(seat) {
                    return Err(DrawError::MuckNotAllowed { action, seat });
                }
                self.ledger.fold(seat);
                events.push(Event::Bet(BetEvent::Mucked { seat }));
                self.advance(events);
                Ok(())
            }
        }
    }

    /// With a stacked deal, checks that the next `count` stacked cards can be served now.
    fn check_stacked(&self, action: Action, count: usize) -> Result<(), DrawError> {
        let Source::Stacked { draws, next } = &self.source else {
            return Ok(());
        };
        let mut avail = self.deck.remaining();
        let mut pile = self.pile;
        for i in 0..count {
            if avail.is_empty() {
                avail = pile;
                pile = CardSet::EMPTY;
            }
            let problem = match draws.get(*next as usize + i).copied().flatten() {
                None => StackedProblem::RanOut,
                Some(card) if avail.remove(card) => continue,
                Some(card) => StackedProblem::NotInDeck { card },
            };
            return Err(DrawError::Stacked { action, problem });
        }
        Ok(())
    }

    /// Serves an exchange (checked): the discards are held aside while the seat is served, so a
    /// reshuffle never gives a player back their own cards.
    fn exchange(&mut self, seat: usize, discard: CardSet, ev: &mut Vec<Event>) {
        self.hands[seat] = self.hands[seat] - discard;
        let mut drawn = Drawn::default();
        let count = discard.len() as usize;
        match &mut self.source {
            // When the deck can serve the whole exchange, its cards are dealt in one batch (a
            // player standing pat draws a word all the same: `Deck::deal_batched`).
            Source::Seeded(rng) if self.deck.len() >= count => {
                let mut cards = [self.bottom; 3];
                if self.deck.deal_batched(rng, &mut cards[..count]) {
                    for &c in &cards[..count] {
                        self.hands[seat].insert(c);
                        drawn.push(c);
                    }
                }
            }
            _ => {
                for _ in 0..count {
                    if self.deck.is_empty() {
                        // "Wenn keine Karten mehr zum Tauschen zur Verfügung stehen": the discards
                        // of the players already served are shuffled into a new deck on the
                        // bottom card.
                        self.deck.refill(self.pile);
                        self.pile = CardSet::EMPTY;
                        self.reshuffles += 1;
                        ev.push(Event::Reshuffled {
                            cards: self.deck.len() as u8,
                        });
                    }
                    let card = match &mut self.source {
                        // One at a time across a reshuffle.
                        Source::Seeded(rng) => {
                            let mut one = [self.bottom];
                            if !self.deck.deal_batched(rng, &mut one) {
                                break; // unreachable: the discard pile always suffices
                            }
                            one[0]
                        }
                        Source::Stacked { draws, next } => {
                            // Checked by `check_stacked`.
                            let c = draws[*next as usize].unwrap_or(self.bottom);
                            *next += 1;
                            self.deck.take(c);
                            c
                        }
                        Source::Ignored => match self.deck.undealt().first().copied() {
                            Some(c) => {
                                self.deck.take(c);
                                c
                            }
                            None => break,
                        },
                    };
                    self.hands[seat].insert(card);
                    drawn.push(card);
                }
            }
        }
        self.pile |= discard;
        self.discarded[seat] = discard;
        self.drawn[seat] = drawn;
        let count = discard.len() as u8;
        self.counts[seat] = Some(count);
        self.exchanged.insert(seat);
        ev.push(Event::Exchanged {
            seat,
            count,
            discarded: Some(discard),
            drawn: Some(drawn),
        });
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The public stage of the hand.
    pub fn stage(&self) -> Stage {
        match (self.phase, self.which) {
            (Phase::Betting, Round::First) => Stage::FirstBetting,
            (Phase::Betting, Round::Second) => Stage::SecondBetting,
            (Phase::Exchange, _) => Stage::Exchange,
            (Phase::Showdown, _) => Stage::Showdown,
            (Phase::Over, _) => Stage::Over,
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.n as usize
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }

    /// The ante (the table minimum).
    pub fn ante(&self) -> Chips {
        self.ante
    }

    /// The ruleset.
    pub fn rules(&self) -> &DrawRules {
        &self.rules
    }

    /// Chips behind, per seat (after the hand: the finishing stacks).
    pub fn stacks(&self) -> &[Chips] {
        self.ledger.stacks()
    }

    /// This round's bet in front of a seat.
    pub fn bet(&self, seat: usize) -> Chips {
        if seat >= self.seats() {
            return 0;
        }
        self.ledger.bet(seat)
    }

    /// Everything in the middle: pots, bets and the pot carried in (0 once awarded).
    pub fn pot_total(&self) -> Chips {
        if self.is_over() {
            0
        } else {
            self.ledger.pot_total() + self.carried_in
        }
    }

    /// The pots in the middle now, as players see them (this round's bets not yet in them,
    /// the carried-in pot in the main pot), main pot first; none once awarded.
    pub fn pots_in_middle(&self) -> Vec<crate::betting::PotShown> {
        if self.is_over() {
            return Vec::new();
        }
        crate::betting::pots::in_middle(&self.ledger, self.carried_in)
    }

    /// The pot carried in from the previous hand.
    pub fn carried_in(&self) -> Chips {
        self.carried_in
    }

    /// Chips this hand leaves in the pot for the next one (known once the hand is over).
    pub fn carried(&self) -> Chips {
        self.carried
    }

    /// The sum of the starting stacks and the pot carried in: stacks plus middle (plus, at the
    /// end, the carried pot) always equal it.
    pub fn chips_total(&self) -> Chips {
        self.total
    }

    /// Seats still contesting the pot.
    pub fn live(&self) -> SeatMask {
        self.ledger.live()
    }

    /// A seat's current five cards. This is the omniscient accessor: send players
    /// [`DrawHand::view`] instead.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards a seat laid down in the exchange (omniscient).
    pub fn discarded(&self, seat: usize) -> CardSet {
        self.discarded.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards a seat received in the exchange (omniscient).
    pub fn drawn(&self, seat: usize) -> Drawn {
        self.drawn.get(seat).copied().unwrap_or_default()
    }

    /// The announced exchange count of each seat (`None`: not exchanged). Public.
    pub fn exchange_counts(&self) -> &[Option<u8>] {
        &self.counts[..self.n as usize]
    }

    /// The number of cards in the deck (not counting the bottom card). Public.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The number of discards waiting in the discard pile. Public.
    pub fn discard_pile_len(&self) -> usize {
        self.pile.len() as usize
    }

    /// How many times the discards were reshuffled into a new deck. Public.
    pub fn reshuffles(&self) -> u8 {
        self.reshuffles
    }

    /// Seats that have shown their hands, with their values.
    pub fn shown(&self) -> SeatMask {
        self.shown
    }

    /// The value of a shown hand (`None` if not shown).
    pub fn shown_rank(&self, seat: usize) -> Option<HandRank> {
        if self.shown.contains(seat) {
            self.ranks.get(seat).copied().flatten()
        } else {
            None
        }
    }

    /// The seat that shows first at the showdown (meaningful once the showdown has begun).
    pub fn showdown_start(&self) -> usize {
        self.show_start as usize
    }

    /// Chips won by each seat in this hand (pots collected, uncalled bets not included).
    pub fn winnings(&self) -> &[Chips] {
        &self.won[..self.n as usize]
    }

    /// The betting round in progress (or the last one).
    pub fn betting_round(&self) -> &BettingRound {
        &self.round
    }

    /// Which betting round is (or was last) in progress.
    pub fn round(&self) -> Round {
        self.which
    }

    /// Where every card is now (omniscient; for checks).
    pub fn zones(&self) -> CardZones {
        let mut live_hands = CardSet::EMPTY;
        let mut dead_hands = CardSet::EMPTY;
        for s in 0..self.n as usize {
            if self.ledger.live().contains(s) {
                live_hands |= self.hands[s];
            } else {
                dead_hands |= self.hands[s];
            }
        }
        CardZones {
            live_hands,
            dead_hands,
            deck: self.deck.remaining(),
            bottom: self.bottom,
            discard_pile: self.pile,
        }
    }

    /// If the cards came from a generator, gives it back (e.g. to deal the next hand with it).
    pub fn into_rng(self) -> Option<GameRng> {
        match self.source {
            Source::Seeded(rng) => Some(rng),
            _ => None,
        }
    }

    /// Rebuilds a hand from its setup and its complete event log (as returned by
    /// [`DrawHand::new`] and [`DrawHand::apply`], not a seat's view of it), dealing the logged
    /// cards. The result is in the same state as the original ([`DrawHand::same_state`]).
    pub fn replay(setup: &DrawSetup, events: &[Event]) -> Result<DrawHand, ReplayError> {
        let deal = stacked_from_log(setup.seats(), events)?;
        let (mut h, _) =
            DrawHand::new(setup, Dealing::Stacked(deal)).map_err(ReplayError::Setup)?;
        let mut ev = Vec::new();
        for a in actions_from_log(events) {
            h.apply_into(a, &mut ev).map_err(ReplayError::Action)?;
        }
        Ok(h)
    }

    /// Whether `self` and `other` are in the same game state, ignoring where the cards came from.
    pub fn same_state(&self, other: &DrawHand) -> bool {
        let mut a = self.clone();
        let mut b = other.clone();
        a.source = Source::Ignored;
        b.source = Source::Ignored;
        a == b
    }
}

/// Why an event log could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The log lacks cards (it is a seat's view, or cut short).
    #[error("the log does not hold {what}")]
    Incomplete {
        /// What is missing.
        what: &'static str,
    },
    /// The setup or the logged deal is invalid.
    #[error("invalid setup: {0}")]
    Setup(SetupError),
    /// A logged action was refused.
    #[error("{0}")]
    Action(DrawError),
}

/// The stacked deal recorded in a complete log: each seat's five cards, the exchange's cards in
/// serving order, the bottom card.
pub(crate) fn stacked_from_log(seats: usize, events: &[Event]) -> Result<StackedDeal, ReplayError> {
    let mut hands: Vec<Option<[Card; 5]>> = vec![None; seats];
    let mut bottom = None;
    let mut draws = Vec::new();
    for e in events {
        match *e {
            Event::BottomCard { card } => bottom = card,
            Event::Dealt {
                seat,
                cards: Some(cards),
            } if seat < seats && cards.len() == 5 => {
                let mut five = [Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs); 5];
                for (slot, c) in five.iter_mut().zip(cards.iter()) {
                    *slot = c;
                }
                hands[seat] = Some(five);
            }
            Event::Exchanged { drawn: Some(d), .. } => draws.extend(d.cards()),
            Event::Exchanged { drawn: None, .. } => {
                return Err(ReplayError::Incomplete {
                    what: "the drawn cards",
                })
            }
            _ => {}
        }
    }
    let hands = hands
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or(ReplayError::Incomplete {
            what: "every seat's five cards",
        })?;
    let bottom = bottom.ok_or(ReplayError::Incomplete {
        what: "the bottom card",
    })?;
    Ok(StackedDeal {
        hands,
        draws,
        bottom,
    })
}

/// The players' actions recorded in a log, in order.
pub(crate) fn actions_from_log(events: &[Event]) -> impl Iterator<Item = Action> + '_ {
    events.iter().filter_map(|e| match *e {
        Event::Bet(BetEvent::Folded { seat, .. }) => Some(Action::Fold { seat }),
        Event::Bet(BetEvent::Checked { seat }) => Some(Action::Check { seat }),
        Event::Bet(BetEvent::Called { seat, .. }) => Some(Action::Call { seat }),
        Event::Bet(BetEvent::BetOrRaised { seat, to, .. }) => {
            Some(Action::BetOrRaiseTo { seat, to })
        }
        Event::Exchanged {
            seat, discarded, ..
        } => Some(Action::Exchange {
            seat,
            discard: discarded.unwrap_or(CardSet::EMPTY),
        }),
        Event::Shown { seat, .. } => Some(Action::Show { seat }),
        Event::Bet(BetEvent::Mucked { seat }) => Some(Action::Muck { seat }),
        _ => None,
    })
}
