//! A database capped in size (`Store::limit_sqlite_pages`, SQLite's `max_page_count`): a
//! sign-up that would grow it past the cap is refused as on a full disk, the store says why,
//! sign-ups work again by themselves once the cap is lifted, and every acknowledged one is on
//! disk after a restart. (A disk that fills during the commit itself is `full_disk.rs`.)

use std::path::Path;

use tavolo_store::{Store, StoreError};

async fn open(dir: &Path) -> Store {
    Store::open_in_dir(dir).await.expect("open the database")
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tavolo-durability-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(7);
    h.finish()
}

#[tokio::test]
async fn after_a_full_disk_no_sign_up_is_acknowledged_that_a_restart_loses() {
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
