//! The coordinator's stories of a scheduled tournament, with explicit time and simulated books:
//! its start at its time (or its cancellation short of its minimum, everybody refunded), and
//! rebuys and add-ons — charged first, the engine told only once the charge is recorded, made
//! between hands, a failed write pending and sent again under its key, one the engine can no
//! longer take refunded.

use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{AddOn, Config, Phase};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, Intent, Notice, Order, Write};

use super::bench::{scheduled_in, Bench, ID};

/// A scheduled Hold'em tournament starting a minute after the bench's start: 100 into the pool
/// and 10 to the house an entry, turbo levels (10 minutes), late registration, rebuys and an
/// add-on (5,000 chips for 50) in level 1, at least `min_players`.
pub(super) fn scheduled(min_players: usize) -> Config {
    Config {
        re_entry: true,
        rebuys: true,
        add_on: Some(AddOn {
            chips: Chips::new(5_000),
            prize: Chips::new(50),
        }),
        ..scheduled_in(60_000, 1, min_players)
    }
}

/// Three players registered and the start reached: table 0 deals its first hand.
fn started() -> Bench {
    let mut b = Bench::new(scheduled(2), &[1_000; 3], 3);
    b.settle();
    b.register(3);
    assert_eq!(b.core.tournament().phase(), Phase::Registering);
    b.advance(Duration::from_secs(59));
    assert_eq!(
        b.core.tournament().phase(),
        Phase::Registering,
        "not before its time"
    );
    b.wait(Duration::from_secs(1));
    assert_eq!(
        b.core.tournament().phase(),
        Phase::Running,
        "started at its time"
    );
    assert_eq!(b.dealing(), vec![0]);
    b
}

fn key(b: &Bench, what: &str, i: usize, n: u32) -> String {
    format!("tournament:{ID}:{what}:{}:{n}", b.member(i).id.0)
}

fn stack(b: &Bench, i: usize) -> Chips {
    let me = b.member(i).id;
    b.core
        .tournament()
        .stacks()
        .get(&me)
        .copied()
        .unwrap_or_default()
}

fn money_key(w: &Write) -> Option<String> {
    match w {
        Write::Money { journal, .. } => Some(journal.key.clone()),
        Write::Save(_) => None,
    }
}

/// Issue 51: a scheduled tournament short of its fewest players at its time is called off,
/// and each entry comes back whole (prize part and fee) under its own key.
#[test]
fn a_scheduled_tournament_short_of_its_minimum_is_called_off_at_its_time_and_refunded() {
    let mut b = Bench::new(scheduled(3), &[1_000; 2], 4);
    b.settle();
    b.register(2);
    assert_eq!(b.books.pool(), 200);
    b.wait(Duration::from_secs(60));
    assert_eq!(b.core.tournament().phase(), Phase::Cancelled);
    for i in 0..2 {
        assert_eq!(b.balance(i), 1_000, "player {i} has everything back");
        assert!(b.books.has(&key(&b, "refund:entry", i, 1)));
        let me = b.member(i).id;
        assert!(b.notices.contains(&(me, Notice::Cancelled)));
    }
    assert_eq!(b.books.pool(), 0);
    assert!(b.finished, "over, nothing pending");
    assert!(!b.orders.iter().any(|o| matches!(o, Order::Open { .. })));
    assert!(b.books.ledger.violations.is_empty());
}

/// Issue 51: a rebuy asked between hands is charged first (nothing changes before the books
/// record it), then its chips join the stack; the pool grows by its prize part.
#[test]
fn a_rebuy_is_charged_first_and_its_chips_join_the_stack_between_hands() {
    let mut b = started();
    let mut rng = GameRng::from_u64(1);
    b.play(0, &mut rng);
    b.settle();
    let start = b.setup.config.structure.starting_stack;
    let i = (0..3)
        .find(|&i| stack(&b, i) > Chips::ZERO && stack(&b, i) <= start)
        .expect("somebody at most at the starting stack");
    let before = stack(&b, i);
    let (rebuy, add_on) = b.core.may_buy(b.member(i).id);
    assert!(rebuy && add_on, "offered a rebuy and the add-on");
    let r = b.intent(i, Intent::Rebuy);
    assert_eq!(stack(&b, i), before, "no chips before the books record it");
    assert!(!b.answers.contains_key(&r));
    let w = b.writes.iter().find_map(|(_, w)| money_key(w));
    assert_eq!(w, Some(key(&b, "rebuy", i, 1)));
    assert!(
        !b.core.may_buy(b.member(i).id).0,
        "not offered while it is booked"
    );
    b.answer_one();
    assert_eq!(b.answers[&r], Ok(Ack::RebuyBooked));
    b.settle();
    let me = b.member(i).id;
    let rebought = |b: &Bench| {
        (b.notices.iter()).any(|(u, n)| *u == me && matches!(n, Notice::Rebought { .. }))
    };
    if !rebought(&b) {
        // its table dealt again before the rebuy was booked: made once this hand is over
        assert_eq!(stack(&b, i), before, "never mid-hand");
        b.play(0, &mut rng);
        b.settle();
    }
    assert!(rebought(&b), "told");
    assert_eq!(b.books.pool(), 400);
    assert_eq!(b.balance(i), 1_000 - 110 - 100);
}

/// Issue 51: an add-on asked while the player's table plays a hand is charged at once and made
/// when the hand is over (never mid-hand); one add-on a player.
#[test]
fn an_add_on_asked_mid_hand_is_charged_first_and_joins_the_stack_once_the_hand_is_over() {
    let mut b = started();
    let before = stack(&b, 0);
    let r = b.intent(0, Intent::AddOn);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::AddOnBooked));
    assert!(b.books.has(&key(&b, "addon", 0, 1)));
    assert_eq!(b.books.pool(), 350);
    assert_eq!(b.core.add_ons_waiting().len(), 1);
    assert_eq!(stack(&b, 0), before, "not during the hand");
    let again = b.intent(0, Intent::AddOn);
    assert_eq!(b.answers[&again], Err(CoordError::Busy("add-on")));
    b.play(0, &mut GameRng::from_u64(2));
    b.settle();
    assert!(b.core.add_ons_waiting().is_empty());
    let me = b.member(0).id;
    let told = (b.notices.iter()).find_map(|(u, n)| match n {
        Notice::AddedOn { stack } if *u == me => Some(*stack),
        _ => None,
    });
    let now = stack(&b, 0);
    assert_eq!(told, Some(now));
    assert_eq!(b.core.tournament().pool(), Chips::new(350));
    assert_eq!(b.balance(0), 1_000 - 110 - 50);
    let third = b.intent(0, Intent::AddOn);
    assert!(
        matches!(&b.answers[&third], Err(CoordError::Rules(_))),
        "one add-on a player: {:?}",
        b.answers[&third]
    );
    assert!(!b.core.may_buy(me).1);
}

/// Issue 51: the books fail an add-on's write: the player is told it is pending, nothing is
/// made, and the write is sent again, the same key, until it lands — then the chips come.
#[test]
fn an_add_on_whose_write_fails_stays_pending_and_lands_under_its_key() {
    let mut b = started();
    b.play(0, &mut GameRng::from_u64(3));
    b.settle();
    let i = (0..3)
        .find(|&i| stack(&b, i) > Chips::ZERO)
        .expect("a player in");
    b.books.ledger.down = true;
    let r = b.intent(i, Intent::AddOn);
    let first = b.writes.iter().find_map(|(_, w)| money_key(w));
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Pending));
    assert_eq!(b.books.pool(), 300, "nothing recorded");
    assert!(b.core.add_ons_waiting().is_empty(), "nothing made");
    assert!(b.core.pending().iter().any(|m| m.is_charge()), "pending");
    b.books.ledger.down = false;
    b.advance(Duration::from_secs(2));
    let again = b.writes.iter().find_map(|(_, w)| money_key(w));
    assert_eq!(again, first, "sent again under its key");
    assert_eq!(first, Some(key(&b, "addon", i, 1)));
    b.settle();
    if !b.dealing().is_empty() {
        b.play(0, &mut GameRng::from_u64(4));
        b.settle();
    }
    let me = b.member(i).id;
    assert!(b
        .notices
        .iter()
        .any(|(u, n)| *u == me && matches!(n, Notice::AddedOn { .. })));
    assert_eq!(b.books.pool(), 350);
}

/// Issue 51: an add-on booked in level 1 whose hand runs past the level's end can no longer be
/// made (the add-on is taken in the last level of the rebuy period): it is refunded in full
/// under its own key, and the player told why.
#[test]
fn an_add_on_booked_as_its_level_ends_is_refunded_when_it_cannot_be_made() {
    let mut b = started();
    let r = b.intent(1, Intent::AddOn);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::AddOnBooked));
    assert_eq!(b.balance(1), 1_000 - 110 - 50);
    b.wait(Duration::from_secs(10 * 60));
    assert!(!b.core.tournament().registration_open(), "level 2: closed");
    b.play(0, &mut GameRng::from_u64(5));
    b.settle();
    assert!(b.books.has(&key(&b, "refund:addon", 1, 1)));
    assert_eq!(b.balance(1), 1_000 - 110);
    let me = b.member(1).id;
    let bounced = (b.notices.iter()).any(|(u, n)| {
        *u == me
            && matches!(
                n,
                Notice::Refused {
                    error: CoordError::Bounced { .. }
                }
            )
    });
    assert!(bounced, "told why");
    assert!(b.books.ledger.violations.is_empty());
}
