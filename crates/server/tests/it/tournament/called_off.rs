//! Guarantees and the operator's cancellation at the coordinator (issue 51), with simulated
//! books and explicit time: a guaranteed pool short of its guarantee gets the house's overlay
//! once (a takeover sends it again: already done), and the operator calls a tournament off —
//! the tables stop after the hand in play, then everything is refunded (before the first bust)
//! or each player left gets the fee back and a share (after it), once, whatever the takeovers.

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{Config, Phase, TournamentError};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, HandOver, Input, Intent, Notice};
use tavolo_store::Account;

use super::bench::{refused, sit_and_go, Bench, ID};

/// A sit-and-go of `players` at one table guaranteeing `g` (100 + 10 an entry).
fn guaranteed(players: usize, g: u64) -> Config {
    Config {
        guarantee: Some(Chips::new(g)),
        ..sit_and_go(players, 9)
    }
}

/// `players` registered, the books answering: it is running, table 0 dealing hand 1.
fn started(config: Config, players: usize) -> Bench {
    let mut b = Bench::new(config, &vec![1_000; players], 5);
    b.start(players);
    b
}

/// Table `t` reports its hand: nothing moves, or (`bust`) its first player loses everything
/// to the second.
fn report(b: &mut Bench, t: usize, bust: bool) {
    let (hand, players) = b.tables[&t].deal.clone().expect("a hand dealt");
    let began: Vec<_> = players.iter().map(|(_, p, c)| (*p, *c)).collect();
    let mut ended = began.clone();
    if bust {
        let lost = std::mem::take(&mut ended[0].1);
        ended[1].1 += lost;
    }
    let table = t;
    b.send(Input::HandOver(HandOver {
        table,
        hand,
        began,
        ended,
    }));
}

fn house(b: &Bench) -> i64 {
    b.books.ledger.balance(&Account::House)
}

/// Issue 51: 3 entries put 300 in a pool guaranteeing 1,000: the house adds 700 when the
/// payouts are fixed (at the start), under the tournament's one overlay key; the node dies with
/// it written and its answer lost, the next owner sends it again (already done), and the prizes
/// paid at the end sum to 1,000.
#[test]
fn guarantee_the_overlay_is_booked_once_across_a_takeover_and_the_prizes_sum_to_it() {
    let mut b = Bench::new(guaranteed(3, 1_000), &[1_000; 3], 6);
    b.register(2);
    let house_before = house(&b);
    b.intent(2, Intent::Register);
    b.answer_one(); // the last entry recorded: the start, the overlay written
    let overlay = format!("tournament:{ID}:overlay");
    let writing = |b: &Bench| {
        (b.writes.iter()).any(|(_, w)| {
            matches!(w, tavolo_server::tournament::Write::Money { journal, .. } if journal.key == overlay)
        })
    };
    assert!(writing(&b), "the overlay goes with the start's save");
    b.books.ledger.answers_lost = true;
    b.settle();
    b.books.ledger.answers_lost = false;
    assert!(b.books.has(&overlay));
    b.crash(|| true);
    assert_eq!(b.books.pool(), 1_000);
    b.play_out(&mut GameRng::from_u64(7));
    let taken = (b.books.taken.iter()).filter(|j| j.key == overlay).count();
    assert!(taken >= 2, "sent again by the new owner: {taken}");
    assert_eq!(b.books.pool(), 0, "the pool with its overlay, all paid");
    let paid: i64 = (0..3).map(|i| b.balance(i) - (1_000 - 110)).sum();
    assert_eq!(paid, 1_000);
    assert_eq!(
        house(&b) - house_before,
        10 - 700,
        "the last fee in, the overlay out"
    );
    assert!(b.books.ledger.violations.is_empty());
    assert_eq!(b.core.tournament().overlay(), Chips::new(700));
}

/// Issue 51: a pool above its guarantee gets nothing from the house.
#[test]
fn guarantee_a_pool_above_it_has_no_overlay() {
    let mut b = started(guaranteed(3, 250), 3);
    b.play_out(&mut GameRng::from_u64(8));
    assert!(!b.books.has(&format!("tournament:{ID}:overlay")));
    let paid: i64 = (0..3).map(|i| b.balance(i) - (1_000 - 110)).sum();
    assert_eq!(paid, 300);
}

/// Issue 51 (RULES.md §5, "Kinds and money"): the operator calls it off during the first hand:
/// no table deals again, and once the hand is over everybody gets back all they paid and the
/// house its overlay; nothing else may be asked meanwhile, and a second call is refused.
#[test]
fn operator_cancel_before_the_first_bust_refunds_everything_once_the_hand_is_over() {
    let mut b = started(guaranteed(3, 1_000), 3);
    let house_before = house(&b);
    let r = b.intent(0, Intent::Cancel);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Cancelling));
    assert_eq!(
        b.core.tournament().phase(),
        Phase::Running,
        "the hand in play"
    );
    let late = b.intent(1, Intent::Unregister);
    assert_eq!(b.answers[&late], refused(TournamentError::Over));
    report(&mut b, 0, false);
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Cancelled);
    assert!(b.dealing().is_empty(), "no hand after it");
    for i in 0..3 {
        assert_eq!(b.balance(i), 1_000, "player {i} has everything back");
        let me = b.member(i).id;
        assert!(b.notices.contains(&(me, Notice::Cancelled)));
    }
    assert!(b.books.has(&format!("tournament:{ID}:overlay:back")));
    assert_eq!(
        house(&b),
        house_before - 30 + 700,
        "the fees given back, the overlay back"
    );
    assert_eq!(b.books.pool(), 0);
    assert!(b.finished);
    let again = b.intent(0, Intent::Cancel);
    assert!(matches!(b.answers[&again], Err(CoordError::Rules(_))));
    assert!(b.books.ledger.violations.is_empty());
}

/// Issue 51: called off after a bust, with a takeover while the last hand is played and
/// another after it ends: each player left gets their fee back (a movement of its own) and a
/// share, the shares sum to the pool, the busted player gets nothing, and nothing is paid twice.
#[test]
fn operator_cancel_after_a_bust_pays_the_fees_back_and_the_pool_in_shares_once() {
    let mut b = started(sit_and_go(4, 9), 4);
    report(&mut b, 0, true);
    b.settle();
    assert_eq!(b.core.tournament().stacks().len(), 3);
    assert_eq!(b.dealing(), vec![0], "the second hand");
    let r = b.intent(0, Intent::Cancel);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Cancelling));
    b.crash(|| true);
    let again = b.intent(1, Intent::Cancel);
    b.settle();
    assert_eq!(
        b.answers[&again],
        Ok(Ack::Cancelling),
        "asked again: the same"
    );
    assert_eq!(
        b.core.tournament().phase(),
        Phase::Running,
        "the hand in play"
    );
    b.settle();
    report(&mut b, 0, false);
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Cancelled);
    assert!(b.finished);
    assert_eq!(b.books.pool(), 0, "the pool out to the last chip");
    let left: Vec<_> = b.core.tournament().stacks().keys().copied().collect();
    let mut shares = 0;
    for i in 0..4 {
        let me = b.member(i).id;
        if left.contains(&me) {
            assert!(b
                .books
                .has(&format!("tournament:{ID}:refund:fee:{}:1", me.0)));
            let share = b.balance(i) - (1_000 - 110 + 10);
            assert!(share > 0, "player {i} shares the pool");
            shares += share;
        } else {
            assert_eq!(b.balance(i), 1_000 - 110, "the busted player gets nothing");
        }
    }
    assert_eq!(shares, 400);
    let journals = b.books.ledger.journals.len();
    let balances: Vec<i64> = (0..4).map(|i| b.balance(i)).collect();
    b.crash(|| true);
    b.settle();
    assert_eq!(b.books.ledger.journals.len(), journals, "nothing new");
    assert_eq!((0..4).map(|i| b.balance(i)).collect::<Vec<_>>(), balances);
    assert!(b.books.ledger.violations.is_empty());
}

/// Issue 51: a rebuy booked during the hand in play when the operator calls the tournament off
/// is made once that hand is over, then refunded with the entry (before the first bust), each
/// under its own key: every player has everything back.
#[test]
fn operator_cancel_refunds_a_rebuy_made_after_the_call_with_the_entry() {
    let mut b = Bench::rebuys_started(60_000, 1, 3, 9);
    assert_eq!(b.dealing(), vec![0], "the first hand");
    let r = b.intent(2, Intent::Rebuy);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::RebuyBooked));
    b.intent(0, Intent::Cancel);
    b.settle();
    report(&mut b, 0, false);
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Cancelled);
    let me = b.member(2).id;
    assert!(b
        .books
        .has(&format!("tournament:{ID}:refund:rebuy:{}:1", me.0)));
    for i in 0..3 {
        assert_eq!(b.balance(i), 1_000, "player {i} has everything back");
    }
    assert_eq!(b.books.pool(), 0);
    assert!(b.finished);
    assert!(b.books.ledger.violations.is_empty());
}
