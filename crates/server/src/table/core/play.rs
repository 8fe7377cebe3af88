//! The hand or game in play, driven through the engine's one game interface: dealt from a
//! committed seed once the books have recorded its beginning, played by players, by the table
//! for players who timed out or are leaving, and by bots (those that think long away from the
//! core), then settled: its result changes the stacks only once the books have recorded it. A
//! result the books refuse voids the hand and stops the table; one they cannot record yet waits
//! (the table deals no more meanwhile) and is sent again.

use std::time::{Duration, Instant};

use tavolo_bots::{Bot, BotSpec};
use tavolo_engine::game::{Game, Played, Viewer};
use tavolo_store::{HandId, UserId};

use super::io::{Ask, AskId, Count, Effect, Thought};
use super::kind::Absence;
use super::{Stage, TableCore};
use crate::books::Member;
use crate::error::RoomError;
use crate::fairness::Parts;

/// The hand or game in play.
pub struct Live<G: Game> {
    /// The game, its setup and its events.
    pub played: Played<G>,
    /// Its id in the books.
    pub id: HandId,
    /// Its name (`h-123`).
    pub name: String,
    /// The commitment published before the deal.
    pub commitment: String,
    /// The seed, hex (secret until the hand is over).
    pub seed_hex: String,
    /// The parts the seed was mixed from.
    pub parts: Parts,
    /// The table seat of each game seat.
    pub seats: Vec<usize>,
    /// Who plays each game seat.
    pub members: Vec<Member>,
    /// Seats the table plays for until the hand ends (timed out, or leaving).
    pub auto: Vec<bool>,
    /// Each seat's bot (`None`: a player, or a bot away thinking).
    pub(super) bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// The question a bot away thinking answers.
    pub(super) asked: Vec<Option<AskId>>,
    /// Events a thinking bot has not observed yet, censored for it.
    pub(super) unseen: Vec<Vec<G::Event>>,
    /// When each seat's current decision started (players only).
    pub since: Vec<Option<Instant>>,
    /// Whether each seat came: a bot, or a player who acted themselves at least once (a Swiss
    /// event gives a player who never came 0 place points).
    pub came: Vec<bool>,
}

impl<G: Game> Live<G> {
    /// Whether seat `s` is a player (the clock runs for them).
    fn is_player(&self, s: usize) -> bool {
        self.bots.get(s).is_some_and(Option::is_none)
            && self.asked.get(s).is_some_and(Option::is_none)
    }

    /// The hand seat of `user`, if dealt in.
    pub fn seat_of(&self, user: tavolo_store::UserId) -> Option<usize> {
        self.members.iter().position(|m| m.id == user)
    }
}

/// This table's bots: how they are made, whether they think away from the core, and the
/// questions out.
pub struct Bots<G: Game> {
    pub(super) spec: Option<BotSpec<G>>,
    pub(super) offload: bool,
    pub(super) next_ask: AskId,
}

impl<G: Game> Bots<G> {
    /// Bots made by `spec`, thinking away from the core when `offload`.
    pub fn new(spec: Option<BotSpec<G>>, offload: bool) -> Bots<G> {
        Bots {
            spec,
            offload,
            next_ask: 1,
        }
    }
}

/// A client's action object for `seat`: the seat is the connection's, never the client's word.
fn parse<G: Game>(seat: usize, action: &serde_json::Value) -> Result<G::Action, RoomError> {
    let mut obj = action
        .as_object()
        .cloned()
        .ok_or_else(|| RoomError::BadAction("`action` must be an object".into()))?;
    obj.insert(G::SEAT_FIELD.into(), seat.into());
    serde_json::from_value(serde_json::Value::Object(obj))
        .map_err(|e| RoomError::BadAction(format!("not a {} action: {e}", G::NAME)))
}

impl<G: Game> TableCore<G> {
    /// A player's action in the hand in play.
    pub(super) fn act(
        &mut self,
        user: &Member,
        hand: &str,
        action: &serde_json::Value,
    ) -> Result<(), RoomError> {
        let live = (self.hand.as_mut())
            .filter(|l| !l.played.game.is_over() && l.name == hand)
            .ok_or_else(|| RoomError::StaleHand(hand.to_string()))?;
        let seat = live.seat_of(user.id).ok_or(RoomError::NotDealtIn)?;
        for field in ["seat", "player"] {
            if let Some(v) = action.get(field) {
                if v.as_u64() != Some(seat as u64) {
                    return Err(RoomError::NotYourSeat {
                        seat,
                        named: v.to_string(),
                    });
                }
            }
        }
        let a = parse::<G>(seat, action)?;
        let to_act = live.played.game.to_act();
        if !to_act.contains(seat) && !live.played.game.out_of_turn(&a) {
            let who = match to_act.len() {
                0 => "nobody is".to_string(),
                1 => format!("seat {} is", to_act.iter().next().unwrap_or(0)),
                _ => "other seats are".to_string(),
            };
            return Err(RoomError::NotYourTurn { who, seat });
        }
        let events = match live.played.apply(a) {
            Ok(ev) => ev.to_vec(),
            Err(error) => {
                let legal =
                    serde_json::to_string(&live.played.game.choices(seat)).unwrap_or_default();
                return Err(RoomError::Illegal {
                    error: Box::new(error),
                    legal,
                });
            }
        };
        if let Some(c) = live.came.get_mut(seat) {
            *c = true;
        }
        self.record(seat, events);
        self.out.push(Effect::Count(Count::Action));
        Ok(())
    }

    /// After any action: bots observe, and the clock is charged.
    fn record(&mut self, seat: usize, events: Vec<G::Event>) {
        let now = self.now.at;
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        for (b, bot) in live.bots.iter_mut().enumerate() {
            if bot.is_none() && live.asked[b].is_none() {
                continue;
            }
            for e in &events {
                if let Some(c) = G::censor(e, Viewer::Seat(b)) {
                    match bot.as_mut() {
                        Some(bot) => bot.observe(&c),
                        None => live.unseen[b].push(c),
                    }
                }
            }
        }
        if let Some(started) = live.since.get_mut(seat).and_then(Option::take) {
            let user = live.members[seat].id;
            self.clock.charge(user, started, now);
        }
    }

    /// Runs everything that can happen now without a player: bots, players the table acts for,
    /// the end of a hand, the next deal.
    pub(super) fn progress(&mut self) {
        for _ in 0..10_000 {
            let Some(live) = self.hand.as_ref() else {
                if self.dealing.is_some()
                    || self.clock.next_hand_at.is_some_and(|t| t > self.now.at)
                {
                    break;
                }
                // The pause is over: the next hand is dealt now, or with the next change at the
                // table (a table that cannot deal has nothing to wake up for).
                self.clock.next_hand_at = None;
                if !self.may_deal() || !self.start_hand() {
                    break;
                }
                continue;
            };
            if live.played.game.is_over() {
                if self.settling.is_none() {
                    self.end_hand();
                }
                break;
            }
            let to_act = live.played.game.to_act();
            if let Some(s) = to_act
                .iter()
                .find(|&s| live.auto[s] && !live.members[s].bot)
            {
                self.act_default(s);
                continue;
            }
            let bots: Vec<usize> = to_act.iter().filter(|&s| live.bots[s].is_some()).collect();
            let delay = if self.player_waits_for_bots() {
                Duration::ZERO
            } else {
                self.config.bot_delay
            };
            if bots.is_empty() || !self.clock.bot_may_act(delay, self.now.at) {
                break;
            }
            let mut inline = false;
            for s in bots {
                inline |= self.bot_act(s);
            }
            if !inline {
                break;
            }
        }
        self.hand_on_if_drained();
        self.close_if_told();
        self.refresh_clock();
        self.save_if_changed();
    }

    /// Whether the hand on the felt is played by bots alone (and the table, for players who
    /// timed out or are leaving) while a player sits ready for the next deal (issue 49: a
    /// newcomer at a table of bots watched their hand at the bots' pace, then the pause between
    /// hands). Such a hand plays out at once and the next is dealt without a pause: RULES.md §2
    /// has no waiting for the big blind, so the newcomer is dealt in the next hand wherever the
    /// blinds fall.
    pub(super) fn player_waits_for_bots(&self) -> bool {
        let bots_only = (self.hand.as_ref().or(self.last.as_ref()))
            .is_some_and(|l| (l.members.iter().zip(&l.auto)).all(|(m, &auto)| m.bot || auto));
        bots_only
            && self.kind.hurries_bot_hands()
            && (self.table.seats()).any(|(s, o)| !o.player.bot && self.table.ready(s))
    }

    /// Whether a new hand may be dealt now: the table is open, the last result is recorded,
    /// somebody other than bots is here, and no player's buy-in is still on its way (a player
    /// sitting down plays the next hand rather than watch one dealt to bots).
    fn may_deal(&self) -> bool {
        let buying_in = (self.table.seats()).any(|(_, o)| {
            !o.player.bot
                && matches!(
                    o.state,
                    tavolo_engine::table::SeatState::Funding { rebuy: false, .. }
                )
        });
        // A tournament's table deals to bots alone too (its coordinator says when it may).
        let audience = self.has_audience() || self.kind.is_tournament();
        self.stage == Stage::Open
            && self.settling.is_none()
            && audience
            && !buying_in
            && self.permitted()
    }

    /// The table plays for seat `s`: the game's default (check when free, else fold; the least
    /// card; the best pair).
    fn act_default(&mut self, s: usize) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let applied = (live.played.game.timeout_action(s))
            .ok_or_else(|| format!("seat {s} has nothing to do"))
            .and_then(|a| {
                live.played
                    .apply(a)
                    .map(<[_]>::to_vec)
                    .map_err(|e| e.to_string())
            });
        match applied {
            Ok(ev) => self.record(s, ev),
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "the default action was refused")
            }
        }
    }

    /// Bot `s` acts: at once (true), or asked to think away from the core.
    fn bot_act(&mut self, s: usize) -> bool {
        let (offload, budget) = (self.bots.offload, self.config.bot_budget);
        let Some(live) = self.hand.as_mut() else {
            return false;
        };
        let legal = live.played.game.legal(s);
        let Some(&first) = legal.first() else {
            return false;
        };
        let view = live.played.game.view(Viewer::Seat(s));
        if offload {
            let Some(bot) = live.bots[s].take() else {
                return false;
            };
            let id = self.bots.next_ask;
            self.bots.next_ask += 1;
            live.asked[s] = Some(id);
            self.out.push(Effect::Think(Ask {
                id,
                bot,
                view,
                legal,
                budget,
            }));
            return false;
        }
        let Some(bot) = live.bots[s].as_mut() else {
            return false;
        };
        let a = bot.act(&view, &legal, budget);
        let a = if G::allows(&legal, &a) { a } else { first };
        match live.played.apply(a) {
            Ok(ev) => {
                let ev = ev.to_vec();
                self.record(s, ev);
            }
            Err(_) => self.act_default(s),
        }
        true
    }

    /// A bot's thought is back: the bot catches up on what it missed, and its action is played
    /// if it is still that bot's turn and still legal (otherwise it thinks again).
    pub(super) fn thought(&mut self, t: Thought<G>) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let Some(seat) = live.asked.iter().position(|a| *a == Some(t.id)) else {
            return;
        };
        let mut bot = t.bot;
        for c in live.unseen[seat].drain(..) {
            bot.observe(&c);
        }
        live.bots[seat] = Some(bot);
        live.asked[seat] = None;
        if live.played.game.is_over() || !live.played.game.to_act().contains(seat) {
            return;
        }
        if !G::allows(&live.played.game.legal(seat), &t.action) {
            return;
        }
        match live.played.apply(t.action) {
            Ok(ev) => {
                let ev = ev.to_vec();
                self.record(seat, ev);
            }
            Err(_) => self.act_default(seat),
        }
    }

    /// Starts the clock of every player who must act now; stops it for the others.
    pub(super) fn refresh_clock(&mut self) {
        let now = self.now.at;
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        if live.played.game.is_over() {
            return;
        }
        let to_act = live.played.game.to_act();
        for s in 0..live.since.len() {
            let runs = to_act.contains(s) && live.is_player(s);
            match (runs, &mut live.since[s]) {
                (true, since) => {
                    since.get_or_insert(now);
                }
                (false, since) => *since = None,
            }
        }
    }

    /// When seat `s`'s time, and then its bank, run out.
    pub(super) fn deadline(&self, live: &Live<G>, s: usize) -> Option<Instant> {
        let since = live.since.get(s).copied().flatten()?;
        Some(
            self.clock
                .deadline(since, self.usable_bank(live.members[s].id)),
        )
    }

    /// The time bank `user` may draw on now: at a cash table theirs while a connection of
    /// theirs is open, none while they are away (it waits for them); at a tournament's, theirs
    /// connected or not (RULES.md §5: the clock, then the time bank).
    pub(super) fn usable_bank(&self, user: UserId) -> Duration {
        let away_too = self.kind.absence() == Absence::StaysIn;
        if away_too || self.audience.is_connected(user) {
            self.clock.bank(user)
        } else {
            Duration::ZERO
        }
    }

    /// Time is up for every player whose clock and bank ran out. A cash table acts for them
    /// for the rest of the hand and sits them out; a tournament's checks where free, else
    /// folds, for this decision alone, the bank used up (they are back at their next action).
    pub(super) fn on_timer(&mut self) {
        let now = self.now.at;
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let late: Vec<usize> = (0..live.seats.len())
            .filter(|&s| self.deadline(live, s).is_some_and(|d| d <= now))
            .collect();
        for s in late {
            if self.kind.absence() == Absence::StaysIn {
                // The decision's start stays: acting charges the whole bank drawn on.
                self.act_default(s);
                continue;
            }
            let Some(live) = self.hand.as_mut() else {
                return;
            };
            live.since[s] = None;
            live.auto[s] = true;
            // The bank is kept: the table decided, not the player (see the clock's module).
            let m = live.members[s].clone();
            let _ = self.table.sit_out(&m);
            self.act_default(s);
        }
    }

    /// A player who sits in again is played for no more (unless leaving).
    pub(super) fn stop_auto(&mut self, user: &Member) {
        let leaving = (self.table.seat_of(user))
            .and_then(|s| self.table.seat(s))
            .is_some_and(|o| o.is_leaving());
        if let Some(live) = self.hand.as_mut() {
            if let Some(h) = live.seat_of(user.id) {
                live.auto[h] = leaving;
            }
        }
    }

    /// A player leaving during the hand is played for until it ends.
    pub(super) fn start_auto(&mut self, user: &Member) {
        if let Some(live) = self.hand.as_mut() {
            if let Some(h) = live.seat_of(user.id) {
                live.auto[h] = true;
            }
        }
    }
}
