//! What `tavolo play`'s two betting games, Texas Hold'em ([`super::holdem`]) and Five-Card Draw
//! ([`super::draw`]), share: a [`BettingSession`] keeps the bookkeeping of a session of hands at
//! one table — the names, the stacks and odd chips carried from hand to hand, the hand number,
//! the bots of each hand, busted bots rebuying, the human's rebuy and the total bought in, the
//! result lines, the records, the `quit` summary — and writes the log lines the two games write
//! alike. Each game keeps its own hand, setup and events, and says how its events read.

use tavolo_bots::{BotSpec, Game};
use tavolo_cards::{Card, HandRank, Lang};
use tavolo_engine::betting::Legal;
use tavolo_engine::Chips;

use super::i18n::{chips, fill, signed, texts};
use super::model::{
    cards_text, derive_seed, seat_names, shortcuts, Ask, BetAsk, BotSeats, Command, ME,
};

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

/// The bookkeeping of a betting session with the human at [`ME`] and bots at the other seats
/// (see the module doc). The games read and write the public fields during a hand.
pub struct BettingSession<G: Game> {
    lang: Lang,
    /// The buy-in, also the rebuy.
    buy_in: Chips,
    /// The session seed: hand k is dealt from a seed derived from it.
    seed: u64,
    /// What the human has bought in for, rebuys included.
    bought_in: Chips,
    /// The hands shown in this hand, for the result lines.
    ranks: Vec<Option<HandRank>>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// Each seat's chips at the start of the hand (after it, once it is over).
    pub stacks: Vec<Chips>,
    /// Chips the last hand left in the pot for this one.
    pub carried: Chips,
    /// The number of the hand (1 for the first).
    pub hand_no: u64,
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
    /// A session before its first hand: everybody bought in for `buy_in`; `bots` are the bots
    /// of seats 1 to N-1; hand k is dealt from a seed derived from `seed`.
    pub fn new(lang: Lang, buy_in: Chips, seed: u64, bots: &[BotSpec<G>]) -> BettingSession<G> {
        let n = bots.len() + 1;
        BettingSession {
            lang,
            buy_in,
            seed,
            bought_in: buy_in,
            ranks: vec![None; n],
            names: seat_names(lang, bots),
            stacks: vec![buy_in; n],
            carried: 0,
            hand_no: 0,
            bots: BotSeats::new(Vec::new()),
            last: vec![String::new(); n],
            log: Vec::new(),
            result: Vec::new(),
            records: Vec::new(),
            stage: Stage::Playing,
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.names.len()
    }

    /// Before dealing the next hand: busted bots rebuy, the hand is counted. Its seed.
    pub fn next_hand(&mut self) -> u64 {
        let t = texts(self.lang);
        for s in 0..self.seats() {
            if s != ME && self.stacks[s] == 0 {
                self.stacks[s] = self.buy_in;
                self.log
                    .push(fill(t.rebuys, &[&self.names[s], &chips(self.buy_in)]));
            }
        }
        self.hand_no += 1;
        derive_seed(self.seed, self.hand_no)
    }

    /// The hand dealt from `seed` is starting: fresh bots from `specs`, the last hand's marks
    /// and result cleared, the hand's number logged.
    pub fn hand_dealt(&mut self, specs: &[BotSpec<G>], seed: u64) {
        let n = self.seats();
        self.bots = BotSeats::seated(specs, seed);
        self.last = vec![String::new(); n];
        self.ranks = vec![None; n];
        self.result.clear();
        self.stage = Stage::Playing;
        self.log.push(format!(
            "— {} —",
            fill(texts(self.lang).hand_no, &[&self.hand_no])
        ));
    }

    /// The hand is over, started with `start` and left `stacks` and `carried` chips in the pot:
    /// the human's net result is said, and a rebuy offered if they are out of chips.
    pub fn hand_over(&mut self, start: &[Chips], stacks: &[Chips], carried: Chips) {
        let t = texts(self.lang);
        self.stacks = stacks.to_vec();
        self.carried = carried;
        let delta = self.stacks[ME] as i128 - start[ME] as i128;
        let line = fill(t.net, &[&self.names[ME], &signed(delta)]);
        self.log.push(line.clone());
        self.result.push(line);
        self.stage = if self.stacks[ME] == 0 {
            Stage::Rebuy
        } else {
            Stage::Done
        };
    }

    /// What the human is asked between hands; `None` while a hand is played.
    pub fn ask_between_hands(&self) -> Option<Ask> {
        match self.stage {
            Stage::Over => Some(Ask::Over),
            Stage::Rebuy => Some(Ask::Rebuy(self.buy_in)),
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
                self.stacks[ME] = self.buy_in;
                self.bought_in += self.buy_in;
                self.log
                    .push(fill(t.rebuys, &[&self.names[ME], &chips(self.buy_in)]));
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
    /// gives the human back its `start` stacks (the chips in front of them are not theirs yet).
    pub fn quit(&mut self, unfinished: Option<&[Chips]>) {
        if self.stage == Stage::Over {
            return;
        }
        if let Some(start) = unfinished {
            self.stacks = start.to_vec();
        }
        self.stage = Stage::Over;
        let t = texts(self.lang);
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

    /// `seat` showed `cards`, making `rank`; the seat's row keeps the hand's category.
    pub fn shown(&mut self, seat: usize, cards: &[Card], rank: HandRank) {
        let lang = self.lang;
        self.ranks[seat] = Some(rank);
        self.say(
            seat,
            texts(lang).shows,
            &[&cards_text(cards), &rank.describe(lang)],
        );
        // The seat row keeps the hand's category (the log has it all).
        let desc = rank.describe(lang);
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

/// The human's betting decision `l`: `pot` is everything in the middle, `bets` the bets in front
/// of the seats this round, `opening` whether nobody has bet yet.
pub fn bet_ask(l: &Legal, pot: Chips, bets: &[Chips], opening: bool) -> BetAsk {
    let top = bets.iter().copied().max().unwrap_or(0);
    let raise = l.raise.map(|r| (r.min_to, r.max_to));
    BetAsk {
        fold: l.fold,
        check: l.check,
        call: l.call,
        raise,
        opening,
        shortcuts: raise
            .map(|r| shortcuts(r, pot, l.call.unwrap_or(0), top))
            .unwrap_or_default(),
    }
}
