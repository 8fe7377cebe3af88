//! The room's Swiss events of Saint Poker (issue 51; RULES.md §5, "Saint Poker tournaments
//! (Swiss)"): a free event a player creates (`POST /api/tournaments` with `"game": "saint"`) —
//! recorded in the books, its [`SwissCoordinator`] started on this node under the same lease as
//! the Hold'em tournaments, the bots it asks for entered at once — and one taken up again by a
//! node after a restart or a takeover. The coordinator and the tables decide; this only starts
//! them.

use std::sync::Arc;

use serde_json::json;
use tavolo_engine::tournament::{SwissConfig, SwissEvent, SwissStart};
use tavolo_store::{NewTournament, TournamentFence, TournamentRow, UserId};

use super::{invalid, new_tournament, saved_line, saved_seed, swiss_shell};
use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::tournament::{NewSitAndGo, TournamentLine};
use crate::protocol::TableOptions;
use crate::room::Room;
use crate::tournament::handle::TournamentHandle;
use crate::tournament::swiss::{SwissCoordinator, SwissInput, SwissOut, SwissSetup};
use crate::tournament::{Lease, TournamentSave};

/// The largest Swiss event a player may create: 25 tables a round.
pub const MAX_SWISS: usize = 100;

/// The fewest: one table of 3 (two players would play heads-up only).
pub const MIN_SWISS: usize = 3;

/// Why a Swiss event takes no entry or fee (docs/rule-decisions.md, "Swiss events in the room
/// are free").
pub(super) const FREE: &str = "a Swiss event is free: no entry, no fee";

/// Why a Swiss event takes no table size or speed.
pub(super) const OWN_TABLES: &str =
    "a Swiss event's tables are of 4 (3 or 5 for the rest) at the table's own clock";

/// A Swiss event's definition as the books keep it (`tournaments.config`, the row's game
/// `saint`): the engine's settings and its bots' level.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SwissDefinition {
    /// The engine's settings.
    pub swiss: SwissConfig,
    /// The bots' level (`beginner`, `regular`, `strong`).
    pub bot_level: String,
}

impl SwissDefinition {
    /// The definition of an event of `swiss` whose bots play at `bot_level` (default
    /// `regular`) — a player's or the operator's file's — checked as the engine plays it and as
    /// its tables open; refused with the reason.
    pub(super) fn checked(
        swiss: SwissConfig,
        bot_level: Option<&str>,
    ) -> Result<SwissDefinition, RoomError> {
        SwissEvent::<UserId>::new(swiss.clone(), [0; 32]).map_err(|e| invalid(e.to_string()))?;
        let def = SwissDefinition {
            swiss,
            bot_level: bot_level.unwrap_or("regular").into(),
        };
        def.tables("check")?;
        Ok(def)
    }

    /// The lobby's line of event `id` named `name`, made at `created_at`, before it starts.
    pub fn line(&self, id: &str, name: &str, created_at: i64) -> TournamentLine {
        let (kind, players, starts_at, min_players) = match self.swiss.start {
            SwissStart::SitAndGo { players } => ("sit_and_go", players, None, None),
            SwissStart::Scheduled { at_ms, min_players } => {
                let at = i64::try_from(at_ms).unwrap_or(i64::MAX);
                ("scheduled", 0, Some(at), Some(min_players))
            }
        };
        TournamentLine {
            id: id.into(),
            name: name.into(),
            game: "saint".into(),
            structure: "swiss".into(),
            kind: kind.into(),
            speed: "regular".into(),
            seats: 4,
            players,
            created_at,
            starts_at,
            min_players,
            rounds: self.swiss.rounds,
            knockout: self.swiss.knockout,
            ..TournamentLine::default()
        }
    }

    /// The options of its tables, named after `name` (each opened with its round's size).
    pub(super) fn tables(&self, name: &str) -> Result<TableOptions, RoomError> {
        let o = TableOptions::from_json(&json!({
            "game": "saint",
            "name": name,
            "seats": 4,
            "bot_level": self.bot_level,
        }))
        .map_err(RoomError::Options)?;
        crate::table::bots::check_level(&o)?;
        Ok(o)
    }
}

/// The definition of a Swiss event a player asks for; refused with the reason.
pub(super) fn swiss_settings(new: &NewSitAndGo) -> Result<SwissDefinition, RoomError> {
    if !(MIN_SWISS..=MAX_SWISS).contains(&new.players) {
        return Err(invalid(format!(
            "a Swiss event has {MIN_SWISS} to {MAX_SWISS} players"
        )));
    }
    if !new.entry.is_zero() || !new.fee.is_zero() {
        return Err(invalid(FREE));
    }
    if new.seats.is_some() || new.speed.is_some() {
        return Err(invalid(OWN_TABLES));
    }
    if new.bots >= new.players {
        return Err(invalid("at least one seat must be left for players"));
    }
    let swiss = SwissConfig {
        start: SwissStart::SitAndGo {
            players: new.players,
        },
        rounds: new.rounds,
        knockout: new.knockout,
    };
    SwissDefinition::checked(swiss, new.bot_level.as_deref())
}

impl Room {
    /// Creates a free Swiss event of Saint Poker for `creator`: recorded in the books, its
    /// coordinator started here, `new.bots` bots entered at once. Refused with the reason if its
    /// settings cannot be played.
    pub async fn create_swiss(
        self: &Arc<Room>,
        new: NewSitAndGo,
        creator: &Member,
    ) -> Result<String, RoomError> {
        self.may_make_tournaments()?;
        let def = swiss_settings(&new)?;
        let (id, seed) = new_tournament();
        let name = (new.name.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| format!("Swiss {}", &id[1..5]));
        let row = NewTournament {
            id: id.clone(),
            name,
            game: "saint".into(),
            config: serde_json::to_string(&def).map_err(|e| RoomError::Internal(e.to_string()))?,
            seed: tavolo_store::hex(&seed),
            created_by: Some(creator.id),
        };
        let store = self.books.store();
        let fence = (store.create_tournament(&row, &self.node.id, self.node.lease_ms())).await?;
        self.begin_swiss(&def, &row, seed, fence, new.bots).await?;
        tracing::info!(tournament = %id, players = new.players, bots = new.bots, "a Swiss event was created");
        Ok(id)
    }

    /// Starts the coordinator of Swiss event `row` just recorded (held under `fence`) and enters
    /// `bots` bots (free; a refusal is logged).
    pub(super) async fn begin_swiss(
        self: &Arc<Room>,
        def: &SwissDefinition,
        row: &NewTournament,
        seed: [u8; 32],
        fence: TournamentFence,
        bots: usize,
    ) -> Result<(), RoomError> {
        let tables = def.tables(&row.name)?;
        let setup = swiss_setup(&row.id, &fence, def, seed);
        let coord = SwissCoordinator::new(setup, self.tournament_now())
            .map_err(|e| invalid(e.to_string()))?;
        let line = def.line(&row.id, &row.name, tavolo_store::now_ms());
        let handle = self.run_swiss(coord, None, fence, tables, line);
        self.enter_bots(&handle, bots, &def.bot_level).await
    }

    /// Restores a claimed Swiss event's coordinator from the books (`steps`: its log's rows) and
    /// starts it: every table of the round is told again what it plays.
    pub(super) fn restore_swiss(
        self: &Arc<Room>,
        fence: TournamentFence,
        row: TournamentRow,
        steps: &[String],
    ) -> Result<(), RoomError> {
        let bad = |what: &str, e: String| RoomError::Internal(format!("saved {what}: {e}"));
        let def: SwissDefinition =
            serde_json::from_str(&row.config).map_err(|e| bad("definition", e.to_string()))?;
        let seed = saved_seed(&row)?;
        let setup = swiss_setup(&row.id, &fence, &def, seed);
        let now = self.tournament_now();
        let saved = TournamentSave::from_rows(setup.lease.clone(), &row, steps)
            .map_err(|e| bad("state", e))?;
        let (coord, first) = match saved {
            Some((held, save)) => {
                let (c, first) = SwissCoordinator::restore(setup, held, save, now)
                    .map_err(|e| bad("state", e.to_string()))?;
                (c, Some(first))
            }
            None => {
                let c = SwissCoordinator::new(setup, now).map_err(|e| invalid(e.to_string()))?;
                (c, None)
            }
        };
        let line = saved_line(&row).unwrap_or_else(|| def.line(&row.id, &row.name, row.created_at));
        let tables = def.tables(&row.name)?;
        self.run_swiss(coord, first, fence, tables, line);
        Ok(())
    }

    /// Starts the task of a Swiss event's coordinator (`first`: the effects of restoring it;
    /// none: a new one, ticked first) and keeps its handle.
    fn run_swiss(
        self: &Arc<Room>,
        mut coord: SwissCoordinator,
        first: Option<Vec<SwissOut>>,
        fence: TournamentFence,
        tables: TableOptions,
        line: TournamentLine,
    ) -> TournamentHandle {
        let first = first.unwrap_or_else(|| coord.handle(SwissInput::Tick, self.tournament_now()));
        let (handle, rx) = self.keep_tournament(&fence, line);
        let deps = swiss_shell::Deps {
            room: Arc::downgrade(self),
            fence,
            tables,
        };
        tokio::spawn(swiss_shell::run(
            coord,
            first,
            deps,
            rx,
            handle.shown.clone(),
        ));
        handle
    }
}

/// A Swiss event's coordinator's setup: event `id` held under `fence`.
fn swiss_setup(
    id: &str,
    fence: &TournamentFence,
    def: &SwissDefinition,
    seed: [u8; 32],
) -> SwissSetup {
    SwissSetup {
        lease: Lease {
            tournament: id.to_string(),
            epoch: fence.epoch,
        },
        config: def.swiss.clone(),
        seed,
    }
}
