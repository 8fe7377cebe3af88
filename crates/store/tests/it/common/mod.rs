//! Stores to test against: SQLite in memory always; a fresh PostgreSQL database too when
//! `TAVOLO_TEST_DATABASE_URL` names a server (CI sets it).
#![allow(dead_code)]

pub mod books;

use tavolo_store::Store;

/// A fresh SQLite store in memory, and a fresh PostgreSQL database when configured.
pub async fn stores() -> Vec<Store> {
    let mut out = vec![Store::open("sqlite::memory:")
        .await
        .expect("sqlite in memory")];
    if let Some(pg) = postgres().await {
        out.push(pg);
    }
    out
}

/// [`postgres`], with the fresh database's URL.
pub async fn postgres_with_url() -> Option<(Store, String)> {
    let url = std::env::var("TAVOLO_TEST_DATABASE_URL").ok()?;
    let fresh = Store::fresh_postgres_database(&url)
        .await
        .expect("create a test database on TAVOLO_TEST_DATABASE_URL");
    let store = Store::open(&fresh).await.expect("open the test database");
    Some((store, fresh))
}

/// A fresh, empty PostgreSQL database on the server `TAVOLO_TEST_DATABASE_URL` names.
pub async fn postgres() -> Option<Store> {
    let url = std::env::var("TAVOLO_TEST_DATABASE_URL").ok()?;
    let fresh = Store::fresh_postgres_database(&url)
        .await
        .expect("create a test database on TAVOLO_TEST_DATABASE_URL");
    Some(Store::open(&fresh).await.expect("open the test database"))
}

/// What user `u`'s own account holds.
pub async fn held(store: &Store, u: tavolo_store::UserId) -> i64 {
    (store.balance(&tavolo_store::Account::User(u)).await).expect("balance")
}

/// Two guests who each staked 10 chips of a Saint Poker game into the pot of `table`.
pub async fn two_stakes(store: &Store, table: &tavolo_store::Fence) -> [tavolo_store::UserId; 2] {
    use tavolo_store::{Account, Journal};
    let ada = store.create_guest().await.expect("guest").id;
    let bo = store.create_guest().await.expect("guest").id;
    let stakes = Journal::new(
        "stakes",
        "stake",
        vec![
            (Account::User(ada), -10),
            (Account::User(bo), -10),
            (Account::Pot(table.table.clone()), 20),
        ],
    );
    store.transfer_fenced(table, &stakes).await.expect("staked");
    [ada, bo]
}
