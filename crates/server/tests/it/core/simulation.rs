//! Deterministic simulation of the room's tables, in the manner of FoundationDB's simulator and
//! TigerBeetle's VOPR: one seed drives every input of every viewer, every answer of the books
//! and of the bots (late, out of order), the clock, and the faults — the books down for a while,
//! answers lost after the write landed, a crash (the core dropped and restored from what the
//! books hold), a takeover to a new epoch while the old owner still runs (a pause past its
//! lease). After every step it checks the books and the frames; when the faults stop, the table
//! must make progress again within bounded simulated time. A failing seed prints the command
//! that replays it.
//!
//! - `cargo test -p tavolo-server --test it core::simulation` runs the default (in CI).
//! - `TAVOLO_SIM_SEEDS=20000 TAVOLO_SIM_STEPS=20000 cargo test --release -p tavolo-server
//!   --test it core::simulation::seeds -- --nocapture` is a long run.
//! - `TAVOLO_SIM_SEED=N cargo test -p tavolo-server --test it core::simulation::replay --
//!   --nocapture` replays seed N (with `TAVOLO_SIM_STEPS` if it was set).
//! - Tournament tables (`sim_tournament`: a simulated coordinator's orders among the same
//!   faults): `core::simulation::tournament_seeds` in CI, `core::simulation::tournament_replay`
//!   with `TAVOLO_SIM_SEED=N` to replay one.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::{json, Value};
use tavolo_cards::GameRng;
use tavolo_engine::draw::DrawHand;
use tavolo_engine::game::{Game, Viewer};
use tavolo_engine::holdem::Hand;
use tavolo_engine::saint::SaintGame;
use tavolo_engine::Chips;
use tavolo_server::books::Member;
use tavolo_server::table::core::{Input, SavedState, Stage, TableIntent, Write};
use tavolo_store::Account;

use super::bench::{draw, holdem, saint, tournament, Bench, Maker};
use super::books::SimBooks;
use super::seeds::{env, failed, run_seeds, Tally};
use super::sim_tournament::Coordinator;

/// Seeds of the default run, and steps per seed.
const SEEDS: u64 = 200;
const STEPS: usize = 10_000;

/// What one seed's run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Steps taken and faults injected.
    pub tally: Tally,
    /// Hands finished (settled in the books).
    pub hands: u64,
}

/// A simulated person: their account and their connections (two tabs race each other).
struct Person {
    member: Member,
    conns: Vec<u64>,
}

/// One seed's world: the books, the table's owner, perhaps a paused old owner, the people.
struct World<G: Game> {
    rng: GameRng,
    books: SimBooks,
    table: Bench<G>,
    /// An old owner that was paused past its lease and still runs.
    zombie: Option<Bench<G>>,
    people: Vec<Person>,
    report: Report,
    /// Steps left of the books being down, and of answers being lost.
    down_for: u32,
    lost_for: u32,
    next_conn: u64,
    id: String,
    /// The hidden cards of each seat, for a hand and a count of its events.
    secrets: Option<Secrets>,
    /// A tournament table's coordinator (none at a cash table).
    coord: Option<Coordinator>,
}

/// The hidden cards of each seat of a hand (its id and number of events).
type Secrets = ((i64, usize), Vec<BTreeSet<String>>);

fn n(rng: &mut GameRng, below: u32) -> u32 {
    rng.below(below.max(1))
}

impl<G: Game> World<G> {
    fn new(make: Maker<G>, seed: u64) -> World<G> {
        let mut rng = GameRng::from_u64(seed);
        let mut books = SimBooks::new();
        let id = format!("t{seed}");
        let bots = n(&mut rng, make.options.seats as u32) as usize;
        let bots = bots.min(make.options.seats - 1);
        let mut make = make;
        make.offload = n(&mut rng, 2) == 0;
        let table = Bench::new(make, &mut books, &id, bots, rng.next_u64());
        let mut people = Vec::new();
        let mut next_conn = 1;
        for i in 0..(2 + n(&mut rng, 4)) {
            // Some are short of chips: their buy-ins and stakes are refused.
            let chips = [150, 1_000, 5_000][n(&mut rng, 3) as usize];
            let member = books.user(&format!("p{i}"), false, chips);
            let tabs = 1 + n(&mut rng, 2) as u64;
            people.push(Person {
                member,
                conns: (next_conn..next_conn + tabs).collect(),
            });
            next_conn += tabs;
        }
        World {
            rng,
            books,
            table,
            zombie: None,
            people,
            report: Report::default(),
            down_for: 0,
            lost_for: 0,
            next_conn,
            id,
            secrets: None,
            coord: None,
        }
    }

    /// A tournament table's world: the people and some bots seated by the coordinator's orders,
    /// more bots kept to seat later.
    fn tournament(make: Maker<G>, seed: u64) -> World<G> {
        let mut w = World::new(make, seed);
        let bots: Vec<Member> = (0..4)
            .map(|i| w.books.user(&format!("bot-{}-{i}", w.id), true, 0))
            .collect();
        let (now, spare) = bots.split_at(n(&mut w.rng, 3) as usize);
        let players = (w.people.iter().map(|p| p.member.clone()))
            .chain(now.iter().cloned())
            .collect();
        let coord = Coordinator::start(&mut w.table, &w.books, players, spare.to_vec(), &mut w.rng);
        w.coord = Some(coord);
        w
    }

    fn fault(&mut self, kind: &'static str) {
        self.report.tally.fault(kind);
    }

    /// One step: an event drawn from the seed.
    fn step(&mut self) -> Result<(), String> {
        self.books.down = self.down_for > 0;
        self.books.answers_lost = self.lost_for > 0 && !self.books.down;
        self.down_for = self.down_for.saturating_sub(1);
        self.lost_for = self.lost_for.saturating_sub(1);
        let roll = n(&mut self.rng, 1000);
        let events_before = self.table.core.hand_events();
        let mut actor = None;
        let ordered = match self.coord.as_mut() {
            Some(c) if n(&mut self.rng, 8) == 0 => {
                c.order(&mut self.table, &mut self.rng);
                true
            }
            _ => false,
        };
        if !ordered {
            self.roll(roll, &mut actor);
        }
        self.check(actor, events_before)
    }

    /// The event `roll` (0–999) draws.
    fn roll(&mut self, roll: u32, actor: &mut Option<u64>) {
        match roll {
            0..=399 => *actor = self.intent(),
            400..=619 => self.answer_a_write(),
            620..=699 => self.answer_a_bot(),
            700..=859 => self.time_passes(),
            860..=919 => self.reconnect(),
            920..=939 => self.zombie_step(),
            940..=969 => {
                self.down_for = 5 + n(&mut self.rng, 60);
                self.fault("books down");
            }
            970..=984 => {
                self.lost_for = 3 + n(&mut self.rng, 20);
                self.fault("answers lost");
            }
            985..=992 => self.crash(),
            _ => self.takeover(),
        }
    }

    /// A person does something at the table.
    fn intent(&mut self) -> Option<u64> {
        let p = n(&mut self.rng, self.people.len() as u32) as usize;
        let conn =
            self.people[p].conns[n(&mut self.rng, self.people[p].conns.len() as u32) as usize];
        let m = self.people[p].member.clone();
        let intent = match n(&mut self.rng, 100) {
            0..=11 => TableIntent::Join {
                seat: None,
                buy_in: None,
                chain: None,
            },
            12..=14 => TableIntent::Waitlist,
            15..=22 => TableIntent::Leave,
            23..=26 => TableIntent::Rebuy,
            27..=31 => TableIntent::SitOut,
            32..=41 => TableIntent::SitIn,
            42..=45 => TableIntent::ChangeSeat {
                seat: (n(&mut self.rng, 3) > 0).then(|| n(&mut self.rng, 11) as usize),
            },
            46..=47 => TableIntent::CancelSeatChange,
            48..=50 => TableIntent::Watch,
            51..=52 => TableIntent::Unwatch,
            53..=56 => TableIntent::Chat {
                text: format!("line {}", n(&mut self.rng, 1000)),
            },
            57..=58 => TableIntent::AddBot,
            59..=61 => TableIntent::Act {
                hand: "h-0".into(),
                action: json!({"action": "dance"}),
            },
            _ => match self.legal_action(&m) {
                Some(a) => a,
                None => TableIntent::SitIn,
            },
        };
        let acting = matches!(intent, TableIntent::Act { .. });
        self.table.intent(conn, &m, intent);
        acting.then_some(m.id.0 as u64)
    }

    /// A legal action of `m`'s in the hand in play, as a client sends it.
    fn legal_action(&mut self, m: &Member) -> Option<TableIntent> {
        let (hand, game) = self.table.core.hand_in_play()?;
        let (_, members) = self.table.core.hand_players()?;
        let seat = members.iter().position(|x| x.id == m.id)?;
        let legal = game.legal(seat);
        if legal.is_empty() {
            return None;
        }
        let a = legal[n(&mut self.rng, legal.len() as u32) as usize];
        let mut action = serde_json::to_value(a).ok()?;
        if let Some(o) = action.as_object_mut() {
            o.remove(G::SEAT_FIELD);
        }
        Some(TableIntent::Act {
            hand: format!("h-{}", hand.0),
            action,
        })
    }

    /// The books answer one write: the oldest, or (out of order) another.
    fn answer_a_write(&mut self) {
        let k = self.table.writes.len();
        if k == 0 {
            return;
        }
        let i = if n(&mut self.rng, 4) == 0 {
            self.fault("answer out of order");
            n(&mut self.rng, k as u32) as usize
        } else {
            0
        };
        if let Some((id, w)) = self.table.writes.remove(i) {
            let answer = self.books.execute(&self.table.fence, &w);
            self.table.step(Input::Booked(id, answer));
        }
    }

    /// A bot answers: the oldest question, or another.
    fn answer_a_bot(&mut self) {
        let k = self.table.asks.len();
        if k == 0 {
            return;
        }
        let i = n(&mut self.rng, k as u32) as usize;
        if let Some(ask) = self.table.asks.remove(i) {
            self.table.step(Input::Thought(ask.think()));
        }
    }

    /// Time passes: a little, or (rarely) long enough for clocks and banks to run out.
    fn time_passes(&mut self) {
        let ms = match n(&mut self.rng, 20) {
            0 => 30_000 + n(&mut self.rng, 90_000),
            1..=4 => 1_000 + n(&mut self.rng, 4_000),
            _ => n(&mut self.rng, 1_000),
        };
        let end = self.table.now.plus(Duration::from_millis(u64::from(ms)));
        while let Some(t) = self.table.core.next_wake().filter(|t| *t <= end.at) {
            self.table.now = self
                .table
                .now
                .plus(t.saturating_duration_since(self.table.now.at));
            self.table.step(Input::Tick);
        }
        self.table.now = end;
    }

    /// A connection closes, or one opens and says hello.
    fn reconnect(&mut self) {
        let p = n(&mut self.rng, self.people.len() as u32) as usize;
        if n(&mut self.rng, 2) == 0 && self.people[p].conns.len() > 1 {
            let c = self.people[p].conns.remove(0);
            self.table.step(Input::Detach(c));
        } else {
            let c = self.next_conn;
            self.next_conn += 1;
            self.people[p].conns.push(c);
            let user = self.people[p].member.clone();
            self.table.step(Input::Attach { conn: c, user });
        }
    }

    /// The paused old owner (if any) wakes a little: its writes are refused by the epoch.
    fn zombie_step(&mut self) {
        let Some(z) = self.zombie.as_mut() else {
            return;
        };
        if let Some((id, w)) = z.writes.pop_front() {
            let answer = self.books.execute(&z.fence, &w);
            z.step(Input::Booked(id, answer));
        } else {
            z.now = z.now.plus(Duration::from_secs(5));
            z.step(Input::Tick);
        }
        if z.stopped.is_some() {
            self.zombie = None;
        }
    }

    /// The owner's process dies: another node claims the table from what the books hold.
    fn crash(&mut self) {
        if self.table.stopped.is_some() {
            return;
        }
        self.fault("crash");
        let make = self.table.make.clone();
        let now = self.table.now;
        self.table = Bench::takeover(make, &mut self.books, &self.id, now, self.rng.next_u64());
        if let Some(c) = self.coord.as_mut() {
            c.replaced();
        }
        self.reattach();
    }

    /// The owner is paused past its lease: another node takes the table over while the old one
    /// still runs (and will find its writes refused).
    fn takeover(&mut self) {
        if self.table.stopped.is_some() || self.zombie.is_some() {
            return;
        }
        self.fault("takeover while paused");
        let make = self.table.make.clone();
        let now = self.table.now;
        let fresh = Bench::takeover(make, &mut self.books, &self.id, now, self.rng.next_u64());
        self.zombie = Some(std::mem::replace(&mut self.table, fresh));
        if let Some(c) = self.coord.as_mut() {
            c.replaced();
        }
        self.reattach();
    }

    /// Every person's connections find the table at its new owner (`table_moved`, hello).
    fn reattach(&mut self) {
        for p in &self.people {
            for &c in &p.conns {
                self.table.attach(c, &p.member);
            }
        }
    }

    /// The invariants, after a step.
    fn check(&mut self, actor: Option<u64>, events_before: Option<usize>) -> Result<(), String> {
        if let Some(v) = self.books.violations.first() {
            return Err(format!("the books: {v}"));
        }
        if self.books.total() != 0 {
            return Err(format!(
                "chips created or lost: the accounts sum to {}",
                self.books.total()
            ));
        }
        if let Some((a, b)) = self
            .books
            .accounts
            .iter()
            .find(|(a, b)| **b < 0 && a.as_str() != "house")
        {
            return Err(format!("{a} holds {b}"));
        }
        if let Some(c) = self.coord.as_mut() {
            c.check(&self.table, &self.books)?;
        } else if self.table.stopped.is_none() {
            self.check_ledger()?;
        }
        if self.table.stopped.is_none() {
            self.check_saved()?;
        }
        self.check_frames(actor, events_before)
    }

    /// The books hold what the table says, give or take the writes still pending: for some
    /// choice of which pending movements have landed, every seat account (and a betting table's
    /// pot) is exactly the table's stack (and carried chips).
    fn check_ledger(&self) -> Result<(), String> {
        let t = &self.table;
        let core = &t.core;
        let mut base: BTreeMap<String, i64> = BTreeMap::new();
        for (_, o) in core.table().seats() {
            base.insert(
                seat_name(&self.id, o.player.id),
                o.stack.to_ledger().unwrap(),
            );
        }
        let pot = Account::Pot(self.id.clone()).to_string();
        let betting = t.make.options.betting();
        if betting {
            // During a hand the pot holds what the hand carried in.
            let stacks: Chips = core.table().seats().map(|(_, o)| o.stack).sum();
            base.insert(
                pot.clone(),
                (core.table().chips_total() - stacks).to_ledger().unwrap(),
            );
        }
        let mut pending: Vec<BTreeMap<String, i64>> = Vec::new();
        let ours = |a: &str| a.starts_with(&format!("seat:{}:", self.id)) || (betting && a == pot);
        for (_, w) in core.pending_writes() {
            let journal = match w {
                Write::Move(j) => j,
                Write::Finish(_, f) => &f.journal,
                _ => continue,
            };
            let mut legs: BTreeMap<String, i64> = BTreeMap::new();
            for (a, x) in &journal.legs {
                let a = a.to_string();
                if ours(&a) {
                    *legs.entry(a).or_default() += x;
                }
            }
            if legs.is_empty() {
                continue;
            }
            // A cash-out's chips are on the seat until it lands.
            if journal.kind == "cash_out" {
                for (a, x) in &legs {
                    *base.entry(a.clone()).or_default() -= x;
                }
            }
            pending.push(legs);
        }
        let actual: BTreeMap<String, i64> = (self.books.accounts.iter())
            .filter(|(a, b)| ours(a) && **b != 0)
            .map(|(a, b)| (a.clone(), *b))
            .collect();
        let k = pending.len().min(12);
        for mask in 0u32..(1 << k) {
            let mut want = base.clone();
            for (i, legs) in pending.iter().enumerate().take(k) {
                if mask & (1 << i) != 0 {
                    for (a, x) in legs {
                        *want.entry(a.clone()).or_default() += x;
                    }
                }
            }
            want.retain(|_, x| *x != 0);
            if want == actual {
                return Ok(());
            }
        }
        Err(format!(
            "the books and the table disagree: books {actual:?}, table {base:?}, pending {pending:?}"
        ))
    }

    /// Once every write carrying a save is answered, the books hold the table as its owner last
    /// saved it: a save that lands late never leaves an older table for a takeover to restore.
    fn check_saved(&self) -> Result<(), String> {
        let core = &self.table.core;
        let saving = core.pending_writes().iter().any(|(_, w)| match w {
            Write::Save(_) | Write::Release(_) => true,
            Write::Begin(h) => h.save.is_some(),
            Write::Finish(_, f) => f.save.is_some(),
            _ => false,
        });
        let Some(last) = core.last_saved().filter(|_| !saving) else {
            return Ok(());
        };
        let held = (self.books.tables.get(&self.id))
            .and_then(|t| t.state.as_deref())
            .and_then(|s| serde_json::from_str::<SavedState>(s).ok());
        if held.as_ref() != Some(last) {
            return Err(format!(
                "the books hold another table than the one last saved: books {held:?}, last saved {last:?}"
            ));
        }
        Ok(())
    }

    /// Frames hold only what their viewer may see, and a step in which nothing public happened
    /// (a private choice) sent frames to nobody but the one who acted.
    fn check_frames(
        &mut self,
        actor: Option<u64>,
        events_before: Option<usize>,
    ) -> Result<(), String> {
        let t = &self.table;
        let owner: BTreeMap<u64, u64> = (self.people.iter())
            .flat_map(|p| p.conns.iter().map(move |c| (*c, p.member.id.0 as u64)))
            .collect();
        if let (Some(actor), Some(before)) = (actor, events_before) {
            if t.core.hand_events() == Some(before) {
                for (c, f) in &t.last_sends {
                    let to = owner.get(c).copied();
                    if to != Some(actor) && f.as_str().contains("\"table_state\"") {
                        return Err(format!(
                            "a private change of user {actor} reached user {to:?}: {}",
                            changes(t.frames.get(c).map(Vec::as_slice).unwrap_or_default())
                        ));
                    }
                }
            }
        }
        let Some((hand, game)) = t.core.hand_in_play() else {
            return Ok(());
        };
        if game.is_over() || t.last_sends.is_empty() {
            return Ok(());
        }
        let Some((_, members)) = t.core.hand_players() else {
            return Ok(());
        };
        let at = (hand.0, t.core.hand_events().unwrap_or(0));
        if self.secrets.as_ref().is_none_or(|(k, _)| *k != at) {
            // What everybody may know: the spectator's view, and every event as a spectator saw
            // it (a card drafted in Saint Poker was seen going into a hand).
            let mut public =
                cards(&serde_json::to_value(game.view(Viewer::Spectator)).unwrap_or_default());
            for e in t.core.hand_event_list().unwrap_or_default() {
                if let Some(e) = G::censor(e, Viewer::Spectator) {
                    public.extend(cards(&serde_json::to_value(e).unwrap_or_default()));
                }
            }
            let secrets = (0..members.len())
                .map(|h| {
                    let mine = cards(
                        &serde_json::to_value(game.view(Viewer::Seat(h))).unwrap_or_default(),
                    );
                    mine.difference(&public).cloned().collect()
                })
                .collect();
            self.secrets = Some((at, secrets));
        }
        let Some((_, secrets)) = &self.secrets else {
            return Ok(());
        };
        for (c, f) in &t.last_sends {
            let Some(user) = owner.get(c) else { continue };
            for (h, m) in members.iter().enumerate() {
                if m.id.0 as u64 == *user {
                    continue;
                }
                if let Some(card) = secrets[h]
                    .iter()
                    .find(|card| f.as_str().contains(&format!("\"{card}\"")))
                {
                    return Err(format!(
                        "user {user} was sent {card}, a hidden card of hand seat {h}: {f}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Faults stop; everybody sits in and plays along: the table must deal and settle again,
    /// with nothing left pending, within ten simulated minutes.
    fn recover(&mut self) -> Result<(), String> {
        self.down_for = 0;
        self.lost_for = 0;
        self.books.down = false;
        self.books.answers_lost = false;
        self.zombie = None;
        if self.table.stopped.is_some() {
            return Ok(());
        }
        if let Some(c) = self.coord.as_mut() {
            c.let_deal(&mut self.table);
        }
        for i in 0..self.people.len() {
            let (c, m) = (self.people[i].conns[0], self.people[i].member.clone());
            let join = TableIntent::Join {
                seat: None,
                buy_in: None,
                chain: None,
            };
            self.table.intent(c, &m, join);
            self.table.settle(&mut self.books);
            self.table.intent(c, &m, TableIntent::SitIn);
        }
        let start = self.table.finished;
        for _ in 0..6_000 {
            self.table.settle(&mut self.books);
            for i in 0..self.people.len() {
                let m = self.people[i].member.clone();
                if let Some(a) = self.legal_action(&m) {
                    let c = self.people[i].conns[0];
                    self.table.intent(c, &m, a);
                }
            }
            self.table.settle(&mut self.books);
            self.check(None, None)?;
            let quiet = self.table.core.pending_writes().is_empty() && !self.table.core.settling();
            let ready = self
                .table
                .core
                .table()
                .seats()
                .filter(|(_, o)| {
                    !o.sitting_out && (o.stack > 0 || !self.table.make.options.betting())
                })
                .count();
            let human = self.table.core.table().seats().any(|(_, o)| !o.player.bot);
            let enough = human
                && ready >= self.table.make.options.min_players
                && self.table.core.table().halted().is_none();
            if quiet
                && (!enough || self.table.finished > start)
                && self.table.core.stage() == Stage::Open
            {
                return Ok(());
            }
            self.table
                .advance(Duration::from_millis(100), &mut self.books);
        }
        let seats: Vec<String> = (self.table.core.table().seats())
            .map(|(s, o)| {
                format!(
                    "{s}:{}:{}:{:?}:out={}",
                    o.player.name, o.stack, o.state, o.sitting_out
                )
            })
            .collect();
        Err(format!(
            "no progress after the faults stopped: {} writes pending, settling {}, {} hands since, stage {:?}, halted {:?}, seats {seats:?}, hand {:?}",
            self.table.core.pending_writes().len(),
            self.table.core.settling(),
            self.table.finished - start,
            self.table.core.stage(),
            self.table.core.table().halted(),
            self.table.core.hand_in_play().map(|h| h.0),
        ))
    }
}

/// What changed between a connection's last two states (for a failure's message).
fn changes(frames: &[tavolo_server::table::core::Frame]) -> String {
    let states: Vec<Value> = (frames.iter().rev())
        .filter_map(|f| serde_json::from_str::<Value>(f.as_str()).ok())
        .filter(|m| m["type"] == "table_state")
        .take(2)
        .collect();
    match states.as_slice() {
        [new, old] => (new.as_object().into_iter().flatten())
            .filter(|(k, v)| old.get(k.as_str()) != Some(*v) && k.as_str() != "version")
            .map(|(k, v)| format!("{k}: {} -> {v}", old[k.as_str()]))
            .collect::<Vec<_>>()
            .join("; "),
        [new] => format!("a first state {new}"),
        _ => "no state".into(),
    }
}

fn seat_name(table: &str, user: tavolo_store::UserId) -> String {
    Account::Seat {
        table: table.to_string(),
        user,
    }
    .to_string()
}

/// Every card written in a JSON value.
fn cards(v: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    crate::common::cards_in(v, &mut out);
    out
}

/// Runs seed `seed` for `steps` steps (its game chosen by the seed).
pub fn run(seed: u64, steps: usize) -> Result<Report, String> {
    let mut pick = GameRng::from_u64(seed ^ 0x5eed);
    let seats = 2 + n(&mut pick, 5) as u64;
    match seed % 3 {
        0 => {
            let structure = ["nl", "pl", "limit"][n(&mut pick, 3) as usize];
            let o = json!({"game": "holdem", "seats": seats + 1, "min_players": 2, "structure": structure, "bot_level": "station"});
            let level = ["random", "station", "rules"][n(&mut pick, 3) as usize];
            go::<Hand>(holdem(o, level), seed, steps)
        }
        1 => {
            let o = json!({"game": "draw", "seats": seats.min(5), "min_players": 2, "bot_level": "station"});
            let level = ["random", "station"][n(&mut pick, 2) as usize];
            go::<DrawHand>(draw(o, level), seed, steps)
        }
        _ => {
            let stake = [0, 50, 100][n(&mut pick, 3) as usize];
            let o = json!({"game": "saint", "seats": seats.clamp(2, 4), "stake": stake});
            let level = ["random", "greedy"][n(&mut pick, 2) as usize];
            go::<SaintGame>(saint(o, level), seed, steps)
        }
    }
}

fn go<G: Game>(make: Maker<G>, seed: u64, steps: usize) -> Result<Report, String> {
    go_world(World::new(make, seed), steps)
}

/// Runs tournament seed `seed` for `steps` steps: a Hold'em tournament table of 3 to 7 seats
/// driven by a simulated coordinator (`sim_tournament`), among the same faults.
pub fn run_tournament(seed: u64, steps: usize) -> Result<Report, String> {
    let mut pick = GameRng::from_u64(seed ^ 0x7075);
    let seats = 3 + n(&mut pick, 5) as u64;
    let structure = ["nl", "pl", "limit"][n(&mut pick, 3) as usize];
    let o = json!({"game": "holdem", "seats": seats, "min_players": 2, "structure": structure, "bot_level": "station"});
    let level = ["random", "station", "rules"][n(&mut pick, 3) as usize];
    go_world(World::tournament(tournament(o, "T", level), seed), steps)
}

fn go_world<G: Game>(mut w: World<G>, steps: usize) -> Result<Report, String> {
    for i in 0..steps {
        w.step().map_err(|e| format!("step {i}: {e}"))?;
        w.report.tally.steps += 1;
        if w.table.stopped.is_some() && w.zombie.is_none() {
            // Closed (idle) or handed on for good: a fresh table in the same books.
            break;
        }
    }
    w.recover().map_err(|e| format!("after the faults: {e}"))?;
    w.report.hands = w
        .books
        .hands
        .values()
        .filter(|h| h.status == "finished")
        .count() as u64;
    Ok(w.report)
}

/// The command that replays `seed` (with the test `replay`, or `tournament_replay`).
fn replay_command(seed: u64, steps: usize, replay: &str) -> String {
    format!("TAVOLO_SIM_SEED={seed} TAVOLO_SIM_STEPS={steps} cargo test -p tavolo-server --test it core::simulation::{replay} -- --nocapture")
}

/// The default run: [`SEEDS`] seeds × [`STEPS`] steps (more with `TAVOLO_SIM_SEEDS` and
/// `TAVOLO_SIM_STEPS`), on every core, every invariant checked after every step.
#[test]
fn seeds() {
    let seeds = env("TAVOLO_SIM_SEEDS", SEEDS);
    let steps = env("TAVOLO_SIM_STEPS", STEPS as u64) as usize;
    many(run, seeds, steps, "replay");
}

/// Seeds of the default tournament run, and steps per seed.
const TOURNAMENT_SEEDS: u64 = 40;
const TOURNAMENT_STEPS: usize = 8_000;

/// The default tournament run: [`TOURNAMENT_SEEDS`] seeds × [`TOURNAMENT_STEPS`] steps (more
/// with `TAVOLO_SIM_SEEDS` and `TAVOLO_SIM_STEPS`), the coordinator's invariants checked after
/// every step.
#[test]
fn tournament_seeds() {
    let seeds = env("TAVOLO_SIM_SEEDS", TOURNAMENT_SEEDS);
    let steps = env("TAVOLO_SIM_STEPS", TOURNAMENT_STEPS as u64) as usize;
    many(run_tournament, seeds, steps, "tournament_replay");
}

/// Runs `seeds` seeds (from `TAVOLO_SIM_FIRST`, 1 by default) of `runner` for `steps` steps
/// each, on every core; fails naming each failing seed and how to replay it.
fn many(runner: fn(u64, usize) -> Result<Report, String>, seeds: u64, steps: usize, replay: &str) {
    let first = env("TAVOLO_SIM_FIRST", 1);
    let (total, failures) = run_seeds(
        first,
        seeds,
        |seed| runner(seed, steps),
        |total, r| {
            total.tally += r.tally;
            total.hands += r.hands;
        },
        |seed| replay_command(seed, steps, replay),
    );
    println!(
        "simulation ({}): {seeds} seeds, {} steps, {} hands settled, faults {:?}",
        if replay == "replay" {
            "cash"
        } else {
            "tournament"
        },
        total.tally.steps,
        total.hands,
        total.tally.faults
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        total.hands > seeds,
        "the tables played: {} hands",
        total.hands
    );
}

/// Replays one seed (`TAVOLO_SIM_SEED`, seed 1 by default) of `runner` for `steps` steps (or
/// `TAVOLO_SIM_STEPS`) with its report; `replay` is the test that does.
fn replay_one(runner: fn(u64, usize) -> Result<Report, String>, steps: usize, replay: &str) {
    let seed = env("TAVOLO_SIM_SEED", 1);
    let steps = env("TAVOLO_SIM_STEPS", steps as u64) as usize;
    match runner(seed, steps) {
        Ok(r) => println!("seed {seed}: {r:?}"),
        Err(e) => panic!("{}", failed(seed, &e, &replay_command(seed, steps, replay))),
    }
}

/// Replays one seed (`TAVOLO_SIM_SEED`, seed 1 by default) with its report.
#[test]
fn replay() {
    replay_one(run, STEPS, "replay");
}

/// Replays one tournament seed (`TAVOLO_SIM_SEED`, seed 1 by default) with its report.
#[test]
fn tournament_replay() {
    replay_one(run_tournament, TOURNAMENT_STEPS, "tournament_replay");
}
