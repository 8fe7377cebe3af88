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
use tavolo_engine::table::{SavedTable, Table};
use tavolo_store::{Claimed, Fence};

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
    /// Several nodes: another node took the table over (this node's lease is gone). Stop at
    /// once without a write: the hand in play and every chip are the new owner's now.
    Lost,
    /// Several nodes: this node drains. Deal no more; once the hand in play is over, save the
    /// table, end the lease (another node claims it at once) and stop.
    Drain(oneshot::Sender<()>),
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
    /// The epoch this node holds it at.
    pub epoch: i64,
}

/// Starts a table's task; refuses options the table model does not accept. `saved`: the table
/// as its last owner saved it (a takeover); `None`: a new table, with `bots` seated.
pub fn spawn(
    room: Arc<Room>,
    fence: Fence,
    options: TableOptions,
    bots: Vec<Member>,
    creator: Option<tavolo_store::UserId>,
    saved: Option<SavedState>,
) -> Result<TableHandle, ProtoError> {
    let rules = options.table_rules();
    let bots_made = saved.as_ref().map_or(0, |s| s.bots_made);
    let table = match saved {
        Some(saved) => Table::restore(rules, GameRng::from_os(), saved.table),
        None => Table::new(rules, GameRng::from_os()),
    }
    .map_err(|e| ProtoError::new(Code::InvalidOptions, e.to_string()))?;
    let id = fence.table.clone();
    let (tx, rx) = mpsc::channel(1024);
    let me = tx.downgrade();
    let summary = Arc::new(Mutex::new(TableSummary::new(&id, &options)));
    let handle = TableHandle {
        id: id.clone(),
        tx,
        summary: summary.clone(),
        creator,
        epoch: fence.epoch,
    };
    let level = options.bot_spec_name();
    match options.game {
        GameKind::Holdem => {
            let game = (options.holdem_table()?, holdem_bots::bot_spec(&level).ok());
            let a = actor::Actor::<Hand>::new(room, fence, options, table, game, summary, rx)
                .created_by(creator)
                .made_bots(bots_made)
                .reachable_at(me.clone());
            tokio::spawn(a.run(bots));
        }
        GameKind::Draw => {
            let game = (options.draw_table()?, draw_bots::bot_spec(&level).ok());
            let a = actor::Actor::<DrawHand>::new(room, fence, options, table, game, summary, rx)
                .created_by(creator)
                .made_bots(bots_made)
                .reachable_at(me.clone());
            tokio::spawn(a.run(bots));
        }
        GameKind::Saint => {
            let game = (options.saint_options()?, saint_bots::bot_spec(&level).ok());
            let a = actor::Actor::<SaintGame>::new(room, fence, options, table, game, summary, rx)
                .created_by(creator)
                .made_bots(bots_made)
                .reachable_at(me.clone());
            tokio::spawn(a.run(bots));
        }
    }
    Ok(handle)
}

/// The table's state as saved for a takeover (`card_tables.state`). (Who created the table is
/// the table row's `created_by`, [`Claimed::creator`](tavolo_store::Claimed::creator).)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedState {
    /// Seats, waiting list, "the hand".
    pub table: SavedTable<Member>,
    /// Bots made for the table so far.
    pub bots_made: usize,
}

/// Starts playing a table this node has just claimed: restored from its saved state, with the
/// stacks the ledger holds (a seat's account is the truth about its chips) and the pot's chips
/// carried; a table never saved (placed here by another node) opens as new, with its bots.
/// Chips on a seat the saved state does not know (a buy-in booked after the last save) go back
/// to their owner.
pub async fn restore(room: Arc<Room>, claimed: Claimed) -> Result<TableHandle, ProtoError> {
    let options: TableOptions = serde_json::from_str(&claimed.options)
        .map_err(|e| ProtoError::new(Code::InvalidOptions, e.to_string()))
        .and_then(TableOptions::checked)?;
    let saved: Option<SavedState> = match claimed.state.as_deref() {
        Some(s) => Some(
            serde_json::from_str(s)
                .map_err(|e| ProtoError::new(Code::Internal, format!("saved state: {e}")))?,
        ),
        None => None,
    };
    let fence = claimed.fence.clone();
    let Some(mut state) = saved else {
        let mut bots = Vec::new();
        for i in 0..options.bots {
            bots.push(room.new_bot(&fence.table, i, &options).await?);
        }
        return spawn(room, fence, options, bots, claimed.creator, None);
    };
    let betting = options.betting();
    let ledger = |user| {
        (claimed.seats.iter())
            .find(|(u, _)| *u == user)
            .map_or(0, |(_, c)| u64::try_from(*c).unwrap_or(0))
    };
    if betting {
        for s in &mut state.table.seats {
            s.stack = ledger(s.player.id);
        }
        state.table.carried = u64::try_from(claimed.pot).unwrap_or(0);
    }
    // Chips on seats the saved table does not know go home.
    let strays: Vec<(tavolo_store::UserId, i64)> = (claimed.seats.iter())
        .filter(|(u, _)| !state.table.seats.iter().any(|s| s.player.id == *u))
        .copied()
        .collect();
    for (user, chips) in strays {
        let member = match room.books.store().user(user).await {
            Ok(u) => Member::from(u),
            Err(e) => return Err(crate::books::proto(e)),
        };
        let key = format!("{}:stray:{}:{}", fence.table, user.0, fence.epoch);
        let amount = u64::try_from(chips).unwrap_or(0);
        room.books
            .from_seat(key, &fence, &member, amount)
            .await
            .map_err(crate::books::proto)?;
    }
    spawn(
        room,
        fence,
        options,
        Vec::new(),
        claimed.creator,
        Some(state),
    )
}
