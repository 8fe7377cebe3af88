//! The coordinator's steps through the engine — each input applied to a copy of the engine and
//! kept only if the engine accepts it, so a refused input changes nothing — and what the
//! engine's effects become: orders for the tables, notices, movements of money.

use tavolo_engine::tournament::{Effect as Decided, Phase, Placed, TournamentError};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::deals::deal_step;
use super::io::{Effect, HandOver, Notice, Order};
use super::saved::{Movement, Reported, Step};
use super::{CoordError, Coordinator};

impl Coordinator {
    /// Feeds `step` to the engine. Kept (logged, and its effects carried out) when the engine
    /// accepts it; a booked entry, rebuy or add-on is logged even when the engine refuses it (the
    /// charge happened: its number is used, and it is refunded).
    pub(super) fn apply(&mut self, step: Step) -> Result<(), TournamentError> {
        let mut engine = self.engine.clone();
        let result = match &step {
            Step::Entered { member, n, at_ms } => {
                self.entries.insert(member.id, *n);
                self.members.insert(member.id, member.clone());
                engine.register(member.id, *at_ms)
            }
            Step::RebuyBooked { member, k } => {
                self.rebuys.insert(member.id, *k);
                self.rebuys_waiting.push((member.clone(), *k));
                Ok(Vec::new())
            }
            Step::Rebuy { user, k } => {
                (self.rebuys_waiting).retain(|(m, n)| (m.id, *n) != (*user, *k));
                let taken = engine.rebuy(*user);
                if taken.is_ok() {
                    self.bought.entry(*user).or_default().push((false, *k));
                }
                taken
            }
            Step::AddOnBooked { member, k } => {
                self.add_ons.insert(member.id, *k);
                self.add_ons_waiting.push((member.clone(), *k));
                Ok(Vec::new())
            }
            Step::AddOn { user, k } => {
                (self.add_ons_waiting).retain(|(m, n)| (m.id, *n) != (*user, *k));
                let taken = engine.add_on(*user);
                if taken.is_ok() {
                    self.bought.entry(*user).or_default().push((true, *k));
                }
                taken
            }
            Step::Unregistered { user } => engine.unregister(*user),
            Step::DealProposed { .. } | Step::DealAnswered { .. } => deal_step(&mut engine, &step),
            Step::Tick { at_ms } => engine.tick(*at_ms),
            Step::Dealt { table } => engine.dealt(*table).map(|()| Vec::new()),
            Step::HandOver(Reported { report: r, at_ms }) => {
                engine.hand_over(r.table, &r.began, &r.ended, *at_ms)
            }
            Step::SwissGame(_) => Err(TournamentError::Settings(
                "a Swiss event's game in a Hold'em or Draw tournament".into(),
            )),
            Step::CancelAsked => {
                self.cancelling = true;
                Ok(Vec::new())
            }
            Step::Cancel => engine.cancel(),
            Step::PaidOut { .. } | Step::ChargeRefused { .. } => Ok(Vec::new()),
        };
        let effects = match result {
            Ok(fx) => fx,
            Err(e) => {
                if let Some(back) = self.refund_of(&step) {
                    self.bounce(back, e.clone());
                    self.unsaved.push(step);
                    self.dirty = true;
                }
                return Err(e);
            }
        };
        if matches!(step, Step::Tick { .. }) && effects.is_empty() {
            return Ok(()); // the clock changed nothing
        }
        self.engine = engine;
        self.dirty = true;
        self.after(&step);
        self.unsaved.push(step);
        self.carry_out(effects);
        Ok(())
    }

    /// What a step means for the tables and who is told, before the engine's effects (told
    /// from the step, so that a new owner replaying it tells it again).
    fn after(&mut self, step: &Step) {
        match step {
            Step::Entered { member, n, .. } => {
                let entered = Notice::Entered { entry: *n };
                self.emit(Effect::Notice(member.id, entered));
            }
            Step::Rebuy { user, .. } => {
                let stack = self.stack(*user);
                self.emit(Effect::Notice(*user, Notice::Rebought { stack }));
            }
            Step::AddOn { user, .. } => {
                let stack = self.stack(*user);
                self.emit(Effect::Notice(*user, Notice::AddedOn { stack }));
            }
            Step::PaidOut { .. } | Step::ChargeRefused { .. } => self.tell_answer(step),
            Step::Dealt { table } => {
                let t = *table;
                self.grow(t + 1);
                self.hands[t] += 1;
                self.dealing[t] = true;
                self.holding[t] = false;
                if let Some(order) = self.deal_order(t) {
                    self.emit(Effect::Order(order));
                }
            }
            Step::HandOver(Reported { report: r, .. }) => {
                let t = r.table;
                self.grow(t + 1);
                self.dealing[t] = false;
                self.recorded_by[t] = self.seq + 1;
                self.reports[t] = Some(r.clone());
                for (player, _) in r.ended.iter().filter(|(_, c)| c.is_zero()) {
                    let player = *player;
                    self.emit(Effect::Order(Order::Remove { table: t, player }));
                }
                let hand = r.hand;
                self.emit(Effect::Order(Order::Recorded { table: t, hand }));
            }
            _ => {}
        }
    }

    /// Table `t`'s next hand as the engine has it.
    fn deal_order(&self, t: usize) -> Option<Order> {
        let seating = self.engine.seatings().nth(t)?;
        let stacks = self.engine.stacks();
        let players = (seating.seats.iter().enumerate())
            .filter_map(|(s, p)| {
                let p = (*p)?;
                Some((s, p, stacks.get(&p).copied().unwrap_or(Chips::ZERO)))
            })
            .collect();
        let level = self.engine.level();
        Some(Order::Deal {
            table: t,
            hand: self.hands.get(t).copied().unwrap_or(0),
            players,
            last_big_blind: seating.big_blind,
            level,
            blinds: self.config.structure.level(level)?,
        })
    }

    /// The per-table records cover `n` tables.
    fn grow(&mut self, n: usize) {
        if self.hands.len() < n {
            self.hands.resize(n, 0);
            self.dealing.resize(n, false);
            self.holding.resize(n, false);
            self.recorded_by.resize(n, 0);
            self.reports.resize(n, None);
        }
    }

    /// The engine's decisions, carried out.
    fn carry_out(&mut self, effects: Vec<Decided<UserId>>) {
        for e in effects {
            match e {
                Decided::Charge { .. } | Decided::Finished => {} // charged before; told below
                Decided::Refund { player, prize, .. } => self.refund(player, prize),
                Decided::Overlay(amount) => self.submit(
                    Movement::Overlay {
                        amount,
                        back: false,
                    },
                    None,
                ),
                Decided::OverlayBack(amount) => {
                    self.submit(Movement::Overlay { amount, back: true }, None)
                }
                Decided::Seat { player, at, stack } => {
                    self.open_to(at.0 + 1);
                    let (table, seat) = at;
                    let member = self.member(player);
                    self.emit(Effect::Order(Order::Seat {
                        table,
                        seat,
                        player: member,
                        stack,
                    }));
                    self.emit(Effect::Notice(player, Notice::Seated { table, seat }));
                }
                Decided::Move(m) => {
                    self.open_to(m.to.0 + 1);
                    let (player, from, to) = (m.player, m.from, m.to);
                    self.emit(Effect::Order(Order::Move { player, from, to }));
                    let (table, seat) = to;
                    self.emit(Effect::Notice(player, Notice::Moved { table, seat }));
                }
                Decided::Level(level) => {
                    if let Some(blinds) = self.config.structure.level(level) {
                        self.emit(Effect::Order(Order::Level { level, blinds }));
                    }
                }
                Decided::HandForHand(on) => self.emit(Effect::Order(Order::HandForHand(on))),
                // No table may deal during a break: `deal` holds each as its hand ends.
                Decided::Break { .. } => {}
                Decided::DealProposed { .. } | Decided::DealOff(_) | Decided::DealMade { .. } => {
                    self.deal_told(e);
                }
                Decided::Busted(p) => {
                    let prize = self.prize_told(&p);
                    let (place, tied) = (p.place, p.tied);
                    let notice = Notice::Busted { place, tied, prize };
                    self.emit(Effect::Notice(p.player, notice));
                }
                Decided::Prizes(prizes) => self.prizes = prizes,
                Decided::PayShare { player, amount } => self.pay_share(player, amount),
                Decided::Pay { player, amount } => {
                    *self.awarded.entry(player).or_default() += amount;
                    let place = self.place_of(player);
                    let member = self.member(player);
                    self.submit(
                        Movement::Prize {
                            member,
                            place,
                            amount,
                        },
                        None,
                    );
                }
            }
        }
        self.close_gone_tables();
    }

    /// The engine gives `player` money back: their entry (withdrawn, or everything they paid
    /// in a tournament called off before the first bust: each rebuy and add-on the tournament
    /// took too), or only the entry's fee (`prize` zero: called off after it).
    fn refund(&mut self, player: UserId, prize: Chips) {
        let n = self.entries.get(&player).copied().unwrap_or(1);
        let member = self.member(player);
        let cancelled = self.engine.phase() == Phase::Cancelled;
        if cancelled && prize.is_zero() {
            self.submit(Movement::FeeBack { member, n }, None);
        } else {
            self.submit(
                Movement::EntryBack {
                    member: member.clone(),
                    n,
                },
                None,
            );
            for (add_on, k) in self.bought.get(&player).cloned().unwrap_or_default() {
                let member = member.clone();
                let back = if add_on {
                    Movement::AddOnBack { member, k }
                } else {
                    Movement::RebuyBack { member, k }
                };
                self.submit(back, None);
            }
        }
        if cancelled {
            self.emit(Effect::Notice(player, Notice::Cancelled));
        }
    }

    /// The prize told with place `p`: the place's, when fixed and not shared; for a player in
    /// a deal made, its share (the winner of the play for money kept back: and that).
    fn prize_told(&self, p: &Placed<UserId>) -> Option<Chips> {
        if let Some(share) = self.dealt.get(&p.player) {
            let won = if p.place == 1 {
                self.kept_back
            } else {
                Chips::ZERO
            };
            return Some(*share + won);
        }
        match (self.prizes.is_empty(), p.tied) {
            (false, 1) => self.prizes.get(p.place - 1).copied().or(Some(Chips::ZERO)),
            _ => None,
        }
    }

    /// The best place of `player` not paid yet (the engine pays places in order).
    fn place_of(&mut self, player: UserId) -> usize {
        let mut places: Vec<usize> = (self.engine.places())
            .filter(|p| p.player == player)
            .map(|p| p.place)
            .collect();
        places.sort_unstable();
        let place = (places.into_iter())
            .find(|p| !self.prized.contains(&(*p, player)))
            .unwrap_or(0);
        self.prized.insert((place, player));
        place
    }

    /// Tables up to `n` are open.
    fn open_to(&mut self, n: usize) {
        self.grow(n);
        while self.open_tables < n {
            let table = self.open_tables;
            let seats = self.config.seats;
            self.emit(Effect::Order(Order::Open { table, seats }));
            self.open_tables += 1;
        }
    }

    /// Tables the engine no longer has (broken, or the tournament over) close.
    fn close_gone_tables(&mut self) {
        let live = match self.engine.phase() {
            Phase::Running => self.engine.seatings().count(),
            Phase::Registering => self.open_tables,
            Phase::Finished | Phase::Cancelled => 0,
        };
        while self.open_tables > live {
            self.open_tables -= 1;
            let table = self.open_tables;
            self.dealing[table] = false;
            self.holding[table] = false;
            self.emit(Effect::Order(Order::Close { table }));
        }
    }

    /// The bots answer a deal whose figures are final; then every table that may deal is told
    /// to; one that may not (hand-for-hand, too few players, halted, a deal standing) is told
    /// to hold, once.
    pub(super) fn deal(&mut self) {
        if self.replaying {
            return;
        }
        if self.cancelling {
            self.call_off();
            return;
        }
        if self.engine.phase() != Phase::Running {
            return;
        }
        self.bots_answer_deal();
        if self.engine.phase() != Phase::Running {
            return; // the bots made the deal
        }
        let counts: Vec<usize> = self.engine.seatings().map(|s| s.players()).collect();
        self.grow(counts.len());
        for (t, players) in counts.into_iter().enumerate() {
            if self.dealing[t] {
                continue;
            }
            if self.engine.may_deal(t) {
                if let Err(e) = self.apply(Step::Dealt { table: t }) {
                    tracing::error!(table = t, error = %e, "a table that may deal could not");
                }
            } else if !self.holding[t] && players > 0 {
                self.holding[t] = true;
                self.emit(Effect::Order(Order::Hold { table: t }));
            }
        }
    }

    /// Called off by the operator: once no table is in a hand, the tournament is cancelled (the
    /// engine's refunds and shares), and rebuys and add-ons still waiting bounce, refunded.
    fn call_off(&mut self) {
        let ended = matches!(self.engine.phase(), Phase::Finished | Phase::Cancelled);
        if ended || self.dealing.iter().any(|d| *d) {
            return;
        }
        if let Err(e) = self.apply(Step::Cancel) {
            tracing::error!(tournament = %self.lease.tournament, error = %e, "the tournament could not be called off");
            self.problems.push(format!("called off: {e}"));
            return;
        }
        self.restack();
    }

    /// A new owner tells every table what it deals (those in a hand: that hand again) — the
    /// orders of the old owner that the books never saved are forgotten with it.
    pub(super) fn resync_tables(&mut self) {
        // tables closed (broken, or all at the end): closed again, in case the order was lost
        for table in self.open_tables..self.hands.len() {
            self.held
                .push((self.seq, Effect::Order(Order::Close { table })));
        }
        for table in 0..self.open_tables {
            let seats = self.config.seats;
            let mut orders = vec![Order::Open { table, seats }];
            if self.dealing.get(table) == Some(&true) {
                orders.extend(self.deal_order(table));
            } else if self.engine.phase() == Phase::Running {
                self.holding[table] = true;
                orders.push(Order::Hold { table });
            }
            self.held
                .extend(orders.into_iter().map(|o| (self.seq, Effect::Order(o))));
        }
        self.deal();
    }

    /// The report of hand `hand` at table `t` the tournament recorded, if it is the table's
    /// last: a table sends again only the report of its last hand.
    fn reported(&self, t: usize, hand: u64) -> Option<&HandOver> {
        let last = self.reports.get(t)?.as_ref()?;
        (last.hand == hand).then_some(last)
    }

    /// A table's report of a hand.
    pub(super) fn hand_over(&mut self, r: HandOver) {
        let (t, hand) = (r.table, r.hand);
        let dealt = self.hands.get(t).copied().unwrap_or(0);
        let current = self.dealing.get(t) == Some(&true) && dealt == hand;
        if !current {
            let error = match self.reported(t, hand) {
                Some(same) if *same == r => {
                    // recorded before: said again once it is saved
                    let order = Effect::Order(Order::Recorded { table: t, hand });
                    self.held.push((self.recorded_by[t], order));
                    return;
                }
                Some(_) => CoordError::Reported { table: t, hand },
                // an earlier hand's: recorded, and the table has played on since
                None if hand > 0 && hand < dealt => CoordError::Reported { table: t, hand },
                None => CoordError::NotDealing { table: t, hand },
            };
            self.out.push(Effect::Refused {
                table: t,
                hand,
                error,
            });
            return;
        }
        let at_ms = self.now.unix_ms;
        match self.apply(Step::HandOver(Reported { report: r, at_ms })) {
            Ok(()) => {
                self.restack();
                self.deal();
            }
            Err(e) => {
                let error = CoordError::Rules(e);
                self.out.push(Effect::Refused {
                    table: t,
                    hand,
                    error,
                });
            }
        }
    }
}
