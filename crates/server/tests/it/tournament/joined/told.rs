//! What the coordinator told and paid, checked against the books after every step of the
//! joined simulation (issue 51: its writes lag, and it may be restored from a save older than
//! the steps it took). Nothing is acknowledged before it is durable: an entry is answered or
//! told only once its journal is recorded, a prize told only once paid, and a table is told to
//! deal a hand, to remove a busted player or that its report is recorded only once the books'
//! log holds that deal or that report. Nothing told is contradicted by a restart: each player's
//! place is told the same every time. Money is exact: only entries and prizes move the pool,
//! each entry charged once, each player paid at most once, the books balanced.

use std::collections::{BTreeMap, BTreeSet};

use tavolo_engine::game::Game;
use tavolo_server::tournament::{Ack, Notice, Order, Step};
use tavolo_store::{Account, UserId};

use super::Event;
use crate::core::books::SimBooks;
use crate::tournament::bench::ID;

/// What the checks have read already, and what it told them.
#[derive(Debug, Default)]
pub(super) struct Told {
    /// Orders and notices of the coordinator checked, steps of the books' log read.
    orders: usize,
    notices: usize,
    steps: usize,
    /// From the books' log: deals by table, reports by table and hand, busts by table.
    dealt: BTreeMap<usize, u64>,
    reported: BTreeSet<(usize, u64)>,
    busted: BTreeSet<(usize, UserId)>,
    /// Each player's place as told (out, or the winner).
    pub(super) places: BTreeMap<UserId, usize>,
}

/// The tournament's journals by what their key says (`entry:{user}:{n}`, `prize:{place}:{user}`)
/// and the pool's leg of each.
pub(super) fn pool_journals(books: &SimBooks) -> Vec<(String, i64)> {
    let journals = &books.journals;
    let prefix = format!("tournament:{ID}:");
    let pool = Account::Tournament(ID.into()).to_string();
    (journals.range(prefix.clone()..))
        .take_while(|(k, _)| k.starts_with(&prefix))
        .map(|(k, (_, legs))| {
            let leg = (legs.iter())
                .filter(|(a, _)| *a == pool)
                .map(|(_, v)| v)
                .sum();
            (k[prefix.len()..].to_string(), leg)
        })
        .collect()
}

impl Told {
    /// Reads the steps the books' log holds that it has not read yet.
    fn read(&mut self, log: &[Step]) {
        for s in &log[self.steps.min(log.len())..] {
            match s {
                Step::Dealt { table } => *self.dealt.entry(*table).or_default() += 1,
                Step::HandOver(r) => {
                    let r = &r.report;
                    self.reported.insert((r.table, r.hand));
                    let out = r.ended.iter().filter(|(_, c)| c.is_zero());
                    self.busted.extend(out.map(|(p, _)| (r.table, *p)));
                }
                _ => {}
            }
        }
        self.steps = log.len();
    }
}

impl<G: Game> Event<G> {
    /// The checks of the module documentation, on what happened since the last.
    pub(super) fn check_told(&mut self) {
        let seed = self.seed;
        let books = &self.coord.books;
        let journals = &books.ledger.journals;
        let key = |what: String| format!("tournament:{ID}:{what}");
        self.told.read(&books.log);
        for (reply, answer) in &self.coord.answers {
            if let (Ok(Ack::Registered { entry }), Some(u)) = (answer, self.replies.get(reply)) {
                let k = key(format!("entry:{}:{entry}", u.0));
                assert!(
                    journals.contains_key(&k),
                    "seed {seed}: {k} answered, not recorded"
                );
            }
        }
        for (u, n) in &self.coord.notices[self.told.notices..] {
            match n {
                Notice::Entered { entry } => {
                    let k = key(format!("entry:{}:{entry}", u.0));
                    assert!(
                        journals.contains_key(&k),
                        "seed {seed}: {k} told, not recorded"
                    );
                }
                Notice::Paid { place, .. } => {
                    let k = key(format!("prize:{place}:{}", u.0));
                    assert!(journals.contains_key(&k), "seed {seed}: {k} told, not paid");
                }
                Notice::Busted { place, .. } => {
                    let told = *self.told.places.entry(*u).or_insert(*place);
                    assert_eq!(told, *place, "seed {seed}: {u:?}'s place told otherwise");
                }
                _ => {}
            }
        }
        self.told.notices = self.coord.notices.len();
        for o in &self.coord.orders[self.told.orders..] {
            let t = &self.told;
            let durable = match o {
                Order::Deal { table, hand, .. } => t.dealt.get(table).is_some_and(|n| n >= hand),
                Order::Recorded { table, hand } => t.reported.contains(&(*table, *hand)),
                Order::Remove { table, player } => t.busted.contains(&(*table, *player)),
                _ => true,
            };
            assert!(
                durable,
                "seed {seed}: {o:?} told before the books held its cause"
            );
        }
        self.told.orders = self.coord.orders.len();
        self.check_money();
    }

    /// Money is exact: the books balance and saw nothing amiss, only entries and prizes move
    /// the pool (never below zero), one entry a player, at most one prize a player.
    fn check_money(&self) {
        let seed = self.seed;
        let ledger = &self.coord.books.ledger;
        assert!(
            ledger.violations.is_empty(),
            "seed {seed}: {:?}",
            ledger.violations
        );
        assert_eq!(ledger.total(), 0, "seed {seed}: the books balance");
        let (mut entries, mut prizes) = (BTreeSet::new(), BTreeSet::new());
        let mut pool = 0;
        for (what, leg) in pool_journals(ledger) {
            let parts: Vec<&str> = what.split(':').collect();
            let fresh = match parts[..] {
                ["entry", u, _] => entries.insert(u.to_string()),
                ["prize", _, u] => prizes.insert(u.to_string()),
                _ => {
                    panic!("seed {seed}: a movement of the pool that is no entry or prize: {what}")
                }
            };
            assert!(fresh, "seed {seed}: a second {what}");
            pool += leg;
        }
        assert_eq!(pool, self.coord.books.pool(), "seed {seed}: the pool");
        assert!(pool >= 0, "seed {seed}: the pool below zero");
    }
}
