//! Stores to test against: SQLite in memory always; a fresh PostgreSQL database too when
//! `TAVOLO_TEST_DATABASE_URL` names a server (CI sets it).

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

/// A fresh, empty PostgreSQL database on the server `TAVOLO_TEST_DATABASE_URL` names.
pub async fn postgres() -> Option<Store> {
    let url = std::env::var("TAVOLO_TEST_DATABASE_URL").ok()?;
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&url)
        .await
        .expect("connect to TAVOLO_TEST_DATABASE_URL");
    let name = format!(
        "tavolo_test_{}",
        tavolo_store::hex(&tavolo_cards::GameRng::os_seed()[..6])
    );
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create test database");
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&url);
    Some(
        Store::open(&format!("{base}/{name}"))
            .await
            .expect("open the test database"),
    )
}
