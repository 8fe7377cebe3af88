//! Texas Hold'em against bots: a session of hands at one table, the button moving each hand,
//! stacks carried from hand to hand, busted bots rebuying and the human offered a rebuy. The
//! human sees only their seat's view and events censored for their seat; each finished hand is
//! recorded as a `tavolo-holdem-hand/1` record holding its PHH hand history.

use tavolo_bots::holdem::{legal_list, Holdem};
use tavolo_bots::BotSpec;
use tavolo_cards::{Card, GameRng, HandRank, Lang};
use tavolo_engine::holdem::{
    phh, Action, Dealing, Event, Hand, HandSetup, HoldemRules, Legal, Street, Structure, ToAct,
};
use tavolo_engine::Chips;

use super::i18n::{chips, fill, signed, texts};
use super::model::{
    cards_text, derive_seed, shortcuts, Ask, BetAsk, BotSeats, Command, PlayGame, SeatRow,
    TableView,
};

/// The human's seat.
const ME: usize = 0;

/// The table settings of a Hold'em session.
#[derive(Clone, Debug)]
pub struct HoldemConfig {
    /// No-Limit, Pot-Limit or Limit.
    pub structure: Structure,
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// Every seat's ante (0: none).
    pub ante: Chips,
    /// The buy-in, also the rebuy.
    pub buy_in: Chips,
    /// The bots, seats 1 to N-1.
    pub bots: Vec<BotSpec<Holdem>>,
    /// The session seed: hand k is dealt from a seed derived from it.
    pub seed: u64,
    /// The language.
    pub lang: Lang,
    /// A name for the record files (e.g. the start time).
    pub stamp: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Playing,
    Done,
    Rebuy,
    Over,
}

/// A Hold'em session (see the module doc).
pub struct HoldemSession {
    cfg: HoldemConfig,
    names: Vec<String>,
    stacks: Vec<Chips>,
    carried: Chips,
    button: usize,
    hand_no: u64,
    setup: HandSetup,
    hand: Hand,
    events: Vec<Event>,
    bots: BotSeats<Holdem>,
    last: Vec<String>,
    ranks: Vec<Option<HandRank>>,
    mine: Vec<Card>,
    round_top: Chips,
    log: Vec<String>,
    result: Vec<String>,
    records: Vec<(String, String)>,
    stage: Stage,
    bought_in: Chips,
}

fn structure_name(s: Structure) -> &'static str {
    match s {
        Structure::NoLimit => "No-Limit",
        Structure::PotLimit => "Pot-Limit",
        Structure::FixedLimit => "Limit",
    }
}

impl HoldemSession {
    /// A session with the human at seat 0 and the first hand dealt.
    pub fn new(cfg: HoldemConfig) -> Result<HoldemSession, String> {
        let n = cfg.bots.len() + 1;
        if !(2..=10).contains(&n) {
            return Err(format!("{n} players: Texas Hold'em is for 2 to 10"));
        }
        let mut names = vec![texts(cfg.lang).you.to_string()];
        names.extend(
            cfg.bots
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{}#{}", b.name(), i + 2)),
        );
        let stacks = vec![cfg.buy_in; n];
        let setup = Self::make_setup(&cfg, &stacks, 0, 0);
        setup.validate().map_err(|e| e.to_string())?;
        let (hand, _) =
            Hand::new(&setup, Dealing::Seeded(GameRng::from_u64(0))).map_err(|e| e.to_string())?;
        let mut s = HoldemSession {
            names,
            stacks,
            carried: 0,
            button: n - 1,
            hand_no: 0,
            setup,
            hand,
            events: Vec::new(),
            bots: BotSeats::new(Vec::new()),
            last: vec![String::new(); n],
            ranks: vec![None; n],
            mine: Vec::new(),
            round_top: 0,
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

    fn make_setup(
        cfg: &HoldemConfig,
        stacks: &[Chips],
        button: usize,
        carried: Chips,
    ) -> HandSetup {
        let mut setup = HandSetup::casino(
            stacks.to_vec(),
            button,
            cfg.small_blind,
            cfg.big_blind,
            HoldemRules::casino(cfg.structure),
        );
        setup.antes = vec![cfg.ante; stacks.len()];
        setup.carried_in = carried;
        setup
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
        self.hand_no += 1;
        self.button = (self.button + 1) % n;
        self.setup = Self::make_setup(&self.cfg, &self.stacks, self.button, self.carried);
        let seed = derive_seed(self.cfg.seed, self.hand_no);
        let (hand, events) = Hand::new(&self.setup, Dealing::Seeded(GameRng::from_u64(seed)))
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
        self.mine.clear();
        self.round_top = 0;
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

    /// Logs an event as the human's seat sees it and keeps the seats' last actions.
    fn describe(&mut self, e: Event) {
        let t = texts(self.cfg.lang);
        let lang = self.cfg.lang;
        let say =
            |s: &mut Self, seat: Option<usize>, template: &str, args: &[&dyn std::fmt::Display]| {
                if let Some(seat) = seat {
                    let mut all: Vec<&dyn std::fmt::Display> = vec![&""];
                    all.extend_from_slice(args);
                    s.last[seat] = fill(template, &all).trim().to_string();
                }
                let name = seat.map(|x| s.names[x].clone()).unwrap_or_default();
                let mut all: Vec<&dyn std::fmt::Display> = vec![&name];
                all.extend_from_slice(args);
                s.log.push(fill(template, &all));
            };
        match e {
            Event::AntePosted { seat, amount } => {
                say(self, Some(seat), t.posts_ante, &[&chips(amount)])
            }
            Event::BlindPosted { seat, amount } => {
                self.round_top = self.round_top.max(amount);
                say(self, Some(seat), t.posts, &[&chips(amount)]);
            }
            Event::HoleDealt {
                seat,
                card: Some(c),
            } if seat == ME => {
                self.mine.push(c);
                if self.mine.len() == 2 {
                    self.log
                        .push(fill(t.your_cards, &[&cards_text(&self.mine)]));
                }
            }
            Event::BoardDealt { street, cards } => {
                self.round_top = 0;
                for (s, l) in self.last.iter_mut().enumerate() {
                    if self.hand.live().contains(s) {
                        l.clear();
                    }
                }
                let name = t.streets[street_index(street)];
                self.log
                    .push(fill(t.dealt_board, &[&name, &cards_text(cards.as_slice())]));
            }
            Event::Folded { seat } => say(self, Some(seat), t.folds, &[]),
            Event::Checked { seat } => say(self, Some(seat), t.checks, &[]),
            Event::Called {
                seat,
                amount,
                all_in,
            } => {
                let a = format!("{}{}", chips(amount), if all_in { t.all_in } else { "" });
                say(self, Some(seat), t.calls, &[&a]);
            }
            Event::BetOrRaised { seat, to, all_in } => {
                let a = format!("{}{}", chips(to), if all_in { t.all_in } else { "" });
                let template = if self.round_top == 0 {
                    t.bets
                } else {
                    t.raises_to
                };
                self.round_top = to;
                say(self, Some(seat), template, &[&a]);
            }
            Event::UncalledReturned { seat, amount } => {
                let line = fill(t.returned, &[&chips(amount), &self.names[seat]]);
                self.log.push(line);
            }
            Event::Shown { seat, cards, rank } => {
                self.ranks[seat] = Some(rank);
                say(
                    self,
                    Some(seat),
                    t.shows,
                    &[&cards_text(&cards), &rank.describe(lang)],
                );
                // The seat row keeps the hand's category (the log has it all).
                let desc = rank.describe(lang);
                self.last[seat] = desc.split(',').next().unwrap_or_default().to_string();
            }
            Event::Mucked { seat } => say(self, Some(seat), t.mucks, &[]),
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

    /// Records the hand so far (finished, or cut short by quitting) as a
    /// `tavolo-holdem-hand/1` record holding its PHH hand history.
    fn record(&mut self) {
        let record = serde_json::json!({
            "format": "tavolo-holdem-hand/1",
            "setup": self.setup,
            "players": self.names,
            "seed": derive_seed(self.cfg.seed, self.hand_no).to_string(),
            "phh": phh::export(&self.setup, &self.events, Some(&self.names)).to_phh(),
        });
        if let Ok(text) = serde_json::to_string_pretty(&record) {
            self.records.push((
                format!("holdem-{}-hand{:03}.json", self.cfg.stamp, self.hand_no),
                text,
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

    fn legal(&self) -> Option<Legal> {
        match self.hand.legal_actions() {
            ToAct::Player(l) => Some(l),
            _ => None,
        }
    }
}

fn street_index(s: Street) -> usize {
    match s {
        Street::Preflop => 0,
        Street::Flop => 1,
        Street::Turn => 2,
        Street::River => 3,
    }
}

impl PlayGame for HoldemSession {
    fn lang(&self) -> Lang {
        self.cfg.lang
    }

    fn table(&self) -> TableView {
        let t = texts(self.cfg.lang);
        let v = self.hand.view(Some(ME));
        let mut title = format!(
            "Texas Hold'em {} · {}",
            structure_name(self.cfg.structure),
            fill(
                t.blinds,
                &[&chips(self.cfg.small_blind), &chips(self.cfg.big_blind)]
            )
        );
        if self.cfg.ante > 0 {
            title.push_str(&format!(" · {}", fill(t.ante, &[&chips(self.cfg.ante)])));
        }
        title.push_str(&format!(" · {}", fill(t.seed, &[&self.cfg.seed])));
        let street = if v.over {
            t.streets[4]
        } else {
            t.streets[street_index(v.street)]
        };
        let mut status = format!(
            "{} · {} · {}",
            fill(t.hand_no, &[&self.hand_no]),
            street,
            fill(t.pot, &[&chips(v.pot)])
        );
        // Side pots, once an all-in has made them (before that, unequal bets are not pots).
        let pots = self.hand.pots();
        let all_in = (0..self.seats()).any(|s| v.live[s] && v.stacks[s] == 0);
        if all_in && pots.as_slice().len() > 1 && !v.over {
            let parts: Vec<String> = pots
                .as_slice()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let name = if i == 0 { t.main_pot } else { t.side_pot };
                    format!("{name} {}", chips(p.amount))
                })
                .collect();
            status.push_str(&format!(" ({})", parts.join(", ")));
        }
        let seats = (0..self.seats())
            .map(|s| {
                let hole = v.hole[s];
                let cards = if hole[0].is_some() {
                    hole.to_vec()
                } else if v.live[s] && !v.over {
                    vec![None, None]
                } else {
                    Vec::new()
                };
                SeatRow {
                    name: self.names[s].clone(),
                    mark: if s == v.button {
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
            rows: vec![(t.board.to_string(), v.board.clone())],
            hand: self.mine.clone(),
        }
    }

    fn ask(&self) -> Ask {
        match self.stage {
            Stage::Over => Ask::Over,
            Stage::Rebuy => Ask::Rebuy(self.cfg.buy_in),
            Stage::Done => Ask::Next,
            Stage::Playing => match self.legal() {
                Some(l) if l.seat == ME => {
                    let v = self.hand.view(Some(ME));
                    let top = v.bets.iter().copied().max().unwrap_or(0);
                    let raise = l.raise.map(|r| (r.min_to, r.max_to));
                    Ask::Bet(BetAsk {
                        fold: l.fold,
                        check: l.check,
                        call: l.call,
                        raise,
                        opening: self.round_top == 0,
                        shortcuts: raise
                            .map(|r| shortcuts(r, v.pot, l.call.unwrap_or(0), top))
                            .unwrap_or_default(),
                    })
                }
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

    fn preview(&self, _selected: &[Card]) -> Option<String> {
        let board: Vec<Card> = self.hand.board().collect();
        if self.mine.len() == 2 && board.len() >= 3 {
            let all: Vec<Card> = self.mine.iter().chain(&board).copied().collect();
            let rank = tavolo_cards::evaluate(&all).ok()?;
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
                let Ask::Bet(ask) = self.ask() else {
                    return Err(t.not_now.to_string());
                };
                let seat = ME;
                let action = match c {
                    Command::Fold if ask.fold => Action::Fold { seat },
                    Command::Check if ask.check => Action::Check { seat },
                    Command::Call if ask.call.is_some() => Action::Call { seat },
                    // "c" for a free check.
                    Command::Call if ask.check => Action::Check { seat },
                    Command::RaiseTo(to) => match ask.raise {
                        Some((lo, hi)) if (lo..=hi).contains(&to) => {
                            Action::BetOrRaiseTo { seat, to }
                        }
                        Some((lo, hi)) => {
                            return Err(fill(t.bad_amount, &[&chips(to), &chips(lo), &chips(hi)]))
                        }
                        None => return Err(t.not_now.to_string()),
                    },
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
        let Some(l) = self.legal() else { return false };
        if l.seat == ME || !self.bots.is_bot(l.seat) {
            return false;
        }
        let view = self.hand.view(Some(l.seat));
        let legal = legal_list(&l);
        let Some(action) = self.bots.act(l.seat, &view, &legal) else {
            return false;
        };
        if let Err(e) = self.apply(action) {
            // A bot's action the engine refuses: fall back to the default action.
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

    fn help(&self) -> Vec<&'static str> {
        texts(self.cfg.lang).help_betting.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_bots::holdem::bot_spec;

    fn session(structure: Structure, buy_in: Chips, ante: Chips) -> HoldemSession {
        HoldemSession::new(HoldemConfig {
            structure,
            small_blind: 50,
            big_blind: 100,
            ante,
            buy_in,
            bots: vec![
                bot_spec("station").expect("bot"),
                bot_spec("station").expect("bot"),
            ],
            seed: 17,
            lang: Lang::En,
            stamp: "test".into(),
        })
        .expect("session")
    }

    fn settle(s: &mut HoldemSession) {
        while s.bot_step() {}
    }

    #[test]
    fn a_busted_human_is_offered_a_rebuy_and_declining_ends_the_session() {
        let mut s = session(Structure::NoLimit, 300, 0);
        let mut rebuys = 0;
        for _ in 0..500 {
            settle(&mut s);
            match s.ask() {
                // Always all-in: the session must end in a bust sooner or later.
                Ask::Bet(b) => {
                    let c = b
                        .raise
                        .map_or(Command::Call, |(_, hi)| Command::RaiseTo(hi));
                    let c = if b.raise.is_none() && b.call.is_none() {
                        Command::Check
                    } else {
                        c
                    };
                    s.command(c).expect("legal");
                }
                Ask::Next => s.command(Command::Continue).expect("next hand"),
                Ask::Rebuy(amount) => {
                    assert_eq!(amount, 300);
                    rebuys += 1;
                    s.command(Command::Rebuy(rebuys < 2)).expect("answer");
                    if rebuys == 1 {
                        assert_eq!(s.stacks[ME], 300, "the rebuy restores the buy-in");
                    }
                }
                Ask::Over => break,
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(rebuys, 2, "{:?}", s.log());
        assert_eq!(s.ask(), Ask::Over);
        assert!(s.result().iter().any(|l| l.contains("out of chips")));
        assert!(s.log().iter().any(|l| l == "You rebuys for 300"));
    }

    #[test]
    fn limit_bets_are_one_fixed_amount() {
        let mut s = session(Structure::FixedLimit, 10_000, 0);
        settle(&mut s);
        let Ask::Bet(b) = s.ask() else {
            panic!("{:?}", s.ask())
        };
        assert_eq!(b.raise, Some((200, 200)));
        assert!(s.table().title.contains("Limit"));
    }

    #[test]
    fn antes_are_posted_by_every_seat_and_chips_are_kept() {
        let mut s = session(Structure::PotLimit, 5_000, 25);
        assert_eq!(s.log().iter().filter(|l| l.contains("antes 25")).count(), 3);
        settle(&mut s);
        let Ask::Bet(b) = s.ask() else {
            panic!("{:?}", s.ask())
        };
        // Pot-Limit pre-flop, facing the big blind with 75 in antes: pot 225 + call 100 over 100.
        assert_eq!(b.raise.map(|r| r.1), Some(425));
        s.command(Command::Fold).expect("fold");
        settle(&mut s);
        assert_eq!(s.ask(), Ask::Next);
        assert_eq!(
            s.stacks.iter().sum::<Chips>() + s.carried,
            15_000,
            "no chip lost"
        );
    }

    #[test]
    fn side_pots_are_shown_and_explained() {
        let mut s = session(Structure::NoLimit, 10_000, 0);
        // The next hand starts with seat 1 short, so an all-in called by everyone makes a side pot.
        s.stacks = vec![10_000, 1_000, 10_000];
        s.stage = Stage::Done;
        s.command(Command::Continue).expect("next hand");
        settle(&mut s);
        let Ask::Bet(b) = s.ask() else {
            panic!("{:?}", s.ask())
        };
        let all_in = b.raise.expect("raise").1;
        s.command(Command::RaiseTo(all_in)).expect("all-in");
        // Stations call: seat 1 for its last chips; seat 2 for everything.
        let before_end = s.table().status;
        settle(&mut s);
        assert!(
            matches!(s.ask(), Ask::Next | Ask::Rebuy(_)),
            "{:?}",
            s.log()
        );
        assert!(
            s.result().iter().any(|l| l.contains("from side pot 1")),
            "{:?} (status was {before_end})",
            s.result()
        );
        assert!(s.result().iter().any(|l| l.contains("from the main pot")));
        assert_eq!(
            s.stacks.iter().sum::<Chips>() + s.carried,
            21_000,
            "no chip lost"
        );
    }
}
