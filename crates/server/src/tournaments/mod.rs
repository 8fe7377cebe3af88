//! The room's tournaments (issue 51; RULES.md §5): a sit-and-go a player creates — recorded in
//! the books, its coordinator started on this node, the bots it asks for entered at once — the
//! lobby's list, one tournament in full, and members' registrations carried to its coordinator.
//! The coordinator and the tables decide; this only finds them and carries words.

use std::sync::{Arc, Mutex};

use serde_json::json;
use tavolo_cards::GameRng;
use tavolo_engine::tournament::{Config, Length, Start};
use tavolo_store::{NewTournament, UserId};
use tokio::sync::{mpsc, oneshot};

use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::tournament::{NewSitAndGo, TournamentAddOn, TournamentDetail, TournamentLine};
use crate::protocol::{OptionsError, TableOptions};
use crate::room::Room;
mod operator;
mod request;
pub mod schedule;
mod shell;
pub mod swiss;
mod swiss_shell;

pub use operator::{operator, FINISHED_LOG_KEPT};
use request::{sit_and_go_settings, speed};
pub use request::{MAX_HANDS_PER_LEVEL, MAX_SIT_AND_GO};

use crate::tournament::handle::{TournamentCmd, TournamentHandle};
use crate::tournament::{
    Ack, CoordError, Coordinator, Intent, Lease, Now, Setup, Shown, TournamentSave,
};

/// A tournament's definition as the books keep it (`tournaments.config`): the engine's settings
/// and what the room adds — its bots' level and the speed's word — so that a node taking it
/// over opens its tables as they were.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Definition {
    /// The engine's settings.
    pub config: Config,
    /// The bots' level (`beginner`, `regular`, `strong`).
    pub bot_level: String,
    /// `regular`, `turbo` or `hyper`.
    pub speed: String,
}

impl Definition {
    /// The lobby's line of tournament `id` named `name`, made at `created_at`, before it starts.
    pub fn line(&self, id: &str, name: &str, created_at: i64) -> TournamentLine {
        let c = &self.config;
        let (kind, players, scheduled) = match c.start {
            Start::SitAndGo { players } => ("sit_and_go", players, None),
            Start::Scheduled {
                at_ms,
                late_until_level,
                min_players,
            } => {
                let at = i64::try_from(at_ms).unwrap_or(i64::MAX);
                ("scheduled", 0, Some((at, late_until_level, min_players)))
            }
        };
        TournamentLine {
            id: id.into(),
            name: name.into(),
            game: c.game.word().into(),
            structure: "no_limit".into(),
            kind: kind.into(),
            speed: self.speed.clone(),
            hands_per_level: match c.structure.length {
                Length::Hands(h) => Some(h),
                Length::Minutes(_) => None,
            },
            entry: c.prize,
            fee: c.fee,
            seats: c.seats,
            players,
            starting_stack: c.structure.starting_stack,
            created_at,
            starts_at: scheduled.map(|s| s.0),
            late_until_level: scheduled.map(|s| s.1),
            min_players: scheduled.map(|s| s.2),
            re_entry: c.re_entry,
            rebuys: c.rebuys,
            add_on: (c.add_on).map(|a| TournamentAddOn {
                chips: a.chips,
                price: a.prize,
            }),
            guarantee: c.guarantee,
            ..TournamentLine::default()
        }
    }

    /// The options of its tables, named after `name` (the game's; the levels' blinds and antes
    /// come from the coordinator).
    fn tables(&self, name: &str) -> Result<TableOptions, RoomError> {
        let o = TableOptions::from_json(&json!({
            "game": self.config.game.word(),
            "name": name,
            "seats": self.config.seats,
            "bot_level": self.bot_level,
        }))
        .map_err(RoomError::Options)?;
        crate::table::bots::check_level(&o)?;
        Ok(o)
    }
}

fn invalid(why: impl Into<String>) -> RoomError {
    RoomError::Options(OptionsError(why.into()))
}

impl Room {
    /// Creates a sit-and-go of No-Limit Hold'em or Five-Card Draw for `creator`: recorded in the books, its
    /// coordinator started here, `new.bots` bots entered at once (paid from the bots'
    /// bankroll). Refused with the reason if its settings cannot be played.
    pub async fn create_sit_and_go(
        self: &Arc<Room>,
        new: NewSitAndGo,
        creator: &Member,
    ) -> Result<String, RoomError> {
        self.may_make_tournaments()?;
        let def = sit_and_go_settings(&new)?;
        let config = def.config.clone();
        let charge = config.prize.try_add(config.fee)?;
        if new.bots > 0 && charge > self.config.max_bot_buy_in {
            return Err(RoomError::BotsTooRich {
                max: self.config.max_bot_buy_in,
                asked: charge,
            });
        }
        let (id, seed) = new_tournament();
        let name = (new.name.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| format!("Sit & Go {}", &id[1..5]));
        def.tables(&name)?;
        let row = NewTournament {
            id: id.clone(),
            name,
            game: config.game.word().into(),
            config: serde_json::to_string(&def).map_err(|e| RoomError::Internal(e.to_string()))?,
            seed: tavolo_store::hex(&seed),
            created_by: Some(creator.id),
        };
        let store = self.books.store();
        let fence = (store.create_tournament(&row, &self.node.id, self.node.lease_ms())).await?;
        self.begin_tournament(&def, &row, seed, fence, new.bots)
            .await?;
        tracing::info!(tournament = %id, players = new.players, bots = new.bots, "a sit-and-go was created");
        Ok(id)
    }

    /// Starts the coordinator of tournament `row` just recorded (held under `fence`) and enters
    /// `bots` bots (paid from the bots' bankroll; a refusal is logged).
    async fn begin_tournament(
        self: &Arc<Room>,
        def: &Definition,
        row: &NewTournament,
        seed: [u8; 32],
        fence: tavolo_store::TournamentFence,
        bots: usize,
    ) -> Result<(), RoomError> {
        let (id, name) = (&row.id, &row.name);
        let tables = def.tables(name)?;
        let setup = Setup {
            lease: Lease {
                tournament: id.clone(),
                epoch: fence.epoch,
            },
            config: def.config.clone(),
            seed,
        };
        let now = self.tournament_now();
        let mut coord = Coordinator::new(setup, now).map_err(|e| invalid(e.to_string()))?;
        let first = coord.handle(crate::tournament::Input::Tick, now);
        let line = def.line(id, name, tavolo_store::now_ms());
        let handle = self.run_tournament(coord, first, fence, tables, line);
        self.enter_bots(&handle, bots, &def.bot_level).await
    }

    /// New tournaments may be made now: not while the room stops or is read-only.
    fn may_make_tournaments(&self) -> Result<(), RoomError> {
        if self.is_closing() {
            return Err(RoomError::ShuttingDown);
        }
        if self.read_only().is_some() {
            return Err(RoomError::Unavailable);
        }
        Ok(())
    }

    /// Enters `bots` bots of `level` in the tournament of `handle` just made (a Hold'em or Draw
    /// one pays from the bots' bankroll; a refusal is logged).
    async fn enter_bots(
        &self,
        handle: &TournamentHandle,
        bots: usize,
        level: &str,
    ) -> Result<(), RoomError> {
        let id = &handle.id;
        for n in 0..bots {
            let account = format!("bot-{}-{}", &id[1..], n + 1);
            let mut bot = self.books.bot(&account).await?;
            bot.name = tavolo_bots::persona::bot_name(id, n, level);
            let why = match tournament_intent(handle, bot, Intent::Register).await {
                Ok(Ok(_)) => continue,
                Ok(Err(e)) => e.to_string(),
                Err(e) => e.to_string(),
            };
            tracing::warn!(tournament = %id, why, "a bot's entry was refused");
        }
        Ok(())
    }

    /// Starts the task of a tournament's coordinator and keeps its handle.
    fn run_tournament(
        self: &Arc<Room>,
        coord: Coordinator,
        first: Vec<crate::tournament::Effect>,
        fence: tavolo_store::TournamentFence,
        tables: TableOptions,
        line: TournamentLine,
    ) -> TournamentHandle {
        let (handle, rx) = self.keep_tournament(&fence, line);
        let deps = shell::Deps {
            room: Arc::downgrade(self),
            fence,
            tables,
        };
        tokio::spawn(shell::run(coord, first, deps, rx, handle.shown.clone()));
        handle
    }

    /// The handle of the tournament (or Swiss event) held here under `fence`, shown from `line`
    /// on, kept in the room's registry; and the commands its task is to take.
    fn keep_tournament(
        &self,
        fence: &tavolo_store::TournamentFence,
        line: TournamentLine,
    ) -> (TournamentHandle, mpsc::Receiver<TournamentCmd>) {
        let (tx, rx) = mpsc::channel(256);
        let handle = TournamentHandle {
            id: fence.tournament.clone(),
            tx,
            shown: Arc::new(Mutex::new(Shown::new(line))),
        };
        self.tournaments.insert(handle.clone());
        (handle, rx)
    }

    /// Takes up the tournaments not over that this node may hold — its own after a restart,
    /// or those whose owner stopped renewing its lease: each claimed (the epoch raised, so the
    /// former owner's writes are refused), its coordinator restored from the newest save, its
    /// tables opened again from theirs.
    pub async fn resume_tournaments(self: &Arc<Room>) {
        if self.read_only().is_some()
            || self
                .node
                .draining
                .load(std::sync::atomic::Ordering::Relaxed)
        {
            return;
        }
        let store = self.books.store();
        // Their ids alone: every node asks at every heartbeat; a node reads the saves (and the
        // logs' rows) of the ones it claims.
        let ids = match store.unfinished_tournaments().await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(error = %e, "could not list the tournaments to resume");
                return;
            }
        };
        for id in ids {
            if self.tournaments.get(&id).is_some() {
                continue;
            }
            let lease = self.node.lease_ms();
            match store.claim_tournament(&id, &self.node.id, lease).await {
                Ok(Some((fence, row))) => {
                    let id = row.id.clone();
                    let steps = (store.tournament_steps(&id, row.steps).await)
                        .map_err(|e| RoomError::Internal(format!("the log's rows: {e}")));
                    let restored = steps.and_then(|s| self.restore_tournament(fence, row, &s));
                    match restored {
                        Ok(()) => tracing::info!(tournament = %id, "a tournament was resumed"),
                        Err(e) => {
                            tracing::error!(tournament = %id, error = %e, "a tournament could not be resumed")
                        }
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(tournament = %id, error = %e, "could not claim a tournament")
                }
            }
        }
    }

    /// Restores a claimed tournament's coordinator from the books and starts it.
    fn restore_tournament(
        self: &Arc<Room>,
        fence: tavolo_store::TournamentFence,
        row: tavolo_store::TournamentRow,
        steps: &[String],
    ) -> Result<(), RoomError> {
        if row.game == "saint" {
            return self.restore_swiss(fence, row, steps);
        }
        let bad = |what: &str, e: String| RoomError::Internal(format!("saved {what}: {e}"));
        let def: Definition =
            serde_json::from_str(&row.config).map_err(|e| bad("definition", e.to_string()))?;
        let seed = saved_seed(&row)?;
        let lease = Lease {
            tournament: row.id.clone(),
            epoch: fence.epoch,
        };
        let setup = Setup {
            lease: lease.clone(),
            config: def.config.clone(),
            seed,
        };
        let now = self.tournament_now();
        let saved = TournamentSave::from_rows(lease, &row, steps).map_err(|e| bad("state", e))?;
        let (coord, first) = match saved {
            Some((held, save)) => Coordinator::restore(setup, held, save, now)
                .map_err(|e| bad("state", e.to_string()))?,
            None => {
                let mut c = Coordinator::new(setup, now).map_err(|e| invalid(e.to_string()))?;
                let first = c.handle(crate::tournament::Input::Tick, now);
                (c, first)
            }
        };
        let line = saved_line(&row).unwrap_or_else(|| def.line(&row.id, &row.name, row.created_at));
        let tables = def.tables(&row.name)?;
        self.run_tournament(coord, first, fence, tables, line);
        Ok(())
    }

    /// The time now for a coordinator.
    pub(crate) fn tournament_now(&self) -> Now {
        Now {
            at: self.config.time.now(),
            unix_ms: self.config.time.unix_ms(),
        }
    }

    /// `member` asks `intent` of tournament `id`.
    pub async fn tournament_intent(
        &self,
        id: &str,
        member: Member,
        intent: Intent,
    ) -> Result<Result<Ack, CoordError>, RoomError> {
        let handle = self
            .tournaments
            .get(id)
            .ok_or(RoomError::NoSuchTournament)?;
        tournament_intent(&handle, member, intent).await
    }

    /// The lobby's lines: the tournaments this node holds, then those the books hold that it
    /// does not (finished ones, or held by another node), newest first.
    pub async fn tournament_lines(&self) -> Result<Vec<TournamentLine>, RoomError> {
        let mut lines: Vec<TournamentLine> = (self.tournaments.all().iter())
            .filter_map(|h| h.shown.lock().ok().map(|s| s.line.clone()))
            .collect();
        for (id, summary) in self.books.store().tournament_lines().await? {
            if lines.iter().any(|l| l.id == id) {
                continue;
            }
            if let Some(line) = summary
                .as_deref()
                .and_then(|s| serde_json::from_str(s).ok())
            {
                lines.push(line);
            }
        }
        lines.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        Ok(lines)
    }

    /// Tournament `id` in full, as `me` sees it.
    pub async fn tournament_detail(
        &self,
        id: &str,
        me: Option<UserId>,
    ) -> Result<TournamentDetail, RoomError> {
        if let Some(h) = self.tournaments.get(id) {
            let s = h
                .shown
                .lock()
                .map_err(|_| RoomError::Internal("poisoned".into()))?;
            return Ok(s.detail(me, self.tournament_now().unix_ms));
        }
        let row = (self.books.store().tournament(id).await?).ok_or(RoomError::NoSuchTournament)?;
        let line = saved_line(&row).ok_or(RoomError::NoSuchTournament)?;
        // Over: as its results were kept with its end (none: held by another node, or ended
        // before they were kept).
        let results = (row.results.as_deref()).and_then(|r| serde_json::from_str(r).ok());
        let shown = Shown::from_books(line, results.unwrap_or_default());
        Ok(shown.detail(me, self.tournament_now().unix_ms))
    }
}

/// A new tournament's id and committed seed, drawn.
fn new_tournament() -> (String, [u8; 32]) {
    let mut rng = GameRng::from_os();
    let seed = GameRng::os_seed();
    (format!("s{:08x}", rng.next_u64() as u32), seed)
}

/// The committed seed of tournament `row`.
fn saved_seed(row: &tavolo_store::TournamentRow) -> Result<[u8; 32], RoomError> {
    let seed = crate::protocol::Hex32::try_from(row.seed.clone());
    let seed = seed.map_err(|e| RoomError::Internal(format!("saved seed: {e}")))?;
    Ok(seed.bytes())
}

/// The lobby line tournament `row` saved last, if any.
fn saved_line(row: &tavolo_store::TournamentRow) -> Option<TournamentLine> {
    (row.summary.as_deref()).and_then(|s| serde_json::from_str(s).ok())
}

/// Sends `intent` to a tournament's task and waits for its answer.
async fn tournament_intent(
    handle: &TournamentHandle,
    member: Member,
    intent: Intent,
) -> Result<Result<Ack, CoordError>, RoomError> {
    let (reply, answer) = oneshot::channel();
    let cmd = TournamentCmd::Intent {
        member,
        intent,
        reply,
    };
    handle
        .tx
        .send(cmd)
        .await
        .map_err(|_| RoomError::TournamentOver)?;
    answer.await.map_err(|_| RoomError::TournamentOver)
}

#[cfg(test)]
mod tests {
    //! The room's registry of tournaments (`crate::tournament::handle`), tested here where a
    //! tournament's definition is (the coordinator's layer does not import the room's).
    use std::sync::{Arc, Mutex};

    use tokio::sync::mpsc;

    use crate::tournament::handle::{TournamentCmd, TournamentHandle, Tournaments};
    use crate::tournament::Shown;

    fn handle(id: &str) -> (TournamentHandle, mpsc::Receiver<TournamentCmd>) {
        use tavolo_engine::tournament::{Config, Speed, Start, Structure, TournamentGame};
        let config = Config {
            game: TournamentGame::Holdem,
            seats: 9,
            structure: Structure::template(Speed::Turbo),
            prize: tavolo_engine::Chips::new(100),
            fee: tavolo_engine::Chips::new(10),
            start: Start::SitAndGo { players: 2 },
            re_entry: false,
            rebuys: false,
            add_on: None,
            guarantee: None,
        };
        let definition = super::Definition {
            config,
            bot_level: "beginner".into(),
            speed: "turbo".into(),
        };
        let shown = Shown::new(definition.line(id, id, 0));
        let (tx, rx) = mpsc::channel(1);
        let shown = Arc::new(Mutex::new(shown));
        (
            TournamentHandle {
                id: id.into(),
                tx,
                shown,
            },
            rx,
        )
    }

    /// Fault (issue 51's 200-player drill, save51's run on a loaded machine): a node whose
    /// coordinator was fenced off while it lived (slowed past its lease) kept the tournament's
    /// handle — its page showed "running, 24 left" after the tournament had finished elsewhere,
    /// and the node would never take the tournament up again. A handle whose task ended is
    /// forgotten; one whose task runs is kept.
    #[test]
    fn a_node_fenced_off_while_alive_forgets_the_tournament() {
        let t = Tournaments::default();
        let (ended, rx) = handle("t1");
        t.insert(ended);
        let (running, _rx) = handle("t2");
        t.insert(running);
        t.forget_ended("t1");
        assert!(t.get("t1").is_some(), "its task still runs");
        drop(rx);
        t.forget_ended("t1");
        t.forget_ended("t2");
        assert!(t.get("t1").is_none());
        assert!(t.get("t2").is_some());
    }
}
