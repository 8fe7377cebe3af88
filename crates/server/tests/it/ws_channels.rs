//! The WebSocket connection driven over channels, with no socket: it is generic over any
//! `Sink`/`Stream` of messages, so its rules — answers by `seq`, a repeated `seq` answered again
//! without a second effect, malformed frames refused specifically — are tested here directly.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::ws::Message;
use futures_util::{sink, stream};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::common::{server, WAIT};

/// A connection of a new guest of the room, over channels: what to send it, and what it sent.
async fn connected(
    h: &tavolo_server::ServerHandle,
) -> (
    mpsc::UnboundedSender<Message>,
    mpsc::UnboundedReceiver<Message>,
) {
    let room = h.room().clone();
    let guest = room.books.guest().await.expect("a guest");
    let token = (room.books.new_session(guest.id, Duration::from_secs(60)))
        .await
        .expect("a session");
    let (to_conn, from_test) = mpsc::unbounded_channel::<Message>();
    let (to_test, from_conn) = mpsc::unbounded_channel::<Message>();
    let inbound = stream::unfold(from_test, |mut rx| async move {
        rx.recv().await.map(|m| (Ok::<_, Infallible>(m), rx))
    });
    let outbound = sink::unfold(to_test, |tx, m: Message| async move {
        let _ = tx.send(m);
        Ok::<_, Infallible>(tx)
    });
    tokio::spawn(tavolo_server::ws::connection(
        room,
        Box::pin(outbound),
        Box::pin(inbound),
        guest,
        token,
    ));
    (to_conn, from_conn)
}

/// The next JSON message the connection sent.
async fn next(rx: &mut mpsc::UnboundedReceiver<Message>) -> Value {
    let m = tokio::time::timeout(Duration::from_secs(WAIT), rx.recv())
        .await
        .expect("a message in time")
        .expect("the connection is open");
    match m {
        Message::Text(t) => serde_json::from_str(t.as_str()).expect("JSON"),
        other => panic!("not text: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_over_channels_answers_by_seq_replays_a_repeat_and_refuses_garbage() {
    let (h, _dir) = server("ws-channels").await;
    let (tx, mut rx) = connected(&h).await;
    let hello = r#"{"v":1,"seq":1,"type":"hello"}"#;
    tx.send(Message::Text(hello.into())).expect("sent");
    let ack = next(&mut rx).await;
    assert_eq!(
        (ack["type"].as_str(), ack["seq"].as_u64()),
        (Some("ack"), Some(1)),
        "{ack}"
    );
    assert_eq!(ack["result"]["protocol"], 1);
    let lobby = next(&mut rx).await;
    assert_eq!(lobby["type"], "lobby", "{lobby}");
    // The same seq again: the first answer, byte for byte, and no second lobby.
    tx.send(Message::Text(hello.into())).expect("sent");
    assert_eq!(next(&mut rx).await, ack);
    // Garbage, then a binary frame: each refused with a specific code, nothing else changes.
    tx.send(Message::Text("nope".into())).expect("sent");
    assert_eq!(next(&mut rx).await["code"], "malformed");
    tx.send(Message::Binary(vec![1, 2, 3].into()))
        .expect("sent");
    let e = next(&mut rx).await;
    assert_eq!(
        (e["code"].as_str(), e["message"].as_str()),
        (Some("malformed"), Some("send text frames of JSON"))
    );
    let leave = r#"{"v":1,"seq":2,"type":"leave","table":"t00000000"}"#;
    tx.send(Message::Text(leave.into())).expect("sent");
    let e = next(&mut rx).await;
    assert_eq!(
        (e["seq"].as_u64(), e["code"].as_str()),
        (Some(2), Some("no_such_table")),
        "{e}"
    );
    h.shutdown().await;
}
