//! What one Saint Poker player has seen, and the hidden state sampled from it.
//!
//! A [`Memory`] is built only from the player's views and the public events (every Saint Poker
//! event is public): the cards ever shown on the table, and the cards each opponent is publicly
//! known to hold (drafted, not yet played). [`Memory::sample`] deals the cards the player has
//! never seen — uniformly, which is the exact posterior when opponents' choices are not
//! modelled — to the opponents' unknown slots and the draw pile, keeping every count. Nothing
//! else exists to leak: the bot never holds the game state.

use std::time::Instant;

use tavolo_cards::{Card, CardSet, GameRng};
use tavolo_engine::saint::{Action, Event, PhaseName, SaintView};

use super::model::{Stage, World, MAX_PLAYERS};
use super::SaintPoker;
use crate::bot::{Bot, Budget};

/// A Saint Poker bot that plays from its [`Memory`] of the public events and decides by a
/// deadline (the expert's rollouts, the searcher's anytime search): the [`Bot`] around it
/// remembers, answers a forced move at once and leaves a tenth of the budget for answering.
pub(crate) trait Remembering {
    /// The bot's name.
    fn name(&self) -> &str;
    /// Its memory.
    fn memory(&mut self) -> &mut Memory;
    /// The choice among `legal` (more than one), to be made by `deadline` if there is one.
    fn decide(&mut self, view: &SaintView, legal: &[Action], deadline: Option<Instant>) -> Action;
}

/// [`Remembering::name`] and [`Remembering::memory`] for a bot that keeps them in its `name`
/// and `memory` fields (the expert, the searcher), inside its `impl Remembering`.
macro_rules! remembered_in_fields {
    () => {
        fn name(&self) -> &str {
            &self.name
        }

        fn memory(&mut self) -> &mut Memory {
            &mut self.memory
        }
    };
}
pub(super) use remembered_in_fields;

impl<B: Remembering + Send> Bot<SaintPoker> for B {
    fn name(&self) -> &str {
        Remembering::name(self)
    }

    fn observe(&mut self, event: &Event) {
        self.memory().observe(event);
    }

    fn act(&mut self, view: &SaintView, legal: &[Action], budget: Budget) -> Action {
        let start = Instant::now();
        self.memory().absorb(view);
        if let [only] = legal {
            return *only;
        }
        let deadline = budget.time.map(|t| start + t.mul_f64(0.9));
        self.decide(view, legal, deadline)
    }
}

/// Public knowledge accumulated by one player over a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memory {
    /// Every card that has been face up: centres, previews, placed and shown cards, pools.
    seen: CardSet,
    /// Cards each player is known to hold: drafted and not played since.
    held: [CardSet; MAX_PLAYERS],
}

impl Memory {
    /// Takes in a public event.
    pub(crate) fn observe(&mut self, event: &Event) {
        match *event {
            Event::RoundStarted {
                centre, preview, ..
            } => self.seen |= centre | preview,
            Event::Placed { player, card } => self.played(player, card),
            Event::Shown { player, cards } => {
                self.played(player, cards[0]);
                self.played(player, cards[1]);
            }
            Event::Picked { player, card } => {
                self.seen.insert(card);
                if let Some(h) = self.held.get_mut(player) {
                    h.insert(card);
                }
            }
            Event::Discarded { cards } => self.seen |= cards,
            Event::Scored { .. } | Event::DraftOrder { .. } | Event::GameOver { .. } => {}
        }
    }

    fn played(&mut self, player: usize, card: Card) {
        self.seen.insert(card);
        if let Some(h) = self.held.get_mut(player) {
            h.remove(card);
        }
    }

    /// Takes in what a view shows (so a bot that missed events still knows the table).
    /// This round's plays come before this round's picks, as in the game.
    pub(crate) fn absorb(&mut self, view: &SaintView) {
        for &c in view.centre.iter().chain(&view.preview).chain(&view.pool) {
            self.seen.insert(c);
        }
        if let Some(placed) = &view.placed {
            for (p, &c) in placed.iter().enumerate() {
                self.played(p, c);
            }
        }
        if let Some(shown) = &view.shown {
            for (p, h) in shown.iter().enumerate() {
                self.played(p, h.cards[0]);
                self.played(p, h.cards[1]);
            }
        }
        for pick in &view.picks {
            self.seen.insert(pick.card);
            if let Some(h) = self.held.get_mut(pick.player) {
                h.insert(pick.card);
            }
        }
    }

    /// Cards known to be in `player`'s hand.
    #[cfg(test)]
    pub(crate) fn held(&self, player: usize) -> CardSet {
        self.held.get(player).copied().unwrap_or_default()
    }

    /// A full world consistent with everything seen: the viewer's own hand and the table as in
    /// `view`, each opponent's known cards plus random unseen cards up to their hand size, and
    /// the rest of the unseen cards, shuffled, as the draw pile.
    pub(crate) fn sample(&self, view: &SaintView, rng: &mut GameRng) -> (World, Stage) {
        let players = view.hand_sizes.len().min(MAX_PLAYERS);
        // A bot is only ever given its own seat's view.
        let me = view.player.unwrap_or_default();
        let own: CardSet = view.hand.iter().copied().collect();
        let mut table = self.seen | own;
        for &c in view.centre.iter().chain(&view.preview).chain(&view.pool) {
            table.insert(c);
        }
        let unseen = !table;
        let mut deck = [Card::new(tavolo_cards::Rank::Two, tavolo_cards::Suit::Clubs); 52];
        let mut n = 0;
        for c in unseen {
            deck[n] = c;
            n += 1;
        }
        rng.shuffle(&mut deck[..n]);
        let mut next = 0;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (p, slot) in hands.iter_mut().enumerate().take(players) {
            if p == me {
                *slot = own;
                continue;
            }
            let size = view.hand_sizes[p];
            let mut h = self.held[p] - own;
            while h.len() as usize > size {
                // Inconsistent memory (should not happen): forget the excess.
                let Some(c) = h.iter().next() else { break };
                h.remove(c);
            }
            while (h.len() as usize) < size && next < n {
                h.insert(deck[next]);
                next += 1;
            }
            *slot = h;
        }
        let mut draw = [deck[0]; 52];
        let len = (n - next).min(view.draw_pile);
        draw[..len].copy_from_slice(&deck[next..next + len]);
        let centre: CardSet = view.centre.iter().copied().collect();
        let stage = stage_of(view);
        let mut scores = [0u32; MAX_PLAYERS];
        for (slot, &s) in scores.iter_mut().zip(&view.scores) {
            *slot = s;
        }
        let world = World {
            players,
            me,
            round: view.round,
            rule: view.options.hand_rule,
            centre_count: view.options.centre_count() as usize,
            hands,
            centre: if matches!(stage, Stage::Draft { .. }) {
                CardSet::EMPTY
            } else {
                centre
            },
            preview: view.preview.iter().copied().collect(),
            draw,
            draw_len: len as u8,
            draw_next: 0,
            scores,
            others_give_up: false,
        };
        (world, stage)
    }
}

/// Where `view`'s game stands, as the model's stage.
fn stage_of(view: &SaintView) -> Stage {
    match view.phase {
        PhaseName::Show => Stage::Show,
        PhaseName::Draft => {
            let mut order = [0u8; MAX_PLAYERS];
            for (slot, &s) in order.iter_mut().zip(&view.draft_order) {
                *slot = s as u8;
            }
            Stage::Draft {
                pool: view.pool.iter().copied().collect(),
                order,
                step: view.picks.len() as u8,
            }
        }
        _ => Stage::Place,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over random games, what a player's memory says opponents hold is true, and every
    /// sampled world keeps the own hand, the counts, the known cards, and uses only cards the
    /// player has not seen for the rest.
    #[test]
    fn memory_is_true_and_samples_are_consistent() {
        let mut rng = GameRng::from_u64(3);
        for (_, mut g) in crate::saint::test_games(60, 4) {
            let mut memory = Memory::default();
            while !g.is_over() {
                for p in g.pending() {
                    if p == 0 {
                        let view = g.view(0).unwrap();
                        memory.absorb(&view);
                        let (w, _) = memory.sample(&view, &mut rng);
                        assert_eq!(w.hands[0], g.hand(0));
                        let mut all = w.hands[0];
                        for q in 1..g.players() {
                            assert_eq!(w.hands[q].len(), g.hand(q).len());
                            assert!(memory.held(q) - w.hands[q] == CardSet::EMPTY);
                            assert!(memory.held(q) - g.hand(q) == CardSet::EMPTY, "held is true");
                            let guessed = w.hands[q] - memory.held(q);
                            assert!(guessed & memory.seen == CardSet::EMPTY);
                            assert!(all & w.hands[q] == CardSet::EMPTY);
                            all |= w.hands[q];
                        }
                        assert_eq!(w.draw_len as usize, g.draw_pile_len());
                    }
                    let a = g.random_action(p, &mut rng).unwrap();
                    for e in g.apply(a).unwrap() {
                        memory.observe(&e);
                    }
                }
            }
        }
    }
}
