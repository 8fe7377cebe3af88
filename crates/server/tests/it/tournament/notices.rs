//! A player's notices survive the coordinator's node (issue 51): they were English text kept in
//! the old owner's memory, lost with it. A new owner that replays the log tells again every
//! notice that follows from its steps — seated, moved, out, rebuys, add-ons, deals, called off —
//! and those of the books' answers (entries booked, refunds, refusals, prizes and deal shares
//! paid), which are steps of the log too: each told once, in order.

use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{DealKind, Phase};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, Intent, Notice, Write};
use tavolo_store::{Account, UserId};

use super::bench::{sit_and_go, Bench};
use super::buys::scheduled;
use super::deals::{in_deal, proposed_keeping};

/// The notices of the log's steps: seated, moved and out (the others are the books' answers).
fn of_the_log(notices: &[(UserId, Notice)]) -> Vec<(UserId, Notice)> {
    (notices.iter())
        .filter(|(_, n)| {
            matches!(
                n,
                Notice::Seated { .. } | Notice::Moved { .. } | Notice::Busted { .. }
            )
        })
        .cloned()
        .collect()
}

/// Notices as the bench kept them, in order.
type Told = Vec<(UserId, Notice)>;

/// Every notice told so far, and those a new owner tells as it takes over (every write landed,
/// the room's list of notices made again from them): (before, after).
fn told_again(b: &mut Bench) -> (Told, Told) {
    let told = std::mem::take(&mut b.notices);
    b.crash(|| true);
    (told, b.notices.clone())
}

/// How many notices of `user` `which` accepts.
fn count(notices: &[(UserId, Notice)], user: UserId, which: impl Fn(&Notice) -> bool) -> usize {
    (notices.iter())
        .filter(|(u, n)| *u == user && which(n))
        .count()
}

#[test]
fn notices_were_lost_with_the_coordinators_node_and_a_new_owner_tells_them_again() {
    let mut b = Bench::new(sit_and_go(12, 6), &[1_000; 12], 7);
    b.register(12);
    let mut rng = GameRng::from_u64(5);
    for _ in 0..10_000 {
        let out = (of_the_log(&b.notices).iter()).any(|(_, n)| matches!(n, Notice::Busted { .. }));
        let moved = (of_the_log(&b.notices).iter()).any(|(_, n)| matches!(n, Notice::Moved { .. }));
        if out && moved {
            break;
        }
        for t in b.dealing() {
            b.play(t, &mut rng);
        }
        b.settle();
    }
    let told = of_the_log(&b.notices);
    assert!(
        told.iter().any(|(_, n)| matches!(n, Notice::Moved { .. })),
        "{told:?}"
    );
    // The node dies with every write landed: the new owner replays the log.
    b.notices.clear();
    b.crash(|| true);
    assert_eq!(of_the_log(&b.notices), told, "told again, in order");
}

/// Member `i`'s account now holds only `chips` (the rest back to the house).
fn short_of_chips(b: &mut Bench, i: usize, chips: i64) {
    let account = Account::User(b.member(i).id).to_string();
    let had = b.books.ledger.accounts.insert(account, chips).unwrap_or(0);
    *b.books.ledger.accounts.entry("house".into()).or_default() += had - chips;
}

/// Issue 51, found by the last session: the notices of the books' answers lived only in the
/// coordinator's memory, so a restart or a takeover lost them — a winner no longer saw "paid
/// 300". Every kind here: entries booked (answered or not), a withdrawal's refund, a pending
/// entry the books then refused, an add-on made and one bounced (refunded, told why), a rebuy,
/// places and prizes paid. A new owner tells them all again, in order, each once.
#[test]
fn a_players_notices_of_the_books_answers_are_told_again_by_a_new_owner_in_order_once() {
    let mut b = Bench::new(scheduled(2), &[1_000; 5], 21);
    b.settle();
    b.register(4);
    let r = b.intent(3, Intent::Unregister);
    b.settle();
    assert_eq!(
        b.answers[&r],
        Ok(Ack::Unregistered {
            refund: Chips::new(110)
        })
    );
    // Member 4's entry is pending while the books are down; meanwhile their account empties.
    b.books.ledger.down = true;
    let r = b.intent(4, Intent::Register);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Pending));
    short_of_chips(&mut b, 4, 50);
    b.books.ledger.down = false;
    b.wait(Duration::from_secs(2));
    b.wait(Duration::from_secs(58));
    assert_eq!(b.core.tournament().phase(), Phase::Running);
    // An add-on asked during the first hand is made after it; one asked during the second hand,
    // which ends after level 1, bounces.
    let mut rng = GameRng::from_u64(3);
    b.intent(0, Intent::AddOn);
    b.settle();
    b.play(0, &mut rng);
    b.settle();
    let late = (1..3)
        .find(|&i| b.core.tournament().stacks().contains_key(&b.member(i).id))
        .expect("another player still in");
    let r = b.intent(late, Intent::AddOn);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::AddOnBooked));
    b.wait(Duration::from_secs(10 * 60));
    b.play(0, &mut rng);
    b.settle();
    b.play_out(&mut rng);
    assert!(b.finished);
    let (told, again) = told_again(&mut b);
    assert_eq!(again, told, "every notice told again, in order, once");
    let (p0, pl, p3, p4) = (
        b.member(0).id,
        b.member(late).id,
        b.member(3).id,
        b.member(4).id,
    );
    let entered = |n: &Notice| matches!(n, Notice::Entered { entry: 1 });
    assert_eq!(
        count(&told, p0, entered),
        1,
        "an entry answered is told too"
    );
    let refund = |n: &Notice| matches!(n, Notice::Refunded { amount } if amount.get() == 110);
    assert_eq!(count(&told, p3, refund), 1, "a withdrawal's refund");
    let short = |n: &Notice| {
        matches!(
            n,
            Notice::Refused {
                error: CoordError::Short { .. }
            }
        )
    };
    assert_eq!(count(&told, p4, short), 1, "a pending entry refused");
    let added = |n: &Notice| matches!(n, Notice::AddedOn { .. });
    assert_eq!(count(&told, p0, added), 1, "an add-on made");
    let bounced = |n: &Notice| {
        matches!(
            n,
            Notice::Refused {
                error: CoordError::Bounced { .. }
            }
        )
    };
    assert_eq!(count(&told, pl, bounced), 1, "an add-on bounced");
    let add_on_back = |n: &Notice| matches!(n, Notice::Refunded { amount } if amount.get() == 50);
    assert_eq!(count(&told, pl, add_on_back), 1, "and refunded");
    let paid = (told.iter()).filter(|(_, n)| matches!(n, Notice::Paid { .. }));
    assert!(paid.count() >= 1, "prizes paid: {told:?}");
}

/// Issue 51: the owner dies with the last hand's prize written and its answer lost: the next
/// owner tells what the log holds (the places), sends the prize again — already done — and
/// tells it paid, once.
#[test]
fn a_prize_whose_answer_was_lost_with_its_owner_is_told_paid_once_by_the_next() {
    let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 3], 5);
    b.settle();
    b.start(3);
    let mut rng = GameRng::from_u64(8);
    let prize_in_flight = |b: &Bench| {
        (b.writes.iter()).any(
            |(_, w)| matches!(w, Write::Money { journal, .. } if journal.key.contains(":prize:")),
        )
    };
    for _ in 0..10_000 {
        if prize_in_flight(&b) {
            break;
        }
        b.settle();
        for t in b.dealing() {
            b.play(t, &mut rng);
        }
    }
    assert!(prize_in_flight(&b), "the last hand reported");
    let (told, again) = told_again(&mut b);
    assert!(again.starts_with(&told), "{told:?} then {again:?}");
    b.settle();
    assert!(b.finished);
    let paid = (b.notices.iter()).filter(|(_, n)| matches!(n, Notice::Paid { .. }));
    assert_eq!(paid.count(), 1, "{:?}", b.notices);
    assert_eq!(b.books.pool(), 0);
}

/// Issue 51, from the deals that keep money back: a share paid when the deal is made was told
/// nothing ("told made"); it is told paid, like a prize — and again by a new owner.
#[test]
fn a_deal_share_paid_is_told_and_told_again_by_a_new_owner() {
    let (mut b, mut rng) = proposed_keeping(DealKind::Chop, 60, 12);
    let deal = b.core.tournament().deal().expect("proposed").clone();
    for i in in_deal(&b) {
        let r = b.intent(i, Intent::AnswerDeal(true));
        b.settle();
        assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    }
    for (u, share) in deal.players.iter().zip(&deal.chop) {
        let paid = |n: &Notice| matches!(n, Notice::DealPaid { amount } if amount == share);
        let told = count(&b.notices, *u, paid);
        assert_eq!(told, usize::from(!share.is_zero()), "{:?}", b.notices);
    }
    let (told, again) = told_again(&mut b);
    assert_eq!(again, told, "told again, in order, once");
    b.play_out(&mut rng);
    let paid = (b.notices.iter()).filter(|(_, n)| matches!(n, Notice::Paid { place: 1, .. }));
    assert_eq!(paid.count(), 1, "the 60 kept back, the winner's");
}
