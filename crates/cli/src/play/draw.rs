//! Five-Card Draw (German rules) against bots: a session of hands, the dealer moving each hand,
//! stacks and odd chips carried from hand to hand, busted bots rebuying and the human offered a
//! rebuy. The human sees only their seat's view (other players' exchanges only as counts);
//! each finished hand is recorded in the engine's `tavolo-draw-record` format.

use tavolo_bots::draw::Draw;
use tavolo_cards::{Card, CardSet, Lang};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::betting::BettingAction;
use tavolo_engine::draw::{Action, DrawHand, Event, ToAct};
use tavolo_engine::Chips;

use super::betting::{bet_ask, BettingSession, Flow, SessionConfig, Stage, Telling};
use super::i18n::{chips, fill, texts, word, Texts};
use super::model::{best_hand_line, cards_text, Ask, CardsKind, Command, PlayGame, TableView};
use super::session::{betting_play_game, betting_telling, record_file};

/// The table settings of a Draw session.
#[derive(Clone, Debug)]
pub struct DrawConfig {
    /// The ante, also the minimum bet and raise.
    pub ante: Chips,
    /// What every betting session is set up with: rules, buy-in, bots, seed, language, record
    /// names.
    pub session: SessionConfig<Draw>,
}

/// A Five-Card Draw session (see the module doc).
pub struct DrawSession {
    cfg: DrawConfig,
    session: BettingSession<DrawHand>,
    opened: bool,
}

impl DrawSession {
    /// A session with the players seated by lot and the first hand dealt.
    pub fn new(cfg: DrawConfig) -> Result<DrawSession, String> {
        crate::check_players::<DrawHand>(cfg.session.bots.len() + 1, "Five-Card Draw")?;
        let options = cfg
            .session
            .rules
            .draw_table(cfg.ante)
            .map_err(|e| e.to_string())?;
        let (session, events) = BettingSession::new(&cfg.session, options)?;
        let mut s = DrawSession {
            session,
            opened: false,
            cfg,
        };
        s.take_events(events);
        Ok(s)
    }

    fn hand(&self) -> &DrawHand {
        &self.session.hand.game
    }
}

impl Telling<DrawHand> for DrawSession {
    betting_telling!(DrawHand);

    fn describe(&mut self, e: Event, t: &'static Texts, me: usize) {
        let s = &mut self.session;
        match e {
            Event::CarriedIn { amount } if amount > 0 => {
                s.log.push(fill(t.carried, &[&chips(amount)]));
            }
            Event::Dealt {
                seat,
                cards: Some(c),
            } if seat == me => {
                let cards: Vec<Card> = c.iter().collect();
                s.log.push(fill(t.your_cards, &[&cards_text(&cards)]));
            }
            Event::Bet(b) => {
                s.bet_event(b, !self.opened);
                if let BetEvent::BetOrRaised { .. } = b {
                    self.opened = true;
                }
            }
            Event::RoundEnded { .. } => {
                self.opened = false;
            }
            Event::Reshuffled { .. } => s.log.push(t.reshuffled.to_string()),
            Event::Exchanged {
                seat,
                count,
                discarded,
                drawn,
            } => {
                if seat == me && count > 0 {
                    let d: Vec<Card> = discarded.map(|d| d.iter().collect()).unwrap_or_default();
                    let n: Vec<Card> = drawn.map(|d| d.cards().collect()).unwrap_or_default();
                    s.log
                        .push(fill(t.you_exchange, &[&cards_text(&d), &cards_text(&n)]));
                    s.last[seat] = fill(t.discards_draws, &[&"", &count]).trim().to_string();
                } else if count == 0 {
                    s.say(seat, t.stands_pat, &[]);
                } else {
                    s.say(seat, t.discards_draws, &[&count]);
                }
            }
            Event::Shown { seat, cards, rank } => {
                let cards: Vec<Card> = cards.iter().collect();
                s.shown(seat, &cards, Some(rank));
            }
            _ => {}
        }
    }

    fn new_hand(&mut self) {
        self.opened = false;
    }

    /// The name of this hand's record, in the engine's `tavolo-draw-record` format.
    fn file(&self) -> String {
        record_file("draw", &self.cfg.session.stamp, self.session.hand_no)
    }
}

impl PlayGame for DrawSession {
    fn table(&self) -> TableView {
        let t = texts(self.cfg.session.lang);
        let v = self.hand().view(Some(self.session.me));
        let title = format!(
            "Five-Card Draw · {} · {}",
            fill(t.ante, &[&chips(self.cfg.ante)]),
            fill(t.seed, &[&self.cfg.session.seed])
        );
        let status = format!(
            "{} · {} · {}",
            fill(t.hand_no, &[&self.session.hand_no]),
            word(self.cfg.session.lang, |w| &w.stages, &v.stage),
            fill(t.pot, &[&chips(v.pot)])
        );
        let me = self.session.me;
        TableView {
            title,
            status,
            seats: self
                .session
                .seat_rows(v.dealer, &v.stacks, v.to_act, &v.live, |s| {
                    if s == me && v.live[s] {
                        v.hand.iter().map(|&c| Some(c)).collect()
                    } else if let Some(shown) = &v.shown[s] {
                        shown.iter().map(|&c| Some(c)).collect()
                    } else if v.live[s] && !v.over {
                        vec![None; 5]
                    } else {
                        Vec::new()
                    }
                }),
            rows: Vec::new(),
            hand: v.hand.clone(),
        }
    }

    fn ask(&self) -> Ask {
        if let Some(ask) = self.session.ask_between_hands() {
            return ask;
        }
        let me = self.session.me;
        match self.hand().legal_actions() {
            ToAct::Bet(l) if l.seat == me => {
                Ask::Bet(bet_ask(&l, self.hand().pot_size(), !self.opened))
            }
            ToAct::Exchange { seat, hand, max } if seat == me => Ask::Cards {
                kind: CardsKind::Exchange,
                from: hand.iter().collect(),
                min: 0,
                max: max as usize,
            },
            ToAct::Showdown {
                seat,
                may_muck: true,
            } if seat == me => Ask::Showdown,
            _ => Ask::Wait,
        }
    }

    fn preview(&self, selected: &[Card]) -> Option<String> {
        // The hand now, or what is kept when cards are marked to discard.
        let hand: Vec<Card> = self
            .hand()
            .hand(self.session.me)
            .iter()
            .filter(|c| !selected.contains(c))
            .collect();
        if hand.len() == 5 {
            return best_hand_line(self.cfg.session.lang, &hand);
        }
        None
    }

    fn command(&mut self, c: Command) -> Result<(), String> {
        let t = texts(self.cfg.session.lang);
        match self.session.command(c)? {
            Flow::Deal => self.start_hand(),
            Flow::Answered => Ok(()),
            Flow::Play(c) => {
                let seat = self.session.me;
                let action = match (self.ask(), c) {
                    (Ask::Bet(a), c) => Action::from_bet(seat, a.bet(c, self.cfg.session.lang)?),
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
                    (Ask::Wait, Command::Fold) if self.hand().may_fold(seat) => {
                        Action::Fold { seat }
                    }
                    (Ask::Showdown, Command::Show) => Action::Show { seat },
                    (Ask::Showdown, Command::Muck) => Action::Muck { seat },
                    _ => return Err(t.not_now.to_string()),
                };
                self.apply(action)
            }
        }
    }

    fn bot_step(&mut self) -> bool {
        if self.session.stage != Stage::Playing {
            return false;
        }
        // The human shows without being asked when mucking is not allowed.
        if let ToAct::Showdown {
            seat,
            may_muck: false,
        } = self.hand().legal_actions()
        {
            if seat == self.session.me {
                return self.apply(Action::Show { seat }).is_ok();
            }
        }
        self.bot_turn()
    }

    fn may_fold_out_of_turn(&self) -> bool {
        self.session.stage == Stage::Playing && self.hand().may_fold(self.session.me)
    }

    fn help(&self) -> Vec<&'static str> {
        let t = texts(self.cfg.session.lang);
        t.help_draw.iter().chain(t.help_betting).copied().collect()
    }

    betting_play_game!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_bots::draw::bot_spec;

    fn session() -> DrawSession {
        DrawSession::new(DrawConfig {
            ante: Chips::new(10),
            session: SessionConfig::test(
                vec![bot_spec("station").expect("bot"); 2],
                Chips::new(1000),
                3,
            ),
        })
        .expect("session")
    }

    /// The human opens with the minimum or calls; bots act until the human is asked something
    /// else (or nothing).
    fn play_passively(s: &mut DrawSession) -> Ask {
        loop {
            while s.bot_step() {}
            match s.ask() {
                Ask::Bet(b) => {
                    let c = match (b.call, b.raise) {
                        (Some(_), _) => Command::Call,
                        (None, Some((lo, _))) => Command::RaiseTo(lo),
                        (None, None) => Command::Check,
                    };
                    s.command(c).expect("legal");
                }
                other => return other,
            }
        }
    }

    #[test]
    fn other_players_cards_and_discards_stay_hidden_until_shown() {
        let mut s = session();
        assert!(matches!(play_passively(&mut s), Ask::Cards { .. }));
        s.command(Command::Cards(Vec::new())).expect("stand pat");
        while s.bot_step() {}
        assert!(matches!(s.ask(), Ask::Bet(_)), "the second betting round");
        let view = s.table();
        for seat in view.seats.iter().filter(|seat| !seat.you) {
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
        let Ask::Cards { from, .. } = play_passively(&mut s) else {
            panic!("{:?}", s.ask())
        };
        let e = s.command(Command::Cards(from[..4].to_vec())).unwrap_err();
        assert!(e.contains("0 to 3"), "{e}");
        assert!(matches!(s.ask(), Ask::Cards { .. }), "nothing changed");
    }

    #[test]
    fn the_human_may_fold_out_of_turn() {
        let mut s = session();
        // Until a bot is to act while the human is still in the hand.
        loop {
            match s.ask() {
                Ask::Wait if s.may_fold_out_of_turn() => break,
                Ask::Bet(b) => {
                    let c = b
                        .call
                        .map_or(Command::RaiseTo(Chips::new(10)), |_| Command::Call);
                    s.command(c).expect("legal");
                }
                Ask::Cards { .. } => s.command(Command::Cards(Vec::new())).expect("pat"),
                other => {
                    assert!(s.bot_step(), "stuck at {other:?}");
                }
            }
        }
        s.command(Command::Fold).expect("fold out of turn");
        assert!(s.log().iter().any(|l| l == "You folds"), "{:?}", s.log());
        assert!(!s.may_fold_out_of_turn());
    }
}
