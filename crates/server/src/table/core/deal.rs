//! A hand's life in the books: its beginning recorded (with its commitment, and Saint Poker's
//! stakes) before it is dealt from its committed seed; its result given to the books when it is
//! over, the stacks changed only once they have recorded it; a result the books refuse voids
//! the hand and stops the table; one they cannot record yet waits (the table deals no more
//! meanwhile) and is sent again. A draining table is handed on once its hand is settled.

use std::time::Duration;

use serde_json::value::RawValue;
use tavolo_engine::game::{Game, GameError, Outcome, Played, Viewer};
use tavolo_engine::table::{HandStart, TableError};
use tavolo_engine::transcript::transcript_hex;
use tavolo_engine::Chips;
use tavolo_store::{HandId, NewHand};

use super::io::{BookAnswer, BookFailure, Booked, Count, Effect, Report, Write};
use super::kind::{Absence, Stacks};
use super::money::Purpose;
use super::play::Live;
use super::seeds::Mixed;
use super::{Stage, TableCore};
use crate::books::{self, Member};
use crate::fairness::{self, Parts};
use crate::protocol::Previous;

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

/// The last hand that is over: its id, its seed and the seed's parts, who was dealt in (only
/// they get the seed, which recomputes every card, mucked ones too), and its transcript (for
/// everybody).
pub struct Ended {
    /// Who was dealt in.
    pub dealt: Vec<tavolo_store::UserId>,
    /// The `previous` of a state as written once: for those dealt in (with its seed and its
    /// parts), and for everybody else.
    pub written: [Box<RawValue>; 2],
}

impl Ended {
    /// Hand `hand`, dealt to `dealt` from `seed` (hex, of `parts`), with its transcript
    /// (`tavolo-fair/3`, hex: the digest binding its record to its commitment and seed, sent to
    /// everybody who sees the table, `tavolo_engine::transcript`).
    fn new(
        hand: &str,
        seed: &str,
        parts: &Parts,
        dealt: Vec<tavolo_store::UserId>,
        transcript: &str,
    ) -> Ended {
        let written = [true, false].map(|dealt| {
            let previous = Previous {
                hand: hand.to_string(),
                seed: dealt.then(|| seed.to_string()),
                parts: dealt.then(|| parts.clone()),
                transcript: Some(transcript.to_string()),
            };
            serde_json::value::to_raw_value(&previous).unwrap_or_default()
        });
        Ended { dealt, written }
    }
}

impl<G: Game> TableCore<G> {
    /// Deals the next hand if the table model says enough players are ready: the books record
    /// its beginning (with its commitment, and Saint Poker's stakes) first.
    pub(super) fn start_hand(&mut self) -> bool {
        // A Saint Poker game starts only with a player in it who asked for it (after a game,
        // "Play again"): bots never start one by themselves, and no stake is taken unasked. A
        // Swiss event's table deals its game on its coordinator's word alone.
        if !self.o.betting()
            && !self.kind.is_tournament()
            && !(self.table.seats()).any(|(s, o)| !o.player.bot && self.table.ready(s))
        {
            return false;
        }
        let (start, change) = match self.table.deal() {
            Ok(x) => {
                self.permit_used();
                x
            }
            // A tournament table waits for its first level as for its players.
            Err(
                TableError::NotEnoughPlayers { .. } | TableError::Halted(_) | TableError::NoLevel,
            ) => return false,
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
                let _ = self.void_dealt();
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
                hand.save = self.take_save(self.saved_state());
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
                let _ = self.void_dealt();
                self.halt(e.to_string());
                false
            }
        }
    }

    /// The books' record of a hand about to be dealt; whether it takes stakes.
    pub(super) fn new_hand(
        &mut self,
        start: &HandStart<Member>,
        mixed: &Mixed,
        seed_hex: &str,
    ) -> Result<(NewHand, bool), books::ChipsError> {
        let key = self.money.deal_key(start.number);
        let mut players = Vec::with_capacity(start.players.len());
        for ((s, m), &c) in (start.seats.iter().zip(&start.players)).zip(&start.positions.stacks) {
            players.push((*s, m.id, c.to_ledger()?));
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
                let _ = self.void_dealt();
                return;
            }
            Err(BookFailure::Refused { short, why }) => {
                let _ = self.void_dealt();
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
                let why = format!("the deal failed: {e}");
                self.void_begun(hand, d.stakes, &d.start, why);
                let _ = self.void_dealt();
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
        // A bot is there from the start; a player comes with their first own action.
        let came = d.start.players.iter().map(|m| m.bot).collect();
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
            came,
        };
        // Players leaving already (a cash table's: a tournament's removed player plays the hand
        // out), or away since the deal, are played for.
        let cash = self.kind.absence() == Absence::SitsOut;
        for (h, m) in live.members.iter().enumerate() {
            let away = (self.table.seat_of(m))
                .and_then(|s| self.table.seat(s))
                .is_some_and(|o| (o.is_leaving() && cash) || o.sitting_out);
            live.auto[h] = away && !m.bot;
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
    pub(super) fn not_dealt(&mut self, start: &HandStart<Member>, short: Option<&str>, why: &str) {
        tracing::info!(table = %self.id, error = why, "a hand could not begin");
        let who = (start.players.iter())
            .find(|m| short == Some(books::owner_account(m).to_string().as_str()));
        match who {
            Some(m) if !m.bot => {
                let _ = self.table.sit_out(m);
            }
            _ => self.clock.next_hand_at = Some(self.now.at + super::pending::MAX_BACKOFF),
        }
    }

    /// A begun hand that cannot be played: voided in the books, and a Saint Poker game's stakes
    /// sent back.
    pub(super) fn void_begun(
        &mut self,
        hand: HandId,
        stakes: bool,
        start: &HandStart<Member>,
        why: String,
    ) {
        self.submit(Write::Void(hand, why), Purpose::Void);
        if stakes {
            let key = format!("{}:refund", self.money.deal_key(start.number));
            let stakes = books::stakes_journal(key, &self.id, &start.players, self.o.stake);
            match stakes.map(|j| j.reversed("refund")) {
                Ok(j) => {
                    self.submit(Write::Move(j), Purpose::Refund);
                }
                Err(e) => tracing::error!(table = %self.id, error = %e, "no refund of the stakes"),
            }
        }
    }

    /// The hand is over: its result is shown, then given to the books with its record and its
    /// chip movements; the stacks change when they have recorded it.
    pub(super) fn end_hand(&mut self) {
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
            r.insert("stake".into(), serde_json::json!(self.o.stake));
            r.insert("stakes_won".into(), serde_json::json!(stakes));
        }
        self.result = result.and_then(|r| serde_json::value::to_raw_value(&r).ok());
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
        // The seed is the room's own hex of its 32 bytes: it always decodes.
        let seed = fairness::bytes32(&live.seed_hex).unwrap_or_default();
        let transcript = transcript_hex(
            &live.commitment,
            &seed,
            G::NAME,
            record.format,
            &record.text,
        );
        self.previous = Some(Ended::new(
            &live.name,
            &live.seed_hex,
            &live.parts,
            live.members.iter().map(|m| m.id).collect(),
            &transcript,
        ));
        let (id, members) = (live.id, live.members.clone());
        let over = self.hand_over(live, self.table.hands_dealt(), &outcome);
        let finished = match self.kind.stacks() {
            Stacks::Ledger => books::finished_hand(
                self.fence(),
                &self.id,
                id,
                record,
                &members,
                &outcome,
                self.o.stake,
            ),
            Stacks::Saved => Ok(books::tournament_hand(self.fence(), id, record, &members)),
        };
        let after = {
            let mut t = self.table.clone();
            t.finish(&outcome).map(|_| t.saved())
        };
        match (finished, after) {
            (Ok(mut done), Ok(after)) => {
                done.transcript = Some(transcript);
                // The table after the hand, with the report the coordinator will be given: a
                // tournament's stacks are durable with the hand's record, in one transaction.
                let mut state = self.save_of(after);
                if let Some(t) = state.tournament.as_mut() {
                    // The hand happened: a permission for it is used up.
                    t.permit = self.tour.permit;
                    t.last = over;
                }
                done.save = self.take_save(state);
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
                if self.kind.is_tournament() {
                    // Recorded: the coordinator hears of it now, never before.
                    let over = self.hand_over(&live, self.table.hands_dealt(), &outcome);
                    self.tour.last = over.clone();
                    self.tour.before = None;
                    if let Some(over) = over {
                        self.report(Report::HandOver(over));
                    }
                }
                if !self.o.betting() {
                    // The game is over: its players see the results and choose to play again.
                    for m in live.members.iter().filter(|m| !m.bot) {
                        let _ = self.table.sit_out(m);
                    }
                }
                self.last = Some(live);
                self.book(change, None);
                self.rebuy_bots();
                let pause = if self.player_waits_for_bots() {
                    Duration::ZERO
                } else {
                    self.config.hand_pause
                };
                self.clock.next_hand_at = Some(self.now.at + pause);
            }
            Err(why) => {
                self.hand = Some(live);
                self.refuse_result(why);
            }
        }
    }

    /// The books and the table disagree about a hand's result: it is voided (it leaves the
    /// felt) and the table stops dealing.
    pub(super) fn refuse_result(&mut self, why: String) {
        if let Some(live) = self.hand.take() {
            tracing::error!(table = %self.id, hand = live.id.0, error = %why, "stopping the table");
            let reason = format!("the books refused its result: {why}");
            self.submit(Write::Void(live.id, reason), Purpose::Void);
        }
        self.result = None;
        self.last = None;
        if let Ok(change) = self.void_dealt() {
            self.book(change, None);
        }
        self.halt(why);
    }

    /// Bots whose stacks are exhausted buy again from the house, between hands.
    pub(super) fn rebuy_bots(&mut self) {
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
    pub(super) fn hand_on_if_drained(&mut self) {
        let idle = self.hand.is_none() && self.dealing.is_none() && self.settling.is_none();
        if self.stage != Stage::Draining || !idle || self.money.any(|p| *p == Purpose::Release) {
            return;
        }
        let state = self.saved_state();
        let Some(save) = self.next_save(&state) else {
            tracing::error!(table = %self.id, "the table cannot be written down to hand it on; its lease will run out");
            return;
        };
        self.saved = Some(state);
        self.submit(Write::Release(save), Purpose::Release);
    }
}
