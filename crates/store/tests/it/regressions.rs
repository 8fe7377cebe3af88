//! The faults found in the store so far, one test each, named after the fault; each doc comment
//! says what went wrong and names the commit that fixed it.

use std::path::Path;

use crate::common;
use tavolo_store::{Account, Store, StoreError, GUEST_GRANT};

/// A write that failed when the disk filled left its connection in a transaction that never
/// committed, so later writes on it were acknowledged and lost: 303 of 323 acknowledged
/// sign-ups were gone after a restart. A failed write now discards its connection, the store
/// says it cannot write, and it resumes by itself. (`full_disk.rs` fills the disk during the
/// commits of buy-ins and hands under load.) Fixed in f736b8a.
#[tokio::test]
async fn acknowledged_sign_ups_were_lost_after_the_disk_filled() {
    let dir = tempdir();
    let store = open(&dir).await;
    let used = store.limit_sqlite_pages(None).await.expect("pages");
    store
        .limit_sqlite_pages(Some(used + 3))
        .await
        .expect("cap the database");
    let mut acknowledged = Vec::new();
    let mut refused = 0;
    for _ in 0..300 {
        match store.create_guest().await {
            Ok(u) => acknowledged.push(u.id),
            Err(StoreError::Db(_)) => refused += 1,
            Err(e) => panic!("unexpected error {e}"),
        }
    }
    assert!(refused > 0, "the cap was never reached");
    // The store says why it cannot write.
    let cause = store
        .write_health()
        .failing()
        .expect("the store says it cannot write");
    assert!(cause.contains("full"), "{cause}");
    // Space comes back: sign-ups work again, by themselves.
    store.limit_sqlite_pages(None).await.expect("uncap");
    for _ in 0..5 {
        acknowledged.push(
            store
                .create_guest()
                .await
                .expect("a sign-up after space returns")
                .id,
        );
    }
    assert_eq!(store.write_health().failing(), None);
    store.close().await;
    drop(store);
    let again = open(&dir).await;
    for id in &acknowledged {
        again
            .user(*id)
            .await
            .unwrap_or_else(|e| panic!("user {} was acknowledged but is gone: {e}", id.0));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// On PostgreSQL two racing sign-ups, `RacerN` and `racerN`, both succeeded: names were unique
/// only as typed. A unique index on `lower(name)` makes one name in any case. Fixed in 37ad92b.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sign_ups_in_different_cases_both_took_one_name() {
    for store in common::stores().await {
        let mut racers = Vec::new();
        for n in 0..8 {
            for name in [format!("Racer{n}"), format!("racer{n}")] {
                let store = store.clone();
                racers.push(tokio::spawn(async move {
                    (n, store.register(&name, "correct horse battery").await)
                }));
            }
        }
        let mut won = [0; 8];
        for r in racers {
            let (n, result) = r.await.expect("a racer");
            match result {
                Ok(_) => won[n] += 1,
                Err(StoreError::NameTaken(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(won, [1; 8], "{:?}", store.kind());
    }
}

/// The creator of a table placed on another node was lost (the node playing it did not know who
/// may add bots), and the per-player table limit was counted per node. Tables record their
/// creator in the database (migration 6). Fixed in 8250454.
#[tokio::test]
async fn a_tables_creator_was_lost_on_another_node() {
    for store in common::stores().await {
        let ada = store.create_guest().await.unwrap().id;
        let bo = store.create_guest().await.unwrap().id;
        // Made on node a, placed on node b (expired at once, so b may claim it).
        let placed = (store.create_table_by("holdem", "{}", "b", -1, Some(ada)))
            .await
            .unwrap();
        let room = store.create_table("draw", "{}", "a", 60_000).await.unwrap();
        store
            .create_table_by("saint", "{}", "c", 60_000, Some(ada))
            .await
            .unwrap();
        assert_eq!(store.open_tables_created_by(ada).await.unwrap(), 2);
        assert_eq!(store.open_tables_created_by(bo).await.unwrap(), 0);
        let claimed = (store.claim_table(&placed.table, "b", 10_000))
            .await
            .unwrap()
            .expect("claimable");
        assert_eq!(claimed.creator, Some(ada));
        let c = store.claim_table(&room.table, "b", -1).await.unwrap();
        assert_eq!(c, None, "a's lease is live");
        // A closed table no longer counts.
        store
            .close_table(&placed.table, Some(&claimed.fence))
            .await
            .unwrap();
        assert_eq!(store.open_tables_created_by(ada).await.unwrap(), 1);
    }
}

/// A Saint Poker game voided by a shutdown, a crash or a failed deal left its stakes in the pot,
/// and closing the table gave the pot to the house. The stakes now go back to whoever paid them.
/// Fixed in 7bb5eb4.
#[tokio::test]
async fn a_voided_saint_games_stakes_went_to_the_house() {
    for store in common::stores().await {
        let t = store
            .create_table("saint", "{}", "a", 60_000)
            .await
            .unwrap();
        let [ada, bo] = common::two_stakes(&store, &t).await;
        let house = store.balance(&Account::House).await.unwrap();
        store.close_table(&t.table, Some(&t)).await.unwrap();
        for u in [ada, bo] {
            assert_eq!(common::held(&store, u).await, GUEST_GRANT);
        }
        assert_eq!(store.balance(&Account::House).await.unwrap(), house);
        assert!(store.audit().await.unwrap().balanced());
    }
}

/// The store of a data directory.
async fn open(dir: &Path) -> Store {
    Store::open_in_dir(dir).await.expect("open the database")
}

/// A new temporary directory.
fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tavolo-regressions-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A random number for a directory's name.
fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(7);
    h.finish()
}
