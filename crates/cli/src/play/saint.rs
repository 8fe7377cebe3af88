//! Saint Poker against bots: one game of eight rounds. The bots submit their simultaneous
//! choices through the engine, which keeps them hidden until everybody has chosen; the human's
//! view comes from `SaintGame::view` for their seat only, and the log only from public events,
//! so nothing leaks. At the end the final ranking is shown and the engine's game record saved.

use tavolo_bots::saint::SaintPoker;
use tavolo_bots::BotSpec;
use tavolo_cards::{best_two_plus_three, Card, GameRng, Lang};
use tavolo_engine::game::Game;
use tavolo_engine::house::HouseRules;
use tavolo_engine::saint::{seed_from_u64, Action, Event, PhaseName, SaintGame};
use tavolo_engine::table::{Table, TableRules};

use super::betting::HUMAN;
use super::i18n::{fill, texts, word, word_of};
use super::model::{
    cards_text, derive_seed, play_bot_action, Ask, BotSeats, CardsKind, Command, PlayGame, RowKind,
    SeatRow, TableView,
};

/// The settings of a Saint Poker game.
#[derive(Clone, Debug)]
pub struct SaintConfig {
    /// The bots, seats 1 to N-1.
    pub bots: Vec<BotSpec<SaintPoker>>,
    /// The deal's seed.
    pub seed: u64,
    /// The language.
    pub lang: Lang,
    /// A name for the record file.
    pub stamp: String,
    /// The rule options of RULES.md (`--rule`).
    pub rules: HouseRules,
}

/// A Saint Poker game (see the module doc).
pub struct SaintSession {
    cfg: SaintConfig,
    game: SaintGame,
    /// The human's seat.
    me: usize,
    names: Vec<String>,
    bots: BotSeats<SaintPoker>,
    last: Vec<String>,
    shown: Vec<Option<[Card; 2]>>,
    log: Vec<String>,
    result: Vec<String>,
    records: Vec<(String, String)>,
    saved: bool,
    quit: bool,
}

impl SaintSession {
    /// A new game: the human and the bots seated by lot (the engine's table model), the deal
    /// from the seed.
    pub fn new(cfg: SaintConfig) -> Result<SaintSession, String> {
        let n = cfg.bots.len() + 1;
        let mut table: Table<usize> =
            Table::new(TableRules::points(n), GameRng::from_u64(cfg.seed))
                .map_err(|e| e.to_string())?;
        table
            .open(&(0..n).collect::<Vec<_>>())
            .map_err(|e| e.to_string())?;
        let (dealt, _) = table.deal().map_err(|e| e.to_string())?;
        let table_options = cfg
            .rules
            .saint_options(n.min(255) as u8)
            .map_err(|e| e.to_string())?;
        let options =
            SaintGame::setup(&table_options, &dealt.positions).map_err(|e| e.to_string())?;
        let game = SaintGame::new(options, seed_from_u64(cfg.seed)).map_err(|e| e.to_string())?;
        let t = texts(cfg.lang);
        let name = |p: usize| match p.checked_sub(1) {
            None => t.you.to_string(),
            Some(b) => format!("{}#{}", cfg.bots[b].name(), p + 1),
        };
        let bots = (dealt.players.iter().enumerate())
            .map(|(s, &p)| {
                let spec = cfg.bots.get(p.checked_sub(1)?)?;
                Some(spec.make(s, derive_seed(cfg.seed, 1000 + s as u64)))
            })
            .collect();
        let mut s = SaintSession {
            game,
            me: dealt.players.iter().position(|&p| p == HUMAN).unwrap_or(0),
            names: dealt.players.iter().map(|&p| name(p)).collect(),
            bots: BotSeats::new(bots),
            last: vec![String::new(); n],
            shown: vec![None; n],
            log: Vec::new(),
            result: Vec::new(),
            records: Vec::new(),
            saved: false,
            quit: false,
            cfg,
        };
        let centre: Vec<Card> = s.game.centre().iter().collect();
        let preview: Vec<Card> = s.game.preview().iter().collect();
        s.round_started(1, &centre, &preview);
        Ok(s)
    }

    fn round_started(&mut self, round: u8, centre: &[Card], preview: &[Card]) {
        let t = texts(self.cfg.lang);
        self.log
            .push(format!("— {} —", fill(t.round_of, &[&round])));
        self.log.push(fill(
            t.round_starts,
            &[&round, &cards_text(centre), &cards_text(preview)],
        ));
        for l in &mut self.last {
            l.clear();
        }
        self.shown = vec![None; self.names.len()];
    }

    fn apply(&mut self, action: Action) -> Result<(), String> {
        let events = self.game.apply(action).map_err(|e| e.to_string())?;
        // Every Saint Poker event is public (submissions produce none).
        self.bots.observe(&events, |e, _| Some(*e));
        for e in events {
            self.describe(e);
        }
        if self.game.is_over() {
            self.save();
        }
        Ok(())
    }

    fn describe(&mut self, e: Event) {
        let t = texts(self.cfg.lang);
        let lang = self.cfg.lang;
        match e {
            Event::RoundStarted {
                round,
                centre,
                preview,
                ..
            } => {
                let c: Vec<Card> = centre.iter().collect();
                let p: Vec<Card> = preview.iter().collect();
                self.round_started(round, &c, &p);
            }
            Event::Placed { player, card } => {
                self.log
                    .push(fill(t.places, &[&self.names[player], &card.pretty()]));
                self.last[player] = fill(t.placed_short, &[&card.pretty()]);
            }
            Event::Shown { player, cards } => {
                self.shown[player] = Some(cards);
            }
            Event::Scored {
                player,
                rank,
                points,
                total,
            } => {
                if player == 0 {
                    self.result = vec![fill(t.round_of, &[&self.game.round()])];
                }
                let pair = self.shown[player]
                    .map(|c| cards_text(&c))
                    .unwrap_or_default();
                let line = fill(
                    t.scores,
                    &[
                        &self.names[player],
                        &pair,
                        &rank.describe(lang),
                        &points,
                        &total,
                    ],
                );
                self.log.push(line.clone());
                self.result.push(line);
            }
            Event::DraftOrder { order, .. } => {
                let names: Vec<&str> = order
                    .to_vec()
                    .iter()
                    .map(|&s| self.names[s].as_str())
                    .collect();
                self.log.push(fill(t.draft_order, &[&names.join(", ")]));
            }
            Event::Picked { player, card } => {
                self.log
                    .push(fill(t.picks, &[&self.names[player], &card.pretty()]));
                self.last[player] = fill(t.picks, &[&"", &card.pretty()]).trim().to_string();
            }
            Event::GameOver { .. } => {
                self.result = self.ranking();
                self.log
                    .push(word_of(self.cfg.lang, |w| &w.results, "game_over").to_string());
                self.log.extend(self.result.clone());
            }
            _ => {}
        }
    }

    /// The ranking by points: place, name, points, and who won.
    fn ranking(&self) -> Vec<String> {
        let t = texts(self.cfg.lang);
        let scores = self.game.scores();
        let winners = self.game.winners();
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), s));
        let mut lines = vec![t.final_ranking.to_string()];
        for s in order {
            let place = 1 + scores.iter().filter(|&&x| x > scores[s]).count();
            let mut line = fill(t.ranking_line, &[&place, &self.names[s], &scores[s]]);
            if winners.contains(&s) {
                let mark = if winners.len() > 1 {
                    word_of(self.cfg.lang, |w| &w.results, "shared_victory")
                } else {
                    word_of(self.cfg.lang, |w| &w.results, "winner")
                };
                line.push_str(&format!(" — {mark}"));
            }
            lines.push(line);
        }
        lines
    }

    /// Records the game (complete, or the rounds played so far when quitting).
    fn save(&mut self) {
        if self.saved {
            return;
        }
        self.saved = true;
        if let Ok(mut record) = self.game.record() {
            record.players = self.names.clone();
            if let Ok(text) = serde_json::to_string_pretty(&record) {
                self.records
                    .push((format!("saint-{}.json", self.cfg.stamp), text));
            }
        }
    }

    /// The best hand the human can make, for the live hint.
    fn best_hint(&self, own: &[Card], must: &[Card], centre: &[Card]) -> Option<String> {
        if centre.len() < 3 || own.len() < 2 {
            return None;
        }
        let t = texts(self.cfg.lang);
        let lang = self.cfg.lang;
        if must.len() == 2 {
            let (five, rank) = best_two_plus_three(must, centre).ok()?;
            return Some(format!(
                "{} ({})",
                fill(t.best, &[&rank.describe(lang)]),
                cards_text(&five)
            ));
        }
        let mut best: Option<([Card; 2], tavolo_cards::HandRank)> = None;
        for (i, &a) in own.iter().enumerate() {
            for &b in &own[i + 1..] {
                if must.iter().any(|m| *m != a && *m != b) {
                    continue;
                }
                let (_, r) = best_two_plus_three(&[a, b], centre).ok()?;
                if best.is_none_or(|(_, br)| r > br) {
                    best = Some(([a, b], r));
                }
            }
        }
        best.map(|(pair, r)| fill(t.best_possible, &[&cards_text(&pair), &r.describe(lang)]))
    }
}

impl PlayGame for SaintSession {
    fn lang(&self) -> Lang {
        self.cfg.lang
    }

    fn table(&self) -> TableView {
        let t = texts(self.cfg.lang);
        let Ok(v) = self.game.view(self.me) else {
            return TableView::default();
        };
        let title = format!(
            "Saint Poker · {} · {}",
            self.names.len(),
            fill(t.seed, &[&self.cfg.seed])
        );
        let status = if v.phase == PhaseName::Over {
            word(self.cfg.lang, |w| &w.phases, &v.phase)
        } else {
            format!(
                "{} · {}",
                fill(t.round_of, &[&v.round]),
                word(self.cfg.lang, |w| &w.phases, &v.phase)
            )
        };
        let seats = (0..self.names.len())
            .map(|s| {
                let cards = v
                    .shown
                    .as_ref()
                    .and_then(|sh| sh.get(s))
                    .map(|h| h.cards.iter().map(|&c| Some(c)).collect())
                    .unwrap_or_default();
                let mut last = self.last[s].clone();
                if let Some(h) = v.shown.as_ref().and_then(|sh| sh.get(s)) {
                    let rank = self.game.round_ranks().and_then(|r| r.get(s).copied());
                    // The category only (the log has the whole description).
                    let desc = rank
                        .map(|r| r.describe(self.cfg.lang))
                        .unwrap_or_default()
                        .split(',')
                        .next()
                        .unwrap_or_default()
                        .to_string();
                    last = format!("+{} {desc}", h.points);
                }
                let to_act = match v.phase {
                    PhaseName::Draft => v.to_pick == Some(s),
                    PhaseName::Place | PhaseName::Show => {
                        s == self.me && self.game.is_pending(self.me)
                    }
                    PhaseName::Over => false,
                };
                SeatRow {
                    name: self.names[s].clone(),
                    mark: String::new(),
                    amount: fill(t.points, &[&v.scores[s]]),
                    cards,
                    last,
                    to_act,
                    out: false,
                    you: s == self.me,
                }
            })
            .collect();
        let mut rows = vec![
            (RowKind::Centre, t.centre.to_string(), v.centre.clone()),
            (RowKind::Preview, t.preview.to_string(), v.preview.clone()),
        ];
        if v.phase == PhaseName::Draft {
            rows.push((RowKind::Pool, t.pool.to_string(), v.pool.clone()));
        }
        TableView {
            title,
            status,
            seats,
            rows,
            hand: v.hand.clone(),
        }
    }

    fn ask(&self) -> Ask {
        if self.quit || self.game.is_over() {
            return Ask::Over;
        }
        if !self.game.is_pending(self.me) {
            return Ask::Wait;
        }
        let hand: Vec<Card> = self.game.hand(self.me).iter().collect();
        match self.game.phase() {
            PhaseName::Place => Ask::Cards {
                kind: CardsKind::Place,
                from: hand,
                min: 1,
                max: 1,
            },
            PhaseName::Show => Ask::Cards {
                kind: CardsKind::Show,
                from: hand,
                min: 2,
                max: 2,
            },
            PhaseName::Draft => Ask::Cards {
                kind: CardsKind::Pick,
                from: self.game.pool().iter().collect(),
                min: 1,
                max: 1,
            },
            PhaseName::Over => Ask::Over,
        }
    }

    fn log(&self) -> &[String] {
        &self.log
    }

    fn result(&self) -> &[String] {
        &self.result
    }

    fn preview(&self, selected: &[Card]) -> Option<String> {
        let hand: Vec<Card> = self.game.hand(self.me).iter().collect();
        match self.game.phase() {
            PhaseName::Show => {
                let centre: Vec<Card> = self.game.centre().iter().collect();
                self.best_hint(&hand, selected, &centre)
            }
            PhaseName::Place => {
                // With the card placed, the best pair left against the centre known so far.
                let &[card] = selected else { return None };
                let mut centre: Vec<Card> = self.game.centre().iter().collect();
                centre.push(card);
                let rest: Vec<Card> = hand.into_iter().filter(|&c| c != card).collect();
                self.best_hint(&rest, &[], &centre)
            }
            _ => None,
        }
    }

    fn command(&mut self, c: Command) -> Result<(), String> {
        let t = texts(self.cfg.lang);
        let Ask::Cards {
            kind, from, min, ..
        } = self.ask()
        else {
            return Err(t.not_now.to_string());
        };
        let Command::Cards(cards) = c else {
            return Err(t.not_now.to_string());
        };
        if cards.len() != min {
            return Err(fill(t.choose_n, &[&min]));
        }
        if let Some(c) = cards.iter().find(|c| !from.contains(c)) {
            return Err(fill(t.not_a_choice, &[&c.pretty()]));
        }
        let player = self.me;
        let action = match kind {
            CardsKind::Place => Action::Place {
                player,
                card: cards[0],
            },
            CardsKind::Show => {
                if cards[0] == cards[1] {
                    return Err(fill(t.choose_n, &[&2]));
                }
                Action::Show {
                    player,
                    cards: [cards[0], cards[1]],
                }
            }
            CardsKind::Pick => Action::Pick {
                player,
                card: cards[0],
            },
            CardsKind::Exchange => return Err(t.not_now.to_string()),
        };
        self.apply(action)
    }

    fn bot_step(&mut self) -> bool {
        if self.quit {
            return false;
        }
        let Some(seat) = self
            .game
            .pending()
            .into_iter()
            .find(|&s| self.bots.is_bot(s))
        else {
            return false;
        };
        let Ok(view) = self.game.view(seat) else {
            return false;
        };
        let legal = self.game.legal_actions(seat);
        let Some(action) = self.bots.act(seat, &view, &legal) else {
            return false;
        };
        play_bot_action(self, action, &legal, Self::apply, |s| &mut s.log);
        true
    }

    fn quit(&mut self) {
        self.quit = true;
        self.save();
    }

    fn take_records(&mut self) -> Vec<(String, String)> {
        std::mem::take(&mut self.records)
    }

    fn help(&self) -> Vec<&'static str> {
        texts(self.cfg.lang).help_saint.to_vec()
    }
}
