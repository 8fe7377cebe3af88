//! Tests of Draw's LBR: the anchors, the refusals, reproducibility, the range following the exchange.

use super::*;
use crate::draw::bot_spec;
use tavolo_engine::game::seed_from_u64;

fn run(bot: &str, deals: u64, seed: u64) -> LbrResult {
    let spec = bot_spec(bot).expect("bot");
    let mut config = LbrConfig::new(deals, seed);
    config.particles = 300;
    config.draws = 4;
    measure(&spec, &config, &|| {}).expect("measure")
}

#[test]
fn lbr_wins_the_ante_from_a_bot_that_folds_every_hand() {
    // There is no check: the bot folds when it must open, and folds to LBR's opening.
    let r = run("fold", 30, 3);
    assert_eq!(r.milli_per_game, 1000.0, "{r:?}");
    assert_eq!(r.ci95, 0.0);
    assert_eq!(r.range_misses, 0);
    assert_eq!(r.unit, "ante");
}

#[test]
fn lbr_beats_the_calling_station_and_the_maniac() {
    for (bot, deals) in [("station", 150), ("raise", 60)] {
        let r = run(bot, deals, 5);
        assert!(
            r.milli_per_game - r.ci95 > 0.0,
            "{bot}: {} ± {}",
            r.milli_per_game,
            r.ci95
        );
        assert_eq!(
            r.range_misses, 0,
            "{bot}: a deterministic bot is understood"
        );
    }
}

#[test]
fn a_bot_without_a_policy_is_refused_with_its_name() {
    let spec = bot_spec("random").expect("bot");
    match measure(&spec, &LbrConfig::new(2, 1), &|| {}) {
        Err(BotsError::NoPolicy { bot }) => assert_eq!(bot, "random"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_same_seed_gives_the_same_figure_on_one_thread_or_two() {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool")
        .install(|| run("rules", 12, 9));
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("pool")
        .install(|| run("rules", 12, 9));
    assert_eq!(one, two);
}

#[test]
fn the_range_follows_the_announced_exchange() {
    // A bot that makes the standard exchange and announces three cards holds one pair (or
    // no pair, keeping two high cards): every particle left keeps a pair or two high cards.
    let spec = bot_spec("station").expect("bot");
    let setup = DrawOptions::new(2).setup().expect("setup");
    let (hand, _) = Draw::deal(&setup, seed_from_u64(11)).expect("deal");
    let mut shadow = spec.make(1, 1);
    let mut lbr = Lbr::new(&spec, 1, hand.hand(0), &LbrConfig::new(1, 1), 4, 1);
    let mut view = hand.view(Some(1));
    view.stage = Stage::Exchange;
    view.legal = Some(ToAct::Exchange {
        seat: 1,
        hand: hand.hand(1),
        max: 3,
    });
    assert!(lbr.exchanged(shadow.as_mut(), &view, 3).expect("policy"));
    let mut left = 0;
    for p in lbr.particles.iter().filter(|p| p.weight > 0.0) {
        left += 1;
        assert_eq!(p.discarded, standard_discard(p.dealt));
        assert_eq!(p.discarded.len(), 3);
        assert_eq!(p.drawn.len(), 3);
        assert!(p.drawn.is_disjoint(p.dealt | lbr.known));
        assert_eq!(p.hand().len(), 5);
    }
    assert!(left > 200, "about half the hands draw three: {left}");
}
