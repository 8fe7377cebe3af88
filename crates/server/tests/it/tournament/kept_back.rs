//! The coordinator's stories of deals that keep money back to play for (RULES.md §5: "play
//! goes on for any amount kept back"; docs/rule-decisions.md, "Making a deal"), with explicit
//! time and simulated books: the shares paid when the deal is made (keyed by the player: one
//! such deal a tournament), the table dealing again, the lobby's line saying how much is played
//! for, the winner paid the amount kept back as first place's prize; more kept back than is
//! left refused with nothing logged; a takeover before and after the deal is made (the log
//! replays the amount kept back; every chip paid once).

use tavolo_engine::tournament::{DealError, DealKind, Phase, TournamentError};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, Intent, Notice, Step};

use super::bench::ID;
use super::deals::{in_deal, proposed_keeping};

/// Every player in the deal proposed accepts, in its order.
fn all_accept(b: &mut super::bench::Bench) {
    for i in in_deal(b) {
        let r = b.intent(i, Intent::AnswerDeal(true));
        b.settle();
        assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    }
}

/// The member (by index) who won, once over.
fn winner(b: &super::bench::Bench) -> usize {
    let first = (b.core.tournament().places())
        .find(|p| p.place == 1)
        .expect("a winner");
    (0..3)
        .find(|&i| b.member(i).id == first.player)
        .expect("a member")
}

#[test]
fn a_deal_keeping_100_back_pays_the_shares_at_once_and_play_goes_on_until_the_winner_takes_the_100()
{
    // Three entries of 100 pay one prize: 300, of which 200 is shared and 100 played for.
    let (mut b, mut rng) = proposed_keeping(DealKind::Icm, 100, 8);
    let deal = b.core.tournament().deal().expect("proposed").clone();
    assert_eq!(deal.keep_back, Chips::new(100));
    assert_eq!(deal.icm.iter().copied().sum::<Chips>(), Chips::new(200));
    let told =
        |n: &Notice| matches!(n, Notice::DealProposed { keep_back, .. } if keep_back.get() == 100);
    assert_eq!(b.notices.iter().filter(|(_, n)| told(n)).count(), 3);
    assert_eq!(b.line().kept_back, None, "proposed: nothing kept back yet");
    all_accept(&mut b);
    assert_eq!(b.core.tournament().phase(), Phase::Running);
    assert_eq!(b.books.pool(), 100, "the shares paid, the 100 kept back");
    // Issue 51: the tournament's page shows the 100 played for, the room's figure.
    assert_eq!(b.line().kept_back, Some(Chips::new(100)));
    for (u, share) in deal.players.iter().zip(&deal.icm) {
        let key = format!("tournament:{ID}:deal:{}", u.0);
        assert_eq!(b.books.has(&key), !share.is_zero(), "{key}");
        let made = Notice::DealMade {
            kind: DealKind::Icm,
            share: *share,
            keep_back: Chips::new(100),
        };
        assert!(b.notices.contains(&(*u, made)));
    }
    assert_eq!(b.dealing(), vec![0], "the table deals again");
    b.play_out(&mut rng);
    assert_eq!(b.books.pool(), 0, "the whole pool paid");
    assert_eq!(b.line().kept_back, None, "won: no longer played for");
    let w = winner(&b);
    let won = b.member(w).id;
    assert!(b.books.has(&format!("tournament:{ID}:prize:1:{}", won.0)));
    let prizes = (b.books.ledger.journals.keys()).filter(|k| k.contains(":prize:"));
    assert_eq!(
        prizes.count(),
        1,
        "the places after the deal pay nothing but the 100"
    );
    for (u, share) in deal.players.iter().zip(&deal.icm) {
        let i = (0..3).find(|&i| b.member(i).id == *u).expect("a member");
        let kept = if i == w { 100 } else { 0 };
        assert_eq!(b.balance(i), 890 + share.get() as i64 + kept, "player {i}");
    }
    let busted_won = Notice::Busted {
        place: 1,
        tied: 1,
        prize: Some(
            deal.icm[deal.players.iter().position(|u| *u == won).expect("in")] + Chips::new(100),
        ),
    };
    assert!(
        b.notices.contains(&(won, busted_won)),
        "the winner told share and 100"
    );
}

#[test]
fn more_kept_back_than_the_prize_money_left_is_refused_and_nothing_is_logged() {
    let (mut b, _) = proposed_keeping(DealKind::Icm, 0, 9);
    let (first, who) = (in_deal(&b)[0], in_deal(&b)[1]);
    let r = b.intent(who, Intent::AnswerDeal(false));
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    let steps = b.books.log.len();
    let r = b.intent(
        first,
        Intent::ProposeDeal {
            kind: DealKind::Chop,
            keep_back: Chips::new(301),
        },
    );
    b.settle();
    let too_much = TournamentError::Deal(DealError::KeepBack {
        keep_back: Chips::new(301),
        left: Chips::new(300),
    });
    assert_eq!(b.answers[&r], Err(CoordError::Rules(too_much)));
    assert!(b.core.tournament().deal().is_none());
    let proposals = (b.books.log[steps..].iter())
        .filter(|s| matches!(s, Step::DealProposed { .. }))
        .count();
    assert_eq!(proposals, 0, "nothing logged");
}

#[test]
fn a_takeover_before_and_after_a_deal_keeping_money_back_replays_it_and_pays_every_chip_once() {
    let (mut b, mut rng) = proposed_keeping(DealKind::Chop, 50, 10);
    let players = in_deal(&b);
    b.intent(players[0], Intent::AnswerDeal(true));
    b.settle();
    let before = b.core.tournament().deal().expect("proposed").clone();
    assert!(b
        .books
        .log
        .iter()
        .any(|s| matches!(s, Step::DealProposed { keep_back, .. } if keep_back.get() == 50)));
    b.crash(|| true);
    b.settle();
    assert_eq!(
        b.core.tournament().deal(),
        Some(&before),
        "the same deal, 50 kept back, the acceptances"
    );
    for &i in &players[1..] {
        b.intent(i, Intent::AnswerDeal(true));
    }
    // The owner dies with the deal's writes in flight: they land, their answers lost.
    b.crash(|| true);
    b.settle();
    let kept = b.core.tournament().kept_back().expect("made, 50 kept back");
    assert_eq!(kept.amount, Chips::new(50));
    assert_eq!(b.core.tournament().phase(), Phase::Running);
    assert_eq!(b.books.pool(), 50);
    b.play_out(&mut rng);
    assert_eq!(b.books.pool(), 0);
    let paid: i64 = (0..3).map(|i| b.balance(i) - 890).sum();
    assert_eq!(paid, 300, "every chip of the pool paid once");
    let w = winner(&b);
    for (u, share) in before.players.iter().zip(&before.chop) {
        let i = (0..3).find(|&i| b.member(i).id == *u).expect("a member");
        let won = if i == w { 50 } else { 0 };
        assert_eq!(b.balance(i), 890 + share.get() as i64 + won, "player {i}");
    }
}
