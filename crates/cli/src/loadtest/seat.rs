//! One simulated player: a WebSocket client that joins its table, answers its turns (thinking,
//! and keeping under the room's message limit), rebuys when broke, times each action to the
//! `table_state` it causes, and follows its table to another node of the room.

use std::net::SocketAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tavolo_engine::Chips;
use tavolo_server::client;
use tavolo_server::protocol::{Code, Intent, Name, Request, SeatStatus, ServerMessage, TableState};
use tavolo_server::ratelimit::Bucket;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::Shared;

/// How a client reaches the room again: its session, the room's nodes, and the one it is on.
#[derive(Clone, Debug)]
pub(super) struct Link {
    pub(super) token: String,
    pub(super) nodes: Arc<Vec<SocketAddr>>,
    pub(super) at: SocketAddr,
}

impl Link {
    /// A connection to `to` or, failing that, to the room's other nodes in turn (for up to
    /// 30 s); `None` if none answers.
    pub(super) async fn reconnect(&mut self, to: SocketAddr) -> Option<client::Ws> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            let others = self.nodes.iter().copied().filter(|n| *n != to);
            for n in std::iter::once(to).chain(others) {
                if let Ok(ws) = client::ws(n, Some(&self.token), None).await {
                    self.at = n;
                    return Some(ws);
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        None
    }
}

/// Where an `elsewhere` error sends a client (`ws://host:port/ws`).
fn node_addr(ws_url: &str) -> Option<SocketAddr> {
    let rest = ws_url
        .strip_prefix("ws://")
        .or_else(|| ws_url.strip_prefix("wss://"))?;
    rest.strip_suffix("/ws").unwrap_or(rest).parse().ok()
}

/// What the seat does after a message: go on reading, or stop (the connection is lost for
/// good).
enum Flow {
    Go,
    Stop,
}

/// One seat's client.
pub(super) struct Seat {
    ws: client::Ws,
    link: Link,
    name: Name,
    shared: Arc<Shared>,
    /// The number of the last intent sent.
    seq: u64,
    turns: Turns,
    /// Once seated, a client that lost its node asks to watch (its seat is kept there).
    seated: bool,
    /// The latest state in which it is this client's turn, not yet acted on (until every
    /// client is seated nobody acts).
    turn: Option<TableState>,
    last_rebuy: Option<Instant>,
    /// The latencies (µs) of its actions while measuring.
    lat: Vec<u32>,
}

impl Seat {
    /// The client of a seat at `table` on the connection `ws`; its first intent is numbered
    /// `first_seq + 1`.
    pub(super) fn new(
        ws: client::Ws,
        link: Link,
        table: &str,
        think: Duration,
        shared: Arc<Shared>,
        first_seq: u64,
    ) -> Seat {
        Seat {
            ws,
            link,
            name: Name::from(table),
            shared,
            seq: first_seq,
            // A well-behaved client stays under the room's message limit (20 a second, bursts
            // of 40): a refused action would stall its table until the clock ran out.
            turns: Turns {
                think,
                limit: Bucket::new(18.0, 30.0, Instant::now()),
                n: 0,
                sent: None,
            },
            seated: false,
            turn: None,
            last_rebuy: None,
            lat: Vec::new(),
        }
    }

    /// Plays the seat until the run stops; returns the latencies (µs) of its actions while
    /// measuring.
    pub(super) async fn play(mut self) -> Vec<u32> {
        if self.send(self.join()).await.is_err() {
            return self.lat;
        }
        self.shared.counters.connected.fetch_add(1, Relaxed);
        while !self.shared.stop.load(Relaxed) {
            let flow = match tokio::time::timeout(Duration::from_millis(200), self.ws.next()).await
            {
                Err(_) => self.idle().await,
                // The node went away: another one plays the table by now, or will soon.
                Ok(None) | Ok(Some(Err(_))) if self.shared.stop.load(Relaxed) => Flow::Stop,
                Ok(None) | Ok(Some(Err(_))) => {
                    let next = self.link.nodes.iter().copied().find(|n| *n != self.link.at);
                    self.follow(next.unwrap_or(self.link.at)).await
                }
                Ok(Some(Ok(Message::Text(t)))) => self.on_text(t.as_str()).await,
                Ok(Some(Ok(_))) => Flow::Go,
            };
            if let Flow::Stop = flow {
                break;
            }
        }
        self.leave().await;
        self.lat
    }

    /// Sends one intent, numbered.
    async fn send(&mut self, request: Request) -> Result<(), WsError> {
        self.seq += 1;
        let msg = Message::Text(Intent::new(self.seq, request).to_json().into());
        self.ws.send(msg).await
    }

    fn join(&self) -> Request {
        Request::Join {
            table: self.name.clone(),
            seat: None,
            buy_in: None,
            chain: None,
        }
    }

    /// What a client asks for on a node it has just reached: its seat, or to watch the table
    /// where it is seated already.
    fn again(&self) -> Request {
        if self.seated {
            Request::Watch {
                table: self.name.clone(),
            }
        } else {
            self.join()
        }
    }

    /// No message for a while: once every client is seated, act on the turn held.
    async fn idle(&mut self) -> Flow {
        if !self.shared.go.load(Relaxed) {
            return Flow::Go;
        }
        let Some(m) = self.turn.take() else {
            return Flow::Go;
        };
        self.act(&m).await
    }

    /// Reconnects to `to` (or another node) and asks for the table again.
    async fn follow(&mut self, to: SocketAddr) -> Flow {
        let Some(fresh) = self.link.reconnect(to).await else {
            return Flow::Stop;
        };
        self.ws = fresh;
        self.shared.counters.reconnects.fetch_add(1, Relaxed);
        let _ = self.send(self.again()).await;
        Flow::Go
    }

    /// A message from the room.
    async fn on_text(&mut self, text: &str) -> Flow {
        if text.starts_with(r#"{"type":"table_state""#) && !self.state_needs_answer(text) {
            return Flow::Go;
        }
        match ServerMessage::parse(text) {
            Ok(ServerMessage::Error {
                code: Code::Elsewhere,
                at: Some(at),
                ..
            }) => {
                // Another node plays the table: go there and ask again.
                match node_addr(&at) {
                    Some(to) => self.follow(to).await,
                    None => Flow::Go,
                }
            }
            Ok(ServerMessage::TableMoved { .. }) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let _ = self.send(self.again()).await;
                Flow::Go
            }
            Ok(ServerMessage::Error { code, .. }) => {
                self.shared.counters.refused(code);
                Flow::Go
            }
            Ok(ServerMessage::TableState(st)) => self.on_state(*st).await,
            _ => Flow::Go,
        }
    }

    /// Counts a state, ends the latency of the last action, and says whether the state may
    /// need an answer. Cheap checks only (the fields come in the order of the protocol's
    /// types): most states need none, and parsing each in full would make the clients, not the
    /// room, the bottleneck.
    fn state_needs_answer(&mut self, text: &str) -> bool {
        self.shared.counters.states.fetch_add(1, Relaxed);
        self.turn = None;
        if let Some(t) = self.turns.sent.take() {
            if self.shared.measuring.load(Relaxed) {
                self.lat
                    .push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
            }
        }
        let my_turn = text.contains(r#""legal":[{"#);
        let out_of_hand = text.contains(r#""hand_seat":null,"sitting_out""#);
        let unseated = text.contains(r#""you":{"seat":null,"hand_seat":null,"#)
            && text.contains(r#""waiting":null,"seat_change""#);
        my_turn || (out_of_hand && (text.contains(r#""chips":0,"#) || unseated))
    }

    /// A state that may need an answer: sit down again, rebuy, or take the turn.
    async fn on_state(&mut self, st: TableState) -> Flow {
        self.seated = st.you.seat.is_some();
        if st.you.seat.is_none() && st.you.waiting.is_none() {
            let _ = self.send(self.join()).await;
            return Flow::Go;
        }
        let legal = st.legal.as_array().cloned().unwrap_or_default();
        let over = st.view.as_ref().is_some_and(|v| v["over"] == true);
        if legal.is_empty() || st.hand.is_none() || over {
            self.rebuy_if_broke(&st).await;
            return Flow::Go;
        }
        if !self.shared.go.load(Relaxed) {
            self.turn = Some(st);
            return Flow::Go;
        }
        self.act(&st).await
    }

    /// A seated client without chips and out of the hand asks for a rebuy (at most every two
    /// seconds).
    async fn rebuy_if_broke(&mut self, st: &TableState) {
        let broke = st.you.hand_seat.is_none()
            && st.seats.iter().any(|x| {
                Some(x.seat) == st.you.seat
                    && x.chips == Some(Chips::ZERO)
                    && x.status != SeatStatus::BuyingIn
            });
        if broke
            && self
                .last_rebuy
                .is_none_or(|t: Instant| t.elapsed() > Duration::from_secs(2))
        {
            self.last_rebuy = Some(Instant::now());
            let table = self.name.clone();
            let _ = self.send(Request::Rebuy { table }).await;
        }
    }

    /// Takes the turn of the state `m`.
    async fn act(&mut self, m: &TableState) -> Flow {
        let action = self.turns.choose(m).await;
        let hand = Name::from(m.hand.as_deref().unwrap_or_default());
        let table = self.name.clone();
        if self
            .send(Request::Act {
                table,
                hand,
                action,
            })
            .await
            .is_err()
        {
            return Flow::Stop;
        }
        self.turns.sent = Some(Instant::now());
        self.shared.counters.actions.fetch_add(1, Relaxed);
        Flow::Go
    }

    /// Done: leave the table (a hand in play is played out for us and the stack cashed out),
    /// so that nothing waits for a client that is gone.
    async fn leave(&mut self) {
        let table = self.name.clone();
        if self.send(Request::Leave { table }).await.is_ok() {
            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                while let Some(Ok(m)) = self.ws.next().await {
                    if m.to_text().is_ok_and(|t| t.contains(r#""type":"ack""#)) {
                        break;
                    }
                }
            })
            .await;
        }
        let _ = self.ws.close(None).await;
    }
}

/// How a client takes its turns: it thinks, keeps under the room's message limit, numbers its
/// actions, and remembers when the last one left (its latency ends with the next state).
struct Turns {
    think: Duration,
    limit: Bucket,
    n: u64,
    sent: Option<Instant>,
}

impl Turns {
    /// Thinks, waits for the message limit, then chooses the answer to the state `m` (whose
    /// `legal` is not empty): check, call, now and then the minimum raise or a fold.
    async fn choose(&mut self, m: &TableState) -> serde_json::Value {
        self.n += 1;
        let n = self.n;
        if !self.think.is_zero() {
            tokio::time::sleep(self.think).await;
        }
        while !self.limit.take(Instant::now()) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let legal = m.legal.as_array().cloned().unwrap_or_default();
        let has = |k: &str| legal.iter().find(|a| a["action"] == k);
        if n % 9 == 4 {
            if let Some(r) = has("bet_or_raise_to") {
                return json!({"action": "bet_or_raise_to", "to": r["min"]});
            }
        }
        has("check")
            .map(|_| json!({"action": "check"}))
            .or_else(|| (n % 5 == 2).then(|| json!({"action": "fold"})))
            .or_else(|| has("call").map(|_| json!({"action": "call"})))
            .unwrap_or(json!({"action": "fold"}))
    }
}
