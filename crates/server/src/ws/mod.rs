//! One WebSocket connection: authentication at the upgrade (session cookie, Origin), then a
//! loop generic over any `Sink`/`Stream` of messages (so tests drive it over channels): the
//! size and rate limits ([`limits`]), the session's replay cache
//! ([`crate::sessions::Answers`]), and what each intent does ([`mod@dispatch`]).

pub mod dispatch;
pub mod limits;

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, Utf8Bytes, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::sync::{broadcast, mpsc, Notify};

use crate::answer::{api_error, session_token};
use crate::books::Member;
use crate::protocol::{self, answer_json, error_json, Code, ProtoError, Request};
use crate::room::Room;
use crate::sessions::{Answers, Outbound};
use crate::table::{Conn, TableCmd};
pub use dispatch::{dispatch, user_info, Dispatched};
use limits::Limiter;

/// The read buffer of a connection.
const READ_BUFFER: usize = 8 * 1024;
/// What a connection's writer gathers before writing to the socket (tungstenite's default,
/// 128 KiB, stayed allocated for the connection's life once a burst had filled it).
const WRITE_BUFFER: usize = 8 * 1024;

/// `GET /ws`.
pub async fn upgrade(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    // The room's own origin or an allowed one, never the request's own Host (DNS rebinding).
    if let Err(e) = room.origins.check(&headers) {
        return api_error(StatusCode::FORBIDDEN, "bad_origin", &e.to_string());
    }
    let Some(token) = session_token(&headers) else {
        return api_error(
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
            "log in first (no session cookie)",
        );
    };
    let member = match room.books.session(&token, room.config.session_idle).await {
        Ok(Some(m)) => m,
        Ok(None) => {
            return api_error(
                StatusCode::UNAUTHORIZED,
                "unauthenticated",
                "the session has ended",
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "session lookup failed");
            return api_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the database failed",
            );
        }
    };
    if room.sessions.connections(&token) >= room.config.max_ws_per_session {
        return api_error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            &format!(
                "this session already has {} connections open, the most allowed",
                room.config.max_ws_per_session
            ),
        );
    }
    if room.metrics.connections.load(Relaxed) as usize >= room.config.max_connections
        || room.is_closing()
    {
        return api_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "too many connections",
        );
    }
    // Frames up to 64 KiB are read (and those over 4 KiB refused with `too_large`); larger ones
    // close the connection. A connection reads through an 8 KiB buffer, not the default
    // 128 KiB: every read zeroes the buffer it reads into (most of a node's memset was this),
    // and every open connection holds one (most of an idle connection's memory); it writes
    // through one of 8 KiB likewise.
    ws.max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .on_upgrade(move |socket| {
            let (sink, stream) = socket.split();
            connection(room, sink, stream, member, token)
        })
        .into_response()
}

/// Serves one connection of `user` (session `token`) until it closes: frames from `stream`,
/// frames to `sink`.
pub async fn connection<S, R, E>(
    room: Arc<Room>,
    sink: S,
    mut stream: R,
    user: Member,
    token: String,
) where
    S: Sink<Message> + Unpin + Send + 'static,
    R: Stream<Item = Result<Message, E>> + Unpin,
{
    room.metrics.connections.fetch_add(1, Relaxed);
    let (mut c, writer) = Client::open(&room, sink, user, &token);
    let kick = c.conn.kick.clone();
    let mut closing = room.closing.subscribe();
    let time = room.config.time.clone();
    // Nothing heard (not even a pong) for a ping's interval and the pong timeout: the peer is
    // gone, or holds the socket open without reading; the connection closes.
    let silence = room
        .config
        .ws_ping
        .map(|every| every + room.config.ws_pong_timeout);
    let mut heard = time.now();
    // The waits that outlive a frame are made once, not once per frame (each made and dropped
    // a timer or a waiter entry): the silence check rings at the end of the silence that was
    // running when it was set, and is set again to where the silence now ends.
    let silent_from = |at: Instant| -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let time = time.clone();
        match silence {
            Some(s) => Box::pin(async move { time.sleep_until(at + s).await }),
            None => Box::pin(std::future::pending()),
        }
    };
    let mut silent = silent_from(heard);
    let kicked = kick.notified();
    tokio::pin!(kicked);
    let closed = closing.changed();
    tokio::pin!(closed);
    loop {
        tokio::select! {
            _ = &mut kicked => break,
            _ = &mut closed => break,
            _ = &mut silent => {
                if silence.is_some_and(|s| time.now() < heard + s) {
                    silent = silent_from(heard);
                    continue;
                }
                room.metrics.refused.fetch_add(1, Relaxed);
                tracing::debug!(conn = c.conn.id, "no answer to pings: the connection closes");
                break;
            }
            update = async {
                match c.lobby.as_mut() {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            } => c.relay(update),
            msg = stream.next() => match msg {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                // Boxed: the future of an intent's handling is large, and an idle connection
                // should not carry its room.
                Some(Ok(Message::Text(t))) => {
                    heard = time.now();
                    Box::pin(c.text(&room, t)).await
                }
                Some(Ok(Message::Binary(_))) => {
                    heard = time.now();
                    let e = ProtoError::new(Code::Malformed, "send text frames of JSON");
                    reply(&c.conn, error_json(None, &e));
                }
                Some(Ok(_)) => heard = time.now(),
            },
        }
    }
    c.close(&room, &token).await;
    let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
    room.metrics.connections.fetch_sub(1, Relaxed);
}

/// One connection's side of the room: its queue, its limits, its session's answers, the lobby
/// feed once asked for, and the tables it spoke to.
struct Client {
    conn: Conn,
    pending: Arc<PendingSnapshot>,
    answers: Answers,
    limiter: Limiter,
    lobby: Option<broadcast::Receiver<Utf8Bytes>>,
    touched: HashSet<String>,
}

/// Writes a connection's queued messages to its `sink` until the queue closes or the sink
/// fails. The messages queued by now (up to 64) go out in one flush: one write to the socket
/// for an answer and the state it caused, say. A ping goes out every `ws_ping`; the reader
/// closes a connection that stays silent.
async fn write_out<S>(
    room: Arc<Room>,
    mut sink: S,
    mut rx: mpsc::Receiver<Outbound>,
    pending: Arc<PendingSnapshot>,
) where
    S: Sink<Message> + Unpin + Send + 'static,
{
    let time = room.config.time.clone();
    let ping = room.config.ws_ping;
    // The wait for the next ping, made once per ping (not once per frame: a timer registered
    // and removed for every frame written was a visible part of the node's work).
    let next_ping = || -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let time = time.clone();
        match ping {
            Some(p) => Box::pin(async move { time.sleep_until(time.now() + p).await }),
            None => Box::pin(std::future::pending()),
        }
    };
    let mut ping_due = next_ping();
    'writing: loop {
        let first = tokio::select! {
            m = rx.recv() => match m {
                Some(m) => m,
                None => break,
            },
            _ = &mut ping_due => {
                ping_due = next_ping();
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                continue;
            }
        };
        let mut next = Some(first);
        let mut batch = 0;
        while let Some(out) = next.take() {
            batch += 1;
            let (m, then) = match out {
                Outbound::One(m) => (m, None),
                Outbound::Two(m, then) => (m, Some(then)),
            };
            for mut m in std::iter::once(m).chain(then) {
                if pending.is_marker(&m) {
                    m = room.lobby.lobby_message();
                }
                if sink.feed(Message::Text(m)).await.is_err() {
                    break 'writing;
                }
            }
            next = if batch < 64 { rx.try_recv().ok() } else { None };
        }
        if sink.flush().await.is_err() {
            break;
        }
    }
    let _ = sink.close().await;
}

impl Client {
    /// Opens the connection: its outbound queue and the task writing it to `sink`.
    fn open<S>(
        room: &Arc<Room>,
        sink: S,
        user: Member,
        token: &str,
    ) -> (Client, tokio::task::JoinHandle<()>)
    where
        S: Sink<Message> + Unpin + Send + 'static,
    {
        let (tx, rx) = mpsc::channel::<Outbound>(512);
        let kick = Arc::new(Notify::new());
        let conn = Conn {
            id: room.conn_id(),
            user,
            tx,
            kick: kick.clone(),
        };
        let pending = Arc::new(PendingSnapshot::default());
        let writer = tokio::spawn(write_out(room.clone(), sink, rx, pending.clone()));
        let line = crate::sessions::Line {
            tx: conn.tx.clone(),
            kick,
        };
        let answers = room.sessions.open(token, conn.id, line);
        let limiter = Limiter::new(room.config.ws_rate, room.config.time.now());
        let c = Client {
            conn,
            pending,
            answers,
            limiter,
            lobby: None,
            touched: HashSet::new(),
        };
        (c, writer)
    }

    /// A lobby update (or a gap in them: a fresh snapshot).
    fn relay(&mut self, update: Result<Utf8Bytes, broadcast::error::RecvError>) {
        match update {
            Ok(m) => {
                let _ = self.conn.tx.try_send(m.into());
            }
            Err(broadcast::error::RecvError::Lagged(_)) => self.pending.request(&self.conn.tx),
            Err(broadcast::error::RecvError::Closed) => self.lobby = None,
        }
    }

    /// A text frame from the client: limited, read, answered (a repeated `seq` with its first
    /// answer).
    async fn text(&mut self, room: &Arc<Room>, text: Utf8Bytes) {
        if let Err(e) = self.limiter.admit(room.config.time.now()) {
            room.metrics.refused.fetch_add(1, Relaxed);
            let seq = protocol::parse_intent(text.as_str()).ok().map(|i| i.seq);
            reply(&self.conn, error_json(seq, &e));
            return;
        }
        let intent = match protocol::parse_intent(text.as_str()) {
            Ok(i) => i,
            Err(u) => {
                room.metrics.refused.fetch_add(1, Relaxed);
                reply(&self.conn, error_json(u.seq, &u.error));
                return;
            }
        };
        if let Some(answer) = self.answers.get(intent.seq) {
            let _ = self.conn.tx.try_send(answer.into());
            return;
        }
        let (seq, request) = (intent.seq, intent.request);
        if let Some(t) = request.table() {
            self.touched.insert(t.to_string());
        }
        let (hello, lobby_asked) = (request == Request::Hello, request == Request::Lobby);
        let answer = match dispatch(room, &self.conn, seq, &self.answers, request).await {
            Dispatched::Room(answer) => {
                let answer = answer.map_err(|e| e.to_wire());
                let msg: Utf8Bytes = answer_json(Some(seq), &answer).into();
                self.answers.keep(seq, &answer, &msg);
                let _ = self.conn.tx.try_send(msg.into());
                answer
            }
            // The table kept its answer and queued it with the states it caused.
            Dispatched::Told(answer) => answer,
        };
        if answer.is_err() {
            room.metrics.refused.fetch_add(1, Relaxed);
        }
        if answer.is_ok() && hello {
            self.pending.request(&self.conn.tx);
            for t in room.lobby.tables_of(self.conn.user.id) {
                self.touched.insert(t.id.clone());
                let _ = t.tx.send(TableCmd::Attach(self.conn.clone())).await;
            }
        }
        if answer.is_ok() && lobby_asked {
            self.lobby = Some(room.lobby.subscribe());
            self.pending.request(&self.conn.tx);
        }
    }

    /// The connection closed: every table it spoke to forgets it, and its session notes it.
    async fn close(self, room: &Arc<Room>, token: &str) {
        let mine = room
            .lobby
            .tables_of(self.conn.user.id)
            .into_iter()
            .map(|t| t.id);
        for id in self.touched.iter().cloned().chain(mine) {
            if let Some(t) = room.lobby.get(&id) {
                let _ = t.tx.try_send(TableCmd::Detach(self.conn.id));
            }
        }
        room.sessions
            .close(token, self.conn.id, room.config.time.now());
    }
}

/// At most one lobby snapshot waits in a connection's outbound queue, as an empty marker that
/// the writer turns into the lobby as it is when the frame leaves: a client that asks for the
/// lobby again and again and never reads holds one snapshot, not one per request.
#[derive(Debug, Default)]
struct PendingSnapshot(std::sync::atomic::AtomicBool);

impl PendingSnapshot {
    /// Queues a snapshot unless one is already waiting.
    fn request(&self, tx: &mpsc::Sender<Outbound>) {
        if !self.0.swap(true, Relaxed) && tx.try_send(Utf8Bytes::from_static("").into()).is_err() {
            self.0.store(false, Relaxed);
        }
    }

    /// Whether `m` is the marker (the snapshot is no longer waiting once the writer has it).
    fn is_marker(&self, m: &Utf8Bytes) -> bool {
        let marker = m.as_str().is_empty();
        if marker {
            self.0.store(false, Relaxed);
        }
        marker
    }
}

fn reply(conn: &Conn, text: String) {
    let _ = conn.tx.try_send(Utf8Bytes::from(text).into());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lobby_requests_while_a_snapshot_waits_queue_nothing_more() {
        let (tx, mut rx) = mpsc::channel::<Outbound>(512);
        let pending = PendingSnapshot::default();
        for _ in 0..400 {
            pending.request(&tx);
        }
        let Ok(Outbound::One(first)) = rx.try_recv() else {
            panic!("one snapshot queued")
        };
        assert!(rx.try_recv().is_err(), "only one");
        // The writer takes it: the next request queues a fresh one.
        assert!(pending.is_marker(&first));
        pending.request(&tx);
        assert!(rx.try_recv().is_ok());
        assert!(!pending.is_marker(&Utf8Bytes::from_static("{\"type\":\"ack\"}")));
    }
}
