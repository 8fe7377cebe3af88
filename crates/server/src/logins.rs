//! Failed logins slow down whoever fails, not the account's owner. Wrong passwords are counted
//! for each (name, client address) pair and for each address across all names; past a few free
//! ones each further failure makes that pair (or address) wait before its next try — 1 s,
//! then doubling, up to a maximum. A right password from another address is never kept waiting
//! by someone else's failures, and the owner's own success clears their pair. One pair has one
//! try at a time: a guesser cannot fire a hundred at once before the first failure counts.
//!
//! Guessing one account from many addresses (each staying under its own free failures) is
//! counted per name too: past [`NAME_FACTOR`] times the free failures for a name from all
//! addresses, addresses that never logged in to it get one try at a time, each failure
//! doubling their wait; an address that logged in to it before (the owner's) is not slowed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures are forgotten this long after the last one.
pub const FORGET: Duration = Duration::from_secs(60 * 60);
/// Failures for one name from all addresses before addresses new to it are slowed: this many
/// times the free failures of one pair.
pub const NAME_FACTOR: u32 = 10;
/// An address that logged in to a name is remembered as the owner's this long.
pub const KNOWN: Duration = Duration::from_secs(30 * 24 * 60 * 60);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// One name from one address.
    Pair(String, IpAddr),
    /// One address, whatever the name.
    Addr(IpAddr),
    /// One name, from every address.
    Name(String),
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    /// No try before this.
    next: Instant,
    last: Instant,
    /// A try of this pair is being checked now.
    trying: bool,
}

impl Failures {
    fn fresh(now: Instant) -> Failures {
        Failures {
            count: 0,
            next: now,
            last: now,
            trying: false,
        }
    }
}

/// One login try going on: tell it how it went with [`Attempt::failed`] or
/// [`Attempt::succeeded`] (dropped untold, it counts for nothing).
#[derive(Debug)]
pub struct Attempt<'a> {
    throttle: &'a LoginThrottle,
    name: String,
    ip: IpAddr,
    /// The name's own try slot is held (an address new to a name guessed from many).
    holds_name: bool,
}

impl Attempt<'_> {
    /// A wrong password at `now`; returns the wait it imposes.
    pub fn failed(self, now: Instant) -> Duration {
        self.throttle.failed(&self.name, self.ip, now)
    }

    /// The right password: the pair starts afresh, and the address is the owner's.
    pub fn succeeded(self) {
        let [pair, _] = LoginThrottle::keys(&self.name, self.ip);
        self.throttle.map().remove(&pair);
        self.throttle
            .known()
            .insert((self.name.clone(), self.ip), Instant::now());
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        let [pair, _] = LoginThrottle::keys(&self.name, self.ip);
        let mut map = self.throttle.map();
        let name = Key::Name(self.name.clone());
        for key in [pair, name] {
            if key == Key::Name(self.name.clone()) && !self.holds_name {
                continue;
            }
            if let Some(f) = map.get_mut(&key) {
                f.trying = false;
                if f.count == 0 {
                    map.remove(&key);
                }
            }
        }
    }
}

/// The failures counted, and the delays they impose.
#[derive(Debug)]
pub struct LoginThrottle {
    map: Mutex<HashMap<Key, Failures>>,
    /// The addresses that logged in to each name, and when last.
    known: Mutex<HashMap<(String, IpAddr), Instant>>,
    free: u32,
    max_delay: Duration,
}

impl LoginThrottle {
    /// `free` failures per pair (twice as many per address) before delays start, none longer
    /// than `max_delay`.
    pub fn new(free: u32, max_delay: Duration) -> LoginThrottle {
        LoginThrottle {
            map: Mutex::new(HashMap::new()),
            known: Mutex::new(HashMap::new()),
            free,
            max_delay,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Failures>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn known(&self) -> std::sync::MutexGuard<'_, HashMap<(String, IpAddr), Instant>> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The failures for one name from all addresses before new addresses are slowed.
    fn name_free(&self) -> u32 {
        self.free.max(1).saturating_mul(NAME_FACTOR)
    }

    fn keys(name: &str, ip: IpAddr) -> [Key; 2] {
        [Key::Pair(name.to_lowercase(), ip), Key::Addr(ip)]
    }

    /// A try of `name` from `ip` at `now`, if one may start; if not, how long to wait (a
    /// second while another try of the pair is being checked).
    pub fn begin(&self, name: &str, ip: IpAddr, now: Instant) -> Result<Attempt<'_>, Duration> {
        let mut map = self.map();
        if map.len() > 100_000 {
            // Between sweeps, a flood of names cannot grow the map without bound either.
            map.retain(|_, f| f.trying || now.saturating_duration_since(f.last) < FORGET);
        }
        let lower = name.to_lowercase();
        let owner = self.known().contains_key(&(lower.clone(), ip));
        let name_key = Key::Name(lower.clone());
        // An address new to a name guessed from many waits on the name too, one try at a time.
        let guarded = !owner
            && map
                .get(&name_key)
                .is_some_and(|f| f.count >= self.name_free());
        let keys = Self::keys(name, ip);
        let wait = keys
            .iter()
            .chain(guarded.then_some(&name_key))
            .filter_map(|k| map.get(k))
            .map(|f| match f.trying {
                true => Duration::from_secs(1),
                false => f.next.saturating_duration_since(now),
            })
            .max()
            .unwrap_or_default();
        if !wait.is_zero() {
            return Err(wait);
        }
        let [pair, _] = keys;
        map.entry(pair).or_insert(Failures::fresh(now)).trying = true;
        if guarded {
            map.entry(name_key).or_insert(Failures::fresh(now)).trying = true;
        }
        Ok(Attempt {
            throttle: self,
            name: lower,
            ip,
            holds_name: guarded,
        })
    }

    fn failed(&self, name: &str, ip: IpAddr, now: Instant) -> Duration {
        let mut map = self.map();
        let mut wait = Duration::ZERO;
        let owner = self.known().contains_key(&(name.to_string(), ip));
        let [pair, addr] = Self::keys(name, ip);
        for (key, free) in [
            (pair, self.free),
            (addr, self.free * 2),
            (Key::Name(name.to_string()), self.name_free()),
        ] {
            let counts_here = !matches!(key, Key::Name(_)) || !owner;
            let f = map.entry(key).or_insert(Failures::fresh(now));
            f.count = f.count.saturating_add(1);
            f.last = now;
            let d = self.delay(f.count, free);
            f.next = now + d;
            if counts_here {
                wait = wait.max(d);
            }
        }
        wait
    }

    /// The wait after the `count`th failure when `free` are free: none, then 1 s doubling.
    fn delay(&self, count: u32, free: u32) -> Duration {
        if count < free.max(1) {
            return Duration::ZERO;
        }
        let doublings = (count - free.max(1)).min(30);
        Duration::from_secs(1u64 << doublings).min(self.max_delay)
    }

    /// Forgets failures older than [`FORGET`]; returns how many entries went.
    pub fn prune(&self, now: Instant) -> usize {
        let mut map = self.map();
        let before = map.len();
        map.retain(|_, f| f.trying || now.saturating_duration_since(f.last) < FORGET);
        let gone = before - map.len();
        drop(map);
        let mut known = self.known();
        if known.len() > 1_000_000 {
            known.clear(); // bounded whatever happens; owners are then slowed no more than others
        }
        known.retain(|_, at| now.saturating_duration_since(*at) < KNOWN);
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_grow_the_wait_for_the_guesser_only() {
        let t = LoginThrottle::new(3, Duration::from_secs(60));
        let now = Instant::now();
        let guesser: IpAddr = "203.0.113.9".parse().unwrap();
        let owner: IpAddr = "198.51.100.4".parse().unwrap();
        let mut at = now;
        let mut waits = Vec::new();
        for _ in 0..9 {
            let wait = t.begin("Ada", guesser, at).unwrap().failed(at);
            waits.push(wait.as_secs());
            at += wait;
        }
        assert_eq!(waits, [0, 0, 1, 2, 4, 8, 16, 32, 60]);
        let hurried = t.begin("ada", guesser, at - Duration::from_secs(30)).err();
        assert_eq!(
            hurried,
            Some(Duration::from_secs(30)),
            "no try before the wait"
        );
        assert!(t.begin("ada", guesser, at).is_ok(), "waited");
        t.begin("ada", owner, at).unwrap().succeeded();
        assert_eq!(
            t.prune(at + FORGET),
            3,
            "the pair, the address and the name"
        );
    }

    #[test]
    fn one_address_trying_many_names_is_slowed_too() {
        let t = LoginThrottle::new(3, Duration::from_secs(60));
        let now = Instant::now();
        let sprayer: IpAddr = "203.0.113.9".parse().unwrap();
        for i in 0..6 {
            t.begin(&format!("user{i}"), sprayer, now)
                .unwrap()
                .failed(now);
        }
        assert_eq!(
            t.begin("user99", sprayer, now).err(),
            Some(Duration::from_secs(1))
        );
    }

    #[test]
    fn one_try_at_a_time_per_name_and_address() {
        let t = LoginThrottle::new(3, Duration::from_secs(60));
        let now = Instant::now();
        let ip: IpAddr = "203.0.113.9".parse().unwrap();
        let first = t.begin("ada", ip, now).unwrap();
        assert_eq!(t.begin("ada", ip, now).err(), Some(Duration::from_secs(1)));
        assert!(t.begin("bob", ip, now).is_ok(), "another name");
        drop(first);
        assert!(t.begin("ada", ip, now).is_ok());
    }

    /// Issue 50, finding 4: guesses at one account from many addresses, each under its own free
    /// failures, were never slowed. Past ten times the free failures for a name, addresses new
    /// to it get one try at a time and wait after each failure; the owner's address does not.
    #[test]
    fn guessing_one_account_from_many_addresses_was_never_slowed() {
        let t = LoginThrottle::new(3, Duration::from_secs(300));
        let now = Instant::now();
        let owner: IpAddr = "198.51.100.4".parse().unwrap();
        t.begin("ada", owner, now).unwrap().succeeded();
        // 30 addresses, two wrong passwords each: under every pair's and address's free ones.
        let mut at = now;
        let mut waits = Vec::new();
        for i in 0..30u32 {
            let ip = IpAddr::from([203, 0, (i / 200) as u8, (i % 200) as u8 + 1]);
            for _ in 0..2 {
                match t.begin("Ada", ip, at) {
                    Ok(a) => {
                        let w = a.failed(at);
                        waits.push(w);
                        at += w;
                    }
                    Err(w) => at += w,
                }
            }
        }
        assert!(
            waits.iter().filter(|w| !w.is_zero()).count() >= 30,
            "past 30 failures for the name every further one waits: {waits:?}"
        );
        assert!(
            at - now >= Duration::from_secs(300),
            "slowed: {:?}",
            at - now
        );
        // A new address is kept waiting; the owner's is not, and logs in at once.
        let fresh: IpAddr = "192.0.2.77".parse().unwrap();
        assert!(t.begin("ada", fresh, at - Duration::from_secs(1)).is_err());
        assert!(t.begin("ada", owner, at - Duration::from_secs(1)).is_ok());
        // One try at a time from addresses new to the name.
        let one = t.begin("ada", fresh, at).expect("after the wait");
        let other: IpAddr = "192.0.2.78".parse().unwrap();
        assert_eq!(
            t.begin("ada", other, at).err(),
            Some(Duration::from_secs(1))
        );
        drop(one);
        assert!(t.begin("ada", other, at).is_ok());
    }
}
