//! A table's core on the bench: the core, simulated books, explicit time, and everything the
//! core asked for kept in view — frames per connection, answers per intent, writes waiting for
//! the books, bots waiting to think. Stories and the simulation drive it step by step.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use serde_json::Value;
use tavolo_bots::{BotSpec, Budget};
use tavolo_cards::GameRng;
use tavolo_engine::draw::DrawHand;
use tavolo_engine::game::Game;
use tavolo_engine::holdem::Hand;
use tavolo_engine::saint::SaintGame;
use tavolo_server::books::Member;
use tavolo_server::error::RoomError;
use tavolo_server::protocol::{AckResult, TableOptions};
use tavolo_server::table::core::{
    Ask, ConnId, CoreConfig, Count, Effect, Frame, Input, Ledger, Now, Order, Report, SavedState,
    Setup, Stop, TableCore, TableIntent, TableKind, Write, WriteId,
};
use tavolo_store::Fence;

use super::books::SimBooks;

/// One table's core with its surroundings.
pub struct Bench<G: Game> {
    /// The core.
    pub core: TableCore<G>,
    /// The fence it writes with.
    pub fence: Fence,
    /// What was made of it (to restore it elsewhere).
    pub make: Maker<G>,
    /// The time now.
    pub now: Now,
    /// Frames each connection got, in order.
    pub frames: BTreeMap<ConnId, Vec<Frame>>,
    /// Answers by intent.
    pub answers: BTreeMap<u64, Result<AckResult, RoomError>>,
    /// Writes given to the books and not answered yet, oldest first.
    pub writes: VecDeque<(WriteId, Write)>,
    /// Bots asked to think.
    pub asks: VecDeque<Ask<G>>,
    /// Set once the core stopped.
    pub stopped: Option<Stop>,
    /// Hands finished (as counted).
    pub finished: u64,
    /// Effects of the last step, as (conn, frame) sends.
    pub last_sends: Vec<(ConnId, Frame)>,
    /// What the table told its tournament coordinator, oldest first.
    pub reports: Vec<Report>,
    /// While set, the books answer none of the table's writes: they wait in [`Bench::writes`]
    /// (a node whose writes lag behind what it carried out in memory).
    pub held: bool,
    next_reply: u64,
}

/// How to make a core of game `G` (for a new owner too).
#[derive(Clone)]
pub struct Maker<G: Game> {
    /// The options.
    pub options: TableOptions,
    /// The game's options.
    pub rules: G::Options,
    /// The bots.
    pub spec: Option<BotSpec<G>>,
    /// Bots think away from the core.
    pub offload: bool,
    /// The creator.
    pub creator: Option<tavolo_store::UserId>,
    /// The core's settings.
    pub config: CoreConfig,
    /// Which rules the table plays.
    pub kind: TableKind,
}

impl<G: Game> Maker<G> {
    /// A maker for the options `o`, whose game's options `rules` reads, with the bots `spec`
    /// makes (`None`: an unknown level).
    fn new<E: std::fmt::Debug>(
        o: Value,
        rules: impl FnOnce(&TableOptions) -> Result<G::Options, E>,
        spec: Option<BotSpec<G>>,
    ) -> Maker<G> {
        let options = options(o);
        Maker {
            rules: rules(&options).expect("the game's options"),
            spec,
            options,
            offload: false,
            creator: None,
            config: config(),
            kind: TableKind::Cash,
        }
    }

    fn setup(&self, fence: Fence, seed: u64) -> Setup<G> {
        Setup {
            fence,
            options: self.options.clone(),
            rules: self.rules.clone(),
            spec: self.spec.clone(),
            offload: self.offload,
            creator: self.creator,
            config: self.config.clone(),
            kind: self.kind.clone(),
            rng: GameRng::from_u64(seed),
        }
    }
}

/// The settings of a bench: bots at once, a second between hands (so that hands of bots alone
/// do not follow each other without time passing), deterministic bots, tables saved (several
/// nodes).
pub fn config() -> CoreConfig {
    CoreConfig {
        bot_delay: Duration::ZERO,
        hand_pause: Duration::from_secs(1),
        idle_close: Duration::from_secs(15 * 60),
        saves: true,
        bot_budget: Budget::UNLIMITED,
        ..CoreConfig::default()
    }
}

/// Options from JSON, checked.
pub fn options(v: Value) -> TableOptions {
    TableOptions::from_json(&v).expect("table options")
}

/// A Hold'em maker.
pub fn holdem(o: Value, level: &str) -> Maker<Hand> {
    Maker::new(
        o,
        |o| o.holdem_table(),
        tavolo_bots::holdem::bot_spec(level).ok(),
    )
}

/// A tournament table's maker: Hold'em (No-Limit unless `o` says), of tournament `tournament`
/// (the options' buy-in, rebuy and clock are a cash table's and do not apply).
pub fn tournament(o: Value, tournament: &str, level: &str) -> Maker<Hand> {
    let mut m = holdem(o, level);
    m.kind = TableKind::Tournament {
        tournament: tournament.to_string(),
    };
    m
}

/// A Five-Card Draw maker for a table of tournament `tournament` (dealt with antes alone).
pub fn draw_tournament(o: Value, tournament: &str, level: &str) -> Maker<DrawHand> {
    let mut m = draw(o, level);
    m.kind = TableKind::Tournament {
        tournament: tournament.to_string(),
    };
    m
}

/// A Five-Card Draw maker.
pub fn draw(o: Value, level: &str) -> Maker<DrawHand> {
    Maker::new(
        o,
        |o| o.draw_table(),
        tavolo_bots::draw::bot_spec(level).ok(),
    )
}

/// A Saint Poker maker.
pub fn saint(o: Value, level: &str) -> Maker<SaintGame> {
    Maker::new(
        o,
        |o| o.saint_options(),
        tavolo_bots::saint::bot_spec(level).ok(),
    )
}

/// The start of every bench's clock.
fn start() -> Now {
    Now {
        at: Instant::now(),
        unix_ms: 1_800_000_000_000,
    }
}

impl<G: Game> Bench<G> {
    /// A new table `id` in `books` with `bots` seated (their accounts made there).
    pub fn new(make: Maker<G>, books: &mut SimBooks, id: &str, bots: usize, seed: u64) -> Bench<G> {
        let fence = books.open_table(id);
        let members: Vec<Member> = (0..bots)
            .map(|i| books.user(&format!("bot-{id}-{}", i + 1), true, 0))
            .collect();
        let now = start();
        let (core, first) = TableCore::new(
            make.setup(fence.clone(), seed),
            members,
            Ledger::default(),
            now,
        )
        .expect("a core");
        let mut b = Bench::around(core, fence, make, now);
        b.take(first);
        b
    }

    /// The table taken over by a new owner from what `books` hold (its epoch raised there),
    /// at `now`.
    pub fn takeover(
        make: Maker<G>,
        books: &mut SimBooks,
        id: &str,
        now: Now,
        seed: u64,
    ) -> Bench<G> {
        Bench::try_takeover(make, books, id, now, seed).expect("a core taken over")
    }

    /// [`Bench::takeover`], or why the new owner could not open the table from the books.
    pub fn try_takeover(
        make: Maker<G>,
        books: &mut SimBooks,
        id: &str,
        now: Now,
        seed: u64,
    ) -> Result<Bench<G>, RoomError> {
        let saint = !make.options.betting();
        let (fence, state, ledger) = books.claim(id, saint);
        let setup = make.setup(fence.clone(), seed);
        let (core, first) = match state {
            Some(state) => {
                let state: SavedState =
                    serde_json::from_str(&state).expect("the saved state reads");
                TableCore::restore(setup, state, ledger, now)?
            }
            // Never saved: opened again with its bots (their accounts are the same), and every
            // seat's chips go home.
            None => {
                let bots: Vec<Member> = (0..make.options.bots)
                    .filter_map(|i| {
                        let name = format!("bot-{id}-{}", i + 1);
                        books.users.values().find(|m| m.name == name).cloned()
                    })
                    .collect();
                TableCore::new(setup, bots, ledger, now)?
            }
        };
        let mut b = Bench::around(core, fence, make, now);
        b.take(first);
        Ok(b)
    }

    fn around(core: TableCore<G>, fence: Fence, make: Maker<G>, now: Now) -> Bench<G> {
        Bench {
            core,
            fence,
            make,
            now,
            frames: BTreeMap::new(),
            answers: BTreeMap::new(),
            writes: VecDeque::new(),
            asks: VecDeque::new(),
            stopped: None,
            finished: 0,
            last_sends: Vec::new(),
            reports: Vec::new(),
            held: false,
            next_reply: 1,
        }
    }

    /// Keeps what the core asked for.
    fn take(&mut self, effects: Vec<Effect<G>>) {
        self.last_sends.clear();
        for e in effects {
            match e {
                Effect::Send(c, f) => {
                    self.last_sends.push((c, f.clone()));
                    self.frames.entry(c).or_default().push(f);
                }
                Effect::Answer(r, a) => {
                    self.answers.insert(r, a);
                }
                Effect::Book(id, w) => self.writes.push_back((id, w)),
                Effect::Think(a) => self.asks.push_back(a),
                Effect::Count(Count::HandFinished) => self.finished += 1,
                Effect::Stopped(s) => self.stopped = Some(s),
                Effect::Report(r) => self.reports.push(r),
                Effect::Summary(_) | Effect::Presence(..) | Effect::Count(_) => {}
            }
        }
    }

    /// Hands `input` to the core now.
    pub fn step(&mut self, input: Input<G>) {
        let effects = self.core.handle(input, self.now);
        self.take(effects);
    }

    /// `user` connects on `conn`.
    pub fn attach(&mut self, conn: ConnId, user: &Member) {
        self.step(Input::Attach {
            conn,
            user: user.clone(),
        });
    }

    /// `user` sends `intent` on `conn`; returns the intent's number (its answer is in
    /// [`Bench::answers`] once given).
    pub fn intent(&mut self, conn: ConnId, user: &Member, intent: TableIntent) -> u64 {
        let reply = self.next_reply;
        self.next_reply += 1;
        self.step(Input::Intent {
            conn,
            user: user.clone(),
            intent,
            reply,
        });
        reply
    }

    /// The coordinator gives the table `order`.
    pub fn order(&mut self, order: Order) {
        self.step(Input::Order(order));
    }

    /// The books answer the oldest write waiting (none while [`Bench::held`]).
    pub fn book_one(&mut self, books: &mut SimBooks) -> bool {
        if self.held {
            return false;
        }
        let Some((id, w)) = self.writes.pop_front() else {
            return false;
        };
        let answer = books.execute(&self.fence, &w);
        self.step(Input::Booked(id, answer));
        true
    }

    /// The oldest bot asked thinks and answers.
    pub fn think_one(&mut self) -> bool {
        let Some(ask) = self.asks.pop_front() else {
            return false;
        };
        self.step(Input::Thought(ask.think()));
        true
    }

    /// The books and the bots answer everything, until nothing is left to answer (and the core
    /// is woken when its time has come).
    pub fn settle(&mut self, books: &mut SimBooks) {
        for _ in 0..100_000 {
            if self.book_one(books) || self.think_one() {
                continue;
            }
            if self.core.next_wake().is_some_and(|t| t <= self.now.at) {
                self.step(Input::Tick);
                continue;
            }
            return;
        }
        panic!("the table never settles");
    }

    /// The clock moves on by `d`; the core is woken at every time it asked for on the way.
    pub fn advance(&mut self, d: Duration, books: &mut SimBooks) {
        let end = self.now.plus(d);
        while let Some(t) = self.core.next_wake().filter(|t| *t <= end.at) {
            let dt = t.saturating_duration_since(self.now.at);
            self.now = self.now.plus(dt);
            self.step(Input::Tick);
            self.settle(books);
        }
        self.now = end;
    }

    /// The answer to intent `reply`, taken.
    pub fn answer(&mut self, reply: u64) -> Result<AckResult, RoomError> {
        self.answers.remove(&reply).unwrap_or_else(|| {
            Err(RoomError::Internal(format!(
                "intent {reply} has no answer yet"
            )))
        })
    }

    /// The last `table_state` connection `conn` got, as JSON.
    pub fn state(&self, conn: ConnId) -> Value {
        (self.frames.get(&conn).into_iter().flatten().rev())
            .filter_map(|f| serde_json::from_str::<Value>(f.as_str()).ok())
            .find(|m| m["type"] == "table_state")
            .unwrap_or(Value::Null)
    }
}
