//! Members' intents and the books' final answers to the movements of money: an entry, rebuy or
//! add-on is charged first and reaches the engine only once recorded; a refund or prize is
//! decided by the engine and told once recorded — from a step of the log, as every notice is, so
//! that a new owner replaying the log tells it again (issue 51).

use tavolo_engine::tournament::{Phase, Start, TournamentError};

use super::io::{Ack, BookAnswer, BookFailure, Effect, Intent, Notice, ReplyId};
use super::saved::{Movement, Step};
use super::{CoordError, Coordinator};
use crate::books::Member;

impl Coordinator {
    /// A member's intent.
    pub(super) fn intent(&mut self, member: Member, intent: Intent, reply: ReplyId) {
        let result = match intent {
            Intent::Cancel => self.cancel(reply),
            _ if self.cancelling => Err(TournamentError::Over.into()),
            Intent::Register => self.register(member, reply),
            Intent::Unregister => self.unregister(member, reply),
            Intent::Rebuy => self.buy(member, reply, false),
            Intent::AddOn => self.buy(member, reply, true),
            Intent::ProposeDeal { kind, keep_back } => {
                self.propose_deal(member.id, kind, keep_back, reply)
            }
            Intent::AnswerDeal(accept) => self.answer_deal(member.id, accept, reply),
        };
        if let Err(e) = result {
            self.out.push(Effect::Answer(reply, Err(e)));
        }
        self.deal();
    }

    /// The charge of this member on its way to the books, if any.
    fn charging(&self, user: tavolo_store::UserId) -> Option<&'static str> {
        let pending = self.books.movements().map(|(_, m)| m);
        let fresh = self.fresh.iter().map(|(m, _)| m);
        let waiting = |list: &[(Member, u32)]| list.iter().any(|(m, _)| m.id == user);
        let charging = (pending.chain(fresh))
            .filter(|m| m.member().is_some_and(|m| m.id == user))
            .find_map(|m| match m {
                Movement::Entry { .. } => Some("entry"),
                Movement::Rebuy { .. } => Some("rebuy"),
                Movement::AddOn { .. } => Some("add-on"),
                _ => None,
            });
        (charging.or(waiting(&self.rebuys_waiting).then_some("rebuy")))
            .or(waiting(&self.add_ons_waiting).then_some("add-on"))
    }

    /// What `user` may buy now (once their table's hand is over): a rebuy, the add-on — the
    /// engine's rules, and nothing of theirs on its way to the books.
    pub fn may_buy(&self, user: tavolo_store::UserId) -> (bool, bool) {
        if self.charging(user).is_some() {
            return (false, false);
        }
        (self.engine.may_rebuy(user), self.engine.may_add_on(user))
    }

    /// Entries on their way to the books.
    fn entries_coming(&self) -> usize {
        let pending = self.books.movements().map(|(_, m)| m);
        let fresh = self.fresh.iter().map(|(m, _)| m);
        (pending.chain(fresh))
            .filter(|m| matches!(m, Movement::Entry { .. }))
            .count()
    }

    /// An entry: checked against the rules (a sit-and-go's seats count the entries on their
    /// way), then charged; the engine hears of it once the charge is recorded.
    fn register(&mut self, member: Member, reply: ReplyId) -> Result<(), CoordError> {
        if let Some(what) = self.charging(member.id) {
            return Err(CoordError::Busy(what));
        }
        self.engine.clone().register(member.id, self.now.unix_ms)?;
        if let Start::SitAndGo { players } = self.config.start {
            if self.engine.entries() + self.entries_coming() >= players {
                return Err(TournamentError::Full.into());
            }
        }
        let n = self.entries.get(&member.id).copied().unwrap_or(0) + 1;
        self.submit(Movement::Entry { member, n }, Some(reply));
        Ok(())
    }

    /// A withdrawal before the start: out at once, the entry refunded (answered once the refund
    /// is recorded).
    fn unregister(&mut self, member: Member, reply: ReplyId) -> Result<(), CoordError> {
        if let Some(what) = self.charging(member.id) {
            return Err(CoordError::Busy(what));
        }
        let user = member.id;
        self.apply(Step::Unregistered { user })?;
        let refund = (self.fresh.iter_mut())
            .find(|(m, _)| matches!(m, Movement::EntryBack { member, .. } if member.id == user));
        if let Some((_, r)) = refund {
            *r = Some(reply);
        }
        Ok(())
    }

    /// The operator calls the tournament off (answered once that is saved): no table deals
    /// again, and once none is in a hand the engine cancels it. Asked again meanwhile, the same
    /// answer; refused once it is over.
    fn cancel(&mut self, reply: ReplyId) -> Result<(), CoordError> {
        if matches!(self.engine.phase(), Phase::Finished | Phase::Cancelled) {
            return Err(TournamentError::Over.into());
        }
        if self.cancelling {
            // logged by an earlier step: answered once that step's save is recorded
            let answer = Effect::Answer(reply, Ok(Ack::Cancelling));
            self.held.push((self.seq, answer));
            return Ok(());
        }
        self.apply(Step::CancelAsked)?;
        self.emit(Effect::Answer(reply, Ok(Ack::Cancelling)));
        Ok(())
    }

    /// A rebuy (`add_on` false) or an add-on: checked against the engine's rules (a request
    /// mid-hand is made once the hand is over), then charged.
    fn buy(&mut self, member: Member, reply: ReplyId, add_on: bool) -> Result<(), CoordError> {
        if let Some(what) = self.charging(member.id) {
            return Err(CoordError::Busy(what));
        }
        let refusal = if add_on {
            self.engine.add_on_refusal(member.id)
        } else {
            self.engine.rebuy_refusal(member.id)
        };
        if let Some(e) = refusal {
            return Err(e.into());
        }
        let made = if add_on { &self.add_ons } else { &self.rebuys };
        let k = made.get(&member.id).copied().unwrap_or(0) + 1;
        let movement = if add_on {
            Movement::AddOn { member, k }
        } else {
            Movement::Rebuy { member, k }
        };
        self.submit(movement, Some(reply));
        Ok(())
    }

    /// The books answered a movement for good: an entry, rebuy or add-on recorded goes to the
    /// tournament; a payout recorded or a charge refused is told from a step of the log
    /// ([`Step::PaidOut`], [`Step::ChargeRefused`]), so that a new owner tells it again.
    pub(super) fn settled(&mut self, m: Movement, answer: BookAnswer, reply: Option<ReplyId>) {
        if m.member().is_none() {
            if let Err(e) = answer {
                tracing::error!(tournament = %self.lease.tournament, movement = ?m, error = ?e, "the books refused the house's overlay");
                self.problems.push(format!("{m:?} refused: {e:?}"));
            }
            return;
        }
        let (prize, fee) = m.parts(&self.config);
        let whole = prize.checked_add(fee).unwrap_or(prize);
        match (m, answer) {
            (Movement::Entry { member, n }, Ok(())) => {
                let at_ms = self.now.unix_ms;
                let back = Movement::EntryBack {
                    member: member.clone(),
                    n,
                };
                let answer = match self.apply(Step::Entered { member, n, at_ms }) {
                    Ok(()) => Ok(Ack::Registered { entry: n }),
                    Err(why) => Err(self.bounced(&back, why)),
                };
                self.answer(reply, answer);
                self.deal();
            }
            (Movement::Rebuy { member, k }, Ok(())) => {
                if let Err(e) = self.apply(Step::RebuyBooked { member, k }) {
                    tracing::error!(error = %e, "a booked rebuy could not be kept");
                }
                // with no answer waiting (answered pending): told with the chips
                self.answer(reply, Ok(Ack::RebuyBooked));
                self.restack();
                self.deal();
            }
            (Movement::AddOn { member, k }, Ok(())) => {
                if let Err(e) = self.apply(Step::AddOnBooked { member, k }) {
                    tracing::error!(error = %e, "a booked add-on could not be kept");
                }
                self.answer(reply, Ok(Ack::AddOnBooked));
                self.restack();
                self.deal();
            }
            (movement, Ok(())) => {
                // a refund, a prize, a deal's share; only a withdrawal's refund is waited for
                self.answer(reply, Ok(Ack::Unregistered { refund: whole }));
                if let Err(e) = self.apply(Step::PaidOut { movement }) {
                    tracing::error!(error = %e, "a payout recorded could not be told");
                }
            }
            (movement, Err(BookFailure::Refused { short, why })) if movement.is_charge() => {
                if reply.is_some() {
                    let error = self.refusal(&movement, short, why);
                    self.answer(reply, Err(error));
                } else if let Err(e) = self.apply(Step::ChargeRefused {
                    movement,
                    short,
                    why,
                }) {
                    tracing::error!(error = %e, "a charge refused could not be told");
                }
            }
            (m, Err(e)) => {
                tracing::error!(tournament = %self.lease.tournament, movement = ?m, error = ?e, "the books refused a movement of the tournament's money");
                self.problems.push(format!("{m:?} refused: {e:?}"));
            }
        }
    }

    /// Why the books refused charge `m`, as its player is told.
    fn refusal(&self, m: &Movement, short: Option<String>, why: String) -> CoordError {
        let (prize, fee) = m.parts(&self.config);
        let needed = prize.checked_add(fee).unwrap_or(prize);
        match short {
            Some(account) => CoordError::Short { account, needed },
            None => CoordError::Refused(why),
        }
    }

    /// The notice of a books' answer the log holds: a payout recorded, a charge refused.
    pub(super) fn tell_answer(&mut self, step: &Step) {
        let (movement, notice) = match step {
            Step::PaidOut { movement } => {
                let (prize, fee) = movement.parts(&self.config);
                let notice = match *movement {
                    Movement::Prize { place, amount, .. } => Notice::Paid { place, amount },
                    Movement::DealShare { amount, .. } => Notice::DealPaid { amount },
                    _ => Notice::Refunded {
                        amount: prize.checked_add(fee).unwrap_or(prize),
                    },
                };
                (movement, notice)
            }
            Step::ChargeRefused {
                movement,
                short,
                why,
            } => {
                let error = self.refusal(movement, short.clone(), why.clone());
                (movement, Notice::Refused { error })
            }
            _ => return,
        };
        if let Some(user) = movement.member().map(|m| m.id) {
            self.emit(Effect::Notice(user, notice));
        }
    }

    /// Booked rebuys and add-ons whose player's table is between hands (or who is no longer
    /// seated) go to the tournament: their chips join the stack, or they bounce, refunded.
    pub(super) fn restack(&mut self) {
        for (member, k) in self.rebuys_waiting.clone() {
            if self.mid_hand(member.id) {
                continue;
            }
            let user = member.id;
            // told from the step (its chips, or why not: refunded)
            let _ = self.apply(Step::Rebuy { user, k });
        }
        for (member, k) in self.add_ons_waiting.clone() {
            if self.mid_hand(member.id) {
                continue;
            }
            let user = member.id;
            let _ = self.apply(Step::AddOn { user, k });
        }
    }

    /// Whether `user` sits at a table playing a hand.
    fn mid_hand(&self, user: tavolo_store::UserId) -> bool {
        let table = (self.engine.seatings()).position(|s| s.seats.contains(&Some(user)));
        table.is_some_and(|t| self.dealing.get(t) == Some(&true))
    }

    /// `user`'s tournament chips.
    pub(super) fn stack(&self, user: tavolo_store::UserId) -> tavolo_engine::Chips {
        (self.engine.stacks().get(&user).copied()).unwrap_or_default()
    }

    /// The refund of the charge `step` gives the tournament, should it not take it.
    pub(super) fn refund_of(&self, step: &Step) -> Option<Movement> {
        Some(match *step {
            Step::Entered { ref member, n, .. } => Movement::EntryBack {
                member: member.clone(),
                n,
            },
            Step::Rebuy { user, k } => Movement::RebuyBack {
                member: self.member(user),
                k,
            },
            Step::AddOn { user, k } => Movement::AddOnBack {
                member: self.member(user),
                k,
            },
            _ => return None,
        })
    }

    /// Why a charge the engine could not take after all is refunded with `back`.
    fn bounced(&self, back: &Movement, why: TournamentError) -> CoordError {
        let (prize, fee) = back.parts(&self.config);
        let refund = prize.checked_add(fee).unwrap_or(prize);
        let what = match back {
            Movement::RebuyBack { .. } => "rebuy",
            Movement::AddOnBack { .. } => "add-on",
            _ => "entry",
        };
        CoordError::Bounced { why, what, refund }
    }

    /// A charge the engine could not take after all: refunded, and the member told why (a
    /// notice, and the answer to an entry waiting for one).
    pub(super) fn bounce(&mut self, back: Movement, why: TournamentError) {
        let user = back.member().map_or(tavolo_store::UserId(0), |m| m.id);
        let error = self.bounced(&back, why);
        self.submit(back, None);
        self.emit(Effect::Notice(user, Notice::Refused { error }));
    }

    /// The answer to the intent waiting for it, if one is.
    fn answer(&mut self, reply: Option<ReplyId>, answer: Result<Ack, CoordError>) {
        if let Some(r) = reply {
            self.out.push(Effect::Answer(r, answer));
        }
    }
}
