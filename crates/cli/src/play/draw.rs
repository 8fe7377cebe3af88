//! Five-Card Draw (German rules) against bots: a session of hands, the dealer moving each hand,
//! stacks and odd chips carried from hand to hand, busted bots rebuying and the human offered a
//! rebuy. The human sees only their seat's view (other players' exchanges only as counts);
//! each finished hand is recorded in the engine's `tavolo-draw-record` format.

use tavolo_bots::draw::{betting_list, exchange_list, Draw};
use tavolo_bots::BotSpec;
use tavolo_cards::{Card, CardSet, GameRng, HandRank, Lang};
use tavolo_engine::draw::{
    next_dealer, Action, Dealing, DrawHand, DrawRecord, DrawSetup, Event, Stage as DrawStage, ToAct,
};
use tavolo_engine::Chips;

use super::i18n::{chips, fill, signed, texts};
use super::model::{
    cards_text, derive_seed, shortcuts, Ask, BetAsk, BotSeats, CardsKind, Command, PlayGame,
    SeatRow, TableView,
};

/// The human's seat.
const ME: usize = 0;

/// The table settings of a Draw session.
#[derive(Clone, Debug)]
pub struct DrawConfig {
    /// The ante, also the minimum bet and raise.
    pub ante: Chips,
    /// The buy-in, also the rebuy.
    pub buy_in: Chips,
    /// The bots, seats 1 to N-1.
    pub bots: Vec<BotSpec<Draw>>,
    /// The session seed.
    pub seed: u64,
    /// The language.
    pub lang: Lang,
    /// A name for the record files.
    pub stamp: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Playing,
    Done,
    Rebuy,
    Over,
}

/// A Five-Card Draw session (see the module doc).
pub struct DrawSession {
    cfg: DrawConfig,
    names: Vec<String>,
    stacks: Vec<Chips>,
    carried: Chips,
    dealer: usize,
    hand_no: u64,
    setup: DrawSetup,
    hand: DrawHand,
    events: Vec<Event>,
    bots: BotSeats<Draw>,
    last: Vec<String>,
    ranks: Vec<Option<HandRank>>,
    opened: bool,
    log: Vec<String>,
    result: Vec<String>,
    records: Vec<(String, String)>,
    stage: Stage,
    bought_in: Chips,
}

fn stage_index(s: DrawStage) -> usize {
    match s {
        DrawStage::FirstBetting => 0,
        DrawStage::Exchange => 1,
        DrawStage::SecondBetting => 2,
        DrawStage::Showdown => 3,
        DrawStage::Over => 4,
    }
}

impl DrawSession {
    /// A session with the human at seat 0 (the cutter of the first hand) and the first hand
    /// dealt.
    pub fn new(cfg: DrawConfig) -> Result<DrawSession, String> {
        let n = cfg.bots.len() + 1;
        if !(2..=8).contains(&n) {
            return Err(format!("{n} players: Five-Card Draw is for 2 to 8"));
        }
        let mut names = vec![texts(cfg.lang).you.to_string()];
        names.extend(
            cfg.bots
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{}#{}", b.name(), i + 2)),
        );
        let stacks = vec![cfg.buy_in; n];
        let setup = DrawSetup::new(stacks.clone(), n - 1, cfg.ante);
        setup.validate().map_err(|e| e.to_string())?;
        let (hand, _) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(0)))
            .map_err(|e| e.to_string())?;
        let mut s = DrawSession {
            names,
            stacks,
            carried: 0,
            dealer: n - 1,
            hand_no: 0,
            setup,
            hand,
            events: Vec::new(),
            bots: BotSeats::new(Vec::new()),
            last: vec![String::new(); n],
            ranks: vec![None; n],
            opened: false,
            log: Vec::new(),
            result: Vec::new(),
            records: Vec::new(),
            stage: Stage::Playing,
            bought_in: cfg.buy_in,
            cfg,
        };
        s.start_hand()?;
        Ok(s)
    }

    fn seats(&self) -> usize {
        self.names.len()
    }

    fn start_hand(&mut self) -> Result<(), String> {
        let t = texts(self.cfg.lang);
        let n = self.seats();
        for s in 0..n {
            if s != ME && self.stacks[s] == 0 {
                self.stacks[s] = self.cfg.buy_in;
                self.log
                    .push(fill(t.rebuys, &[&self.names[s], &chips(self.cfg.buy_in)]));
            }
        }
        if self.hand_no > 0 {
            self.dealer = next_dealer(self.dealer, &self.stacks).unwrap_or((self.dealer + 1) % n);
        }
        self.hand_no += 1;
        let mut setup = DrawSetup::new(self.stacks.clone(), self.dealer, self.cfg.ante);
        setup.carried_in = self.carried;
        self.setup = setup;
        let seed = derive_seed(self.cfg.seed, self.hand_no);
        let (hand, events) = DrawHand::new(&self.setup, Dealing::Seeded(GameRng::from_u64(seed)))
            .map_err(|e| e.to_string())?;
        self.hand = hand;
        self.events.clear();
        let bots = (0..n)
            .map(|s| {
                (s != ME).then(|| self.cfg.bots[s - 1].make(s, derive_seed(seed, 1000 + s as u64)))
            })
            .collect();
        self.bots = BotSeats::new(bots);
        self.last = vec![String::new(); n];
        self.ranks = vec![None; n];
        self.opened = false;
        self.result.clear();
        self.stage = Stage::Playing;
        self.log
            .push(format!("— {} —", fill(t.hand_no, &[&self.hand_no])));
        self.take_events(events);
        Ok(())
    }

    fn take_events(&mut self, events: Vec<Event>) {
        self.bots
            .observe(&events, |e, seat| Some(e.seen_by(Some(seat))));
        for e in &events {
            self.describe(e.seen_by(Some(ME)));
        }
        self.events.extend(events);
        if self.hand.is_over() && self.stage == Stage::Playing {
            self.finish_hand();
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), String> {
        let events = self.hand.apply(action).map_err(|e| e.to_string())?;
        self.take_events(events);
        Ok(())
    }

    fn describe(&mut self, e: Event) {
        let t = texts(self.cfg.lang);
        let lang = self.cfg.lang;
        let say = |s: &mut Self, seat: usize, template: &str, args: &[&dyn std::fmt::Display]| {
            let mut all: Vec<&dyn std::fmt::Display> = vec![&""];
            all.extend_from_slice(args);
            s.last[seat] = fill(template, &all).trim().to_string();
            let name = s.names[seat].clone();
            let mut all: Vec<&dyn std::fmt::Display> = vec![&name];
            all.extend_from_slice(args);
            s.log.push(fill(template, &all));
        };
        match e {
            Event::CarriedIn { amount } if amount > 0 => {
                self.log.push(fill(t.carried, &[&chips(amount)]));
            }
            Event::AntePosted { seat, amount } => say(self, seat, t.posts_ante, &[&chips(amount)]),
            Event::Dealt {
                seat,
                cards: Some(c),
            } if seat == ME => {
                let cards: Vec<Card> = c.iter().collect();
                self.log.push(fill(t.your_cards, &[&cards_text(&cards)]));
            }
            Event::Folded { seat, .. } => say(self, seat, t.folds, &[]),
            Event::Checked { seat } => say(self, seat, t.checks, &[]),
            Event::Called {
                seat,
                amount,
                all_in,
            } => {
                let a = format!("{}{}", chips(amount), if all_in { t.all_in } else { "" });
                say(self, seat, t.calls, &[&a]);
            }
            Event::BetOrRaised { seat, to, all_in } => {
                let a = format!("{}{}", chips(to), if all_in { t.all_in } else { "" });
                let template = if self.opened { t.raises_to } else { t.bets };
                self.opened = true;
                say(self, seat, template, &[&a]);
            }
            Event::RoundEnded { .. } => {
                self.opened = false;
            }
            Event::UncalledReturned { seat, amount } => {
                let line = fill(t.returned, &[&chips(amount), &self.names[seat]]);
                self.log.push(line);
            }
            Event::Reshuffled { .. } => self.log.push(t.reshuffled.to_string()),
            Event::Exchanged {
                seat,
                count,
                discarded,
                drawn,
            } => {
                if seat == ME && count > 0 {
                    let d: Vec<Card> = discarded.map(|d| d.iter().collect()).unwrap_or_default();
                    let n: Vec<Card> = drawn.map(|d| d.cards().collect()).unwrap_or_default();
                    self.log
                        .push(fill(t.you_exchange, &[&cards_text(&d), &cards_text(&n)]));
                    self.last[seat] = fill(t.discards_draws, &[&"", &count]).trim().to_string();
                } else if count == 0 {
                    say(self, seat, t.stands_pat, &[]);
                } else {
                    say(self, seat, t.discards_draws, &[&count]);
                }
            }
            Event::Shown { seat, cards, rank } => {
                self.ranks[seat] = Some(rank);
                let cards: Vec<Card> = cards.iter().collect();
                say(
                    self,
                    seat,
                    t.shows,
                    &[&cards_text(&cards), &rank.describe(lang)],
                );
                // The seat row keeps the hand's category (the log has it all).
                let desc = rank.describe(lang);
                self.last[seat] = desc.split(',').next().unwrap_or_default().to_string();
            }
            Event::Mucked { seat } => say(self, seat, t.mucks, &[]),
            Event::PotWon { pot, seat, amount } => {
                let mut line = if pot == 0 {
                    fill(t.wins_main, &[&self.names[seat], &chips(amount)])
                } else {
                    fill(t.wins_side, &[&self.names[seat], &chips(amount), &pot])
                };
                if let Some(r) = self.ranks[seat] {
                    line.push_str(&fill(t.with_hand, &[&r.describe(lang)]));
                }
                self.log.push(line.clone());
                self.result.push(line);
            }
            Event::Carried { amount } => {
                let line = fill(t.carried, &[&chips(amount)]);
                self.log.push(line.clone());
                self.result.push(line);
            }
            _ => {}
        }
    }

    /// Records the hand so far (finished, or cut short by quitting) in the engine's
    /// `tavolo-draw-record` format.
    fn record(&mut self) {
        if let Ok(record) = DrawRecord::from_log(&self.setup, &self.events) {
            self.records.push((
                format!("draw-{}-hand{:03}.json", self.cfg.stamp, self.hand_no),
                record.to_json(),
            ));
        }
    }

    fn finish_hand(&mut self) {
        let t = texts(self.cfg.lang);
        self.stacks = self.hand.stacks().to_vec();
        self.carried = self.hand.carried();
        let delta = self.stacks[ME] as i128 - self.setup.stacks[ME] as i128;
        let line = fill(t.net, &[&self.names[ME], &signed(delta)]);
        self.log.push(line.clone());
        self.result.push(line);
        self.record();
        self.stage = if self.stacks[ME] == 0 {
            Stage::Rebuy
        } else {
            Stage::Done
        };
    }
}

impl PlayGame for DrawSession {
    fn lang(&self) -> Lang {
        self.cfg.lang
    }

    fn table(&self) -> TableView {
        let t = texts(self.cfg.lang);
        let v = self.hand.view(Some(ME));
        let title = format!(
            "Five-Card Draw · {} · {}",
            fill(t.ante, &[&chips(self.cfg.ante)]),
            fill(t.seed, &[&self.cfg.seed])
        );
        let status = format!(
            "{} · {} · {}",
            fill(t.hand_no, &[&self.hand_no]),
            t.draw_stages[stage_index(v.stage)],
            fill(t.pot, &[&chips(v.pot)])
        );
        let seats = (0..self.seats())
            .map(|s| {
                let cards = if s == ME && v.live[s] {
                    v.hand.iter().map(|&c| Some(c)).collect()
                } else if let Some(shown) = &v.shown[s] {
                    shown.iter().map(|&c| Some(c)).collect()
                } else if v.live[s] && !v.over {
                    vec![None; 5]
                } else {
                    Vec::new()
                };
                SeatRow {
                    name: self.names[s].clone(),
                    mark: if s == v.dealer {
                        "D".into()
                    } else {
                        String::new()
                    },
                    amount: chips(v.stacks[s]),
                    cards,
                    last: self.last[s].clone(),
                    to_act: v.to_act == Some(s),
                    out: !v.live[s],
                    you: s == ME,
                }
            })
            .collect();
        TableView {
            title,
            status,
            seats,
            rows: Vec::new(),
            hand: v.hand.clone(),
        }
    }

    fn ask(&self) -> Ask {
        match self.stage {
            Stage::Over => Ask::Over,
            Stage::Rebuy => Ask::Rebuy(self.cfg.buy_in),
            Stage::Done => Ask::Next,
            Stage::Playing => match self.hand.legal_actions() {
                ToAct::Bet(l) if l.seat == ME => {
                    let v = self.hand.view(Some(ME));
                    let top = v.bets.iter().copied().max().unwrap_or(0);
                    let raise = l.raise.map(|r| (r.min_to, r.max_to));
                    Ask::Bet(BetAsk {
                        fold: l.fold,
                        check: l.check,
                        call: l.call,
                        raise,
                        opening: !self.opened,
                        shortcuts: raise
                            .map(|r| shortcuts(r, v.pot, l.call.unwrap_or(0), top))
                            .unwrap_or_default(),
                    })
                }
                ToAct::Exchange { seat, hand, max } if seat == ME => Ask::Cards {
                    kind: CardsKind::Exchange,
                    from: hand.iter().collect(),
                    min: 0,
                    max: max as usize,
                },
                ToAct::Showdown {
                    seat,
                    may_muck: true,
                } if seat == ME => Ask::Showdown,
                _ => Ask::Wait,
            },
        }
    }

    fn log(&self) -> &[String] {
        &self.log
    }

    fn result(&self) -> &[String] {
        &self.result
    }

    fn preview(&self, selected: &[Card]) -> Option<String> {
        // The hand now, or what is kept when cards are marked to discard.
        let hand: Vec<Card> = self
            .hand
            .hand(ME)
            .iter()
            .filter(|c| !selected.contains(c))
            .collect();
        if hand.len() == 5 {
            let rank = tavolo_cards::evaluate(&hand).ok()?;
            return Some(fill(
                texts(self.cfg.lang).best,
                &[&rank.describe(self.cfg.lang)],
            ));
        }
        None
    }

    fn command(&mut self, c: Command) -> Result<(), String> {
        let t = texts(self.cfg.lang);
        match (self.stage, c) {
            (Stage::Done, Command::Continue) => self.start_hand(),
            (Stage::Rebuy, Command::Rebuy(true)) => {
                self.stacks[ME] = self.cfg.buy_in;
                self.bought_in += self.cfg.buy_in;
                self.log
                    .push(fill(t.rebuys, &[&self.names[ME], &chips(self.cfg.buy_in)]));
                self.start_hand()
            }
            (Stage::Rebuy, Command::Rebuy(false)) => {
                self.stage = Stage::Over;
                self.result = vec![t.busted.to_string()];
                self.log.push(t.busted.to_string());
                Ok(())
            }
            (Stage::Playing, c) => {
                let seat = ME;
                let action = match (self.ask(), c) {
                    (Ask::Bet(a), Command::Fold) if a.fold => Action::Fold { seat },
                    (Ask::Bet(a), Command::Check) if a.check => Action::Check { seat },
                    (Ask::Bet(a), Command::Call) if a.call.is_some() => Action::Call { seat },
                    (Ask::Bet(a), Command::Call) if a.check => Action::Check { seat },
                    (Ask::Bet(a), Command::RaiseTo(to)) => match a.raise {
                        Some((lo, hi)) if (lo..=hi).contains(&to) => {
                            Action::BetOrRaiseTo { seat, to }
                        }
                        Some((lo, hi)) => {
                            return Err(fill(t.bad_amount, &[&chips(to), &chips(lo), &chips(hi)]))
                        }
                        None => return Err(t.not_now.to_string()),
                    },
                    (Ask::Cards { from, max, .. }, Command::Cards(cards)) => {
                        if cards.len() > max {
                            return Err(fill(t.choose_range, &[&0, &max]));
                        }
                        if let Some(c) = cards.iter().find(|c| !from.contains(c)) {
                            return Err(fill(t.not_a_choice, &[&c.pretty()]));
                        }
                        let discard = CardSet::try_from_cards(cards.iter().copied())
                            .map_err(|e| e.to_string())?;
                        Action::Exchange { seat, discard }
                    }
                    (Ask::Cards { .. }, Command::Fold) => Action::Fold { seat },
                    // German rules: a player may fold at any time, even out of turn.
                    (Ask::Wait, Command::Fold) if self.hand.may_fold(ME) => Action::Fold { seat },
                    (Ask::Showdown, Command::Show) => Action::Show { seat },
                    (Ask::Showdown, Command::Muck) => Action::Muck { seat },
                    _ => return Err(t.not_now.to_string()),
                };
                self.apply(action)
            }
            _ => Err(t.not_now.to_string()),
        }
    }

    fn bot_step(&mut self) -> bool {
        if self.stage != Stage::Playing {
            return false;
        }
        let (seat, legal) = match self.hand.legal_actions() {
            ToAct::Bet(l) => (l.seat, betting_list(&l)),
            ToAct::Exchange { seat, hand, max } => (seat, exchange_list(seat, hand, max)),
            ToAct::Showdown { seat, may_muck } => {
                // The human shows without being asked when mucking is not allowed.
                if seat == ME && !may_muck {
                    return self.apply(Action::Show { seat }).is_ok();
                }
                let mut v = vec![Action::Show { seat }];
                if may_muck {
                    v.push(Action::Muck { seat });
                }
                (seat, v)
            }
            ToAct::Nobody => return false,
        };
        if seat == ME || !self.bots.is_bot(seat) {
            return false;
        }
        let view = self.hand.view(Some(seat));
        let Some(action) = self.bots.act(seat, &view, &legal) else {
            return false;
        };
        if let Err(e) = self.apply(action) {
            self.log.push(e);
            if let Some(&first) = legal.first() {
                let _ = self.apply(first);
            }
        }
        true
    }

    fn quit(&mut self) {
        if self.stage == Stage::Over {
            return;
        }
        if self.stage == Stage::Playing && !self.events.is_empty() {
            self.record();
            // The hand was not finished: the chips in front of the human are not theirs yet.
            self.stacks = self.setup.stacks.clone();
        }
        self.stage = Stage::Over;
        let t = texts(self.cfg.lang);
        let have = self.stacks[ME];
        let net = have as i128 - self.bought_in as i128;
        let line = fill(
            t.session,
            &[
                &self.hand_no,
                &chips(have),
                &chips(self.bought_in),
                &signed(net),
            ],
        );
        self.log.push(line.clone());
        self.result = vec![line];
    }

    fn take_records(&mut self) -> Vec<(String, String)> {
        std::mem::take(&mut self.records)
    }

    fn may_fold_out_of_turn(&self) -> bool {
        self.stage == Stage::Playing && self.hand.may_fold(ME)
    }

    fn help(&self) -> Vec<&'static str> {
        let t = texts(self.cfg.lang);
        t.help_draw.iter().chain(t.help_betting).copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_bots::draw::bot_spec;

    fn session() -> DrawSession {
        DrawSession::new(DrawConfig {
            ante: 10,
            buy_in: 1000,
            bots: vec![
                bot_spec("station").expect("bot"),
                bot_spec("station").expect("bot"),
            ],
            seed: 3,
            lang: Lang::En,
            stamp: "test".into(),
        })
        .expect("session")
    }

    #[test]
    fn other_players_cards_and_discards_stay_hidden_until_shown() {
        let mut s = session();
        while s.bot_step() {}
        s.command(Command::RaiseTo(10)).expect("open");
        while s.bot_step() {}
        s.command(Command::Cards(Vec::new())).expect("stand pat");
        while s.bot_step() {}
        let view = s.table();
        for seat in &view.seats[1..] {
            assert!(seat.cards.iter().all(|c| c.is_none()), "{seat:?}");
        }
        // Bots' exchanges are logged as counts only.
        for line in s.log().iter().filter(|l| !l.starts_with("You")) {
            assert!(!line.contains("discard"), "{line}");
        }
    }

    #[test]
    fn more_than_three_discards_are_refused_with_a_message() {
        let mut s = session();
        while s.bot_step() {}
        s.command(Command::RaiseTo(10)).expect("open");
        while s.bot_step() {}
        let Ask::Cards { from, .. } = s.ask() else {
            panic!("{:?}", s.ask())
        };
        let e = s.command(Command::Cards(from[..4].to_vec())).unwrap_err();
        assert!(e.contains("0 to 3"), "{e}");
        assert!(matches!(s.ask(), Ask::Cards { .. }), "nothing changed");
    }

    #[test]
    fn the_human_may_fold_out_of_turn() {
        let mut s = session();
        while s.bot_step() {}
        s.command(Command::RaiseTo(10)).expect("open");
        // The first station calls; now it is the second's turn, not ours.
        assert!(s.bot_step());
        assert_eq!(s.ask(), Ask::Wait);
        assert!(s.may_fold_out_of_turn());
        s.command(Command::Fold).expect("fold out of turn");
        assert!(s.log().iter().any(|l| l == "You folds"), "{:?}", s.log());
        assert!(!s.may_fold_out_of_turn());
    }
}
