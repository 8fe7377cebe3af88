//! The room's bots answer deals (RULES.md §5; docs/rule-decisions.md, "Deals"): as soon as the
//! figures are final they accept a share of at least their ICM figure rounded down and decline
//! anything less, each answer a step of the log like a player's. Stories with explicit time at
//! a sit-and-go of four — one player and three bots — whose first hand the bench ends as each
//! story needs.

use std::time::Duration;

use tavolo_engine::tournament::{DealKind, Phase};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, HandOver, Input, Intent, Notice, Step};
use tavolo_store::UserId;

use super::bench::{sit_and_go, Bench};

/// A sit-and-go of four: member 0 a player with 1,000 chips, members 1 to 3 the room's bots;
/// its first hand dealt at table 0 and member 0 proposing a deal of `kind` during it.
fn proposed_with_bots(kind: DealKind) -> Bench {
    proposed_with_bots_keeping(kind, Chips::ZERO)
}

/// [`proposed_with_bots`], the deal keeping `keep_back` back to play for.
fn proposed_with_bots_keeping(kind: DealKind, keep_back: Chips) -> Bench {
    let mut b = Bench::with_bots(sit_and_go(4, 9), &[1_000], 3, 21);
    b.settle();
    b.start(4);
    let r = b.intent(0, Intent::ProposeDeal { kind, keep_back });
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::DealProposed));
    let deal = b.core.tournament().deal().expect("proposed");
    assert!(!deal.settled, "a hand is played");
    assert_eq!(bot_answers(&b), 0, "no answer before the figures are final");
    b
}

/// Table 0's hand ends with member 1 (a bot) losing 6,000 chips, 2,000 to each of the others:
/// stacks 12,000 / 12,000 / 12,000 and 4,000 for the short-stacked bot.
fn short_stacked_bot(b: &mut Bench) {
    let short = b.member(1).id;
    let (hand, players) = b.tables[&0].deal.clone().expect("a hand dealt");
    let began: Vec<(UserId, Chips)> = players.iter().map(|(_, p, c)| (*p, *c)).collect();
    let ended = (began.iter())
        .map(|&(p, c)| match p == short {
            true => (p, c - Chips::new(6_000)),
            false => (p, c + Chips::new(2_000)),
        })
        .collect();
    let r = HandOver {
        table: 0,
        hand,
        began,
        ended,
    };
    if let Some(t) = b.tables.get_mut(&0) {
        t.report = Some(r.clone());
    }
    b.send(Input::HandOver(r));
    b.settle();
}

/// The bots' answers in the log.
fn bot_answers(b: &Bench) -> usize {
    let bots: Vec<UserId> = (1..4).map(|i| b.member(i).id).collect();
    (b.books.log.iter())
        .filter(|s| matches!(s, Step::DealAnswered { user, .. } if bots.contains(user)))
        .count()
}

/// A player proposes ICM during a hand at a table with bots: the moment the hand is over the
/// three bots have accepted (steps of the log at that time), the table holds, and the
/// player's own acceptance makes the deal — no time passing, every share paid.
#[test]
fn bots_accept_an_icm_deal_as_soon_as_the_hand_is_over_and_the_deal_is_made_at_once() {
    let mut b = proposed_with_bots(DealKind::Icm);
    short_stacked_bot(&mut b);
    let deal = b.core.tournament().deal().expect("proposed").clone();
    assert!(deal.settled);
    let bots: Vec<UserId> = (1..4).map(|i| b.member(i).id).collect();
    assert_eq!(deal.accepted, bots.iter().copied().collect());
    assert_eq!(bot_answers(&b), 3);
    let now = b.core.now_ms();
    let answered_now = |s: &Step| matches!(s, Step::DealAnswered { user, accept: true, at_ms } if bots.contains(user) && *at_ms == now);
    assert_eq!(b.books.log.iter().filter(|s| answered_now(s)).count(), 3);
    assert!(
        b.dealing().is_empty(),
        "the table holds for the player's answer"
    );
    let r = b.intent(0, Intent::AnswerDeal(true));
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::DealAnswered));
    assert_eq!(b.core.tournament().phase(), Phase::Finished);
    assert!(b.finished);
    assert_eq!(b.books.pool(), 0, "the whole pool paid");
    let me = b.member(0).id;
    let i = deal.players.iter().position(|u| *u == me).expect("in");
    assert_eq!(b.balance(0), 890 + deal.icm[i].get() as i64);
}

/// A player proposes ICM keeping 100 of the 400 back: the bots answer by the same rule, on the
/// part shared (ICM of 160 / 140: never below their floors), so they accept the moment the hand
/// is over; the player's acceptance makes the deal, the shares are paid, and the table deals
/// again for the 100.
#[test]
fn bots_accept_an_icm_deal_keeping_money_back_and_play_goes_on_for_it() {
    let mut b = proposed_with_bots_keeping(DealKind::Icm, Chips::new(100));
    short_stacked_bot(&mut b);
    let deal = b.core.tournament().deal().expect("proposed").clone();
    assert_eq!(deal.icm.iter().copied().sum::<Chips>(), Chips::new(300));
    assert_eq!(bot_answers(&b), 3, "every bot accepted");
    assert_eq!(deal.accepted.len(), 3);
    b.intent(0, Intent::AnswerDeal(true));
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Running);
    assert_eq!(b.books.pool(), 100, "the shares paid, 100 played for");
    assert_eq!(b.dealing(), vec![0], "play goes on");
    let i = (deal.players.iter())
        .position(|u| *u == b.member(0).id)
        .expect("in");
    assert_eq!(b.balance(0), 890 + deal.icm[i].get() as i64);
}

/// A player proposes a chip chop that gives the short-stacked bot less than its ICM figure
/// (40 of the pool's 400 by chips, 44 by ICM): the moment the hand is over that bot declines,
/// the bots the chop favours having accepted, and the table deals again.
#[test]
fn a_bot_declines_at_once_a_chip_chop_it_loses_by_and_play_goes_on() {
    let mut b = proposed_with_bots(DealKind::Chop);
    short_stacked_bot(&mut b);
    assert!(b.core.tournament().deal().is_none(), "declined at once");
    let short = b.member(1);
    let declined = (b.books.log.iter())
        .find_map(|s| match s {
            Step::DealAnswered {
                user,
                accept: false,
                ..
            } => Some(*user),
            _ => None,
        })
        .expect("a decline");
    assert_eq!(declined, short.id);
    assert_eq!(
        bot_answers(&b),
        3,
        "two bots the chop favours, then the short stack"
    );
    assert!(b.notices.iter().any(|(_, n)| *n
        == Notice::DealOff {
            declined_by: Some(short.name.clone())
        }));
    assert_eq!(b.dealing(), vec![0], "play goes on");
    assert_eq!(b.core.tournament().phase(), Phase::Running);
}

/// The owner dies while a proposal waits for the hand in play: the new owner replays it, the
/// table reports the hand to it, and its bots accept at once; it dies too, and the next owner
/// replays the bots' acceptances (the same deal) — the player's acceptance makes the deal and
/// every share is paid once.
#[test]
fn a_takeover_before_and_after_the_bots_answer_keeps_their_answers() {
    let mut b = proposed_with_bots(DealKind::Icm);
    b.advance(Duration::from_secs(5));
    b.crash(|| true);
    b.settle();
    let deal = b.core.tournament().deal().expect("replayed").clone();
    assert!(!deal.settled && deal.accepted.is_empty());
    assert_eq!(b.dealing(), vec![0], "the table deals its hand again");
    short_stacked_bot(&mut b);
    let answered = b.core.tournament().deal().expect("proposed").clone();
    assert_eq!(
        answered.accepted.len(),
        3,
        "the bots accepted the new owner's figures"
    );
    b.advance(Duration::from_secs(5));
    b.crash(|| true);
    b.settle();
    assert_eq!(
        b.core.tournament().deal(),
        Some(&answered),
        "replayed as they were"
    );
    assert_eq!(bot_answers(&b), 3, "no bot answered twice");
    b.intent(0, Intent::AnswerDeal(true));
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Finished);
    assert_eq!(b.books.pool(), 0);
    let i = (answered.players.iter())
        .position(|u| *u == b.member(0).id)
        .expect("in");
    assert_eq!(b.balance(0), 890 + answered.icm[i].get() as i64);
    let prizes = (b.books.taken.iter()).filter(|j| j.key.contains(":prize:"));
    assert_eq!(prizes.count(), 4, "four shares, each paid once");
}
