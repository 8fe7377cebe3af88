//! Deterministic simulation of sit-and-goes (2 to 27 players, tables of 6, 9 or 10): one seed
//! drives every member's intent (registering, withdrawing, some without the chips), every
//! answer of the books (late, out of order, failed with nothing recorded, recorded with the
//! answer lost), the tables' hands (random results, reports sent twice, reports that make
//! chips), the clock, and crashes — the coordinator dropped, the writes in flight landing or
//! not, and another owner restoring the newest save at the next epoch. After every step it
//! checks the money and what was said; at the end, with the faults over, the tournament must
//! finish with one winner, every entry placed once and the pool empty.
//!
//! - `cargo test -p tavolo-server --test it tournament::simulation` runs the default (in CI).
//! - `TAVOLO_TOURNAMENT_RUNS=20000 cargo test --release -p tavolo-server --test it
//!   tournament::simulation::runs -- --nocapture` is a long run (`TAVOLO_TOURNAMENT_FIRST`:
//!   the first seed).
//! - `TAVOLO_TOURNAMENT_SEED=N cargo test -p tavolo-server --test it
//!   tournament::simulation::replay -- --nocapture` replays seed N.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{Phase, Start};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, Input, Intent, Notice, Step};
use tavolo_store::{PoolMove, UserId};

use super::bench::{hand_result, sit_and_go, Bench, ID, START_MS};
use crate::core::seeds::{env, failed, run_seeds, Tally};

/// Steps with faults before the tournament is played out.
const FAULTY_STEPS: usize = 1_500;

/// What one run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Steps taken and faults injected.
    pub tally: Tally,
    /// Entries in the tournament.
    pub players: usize,
    /// Rebuys booked.
    pub rebuys: usize,
    /// Tournaments called off.
    pub cancelled: usize,
}

struct World {
    rng: GameRng,
    b: Bench,
    report: Report,
    /// What each intent was: the member and the intent.
    asked: BTreeMap<u64, (usize, Intent)>,
    /// Answers and notices checked so far.
    answers_seen: BTreeSet<u64>,
    notices_seen: usize,
    /// The place each player was told.
    told: BTreeMap<UserId, BTreeSet<usize>>,
    /// A sit-and-go (else a scheduled tournament).
    sng: bool,
}

fn key(what: &str, u: UserId, n: impl std::fmt::Display) -> String {
    format!("tournament:{ID}:{what}:{}:{n}", u.0)
}

impl World {
    fn fault(&mut self, kind: &'static str) {
        self.report.tally.fault(kind);
    }

    fn step(&mut self) -> Result<(), String> {
        let n = self.b.members.len() as u32;
        let k = self.rng.below(40);
        match k {
            0..=3 => {
                let i = self.rng.below(n) as usize;
                let r = self.b.intent(i, Intent::Register);
                self.asked.insert(r, (i, Intent::Register));
            }
            4 | 30 => {
                let intent = if k == 4 {
                    Intent::Unregister
                } else {
                    Intent::Rebuy
                };
                let i = self.rng.below(n) as usize;
                let r = self.b.intent(i, intent);
                self.asked.insert(r, (i, intent));
            }
            5..=16 => self.answer(),
            17..=29 => {
                let dealing = self.b.dealing();
                if !dealing.is_empty() {
                    let t = dealing[self.rng.below(dealing.len() as u32) as usize];
                    self.b.play(t, &mut self.rng);
                }
            }
            31 => self.bad_report()?,
            32..=37 => {
                let ms = self.rng.below(90_000) as u64;
                self.b.advance(Duration::from_millis(ms));
            }
            38 if self.rng.below(4) == 0 => {
                self.fault("crash");
                let rng = &mut self.rng;
                self.b.crash(|| rng.below(2) == 0);
                self.after_restore()?;
            }
            _ => self.b.send(Input::Tick),
        }
        Ok(())
    }

    /// The books answer a random write: recorded, failed (nothing recorded) or recorded with the
    /// answer lost.
    fn answer(&mut self) {
        let len = self.b.writes.len();
        if len == 0 {
            return;
        }
        let k = self.rng.below(len as u32) as usize;
        let Some((id, w)) = self.b.writes.remove(k) else {
            return;
        };
        match self.rng.below(10) {
            0 => {
                self.fault("write failed");
                self.b.books.ledger.down = true;
            }
            1 => {
                self.fault("answer lost");
                self.b.books.ledger.answers_lost = true;
            }
            _ => {}
        }
        let answer = self.b.books.execute(&w);
        (self.b.books.ledger.down, self.b.books.ledger.answers_lost) = (false, false);
        self.b.send(Input::Booked(id, answer));
    }

    /// A report that makes a chip is refused and changes nothing.
    fn bad_report(&mut self) -> Result<(), String> {
        let Some(t) = self.b.dealing().first().copied() else {
            return Ok(());
        };
        let Some((hand, players)) = self.b.tables.get(&t).and_then(|x| x.deal.clone()) else {
            return Ok(());
        };
        let mut r = hand_result(t, hand, &players, &mut self.rng.clone());
        r.ended[0].1 = Chips::new(r.ended[0].1.get() + 1);
        let (log, stacks) = (
            self.b.core.steps(),
            self.b.core.tournament().stacks().clone(),
        );
        let refused = self.b.refused.len();
        self.b.send(Input::HandOver(r));
        self.fault("bad report");
        if self.b.refused.len() != refused + 1
            || self.b.core.steps() != log
            || self.b.core.tournament().stacks() != &stacks
        {
            return Err("a report that made a chip was not refused, or changed something".into());
        }
        Ok(())
    }

    /// After a takeover: every place told is the restored tournament's.
    fn after_restore(&mut self) -> Result<(), String> {
        let t = self.b.core.tournament();
        let places: BTreeSet<(UserId, usize)> = t.places().map(|p| (p.player, p.place)).collect();
        for (u, told) in &self.told {
            if let Some(place) = told.iter().find(|p| !places.contains(&(*u, **p))) {
                return Err(format!(
                    "user {} was told place {place}, the restored tournament has not",
                    u.0
                ));
            }
        }
        Ok(())
    }

    fn check(&mut self) -> Result<(), String> {
        let books = &self.b.books;
        let total = books.ledger.total();
        if total != 0 {
            return Err(format!("the ledger sums to {total}"));
        }
        if let Some(v) = books.ledger.violations.first() {
            return Err(format!("the books saw: {v}"));
        }
        if let Some(p) = self.b.core.problems().first() {
            return Err(format!("the coordinator saw: {p}"));
        }
        for step in books.log.iter().chain(self.b.core.unsaved()) {
            let booked = match step {
                Step::Entered { member, n, .. } => key("entry", member.id, n),
                Step::RebuyBooked { member, k } => key("rebuy", member.id, k),
                _ => continue,
            };
            if !books.has(&booked) {
                return Err(format!("{step:?} logged, {booked} not booked"));
            }
        }
        self.check_pool()?;
        self.check_said()?;
        let books = &self.b.books;
        let quiet = self.b.writes.is_empty() && self.b.core.pending().is_empty();
        if quiet {
            let paid = self.paid();
            let waiting = self.b.core.rebuys_waiting().len() as i64 * 100;
            let engine = self.b.core.tournament().pool().get() as i64 + waiting;
            if books.pool() != engine - paid {
                return Err(format!(
                    "the pool holds {}, the tournament's is {engine} less {paid} paid",
                    books.pool()
                ));
            }
        }
        Ok(())
    }

    /// Prizes the books paid.
    fn paid(&self) -> i64 {
        self.pool_legs(PoolMove::Prize.kind())
    }

    /// The pool's legs in journals of `kind`, as chips moved (positive).
    fn pool_legs(&self, kind: &str) -> i64 {
        let pool = format!("tournament:{ID}");
        (self.b.books.ledger.journals.values())
            .filter(|(k, _)| k == kind)
            .flat_map(|(_, legs)| legs.iter().filter(|(a, _)| *a == pool))
            .map(|(_, x)| x.abs())
            .sum()
    }

    /// The pool is what charges brought less refunds and prizes, and never below zero.
    fn check_pool(&self) -> Result<(), String> {
        let pool = self.b.books.pool();
        let charged =
            self.pool_legs(PoolMove::Entry.kind()) + self.pool_legs(PoolMove::Rebuy.kind());
        let refunded = self.pool_legs(PoolMove::Refund.kind());
        let expected = charged - refunded - self.paid();
        if pool != expected || pool < 0 {
            return Err(format!(
                "the pool holds {pool}: charges {charged} − refunds {refunded} − prizes {} = {expected}",
                self.paid()
            ));
        }
        Ok(())
    }

    /// Nothing said done that the books did not record; nobody told two places.
    fn check_said(&mut self) -> Result<(), String> {
        let fresh: Vec<(u64, Result<Ack, _>)> = (self.b.answers.iter())
            .filter(|(r, _)| !self.answers_seen.contains(r))
            .map(|(r, a)| (*r, a.clone()))
            .collect();
        for (r, a) in fresh {
            self.answers_seen.insert(r);
            let Some((i, _)) = self.asked.get(&r) else {
                continue;
            };
            let u = self.b.member(*i).id;
            let missing = match a {
                Ok(Ack::Registered { entry }) => Some(key("entry", u, entry)),
                Ok(Ack::Unregistered { .. }) => self.no_journal("refund:entry", u),
                Ok(Ack::RebuyBooked) => self.no_journal("rebuy", u),
                _ => None,
            };
            if let Some(k) = missing.filter(|k| !self.b.books.has(k)) {
                return Err(format!(
                    "intent {r} answered {a:?}, but the books have no {k}"
                ));
            }
        }
        for (u, notice) in self.b.notices[self.notices_seen..].iter().cloned() {
            let needed = match notice {
                Notice::Entered { entry } => Some(key("entry", u, entry)),
                Notice::Rebought { .. } => self.no_journal("rebuy", u),
                Notice::Paid { place, .. } => {
                    Some(format!("tournament:{ID}:prize:{place}:{}", u.0))
                }
                Notice::Busted { place, .. } => {
                    let told = self.told.entry(u).or_default();
                    told.insert(place);
                    if self.sng && told.len() > 1 {
                        return Err(format!("user {} told two places: {told:?}", u.0));
                    }
                    None
                }
                _ => None,
            };
            if let Some(k) = needed.filter(|k| !self.b.books.has(k)) {
                return Err(format!(
                    "user {} told {notice:?}, but the books have no {k}",
                    u.0
                ));
            }
        }
        self.notices_seen = self.b.notices.len();
        Ok(())
    }

    /// `Some(prefix)` when the books have no journal of `what` for `u`.
    fn no_journal(&self, what: &str, u: UserId) -> Option<String> {
        let prefix = format!("tournament:{ID}:{what}:{}:", u.0);
        let any = (self.b.books.ledger.journals.keys()).any(|k| k.starts_with(&prefix));
        (!any).then_some(prefix)
    }

    /// The faults over: the rest register, the tables play, and it ends as it must.
    fn finish(&mut self) -> Result<(), String> {
        self.b.settle();
        for i in 0..self.b.members.len() {
            if !self.sng || self.b.core.tournament().phase() != Phase::Registering {
                break;
            }
            let r = self.b.intent(i, Intent::Register);
            self.asked.insert(r, (i, Intent::Register));
            self.b.settle();
            self.check()?;
        }
        self.b.play_out(&mut self.rng);
        self.check()?;
        let t = self.b.core.tournament();
        self.report.players = t.entries();
        self.report.cancelled = usize::from(t.phase() == Phase::Cancelled);
        self.report.rebuys = (self.b.books.ledger.journals.values())
            .filter(|(k, _)| k == PoolMove::Rebuy.kind())
            .count();
        let placed: Vec<_> = t.places().collect();
        let winners = placed.iter().filter(|p| p.place == 1).count();
        match t.phase() {
            Phase::Finished if winners == 1 && placed.len() == t.entries() => {}
            Phase::Cancelled if placed.is_empty() => {}
            p => {
                return Err(format!(
                    "{p:?} with {winners} winners, {} places for {} entries",
                    placed.len(),
                    t.entries()
                ))
            }
        }
        let charged =
            self.pool_legs(PoolMove::Entry.kind()) + self.pool_legs(PoolMove::Rebuy.kind());
        let refunded = self.pool_legs(PoolMove::Refund.kind());
        if self.b.books.pool() != 0 || self.paid() != charged - refunded {
            return Err(format!(
                "the pool holds {}, {} paid of {charged} charged and {refunded} refunded",
                self.b.books.pool(),
                self.paid()
            ));
        }
        Ok(())
    }
}

/// One seed's tournament.
pub fn run(seed: u64) -> Result<Report, String> {
    let mut pick = GameRng::from_u64(seed ^ 0x7041);
    let players = 2 + pick.below(26) as usize;
    let seats = [6, 9, 10][pick.below(3) as usize];
    // a few without the chips for an entry; enough with them to fill the tournament
    let mut chips: Vec<i64> = (0..players + 4)
        .map(|_| if pick.below(8) == 0 { 50 } else { 1_000 })
        .collect();
    for c in chips.iter_mut().take(players) {
        *c = (*c).max(1_000);
    }
    pick.shuffle(&mut chips);
    // one in three scheduled: late registration, re-entries and rebuys
    let sng = seed % 3 != 0;
    let mut config = sit_and_go(players, seats);
    if !sng {
        config.start = Start::Scheduled {
            at_ms: START_MS + pick.below(20 * 60_000) as u64,
            late_until_level: 1 + pick.below(2) as usize,
            min_players: 2 + pick.below(players as u32 / 2 + 1) as usize,
        };
        (config.re_entry, config.rebuys) = (true, true);
    }
    let b = Bench::new(config, &chips, seed);
    let mut w = World {
        rng: GameRng::from_u64(seed),
        b,
        report: Report {
            players,
            ..Report::default()
        },
        asked: BTreeMap::new(),
        answers_seen: BTreeSet::new(),
        notices_seen: 0,
        told: BTreeMap::new(),
        sng,
    };
    for i in 0..FAULTY_STEPS {
        w.step().map_err(|e| format!("step {i}: {e}"))?;
        w.check().map_err(|e| format!("step {i}: {e}"))?;
        w.report.tally.steps += 1;
        if w.b.finished {
            break;
        }
    }
    w.finish().map_err(|e| format!("at the end: {e}"))?;
    Ok(w.report)
}

fn replay_command(seed: u64) -> String {
    format!("TAVOLO_TOURNAMENT_SEED={seed} cargo test -p tavolo-server --test it tournament::simulation::replay -- --nocapture")
}

/// Tournaments of the default run.
const RUNS: u64 = 300;

/// The default run: [`RUNS`] tournaments (more with `TAVOLO_TOURNAMENT_RUNS`), every invariant
/// checked after every step.
#[test]
fn runs() {
    let runs = env("TAVOLO_TOURNAMENT_RUNS", RUNS);
    let first = env("TAVOLO_TOURNAMENT_FIRST", 1);
    let started = std::time::Instant::now();
    let add = |total: &mut Report, r: Report| {
        total.tally += r.tally;
        total.players += r.players;
        total.rebuys += r.rebuys;
        total.cancelled += r.cancelled;
    };
    let (total, failures) = run_seeds(first, runs, run, add, replay_command);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "tournament simulation: {runs} tournaments ({} cancelled; {} entries, {} rebuys, {} faulty steps) in {secs:.1} s ({:.0}/s), faults {:?}",
        total.cancelled,
        total.players,
        total.rebuys,
        total.tally.steps,
        runs as f64 / secs.max(1e-9),
        total.tally.faults
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        total.tally.faults.get("crash").copied().unwrap_or(0) > 0,
        "crashes were injected"
    );
}

/// Replays one seed (`TAVOLO_TOURNAMENT_SEED`, 1 by default) with its report.
#[test]
fn replay() {
    let seed = env("TAVOLO_TOURNAMENT_SEED", 1);
    match run(seed) {
        Ok(r) => println!("seed {seed}: {r:?}"),
        Err(e) => panic!("{}", failed(seed, &e, &replay_command(seed))),
    }
}
