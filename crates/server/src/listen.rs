//! The accept loop, in front of the router: at most [`Config::max_conns_per_ip`] connections
//! from one address (a WebSocket counts until it closes), a whole request head within
//! [`Config::header_timeout`] of opening or of the last answer (slowloris, idle keep-alive),
//! and a request done within [`Config::request_timeout`].
//!
//! [`Config::max_conns_per_ip`]: crate::Config::max_conns_per_ip
//! [`Config::header_timeout`]: crate::Config::header_timeout
//! [`Config::request_timeout`]: crate::Config::request_timeout

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinSet;
use tower_service::Service;

use crate::answer::api_error;
use crate::conns::Held;
use crate::room::Room;

/// A socket carrying its place in [`ConnCounts`]: it lives as long as the socket, through a
/// WebSocket upgrade too.
struct Counted {
    tcp: TcpStream,
    _held: Option<Held>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Accepts and serves connections until `stop`, then lets the open requests finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    room: Arc<Room>,
    stop: oneshot::Receiver<()>,
) {
    let (draining, drain) = watch::channel(false);
    let mut conns = JoinSet::new();
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, most likely: wait a little rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        while conns.try_join_next().is_some() {}
        let config = &room.config;
        let held = if config.trusted_proxies.contains(&peer.ip()) {
            None
        } else {
            match room.conns.admit(peer.ip(), config.max_conns_per_ip) {
                Some(h) => Some(h),
                None => {
                    room.metrics.refused_connections.fetch_add(1, Relaxed);
                    tracing::debug!(%peer, "too many connections from this address");
                    drop(tcp);
                    continue;
                }
            }
        };
        // Small frames both ways: Nagle's algorithm with delayed ACKs would hold each answer
        // for tens of milliseconds.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        conns.spawn(connection(
            Counted { tcp, _held: held },
            peer,
            app.clone(),
            room.clone(),
            drain.clone(),
        ));
    }
    let _ = draining.send(true);
    while conns.join_next().await.is_some() {}
}

async fn connection(
    io: Counted,
    peer: SocketAddr,
    app: Router,
    room: Arc<Room>,
    mut drain: watch::Receiver<bool>,
) {
    let timeout = room.config.request_timeout;
    let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        let mut app = app.clone();
        async move {
            let answer = tokio::time::timeout(timeout, app.call(req)).await;
            Ok::<_, std::convert::Infallible>(match answer {
                Ok(Ok(r)) => r,
                Ok(Err(never)) => match never {},
                Err(_) => api_error(
                    StatusCode::REQUEST_TIMEOUT,
                    "timeout",
                    "the request took too long",
                ),
            })
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(room.config.header_timeout);
    let conn = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(conn);
    room.metrics.http_connections.fetch_add(1, Relaxed);
    let r = tokio::select! {
        r = conn.as_mut() => r,
        _ = async { drain.wait_for(|d| *d).await.is_ok() } => {
            conn.as_mut().graceful_shutdown();
            conn.await
        }
    };
    room.metrics.http_connections.fetch_sub(1, Relaxed);
    if let Err(e) = r {
        tracing::debug!(%peer, error = %e, "connection ended");
    }
}
