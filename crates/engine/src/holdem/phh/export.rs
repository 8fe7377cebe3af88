//! Tavolo hands written as PHH hand histories.

use super::{format_amount, PhhHand, Variant};
use crate::betting::BetEvent;
use crate::betting::Structure;
use crate::holdem::action::Event;
use crate::holdem::rules::{Antes, HandSetup};
use crate::Chips;
use tavolo_cards::Card;

/// Exports a Tavolo hand as a PHH hand history: the setup and the events of the hand (as
/// returned by [`crate::holdem::Hand::new`] and [`crate::holdem::Hand::apply`]). `players` are
/// optional names in seat order.
pub fn export(setup: &HandSetup, events: &[Event], players: Option<&[String]>) -> PhhHand {
    export_in(setup, events, players, 0)
}

/// [`export`] for amounts in units of `10^-decimals` chips (a history with fractional chips
/// replayed): the bets are written in the file's chips, and the hand keeps its unit.
pub(super) fn export_in(
    setup: &HandSetup,
    events: &[Event],
    players: Option<&[String]>,
    decimals: u32,
) -> PhhHand {
    let mut w = Writer::new(setup);
    w.decimals = decimals;
    for e in events {
        w.event(e);
    }
    w.flush_holes();
    let over = events.last() == Some(&Event::HandOver);
    let n = w.n;
    PhhHand {
        variant: Variant::of(setup.rules.structure),
        ante_trimming: setup.rules.antes == Antes::Live,
        antes: w.to_phh(&setup.antes),
        blinds: w.to_phh(&setup.blinds),
        min_bet: setup.min_bet,
        big_bet: if setup.rules.structure == Structure::FixedLimit {
            setup.big_bet
        } else {
            setup.min_bet
        },
        starting_stacks: (0..n).map(|i| setup.stacks[w.seat_of(i)]).collect(),
        finishing_stacks: over.then(|| (0..n).map(|i| w.stacks[w.seat_of(i)]).collect()),
        players: players.map(|p| {
            (0..n)
                .map(|i| p.get(w.seat_of(i)).cloned().unwrap_or_default())
                .collect()
        }),
        actions: w.actions,
        tavolo_rules: Some(setup.rules),
        carried_in: setup.carried_in,
        scale: 10u64.pow(decimals),
        decimals,
    }
}

/// The history being written: the actions so far, and the chips each seat has behind and in
/// front of it (for the finishing stacks and the `cbr` amounts).
struct Writer {
    n: usize,
    button: usize,
    actions: Vec<String>,
    /// Hole cards dealt and not yet written (PHH deals each player's two in one action).
    holes: Vec<Vec<Option<Card>>>,
    stacks: Vec<Chips>,
    bets: Vec<Chips>,
    /// The amounts' unit: `10^-decimals` chips.
    decimals: u32,
}

impl Writer {
    fn new(setup: &HandSetup) -> Writer {
        let n = setup.seats();
        Writer {
            n,
            button: setup.button,
            actions: Vec::new(),
            holes: vec![Vec::new(); n],
            stacks: setup.stacks.clone(),
            bets: vec![Chips::ZERO; n],
            decimals: 0,
        }
    }

    /// The seat of PHH player `i` (0-based): the seat `i` places left of the button's left
    /// neighbour.
    fn seat_of(&self, i: usize) -> usize {
        (self.button + 1 + i) % self.n
    }

    /// The PHH player number (1-based) of a seat.
    fn player(&self, seat: usize) -> usize {
        (seat + self.n - self.button - 1) % self.n + 1
    }

    /// Per-seat amounts in PHH order (heads-up the two are reversed, by PHH's rule).
    fn to_phh(&self, v: &[Chips]) -> Vec<Chips> {
        let n = self.n;
        (0..n)
            .map(|i| v[self.seat_of(if n == 2 { 1 - i } else { i })])
            .collect()
    }

    /// The hole cards dealt so far, one `d dh` action per player (`??` for an unknown card).
    fn flush_holes(&mut self) {
        if self.holes.iter().all(Vec::is_empty) {
            return;
        }
        for i in 0..self.n {
            let s = self.seat_of(i);
            let cards: String = self.holes[s]
                .iter()
                .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
                .collect();
            self.actions.push(format!("d dh p{} {}", i + 1, cards));
        }
        self.holes.iter_mut().for_each(Vec::clear);
    }

    /// One event: an action written, or the chips moved.
    fn event(&mut self, e: &Event) {
        if !matches!(e, Event::HoleDealt { .. }) {
            self.flush_holes();
        }
        match *e {
            Event::Bet(BetEvent::AntePosted { seat, amount }) => self.stacks[seat] -= amount,
            Event::BlindPosted { seat, amount } => self.put(seat, amount),
            Event::Bet(BetEvent::Called { seat, amount, .. }) => {
                self.put(seat, amount);
                self.say(seat, "cc");
            }
            Event::HoleDealt { seat, card } => self.holes[seat].push(card),
            Event::BoardDealt { cards, .. } => {
                let c: String = cards.as_slice().iter().map(|c| c.to_string()).collect();
                self.actions.push(format!("d db {c}"));
            }
            Event::Bet(BetEvent::Folded { seat, .. }) => self.say(seat, "f"),
            Event::Bet(BetEvent::Checked { seat }) => self.say(seat, "cc"),
            Event::Bet(BetEvent::BetOrRaised { seat, to, .. }) => {
                self.stacks[seat] -= to - self.bets[seat];
                self.bets[seat] = to;
                self.say(seat, &format!("cbr {}", format_amount(to, self.decimals)));
            }
            Event::Bet(BetEvent::UncalledReturned { seat, amount }) => {
                self.stacks[seat] += amount;
                self.bets[seat] = self.bets[seat].minus_at_most(amount);
            }
            Event::RoundEnded { .. } => self.bets.iter_mut().for_each(|b| *b = Chips::ZERO),
            Event::Shown { seat, cards, .. } => {
                self.say(seat, &format!("sm {}{}", cards[0], cards[1]))
            }
            Event::Bet(BetEvent::Mucked { seat }) => self.say(seat, "sm"),
            Event::Bet(BetEvent::PotWon { seat, amount, .. }) => self.stacks[seat] += amount,
            Event::Burned | Event::Bet(BetEvent::Carried { .. }) | Event::HandOver => {}
        }
    }

    /// Chips a seat puts in front of it.
    fn put(&mut self, seat: usize, amount: Chips) {
        self.stacks[seat] -= amount;
        self.bets[seat] += amount;
    }

    /// A player's action.
    fn say(&mut self, seat: usize, what: &str) {
        let p = self.player(seat);
        self.actions.push(format!("p{p} {what}"));
    }
}
