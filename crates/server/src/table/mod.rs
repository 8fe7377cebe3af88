//! Tables: one tokio task per table owns the game state (no lock around it); connections talk
//! to it through a bounded command channel and receive `table_state` messages on their own
//! bounded outbound queues. One adapter per game implements [`LiveGame`].
//!
//! Each change is serialised once per distinct viewer (each seat, spectators) and the same
//! bytes go to every connection of that viewer.

mod actor;
pub mod draw;
pub mod game;
pub mod holdem;
pub mod options;
pub mod saint;

use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::books::Member;
use crate::protocol::Answer;
use crate::Room;
pub use options::{GameKind, TableOptions, TableSummary};

/// One WebSocket connection as a table sees it.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per server run.
    pub id: u64,
    /// Its user.
    pub user: Member,
    /// Its outbound queue (bounded: a connection that cannot keep up is dropped).
    pub tx: mpsc::Sender<Utf8Bytes>,
    /// Notified when the connection must close (its queue overflowed).
    pub kick: Arc<tokio::sync::Notify>,
}

/// A command for a table's task.
#[derive(Debug)]
pub enum TableCmd {
    /// An intent from a connection: `join`, `waitlist`, `watch`, `unwatch`, `sit_out`,
    /// `sit_in`, `rebuy`, `leave`, `act`, `change_seat`, `cancel_seat_change`.
    Intent {
        /// Who sent it.
        conn: Conn,
        /// What.
        intent: TableIntent,
        /// Where the answer goes.
        reply: oneshot::Sender<Answer>,
    },
    /// `hello` on a connection of a user who is seated, waiting or watching here: send the
    /// full state to it.
    Attach(Conn),
    /// A connection closed.
    Detach(u64),
    /// The server stops: refund the hand in progress, cash everybody out.
    Shutdown(oneshot::Sender<()>),
}

/// The table intents.
#[derive(Debug)]
#[allow(missing_docs)]
pub enum TableIntent {
    Join { buy_in: Option<u64> },
    Waitlist,
    Watch,
    Unwatch,
    SitOut,
    SitIn,
    Rebuy,
    Leave,
    Act { hand: String, action: Value },
    ChangeSeat { seat: Option<usize> },
    CancelSeatChange,
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
}

/// Starts a table's task.
pub fn spawn(room: Arc<Room>, id: String, options: TableOptions, bots: Vec<Member>) -> TableHandle {
    let (tx, rx) = mpsc::channel(1024);
    let summary = Arc::new(Mutex::new(TableSummary::new(&id, &options)));
    let handle = TableHandle {
        id: id.clone(),
        tx,
        summary: summary.clone(),
    };
    match options.game {
        GameKind::Holdem => {
            let a = actor::Actor::<holdem::LiveHoldem>::new(room, id, options, summary, rx);
            tokio::spawn(a.run(bots));
        }
        GameKind::Draw => {
            let a = actor::Actor::<draw::LiveDraw>::new(room, id, options, summary, rx);
            tokio::spawn(a.run(bots));
        }
        GameKind::Saint => {
            let a = actor::Actor::<saint::LiveSaint>::new(room, id, options, summary, rx);
            tokio::spawn(a.run(bots));
        }
    }
    handle
}
