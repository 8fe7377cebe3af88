//! Where a request comes from: the client's address (the peer, or `X-Forwarded-For` when the
//! peer is a trusted proxy), and whether a browser's request comes from the room's own pages.
//!
//! The room's origins are fixed at start — the public URL's, or the listening address's — and
//! the allow-list; a request's own `Host` never counts (a DNS-rebinding page sends a matching
//! `Host` and `Origin`). A browser names where a request comes from in `Origin` (every POST,
//! every WebSocket) and `Sec-Fetch-Site`; a client that sends neither is not a browser, and
//! cannot be made to send the victim's cookie, so it is let through.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::{header, HeaderMap, HeaderValue};

use crate::config::Config;

/// A setting that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{setting} {value:?}: {reason}")]
pub struct BadSetting {
    /// Which setting.
    pub setting: &'static str,
    /// Its value.
    pub value: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Why a browser's request is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// `Origin` is neither the room's nor allowed.
    #[error("requests from {0} are not accepted here")]
    Origin(String),
    /// No `Origin`, and `Sec-Fetch-Site` says another site sent it.
    #[error("a {0} request is not accepted here")]
    Site(String),
    /// A POST whose body is not declared JSON (a cross-site form or `text/plain` fetch).
    #[error("send the body as Content-Type: application/json (got {0:?})")]
    ContentType(String),
}

/// The origins the room's pages come from, and the others allowed.
#[derive(Clone, Debug)]
pub struct Origins {
    own: Vec<String>,
    https: bool,
    csp: HeaderValue,
}

impl Origins {
    /// The room's origins, for a server listening on `bound`.
    pub fn new(config: &Config, bound: SocketAddr) -> Result<Origins, BadSetting> {
        let mut own = Vec::new();
        let mut https = false;
        match &config.public_url {
            Some(url) => {
                let o = origin_of(url).ok_or_else(|| BadSetting {
                    setting: "public_url",
                    value: url.clone(),
                    reason: "expected http://host[:port] or https://host[:port]",
                })?;
                https = o.starts_with("https://");
                own.push(o);
            }
            None => {
                let port = bound.port();
                own.push(format!("http://{bound}"));
                if bound.ip().is_loopback() || bound.ip().is_unspecified() {
                    own.push(format!("http://localhost:{port}"));
                    own.push(format!("http://127.0.0.1:{port}"));
                    own.push(format!("http://[::1]:{port}"));
                }
            }
        }
        for o in &config.allow_origins {
            own.push(origin_of(o).ok_or_else(|| BadSetting {
                setting: "allow_origin",
                value: o.clone(),
                reason: "expected http://host[:port] or https://host[:port]",
            })?);
        }
        own.dedup();
        // The room's own scripts only (no inline script, no eval); style attributes are
        // allowed (the client positions seats with them); WebSockets to the room's origins (a
        // browser that does not count ws: as 'self' finds them named); no framing at all.
        // (CSP host sources cannot name an IPv6 literal: [::1] is left to 'self'.)
        let sockets: Vec<String> = own
            .iter()
            .filter(|o| !o.contains('['))
            .filter_map(|o| {
                o.strip_prefix("https://")
                    .map(|h| format!("wss://{h}"))
                    .or_else(|| o.strip_prefix("http://").map(|h| format!("ws://{h}")))
            })
            .collect();
        let csp = format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:; connect-src 'self' {}; object-src 'none'; base-uri 'none'; \
             form-action 'self'; frame-ancestors 'none'",
            sockets.join(" ")
        );
        let csp = HeaderValue::from_str(&csp).map_err(|_| BadSetting {
            setting: "public_url",
            value: own.join(" "),
            reason: "not usable in a header",
        })?;
        Ok(Origins { own, https, csp })
    }

    /// The `Content-Security-Policy` every answer carries.
    pub fn csp(&self) -> HeaderValue {
        self.csp.clone()
    }

    /// Whether the room's public URL is `https` (cookies `Secure`, HSTS).
    pub fn https(&self) -> bool {
        self.https
    }

    /// The room's own origin (the first).
    pub fn own(&self) -> &str {
        self.own.first().map_or("", String::as_str)
    }

    /// Whether `origin` is the room's or an allowed one.
    pub fn allowed(&self, origin: &str) -> bool {
        let origin = origin.trim_end_matches('/');
        self.own.iter().any(|o| o.eq_ignore_ascii_case(origin))
    }

    /// Whether a browser sent this request from the room's own pages (or a client that is no
    /// browser sent it).
    pub fn check(&self, headers: &HeaderMap) -> Result<(), Refused> {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("(not text)");
            return match self.allowed(origin) {
                true => Ok(()),
                false => Err(Refused::Origin(origin.to_string())),
            };
        }
        match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
            Some(site @ ("cross-site" | "same-site")) => Err(Refused::Site(site.to_string())),
            _ => Ok(()),
        }
    }

    /// [`Origins::check`], and the body declared JSON: what every state-changing request must
    /// pass (a cross-site form or `text/plain` fetch is refused before anything is read).
    pub fn check_post(&self, headers: &HeaderMap) -> Result<(), Refused> {
        self.check(headers)?;
        let ct = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let media = ct.split(';').next().unwrap_or("").trim();
        match media.eq_ignore_ascii_case("application/json") {
            true => Ok(()),
            false => Err(Refused::ContentType(ct.to_string())),
        }
    }
}

/// `scheme://host[:port]` of an http(s) URL, lower-case, without path or trailing slash.
fn origin_of(url: &str) -> Option<String> {
    let url = url.trim();
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    if host.is_empty() || host.contains('@') {
        return None;
    }
    Some(format!("{scheme}://{}", host.to_ascii_lowercase()))
}

/// The client's address: the peer's, or, when the peer is a trusted proxy, the last address in
/// `X-Forwarded-For` that is not itself one (a client may put anything at the front).
pub fn client_ip(config: &Config, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    if !config.trusted_proxies.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .collect::<Vec<_>>();
    forwarded
        .into_iter()
        .rev()
        .find(|a| !config.trusted_proxies.contains(a))
        .unwrap_or(peer)
}

/// The key an address is limited by: IPv4 as it is, IPv6 by its /64 (one household or host
/// gets a whole /64).
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_room_s_origins_come_from_its_settings_never_from_the_request() {
        let local = Origins::new(&Config::default(), "127.0.0.1:8080".parse().unwrap()).unwrap();
        assert!(local.allowed("http://127.0.0.1:8080") && local.allowed("http://localhost:8080"));
        assert!(!local.allowed("http://localhost:9999") && !local.https());
        let public = Config {
            public_url: Some("https://Cards.Example/room/".into()),
            allow_origins: vec!["http://localhost:5173".into()],
            ..Config::default()
        };
        let public = Origins::new(&public, "0.0.0.0:8080".parse().unwrap()).unwrap();
        assert!(public.allowed("https://cards.example") && public.https());
        assert!(public.allowed("http://localhost:5173"));
        assert!(!public.allowed("http://cards.example"), "the scheme counts");
        let rebinding = headers(&[("host", "rebind.evil"), ("origin", "http://rebind.evil")]);
        assert_eq!(
            public.check(&rebinding),
            Err(Refused::Origin("http://rebind.evil".into()))
        );
        let bad = Config {
            public_url: Some("cards.example".into()),
            ..Config::default()
        };
        assert!(Origins::new(&bad, "0.0.0.0:1".parse().unwrap()).is_err());
    }

    #[test]
    fn a_post_must_be_json_from_the_room_s_pages() {
        let o = Origins::new(&Config::default(), "127.0.0.1:8080".parse().unwrap()).unwrap();
        let json = ("content-type", "application/json; charset=utf-8");
        assert_eq!(o.check_post(&headers(&[json])), Ok(()), "curl, a bot");
        let own = ("origin", "http://127.0.0.1:8080");
        assert_eq!(o.check_post(&headers(&[json, own])), Ok(()));
        assert!(matches!(
            o.check_post(&headers(&[("content-type", "text/plain"), own])),
            Err(Refused::ContentType(_))
        ));
        assert!(matches!(
            o.check_post(&headers(&[json, ("sec-fetch-site", "cross-site")])),
            Err(Refused::Site(_))
        ));
        assert_eq!(
            o.check_post(&headers(&[json, ("sec-fetch-site", "same-origin")])),
            Ok(())
        );
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let config = Config {
            trusted_proxies: vec![proxy],
            ..Config::default()
        };
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7")]);
        assert_eq!(
            client_ip(&config, proxy, &h),
            "203.0.113.7".parse::<IpAddr>().unwrap(),
            "the proxy's own entry, not the one the client wrote"
        );
        let stranger: IpAddr = "198.51.100.2".parse().unwrap();
        assert_eq!(client_ip(&config, stranger, &h), stranger);
        assert_eq!(client_ip(&config, proxy, &HeaderMap::new()), proxy);
        assert_eq!(
            limit_key("2001:db8:1:2:aaaa::1".parse().unwrap()),
            "2001:db8:1:2::".parse::<IpAddr>().unwrap()
        );
    }
}
