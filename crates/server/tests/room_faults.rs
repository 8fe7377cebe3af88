//! The room under faults (issue "the room under attack and under faults"): a database that
//! cannot be written is said so — to each client and at `/healthz` — never acknowledged, and
//! the room resumes by itself when it can write again; money is never silently wrong.

mod common;

use common::{get, post, server};
use serde_json::Value;
use tavolo_server::{Config, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_database_refuses_sign_ups_loudly_and_the_room_recovers_by_itself() {
    let (h, dir) = server("full-db").await;
    let addr = h.local_addr();
    assert_eq!(get(addr, "/healthz", None).await.status, 200);
    let used = h.store().limit_sqlite_pages(None).await.expect("pages");
    h.store()
        .limit_sqlite_pages(Some(used + 2))
        .await
        .expect("cap the database");
    let mut acknowledged = Vec::new();
    let mut refusal = None;
    for _ in 0..200 {
        let r = post(addr, "/api/guest", "{}", None).await;
        match r.status {
            200 => {
                let v: Value = serde_json::from_str(&r.body).expect("json");
                acknowledged.push(v["user"]["id"].as_i64().expect("an id"));
            }
            _ => {
                refusal = Some(r);
                break;
            }
        }
    }
    let refusal = refusal.expect("the database never filled");
    assert_eq!(refusal.status, 503, "{}", refusal.body);
    let body: Value = serde_json::from_str(&refusal.body).expect("json");
    assert_eq!(body["error"]["code"], "unavailable", "{body}");
    let health = get(addr, "/healthz", None).await;
    assert_eq!(health.status, 503, "{}", health.body);
    let health: Value = serde_json::from_str(&health.body).expect("json");
    assert_eq!(health["status"], "unavailable");
    assert!(
        health["cause"].as_str().is_some_and(|c| c.contains("full")),
        "{health}"
    );
    let metrics = get(addr, "/metrics", None).await.body;
    assert!(metrics.contains("tavolo_db_writable 0"), "{metrics}");
    // Space comes back: the next sign-up works and the room says it is healthy again.
    h.store().limit_sqlite_pages(None).await.expect("uncap");
    let r = post(addr, "/api/guest", "{}", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v: Value = serde_json::from_str(&r.body).expect("json");
    acknowledged.push(v["user"]["id"].as_i64().expect("an id"));
    assert_eq!(get(addr, "/healthz", None).await.status, 200);
    // After a restart every acknowledged sign-up is there.
    h.shutdown().await;
    let again = Server::start(Config {
        addr: "127.0.0.1:0".parse().expect("addr"),
        db_url: format!("sqlite:{}", dir.join("tavolo.db").display()),
        ..Config::default()
    })
    .await
    .expect("restart");
    for id in acknowledged {
        again
            .store()
            .user(tavolo_store::UserId(id))
            .await
            .unwrap_or_else(|e| panic!("acknowledged guest {id} is gone: {e}"));
    }
    again.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
