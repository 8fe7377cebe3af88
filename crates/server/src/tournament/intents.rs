//! Members' intents and the books' final answers to the movements of money: an entry, rebuy or
//! add-on is charged first and reaches the engine only once recorded; a refund or prize is decided by
//! the engine and told once recorded.

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

    /// The books answered a movement for good.
    pub(super) fn settled(&mut self, m: Movement, answer: BookAnswer, reply: Option<ReplyId>) {
        let Some(user) = m.member().map(|m| m.id) else {
            if let Err(e) = answer {
                tracing::error!(tournament = %self.lease.tournament, movement = ?m, error = ?e, "the books refused the house's overlay");
                self.problems.push(format!("{m:?} refused: {e:?}"));
            }
            return;
        };
        let (prize, fee) = m.parts(&self.config);
        match (m, answer) {
            (Movement::Entry { member, n }, Ok(())) => {
                let at_ms = self.now.unix_ms;
                match self.apply(Step::Entered {
                    member: member.clone(),
                    n,
                    at_ms,
                }) {
                    Ok(()) => {
                        let ack = Ack::Registered { entry: n };
                        self.tell(reply, user, Ok(ack), Notice::Entered { entry: n });
                    }
                    Err(why) => self.bounce(Movement::EntryBack { member, n }, why, reply),
                }
                self.deal();
            }
            (Movement::Rebuy { member, k }, Ok(())) => {
                if let Err(e) = self.apply(Step::RebuyBooked { member, k }) {
                    tracing::error!(error = %e, "a booked rebuy could not be kept");
                }
                if let Some(r) = reply {
                    self.out.push(Effect::Answer(r, Ok(Ack::RebuyBooked)));
                } // else: answered pending; told with the chips

                self.restack();
                self.deal();
            }
            (Movement::AddOn { member, k }, Ok(())) => {
                if let Err(e) = self.apply(Step::AddOnBooked { member, k }) {
                    tracing::error!(error = %e, "a booked add-on could not be kept");
                }
                if let Some(r) = reply {
                    self.out.push(Effect::Answer(r, Ok(Ack::AddOnBooked)));
                }
                self.restack();
                self.deal();
            }
            (
                Movement::EntryBack { .. }
                | Movement::RebuyBack { .. }
                | Movement::AddOnBack { .. }
                | Movement::FeeBack { .. },
                Ok(()),
            ) => {
                let amount = prize.checked_add(fee).unwrap_or(prize);
                let ack = Ack::Unregistered { refund: amount };
                self.tell(reply, user, Ok(ack), Notice::Refunded { amount });
            }
            (Movement::Prize { place, amount, .. }, Ok(())) => {
                self.emit(Effect::Notice(user, Notice::Paid { place, amount }));
            }
            (Movement::Overlay { .. } | Movement::DealShare { .. }, Ok(())) => {} // told made
            (m, Err(BookFailure::Refused { short, why })) if m.is_charge() => {
                let needed = prize.checked_add(fee).unwrap_or(prize);
                let error = match short {
                    Some(account) => CoordError::Short { account, needed },
                    None => CoordError::Refused(why),
                };
                self.tell(reply, user, Err(error.clone()), Notice::Refused { error });
            }
            (m, Err(e)) => {
                tracing::error!(tournament = %self.lease.tournament, movement = ?m, error = ?e, "the books refused a movement of the tournament's money");
                self.problems.push(format!("{m:?} refused: {e:?}"));
            }
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
            match self.apply(Step::Rebuy { user, k }) {
                Ok(()) => {
                    let stack = self.stack(user);
                    self.emit(Effect::Notice(user, Notice::Rebought { stack }));
                }
                Err(why) => self.bounce(Movement::RebuyBack { member, k }, why, None),
            }
        }
        for (member, k) in self.add_ons_waiting.clone() {
            if self.mid_hand(member.id) {
                continue;
            }
            let user = member.id;
            match self.apply(Step::AddOn { user, k }) {
                Ok(()) => {
                    let stack = self.stack(user);
                    self.emit(Effect::Notice(user, Notice::AddedOn { stack }));
                }
                Err(why) => self.bounce(Movement::AddOnBack { member, k }, why, None),
            }
        }
    }

    /// Whether `user` sits at a table playing a hand.
    fn mid_hand(&self, user: tavolo_store::UserId) -> bool {
        let table = (self.engine.seatings()).position(|s| s.seats.contains(&Some(user)));
        table.is_some_and(|t| self.dealing.get(t) == Some(&true))
    }

    /// `user`'s tournament chips.
    fn stack(&self, user: tavolo_store::UserId) -> tavolo_engine::Chips {
        (self.engine.stacks().get(&user).copied()).unwrap_or_default()
    }

    /// A charge the engine could not take after all: refunded, and the member told why.
    fn bounce(&mut self, back: Movement, why: TournamentError, reply: Option<ReplyId>) {
        let user = back.member().map_or(tavolo_store::UserId(0), |m| m.id);
        let (prize, fee) = back.parts(&self.config);
        let refund = prize.checked_add(fee).unwrap_or(prize);
        let what = match back {
            Movement::RebuyBack { .. } => "rebuy",
            Movement::AddOnBack { .. } => "add-on",
            _ => "entry",
        };
        self.submit(back, None);
        let error = CoordError::Bounced { why, what, refund };
        self.tell(reply, user, Err(error.clone()), Notice::Refused { error });
    }

    /// The answer to the intent waiting for it, or (nobody waits: it was answered pending, or
    /// asked of another owner) a notice.
    fn tell(
        &mut self,
        reply: Option<ReplyId>,
        user: tavolo_store::UserId,
        answer: Result<Ack, CoordError>,
        notice: Notice,
    ) {
        match reply {
            Some(r) => self.out.push(Effect::Answer(r, answer)),
            None => self.emit(Effect::Notice(user, notice)),
        }
    }
}
