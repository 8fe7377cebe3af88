//! A Saint Poker Swiss event's coordinator with no I/O (issue 51; RULES.md §5, "Saint Poker
//! tournaments (Swiss)"): the engine's [`SwissEvent`] fed by members' intents, the clock and the
//! tables' game results, turned into orders for the tables (play this round's game with these
//! players), notices and saves. The same lease, fenced saves and step log as the Hold'em and
//! Draw coordinator ([`Coordinator`](super::Coordinator)): every input the event accepted is a
//! [`Step`] of a [`SavedTournament`] (`Entered`, `Unregistered`, `Tick`, and
//! [`Step::SwissGame`] for a game's result), saved under the [`Lease`], so a new owner rebuilds
//! the event by replaying the log from the seed, tells every table of the round again what it
//! plays, and every table whose result is recorded that it is (a former owner may have stopped
//! before closing it).
//!
//! A Swiss event is free (docs/rule-decisions.md): no money moves, so an entry is acknowledged,
//! and an order or a notice leaves, once the save that holds its cause is recorded.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tavolo_engine::tournament::{
    GameResult, Standing, SwissConfig, SwissEffect, SwissError, SwissEvent, SwissPhase,
    TournamentError,
};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::books::{Answered, Books};
use super::io::{Ack, BookAnswer, BookFailure, Intent, Lease, Now, ReplyId, TournamentSave};
use super::io::{Write, WriteId};
use super::saved::{SavedTournament, Step};
use super::CoordError;
use crate::books::Member;

/// What a Swiss event's coordinator is made from.
#[derive(Clone, Debug)]
pub struct SwissSetup {
    /// The event and the epoch this owner holds it at.
    pub lease: Lease,
    /// Its settings.
    pub config: SwissConfig,
    /// The committed seed of its draws.
    pub seed: [u8; 32],
}

/// One game's result as its table reports it: each player who played and their Saint points,
/// and who did not come.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissGame {
    /// The round (1 = the first).
    pub round: usize,
    /// The table of that round (0 first).
    pub table: usize,
    /// Each player who played and their Saint points.
    pub played: Vec<(UserId, i64)>,
    /// Players seated there who did not come (0 place points).
    pub absent: Vec<UserId>,
}

impl SwissGame {
    fn result(&self) -> GameResult<UserId> {
        GameResult {
            played: self.played.clone(),
            absent: self.absent.clone(),
        }
    }
}

/// Something that happens to a Swiss event.
#[derive(Clone, Debug)]
pub enum SwissInput {
    /// A member's intent (`Register` or `Unregister`), answered under `reply`.
    Intent {
        /// Who.
        member: Member,
        /// What.
        intent: Intent,
        /// The answer's number.
        reply: ReplyId,
    },
    /// The books answered a write.
    Booked(WriteId, BookAnswer),
    /// A table's game is over.
    GameOver(SwissGame),
    /// The time has come to look at the clock.
    Tick,
    /// Another owner has the event: stop at once without a write.
    Lost,
}

/// A table's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissOrder {
    /// Play one game of Saint Poker, game `table` of round `round`, with these players in seat
    /// order (sent again by a new owner: a table playing it already goes on).
    Play {
        /// The round.
        round: usize,
        /// The table.
        table: usize,
        /// The players, seat 0 first.
        players: Vec<Member>,
    },
    /// The table's result is recorded for good: stop sending it (the table closes).
    Recorded {
        /// The round.
        round: usize,
        /// The table.
        table: usize,
    },
}

/// What a player is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissNotice {
    /// A round begins: the player's table and seat.
    Seated {
        /// The round.
        round: usize,
        /// The table.
        table: usize,
        /// The seat.
        seat: usize,
    },
    /// Out of the elimination variant after `round`.
    Eliminated {
        /// The round.
        round: usize,
    },
    /// The event is over: the player's final place (1 first).
    Placed {
        /// The place.
        place: usize,
    },
    /// The event is called off.
    Cancelled,
}

/// What the coordinator asks its shell to do.
#[derive(Clone, Debug, PartialEq)]
pub enum SwissOut {
    /// Answer an intent.
    Answer(ReplyId, Result<Ack, CoordError>),
    /// Give a save to the books; the answer comes back as [`SwissInput::Booked`].
    Book(WriteId, Write),
    /// Send an order to a table.
    Order(SwissOrder),
    /// Tell a player.
    Notice(UserId, SwissNotice),
    /// A table's result refused: nothing changed.
    Refused {
        /// The round it was for.
        round: usize,
        /// The table.
        table: usize,
        /// Why.
        error: CoordError,
    },
    /// The event is over (finished or called off) and saved.
    Finished,
    /// Another owner has it: nothing more happens here.
    Stopped,
}

/// A Swiss event's coordinator (see the module documentation).
pub struct SwissCoordinator {
    lease: Lease,
    seed: [u8; 32],
    event: SwissEvent<UserId>,
    log: Vec<Step>,
    members: BTreeMap<UserId, Member>,
    books: Books,
    /// The order of the last save made, and of the newest the books recorded.
    seq: u64,
    durable: u64,
    dirty: bool,
    /// Answers, orders and notices waiting for the save of their cause (its order).
    held: Vec<(u64, SwissOut)>,
    problems: Vec<String>,
    replaying: bool,
    stopped: bool,
    over: bool,
    now: Now,
    out: Vec<SwissOut>,
}

impl SwissCoordinator {
    fn empty(setup: SwissSetup, now: Now) -> Result<SwissCoordinator, CoordError> {
        Ok(SwissCoordinator {
            event: SwissEvent::new(setup.config, setup.seed)?,
            lease: setup.lease,
            seed: setup.seed,
            log: Vec::new(),
            members: BTreeMap::new(),
            books: Books::default(),
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

    /// A new event taking entries (saved with its first input); refused if its settings cannot
    /// be played.
    pub fn new(setup: SwissSetup, now: Now) -> Result<SwissCoordinator, CoordError> {
        let mut c = SwissCoordinator::empty(setup, now)?;
        c.dirty = true;
        Ok(c)
    }

    /// The event another owner saved (`save`, the newest the books hold, after `held`, the steps
    /// of the log the books hold as rows: [`TournamentSave::from_rows`]), taken over under
    /// `setup`'s lease: the log replayed, every table of the round not yet reported told again
    /// what it plays, and every table whose result the log holds (of every round) that it is
    /// recorded. Refused if the log does not replay.
    pub fn restore(
        setup: SwissSetup,
        held: Vec<Step>,
        save: TournamentSave,
        now: Now,
    ) -> Result<(SwissCoordinator, Vec<SwissOut>), CoordError> {
        save.follows(&setup.seed, held.len())?;
        let mut c = SwissCoordinator::empty(setup, now)?;
        (c.seq, c.durable) = (save.seq, save.seq);
        c.replaying = true;
        for (i, step) in held.into_iter().chain(save.state.log).enumerate() {
            c.apply(step)
                .map_err(|e| CoordError::Saved(format!("step {i} does not replay: {e}")))?;
        }
        c.replaying = false;
        c.dirty = true; // saved again under the new lease
                        // Every table whose result is recorded, of this round and the rounds before, closed
                        // again: the former owner may have recorded it and stopped before it closed the table.
        let recorded = (c.log.iter()).filter_map(|s| match s {
            Step::SwissGame(g) => Some(SwissOrder::Recorded {
                round: g.round,
                table: g.table,
            }),
            _ => None,
        });
        let mut orders: Vec<SwissOrder> = recorded.collect();
        let round = c.event.round();
        let playing = (0..c.event.tables().len()).filter(|t| !c.event.reported(*t));
        orders.extend(playing.map(|t| c.play_order(round, t)).collect::<Vec<_>>());
        let seq = c.seq;
        c.held
            .extend(orders.into_iter().map(|o| (seq, SwissOut::Order(o))));
        let out = c.finish_step();
        Ok((c, out))
    }

    /// Handles one input at `now`; returns what to do.
    pub fn handle(&mut self, input: SwissInput, now: Now) -> Vec<SwissOut> {
        self.now = now;
        if self.stopped {
            if let SwissInput::Intent { reply, .. } = input {
                return vec![SwissOut::Answer(reply, Err(CoordError::Moved))];
            }
            return Vec::new();
        }
        match input {
            SwissInput::Intent {
                member,
                intent,
                reply,
            } => self.intent(member, intent, reply),
            SwissInput::Booked(id, answer) => self.booked(id, answer),
            SwissInput::GameOver(game) => self.game_over(game),
            SwissInput::Tick => {
                let at_ms = self.now.unix_ms;
                if let Err(e) = self.apply(Step::Tick { at_ms }) {
                    tracing::error!(tournament = %self.lease.tournament, error = %e, "the clock could not move the event");
                }
            }
            SwissInput::Lost => self.lost(),
        }
        self.finish_step()
    }

    /// Another owner has the event: stop without another write.
    fn lost(&mut self) {
        self.stopped = true;
        self.books.drop_all();
        for (_, o) in std::mem::take(&mut self.held) {
            if let SwissOut::Answer(reply, _) = o {
                self.out
                    .push(SwissOut::Answer(reply, Err(CoordError::Moved)));
            }
        }
        self.out.push(SwissOut::Stopped);
    }

    /// The members known from their entries, by user.
    pub fn members(&self) -> &BTreeMap<UserId, Member> {
        &self.members
    }

    /// The engine's event, for reading (round, tables, standings).
    pub fn event(&self) -> &SwissEvent<UserId> {
        &self.event
    }

    /// The standings now (the final ones once over), best first, each with the member.
    pub fn standings(&self) -> Vec<(Member, Standing<UserId>)> {
        (self.event.standings().into_iter())
            .map(|s| (self.member(s.player), s))
            .collect()
    }

    /// The inputs the event accepted, oldest first.
    pub fn log(&self) -> &[Step] {
        &self.log
    }

    /// Saves the books refused: the books and the event disagree. Empty while all is well.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Whether the event is over and saved.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// When the coordinator must be woken with [`SwissInput::Tick`] at the latest to send a
    /// save again.
    pub fn next_wake(&self) -> Option<std::time::Instant> {
        self.books.next_retry()
    }

    /// The state as saved now.
    pub fn saved(&self) -> SavedTournament {
        SavedTournament {
            seed: self.seed,
            log: self.log.clone(),
            pending: Vec::new(),
        }
    }

    fn member(&self, user: UserId) -> Member {
        (self.members.get(&user).cloned())
            .unwrap_or_else(|| Member::player(user, format!("#{}", user.0)))
    }

    fn play_order(&self, round: usize, table: usize) -> SwissOrder {
        let players = (self.event.tables().get(table).into_iter().flatten())
            .map(|p| self.member(*p))
            .collect();
        SwissOrder::Play {
            round,
            table,
            players,
        }
    }

    /// An answer, order or notice, out once the next save is recorded (nothing while
    /// replaying).
    fn emit(&mut self, o: SwissOut) {
        if !self.replaying {
            self.held.push((self.seq + 1, o));
        }
    }

    /// Feeds `step` to a copy of the event; kept (logged, saved, its effects carried out) when
    /// the event accepts it.
    fn apply(&mut self, step: Step) -> Result<(), SwissError> {
        let mut event = self.event.clone();
        let effects = match &step {
            Step::Entered { member, .. } => {
                let fx = event.register(member.id)?;
                self.members.insert(member.id, member.clone());
                fx
            }
            Step::Unregistered { user } => event.unregister(*user).map(|()| Vec::new())?,
            Step::Tick { at_ms } => {
                let fx = event.tick(*at_ms);
                if fx.is_empty() {
                    return Ok(()); // the clock changed nothing
                }
                fx
            }
            Step::SwissGame(g) => event.result(g.round, g.table, g.result())?,
            _ => {
                return Err(SwissError::Settings(
                    "a Hold'em tournament's step in a Swiss event".into(),
                ))
            }
        };
        if let Step::SwissGame(g) = &step {
            let (round, table) = (g.round, g.table);
            self.emit(SwissOut::Order(SwissOrder::Recorded { round, table }));
        }
        self.event = event;
        self.dirty = true;
        self.log.push(step);
        self.carry_out(effects);
        Ok(())
    }

    fn carry_out(&mut self, effects: Vec<SwissEffect<UserId>>) {
        let round = self.event.round();
        for e in effects {
            match e {
                SwissEffect::Round { round, tables } => {
                    for (table, players) in tables.iter().enumerate() {
                        self.emit(SwissOut::Order(self.play_order(round, table)));
                        for (seat, p) in players.iter().enumerate() {
                            let n = SwissNotice::Seated { round, table, seat };
                            self.emit(SwissOut::Notice(*p, n));
                        }
                    }
                }
                SwissEffect::Eliminated(out) => {
                    for p in out {
                        // The round just over: the next one has begun by now.
                        let n = SwissNotice::Eliminated {
                            round: round.saturating_sub(1),
                        };
                        self.emit(SwissOut::Notice(p, n));
                    }
                }
                SwissEffect::Finished(last) => {
                    for (i, s) in last.iter().enumerate() {
                        let n = SwissNotice::Placed { place: i + 1 };
                        self.emit(SwissOut::Notice(s.player, n));
                    }
                }
                SwissEffect::Cancelled => {
                    for p in self.event.registered().to_vec() {
                        self.emit(SwissOut::Notice(p, SwissNotice::Cancelled));
                    }
                }
            }
        }
    }

    fn intent(&mut self, member: Member, intent: Intent, reply: ReplyId) {
        let user = member.id;
        let (step, ack) = match intent {
            Intent::Register => {
                let at_ms = self.now.unix_ms;
                let step = Step::Entered {
                    member,
                    n: 1,
                    at_ms,
                };
                (step, Ack::Registered { entry: 1 })
            }
            Intent::Unregister => {
                let ack = Ack::Unregistered {
                    refund: Chips::ZERO,
                };
                (Step::Unregistered { user }, ack)
            }
            Intent::Rebuy | Intent::AddOn | Intent::ProposeDeal { .. } | Intent::AnswerDeal(_) => {
                let why = TournamentError::NotAllowed(
                    "a Swiss event is free: it has no rebuys, add-ons or deals",
                );
                self.out.push(SwissOut::Answer(reply, Err(why.into())));
                return;
            }
            Intent::Cancel => {
                let why = TournamentError::NotAllowed("a Swiss event is not called off yet");
                self.out.push(SwissOut::Answer(reply, Err(why.into())));
                return;
            }
        };
        match self.apply(step) {
            Ok(()) => self.emit(SwissOut::Answer(reply, Ok(ack))),
            Err(e) => self.out.push(SwissOut::Answer(reply, Err(e.into()))),
        }
    }

    /// A table's result: recorded once (the same result again is told recorded again).
    fn game_over(&mut self, game: SwissGame) {
        let (round, table) = (game.round, game.table);
        let before = self.log.iter().find_map(|s| match s {
            Step::SwissGame(g) if (g.round, g.table) == (round, table) => Some(g),
            _ => None,
        });
        let error = match before {
            Some(same) if *same == game => {
                let by = self.seq + u64::from(self.dirty);
                let order = SwissOrder::Recorded { round, table };
                self.held.push((by, SwissOut::Order(order)));
                return;
            }
            Some(_) => CoordError::Reported {
                table,
                hand: round as u64,
            },
            None => match self.apply(Step::SwissGame(game)) {
                Ok(()) => return,
                Err(e) => e.into(),
            },
        };
        self.out.push(SwissOut::Refused {
            round,
            table,
            error,
        });
    }

    fn booked(&mut self, id: WriteId, answer: BookAnswer) {
        match self.books.answered(id, answer, self.now.at) {
            None | Some(Answered::Retry(..)) => {} // sent again when due
            Some(Answered::Final(pending, answer)) => match answer {
                Ok(()) => self.durable = self.durable.max(pending.write.save().seq),
                Err(BookFailure::Fenced) => self.lost(),
                Err(e) => {
                    self.problems.push(format!("a save refused: {e:?}"));
                    self.dirty = true; // saved again with the next step
                }
            },
        }
    }

    /// Sends again what is due, saves what changed, releases what the books have saved.
    fn finish_step(&mut self) -> Vec<SwissOut> {
        if self.stopped {
            return std::mem::take(&mut self.out);
        }
        for (id, write) in self.books.due(self.now.at) {
            self.out.push(SwissOut::Book(id, write));
        }
        if self.dirty && !self.books.saving() {
            self.seq += 1;
            // The whole log each save (a Swiss event is some dozens of steps): the books keep
            // the rows they hold and append the rest.
            let save = Box::new(TournamentSave {
                lease: self.lease.clone(),
                seq: self.seq,
                from: 0,
                state: self.saved(),
            });
            self.dirty = false;
            let write = Write::Save(save);
            let id = self.books.submit(write.clone(), None);
            self.out.push(SwissOut::Book(id, write));
        }
        let durable = self.durable;
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.held)
            .into_iter()
            .partition(|(s, _)| *s <= durable);
        self.held = later;
        self.out.extend(now.into_iter().map(|(_, o)| o));
        let ended = matches!(
            self.event.phase(),
            SwissPhase::Finished | SwissPhase::Cancelled
        );
        if ended && !self.over && self.books.iter().next().is_none() && self.held.is_empty() {
            self.over = true;
            self.out.push(SwissOut::Finished);
        }
        std::mem::take(&mut self.out)
    }
}
