//! Open connections by client address (a /64 for IPv6: [`crate::origin::limit_key`]), so that
//! one address holds at most a set number at once; a counted connection gives its place back
//! when it is dropped.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

use crate::guarded::Guarded;
use crate::origin::limit_key;

/// Open connections by client address.
#[derive(Debug, Default)]
pub struct ConnCounts {
    map: Guarded<HashMap<IpAddr, usize>>,
}

impl ConnCounts {
    /// Counts a connection from `ip` unless `max` are open already.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<Held> {
        let key = limit_key(ip);
        let mut map = self.map.lock();
        let n = map.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Held {
            counts: self.clone(),
            key,
        })
    }

    /// Connections open from `ip` now.
    pub fn open(&self, ip: IpAddr) -> usize {
        self.map.lock().get(&limit_key(ip)).copied().unwrap_or(0)
    }
}

/// One counted connection; dropping it gives the place back.
#[derive(Debug)]
pub struct Held {
    counts: Arc<ConnCounts>,
    key: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut map = self.counts.map.lock();
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}
