//! The hand or game in play, driven through the engine's one game interface: dealing from a
//! committed seed at the positions the table model chose, players' actions, the server acting
//! for timed-out or leaving players, bots (expert ones think on the blocking pool), and settling
//! the result in the books — which, if the books refuse it, stops the table.

use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use serde_json::Value;
use tavolo_bots::{Bot, BotSpec, Budget};
use tavolo_cards::GameRng;
use tavolo_engine::game::{Game, GameError, Outcome, Played, Refusal, Viewer};
use tavolo_engine::table::{HandStart, TableError};
use tavolo_engine::Chips;
use tavolo_store::{HandId, StoreError};
use tokio::sync::mpsc;

use super::{err, Actor};
use crate::books::Member;
use crate::protocol::{AckResult, Answer, Code};
use crate::table::Conn;

/// The hand or game in play.
pub(super) struct Live<G: Game> {
    /// The game, its setup and its events.
    pub(super) played: Played<G>,
    pub(super) id: HandId,
    pub(super) name: String,
    pub(super) commitment: String,
    pub(super) seed_hex: String,
    /// The parts the seed was mixed from.
    pub(super) parts: crate::fairness::Parts,
    /// The table seat of each game seat.
    pub(super) seats: Vec<usize>,
    pub(super) members: Vec<Member>,
    /// Seats the server plays for until the hand ends (timed out, or leaving).
    pub(super) auto: Vec<bool>,
    /// Each seat's bot (`None`: a player, or a bot away thinking).
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    /// Bots away thinking.
    thinking: Vec<bool>,
    /// Events a thinking bot has not observed yet, censored for it.
    unseen: Vec<Vec<G::Event>>,
    /// When each seat's current decision started (players only).
    pub(super) since: Vec<Option<Instant>>,
}

impl<G: Game> Live<G> {
    /// Whether seat `s` is a player (the clock runs for them).
    pub(super) fn is_player(&self, s: usize) -> bool {
        self.bots.get(s).is_some_and(Option::is_none)
            && !self.thinking.get(s).copied().unwrap_or(true)
    }
}

/// A bot's decision, made on the blocking pool (expert bots think for up to half a second; the
/// table's task goes on meanwhile).
pub(super) struct Thought<G: Game> {
    hand: HandId,
    seat: usize,
    bot: Box<dyn Bot<G>>,
    action: G::Action,
}

/// This table's bots: how they are made, whether they think off the table's task, and the
/// channel their thoughts come back on.
pub(super) struct Bots<G: Game> {
    spec: Option<BotSpec<G>>,
    offload: bool,
    tx: mpsc::UnboundedSender<Thought<G>>,
    pub(super) thoughts: mpsc::UnboundedReceiver<Thought<G>>,
    rng: GameRng,
}

impl<G: Game> Bots<G> {
    pub(super) fn new(spec: Option<BotSpec<G>>, offload: bool) -> Bots<G> {
        let (tx, thoughts) = mpsc::unbounded_channel();
        Bots {
            spec,
            offload,
            tx,
            thoughts,
            rng: GameRng::from_os(),
        }
    }
}

/// A client's action object for `seat`: the seat is the connection's, never the client's word.
fn parse<G: Game>(seat: usize, action: &Value) -> Result<G::Action, String> {
    let mut obj = action
        .as_object()
        .cloned()
        .ok_or("`action` must be an object")?;
    obj.insert(G::SEAT_FIELD.into(), seat.into());
    serde_json::from_value(Value::Object(obj)).map_err(|e| format!("not a {} action: {e}", G::NAME))
}

impl<G: Game> Actor<G> {
    /// A player's action in the hand in play.
    pub(super) fn act(&mut self, conn: &Conn, hand: &str, action: &Value) -> Answer {
        let live = self
            .hand
            .as_mut()
            .filter(|l| !l.played.game.is_over() && l.name == hand)
            .ok_or_else(|| {
                err(
                    Code::StaleHand,
                    format!("hand {hand} is not in play at this table"),
                )
            })?;
        let seat = live
            .members
            .iter()
            .position(|m| m.id == conn.user.id)
            .ok_or_else(|| err(Code::NotSeated, "you are not dealt in this hand"))?;
        for field in ["seat", "player"] {
            if let Some(v) = action.get(field) {
                if v.as_u64() != Some(seat as u64) {
                    return Err(err(
                        Code::NotYourTurn,
                        format!("you play seat {seat} of this hand, not {v}"),
                    ));
                }
            }
        }
        let a = parse::<G>(seat, action).map_err(|m| err(Code::Malformed, m))?;
        let to_act = live.played.game.to_act();
        if !to_act.contains(seat) && !live.played.game.out_of_turn(&a) {
            let who = match to_act.len() {
                0 => "nobody is".to_string(),
                1 => format!("seat {} is", to_act.iter().next().unwrap_or(0)),
                _ => "other seats are".to_string(),
            };
            return Err(err(
                Code::NotYourTurn,
                format!("{who} to act, not seat {seat}"),
            ));
        }
        let events = match live.played.apply(a) {
            Ok(ev) => ev.to_vec(),
            Err(e) => {
                let code = match e.refusal() {
                    Refusal::NotYourTurn => Code::NotYourTurn,
                    _ => Code::IllegalAction,
                };
                let legal =
                    serde_json::to_string(&live.played.game.choices(seat)).unwrap_or_default();
                return Err(err(code, format!("{e}; legal now: {legal}")));
            }
        };
        self.record(seat, events);
        Ok(AckResult::done())
    }

    /// Bookkeeping after any action: bots observe, the clock is charged, and the events are
    /// queued for the next broadcast (none: only the actor's own connections hear of it).
    fn record(&mut self, seat: usize, events: Vec<G::Event>) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        for (b, bot) in live.bots.iter_mut().enumerate() {
            if bot.is_none() && !live.thinking[b] {
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
            self.clock.charge(user, started);
        }
        if events.is_empty() {
            self.audience.private_change(live.members[seat].id);
        } else {
            self.audience.events.extend(events);
            self.audience.dirty = true;
        }
    }

    /// Runs everything that can happen now without a player: bots, players the server acts
    /// for, the end of a hand, the next deal.
    pub(super) async fn progress(&mut self) {
        for _ in 0..10_000 {
            let Some(live) = self.hand.as_ref() else {
                if self
                    .clock
                    .next_hand_at
                    .is_some_and(|t| t > self.clock.now())
                {
                    return;
                }
                if !self.start_hand().await {
                    return;
                }
                continue;
            };
            if live.played.game.is_over() {
                self.end_hand().await;
                return;
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
            if bots.is_empty() {
                break;
            }
            if !self.clock.bot_may_act(self.room.config.bot_delay) {
                break;
            }
            for s in bots {
                self.bot_act(s);
            }
            if !self.room.config.bot_delay.is_zero() {
                self.flush();
            }
        }
        self.refresh_clock();
    }

    /// The server plays for seat `s`: check when free, else fold; the least card; the best
    /// pair (the game's own default).
    pub(super) fn act_default(&mut self, s: usize) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let applied = live
            .played
            .game
            .timeout_action(s)
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

    fn bot_act(&mut self, s: usize) {
        let offload = self.bots.offload;
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let legal = live.played.game.legal(s);
        let Some(&first) = legal.first() else { return };
        let view = live.played.game.view(Viewer::Seat(s));
        let budget = Budget::limited(Duration::from_millis(500));
        if offload {
            let Some(mut bot) = live.bots[s].take() else {
                return;
            };
            live.thinking[s] = true;
            let (hand, tx) = (live.id, self.bots.tx.clone());
            tokio::task::spawn_blocking(move || {
                let action = bot.act(&view, &legal, budget);
                let _ = tx.send(Thought {
                    hand,
                    seat: s,
                    bot,
                    action,
                });
            });
            return;
        }
        let Some(bot) = live.bots[s].as_mut() else {
            return;
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
    }

    /// A bot's thought is back: the bot catches up on what it missed, and its action is
    /// played if it is still that bot's turn and still legal (otherwise it thinks again).
    pub(super) fn thought(&mut self, t: Thought<G>) {
        let Some(live) = self.hand.as_mut().filter(|l| l.id == t.hand) else {
            return;
        };
        let mut bot = t.bot;
        for c in live.unseen[t.seat].drain(..) {
            bot.observe(&c);
        }
        live.bots[t.seat] = Some(bot);
        live.thinking[t.seat] = false;
        if live.played.game.is_over() || !live.played.game.to_act().contains(t.seat) {
            return;
        }
        if !G::allows(&live.played.game.legal(t.seat), &t.action) {
            return;
        }
        match live.played.apply(t.action) {
            Ok(ev) => {
                let ev = ev.to_vec();
                self.record(t.seat, ev);
            }
            Err(_) => self.act_default(t.seat),
        }
    }

    /// Deals the next hand if the table model says enough players are ready: the seed is
    /// committed to in the books first, then the game dealt from it.
    async fn start_hand(&mut self) -> bool {
        // Whether it deals or not, the pause is over: the next attempt comes with the next
        // change at the table (a table that cannot deal has nothing to wake up for).
        self.clock.next_hand_at = None;
        if self.closing || self.lost || self.draining.is_some() || !self.has_audience() {
            return false;
        }
        // A Saint Poker game starts only with a player in it who asked for it (after a game,
        // "Play again"): bots never start one by themselves, and no stake is taken unasked.
        if !self.o.betting()
            && !(self.table.seats()).any(|(s, o)| !o.player.bot && self.table.ready(s))
        {
            self.publish_summary();
            return false;
        }
        let (start, change) = match self.table.deal() {
            Ok(x) => x,
            Err(TableError::NotEnoughPlayers { .. } | TableError::Halted(_)) => {
                self.publish_summary();
                return false;
            }
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not deal");
                return false;
            }
        };
        self.book(change).await;
        if !self.pay_stakes(&start).await {
            return false;
        }
        match self.begin(&start).await {
            Ok(live) => {
                let events = live.played.events().to_vec();
                self.hand = Some(live);
                self.last = None;
                self.record_deal(events);
                self.result = None;
                self.publish_summary();
                true
            }
            Err(why) => {
                tracing::error!(table = %self.id, error = %why, "could not deal");
                self.refund_stakes(&start).await;
                let _ = self.table.void_hand();
                self.clock.next_hand_at = Some(self.clock.now() + Duration::from_secs(1));
                false
            }
        }
    }

    /// The events of the deal: every bot observes them (censored), and they go out with the
    /// next broadcast.
    fn record_deal(&mut self, events: Vec<G::Event>) {
        if let Some(live) = self.hand.as_mut() {
            for e in &events {
                for (b, bot) in live.bots.iter_mut().enumerate() {
                    if let (Some(bot), Some(c)) = (bot, G::censor(e, Viewer::Seat(b))) {
                        bot.observe(&c);
                    }
                }
            }
        }
        self.audience.events.extend(events);
        self.audience.dirty = true;
    }

    /// The stakes of a Saint Poker game that could not be dealt go back to the players. If
    /// even that fails they stay in the pot, which returns them when the table closes (or at
    /// the next start after a crash).
    async fn refund_stakes(&mut self, start: &HandStart<Member>) {
        if self.o.betting() || self.o.stake == 0 {
            return;
        }
        let key = self.key("stake-refund", tavolo_store::UserId(0));
        if let Err(e) = (self.room.books)
            .refund_stakes(key, &self.fence, &start.players, self.o.stake)
            .await
        {
            tracing::error!(table = %self.id, error = %e, "stakes not refunded yet: the table's pot keeps them");
        }
    }

    /// Saint Poker is played for a stake from each player, paid as the game is dealt. When it
    /// cannot be paid the game is not dealt, and players who cannot pay it sit out.
    async fn pay_stakes(&mut self, start: &HandStart<Member>) -> bool {
        if self.o.betting() || self.o.stake == 0 {
            return true;
        }
        let key = self.key("stake", tavolo_store::UserId(0));
        let paid = (self.room.books)
            .stakes(key, &self.fence, &start.players, self.o.stake)
            .await;
        let Err(e) = paid else { return true };
        let _ = self.table.void_hand();
        if crate::node::taken_over(&e) {
            self.lost = true;
            return false;
        }
        tracing::info!(table = %self.id, error = %e, "stakes could not be paid; players sit out");
        for m in start.players.iter().filter(|m| !m.bot) {
            if self.room.books.balance(m.id).await.unwrap_or(0) < self.o.stake as i64 {
                let _ = self.table.sit_out(m);
            }
        }
        self.audience.dirty = true;
        false
    }

    /// Mixes the seed from the room's committed part and the dealt-in players' reveals,
    /// records it in the books and deals the game from it; the room then commits to its part of
    /// the next hand.
    async fn begin(&mut self, start: &HandStart<Member>) -> Result<Live<G>, String> {
        let setup = G::setup(&self.rules, &start.positions).map_err(|e| e.to_string())?;
        let dealt: Vec<_> = (start.seats.iter().copied())
            .zip(start.players.iter().map(|m| m.id))
            .collect();
        let mixed = self.seeds.mix(&dealt);
        let seed_hex = tavolo_store::hex(&mixed.seed);
        let players: Vec<(usize, &Member, Chips)> = (start.seats.iter().copied())
            .zip(&start.players)
            .zip(&start.positions.stacks)
            .map(|((s, m), &c)| (s, m, c))
            .collect();
        let id = (self.room.books)
            .begin_hand(
                &self.fence,
                G::NAME,
                &mixed.commitment,
                (&seed_hex, &mixed.parts),
                &players,
            )
            .await
            .map_err(|e| {
                if crate::node::taken_over(&e) {
                    self.lost = true;
                }
                format!("could not record a new hand: {e}")
            })?;
        // On the books (and revealed to its players even if the deal fails): never used again.
        self.seeds.dealt(&dealt);
        let played = match Played::<G>::deal(setup, mixed.seed) {
            Ok(p) => p,
            Err(e) => {
                let _ = self.room.books.void_hand(id, &self.fence).await;
                return Err(e.to_string());
            }
        };
        let n = start.players.len();
        let bots = (start.players.iter().enumerate())
            .map(|(i, m)| match (&self.bots.spec, m.bot) {
                (Some(spec), true) => Some(spec.make(i, self.bots.rng.next_u64())),
                _ => None,
            })
            .collect();
        Ok(Live {
            played,
            name: format!("h-{}", id.0),
            id,
            commitment: mixed.commitment,
            seed_hex,
            parts: mixed.parts,
            seats: start.seats.clone(),
            members: start.players.clone(),
            auto: vec![false; n],
            bots,
            thinking: vec![false; n],
            unseen: (0..n).map(|_| Vec::new()).collect(),
            since: vec![None; n],
        })
    }

    /// The hand is over: the result is shown (and the seed revealed), then recorded with its
    /// chip movements in one transaction; only then do the stacks at the table change. A result
    /// the books refuse stops the table.
    async fn end_hand(&mut self) {
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        self.result = serde_json::to_value(live.played.summary()).ok();
        if let (Outcome::Points { winners, .. }, Some(Value::Object(r))) =
            (live.played.outcome(), self.result.as_mut())
        {
            // What each seat of the game wins of the stakes (the books pay exactly this).
            let stakes: Vec<Chips> = stake_payouts(&live.members, &winners, self.o.stake)
                .into_iter()
                .map(|(_, c)| c)
                .collect();
            r.insert("stake".into(), Value::from(self.o.stake));
            r.insert("stakes_won".into(), Value::from(stakes));
        }
        self.previous = Some(super::Ended {
            hand: live.name.clone(),
            seed: live.seed_hex.clone(),
            parts: live.parts.clone(),
            dealt: live.members.iter().map(|m| m.id).collect(),
        });
        self.audience.dirty = true;
        self.flush();
        let Some(live) = self.hand.take() else { return };
        let outcome = live.played.outcome();
        let names: Vec<String> = live.members.iter().map(|m| m.name.clone()).collect();
        if !self.o.betting() {
            // The game is over: its players see the results and choose to play again (they sit
            // out until they do).
            for m in live.members.iter().filter(|m| !m.bot) {
                let _ = self.table.sit_out(m);
            }
        }
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
        let (id, name) = (live.id, live.name.clone());
        let settled = self.settle(id, &live.members, record, &outcome).await;
        self.last = Some(live);
        self.room.metrics.hands.fetch_add(1, Relaxed);
        if settled.as_ref().is_err_and(crate::node::taken_over) {
            // Another node took the table over: the hand is theirs to void; nothing more here.
            self.lost = true;
            return;
        }
        let change = match settled {
            Ok(()) => self.table.finish(&outcome).map_err(|e| e.to_string()),
            Err(e) => Err(format!("the books refused the result of hand {name}: {e}")),
        };
        match change {
            Ok(change) => self.book(change).await,
            Err(why) => {
                // The hand is void: it leaves the felt.
                self.last = None;
                tracing::error!(table = %self.id, hand = id.0, error = %why, "stopping the table");
                if let Ok(change) = self.table.void_hand() {
                    self.book(change).await;
                }
                self.halt(why);
            }
        }
        self.rebuy_bots().await;
        self.audience.dirty = true;
        self.clock.next_hand_at = Some(self.clock.now() + self.room.config.hand_pause);
        self.publish_summary();
    }

    /// Records the finished hand, its result and its chip movements in the books.
    async fn settle(
        &mut self,
        id: HandId,
        members: &[Member],
        record: tavolo_engine::game::Record,
        outcome: &Outcome,
    ) -> Result<(), StoreError> {
        let (text, format) = (record.text, record.format);
        let books = &self.room.books;
        match outcome {
            Outcome::Chips {
                start,
                end,
                carried_in,
                carried_out,
                ..
            } => {
                let deltas: Vec<(&Member, i64)> = (members.iter())
                    .zip(start.iter().zip(end))
                    .map(|(m, (&s, &e))| (m, e as i64 - s as i64))
                    .collect();
                let pot = *carried_out as i64 - *carried_in as i64;
                books
                    .finish_betting_hand(id, &self.fence, text, format, &deltas, pot)
                    .await
            }
            Outcome::Points { winners, .. } => {
                let payouts = stake_payouts(members, winners, self.o.stake);
                let p: Vec<(&Member, Chips)> = payouts.iter().map(|(m, c)| (*m, *c)).collect();
                books
                    .finish_saint_game(id, &self.fence, text, &p, self.o.stake)
                    .await
            }
        }
    }

    /// Bots whose stacks are exhausted buy again from the house, between hands.
    async fn rebuy_bots(&mut self) {
        if !self.o.betting() {
            return;
        }
        let broke: Vec<Member> = (self.table.seats())
            .filter(|(_, o)| o.player.bot && o.stack == 0 && !o.is_funding())
            .map(|(_, o)| o.player.clone())
            .collect();
        for b in broke {
            if let Ok(change) = self.table.rebuy(&b) {
                self.book(change).await;
            }
        }
    }
}

/// The stakes of a Saint Poker game shared by its winners; chips that do not divide go one each
/// to the first winners in seat order.
fn stake_payouts<'a>(
    members: &'a [Member],
    winners: &[usize],
    stake: Chips,
) -> Vec<(&'a Member, Chips)> {
    let pot = stake * members.len() as Chips;
    let k = winners.len().max(1) as Chips;
    let (share, mut odd) = (pot / k, pot % k);
    (members.iter().enumerate())
        .map(|(i, m)| {
            let mut won = 0;
            if winners.contains(&i) {
                won = share;
                if odd > 0 {
                    won += 1;
                    odd -= 1;
                }
            }
            (m, won)
        })
        .collect()
}
