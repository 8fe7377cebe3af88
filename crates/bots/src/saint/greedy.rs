//! The `greedy` bot: the best hand for this round and the best immediate pick, no planning.
//!
//! * **Place**: the card whose removal leaves the best show with the centre it will see. The
//!   other players' placed cards are unknown, so each candidate is scored on the same few
//!   random completions of the centre (drawn from the cards the bot cannot see) and the mean
//!   value of its best pair is compared.
//! * **Show**: the best pair with the centre (lowest cards among equal values).
//! * **Pick**: the card that most improves the best show of its hand in the next round, scored
//!   the same way on random completions of the next centre (the preview plus unknown cards).

use tavolo_cards::{Card, CardSet, GameRng};
use tavolo_engine::saint::{Action, PhaseName, SaintView};

use super::hands::Scorer;
use super::SaintPoker;
use crate::bot::{Bot, Budget};

/// Random completions of the centre per decision.
const SAMPLES: usize = 8;

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    /// A greedy bot seeded with `seed` (it only draws the centre completions it scores on).
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: GameRng::from_u64(seed),
        }
    }

    /// `SAMPLES` sets of `k` distinct cards from `from`.
    fn completions(&mut self, from: CardSet, k: usize) -> Vec<CardSet> {
        let cards: Vec<Card> = from.iter().collect();
        let mut out = Vec::with_capacity(SAMPLES);
        let mut deck = cards.clone();
        for _ in 0..SAMPLES {
            let k = k.min(deck.len());
            // A partial Fisher–Yates: the first k cards.
            for i in 0..k {
                let j = i + self.rng.below((deck.len() - i) as u32) as usize;
                deck.swap(i, j);
            }
            out.push(deck[..k].iter().copied().collect());
        }
        out
    }
}

/// Everything face up or in the viewer's hand.
fn visible(view: &SaintView) -> CardSet {
    let mut v: CardSet = view.hand.iter().copied().collect();
    for &c in view.centre.iter().chain(&view.preview).chain(&view.pool) {
        v.insert(c);
    }
    v
}

/// Mean value of the best pair of `hand` over the centres `known ∪ extra` for each `extra`.
fn mean_best(hand: CardSet, known: CardSet, extras: &[CardSet], view: &SaintView) -> f64 {
    let mut total = 0.0;
    for &extra in extras {
        let scorer = Scorer::new(known | extra, view.options.hand_rule);
        if let Some((_, r)) = scorer.best_pair(hand) {
            total += f64::from(r.value());
        }
    }
    total / extras.len().max(1) as f64
}

impl Bot<SaintPoker> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, view: &SaintView, legal: &[Action], _budget: Budget) -> Action {
        let hand: CardSet = view.hand.iter().copied().collect();
        let players = view.hand_sizes.len();
        let centre: CardSet = view.centre.iter().copied().collect();
        let unseen = !visible(view);
        let mut best = legal[0];
        let mut best_value = f64::NEG_INFINITY;
        match view.phase {
            PhaseName::Place => {
                let extras = self.completions(unseen, players.saturating_sub(1));
                // Highest cards first, so that among equal values the lowest card is placed.
                for &a in legal.iter().rev() {
                    let Action::Place { card, .. } = a else {
                        continue;
                    };
                    let mut known = centre;
                    known.insert(card);
                    let mut rest = hand;
                    rest.remove(card);
                    let v = mean_best(rest, known, &extras, view);
                    if v >= best_value {
                        best_value = v;
                        best = a;
                    }
                }
            }
            PhaseName::Show => {
                let scorer = Scorer::new(centre, view.options.hand_rule);
                if let Some((cards, _)) = scorer.best_pair(hand) {
                    let a = Action::Show {
                        player: legal[0].player(),
                        cards,
                    };
                    if legal.contains(&a) {
                        best = a;
                    }
                }
            }
            PhaseName::Draft => {
                let preview: CardSet = view.preview.iter().copied().collect();
                let pool: CardSet = view.pool.iter().copied().collect();
                let need = (view.options.centre_count() as usize + players)
                    .saturating_sub(preview.len() as usize);
                let extras = self.completions(unseen - pool, need);
                for &a in legal {
                    let Action::Pick { card, .. } = a else {
                        continue;
                    };
                    let mut h = hand;
                    h.insert(card);
                    let v = mean_best(h, preview, &extras, view)
                        + f64::from(card.rank().index()) * 1e-3;
                    if v > best_value {
                        best_value = v;
                        best = a;
                    }
                }
            }
            PhaseName::Over => {}
        }
        best
    }
}
