//! A compact Saint Poker world for search: every hand known (sampled), the rules of RULES.md §1
//! replayed quickly with greedy-like policies for every player. It is the bot's *model* of the
//! game, built from a sample of what the bot has not seen, never from the true game.
//!
//! Rollout policies (the same for every seat, so the model favours no one):
//! * **place**: among the four cards least worth keeping, the one leaving the best show with
//!   the centre it will see — the others' placed cards guessed as their cards least worth
//!   keeping, a short centre completed from the draw pile;
//! * **show**: the best pair — or, for the players other than the searching one when the world
//!   says they give rounds up (`World::others_give_up`), now and then the pair least worth
//!   keeping, at the rates `expert` gives rounds up;
//! * **draft**: the card making the best pair with a card of the hand against a guess of the
//!   next centre (the preview completed from the draw pile), then the card most worth keeping.

use tavolo_cards::{Card, CardSet, GameRng, HandRank};
use tavolo_engine::saint::{Action, HandRule};

use super::hands::{keep_value, least_kept, least_kept_pair, Scorer};

/// The largest table (RULES.md §1: 2 to 5 players); worlds hold arrays of this size.
pub(crate) const MAX_PLAYERS: usize = 5;
/// Rounds in a game (RULES.md §1), for the give-up rates by round.
const ROUNDS: u8 = 8;

/// Where in a round a world stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Before anyone places.
    Place,
    /// Placed cards are in the centre; before anyone shows.
    Show,
    /// The draft: `step` picks made from `pool` in `order`.
    Draft {
        /// The cards left to pick.
        pool: CardSet,
        /// Seats in picking order.
        order: [u8; MAX_PLAYERS],
        /// Picks made so far.
        step: u8,
    },
}

/// A complete (sampled) game state.
#[derive(Clone, Debug)]
pub(crate) struct World {
    /// Players at the table (entries past it in the arrays are unused).
    pub(crate) players: usize,
    /// The seat the search is for.
    pub(crate) me: usize,
    /// The round, 1 to 8.
    pub(crate) round: u8,
    /// How a hand is made of shown and centre cards (the table's option).
    pub(crate) rule: HandRule,
    /// Cards previewed each round (C).
    pub(crate) centre_count: usize,
    /// Every player's hand in this world: the searcher's own, the others' sampled.
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// The centre (empty during the draft).
    pub(crate) centre: CardSet,
    /// The next round's centre.
    pub(crate) preview: CardSet,
    /// The draw pile, top first, from `draw_next` to `draw_len`.
    pub(crate) draw: [Card; 52],
    /// Cards in `draw`.
    pub(crate) draw_len: u8,
    /// Next card to draw.
    pub(crate) draw_next: u8,
    /// Points so far by seat (the winner is the highest after round 8).
    pub(crate) scores: [u32; MAX_PLAYERS],
    /// Whether the other players sometimes give a round up (show their cheapest pair instead
    /// of their best, as often as [`GIVE_UP_PERCENT`] says); otherwise they always show their
    /// best pair.
    pub(crate) others_give_up: bool,
}

/// How often, in percent, a player gives round r (index r − 1) up by showing its cheapest pair
/// rather than its best: measured on `expert`'s shows (960 shows, 60 heads-up games), which
/// keep good cards for the rounds worth more. Used at every table size where the model gives
/// rounds up (the rates measured at four players, 76 % in round 1 falling to about 50 %, won
/// fewer 4-player games over 160: 27.8 % against 34.7 %).
pub(crate) const GIVE_UP_PERCENT: [u32; 8] = [60, 40, 29, 32, 36, 42, 42, 0];

impl World {
    /// Plays the world from `stage` to the end of the game, `first` (the searching player's
    /// candidate action at this stage, if any) replacing the policy's choice for `me` once.
    pub(crate) fn play_out(&mut self, mut stage: Stage, first: Option<Action>, rng: &mut GameRng) {
        let mut first = first;
        loop {
            match stage {
                Stage::Place => {
                    let me = self.me;
                    self.place_round(|p, _| match first {
                        Some(Action::Place { card, .. }) if p == me => {
                            first = None;
                            Some(card)
                        }
                        _ => None,
                    });
                    stage = Stage::Show;
                }
                Stage::Show => {
                    let Some(next) = self.show(first.take(), rng) else {
                        return;
                    };
                    stage = next;
                }
                Stage::Draft { pool, order, step } => {
                    self.draft(pool, order, step, first.take());
                    self.round += 1;
                    self.begin_round();
                    stage = Stage::Place;
                }
            }
        }
    }

    /// Every player places a card: `chosen(player, hand)` where it gives one, else the rollout
    /// policy's (its least-kept card when the policy has none); the cards go to the centre.
    fn place_round(&mut self, mut chosen: impl FnMut(usize, CardSet) -> Option<Card>) {
        let mut cards = [None; MAX_PLAYERS];
        for (p, slot) in cards.iter_mut().enumerate().take(self.players) {
            *slot = least_kept(self.hands[p]);
        }
        let cheap = cards;
        for (p, slot) in cards.iter_mut().enumerate().take(self.players) {
            *slot = chosen(p, self.hands[p])
                .or_else(|| self.place_for(p, &cheap))
                .or(*slot);
        }
        for (p, card) in cards.iter().enumerate().take(self.players) {
            if let Some(c) = *card {
                self.hands[p].remove(c);
                self.centre.insert(c);
            }
        }
    }

    /// Plays `mine` (the searching player's action at `stage`, where the searching player
    /// always has a decision) with the other players choosing by the rollout policies — or, in
    /// this stage only, by `forced` where given — then the other players' draft picks until the
    /// searching player must decide again. The stage of that decision, or `None` once the game
    /// is over. An action that does not fit the stage is replaced by the policy's choice.
    pub(crate) fn step(
        &mut self,
        stage: Stage,
        mine: Action,
        forced: &[Option<Action>; MAX_PLAYERS],
        rng: &mut GameRng,
    ) -> Option<Stage> {
        match stage {
            Stage::Place => {
                let me = self.me;
                self.place_round(|p, hand| {
                    let chosen = if p == me { Some(mine) } else { forced[p] };
                    match chosen {
                        Some(Action::Place { card, .. }) if hand.contains(card) => Some(card),
                        _ => None,
                    }
                });
                Some(Stage::Show)
            }
            Stage::Show => {
                let next = self.show_forced(mine, forced, rng)?;
                self.advance(next)
            }
            Stage::Draft { pool, order, step } => {
                let p = order[step as usize % self.players] as usize;
                let mut pool = pool;
                if p == self.me {
                    let card = match mine {
                        Action::Pick { card, .. } if pool.contains(card) => Some(card),
                        _ => self.pick_for(p, pool, &self.next_scorer()),
                    };
                    if let Some(c) = card {
                        pool.remove(c);
                        self.hands[p].insert(c);
                    }
                }
                self.advance(Stage::Draft {
                    pool,
                    order,
                    step: step + 1,
                })
            }
        }
    }

    /// From `stage`, the other players' draft picks (by the policy) until the searching player
    /// must decide: that stage (`Place` after the draft), never `None` (the game cannot end in
    /// a draft).
    fn advance(&mut self, stage: Stage) -> Option<Stage> {
        let Stage::Draft {
            mut pool,
            order,
            mut step,
        } = stage
        else {
            return Some(stage);
        };
        let scorer = self.next_scorer();
        while (step as usize) < 2 * self.players {
            let p = order[step as usize % self.players] as usize;
            if p == self.me && !pool.is_empty() {
                return Some(Stage::Draft { pool, order, step });
            }
            if let Some(c) = self.pick_for(p, pool, &scorer) {
                pool.remove(c);
                self.hands[p].insert(c);
            }
            step += 1;
        }
        self.round += 1;
        self.begin_round();
        Some(Stage::Place)
    }

    /// The scorer the draft policy uses: the preview completed from the draw pile.
    fn next_scorer(&self) -> Scorer {
        Scorer::new(self.complete(self.preview), self.rule)
    }

    /// Shows (the searching player `mine`, the others `forced` or their best pair) and scores.
    fn show_forced(
        &mut self,
        mine: Action,
        forced: &[Option<Action>; MAX_PLAYERS],
        rng: &mut GameRng,
    ) -> Option<Stage> {
        let mut pairs = [None; MAX_PLAYERS];
        for (p, slot) in pairs.iter_mut().enumerate().take(self.players) {
            let chosen = if p == self.me { Some(mine) } else { forced[p] };
            if let Some(Action::Show { cards: [a, b], .. }) = chosen {
                if a != b && self.hands[p].contains(a) && self.hands[p].contains(b) {
                    *slot = Some([a, b]);
                }
            }
        }
        self.show_pairs(&pairs, rng)
    }

    /// The searching player's legal actions at `stage` (pairs to show: all of them).
    pub(crate) fn my_actions(&self, stage: &Stage) -> Vec<Action> {
        let player = self.me;
        let hand = self.hands[player];
        match *stage {
            Stage::Place => hand
                .iter()
                .map(|card| Action::Place { player, card })
                .collect(),
            Stage::Show => tavolo_engine::saint::show_pairs(player, hand),
            Stage::Draft { pool, .. } => pool
                .iter()
                .map(|card| Action::Pick { player, card })
                .collect(),
        }
    }

    /// Shows and scores; the draft to follow, or `None` after round 8.
    fn show(&mut self, first: Option<Action>, rng: &mut GameRng) -> Option<Stage> {
        let mut pairs = [None; MAX_PLAYERS];
        if let Some(Action::Show { cards, .. }) = first {
            pairs[self.me] = Some(cards);
        }
        self.show_pairs(&pairs, rng)
    }

    /// Shows `pairs` (a player without one shows their best pair) and scores; the draft to
    /// follow, or `None` after round 8.
    fn show_pairs(
        &mut self,
        pairs: &[Option<[Card; 2]>; MAX_PLAYERS],
        rng: &mut GameRng,
    ) -> Option<Stage> {
        let scorer = Scorer::new(self.centre, self.rule);
        let mut ranks = [HandRank::WORST; MAX_PLAYERS];
        let mut pool = self.centre;
        let mut shown = [None; MAX_PLAYERS];
        for (p, slot) in shown.iter_mut().enumerate().take(self.players) {
            *slot = match pairs[p] {
                Some(cards) => Some((cards, scorer.rank(cards[0], cards[1]))),
                None if self.others_give_up && p != self.me && self.gives_up(rng) => {
                    least_kept_pair(self.hands[p]).map(|[a, b]| ([a, b], scorer.rank(a, b)))
                }
                None => scorer.best_pair(self.hands[p]),
            };
        }
        for (p, rank) in ranks.iter_mut().enumerate().take(self.players) {
            if let Some(([a, b], r)) = shown[p] {
                self.hands[p].remove(a);
                self.hands[p].remove(b);
                pool.insert(a);
                pool.insert(b);
                *rank = r;
            }
        }
        let best = ranks[..self.players]
            .iter()
            .copied()
            .max()
            .unwrap_or(HandRank::WORST);
        let k = ranks[..self.players].iter().filter(|&&r| r == best).count() as u32;
        let share = u32::from(self.round).div_ceil(k.max(1));
        for (score, &rank) in self.scores.iter_mut().zip(&ranks).take(self.players) {
            if rank == best {
                *score += share;
            }
        }
        self.centre = CardSet::EMPTY;
        if self.round >= ROUNDS {
            return None;
        }
        // Worst first; equal hands in a random order.
        let mut order: [u8; MAX_PLAYERS] = [0, 1, 2, 3, 4];
        rng.shuffle(&mut order[..self.players]);
        order[..self.players].sort_by_key(|&s| ranks[s as usize]);
        Some(Stage::Draft {
            pool,
            order,
            step: 0,
        })
    }

    /// Finishes the draft from `step`.
    fn draft(
        &mut self,
        mut pool: CardSet,
        order: [u8; MAX_PLAYERS],
        step: u8,
        first: Option<Action>,
    ) {
        let mut first = first;
        let next = Scorer::new(self.complete(self.preview), self.rule);
        for s in step as usize..2 * self.players {
            let p = order[s % self.players] as usize;
            let card = match first {
                Some(Action::Pick { card, .. }) if p == self.me && pool.contains(card) => {
                    first = None;
                    Some(card)
                }
                _ => self.pick_for(p, pool, &next),
            };
            if let Some(c) = card {
                pool.remove(c);
                self.hands[p].insert(c);
            }
        }
    }

    /// `known` completed to five cards (when it has fewer) by the next cards of the draw pile
    /// after the preview: a stand-in for cards not yet chosen.
    fn complete(&self, known: CardSet) -> CardSet {
        let mut c = known;
        let mut i = self.draw_next as usize;
        while c.len() < 5 && i < self.draw_len as usize {
            c.insert(self.draw[i]);
            i += 1;
        }
        c
    }

    /// The card `p` places: among its four cards least worth keeping, the one leaving the best
    /// show with the centre it will see (the others assumed to place `others`' cards).
    fn place_for(&self, p: usize, others: &[Option<Card>; MAX_PLAYERS]) -> Option<Card> {
        let hand = self.hands[p];
        let mut ranked: [(i32, Option<Card>); 12] = [(i32::MAX, None); 12];
        for (slot, c) in ranked.iter_mut().zip(hand.iter()) {
            *slot = (keep_value(c, hand), Some(c));
        }
        let n = (hand.len() as usize).min(12);
        ranked[..n].sort_unstable_by_key(|r| r.0);
        let mut base = self.centre;
        for (q, c) in others.iter().enumerate().take(self.players) {
            if let (true, Some(c)) = (q != p, *c) {
                base.insert(c);
            }
        }
        let mut best: Option<(HandRank, Card)> = None;
        for &(_, c) in ranked[..n.min(4)].iter() {
            let Some(x) = c else { continue };
            let mut centre = base;
            centre.insert(x);
            let mut rest = hand;
            rest.remove(x);
            let scorer = Scorer::new(self.complete(centre - rest), self.rule);
            let r = scorer.best_pair(rest).map_or(HandRank::WORST, |b| b.1);
            if best.is_none_or(|(v, _)| r > v) {
                best = Some((r, x));
            }
        }
        best.map(|b| b.1)
    }

    /// The card `p` drafts from `pool`: the one making the best pair with a card of its hand
    /// against a guess of the next centre (then the one most worth keeping).
    fn pick_for(&self, p: usize, pool: CardSet, scorer: &Scorer) -> Option<Card> {
        let hand = self.hands[p];
        pool.iter().max_by_key(|&c| {
            let best = scorer.best_with(c, hand);
            let mut h = hand;
            h.insert(c);
            (best, keep_value(c, h))
        })
    }

    /// Whether another player gives this round up (drawn at [`GIVE_UP_PERCENT`]).
    fn gives_up(&self, rng: &mut GameRng) -> bool {
        let percent = GIVE_UP_PERCENT[usize::from(self.round.clamp(1, ROUNDS) - 1)];
        percent > 0 && rng.below(100) < percent
    }

    /// The preview becomes the centre; a new preview is drawn (none in round 8).
    fn begin_round(&mut self) {
        self.centre = self.preview;
        self.preview = CardSet::EMPTY;
        if self.round < ROUNDS {
            for _ in 0..self.centre_count {
                if self.draw_next >= self.draw_len {
                    break;
                }
                self.preview.insert(self.draw[self.draw_next as usize]);
                self.draw_next += 1;
            }
        }
    }

    /// The searching player's result: their share of the victory plus a small bonus for the
    /// margin over the best opponent (so that lost and won games still teach something).
    pub(crate) fn value(&self, margin_weight: f64) -> f64 {
        let me = self.scores[self.me];
        let mut best_other = 0;
        let mut tied = 1;
        let mut lost = false;
        for p in (0..self.players).filter(|&p| p != self.me) {
            let s = self.scores[p];
            best_other = best_other.max(s);
            if s > me {
                lost = true;
            } else if s == me {
                tied += 1;
            }
        }
        let share = if lost { 0.0 } else { 1.0 / f64::from(tied) };
        share + margin_weight * (f64::from(me) - f64::from(best_other)) / 36.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::saint::memory::Memory;
    use tavolo_engine::saint::{seed_from_u64, SaintGame, SaintOptions};

    /// A sampled 4-player world at round 1's show, and its hands before anyone shows.
    fn world_at_show(seed: u64) -> (World, Stage) {
        let g = SaintGame::new(SaintOptions::new(4), seed_from_u64(seed)).unwrap();
        let mut rng = GameRng::from_u64(seed);
        let view = g.view(0).unwrap();
        let mut memory = Memory::default();
        memory.absorb(&view);
        let (mut w, stage) = memory.sample(&view, &mut rng);
        assert_eq!(stage, Stage::Place);
        let next = w.step(
            stage,
            w.my_actions(&stage)[0],
            &[None; MAX_PLAYERS],
            &mut rng,
        );
        (w, next.unwrap())
    }

    /// The model's others give round 1 up about as often as `GIVE_UP_PERCENT` says (showing a
    /// pair other than their best), and never otherwise; the searcher's own show is its own.
    #[test]
    fn the_others_give_rounds_up_at_the_modelled_rate_only_when_asked() {
        let mut rng = GameRng::from_u64(1);
        for give_up in [false, true] {
            let (mut best, mut shows) = (0u32, 0u32);
            for seed in 0..400 {
                let (mut w, stage) = world_at_show(seed);
                w.others_give_up = give_up;
                let before = w.hands;
                let scorer = Scorer::new(w.centre, w.rule);
                let mine = scorer.best_pair(before[0]).map(|b| b.0).unwrap();
                let action = Action::Show {
                    player: 0,
                    cards: mine,
                };
                assert_eq!(stage, Stage::Show);
                // Shows and scores, stopping before the draft.
                w.show_forced(action, &[None; MAX_PLAYERS], &mut rng);
                assert!(w.hands[0] == before[0] - CardSet::from_iter(mine));
                for (p, &held) in before.iter().enumerate().take(4).skip(1) {
                    let shown = held - w.hands[p];
                    assert_eq!(shown.len(), 2);
                    let mut cards = shown.iter();
                    let (Some(a), Some(b)) = (cards.next(), cards.next()) else {
                        unreachable!("two cards were shown");
                    };
                    shows += 1;
                    if scorer.rank(a, b) == scorer.best_pair(held).unwrap().1 {
                        best += 1;
                    }
                }
            }
            let rate = f64::from(best) / f64::from(shows);
            if give_up {
                // 60 % give-ups in round 1; a cheapest pair is now and then also the best.
                assert!((0.35..0.5).contains(&rate), "best pair shown at {rate}");
            } else {
                assert_eq!(best, shows);
            }
        }
    }
}
