//! Saint Poker's Swiss tournaments (RULES.md §5, "Saint Poker tournaments (Swiss)"): how many
//! rounds, how a round's players are split into tables, the place points of a game, and the
//! standings with their published tie-breaks.
//!
//! Place points are counted in sixtieths ([`Points`]): tied places share the average of their
//! points, and an average of up to five places is then always a whole number of sixtieths.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Tournament points in sixtieths of a point (`Points(60)` is one point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    /// Whole points.
    pub const fn whole(n: u32) -> Points {
        Points(n * 60)
    }

    /// As a number of points.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 60.0
    }
}

/// Rounds of a Swiss tournament of `players`: ⌈log₂ N⌉ + 1 (0 for fewer than two players).
pub fn rounds(players: usize) -> usize {
    if players < 2 {
        return 0;
    }
    players.next_power_of_two().trailing_zeros() as usize + 1
}

/// The table sizes of a round of `players`: tables of 4, with one table of 5 (one player over)
/// or one or two tables of 3 (three or two over) absorbing the remainder; 2 only when two
/// players remain. Empty below two players. Largest tables first.
pub fn table_sizes(players: usize) -> Vec<usize> {
    match players {
        0 | 1 => Vec::new(),
        2..=5 => vec![players],
        _ => {
            let (mut fours, over) = (players / 4, players % 4);
            let mut sizes = Vec::new();
            match over {
                1 => {
                    fours -= 1;
                    sizes.push(5);
                }
                2 => fours -= 1,
                _ => {}
            }
            sizes.extend(std::iter::repeat_n(4, fours));
            sizes.extend(std::iter::repeat_n(3, [0, 0, 2, 1][over]));
            sizes
        }
    }
}

/// Place points at a table of `size`, first place first (2 players: 6/0).
fn scale(size: usize) -> &'static [u32] {
    match size {
        2 => &[6, 0],
        3 => &[6, 3, 0],
        4 => &[6, 4, 2, 0],
        _ => &[6, 4, 3, 1, 0],
    }
}

/// The tables of the next round: `ranked` the players in the standings' order (for the first
/// round, the committed draw's); `met(a, b)` how many games `a` and `b` have played together.
/// Tables are filled from the top of the standings, so that players with equal points sit
/// together where possible: each table takes the best-placed player left, then, one at a time,
/// the player who has met the table's players least, the better placed on equal counts — among
/// the next players left (as many as the table seats) and any further down level on points with
/// the last of those (`points(i)`: the tournament points of `ranked[i]`). Seats within each
/// table are drawn from `rng`.
pub fn pairings<P: Copy>(
    ranked: &[P],
    points: impl Fn(usize) -> Points,
    met: impl Fn(P, P) -> usize,
    rng: &mut tavolo_cards::GameRng,
) -> Vec<Vec<P>> {
    let mut left: Vec<usize> = (0..ranked.len()).collect();
    let mut tables = Vec::new();
    for size in table_sizes(ranked.len()) {
        let mut table: Vec<usize> = Vec::with_capacity(size);
        table.push(left.remove(0));
        while table.len() < size && !left.is_empty() {
            // The candidates: players within the next `size` places, or level on points with
            // the last of them.
            let reach = size.min(left.len()) - 1;
            let floor = points(left[reach]);
            let mut best: Option<(usize, usize)> = None;
            for (k, &i) in left.iter().enumerate() {
                if k > reach && points(i) < floor {
                    break;
                }
                let repeats: usize = table.iter().map(|&t| met(ranked[t], ranked[i])).sum();
                if best.is_none_or(|(_, r)| repeats < r) {
                    best = Some((k, repeats));
                }
            }
            let (k, _) = best.unwrap_or((0, 0));
            table.push(left.remove(k));
        }
        let mut seats: Vec<P> = table.into_iter().map(|i| ranked[i]).collect();
        rng.shuffle(&mut seats);
        tables.push(seats);
    }
    tables
}

/// One game of a round: each present player's Saint points, and who did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult<P> {
    /// The players who played and their Saint points in the game.
    pub played: Vec<(P, i64)>,
    /// Players seated at the table who did not come: 0 place points, and placed below everyone.
    pub absent: Vec<P>,
}

/// The place points of one game: by Saint points, more first; tied places share the average of
/// their points; an absent player gets none.
pub fn place_points<P: Copy>(game: &GameResult<P>) -> Vec<(P, Points)> {
    let size = game.played.len() + game.absent.len();
    let scale = scale(size);
    let mut out = Vec::with_capacity(size);
    for &(p, pts) in &game.played {
        let above = game.played.iter().filter(|(_, o)| *o > pts).count();
        let tied = game.played.iter().filter(|(_, o)| *o == pts).count();
        let sum: u32 = scale[above..above + tied].iter().sum();
        out.push((p, Points(sum * 60 / tied as u32)));
    }
    out.extend(game.absent.iter().map(|&p| (p, Points(0))));
    out
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing<P> {
    /// Who.
    pub player: P,
    /// Tournament (place) points.
    pub points: Points,
    /// Saint points over every game.
    pub saint: i64,
    /// The sum of the tournament points of every opponent met (once per game together).
    pub opponents: Points,
}

/// The standings after `games`: tournament points, then Saint points, then the opponents'
/// tournament points, then head-to-head among the players still tied (games in which one
/// placed above another), then `draw` (a number per player drawn from the committed seed,
/// lower first). Best first.
pub fn standings<P: Copy + Ord>(
    games: &[GameResult<P>],
    draw: impl Fn(P) -> u64,
) -> Vec<Standing<P>> {
    let mut points: BTreeMap<P, Points> = BTreeMap::new();
    let mut saint: BTreeMap<P, i64> = BTreeMap::new();
    for g in games {
        for (p, x) in place_points(g) {
            points.entry(p).or_default().0 += x.0;
        }
        for &(p, s) in &g.played {
            *saint.entry(p).or_default() += s;
        }
    }
    let mut opponents: BTreeMap<P, Points> = BTreeMap::new();
    for g in games {
        let at: Vec<P> = g
            .played
            .iter()
            .map(|(p, _)| *p)
            .chain(g.absent.iter().copied())
            .collect();
        for &p in &at {
            let sum: u32 = at.iter().filter(|o| **o != p).map(|o| points[o].0).sum();
            opponents.entry(p).or_default().0 += sum;
        }
    }
    let mut table: Vec<Standing<P>> = points
        .iter()
        .map(|(&player, &points)| Standing {
            player,
            points,
            saint: saint.get(&player).copied().unwrap_or(0),
            opponents: opponents.get(&player).copied().unwrap_or_default(),
        })
        .collect();
    let before = |a: &Standing<P>, b: &Standing<P>| {
        (b.points, b.saint, b.opponents).cmp(&(a.points, a.saint, a.opponents))
    };
    table.sort_by(before);
    // Head-to-head, then the draw, within each run still tied.
    let mut i = 0;
    while i < table.len() {
        let run = table[i..]
            .iter()
            .take_while(|s| before(s, &table[i]) == Ordering::Equal)
            .count();
        if run > 1 {
            let tied: Vec<P> = table[i..i + run].iter().map(|s| s.player).collect();
            let wins = |p: P| head_to_head(games, p, &tied);
            table[i..i + run].sort_by(|a, b| {
                wins(b.player)
                    .cmp(&wins(a.player))
                    .then(draw(a.player).cmp(&draw(b.player)))
            });
        }
        i += run;
    }
    table
}

/// How many times `p` placed above one of `tied` in a game they played together (an absent
/// player places below everyone present).
fn head_to_head<P: Copy + Ord>(games: &[GameResult<P>], p: P, tied: &[P]) -> usize {
    let mut wins = 0;
    for g in games {
        let Some(&(_, mine)) = g.played.iter().find(|(q, _)| *q == p) else {
            continue;
        };
        wins += g
            .played
            .iter()
            .filter(|(q, s)| tied.contains(q) && *s < mine)
            .count();
        wins += g.absent.iter().filter(|q| tied.contains(q)).count();
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swiss_tournament_plays_ceil_log2_n_plus_one_rounds() {
        let got: Vec<usize> = [1, 2, 3, 4, 5, 8, 9, 16, 17, 100]
            .iter()
            .map(|&n| rounds(n))
            .collect();
        assert_eq!(got, vec![0, 2, 3, 3, 4, 4, 5, 5, 6, 8]);
    }

    #[test]
    fn tables_are_of_four_with_fives_and_threes_absorbing_the_remainder() {
        assert_eq!(table_sizes(2), vec![2]);
        assert_eq!(table_sizes(5), vec![5]);
        assert_eq!(table_sizes(6), vec![3, 3]);
        assert_eq!(table_sizes(7), vec![4, 3]);
        assert_eq!(table_sizes(8), vec![4, 4]);
        assert_eq!(table_sizes(9), vec![5, 4]);
        assert_eq!(table_sizes(10), vec![4, 3, 3]);
        assert_eq!(table_sizes(11), vec![4, 4, 3]);
        for n in 2..500 {
            let s = table_sizes(n);
            assert_eq!(s.iter().sum::<usize>(), n);
            assert!(
                s.iter().all(|&t| (3..=5).contains(&t) || n == 2),
                "{n}: {s:?}"
            );
        }
    }

    fn game(played: &[(char, i64)], absent: &[char]) -> GameResult<char> {
        GameResult {
            played: played.to_vec(),
            absent: absent.to_vec(),
        }
    }

    #[test]
    fn place_points_are_6_4_2_0_at_four_6_3_0_at_three_6_4_3_1_0_at_five() {
        let four = place_points(&game(&[('a', 9), ('b', 7), ('c', 5), ('d', 1)], &[]));
        assert_eq!(
            four.iter().map(|(_, p)| p.0 / 60).collect::<Vec<_>>(),
            vec![6, 4, 2, 0]
        );
        let three = place_points(&game(&[('a', 1), ('b', 7), ('c', 5)], &[]));
        assert_eq!(
            three.iter().map(|(_, p)| p.0 / 60).collect::<Vec<_>>(),
            vec![0, 6, 3]
        );
        let five = place_points(&game(
            &[('a', 5), ('b', 4), ('c', 3), ('d', 2), ('e', 1)],
            &[],
        ));
        assert_eq!(
            five.iter().map(|(_, p)| p.0 / 60).collect::<Vec<_>>(),
            vec![6, 4, 3, 1, 0]
        );
    }

    #[test]
    fn tied_places_share_the_average_of_their_points_and_the_absent_get_none() {
        let g = place_points(&game(&[('a', 5), ('b', 5), ('c', 5), ('d', 1)], &['e']));
        // Five seats: a, b and c share 6 + 4 + 3; d is fourth (1); e did not come.
        assert_eq!(g[0].1, Points(13 * 20));
        assert_eq!(g[3].1, Points::whole(1));
        assert_eq!(g[4].1, Points(0));
        let two = place_points(&game(&[('a', 5), ('b', 5), ('c', 1)], &[]));
        assert_eq!(two[0].1.value(), 4.5);
    }

    #[test]
    fn standings_rank_by_points_then_saint_points() {
        // Round 1: a beats b, c beats d; round 2: c beats a, b beats d.
        let games = [
            game(&[('a', 10), ('b', 5)], &[]),
            game(&[('c', 10), ('d', 5)], &[]),
            game(&[('a', 3), ('c', 8)], &[]),
            game(&[('b', 8), ('d', 3)], &[]),
        ];
        let s = standings(&games, |_| 0);
        let order: Vec<char> = s.iter().map(|s| s.player).collect();
        // c has 12 points; a and b 6 each, a with 13 Saint points, b with 13 too — then the
        // opponents: a met b (6) and c (12), b met a (6) and d (0): a first.
        assert_eq!(order, vec!['c', 'a', 'b', 'd']);
        assert_eq!(s[1].opponents, Points::whole(18));
        assert_eq!(s[2].opponents, Points::whole(6));
    }

    #[test]
    fn head_to_head_breaks_a_tie_before_the_draw() {
        // x beats y; y beats w; w beats x: x and y end equal in points (6), Saint points (11)
        // and opponents (12), and x placed above y in their game.
        let games = [
            game(&[('x', 6), ('y', 5)], &[]),
            game(&[('y', 6), ('w', 0)], &[]),
            game(&[('w', 6), ('x', 5)], &[]),
        ];
        let s = standings(&games, |p| if p == 'y' { 0 } else { 1 });
        assert_eq!(
            (s[0].points, s[0].saint, s[0].opponents),
            (s[1].points, s[1].saint, s[1].opponents)
        );
        assert_eq!(
            s.iter().map(|s| s.player).collect::<Vec<_>>(),
            vec!['x', 'y', 'w']
        );
    }

    #[test]
    fn sixteen_players_meet_nobody_twice_in_two_rounds_and_leaders_sit_together() {
        let mut rng = tavolo_cards::GameRng::from_u64(3);
        let players: Vec<u32> = (0..16).collect();
        let flat = |_: usize| Points(0);
        let round1 = pairings(&players, flat, |_, _| 0, &mut rng);
        assert_eq!(round1.len(), 4);
        let together = |a: u32, b: u32, r: &[Vec<u32>]| {
            usize::from(r.iter().any(|t| t.contains(&a) && t.contains(&b)))
        };
        // Round 2: the standings put each table's winner first, then the seconds, and so on.
        let mut ranked: Vec<u32> = Vec::new();
        for place in 0..4 {
            ranked.extend(round1.iter().map(|t| t[place]));
        }
        let pts = |i: usize| Points::whole(6 - 2 * (i / 4) as u32);
        let round2 = pairings(&ranked, pts, |a, b| together(a, b, &round1), &mut rng);
        for t in &round2 {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    assert_eq!(
                        together(a, b, &round1),
                        0,
                        "{a} and {b} met again: {round2:?}"
                    );
                }
            }
        }
        // The four round-1 winners sit together at the top table.
        let mut top = round2[0].clone();
        top.sort_unstable();
        let mut winners: Vec<u32> = ranked[..4].to_vec();
        winners.sort_unstable();
        assert_eq!(top, winners);
    }

    #[test]
    fn the_committed_draw_decides_when_everything_else_ties() {
        let even = [game(&[('x', 5), ('y', 5)], &[])];
        let s = standings(&even, |p| if p == 'y' { 1 } else { 2 });
        assert_eq!(s[0].player, 'y');
        let s = standings(&even, |p| if p == 'y' { 2 } else { 1 });
        assert_eq!(s[0].player, 'x');
    }
}
