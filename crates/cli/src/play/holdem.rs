//! Texas Hold'em against bots: a session of hands at one table, the button moving each hand,
//! stacks carried from hand to hand, busted bots rebuying and the human offered a rebuy. The
//! human sees only their seat's view and events censored for their seat; each finished hand is
//! recorded as a `tavolo-holdem-hand/1` record holding its PHH hand history.

use tavolo_bots::betting::BettingAction;
use tavolo_bots::holdem::{legal_list, Holdem};
use tavolo_bots::BotSpec;
use tavolo_cards::{Card, GameRng, Lang};
use tavolo_engine::holdem::{
    phh, Action, Dealing, Event, Hand, HandSetup, HoldemRules, Legal, Street, Structure, ToAct,
};
use tavolo_engine::Chips;

use super::betting::{bet_ask, BettingSession, Flow, Stage};
use super::i18n::{chips, fill, texts};
use super::model::{
    cards_text, derive_seed, play_bot_action, Ask, Command, PlayGame, SeatRow, TableView, ME,
};

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

/// A Hold'em session (see the module doc).
pub struct HoldemSession {
    cfg: HoldemConfig,
    session: BettingSession<Holdem>,
    button: usize,
    setup: HandSetup,
    hand: Hand,
    events: Vec<Event>,
    mine: Vec<Card>,
    round_top: Chips,
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
        let session = BettingSession::new(cfg.lang, cfg.buy_in, cfg.seed, &cfg.bots);
        let setup = Self::make_setup(&cfg, &session.stacks, 0, 0);
        setup.validate().map_err(|e| e.to_string())?;
        let (hand, _) =
            Hand::new(&setup, Dealing::Seeded(GameRng::from_u64(0))).map_err(|e| e.to_string())?;
        let mut s = HoldemSession {
            session,
            button: n - 1,
            setup,
            hand,
            events: Vec::new(),
            mine: Vec::new(),
            round_top: 0,
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
        self.session.seats()
    }

    fn start_hand(&mut self) -> Result<(), String> {
        let seed = self.session.next_hand();
        self.button = (self.button + 1) % self.seats();
        self.setup = Self::make_setup(
            &self.cfg,
            &self.session.stacks,
            self.button,
            self.session.carried,
        );
        let (hand, events) = Hand::new(&self.setup, Dealing::Seeded(GameRng::from_u64(seed)))
            .map_err(|e| e.to_string())?;
        self.hand = hand;
        self.events.clear();
        self.mine.clear();
        self.round_top = 0;
        self.session.hand_dealt(&self.cfg.bots, seed);
        self.take_events(events);
        Ok(())
    }

    fn take_events(&mut self, events: Vec<Event>) {
        self.session
            .bots
            .observe(&events, |e, seat| Some(e.seen_by(Some(seat))));
        for e in &events {
            self.describe(e.seen_by(Some(ME)));
        }
        self.events.extend(events);
        if self.hand.is_over() && self.session.stage == Stage::Playing {
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
        let s = &mut self.session;
        match e {
            Event::AntePosted { seat, amount } => s.say(seat, t.posts_ante, &[&chips(amount)]),
            Event::BlindPosted { seat, amount } => {
                self.round_top = self.round_top.max(amount);
                s.say(seat, t.posts, &[&chips(amount)]);
            }
            Event::HoleDealt {
                seat,
                card: Some(c),
            } if seat == ME => {
                self.mine.push(c);
                if self.mine.len() == 2 {
                    s.log.push(fill(t.your_cards, &[&cards_text(&self.mine)]));
                }
            }
            Event::BoardDealt { street, cards } => {
                self.round_top = 0;
                for (seat, l) in s.last.iter_mut().enumerate() {
                    if self.hand.live().contains(seat) {
                        l.clear();
                    }
                }
                let name = t.streets[street_index(street)];
                s.log
                    .push(fill(t.dealt_board, &[&name, &cards_text(cards.as_slice())]));
            }
            Event::Folded { seat } => s.say(seat, t.folds, &[]),
            Event::Checked { seat } => s.say(seat, t.checks, &[]),
            Event::Called {
                seat,
                amount,
                all_in,
            } => s.called(seat, amount, all_in),
            Event::BetOrRaised { seat, to, all_in } => {
                s.bet_or_raised(seat, to, all_in, self.round_top == 0);
                self.round_top = to;
            }
            Event::UncalledReturned { seat, amount } => s.returned(seat, amount),
            Event::Shown { seat, cards, rank } => s.shown(seat, &cards, rank),
            Event::Mucked { seat } => s.say(seat, t.mucks, &[]),
            Event::PotWon { pot, seat, amount } => s.pot_won(pot, seat, amount),
            Event::Carried { amount } => s.pot_carried(amount),
            _ => {}
        }
    }

    /// Records the hand so far (finished, or cut short by quitting) as a
    /// `tavolo-holdem-hand/1` record holding its PHH hand history.
    fn record(&mut self) {
        let record = serde_json::json!({
            "format": "tavolo-holdem-hand/1",
            "setup": self.setup,
            "players": self.session.names,
            "seed": derive_seed(self.cfg.seed, self.session.hand_no).to_string(),
            "phh": phh::export(&self.setup, &self.events, Some(&self.session.names)).to_phh(),
        });
        if let Ok(text) = serde_json::to_string_pretty(&record) {
            self.session.records.push((
                format!(
                    "holdem-{}-hand{:03}.json",
                    self.cfg.stamp, self.session.hand_no
                ),
                text,
            ));
        }
    }

    fn finish_hand(&mut self) {
        self.session
            .hand_over(&self.setup.stacks, self.hand.stacks(), self.hand.carried());
        self.record();
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
            fill(t.hand_no, &[&self.session.hand_no]),
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
                    name: self.session.names[s].clone(),
                    mark: if s == v.button {
                        "D".into()
                    } else {
                        String::new()
                    },
                    amount: chips(v.stacks[s]),
                    cards,
                    last: self.session.last[s].clone(),
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
        if let Some(ask) = self.session.ask_between_hands() {
            return ask;
        }
        match self.legal() {
            Some(l) if l.seat == ME => {
                let v = self.hand.view(Some(ME));
                Ask::Bet(bet_ask(&l, v.pot, &v.bets, self.round_top == 0))
            }
            _ => Ask::Wait,
        }
    }

    fn log(&self) -> &[String] {
        &self.session.log
    }

    fn result(&self) -> &[String] {
        &self.session.result
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
        match self.session.command(c)? {
            Flow::Deal => self.start_hand(),
            Flow::Answered => Ok(()),
            Flow::Play(c) => {
                let Ask::Bet(ask) = self.ask() else {
                    return Err(texts(self.cfg.lang).not_now.to_string());
                };
                let bet = ask.bet(c, self.cfg.lang)?;
                self.apply(Action::from_bet(ME, bet))
            }
        }
    }

    fn bot_step(&mut self) -> bool {
        if self.session.stage != Stage::Playing {
            return false;
        }
        let Some(l) = self.legal() else { return false };
        if l.seat == ME || !self.session.bots.is_bot(l.seat) {
            return false;
        }
        let view = self.hand.view(Some(l.seat));
        let legal = legal_list(&l);
        let Some(action) = self.session.bots.act(l.seat, &view, &legal) else {
            return false;
        };
        play_bot_action(self, action, &legal, Self::apply, |s| &mut s.session.log);
        true
    }

    fn quit(&mut self) {
        let unfinished = self.session.stage == Stage::Playing && !self.events.is_empty();
        if unfinished {
            self.record();
        }
        self.session
            .quit(unfinished.then_some(self.setup.stacks.as_slice()));
    }

    fn take_records(&mut self) -> Vec<(String, String)> {
        std::mem::take(&mut self.session.records)
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
                        assert_eq!(s.session.stacks[ME], 300, "the rebuy restores the buy-in");
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
            s.session.stacks.iter().sum::<Chips>() + s.session.carried,
            15_000,
            "no chip lost"
        );
    }

    #[test]
    fn side_pots_are_shown_and_explained() {
        let mut s = session(Structure::NoLimit, 10_000, 0);
        // The next hand starts with seat 1 short, so an all-in called by everyone makes a side pot.
        s.session.stacks = vec![10_000, 1_000, 10_000];
        s.session.stage = Stage::Done;
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
            s.session.stacks.iter().sum::<Chips>() + s.session.carried,
            21_000,
            "no chip lost"
        );
    }
}
