//! What each connection is sent: one `table_state` per viewer (each seat, spectators),
//! serialised once and shared by that viewer's connections, and the lobby summary.

use super::*;

impl<L: LiveGame> Actor<L> {
    pub(super) fn publish_summary(&self) {
        let seated = self.seats.iter().flatten().count();
        let bots = self.seats.iter().flatten().filter(|o| o.m.bot).count();
        let state = if self.closing {
            "closed"
        } else if self.hand.is_some() {
            "playing"
        } else {
            "waiting"
        };
        let changed = match self.summary.lock() {
            Ok(mut s) => {
                let old = (s.seated, s.waiting, s.bots, s.state);
                s.seated = seated;
                s.waiting = self.waiting.len();
                s.bots = bots;
                s.state = state;
                (old != (s.seated, s.waiting, s.bots, s.state)).then(|| s.clone())
            }
            Err(_) => None,
        };
        if let Some(s) = changed {
            self.room.lobby.updated(&s);
        }
    }

    /// Sends what changed: everybody gets a `table_state` after a public change; after a
    /// private one (a Saint Poker choice), only the chooser's connections do.
    pub(super) fn flush(&mut self) {
        if self.dirty {
            self.broadcast();
            self.publish_summary();
        } else if !self.private.is_empty() {
            let users = std::mem::take(&mut self.private);
            self.version += 1;
            for u in users {
                let targets: Vec<Conn> = self
                    .subs
                    .iter()
                    .filter(|c| c.user.id == u)
                    .cloned()
                    .collect();
                if let Some(c) = targets.first() {
                    let msg = self.state_for(&c.user, false);
                    for c in &targets {
                        self.send(c, msg.clone());
                    }
                }
            }
        }
        if let Some(t) = self.action_started.take() {
            self.room.metrics.observe_action(t.elapsed());
        }
    }

    pub(super) fn send(&self, c: &Conn, msg: Utf8Bytes) {
        if c.tx.try_send(msg).is_err() {
            // A connection that cannot keep up is closed; it reconnects and says hello.
            c.kick.notify_one();
        }
    }

    pub(super) fn broadcast(&mut self) {
        self.version += 1;
        let mut cache: HashMap<(Option<usize>, Option<usize>, bool, bool), Utf8Bytes> =
            HashMap::new();
        let subs = std::mem::take(&mut self.subs);
        let seats = self.seats_json();
        for c in &subs {
            let key = self.viewer_key(&c.user);
            let msg = match cache.get(&key) {
                Some(m) => m.clone(),
                None => {
                    let m = self.state_with(&c.user, true, Some(&seats));
                    cache.insert(key, m.clone());
                    m
                }
            };
            self.send(c, msg);
        }
        self.subs = subs;
        self.events.clear();
        self.private.clear();
        self.dirty = false;
    }

    pub(super) fn viewer_key(&self, m: &Member) -> (Option<usize>, Option<usize>, bool, bool) {
        let seat = self.seat_of(m.id);
        let waiting = self.waiting.iter().position(|w| w.id == m.id);
        let out = seat
            .and_then(|s| self.seats[s].as_ref())
            .is_some_and(|o| o.sitting_out);
        let dealt = self.previous.as_ref().is_some_and(|p| p.2.contains(&m.id));
        (seat, waiting, out, dealt)
    }

    /// The `seats` array: the same for every viewer, built once per broadcast.
    pub(super) fn seats_json(&self) -> String {
        let live = self.hand.as_ref();
        let simultaneous = L::SIMULTANEOUS;
        let mut s = String::with_capacity(512);
        s.push('[');
        let live_game = live.is_some_and(|l| !l.game.is_over());
        let stacks = live.map(|l| l.game.stacks()).unwrap_or_default();
        let mut first = true;
        for (i, o) in self.seats.iter().enumerate() {
            let Some(o) = o else { continue };
            let hs = live.and_then(|l| l.seats.iter().position(|&x| x == i));
            let chips = if self.o.betting() {
                Some(hs.and_then(|h| stacks.get(h).copied()).unwrap_or(o.stack))
            } else {
                None
            };
            let status = if o.leaving {
                "leaving"
            } else if hs.is_some() && live_game {
                "playing"
            } else if o.funding {
                "buying_in"
            } else if o.sitting_out && !(simultaneous && live_game) {
                "sitting_out"
            } else {
                "waiting"
            };
            let status = if simultaneous && live_game && hs.is_some() {
                "playing"
            } else {
                status
            };
            let _ = write!(
                s,
                "{}{}",
                if first { "" } else { "," },
                json!({"seat": i, "name": o.m.name, "bot": o.m.bot, "chips": chips, "status": status, "hand_seat": hs})
            );
            first = false;
        }
        s.push(']');
        s
    }

    /// The `table_state` for one user; `with_events`: the events since the last broadcast.
    pub(super) fn state_for(&self, m: &Member, with_events: bool) -> Utf8Bytes {
        self.state_with(m, with_events, None)
    }

    pub(super) fn state_with(
        &self,
        m: &Member,
        with_events: bool,
        seats: Option<&str>,
    ) -> Utf8Bytes {
        let seat = self.seat_of(m.id);
        let live = self.hand.as_ref();
        let hand_seat = live.and_then(|l| seat.and_then(|s| l.seats.iter().position(|&x| x == s)));
        let simultaneous = L::SIMULTANEOUS;
        let mut s = String::with_capacity(2048);
        let _ = write!(
            s,
            r#"{{"v":1,"type":"table_state","table":"{}","version":{},"options":{},"#,
            self.id, self.version, self.options_json
        );
        let (sitting_out, waiting) = match seat.and_then(|x| self.seats[x].as_ref()) {
            Some(o) => (o.sitting_out, None),
            None => (
                false,
                self.waiting
                    .iter()
                    .position(|w| w.id == m.id)
                    .map(|p| p + 1),
            ),
        };
        let seat_change = (self.seat_changes.iter().enumerate())
            .find(|(_, r)| r.0 == m.id)
            .map(|(p, r)| json!({"seat": r.1, "position": p + 1}));
        let you = json!({"seat": seat, "hand_seat": hand_seat, "sitting_out": sitting_out, "waiting": waiting, "seat_change": seat_change});
        let _ = write!(s, r#""you":{you},"seats":"#);
        match seats {
            Some(j) => s.push_str(j),
            None => s.push_str(&self.seats_json()),
        }
        s.push(',');
        let previous = self.previous.as_ref().map(
            |(h, seed, dealt)| json!({"hand": h, "seed": dealt.contains(&m.id).then_some(seed)}),
        );
        match live {
            Some(l) => {
                let _ = write!(
                    s,
                    r#""hand":"{}","commitment":"{}","hand_seats":{},"#,
                    l.name,
                    l.commitment,
                    json!(l.seats)
                );
            }
            None => s.push_str(r#""hand":null,"commitment":null,"hand_seats":[],"#),
        }
        let _ = write!(s, r#""previous":{},"#, previous.unwrap_or(Value::Null));
        let view = live
            .map(|l| l.game.view_json(hand_seat))
            .unwrap_or(Value::Null);
        let legal = match (live, hand_seat) {
            (Some(l), Some(h)) if !l.game.is_over() => l.game.legal_json(h),
            _ => json!([]),
        };
        let clock = live.filter(|l| !l.game.is_over()).and_then(|l| {
            let to_act = l.game.to_act();
            let shown = if simultaneous {
                hand_seat.filter(|h| to_act.contains(h) && l.since[*h].is_some())
            } else {
                to_act.first().copied().filter(|&h| l.since[h].is_some())
            }?;
            let deadline = self.deadline(l, shown)?;
            let bank = self.seats[l.seats[shown]].as_ref().map_or(0, |o| o.bank.as_millis() as u64);
            let table_seat = if simultaneous { None } else { Some(l.seats[shown]) };
            Some(json!({"seat": table_seat, "deadline_ms": unix_ms(deadline - Duration::from_millis(bank)), "bank_ms": bank}))
        });
        let _ = write!(
            s,
            r#""view":{view},"legal":{legal},"clock":{},"events":["#,
            clock.unwrap_or(Value::Null)
        );
        if with_events {
            let mut first = true;
            for e in &self.events {
                if let Some(c) = L::censor(e, hand_seat) {
                    let _ = write!(s, "{}{}", if first { "" } else { "," }, L::event_json(&c));
                    first = false;
                }
            }
        }
        let _ = write!(
            s,
            r#"],"result":{}}}"#,
            self.result.as_ref().unwrap_or(&Value::Null)
        );
        s.into()
    }
}
