//! A Saint Poker game's steps from its record, once the engine has verified it (every card
//! placed, shown and picked, every hand's value and points, the places): the deal, then per
//! round its start, the cards placed, the pairs shown and scored, and each draft pick. A
//! player's hand is theirs alone; what they place, show and pick is on the table.

use tavolo_cards::{Card, HandRank, TieBreak};
use tavolo_engine::saint::{verify_record, Event, RoundRecord, SaintRecord};
use tavolo_engine::Chips;

use super::{card, reply, shown_hand, Asker, ReplayFailed};
use crate::protocol::replay::{
    ReplayReply, ReplayStep, SaintStep, ShownHand, StepResult, StepSeat,
};

/// The state carried from step to step.
struct Table {
    hands: Vec<Vec<Card>>,
    points: Vec<u32>,
    placed: Option<Vec<Card>>,
    shown: Option<Vec<ShownHand>>,
    board: Vec<Card>,
    round: u8,
    preview: Vec<Card>,
    order: Option<Vec<usize>>,
    picking: Option<usize>,
}

pub(super) fn replay(record: &str, asker: Asker<'_>) -> Result<ReplayReply, ReplayFailed> {
    let rec: SaintRecord = serde_json::from_str(record).map_err(|e| ReplayFailed(e.to_string()))?;
    verify_record(&rec).map_err(|e| ReplayFailed(e.to_string()))?;
    let n = rec.players.len();
    // Records written before tables named players call them P1, P2, …
    let unnamed = (rec.players.iter().enumerate()).all(|(i, p)| *p == format!("P{}", i + 1));
    let viewer = match unnamed {
        false => rec.players.iter().position(|p| p == asker.name),
        true => asker.seat.filter(|&s| s < n),
    };
    let known = |p: usize| asker.all || Some(p) == viewer;
    let mut t = Table {
        hands: rec.deal.hands.clone(),
        points: vec![0; n],
        placed: None,
        shown: None,
        board: rec.deal.centre.clone(),
        round: 0,
        preview: Vec::new(),
        order: None,
        picking: None,
    };
    let mut steps = vec![step(&t, Vec::new(), &known)];
    for rd in &rec.rounds {
        round_steps(&mut t, rd, n, &known, &mut steps)?;
    }
    if let (Some(result), Some(last_round)) = (&rec.result, rec.rounds.last()) {
        t.round = 8;
        t.board = last_round.centre.clone();
        (t.preview, t.order, t.picking, t.placed) = (Vec::new(), None, None, None);
        t.points = result.scores.clone();
        let mut s = step(&t, Vec::new(), &known);
        s.result = Some(StepResult {
            places: Some(result.places.clone()),
            hands: t.shown.clone().unwrap_or_default(),
            ..StepResult::default()
        });
        steps.push(s);
    }
    let players = match unnamed {
        true => vec![String::new(); n],
        false => rec.players.clone(),
    };
    Ok(reply(players, viewer, None, steps))
}

/// The steps of round `rd`: its start, the cards placed, the pairs shown and scored, and each
/// draft pick; `t` carried on to the next round.
fn round_steps(
    t: &mut Table,
    rd: &RoundRecord,
    n: usize,
    known: &dyn Fn(usize) -> bool,
    steps: &mut Vec<ReplayStep>,
) -> Result<(), ReplayFailed> {
    t.round = rd.round;
    t.preview = rd.preview.clone();
    (t.placed, t.shown, t.order, t.picking) = (None, None, None, None);
    let started = Event::RoundStarted {
        round: rd.round,
        centre: t.board.iter().copied().collect(),
        preview: rd.preview.iter().copied().collect(),
        reshuffled: rd.reshuffled,
    };
    steps.push(step(t, vec![started], known));
    for (p, &c) in rd.placed.iter().enumerate() {
        take(&mut t.hands, p, &[c]);
    }
    t.placed = Some(rd.placed.clone());
    t.board = rd.centre.clone();
    let placed =
        (rd.placed.iter().enumerate()).map(|(player, &card)| Event::Placed { player, card });
    steps.push(step(t, placed.collect(), known));
    let mut shown = Vec::new();
    let mut events = Vec::new();
    for (p, h) in rd.hands.iter().enumerate() {
        take(&mut t.hands, p, &h.shown);
        events.push(Event::Shown {
            player: p,
            cards: h.shown,
        });
        let rank = HandRank::from_value(h.value)
            .ok_or_else(|| ReplayFailed(format!("hand value {} out of range", h.value)))?;
        let mut sh = shown_hand(p, rank, h.best_five, &h.shown, TieBreak::Standard);
        sh.points = Some(h.points);
        shown.push(sh);
    }
    for (p, &s) in rd.scores.iter().enumerate().filter(|(p, _)| *p < n) {
        t.points[p] = s;
    }
    t.shown = Some(shown);
    steps.push(step(t, events, known));
    if let Some(draft) = &rd.draft {
        let mut pool: Vec<Card> = rd.centre.clone();
        pool.extend(rd.hands.iter().flat_map(|h| h.shown));
        t.order = Some(draft.order.clone());
        for pk in &draft.picks {
            if let Some(at) = pool.iter().position(|&c| c == pk.card) {
                pool.remove(at);
            }
            if let Some(h) = t.hands.get_mut(pk.player) {
                h.push(pk.card);
            }
            t.board = pool.clone();
            t.picking = Some(pk.player);
            let picked = Event::Picked {
                player: pk.player,
                card: pk.card,
            };
            steps.push(step(t, vec![picked], known));
        }
    }
    t.board = rd.preview.clone();
    Ok(())
}

/// Takes `cards` out of player `p`'s hand.
fn take(hands: &mut [Vec<Card>], p: usize, cards: &[Card]) {
    if let Some(h) = hands.get_mut(p) {
        h.retain(|c| !cards.contains(c));
    }
}

fn step(t: &Table, events: Vec<Event>, known: &dyn Fn(usize) -> bool) -> ReplayStep {
    let seats = (0..t.hands.len())
        .map(|p| {
            let mut hand = t.hands[p].clone();
            hand.sort();
            StepSeat {
                stack: Chips::ZERO,
                bet: Chips::ZERO,
                folded: false,
                all_in: false,
                mucked: false,
                shown: t.shown.is_some(),
                cards: hand
                    .into_iter()
                    .map(|c| known(p).then(|| card(c)))
                    .collect(),
                exchanged: None,
                points: Some(t.points.get(p).copied().unwrap_or(0)),
                placed: (t.placed.as_ref()).and_then(|v| v.get(p).copied().map(card)),
                hand: (t.shown.as_ref()).and_then(|v| v.get(p).cloned()),
            }
        })
        .collect();
    ReplayStep {
        events: (events.iter())
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect(),
        seats,
        board: t.board.iter().copied().map(card).collect(),
        pots: Vec::new(),
        pot: Chips::ZERO,
        to_act: None,
        saint: Some(SaintStep {
            round: t.round,
            preview: t.preview.iter().copied().map(card).collect(),
            order: t.order.clone(),
            picking: t.picking,
        }),
        result: None,
    }
}
