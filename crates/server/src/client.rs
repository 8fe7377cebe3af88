//! A small client for tests and the load generator: plain HTTP/1.1 requests over a TCP stream
//! and WebSocket connections carrying the session cookie.

use std::io;
use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A WebSocket to the server.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An HTTP answer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// Status code.
    pub status: u16,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
}

impl Reply {
    /// The session token set by this reply, if any.
    pub fn session(&self) -> Option<String> {
        self.headers
            .iter()
            .filter(|(k, _)| k == "set-cookie")
            .find_map(|(_, v)| {
                let first = v.split(';').next()?;
                let (k, val) = first.split_once('=')?;
                (k.trim() == "tavolo_session" && !val.is_empty()).then(|| val.to_string())
            })
    }

    /// The first header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (`Null` if it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// One HTTP request (`Connection: close`), with an optional JSON body and session token.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    session: Option<&str>,
) -> io::Result<Reply> {
    let cookie = session.map(|t| format!("tavolo_session={t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(c) = &cookie {
        headers.push(("Cookie", c.as_str()));
    }
    request(addr, method, path, &headers, body.unwrap_or("")).await
}

/// One HTTP request with these headers (`Host` is the address and `Connection` is `close`
/// unless given) and body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> io::Result<Reply> {
    let mut s = TcpStream::connect(addr).await?;
    let mut req = format!("{method} {path} HTTP/1.1\r\n");
    let given = |name: &str| headers.iter().any(|(k, _)| k.eq_ignore_ascii_case(name));
    if !given("host") {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    if !given("connection") {
        req.push_str("Connection: close\r\n");
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(req.as_bytes()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Ok(Reply {
        status,
        headers,
        body,
    })
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(len.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A new guest account: its session token.
pub async fn guest(addr: SocketAddr) -> io::Result<String> {
    let r = http(addr, "POST", "/api/guest", Some("{}"), None).await?;
    r.session().ok_or_else(|| {
        io::Error::other(format!(
            "no session cookie (status {}: {})",
            r.status, r.body
        ))
    })
}

/// The value of the metric `name` on the room's `/metrics` at `addr` (e.g.
/// `tavolo_hands_total`), with the metrics `token` if given (the room's address wants one; its
/// metrics address does not), if the room answers and lists it.
pub async fn metric(addr: SocketAddr, name: &str, token: Option<&str>) -> Option<f64> {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = bearer
        .as_deref()
        .map(|b| vec![("Authorization", b)])
        .unwrap_or_default();
    let r = request(addr, "GET", "/metrics", &headers, "").await.ok()?;
    r.body.lines().find_map(|l| {
        let (key, value) = l.split_once(' ')?;
        (key == name).then(|| value.trim().parse().ok()).flatten()
    })
}

/// Opens the WebSocket with a session token (and an `Origin`, if given).
pub async fn ws(
    addr: SocketAddr,
    session: Option<&str>,
    origin: Option<&str>,
) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let mut req = format!("ws://{addr}/ws").into_client_request()?;
    if let Some(t) = session {
        if let Ok(v) = HeaderValue::from_str(&format!("tavolo_session={t}")) {
            req.headers_mut().insert("cookie", v);
        }
    }
    if let Some(o) = origin {
        if let Ok(v) = HeaderValue::from_str(o) {
            req.headers_mut().insert("origin", v);
        }
    }
    // Nagle off: intents are small frames that must leave at once.
    // A small read buffer, as the room's own side uses (each read zeroes the whole buffer).
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024);
    let (ws, _) = tokio_tungstenite::connect_async_with_config(req, Some(config), true).await?;
    Ok(ws)
}
