//! The replayer's steps of a stored hand or game ([`ReplayReply`]), built by the engine from the
//! record: Hold'em from its PHH (`holdem.rs`), Five-Card Draw from its record (`draw.rs`), Saint
//! Poker from its verified record (`saint.rs`). The engine replays the record action by action
//! ([`tavolo_engine::holdem::phh::PhhHand::replay_with`],
//! [`tavolo_engine::draw::DrawRecord::replay_with`]); this module only reads each state as the
//! asker may see it at the end of the hand, and hands the engine's events on untold.

mod draw;
mod holdem;
mod saint;

use tavolo_cards::{Card, HandRank, TieBreak};
use tavolo_engine::betting::{BetEvent, BettingEvent, Felt};
use tavolo_engine::Chips;

use crate::protocol::replay::{
    PotResult, ReplayReply, ReplayStep, Share, ShownHand, StepPot, StepResult, StepSeat,
};

/// Who asks for a replay, and what they may see.
#[derive(Clone, Copy, Debug)]
pub struct Asker<'a> {
    /// Their name (found among the record's players).
    pub name: &'a str,
    /// Their seat as the room stored it, for records that name nobody.
    pub seat: Option<usize>,
    /// Every card dealt (`reveal=all`), not only theirs and those shown.
    pub all: bool,
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ReplayFailed(pub String);

/// The replay of a stored record of `game` (`format` as stored: `phh`, or JSON).
pub fn replay(
    hand: &str,
    game: &str,
    record: &str,
    asker: Asker<'_>,
) -> Result<ReplayReply, ReplayFailed> {
    let mut reply = match game {
        "holdem" => holdem::replay(record, asker),
        "draw" => draw::replay(record, asker),
        "saint" => saint::replay(record, asker),
        other => Err(ReplayFailed(format!("no replayer for the game `{other}`"))),
    }?;
    reply.hand = hand.to_string();
    reply.game = game.to_string();
    reply.revealed = asker.all;
    Ok(reply)
}

/// A card as the wire writes it (`As`).
fn card(c: Card) -> String {
    c.to_string()
}

/// A hand shown and its value by the engine under `rule`: `five` the five cards that make it.
fn shown_hand(
    seat: usize,
    rank: HandRank,
    five: [Card; 5],
    shown: &[Card],
    rule: TieBreak,
) -> ShownHand {
    let code = rank.code_under(rule);
    ShownHand {
        seat,
        category: code.category.into_owned(),
        ranks: code.ranks.into_iter().map(|r| r.into_owned()).collect(),
        cards: tavolo_cards::order_five(five, rank)
            .into_iter()
            .map(card)
            .collect(),
        shown: shown.iter().copied().map(card).collect(),
        points: None,
    }
}

/// The payout of a hand from its betting events: each pot's winners, the uncalled chips given
/// back and what stays in the middle.
fn payout<'a>(events: impl Iterator<Item = &'a BetEvent>) -> StepResult {
    let mut out = StepResult::default();
    for e in events {
        match *e {
            BetEvent::PotWon { pot, seat, amount } => {
                let at = match out.pots.iter().position(|p| p.pot == pot) {
                    Some(at) => at,
                    None => {
                        out.pots.push(PotResult {
                            pot,
                            amount: Chips::ZERO,
                            winners: Vec::new(),
                        });
                        out.pots.len() - 1
                    }
                };
                let p = &mut out.pots[at];
                p.amount += amount;
                p.winners.push(Share { seat, amount });
            }
            BetEvent::UncalledReturned { seat, amount } => {
                out.returned.push(Share { seat, amount })
            }
            BetEvent::Carried { amount } => out.carried += amount,
            _ => {}
        }
    }
    out.pots.sort_by_key(|p| p.pot);
    out
}

/// What a result pays out of the middle (the last step's `pot`).
fn paid(r: &StepResult) -> Chips {
    r.pots.iter().map(|p| p.amount).sum::<Chips>() + r.carried
}

/// A replay's answer; its hand, game and sight are filled in by [`replay`].
fn reply(
    players: Vec<String>,
    viewer: Option<usize>,
    button: Option<usize>,
    steps: Vec<ReplayStep>,
) -> ReplayReply {
    ReplayReply {
        hand: String::new(),
        game: String::new(),
        players,
        viewer,
        button,
        revealed: false,
        steps,
    }
}

/// The record's names by seat (empty where it names nobody).
fn names(players: Option<&[String]>, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| players.and_then(|p| p.get(i).cloned()).unwrap_or_default())
        .collect()
}

/// The step of a betting game: the engine's `felt` and `board` with the folds and shows so
/// far, each seat's cards as the asker sees them (`cards`) and, in Draw, how many it exchanged.
fn betting_step(
    felt: Felt,
    board: Vec<String>,
    gone: &Gone,
    shown: &[bool],
    cards: impl Fn(usize) -> Vec<Option<String>>,
    exchanged: impl Fn(usize) -> Option<u8>,
) -> ReplayStep {
    let seats = (0..felt.stacks.len())
        .map(|s| {
            let folded = gone.folded.get(s).copied().unwrap_or(false);
            let stack = felt.stacks[s];
            StepSeat {
                stack,
                bet: felt.bets.get(s).copied().unwrap_or(Chips::ZERO),
                folded,
                all_in: stack == 0 && !folded && !felt.over,
                mucked: gone.mucked.get(s).copied().unwrap_or(false),
                shown: shown.get(s).copied().unwrap_or(false),
                cards: cards(s),
                exchanged: exchanged(s),
                points: None,
                placed: None,
                hand: None,
            }
        })
        .collect();
    ReplayStep {
        events: Vec::new(),
        seats,
        board,
        pots: (felt.pots.iter())
            .map(|p| StepPot {
                amount: p.amount,
                eligible: p.eligible.clone(),
            })
            .collect(),
        pot: felt.pot,
        to_act: felt.to_act,
        saint: None,
        result: None,
    }
}

/// The hand's end on its last step: the result, and the pot is what was paid out of it.
fn close(steps: &mut [ReplayStep], result: StepResult) {
    if let Some(last) = steps.last_mut() {
        last.pot = paid(&result);
        last.pots.clear();
        last.result = Some(result);
    }
}

/// The folds and mucks so far, per seat, from betting events.
#[derive(Clone, Debug, Default)]
struct Gone {
    folded: Vec<bool>,
    mucked: Vec<bool>,
}

impl Gone {
    fn new(n: usize) -> Gone {
        Gone {
            folded: vec![false; n],
            mucked: vec![false; n],
        }
    }

    /// Sees one step's events: the folds and mucks, and the hands shown (`shown`, by seat).
    fn see_step<E: BettingEvent>(&mut self, shown: &mut [bool], events: &[E]) {
        for e in events {
            if let Some(b) = e.bet() {
                self.see(b);
            }
            if let Some(seat) = e.shown_seat().filter(|&s| s < shown.len()) {
                shown[seat] = true;
            }
        }
    }

    fn see(&mut self, e: &BetEvent) {
        match *e {
            BetEvent::Folded { seat, .. } if seat < self.folded.len() => self.folded[seat] = true,
            BetEvent::Mucked { seat } if seat < self.mucked.len() => self.mucked[seat] = true,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
