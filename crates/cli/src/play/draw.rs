//! Five-Card Draw (German rules) against bots: a session of hands, the dealer moving each hand,
//! stacks and odd chips carried from hand to hand, busted bots rebuying and the human offered a
//! rebuy. The human sees only their seat's view (other players' exchanges only as counts);
//! each finished hand is recorded in the engine's `tavolo-draw-record` format.

use tavolo_bots::betting::BettingAction;
use tavolo_bots::draw::{betting_list, exchange_list, Draw};
use tavolo_bots::BotSpec;
use tavolo_cards::{Card, CardSet, GameRng, Lang};
use tavolo_engine::draw::{
    next_dealer, Action, Dealing, DrawHand, DrawRecord, DrawSetup, Event, Stage as DrawStage, ToAct,
};
use tavolo_engine::Chips;

use super::betting::{bet_ask, BettingSession, Flow, Stage};
use super::i18n::{chips, fill, texts};
use super::model::{
    cards_text, play_bot_action, Ask, CardsKind, Command, PlayGame, SeatRow, TableView, ME,
};

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

/// A Five-Card Draw session (see the module doc).
pub struct DrawSession {
    cfg: DrawConfig,
    session: BettingSession<Draw>,
    dealer: usize,
    setup: DrawSetup,
    hand: DrawHand,
    events: Vec<Event>,
    opened: bool,
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
        let session = BettingSession::new(cfg.lang, cfg.buy_in, cfg.seed, &cfg.bots);
        let setup = DrawSetup::new(session.stacks.clone(), n - 1, cfg.ante);
        setup.validate().map_err(|e| e.to_string())?;
        let (hand, _) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(0)))
            .map_err(|e| e.to_string())?;
        let mut s = DrawSession {
            session,
            dealer: n - 1,
            setup,
            hand,
            events: Vec::new(),
            opened: false,
            cfg,
        };
        s.start_hand()?;
        Ok(s)
    }

    fn seats(&self) -> usize {
        self.session.seats()
    }

    fn start_hand(&mut self) -> Result<(), String> {
        let seed = self.session.next_hand();
        if self.session.hand_no > 1 {
            self.dealer = next_dealer(self.dealer, &self.session.stacks)
                .unwrap_or((self.dealer + 1) % self.seats());
        }
        let mut setup = DrawSetup::new(self.session.stacks.clone(), self.dealer, self.cfg.ante);
        setup.carried_in = self.session.carried;
        self.setup = setup;
        let (hand, events) = DrawHand::new(&self.setup, Dealing::Seeded(GameRng::from_u64(seed)))
            .map_err(|e| e.to_string())?;
        self.hand = hand;
        self.events.clear();
        self.opened = false;
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
            Event::CarriedIn { amount } if amount > 0 => {
                s.log.push(fill(t.carried, &[&chips(amount)]));
            }
            Event::AntePosted { seat, amount } => s.say(seat, t.posts_ante, &[&chips(amount)]),
            Event::Dealt {
                seat,
                cards: Some(c),
            } if seat == ME => {
                let cards: Vec<Card> = c.iter().collect();
                s.log.push(fill(t.your_cards, &[&cards_text(&cards)]));
            }
            Event::Folded { seat, .. } => s.say(seat, t.folds, &[]),
            Event::Checked { seat } => s.say(seat, t.checks, &[]),
            Event::Called {
                seat,
                amount,
                all_in,
            } => s.called(seat, amount, all_in),
            Event::BetOrRaised { seat, to, all_in } => {
                s.bet_or_raised(seat, to, all_in, !self.opened);
                self.opened = true;
            }
            Event::RoundEnded { .. } => {
                self.opened = false;
            }
            Event::UncalledReturned { seat, amount } => s.returned(seat, amount),
            Event::Reshuffled { .. } => s.log.push(t.reshuffled.to_string()),
            Event::Exchanged {
                seat,
                count,
                discarded,
                drawn,
            } => {
                if seat == ME && count > 0 {
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
                s.shown(seat, &cards, rank);
            }
            Event::Mucked { seat } => s.say(seat, t.mucks, &[]),
            Event::PotWon { pot, seat, amount } => s.pot_won(pot, seat, amount),
            Event::Carried { amount } => s.pot_carried(amount),
            _ => {}
        }
    }

    /// Records the hand so far (finished, or cut short by quitting) in the engine's
    /// `tavolo-draw-record` format.
    fn record(&mut self) {
        if let Ok(record) = DrawRecord::from_log(&self.setup, &self.events) {
            self.session.records.push((
                format!(
                    "draw-{}-hand{:03}.json",
                    self.cfg.stamp, self.session.hand_no
                ),
                record.to_json(),
            ));
        }
    }

    fn finish_hand(&mut self) {
        self.session
            .hand_over(&self.setup.stacks, self.hand.stacks(), self.hand.carried());
        self.record();
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
            fill(t.hand_no, &[&self.session.hand_no]),
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
                    name: self.session.names[s].clone(),
                    mark: if s == v.dealer {
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
            rows: Vec::new(),
            hand: v.hand.clone(),
        }
    }

    fn ask(&self) -> Ask {
        if let Some(ask) = self.session.ask_between_hands() {
            return ask;
        }
        match self.hand.legal_actions() {
            ToAct::Bet(l) if l.seat == ME => {
                let v = self.hand.view(Some(ME));
                Ask::Bet(bet_ask(&l, v.pot, &v.bets, !self.opened))
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
        }
    }

    fn log(&self) -> &[String] {
        &self.session.log
    }

    fn result(&self) -> &[String] {
        &self.session.result
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
        match self.session.command(c)? {
            Flow::Deal => self.start_hand(),
            Flow::Answered => Ok(()),
            Flow::Play(c) => {
                let seat = ME;
                let action = match (self.ask(), c) {
                    (Ask::Bet(a), c) => Action::from_bet(seat, a.bet(c, self.cfg.lang)?),
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
        }
    }

    fn bot_step(&mut self) -> bool {
        if self.session.stage != Stage::Playing {
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
        if seat == ME || !self.session.bots.is_bot(seat) {
            return false;
        }
        let view = self.hand.view(Some(seat));
        let Some(action) = self.session.bots.act(seat, &view, &legal) else {
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

    fn may_fold_out_of_turn(&self) -> bool {
        self.session.stage == Stage::Playing && self.hand.may_fold(ME)
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
