//! A table as it survives its server: what another process needs to take the table over and
//! deal on (the seats with their stacks, resting state and missed hands, the waiting list and
//! where "the hand" was), taken as if the hand in play were voided, because that is what a
//! takeover does with it (RULES.md §2 Table; docs/scale-out.md).
//!
//! Pending seat-change requests are kept (in the order asked). What is deliberately not kept:
//! buy-ins and rebuys still being booked (the ledger's seat account says whether they landed),
//! and the table's random generator (a restored table draws seats with a fresh one).
//!
//! ```
//! use tavolo_cards::GameRng;
//! use tavolo_engine::table::{Table, TableRules};
//!
//! let rules = TableRules::points(4);
//! let mut t: Table<String> = Table::new(rules, GameRng::from_u64(1))?;
//! t.join("ada".to_string())?;
//! t.join("bo".to_string())?;
//! let saved = t.saved();
//! let back: Table<String> = Table::restore(rules, GameRng::from_u64(2), saved.clone())?;
//! assert_eq!(back.saved(), saved);
//! # Ok::<(), tavolo_engine::table::TableError>(())
//! ```

use std::fmt::Debug;

use serde::{Deserialize, Serialize};

use super::{Seat, SeatState, Spots, Table, TableError, TableRules};
use crate::tournament::Level;
use crate::Chips;
use tavolo_cards::GameRng;

/// One taken seat as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat<P> {
    /// The table seat.
    pub seat: usize,
    /// Who sits there.
    pub player: P,
    /// The stack (as dealt, if the player is in the hand in play; 0 in a points game).
    pub stack: Chips,
    /// Resting from the next hand on.
    pub sitting_out: bool,
    /// Consecutive hands missed.
    pub missed: u8,
    /// A tournament player not dealt in since seated (see [`super::Seat::arriving`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub arriving: bool,
}

/// A table as another process restores it ([`Table::saved`], [`Table::restore`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTable<P> {
    /// The taken seats, by seat number. A player leaving when the hand in play ends is not
    /// among them (a takeover voids that hand, so they have left); nor is one whose buy-in was
    /// still being booked.
    pub seats: Vec<SavedSeat<P>>,
    /// The waiting list, first first.
    pub waiting: Vec<P>,
    /// The table seat of "the hand" at the last deal.
    pub first: Option<usize>,
    /// Hands dealt so far.
    pub hands: u64,
    /// Chips in the pot for the next hand (those carried into the hand in play, if any).
    pub carried: Chips,
    /// Pending seat-change requests in the order asked: who (a saved seat's player), and the
    /// seat wanted (`None`: any other).
    #[serde(default = "Vec::new")]
    pub changes: Vec<(P, Option<usize>)>,
    /// A tournament table's level from the next hand on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// A tournament table's button and blinds at the last deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spots: Option<Spots>,
}

impl<P: Clone + PartialEq + Debug> Table<P> {
    /// The table as it would be were the hand in play voided: what a takeover restores.
    pub fn saved(&self) -> SavedTable<P> {
        let seats = self
            .seats()
            .filter(|(_, o)| !o.is_leaving() && !o.is_funding())
            .map(|(seat, o)| SavedSeat {
                seat,
                player: o.player.clone(),
                stack: o.stack,
                sitting_out: o.sitting_out,
                missed: o.missed,
                arriving: o.arriving,
            })
            .collect();
        SavedTable {
            seats,
            waiting: self.waiting.iter().cloned().collect(),
            first: self.first,
            hands: self.hands,
            carried: self.in_hand.as_ref().map_or(self.carried, |h| h.carried_in),
            changes: (self.changes.iter())
                .filter(|(p, _)| {
                    self.seat_of(p)
                        .and_then(|s| self.seat(s))
                        .is_some_and(|o| !o.is_leaving() && !o.is_funding())
                })
                .cloned()
                .collect(),
            level: self.level,
            spots: self.spots,
        }
    }

    /// A table with `rules` as `saved` describes it, between hands; `rng` draws seats from now
    /// on. Refuses a description that does not fit the rules: a seat out of range or taken
    /// twice, a player seated or listed twice, a stack at a table without stacks.
    pub fn restore(
        rules: TableRules,
        rng: GameRng,
        saved: SavedTable<P>,
    ) -> Result<Table<P>, TableError> {
        let mut t = Table::new(rules, rng)?;
        for s in saved.seats {
            if s.seat >= rules.seats {
                return Err(TableError::NoSuchSeat {
                    seat: s.seat,
                    seats: rules.seats,
                });
            }
            if t.seat(s.seat).is_some() {
                return Err(TableError::Config("a saved table has a seat taken twice"));
            }
            if t.is_here(&s.player) {
                return Err(TableError::AlreadyHere);
            }
            if s.stack > 0 && !rules.has_stacks() {
                return Err(TableError::Config("a saved points table has a stack"));
            }
            t.seats[s.seat] = Some(Seat {
                player: s.player,
                stack: s.stack,
                state: SeatState::Seated,
                sitting_out: s.sitting_out,
                missed: s.missed,
                arriving: s.arriving,
            });
        }
        for p in saved.waiting {
            if t.is_here(&p) {
                return Err(TableError::AlreadyHere);
            }
            t.waiting.push_back(p);
        }
        if saved.first.is_some_and(|f| f >= rules.seats) {
            return Err(TableError::Config(
                "a saved table's first seat is out of range",
            ));
        }
        for (p, wanted) in saved.changes {
            let Some(s) = t.seat_of(&p) else {
                return Err(TableError::NotSeated);
            };
            if wanted.is_some_and(|w| w >= rules.seats || w == s)
                || t.changes.iter().any(|(q, _)| *q == p)
            {
                return Err(TableError::Config(
                    "a saved seat change is for no other seat, or asked twice",
                ));
            }
            t.changes.push_back((p, wanted));
        }
        t.first = saved.first;
        t.hands = saved.hands;
        t.carried = saved.carried;
        t.level = saved.level;
        t.spots = saved.spots.filter(|p| p.fits(rules.seats));
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Booking;

    fn funded(t: &mut Table<&'static str>, p: &'static str) {
        let change = t.join(p).expect("joins");
        for b in change.bookings {
            if let Booking::Fund { ticket, .. } = b {
                t.funded(ticket, true).expect("funded");
            }
        }
    }

    /// A six-seat cash table dealt from `seed`, with ada, bo and cy seated and funded.
    fn ada_bo_and_cy(seed: u64) -> (TableRules, Table<&'static str>) {
        let rules = TableRules::cash(6, 2, Chips::new(100), Chips::new(100));
        let mut t: Table<&str> = Table::new(rules, GameRng::from_u64(seed)).expect("table");
        for p in ["ada", "bo", "cy"] {
            funded(&mut t, p);
        }
        (rules, t)
    }

    #[test]
    fn a_table_saved_mid_hand_restores_as_if_the_hand_were_voided() {
        let (rules, mut t) = ada_bo_and_cy(7);
        t.sit_out(&"cy").expect("rests");
        let (start, _) = t.deal().expect("deals");
        t.leave(&"bo").expect("leaves at the hand's end");
        let saved = t.saved();
        let mut voided = t.clone();
        voided.void_hand().expect("voids");
        assert_eq!(saved, voided.saved(), "saved = what voiding leaves");
        assert!(saved.seats.iter().all(|s| s.player != "bo"));
        let back: Table<&str> =
            Table::restore(rules, GameRng::from_u64(8), saved.clone()).expect("restores");
        assert!(!back.in_hand());
        assert_eq!(back.saved(), saved);
        assert_eq!(back.hands_dealt(), start.number);
    }

    #[test]
    fn a_restored_table_deals_on_from_where_the_hand_was() {
        let (rules, mut t) = ada_bo_and_cy(3);
        let (first, _) = t.deal().expect("deals");
        let mut back: Table<&str> =
            Table::restore(rules, GameRng::from_u64(4), t.saved()).expect("restores");
        t.void_hand().expect("voids");
        let (a, _) = t.deal().expect("deals on");
        let (b, _) = back.deal().expect("the restored table deals on");
        assert_eq!((a.first, a.seats, a.number), (b.first, b.seats, b.number));
        assert_ne!(a.first, first.first, "\"the hand\" moved on");
    }

    #[test]
    fn pending_seat_changes_survive_a_takeover_in_the_order_asked() {
        let rules = TableRules::cash(4, 2, Chips::new(100), Chips::new(100));
        let mut t: Table<&str> = Table::new(rules, GameRng::from_u64(5)).expect("table");
        for p in ["ada", "bo", "cy", "di"] {
            funded(&mut t, p);
        }
        let (bo, cy) = (t.seat_of(&"bo"), t.seat_of(&"cy"));
        t.request_seat_change(&"cy", bo)
            .expect("cy asks for bo's seat");
        t.request_seat_change(&"ada", None)
            .expect("ada asks for any seat");
        let saved = t.saved();
        assert_eq!(saved.changes, vec![("cy", bo), ("ada", None)]);
        let mut back: Table<&str> =
            Table::restore(rules, GameRng::from_u64(6), saved.clone()).expect("restores");
        assert_eq!(back.saved(), saved);
        // bo leaves: cy, who asked first, takes the seat.
        back.leave(&"bo").expect("bo leaves");
        assert_eq!(back.seat_of(&"cy"), bo);
        assert_ne!(back.seat_of(&"cy"), cy);
    }

    #[test]
    fn a_saved_table_that_does_not_fit_the_rules_is_refused() {
        let rules = TableRules::cash(2, 2, Chips::new(100), Chips::new(100));
        let seat = |seat, player| SavedSeat {
            seat,
            player,
            stack: Chips::new(100),
            sitting_out: false,
            missed: 0,
            arriving: false,
        };
        let saved = |seats, waiting| SavedTable {
            seats,
            waiting,
            first: None,
            hands: 0,
            carried: Chips::ZERO,
            changes: Vec::new(),
            level: None,
            spots: None,
        };
        let restore = |s| Table::<&str>::restore(rules, GameRng::from_u64(1), s);
        assert!(matches!(
            restore(saved(vec![seat(2, "ada")], vec![])),
            Err(TableError::NoSuchSeat { seat: 2, seats: 2 })
        ));
        assert!(restore(saved(vec![seat(0, "ada"), seat(0, "bo")], vec![])).is_err());
        assert_eq!(
            restore(saved(vec![seat(0, "ada"), seat(1, "ada")], vec![])).err(),
            Some(TableError::AlreadyHere)
        );
        assert_eq!(
            restore(saved(vec![seat(0, "ada")], vec!["ada"])).err(),
            Some(TableError::AlreadyHere)
        );
        let points = Table::<&str>::restore(
            TableRules::points(4),
            GameRng::from_u64(1),
            saved(vec![seat(0, "ada")], vec![]),
        );
        assert!(points.is_err(), "a points table has no stacks");
    }
}
