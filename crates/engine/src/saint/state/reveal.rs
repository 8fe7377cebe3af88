//! The simultaneous phases end (RULES.md §1 Place, Show, Score): the last choice reveals every
//! choice at once; showing scores the round, forms the pool and, after round 8, ends the game.

use tavolo_cards::{CardSet, PairScorer};

use super::{Phase, SaintGame, Sink, MAX_PLAYERS};
use crate::saint::action::{Event, Seats};
use crate::saint::rules::ROUNDS;

impl SaintGame {
    /// Place: every chosen card leaves its hand for the centre, all at once; show follows.
    pub(super) fn reveal_placed(&mut self, ev: &mut impl Sink) {
        let r = self.round_index();
        let t = &mut self.state;
        for p in 0..t.players as usize {
            // Every player has chosen: the last choice is what revealed the phase.
            let Some(card) = t.place_choice[p] else {
                continue;
            };
            t.hands[p].remove(card);
            t.centre.insert(card);
            t.placed[p] = Some(card);
            t.log[r].set_placed(p, card);
            ev.push(Event::Placed { player: p, card });
        }
        t.place_choice = [None; MAX_PLAYERS];
        t.chosen = 0;
        t.phase = Phase::Show;
    }

    /// Show: the pairs are revealed and scored, the pool formed; then the game ends (round 8)
    /// or the draft is ordered.
    pub(super) fn reveal_shown(&mut self, ev: &mut impl Sink) {
        self.reveal_pairs(ev);
        self.score_round(ev);
        self.form_pool();
        if self.state.round == ROUNDS {
            self.clean_up(ev);
            self.end_game(ev);
        } else {
            self.draw_ties();
            self.order_draft(ev);
        }
    }

    /// Every chosen pair leaves its hand, face up, all at once.
    fn reveal_pairs(&mut self, ev: &mut impl Sink) {
        let r = self.round_index();
        let t = &mut self.state;
        for p in 0..t.players as usize {
            let Some(pair) = t.show_choice[p] else {
                continue;
            };
            t.hands[p].remove(pair[0]);
            t.hands[p].remove(pair[1]);
            t.shown[p] = Some(pair);
            t.log[r].set_shown(p, pair);
            ev.push(Event::Shown {
                player: p,
                cards: pair,
            });
        }
        t.show_choice = [None; MAX_PLAYERS];
        t.chosen = 0;
    }

    /// Scoring: each pair with the centre by the table's hand rule; r points to the best hand
    /// in round r, ⌈r / k⌉ to each of k tied.
    fn score_round(&mut self, ev: &mut impl Sink) {
        let t = &mut self.state;
        let players = t.players as usize;
        let scorer = PairScorer::new(t.centre, t.options.hand_rule);
        for p in 0..players {
            if let Some([a, b]) = t.shown[p] {
                t.ranks[p] = scorer.rank(a, b);
            }
        }
        let Some(best) = t.ranks[..players].iter().copied().max() else {
            return;
        };
        let k = t.ranks[..players].iter().filter(|&&r| r == best).count() as u32;
        let share = u32::from(t.round).div_ceil(k);
        for p in 0..players {
            t.points[p] = if t.ranks[p] == best { share } else { 0 };
            t.scores[p] += t.points[p];
            ev.push(Event::Scored {
                player: p,
                rank: t.ranks[p],
                points: t.points[p],
                total: t.scores[p],
            });
        }
    }

    /// The pool: the centre's cards and every shown pair; the centre is empty until the
    /// clean-up turns the preview into it.
    fn form_pool(&mut self) {
        let t = &mut self.state;
        t.scored_centre = t.centre;
        t.pool = t.centre;
        for pair in t.shown.iter().flatten() {
            t.pool.insert(pair[0]);
            t.pool.insert(pair[1]);
        }
        t.centre = CardSet::EMPTY;
    }

    /// After round 8: the players with the most points share the victory.
    fn end_game(&mut self, ev: &mut impl Sink) {
        let t = &mut self.state;
        let players = t.players as usize;
        t.phase = Phase::Over;
        let best = t.scores[..players].iter().copied().max().unwrap_or(0);
        let mut winners = Seats::EMPTY;
        for p in 0..players {
            if t.scores[p] == best {
                winners.push(p);
            }
        }
        ev.push(Event::GameOver { winners });
    }
}
