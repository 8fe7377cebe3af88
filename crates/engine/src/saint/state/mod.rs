//! The game as a state machine: [`SaintGame`], its state, and the one way an action enters it
//! ([`SaintGame::apply_into`]: check, then perform).
//!
//! The rules of each phase are in the files beside this one, one function per rule:
//! `round.rs` (the preview, the reshuffle, the clean-up), `reveal.rs` (place and show: the
//! reveal, the score, the pool, the end of the game), `draft.rs` (the tie draw, the draft
//! order, a pick), `queries.rs` (reading the state), `random.rs` (random play and
//! determinization, for bots).

mod draft;
mod queries;
mod random;
mod reveal;
mod round;

use std::num::NonZeroU8;

use tavolo_cards::{Card, CardSet, GameRng, HandRank};

pub use queries::show_pairs;
pub use random::RandomBelow;

use super::action::{Action, Event, Seats};
use super::error::{OptionsError, PhaseName, SaintError};
use super::record::Deal;
use super::rules::{SaintOptions, HAND_SIZE, ROUNDS};

/// Largest table.
pub(super) const MAX_PLAYERS: usize = 5;

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Every player chooses a card to place.
    Place,
    /// Every player chooses a pair to show.
    Show,
    /// `step` picks have been made this round (0 to 2P − 1).
    Draft { step: u8 },
    /// Round 8 has been scored.
    Over,
}

/// The final choices of one round, kept so the record can be rebuilt by replay (`None`: not
/// made yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RoundLog {
    placed: [Option<Logged>; MAX_PLAYERS],
    shown: [Option<[Logged; 2]>; MAX_PLAYERS],
    picks: [Option<Logged>; 2 * MAX_PLAYERS],
}

impl RoundLog {
    const EMPTY: RoundLog = RoundLog {
        placed: [None; MAX_PLAYERS],
        shown: [None; MAX_PLAYERS],
        picks: [None; 2 * MAX_PLAYERS],
    };

    /// The card `player` placed, once revealed.
    pub(super) fn placed(&self, player: usize) -> Option<Card> {
        self.placed.get(player).copied().flatten().map(Logged::card)
    }

    /// The pair `player` showed, once revealed.
    pub(super) fn shown(&self, player: usize) -> Option<[Card; 2]> {
        let [a, b] = self.shown.get(player).copied().flatten()?;
        Some([a.card(), b.card()])
    }

    /// The card of pick `step` (0 to 2P − 1), once made.
    pub(super) fn pick(&self, step: usize) -> Option<Card> {
        self.picks.get(step).copied().flatten().map(Logged::card)
    }

    pub(super) fn set_placed(&mut self, player: usize, card: Card) {
        self.placed[player] = Some(Logged::new(card));
    }

    pub(super) fn set_shown(&mut self, player: usize, [a, b]: [Card; 2]) {
        self.shown[player] = Some([Logged::new(a), Logged::new(b)]);
    }

    pub(super) fn set_pick(&mut self, step: usize, card: Card) {
        self.picks[step] = Some(Logged::new(card));
    }
}

/// A card in the round log: its index plus one, so that `Option<Logged>` is one byte and the
/// eight rounds' logs keep the game as small as the state it is copied with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Logged(NonZeroU8);

impl Logged {
    fn new(card: Card) -> Logged {
        Logged(NonZeroU8::MIN.saturating_add(card.index()))
    }

    fn card(self) -> Card {
        Card::ALL[usize::from(self.0.get() - 1)]
    }
}

/// Everything but the random generator (which has no equality): compared by `PartialEq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) options: SaintOptions,
    pub(super) players: u8,
    pub(super) centre_count: u8,
    pub(super) seed: [u8; 32],
    /// Number of uses of the generator (shuffles), standing in for its state in comparisons.
    pub(super) draws: u32,
    /// True when the deal came from the seed's shuffle (false: an explicit deal).
    pub(super) shuffled: bool,
    pub(super) determinized: bool,
    /// The deck as dealt: hands of ten in seat order, the centre, the draw pile top first.
    pub(super) initial: [Card; 52],
    pub(super) round: u8,
    pub(super) phase: Phase,
    pub(super) hands: [CardSet; MAX_PLAYERS],
    pub(super) centre: CardSet,
    pub(super) preview: CardSet,
    pub(super) reshuffled: bool,
    pub(super) draw: [Card; 52],
    pub(super) draw_next: u8,
    pub(super) draw_end: u8,
    pub(super) discards: CardSet,
    pub(super) pool: CardSet,
    /// Pending choices of the simultaneous phase in force.
    pub(super) place_choice: [Option<Card>; MAX_PLAYERS],
    pub(super) show_choice: [Option<[Card; 2]>; MAX_PLAYERS],
    pub(super) chosen: u8,
    /// Revealed facts of the current (or last) round.
    pub(super) placed: [Option<Card>; MAX_PLAYERS],
    pub(super) shown: [Option<[Card; 2]>; MAX_PLAYERS],
    pub(super) scored_centre: CardSet,
    /// Each seat's hand value this round; read only once `shown` holds the seat's pair.
    pub(super) ranks: [HandRank; MAX_PLAYERS],
    pub(super) points: [u32; MAX_PLAYERS],
    pub(super) scores: [u32; MAX_PLAYERS],
    pub(super) tie_draw: Seats,
    pub(super) order: Seats,
    pub(super) last_discards: CardSet,
    /// Every round's choices; the current round's picks are read from here.
    pub(super) log: [RoundLog; ROUNDS as usize],
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
    pub(super) state: State,
    rng: GameRng,
}

impl PartialEq for SaintGame {
    /// Equal states, same seed and the same number of uses of the generator.
    fn eq(&self, other: &SaintGame) -> bool {
        self.state == other.state
    }
}

impl Eq for SaintGame {}

impl SaintGame {
    /// A new game: the deck shuffled from `seed`, hands and centre dealt, round 1's preview
    /// drawn. Refuses invalid settings. A table takes a fresh seed from
    /// [`GameRng::os_seed`]; tests and replays use [`super::seed_from_u64`] or a record's seed.
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

    /// The deal (RULES.md §1 Setup, in blocks: seat 0 takes the top ten cards, then seat 1, …,
    /// then the centre; the rest is the draw pile) and round 1's start.
    pub(super) fn start(
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
            state: State {
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
                last_discards: CardSet::EMPTY,
                log: [RoundLog::EMPTY; ROUNDS as usize],
            },
            rng,
        };
        g.begin_round(&mut NoEvents);
        g
    }

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
        let t = &self.state;
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
        let round = self.state.round;
        let hand = self.state.hands[player];
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
        match (self.state.phase, action) {
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
                } else if !self.state.pool.contains(card) {
                    Err(SaintError::CardNotInPool {
                        player,
                        round,
                        card,
                        pool: self.state.pool.iter().collect(),
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

    /// Applies a checked action: a choice (which reveals the phase when it is the last one
    /// missing) or a pick.
    fn perform(&mut self, action: Action, ev: &mut impl Sink) {
        match action {
            Action::Place { player, card } => {
                if self.state.place_choice[player].replace(card).is_none() {
                    self.state.chosen += 1;
                }
                if self.state.chosen == self.state.players {
                    self.reveal_placed(ev);
                }
            }
            Action::Show { player, cards } => {
                if self.state.show_choice[player].replace(cards).is_none() {
                    self.state.chosen += 1;
                }
                if self.state.chosen == self.state.players {
                    self.reveal_shown(ev);
                }
            }
            Action::Pick { player, card } => self.take_pick(player, card, ev),
        }
    }

    /// The index of the round in force in [`State::log`].
    pub(super) fn round_index(&self) -> usize {
        (self.state.round.clamp(1, ROUNDS) - 1) as usize
    }
}

/// Where events go: a `Vec`, or nowhere (setup).
pub(super) trait Sink {
    fn push(&mut self, e: Event);
}

impl Sink for Vec<Event> {
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

/// The sink of the deal, which announces nothing.
struct NoEvents;

impl Sink for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}
