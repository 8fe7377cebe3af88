//! Tables. Each table is a pure core ([`core::TableCore`]: the rules of the table, no I/O) run
//! by an async shell in one tokio task that owns it (no lock around it); connections talk to it
//! through a bounded command channel and receive frames on their own bounded queues. Nothing
//! here is particular to one game but the choice of engine type and bots when a table starts.

pub mod bots;
pub mod core;
mod shell;

use std::sync::{Arc, Mutex};

use tokio::sync::{mpsc, oneshot, Notify, Semaphore};

use tavolo_bots::{draw as draw_bots, holdem as holdem_bots, saint as saint_bots, BotSpec};
use tavolo_cards::GameRng;
use tavolo_engine::draw::DrawHand;
use tavolo_engine::game::Game;
use tavolo_engine::holdem::Hand;
use tavolo_engine::saint::SaintGame;
use tavolo_store::{Claimed, Fence, UserId};

pub use self::core::TableIntent;
use self::core::{CoreConfig, Ledger, Now, SavedState, Setup, Stop, TableCore};
use crate::books::{Books, Member};
use crate::error::RoomError;
use crate::metrics::Metrics;
use crate::protocol::Answer;
pub use crate::protocol::{GameKind, TableOptions, TableStatus, TableSummary};
use crate::sessions::{Answers, Outbound};
use crate::time::Time;
pub(crate) use shell::failure;

/// One WebSocket connection as a table sees it.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per server run.
    pub id: u64,
    /// Its user.
    pub user: Member,
    /// Its outbound queue (bounded: a connection that cannot keep up is dropped).
    pub tx: mpsc::Sender<Outbound>,
    /// Notified when the connection must close (its queue overflowed).
    pub kick: Arc<Notify>,
}

/// Where a table's answer to an intent goes. The table writes it (an `ack` or an `error`
/// with the intent's `seq`), keeps it in the session's replay cache, and queues it on the
/// connection right after the state the intent caused, so that both leave in one write; `told`
/// then hears what it was.
#[derive(Debug)]
pub struct Reply {
    /// The intent's number.
    pub seq: u64,
    /// The session's replay cache.
    pub answers: Answers,
    /// Who waits for the answer (the connection's reader).
    pub told: oneshot::Sender<Answer>,
}

/// A command for a table's task.
#[derive(Debug)]
pub enum TableCmd {
    /// An intent from a connection.
    Intent {
        /// Who sent it.
        conn: Conn,
        /// What.
        intent: TableIntent,
        /// Where the answer goes.
        reply: Reply,
    },
    /// `hello` on a connection of a user who is seated, waiting or watching here: send the
    /// full state to it.
    Attach(Conn),
    /// A connection closed.
    Detach(u64),
    /// The server stops: void the hand in progress, cash everybody out; `done` once closed.
    Shutdown(oneshot::Sender<()>),
    /// Several nodes: another node took the table over. Stop at once without a write.
    Lost,
    /// Several nodes: this node drains. Deal no more; once the hand in play is over, save the
    /// table, end the lease (another node claims it at once) and stop; `done` then.
    Drain(oneshot::Sender<()>),
    /// The tournament's coordinator orders a tournament table.
    Order(core::Order),
}

/// Where a tournament table sends its reports: its id and the report, to its coordinator.
pub type ReportSink = mpsc::UnboundedSender<(String, core::Report)>;

impl TableCmd {
    /// Whether this is a player's action (timed for the latency metric).
    fn is_action(&self) -> bool {
        matches!(
            self,
            TableCmd::Intent {
                intent: TableIntent::Act { .. },
                ..
            }
        )
    }
}

/// What a table tells the room around it: its lobby line, who is present, that it stopped.
pub trait Notices: Send + Sync + std::fmt::Debug {
    /// The table's lobby line changed.
    fn summary(&self, summary: &TableSummary);
    /// `user` is now present at `table` (seated, waiting or watching), or no longer.
    fn presence(&self, user: UserId, table: &str, here: bool);
    /// The table's work here is over.
    fn stopped(&self, table: &str, how: Stop);
}

/// What a table's task needs from the room.
#[derive(Clone, Debug)]
pub struct TableDeps {
    /// The books.
    pub books: Books,
    /// The room's metrics.
    pub metrics: Arc<Metrics>,
    /// The lobby.
    pub notices: Arc<dyn Notices>,
    /// The room's clock.
    pub time: Time,
    /// The core's settings.
    pub core: CoreConfig,
    /// Tests only: a player's buy-in waits for a permit of this semaphore.
    pub funding_gate: Option<Arc<Semaphore>>,
    /// The table's options (set by [`spawn`]).
    pub options: TableOptions,
    /// Which rules the table plays: a cash table's, or a tournament's.
    pub kind: core::TableKind,
    /// A tournament table's coordinator, which hears its reports.
    pub reports: Option<ReportSink>,
}

/// A table as the lobby holds it.
#[derive(Clone, Debug)]
pub struct TableHandle {
    /// The table's id.
    pub id: String,
    /// Its command channel.
    pub tx: mpsc::Sender<TableCmd>,
    /// Its lobby summary, updated by the table's task.
    pub summary: Arc<Mutex<TableSummary>>,
    /// Its options.
    pub options: Arc<TableOptions>,
    /// The user who created it (`None`: the room).
    pub creator: Option<UserId>,
    /// The epoch this node holds it at.
    pub epoch: i64,
}

/// How a table starts: new (with its bots' accounts), or restored from a previous owner.
pub enum Start {
    /// A new table with these bots (and, for a table never saved that a node claimed, the
    /// chips the books hold on its seats, which go home).
    New(Vec<Member>, Ledger),
    /// Taken over: as saved, with what the books hold.
    Restore(Box<SavedState>, Ledger),
}

/// Starts a table's task; refuses options the table model does not accept.
pub fn spawn(
    mut deps: TableDeps,
    fence: Fence,
    options: TableOptions,
    creator: Option<UserId>,
    start: Start,
) -> Result<TableHandle, RoomError> {
    deps.options = options.clone();
    let id = fence.table.clone();
    let (tx, rx) = mpsc::channel(1024);
    let summary = Arc::new(Mutex::new(TableSummary::new(&id, &options)));
    let handle = TableHandle {
        id,
        tx,
        summary: summary.clone(),
        options: Arc::new(options.clone()),
        creator,
        epoch: fence.epoch,
    };
    let n = options.bot_level.clone();
    let go = Launch {
        deps,
        fence,
        owner: (creator, start),
        rx,
        summary,
    };
    match options.game {
        GameKind::Holdem => {
            launch::<Hand>(go, options.holdem_table()?, holdem_bots::bot_spec(&n).ok())?
        }
        GameKind::Draw => {
            launch::<DrawHand>(go, options.draw_table()?, draw_bots::bot_spec(&n).ok())?
        }
        GameKind::Saint => {
            launch::<SaintGame>(go, options.saint_options()?, saint_bots::bot_spec(&n).ok())?
        }
    }
    Ok(handle)
}

/// What a table's task starts with, whatever its game.
struct Launch {
    deps: TableDeps,
    fence: Fence,
    /// Who created it, and how it starts.
    owner: (Option<UserId>, Start),
    rx: mpsc::Receiver<TableCmd>,
    summary: Arc<Mutex<TableSummary>>,
}

/// Makes the core of a table of game `G` (its `rules`, its bots' `spec`) and starts its task.
fn launch<G: Game>(
    go: Launch,
    rules: G::Options,
    spec: Option<BotSpec<G>>,
) -> Result<(), RoomError> {
    let Launch {
        deps,
        fence,
        owner: (creator, start),
        rx,
        summary,
    } = go;
    // Bots that think for long (searches, simulations) think on the blocking pool.
    let offload = spec.as_ref().is_some_and(BotSpec::thinks_long);
    let setup = Setup {
        fence: fence.clone(),
        options: deps.options.clone(),
        rules,
        spec,
        offload,
        creator,
        config: deps.core.clone(),
        kind: deps.kind.clone(),
        rng: GameRng::from_os(),
    };
    let now = Now {
        at: deps.time.now(),
        unix_ms: tavolo_store::now_ms().max(0) as u64,
    };
    let (core, first) = match start {
        Start::New(bots, ledger) => TableCore::new(setup, bots, ledger, now)?,
        Start::Restore(saved, ledger) => TableCore::restore(setup, *saved, ledger, now)?,
    };
    tokio::spawn(shell::run(core, first, (deps, fence), rx, summary));
    Ok(())
}

/// Starts playing a table this node has just claimed: restored from its saved state with the
/// stacks the ledger holds; a table never saved (placed here by another node) opens as new, with
/// its bots.
pub async fn restore(deps: TableDeps, claimed: Claimed) -> Result<TableHandle, RoomError> {
    let options: TableOptions = serde_json::from_str(&claimed.options)
        .map_err(|e| RoomError::Internal(format!("saved options: {e}")))
        .and_then(|o: TableOptions| o.checked().map_err(RoomError::Options))?;
    let fence = claimed.fence.clone();
    let saved: Option<SavedState> = (claimed.state.as_deref())
        .map(serde_json::from_str)
        .transpose()
        .map_err(|e| RoomError::Internal(format!("saved state: {e}")))?;
    // The owners of chips on seats the saved table does not know: they go home.
    let mut strays = Vec::new();
    for (user, _) in &claimed.seats {
        let known =
            (saved.as_ref()).is_some_and(|s| s.table.seats.iter().any(|s| s.player.id == *user));
        if !known {
            strays.push(Member::from(deps.books.store().user(*user).await?));
        }
    }
    let ledger = Ledger {
        seats: claimed.seats.clone(),
        pot: claimed.pot,
        strays,
        saved_seq: claimed.saved_seq,
    };
    let Some(saved) = saved else {
        let mut made = Vec::new();
        for i in 0..options.bots {
            made.push(bots::new_bot(&deps.books, &fence.table, i, &options).await?);
        }
        return spawn(
            deps,
            fence,
            options,
            claimed.creator,
            Start::New(made, ledger),
        );
    };
    spawn(
        deps,
        fence,
        options,
        claimed.creator,
        Start::Restore(Box::new(saved), ledger),
    )
}
