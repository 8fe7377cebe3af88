//! Tables: one tokio task per table owns the game state (no lock around it); connections talk
//! to it through a bounded command channel and receive `table_state` messages on their own
//! bounded outbound queues. The task runs the engine's table model
//! ([`tavolo_engine::table::Table`]) and drives each game through the engine's one game
//! interface ([`tavolo_engine::game::Game`]); nothing here is particular to one game but the
//! choice of engine type and bots when a table is spawned.
//!
//! Each change is serialised once per distinct viewer (each seat, spectators) and the same
//! bytes go to every connection of that viewer.

mod actor;
pub mod options;

use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use tavolo_bots::{draw as draw_bots, holdem as holdem_bots, saint as saint_bots};
use tavolo_engine::draw::DrawHand;
use tavolo_engine::holdem::Hand;
use tavolo_engine::saint::SaintGame;

use tavolo_cards::GameRng;
use tavolo_engine::table::Table;

use crate::books::Member;
use crate::protocol::{Answer, Code, ProtoError};
use crate::Room;
pub use options::{GameKind, TableOptions, TableStatus, TableSummary};

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
    /// `sit_in`, `rebuy`, `leave`, `act`, `change_seat`, `cancel_seat_change`, `add_bot`,
    /// `chat`.
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
    /// `chain`: the head of the player's seed chain.
    Join {
        buy_in: Option<u64>,
        chain: Option<[u8; 32]>,
    },
    /// A new seed chain's head.
    SeedChain {
        head: [u8; 32],
    },
    /// A seed chain's next element, for the next deal.
    Reveal {
        value: [u8; 32],
    },
    Waitlist,
    Watch,
    Unwatch,
    SitOut,
    SitIn,
    Rebuy,
    Leave,
    Act {
        hand: String,
        action: Value,
    },
    ChangeSeat {
        seat: Option<usize>,
    },
    CancelSeatChange,
    /// The creator seats another bot.
    AddBot,
    /// A line of chat (already checked: 1–200 characters, no control characters).
    Chat {
        text: String,
    },
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
    /// The user who created it (`None`: the room itself).
    pub creator: Option<tavolo_store::UserId>,
}

/// Starts a table's task; refuses options the table model does not accept.
pub fn spawn(
    room: Arc<Room>,
    id: String,
    options: TableOptions,
    bots: Vec<Member>,
    creator: Option<tavolo_store::UserId>,
) -> Result<TableHandle, ProtoError> {
    let table = Table::new(options.table_rules(), GameRng::from_os())
        .map_err(|e| ProtoError::new(Code::InvalidOptions, e.to_string()))?;
    let (tx, rx) = mpsc::channel(1024);
    let summary = Arc::new(Mutex::new(TableSummary::new(&id, &options)));
    let handle = TableHandle {
        id: id.clone(),
        tx,
        summary: summary.clone(),
        creator,
    };
    let level = options.bot_spec_name();
    match options.game {
        GameKind::Holdem => {
            let game = (options.holdem_table()?, holdem_bots::bot_spec(&level).ok());
            let a = actor::Actor::<Hand>::new(room, id, options, table, game, summary, rx)
                .created_by(creator);
            tokio::spawn(a.run(bots));
        }
        GameKind::Draw => {
            let game = (options.draw_table()?, draw_bots::bot_spec(&level).ok());
            let a = actor::Actor::<DrawHand>::new(room, id, options, table, game, summary, rx)
                .created_by(creator);
            tokio::spawn(a.run(bots));
        }
        GameKind::Saint => {
            let game = (options.saint_options()?, saint_bots::bot_spec(&level).ok());
            let a = actor::Actor::<SaintGame>::new(room, id, options, table, game, summary, rx)
                .created_by(creator);
            tokio::spawn(a.run(bots));
        }
    }
    Ok(handle)
}
