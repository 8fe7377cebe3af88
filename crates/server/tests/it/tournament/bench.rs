//! A tournament's coordinator on the bench: the coordinator, simulated books (the ledger of
//! `core::books`, the newest save, the epoch writes are fenced by), explicit time, the tables
//! played by a simple generator of hand results, and everything the coordinator asked for kept
//! in view — answers, orders, notices, writes waiting for the books. Stories and the
//! simulation drive it step by step.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{
    Config, Phase, Speed, Start, Structure, TournamentError, TournamentGame,
};
use tavolo_engine::Chips;
use tavolo_server::books::Member;
use tavolo_server::protocol::tournament::TournamentLine;
use tavolo_server::tournament::{
    Ack, BookAnswer, BookFailure, CoordError, Coordinator, Effect, HandOver, Input, Intent, Lease,
    Notice, Now, Order, Setup, Shown, Step, TournamentSave, Write, WriteId,
};
use tavolo_server::tournaments::Definition;
use tavolo_store::{Account, Journal, TournamentSaveRow, UserId};

use crate::core::books::SimBooks;

/// The tournament's id in every bench.
pub const ID: &str = "sng-1";

/// The Unix time (ms) every bench starts at.
pub const START_MS: u64 = 1_800_000_000_000;

/// The books as a tournament sees them.
#[derive(Debug)]
pub struct Books {
    /// The ledger, and the faults in force (its `down` and `answers_lost`).
    pub ledger: SimBooks,
    /// The epoch writes must carry.
    pub epoch: i64,
    /// The newest save, its log moved to `log` (as the store keeps it).
    pub save: Option<TournamentSave>,
    /// The log's steps, as the store's rows: each written once.
    pub log: Vec<Step>,
    /// Every journal the books took (recorded, or already recorded), in order.
    pub taken: Vec<Journal>,
    /// While set, what each save the books keep writes, as the store would: the rest of the
    /// state (with a lobby line of `{}`) and the steps it holds no row of yet.
    pub rows: Option<Vec<TournamentSaveRow>>,
}

impl Books {
    /// Carries out `write` with the faults in force.
    pub fn execute(&mut self, write: &Write) -> BookAnswer {
        if self.ledger.down {
            return Err(BookFailure::Unavailable(
                "the disk is full (simulated)".into(),
            ));
        }
        if write.save().lease.epoch != self.epoch {
            return Err(BookFailure::Fenced);
        }
        if let Write::Money { journal, .. } = write {
            self.ledger.apply(journal)?;
            self.taken.push(journal.clone());
        }
        let save = write.save();
        if self.save.as_ref().is_none_or(|s| s.seq < save.seq) {
            let (from, held) = (save.from as usize, self.log.len());
            let end = from + save.state.log.len();
            if from > held || end < held {
                let why = format!("a save of steps {from}..{end} after {held} held");
                return Err(BookFailure::Refused { short: None, why });
            }
            self.log.extend_from_slice(&save.state.log[held - from..]);
            if let Some(rows) = &mut self.rows {
                let mut row = save.to_row("{}".into()).expect("a save serializes");
                row.steps.drain(..held - from);
                rows.push(row);
            }
            let mut kept = save.clone();
            (kept.from, kept.state.log) = (end as u64, Vec::new());
            self.save = Some(kept);
        }
        if self.ledger.answers_lost {
            return Err(BookFailure::Unavailable(
                "the answer was lost (simulated)".into(),
            ));
        }
        Ok(())
    }

    /// The prize pool's balance.
    pub fn pool(&self) -> i64 {
        self.ledger.balance(&Account::Tournament(ID.into()))
    }

    /// Whether a journal is recorded under `key`.
    pub fn has(&self, key: &str) -> bool {
        self.ledger.journals.contains_key(key)
    }
}

/// A hand a table was told to deal: its number, and its players (seat, who, stack).
pub type Deal = (u64, Vec<(usize, UserId, Chips)>);

/// A table as the bench plays it: the hand it was told to deal, and its report until recorded.
#[derive(Clone, Debug, Default)]
pub struct SimTable {
    /// The last deal order: hand, players (seat, who, stack).
    pub deal: Option<Deal>,
    /// The report of that hand, sent and not recorded yet.
    pub report: Option<HandOver>,
}

/// One coordinator with its surroundings.
pub struct Bench {
    /// The coordinator.
    pub core: Coordinator,
    /// Its books.
    pub books: Books,
    /// Its settings (to restore it elsewhere).
    pub setup: Setup,
    /// The time now.
    pub now: Now,
    /// The players, with the chips they were given.
    pub members: Vec<(Member, i64)>,
    /// Answers by intent.
    pub answers: BTreeMap<u64, Result<Ack, CoordError>>,
    /// Orders, in order.
    pub orders: Vec<Order>,
    /// Notices, in order.
    pub notices: Vec<(UserId, Notice)>,
    /// Reports refused.
    pub refused: Vec<(usize, u64, CoordError)>,
    /// Writes given to the books and not answered yet, oldest first.
    pub writes: VecDeque<(WriteId, Write)>,
    /// The tables.
    pub tables: BTreeMap<usize, SimTable>,
    /// Set once the coordinator said it is over.
    pub finished: bool,
    /// While set, the books answer none of the coordinator's writes: they wait in
    /// [`Bench::writes`] (a node whose writes lag behind what it decided in memory).
    pub held: bool,
    next_reply: u64,
}

/// A Hold'em sit-and-go of `players` at tables of `seats`: 100 into the pool and 10 to the house
/// an entry, turbo levels.
pub fn sit_and_go(players: usize, seats: usize) -> Config {
    Config {
        game: TournamentGame::Holdem,
        seats,
        structure: Structure::template(Speed::Turbo),
        prize: Chips::new(100),
        fee: Chips::new(10),
        start: Start::SitAndGo { players },
        re_entry: false,
        rebuys: false,
        add_on: None,
        guarantee: None,
    }
}

/// [`sit_and_go`]'s tournament at tables of nine, scheduled instead: it starts `after_ms` after
/// the bench's start, with late registration to level `late_until_level` (0: none), and is
/// called off short of `min_players`.
pub fn scheduled_in(after_ms: u64, late_until_level: usize, min_players: usize) -> Config {
    Config {
        start: Start::Scheduled {
            at_ms: START_MS + after_ms,
            late_until_level,
            min_players,
        },
        ..sit_and_go(9, 9)
    }
}

/// The answer to an intent the rules refuse with `e`.
pub fn refused(e: TournamentError) -> Result<Ack, CoordError> {
    Err(CoordError::Rules(e))
}

impl Bench {
    /// A tournament with rebuys ([`scheduled_in`] `after_ms`, late registration to level
    /// `late_until_level`, at least two players) with `players` of 1,000 chips registered, and
    /// its start reached.
    pub fn rebuys_started(
        after_ms: u64,
        late_until_level: usize,
        players: usize,
        seed: u64,
    ) -> Bench {
        let config = Config {
            rebuys: true,
            ..scheduled_in(after_ms, late_until_level, 2)
        };
        let mut b = Bench::new(config, &vec![1_000; players], seed);
        b.register(players);
        b.wait(Duration::from_millis(after_ms));
        b
    }

    /// A coordinator for `config`, and `members` players holding these chips each.
    pub fn new(config: Config, chips: &[i64], seed: u64) -> Bench {
        Bench::with_bots(config, chips, 0, seed)
    }

    /// A coordinator for `config`, players holding these chips each, then `bots` of the room's
    /// bots (paid from the bots' bankroll).
    pub fn with_bots(config: Config, chips: &[i64], bots: usize, seed: u64) -> Bench {
        let mut ledger = SimBooks::new();
        let mut members: Vec<(Member, i64)> = (chips.iter().enumerate())
            .map(|(i, &c)| (ledger.user(&format!("p{i}"), false, c), c))
            .collect();
        members.extend((0..bots).map(|i| (ledger.user(&format!("bot{i}"), true, 0), 0)));
        let mut seed_bytes = [0u8; 32];
        seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let setup = Setup {
            lease: Lease {
                tournament: ID.into(),
                epoch: 1,
            },
            config,
            seed: seed_bytes,
        };
        let now = Now {
            at: Instant::now(),
            unix_ms: START_MS,
        };
        let core = Coordinator::new(setup.clone(), now).expect("a playable tournament");
        let books = Books {
            ledger,
            epoch: 1,
            save: None,
            log: Vec::new(),
            taken: Vec::new(),
            rows: None,
        };
        let mut b = Bench {
            core,
            books,
            setup,
            now,
            members,
            answers: BTreeMap::new(),
            orders: Vec::new(),
            notices: Vec::new(),
            refused: Vec::new(),
            writes: VecDeque::new(),
            tables: BTreeMap::new(),
            finished: false,
            held: false,
            next_reply: 0,
        };
        b.send(Input::Tick);
        b
    }

    /// The `i`-th member.
    pub fn member(&self, i: usize) -> Member {
        self.members[i].0.clone()
    }

    /// Hands `input` to the coordinator and keeps what it asks for.
    pub fn send(&mut self, input: Input) {
        let out = self.core.handle(input, self.now);
        self.take(out);
    }

    /// Keeps the effects of a step.
    pub fn take(&mut self, out: Vec<Effect>) {
        for e in out {
            match e {
                Effect::Answer(r, a) => {
                    self.answers.insert(r, a);
                }
                Effect::Book(id, w) => self.writes.push_back((id, w)),
                Effect::Order(o) => self.order(o),
                Effect::Notice(u, n) => self.notices.push((u, n)),
                Effect::Refused { table, hand, error } => self.refused.push((table, hand, error)),
                Effect::Finished => self.finished = true,
                Effect::Stopped => {}
            }
        }
    }

    fn order(&mut self, o: Order) {
        match &o {
            Order::Deal {
                table,
                hand,
                players,
                ..
            } => {
                let t = self.tables.entry(*table).or_default();
                if t.deal.as_ref().is_none_or(|(h, _)| h != hand) {
                    t.deal = Some((*hand, players.clone()));
                    t.report = None;
                }
            }
            Order::Recorded { table, hand } => {
                let t = self.tables.entry(*table).or_default();
                if t.report.as_ref().is_some_and(|r| r.hand == *hand) {
                    t.report = None;
                    t.deal = None;
                }
            }
            Order::Close { table } => {
                self.tables.remove(table);
            }
            _ => {}
        }
        self.orders.push(o);
    }

    /// Member `i` asks `intent`; returns the intent's number.
    pub fn intent(&mut self, i: usize, intent: Intent) -> u64 {
        self.next_reply += 1;
        let reply = self.next_reply;
        let member = self.member(i);
        self.send(Input::Intent {
            member,
            intent,
            reply,
        });
        reply
    }

    /// Members `0..n` register one after the other, each entry booked before the next.
    pub fn register(&mut self, n: usize) {
        for i in 0..n {
            self.intent(i, Intent::Register);
            self.settle();
        }
    }

    /// [`Bench::register`] of `n` that fills the sit-and-go: it is running, table 0 dealing
    /// its first hand.
    pub fn start(&mut self, n: usize) {
        self.register(n);
        assert_eq!(self.core.tournament().phase(), Phase::Running);
        assert_eq!(self.dealing(), vec![0]);
    }

    /// The books answer the oldest write (none while [`Bench::held`]).
    pub fn answer_one(&mut self) -> bool {
        if self.held {
            return false;
        }
        let Some((id, w)) = self.writes.pop_front() else {
            return false;
        };
        let answer = self.books.execute(&w);
        self.send(Input::Booked(id, answer));
        true
    }

    /// The books answer every write, those the answers make too.
    pub fn settle(&mut self) {
        for _ in 0..10_000 {
            if !self.answer_one() {
                return;
            }
        }
        panic!("the writes never stop");
    }

    /// Time passes by `d`; the coordinator is ticked.
    pub fn advance(&mut self, d: Duration) {
        self.now = self.now.plus(d);
        self.send(Input::Tick);
    }

    /// Time passes by `d`, and the books answer every write that makes.
    pub fn wait(&mut self, d: Duration) {
        self.advance(d);
        self.settle();
    }

    /// Tables with a hand to report.
    pub fn dealing(&self) -> Vec<usize> {
        (self.tables.iter())
            .filter(|(_, t)| t.deal.is_some())
            .map(|(k, _)| *k)
            .collect()
    }

    /// Table `t` plays its hand (a random result, chips conserved) and reports it — or reports
    /// it again if it was not recorded yet.
    pub fn play(&mut self, t: usize, rng: &mut GameRng) -> bool {
        let Some(table) = self.tables.get_mut(&t) else {
            return false;
        };
        let report = match (&table.report, &table.deal) {
            (Some(r), _) => r.clone(),
            (None, Some((hand, players))) => {
                let r = hand_result(t, *hand, players, rng);
                table.report = Some(r.clone());
                r
            }
            (None, None) => return false,
        };
        self.send(Input::HandOver(report));
        true
    }

    /// The coordinator's node dies; the writes in flight land (their answers lost) or not, as
    /// `lands` says; another node claims the tournament at the next epoch and restores it from
    /// the newest save.
    /// Those that do not land before the claim may arrive after it (`lands` again): the books
    /// fence them off, recording nothing.
    pub fn crash(&mut self, mut lands: impl FnMut() -> bool) {
        let mut late = Vec::new();
        for (_, w) in std::mem::take(&mut self.writes) {
            if lands() {
                let _ = self.books.execute(&w);
            } else {
                late.push(w);
            }
        }
        self.books.epoch += 1;
        self.setup.lease.epoch = self.books.epoch;
        for w in late.into_iter().filter(|_| lands()) {
            let journals = self.books.ledger.journals.len();
            let answer = self.books.execute(&w);
            assert_eq!(answer, Err(BookFailure::Fenced), "a stale owner's write");
            assert_eq!(self.books.ledger.journals.len(), journals);
        }
        let save = self.books.save.clone();
        match save {
            Some(save) => {
                let held = self.books.log.clone();
                let (core, out) = Coordinator::restore(self.setup.clone(), held, save, self.now)
                    .expect("the newest save restores");
                self.core = core;
                self.take(out);
            }
            None => {
                self.core =
                    Coordinator::new(self.setup.clone(), self.now).expect("a playable tournament");
                self.send(Input::Tick);
            }
        }
    }

    /// Plays every table until the tournament is over (the books answering everything).
    pub fn play_out(&mut self, rng: &mut GameRng) {
        for _ in 0..100_000 {
            self.settle();
            if self.finished {
                return;
            }
            let dealing = self.dealing();
            if dealing.is_empty() {
                self.advance(Duration::from_secs(1));
                continue;
            }
            for t in dealing {
                self.play(t, rng);
                self.settle();
            }
            self.advance(Duration::from_secs(30));
        }
        panic!("the tournament never ended");
    }

    /// The lobby's line as the shell would show it now.
    pub fn line(&self) -> TournamentLine {
        let definition = Definition {
            config: self.setup.config.clone(),
            bot_level: "beginner".into(),
            speed: "turbo".into(),
        };
        let mut shown = Shown::new(definition.line("t", "t", 0));
        shown.update(&self.core, &BTreeMap::new());
        shown.line
    }

    /// What member `i` holds in their account.
    pub fn balance(&self, i: usize) -> i64 {
        self.books
            .ledger
            .balance(&Account::User(self.members[i].0.id))
    }
}

/// A random result of hand `hand` at table `t`: a random player loses part or all of their
/// stack to another.
pub fn hand_result(
    t: usize,
    hand: u64,
    players: &[(usize, UserId, Chips)],
    rng: &mut GameRng,
) -> HandOver {
    let began: Vec<(UserId, Chips)> = players.iter().map(|(_, p, c)| (*p, *c)).collect();
    let mut ended = began.clone();
    let n = ended.len() as u32;
    if n >= 2 {
        let loser = rng.below(n) as usize;
        let winner = (loser + 1 + rng.below(n - 1) as usize) % n as usize;
        let stack = ended[loser].1.get();
        let lost = if rng.below(3) == 0 {
            stack
        } else {
            1 + rng.next_u64() % stack
        };
        ended[loser].1 = Chips::new(stack - lost);
        ended[winner].1 = Chips::new(ended[winner].1.get() + lost);
    }
    HandOver {
        table: t,
        hand,
        began,
        ended,
    }
}
