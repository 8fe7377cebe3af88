//! The coordinator's stories of deals at the final table (RULES.md §5), with explicit time and
//! simulated books: proposed during a hand (the table holds once it is over), accepted by all
//! (the shares paid as the places' prizes, keyed by place), declined or lapsed (play goes on),
//! and a takeover in the middle of a proposal (the new owner replays it, time limit and
//! acceptances with it). Deals keeping money back are told in `kept_back`.

use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{DealKind, Phase, DEAL_MS};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, Intent, Notice, Order};

use super::bench::{sit_and_go, Bench, ID};

/// Three players in a sit-and-go of three, its first hand dealt at table 0.
fn three_playing() -> Bench {
    let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 3], 11);
    b.settle();
    b.start(3);
    b
}

/// [`three_playing`], member 0 proposing a deal of `kind` during the first hand, which then
/// ends: the deal is figured among those left, and the table holds.
fn proposed(kind: DealKind, seed: u64) -> (Bench, GameRng) {
    proposed_keeping(kind, 0, seed)
}

/// [`proposed`], the deal keeping `keep_back` back to play for.
pub(super) fn proposed_keeping(kind: DealKind, keep_back: u64, seed: u64) -> (Bench, GameRng) {
    let mut b = three_playing();
    let mut rng = GameRng::from_u64(seed);
    let keep_back = Chips::new(keep_back);
    b.intent(0, Intent::ProposeDeal { kind, keep_back });
    b.settle();
    b.play(0, &mut rng);
    b.settle();
    assert!(b.core.tournament().deal().is_some_and(|d| d.settled));
    assert!(b.dealing().is_empty(), "the table holds between hands");
    (b, rng)
}

/// The members in the deal proposed, by index, in its order.
pub(super) fn in_deal(b: &Bench) -> Vec<usize> {
    let deal = b.core.tournament().deal().expect("proposed");
    (deal.players.iter())
        .filter_map(|u| (0..3).find(|&i| b.member(i).id == *u))
        .collect()
}

fn holds(b: &Bench) -> usize {
    (b.orders.iter())
        .filter(|o| matches!(o, Order::Hold { table: 0 }))
        .count()
}

fn deals(b: &Bench) -> usize {
    (b.orders.iter())
        .filter(|o| matches!(o, Order::Deal { table: 0, .. }))
        .count()
}

/// Proposed during the hand: answered once saved; the hand finishes and the table holds (no
/// new hand); acceptances come between hands; the last makes the deal: each share is paid as
/// its place's prize (key `prize:{place}:{user}`), the pool is empty, the tournament over.
#[test]
fn a_deal_proposed_during_a_hand_holds_the_table_after_it_and_all_accepting_pays_the_shares() {
    let mut b = three_playing();
    let mut rng = GameRng::from_u64(5);
    let r = b.intent(
        0,
        Intent::ProposeDeal {
            kind: DealKind::Icm,
            keep_back: Chips::ZERO,
        },
    );
    assert!(!b.answers.contains_key(&r), "answered before it was saved");
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::DealProposed));
    let told = (b.notices.iter())
        .filter(|(_, n)| matches!(n, Notice::DealProposed { .. }))
        .count();
    assert_eq!(told, 3, "everyone at the table is told");
    // Too early: the figures are final once the hand in play is over.
    let r = b.intent(1, Intent::AnswerDeal(true));
    b.settle();
    assert!(matches!(b.answers[&r], Err(CoordError::Rules(_))));
    let dealt = deals(&b);
    b.play(0, &mut rng);
    b.settle();
    assert_eq!(deals(&b), dealt, "no new hand while the deal stands");
    assert_eq!(holds(&b), 1, "the table is told to hold, as at a break");
    let deal = b.core.tournament().deal().expect("proposed").clone();
    assert!(deal.settled);
    for i in 0..3 {
        let r = b.intent(i, Intent::AnswerDeal(true));
        b.settle();
        assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    }
    assert_eq!(b.core.tournament().phase(), Phase::Finished);
    assert!(b.finished);
    assert_eq!(b.books.pool(), 0, "the whole pool paid");
    for (place, (u, share)) in deal.players.iter().zip(&deal.icm).enumerate() {
        let key = format!("tournament:{ID}:prize:{}:{}", place + 1, u.0);
        assert_eq!(b.books.has(&key), !share.is_zero(), "{key}");
        let i = (0..3).find(|&i| b.member(i).id == *u).expect("a member");
        assert_eq!(b.balance(i), 890 + share.get() as i64, "player {i}");
        assert!(b.notices.contains(&(
            *u,
            Notice::DealMade {
                kind: DealKind::Icm,
                share: *share,
                keep_back: Chips::ZERO
            }
        )));
    }
}

/// One decline and play goes on at once; a proposal nobody answers lapses at its time limit,
/// and play goes on again.
#[test]
fn a_deal_declined_or_not_answered_in_time_is_off_and_the_table_deals_again() {
    let (mut b, mut rng) = proposed(DealKind::Chop, 6);
    let who = in_deal(&b)[1];
    let r = b.intent(who, Intent::AnswerDeal(false));
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    assert!(b.core.tournament().deal().is_none());
    assert_eq!(b.dealing(), vec![0], "play goes on");
    let declined = b.member(who).name.clone();
    assert!(b.notices.iter().any(|(_, n)| *n
        == Notice::DealOff {
            declined_by: Some(declined.clone())
        }));
    b.play(0, &mut rng);
    b.settle();
    let Some(&first) = b.core.tournament().stacks().keys().next() else {
        return;
    };
    if b.core.tournament().phase() != Phase::Running {
        return; // the hand ended it
    }
    let i = (0..3).find(|&i| b.member(i).id == first).expect("a member");
    b.intent(
        i,
        Intent::ProposeDeal {
            kind: DealKind::Icm,
            keep_back: Chips::ZERO,
        },
    );
    b.settle();
    b.wait(Duration::from_millis(DEAL_MS - 1_000));
    assert!(b.core.tournament().deal().is_some(), "not before its time");
    b.wait(Duration::from_secs(1));
    assert!(b.core.tournament().deal().is_none(), "lapsed");
    assert!(b
        .notices
        .iter()
        .any(|(_, n)| *n == Notice::DealOff { declined_by: None }));
}

/// The owner dies with a deal proposed and one acceptance saved: the new owner replays both —
/// the same figures, the same time limit — and the last acceptances make the deal, every share
/// paid once.
#[test]
fn a_takeover_in_the_middle_of_a_proposal_keeps_it_and_its_acceptances() {
    let (mut b, _) = proposed(DealKind::Chop, 7);
    let players = in_deal(&b);
    b.intent(players[0], Intent::AnswerDeal(true));
    b.settle();
    let before = b.core.tournament().deal().expect("proposed").clone();
    assert_eq!(before.accepted.len(), 1);
    b.advance(Duration::from_secs(30));
    b.crash(|| true);
    b.settle();
    let after = b.core.tournament().deal().expect("still proposed").clone();
    assert_eq!(after, before, "the same deal, acceptances and time limit");
    assert!(b.dealing().is_empty(), "the new owner holds the table too");
    for &i in &players[1..] {
        let r = b.intent(i, Intent::AnswerDeal(true));
        b.settle();
        assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    }
    assert_eq!(b.core.tournament().phase(), Phase::Finished);
    assert_eq!(b.books.pool(), 0);
    let paid: i64 = (0..3).map(|i| b.balance(i) - 890).sum();
    assert_eq!(paid, 300, "every chip of the pool paid once");
    let prizes = b.core.tournament().prizes().expect("fixed").to_vec();
    let n = before.players.len();
    for (u, share) in before.players.iter().zip(&before.chop) {
        let i = (0..3).find(|&i| b.member(i).id == *u).expect("a member");
        assert_eq!(b.balance(i), 890 + share.get() as i64);
    }
    // A player busted before the deal keeps their place's prize.
    let out_prize: Chips = prizes[n.min(prizes.len())..].iter().copied().sum();
    let shared: Chips = before.chop.iter().copied().sum();
    assert_eq!((shared + out_prize).get(), 300);
}
