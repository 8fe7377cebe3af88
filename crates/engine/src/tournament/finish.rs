//! The finishing order of players busted in the same hand (RULES.md §5, "Finishing order and
//! hand-for-hand"): at one table the player who began the hand with more chips finishes higher
//! and equal stacks tie; in a hand-for-hand hand, players busted at different tables tie. When a
//! hand-for-hand hand busts several players at one table and others elsewhere, each table's
//! busts are ranked by their stacks, and players of the same rank at different tables tie (the
//! two rules together, neither broken).

use std::collections::BTreeMap;

use crate::Chips;

/// A player busted in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bust<P> {
    /// Who.
    pub player: P,
    /// Their stack when the hand began.
    pub stack: Chips,
    /// The table they busted at.
    pub table: usize,
}

/// A busted player's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed<P> {
    /// Who.
    pub player: P,
    /// Their place (1 = the winner); players who tie share the best of their places.
    pub place: usize,
    /// How many share it (1: nobody else): they share the prizes of the places from `place` on.
    pub tied: usize,
}

/// The places of the players `busts` busted in one hand, with `left` players in the tournament
/// before it (so the busts take the places from `left - busts.len() + 1` to `left`).
pub fn bust_places<P: Copy>(left: usize, busts: &[Bust<P>]) -> Vec<Placed<P>> {
    // Each table's busts ranked: more chips first; equal stacks share a rank.
    let mut by_table: BTreeMap<usize, Vec<&Bust<P>>> = BTreeMap::new();
    for b in busts {
        by_table.entry(b.table).or_default().push(b);
    }
    // A bust's rank at its table (players there who began with more chips) orders the places:
    // equal ranks tie, at one table (equal stacks) or across tables.
    let mut keyed: Vec<(usize, P)> = Vec::with_capacity(busts.len());
    for at in by_table.values() {
        for b in at {
            let rank = at.iter().filter(|o| o.stack > b.stack).count();
            keyed.push((rank, b.player));
        }
    }
    keyed.sort_by_key(|(k, _)| *k);
    let mut placed = Vec::with_capacity(keyed.len());
    let mut place = left + 1 - busts.len().min(left);
    let mut i = 0;
    while i < keyed.len() {
        let group = keyed[i..]
            .iter()
            .take_while(|(k, _)| *k == keyed[i].0)
            .count();
        for (_, player) in &keyed[i..i + group] {
            placed.push(Placed {
                player: *player,
                place,
                tied: group,
            });
        }
        place += group;
        i += group;
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bust(player: char, stack: u64, table: usize) -> Bust<char> {
        Bust {
            player,
            stack: Chips::new(stack),
            table,
        }
    }

    fn places(left: usize, busts: &[Bust<char>]) -> Vec<(char, usize, usize)> {
        let mut p: Vec<_> = bust_places(left, busts)
            .into_iter()
            .map(|p| (p.player, p.place, p.tied))
            .collect();
        p.sort();
        p
    }

    #[test]
    fn at_one_table_the_larger_starting_stack_finishes_higher() {
        let b = [bust('a', 300, 0), bust('b', 500, 0), bust('c', 100, 0)];
        assert_eq!(places(10, &b), vec![('a', 9, 1), ('b', 8, 1), ('c', 10, 1)]);
    }

    #[test]
    fn at_one_table_equal_stacks_tie() {
        let b = [bust('a', 300, 0), bust('b', 300, 0), bust('c', 100, 0)];
        assert_eq!(places(5, &b), vec![('a', 3, 2), ('b', 3, 2), ('c', 5, 1)]);
    }

    #[test]
    fn hand_for_hand_busts_at_different_tables_tie_whatever_their_stacks() {
        let b = [bust('a', 300, 0), bust('b', 9_000, 1), bust('c', 100, 2)];
        assert_eq!(
            places(52, &b),
            vec![('a', 50, 3), ('b', 50, 3), ('c', 50, 3)]
        );
    }

    #[test]
    fn hand_for_hand_two_at_one_table_and_one_elsewhere_tie_by_rank() {
        let b = [bust('a', 300, 0), bust('b', 200, 0), bust('c', 100, 1)];
        assert_eq!(
            places(20, &b),
            vec![('a', 18, 2), ('b', 20, 1), ('c', 18, 2)]
        );
    }
}
