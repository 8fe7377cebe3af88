//! Tests of Hold'em's LBR: its anchors' closed forms, the all-in adjustment, the refusals.

use super::*;
use crate::holdem::{bot_spec, heads_up};

fn run(bot: &str, structure: Structure, deals: u64) -> LbrResult {
    let spec = bot_spec(bot).expect("bot");
    let mut config = LbrConfig::new(structure, deals, 7);
    config.preflop_samples = 60;
    config.flop_samples = 60;
    measure(&spec, &config, &|| {}).expect("measure")
}

#[test]
fn lbr_wins_the_blinds_from_a_bot_that_folds_every_hand() {
    // Folding every hand heads-up loses the small blind on the button and the big blind
    // behind it (LBR raises, and a check-fold bot folds to it): (½ + 1) / 2 = 750 mbb/g.
    for structure in [Structure::FixedLimit, Structure::NoLimit] {
        let r = run("fold", structure, 40);
        assert!(
            (r.milli_per_game - 750.0).abs() < 1e-6,
            "{structure:?}: {r:?}"
        );
        assert_eq!(r.range_misses, 0);
    }
}

#[test]
fn lbr_beats_the_calling_station_and_the_maniac() {
    // The maniac's raise wars last to the all-in: few deals suffice.
    for (bot, deals) in [("station", 100), ("raise", 16)] {
        let r = run(bot, Structure::FixedLimit, deals);
        assert!(
            r.milli_per_game - r.ci95 > 0.0,
            "{bot}: {} ± {}",
            r.milli_per_game,
            r.ci95
        );
    }
}

/// Plays a heads-up No-Limit hand (100 big blinds, blinds 50/100) dealt from `seed`: each
/// betting decision is `script(street's board cards, legal)`; hands are shown at the end.
/// The finished hand and every event.
fn scripted(
    seed: u64,
    script: impl Fn(usize, &Legal) -> Action,
) -> (Holdem, Vec<Event>, <Holdem as Game>::Setup) {
    use tavolo_engine::holdem::{Dealing, ToAct};
    let setup = heads_up(Structure::NoLimit).expect("setup");
    let (mut hand, mut events) = Holdem::new(
        &setup,
        Dealing::Seeded(tavolo_cards::GameRng::from_u64(seed)),
    )
    .expect("deal");
    while !hand.is_over() {
        let action = match hand.legal_actions() {
            ToAct::Player(l) => script(hand.board().count(), &l),
            ToAct::Showdown { next, .. } => Action::Show {
                seat: next,
                cards: None,
            },
            other => panic!("{other:?}"),
        };
        events.extend(hand.apply(action).expect("legal"));
    }
    (hand, events, setup)
}

/// All in at the first chance once `board` cards are out, calling any bet; checks before.
fn shove_at(board: usize) -> impl Fn(usize, &Legal) -> Action {
    move |seen, l| match (l.raise, l.call) {
        (Some(r), _) if seen >= board => Action::BetOrRaiseTo {
            seat: l.seat,
            to: r.max_to,
        },
        (_, Some(_)) if seen >= board => Action::Call { seat: l.seat },
        (_, Some(_)) => Action::Call { seat: l.seat },
        _ => Action::Check { seat: l.seat },
    }
}

fn equity(hand: &Holdem, seat: usize, board: usize) -> f64 {
    let hole = |s| full(hand.hole_cards(s)).expect("dealt");
    EquityQuery::new(
        vec![Holding::Known(hole(seat)), Holding::Known(hole(1 - seat))],
        hand.board().take(board).collect(),
        CardSet::EMPTY,
        EquityGame::Holdem,
    )
    .expect("query")
    .exact_single_thread()
    .equity(0)
}

#[test]
fn an_all_in_before_the_river_is_valued_at_the_equity_over_every_board_still_to_come() {
    for (seed, board) in [(1, 0), (2, 0), (3, 3), (4, 3), (5, 4)] {
        let (hand, events, setup) = scripted(seed, shove_at(board));
        assert_eq!(hand.board().count(), 5, "run out to the river");
        let mut total = 0.0;
        for seat in 0..2 {
            let start = setup.stacks[seat];
            let e =
                all_in_expectation(&hand, &events, seat, start, Chips::new(100)).expect("all-in");
            // Both all in for 100 big blinds: the pot is 200, each put in 100.
            let want = 200.0 * equity(&hand, seat, board) - 100.0;
            assert!(
                (e - want).abs() < 1e-9,
                "seed {seed} seat {seat}: {e} vs {want}"
            );
            total += e;
        }
        assert!(total.abs() < 1e-9, "zero-sum: {total}");
    }
}

#[test]
fn hands_that_end_by_a_fold_or_with_betting_on_the_river_are_not_adjusted() {
    // Checked and called down: the last action is on the river.
    let (hand, events, setup) = scripted(6, shove_at(9));
    assert_eq!(hand.board().count(), 5);
    assert_eq!(
        all_in_expectation(&hand, &events, 0, setup.stacks[0], Chips::new(100)),
        None
    );
    // The first to act folds.
    let (hand, events, setup) = scripted(7, |_, l| Action::Fold { seat: l.seat });
    assert_eq!(
        all_in_expectation(&hand, &events, 1, setup.stacks[1], Chips::new(100)),
        None
    );
    // All in on the river: the cards are all out, nothing to average.
    let (hand, events, setup) = scripted(8, shove_at(5));
    assert_eq!(
        all_in_expectation(&hand, &events, 0, setup.stacks[0], Chips::new(100)),
        None
    );
}

#[test]
fn all_in_adjusted_lbr_is_reported_beside_the_plain_figure() {
    let r = run("raise", Structure::NoLimit, 12);
    let a = r.all_in_adjusted.clone().expect("Hold'em adjusts");
    assert!(a.hands > 0, "the maniac goes all in: {r:?}");
    assert!(a.hands <= 24);
    // The folding bot never reaches a showdown: both figures are the same.
    let r = run("fold", Structure::NoLimit, 8);
    let a = r.all_in_adjusted.clone().expect("Hold'em adjusts");
    assert_eq!(
        (a.hands, a.milli_per_game, a.ci95),
        (0, r.milli_per_game, r.ci95)
    );
}

#[test]
fn a_bot_without_a_policy_is_refused_with_its_name() {
    let spec = bot_spec("random").expect("bot");
    let config = LbrConfig::new(Structure::FixedLimit, 2, 1);
    match measure(&spec, &config, &|| {}) {
        Err(BotsError::NoPolicy { bot }) => assert_eq!(bot, "random"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn equity_against_each_pair_is_exact_on_the_river() {
    let c = tavolo_cards::parse_cards("As Ah Kd 7c 2s 9h 4d").expect("cards");
    let range = vec![1.0; PAIRS];
    let e = equity_vs_pairs([c[0], c[1]], &c[2..], &range, &mut SplitMix64::new(1), 1, 1);
    let kk = (0..PAIRS)
        .find(|&i| pair(i).iter().all(|x| x.rank() == c[2].rank()) && !pair(i).contains(&c[2]))
        .expect("a pair of kings");
    assert_eq!(e[kk], 0.0, "a set of kings beats aces");
}
