//! What an intent does: `hello`, `lobby` and `create_table` are the room's; every other one goes
//! to its table's task (found on this node, or claimed, or answered `elsewhere`).

use std::sync::Arc;
use std::time::Duration;

use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::{self, AckResult, Answer, Request, SeatNo, UserInfo};
use crate::room::Room;
use crate::sessions::Answers;
use crate::table::{Conn, Reply, TableCmd, TableHandle, TableIntent, TableOptions};

/// How long an intent waits for its table's answer.
const TABLE_ANSWER: Duration = Duration::from_secs(30);

/// How an intent was answered.
#[derive(Debug)]
pub enum Dispatched {
    /// By the room, or not at all by its table: the answer is still to be kept and sent.
    Room(Result<AckResult, RoomError>),
    /// By its table, which kept the answer for replay and queued it on the connection with the
    /// states the intent caused (so that both leave in one write).
    Told(Answer),
}

/// Carries out `request` (number `seq`, whose answer `answers` keeps) for connection `conn`.
pub async fn dispatch(
    room: &Arc<Room>,
    conn: &Conn,
    seq: u64,
    answers: &Answers,
    request: Request,
) -> Dispatched {
    let answer = match request {
        Request::Hello => {
            let balance = room.books.balance(conn.user.id).await.unwrap_or(0);
            Ok(AckResult {
                user: Some(user_info(&conn.user, balance)),
                protocol: Some(protocol::VERSION),
                ..AckResult::done()
            })
        }
        Request::Lobby => Ok(AckResult::done()),
        Request::CreateTable { options } => create_table(room, conn, &options).await,
        other => {
            return match to_table(room, conn, other, (seq, answers)).await {
                Ok(told) => Dispatched::Told(told),
                Err(e) => Dispatched::Room(Err(e)),
            };
        }
    };
    Dispatched::Room(answer)
}

/// A `create_table` request.
async fn create_table(
    room: &Arc<Room>,
    conn: &Conn,
    options: &serde_json::Value,
) -> Result<AckResult, RoomError> {
    let options = TableOptions::from_json(options)?;
    let id = room.create_table(options, Some(conn.user.id)).await?;
    Ok(AckResult {
        table: Some(id),
        ..AckResult::done()
    })
}

/// Gives a table's intent to its table and waits for the answer it told the connection.
async fn to_table(
    room: &Arc<Room>,
    conn: &Conn,
    request: Request,
    (seq, answers): (u64, &Answers),
) -> Result<Answer, RoomError> {
    let id = request.table().unwrap_or_default().to_string();
    let intent =
        table_intent(request).ok_or_else(|| RoomError::Internal("not a table's intent".into()))?;
    let no_table = || RoomError::NoSuchTable(id.clone());
    // Several nodes: a table another node plays is answered with where it is; one whose owner
    // died (or that was placed here) is claimed now.
    if room.lobby.get(&id).is_none() && !room.locate(&id).await? {
        return Err(no_table());
    }
    let table = room.lobby.get(&id).ok_or_else(no_table)?;
    if matches!(intent, TableIntent::Join { .. }) {
        can_stake(room, &table, &conn.user).await?;
    }
    let (told, rx) = tokio::sync::oneshot::channel();
    let cmd = TableCmd::Intent {
        conn: conn.clone(),
        intent,
        reply: Reply {
            seq,
            answers: answers.clone(),
            told,
        },
    };
    table.tx.send(cmd).await.map_err(|_| no_table())?;
    match tokio::time::timeout(TABLE_ANSWER, rx).await {
        Ok(Ok(a)) => Ok(a),
        _ => Err(no_table()),
    }
}

/// A request about one table as the table's intent (`None`: a request of the room's).
fn table_intent(request: Request) -> Option<TableIntent> {
    Some(match request {
        Request::Join {
            seat,
            buy_in,
            chain,
            ..
        } => TableIntent::Join {
            seat: seat.map(SeatNo::get),
            buy_in,
            chain: chain.map(|h| h.bytes()),
        },
        Request::SeedChain { head, .. } => TableIntent::SeedChain { head: head.bytes() },
        Request::Reveal { value, .. } => TableIntent::Reveal {
            value: value.bytes(),
        },
        Request::Waitlist { .. } => TableIntent::Waitlist,
        Request::Watch { .. } => TableIntent::Watch,
        Request::Hello | Request::Lobby | Request::CreateTable { .. } => return None,
        Request::Unwatch { .. } => TableIntent::Unwatch,
        Request::SitOut { .. } => TableIntent::SitOut,
        Request::SitIn { .. } => TableIntent::SitIn,
        Request::Rebuy { .. } => TableIntent::Rebuy,
        Request::Leave { .. } => TableIntent::Leave,
        Request::ChangeSeat { seat, .. } => TableIntent::ChangeSeat {
            seat: seat.map(SeatNo::get),
        },
        Request::CancelSeatChange { .. } => TableIntent::CancelSeatChange,
        Request::AddBot { .. } => TableIntent::AddBot,
        Request::Chat { text, .. } => TableIntent::Chat { text: text.into() },
        Request::Act { hand, action, .. } => TableIntent::Act {
            hand: hand.into(),
            action,
        },
    })
}

/// A Saint Poker table played for a stake: the player must hold it to sit down (it is taken as
/// each game is dealt; a player who cannot pay it then sits out).
async fn can_stake(room: &Room, table: &TableHandle, user: &Member) -> Result<(), RoomError> {
    let o = &table.options;
    if o.betting() || o.stake == 0 {
        return Ok(());
    }
    let have = room.books.balance(user.id).await?;
    if have < o.stake.to_ledger()? {
        return Err(RoomError::Stake {
            stake: o.stake,
            have,
        });
    }
    Ok(())
}

/// A user as the protocol shows them.
pub fn user_info(m: &Member, balance: i64) -> UserInfo {
    UserInfo {
        id: m.id.0,
        name: m.name.clone(),
        guest: m.guest,
        bot: m.bot,
        balance,
    }
}
