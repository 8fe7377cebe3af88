//! The coordinator's stories, with explicit time and simulated books: a sit-and-go from the
//! first entry to the last prize, refunds, entries the books refuse or fail, a crash between a
//! prize's write and its answer, and hand reports the tournament refuses.

use std::time::Duration;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{Phase, TournamentError};
use tavolo_engine::Chips;
use tavolo_server::tournament::{Ack, CoordError, Intent, Notice, Order, Write};
use tavolo_store::{PoolMove, UserId};

use super::bench::{refused, scheduled_in, sit_and_go, Bench, ID};

fn seats(b: &Bench) -> Vec<(usize, usize, UserId)> {
    (b.orders.iter())
        .filter_map(|o| match o {
            Order::Seat {
                table,
                seat,
                player,
                ..
            } => Some((*table, *seat, player.id)),
            _ => None,
        })
        .collect()
}

fn entry_key(b: &Bench, i: usize, n: u32) -> String {
    format!("tournament:{ID}:entry:{}:{n}", b.member(i).id.0)
}

/// Nine players register one by one (each acknowledged once the books recorded the entry); the
/// ninth starts the tournament with seats drawn from its seed; played out, it pays 50/30/20 of
/// the pool to the first three and leaves the pool empty.
#[test]
fn a_nine_player_sit_and_go_starts_when_full_with_drawn_seats_and_pays_50_30_20() {
    let mut b = Bench::new(sit_and_go(9, 9), &[1_000; 9], 7);
    b.settle();
    for i in 0..8 {
        let r = b.intent(i, Intent::Register);
        assert!(!b.answers.contains_key(&r), "answered before the books");
        b.settle();
        assert_eq!(b.answers[&r], Ok(Ack::Registered { entry: 1 }));
        assert!(b.books.has(&entry_key(&b, i, 1)));
    }
    assert_eq!(b.core.tournament().phase(), Phase::Registering);
    assert!(seats(&b).is_empty());
    assert_eq!(b.books.pool(), 800);
    let r = b.intent(8, Intent::Register);
    assert!(seats(&b).is_empty(), "seated before the entry was booked");
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Registered { entry: 1 }));
    let drawn = seats(&b);
    assert_eq!(drawn.len(), 9);
    let mut at: Vec<usize> = drawn.iter().map(|(t, s, _)| t * 100 + s).collect();
    at.sort_unstable();
    at.dedup();
    assert_eq!(at.len(), 9, "every player a seat of their own: {drawn:?}");
    let deal = b.orders.iter().find_map(|o| match o {
        Order::Deal {
            players, hand: 1, ..
        } => Some(players.clone()),
        _ => None,
    });
    let deal = deal.expect("table 0 deals hand 1");
    assert!(deal.iter().all(|(_, _, c)| *c == Chips::new(10_000)));
    // the same seed draws the same seats; another seed, others
    let again = |seed| {
        let mut o = Bench::new(sit_and_go(9, 9), &[1_000; 9], seed);
        o.register(9);
        seats(&o)
    };
    assert_eq!(again(7), drawn);
    assert_ne!(again(8), drawn);

    b.play_out(&mut GameRng::from_u64(1));
    let mut places: Vec<usize> = b.core.tournament().places().map(|p| p.place).collect();
    places.sort_unstable();
    assert_eq!(
        places,
        (1..=9).collect::<Vec<_>>(),
        "every place once (random busts here never tie)"
    );
    let place_of = |u: UserId| {
        b.core
            .tournament()
            .places()
            .find(|p| p.player == u)
            .map(|p| p.place)
    };
    for i in 0..9 {
        let prize = match place_of(b.member(i).id) {
            Some(1) => 450,
            Some(2) => 270,
            Some(3) => 180,
            _ => 0,
        };
        assert_eq!(b.balance(i), 1_000 - 110 + prize, "player {i}");
    }
    assert_eq!(b.books.pool(), 0);
    assert_eq!(b.books.ledger.total(), 0);
    assert!(b.books.ledger.violations.is_empty());
    let paid: Vec<_> = b
        .notices
        .iter()
        .filter(|(_, n)| matches!(n, Notice::Paid { .. }))
        .collect();
    assert_eq!(paid.len(), 3);
    assert!(b.core.problems().is_empty());
    assert!(matches!(b.orders.last(), Some(Order::Close { table: 0 })));
}

/// Withdrawing before the start gives back exactly what the entry paid, prize part and fee, and
/// the seat is free for another.
#[test]
fn unregistering_before_the_start_refunds_exactly() {
    let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 4], 1);
    b.register(2);
    assert_eq!(b.balance(1), 890);
    let r = b.intent(1, Intent::Unregister);
    assert!(
        !b.answers.contains_key(&r),
        "answered before the refund was booked"
    );
    b.settle();
    assert_eq!(
        b.answers[&r],
        Ok(Ack::Unregistered {
            refund: Chips::new(110)
        })
    );
    assert_eq!(b.balance(1), 1_000);
    assert_eq!(b.books.pool(), 100);
    assert_eq!(b.core.tournament().entries(), 1);
    // unregistering twice: refused, nothing changes
    let r = b.intent(1, Intent::Unregister);
    assert_eq!(b.answers[&r], refused(TournamentError::NotIn));
    // the seat went back: registering again is the player's second entry, under its own key
    let r = b.intent(1, Intent::Register);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Registered { entry: 2 }));
    assert!(b.books.has(&entry_key(&b, 1, 2)));
    assert_eq!(b.balance(1), 890);
    b.intent(2, Intent::Register);
    b.settle();
    assert_eq!(b.core.tournament().phase(), Phase::Running);
    let r = b.intent(0, Intent::Unregister);
    assert_eq!(b.answers[&r], refused(TournamentError::Closed));
}

/// A player whose account cannot pay the entry is refused with the account and the price, and
/// nothing changes: no charge, no seat, the sit-and-go still waits for its last player.
#[test]
fn a_registration_the_books_refuse_for_want_of_chips_is_refused_and_seats_nobody() {
    let mut b = Bench::new(sit_and_go(2, 9), &[1_000, 50, 1_000], 1);
    b.intent(0, Intent::Register);
    b.settle();
    let log = b.core.steps();
    let r = b.intent(1, Intent::Register);
    b.settle();
    let short = format!("user:{}", b.member(1).id.0);
    assert_eq!(
        b.answers[&r],
        Err(CoordError::Short {
            account: short,
            needed: Chips::new(110)
        })
    );
    assert_eq!(b.balance(1), 50);
    assert_eq!(b.books.pool(), 100);
    assert_eq!(b.core.tournament().phase(), Phase::Registering);
    assert_eq!(b.core.steps(), log, "nothing logged");
    assert!(seats(&b).is_empty());
    assert!(!b.books.has(&entry_key(&b, 1, 1)));
    // the seat is still there for a player who can pay
    let r = b.intent(2, Intent::Register);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::Registered { entry: 1 }));
    assert_eq!(seats(&b).len(), 2);
}

/// The books fail the entry's write: the player is told it is pending (not done), the write is
/// sent again, the same, after a pause, and once it lands the player is told they are in.
#[test]
fn a_registration_whose_write_fails_is_pending_and_lands_on_retry() {
    let mut b = Bench::new(sit_and_go(9, 9), &[1_000; 2], 1);
    b.settle();
    b.books.ledger.down = true;
    let r = b.intent(0, Intent::Register);
    let (_, first) = b.writes.front().cloned().expect("the entry's write");
    b.answer_one();
    assert_eq!(b.answers[&r], Ok(Ack::Pending));
    assert_eq!(
        b.core.tournament().entries(),
        0,
        "not in before it is booked"
    );
    assert_eq!(b.books.pool(), 0);
    // a second try while it is pending is refused
    let again = b.intent(0, Intent::Register);
    assert_eq!(b.answers[&again], Err(CoordError::Busy("entry")));
    b.books.ledger.down = false;
    b.advance(Duration::from_millis(100));
    assert!(b.writes.is_empty(), "sent again only after the pause");
    b.advance(Duration::from_secs(1));
    let (_, retried) = b.writes.front().cloned().expect("sent again");
    let key = |w: &Write| match w {
        Write::Money { journal, .. } => journal.key.clone(),
        Write::Save(_) => String::new(),
    };
    assert_eq!(key(&retried), key(&first));
    assert_eq!(key(&first), entry_key(&b, 0, 1));
    b.settle();
    let me = b.member(0).id;
    assert!(b.notices.contains(&(me, Notice::Entered { entry: 1 })));
    assert_eq!(b.core.tournament().entries(), 1);
    assert_eq!(b.books.pool(), 100);
    assert_eq!(b.balance(0), 890);
}

/// The last hand is reported, the prizes' writes go to the books, and the node dies before any
/// answer comes back — once with the writes recorded, once with them lost. The next owner sends
/// the pending prizes again under the same keys: each prize is paid exactly once.
#[test]
fn a_crash_between_a_prize_write_and_its_answer_does_not_pay_twice() {
    for lands in [true, false] {
        let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 3], 5);
        b.register(3);
        let mut rng = GameRng::from_u64(9);
        let prizes_sent = |b: &Bench| {
            (b.writes.iter()).any(|(_, w)| {
                matches!(w, Write::Money { journal, .. } if journal.kind == PoolMove::Prize.kind())
            })
        };
        for _ in 0..10_000 {
            for t in b.dealing() {
                b.play(t, &mut rng);
            }
            if prizes_sent(&b) {
                break;
            }
            b.settle();
        }
        assert!(prizes_sent(&b), "the tournament ended");
        let before = b.orders.len();
        b.crash(|| lands);
        b.play_out(&mut rng);
        let winner = b
            .core
            .tournament()
            .places()
            .find(|p| p.place == 1)
            .expect("a winner");
        let winner = (0..3)
            .find(|&i| b.member(i).id == winner.player)
            .expect("one of them");
        assert_eq!(b.balance(winner), 1_000 - 110 + 300, "lands: {lands}");
        assert_eq!(b.books.pool(), 0);
        let prize_journals = (b.books.ledger.journals.values())
            .filter(|(k, _)| k == PoolMove::Prize.kind())
            .count();
        assert_eq!(prize_journals, 1);
        assert!(b.books.ledger.violations.is_empty());
        assert!(b.finished);
        assert!(b.orders.len() > before, "the new owner closed the table");
    }
}

/// Reports the tournament cannot take are refused and change nothing: chips made, a stranger,
/// a hand the table was not told to deal. The right report is recorded once, however often it
/// comes.
#[test]
fn hand_reports_that_break_conservation_are_refused_with_nothing_changed() {
    let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 4], 2);
    b.register(3);
    let mut rng = GameRng::from_u64(3);
    let table = b.tables.get(&0).cloned().expect("table 0 deals");
    let (hand, players) = table.deal.clone().expect("a hand");
    let good = super::bench::hand_result(0, hand, &players, &mut rng);
    let stacks = b.core.tournament().stacks().clone();
    let log = b.core.steps();
    let mut made = good.clone();
    made.ended[0].1 = Chips::new(made.ended[0].1.get() + 1);
    let mut stranger = good.clone();
    stranger.began[0].0 = b.member(3).id;
    stranger.ended[0].0 = b.member(3).id;
    let mut later = good.clone();
    later.hand += 1;
    for bad in [made, stranger, later] {
        let refused = b.refused.len();
        b.send(tavolo_server::tournament::Input::HandOver(bad));
        assert_eq!(b.refused.len(), refused + 1);
        assert_eq!(b.core.tournament().stacks(), &stacks);
        assert_eq!(b.core.steps(), log);
        assert!(b.writes.is_empty());
    }
    assert!(matches!(
        b.refused[0].2,
        CoordError::Rules(TournamentError::BadHand { .. })
    ));
    assert!(matches!(b.refused[2].2, CoordError::NotDealing { .. }));
    b.send(tavolo_server::tournament::Input::HandOver(good.clone()));
    b.settle();
    let recorded = |b: &Bench| {
        (b.orders.iter())
            .filter(|o| matches!(o, Order::Recorded { table: 0, hand: h } if *h == hand))
            .count()
    };
    assert_eq!(recorded(&b), 1);
    let log = b.core.steps();
    b.send(tavolo_server::tournament::Input::HandOver(good));
    b.settle();
    assert_eq!(recorded(&b), 2, "told again");
    assert_eq!(b.core.steps(), log, "recorded once");
    assert_eq!(b.refused.len(), 3);
}

/// A node paused past its lease still runs its coordinator while another owner restored the
/// tournament: the books fence off the old owner's next write (nothing recorded), and it stops,
/// answering that the tournament moved; the new owner takes the entry.
#[test]
fn an_owner_taken_over_is_fenced_off_and_stops() {
    use tavolo_server::tournament::{Coordinator, Effect, Input};
    let mut b = Bench::new(sit_and_go(3, 9), &[1_000; 3], 4);
    b.intent(0, Intent::Register);
    b.settle();
    b.books.epoch += 1;
    let mut setup = b.setup.clone();
    setup.lease.epoch = b.books.epoch;
    let save = b.books.save.clone().expect("saved");
    let held = b.books.log.clone();
    let (mut new, _) = Coordinator::restore(setup, held, save, b.now).expect("restores");
    let r = b.intent(1, Intent::Register);
    b.answer_one();
    assert_eq!(b.answers[&r], Err(CoordError::Moved));
    assert_eq!(
        b.books.pool(),
        100,
        "the stale owner's entry was not recorded"
    );
    let member = b.member(1);
    let again = b.core.handle(
        Input::Intent {
            member: member.clone(),
            intent: Intent::Register,
            reply: 99,
        },
        b.now,
    );
    assert_eq!(again, vec![Effect::Answer(99, Err(CoordError::Moved))]);
    // the new owner has player 0 in, and takes player 1
    assert_eq!(new.tournament().entries(), 1);
    let out = new.handle(
        Input::Intent {
            member,
            intent: Intent::Register,
            reply: 7,
        },
        b.now,
    );
    let Some(Effect::Book(id, w)) = out.into_iter().find(|e| matches!(e, Effect::Book(..))) else {
        panic!("the entry's write");
    };
    let answer = b.books.execute(&w);
    assert_eq!(answer, Ok(()));
    let out = new.handle(Input::Booked(id, answer), b.now);
    assert!(out.contains(&Effect::Answer(7, Ok(Ack::Registered { entry: 1 }))));
    assert_eq!(b.books.pool(), 200);
}

/// A scheduled tournament with fewer entries than it needs at its start is called off: every
/// entry comes back, exactly, and the players are told.
#[test]
fn a_scheduled_tournament_short_of_players_at_its_start_is_cancelled_and_refunded() {
    let mut b = Bench::new(scheduled_in(60_000, 0, 3), &[1_000; 3], 3);
    b.register(2);
    b.wait(Duration::from_secs(30));
    assert_eq!(b.core.tournament().phase(), Phase::Registering);
    assert_eq!(b.books.pool(), 200);
    b.wait(Duration::from_secs(31));
    assert_eq!(b.core.tournament().phase(), Phase::Cancelled);
    for i in 0..2 {
        assert_eq!(b.balance(i), 1_000);
        let me = b.member(i).id;
        assert!(b.notices.contains(&(me, Notice::Cancelled)));
        assert!(b.notices.contains(&(
            me,
            Notice::Refunded {
                amount: Chips::new(110)
            }
        )));
    }
    assert_eq!(b.books.pool(), 0);
    assert!(b.finished);
    let r = b.intent(2, Intent::Register);
    assert_eq!(b.answers[&r], refused(TournamentError::Closed));
}

/// Eighteen players at two tables: as players bust, the tables are balanced (the mover told
/// where to go) and the second table breaks into the first; at the end the last table closes.
#[test]
fn two_tables_are_balanced_then_broken_into_one_and_closed_at_the_end() {
    let mut b = Bench::new(sit_and_go(18, 9), &[1_000; 18], 11);
    b.register(18);
    let opened = (b.orders.iter())
        .filter(|o| matches!(o, Order::Open { .. }))
        .count();
    assert_eq!(opened, 2);
    b.play_out(&mut GameRng::from_u64(12));
    let moves: Vec<(UserId, (usize, usize))> = (b.orders.iter())
        .filter_map(|o| match o {
            Order::Move { player, to, .. } => Some((*player, *to)),
            _ => None,
        })
        .collect();
    assert!(!moves.is_empty(), "players moved");
    for (player, (table, seat)) in &moves {
        let told = Notice::Moved {
            table: *table,
            seat: *seat,
        };
        assert!(b.notices.contains(&(*player, told)), "the mover is told");
    }
    let closed: Vec<usize> = (b.orders.iter())
        .filter_map(|o| match o {
            Order::Close { table } => Some(*table),
            _ => None,
        })
        .collect();
    assert_eq!(
        closed,
        vec![1, 0],
        "the second table breaks first, the first closes at the end"
    );
    assert_eq!(b.books.pool(), 0);
    assert_eq!(b.core.tournament().places().count(), 18);
}

/// A rebuy asked while the player's table plays a hand is booked at once and made when the hand
/// is over: the next deal has the chips.
#[test]
fn a_rebuy_booked_during_a_hand_joins_the_stack_when_the_hand_is_over() {
    use tavolo_server::tournament::{HandOver, Input};
    let mut b = Bench::rebuys_started(1_000, 2, 2, 6);
    let (hand, players) = b.tables[&0].deal.clone().expect("table 0 deals");
    let me = b.member(0).id;
    let r = b.intent(0, Intent::Rebuy);
    b.settle();
    assert_eq!(b.answers[&r], Ok(Ack::RebuyBooked));
    assert_eq!(b.balance(0), 1_000 - 110 - 100);
    assert_eq!(b.books.pool(), 300);
    assert_eq!(
        b.core.tournament().stacks()[&me],
        Chips::new(10_000),
        "not during the hand"
    );
    let r = b.intent(0, Intent::Rebuy);
    assert_eq!(
        b.answers[&r],
        Err(CoordError::Busy("rebuy")),
        "one at a time"
    );
    let began: Vec<(UserId, Chips)> = players.iter().map(|(_, p, c)| (*p, *c)).collect();
    let ended = began
        .iter()
        .map(|(p, c)| {
            (
                *p,
                if *p == me {
                    *c - Chips::new(100)
                } else {
                    *c + Chips::new(100)
                },
            )
        })
        .collect();
    b.send(Input::HandOver(HandOver {
        table: 0,
        hand,
        began,
        ended,
    }));
    b.settle();
    let stack = Chips::new(19_900);
    assert!(b.notices.contains(&(me, Notice::Rebought { stack })));
    let next = b.tables[&0].deal.clone().expect("the next hand");
    assert_eq!(next.0, hand + 1);
    assert!(next.1.iter().any(|(_, p, c)| *p == me && *c == stack));
}
