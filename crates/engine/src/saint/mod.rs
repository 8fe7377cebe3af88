//! Saint Poker (RULES.md §1): the reference engine, its game record and replay.
//!
//! [`SaintGame`] is the whole game as one state machine: [`SaintGame::apply`] takes an
//! [`Action`] (which names its player) and returns the public [`Event`]s it caused, or a
//! [`SaintError`] that leaves the state exactly as it was. Randomness (the shuffle, the tie
//! draw of each round, reshuffles of the discard pile) comes only from a [`GameRng`] seeded with
//! the game's stored seed, so the seed and the actions replay a game exactly.
//!
//! ## Flow
//! Setup deals ten cards to each player and C = 5 − P cards to the centre (option), then round 1
//! begins. Each round begins with the **preview** (C cards from the draw pile, none in round 8;
//! a short draw pile is emptied and the discard pile shuffled into a new one). Then **place**
//! and **show** are simultaneous: every player submits (and may replace) a choice; the submission
//! of the last player reveals all at once. Showing scores the round at once: r points to the
//! best hand, ⌈r / k⌉ to each of k tied. In rounds 1–7 the **draft** follows: a random
//! permutation of the seats (the *tie draw*) is drawn, players are ordered worst hand first
//! (equal hands by the tie draw), and each picks one card from the pool, twice round. The last
//! pick cleans up (pool to the discard pile, preview to the centre) and starts the next round.
//!
//! ## Decisions where RULES.md is silent
//! * **Dealing:** the shuffled deck is dealt in blocks: seat 0 takes the top ten cards, then seat
//!   1, …; then the centre; the rest is the draw pile, top first (`docs/saint-record.md`).
//! * **Tie draw:** drawn in every round that has a draft (rounds 1–7), right after scoring, as a
//!   uniformly random permutation of all seats, even when no hands are equal (so the draws of a
//!   game do not depend on whether ties happened, and the record always shows it). It orders
//!   only players with equal hand values.
//! * **Centre counts:** C must satisfy C + P ≥ 3 (a hand of five needs three centre cards) and
//!   10P + 2C ≤ 52 (round 1's preview can only come from the draw pile: no discards exist yet;
//!   later rounds always suffice once discards are reshuffled). The reshuffle draws the remaining
//!   pile first, then shuffles the whole discard pile (in card order, by the game's generator)
//!   into a new pile. Under "any five", a centre larger than five plays as the best five of all
//!   shown and centre cards.
//! * **A shown pair** is two different cards of the hand after placing; its order does not
//!   matter. The placed card may not be shown (it has left the hand).
//! * **Round 8:** the pool is discarded at once; the game is over after scoring.
//! * **Replacing a choice:** allowed any number of times until the last player's first
//!   submission reveals the phase; resubmitting the same choice is accepted.
//!
//! ## Information
//! * A [`SaintView`] holds the own hand, the own pending choice, and public facts only. It does
//!   **not** say which other players have already chosen, nor how many: RULES.md forbids
//!   inferring another player's pending choice, and the table layer (which knows
//!   [`SaintGame::pending`]) decides what "waiting for…" to show.
//! * Events are all public (they carry only revealed cards); a submission produces none, so
//!   broadcasting events leaks nothing. The view carries the current round's picks; earlier
//!   rounds are in the events and, after the game, in the record.
//! * Accessors such as [`SaintGame::hand`] and [`SaintGame::pending`] are omniscient: for the
//!   table, tests and bots' own simulations, never to be sent to another player.

//! ## Speed and bots
//! The state is a few hundred bytes of fixed arrays and card masks: no allocation per action on
//! [`SaintGame::apply_into`] (which appends to a caller's buffer), one
//! [`tavolo_cards::PairScorer`] per round (a [`tavolo_cards::Centre`] lookup per player for the
//! usual five centre cards). `SaintGame` is `Clone`; [`SaintGame::random_action`] draws a legal action without
//! allocating, and [`SaintGame::determinize`] redeals the cards a player cannot see, for search
//! (a bot clones the real game — or builds one with [`SaintGame::from_deal`] — determinizes the
//! clone from its seat, and plays it out with `random_action` and `apply_into`).
//! The game record ([`SaintRecord`]) is built on request by replaying the stored choices
//! ([`SaintGame::record`]); [`verify_record`] re-executes one and confirms every fact.

mod action;
mod error;
mod game;
mod options;
mod record;
mod view;

use tavolo_cards::{Card, CardSet, GameRng, HandRank, PairScorer, Rank, Suit};

pub use crate::game::seed_from_u64;
pub use action::{card_list, Action, Event, Seats};
pub use error::{OptionsError, PhaseName, RecordError, SaintError};
pub use game::{SaintChoice, SaintSummary, ShowHand};
pub use options::{HandRule, SaintOptions, HAND_SIZE, ROUNDS};
pub use record::{
    verify_record, verify_record_json, Deal, DraftRecord, FinalResult, HandRecord, PickRecord,
    RoundRecord, SaintRecord, RECORD_FORMAT,
};
pub use view::{RevealedHand, SaintView};

/// A placeholder for unused slots of fixed arrays; never read as a real card.
const NO_CARD: Card = Card::new(Rank::Two, Suit::Clubs);
/// Largest table.
const MAX_PLAYERS: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Place,
    Show,
    /// `step` picks have been made this round (0 to 2P − 1).
    Draft {
        step: u8,
    },
    Over,
}

/// The final choices of one round, kept so the record can be rebuilt by replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RoundLog {
    placed: [Card; MAX_PLAYERS],
    shown: [[Card; 2]; MAX_PLAYERS],
    picks: [Card; 2 * MAX_PLAYERS],
}

const EMPTY_LOG: RoundLog = RoundLog {
    placed: [NO_CARD; MAX_PLAYERS],
    shown: [[NO_CARD; 2]; MAX_PLAYERS],
    picks: [NO_CARD; 2 * MAX_PLAYERS],
};

/// Everything but the random generator (which has no equality): compared by `PartialEq`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Table {
    options: SaintOptions,
    players: u8,
    centre_count: u8,
    seed: [u8; 32],
    /// Number of uses of the generator (shuffles), standing in for its state in comparisons.
    draws: u32,
    /// True when the deal came from the seed's shuffle (false: an explicit deal).
    shuffled: bool,
    determinized: bool,
    /// The deck as dealt: hands of ten in seat order, the centre, the draw pile top first.
    initial: [Card; 52],
    round: u8,
    phase: Phase,
    hands: [CardSet; MAX_PLAYERS],
    centre: CardSet,
    preview: CardSet,
    reshuffled: bool,
    draw: [Card; 52],
    draw_next: u8,
    draw_end: u8,
    discards: CardSet,
    pool: CardSet,
    /// Pending choices of the simultaneous phase in force.
    place_choice: [Option<Card>; MAX_PLAYERS],
    show_choice: [Option<[Card; 2]>; MAX_PLAYERS],
    chosen: u8,
    /// Revealed facts of the current (or last) round.
    placed: [Option<Card>; MAX_PLAYERS],
    shown: [Option<[Card; 2]>; MAX_PLAYERS],
    scored_centre: CardSet,
    ranks: [HandRank; MAX_PLAYERS],
    points: [u32; MAX_PLAYERS],
    scores: [u32; MAX_PLAYERS],
    tie_draw: Seats,
    order: Seats,
    picks: [Card; 2 * MAX_PLAYERS],
    last_discards: CardSet,
    log: [RoundLog; ROUNDS as usize],
}

/// A game of Saint Poker. See the module documentation.
///
/// ```
/// use tavolo_engine::saint::{seed_from_u64, Action, SaintGame, SaintOptions};
/// let mut g = SaintGame::new(SaintOptions::new(3), seed_from_u64(7))?;
/// assert_eq!(g.centre().len(), 2);
/// while !g.is_over() {
///     for p in g.pending() {
///         let a = g.legal_actions(p)[0];
///         g.apply(a).expect("legal");
///     }
/// }
/// let record = g.record()?;
/// tavolo_engine::saint::verify_record(&record)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SaintGame {
    t: Table,
    rng: GameRng,
}

impl PartialEq for SaintGame {
    /// Equal tables, same seed and the same number of uses of the generator.
    fn eq(&self, other: &SaintGame) -> bool {
        self.t == other.t
    }
}

impl Eq for SaintGame {}

impl SaintGame {
    /// A new game: the deck shuffled from `seed`, hands and centre dealt, round 1's preview
    /// drawn. Refuses invalid settings. A table takes a fresh seed from
    /// [`GameRng::os_seed`]; tests and replays use [`seed_from_u64`] or a record's seed.
    pub fn new(options: SaintOptions, seed: [u8; 32]) -> Result<SaintGame, OptionsError> {
        options.validate()?;
        let mut rng = GameRng::from_seed(seed);
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
        Ok(SaintGame::start(options, deck, seed, true, rng))
    }

    /// A new game from an explicit deal (tests, puzzles, search): `deal.hands` (ten each, in
    /// seat order), `deal.centre` (C cards) and `deal.draw_pile` (top first). Cards named nowhere
    /// go to the bottom of the draw pile in index order. `seed` drives the tie draws and
    /// reshuffles.
    pub fn from_deal(
        options: SaintOptions,
        deal: &Deal,
        seed: [u8; 32],
    ) -> Result<SaintGame, OptionsError> {
        options.validate()?;
        let deck = deal.deck(&options)?;
        Ok(SaintGame::start(
            options,
            deck,
            seed,
            false,
            GameRng::from_seed(seed),
        ))
    }

    fn start(
        options: SaintOptions,
        deck: [Card; 52],
        seed: [u8; 32],
        shuffled: bool,
        rng: GameRng,
    ) -> SaintGame {
        let players = options.players;
        let c = options.centre_count();
        // The centre count is stored explicitly, so a default and an explicit 5 − P are equal.
        let options = SaintOptions {
            centre_cards: Some(c),
            ..options
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let h = HAND_SIZE as usize;
        for (p, hand) in hands.iter_mut().enumerate().take(players as usize) {
            *hand = deck[p * h..(p + 1) * h].iter().copied().collect();
        }
        let dealt = players as usize * h;
        let centre: CardSet = deck[dealt..dealt + c as usize].iter().copied().collect();
        let mut g = SaintGame {
            t: Table {
                options,
                players,
                centre_count: c,
                seed,
                draws: u32::from(shuffled),
                shuffled,
                determinized: false,
                initial: deck,
                round: 1,
                phase: Phase::Place,
                hands,
                centre,
                preview: CardSet::EMPTY,
                reshuffled: false,
                draw: deck,
                draw_next: (dealt + c as usize) as u8,
                draw_end: 52,
                discards: CardSet::EMPTY,
                pool: CardSet::EMPTY,
                place_choice: [None; MAX_PLAYERS],
                show_choice: [None; MAX_PLAYERS],
                chosen: 0,
                placed: [None; MAX_PLAYERS],
                shown: [None; MAX_PLAYERS],
                scored_centre: CardSet::EMPTY,
                ranks: [HandRank::WORST; MAX_PLAYERS],
                points: [0; MAX_PLAYERS],
                scores: [0; MAX_PLAYERS],
                tie_draw: Seats::EMPTY,
                order: Seats::EMPTY,
                picks: [NO_CARD; 2 * MAX_PLAYERS],
                last_discards: CardSet::EMPTY,
                log: [EMPTY_LOG; ROUNDS as usize],
            },
            rng,
        };
        g.begin_round(&mut NoEvents);
        g
    }

    // ----- reading the state (omniscient: tests, bots, the table; players get views) -----

    /// The settings (the centre count always explicit).
    pub fn options(&self) -> SaintOptions {
        self.t.options
    }

    /// The seed of the game's generator.
    pub fn seed(&self) -> [u8; 32] {
        self.t.seed
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.t.players as usize
    }

    /// The round in force, 1 to 8 (8 once the game is over).
    pub fn round(&self) -> u8 {
        self.t.round
    }

    /// The phase in force.
    pub fn phase(&self) -> PhaseName {
        match self.t.phase {
            Phase::Place => PhaseName::Place,
            Phase::Show => PhaseName::Show,
            Phase::Draft { .. } => PhaseName::Draft,
            Phase::Over => PhaseName::Over,
        }
    }

    /// True once round 8 has been scored.
    pub fn is_over(&self) -> bool {
        self.t.phase == Phase::Over
    }

    /// A player's hand (omniscient: never send this to another player). Empty for a bad seat.
    pub fn hand(&self, player: usize) -> CardSet {
        self.t.hands.get(player).copied().unwrap_or_default()
    }

    /// The centre: C cards during place, C + P during show; empty during the draft (its cards
    /// are then in the pool) and at the end.
    pub fn centre(&self) -> CardSet {
        self.t.centre
    }

    /// The preview: the next round's centre (empty in round 8).
    pub fn preview(&self) -> CardSet {
        self.t.preview
    }

    /// The draft pool (empty outside the draft).
    pub fn pool(&self) -> CardSet {
        self.t.pool
    }

    /// The face-down draw pile (omniscient), as a set.
    pub fn draw_pile(&self) -> CardSet {
        self.draw_slice().iter().copied().collect()
    }

    /// Number of cards in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        (self.t.draw_end - self.t.draw_next) as usize
    }

    /// The discard pile.
    pub fn discards(&self) -> CardSet {
        self.t.discards
    }

    /// Running scores, by seat.
    pub fn scores(&self) -> &[u32] {
        &self.t.scores[..self.players()]
    }

    /// The players with the most points (shared victory), once the game is over; else empty.
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let best = self.scores().iter().copied().max().unwrap_or(0);
        (0..self.players())
            .filter(|&p| self.t.scores[p] == best)
            .collect()
    }

    /// The hand values of the round once shown (by seat), else `None`.
    pub fn round_ranks(&self) -> Option<&[HandRank]> {
        if self.t.shown[0].is_some() {
            Some(&self.t.ranks[..self.players()])
        } else {
            None
        }
    }

    /// The points of the round once shown (by seat), else `None`.
    pub fn round_points(&self) -> Option<&[u32]> {
        if self.t.shown[0].is_some() {
            Some(&self.t.points[..self.players()])
        } else {
            None
        }
    }

    /// The draft order of the round (seats, first picker first) once drawn, else empty.
    pub fn draft_order(&self) -> Seats {
        self.t.order
    }

    /// The tie draw of the round once drawn, else empty.
    pub fn tie_draw(&self) -> Seats {
        self.t.tie_draw
    }

    fn draw_slice(&self) -> &[Card] {
        &self.t.draw[self.t.draw_next as usize..self.t.draw_end as usize]
    }

    /// The seat that must pick now, during the draft; `None` in other phases.
    #[inline]
    pub fn to_pick(&self) -> Option<usize> {
        match self.t.phase {
            Phase::Draft { step } => {
                let p = self.t.players;
                // The second pass repeats the first: step mod P, without a division.
                let i = if step >= p { step - p } else { step };
                self.t.order.as_slice().get(i as usize).map(|&s| s as usize)
            }
            _ => None,
        }
    }

    /// True when `player` still has to act: a simultaneous phase without their choice, or
    /// their turn in the draft.
    pub fn is_pending(&self, player: usize) -> bool {
        if player >= self.players() {
            return false;
        }
        match self.t.phase {
            Phase::Place => self.t.place_choice[player].is_none(),
            Phase::Show => self.t.show_choice[player].is_none(),
            Phase::Draft { .. } => self.to_pick() == Some(player),
            Phase::Over => false,
        }
    }

    /// The players who still have to act, in seat order (omniscient in simultaneous phases:
    /// for the table, not for other players).
    pub fn pending(&self) -> Vec<usize> {
        (0..self.players())
            .filter(|&p| self.is_pending(p))
            .collect()
    }

    /// As [`SaintGame::pending`], without allocating.
    pub fn pending_seats(&self) -> Seats {
        let mut s = Seats::EMPTY;
        if let Some(p) = self.to_pick() {
            s.push(p);
            return s;
        }
        for p in 0..self.players() {
            if self.is_pending(p) {
                s.push(p);
            }
        }
        s
    }

    /// A player's own pending choice in a simultaneous phase (one card to place, or two to
    /// show), if any.
    pub fn choice(&self, player: usize) -> Option<Vec<Card>> {
        match self.t.phase {
            Phase::Place => self
                .t
                .place_choice
                .get(player)
                .copied()
                .flatten()
                .map(|c| vec![c]),
            Phase::Show => self
                .t
                .show_choice
                .get(player)
                .copied()
                .flatten()
                .map(|c| c.to_vec()),
            _ => None,
        }
    }

    /// Every action `player` may take now: in place and show, for every player (including one
    /// who has chosen and may still replace the choice); in the draft, only for the picker.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        if player >= self.players() {
            return Vec::new();
        }
        let hand = self.t.hands[player];
        match self.t.phase {
            Phase::Place => hand
                .iter()
                .map(|card| Action::Place { player, card })
                .collect(),
            Phase::Show => show_pairs(player, hand),
            Phase::Draft { .. } if self.to_pick() == Some(player) => self
                .t
                .pool
                .iter()
                .map(|card| Action::Pick { player, card })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A uniformly random legal action for `player`, or `None` if they have none; allocation
    /// free (for bots and simulations). `rng` is a [`GameRng`] or any other [`RandomBelow`]
    /// (a simulation may prefer a cheaper generator than ChaCha20).
    pub fn random_action<R: RandomBelow + ?Sized>(
        &self,
        player: usize,
        rng: &mut R,
    ) -> Option<Action> {
        if player >= self.players() {
            return None;
        }
        let hand = self.t.hands[player];
        match self.t.phase {
            Phase::Place => {
                let card = nth(hand, rng.below(hand.len()))?;
                Some(Action::Place { player, card })
            }
            Phase::Show => {
                let n = hand.len();
                let i = rng.below(n);
                let mut j = rng.below(n.checked_sub(1)?);
                if j >= i {
                    j += 1;
                }
                // Lowest first, as in `legal_actions`.
                let (i, j) = (i.min(j), i.max(j));
                Some(Action::Show {
                    player,
                    cards: [nth(hand, i)?, nth(hand, j)?],
                })
            }
            Phase::Draft { .. } if self.to_pick() == Some(player) => {
                let card = nth(self.t.pool, rng.below(self.t.pool.len()))?;
                Some(Action::Pick { player, card })
            }
            _ => None,
        }
    }

    // ----- changing the state -----

    /// Applies an action and returns the events it caused (none for a submission that does not
    /// complete a simultaneous phase). On error the state is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, SaintError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`SaintGame::apply`], appending the events to `events` (a buffer the caller reuses:
    /// no allocation on the hot path). On error nothing is appended and the state is unchanged.
    pub fn apply_into(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SaintError> {
        self.check(action)?;
        self.perform(action, events);
        Ok(())
    }

    /// Checks an action without applying it.
    #[inline]
    pub fn check(&self, action: Action) -> Result<(), SaintError> {
        let player = action.player();
        let t = &self.t;
        let legal = player < self.players()
            && match (t.phase, action) {
                (Phase::Place, Action::Place { card, .. }) => t.hands[player].contains(card),
                (Phase::Show, Action::Show { cards: [a, b], .. }) => {
                    a != b && t.hands[player].contains(a) && t.hands[player].contains(b)
                }
                (Phase::Draft { .. }, Action::Pick { card, .. }) => {
                    self.to_pick() == Some(player) && t.pool.contains(card)
                }
                _ => false,
            };
        if legal {
            Ok(())
        } else {
            self.diagnose(action)
        }
    }

    /// The full check, naming what is wrong: off the hot path.
    #[cold]
    #[inline(never)]
    fn diagnose(&self, action: Action) -> Result<(), SaintError> {
        let player = action.player();
        let players = self.players();
        if player >= players {
            return Err(SaintError::NoSuchPlayer { player, players });
        }
        let round = self.t.round;
        let hand = self.t.hands[player];
        let not_in_hand = |card: Card| SaintError::CardNotInHand {
            player,
            round,
            card,
            hand: hand.iter().collect(),
        };
        let tried = match action {
            Action::Place { .. } => PhaseName::Place,
            Action::Show { .. } => PhaseName::Show,
            Action::Pick { .. } => PhaseName::Draft,
        };
        match (self.t.phase, action) {
            (Phase::Over, _) => Err(SaintError::GameOver { player }),
            (Phase::Place, Action::Place { card, .. }) => {
                if hand.contains(card) {
                    Ok(())
                } else {
                    Err(not_in_hand(card))
                }
            }
            (Phase::Show, Action::Show { cards: [a, b], .. }) => {
                if !hand.contains(a) {
                    Err(not_in_hand(a))
                } else if !hand.contains(b) {
                    Err(not_in_hand(b))
                } else if a == b {
                    Err(SaintError::SameCardTwice {
                        player,
                        round,
                        card: a,
                    })
                } else {
                    Ok(())
                }
            }
            (Phase::Draft { .. }, Action::Pick { card, .. }) => {
                let to_pick = self.to_pick().unwrap_or(player);
                if to_pick != player {
                    Err(SaintError::NotYourTurn {
                        player,
                        round,
                        to_pick,
                    })
                } else if !self.t.pool.contains(card) {
                    Err(SaintError::CardNotInPool {
                        player,
                        round,
                        card,
                        pool: self.t.pool.iter().collect(),
                    })
                } else {
                    Ok(())
                }
            }
            _ => Err(SaintError::WrongPhase {
                player,
                round,
                phase: self.phase(),
                tried,
            }),
        }
    }

    /// Applies a checked action.
    fn perform(&mut self, action: Action, ev: &mut impl Sink) {
        match action {
            Action::Place { player, card } => {
                if self.t.place_choice[player].replace(card).is_none() {
                    self.t.chosen += 1;
                }
                if self.t.chosen == self.t.players {
                    self.reveal_placed(ev);
                }
            }
            Action::Show { player, cards } => {
                if self.t.show_choice[player].replace(cards).is_none() {
                    self.t.chosen += 1;
                }
                if self.t.chosen == self.t.players {
                    self.reveal_shown(ev);
                }
            }
            Action::Pick { player, card } => {
                let Phase::Draft { step } = self.t.phase else {
                    return;
                };
                self.t.pool.remove(card);
                self.t.hands[player].insert(card);
                self.t.picks[step as usize] = card;
                self.t.log[self.round_index()].picks[step as usize] = card;
                ev.push(Event::Picked { player, card });
                let step = step + 1;
                if step == 2 * self.t.players {
                    self.clean_up(ev);
                    self.t.round += 1;
                    self.begin_round(ev);
                } else {
                    self.t.phase = Phase::Draft { step };
                }
            }
        }
    }

    fn round_index(&self) -> usize {
        (self.t.round.clamp(1, ROUNDS) - 1) as usize
    }

    /// Preview (rounds 1–7) and the place phase.
    fn begin_round(&mut self, ev: &mut impl Sink) {
        {
            let t = &mut self.t;
            t.phase = Phase::Place;
            t.chosen = 0;
            t.place_choice = [None; MAX_PLAYERS];
            t.show_choice = [None; MAX_PLAYERS];
            t.placed = [None; MAX_PLAYERS];
            t.shown = [None; MAX_PLAYERS];
            t.tie_draw = Seats::EMPTY;
            t.order = Seats::EMPTY;
            t.scored_centre = CardSet::EMPTY;
            t.reshuffled = false;
            t.preview = CardSet::EMPTY;
        }
        if self.t.round < ROUNDS {
            for _ in 0..self.t.centre_count {
                if self.t.draw_next == self.t.draw_end {
                    self.reshuffle();
                }
                let t = &mut self.t;
                if t.draw_next == t.draw_end {
                    break; // unreachable with validated settings
                }
                t.preview.insert(t.draw[t.draw_next as usize]);
                t.draw_next += 1;
            }
        }
        ev.push(Event::RoundStarted {
            round: self.t.round,
            centre: self.t.centre,
            preview: self.t.preview,
            reshuffled: self.t.reshuffled,
        });
    }

    /// The draw pile is empty: shuffle the discard pile into a new one.
    fn reshuffle(&mut self) {
        let t = &mut self.t;
        let n = t.discards.len() as usize;
        for (slot, c) in t.draw.iter_mut().zip(t.discards.iter()) {
            *slot = c;
        }
        self.rng.shuffle(&mut t.draw[..n]);
        t.draws += 1;
        t.discards = CardSet::EMPTY;
        t.draw_next = 0;
        t.draw_end = n as u8;
        t.reshuffled = true;
    }

    fn reveal_placed(&mut self, ev: &mut impl Sink) {
        let r = self.round_index();
        let t = &mut self.t;
        for p in 0..t.players as usize {
            let card = t.place_choice[p].unwrap_or(NO_CARD);
            t.hands[p].remove(card);
            t.centre.insert(card);
            t.placed[p] = Some(card);
            t.log[r].placed[p] = card;
            ev.push(Event::Placed { player: p, card });
        }
        t.place_choice = [None; MAX_PLAYERS];
        t.chosen = 0;
        t.phase = Phase::Show;
    }

    fn reveal_shown(&mut self, ev: &mut impl Sink) {
        let r = self.round_index();
        let players = self.t.players as usize;
        {
            let t = &mut self.t;
            for p in 0..players {
                let pair = t.show_choice[p].unwrap_or([NO_CARD; 2]);
                t.hands[p].remove(pair[0]);
                t.hands[p].remove(pair[1]);
                t.shown[p] = Some(pair);
                t.log[r].shown[p] = pair;
                ev.push(Event::Shown {
                    player: p,
                    cards: pair,
                });
            }
            t.show_choice = [None; MAX_PLAYERS];
            t.chosen = 0;
        }
        self.score();
        let t = &mut self.t;
        for p in 0..players {
            ev.push(Event::Scored {
                player: p,
                rank: t.ranks[p],
                points: t.points[p],
                total: t.scores[p],
            });
        }
        // The centre's and the shown cards form the pool.
        t.scored_centre = t.centre;
        t.pool = t.centre;
        for pair in t.shown.iter().flatten() {
            t.pool.insert(pair[0]);
            t.pool.insert(pair[1]);
        }
        t.centre = CardSet::EMPTY;
        if t.round == ROUNDS {
            self.clean_up(ev);
            let t = &mut self.t;
            t.phase = Phase::Over;
            let best = t.scores[..players].iter().copied().max().unwrap_or(0);
            let mut winners = Seats::EMPTY;
            for p in 0..players {
                if t.scores[p] == best {
                    winners.push(p);
                }
            }
            ev.push(Event::GameOver { winners });
            return;
        }
        // The tie draw: a random permutation of the seats, once per round.
        let mut draw: [u8; MAX_PLAYERS] = [0, 1, 2, 3, 4];
        self.rng.shuffle(&mut draw[..players]);
        let t = &mut self.t;
        t.draws += 1;
        t.tie_draw = Seats::EMPTY;
        for &s in &draw[..players] {
            t.tie_draw.push(s as usize);
        }
        // Worst hand first; equal hands by their place in the tie draw. Keys are
        // `value << 8 | place`, sorted by a small insertion sort (at most five).
        let mut keys = [u32::MAX; MAX_PLAYERS];
        for (i, &s) in draw[..players].iter().enumerate() {
            keys[i] = u32::from(t.ranks[s as usize].value()) << 8 | i as u32;
        }
        for i in 1..players {
            let k = keys[i];
            let mut j = i;
            while j > 0 && keys[j - 1] > k {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = k;
        }
        t.order = Seats::EMPTY;
        for &k in &keys[..players] {
            t.order
                .push(draw.get((k & 0xff) as usize).copied().unwrap_or(0) as usize);
        }
        ev.push(Event::DraftOrder {
            order: t.order,
            tie_draw: t.tie_draw,
        });
        t.phase = Phase::Draft { step: 0 };
    }

    /// Hand values and points of the round.
    fn score(&mut self) {
        let t = &mut self.t;
        let players = t.players as usize;
        let scorer = PairScorer::new(t.centre, t.options.hand_rule);
        for p in 0..players {
            let [a, b] = t.shown[p].unwrap_or([NO_CARD; 2]);
            t.ranks[p] = scorer.rank(a, b);
        }
        let best = t.ranks[..players]
            .iter()
            .copied()
            .max()
            .unwrap_or(HandRank::WORST);
        let k = t.ranks[..players].iter().filter(|&&r| r == best).count() as u32;
        let r = u32::from(t.round);
        let share = r.div_ceil(k.max(1));
        for p in 0..players {
            t.points[p] = if t.ranks[p] == best { share } else { 0 };
            t.scores[p] += t.points[p];
        }
    }

    /// The pool goes to the discard pile; the preview becomes the centre.
    fn clean_up(&mut self, ev: &mut impl Sink) {
        let t = &mut self.t;
        t.last_discards = t.pool;
        t.discards |= t.pool;
        ev.push(Event::Discarded { cards: t.pool });
        t.pool = CardSet::EMPTY;
        t.centre = t.preview;
        t.preview = CardSet::EMPTY;
    }

    /// Replaces every card `observer` cannot see — the other players' hands and the draw pile —
    /// by a random redeal of the same cards, keeping every count, and forgets the other
    /// players' pending choices (they are hidden too). For search by determinization. Known
    /// limits: cards an opponent is publicly known to hold (from draft picks) are redealt too.
    /// A determinized game has no record ([`SaintError::Determinized`]).
    pub fn determinize(&mut self, observer: usize, rng: &mut GameRng) {
        let players = self.players();
        let mut hidden = [NO_CARD; 52];
        let mut n = 0;
        let mut unseen = self.draw_pile();
        for p in (0..players).filter(|&p| p != observer) {
            unseen |= self.t.hands[p];
        }
        for c in unseen {
            hidden[n] = c;
            n += 1;
        }
        rng.shuffle(&mut hidden[..n]);
        let mut next = 0;
        for p in (0..players).filter(|&p| p != observer) {
            let k = self.t.hands[p].len() as usize;
            self.t.hands[p] = hidden[next..next + k].iter().copied().collect();
            next += k;
            if self.t.place_choice[p].take().is_some() | self.t.show_choice[p].take().is_some() {
                self.t.chosen -= 1;
            }
        }
        let start = self.t.draw_next as usize;
        let len = self.draw_pile_len();
        self.t.draw[start..start + len].copy_from_slice(&hidden[next..next + len]);
        self.t.determinized = true;
    }
}

/// The `k`-th card (lowest first) of a set, by a branch-free broadword select (Vigna,
/// "Broadword implementation of rank/select queries"): per-byte counts, their prefix sums by
/// one multiplication, the target byte found by a parallel comparison, then a table for the bit
/// within the byte. Random play picks a card this way at every action; the obvious loop that
/// clears `k` low bits costs a branch misprediction per call.
#[inline]
fn nth(set: CardSet, k: u32) -> Option<Card> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let x = set.bits();
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the number of cards in bytes 0..=i.
    let sums = s.wrapping_mul(ONES);
    let k = u64::from(k);
    if k >= sums >> 56 {
        return None;
    }
    // High bit of byte i set when sums[i] <= k: a prefix of the bytes, as long as the target.
    let below = (((k * ONES) | HIGHS) - sums) & HIGHS;
    let byte = ((below >> 7).wrapping_mul(ONES) >> 56) * 8;
    let before = ((sums << 8) >> byte) & 0xff;
    let in_byte = ((x >> byte) & 0xff) as usize;
    let bit = SELECT_IN_BYTE[in_byte][(k - before) as usize & 7];
    Card::from_index(byte as u8 + bit)
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of the byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// A source of uniformly random integers below a bound, for [`SaintGame::random_action`].
pub trait RandomBelow {
    /// A uniformly random integer in `0..n` (0 when `n` ≤ 1).
    fn below(&mut self, n: u32) -> u32;
}

impl RandomBelow for GameRng {
    /// [`GameRng::below`].
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        GameRng::below(self, n)
    }
}

/// Where events go: a `Vec`, or nowhere (setup).
trait Sink {
    fn push(&mut self, e: Event);
}

impl Sink for Vec<Event> {
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

struct NoEvents;

impl Sink for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Every pair `player` may show from `hand` (RULES.md §1: any two of their cards), in card
/// order: the legal show actions, for the engine and for anyone who models a game.
pub fn show_pairs(player: usize, hand: CardSet) -> Vec<Action> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut v = Vec::with_capacity(cards.len() * cards.len() / 2);
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            v.push(Action::Show {
                player,
                cards: [a, b],
            });
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_selects_like_the_obvious_loop() {
        let mut rng = GameRng::from_u64(3);
        for _ in 0..20_000 {
            let bits = rng.next_u64() & rng.next_u64() & ((1u64 << 52) - 1);
            let set = CardSet::from_bits(bits).unwrap_or_default();
            let cards: Vec<Card> = set.iter().collect();
            for k in 0..=cards.len() as u32 {
                assert_eq!(nth(set, k), cards.get(k as usize).copied(), "{set:?} {k}");
            }
        }
        assert_eq!(nth(CardSet::FULL, 51), Card::from_index(51));
        assert_eq!(nth(CardSet::EMPTY, 0), None);
    }

    #[test]
    fn the_fast_check_agrees_with_the_full_diagnosis() {
        let mut rng = GameRng::from_u64(11);
        for seed in 0..200 {
            let players = 2 + (seed % 4) as u8;
            let mut g = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)).unwrap();
            while !g.is_over() {
                for _ in 0..20 {
                    let player = rng.below(u32::from(players) + 1) as usize;
                    let card = Card::from_index(rng.below(52) as u8).unwrap();
                    let other = Card::from_index(rng.below(52) as u8).unwrap();
                    for a in [
                        Action::Place { player, card },
                        Action::Show {
                            player,
                            cards: [card, other],
                        },
                        Action::Pick { player, card },
                    ] {
                        assert_eq!(g.check(a).is_ok(), g.diagnose(a).is_ok(), "{a:?}");
                    }
                }
                let p = g.pending_seats().as_slice()[0] as usize;
                let a = g.random_action(p, &mut rng).unwrap();
                g.apply(a).unwrap();
            }
        }
    }
}
