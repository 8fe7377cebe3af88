//! The audit reconciles the ledger with the hands the tables dealt, and it can fail: each way a
//! table and the books can part (a stack the seat does not hold, chips moved during a hand, a
//! result refused and dealt on, a hand left in play, results that disagree with their journal,
//! chips left at a closed table) is built through the store's API and must be named — while a
//! room that plays by the rules audits clean. On SQLite, and on PostgreSQL when
//! `TAVOLO_TEST_DATABASE_URL` is set.

use crate::common;
use crate::common::books::{cash_out, finished_hand, new_hand, seat, Table};
use tavolo_store::{Account, Applied, FinishedHand, HandId, Journal, Store, StoreError, UserId};

/// The audit's problems, printed when a test fails.
async fn problems(store: &Store) -> Vec<String> {
    store.audit().await.expect("audit runs").problems
}

async fn audits_clean(store: &Store) {
    let p = problems(store).await;
    assert!(p.is_empty(), "the books do not balance: {p:#?}");
}

/// Asserts that one problem contains every fragment.
fn named(problems: &[String], fragments: &[&str]) {
    assert!(
        problems
            .iter()
            .any(|p| fragments.iter().all(|f| p.contains(f))),
        "no problem names {fragments:?}: {problems:#?}"
    );
}

/// How a problem names a hand: "hand 7 at table t".
fn at(hand: HandId, table: &str) -> String {
    format!("hand {} at table {table}", hand.0)
}

/// How a problem names a player dealt in with `chips`.
fn dealt(user: UserId, chips: i64) -> String {
    format!("dealt user {} in with {chips} chips", user.0)
}

/// Asserts that a problem names `hand`, in which `user` was dealt in with `chips` while the seat
/// account `held` less.
fn named_dealt_over(problems: &[String], hand: HandId, user: UserId, chips: i64, held: i64) {
    let hand = format!("hand {}", hand.0);
    named(
        problems,
        &[&hand, &dealt(user, chips), &format!("held {held}")],
    );
}

/// A Saint Poker table: stakes into the pot before the game, the pot paid out to the winners'
/// owners after it (as `books.rs` does).
struct Saint {
    store: Store,
    id: String,
    stake: i64,
    games: u64,
}

impl Saint {
    async fn open(store: &Store, stake: i64) -> Saint {
        Saint {
            store: store.clone(),
            id: store
                .create_table("saint", "{}", "solo", 60_000)
                .await
                .unwrap()
                .table,
            stake,
            games: 0,
        }
    }

    /// Takes the stakes and begins a game: `players` are (user, owner).
    async fn begin(&mut self, players: &[(UserId, Account)]) -> HandId {
        self.games += 1;
        if self.stake > 0 {
            let mut legs: Vec<(Account, i64)> = players
                .iter()
                .map(|(_, o)| (o.clone(), -self.stake))
                .collect();
            legs.push((
                Account::Pot(self.id.clone()),
                self.stake * players.len() as i64,
            ));
            let key = format!("{}:stake:{}", self.id, self.games);
            self.store
                .transfer(&Journal::new(key, "stake", legs))
                .await
                .unwrap();
        }
        let seats = players
            .iter()
            .enumerate()
            .map(|(s, (u, _))| (s, *u, 0))
            .collect();
        let game = new_hand(&self.id, "saint", seats);
        self.store.begin_hand(&game).await.unwrap()
    }

    /// Pays the pot out: `payouts` are (user, owner, chips won); `results` as booked (normally
    /// each payout less the stake).
    async fn finish(
        &self,
        game: HandId,
        payouts: &[(UserId, Account, i64)],
        results: Vec<(UserId, i64)>,
    ) -> Result<Applied, StoreError> {
        let pot: i64 = payouts.iter().map(|p| p.2).sum();
        let mut legs: Vec<(Account, i64)> = payouts
            .iter()
            .filter(|p| p.2 > 0)
            .map(|p| (p.1.clone(), p.2))
            .collect();
        legs.push((Account::Pot(self.id.clone()), -pot));
        self.store
            .finish_hand(
                game,
                &FinishedHand {
                    format: "saint-json".into(),
                    ..finished_hand(
                        "{}".into(),
                        results,
                        Journal::new(format!("hand:{}", game.0), "saint", legs),
                    )
                },
            )
            .await
    }

    /// Results as the server books them: each payout less the stake.
    fn results(&self, payouts: &[(UserId, Account, i64)]) -> Vec<(UserId, i64)> {
        payouts.iter().map(|p| (p.0, p.2 - self.stake)).collect()
    }
}

/// Saint Poker payouts: each of `seats` (user, owner) with the chips it won.
fn pays(seats: &[(UserId, Account)], chips: &[i64]) -> Vec<(UserId, Account, i64)> {
    assert_eq!(seats.len(), chips.len(), "one payout a seat");
    seats
        .iter()
        .zip(chips)
        .map(|((u, o), c)| (*u, o.clone(), *c))
        .collect()
}

async fn players(store: &Store) -> (UserId, UserId, UserId) {
    let ada = store.register("ada", "correct horse").await.unwrap().id;
    let bob = store.register("bob", "correct horse").await.unwrap().id;
    let bot = store.create_bot("bot-ivy").await.unwrap().id;
    (ada, bob, bot)
}

/// Ada and Bob (after them the bot of [`players`]) at a new Hold'em table, bought in with these
/// chips.
async fn heads_up(store: &Store, ada_chips: i64, bob_chips: i64) -> (UserId, UserId, Table) {
    let (ada, bob, _) = players(store).await;
    let mut t = Table::open(store, "holdem").await;
    t.buy_in(ada, Account::User(ada), ada_chips).await;
    t.buy_in(bob, Account::User(bob), bob_chips).await;
    (ada, bob, t)
}

/// [`heads_up`] with 200 chips each, and the first hand dealt to Ada and Bob.
async fn heads_up_hand(store: &Store) -> (UserId, UserId, Table, HandId) {
    let (ada, bob, mut t) = heads_up(store, 200, 200).await;
    let h = t.deal(&[ada, bob]).await;
    (ada, bob, t, h)
}

#[tokio::test]
async fn a_room_that_plays_by_the_rules_audits_clean() {
    for store in common::stores().await {
        let (ada, bob, ivy) = players(&store).await;
        let rex = store.create_bot("bot-rex").await.unwrap().id;
        let mut t = Table::open(&store, "holdem").await;
        t.buy_in(ada, Account::User(ada), 200).await;
        t.buy_in(bob, Account::User(bob), 200).await;
        t.buy_in(ivy, Account::House, 300).await;
        let all = [ada, bob, ivy];
        let h = t.deal(&all).await;
        t.finish(h, &[(ada, 30), (bob, -30), (ivy, 0)], 0)
            .await
            .unwrap();
        // An odd chip stays in the pot for the next hand, then goes out with it.
        let h = t.deal(&all).await;
        t.finish(h, &[(ada, -21), (bob, 10), (ivy, 10)], 1)
            .await
            .unwrap();
        let h = t.deal(&all).await;
        t.finish(h, &[(ada, 1), (bob, 0), (ivy, 0)], 0)
            .await
            .unwrap();
        // A hand where no chip changes hands has no journal.
        let h = t.deal(&all).await;
        assert_eq!(
            t.finish(h, &[(ada, 0), (bob, 0), (ivy, 0)], 0)
                .await
                .unwrap(),
            Applied::Nothing
        );
        // The newest hand of an open table in play: a running room.
        let h = t.deal(&all).await;
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{:#?}", report.problems);
        assert_eq!((report.hands_playing, report.hands_finished), (1, 4));
        // Bob goes broke and rebuys.
        let bust = t.stacks[&bob];
        t.finish(h, &[(ada, bust), (bob, -bust), (ivy, 0)], 0)
            .await
            .unwrap();
        t.buy_in(bob, Account::User(bob), 100).await;
        // A hand that could not be dealt is voided; the table deals again.
        let h = t.deal(&all).await;
        store.void_hand(h, None, "a test voids it").await.unwrap();
        let h = t.deal(&all).await;
        t.finish(h, &[(ada, -40), (bob, 25), (ivy, 15)], 0)
            .await
            .unwrap();
        t.cash_out(ada, Account::User(ada)).await;
        let h = t.deal(&[bob, ivy]).await;
        t.finish(h, &[(bob, -5), (ivy, 5)], 0).await.unwrap();
        audits_clean(&store).await;

        // Saint Poker: the stakes into the pot, the pot to the winners' owners.
        let mut s = Saint::open(&store, 10).await;
        let seats = [
            (ada, Account::User(ada)),
            (bob, Account::User(bob)),
            (ivy, Account::House),
            (rex, Account::House),
        ];
        let g = s.begin(&seats).await;
        let pay = pays(&seats, &[40, 0, 0, 0]);
        s.finish(g, &pay, s.results(&pay)).await.unwrap();
        // Two bots share the pot: one leg to the house for both.
        let g = s.begin(&seats).await;
        let pay = pays(&seats, &[0, 0, 20, 20]);
        s.finish(g, &pay, s.results(&pay)).await.unwrap();
        // Three winners of 40: 14, 13, 13.
        let g = s.begin(&seats).await;
        let pay = pays(&seats, &[14, 13, 13, 0]);
        s.finish(g, &pay, s.results(&pay)).await.unwrap();
        // Bots playing from their bankroll: stakes from it, winnings back to it.
        store
            .transfer(&Journal::move_chips(
                "fund",
                "bankroll",
                Account::House,
                Account::Bots,
                1_000,
            ))
            .await
            .unwrap();
        let bankroll = [
            (ada, Account::User(ada)),
            (bob, Account::User(bob)),
            (ivy, Account::Bots),
            (rex, Account::Bots),
        ];
        for payout in [[0, 0, 40, 0], [0, 0, 20, 20], [40, 0, 0, 0]] {
            let g = s.begin(&bankroll).await;
            let pay = pays(&bankroll, &payout);
            s.finish(g, &pay, s.results(&pay)).await.unwrap();
        }
        // A friendly game (no stake): nothing moves.
        let mut friendly = Saint::open(&store, 0).await;
        let g = friendly.begin(&seats[..2]).await;
        let pay = pays(&seats[..2], &[0, 0]);
        let r = friendly.finish(g, &pay, friendly.results(&pay)).await;
        assert_eq!(r.unwrap(), Applied::Nothing);
        audits_clean(&store).await;

        t.close().await;
        s.store.close_table(&s.id, None).await.unwrap();
        friendly
            .store
            .close_table(&friendly.id, None)
            .await
            .unwrap();
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{:#?}", report.problems);
        assert_eq!(report.at_tables, 0);
        assert_eq!((report.hands_playing, report.hands_finished), (0, 14));
    }
}

/// The fault found in the room: a seat reused with another player's stack in memory. The table
/// deals a player in with chips their seat does not hold.
#[tokio::test]
async fn a_player_dealt_in_with_chips_the_seat_does_not_hold_is_named() {
    for store in common::stores().await {
        let (ada, bob, mut t) = heads_up(&store, 200, 150).await;
        t.stacks.insert(bob, 200); // the drift
        let h = t.deal(&[ada, bob]).await;
        let p = problems(&store).await;
        named(
            &p,
            &[&at(h, &t.id), &dealt(bob, 200), "the seat account held 150"],
        );
        assert_eq!(p.len(), 1, "{p:#?}");
        // Finished within what the seat holds: nothing moved during the hand, nothing more to
        // name.
        t.finish(h, &[(ada, 20), (bob, -20)], 0).await.unwrap();
        assert_eq!(problems(&store).await, p);
    }
}

/// The whole incident: the table's stack drifted, the ledger refused the hand's result (the
/// loser's seat cannot pay), the table logged it and dealt on from its own idea of the stacks.
#[tokio::test]
async fn a_refused_result_the_table_dealt_on_from_is_named() {
    for store in common::stores().await {
        let (ada, bob, mut t) = heads_up(&store, 200, 50).await;
        t.stacks.insert(bob, 200);
        let first = t.deal(&[ada, bob]).await;
        let refused = t.finish(first, &[(ada, 150), (bob, -150)], 0).await;
        assert!(
            matches!(refused, Err(StoreError::InsufficientFunds { .. })),
            "{refused:?}"
        );
        let second = t.deal(&[ada, bob]).await;
        let p = problems(&store).await;
        let never = format!(
            "{} was never settled, but the table dealt hand {} after it",
            at(first, &t.id),
            second.0
        );
        named(&p, &[&never]);
        named(
            &p,
            &[
                &at(second, &t.id),
                &dealt(ada, 350),
                "the seat account held 200",
            ],
        );
        named_dealt_over(&p, first, bob, 200, 50);
    }
}

#[tokio::test]
async fn chips_moved_off_a_seat_during_a_hand_are_named() {
    for store in common::stores().await {
        let (ada, bob, mut t, h) = heads_up_hand(&store).await;
        // Mid-hand, 50 of Ada's chips leave her seat behind the table's back.
        let out = cash_out("sneaky", &t.id, ada, 50);
        store.transfer(&out).await.unwrap();
        t.finish(h, &[(ada, 50), (bob, -50)], 0).await.unwrap();
        let p = problems(&store).await;
        let went = format!(
            "user {}'s seat account went from 200 at the deal to 150 before the hand's journal",
            ada.0
        );
        let moved = "-50 chips moved on the seat during the hand";
        named(&p, &[&at(h, &t.id), &went, moved]);
        assert_eq!(p.len(), 1, "{p:#?}");
        // The table deals on with the stack it believes in.
        let next = t.deal(&[ada, bob]).await;
        let p = problems(&store).await;
        named_dealt_over(&p, next, ada, 250, 200);
    }
}

#[tokio::test]
async fn a_hand_left_in_play_at_a_closed_table_is_named() {
    for store in common::stores().await {
        let (ada, bob, mut t) = heads_up(&store, 200, 200).await;
        let voided = t.deal(&[ada, bob]).await;
        store
            .void_hand(voided, None, "a test voids it")
            .await
            .unwrap();
        // Closing a table voids the hand it leaves in play (no owner settles it any more)…
        let left = t.deal(&[ada, bob]).await;
        audits_clean(&store).await;
        t.close().await;
        audits_clean(&store).await;
        assert_eq!(store.hand(left).await.unwrap().status, "voided");
        // …so a hand in play at a closed table is one begun there afterwards, by a writer that
        // did not hold the table (unfenced): the audit names it.
        let h = t.deal(&[ada, bob]).await;
        let p = problems(&store).await;
        let never = format!(
            "{} was never settled, but the table is closed",
            at(h, &t.id)
        );
        named(&p, &[&never]);
        // (It also dealt in stacks the closed table's seats no longer hold.)
        named_dealt_over(&p, h, ada, 200, 0);
    }
}

#[tokio::test]
async fn results_that_disagree_with_their_journal_are_named() {
    for store in common::stores().await {
        let (ada, bob, mut t) = heads_up(&store, 200, 200).await;
        let carl = store.register("carl", "correct horse").await.unwrap().id;
        let finish = |hand: HandId, results: Vec<(UserId, i64)>, legs: Vec<(Account, i64)>| {
            let store = store.clone();
            async move {
                store
                    .finish_hand(
                        hand,
                        &finished_hand(
                            String::new(),
                            results,
                            Journal::new(format!("hand:{}", hand.0), "hand", legs),
                        ),
                    )
                    .await
                    .unwrap()
            }
        };
        // Ada's result says 60; the journal moved 50.
        let h1 = t.deal(&[ada, bob]).await;
        finish(
            h1,
            vec![(ada, 60), (bob, -50)],
            vec![(seat(&t.id, bob), -50), (seat(&t.id, ada), 50)],
        )
        .await;
        t.stacks.insert(ada, 250);
        t.stacks.insert(bob, 150);
        // Ten chips of the pot went to somebody who did not play.
        let h2 = t.deal(&[ada, bob]).await;
        finish(
            h2,
            vec![(ada, 40), (bob, -50)],
            vec![
                (seat(&t.id, bob), -50),
                (seat(&t.id, ada), 40),
                (Account::User(carl), 10),
            ],
        )
        .await;
        t.stacks.insert(ada, 290);
        t.stacks.insert(bob, 100);
        // Results that moved chips, and a journal that moved none.
        let h3 = t.deal(&[ada, bob]).await;
        assert_eq!(
            finish(h3, vec![(ada, 20), (bob, -20)], vec![]).await,
            Applied::Nothing
        );
        // Bob's result never recorded.
        let h4 = t.deal(&[ada, bob]).await;
        finish(
            h4,
            vec![(ada, 5)],
            vec![(seat(&t.id, bob), -5), (seat(&t.id, ada), 5)],
        )
        .await;
        let p = problems(&store).await;
        let at = |h: HandId| at(h, &t.id);
        named(
            &p,
            &[
                &at(h1),
                &format!("user {}'s result is 60, but its journal moves 50", ada.0),
            ],
        );
        named(
            &p,
            &[
                &at(h1),
                "its results sum to 10 and the pot's leg is 0: together 10, not 0",
            ],
        );
        named(
            &p,
            &[
                &at(h2),
                &format!("its journal moves 10 on user:{}", carl.0),
                "neither the seat of one of its players nor the table's pot",
            ],
        );
        named(
            &p,
            &[
                &format!("{} is finished, but no journal \"hand:{}\"", at(h3), h3.0),
                &format!("user {} +20, user {} -20", ada.0, bob.0),
            ],
        );
        named(&p, &[&at(h4), &format!("user {} has no result", bob.0)]);
    }
}

#[tokio::test]
async fn a_hand_journal_without_its_finished_hand_is_named() {
    for store in common::stores().await {
        let (ada, bob, t, h) = heads_up_hand(&store).await;
        // A hand's result booked by a plain transfer: the hand stays in play.
        let early = Journal::move_chips(
            format!("hand:{}", h.0),
            "hand",
            seat(&t.id, bob),
            seat(&t.id, ada),
            10,
        );
        store.transfer(&early).await.unwrap();
        let nowhere = Journal::move_chips(
            "hand:987654",
            "hand",
            Account::User(bob),
            Account::User(ada),
            10,
        );
        store.transfer(&nowhere).await.unwrap();
        // Keys that are not a hand's id are not hand results.
        let other =
            Journal::move_chips("hand:x", "hand", Account::User(bob), Account::User(ada), 1);
        store.transfer(&other).await.unwrap();
        let p = problems(&store).await;
        named(
            &p,
            &[&format!(
                "journal \"hand:{}\" books the result of hand {} at table {}, which is playing, not finished",
                h.0, h.0, t.id
            )],
        );
        named(
            &p,
            &["journal \"hand:987654\" books the result of hand 987654, which does not exist"],
        );
        assert!(!p.iter().any(|p| p.contains("hand:x")), "{p:#?}");
        // A betting hand's result booked as a Saint Poker payout.
        let mut u = Table::open(&store, "holdem").await;
        u.buy_in(ada, Account::User(ada), 100).await;
        u.buy_in(bob, Account::User(bob), 100).await;
        let h = u.deal(&[ada, bob]).await;
        store
            .finish_hand(
                h,
                &finished_hand(
                    String::new(),
                    vec![(ada, 10), (bob, -10)],
                    Journal::move_chips(
                        format!("hand:{}", h.0),
                        "saint",
                        seat(&u.id, bob),
                        seat(&u.id, ada),
                        10,
                    ),
                ),
            )
            .await
            .unwrap();
        named(
            &problems(&store).await,
            &[&format!(
                "journal \"hand:{}\" of hand {} at table {} (holdem) is of kind \"saint\", not \"hand\"",
                h.0, h.0, u.id
            )],
        );
    }
}

#[tokio::test]
async fn saint_payouts_that_disagree_with_the_results_are_named() {
    for store in common::stores().await {
        let (ada, bob, ivy) = players(&store).await;
        let mut s = Saint::open(&store, 10).await;
        let seats = [
            (ada, Account::User(ada)),
            (bob, Account::User(bob)),
            (ivy, Account::House),
        ];
        // The pot (30) goes to Ada, but the results say she won 20 and the others 5 each.
        let g = s.begin(&seats).await;
        let pay = pays(&seats, &[30, 0, 0]);
        s.finish(g, &pay, vec![(ada, 10), (bob, -5), (ivy, -5)])
            .await
            .unwrap();
        let p = problems(&store).await;
        let game = format!("{} (Saint Poker)", at(g, &s.id));
        let ada_won = format!(
            "user {} won 20 (a result of 10 plus the stake of 10), but its journal pays 30 to user:{}",
            ada.0, ada.0
        );
        named(&p, &[&game, &ada_won]);
        let bob_paid = format!("pays 0 to user:{}", bob.0);
        named(&p, &[&game, &format!("user {} won 5", bob.0), &bob_paid]);
        // The journal pays the house nothing: a game of the bots' bankroll, whose account is named.
        named(
            &p,
            &[&game, &format!("user {} won 5", ivy.0), "pays 0 to bots"],
        );
        assert_eq!(p.len(), 3, "{p:#?}");
        // A payout that is not one stake per player, with results that do not sum to 0.
        let g = s.begin(&seats).await;
        let pay = pays(&seats, &[25, 0, 0]);
        s.finish(g, &pay, s.results(&pay)).await.unwrap();
        let p = problems(&store).await;
        let game = format!("{} (Saint Poker)", at(g, &s.id));
        named(
            &p,
            &[
                &game,
                "its journal pays out 25 from the pot, which is not one stake from each of its 3 players",
            ],
        );
        named(&p, &[&game, "its results sum to -5, not 0"]);
        // Its stake unknown, its players' payouts are not held to one.
        assert_eq!(p.len(), 5, "{p:#?}");
    }
}

#[tokio::test]
async fn chips_left_at_a_closed_table_are_named() {
    for store in common::stores().await {
        let (ada, bob, mut t, h) = heads_up_hand(&store).await;
        t.finish(h, &[(ada, 9), (bob, -10)], 1).await.unwrap();
        t.close().await;
        audits_clean(&store).await;
        // A late buy-in and a late odd chip, after the table closed.
        let late = Journal::move_chips("late", "buy_in", Account::User(ada), seat(&t.id, ada), 100);
        store.transfer(&late).await.unwrap();
        let odd = Journal::move_chips("odd", "hand", Account::House, Account::Pot(t.id.clone()), 3);
        store.transfer(&odd).await.unwrap();
        let p = problems(&store).await;
        let seat_account = format!("seat:{}:{}", t.id, ada.0);
        for (account, chips) in [(seat_account, 100), (format!("pot:{}", t.id), 3)] {
            let closed = format!(
                "table {} is closed, but {account} still holds {chips} chips",
                t.id
            );
            named(&p, &[&closed]);
        }
        assert_eq!(p.len(), 2, "{p:#?}");
    }
}

/// A database from before the journal marks: its hands have none and are not held to them (the
/// seat accounts they dealt on are unknown), and hands begun after the upgrade are.
#[tokio::test]
async fn hands_begun_before_the_upgrade_are_skipped_and_later_ones_checked() {
    use sqlx::{Connection, Executor};
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!(
        "tavolo-audit-{}",
        tavolo_store::hex(&tavolo_cards::GameRng::os_seed()[..6])
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut urls = vec![(
        "sqlite",
        format!("sqlite:{}?mode=rwc", dir.join("old.db").display()),
    )];
    if let Ok(server) = std::env::var("TAVOLO_TEST_DATABASE_URL") {
        urls.push((
            "postgres",
            Store::fresh_postgres_database(&server).await.unwrap(),
        ));
    }
    for (flavour, url) in urls {
        // Version 1 of the schema only, and a hand it recorded: dealt with 500 chips that no
        // seat account holds, still in play at a table that is open.
        let v1 = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(flavour)
            .join("0001_initial.sql");
        let old = dir.join(flavour);
        std::fs::create_dir_all(&old).unwrap();
        std::fs::copy(&v1, old.join("0001_initial.sql")).unwrap();
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        sqlx::migrate::Migrator::new(old.as_path())
            .await
            .unwrap()
            .run(&mut conn)
            .await
            .unwrap();
        for sql in [
            "INSERT INTO users (name, kind, created_at) VALUES ('ada', 'player', 0)",
            "INSERT INTO card_tables (id, game, options, created_at) VALUES ('told', 'holdem', '{}', 0)",
            "INSERT INTO hands (table_id, game, commitment, seed, status, started_at) VALUES ('told', 'holdem', 'c', 's', 'playing', 0)",
            "INSERT INTO hand_players (hand_id, user_id, seat, stack) VALUES (1, 1, 0, 500)",
        ] {
            conn.execute(sql).await.unwrap();
        }
        conn.close().await.unwrap();

        let store = Store::open(&url).await.unwrap();
        audits_clean(&store).await;
        // After the upgrade the table deals again, from the same idea of the stack.
        let later = new_hand("told", "holdem", vec![(0, UserId(1), 500)]);
        let later = store.begin_hand(&later).await.unwrap();
        let p = problems(&store).await;
        named(
            &p,
            &[&format!(
                "hand 1 at table told was never settled, but the table dealt hand {} after it",
                later.0
            )],
        );
        named(
            &p,
            &[&format!(
                "hand {} at table told dealt user 1 in with 500 chips, but the seat account held 0",
                later.0
            )],
        );
        assert_eq!(p.len(), 2, "{flavour}: {p:#?}");
        store.close().await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}
