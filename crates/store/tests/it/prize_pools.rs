//! A tournament's prize pool in the ledger: entries, a refund and the prizes move it to 0 and
//! the books audit clean, an entry the player cannot pay is refused naming their account, a
//! charge sent again is already done — and the audit names a journal that moves a pool without
//! being an entry, a rebuy, a refund, a prize or an overlay, a pool journal with a leg on a seat,
//! and an overlay missing, doubled or without a guarantee. On
//! SQLite, and on PostgreSQL when `TAVOLO_TEST_DATABASE_URL` is set.

use crate::common;
use tavolo_store::{Account, Applied, Journal, PoolMove, Store, StoreError, UserId};

async fn problems(store: &Store) -> Vec<String> {
    store.audit().await.expect("audit runs").problems
}

async fn three(store: &Store) -> [UserId; 3] {
    let mut out = [UserId(0); 3];
    for (i, name) in ["ada", "bob", "cyd"].iter().enumerate() {
        out[i] = store.register(name, "correct horse").await.unwrap().id;
    }
    out
}

fn entry(t: &str, u: UserId) -> Journal {
    PoolMove::charge(
        format!("tournament:{t}:entry:{}:1", u.0),
        t,
        Account::User(u),
        100,
        10,
    )
}

/// Pays `u` the prize of `place` in tournament `t`: `amount` out of its pool, under the key the
/// room gives a prize.
async fn pay_prize(store: &Store, t: &str, place: usize, u: UserId, amount: i64) {
    let key = format!("tournament:{t}:prize:{place}:{}", u.0);
    let j = PoolMove::prize(key, t, Account::User(u), amount);
    store.transfer(&j).await.unwrap();
}

#[tokio::test]
async fn a_tournament_paid_out_leaves_its_pool_empty_and_audits_clean() {
    for store in common::stores().await {
        let [ada, bob, cyd] = three(&store).await;
        let pool = Account::Tournament("sng-1".into());
        for u in [ada, bob, cyd] {
            assert_eq!(
                store.transfer(&entry("sng-1", u)).await.unwrap(),
                Applied::Done
            );
        }
        // sent again after a lost answer: already done, not charged twice
        assert_eq!(
            store.transfer(&entry("sng-1", ada)).await.unwrap(),
            Applied::AlreadyDone
        );
        let back = PoolMove::refund(
            format!("tournament:sng-1:refund:{}:1", cyd.0),
            "sng-1",
            Account::User(cyd),
            100,
            10,
        );
        store.transfer(&back).await.unwrap();
        assert_eq!(store.balance(&pool).await.unwrap(), 200);
        for (place, u, amount) in [(1, bob, 130), (2, ada, 70)] {
            pay_prize(&store, "sng-1", place, u, amount).await;
        }
        assert_eq!(store.balance(&pool).await.unwrap(), 0);
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{report:#?}");
        assert_eq!(report.in_tournaments, 0);
        let start = common::held(&store, cyd).await;
        assert_eq!(common::held(&store, bob).await, start + 20);
        assert_eq!(common::held(&store, ada).await, start - 40);
    }
}

#[tokio::test]
async fn an_entry_the_player_cannot_pay_is_refused_and_moves_nothing() {
    for store in common::stores().await {
        let [ada, ..] = three(&store).await;
        let held = common::held(&store, ada).await;
        let big = PoolMove::charge(
            "tournament:big:entry:1:1".into(),
            "big",
            Account::User(ada),
            held,
            1,
        );
        match store.transfer(&big).await {
            Err(StoreError::InsufficientFunds { account, .. }) => {
                assert_eq!(account, Account::User(ada).to_string())
            }
            other => panic!("an entry beyond the account was {other:?}"),
        }
        assert_eq!(
            store
                .balance(&Account::Tournament("big".into()))
                .await
                .unwrap(),
            0
        );
        assert_eq!(common::held(&store, ada).await, held);
    }
}

#[tokio::test]
async fn a_pool_moved_by_anything_but_its_own_journals_is_named() {
    for store in common::stores().await {
        let [ada, ..] = three(&store).await;
        store.transfer(&entry("sng-2", ada)).await.unwrap();
        assert!(problems(&store).await.is_empty());
        // chips taken from the pool by a "grant", and a prize paid to a table's seat
        let grab = Journal::move_chips(
            "grab",
            "grant",
            Account::Tournament("sng-2".into()),
            Account::House,
            5,
        );
        store.transfer(&grab).await.unwrap();
        let seat = Account::Seat {
            table: "t1".into(),
            user: ada,
        };
        let to_seat = PoolMove::prize("tournament:sng-2:prize:1:1".into(), "sng-2", seat, 5);
        store.transfer(&to_seat).await.unwrap();
        let p = problems(&store).await;
        assert!(
            p.iter().any(|x| x.contains("\"grab\"")
                && x.contains("\"grant\"")
                && x.contains("prize pool")),
            "{p:#?}"
        );
        assert!(
            p.iter()
                .any(|x| x.contains("tournament:sng-2:prize:1:1") && x.contains("seat:t1:")),
            "{p:#?}"
        );
        assert_eq!(p.len(), 2, "{p:#?}");
    }
}

/// Tournament `id` guaranteeing `g`, in the books.
async fn guaranteed(store: &Store, id: &str, g: i64) {
    let t = tavolo_store::NewTournament {
        id: id.into(),
        name: "Sunday guarantee".into(),
        game: "holdem".into(),
        // as the room keeps it: the engine's settings under `config`
        config: format!(
            "{{\"config\":{{\"seats\":9,\"guarantee\":{g}}},\"bot_level\":\"regular\"}}"
        ),
        seed: "00".repeat(32),
        created_by: None,
    };
    store.create_tournament(&t, "n1", 10_000).await.unwrap();
}

#[tokio::test]
async fn guarantee_the_audit_names_an_overlay_missing_doubled_or_without_a_guarantee() {
    for store in common::stores().await {
        let [ada, bob, _] = three(&store).await;
        // 200 of players' money, 500 guaranteed: an overlay of 300 before the prize of 500.
        guaranteed(&store, "gtd-1", 500).await;
        for u in [ada, bob] {
            store.transfer(&entry("gtd-1", u)).await.unwrap();
        }
        let overlay = PoolMove::overlay("tournament:gtd-1:overlay".into(), "gtd-1", 300, false);
        assert_eq!(store.transfer(&overlay).await.unwrap(), Applied::Done);
        assert_eq!(
            store.transfer(&overlay).await.unwrap(),
            Applied::AlreadyDone
        );
        pay_prize(&store, "gtd-1", 1, ada, 500).await;
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{report:#?}");
        assert_eq!(report.in_tournaments, 0);
        // a second overlay under another key: named
        let twice = PoolMove::overlay("tournament:gtd-1:overlay:2".into(), "gtd-1", 300, false);
        store.transfer(&twice).await.unwrap();
        let p = problems(&store).await;
        assert!(
            p.iter()
                .any(|p| p.contains("gtd-1") && p.contains("overlay is 600")),
            "{p:?}"
        );
        // a prize paid from a guaranteed pool with no overlay at all: named
        guaranteed(&store, "gtd-2", 5_000).await;
        store.transfer(&entry("gtd-2", bob)).await.unwrap();
        pay_prize(&store, "gtd-2", 1, bob, 50).await;
        let p = problems(&store).await;
        assert!(
            p.iter()
                .any(|p| p.contains("gtd-2") && p.contains("overlay is 0, not 4900")),
            "{p:?}"
        );
        // an overlay where nothing is guaranteed: named
        let stray = PoolMove::overlay("tournament:sng-9:overlay".into(), "sng-9", 10, false);
        store.transfer(&stray).await.unwrap();
        let no_row = problems(&store).await;
        let plain = tavolo_store::NewTournament {
            id: "sng-9".into(),
            name: "plain".into(),
            game: "holdem".into(),
            config: "{\"seats\":9}".into(),
            seed: "00".repeat(32),
            created_by: None,
        };
        store.create_tournament(&plain, "n1", 10_000).await.unwrap();
        let p = problems(&store).await;
        assert!(
            p.iter()
                .any(|p| p.contains("sng-9") && p.contains("no guarantee")),
            "{p:?} (before its row: {no_row:?})"
        );
    }
}
