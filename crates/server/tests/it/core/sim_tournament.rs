//! The seeded simulation's tournament coordinator: it drives a tournament table with random
//! orders (seat a player with tournament chips, remove one, the next level, deal one hand, deal
//! freely, hold) among the simulation's faults, and checks what a coordinator relies on after
//! every step:
//! - no room chip ever moves (the books' accounts are as they were; no write carries a leg);
//! - a hand is reported only once its record is durable (finished in the books), a report heard
//!   again (after a takeover) is the same, and each hand conserves the chips it was dealt;
//! - chips at the table are conserved hand to hand: each player is dealt the stack they were
//!   seated with or the last hand left them, and leaves with it.

use std::collections::{BTreeMap, BTreeSet};

use tavolo_cards::GameRng;
use tavolo_engine::game::Game;
use tavolo_engine::Chips;
use tavolo_server::books::Member;
use tavolo_server::table::core::{HandOver, Order, Permit, Report, Write};
use tavolo_store::UserId;

use super::bench::Bench;
use super::books::SimBooks;
use super::tournament::level;

/// What the simulated coordinator knows of its table.
pub struct Coordinator {
    /// The books' accounts when the tournament began: they never change.
    ledger: BTreeMap<String, i64>,
    /// Every hand reported, by its number at the table.
    hands: BTreeMap<u64, HandOver>,
    /// Each seated player's stack, as the reports tell it.
    stacks: BTreeMap<UserId, Chips>,
    /// Stacks of players ordered seated, until the table says it seated them.
    seating: BTreeMap<UserId, Chips>,
    /// Players never seated yet, to seat.
    spare: Vec<Member>,
    /// Reports of the current owner read so far.
    seen: usize,
    /// The table changed owner: its restored seats are awaited.
    replaced: bool,
    level: u32,
}

fn n(rng: &mut GameRng, below: u32) -> u32 {
    rng.below(below.max(1))
}

impl Coordinator {
    /// A coordinator for a table with `books` as they are, seating `players` at once (at random
    /// free seats, with random stacks) and keeping `spare` to seat later.
    pub fn start<G: Game>(
        t: &mut Bench<G>,
        books: &SimBooks,
        players: Vec<Member>,
        spare: Vec<Member>,
        rng: &mut GameRng,
    ) -> Coordinator {
        let mut c = Coordinator {
            ledger: books.accounts.clone(),
            hands: BTreeMap::new(),
            stacks: BTreeMap::new(),
            seating: BTreeMap::new(),
            spare,
            seen: 0,
            replaced: false,
            level: 1,
        };
        t.order(level(1, 50, 100, 0));
        for m in players {
            c.seat(t, m, rng);
        }
        c
    }

    /// Orders `m` seated at a random free seat with a random stack.
    fn seat<G: Game>(&mut self, t: &mut Bench<G>, m: Member, rng: &mut GameRng) {
        let seats = t.make.options.seats;
        let free: Vec<usize> = (0..seats)
            .filter(|&s| t.core.table().seat(s).is_none())
            .collect();
        let Some(&seat) = free.get(n(rng, free.len() as u32) as usize) else {
            self.spare.push(m);
            return;
        };
        let stack = Chips::new([500, 2_000, 10_000][n(rng, 3) as usize]);
        self.seating.insert(m.id, stack);
        t.order(Order::Seat {
            player: m,
            seat,
            stack,
        });
    }

    /// A random order.
    pub fn order<G: Game>(&mut self, t: &mut Bench<G>, rng: &mut GameRng) {
        match n(rng, 20) {
            0..=6 => t.order(Order::Deal(Permit::Next)),
            7..=9 => t.order(Order::Deal(Permit::Free)),
            10 => t.order(Order::Deal(Permit::Hold)),
            11..=12 => {
                self.level += 1;
                let big = 100 * u64::from(self.level);
                t.order(level(self.level, big / 2, big, big));
            }
            13..=16 => {
                // A busted player most often; sometimes anybody (moved to another table).
                let seated: Vec<(UserId, Chips)> = (t.core.table().seats())
                    .map(|(_, o)| (o.player.id, o.stack))
                    .collect();
                let busted: Vec<UserId> = (seated.iter())
                    .filter(|(_, s)| s.is_zero())
                    .map(|(u, _)| *u)
                    .collect();
                let pool: Vec<UserId> = if busted.is_empty() || n(rng, 3) == 0 {
                    seated.iter().map(|(u, _)| *u).collect()
                } else {
                    busted
                };
                if let Some(&player) = pool.get(n(rng, pool.len() as u32) as usize) {
                    t.order(Order::Remove { player });
                }
            }
            _ => {
                if !self.spare.is_empty() {
                    let m = self.spare.remove(n(rng, self.spare.len() as u32) as usize);
                    self.seat(t, m, rng);
                }
            }
        }
    }

    /// The table changed owner (a crash or a takeover): its reports start again.
    pub fn replaced(&mut self) {
        self.seen = 0;
        self.replaced = true;
    }

    /// Faults have stopped: the table may deal hand after hand.
    pub fn let_deal<G: Game>(&mut self, t: &mut Bench<G>) {
        t.order(Order::Deal(Permit::Free));
    }

    /// Reads the table's new reports and checks the invariants (see the module documentation).
    pub fn check<G: Game>(&mut self, t: &Bench<G>, books: &SimBooks) -> Result<(), String> {
        if books.accounts != self.ledger {
            return Err("room chips moved at a tournament table".into());
        }
        for (_, w) in t.core.pending_writes() {
            match w {
                Write::Move(j) => return Err(format!("a movement of room chips: {j:?}")),
                Write::Finish(_, f) if !f.journal.legs.is_empty() => {
                    return Err(format!("a tournament hand moving room chips: {f:?}"));
                }
                _ => {}
            }
        }
        let fresh: Vec<Report> = t.reports.iter().skip(self.seen).cloned().collect();
        self.seen = t.reports.len();
        let mut restored = false;
        for r in fresh {
            restored |= matches!(r, Report::Restored { .. });
            self.read(r, books)?;
        }
        if std::mem::take(&mut self.replaced) && !restored {
            // A table never saved is opened again empty.
            self.stacks.clear();
        }
        Ok(())
    }

    fn read(&mut self, r: Report, books: &SimBooks) -> Result<(), String> {
        match r {
            Report::HandOver(h) => self.hand_over(h, books)?,
            Report::Seated { player, .. } => {
                let stack = (self.seating.remove(&player))
                    .ok_or_else(|| format!("user {} seated unasked", player.0))?;
                self.stacks.insert(player, stack);
            }
            Report::Removed { player, stack } => {
                let known = self.stacks.remove(&player);
                if known.is_some_and(|k| k != stack) {
                    return Err(format!(
                        "user {} left with {stack}, the table was told {known:?}",
                        player.0
                    ));
                }
            }
            Report::Restored { seats, .. } => {
                self.stacks = seats.into_iter().map(|(u, _, c)| (u, c)).collect();
            }
            Report::Refused { .. } => {}
        }
        Ok(())
    }

    fn hand_over(&mut self, h: HandOver, books: &SimBooks) -> Result<(), String> {
        let status = books.hands.get(&h.id).map(|x| x.status);
        if status != Some("finished") {
            return Err(format!(
                "hand {} reported while the books hold it {status:?}",
                h.hand
            ));
        }
        if let Some(known) = self.hands.get(&h.hand) {
            return if *known == h {
                Ok(())
            } else {
                Err(format!("hand {} reported twice, differently", h.hand))
            };
        }
        let began: Chips = h.began.iter().map(|x| x.1).sum::<Chips>() + h.carried_in;
        let ended: Chips = h.ended.iter().map(|x| x.1).sum::<Chips>() + h.carried_out;
        if began != ended {
            return Err(format!(
                "hand {}: {began} chips dealt, {ended} left",
                h.hand
            ));
        }
        for (u, s) in &h.began {
            if let Some(k) = self.stacks.get(u).filter(|k| *k != s) {
                return Err(format!(
                    "hand {}: user {} dealt {s}, the last hand left them {k}",
                    h.hand, u.0
                ));
            }
        }
        for (u, s) in &h.ended {
            self.stacks.insert(*u, *s);
        }
        let players: BTreeSet<UserId> = h.began.iter().map(|x| x.0).collect();
        if players.len() != h.began.len() {
            return Err(format!("hand {}: a player dealt twice", h.hand));
        }
        self.hands.insert(h.hand, h);
        Ok(())
    }
}
