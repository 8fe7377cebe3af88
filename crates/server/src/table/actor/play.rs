//! The hand or game in play: players' actions, the server acting for timed-out or leaving
//! players, bots (expert ones think on the blocking pool), the action clock and time bank,
//! dealing from a committed seed, and settling the hand in the books.

use super::*;

impl<L: LiveGame> Actor<L> {
    pub(super) fn act(&mut self, conn: &Conn, hand: &str, action: &Value) -> Answer {
        let live = self
            .hand
            .as_mut()
            .filter(|l| !l.game.is_over() && l.name == hand)
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
        if !action.is_object() {
            return Err(err(Code::Malformed, "`action` must be an object"));
        }
        let a = live
            .game
            .parse(seat, action)
            .map_err(|m| err(Code::Malformed, m))?;
        let to_act = live.game.to_act();
        if !to_act.contains(&seat) && !live.game.out_of_turn(&a) {
            let who = match to_act.as_slice() {
                [] => "nobody is".to_string(),
                [s] => format!("seat {s} is"),
                _ => "other seats are".to_string(),
            };
            return Err(err(
                Code::NotYourTurn,
                format!("{who} to act, not seat {seat}"),
            ));
        }
        let ev = live.game.apply(a).map_err(|m| {
            let legal = live.game.legal_json(seat);
            err(Code::IllegalAction, format!("{m}; legal now: {legal}"))
        })?;
        self.record(seat, ev);
        Ok(json!({}))
    }

    /// Bookkeeping after any action: bots observe, the clock is charged, and the events are
    /// queued for the next broadcast (none: only the actor's own connections hear of it).
    pub(super) fn record(&mut self, seat: usize, ev: Vec<Ev<L>>) {
        let clock = self.clock();
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        for (b, bot) in live.bots.iter_mut().enumerate() {
            if bot.is_none() && !live.thinking[b] {
                continue;
            }
            for e in &ev {
                if let Some(c) = L::censor(e, Some(b)) {
                    match bot.as_mut() {
                        Some(bot) => bot.observe(&c),
                        None => live.unseen[b].push(c),
                    }
                }
            }
        }
        if let Some(t) = live.since.get_mut(seat).and_then(Option::take) {
            let over = t.elapsed().saturating_sub(clock);
            if let Some(o) = self.seats[live.seats[seat]].as_mut() {
                o.bank = o.bank.saturating_sub(over);
            }
        }
        if ev.is_empty() {
            let uid = live.members[seat].id;
            if !self.private.contains(&uid) {
                self.private.push(uid);
            }
        } else {
            self.events.extend(ev);
            self.dirty = true;
        }
    }

    /// Runs everything that can happen now without a player: bots, players the server acts
    /// for, the end of a hand, the next deal.
    pub(super) async fn progress(&mut self) {
        for _ in 0..10_000 {
            let Some(live) = self.hand.as_ref() else {
                if self.next_hand_at.is_some_and(|t| t > Instant::now()) {
                    return;
                }
                if !self.start_hand().await {
                    return;
                }
                continue;
            };
            if live.game.is_over() {
                self.end_hand().await;
                return;
            }
            let to_act = live.game.to_act();
            // Players the server acts for: at once.
            let auto = to_act.iter().copied().find(|&s| {
                self.seats[live.seats[s]]
                    .as_ref()
                    .is_some_and(|o| o.auto && !o.m.bot)
            });
            if let Some(s) = auto {
                self.act_default(s);
                continue;
            }
            let bots: Vec<usize> = to_act
                .iter()
                .copied()
                .filter(|&s| live.bots[s].is_some())
                .collect();
            if bots.is_empty() {
                break;
            }
            let delay = self.room.config.bot_delay;
            if !delay.is_zero() {
                match self.bot_at {
                    None => {
                        self.bot_at = Some(Instant::now() + delay);
                        break;
                    }
                    Some(t) if t > Instant::now() => break,
                    Some(_) => self.bot_at = None,
                }
            }
            for s in bots {
                self.bot_act(s);
            }
            if !delay.is_zero() {
                self.flush();
            }
        }
        self.refresh_clock();
    }

    pub(super) fn act_default(&mut self, s: usize) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let a = live.game.default_action(s);
        match live.game.apply(a) {
            Ok(ev) => self.record(s, ev),
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "the default action was refused")
            }
        }
    }

    pub(super) fn bot_act(&mut self, s: usize) {
        let offload = self.offload;
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        let legal = live.game.bot_legal(s);
        let Some(&first) = legal.first() else { return };
        let view = live.game.bot_view(s);
        let budget = Budget::limited(Duration::from_millis(500));
        if offload {
            let Some(mut bot) = live.bots[s].take() else {
                return;
            };
            live.thinking[s] = true;
            let (hand, tx) = (live.id, self.thought_tx.clone());
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
        let a = if <L::G as Game>::allows(&legal, &a) {
            a
        } else {
            first
        };
        match live.game.apply(a) {
            Ok(ev) => self.record(s, ev),
            Err(_) => self.act_default(s),
        }
    }

    /// A bot's thought is back: the bot catches up on what it missed, and its action is
    /// played if it is still that bot's turn and still legal (otherwise it thinks again).
    pub(super) fn thought(&mut self, t: Thought<L>) {
        let Some(live) = self.hand.as_mut().filter(|l| l.id == t.hand) else {
            return;
        };
        let mut bot = t.bot;
        for c in live.unseen[t.seat].drain(..) {
            bot.observe(&c);
        }
        live.bots[t.seat] = Some(bot);
        live.thinking[t.seat] = false;
        if live.game.is_over() || !live.game.to_act().contains(&t.seat) {
            return;
        }
        let legal = live.game.bot_legal(t.seat);
        if !<L::G as Game>::allows(&legal, &t.action) {
            return;
        }
        match live.game.apply(t.action) {
            Ok(ev) => self.record(t.seat, ev),
            Err(_) => self.act_default(t.seat),
        }
    }

    /// Starts the clock of every human who must act now; stops it for the others.
    pub(super) fn refresh_clock(&mut self) {
        let Some(live) = self.hand.as_mut() else {
            return;
        };
        if live.game.is_over() {
            return;
        }
        let to_act = live.game.to_act();
        let now = Instant::now();
        for (s, since) in live.since.iter_mut().enumerate() {
            if to_act.contains(&s) && live.bots[s].is_none() && !live.thinking[s] {
                since.get_or_insert(now);
            } else {
                *since = None;
            }
        }
    }

    pub(super) fn deadline(&self, live: &Live<L>, s: usize) -> Option<Instant> {
        let t = live.since.get(s).copied().flatten()?;
        let bank = self.seats[live.seats[s]]
            .as_ref()
            .map_or(Duration::ZERO, |o| o.bank);
        Some(t + self.clock() + bank)
    }

    pub(super) fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut at = |t: Option<Instant>| {
            if let Some(t) = t {
                wake = Some(wake.map_or(t, |w: Instant| w.min(t)));
            }
        };
        match &self.hand {
            Some(live) if !live.game.is_over() => {
                for s in 0..live.seats.len() {
                    at(self.deadline(live, s));
                }
                at(self.bot_at);
            }
            Some(_) => {}
            None => at(self.next_hand_at),
        }
        at(self.idle_since.map(|t| t + self.room.config.idle_close));
        wake
    }

    /// Time is up for every human whose clock and bank ran out: the server acts for them and
    /// sits them out.
    pub(super) fn on_timer(&mut self) {
        let now = Instant::now();
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
            if let Some(o) = self.seats[live.seats[s]].as_mut() {
                o.bank = Duration::ZERO;
                o.sitting_out = true;
                o.auto = true;
            }
            self.act_default(s);
        }
    }

    /// Seats the waiting list, counts missed hands, and deals if enough players are ready.
    pub(super) async fn start_hand(&mut self) -> bool {
        if self.closing || !self.has_audience() {
            return false;
        }
        self.next_hand_at = None;
        self.serve_seat_changes();
        // Then free seats go to the waiting list, drawn by lot.
        while !self.waiting.is_empty() {
            let Some(free) = self.draw_free_seat(None) else {
                break;
            };
            let Some(m) = self.waiting.pop_front() else {
                break;
            };
            let amount = if self.o.betting() { self.o.buy_in } else { 0 };
            let key = self.key("in", m.id);
            if amount > 0 {
                if let Err(e) = self.room.books.to_seat(key, &self.id, &m, amount).await {
                    tracing::info!(table = %self.id, error = %e, "a waiting player could not buy in");
                    self.presence_changed(m.id);
                    continue;
                }
            }
            self.seat(free, m, amount);
        }
        let betting = self.o.betting();
        let ready: Vec<usize> = (0..self.seats.len())
            .filter(|&s| {
                self.seats[s].as_ref().is_some_and(|o| {
                    !o.sitting_out && !o.leaving && !o.funding && (o.stack > 0 || !betting)
                })
            })
            .collect();
        let needed = self.o.players_needed().max(2);
        if ready.len() < needed {
            self.publish_summary();
            return false;
        }
        // RULES.md §2: a third consecutive missed hand frees the seat.
        for s in 0..self.seats.len() {
            let missed = match self.seats[s].as_mut() {
                Some(o) if !ready.contains(&s) => {
                    o.missed += 1;
                    o.missed > 2
                }
                Some(o) => {
                    o.missed = 0;
                    false
                }
                None => false,
            };
            if missed {
                self.free(s).await;
            }
        }
        let members: Vec<Member> = ready
            .iter()
            .filter_map(|&s| self.seats[s].as_ref().map(|o| o.m.clone()))
            .collect();
        let stacks: Vec<Chips> = ready
            .iter()
            .map(|&s| self.seats[s].as_ref().map_or(0, |o| o.stack))
            .collect();
        let k = match self.button {
            None => 0,
            Some(prev) => ready.iter().position(|&s| s > prev).unwrap_or(0),
        };
        // Hold'em: the button; Draw: the dealer; both move one player clockwise.
        let button = k;
        self.hands_started();
        let n = self.nonce;
        if !betting && self.o.stake > 0 {
            let key = format!("{}:stake:{n}", self.id);
            if let Err(e) = self
                .room
                .books
                .stakes(key, &self.id, &members, self.o.stake)
                .await
            {
                tracing::info!(table = %self.id, error = %e, "stakes could not be paid; players sit out");
                for &s in &ready {
                    if let Some(o) = self.seats[s].as_mut() {
                        if !o.m.bot
                            && self.room.books.balance(o.m.id).await.unwrap_or(0)
                                < self.o.stake as i64
                        {
                            o.sitting_out = true;
                        }
                    }
                }
                self.dirty = true;
                return false;
            }
        }
        let seed = Seed::draw();
        let players: Vec<(usize, &Member, Chips)> = ready
            .iter()
            .zip(&members)
            .zip(&stacks)
            .map(|((&s, m), &c)| (s, m, c))
            .collect();
        let id = match self
            .room
            .books
            .begin_hand(
                &self.id,
                self.o.game.name(),
                &seed.commitment,
                &seed.hex(),
                &players,
            )
            .await
        {
            Ok(id) => id,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not record a new hand");
                self.next_hand_at = Some(Instant::now() + Duration::from_secs(1));
                return false;
            }
        };
        let deal = Deal {
            options: &self.o,
            seed: seed.bytes,
            stacks: &stacks,
            button,
            carried: self.carried,
        };
        let (game, ev) = match L::deal(&deal) {
            Ok(x) => x,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "could not deal");
                let _ = self.room.books.void_hand(id).await;
                self.next_hand_at = Some(Instant::now() + Duration::from_secs(1));
                return false;
            }
        };
        let mut bots: Vec<Option<Box<dyn Bot<L::G>>>> = Vec::with_capacity(members.len());
        for (i, m) in members.iter().enumerate() {
            bots.push(match (&self.spec, m.bot) {
                (Some(spec), true) => Some(spec.make(i, self.rng.next_u64())),
                _ => None,
            });
        }
        self.button = Some(ready[k]);
        self.carried = 0;
        self.result = None;
        self.hand = Some(Live {
            game,
            name: format!("h-{}", id.0),
            id,
            commitment: seed.commitment.clone(),
            seed_hex: seed.hex(),
            since: vec![None; members.len()],
            thinking: vec![false; members.len()],
            unseen: (0..members.len()).map(|_| Vec::new()).collect(),
            seats: ready,
            members,
            carried_in: deal.carried,
            start: stacks,
            bots,
        });
        for e in &ev {
            if let Some(live) = self.hand.as_mut() {
                for (b, bot) in live.bots.iter_mut().enumerate() {
                    if let (Some(bot), Some(c)) = (bot, L::censor(e, Some(b))) {
                        bot.observe(&c);
                    }
                }
            }
        }
        self.events.extend(ev);
        self.dirty = true;
        self.publish_summary();
        true
    }

    pub(super) fn hands_started(&mut self) {
        self.nonce += 1;
    }

    /// The hand is over: stacks back to the seats, the result shown (and the seed revealed),
    /// then recorded with its chip movements in one transaction.
    pub(super) async fn end_hand(&mut self) {
        let Some(live) = self.hand.as_ref() else {
            return;
        };
        let mut deltas: Vec<(Member, i64)> = Vec::new();
        let mut payouts: Vec<(Member, Chips)> = Vec::new();
        if self.o.betting() {
            let stacks = live.game.stacks();
            for (i, &s) in live.seats.iter().enumerate() {
                let end = stacks.get(i).copied().unwrap_or(0);
                deltas.push((live.members[i].clone(), end as i64 - live.start[i] as i64));
                if let Some(o) = self.seats[s].as_mut() {
                    o.stack = end;
                }
            }
            self.carried = live.game.carried_out();
        } else {
            let winners = live.game.winners();
            let pot = self.o.stake * live.members.len() as Chips;
            let share = pot / winners.len().max(1) as Chips;
            let mut odd = pot - share * winners.len().max(1) as Chips;
            for (i, m) in live.members.iter().enumerate() {
                let mut won = 0;
                if winners.contains(&i) {
                    won = share;
                    if odd > 0 {
                        won += 1;
                        odd -= 1;
                    }
                }
                payouts.push((m.clone(), won));
            }
        }
        self.result = Some(live.game.result_json());
        self.previous = Some((
            live.name.clone(),
            live.seed_hex.clone(),
            live.members.iter().map(|m| m.id).collect(),
        ));
        self.dirty = true;
        self.flush();
        let Some(live) = self.hand.take() else { return };
        let names: Vec<String> = live.members.iter().map(|m| m.name.clone()).collect();
        let record = live.game.record(&names).unwrap_or_else(|e| {
            tracing::error!(table = %self.id, error = %e, "no record");
            String::new()
        });
        let books = &self.room.books;
        let done = if self.o.betting() {
            let d: Vec<(&Member, i64)> = deltas.iter().map(|(m, d)| (m, *d)).collect();
            let pot_delta = self.carried as i64 - live.carried_in as i64;
            books
                .finish_betting_hand(live.id, &self.id, record, L::FORMAT, &d, pot_delta)
                .await
        } else {
            let p: Vec<(&Member, Chips)> = payouts.iter().map(|(m, c)| (m, *c)).collect();
            books
                .finish_saint_game(live.id, &self.id, record, &p, self.o.stake)
                .await
        };
        if let Err(e) = done {
            tracing::error!(table = %self.id, hand = live.id.0, error = %e, "could not record the end of a hand");
        }
        self.room.metrics.hands.fetch_add(1, Relaxed);
        // Between hands: leavers go, bots with empty stacks buy again from the house.
        for s in 0..self.seats.len() {
            let (leaving, bot_broke) = match self.seats[s].as_mut() {
                Some(o) => {
                    o.auto = false;
                    (o.leaving, o.m.bot && o.stack == 0 && self.o.betting())
                }
                None => (false, false),
            };
            if leaving {
                self.free(s).await;
            } else if bot_broke {
                let Some(m) = self.seats[s].as_ref().map(|o| o.m.clone()) else {
                    continue;
                };
                let key = self.key("bot_rebuy", m.id);
                if self
                    .room
                    .books
                    .to_seat(key, &self.id, &m, self.o.rebuy)
                    .await
                    .is_ok()
                {
                    if let Some(o) = self.seats[s].as_mut() {
                        o.stack = self.o.rebuy;
                    }
                }
            }
        }
        self.dirty = true;
        self.next_hand_at = Some(Instant::now() + self.room.config.hand_pause);
        self.publish_summary();
    }
}
