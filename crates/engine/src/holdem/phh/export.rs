//! Tavolo hands written as PHH hand histories.

use super::{PhhHand, Variant};
use crate::betting::BetEvent;
use crate::betting::Structure;
use crate::holdem::action::Event;
use crate::holdem::rules::{Antes, HandSetup};
use crate::Chips;
use tavolo_cards::Card;

/// Exports a Tavolo hand as a PHH hand history: the setup and the events of the hand (as
/// returned by [`crate::holdem::Hand::new`] and [`crate::holdem::Hand::apply`]). `players` are optional names in seat order.
pub fn export(setup: &HandSetup, events: &[Event], players: Option<&[String]>) -> PhhHand {
    let n = setup.seats();
    let b = setup.button;
    // PHH player i is the seat i places left of the button's left neighbour.
    let seat_of = |i: usize| (b + 1 + i) % n;
    let phh_of = |seat: usize| (seat + n - b - 1) % n;
    let to_phh = |v: &[Chips]| -> Vec<Chips> {
        (0..n)
            .map(|i| v[seat_of(if n == 2 { 1 - i } else { i })])
            .collect()
    };
    let mut actions = Vec::new();
    let mut holes = vec![Vec::new(); n];
    let mut holes_pending = false;
    let mut stacks = setup.stacks.clone();
    let mut bets = vec![0; n];
    let card_str = |c: Option<Card>| c.map_or("??".to_string(), |c| c.to_string());
    let flush_holes = |holes: &mut Vec<Vec<Option<Card>>>, actions: &mut Vec<String>| {
        for i in 0..n {
            let s = seat_of(i);
            let cards: String = holes[s].iter().map(|&c| card_str(c)).collect();
            actions.push(format!("d dh p{} {}", i + 1, cards));
        }
        holes.iter_mut().for_each(Vec::clear);
    };
    for e in events {
        if holes_pending && !matches!(e, Event::HoleDealt { .. }) {
            flush_holes(&mut holes, &mut actions);
            holes_pending = false;
        }
        let p = |seat: usize| phh_of(seat) + 1;
        match *e {
            Event::Bet(BetEvent::AntePosted { seat, amount }) => stacks[seat] -= amount,
            Event::BlindPosted { seat, amount } => {
                stacks[seat] -= amount;
                bets[seat] += amount;
            }
            Event::HoleDealt { seat, card } => {
                holes[seat].push(card);
                holes_pending = true;
            }
            Event::BoardDealt { cards, .. } => {
                let c: String = cards.as_slice().iter().map(|c| c.to_string()).collect();
                actions.push(format!("d db {c}"));
            }
            Event::Bet(BetEvent::Folded { seat, .. }) => actions.push(format!("p{} f", p(seat))),
            Event::Bet(BetEvent::Checked { seat }) => actions.push(format!("p{} cc", p(seat))),
            Event::Bet(BetEvent::Called { seat, amount, .. }) => {
                stacks[seat] -= amount;
                bets[seat] += amount;
                actions.push(format!("p{} cc", p(seat)));
            }
            Event::Bet(BetEvent::BetOrRaised { seat, to, .. }) => {
                stacks[seat] -= to - bets[seat];
                bets[seat] = to;
                actions.push(format!("p{} cbr {}", p(seat), to));
            }
            Event::Bet(BetEvent::UncalledReturned { seat, amount }) => {
                stacks[seat] += amount;
                bets[seat] = bets[seat].saturating_sub(amount);
            }
            Event::RoundEnded { .. } => bets.iter_mut().for_each(|b| *b = 0),
            Event::Shown { seat, cards, .. } => {
                actions.push(format!("p{} sm {}{}", p(seat), cards[0], cards[1]))
            }
            Event::Bet(BetEvent::Mucked { seat }) => actions.push(format!("p{} sm", p(seat))),
            Event::Bet(BetEvent::PotWon { seat, amount, .. }) => stacks[seat] += amount,
            Event::Burned | Event::Bet(BetEvent::Carried { .. }) | Event::HandOver => {}
        }
    }
    if holes_pending {
        flush_holes(&mut holes, &mut actions);
    }
    let over = events.last() == Some(&Event::HandOver);
    PhhHand {
        variant: Variant::of(setup.rules.structure),
        ante_trimming: setup.rules.antes == Antes::Live,
        antes: to_phh(&setup.antes),
        blinds: to_phh(&setup.blinds),
        min_bet: setup.min_bet,
        big_bet: if setup.rules.structure == Structure::FixedLimit {
            setup.big_bet
        } else {
            setup.min_bet
        },
        starting_stacks: (0..n).map(|i| setup.stacks[seat_of(i)]).collect(),
        actions,
        finishing_stacks: over.then(|| (0..n).map(|i| stacks[seat_of(i)]).collect()),
        players: players.map(|p| {
            (0..n)
                .map(|i| p.get(seat_of(i)).cloned().unwrap_or_default())
                .collect()
        }),
        tavolo_rules: Some(setup.rules),
        scale: 1,
        decimals: 0,
    }
}
