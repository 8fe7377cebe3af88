//! A Five-Card Draw hand's steps from its record: the antes and the deal, then one step per
//! action (bets, exchanges, shows), as the engine replays them; the hands shown are valued by
//! the table's tie-break (German by default: RULES.md §3).

use tavolo_engine::betting::{BettingEvent, BettingTable};
use tavolo_engine::draw::{DrawHand, DrawRecord, Event};

use super::{
    betting_step, card, close, names, payout, reply, shown_hand, Asker, Gone, ReplayFailed,
};
use crate::protocol::replay::{ReplayReply, ReplayStep};

pub(super) fn replay(record: &str, asker: Asker<'_>) -> Result<ReplayReply, ReplayFailed> {
    let fail = |e: tavolo_engine::draw::RecordError| ReplayFailed(e.to_string());
    let rec = DrawRecord::from_json(record).map_err(fail)?;
    let n = rec.stacks.len();
    let viewer = match &rec.players {
        Some(p) => p.iter().position(|x| x == asker.name),
        None => asker.seat.filter(|&s| s < n),
    };
    let mut raw: Vec<(DrawHand, Vec<Event>)> = Vec::new();
    let end = rec
        .replay_with(|h, ev| raw.push((h.clone(), ev.to_vec())))
        .map_err(fail)?;
    let shown_at_end = end.shown();
    let known = |s: usize| asker.all || Some(s) == viewer || shown_at_end.contains(s);
    let mut gone = Gone::new(n);
    let mut shown = vec![false; n];
    let mut steps = Vec::new();
    for (h, events) in &raw {
        gone.see_step(&mut shown, events);
        let mut step = state(h, &gone, &shown, &known);
        step.events = (events.iter())
            .map(|&e| match e {
                Event::Dealt { seat, .. } | Event::Exchanged { seat, .. } if known(seat) => {
                    e.seen_by(Some(seat))
                }
                e => e.seen_by(None),
            })
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect();
        steps.push(step);
    }
    if end.is_over() {
        let all = raw.iter().flat_map(|(_, ev)| ev.iter());
        let mut result = payout(all.filter_map(|e| e.bet()));
        let rule = end.rules().tie_break;
        for s in shown_at_end.iter() {
            let (Some(rank), Some(five)) = (end.shown_rank(s), end.shown_five(s)) else {
                continue;
            };
            result.hands.push(shown_hand(s, rank, five, &five, rule));
        }
        close(&mut steps, result);
    }
    Ok(reply(
        names(rec.players.as_deref(), n),
        viewer,
        Some(end.dealer()),
        steps,
    ))
}

/// The table of hand `h` as the asker sees it.
fn state(h: &DrawHand, gone: &Gone, shown: &[bool], known: &dyn Fn(usize) -> bool) -> ReplayStep {
    let cards = |s: usize| {
        (h.hand(s).iter())
            .map(|c| known(s).then(|| card(c)))
            .collect()
    };
    let exchanged = |s: usize| h.exchange_counts().get(s).copied().flatten();
    betting_step(h.felt(), Vec::new(), gone, shown, cards, exchanged)
}
