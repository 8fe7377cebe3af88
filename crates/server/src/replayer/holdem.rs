//! A Hold'em hand's steps from its PHH record: the deal (antes and blinds posted), the hole
//! cards, then one step per action, board and show, as the engine replays them.

use tavolo_cards::TieBreak;
use tavolo_engine::betting::{BettingEvent, BettingTable};
use tavolo_engine::holdem::phh::{self, Sight};
use tavolo_engine::holdem::{Event, Hand};

use super::{
    betting_step, card, close, names, payout, reply, shown_hand, Asker, Gone, ReplayFailed,
};
use crate::protocol::replay::{ReplayReply, ReplayStep};

pub(super) fn replay(record: &str, asker: Asker<'_>) -> Result<ReplayReply, ReplayFailed> {
    let fail = |e: phh::PhhError| ReplayFailed(e.to_string());
    let hand = phh::parse_phh(record).map_err(fail)?;
    let n = hand.starting_stacks.len();
    // PHH numbers players from the small blind (the engine's seats here), not by table seat:
    // the asker is found by name.
    let viewer = Sight::player_named(asker.name, hand.players.as_deref(), n)
        .or(asker.seat.filter(|_| hand.players.is_none()));
    let mut raw: Vec<(Hand, Vec<Event>)> = Vec::new();
    let end = hand
        .replay_with(|h, ev| raw.push((h.clone(), ev.to_vec())))
        .map_err(fail)?;
    let shown_at_end = end.hand.shown();
    let known = |s: usize| asker.all || Some(s) == viewer || shown_at_end.contains(s);
    let mut gone = Gone::new(n);
    let mut shown = vec![false; n];
    let mut steps: Vec<ReplayStep> = Vec::new();
    let mut dealing = false;
    for (h, events) in &raw {
        gone.see_step(&mut shown, events);
        let told: Vec<serde_json::Value> = (events.iter())
            .map(|&e| match e {
                Event::HoleDealt { seat, .. } if !known(seat) => e.seen_by(None),
                e => e,
            })
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect();
        let mut step = state(h, &gone, &shown, &known);
        // The hole cards, dealt one action a player, are one step.
        let hole =
            !events.is_empty() && events.iter().all(|e| matches!(e, Event::HoleDealt { .. }));
        match steps.last_mut() {
            Some(last) if hole && dealing => {
                last.events.extend(told);
                step.events = std::mem::take(&mut last.events);
                *last = step;
            }
            _ => {
                step.events = told;
                steps.push(step);
            }
        }
        dealing = hole;
    }
    if end.hand.is_over() {
        let all = raw.iter().flat_map(|(_, ev)| ev.iter());
        let mut result = payout(all.filter_map(|e| e.bet()));
        for s in shown_at_end.iter() {
            let (Some(rank), Some(five)) = (end.hand.shown_rank(s), end.hand.shown_five(s)) else {
                continue;
            };
            let hole: Vec<_> = end.hand.hole_cards(s).into_iter().flatten().collect();
            result
                .hands
                .push(shown_hand(s, rank, five, &hole, TieBreak::Standard));
        }
        close(&mut steps, result);
    }
    Ok(reply(
        names(hand.players.as_deref(), n),
        viewer,
        Some(end.hand.button()),
        steps,
    ))
}

/// The table of hand `h` as the asker sees it.
fn state(h: &Hand, gone: &Gone, shown: &[bool], known: &dyn Fn(usize) -> bool) -> ReplayStep {
    let cards = |s: usize| {
        (h.hole_cards(s).into_iter().flatten())
            .map(|c| known(s).then(|| card(c)))
            .collect()
    };
    let board = h.board().map(card).collect();
    betting_step(h.felt(), board, gone, shown, cards, |_| None)
}
