//! What `tavolo play`'s two betting games, Texas Hold'em ([`super::holdem`]) and Five-Card Draw
//! ([`super::draw`]), share: a [`BettingSession`] plays a session of hands at one table, the
//! human and the bots seated by lot by the engine's table model
//! ([`tavolo_engine::table::Table`]), which also moves the button, keeps the stacks and the odd
//! chips carried from hand to hand, and books rebuys (busted bots rebuy at once, the human is
//! offered one); each hand is dealt through the engine's one game interface at the positions the
//! table chose. It also keeps the session's log and result lines, the records and the `quit`
//! summary. Each game says how its events read and what the human is asked.

use tavolo_bots::{BotSpec, Game};
use tavolo_cards::{Card, GameRng, HandRank, Lang};
use tavolo_engine::betting::{BetEvent, Legal, PotSize};
use tavolo_engine::game::{seed_from_u64, Outcome, Played, Viewer};
use tavolo_engine::table::{Booking, Change, HandStart, Table, TableRules};
use tavolo_engine::Chips;

use super::i18n::{chips, fill, signed, texts, Texts};
use super::model::{
    cards_text, derive_seed, play_bot_action, shortcuts, Ask, BetAsk, BotSeats, Command, SeatRow,
};

/// The human among the session's players (the bots are players 1 to N−1).
pub const HUMAN: usize = 0;

/// Where a session stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A hand is being played.
    Playing,
    /// The hand is over and explained; the next one waits for the human.
    Done,
    /// The human is out of chips and offered a rebuy.
    Rebuy,
    /// The session is over (quit, or the rebuy declined).
    Over,
}

/// What a command does to the session (see [`BettingSession::command`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Deal the next hand.
    Deal,
    /// Nothing more to do: the command is answered.
    Answered,
    /// A command for the hand in play, which the game applies.
    Play(Command),
}

/// What is a betting game's own in a terminal session: how its events read, what it keeps per
/// hand, how its records are named. The flow of a hand — deal, apply, tell the events, end the
/// hand — is the same for both games and written here once.
pub trait Telling<G: Game> {
    /// The session.
    fn session(&mut self) -> &mut BettingSession<G>;
    /// Logs an event as the human's seat (`me`) sees it, in the words of `t`, and keeps the
    /// seats' last actions.
    fn describe(&mut self, e: G::Event, t: &'static Texts, me: usize);
    /// A hand is dealt: what the game keeps per hand starts afresh.
    fn new_hand(&mut self);
    /// The name of the record of the hand in play.
    fn file(&self) -> String;

    /// Tells `events` (as the human's seat sees them) and ends the hand if it is over.
    fn take_events(&mut self, events: Vec<G::Event>) {
        let (t, me) = (texts(self.session().lang), self.session().me);
        for e in events {
            self.describe(e, t, me);
        }
        let file = self.file();
        self.session().hand_over_if_done(&file);
    }

    /// Plays `action` and tells what it did.
    fn apply(&mut self, action: G::Action) -> Result<(), String> {
        let events = self.session().apply(action)?;
        self.take_events(events);
        Ok(())
    }

    /// Deals the next hand and tells the deal.
    fn start_hand(&mut self) -> Result<(), String> {
        let events = self.session().deal()?;
        self.new_hand();
        self.take_events(events);
        Ok(())
    }

    /// A bot's turn, if it is one: its action played (the first legal one if the engine refuses
    /// it) and told; false when no bot is to act.
    fn bot_turn(&mut self) -> bool
    where
        Self: Sized,
    {
        let Some((action, legal)) = self.session().bot_action() else {
            return false;
        };
        play_bot_action(self, action, &legal, Self::apply, |s| &mut s.session().log);
        true
    }

    /// The human leaves: the hand in play, if any, is recorded unfinished, then the session
    /// ends.
    fn leave(&mut self) {
        if self.session().stage == Stage::Playing {
            let file = self.file();
            self.session().record(&file);
        }
        self.session().quit();
    }
}

pub use super::session::SessionConfig;

/// A session of hands with the human and bots (see the module doc). The games read and write
/// the public fields during a hand.
pub struct BettingSession<G: Game> {
    lang: Lang,
    /// The session seed: hand k is dealt from a seed derived from it, the seats drawn by it.
    seed: u64,
    /// What the human has bought in for, rebuys included.
    bought_in: Chips,
    /// The hands shown in this hand, by seat, for the result lines.
    ranks: Vec<Option<HandRank>>,
    /// Seats, the button, stacks and rebuys.
    table: Table<usize>,
    /// The game's options at this table.
    options: G::Options,
    /// The bots, players 1 to N−1.
    specs: Vec<BotSpec<G>>,
    /// Every player's name (the human's first).
    players: Vec<String>,
    /// The hand in play, or the last one.
    pub hand: Played<G>,
    /// Who sits in each seat of the hand, and where.
    pub dealt: HandStart<usize>,
    /// The number of the hand (1 for the first).
    pub hand_no: u64,
    /// The seed the hand was dealt from.
    pub hand_seed: u64,
    /// The human's seat in the hand.
    pub me: usize,
    /// The players' names, by seat of the hand.
    pub names: Vec<String>,
    /// The bots of this hand.
    pub bots: BotSeats<G>,
    /// Each seat's last action, for its row on the table.
    pub last: Vec<String>,
    /// Everything that happened, one line per fact.
    pub log: Vec<String>,
    /// The last hand's result explained (or the session's balance).
    pub result: Vec<String>,
    /// Records finished and not yet taken: (file name, contents).
    pub records: Vec<(String, String)>,
    /// Where the session stands.
    pub stage: Stage,
}

impl<G: Game> BettingSession<G> {
    /// A session of `cfg` at a table of `options`: the human and the bots seated by lot,
    /// everybody bought in for the buy-in (also the rebuy), and the first hand dealt; hand k is
    /// dealt from a seed derived from the session seed. The events of the first deal, as the
    /// human's seat sees them.
    pub fn new(
        cfg: &SessionConfig<G>,
        options: G::Options,
    ) -> Result<(BettingSession<G>, Vec<G::Event>), String> {
        let (lang, buy_in, seed, bots) = (cfg.lang, cfg.buy_in, cfg.seed, cfg.bots.clone());
        let n = bots.len() + 1;
        let rules = TableRules::cash(n, 2, buy_in, buy_in);
        let mut table = Table::new(rules, GameRng::from_u64(seed)).map_err(|e| e.to_string())?;
        let everybody: Vec<usize> = (0..n).collect();
        let change = table.open(&everybody).map_err(|e| e.to_string())?;
        fund(&mut table, change);
        let mut players = vec![texts(lang).you.to_string()];
        players.extend((bots.iter().enumerate()).map(|(i, b)| format!("{}#{}", b.name(), i + 2)));
        let next = next_hand(&mut table, &options, &bots, seed)?;
        let mut s = BettingSession {
            lang,
            seed,
            bought_in: buy_in,
            ranks: Vec::new(),
            table,
            options,
            specs: bots,
            players,
            hand: next.hand,
            dealt: next.dealt,
            hand_no: 0,
            hand_seed: next.seed,
            me: 0,
            names: Vec::new(),
            bots: next.bots,
            last: Vec::new(),
            log: Vec::new(),
            result: Vec::new(),
            records: Vec::new(),
            stage: Stage::Playing,
        };
        let events = s.dealt_now();
        Ok((s, events))
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.names.len()
    }

    /// Deals the next hand: busted bots rebuy, the table deals at its next positions, fresh bots
    /// take their seats. The events of the deal, as the human's seat sees them.
    pub fn deal(&mut self) -> Result<Vec<G::Event>, String> {
        let t = texts(self.lang);
        let broke: Vec<usize> = (1..self.players.len())
            .filter(|p| self.table.stack_of(p) == Some(Chips::ZERO))
            .collect();
        for p in broke {
            if let Ok(change) = self.table.rebuy(&p) {
                fund(&mut self.table, change);
                let amount = self.table.stack_of(&p).unwrap_or(Chips::ZERO);
                self.log
                    .push(fill(t.rebuys, &[&self.players[p], &chips(amount)]));
            }
        }
        let next = next_hand(&mut self.table, &self.options, &self.specs, self.seed)?;
        self.hand = next.hand;
        self.dealt = next.dealt;
        self.hand_seed = next.seed;
        self.bots = next.bots;
        Ok(self.dealt_now())
    }

    /// The hand just dealt starts: its seats named, the last hand's marks and result cleared,
    /// its number logged, the bots told of the deal. The deal's events as the human sees them.
    fn dealt_now(&mut self) -> Vec<G::Event> {
        let n = self.dealt.players.len();
        self.hand_no = self.dealt.number;
        self.me = (self.dealt.players.iter())
            .position(|&p| p == HUMAN)
            .unwrap_or(0);
        self.names = (self.dealt.players.iter())
            .map(|&p| self.players[p].clone())
            .collect();
        self.last = vec![String::new(); n];
        self.ranks = vec![None; n];
        self.result.clear();
        self.stage = Stage::Playing;
        let t = texts(self.lang);
        self.log
            .push(format!("— {} —", fill(t.hand_no, &[&self.hand_no])));
        let events = self.hand.events().to_vec();
        self.observe(&events)
    }

    /// Every bot observes `events` (censored for its seat); the events as the human sees them.
    fn observe(&mut self, events: &[G::Event]) -> Vec<G::Event> {
        self.bots
            .observe(events, |e, seat| G::censor(e, Viewer::Seat(seat)));
        let me = Viewer::Seat(self.me);
        events.iter().filter_map(|e| G::censor(e, me)).collect()
    }

    /// Plays `action`: the events it caused, as the human's seat sees them.
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, String> {
        let events = self.hand.apply(action).map_err(|e| e.to_string())?.to_vec();
        Ok(self.observe(&events))
    }

    /// The action of the bot to act now, with the legal actions it chose among; `None` when it
    /// is the human's turn, or nobody's.
    pub fn bot_action(&mut self) -> Option<(G::Action, Vec<G::Action>)> {
        if self.stage != Stage::Playing {
            return None;
        }
        let seat = self.hand.game.to_act().iter().next()?;
        if seat == self.me || !self.bots.is_bot(seat) {
            return None;
        }
        let legal = self.hand.game.legal(seat);
        let view = self.hand.game.view(Viewer::Seat(seat));
        let action = self.bots.act(seat, &view, &legal)?;
        Some((action, legal))
    }

    /// After the events of an action are told: if the hand is over, the table takes the stacks
    /// back, the human's net result is said, a rebuy is offered if they are out of chips, and
    /// the hand is recorded as `file` names it.
    pub fn hand_over_if_done(&mut self, file: &str) {
        if !self.hand.game.is_over() || self.stage != Stage::Playing {
            return;
        }
        let t = texts(self.lang);
        let outcome = self.hand.outcome();
        if let Err(e) = self.table.finish(&outcome) {
            self.log.push(e.to_string());
        }
        let delta = match &outcome {
            Outcome::Chips { start, end, .. } => {
                i128::from(end[self.me]) - i128::from(start[self.me])
            }
            Outcome::Points { .. } => 0,
        };
        let line = fill(t.net, &[&self.names[self.me], &signed(delta)]);
        self.log.push(line.clone());
        self.result.push(line);
        self.stage = if self.table.stack_of(&HUMAN) == Some(Chips::ZERO) {
            Stage::Rebuy
        } else {
            Stage::Done
        };
        self.record(file);
    }

    /// Keeps the hand so far (finished, or cut short by quitting) as a record named `file`.
    pub fn record(&mut self, file: &str) {
        if let Ok(r) = self.hand.record(Some(&self.names)) {
            let text = r.into_file(&self.hand.setup, Some(&self.names), Some(self.hand_seed));
            self.records.push((file.to_string(), text));
        }
    }

    /// The human's stack at the table.
    pub fn my_stack(&self) -> Chips {
        self.table.stack_of(&HUMAN).unwrap_or(Chips::ZERO)
    }

    /// What the human is asked between hands; `None` while a hand is played.
    pub fn ask_between_hands(&self) -> Option<Ask> {
        match self.stage {
            Stage::Over => Some(Ask::Over),
            Stage::Rebuy => Some(Ask::Rebuy(self.table.rules().rebuy)),
            Stage::Done => Some(Ask::Next),
            Stage::Playing => None,
        }
    }

    /// Answers the human's command between hands (the next hand, a rebuy taken or declined);
    /// passes a command during a hand on to the game ([`Flow::Play`]).
    pub fn command(&mut self, c: Command) -> Result<Flow, String> {
        let t = texts(self.lang);
        match (self.stage, c) {
            (Stage::Done, Command::Continue) => Ok(Flow::Deal),
            (Stage::Rebuy, Command::Rebuy(true)) => {
                let change = self.table.rebuy(&HUMAN).map_err(|e| e.to_string())?;
                fund(&mut self.table, change);
                let amount = self.my_stack();
                self.bought_in += amount;
                self.log
                    .push(fill(t.rebuys, &[&self.players[HUMAN], &chips(amount)]));
                Ok(Flow::Deal)
            }
            (Stage::Rebuy, Command::Rebuy(false)) => {
                self.stage = Stage::Over;
                self.result = vec![t.busted.to_string()];
                self.log.push(t.busted.to_string());
                Ok(Flow::Answered)
            }
            (Stage::Playing, c) => Ok(Flow::Play(c)),
            _ => Err(t.not_now.to_string()),
        }
    }

    /// Ends the session (quitting) with the session's balance as the result; a hand cut short
    /// is void: the chips in front of the players are not theirs yet.
    pub fn quit(&mut self) {
        if self.stage == Stage::Over {
            return;
        }
        if self.stage == Stage::Playing {
            let _ = self.table.void_hand();
        }
        self.stage = Stage::Over;
        let t = texts(self.lang);
        let have = self.my_stack();
        let net = i128::from(have) - i128::from(self.bought_in);
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

    /// Every stack at the table plus the chips carried to the next hand.
    #[cfg(test)]
    pub fn chips_total(&self) -> Chips {
        self.table.chips_total()
    }

    /// The rows of the table's seats: each one's name, `D` at the `button` (the dealer), its
    /// stack (of `stacks`) and `cards(seat)`, its last action, whether it is to act and whether
    /// still in the hand (by `live`).
    pub fn seat_rows(
        &self,
        button: usize,
        stacks: &[Chips],
        to_act: Option<usize>,
        live: &[bool],
        cards: impl Fn(usize) -> Vec<Option<Card>>,
    ) -> Vec<SeatRow> {
        (0..self.seats())
            .map(|s| SeatRow {
                name: self.names[s].clone(),
                mark: if s == button {
                    "D".into()
                } else {
                    String::new()
                },
                amount: chips(stacks.get(s).copied().unwrap_or(Chips::ZERO)),
                cards: cards(s),
                last: self.last[s].clone(),
                to_act: to_act == Some(s),
                out: !live.get(s).copied().unwrap_or(false),
                you: s == self.me,
            })
            .collect()
    }

    /// Logs a betting event as the human's seat sees it (the same in both games); `opening`:
    /// nobody has bet in this round yet (a bet, not a raise).
    pub fn bet_event(&mut self, e: BetEvent, opening: bool) {
        let t = texts(self.lang);
        match e {
            BetEvent::AntePosted { seat, amount } => {
                self.say(seat, t.posts_ante, &[&chips(amount)])
            }
            BetEvent::Folded { seat, .. } => self.say(seat, t.folds, &[]),
            BetEvent::Checked { seat } => self.say(seat, t.checks, &[]),
            BetEvent::Called {
                seat,
                amount,
                all_in,
            } => self.called(seat, amount, all_in),
            BetEvent::BetOrRaised { seat, to, all_in } => {
                self.bet_or_raised(seat, to, all_in, opening)
            }
            BetEvent::UncalledReturned { seat, amount } => self.returned(seat, amount),
            BetEvent::Mucked { seat } => self.say(seat, t.mucks, &[]),
            BetEvent::PotWon { pot, seat, amount } => self.pot_won(pot, seat, amount),
            BetEvent::Carried { amount } => self.pot_carried(amount),
        }
    }

    /// Logs what `seat` did (`template` filled with its name and `args`) and keeps it, without
    /// the name, as the seat's last action.
    pub fn say(&mut self, seat: usize, template: &str, args: &[&dyn std::fmt::Display]) {
        let mut all: Vec<&dyn std::fmt::Display> = vec![&""];
        all.extend_from_slice(args);
        self.last[seat] = fill(template, &all).trim().to_string();
        let name = self.names[seat].clone();
        let mut all: Vec<&dyn std::fmt::Display> = vec![&name];
        all.extend_from_slice(args);
        self.log.push(fill(template, &all));
    }

    /// `seat` called `amount`.
    pub fn called(&mut self, seat: usize, amount: Chips, all_in: bool) {
        let t = texts(self.lang);
        let a = format!("{}{}", chips(amount), if all_in { t.all_in } else { "" });
        self.say(seat, t.calls, &[&a]);
    }

    /// `seat` bet (`opening`: nobody had bet in the round) or raised to `to`.
    pub fn bet_or_raised(&mut self, seat: usize, to: Chips, all_in: bool, opening: bool) {
        let t = texts(self.lang);
        let a = format!("{}{}", chips(to), if all_in { t.all_in } else { "" });
        let template = if opening { t.bets } else { t.raises_to };
        self.say(seat, template, &[&a]);
    }

    /// `amount` of an uncalled bet went back to `seat`.
    pub fn returned(&mut self, seat: usize, amount: Chips) {
        let line = fill(
            texts(self.lang).returned,
            &[&chips(amount), &self.names[seat]],
        );
        self.log.push(line);
    }

    /// `seat` showed `cards`, making `rank` (`None`: shown before the board was complete).
    pub fn shown(&mut self, seat: usize, cards: &[Card], rank: Option<HandRank>) {
        let lang = self.lang;
        self.ranks[seat] = rank;
        let desc = rank.map(|r| r.describe(lang)).unwrap_or_default();
        self.say(seat, texts(lang).shows, &[&cards_text(cards), &desc]);
        // A hand shown all-in before the river is valued once the board is out: no words yet.
        if rank.is_none() {
            if let Some(line) = self.log.last_mut() {
                *line = line.trim_end().trim_end_matches(':').to_string();
            }
        }
        // The seat row keeps the hand's category (the log has it all).
        self.last[seat] = desc.split(',').next().unwrap_or_default().to_string();
    }

    /// `seat` won `amount` from pot `pot` (0: the main pot), with the hand it showed.
    pub fn pot_won(&mut self, pot: usize, seat: usize, amount: Chips) {
        let t = texts(self.lang);
        let mut line = if pot == 0 {
            fill(t.wins_main, &[&self.names[seat], &chips(amount)])
        } else {
            fill(t.wins_side, &[&self.names[seat], &chips(amount), &pot])
        };
        if let Some(r) = self.ranks[seat] {
            line.push_str(&fill(t.with_hand, &[&r.describe(self.lang)]));
        }
        self.log.push(line.clone());
        self.result.push(line);
    }

    /// `amount` stays in the pot for the next hand.
    pub fn pot_carried(&mut self, amount: Chips) {
        let line = fill(texts(self.lang).carried, &[&chips(amount)]);
        self.log.push(line.clone());
        self.result.push(line);
    }
}

/// A hand dealt by the table, with its seed and its bots.
struct NextHand<G: Game> {
    hand: Played<G>,
    dealt: HandStart<usize>,
    seed: u64,
    bots: BotSeats<G>,
}

/// The table deals its next hand: the game dealt at its positions from the hand's seed (derived
/// from the session's), a fresh bot for each bot's seat.
fn next_hand<G: Game>(
    table: &mut Table<usize>,
    options: &G::Options,
    specs: &[BotSpec<G>],
    seed: u64,
) -> Result<NextHand<G>, String> {
    let (dealt, _) = table.deal().map_err(|e| e.to_string())?;
    let seed = derive_seed(seed, dealt.number);
    let setup = G::setup(options, &dealt.positions).map_err(|e| e.to_string())?;
    let hand = Played::<G>::deal(setup, seed_from_u64(seed)).map_err(|e| e.to_string())?;
    let bots = (dealt.players.iter().enumerate())
        .map(|(s, &p)| {
            let spec = specs.get(p.checked_sub(1)?)?;
            Some(spec.make(s, derive_seed(seed, 1000 + s as u64)))
        })
        .collect();
    Ok(NextHand {
        hand,
        dealt,
        seed,
        bots: BotSeats::new(bots),
    })
}

/// The terminal's ledger: the house funds every buy-in and rebuy at once.
fn fund(table: &mut Table<usize>, change: Change<usize>) {
    for b in change.bookings {
        if let Booking::Fund { ticket, .. } = b {
            let _ = table.funded(ticket, true);
        }
    }
}

/// The human's betting decision `l`: `pot` what a bet sized in pots is measured against,
/// `opening` whether nobody has bet yet.
pub fn bet_ask(l: &Legal, pot: PotSize, opening: bool) -> BetAsk {
    BetAsk {
        fold: l.fold,
        check: l.check,
        call: l.call,
        raise: l.raise.map(|r| (r.min_to, r.max_to)),
        opening,
        shortcuts: shortcuts(l, pot),
    }
}
