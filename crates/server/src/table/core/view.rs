//! What each viewer is sent: their `table_state`, built from the table as it is and compared
//! with the one they were last sent (a frame goes out only when it differs), and the table's
//! other messages; the lobby's line and who is present, published when they change.

use std::collections::BTreeSet;

use serde_json::value::RawValue;
use tavolo_engine::game::{Game, Outcome, Viewer};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::audience::Sent;
use super::io::{Effect, Frame};
use super::kind::Absence;
use super::play::Live;
use super::shared_view::SharedView;
use super::TableCore;
use crate::books::Member;
use crate::protocol::{
    self, ChatLine, ClockView, HandValue, SeatChange, SeatLost, SeatRow, SeatStatus, ServerMessage,
    You,
};

/// `table_moved` for table `id`.
pub fn moved_frame(id: &str) -> Frame {
    ServerMessage::<serde_json::Value>::TableMoved {
        v: protocol::VERSION,
        table: id.to_string(),
    }
    .to_json()
    .into()
}

/// `table_closed` for table `id`.
pub fn closed_frame(id: &str) -> Frame {
    ServerMessage::<serde_json::Value>::TableClosed {
        v: protocol::VERSION,
        table: id.to_string(),
    }
    .to_json()
    .into()
}

/// `chat` with `lines` of table `id`.
pub fn chat_frame(id: &str, lines: Vec<ChatLine>) -> Frame {
    ServerMessage::<serde_json::Value>::Chat {
        v: protocol::VERSION,
        table: id.to_string(),
        lines,
    }
    .to_json()
    .into()
}

/// Where a state's events begin (they are its last field), and a state without events.
const EVENTS: &str = ",\"events\":";
const NO_EVENTS: &str = ",\"events\":[]";

/// Where `needle` first starts in `hay` (a short scan: it is near the start).
fn find_from_start(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Where a state's text lies without its version (the text after it) and without its events
/// (which start at `events`): what tells whether a viewer's state changed.
fn plain_part(body: &str, events: usize) -> std::ops::Range<usize> {
    const VERSION: &[u8] = b"\"version\":";
    let version = find_from_start(body.as_bytes(), VERSION).map_or(0, |i| i + VERSION.len());
    let from = (body.as_bytes()[version..].iter())
        .position(|&b| b == b',')
        .map_or(body.len(), |i| version + i + 1);
    from..events.max(from)
}

/// Where a state's events begin: the last `,"events":` (they are written last, and are short,
/// so the scan from the end is short).
fn events_at(body: &str) -> usize {
    (body.as_bytes().windows(EVENTS.len()))
        .rposition(|w| w == EVENTS.as_bytes())
        .unwrap_or(body.len())
}

/// What every viewer's state of one publishing shares, written once: the table's fields that
/// are the same for every viewer, the fields of the hand's view every viewer sees alike, and
/// the hand before as those dealt in and everybody else see it.
struct Shared {
    /// `"table":…,"options":…,"seats":…,"hand":…,…,"result":…`: a piece of a JSON object.
    fields: Pieces,
    view: SharedView,
    /// The hand before, for those dealt in (with its seed) and for the others.
    previous: [Option<Box<RawValue>>; 2],
}

/// A JSON object being written, field by field: the names are the protocol's (`TableState`),
/// the values written by their `Serialize`.
struct Pieces(Vec<u8>);

impl Pieces {
    /// A new object, or piece of one, with room for `n` bytes.
    fn with_capacity(n: usize) -> Pieces {
        Pieces(Vec::with_capacity(n))
    }

    /// The next field's name (and the comma before it).
    fn name(&mut self, name: &str) {
        if !matches!(self.0.last(), None | Some(b'{')) {
            self.0.push(b',');
        }
        self.0.push(b'"');
        self.0.extend_from_slice(name.as_bytes());
        self.0.extend_from_slice(b"\":");
    }

    /// Field `name` with `value`.
    fn field<T: serde::Serialize + ?Sized>(&mut self, name: &str, value: &T) {
        self.name(name);
        if serde_json::to_writer(&mut self.0, value).is_err() {
            self.0.extend_from_slice(b"null");
        }
    }

    /// The fields of `piece`, written before.
    fn join(&mut self, piece: &Pieces) {
        if !piece.0.is_empty() {
            if !matches!(self.0.last(), None | Some(b'{')) {
                self.0.push(b',');
            }
            self.0.extend_from_slice(&piece.0);
        }
    }
}

impl<G: Game> TableCore<G> {
    /// Sends every viewer whose state changed their new state (and a connection that has not
    /// had the table yet, the state as it is); lets go of viewers who are gone; publishes the
    /// lobby's line and presence.
    pub(super) fn publish(&mut self) {
        let felt = self.felt();
        let mut fields = Pieces::with_capacity(2048);
        fields.field("table", &self.id);
        fields.field("options", &self.options_json);
        fields.field("seats", &self.seat_rows());
        fields.field("hand", &felt.map(|l| &l.name));
        fields.field("commitment", &felt.map(|l| &l.commitment));
        fields.field("next_commitment", self.seeds.next_commitment());
        fields.field("hand_seats", felt.map_or(&[][..], |l| &l.seats[..]));
        fields.field("halted", &self.table.halted());
        if let Some(why) = self.stalled_notice() {
            fields.field("stalled", &why);
        }
        if let Some(t) = self.tournament_view() {
            fields.field("tournament", &t);
        }
        fields.field("result", &self.result);
        let shared = Shared {
            fields,
            view: felt
                .map(|l| SharedView::of::<G>(&l.played.game.view(Viewer::Spectator)))
                .unwrap_or_default(),
            previous: [0, 1].map(|i| (self.previous.as_ref()).map(|p| p.written[i].clone())),
        };
        for user in self.audience.viewers() {
            self.publish_to(user, &shared);
            let gone = !self.is_present(user) && self.money.cashing_out(user) == 0;
            if gone {
                self.audience.forget(user);
                self.lost_seats.remove(&user);
            }
        }
        self.publish_summary();
        self.publish_presence();
    }

    fn publish_to(&mut self, user: UserId, shared: &Shared) {
        let Some(m) = self.audience.member(user) else {
            return;
        };
        let felt = self.felt();
        let seen = self.audience.sent(user).map(|s| s.events);
        let (events_from, cursor) = match (felt, seen) {
            (None, _) => (None, None),
            // A viewer new to the table is told the hand on it so far, as they may see it.
            (Some(l), None) => (Some(0), Some((l.id, l.played.events().len()))),
            (Some(l), Some(Some((hand, n)))) if hand == l.id => {
                (Some(n), Some((hand, l.played.events().len())))
            }
            (Some(l), Some(_)) => (Some(0), Some((l.id, l.played.events().len()))),
        };
        let next = self.audience.next_version(user);
        let body = self.state_body(m, shared, events_from, next);
        // The state without its version and its events (the events come last): a frame goes
        // out when that changed, or when there are events to tell.
        let events = events_at(&body);
        let plain = plain_part(&body, events);
        let news = !body[events..].starts_with(NO_EVENTS);
        let changed =
            news || (self.audience.sent(user)).is_none_or(|s| s.plain() != &body[plain.clone()]);
        if changed {
            let sent = Sent {
                frame: Frame::from(body),
                plain,
                events: cursor,
            };
            self.audience.send_state(user, sent, &mut self.out);
            return;
        }
        let fresh = self.audience.take_fresh(user);
        let Some(m) = self.audience.member(user) else {
            return;
        };
        if !fresh.is_empty() {
            let frame = Frame::from(self.state_body(m, shared, None, self.audience.version(user)));
            for c in fresh {
                self.out.push(Effect::Send(c, frame.clone()));
            }
        }
    }

    /// The lobby's line, when it changed.
    pub(super) fn publish_summary(&mut self) {
        if self.summary.as_ref().is_some_and(|s| self.summary_holds(s)) {
            return;
        }
        let now = self.current_summary();
        if self.summary.as_ref() != Some(&now) {
            self.summary = Some(now.clone());
            self.out.push(Effect::Summary(now));
        }
    }

    /// Who is present (seated, waiting, watching), when it changed.
    fn publish_presence(&mut self) {
        let now: BTreeSet<UserId> = (self.table.seats().map(|(_, o)| o.player.id))
            .chain(self.table.waiting().map(|m| m.id))
            .chain(self.audience.watchers())
            .collect();
        for u in now.difference(&self.present) {
            self.out.push(Effect::Presence(*u, true));
        }
        for u in self.present.difference(&now) {
            self.out.push(Effect::Presence(*u, false));
        }
        self.present = now;
    }

    /// The hand on the felt: the one in play, or else the one that ended last (until the next
    /// deal), so that its board, its shown hands and its result stay in view.
    fn felt(&self) -> Option<&Live<G>> {
        self.hand.as_ref().or(self.last.as_ref())
    }

    /// The `seats` array: the same for every viewer.
    fn seat_rows(&self) -> Vec<SeatRow> {
        let live = self.hand.as_ref();
        let felt = self.felt();
        let live_game = live.is_some_and(|l| !l.played.game.is_over());
        // The stacks in a hand being played are the game's; once it is over they are the
        // table's, which change only when the books have recorded the result.
        let outcome = live.filter(|_| live_game).map(|l| l.played.outcome());
        let stacks: &[Chips] = match &outcome {
            Some(Outcome::Chips { end, .. }) => end,
            _ => &[],
        };
        (self.table.seats())
            .map(|(i, o)| {
                // The seat in the hand on the felt, if the same player still sits there.
                let hs = felt.and_then(|l| {
                    (0..l.seats.len()).find(|&h| l.seats[h] == i && l.members[h].id == o.player.id)
                });
                let in_play = live.is_some() && hs.is_some();
                let chips = self.o.betting().then(|| {
                    (hs.filter(|_| in_play))
                        .and_then(|h| stacks.get(h).copied())
                        .unwrap_or(o.stack)
                });
                let status = if o.is_leaving() {
                    SeatStatus::Leaving
                } else if in_play && live_game {
                    SeatStatus::Playing
                } else if o.is_funding() {
                    SeatStatus::BuyingIn
                } else if o.sitting_out {
                    SeatStatus::SittingOut
                } else {
                    SeatStatus::Waiting
                };
                SeatRow {
                    seat: i,
                    name: o.player.name.clone(),
                    bot: o.player.bot,
                    chips,
                    status,
                    hand_seat: hs,
                    chain: self.seeds.position(o.player.id),
                }
            })
            .collect()
    }

    /// The viewer's `you`.
    fn you(&self, m: &Member, hand_seat: Option<usize>) -> You {
        let seat = self.seat_of(m.id);
        let going = self.money.cashing_out(m.id);
        let resting = (seat.and_then(|x| self.table.seat(x))).filter(|o| o.sitting_out);
        let max_missed = self.table.rules().max_sit_out;
        You {
            seat,
            hand_seat,
            sitting_out: resting.is_some(),
            // A tournament keeps an absent player's seat: no count of hands left.
            sit_out_hands_left: (resting.filter(|_| self.kind.absence() == Absence::SitsOut))
                .map(|o| max_missed.saturating_sub(o.missed)),
            seat_lost: (seat.is_none() && self.lost_seats.contains(&m.id))
                .then_some(SeatLost::MissedHands),
            best_hand: (self.felt().zip(hand_seat))
                .and_then(|(l, h)| l.played.game.best_hand(h))
                .map(|r| {
                    let code = r.code();
                    HandValue {
                        category: code.category,
                        ranks: code.ranks,
                    }
                }),
            can_rebuy: seat.is_some() && self.table.may_rebuy(m).is_ok(),
            owner: self.creator == Some(m.id),
            waiting: seat
                .is_none()
                .then(|| self.table.waiting_place(m))
                .flatten(),
            seat_change: (self.table.seat_change(m))
                .map(|(position, seat)| SeatChange { seat, position }),
            chain: self.seeds.view(m.id),
            cashing_out: (going > 0).then_some(going),
            join_seat: (seat.is_none()
                && self.table.waiting_place(m).is_none()
                && self.kind.takes_joins())
            .then(|| self.table.seating().into()),
        }
    }

    /// The `table_state` of `m` (version 0), with the events of the hand on the felt from
    /// number `events_from` (none: no events).
    fn state_body(
        &self,
        m: &Member,
        shared: &Shared,
        events_from: Option<usize>,
        version: u64,
    ) -> String {
        let seat = self.seat_of(m.id);
        let live = self.hand.as_ref();
        let felt = self.felt();
        let hand_seat = felt.and_then(|l| {
            seat.and_then(|s| {
                (0..l.seats.len()).find(|&h| l.seats[h] == s && l.members[h].id == m.id)
            })
        });
        let viewer = Viewer::from(hand_seat);
        let legal = match (live, hand_seat) {
            (Some(l), Some(h)) if !l.played.game.is_over() => l.played.game.choices(h),
            _ => G::Choices::default(),
        };
        let events = match (felt, events_from) {
            (Some(l), Some(n)) => (l.played.events().iter().skip(n))
                .filter_map(|e| G::censor(e, viewer))
                .collect(),
            _ => Vec::new(),
        };
        let dealt = self
            .previous
            .as_ref()
            .is_some_and(|p| p.dealt.contains(&m.id));
        let previous = shared.previous[usize::from(!dealt)].as_deref();
        let view = felt.map(|l| l.played.game.view(viewer));
        // The fields of `TableState`, the shared ones as written once (a test reads every
        // state the core writes back as a `TableState`): the tag first; the version early and
        // the events last, for `plain_part`.
        let mut out = Pieces::with_capacity(shared.fields.0.len() + 2048);
        out.0.extend_from_slice(b"{\"type\":\"table_state\"");
        out.field("v", &protocol::VERSION);
        out.field("version", &version);
        out.join(&shared.fields);
        out.field("you", &self.you(m, hand_seat));
        out.field("previous", &previous);
        out.name("view");
        match &view {
            Some(v) if shared.view.write_joined(v, &mut out.0).is_ok() => {}
            _ => out.0.extend_from_slice(b"null"),
        }
        out.field("legal", &legal);
        out.field("clock", &self.clock_view(hand_seat));
        out.field("events", &events);
        out.0.push(b'}');
        String::from_utf8(out.0).unwrap_or_else(|_| "{\"type\":\"table_state\"}".into())
    }

    /// What everybody is told while the books do not answer a write of this table.
    fn stalled_notice(&self) -> Option<String> {
        let why = self.stalled.as_ref()?;
        let what = if self.settling.is_some() {
            "the result of the last hand is being recorded"
        } else if self.dealing.is_some() {
            "the next hand is being recorded"
        } else {
            "chips are being recorded"
        };
        Some(format!("{what}: the books do not answer yet ({why}); nothing is lost, and play goes on once they do"))
    }

    /// The clock shown to the viewer in game seat `hand_seat`: the seat to act's (in a
    /// simultaneous phase only the viewer's own, and no seat).
    fn clock_view(&self, hand_seat: Option<usize>) -> Option<ClockView> {
        let l = self.hand.as_ref().filter(|l| !l.played.game.is_over())?;
        let to_act = l.played.game.to_act();
        let shown = if G::SIMULTANEOUS {
            hand_seat.filter(|&h| to_act.contains(h) && l.since[h].is_some())
        } else {
            to_act.iter().next().filter(|&h| l.since[h].is_some())
        }?;
        let deadline = self.deadline(l, shown)?;
        let bank = self.usable_bank(l.members[shown].id);
        Some(ClockView {
            seat: (!G::SIMULTANEOUS).then(|| l.seats[shown]),
            deadline_ms: self.anchor.unix_of(deadline - bank),
            bank_ms: bank.as_millis() as u64,
        })
    }
}
