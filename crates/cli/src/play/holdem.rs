//! Texas Hold'em against bots: a session of hands at one table, the button moving each hand,
//! stacks carried from hand to hand, busted bots rebuying and the human offered a rebuy. The
//! human sees only their seat's view and events censored for their seat; each finished hand is
//! recorded as a `tavolo-holdem-hand/1` record holding its PHH hand history.

use tavolo_bots::holdem::Holdem;
use tavolo_cards::{Card, Lang};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::betting::BettingAction;
use tavolo_engine::holdem::{Action, Event, Hand, Legal, Structure, ToAct};
use tavolo_engine::Chips;

use super::betting::{bet_ask, BettingSession, Flow, SessionConfig, Telling};
use super::i18n::{chips, fill, texts, word, word_of, Texts};
use super::model::{best_hand_line, cards_text, Ask, Command, PlayGame, RowKind, TableView};
use super::session::{betting_play_game, betting_telling, record_file};

/// The table settings of a Hold'em session.
#[derive(Clone, Debug)]
pub struct HoldemConfig {
    /// No-Limit, Pot-Limit or Limit.
    pub structure: Structure,
    /// The big blind: the table minimum (the small blind is half of it unless `rules` sets a
    /// house small blind).
    pub big_blind: Chips,
    /// Every seat's ante (0: none).
    pub ante: Chips,
    /// What every betting session is set up with: rules, buy-in, bots, seed, language, record
    /// names.
    pub session: SessionConfig<Holdem>,
}

/// A Hold'em session (see the module doc).
pub struct HoldemSession {
    cfg: HoldemConfig,
    session: BettingSession<Hand>,
    /// The table's small blind (half the big blind, or the house's).
    small_blind: Chips,
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
    /// A session with the players seated by lot and the first hand dealt.
    pub fn new(cfg: HoldemConfig) -> Result<HoldemSession, String> {
        crate::check_players::<Hand>(cfg.session.bots.len() + 1, "Texas Hold'em")?;
        let mut options = cfg
            .session
            .rules
            .holdem_table(cfg.big_blind, cfg.structure)
            .map_err(|e| e.to_string())?;
        options.ante = cfg.ante;
        let small_blind = options.small_blind;
        let (session, events) = BettingSession::new(&cfg.session, options)?;
        let mut s = HoldemSession {
            session,
            small_blind,
            mine: Vec::new(),
            round_top: Chips::ZERO,
            cfg,
        };
        s.take_events(events);
        Ok(s)
    }

    fn legal(&self) -> Option<Legal> {
        match self.session.hand.game.legal_actions() {
            ToAct::Player(l) => Some(l),
            _ => None,
        }
    }
}

impl Telling<Hand> for HoldemSession {
    betting_telling!(Hand);

    fn describe(&mut self, e: Event, t: &'static Texts, me: usize) {
        let s = &mut self.session;
        match e {
            Event::BlindPosted { seat, amount } => {
                self.round_top = self.round_top.max(amount);
                s.say(seat, t.posts, &[&chips(amount)]);
            }
            Event::HoleDealt {
                seat,
                card: Some(c),
            } if seat == me => {
                self.mine.push(c);
                if self.mine.len() == 2 {
                    s.log.push(fill(t.your_cards, &[&cards_text(&self.mine)]));
                }
            }
            Event::BoardDealt { street, cards } => {
                self.round_top = Chips::ZERO;
                let live = s.hand.game.live();
                for (seat, l) in s.last.iter_mut().enumerate() {
                    if live.contains(seat) {
                        l.clear();
                    }
                }
                let name = word(self.cfg.session.lang, |w| &w.streets, &street);
                s.log
                    .push(fill(t.dealt_board, &[&name, &cards_text(cards.as_slice())]));
            }
            Event::Bet(b) => {
                s.bet_event(b, self.round_top == 0);
                if let BetEvent::BetOrRaised { to, .. } = b {
                    self.round_top = to;
                }
            }
            Event::Shown { seat, cards, rank } => s.shown(seat, &cards, rank),
            _ => {}
        }
    }

    fn new_hand(&mut self) {
        self.mine.clear();
        self.round_top = Chips::ZERO;
    }

    /// The name of this hand's record: a `tavolo-holdem-hand/1` record holding its PHH hand
    /// history.
    fn file(&self) -> String {
        record_file("holdem", &self.cfg.session.stamp, self.session.hand_no)
    }
}

impl PlayGame for HoldemSession {
    fn table(&self) -> TableView {
        let t = texts(self.cfg.session.lang);
        let v = self.session.hand.game.view(Some(self.session.me));
        let mut title = format!(
            "Texas Hold'em {} · {}",
            structure_name(self.cfg.structure),
            fill(
                t.blinds,
                &[&chips(self.small_blind), &chips(self.cfg.big_blind),]
            )
        );
        if self.cfg.ante > 0 {
            title.push_str(&format!(" · {}", fill(t.ante, &[&chips(self.cfg.ante)])));
        }
        title.push_str(&format!(" · {}", fill(t.seed, &[&self.cfg.session.seed])));
        let street = if v.over {
            word_of(self.cfg.session.lang, |w| &w.results, "hand_over").to_string()
        } else {
            word(self.cfg.session.lang, |w| &w.streets, &v.street)
        };
        let mut status = format!(
            "{} · {} · {}",
            fill(t.hand_no, &[&self.session.hand_no]),
            street,
            fill(t.pot, &[&chips(v.pot)])
        );
        // Side pots, once an all-in has made them (before that, unequal bets are not pots).
        let pots = self.session.hand.game.pots();
        let all_in = (0..self.session.seats()).any(|s| v.live[s] && v.stacks[s] == 0);
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
        TableView {
            title,
            status,
            seats: self
                .session
                .seat_rows(v.button, &v.stacks, v.to_act, &v.live, |s| {
                    let hole = v.hole[s];
                    if hole[0].is_some() {
                        hole.to_vec()
                    } else if v.live[s] && !v.over {
                        vec![None, None]
                    } else {
                        Vec::new()
                    }
                }),
            rows: vec![(RowKind::Board, t.board.to_string(), v.board.clone())],
            hand: self.mine.clone(),
        }
    }

    fn ask(&self) -> Ask {
        if let Some(ask) = self.session.ask_between_hands() {
            return ask;
        }
        match self.legal() {
            Some(l) if l.seat == self.session.me => {
                let pot = self.session.hand.game.pot_size();
                Ask::Bet(bet_ask(&l, pot, self.round_top == 0))
            }
            _ => Ask::Wait,
        }
    }

    fn preview(&self, _selected: &[Card]) -> Option<String> {
        let board: Vec<Card> = self.session.hand.game.board().collect();
        if self.mine.len() == 2 && board.len() >= 3 {
            let all: Vec<Card> = self.mine.iter().chain(&board).copied().collect();
            return best_hand_line(self.cfg.session.lang, &all);
        }
        None
    }

    fn command(&mut self, c: Command) -> Result<(), String> {
        match self.session.command(c)? {
            Flow::Deal => self.start_hand(),
            Flow::Answered => Ok(()),
            Flow::Play(c) => {
                let Ask::Bet(ask) = self.ask() else {
                    return Err(texts(self.cfg.session.lang).not_now.to_string());
                };
                let bet = ask.bet(c, self.cfg.session.lang)?;
                self.apply(Action::from_bet(self.session.me, bet))
            }
        }
    }

    fn bot_step(&mut self) -> bool {
        self.bot_turn()
    }

    fn help(&self) -> Vec<&'static str> {
        texts(self.cfg.session.lang).help_betting.to_vec()
    }

    betting_play_game!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_bots::holdem::bot_spec;

    fn session(structure: Structure, buy_in: Chips, ante: Chips) -> HoldemSession {
        HoldemSession::new(HoldemConfig {
            structure,
            big_blind: Chips::new(100),
            ante,
            session: SessionConfig::test(vec![bot_spec("station").expect("bot"); 2], buy_in, 17),
        })
        .expect("session")
    }

    fn settle(s: &mut HoldemSession) {
        while s.bot_step() {}
    }

    #[test]
    fn a_busted_human_is_offered_a_rebuy_and_declining_ends_the_session() {
        let mut s = session(Structure::NoLimit, Chips::new(300), Chips::ZERO);
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
                        assert_eq!(s.session.my_stack(), 300, "the rebuy restores the buy-in");
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
        let mut s = session(Structure::FixedLimit, Chips::new(10_000), Chips::ZERO);
        settle(&mut s);
        let Ask::Bet(b) = s.ask() else {
            panic!("{:?}", s.ask())
        };
        assert_eq!(b.raise, Some((Chips::new(200), Chips::new(200))));
        assert!(s.table().title.contains("Limit"));
    }

    #[test]
    fn antes_are_posted_by_every_seat_and_chips_are_kept() {
        let mut s = session(Structure::PotLimit, Chips::new(5_000), Chips::new(25));
        assert_eq!(s.log().iter().filter(|l| l.contains("antes 25")).count(), 3);
        settle(&mut s);
        let Ask::Bet(b) = s.ask() else {
            panic!("{:?}", s.ask())
        };
        // Pot-Limit: a raise to at most the bet faced plus the pot after the call (antes and
        // blinds included).
        let v = s.session.hand.game.view(Some(s.session.me));
        let top = v.bets.iter().copied().max().unwrap_or(Chips::ZERO);
        let owed = b.call.unwrap_or(Chips::ZERO);
        assert!(v.pot >= 225, "three antes and the blinds are in: {}", v.pot);
        assert_eq!(b.raise.map(|r| r.1), Some(top + v.pot + owed));
        s.command(Command::Fold).expect("fold");
        settle(&mut s);
        assert_eq!(s.ask(), Ask::Next);
        assert_eq!(s.session.chips_total(), 15_000, "no chip lost");
    }

    #[test]
    fn side_pots_are_shown_and_explained() {
        // The human goes all-in every hand and the stations call: once the stacks differ, an
        // all-in for less makes a side pot.
        let mut s = session(Structure::NoLimit, Chips::new(10_000), Chips::ZERO);
        let mut side_pot = false;
        for _ in 0..60 {
            settle(&mut s);
            match s.ask() {
                Ask::Bet(b) => {
                    let c = match (b.raise, b.call) {
                        (Some((_, hi)), _) => Command::RaiseTo(hi),
                        (None, Some(_)) => Command::Call,
                        (None, None) => Command::Check,
                    };
                    s.command(c).expect("legal");
                }
                Ask::Next | Ask::Rebuy(_) => {
                    side_pot |= s.result().iter().any(|l| l.contains("from side pot 1"));
                    if side_pot {
                        assert!(s.result().iter().any(|l| l.contains("from the main pot")));
                        break;
                    }
                    let c = if matches!(s.ask(), Ask::Next) {
                        Command::Continue
                    } else {
                        Command::Rebuy(true)
                    };
                    s.command(c).expect("next hand");
                }
                other => panic!("unexpected {other:?}"),
            }
            let bought = s.session.chips_total();
            assert_eq!(bought.get() % 10_000, 0, "no chip lost: {bought}");
        }
        assert!(side_pot, "{:?}", s.log());
    }
}
