//! One table as the [`super::Relay`] knows it: who sits there by its reports, who is on the
//! way, who is told to go, and the hand it is to deal.

use std::collections::{BTreeMap, BTreeSet};

use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::CoordHandOver;

/// A player on the way to a seat: where, and the stack once known (a moved player's comes from
/// the table they leave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Arriving {
    pub(super) seat: usize,
    pub(super) stack: Option<Chips>,
    /// The table was given the seat order (given once the seat is free and the stack known).
    pub(super) told: bool,
}

/// One table as the relay knows it.
#[derive(Clone, Debug, Default)]
pub(super) struct Desk {
    pub(super) seats: usize,
    /// Who sits there by the table's own reports, with the stack last known.
    pub(super) seated: BTreeMap<UserId, (usize, Chips)>,
    /// Players ordered to a seat here who have not sat down yet.
    pub(super) arriving: BTreeMap<UserId, Arriving>,
    /// Players told to leave for another table: (table, seat) they go to.
    pub(super) leaving: BTreeMap<UserId, (usize, usize)>,
    /// Players told to leave for good (busted, or left here by an old save), not gone yet.
    pub(super) removing: BTreeSet<UserId>,
    /// The coordinator's hand this table is to deal, and whether the table was let deal it.
    pub(super) deal: Option<u64>,
    /// The players that hand is dealt to: seat, stack.
    pub(super) deal_players: BTreeMap<UserId, (usize, Chips)>,
    pub(super) permitted: bool,
    /// The last hand reported and not yet recorded: its id in the books, and the report.
    pub(super) unrecorded: Option<(i64, CoordHandOver)>,
    /// The books' id of the last hand the table reported (a table taken over reports it again).
    pub(super) last_reported: Option<i64>,
    /// Taken over by this node, and not yet told what it restored: it deals nothing until then
    /// (the hand it tells again first may be the report of the deal the coordinator waits for,
    /// or of the hand before it).
    pub(super) restoring: bool,
    pub(super) closed: bool,
}

impl Desk {
    /// Whether a hand that began with `began` began with the stacks of the deal awaited.
    pub(super) fn deal_stacks_match(&self, began: &[(UserId, Chips)]) -> bool {
        !began.is_empty()
            && (began.iter()).all(|(u, c)| self.deal_players.get(u).map(|p| p.1) == Some(*c))
    }

    /// Players seated here whom the awaited hand is not dealt to, neither leaving nor told to
    /// go: left by a save older than the tournament's log (a table taken over seats again a
    /// player busted or moved since, whose removal was lost with the node that held it). Now
    /// told to go: until they do, their seat may be the one a player ordered here waits for.
    pub(super) fn strays(&mut self) -> Vec<UserId> {
        if self.deal.is_none() || self.deal_players.is_empty() || self.restoring {
            return Vec::new(); // who is dealt in is not known yet
        }
        let strays: Vec<UserId> = (self.seated.keys())
            .filter(|u| !self.deal_players.contains_key(u) && !self.leaving.contains_key(u))
            .filter(|u| !self.removing.contains(u))
            .copied()
            .collect();
        self.removing.extend(strays.iter().copied());
        strays
    }

    /// Players seated here at another seat than the awaited hand deals them, neither leaving
    /// nor told to go: left there by a save older than a redraw of this table's seats (a table
    /// taken over). Now told to leave for the seat dealt: until they do, theirs may be the one
    /// a player ordered here waits for.
    pub(super) fn misplaced(&mut self, table: usize) -> Vec<UserId> {
        if self.deal.is_none() || self.restoring {
            return Vec::new(); // who is dealt in is not known yet
        }
        let moved: Vec<(UserId, usize)> = (self.seated.iter())
            .filter(|(u, _)| !self.leaving.contains_key(u) && !self.removing.contains(u))
            .filter_map(|(u, (seat, _))| {
                let dealt = self.deal_players.get(u).map(|p| p.0)?;
                (dealt != *seat).then_some((*u, dealt))
            })
            .collect();
        for (u, seat) in &moved {
            self.leaving.insert(*u, (table, *seat));
        }
        moved.into_iter().map(|(u, _)| u).collect()
    }

    /// A player the awaited hand is dealt to who is neither seated nor on the way (a table
    /// opened again with nobody, after a takeover of the whole node) is seated with their stack.
    /// With no hand awaited (reported, or told to hold), nobody: the players of the last deal
    /// may have busted or moved since, with other stacks.
    pub(super) fn seat_the_missing(&mut self) {
        if self.deal.is_none() {
            return;
        }
        for (&user, &(seat, stack)) in &self.deal_players {
            let known = self.seated.contains_key(&user)
                || self.arriving.contains_key(&user)
                || self.leaving.contains_key(&user);
            if !known {
                let a = Arriving {
                    seat,
                    stack: Some(stack),
                    told: false,
                };
                self.arriving.insert(user, a);
            }
        }
    }
}
