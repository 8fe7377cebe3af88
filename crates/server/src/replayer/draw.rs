//! A Five-Card Draw hand's steps from its record: the antes and the deal, then one step per
//! action (bets, exchanges, shows), as the engine replays them; the hands shown are valued by
//! the table's tie-break (German by default: RULES.md §3).

use tavolo_engine::draw::{DrawHand, DrawRecord, Event};

use super::{card, paid, payout, shown_hand, Asker, Gone, ReplayFailed};
use crate::protocol::replay::{ReplayReply, ReplayStep, StepPot, StepSeat};

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
        for e in events {
            match e {
                Event::Bet(b) => gone.see(b),
                Event::Shown { seat, .. } if *seat < n => shown[*seat] = true,
                _ => {}
            }
        }
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
    if let Some(last) = steps.last_mut().filter(|_| end.is_over()) {
        let all = raw.iter().flat_map(|(_, ev)| ev.iter());
        let mut result = payout(all.filter_map(|e| match e {
            Event::Bet(b) => Some(b),
            _ => None,
        }));
        let rule = end.rules().tie_break;
        for s in shown_at_end.iter() {
            let (Some(rank), Some(five)) = (end.shown_rank(s), end.shown_five(s)) else {
                continue;
            };
            result.hands.push(shown_hand(s, rank, five, &five, rule));
        }
        last.pot = paid(&result);
        last.pots.clear();
        last.result = Some(result);
    }
    Ok(ReplayReply {
        hand: String::new(),
        game: String::new(),
        players: (0..n)
            .map(|i| {
                (rec.players.as_ref())
                    .and_then(|p| p.get(i).cloned())
                    .unwrap_or_default()
            })
            .collect(),
        viewer,
        button: Some(end.dealer()),
        revealed: asker.all,
        steps,
    })
}

/// The table of hand `h` as the asker sees it.
fn state(h: &DrawHand, gone: &Gone, shown: &[bool], known: &dyn Fn(usize) -> bool) -> ReplayStep {
    let v = h.view(None);
    let seats = (0..h.seats())
        .map(|s| {
            let folded = gone.folded[s];
            StepSeat {
                stack: v.stacks[s],
                bet: v.bets[s],
                folded,
                all_in: v.stacks[s] == 0 && !folded && !v.over,
                mucked: gone.mucked[s],
                shown: shown[s],
                cards: (h.hand(s).iter())
                    .map(|c| known(s).then(|| card(c)))
                    .collect(),
                exchanged: v.exchange_counts.get(s).copied().flatten(),
                points: None,
                placed: None,
                hand: None,
            }
        })
        .collect();
    ReplayStep {
        events: Vec::new(),
        seats,
        board: Vec::new(),
        pots: (v.pots.iter())
            .map(|p| StepPot {
                amount: p.amount,
                eligible: p.eligible.clone(),
            })
            .collect(),
        pot: v.pot,
        to_act: v.to_act,
        saint: None,
        result: None,
    }
}
