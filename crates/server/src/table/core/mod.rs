//! The room's table with no I/O: [`TableCore::handle`] takes an [`Input`] and the time it
//! happens at, changes the table, and returns the [`Effect`]s to carry out — frames for
//! connections, answers to intents, writes for the books, bots to ask. No tokio, no store, no
//! socket: the same core runs under the async shell (`super::shell`) in the room and under the
//! deterministic simulation in the tests, where one seed drives every input, fault and clock.
//!
//! Its parts own their state: the seats are the engine's [`Table`] (with the books' tickets);
//! `play` the hand in play and its bots; `money` the writes pending in the books with their
//! keys (`pending` sends them again, for a tournament's coordinator too); `clock` the clocks; `audience` who listens and what each was last sent; `seeds`
//! the seeds; `chat` the chat. Invariants it keeps (and the simulation checks after every
//! step):
//! - a chip reaches a stack only once the books have funded it; a hand's result changes the
//!   stacks only once the books have recorded it; an intent is answered `Ok` without `pending`
//!   only for what the books recorded, and never for what they refused;
//! - every write carries a key made from durable facts (the table, the epoch the database gave
//!   this owner, the owner's count, the hand), sent again unchanged until answered for good;
//! - a frame goes to a connection only when that viewer's state changed, and a change that only
//!   one player can see (a Saint Poker choice) reaches only that player: nothing any other
//!   viewer receives depends on it.

mod audience;
mod chat;
mod clock;
mod deal;
pub mod io;
mod kind;
mod life;
mod money;
pub mod pending;
mod play;
mod queries;
pub mod saved;
mod seating;
mod seeds;
mod shared_view;
mod tournament;
mod view;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use tavolo_bots::{BotSpec, Budget};
use tavolo_cards::GameRng;
use tavolo_engine::game::Game;
use tavolo_engine::table::{SavedTable, Table, TableRules};
use tavolo_engine::Chips;
use tavolo_store::{Fence, UserId};

use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::{TableOptions, TableStatus, TableSummary};
pub use audience::Audience;
use chat::TableChat;
use clock::Clock;
use deal::{Dealing, Ended};
pub use io::{
    Ask, BookAnswer, BookFailure, Booked, ConnId, Count, Effect, Frame, HandOver, Input,
    LevelOrder, Now, Order, Permit, ReplyId, Report, Stop, TableIntent, Thought, Write, WriteId,
};
pub use kind::{Absence, Stacks, TableKind};
use money::{Money, Purpose};
use play::Live;
pub use saved::SavedState;
use seeds::Seeds;
pub use tournament::Tour;

/// The room's settings a table's core follows.
#[derive(Clone, Debug)]
pub struct CoreConfig {
    /// How long a bot waits before acting (0: at once).
    pub bot_delay: Duration,
    /// The pause between hands, while the result is shown.
    pub hand_pause: Duration,
    /// A table with nobody but bots closes after this.
    pub idle_close: Duration,
    /// Several nodes share the room: the table is saved for a takeover as it changes.
    pub saves: bool,
    /// How long a bot may think about one decision.
    pub bot_budget: Budget,
    /// Chat lines per second each person may write, and the burst.
    pub chat_rate: (f64, f64),
}

impl Default for CoreConfig {
    fn default() -> Self {
        CoreConfig {
            bot_delay: Duration::ZERO,
            hand_pause: Duration::ZERO,
            idle_close: Duration::from_secs(15 * 60),
            saves: false,
            bot_budget: Budget::limited(Duration::from_millis(500)),
            chat_rate: (0.5, 5.0),
        }
    }
}

/// What a table's core is made from.
pub struct Setup<G: Game> {
    /// The table and the epoch this owner holds it at.
    pub fence: Fence,
    /// Its options.
    pub options: TableOptions,
    /// The game's options at this table.
    pub rules: G::Options,
    /// How the table's bots are made (`None`: no bots of this level exist for the game).
    pub spec: Option<BotSpec<G>>,
    /// The bots think away from the core (those that take long: on the blocking pool).
    pub offload: bool,
    /// Who created the table (`None`: the room): they may add bots.
    pub creator: Option<UserId>,
    /// The room's settings.
    pub config: CoreConfig,
    /// Which rules the table plays (fixed for its life).
    pub kind: TableKind,
    /// The table's generator: seats, the room's parts of the seeds, the bots' seeds. Seeded by
    /// the operating system in the room, by the simulation's seed in tests.
    pub rng: GameRng,
}

/// What the books hold for a table a node has just claimed: the ledger alone decides stacks.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// Each seat account's chips.
    pub seats: Vec<(UserId, i64)>,
    /// The chips in the table's pot.
    pub pot: i64,
    /// The owners of seat accounts the saved table does not know (a buy-in booked after the last
    /// save, a cash-out not booked before the takeover), whose chips go home.
    pub strays: Vec<Member>,
    /// The order of the save the table is restored from (0: never saved): the new owner's saves
    /// count on from it, so that the books keep them over it.
    pub saved_seq: i64,
}

/// Where the table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Dealing and taking players.
    Open,
    /// This node drains: no new hand; handed on once the hand in play is over.
    Draining,
    /// Closing: waiting for the books to close it.
    Closing,
    /// Another node has it, or it is closed: nothing more happens here.
    Stopped,
}

/// A table of game `G` with no I/O (see the module documentation).
pub struct TableCore<G: Game> {
    id: String,
    epoch: i64,
    o: TableOptions,
    /// The options as every state writes them (serialised once).
    options_json: Box<serde_json::value::RawValue>,
    rules: G::Options,
    config: CoreConfig,
    creator: Option<UserId>,
    /// Which rules the table plays.
    kind: TableKind,
    /// A tournament table's orders in force, and its last hand over.
    tour: Tour,
    stage: Stage,
    /// Seats, the waiting list and the button: the rules between hands.
    table: Table<Member>,
    money: Money,
    /// Intents waiting for the first answer of a write.
    replies: Vec<(WriteId, ReplyId, Reply)>,
    /// The hand being dealt (its begin is with the books).
    dealing: Option<Dealing<G>>,
    /// The hand in play, or over and being settled.
    hand: Option<Live<G>>,
    /// The hand's result being recorded.
    settling: Option<WriteId>,
    /// The hand that ended last, shown until the next deal.
    last: Option<Live<G>>,
    /// The last result (as written once), shown until the next deal.
    result: Option<Box<serde_json::value::RawValue>>,
    /// The last hand that is over, for its seed.
    previous: Option<Ended>,
    /// Why the books do not answer, while a write waits to be sent again.
    stalled: Option<String>,
    chat: TableChat,
    clock: Clock,
    audience: Audience,
    seeds: Seeds,
    bots: play::Bots<G>,
    bots_made: usize,
    rng: GameRng,
    /// The time of the input being handled; its `unix_ms` follows the first input's pairing
    /// of the two clocks (so a time shown to clients does not jitter between steps).
    now: Now,
    /// The first input's time: the pairing of the room's clock with Unix time.
    anchor: Now,
    /// Who was present at the end of the last step (seated, waiting, watching).
    present: BTreeSet<UserId>,
    /// Players whose seat was freed because they sat out too long, watching since: each is told
    /// why until they sit down again or stop watching.
    lost_seats: BTreeSet<UserId>,
    /// Whether this step's input was a move in the hand in play (a player's or a bot's), which
    /// changes nothing a takeover restores until the hand ends.
    moved: bool,
    summary: Option<TableSummary>,
    /// The state last given to the books to save, and a newer one waiting for it.
    saved: Option<SavedState>,
    /// The order of the last save made (each save carries the next: the books keep the newest).
    save_seq: i64,
    save_in_flight: Option<WriteId>,
    out: Vec<Effect<G>>,
}

/// What an intent waiting for a write is answered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// A buy-in: the seat.
    Seat(usize),
    /// A rebuy: the stack bought.
    Rebuy(Chips),
    /// A cash-out: the stack.
    Stack(Chips),
    /// A bot added.
    Bot,
}

impl<G: Game> TableCore<G> {
    fn empty(setup: Setup<G>, table: Table<Member>, now: Now) -> TableCore<G> {
        let Setup {
            fence,
            options,
            rules,
            spec,
            offload,
            creator,
            config,
            kind,
            mut rng,
        } = setup;
        let seeds = Seeds::new(draw32(&mut rng));
        let chat = TableChat::new(config.chat_rate);
        let (per_decision, bank) = kind.clock(&options, 1);
        let clock = Clock::new(per_decision, bank, now.at);
        let options_json = (serde_json::to_string(&options).ok())
            .and_then(|s| serde_json::value::RawValue::from_string(s).ok())
            .unwrap_or_else(|| {
                serde_json::value::RawValue::from_string("{}".into()).unwrap_or_default()
            });
        TableCore {
            options_json,
            money: Money::new(&fence.table, fence.epoch),
            id: fence.table,
            epoch: fence.epoch,
            o: options,
            rules,
            config,
            creator,
            kind,
            tour: Tour::default(),
            stage: Stage::Open,
            table,
            replies: Vec::new(),
            dealing: None,
            hand: None,
            settling: None,
            last: None,
            result: None,
            previous: None,
            stalled: None,
            chat,
            clock,
            audience: Audience::default(),
            seeds,
            bots: play::Bots::new(spec, offload),
            bots_made: 0,
            rng,
            now,
            anchor: now,
            present: BTreeSet::new(),
            lost_seats: BTreeSet::new(),
            moved: false,
            summary: None,
            saved: None,
            save_seq: 0,
            save_in_flight: None,
            out: Vec::new(),
        }
    }

    /// A new table with `bots` seated (their accounts made), and the effects of seating them.
    /// `ledger`: what the books hold for a table never saved that a node has just claimed (its
    /// seats' chips go home; empty for a table just opened).
    pub fn new(
        mut setup: Setup<G>,
        bots: Vec<Member>,
        ledger: Ledger,
        now: Now,
    ) -> Result<(TableCore<G>, Vec<Effect<G>>), RoomError> {
        if setup.kind.is_tournament() && !matches!(G::NAME, "holdem" | "draw" | "saint") {
            return Err(RoomError::Internal(format!(
                "tournament tables deal Hold'em, Draw or Saint Poker, not {}",
                G::NAME
            )));
        }
        let rules = setup.kind.table_rules(&setup.options);
        let table = Table::new(rules, GameRng::from_seed(draw32(&mut setup.rng)))
            .map_err(RoomError::Seating)?;
        let mut core = TableCore::empty(setup, table, now);
        core.save_seq = ledger.saved_seq;
        core.bots_made = bots.len();
        core.send_home(&ledger, &[])?;
        for b in bots {
            match core.table.join(b) {
                Ok(change) => core.book(change, None),
                Err(e) => tracing::error!(table = %core.id, error = %e, "no seat for a bot"),
            }
        }
        let out = core.finish_step();
        Ok((core, out))
    }

    /// A table another owner saved, taken over at a new epoch: the stacks are the ledger's, and
    /// chips on a seat the saved table does not know go home.
    pub fn restore(
        mut setup: Setup<G>,
        saved: SavedState,
        ledger: Ledger,
        now: Now,
    ) -> Result<(TableCore<G>, Vec<Effect<G>>), RoomError> {
        let rules: TableRules = setup.kind.table_rules(&setup.options);
        let mut state: SavedTable<Member> = saved.table;
        let held = |user: UserId| {
            (ledger.seats.iter())
                .find(|(u, _)| *u == user)
                .map_or(Ok(Chips::ZERO), |(_, c)| Chips::from_ledger(*c))
        };
        if rules.has_stacks() && setup.kind.stacks() == Stacks::Ledger {
            for s in &mut state.seats {
                s.stack = held(s.player.id)?;
            }
            state.carried = Chips::from_ledger(ledger.pot)?;
        }
        let table = Table::restore(rules, GameRng::from_seed(draw32(&mut setup.rng)), state)
            .map_err(RoomError::Seating)?;
        let mut core = TableCore::empty(setup, table, now);
        core.save_seq = ledger.saved_seq;
        core.bots_made = saved.bots_made;
        let seated: Vec<UserId> = core.table.seats().map(|(_, o)| o.player.id).collect();
        for u in &seated {
            core.clock.seated(*u);
            core.out.push(Effect::Count(Count::Seated));
        }
        core.tour = saved.tournament.map(|t| *t).unwrap_or_default();
        // A table taken over deals only on its coordinator's go, which its relay gives again
        // once the table has told what it restored: the permission its save kept (given back
        // by the hand the takeover voided) would deal a second hand on that one go.
        core.tour.permit = Permit::Hold;
        if let Some(l) = core.tour.level {
            let (_, bank) = core.kind.clock(&core.o, l.number);
            core.clock.grow_banks(bank);
        }
        core.clock.restore_banks(&saved.banks);
        core.tell_restored();
        core.chat.restore(saved.chat);
        core.lost_seats = saved.lost_seats.into_iter().collect();
        core.send_home(&ledger, &seated)?;
        let out = core.finish_step();
        Ok((core, out))
    }

    /// The chips of seats the table does not know (not among `seated`) go back to their owners.
    fn send_home(&mut self, ledger: &Ledger, seated: &[UserId]) -> Result<(), RoomError> {
        for m in &ledger.strays {
            let held = (ledger.seats.iter())
                .find(|(u, _)| *u == m.id)
                .map_or(0, |(_, c)| *c);
            let chips = Chips::from_ledger(held)?;
            if chips > 0 && !seated.contains(&m.id) {
                self.cash_out(m, chips, Purpose::Refund);
            }
        }
        Ok(())
    }

    /// Handles one input at `now`; returns what to do.
    pub fn handle(&mut self, input: Input<G>, now: Now) -> Vec<Effect<G>> {
        self.now = Now {
            at: now.at,
            unix_ms: self.anchor.unix_of(now.at),
        };
        if self.stage == Stage::Stopped {
            return Vec::new();
        }
        self.moved = matches!(
            &input,
            Input::Intent {
                intent: TableIntent::Act { .. },
                ..
            } | Input::Thought(_)
        );
        match input {
            Input::Intent {
                conn,
                user,
                intent,
                reply,
            } => self.intent(conn, &user, intent, reply),
            Input::Attach { conn, user } => self.attach(conn, &user),
            Input::Detach(conn) => self.audience.detach(conn),
            Input::Booked(id, answer) => self.booked(id, answer),
            Input::Thought(t) => self.thought(t),
            Input::Tick => self.on_timer(),
            Input::Drain => {
                if self.stage == Stage::Open {
                    self.stage = Stage::Draining;
                }
            }
            Input::Shutdown => self.shut_down(),
            Input::Lost => self.lost(),
            Input::Order(order) => self.order(order),
        }
        self.finish_step()
    }

    /// Runs what can happen now without a player, sends what changed, and hands the effects
    /// over.
    fn finish_step(&mut self) -> Vec<Effect<G>> {
        if self.stage != Stage::Stopped {
            self.retry_due();
            self.progress();
            self.publish();
            // After publishing: a viewer who left in this step no longer keeps the table busy.
            if self.note_idle() {
                self.publish();
            }
        }
        std::mem::take(&mut self.out)
    }

    /// When the core must be woken with [`Input::Tick`] if nothing else happens: a deadline, a
    /// bot's turn, the next deal, a write to send again, the idle limit.
    pub fn next_wake(&self) -> Option<Instant> {
        if self.stage == Stage::Stopped {
            return None;
        }
        let mut wake: Option<Instant> = None;
        let mut at = |t: Option<Instant>| {
            if let Some(t) = t {
                wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
            }
        };
        match &self.hand {
            Some(live) if !live.played.game.is_over() => {
                for s in 0..live.seats.len() {
                    at(self.deadline(live, s));
                }
                at(self.clock.bot_at());
            }
            Some(_) => {}
            None => at(self.clock.next_hand_at),
        }
        at(self.money.writes.next_retry());
        if self.stage == Stage::Open && self.kind.closes_when_idle() {
            at(self.clock.idle_until(self.config.idle_close));
        }
        wake
    }

    /// The fence of this owner's writes.
    fn fence(&self) -> Fence {
        Fence {
            table: self.id.clone(),
            epoch: self.epoch,
        }
    }

    /// Gives `write` to the books for `purpose`.
    fn submit(&mut self, write: Write, purpose: Purpose) -> WriteId {
        let id = self.money.writes.submit(write.clone(), purpose);
        self.out.push(Effect::Book(id, write));
        id
    }

    /// Sends again the writes whose pause is over.
    fn retry_due(&mut self) {
        for (id, write) in self.money.writes.due(self.now.at) {
            self.out.push(Effect::Book(id, write));
        }
    }

    /// Whether the user is seated, waiting or watching here.
    fn is_present(&self, user: UserId) -> bool {
        self.seat_of(user).is_some()
            || self.table.waiting().any(|m| m.id == user)
            || self.audience.is_watching(user)
    }

    fn seat_of(&self, user: UserId) -> Option<usize> {
        self.table
            .seats()
            .find(|(_, o)| o.player.id == user)
            .map(|(s, _)| s)
    }

    /// Whether anybody but bots is here (seated, or listening).
    fn has_audience(&self) -> bool {
        self.audience.has_connections() || self.table.seats().any(|(_, o)| !o.player.bot)
    }

    /// The lobby's line for the table as it is now.
    fn current_summary(&self) -> TableSummary {
        let mut s = TableSummary::new(&self.id, &self.o);
        (s.seated, s.waiting, s.bots, s.state, s.needed) = self.summary_counts();
        s
    }

    /// What changes in the lobby's line while the table lives (the rest is its options): the
    /// seats taken, the list, the bots, the state (a table dealing hands plays through the pause
    /// between them: issue 49, "waiting" flickered beside a table of bots at every hand's end)
    /// and the players a deal still needs.
    fn summary_counts(&self) -> (usize, usize, usize, TableStatus, usize) {
        let state = if self.stage == Stage::Closing || self.stage == Stage::Stopped {
            TableStatus::Closed
        } else if self.hand.is_some() || self.dealing.is_some() || self.clock.next_hand_at.is_some()
        {
            TableStatus::Playing
        } else {
            TableStatus::Waiting
        };
        // seats dealt in the hand in play, ready for the next deal, or whose buy-in the books
        // are booking (they play the next hand unless the books refuse it: a lobby read in that
        // moment must not tell a newcomer the table needs players it has)
        let ready = (self.table.seats())
            .filter(|&(s, o)| {
                o.is_playing() || (o.is_funding() && !o.sitting_out) || self.table.ready(s)
            })
            .count();
        (
            self.table.seats().count(),
            self.table.waiting().count(),
            self.table.seats().filter(|(_, o)| o.player.bot).count(),
            state,
            self.table.rules().min_players.saturating_sub(ready),
        )
    }

    /// Whether `s`, the lobby's line last published, still tells the table as it is.
    fn summary_holds(&self, s: &TableSummary) -> bool {
        (s.seated, s.waiting, s.bots, s.state, s.needed) == self.summary_counts()
    }
}

/// How many players who lost their seat a saved table remembers (the notice is a courtesy: a
/// table many strangers left must not grow its saved state without end).
const LOST_SEATS_KEPT: usize = 64;

/// 32 bytes from the table's generator.
fn draw32(rng: &mut GameRng) -> [u8; 32] {
    let mut out = [0u8; 32];
    for chunk in out.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    out
}
