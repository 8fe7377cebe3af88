//! Guarantees and overlays (docs/rule-decisions.md "Guarantees and overlays"): when the payouts
//! are fixed, a pool short of the guarantee is made up by the house (the overlay), the prizes
//! sum to the guarantee, and a tournament called off before the first bust gives the overlay
//! back to the house.

use tavolo_engine::tournament::{Config, Effect, Phase, Speed, Tournament};
use tavolo_engine::Chips;

use super::stories::{first_busts_second, scheduled, sit_and_go_config};

fn overlays(effects: &[Effect<u32>]) -> (Vec<u64>, Vec<u64>) {
    let mut added = Vec::new();
    let mut back = Vec::new();
    for e in effects {
        match e {
            Effect::Overlay(c) => added.push(c.get()),
            Effect::OverlayBack(c) => back.push(c.get()),
            _ => {}
        }
    }
    (added, back)
}

fn guaranteed(config: Config, g: u64) -> Config {
    Config {
        guarantee: Some(Chips::new(g)),
        ..config
    }
}

/// A sit-and-go of six (100 + 10 an entry) guaranteeing `g`, everybody registered: started.
fn six_guaranteeing(g: u64) -> (Tournament<u32>, Vec<Effect<u32>>) {
    let config = guaranteed(sit_and_go_config(6, 9), g);
    let mut t: Tournament<u32> = Tournament::new(config, [5; 32]).expect("settings");
    let mut effects = Vec::new();
    for p in 0..6 {
        effects.extend(t.register(p, 0).expect("a seat"));
    }
    (t, effects)
}

fn prizes_sum(t: &Tournament<u32>) -> u64 {
    t.prizes().unwrap_or_default().iter().map(|c| c.get()).sum()
}

#[test]
fn guarantee_a_pool_short_of_it_gets_the_overlay_when_the_payouts_are_fixed() {
    // 6 entries put 600 in the pool; 1,000 guaranteed: the house adds 400 at the start.
    let (t, effects) = six_guaranteeing(1_000);
    assert_eq!(t.phase(), Phase::Running);
    assert_eq!(overlays(&effects), (vec![400], vec![]));
    let at = effects.iter().position(|e| matches!(e, Effect::Overlay(_)));
    let fixed = effects.iter().position(|e| matches!(e, Effect::Prizes(_)));
    assert!(at < fixed, "the overlay comes before the prizes are fixed");
    assert_eq!(
        (t.pool(), t.overlay()),
        (Chips::new(1_000), Chips::new(400))
    );
    assert_eq!(prizes_sum(&t), 1_000, "the prizes sum to the guarantee");
    assert_eq!(t.fees(), Chips::new(60), "the fees are the house's still");
}

#[test]
fn guarantee_a_pool_above_it_gets_no_overlay() {
    let (t, effects) = six_guaranteeing(500);
    assert_eq!(overlays(&effects), (vec![], vec![]));
    assert_eq!((t.pool(), t.overlay()), (Chips::new(600), Chips::ZERO));
    assert_eq!(prizes_sum(&t), 600);
}

#[test]
fn guarantee_with_late_registration_the_overlay_waits_for_it_to_close() {
    // Late registration until level 1: the pool may still grow, so nothing is added at the start.
    let config = guaranteed(scheduled(9, Speed::Turbo, 1), 2_000);
    let mut t: Tournament<u32> = Tournament::new(config, [5; 32]).expect("settings");
    for p in 0..5 {
        t.register(p, 0).expect("in");
    }
    let start = t.tick(0).expect("the start");
    assert_eq!(overlays(&start), (vec![], vec![]));
    t.register(5, 1).expect("a late entry");
    let mut effects = Vec::new();
    let mut now = 0;
    while t.registration_open() {
        now += 60_000;
        effects.extend(t.tick(now).expect("the clock"));
    }
    assert_eq!(overlays(&effects), (vec![1_400], vec![]), "2,000 − 6 × 100");
    assert_eq!(prizes_sum(&t), 2_000);
}

#[test]
fn guarantee_called_off_before_the_first_bust_gives_the_overlay_back_to_the_house() {
    let (mut t, _) = six_guaranteeing(1_000);
    let e = t.cancel().expect("called off");
    assert_eq!(overlays(&e), (vec![], vec![400]));
    let refunded: u64 = (e.iter())
        .map(|e| match e {
            Effect::Refund { prize, fee, .. } => prize.get() + fee.get(),
            _ => 0,
        })
        .sum();
    assert_eq!(refunded, 660, "every entry back whole");
    assert_eq!((t.pool(), t.overlay()), (Chips::ZERO, Chips::ZERO));
}

#[test]
fn guarantee_called_off_after_a_bust_the_players_left_share_the_pool_with_the_overlay() {
    let (mut t, _) = six_guaranteeing(1_000);
    first_busts_second(&mut t, 0);
    let e = t.cancel().expect("called off");
    assert_eq!(
        overlays(&e),
        (vec![], vec![]),
        "the overlay stays in the pool"
    );
    let paid: u64 = (e.iter())
        .map(|e| match e {
            Effect::Pay { amount, .. } => amount.get(),
            _ => 0,
        })
        .sum();
    assert_eq!(paid, 1_000, "the pool with the overlay, to the last chip");
}
