//! One tournament's coordinator with no I/O: [`Coordinator::handle`] takes an [`Input`] (a
//! member's intent, an answer of the books, a table's report of a hand, the time) and the time
//! it happens at, feeds the engine's [`Tournament`] and returns the [`Effect`]s to carry out —
//! writes for the books, orders for the tables, answers, notices. No tokio, no store, no
//! socket: the same coordinator runs under a shell in the room and under the deterministic
//! simulation in the tests. It sits between the members, the books and the tables: the engine
//! decides (seats, levels, balancing, places, prizes), the tables play the hands.
//!
//! Money (tournament chips are not room chips; only the prize pool is money, in the ledger's
//! [`tavolo_store::Account::Tournament`]):
//! - an entry, rebuy or add-on is charged before the engine hears of it: it is acknowledged only once
//!   its journal is recorded, and one the books refuse (an account short of chips) is answered
//!   with the reason and changes nothing; one the engine cannot take after all is refunded;
//! - refunds and prizes follow the engine's decisions, and stay pending until recorded;
//! - every key comes from durable facts (`saved`), so a write sent again after a lost answer
//!   or a crash is "already done", never done twice; a write that failed stays pending and is
//!   sent again unchanged, and is never shown as done.
//!
//! Surviving a takeover: every change is saved ([`SavedTournament`]: the seed, the log of
//! inputs the engine accepted, the movements pending; a save carries only the steps of the log
//! the books do not hold yet, and only those are kept here), and a movement travels with the
//! save made with it, in one transaction of the books, so no movement recorded is unknown to
//! the newest save. Orders and notices leave only once the save that holds their cause is
//! recorded: a new owner never contradicts what the tables were told. Writes carry the
//! [`Lease`] (the tournament and the owner's epoch), so a database lease can fence a stale
//! owner.

mod books;
mod deals;
mod error;
pub mod handle;
mod intents;
pub mod io;
mod notices;
mod relay;
pub mod saved;
mod shown;
mod steps;
pub mod swiss;
mod swiss_shown;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use tavolo_engine::tournament::{Config, Phase, Tournament};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use crate::books::Member;
use books::{Answered, Books};
pub use error::CoordError;
pub use io::{
    Ack, BookAnswer, BookFailure, Effect, HandOver, Input, Intent, Lease, Notice, Now, Order,
    ReplyId, TournamentSave, Write, WriteId,
};
pub use relay::{Relay, Relayed};
pub use saved::{Movement, Reported, SavedTournament, Step};
pub use shown::{Results, Shown};

/// What a coordinator is made from.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The tournament and the epoch this owner holds it at.
    pub lease: Lease,
    /// Its settings (the tournament's durable definition).
    pub config: Config,
    /// The committed seed of its draws.
    pub seed: [u8; 32],
}

/// One tournament's coordinator (see the module documentation).
pub struct Coordinator {
    lease: Lease,
    config: Config,
    seed: [u8; 32],
    engine: Tournament<UserId>,
    /// How many steps of the log the books hold (the newest save they recorded covers them),
    /// and the steps logged after them, oldest first: what the next save carries.
    stored: u64,
    unsaved: Vec<Step>,
    members: BTreeMap<UserId, Member>,
    /// Entry charges and rebuys recorded for each member (the next is numbered after them).
    entries: BTreeMap<UserId, u32>,
    rebuys: BTreeMap<UserId, u32>,
    /// Rebuys booked, waiting for their player's table to be between hands.
    rebuys_waiting: Vec<(Member, u32)>,
    /// Add-on charges recorded for each member, and those booked and waiting as rebuys do.
    add_ons: BTreeMap<UserId, u32>,
    add_ons_waiting: Vec<(Member, u32)>,
    /// The rebuys (false) and add-ons (true) the tournament took, by player and number.
    bought: BTreeMap<UserId, Vec<(bool, u32)>>,
    /// The operator called it off: no table deals again, and it is cancelled once none is in a
    /// hand.
    cancelling: bool,
    /// Per table: hands dealt, whether one is in play, whether it was told to hold, the save
    /// order its last report is recorded by, and that report.
    hands: Vec<u64>,
    dealing: Vec<bool>,
    holding: Vec<bool>,
    recorded_by: Vec<u64>,
    reports: Vec<Option<HandOver>>,
    open_tables: usize,
    prizes: Vec<Chips>,
    /// Places whose prize was decided, with their winner.
    prized: BTreeSet<(usize, UserId)>,
    /// The prizes decided, by player (paid once their movement is recorded).
    awarded: BTreeMap<UserId, Chips>,
    /// The shares of the deal made, by player, and what it kept back to play for.
    dealt: BTreeMap<UserId, Chips>,
    kept_back: Chips,
    books: Books,
    /// Movements decided in this step, written at its end with the save.
    fresh: Vec<(Movement, Option<ReplyId>)>,
    replies: BTreeMap<WriteId, ReplyId>,
    /// The order of the last save made, and of the newest the books recorded.
    seq: u64,
    durable: u64,
    /// The state changed since the last save.
    dirty: bool,
    /// Orders and notices waiting for the save of their cause (its order).
    held: Vec<(u64, Effect)>,
    /// Movements the books refused that they should never refuse (refunds, prizes).
    problems: Vec<String>,
    replaying: bool,
    stopped: bool,
    over: bool,
    now: Now,
    out: Vec<Effect>,
}

impl Coordinator {
    fn empty(setup: Setup, now: Now) -> Result<Coordinator, CoordError> {
        let engine = Tournament::new(setup.config.clone(), setup.seed)?;
        setup.config.entry().to_ledger().map_err(|_| {
            CoordError::Rules(tavolo_engine::tournament::TournamentError::Settings(
                "the entry is too large for the ledger".into(),
            ))
        })?;
        Ok(Coordinator {
            lease: setup.lease,
            config: setup.config,
            seed: setup.seed,
            engine,
            stored: 0,
            unsaved: Vec::new(),
            members: BTreeMap::new(),
            entries: BTreeMap::new(),
            rebuys: BTreeMap::new(),
            rebuys_waiting: Vec::new(),
            add_ons: BTreeMap::new(),
            add_ons_waiting: Vec::new(),
            bought: BTreeMap::new(),
            cancelling: false,
            hands: Vec::new(),
            dealing: Vec::new(),
            holding: Vec::new(),
            recorded_by: Vec::new(),
            reports: Vec::new(),
            open_tables: 0,
            prizes: Vec::new(),
            prized: BTreeSet::new(),
            awarded: BTreeMap::new(),
            dealt: BTreeMap::new(),
            kept_back: Chips::ZERO,
            books: Books::default(),
            fresh: Vec::new(),
            replies: BTreeMap::new(),
            seq: 0,
            durable: 0,
            dirty: false,
            held: Vec::new(),
            problems: Vec::new(),
            replaying: false,
            stopped: false,
            over: false,
            now,
            out: Vec::new(),
        })
    }

    /// A new tournament taking entries (saved with its first input); refused if its settings
    /// cannot be played.
    pub fn new(setup: Setup, now: Now) -> Result<Coordinator, CoordError> {
        let mut c = Coordinator::empty(setup, now)?;
        c.dirty = true;
        Ok(c)
    }

    /// The tournament another owner saved (`save`, the newest the books hold, after `held`, the
    /// steps of the log the books hold as rows: [`TournamentSave::from_rows`]), taken over under
    /// `setup`'s lease: the log replayed, the pending movements sent again with their keys, and
    /// every table told what it deals next. Refused if the log does not replay.
    pub fn restore(
        setup: Setup,
        held: Vec<Step>,
        save: TournamentSave,
        now: Now,
    ) -> Result<(Coordinator, Vec<Effect>), CoordError> {
        save.follows(&setup.seed, held.len())?;
        let mut c = Coordinator::empty(setup, now)?;
        (c.seq, c.durable) = (save.seq, save.seq);
        c.replaying = true;
        for (i, step) in held.into_iter().enumerate() {
            c.replay(i, step)?;
            c.unsaved.clear(); // held by the books: not kept
        }
        c.stored = save.from;
        for (i, step) in save.state.log.into_iter().enumerate() {
            c.replay(i + c.stored as usize, step)?;
        }
        c.replaying = false;
        c.fresh = save.state.pending.into_iter().map(|m| (m, None)).collect();
        c.dirty = true;
        c.resync_tables();
        let out = c.finish_step();
        Ok((c, out))
    }

    /// Step `i` of a saved log, applied again (an entry, rebuy or add-on may bounce again).
    fn replay(&mut self, i: usize, step: Step) -> Result<(), CoordError> {
        let bounced = matches!(
            step,
            Step::Entered { .. } | Step::Rebuy { .. } | Step::AddOn { .. }
        );
        match self.apply(step) {
            Err(e) if !bounced => Err(CoordError::Saved(format!("step {i} does not replay: {e}"))),
            _ => Ok(()),
        }
    }

    /// Handles one input at `now`; returns what to do.
    pub fn handle(&mut self, input: Input, now: Now) -> Vec<Effect> {
        self.now = now;
        if self.stopped {
            if let Input::Intent { reply, .. } = input {
                return vec![Effect::Answer(reply, Err(CoordError::Moved))];
            }
            return Vec::new();
        }
        match input {
            Input::Intent {
                member,
                intent,
                reply,
            } => self.intent(member, intent, reply),
            Input::Booked(id, answer) => self.booked(id, answer),
            Input::HandOver(report) => self.hand_over(report),
            Input::Tick => self.tick(),
            Input::Lost => self.lost(),
        }
        self.finish_step()
    }

    /// When the coordinator must be woken with [`Input::Tick`] at the latest to send a write
    /// again (the shell also ticks it once a second while it runs, for the clock).
    pub fn next_wake(&self) -> Option<Instant> {
        self.books.next_retry()
    }

    /// The time of the input handled last (ms since the Unix epoch).
    pub fn now_ms(&self) -> u64 {
        self.now.unix_ms
    }

    /// The members known from their entries, by user.
    pub fn members(&self) -> &BTreeMap<UserId, Member> {
        &self.members
    }

    /// The prizes paid, by player: decided, and their movement recorded by the books (not
    /// pending).
    pub fn paid(&self) -> BTreeMap<UserId, Chips> {
        let mut paid = self.awarded.clone();
        for m in self
            .books
            .movements()
            .map(|(_, m)| m)
            .chain(self.fresh.iter().map(|(m, _)| m))
        {
            if let Movement::Prize { member, amount, .. } | Movement::DealShare { member, amount } =
                m
            {
                if let Some(p) = paid.get_mut(&member.id) {
                    *p = p.minus_at_most(*amount);
                }
            }
        }
        paid.retain(|_, c| !c.is_zero());
        paid
    }

    /// The tournament's settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The engine's tournament, for reading.
    pub fn tournament(&self) -> &Tournament<UserId> {
        &self.engine
    }

    /// How many inputs the tournament accepted (the log's length).
    pub fn steps(&self) -> u64 {
        self.stored + self.unsaved.len() as u64
    }

    /// The inputs accepted that the books may not hold yet, oldest first (the log's end: the
    /// rest is in the books only).
    pub fn unsaved(&self) -> &[Step] {
        &self.unsaved
    }

    /// Movements the books refused that they should never refuse (a refund, a prize): the
    /// books and the tournament disagree. Empty while all is well.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The movements pending, oldest first.
    pub fn pending(&self) -> Vec<Movement> {
        self.books.movements().map(|(_, m)| m.clone()).collect()
    }

    /// Rebuys booked and waiting for their player's table to be between hands.
    pub fn rebuys_waiting(&self) -> &[(Member, u32)] {
        &self.rebuys_waiting
    }

    /// Add-ons booked and waiting for their player's table to be between hands.
    pub fn add_ons_waiting(&self) -> &[(Member, u32)] {
        &self.add_ons_waiting
    }

    /// Whether the tournament is over and nothing of it is pending.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The state as saved now: its log only the steps the books may not hold.
    pub fn saved(&self) -> SavedTournament {
        let pending = self.books.movements().map(|(_, m)| m.clone());
        SavedTournament {
            seed: self.seed,
            log: self.unsaved.clone(),
            pending: pending
                .chain(self.fresh.iter().map(|(m, _)| m.clone()))
                .collect(),
        }
    }

    /// Sends again what is due, saves what changed (with this step's movements), releases what
    /// the books have saved, and hands the effects over.
    fn finish_step(&mut self) -> Vec<Effect> {
        if self.stopped {
            return std::mem::take(&mut self.out);
        }
        for (id, write) in self.books.due(self.now.at) {
            self.out.push(Effect::Book(id, write));
        }
        if self.dirty || !self.fresh.is_empty() {
            self.save();
        }
        self.release();
        let ended = matches!(self.engine.phase(), Phase::Finished | Phase::Cancelled);
        if ended && !self.over && self.books.movements().next().is_none() && self.held.is_empty() {
            self.over = true;
            self.out.push(Effect::Finished);
        }
        std::mem::take(&mut self.out)
    }

    /// A new save: with each movement decided in this step, or alone unless one is on its way.
    fn save(&mut self) {
        let fresh = std::mem::take(&mut self.fresh);
        if fresh.is_empty() && self.books.saving() {
            return; // sent once the one on its way is answered
        }
        self.seq += 1;
        let state = {
            let mut s = self.saved();
            s.pending.extend(fresh.iter().map(|(m, _)| m.clone()));
            s
        };
        let save = Box::new(TournamentSave {
            lease: self.lease.clone(),
            seq: self.seq,
            from: self.stored,
            state,
        });
        self.dirty = false;
        if fresh.is_empty() {
            let write = Write::Save(save);
            let id = self.books.submit(write.clone(), None);
            self.out.push(Effect::Book(id, write));
            return;
        }
        for (movement, reply) in fresh {
            let journal = match movement.journal(&self.lease.tournament, &self.config) {
                Ok(j) => j,
                Err(e) => {
                    self.problems.push(format!("{movement:?}: {e}"));
                    continue;
                }
            };
            let write = Write::Money {
                journal,
                save: save.clone(),
            };
            let id = self.books.submit(write.clone(), Some(movement));
            if let Some(r) = reply {
                self.replies.insert(id, r);
            }
            self.out.push(Effect::Book(id, write));
        }
    }

    /// Orders and notices whose cause the books have saved go out.
    fn release(&mut self) {
        let durable = self.durable;
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.held)
            .into_iter()
            .partition(|(s, _)| *s <= durable);
        self.held = later;
        self.out.extend(now.into_iter().map(|(_, e)| e));
    }

    /// An order or notice, out once the next save is recorded. While replaying, a notice is out
    /// at once (it follows from a step the books hold: the old owner told it, and a new owner
    /// shows it again) and an order not at all (the tables are told afresh).
    fn emit(&mut self, e: Effect) {
        if !self.replaying {
            self.held.push((self.seq + 1, e));
        } else if matches!(e, Effect::Notice(..)) {
            self.out.push(e);
        }
    }

    /// A movement to write with this step's save (nothing while replaying: the save lists it).
    fn submit(&mut self, movement: Movement, reply: Option<ReplyId>) {
        if !self.replaying {
            self.fresh.push((movement, reply));
        }
    }

    /// The books answered write `id`.
    fn booked(&mut self, id: WriteId, answer: BookAnswer) {
        match self.books.answered(id, answer, self.now.at) {
            None => {}
            Some(Answered::Retry(movement, failures, _)) => {
                tracing::warn!(tournament = %self.lease.tournament, failures, ?movement, "the books did not answer; the write is pending and will be sent again");
                if let Some(reply) = self.replies.remove(&id) {
                    self.out.push(Effect::Answer(reply, Ok(Ack::Pending)));
                }
            }
            Some(Answered::Final(pending, answer)) => {
                if answer == Err(BookFailure::Fenced) {
                    self.lost();
                    return;
                }
                if answer.is_ok() {
                    let save = pending.write.save();
                    self.durable = self.durable.max(save.seq);
                    self.stored_up_to(save.from + save.state.log.len() as u64);
                }
                let reply = self.replies.remove(&id);
                match pending.purpose {
                    Some(m) => {
                        self.dirty = true;
                        self.settled(m, answer, reply);
                    }
                    None => {
                        if let Err(e) = answer {
                            self.problems.push(format!("a save refused: {e:?}"));
                            self.dirty = true; // saved again with the next step
                        }
                    }
                }
            }
        }
    }

    /// The books hold the log's first `end` steps: those are not kept here any more.
    fn stored_up_to(&mut self, end: u64) {
        let n = end
            .saturating_sub(self.stored)
            .min(self.unsaved.len() as u64);
        self.unsaved.drain(..n as usize);
        self.stored += n;
    }

    /// Another owner has the tournament: stop without another write.
    fn lost(&mut self) {
        self.stopped = true;
        self.books.drop_all();
        self.held.clear();
        self.fresh.clear();
        for (_, reply) in std::mem::take(&mut self.replies) {
            self.out.push(Effect::Answer(reply, Err(CoordError::Moved)));
        }
        self.out.push(Effect::Stopped);
    }

    /// The member behind `user` (known from their entry).
    fn member(&self, user: UserId) -> Member {
        (self.members.get(&user).cloned())
            .unwrap_or_else(|| Member::player(user, format!("#{}", user.0)))
    }

    /// The clock.
    fn tick(&mut self) {
        let at_ms = self.now.unix_ms;
        if let Err(e) = self.apply(Step::Tick { at_ms }) {
            tracing::error!(tournament = %self.lease.tournament, error = %e, "the clock could not move the tournament");
        }
        self.deal();
    }
}
