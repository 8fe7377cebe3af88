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
