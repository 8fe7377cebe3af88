//! Deals at the final table in the room (RULES.md §5): a player's proposal and each answer are
//! steps of the log (a takeover replays them, the time limit with them), acknowledged once
//! saved; the room's bots answer as soon as the figures are final ([`tavolo_bots::deal`]),
//! their answers steps of the log as a player's; the players at the table are told of the
//! proposal and of its end; a deal made pays its shares as the places' prizes (their keys from
//! the places: durable facts), or — keeping money back — as deal shares (keyed by the player:
//! one such deal a tournament), play going on for the amount kept back.

use tavolo_engine::tournament::{DealKind, Effect as Decided, Tournament, TournamentError};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::{Ack, Effect, Notice, ReplyId};
use super::saved::{Movement, Step};
use super::{CoordError, Coordinator};

impl Coordinator {
    /// `user` proposes a deal of `kind` keeping `keep_back` back to play for: the table holds
    /// once its hand in play is over.
    pub(super) fn propose_deal(
        &mut self,
        user: UserId,
        kind: DealKind,
        keep_back: Chips,
        reply: ReplyId,
    ) -> Result<(), CoordError> {
        let at_ms = self.now.unix_ms;
        self.apply(Step::DealProposed {
            user,
            kind,
            keep_back,
            at_ms,
        })?;
        self.emit(Effect::Answer(reply, Ok(Ack::DealProposed)));
        Ok(())
    }

    /// `user` accepts or declines the deal proposed.
    pub(super) fn answer_deal(
        &mut self,
        user: UserId,
        accept: bool,
        reply: ReplyId,
    ) -> Result<(), CoordError> {
        let at_ms = self.now.unix_ms;
        self.apply(Step::DealAnswered {
            user,
            accept,
            at_ms,
        })?;
        self.emit(Effect::Answer(reply, Ok(Ack::DealAnswered)));
        Ok(())
    }

    /// Whether `user` may propose a deal now (what the room offers them): the engine's rules.
    pub fn may_propose_deal(&self, user: UserId) -> bool {
        (self.engine).deal_refusal(user, self.now.unix_ms).is_none()
    }

    /// The room's bots in the deal proposed answer it once its figures are final, one at a
    /// time in the deal's order, each answer a step of the log (never while replaying one: the
    /// log holds their answers already).
    pub(super) fn bots_answer_deal(&mut self) {
        while let Some(deal) = self.engine.deal() {
            let bot = |u: &&UserId| self.members.get(u).is_some_and(|m| m.bot);
            let Some((user, accept)) = (deal.players.iter().filter(bot))
                .find_map(|&u| tavolo_bots::deal::answer(deal, u).map(|a| (u, a)))
            else {
                return;
            };
            let at_ms = self.now.unix_ms;
            let step = Step::DealAnswered {
                user,
                accept,
                at_ms,
            };
            if let Err(e) = self.apply(step) {
                tracing::error!(tournament = %self.lease.tournament, error = %e, "a bot's answer to a deal was refused");
                return;
            }
        }
    }

    /// `player`'s share of a deal that kept money back: paid now, under its own key.
    pub(super) fn pay_share(&mut self, player: UserId, amount: Chips) {
        *self.awarded.entry(player).or_default() += amount;
        let member = self.member(player);
        self.submit(Movement::DealShare { member, amount }, None);
    }

    /// The engine's word on a deal, told to the players in it.
    pub(super) fn deal_told(&mut self, e: Decided<UserId>) {
        let everyone: Vec<UserId> = self.engine.stacks().keys().copied().collect();
        let name = |c: &Coordinator, u: UserId| c.member(u).name;
        match e {
            Decided::DealProposed {
                by,
                kind,
                keep_back,
                until_ms,
            } => {
                let by = name(self, by);
                for u in everyone {
                    let by = by.clone();
                    let notice = Notice::DealProposed {
                        by,
                        kind,
                        keep_back,
                        until_ms,
                    };
                    self.emit(Effect::Notice(u, notice));
                }
            }
            Decided::DealOff(declined_by) => {
                let declined_by = declined_by.map(|u| name(self, u));
                for u in everyone {
                    let declined_by = declined_by.clone();
                    self.emit(Effect::Notice(u, Notice::DealOff { declined_by }));
                }
            }
            Decided::DealMade {
                kind,
                shares,
                keep_back,
            } => {
                self.kept_back = keep_back;
                for (u, share) in shares {
                    self.dealt.insert(u, share);
                    let notice = Notice::DealMade {
                        kind,
                        share,
                        keep_back,
                    };
                    self.emit(Effect::Notice(u, notice));
                }
            }
            _ => {}
        }
    }
}

/// A proposal or an answer of the log fed to `engine` (any other step: nothing).
pub(super) fn deal_step(
    engine: &mut Tournament<UserId>,
    step: &Step,
) -> Result<Vec<Decided<UserId>>, TournamentError> {
    match *step {
        Step::DealProposed {
            user,
            kind,
            keep_back,
            at_ms,
        } => engine.propose_deal(user, kind, keep_back, at_ms),
        Step::DealAnswered {
            user,
            accept,
            at_ms,
        } => engine.answer_deal(user, accept, at_ms),
        _ => Ok(Vec::new()),
    }
}
