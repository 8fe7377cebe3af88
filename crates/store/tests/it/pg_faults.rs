//! PostgreSQL connections killed in the middle of the room's writes (as a server restart or a
//! network cut would): a write on a killed connection fails and its connection is discarded,
//! the next writes succeed on fresh connections, no acknowledged movement is lost, and one
//! retried under its key is never applied twice. Runs when `TAVOLO_TEST_DATABASE_URL` names a
//! server (CI starts one); otherwise it says so and passes.

use crate::common;
use std::time::Duration;

use sqlx::Connection;
use tavolo_store::{Account, Applied, Journal, Store};

/// Terminates every other connection to the store's database, from a connection of its own.
async fn kill_connections(url: &str) {
    let Ok(mut admin) = sqlx::PgConnection::connect(url).await else {
        return;
    };
    let _ = sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .execute(&mut admin)
    .await;
    let _ = admin.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_killed_mid_transaction_lose_nothing_acknowledged_and_double_nothing() {
    let Some((store, url)) = common::postgres_with_url().await else {
        eprintln!("TAVOLO_TEST_DATABASE_URL is not set: PostgreSQL fault test skipped");
        return;
    };
    let ada = store.create_guest().await.expect("a guest");
    let start = store
        .balance(&Account::User(ada.id))
        .await
        .expect("balance");
    let journal = |n: usize| {
        Journal::move_chips(
            format!("grant:test:{n}"),
            "grant",
            Account::House,
            Account::User(ada.id),
            1,
        )
    };
    let killer = {
        let url = url.clone();
        tokio::spawn(async move {
            for _ in 0..15 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                kill_connections(&url).await;
            }
        })
    };
    let mut failed = Vec::new();
    let mut done = 0;
    for n in 0..400 {
        match store.transfer(&journal(n)).await {
            Ok(Applied::Done) => done += 1,
            Ok(other) => panic!("transfer {n} was {other:?}"),
            Err(_) => failed.push(n),
        }
    }
    killer.await.expect("the killer task");
    eprintln!(
        "{done} transfers acknowledged, {} failed on killed connections",
        failed.len()
    );
    assert!(
        store.write_health().failures() as usize >= failed.len(),
        "every failed write was counted"
    );
    // Each failed one is retried under its key: applied once, whether or not its commit had
    // reached the database before the connection died.
    for &n in &failed {
        let again = store
            .transfer(&journal(n))
            .await
            .expect("a retry on a fresh connection");
        assert!(
            matches!(again, Applied::Done | Applied::AlreadyDone),
            "{again:?}"
        );
    }
    assert_eq!(store.write_health().failing(), None, "healthy again");
    let end = store
        .balance(&Account::User(ada.id))
        .await
        .expect("balance");
    assert_eq!(
        end - start,
        400,
        "{done} acknowledged, {} retried",
        failed.len()
    );
    let report = store.audit().await.expect("audit");
    assert!(report.balanced(), "{:?}", report.problems);
    let _: &Store = &store;
}
