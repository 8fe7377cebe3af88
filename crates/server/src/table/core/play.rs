//! The hand or game in play, driven through the engine's one game interface: dealt from a
//! committed seed once the books have recorded its beginning, played by players, by the table
//! for players who timed out or are leaving, and by bots (those that think long away from the
//! core), then settled: its result changes the stacks only once the books have recorded it. A
//! result the books refuse voids the hand and stops the table; one they cannot record yet waits
//! (the table deals no more meanwhile) and is sent again.

use std::time::{Duration, Instant};

use tavolo_bots::{Bot, BotSpec};
use tavolo_engine::game::{Game, GameError, Outcome, Played, Viewer};
use tavolo_engine::table::{HandStart, TableError};
use tavolo_engine::Chips;
use tavolo_store::{HandId, NewHand};

use super::io::{Ask, AskId, BookAnswer, BookFailure, Booked, Count, Effect, Thought, Write};
use super::money::Purpose;
use super::seeds::Mixed;
use super::{Stage, TableCore};
use crate::books::{self, Member};
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
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// The question a bot away thinking answers.
    asked: Vec<Option<AskId>>,
    /// Events a thinking bot has not observed yet, censored for it.
    unseen: Vec<Vec<G::Event>>,
    /// When each seat's current decision started (players only).
    pub since: Vec<Option<Instant>>,
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

/// A hand whose beginning the books are recording: dealt from `mixed` once they have.
pub struct Dealing<G: Game> {
    start: HandStart<Member>,
    setup: G::Setup,
    mixed: Mixed,
    seed_hex: String,
    write: super::WriteId,
    /// Saint Poker: the stakes' journal key (their refund's is derived from it).
    stakes: bool,
}

/// The last hand that is over: its id, its seed and the seed's parts, and who was dealt in (only
/// they get the seed, which recomputes every card, mucked ones too).
pub struct Ended {
    /// Its name.
    pub hand: String,
    /// Its seed, hex.
    pub seed: String,
    /// The seed's parts.
    pub parts: Parts,
    /// Who was dealt in.
    pub dealt: Vec<tavolo_store::UserId>,
}

/// This table's bots: how they are made, whether they think away from the core, and the
/// questions out.
pub struct Bots<G: Game> {
    spec: Option<BotSpec<G>>,
    offload: bool,
    next_ask: AskId,
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
            if bots.is_empty() || !self.clock.bot_may_act(self.config.bot_delay, self.now.at) {
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
        self.refresh_clock();
        self.save_if_changed();
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
        self.stage == Stage::Open && self.settling.is_none() && self.has_audience() && !buying_in
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

    /// Deals the next hand if the table model says enough players are ready: the books record
    /// its beginning (with its commitment, and Saint Poker's stakes) first.
    fn start_hand(&mut self) -> bool {
        // A Saint Poker game starts only with a player in it who asked for it (after a game,
        // "Play again"): bots never start one by themselves, and no stake is taken unasked.
        if !self.o.betting()
            && !(self.table.seats()).any(|(s, o)| !o.player.bot && self.table.ready(s))
        {
            return false;
        }
        let (start, change) = match self.table.deal() {
            Ok(x) => x,
            Err(TableError::NotEnoughPlayers { .. } | TableError::Halted(_)) => return false,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not deal");
                return false;
            }
        };
        self.book(change, None);
        let setup = match G::setup(&self.rules, &start.positions) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not set the game up");
                let _ = self.table.void_hand();
                self.halt(format!("the game cannot be set up: {e}"));
                return false;
            }
        };
        let dealt: Vec<_> = (start.seats.iter().copied())
            .zip(start.players.iter().map(|m| m.id))
            .collect();
        let mixed = self.seeds.mix(&dealt);
        let seed_hex = tavolo_store::hex(&mixed.seed);
        match self.new_hand(&start, &mixed, &seed_hex) {
            Ok((mut hand, stakes)) => {
                hand.save = self
                    .take_save(self.saved_state())
                    .map(|s| (s.state, s.summary));
                let write = self.submit(Write::Begin(hand), Purpose::Begin);
                self.dealing = Some(Dealing {
                    start,
                    setup,
                    mixed,
                    seed_hex,
                    write,
                    stakes,
                });
                true
            }
            Err(e) => {
                let _ = self.table.void_hand();
                self.halt(e.to_string());
                false
            }
        }
    }

    /// The books' record of a hand about to be dealt; whether it takes stakes.
    fn new_hand(
        &mut self,
        start: &HandStart<Member>,
        mixed: &Mixed,
        seed_hex: &str,
    ) -> Result<(NewHand, bool), books::ChipsError> {
        let key = self.money.deal_key(start.number);
        let mut players = Vec::with_capacity(start.players.len());
        for ((s, m), &c) in (start.seats.iter().zip(&start.players)).zip(&start.positions.stacks) {
            players.push((*s, m.id, books::ledger_chips(c)?));
        }
        let stakes = (!self.o.betting() && self.o.stake > 0)
            .then(|| {
                books::stakes_journal(
                    format!("{key}:stakes"),
                    &self.id,
                    &start.players,
                    self.o.stake,
                )
            })
            .transpose()?;
        let takes = stakes.is_some();
        Ok((
            NewHand {
                fence: Some(self.fence()),
                table: self.id.clone(),
                game: G::NAME.to_string(),
                commitment: mixed.commitment.clone(),
                seed_hex: seed_hex.to_string(),
                parts: serde_json::to_string(&mixed.parts).ok(),
                players,
                key: Some(key),
                stakes,
                save: None,
            },
            takes,
        ))
    }

    /// The books answered a hand's beginning: deal it, or give up on it.
    pub(super) fn begun(&mut self, id: super::WriteId, answer: BookAnswer) {
        let Some(d) = self.dealing.take_if(|d| d.write == id) else {
            return;
        };
        let hand = match answer {
            Ok(Booked::Hand(hand)) => hand,
            Ok(_) | Err(BookFailure::Fenced | BookFailure::Unavailable(_)) => {
                let _ = self.table.void_hand();
                return;
            }
            Err(BookFailure::Refused { short, why }) => {
                let _ = self.table.void_hand();
                self.not_dealt(&d.start, short.as_deref(), &why);
                return;
            }
        };
        let dealt: Vec<_> = (d.start.seats.iter().copied())
            .zip(d.start.players.iter().map(|m| m.id))
            .collect();
        // On the books (and revealed to its players even if the deal fails): never used again.
        self.seeds.dealt(&dealt, super::draw32(&mut self.rng));
        let played = match Played::<G>::deal(d.setup, d.mixed.seed) {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not deal");
                self.void_begun(hand, d.stakes, &d.start);
                let _ = self.table.void_hand();
                self.clock.next_hand_at = Some(self.now.at + Duration::from_secs(1));
                return;
            }
        };
        let n = d.start.players.len();
        let bots = (d.start.players.iter().enumerate())
            .map(|(i, m)| match (&self.bots.spec, m.bot) {
                (Some(spec), true) => Some(spec.make(i, self.rng.next_u64())),
                _ => None,
            })
            .collect();
        let mut live = Live {
            played,
            name: format!("h-{}", hand.0),
            id: hand,
            commitment: d.mixed.commitment,
            seed_hex: d.seed_hex,
            parts: d.mixed.parts,
            seats: d.start.seats,
            members: d.start.players,
            auto: vec![false; n],
            bots,
            asked: vec![None; n],
            unseen: (0..n).map(|_| Vec::new()).collect(),
            since: vec![None; n],
        };
        // Players leaving already, or sitting out since the deal, are played for.
        for (h, m) in live.members.iter().enumerate() {
            let leaving = (self.table.seat_of(m))
                .and_then(|s| self.table.seat(s))
                .is_some_and(|o| o.is_leaving() || o.sitting_out);
            live.auto[h] = leaving && !m.bot;
        }
        for e in live.played.events().to_vec() {
            for (b, bot) in live.bots.iter_mut().enumerate() {
                if let (Some(bot), Some(c)) = (bot, G::censor(&e, Viewer::Seat(b))) {
                    bot.observe(&c);
                }
            }
        }
        self.hand = Some(live);
        self.last = None;
        self.result = None;
    }

    /// A hand the books refused to begin: players who cannot pay Saint Poker's stake sit out.
    fn not_dealt(&mut self, start: &HandStart<Member>, short: Option<&str>, why: &str) {
        tracing::info!(table = %self.id, error = why, "a hand could not begin");
        let who = (start.players.iter())
            .find(|m| short == Some(books::owner_account(m).to_string().as_str()));
        match who {
            Some(m) if !m.bot => {
                let _ = self.table.sit_out(m);
            }
            _ => self.clock.next_hand_at = Some(self.now.at + super::money::MAX_BACKOFF),
        }
    }

    /// A begun hand that cannot be played: voided in the books, and a Saint Poker game's stakes
    /// sent back.
    fn void_begun(&mut self, hand: HandId, stakes: bool, start: &HandStart<Member>) {
        self.submit(Write::Void(hand), Purpose::Void);
        if stakes {
            let key = format!("{}:refund", self.money.deal_key(start.number));
            match books::stakes_refund(key, &self.id, &start.players, self.o.stake) {
                Ok(j) => {
                    self.submit(Write::Move(j), Purpose::Refund);
                }
                Err(e) => tracing::error!(table = %self.id, error = %e, "no refund of the stakes"),
            }
        }
    }

    /// The hand is over: its result is shown, then given to the books with its record and its
    /// chip movements; the stacks change when they have recorded it.
    fn end_hand(&mut self) {
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let outcome = live.played.outcome();
        let mut result = serde_json::to_value(live.played.summary()).ok();
        if let (Outcome::Points { winners, .. }, Some(serde_json::Value::Object(r))) =
            (&outcome, result.as_mut())
        {
            // What each seat of the game wins of the stakes (the books pay exactly this).
            let stakes: Vec<Chips> =
                books::stake_payouts(live.members.len(), winners, self.o.stake);
            r.insert("stake".into(), self.o.stake.into());
            r.insert("stakes_won".into(), stakes.into());
        }
        self.result = result;
        self.previous = Some(Ended {
            hand: live.name.clone(),
            seed: live.seed_hex.clone(),
            parts: live.parts.clone(),
            dealt: live.members.iter().map(|m| m.id).collect(),
        });
        let names: Vec<String> = live.members.iter().map(|m| m.name.clone()).collect();
        let record = live
            .played
            .record(Some(&names))
            .unwrap_or_else(|e: GameError| {
                tracing::error!(table = %self.id, error = %e, "no record");
                tavolo_engine::game::Record {
                    format: G::NAME,
                    text: String::new(),
                }
            });
        let (id, members) = (live.id, live.members.clone());
        let finished = books::finished_hand(
            self.fence(),
            &self.id,
            id,
            record,
            &members,
            &outcome,
            self.o.stake,
        );
        let after = {
            let mut t = self.table.clone();
            t.finish(&outcome).map(|_| t.saved())
        };
        match (finished, after) {
            (Ok(mut done), Ok(after)) => {
                done.save = self
                    .take_save(self.save_of(after))
                    .map(|s| (s.state, s.summary));
                self.settling = Some(self.submit(Write::Finish(id, done), Purpose::Finish));
            }
            (Err(e), _) => self.refuse_result(format!("hand {}: {e}", live.name.clone())),
            (_, Err(e)) => self.refuse_result(format!("hand {}: {e}", live.name.clone())),
        }
    }

    /// The books answered a hand's result.
    pub(super) fn settled(&mut self, id: super::WriteId, answer: BookAnswer) {
        if self.settling != Some(id) {
            return;
        }
        self.settling = None;
        let Some(live) = self.hand.take() else {
            return;
        };
        let outcome = live.played.outcome();
        let change = match answer {
            Ok(_) => self.table.finish(&outcome).map_err(|e| e.to_string()),
            Err(BookFailure::Refused { why, .. }) => Err(format!(
                "the books refused the result of hand {}: {why}",
                live.name
            )),
            Err(e) => Err(format!(
                "the result of hand {} was not recorded: {e:?}",
                live.name
            )),
        };
        match change {
            Ok(change) => {
                self.out.push(Effect::Count(Count::HandFinished));
                if !self.o.betting() {
                    // The game is over: its players see the results and choose to play again.
                    for m in live.members.iter().filter(|m| !m.bot) {
                        let _ = self.table.sit_out(m);
                    }
                }
                self.last = Some(live);
                self.book(change, None);
                self.rebuy_bots();
                self.clock.next_hand_at = Some(self.now.at + self.config.hand_pause);
            }
            Err(why) => {
                self.hand = Some(live);
                self.refuse_result(why);
            }
        }
    }

    /// The books and the table disagree about a hand's result: it is voided (it leaves the
    /// felt) and the table stops dealing.
    fn refuse_result(&mut self, why: String) {
        if let Some(live) = self.hand.take() {
            tracing::error!(table = %self.id, hand = live.id.0, error = %why, "stopping the table");
            self.submit(Write::Void(live.id), Purpose::Void);
        }
        self.result = None;
        self.last = None;
        if let Ok(change) = self.table.void_hand() {
            self.book(change, None);
        }
        self.halt(why);
    }

    /// Bots whose stacks are exhausted buy again from the house, between hands.
    fn rebuy_bots(&mut self) {
        if !self.o.betting() {
            return;
        }
        let broke: Vec<Member> = (self.table.seats())
            .filter(|(_, o)| o.player.bot && o.stack == 0 && !o.is_funding())
            .map(|(_, o)| o.player.clone())
            .collect();
        for b in broke {
            if let Ok(change) = self.table.rebuy(&b) {
                self.book(change, None);
            }
        }
    }

    /// A draining table whose hand is over and settled is handed on.
    fn hand_on_if_drained(&mut self) {
        let idle = self.hand.is_none() && self.dealing.is_none() && self.settling.is_none();
        if self.stage != Stage::Draining || !idle || self.money.any(|p| *p == Purpose::Release) {
            return;
        }
        let state = self.saved_state();
        let summary = self.current_summary();
        let saved = super::Saved {
            state: serde_json::to_string(&state).unwrap_or_default(),
            summary: serde_json::to_string(&summary).unwrap_or_default(),
        };
        self.submit(Write::Release(saved), Purpose::Release);
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
        Some(self.clock.deadline(since, live.members[s].id))
    }

    /// Time is up for every player whose clock and bank ran out: the table acts for them for
    /// the rest of the hand and sits them out.
    pub(super) fn on_timer(&mut self) {
        let now = self.now.at;
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let late: Vec<usize> = (0..live.seats.len())
            .filter(|&s| self.deadline(live, s).is_some_and(|d| d <= now))
            .collect();
        for s in late {
            let Some(live) = self.hand.as_mut() else {
                return;
            };
            live.since[s] = None;
            live.auto[s] = true;
            let m = live.members[s].clone();
            self.clock.empty_bank(m.id);
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
