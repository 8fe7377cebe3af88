//! Seats and tables of a multi-table tournament (RULES.md §5, "Seats and tables"): the first
//! draw, which table breaks and where its players go, which player moves to balance the tables
//! and to which seat, and which tables stop dealing until the tables are balanced.
//!
//! A table is its seats and the seat of the big blind of the last hand dealt there. The player
//! "who will be big blind next" is the first player clockwise after that seat; the "worst
//! position" of a table is the first empty seat clockwise after it — a player put there posts the
//! next big blind (or the first one after the players before it), and is never the small blind,
//! which the last big blind posts. Tables break in a published order: the highest-numbered
//! table first. Players move between hands only: the tournament applies these moves there.
//!
//! At a Five-Card Draw table, which has no blinds, the seat marked is the last cutter's: the
//! player moved is the one who would be cutter (first to act) next, to the seat that cuts soonest
//! (docs/rule-decisions.md, Tournaments).

use tavolo_cards::GameRng;

/// One table of the tournament, between hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating<P> {
    /// Its seats (`None`: empty).
    pub seats: Vec<Option<P>>,
    /// The seat of the big blind (Draw: of the cutter) of the last hand dealt here (`None`: no
    /// hand yet).
    pub big_blind: Option<usize>,
}

impl<P: Copy> Seating<P> {
    /// An empty table of `seats` seats.
    pub fn new(seats: usize) -> Seating<P> {
        Seating {
            seats: vec![None; seats],
            big_blind: None,
        }
    }

    /// Players seated.
    pub fn players(&self) -> usize {
        self.seats.iter().filter(|s| s.is_some()).count()
    }

    /// The seats clockwise after the last big blind (from seat 0 before the first hand).
    fn clockwise(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.seats.len();
        let start = self.big_blind.map_or(0, |b| b + 1);
        (0..n).map(move |k| (start + k) % n)
    }

    /// The seat of the player who will be big blind next.
    pub fn next_big_blind(&self) -> Option<usize> {
        self.clockwise().find(|&s| self.seats[s].is_some())
    }

    /// The worst position: the empty seat that pays the big blind soonest.
    pub fn worst_seat(&self) -> Option<usize> {
        self.clockwise().find(|&s| self.seats[s].is_none())
    }
}

/// A player moved between hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// Who.
    pub player: P,
    /// From table, seat.
    pub from: (usize, usize),
    /// To table, seat.
    pub to: (usize, usize),
}

/// Seats `players` (already in the order of the committed draw) at `tables` tables of `seats`
/// seats: table by table in turn, each at a seat drawn from `rng`, so that table sizes differ
/// by one at most.
pub fn first_draw<P: Copy>(players: &[P], seats: usize, rng: &mut GameRng) -> Vec<Seating<P>> {
    let tables = players.len().div_ceil(seats.max(1));
    let mut out: Vec<Seating<P>> = (0..tables).map(|_| Seating::new(seats)).collect();
    for (i, &p) in players.iter().enumerate() {
        let t = &mut out[i % tables];
        let free: Vec<usize> = (0..seats).filter(|&s| t.seats[s].is_none()).collect();
        let s = free[rng.below(free.len() as u32) as usize];
        t.seats[s] = Some(p);
    }
    out
}

/// The most players two tables may differ by: one from 12 tables down, two above.
pub fn allowed_gap(tables: usize) -> usize {
    if tables <= 12 {
        1
    } else {
        2
    }
}

/// Whether a table can break: the players fit at one table fewer.
pub fn can_break<P: Copy>(tables: &[Seating<P>]) -> bool {
    let players: usize = tables.iter().map(Seating::players).sum();
    let seats = tables.iter().map(|t| t.seats.len()).min().unwrap_or(0);
    tables.len() > 1 && players <= (tables.len() - 1) * seats
}

/// Breaks the highest-numbered table (if the players fit without it): its players, in an order
/// drawn from `rng`, each go to a shortest table, drawn among the shortest, at a seat drawn
/// there. Returns the moves, `from` naming the broken table.
pub fn break_table<P: Copy>(tables: &mut Vec<Seating<P>>, rng: &mut GameRng) -> Vec<Move<P>> {
    if !can_break(tables) {
        return Vec::new();
    }
    let Some(broken) = tables.pop() else {
        return Vec::new();
    };
    let from = tables.len();
    let mut leaving: Vec<(usize, P)> = (broken.seats.iter().enumerate())
        .filter_map(|(s, p)| p.map(|p| (s, p)))
        .collect();
    rng.shuffle(&mut leaving);
    let mut moves = Vec::with_capacity(leaving.len());
    for (seat, player) in leaving {
        let least = tables.iter().map(Seating::players).min().unwrap_or(0);
        let shortest: Vec<usize> = (0..tables.len())
            .filter(|&t| tables[t].players() == least)
            .collect();
        let t = shortest[rng.below(shortest.len() as u32) as usize];
        let free: Vec<usize> = (0..tables[t].seats.len())
            .filter(|&s| tables[t].seats[s].is_none())
            .collect();
        let s = free[rng.below(free.len() as u32) as usize];
        tables[t].seats[s] = Some(player);
        moves.push(Move {
            player,
            from: (from, seat),
            to: (t, s),
        });
    }
    moves
}

/// Balances the tables: while the fullest and the shortest differ by more than
/// [`allowed_gap`], the player who will be big blind next at the fullest table (the lowest
/// numbered of the fullest) moves to the worst position at the shortest (the lowest numbered).
pub fn balance<P: Copy>(tables: &mut [Seating<P>]) -> Vec<Move<P>> {
    let mut moves = Vec::new();
    let gap = allowed_gap(tables.len());
    loop {
        let counts: Vec<usize> = tables.iter().map(Seating::players).collect();
        let (Some(&most), Some(&least)) = (counts.iter().max(), counts.iter().min()) else {
            return moves;
        };
        if most - least <= gap {
            return moves;
        }
        let from = counts.iter().position(|&c| c == most).unwrap_or(0);
        let to = counts.iter().position(|&c| c == least).unwrap_or(0);
        let (Some(seat), Some(dest)) = (tables[from].next_big_blind(), tables[to].worst_seat())
        else {
            return moves;
        };
        let Some(player) = tables[from].seats[seat].take() else {
            return moves;
        };
        tables[to].seats[dest] = Some(player);
        moves.push(Move {
            player,
            from: (from, seat),
            to: (to, dest),
        });
    }
}

/// The tables that stop dealing until balanced: three or more players short of the fullest.
pub fn halted<P: Copy>(tables: &[Seating<P>]) -> Vec<usize> {
    let most = tables.iter().map(Seating::players).max().unwrap_or(0);
    (0..tables.len())
        .filter(|&t| tables[t].players() + 3 <= most)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(seats: &[Option<u32>], big_blind: Option<usize>) -> Seating<u32> {
        Seating {
            seats: seats.to_vec(),
            big_blind,
        }
    }

    #[test]
    fn the_mover_is_the_next_big_blind_and_goes_to_the_worst_position() {
        // Table 0 has 4 (last big blind at seat 1: seat 2 is next); table 1 has 2 (last big
        // blind at seat 3: seat 4 is the first empty one after it).
        let mut t = vec![
            table(&[Some(1), Some(2), Some(3), Some(4), None, None], Some(1)),
            table(&[None, Some(5), None, Some(6), None, None], Some(3)),
        ];
        let moves = balance(&mut t);
        assert_eq!(
            moves,
            vec![Move {
                player: 3,
                from: (0, 2),
                to: (1, 4)
            }]
        );
        assert_eq!((t[0].players(), t[1].players()), (3, 3));
    }

    #[test]
    fn the_worst_position_is_never_the_small_blind() {
        // The last big blind (seat 2) posts the small blind next: the seat after it is taken.
        let t = table(&[None, Some(1), Some(2), None, Some(3), None], Some(2));
        assert_eq!(t.worst_seat(), Some(3));
        assert_ne!(t.worst_seat(), Some(2));
    }

    #[test]
    fn a_table_three_short_stops_dealing() {
        let t = vec![
            table(&[Some(1), Some(2), Some(3), Some(4), Some(5)], None),
            table(&[Some(6), Some(7), None, None, None], None),
            table(&[Some(8), Some(9), Some(10), None, None], None),
        ];
        assert_eq!(halted(&t), vec![1]);
    }

    /// Random tournaments of 10 to 1,000 entries at 6, 9 and 10 seats, busted one player at a
    /// time: after each bust a table breaks when the players fit at one fewer, then the tables
    /// are balanced. Checked after every step: the number of tables is ⌈N / seats⌉, sizes within
    /// the allowed gap, every player seated once, each mover the next big blind of the fullest
    /// table placed in the worst position of the shortest.
    #[test]
    fn random_tournaments_keep_the_tables_counted_balanced_and_every_player_seated_once() {
        let mut rng = GameRng::from_u64(51);
        for run in 0..300 {
            let seats = [6, 9, 10][run % 3];
            let entries = 10 + rng.below(991) as usize;
            let players: Vec<u32> = (0..entries as u32).collect();
            let mut tables = first_draw(&players, seats, &mut rng);
            let mut left: Vec<u32> = players.clone();
            while left.len() > 1 {
                let out = left.swap_remove(rng.below(left.len() as u32) as usize);
                for t in tables.iter_mut() {
                    for s in t.seats.iter_mut() {
                        if *s == Some(out) {
                            *s = None;
                        }
                    }
                    // A hand was dealt: the big blind moved on.
                    t.big_blind = t.next_big_blind();
                }
                while can_break(&tables) {
                    break_table(&mut tables, &mut rng);
                }
                let before = tables.clone();
                for m in balance(&mut tables) {
                    let src = &before[m.from.0];
                    assert_eq!(src.seats[m.from.1], Some(m.player), "run {run}");
                }
                assert_eq!(tables.len(), left.len().div_ceil(seats), "run {run}");
                let counts: Vec<usize> = tables.iter().map(Seating::players).collect();
                let spread = counts.iter().max().unwrap_or(&0) - counts.iter().min().unwrap_or(&0);
                assert!(spread <= allowed_gap(tables.len()), "run {run}: {counts:?}");
                let mut seated: Vec<u32> = tables
                    .iter()
                    .flat_map(|t| t.seats.iter().flatten().copied())
                    .collect();
                seated.sort_unstable();
                let mut want = left.clone();
                want.sort_unstable();
                assert_eq!(seated, want, "run {run}");
            }
        }
    }

    #[test]
    fn each_balancing_move_takes_the_next_big_blind_to_the_worst_seat() {
        let mut rng = GameRng::from_u64(7);
        for _ in 0..2_000 {
            let n = 2 + rng.below(6) as usize;
            let mut tables: Vec<Seating<u32>> = (0..n)
                .map(|t| {
                    let mut s = Seating::new(9);
                    for seat in 0..9 {
                        if rng.below(3) > 0 {
                            s.seats[seat] = Some((t * 9 + seat) as u32);
                        }
                    }
                    s.big_blind = Some(rng.below(9) as usize);
                    s
                })
                .collect();
            loop {
                let mut step = tables.clone();
                let moves = balance(&mut step);
                let Some(m) = moves.first() else { break };
                let counts: Vec<usize> = tables.iter().map(Seating::players).collect();
                let most = *counts.iter().max().unwrap_or(&0);
                let least = *counts.iter().min().unwrap_or(&0);
                assert_eq!(counts[m.from.0], most);
                assert_eq!(counts[m.to.0], least);
                assert_eq!(tables[m.from.0].next_big_blind(), Some(m.from.1));
                assert_eq!(tables[m.to.0].worst_seat(), Some(m.to.1));
                // Apply only the first move and look again.
                let p = tables[m.from.0].seats[m.from.1].take();
                tables[m.to.0].seats[m.to.1] = p;
            }
        }
    }
}
