//! Saint Poker's elimination variant (RULES.md §5, "Saint Poker tournaments (Swiss)", an
//! option): rounds are seated as the Swiss ones are, but only the top `k` of each table go on,
//! until the players left fit a final table of 4 or 5 (or fewer, where fewer entered).
//!
//! Decisions where §5 is silent (docs/rule-decisions.md): a table's places are by the game's
//! Saint points; players level on points at the cut are ordered by the standings before the
//! round (the published tie-breaks, the committed draw last). Where the top `k` of every table
//! would leave fewer than four players while more than five are in, the best of the others by
//! place at their table (then by the standings) go on too, up to four. The final ranking: the
//! final table's players by their places there, then each round's eliminated players above
//! those eliminated earlier, each round's by their place at their table and then the standings.

use crate::tournament::swiss::GameResult;

/// The most players of a final table.
pub const FINAL_TABLE: usize = 5;

/// Whether `players` left play the final table next.
pub fn is_final(players: usize) -> bool {
    players <= FINAL_TABLE
}

/// One round's players ranked for the cut: each player with their place at their table (0 =
/// first; ties share the better place) and their position in `order` (the standings before
/// the round, best first; a player missing from it ranks last). Best first.
fn ranked<P: Copy + Eq>(round: &[GameResult<P>], order: &[P]) -> Vec<(P, usize, usize)> {
    let position = |p: P| order.iter().position(|q| *q == p).unwrap_or(order.len());
    let mut out = Vec::new();
    for game in round {
        for &(p, pts) in &game.played {
            let place = game.played.iter().filter(|(_, o)| *o > pts).count();
            out.push((p, place, position(p)));
        }
        for &p in &game.absent {
            out.push((p, game.played.len(), position(p)));
        }
    }
    out.sort_by_key(|&(_, place, at)| (place, at));
    out
}

/// Who goes on from a round (`round`: its games) when the top `k` of each table do; `order`
/// the standings before the round, best first. Answers those who go on and those who are out,
/// each best first.
pub fn go_on<P: Copy + Eq>(round: &[GameResult<P>], order: &[P], k: usize) -> (Vec<P>, Vec<P>) {
    let mut on = Vec::new();
    let mut out = Vec::new();
    for game in round {
        let mut table = ranked(std::slice::from_ref(game), order);
        let rest = table.split_off(k.min(table.len()));
        on.extend(table);
        out.extend(rest);
    }
    let players = on.len() + out.len();
    out.sort_by_key(|&(_, place, at)| (place, at));
    let wanted = if players > FINAL_TABLE { 4 } else { 0 };
    while on.len() < wanted && !out.is_empty() {
        on.push(out.remove(0));
    }
    on.sort_by_key(|&(_, place, at)| (place, at));
    (
        on.into_iter().map(|(p, ..)| p).collect(),
        out.into_iter().map(|(p, ..)| p).collect(),
    )
}

/// The final ranking, best first: the final table (`final_round`, ordered by place, then by
/// `order`), then the players out in each round, the last round's first (`eliminated`: each
/// round's, best first, oldest round first).
pub fn final_ranking<P: Copy + Eq>(
    final_round: &[GameResult<P>],
    order: &[P],
    eliminated: &[Vec<P>],
) -> Vec<P> {
    let mut out: Vec<P> = ranked(final_round, order)
        .into_iter()
        .map(|(p, ..)| p)
        .collect();
    for round in eliminated.iter().rev() {
        out.extend(round.iter().copied());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(played: &[(u32, i64)]) -> GameResult<u32> {
        GameResult {
            played: played.to_vec(),
            absent: Vec::new(),
        }
    }

    #[test]
    fn the_top_two_of_each_table_go_on_best_first() {
        let round = [
            game(&[(1, 10), (2, 30), (3, 20), (4, 0)]),
            game(&[(5, 5), (6, 50), (7, 40), (8, 45)]),
        ];
        let order: Vec<u32> = (1..=8).collect();
        let (on, out) = go_on(&round, &order, 2);
        assert_eq!(on, vec![2, 6, 3, 8]);
        assert_eq!(out, vec![1, 7, 4, 5]);
    }

    #[test]
    fn a_tie_at_the_cut_goes_to_the_better_placed_in_the_standings() {
        let round = [game(&[(1, 10), (2, 30), (3, 10), (4, 0)])];
        let (on, _) = go_on(&round, &[3, 1, 2, 4], 2);
        assert_eq!(
            on,
            vec![2, 3],
            "1 and 3 share second place; 3 stands higher"
        );
    }

    #[test]
    fn fewer_than_four_left_with_more_than_five_in_fills_up_to_four() {
        let round = [
            game(&[(1, 10), (2, 30), (3, 20)]),
            game(&[(4, 5), (5, 50), (6, 40)]),
        ];
        let order: Vec<u32> = (1..=6).collect();
        let (on, out) = go_on(&round, &order, 1);
        assert_eq!(on, vec![2, 5, 3, 6], "the winners, then the best seconds");
        assert_eq!(out, vec![1, 4]);
    }

    #[test]
    fn an_absent_player_is_placed_last_at_the_table() {
        let round = [GameResult {
            played: vec![(1, -5), (2, -10), (3, -20)],
            absent: vec![4],
        }];
        let (on, out) = go_on(&round, &[4, 3, 2, 1], 3);
        assert_eq!((on, out), (vec![1, 2, 3], vec![4]));
    }

    #[test]
    fn the_final_ranking_puts_the_final_table_first_then_the_latest_eliminated() {
        let last = [game(&[(2, 10), (6, 30), (3, 20), (8, 0)])];
        let ranking = final_ranking(&last, &[2, 6, 3, 8], &[vec![1, 7, 4, 5]]);
        assert_eq!(ranking, vec![6, 3, 2, 8, 1, 7, 4, 5]);
        assert!(is_final(5) && !is_final(6));
    }
}
