//! Table chat: lines from the players (and from spectators where the table allows it), each
//! checked by the protocol (1–200 characters, no control characters), limited per person to a
//! burst (5 by default) and a rate after it (one line every 2 s; `tavolo serve --chat-burst`,
//! `--chat-secs-per-line`) — a person who leaves and comes back, or writes from several
//! connections, keeps the same allowance — kept (the last 50, for whoever arrives,
//! and saved with the table) and never written into a hand's record. Clients show a line as
//! text and may mute a writer.

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use tavolo_store::UserId;

use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::ChatLine;
use crate::ratelimit::Bucket;

/// Lines kept for a connection that arrives.
const KEPT: usize = 50;

/// The chat of one table.
pub struct TableChat {
    lines: VecDeque<ChatLine>,
    next_id: u64,
    buckets: HashMap<UserId, Bucket>,
    /// Lines per second each writer may send after the burst, and the burst.
    rate: (f64, f64),
}

impl TableChat {
    /// A table's chat, each writer allowed `rate`: lines per second after a burst of so many.
    pub fn new(rate: (f64, f64)) -> TableChat {
        TableChat {
            lines: VecDeque::new(),
            next_id: 1,
            buckets: HashMap::new(),
            rate,
        }
    }

    /// `who`, at table seat `seat` (none: a spectator), writes `text` at `now` (the room's
    /// time; `unix_ms` the same moment for the line's time stamp): the line to send everybody,
    /// or why not (too many lines too fast).
    pub fn say(
        &mut self,
        who: &Member,
        seat: Option<usize>,
        text: String,
        (now, unix_ms): (Instant, u64),
    ) -> Result<ChatLine, RoomError> {
        let bucket = self
            .buckets
            .entry(who.id)
            .or_insert_with(|| Bucket::new(self.rate.0, self.rate.1, now));
        if !bucket.take(now) {
            return Err(RoomError::ChatTooFast);
        }
        let at_ms = unix_ms;
        let line = ChatLine {
            id: self.next_id,
            user: who.id.0,
            name: who.name.clone(),
            seat,
            text,
            at_ms,
        };
        self.next_id += 1;
        if self.lines.len() == KEPT {
            self.lines.pop_front();
        }
        self.lines.push_back(line.clone());
        Ok(line)
    }

    /// The lines kept, oldest first.
    pub fn backlog(&self) -> Vec<ChatLine> {
        self.lines.iter().cloned().collect()
    }

    /// Forgets the allowances that are full again at `now` (they would allow a whole burst
    /// anyway): what a person gets never depends on whether they left in between.
    pub fn prune(&mut self, now: Instant) {
        self.buckets.retain(|_, b| !b.is_full(now));
    }

    /// The lines kept, as saved with the table.
    pub fn saved(&self) -> Vec<ChatLine> {
        self.backlog()
    }

    /// Lines saved by a previous owner of the table, kept as if written here.
    pub fn restore(&mut self, lines: Vec<ChatLine>) {
        for line in lines.into_iter().rev().take(KEPT).rev() {
            self.next_id = self.next_id.max(line.id + 1);
            self.lines.push_back(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ada() -> Member {
        Member {
            id: UserId(7),
            name: "Ada".into(),
            guest: false,
            bot: false,
        }
    }

    #[test]
    fn a_writer_gets_a_burst_then_one_line_every_two_seconds() {
        let mut chat = TableChat::new((0.5, 5.0));
        let t0 = Instant::now();
        for i in 0..5 {
            assert!(chat
                .say(&ada(), Some(0), format!("hi {i}"), (t0, 0))
                .is_ok());
        }
        let e = chat
            .say(&ada(), Some(0), "again".into(), (t0, 0))
            .unwrap_err();
        assert!(matches!(e, RoomError::ChatTooFast));
        let t1 = t0 + Duration::from_secs(2);
        assert!(chat.say(&ada(), Some(0), "later".into(), (t1, 0)).is_ok());
        assert_eq!(chat.backlog().len(), 6);
        let ids: Vec<u64> = chat.backlog().iter().map(|l| l.id).collect();
        assert_eq!(ids, vec![1, 2, 3, 4, 5, 6]);
    }

    /// The limit is the room's setting (`--chat-burst 2 --chat-secs-per-line 10`).
    #[test]
    fn a_writer_gets_the_burst_and_the_pace_the_room_sets() {
        let mut chat = TableChat::new((0.1, 2.0));
        let t0 = Instant::now();
        let say = |chat: &mut TableChat, at| chat.say(&ada(), None, "hi".into(), (at, 0));
        assert!(say(&mut chat, t0).is_ok() && say(&mut chat, t0).is_ok());
        assert!(say(&mut chat, t0 + Duration::from_secs(9)).is_err());
        assert!(say(&mut chat, t0 + Duration::from_secs(10)).is_ok());
    }

    #[test]
    fn only_the_last_fifty_lines_are_kept() {
        let mut chat = TableChat::new((0.5, 5.0));
        let mut t = Instant::now();
        for i in 0..60 {
            t += Duration::from_secs(3);
            chat.say(&ada(), None, format!("{i}"), (t, 0)).unwrap();
        }
        let kept = chat.backlog();
        assert_eq!(kept.len(), 50);
        assert_eq!(kept[0].text, "10");
    }
}
