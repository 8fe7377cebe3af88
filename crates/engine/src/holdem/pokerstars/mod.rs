//! Hold'em hands written as PokerStars text hand histories, the format trackers and HUDs read.
//!
//! A hand comes from its PHH record ([`PhhHand`]), replayed through the engine, and is written
//! as PokerStars writes a play-money cash hand: amounts without a currency sign, a header with
//! the structure as PokerStars names it ("Hold'em No Limit", "Hold'em Pot Limit", "Hold'em
//! Limit"), the seats and stacks, the posts, every action in PokerStars' words, the streets, the
//! showdown, the pots collected and a summary (rake is always 0). Only what the [`Sight`] sees
//! is written: by default a player's own hole cards ("Dealt to") and the hands shown.
//!
//! Seats are numbered as PHH orders the players (seat 1 the small blind, the button last)
//! unless the caller gives the table's own seat numbers. Every word of the format is in
//! [`words`], and nowhere else.

use std::fmt::Write as _;

mod dates;

use self::dates::dates;

use super::action::{Event, Street};
use super::phh::{format_amount, PhhError, PhhHand, Sight};
use super::rules::HandSetup;
use crate::betting::{BetEvent, Structure};
use crate::Chips;
use tavolo_cards::Card;

pub mod words;

/// How a hand is labelled in its PokerStars history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The hand's number (`PokerStars Hand #…`).
    pub number: u64,
    /// The table's name.
    pub table: String,
    /// The table's number of seats (`6-max`); at least the players dealt in.
    pub max_seats: usize,
    /// The table's seat number (1-based) of each player in PHH order (`p1` first); `None`:
    /// numbered 1, 2, … in PHH order.
    pub seats: Option<Vec<usize>>,
    /// When the hand was played, in milliseconds since the Unix epoch.
    pub time_ms: i64,
}

/// Writes `hand` as a PokerStars hand history as `sight` may see it: the text of one hand,
/// ending with a newline (histories of several hands separate them with a blank line).
pub fn write(hand: &PhhHand, label: &Label, sight: Sight) -> Result<String, PhhError> {
    let replay = hand.replay()?;
    if !replay.complete {
        return Err(PhhError::Unfinished);
    }
    let setup = hand.setup()?;
    let mut w = Writer::new(hand, label, sight, &setup, &replay.events);
    w.header();
    for i in story_order(&replay.events, w.sb, w.bb) {
        w.event(&replay.events[i]);
    }
    w.summary();
    Ok(w.s)
}

/// The order PokerStars tells a hand's events in: antes, then the small blind, the big blind
/// and straddles; then the rest as played (the engine deals before the blinds are posted),
/// but hands shown all-in before the board is out, which are told at the showdown after it.
fn story_order(events: &[Event], sb: usize, bb: usize) -> Vec<usize> {
    let first_act = (events.iter())
        .position(|e| !is_post(e) && !matches!(e, Event::HoleDealt { .. }))
        .unwrap_or(events.len());
    let last_board = (events.iter())
        .rposition(|e| matches!(e, Event::BoardDealt { .. }))
        .unwrap_or(0);
    let early_show = |i: usize| i < last_board && is_show(&events[i]);
    let post_rank = |e: &Event| match *e {
        Event::BlindPosted { seat, .. } if seat == sb => 1,
        Event::BlindPosted { seat, .. } if seat == bb => 2,
        Event::BlindPosted { .. } => 3,
        _ => 0,
    };
    let mut order: Vec<usize> = (0..first_act).filter(|&i| is_post(&events[i])).collect();
    order.sort_by_key(|&i| post_rank(&events[i]));
    for i in (0..events.len()).filter(|&i| i >= first_act || !is_post(&events[i])) {
        if !early_show(i) {
            order.push(i);
        }
        if i == last_board && last_board > 0 {
            order.extend((0..last_board).filter(|&k| early_show(k)));
        }
    }
    order
}

/// Whether `e` is an ante or a blind posted.
fn is_post(e: &Event) -> bool {
    matches!(
        e,
        Event::BlindPosted { .. } | Event::Bet(BetEvent::AntePosted { .. })
    )
}

/// Whether `e` is a hand shown or mucked.
fn is_show(e: &Event) -> bool {
    matches!(e, Event::Shown { .. } | Event::Bet(BetEvent::Mucked { .. }))
}

/// One hand's history being written, and what the summary needs to know of the hand so far.
struct Writer<'a> {
    hand: &'a PhhHand,
    label: &'a Label,
    sight: Sight,
    setup: &'a HandSetup,
    /// Seats dealt in; the button, the small and the big blind (PHH order: the button last,
    /// the small blind first; heads-up the button posts the small blind).
    n: usize,
    button: usize,
    sb: usize,
    bb: usize,
    /// The hole cards dealt and the hands shown, per seat.
    holes: Vec<Vec<Card>>,
    shown: Vec<Option<[Card; 2]>>,
    showdown: bool,
    pots: usize,
    stacks: Vec<Chips>,
    bets: Vec<Chips>,
    /// Chips each seat put in the pot, antes and blinds too.
    put: Vec<Chips>,
    voluntary: Vec<bool>,
    folded: Vec<Option<Street>>,
    mucked: Vec<bool>,
    won: Vec<Chips>,
    pot_sizes: Vec<Chips>,
    board: Vec<Card>,
    street: Street,
    dealt_written: bool,
    showdown_written: bool,
    s: String,
}

impl<'a> Writer<'a> {
    fn new(
        hand: &'a PhhHand,
        label: &'a Label,
        sight: Sight,
        setup: &'a HandSetup,
        events: &[Event],
    ) -> Writer<'a> {
        let n = setup.seats();
        let shown: Vec<Option<[Card; 2]>> = (0..n)
            .map(|s| {
                events.iter().find_map(|e| match e {
                    Event::Shown { seat, cards, .. } if *seat == s => Some(*cards),
                    _ => None,
                })
            })
            .collect();
        let mut holes: Vec<Vec<Card>> = vec![Vec::new(); n];
        for e in events {
            if let Event::HoleDealt {
                seat,
                card: Some(c),
            } = e
            {
                holes[*seat].push(*c);
            }
        }
        let pots = 1
            + (events.iter())
                .filter_map(|e| match e {
                    Event::Bet(BetEvent::PotWon { pot, .. }) => Some(*pot),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
        let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
        Writer {
            hand,
            label,
            sight,
            setup,
            n,
            button: n - 1,
            sb,
            bb,
            holes,
            showdown: shown.iter().any(Option::is_some),
            shown,
            pots,
            stacks: setup.stacks.clone(),
            bets: vec![Chips::ZERO; n],
            put: vec![Chips::ZERO; n],
            voluntary: vec![false; n],
            folded: vec![None; n],
            mucked: vec![false; n],
            won: vec![Chips::ZERO; n],
            pot_sizes: vec![Chips::ZERO; pots],
            board: Vec::new(),
            street: Street::Preflop,
            dealt_written: false,
            showdown_written: false,
            s: String::new(),
        }
    }

    fn amt(&self, v: Chips) -> String {
        format_amount(v, self.hand.decimals)
    }

    fn name(&self, s: usize) -> String {
        (self.hand.players.as_ref())
            .and_then(|p| p.get(s))
            .filter(|x| !x.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("p{}", s + 1))
    }

    fn seat_no(&self, s: usize) -> usize {
        (self.label.seats.as_ref())
            .and_then(|v| v.get(s).copied())
            .unwrap_or(s + 1)
    }

    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        let _ = self.s.write_fmt(text);
        self.s.push('\n');
    }

    /// The header, the table and the seats with their stacks.
    fn header(&mut self) {
        let setup = self.setup;
        let (small, big) = match setup.rules.structure {
            Structure::FixedLimit => (setup.min_bet, setup.big_bet),
            _ => (
                setup.blinds[self.sb],
                setup.blinds[self.bb].max(setup.min_bet),
            ),
        };
        let (small, big) = (self.amt(small), self.amt(big));
        let label = self.label;
        self.line(format_args!(
            "{}{}: {} ({small}/{big}) - {}",
            words::HAND,
            label.number,
            words::game(setup.rules.structure),
            dates(label.time_ms)
        ));
        let button = self.seat_no(self.button);
        self.line(format_args!(
            "Table '{}' {}-max Seat #{button} is the button",
            label.table.replace('\'', "`"),
            label.max_seats.max(self.n),
        ));
        for (i, &stack) in setup.stacks.iter().enumerate() {
            let (no, name, stack) = (self.seat_no(i), self.name(i), self.amt(stack));
            self.line(format_args!("Seat {no}: {name} ({stack} in chips)"));
        }
    }

    /// " and is all-in" when seat `seat` has no chip left.
    fn all_in(&self, seat: usize) -> &'static str {
        if self.stacks[seat] == 0 {
            words::ALL_IN
        } else {
            ""
        }
    }

    /// The hole cards' marker and the cards the sight sees dealt, before the first action.
    fn hole_cards(&mut self) {
        self.dealt_written = true;
        self.line(format_args!("{}", words::HOLE_CARDS));
        let seen: Vec<usize> = match self.sight {
            Sight::Player(p) if p < self.n => vec![p],
            Sight::All => (0..self.n).collect(),
            _ => Vec::new(),
        };
        let seen: Vec<usize> = seen
            .into_iter()
            .filter(|&p| self.holes[p].len() == 2)
            .collect();
        for p in seen {
            let (name, c) = (self.name(p), cards(&self.holes[p]));
            self.line(format_args!("Dealt to {name} {c}"));
        }
    }

    /// One event, as PokerStars tells it.
    fn event(&mut self, e: &Event) {
        if !self.dealt_written && !matches!(e, Event::HoleDealt { .. }) && !is_post(e) {
            self.hole_cards();
        }
        let at_showdown =
            is_show(e) || (self.showdown && matches!(e, Event::Bet(BetEvent::PotWon { .. })));
        if at_showdown && !self.showdown_written {
            self.showdown_written = true;
            self.line(format_args!("{}", words::SHOW_DOWN));
        }
        match *e {
            Event::Bet(ref b) => self.bet(b),
            Event::BlindPosted { seat, amount } => {
                self.pay(seat, amount, true);
                let what = if seat == self.sb {
                    "small blind"
                } else if seat == self.bb {
                    "big blind"
                } else {
                    "straddle"
                };
                let (name, a, all_in) = (self.name(seat), self.amt(amount), self.all_in(seat));
                self.line(format_args!("{name}: posts {what} {a}{all_in}"));
            }
            Event::HoleDealt { .. } | Event::Burned | Event::HandOver => {}
            Event::BoardDealt { street, cards: c } => self.board_dealt(street, c.as_slice()),
            Event::RoundEnded { .. } => self.bets.iter_mut().for_each(|b| *b = Chips::ZERO),
            Event::Shown { seat, cards: c, .. } => {
                let (name, c) = (self.name(seat), cards(&c));
                self.line(format_args!("{name}: shows {c}"));
            }
        }
    }

    /// `amount` leaves seat `seat`'s stack for the pot (in front of it, when `bet`).
    fn pay(&mut self, seat: usize, amount: Chips, bet: bool) {
        self.stacks[seat] -= amount;
        self.put[seat] += amount;
        if bet {
            self.bets[seat] += amount;
        }
    }

    /// A street's cards: the flop alone, the turn and the river after the board so far.
    fn board_dealt(&mut self, street: Street, c: &[Card]) {
        let before = cards(&self.board);
        let first = self.board.is_empty();
        self.board.extend_from_slice(c);
        self.street = street;
        let marker = match street {
            Street::Preflop | Street::Flop => words::FLOP,
            Street::Turn => words::TURN,
            Street::River => words::RIVER,
        };
        if first {
            let all = cards(&self.board);
            self.line(format_args!("{marker} {all}"));
        } else {
            let new = cards(c);
            self.line(format_args!("{marker} {before} {new}"));
        }
    }

    /// A betting event.
    fn bet(&mut self, b: &BetEvent) {
        match *b {
            BetEvent::AntePosted { seat, amount } => {
                self.pay(seat, amount, false);
                let (name, a, all_in) = (self.name(seat), self.amt(amount), self.all_in(seat));
                self.line(format_args!("{name}: posts the ante {a}{all_in}"));
            }
            BetEvent::Folded { seat, .. } => {
                self.folded[seat] = Some(self.street);
                let name = self.name(seat);
                self.line(format_args!("{name}: folds"));
            }
            BetEvent::Checked { seat } => {
                let name = self.name(seat);
                self.line(format_args!("{name}: checks"));
            }
            BetEvent::Called { seat, amount, .. } => {
                self.pay(seat, amount, true);
                self.voluntary[seat] = true;
                let (name, a, all_in) = (self.name(seat), self.amt(amount), self.all_in(seat));
                self.line(format_args!("{name}: calls {a}{all_in}"));
            }
            BetEvent::BetOrRaised { seat, to, .. } => self.bet_or_raise(seat, to),
            BetEvent::UncalledReturned { seat, amount } => {
                self.stacks[seat] += amount;
                self.bets[seat] = self.bets[seat].minus_at_most(amount);
                self.put[seat] = self.put[seat].minus_at_most(amount);
                let (a, name) = (self.amt(amount), self.name(seat));
                self.line(format_args!("Uncalled bet ({a}) returned to {name}"));
            }
            BetEvent::Mucked { seat } => {
                self.mucked[seat] = true;
                let name = self.name(seat);
                self.line(format_args!("{name}: mucks hand"));
            }
            BetEvent::PotWon { pot, seat, amount } => self.pot_won(pot, seat, amount),
            BetEvent::Carried { .. } => {}
        }
    }

    /// A bet (nothing to face) or a raise to `to`.
    fn bet_or_raise(&mut self, seat: usize, to: Chips) {
        let facing = self.bets.iter().copied().max().unwrap_or(Chips::ZERO);
        let added = to.minus_at_most(self.bets[seat]);
        self.stacks[seat] -= added;
        self.put[seat] += added;
        self.bets[seat] = to;
        self.voluntary[seat] = true;
        let (name, all_in, total) = (self.name(seat), self.all_in(seat), self.amt(to));
        if facing == 0 {
            self.line(format_args!("{name}: bets {total}{all_in}"));
        } else {
            let by = self.amt(to.minus_at_most(facing));
            self.line(format_args!("{name}: raises {by} to {total}{all_in}"));
        }
    }

    /// Pot `pot` (0 the main pot) paid to `seat`.
    fn pot_won(&mut self, pot: usize, seat: usize, amount: Chips) {
        self.stacks[seat] += amount;
        self.won[seat] += amount;
        if let Some(p) = self.pot_sizes.get_mut(pot) {
            *p += amount;
        }
        let which = match (self.pots, pot) {
            (1, _) => "pot".to_string(),
            (_, 0) => "main pot".to_string(),
            (2, _) => "side pot".to_string(),
            (_, k) => format!("side pot-{k}"),
        };
        let (name, a) = (self.name(seat), self.amt(amount));
        self.line(format_args!("{name} collected {a} from {which}"));
    }

    /// The summary: the pots, the board, each seat's line.
    fn summary(&mut self) {
        self.line(format_args!("{}", words::SUMMARY));
        let total = self.amt(self.put.iter().sum::<Chips>() + self.setup.carried_in);
        if self.pots > 1 {
            let mut line = format!(
                "Total pot {total} Main pot {}.",
                self.amt(self.pot_sizes[0])
            );
            for (k, p) in self.pot_sizes.iter().enumerate().skip(1) {
                let tag = if self.pots == 2 {
                    String::new()
                } else {
                    format!("-{k}")
                };
                let _ = write!(line, " Side pot{tag} {}.", self.amt(*p));
            }
            self.line(format_args!("{line} | Rake 0"));
        } else {
            self.line(format_args!("Total pot {total} | Rake 0"));
        }
        if !self.board.is_empty() {
            let board = cards(&self.board);
            self.line(format_args!("Board {board}"));
        }
        for p in 0..self.n {
            let line = self.seat_summary(p);
            self.line(format_args!("{line}"));
        }
    }

    /// Seat `p`'s line of the summary.
    fn seat_summary(&self, p: usize) -> String {
        let mut line = format!("Seat {}: {}", self.seat_no(p), self.name(p));
        if p == self.button {
            line.push_str(" (button)");
        }
        if p == self.sb {
            line.push_str(" (small blind)");
        } else if p == self.bb {
            line.push_str(" (big blind)");
        }
        let seen = self.sight.sees(p, self.shown[p].is_some()) && self.holes[p].len() == 2;
        if let Some(st) = self.folded[p] {
            line.push(' ');
            line.push_str(words::folded(st));
            if st == Street::Preflop && !self.voluntary[p] && posted_no_blind(&self.setup.blinds, p)
            {
                line.push_str(" (didn't bet)");
            }
        } else if let Some(c) = self.shown[p] {
            let _ = if self.won[p] > 0 {
                write!(
                    line,
                    " showed {} and won ({})",
                    cards(&c),
                    self.amt(self.won[p])
                )
            } else {
                write!(line, " showed {} and lost", cards(&c))
            };
        } else if self.won[p] > 0 {
            let _ = write!(line, " collected ({})", self.amt(self.won[p]));
        } else if self.mucked[p] || self.showdown {
            line.push_str(" mucked");
            if seen {
                let _ = write!(line, " {}", cards(&self.holes[p]));
            }
        }
        line
    }
}

/// Whether a player posted no blind (then a fold before the flop "didn't bet").
fn posted_no_blind(blinds: &[Chips], p: usize) -> bool {
    blinds.get(p).copied().unwrap_or(Chips::ZERO) == 0
}

/// Cards as PokerStars brackets them: `[Ah Kd]`.
fn cards(c: &[Card]) -> String {
    let v: Vec<String> = c.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::phh::parse_phh;

    /// Three players: p3 (the button) raises, p1 folds, p2 calls; p2 checks, p3 bets, p2 folds.
    const FOLDED: &str = include_str!("../../../tests/fixtures/folded.phh");

    fn label() -> Label {
        Label {
            number: 7,
            table: "Roma".into(),
            max_seats: 6,
            seats: None,
            time_ms: 0,
        }
    }

    #[test]
    fn a_player_sees_their_own_hole_cards_and_no_other_unshown_ones() {
        let hand = parse_phh(FOLDED).unwrap();
        let text = write(&hand, &label(), Sight::Player(1)).unwrap();
        assert!(text.contains("Dealt to bob [7c 2d]"), "{text}");
        for hidden in ["As", "Ks", "Qh", "Qd"] {
            assert!(!text.contains(hidden), "{hidden} leaked:\n{text}");
        }
        let all = write(&hand, &label(), Sight::All).unwrap();
        assert!(all.contains("Dealt to ann [As Ks]") && all.contains("Dealt to cy [Qh Qd]"));
    }

    #[test]
    fn actions_in_pokerstars_words_with_the_uncalled_bet_returned() {
        let text = write(&parse_phh(FOLDED).unwrap(), &label(), Sight::Player(0)).unwrap();
        let expected = "PokerStars Hand #7: Hold'em No Limit (1/2) - 1970/01/01 00:00:00 UTC [1969/12/31 19:00:00 ET]
Table 'Roma' 6-max Seat #3 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
Seat 3: cy (50 in chips)
ann: posts small blind 1
bob: posts big blind 2
*** HOLE CARDS ***
Dealt to ann [As Ks]
cy: raises 4 to 6
ann: folds
bob: calls 4
*** FLOP *** [2h 3h 4h]
bob: checks
cy: bets 44 and is all-in
bob: folds
Uncalled bet (44) returned to cy
cy collected 13 from pot
*** SUMMARY ***
Total pot 13 | Rake 0
Board [2h 3h 4h]
Seat 1: ann (small blind) folded before Flop
Seat 2: bob (big blind) folded on the Flop
Seat 3: cy (button) collected (13)
";
        assert_eq!(text, expected);
    }

    #[test]
    fn the_structures_are_named_as_pokerstars_names_them() {
        assert_eq!(words::game(Structure::NoLimit), "Hold'em No Limit");
        assert_eq!(words::game(Structure::PotLimit), "Hold'em Pot Limit");
        assert_eq!(words::game(Structure::FixedLimit), "Hold'em Limit");
    }
}
