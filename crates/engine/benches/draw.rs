//! Five-Card Draw throughput: complete random 6-handed hands per second on one core.
//!
//! Each hand is dealt by the engine's ChaCha20 generator (one generator for the whole session:
//! each hand is dealt in place after the previous one, `DrawHand::deal_next_into`, as a table
//! would) and played to the end by random legal actions —
//! opening, calling, raising, folding (sometimes out of turn), exchanging 0–3 cards, showing or
//! mucking — every action going through the engine's checks and `apply_into` with a reused
//! event buffer; showdowns are evaluated with the German tie-breaks. Stacks are reset every
//! hand (random, 20 to 400 antes) so that all-ins and side pots occur.
//!
//! Run with `cargo bench -p tavolo-engine --bench draw`; `DRAW_BENCH_SECS` sets the measuring
//! time (default 3).

mod common;

use std::hint::black_box;

use common::{repeat_for, WyRand};
use tavolo_cards::GameRng;
use tavolo_engine::draw::{Action, Dealing, DrawHand, DrawSetup, Event, ToAct};
use tavolo_engine::Chips;

#[inline]
fn bot(h: &DrawHand, r: &mut WyRand) -> Action {
    let x = r.below(100);
    match h.legal_actions() {
        ToAct::Bet(l) => {
            let seat = l.seat;
            if x < 2 {
                // Someone else folds out of turn.
                let other = (seat + 1 + r.below(5) as usize) % h.seats();
                if h.may_fold(other) {
                    return Action::Fold { seat: other };
                }
            }
            match (x, l.call, l.raise) {
                (0..=14, _, _) => Action::Fold { seat },
                (15..=34, _, Some(rr)) => Action::BetOrRaiseTo {
                    seat,
                    to: rr.min_to + Chips::new(r.below((rr.max_to - rr.min_to).get().min(200) + 1)),
                },
                (_, Some(_), _) => Action::Call { seat },
                _ if l.check => Action::Check { seat },
                (_, None, Some(rr)) => Action::BetOrRaiseTo {
                    seat,
                    to: rr.min_to,
                },
                _ => Action::Fold { seat },
            }
        }
        ToAct::Exchange { seat, hand, .. } => {
            let mut bits = hand.bits();
            let mut discard = tavolo_cards::CardSet::EMPTY;
            for _ in 0..r.below(4) {
                let skip = r.below(2);
                for _ in 0..skip {
                    bits &= bits.wrapping_sub(1);
                }
                if bits == 0 {
                    break;
                }
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if let Some(card) = tavolo_cards::Card::from_index(c) {
                    discard.insert(card);
                }
            }
            Action::Exchange { seat, discard }
        }
        ToAct::Showdown { seat, may_muck } => {
            if may_muck && x < 50 {
                Action::Muck { seat }
            } else {
                Action::Show { seat }
            }
        }
        ToAct::Nobody => Action::Fold { seat: 0 },
    }
}

/// Plays `hands` hands, each dealt in place after the previous one with the same generator;
/// returns the number of actions applied.
fn run(
    hands: u64,
    h: &mut DrawHand,
    r: &mut WyRand,
    setup: &mut DrawSetup,
    ev: &mut Vec<Event>,
) -> u64 {
    let mut actions = 0;
    for _ in 0..hands {
        for s in setup.stacks.iter_mut() {
            *s = Chips::new(20 + r.below(380));
        }
        setup.dealer = (setup.dealer + 1) % 6;
        setup.carried_in = h.carried();
        ev.clear();
        if h.deal_next_into(setup, ev).is_err() {
            break;
        }
        while !h.is_over() {
            let a = bot(h, r);
            ev.clear();
            if h.apply_into(a, ev).is_ok() {
                actions += 1;
            }
        }
        black_box(h.stacks());
    }
    actions
}

fn main() {
    let secs: u64 = std::env::var("DRAW_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut setup = DrawSetup::new(vec![Chips::new(100); 6], 0, Chips::new(1));
    let mut r = WyRand(7);
    let mut ev = Vec::with_capacity(64);
    let Ok(mut h) = DrawHand::new_into(&setup, Dealing::Seeded(GameRng::from_u64(2026)), &mut ev)
    else {
        return;
    };
    run(20_000, &mut h, &mut r, &mut setup, &mut ev);
    let mut actions = 0u64;
    let timing = repeat_for(secs as f64, || {
        actions += run(10_000, &mut h, &mut r, &mut setup, &mut ev);
    });
    let hands = 10_000 * timing.batches;
    let (t, cpu) = (timing.wall, timing.cpu_or_wall());
    println!(
        "draw/random_6_handed_hands: {:.0} hands per CPU-second ({:.0} ns per hand), {:.0} per wall-clock second; \
         {:.1} actions per hand, {hands} hands in {t:.2} s ({cpu:.2} s on CPU)",
        hands as f64 / cpu,
        cpu * 1e9 / hands as f64,
        hands as f64 / t,
        actions as f64 / hands as f64,
    );
}
