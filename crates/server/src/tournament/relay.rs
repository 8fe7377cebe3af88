//! Between a tournament's coordinator and its tables: the coordinator speaks of the event —
//! open table 2, seat Ada there with 5,000, move Bo from table 1 seat 3 to table 0 seat 5, deal
//! hand 14 at table 0 — and a table core understands orders for itself alone — seat this member
//! with this stack, remove that one, you may deal one hand. The [`Relay`] turns the first into
//! the second and each table's [`Report`]s back into the coordinator's [`Input`]s. Pure, like
//! the two cores it joins: orders and reports in, [`Relayed`] out.
//!
//! What it keeps, and why:
//! - a move is two orders at two tables: the player leaves the first (between hands, with
//!   the stack the table gives back) and only then sits at the second with that stack;
//! - a table deals only once every player the coordinator seated there for that hand has sat
//!   down, so that the hand it reports holds the players and stacks the coordinator expects —
//!   and a player whose chips grew between hands (a rebuy, an add-on) is given them first;
//! - a table numbers its hands itself and may void one (a takeover): its report is answered
//!   with the number of the coordinator's deal it was permitted by, and kept until the
//!   coordinator says it is recorded, to be given again to a coordinator that took over;
//! - a table taken over by a new owner is restored as it was last saved: seats given since
//!   are given again, the level and a permission not used up too.
//! - a table restored from a save older than the tournament's log may seat a player busted or
//!   moved since (the removal was lost with the node that held it): anybody the table seats
//!   that the coordinator's deal does not is removed before the table may deal, and anybody it
//!   seats at another seat than the deal (a redraw lost with the save) is seated again there.

use std::collections::BTreeMap;

use tavolo_engine::Chips;
use tavolo_store::UserId;

mod desk;

use desk::{Arriving, Desk};

use super::io::{HandOver as CoordHandOver, Input, Order};
use crate::books::Member;
use crate::table::core::{LevelOrder, Order as TableOrder, Permit, Report};

/// What the relay asks its shell to do.
#[derive(Clone, Debug)]
pub enum Relayed {
    /// Open tournament table `table` with `seats` seats (or find it again, taken over).
    Open {
        /// The coordinator's number of the table.
        table: usize,
        /// Its seats.
        seats: usize,
    },
    /// Give table `table` an order.
    Table(usize, TableOrder),
    /// Give the coordinator an input.
    Coordinator(Input),
}

/// The relay between one coordinator and its tables (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Relay {
    desks: BTreeMap<usize, Desk>,
    members: BTreeMap<UserId, Member>,
    level: Option<LevelOrder>,
    out: Vec<Relayed>,
}

impl Relay {
    /// A relay that knows no table yet.
    pub fn new() -> Relay {
        Relay::default()
    }

    /// The coordinator's `order`, turned into what the tables must do.
    pub fn order(&mut self, order: Order) -> Vec<Relayed> {
        match order {
            Order::Open { table, seats } => self.open(table, seats),
            Order::Seat {
                table,
                seat,
                player,
                stack,
            } => self.seat(table, seat, player, stack),
            Order::Move { player, from, to } => self.move_player(player, from.0, to),
            Order::Remove { table, player } => {
                if let Some(d) =
                    (self.desks.get_mut(&table)).filter(|d| d.seated.contains_key(&player))
                {
                    d.removing.insert(player);
                    self.tell(table, TableOrder::Remove { player });
                }
            }
            Order::Level { level, blinds } => {
                let number = u32::try_from(level).unwrap_or(u32::MAX);
                let l = LevelOrder {
                    number,
                    level: blinds,
                    next_level_ms: None,
                };
                self.level = Some(l);
                let open: Vec<usize> = (self.desks.iter())
                    .filter(|(_, d)| !d.closed)
                    .map(|(t, _)| *t)
                    .collect();
                for t in open {
                    self.tell(t, TableOrder::Level(l));
                }
            }
            Order::Deal {
                table,
                hand,
                players,
                ..
            } => self.deal(table, hand, &players),
            Order::Hold { table } => {
                if let Some(d) = self.desks.get_mut(&table) {
                    d.deal = None;
                    d.permitted = false;
                    self.tell(table, TableOrder::Deal(Permit::Hold));
                }
            }
            // Every hand is dealt by its own order: hand-for-hand needs nothing more here.
            Order::HandForHand(_) => {}
            Order::Recorded { table, hand } => {
                if let Some(d) = self.desks.get_mut(&table) {
                    if d.unrecorded.as_ref().is_some_and(|(_, r)| r.hand == hand) {
                        d.unrecorded = None;
                    }
                }
            }
            Order::Close { table } => {
                if let Some(d) = self.desks.get_mut(&table) {
                    if !d.closed {
                        d.closed = true;
                        d.deal = None;
                        self.tell(table, TableOrder::Close);
                    }
                }
            }
        }
        std::mem::take(&mut self.out)
    }

    /// Table `table`'s `report`, turned into what the coordinator must hear and what the other
    /// tables must do.
    pub fn report(&mut self, table: usize, report: Report) -> Vec<Relayed> {
        match report {
            Report::Seated { player, seat } => self.sat_down(table, player, seat),
            Report::Removed { player, stack } => self.removed(table, player, stack),
            Report::HandOver(h) => self.hand_over(table, h),
            Report::Restored { seats, .. } => self.restored(table, seats),
            Report::Refused { order, why } => {
                tracing::error!(table, order, why, "a tournament table refused an order");
            }
        }
        std::mem::take(&mut self.out)
    }

    /// Every report a coordinator has not recorded yet, for a coordinator that took over (it
    /// may never have heard them; one it had changes nothing).
    pub fn unrecorded(&self) -> Vec<Relayed> {
        (self.desks.values())
            .filter_map(|d| d.unrecorded.as_ref())
            .map(|(_, r)| Relayed::Coordinator(Input::HandOver(r.clone())))
            .collect()
    }

    /// The members the coordinator knows (a relay made again after a takeover learns them from
    /// the restored coordinator, to seat a moved player).
    pub fn know<'a>(&mut self, members: impl IntoIterator<Item = &'a Member>) {
        for m in members {
            self.members.insert(m.id, m.clone());
        }
    }

    /// Table `table` was opened again from the books (this node took it over): it deals only
    /// once it has told what it restored.
    pub fn restoring(&mut self, table: usize) {
        self.desks.entry(table).or_default().restoring = true;
    }

    /// Whether table `table` is open (not told to close).
    pub fn is_open(&self, table: usize) -> bool {
        self.desk(table).is_some_and(|d| !d.closed)
    }

    /// The players sitting at table `table` by its reports: seat, who, stack.
    pub fn seated(&self, table: usize) -> Vec<(usize, UserId, Chips)> {
        let Some(d) = self.desk(table) else {
            return Vec::new();
        };
        let mut v: Vec<_> = (d.seated.iter()).map(|(u, (s, c))| (*s, *u, *c)).collect();
        v.sort();
        v
    }

    fn desk(&self, table: usize) -> Option<&Desk> {
        self.desks.get(&table)
    }

    fn tell(&mut self, table: usize, order: TableOrder) {
        self.out.push(Relayed::Table(table, order));
    }

    fn open(&mut self, table: usize, seats: usize) {
        let fresh = !self.desks.contains_key(&table);
        let d = self.desks.entry(table).or_default();
        d.seats = seats;
        d.closed = false;
        self.out.push(Relayed::Open { table, seats });
        if fresh {
            if let Some(l) = self.level {
                self.tell(table, TableOrder::Level(l));
            }
        }
    }

    fn seat(&mut self, table: usize, seat: usize, player: Member, stack: Chips) {
        let id = player.id;
        self.members.insert(id, player.clone());
        let Some(d) = self.desks.get_mut(&table) else {
            tracing::error!(table, "a seat at a table never opened");
            return;
        };
        if d.seated.get(&id).is_some_and(|(s, _)| *s == seat) {
            return; // given again by a coordinator that took over: already there
        }
        d.arriving.insert(
            id,
            Arriving {
                seat,
                stack: Some(stack),
                told: false,
            },
        );
        self.seat_arrivals(table);
    }

    /// Gives table `table` the seat orders of the players arriving there whose stack is known
    /// and whose seat is free (a busted player leaves it at the end of their hand).
    fn seat_arrivals(&mut self, table: usize) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        let taken: Vec<usize> = d.seated.values().map(|(s, _)| *s).collect();
        let mut orders = Vec::new();
        for (u, a) in d.arriving.iter_mut() {
            let (Some(stack), false) = (a.stack, a.told) else {
                continue;
            };
            let Some(m) = self.members.get(u) else {
                continue;
            };
            if taken.contains(&a.seat) {
                continue;
            }
            a.told = true;
            orders.push(TableOrder::Seat {
                player: m.clone(),
                seat: a.seat,
                stack,
            });
        }
        for o in orders {
            self.tell(table, o);
        }
    }

    fn move_player(&mut self, player: UserId, from: usize, to: (usize, usize)) {
        let there = |d: &Desk| d.seated.get(&player).is_some_and(|(s, _)| *s == to.1);
        if from != to.0 && self.desk(to.0).is_some_and(there) {
            return; // already moved (given again by a coordinator that took over)
        }
        let Some(d) = self.desks.get_mut(&from) else {
            tracing::error!(table = from, "a move from a table never opened");
            return;
        };
        d.leaving.insert(player, to);
        let here = d.seated.contains_key(&player);
        if let Some(dest) = self.desks.get_mut(&to.0) {
            dest.arriving.insert(
                player,
                Arriving {
                    seat: to.1,
                    stack: None,
                    told: false,
                },
            );
        }
        if here {
            self.tell(from, TableOrder::Remove { player });
        }
    }

    fn deal(&mut self, table: usize, hand: u64, players: &[(usize, UserId, Chips)]) {
        let Some(d) = self.desks.get_mut(&table) else {
            tracing::error!(table, "a deal at a table never opened");
            return;
        };
        if d.deal == Some(hand) && d.permitted {
            return; // given again by a coordinator that took over
        }
        // Given again by a coordinator that took over before it heard the hand's report: the
        // report, not a second hand.
        if let Some((_, r)) = d.unrecorded.as_ref().filter(|(_, r)| r.hand == hand) {
            let again = Input::HandOver(r.clone());
            self.out.push(Relayed::Coordinator(again));
            return;
        }
        d.deal = Some(hand);
        d.permitted = false;
        d.deal_players = players.iter().map(|(s, u, c)| (*u, (*s, *c))).collect();
        // A table being restored learns who sits there first.
        if !d.restoring {
            d.seat_the_missing();
        }
        self.remove_strays(table);
        self.seat_arrivals(table);
        self.permit_if_ready(table);
    }

    /// Lets table `table` deal its coordinator's hand once everybody ordered there sat down.
    fn permit_if_ready(&mut self, table: usize) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        if d.deal.is_some() && !d.permitted && d.arriving.is_empty() && !d.closed && !d.restoring {
            d.permitted = true;
            // The tournament's count stands where the table's differs (a rebuy, an add-on, a
            // chip race since the table's last hand): told before the permission, in order.
            let mut restack = Vec::new();
            for (u, (_, stack)) in &d.deal_players {
                if let Some(s) = d.seated.get_mut(u).filter(|s| s.1 != *stack) {
                    s.1 = *stack;
                    restack.push(TableOrder::Stack {
                        player: *u,
                        stack: *stack,
                    });
                }
            }
            for o in restack {
                self.tell(table, o);
            }
            self.tell(table, TableOrder::Deal(Permit::Next));
        }
    }

    /// Tells table `table` to remove the players it seats that the tournament does not, and
    /// those it seats elsewhere than the tournament (to be seated again where it deals them).
    fn remove_strays(&mut self, table: usize) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        const STRAY: &str = "a player the table seats and the tournament does not is removed";
        const MISPLACED: &str = "a player the table seats elsewhere than the tournament moves";
        let strays = d.strays().into_iter().map(|p| (p, STRAY));
        let misplaced = d.misplaced(table).into_iter().map(|p| (p, MISPLACED));
        let gone: Vec<_> = strays.chain(misplaced).collect();
        for (player, why) in gone {
            tracing::warn!(table, player = player.0, "{why}");
            self.tell(table, TableOrder::Remove { player });
        }
    }

    fn sat_down(&mut self, table: usize, player: UserId, seat: usize) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        let stack = d.arriving.remove(&player).and_then(|a| a.stack);
        d.seated
            .insert(player, (seat, stack.unwrap_or(Chips::ZERO)));
        // Moved on while the seat order was on its way: off again before the table may deal.
        if d.leaving.contains_key(&player) {
            self.tell(table, TableOrder::Remove { player });
        }
        self.permit_if_ready(table);
    }

    fn removed(&mut self, table: usize, player: UserId, stack: Chips) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        d.seated.remove(&player);
        d.removing.remove(&player);
        let moving = d.leaving.remove(&player);
        // The seat freed may be the one a player arriving here waits for.
        self.seat_arrivals(table);
        let Some((mut to, mut seat)) = moving else {
            return; // busted: nothing follows
        };
        // Moved on again before sitting down there (a broken table's player, then balancing):
        // straight to the table the coordinator named last, never seated on the way.
        while let Some(next) = (self.desks.get_mut(&to)).and_then(|d| {
            let next = d.leaving.remove(&player)?;
            d.arriving.remove(&player);
            Some(next)
        }) {
            (to, seat) = next;
        }
        if let Some(dest) = self.desks.get_mut(&to) {
            dest.arriving.insert(
                player,
                Arriving {
                    seat,
                    stack: Some(stack),
                    told: false,
                },
            );
        }
        self.seat_arrivals(to);
    }

    fn hand_over(&mut self, table: usize, h: crate::table::core::HandOver) {
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        if d.last_reported != Some(h.id) {
            for (p, c) in &h.ended {
                if let Some(s) = d.seated.get_mut(p) {
                    s.1 = *c;
                }
            }
        }
        let repeat = d.last_reported == Some(h.id);
        d.last_reported = Some(h.id);
        // A table opened again tells its last hand before what it restored: the report of the
        // deal the coordinator waits for if it began with that deal's stacks.
        let awaited = d.permitted || d.restoring && d.deal_stacks_match(&h.began);
        let report = match d.deal.take() {
            Some(hand) if awaited && !repeat => {
                d.permitted = false;
                let r = CoordHandOver {
                    table,
                    hand,
                    began: h.began,
                    ended: h.ended,
                };
                d.unrecorded = Some((h.id, r.clone()));
                r
            }
            other => {
                d.deal = other;
                // A hand told again after a takeover: given again if not recorded yet.
                match &d.unrecorded {
                    Some((id, r)) if *id == h.id => r.clone(),
                    _ => return,
                }
            }
        };
        self.out.push(Relayed::Coordinator(Input::HandOver(report)));
    }

    /// Table `table` was taken over and restored as last saved: what it lost is given again.
    fn restored(&mut self, table: usize, seats: Vec<(UserId, usize, Chips)>) {
        let level = self.level;
        let Some(d) = self.desks.get_mut(&table) else {
            return;
        };
        // A table this relay opened again from the books knew nothing before: the seats
        // restored are the truth. A table it knew, taken over: what changed since its save is
        // given again.
        let fresh = std::mem::take(&mut d.restoring);
        // Closed since its save (the close lost with it): closed again, seating nobody the
        // tournament knows of. (A table this relay opened again heard its close already.)
        if d.closed && !fresh {
            d.seated.clear();
            d.arriving.clear();
            self.tell(table, TableOrder::Close);
            return;
        }
        let before = std::mem::take(&mut d.seated);
        // Removals told since the save were lost with it: told again below.
        d.removing.clear();
        d.seated = (seats.iter()).map(|(u, s, c)| (*u, (*s, *c))).collect();
        // Seated since the save: seated again with the stack they had.
        for (u, (seat, stack)) in &before {
            if !d.seated.contains_key(u) && !d.leaving.contains_key(u) {
                let a = Arriving {
                    seat: *seat,
                    stack: Some(*stack),
                    told: false,
                };
                d.arriving.insert(*u, a);
            }
        }
        // A hand permitted and not reported was voided: permitted again below, once everybody
        // is seated (a table taken over holds until this go, whatever its save kept).
        d.permitted = false;
        // Players seated since the save are told again; those whose seat order is not in it
        // too; and anybody the awaited hand is dealt to who sits nowhere.
        d.arriving.retain(|u, _| !d.seated.contains_key(u));
        for a in d.arriving.values_mut() {
            a.told = false;
        }
        d.seat_the_missing();
        let mut again = Vec::new();
        for u in d.seated.keys() {
            // Told to leave, or gone since the save (busted, or moved and seated elsewhere).
            let gone = !fresh && !before.contains_key(u) && !d.arriving.contains_key(u);
            if d.leaving.contains_key(u) || gone {
                again.push(TableOrder::Remove { player: *u });
            }
            if gone && !d.leaving.contains_key(u) {
                d.removing.insert(*u);
            }
        }
        if let Some(l) = level {
            self.tell(table, TableOrder::Level(l));
        }
        for o in again {
            self.tell(table, o);
        }
        self.remove_strays(table);
        self.seat_arrivals(table);
        self.permit_if_ready(table);
    }
}
