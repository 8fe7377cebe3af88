//! The room under faults (issue "the room under attack and under faults"): a database that
//! cannot be written is said so — to each client and at `/healthz` — never acknowledged, and
//! the room resumes by itself when it can write again; money is never silently wrong.

use crate::common;

use crate::common::{get, post, server, WAIT};
use serde_json::Value;
use tavolo_server::{Config, Server};

/// The room started again on the database in `dir`, with the default settings.
async fn restart(dir: &std::path::Path) -> tavolo_server::ServerHandle {
    Server::start(Config {
        addr: "127.0.0.1:0".parse().expect("addr"),
        db_url: format!("sqlite:{}", dir.join("tavolo.db").display()),
        ..Config::default()
    })
    .await
    .expect("restart")
}

/// Fills the disk of the SQLite `store`: its pages are capped and guests are made until nothing
/// more fits, twenty times in a row.
async fn fill_the_disk(store: &tavolo_store::Store) {
    let used = store.limit_sqlite_pages(None).await.expect("pages");
    store.limit_sqlite_pages(Some(used + 2)).await.expect("cap");
    let (mut failures, mut tries) = (0, 0);
    while failures < 20 {
        tries += 1;
        assert!(tries < 5_000, "the database never filled");
        match store.create_guest().await {
            Ok(_) => failures = 0,
            Err(_) => failures += 1,
        }
    }
}

/// The room at `addr` is read-only: `/healthz` says so, `session` reads its history, and a new
/// table is refused `unavailable`. Returns the session's client.
async fn serves_read_only(addr: std::net::SocketAddr, session: &str) -> common::Client {
    let health = get(addr, "/healthz", None).await;
    assert_eq!(health.status, 503, "{}", health.body);
    let health: Value = serde_json::from_str(&health.body).expect("json");
    assert_eq!(health["status"], "read_only", "{health}");
    let r = get(addr, "/api/history", Some(session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let mut c = common::Client::with_session(addr, session.to_string()).await;
    let r = ask_for_a_table(&mut c).await;
    assert_eq!(r["code"], "unavailable", "{r}");
    c
}

/// Waits until the room at `addr` says it is healthy again (within `secs`).
async fn healthy_again(addr: std::net::SocketAddr, secs: u64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while get(addr, "/healthz", None).await.status != 200 {
        assert!(std::time::Instant::now() < deadline, "still read-only");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// `c` asks for a Hold'em table of the defaults: the room's answer.
async fn ask_for_a_table(c: &mut common::Client) -> Value {
    c.ask(
        "create_table",
        serde_json::json!({"options": {"game": "holdem"}}),
    )
    .await
}

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
    let metrics = common::metrics(&h).await.body;
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
    let again = restart(&dir).await;
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

/// The balance of the user whose session `session` is, from `/api/me`.
async fn balance(addr: std::net::SocketAddr, session: &str) -> i64 {
    let me = get(addr, "/api/me", Some(session)).await;
    let v: Value = serde_json::from_str(&me.body).expect("json");
    v["user"]["balance"].as_i64().expect("a balance")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saint_poker_game_voided_by_shutdown_returns_every_stake() {
    let options = serde_json::json!({"game": "saint", "seats": 3, "bots": 2,
        "bot_level": "greedy", "stake": 100, "clock_secs": 60});
    let (h, dir, mut a, _table) = common::guest_at_new_table("saint-void", options).await;
    let addr = h.local_addr();
    let before = tavolo_store::GUEST_GRANT;
    // The game is dealt: the stake has left the guest's balance.
    a.wait_for(30, |m| m["type"] == "table_state" && m["hand"].is_string())
        .await;
    assert_eq!(balance(addr, &a.session).await, before - 100);
    let bots_before = h
        .store()
        .balance(&tavolo_store::Account::Bots)
        .await
        .expect("bots");
    let house_before = h
        .store()
        .balance(&tavolo_store::Account::House)
        .await
        .expect("house");
    h.shutdown().await;
    let again = restart(&dir).await;
    assert_eq!(
        balance(again.local_addr(), &a.session).await,
        before,
        "the guest's stake came back"
    );
    // The bots' stakes went back to the bankroll that funds them, and the house paid nothing.
    let bots = again
        .store()
        .balance(&tavolo_store::Account::Bots)
        .await
        .expect("bots");
    assert_eq!(bots, bots_before + 200);
    let house = again
        .store()
        .balance(&tavolo_store::Account::House)
        .await
        .expect("house");
    assert_eq!(house, house_before);
    let report = again.store().audit().await.expect("audit");
    assert!(report.balanced(), "{:?}", report.problems);
    again.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_saint_poker_game_left_in_play_by_a_crash_returns_every_stake_at_the_next_start() {
    use crate::books::{heads_up, seeded_hand};
    use tavolo_store::{Account, Journal, Store};
    let store = Store::open("sqlite::memory:").await.expect("store");
    let ada = store.create_guest().await.expect("ada");
    let bob = store.create_guest().await.expect("bob");
    let table = store
        .create_table("saint", "{}", "local", 60_000)
        .await
        .expect("table")
        .table;
    let pot = Account::Pot(table.clone());
    // An earlier game paid out in full, then the stakes of the game a crash interrupted.
    for (key, amount) in [("stake:1", 100), ("stake:2", 50)] {
        store
            .transfer(&Journal::new(
                key,
                "stake",
                vec![
                    (Account::User(ada.id), -amount),
                    (Account::User(bob.id), -amount),
                    (pot.clone(), 2 * amount),
                ],
            ))
            .await
            .expect("stakes");
        if key == "stake:1" {
            store
                .transfer(&Journal::new(
                    "saint:1",
                    "saint",
                    vec![(pot.clone(), -200), (Account::User(ada.id), 200)],
                ))
                .await
                .expect("payout");
        }
    }
    let seed = [3u8; 32];
    let game = seeded_hand(&table, "saint", seed, heads_up(ada.id, bob.id, 0));
    store.begin_hand(&game).await.expect("a game in play");
    let recovery = store.recover().await.expect("recover");
    assert_eq!(recovery.voided.len(), 1);
    let grant = tavolo_store::GUEST_GRANT;
    assert_eq!(
        store.balance(&Account::User(ada.id)).await.expect("ada"),
        grant + 100,
        "ada won the first game and got her second stake back"
    );
    assert_eq!(
        store.balance(&Account::User(bob.id)).await.expect("bob"),
        grant - 100,
        "bob lost the first game and got his second stake back"
    );
    assert_eq!(store.balance(&pot).await.expect("pot"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_session_may_hold_a_few_websockets_not_thousands() {
    let (h, _dir) = server("ws-per-session").await;
    let addr = h.local_addr();
    let session = tavolo_server::client::guest(addr).await.expect("a guest");
    let limit = Config::default().max_ws_per_session;
    let mut open = Vec::new();
    for _ in 0..limit {
        open.push(common::Client::with_session(addr, session.clone()).await);
    }
    // Every connection is registered once its first message is answered.
    for c in &mut open {
        let hello = c.ask("hello", serde_json::json!({})).await;
        assert_eq!(hello["type"], "ack", "{hello}");
    }
    let refused = tavolo_server::client::ws(addr, Some(&session), None).await;
    let Err(err) = refused.map(|_| ()) else {
        panic!("one more connection is refused")
    };
    let err = err.to_string();
    assert!(err.contains("429"), "{err}");
    // Closing one makes room for another.
    drop(open.pop());
    let mut again = None;
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    while tokio::time::Instant::now() < until {
        if let Ok(ws) = tavolo_server::client::ws(addr, Some(&session), None).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a closed connection frees its place");
    common::audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_player_may_open_a_few_tables_not_hundreds() {
    let (h, _dir) = server("tables-per-user").await;
    let mut a = common::Client::guest(h.local_addr()).await;
    let limit = Config::default().max_tables_per_user;
    let options = serde_json::json!({"game": "holdem", "seats": 2});
    for _ in 0..limit {
        a.create_table(options.clone()).await;
    }
    let refused = a
        .ask("create_table", serde_json::json!({"options": options}))
        .await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["code"], "not_allowed", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("open tables")),
        "{refused}"
    );
    // Somebody else still may.
    let mut b = common::Client::guest(h.local_addr()).await;
    b.create_table(options).await;
    common::audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_floods_lobby_requests_gets_every_answer_and_current_snapshots() {
    // (That at most one snapshot waits per connection is `ws::tests`: whether the writer falls
    // behind here depends on the machine.)
    let (h, _dir) = server("lobby-flood").await;
    let mut a = common::Client::guest(h.local_addr()).await;
    let table = a
        .create_table(serde_json::json!({"game": "holdem", "seats": 2}))
        .await;
    let mut last = 0;
    for _ in 0..400 {
        last = a.send("lobby", serde_json::json!({})).await;
    }
    let (mut snapshots, mut acks) = (0, 0);
    while let Some(m) = a.next(WAIT).await {
        if m["type"] == "lobby" {
            snapshots += 1;
            assert_eq!(m["tables"][0]["id"], serde_json::json!(table), "{m}");
        }
        if m["type"] == "ack" {
            acks += 1;
            if m["seq"] == serde_json::json!(last) {
                break;
            }
        }
    }
    assert_eq!(acks, 400, "every request is answered");
    assert!((1..=400).contains(&snapshots), "{snapshots}");
    common::audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_with_a_bounded_bankroll_not_with_the_house() {
    use tavolo_store::Account;
    let (h, _dir) = common::server_with("bot-bankroll", |c| c.bot_bankroll = 500).await;
    let store = h.store().clone();
    assert_eq!(store.balance(&Account::Bots).await.expect("bots"), 500);
    let metrics = common::metrics(&h).await.body;
    assert!(
        metrics.contains("tavolo_bots_bankroll_chips 500"),
        "{metrics}"
    );
    let house = store.balance(&Account::House).await.expect("house");
    let mut a = common::Client::guest(h.local_addr()).await;
    // Too big a table for bots: refused, naming the limit.
    let big = a
        .ask(
            "create_table",
            serde_json::json!({"options": {"game": "holdem", "seats": 4, "bots": 3,
                "big_blind": 2000, "buy_in": 200_000, "rebuy": 200_000}}),
        )
        .await;
    assert_eq!(big["code"], "invalid_options", "{big}");
    assert!(
        big["message"].as_str().is_some_and(|m| m.contains("10000")),
        "{big}"
    );
    // Three bots that would bring 600 chips from a bankroll of 500: two sit down.
    a.create_table(serde_json::json!({"game": "holdem", "seats": 4, "bots": 3,
        "buy_in": 200, "rebuy": 200}))
        .await;
    let mut seated_bots = 0;
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    while tokio::time::Instant::now() < until {
        let held = store.balance(&Account::Bots).await.expect("bots");
        assert!(held >= 0);
        seated_bots = (500 - held) / 200;
        if held < 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(seated_bots, 2, "two bots' buy-ins came from the bankroll");
    assert_eq!(
        store.balance(&Account::House).await.expect("house"),
        house - 10_000,
        "the house paid only the guest's grant"
    );
    common::audit_and_shutdown(h).await;
}

/// Issue 50, finding 2: voided hands were invisible to a player — the operator cannot steer a
/// deal, but can veto one by voiding it (a restart, a takeover). A player's history now lists
/// each voided hand with the reason recorded when it was voided, and counts the voided hands per
/// table and per other player, so that a pattern shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_voided_hand_was_invisible_in_the_players_history() {
    let (h, dir, [mut ada, mut bob], table) = common::guests_at_heads_up("voided-history").await;
    bob.join(&table).await;
    // A hand is dealt, and the room stops with it in play: the hand is voided.
    ada.wait_for(WAIT, |m| {
        m["type"] == "table_state" && m["table"] == table && m["hand"].is_string()
    })
    .await;
    h.shutdown().await;
    let h = restart(&dir).await;
    let r = get(h.local_addr(), "/api/history", Some(&ada.session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v: Value = serde_json::from_str(&r.body).expect("json");
    let item = &v["items"][0];
    assert_eq!(item["status"], "voided", "{v}");
    assert_eq!(item["void_reason"], tavolo_store::VOID_CLOSED, "{v}");
    let at = &v["voided"]["tables"][0];
    assert_eq!(at["table"], table.as_str(), "{v}");
    assert_eq!(
        (at["hands"].as_i64(), at["voided"].as_i64()),
        (Some(1), Some(1)),
        "{v}"
    );
    assert_eq!(at["reasons"][0]["reason"], tavolo_store::VOID_CLOSED, "{v}");
    assert_eq!(at["reasons"][0]["hands"], 1, "{v}");
    let with = v["voided"]["players"].as_array().expect("players");
    assert_eq!(with.len(), 1, "{v}");
    assert_eq!(
        (with[0]["hands"].as_i64(), with[0]["voided"].as_i64()),
        (Some(1), Some(1))
    );
    let me = get(h.local_addr(), "/api/me", Some(&bob.session))
        .await
        .json();
    assert_eq!(with[0]["name"], me["user"]["name"], "{v} / {me}");
    h.shutdown().await;
}

/// Issue 50, finding 7: a restart after the disk filled was refused ("database or disk is
/// full") until space was freed, since settling what the crash left at the tables must write.
/// The room now starts read-only and says so: history works, nothing is dealt, and once space
/// is back the settling is done and the room deals again by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_on_a_full_disk_was_refused() {
    use crate::books::{bought_in_table, heads_up, seeded_hand};
    use tavolo_store::Store;
    let dir = common::temp_dir("full-restart");
    let url = format!("sqlite:{}", dir.join("tavolo.db").display());
    let store = Store::open(&url).await.expect("open");
    // The crash: a hand in play at a table with two players' chips on it.
    let (ada, bob) = (
        store.create_guest().await.unwrap(),
        store.create_guest().await.unwrap(),
    );
    let table = bought_in_table(&store, &[ada.id, bob.id], 200).await;
    let seed = [5u8; 32];
    let hand = seeded_hand(&table, "holdem", seed, heads_up(ada.id, bob.id, 200));
    let hand = store.begin_hand(&hand).await.unwrap();
    let session = store.create_session(ada.id).await.unwrap();
    // The disk fills: writes fail until nothing more fits, and stays so.
    fill_the_disk(&store).await;
    let config = tavolo_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db_url: url.clone(),
        starter_tables: true,
        ..tavolo_server::Config::default()
    };
    let h = tavolo_server::Server::start_with_store(config, store.clone())
        .await
        .expect("the room starts, read-only");
    let addr = h.local_addr();
    // History works; nothing is dealt.
    let mut c = serves_read_only(addr, &session).await;
    assert_eq!(store.hand(hand).await.unwrap().status, "playing");
    // Space comes back: the crash is settled and the room deals again, by itself.
    store.limit_sqlite_pages(None).await.expect("uncap");
    healthy_again(addr, WAIT).await;
    let voided = store.hand(hand).await.unwrap();
    assert_eq!(voided.status, "voided");
    assert_eq!(
        voided.void_reason.as_deref(),
        Some(tavolo_store::VOID_RESTART)
    );
    let r = ask_for_a_table(&mut c).await;
    assert_eq!(r["type"], "ack", "{r}");
    h.shutdown().await;
    let again = restart(&dir).await;
    common::audit(&again).await;
    again.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50, finding 7: a new login while the disk was full waited for space, because a sign-in
/// writes its session. Sessions the database cannot take are now held by the room and written
/// once it can: a player signs in on a full disk, reads its history, signs out and in again; once space is back the held session is written,
/// and it survives a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_login_on_a_full_disk_waited_for_space() {
    use tavolo_store::Store;
    let dir = common::temp_dir("full-login");
    let url = format!("sqlite:{}", dir.join("tavolo.db").display());
    let store = Store::open(&url).await.expect("open");
    let ada = store
        .register("ada", "a long and good passphrase")
        .await
        .expect("ada");
    // The disk fills: guests until nothing more fits, then sessions until the sessions' pages
    // are full too (a session the database cannot take is held, so that is how it shows).
    fill_the_disk(&store).await;
    let mut tries = 0;
    while store.held_sessions() == 0 {
        tries += 1;
        assert!(tries < 5_000, "the sessions never filled");
        store
            .create_session(ada.id)
            .await
            .expect("a session, held or not");
    }
    let held = store.held_sessions();
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db_url: url.clone(),
        // Room for the two sign-ins and the sign-out below, and no more.
        max_held_sessions: held + 2,
        read_only_retry: std::time::Duration::from_millis(200),
        ..Config::default()
    };
    let h = Server::start_with_store(config, store.clone())
        .await
        .expect("the room starts");
    let addr = h.local_addr();
    let login = ("ada", "a long and good passphrase");
    let r = common::post_creds(addr, "/api/login", login, None).await;
    assert_eq!(r.status, 200, "a login on a full disk: {}", r.body);
    let session = r.session().expect("a session cookie");
    assert_eq!(store.held_sessions(), held + 1, "held, the disk being full");
    let r = get(addr, "/api/history", Some(&session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let me = get(addr, "/api/me", Some(&session)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["user"]["name"], "ada");
    // Signing out ends it at once, on a full disk too; a new sign-in gets a new one.
    assert_eq!(
        post(addr, "/api/logout", "{}", Some(&session)).await.status,
        200
    );
    assert_eq!(get(addr, "/api/me", Some(&session)).await.status, 401);
    let r = common::post_creds(addr, "/api/login", login, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let session = r.session().expect("a session cookie");
    // The room holds at most `max_held_sessions`: beyond, a sign-in waits for space.
    let r = common::post_creds(addr, "/api/login", login, None).await;
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "unavailable", "{}", r.body);
    // Space comes back: the held sessions are written, by the room itself.
    store.limit_sqlite_pages(None).await.expect("uncap");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(WAIT);
    while store.held_sessions() > 0 {
        assert!(std::time::Instant::now() < deadline, "still held");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    h.shutdown().await;
    let again = restart(&dir).await;
    let me = get(again.local_addr(), "/api/me", Some(&session)).await;
    assert_eq!(
        me.status, 200,
        "the session survived a restart: {}",
        me.body
    );
    again.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50, finding 7, on PostgreSQL: a node (`--node-id`) whose database refused writes did
/// not start at all (the migrator's bookkeeping and the node's registration are writes). It now
/// starts read-only as a SQLite room does: `/healthz` says `read_only`, logins and history work,
/// no table is opened or claimed; once the database takes writes the node registers itself and
/// works, by itself. Needs `TAVOLO_TEST_DATABASE_URL` (scripts/postgres.sh); skipped without.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgresql_node_refused_to_start_on_a_database_that_refuses_writes() {
    use tavolo_store::Store;
    let Some(url) = common::postgres_url() else {
        return;
    };
    let db = Store::fresh_postgres_database(&url)
        .await
        .expect("a database");
    let store = Store::open(&db).await.expect("open");
    store
        .register("ada", "a long and good passphrase")
        .await
        .expect("ada");
    store.close().await;
    Store::postgres_refuse_writes(&db, true)
        .await
        .expect("the database refuses writes");
    let (h, _dir) = common::server_with("pg-read-only", |c| {
        c.db_url = db.clone();
        c.node_id = Some("ro-1".into());
        c.read_only_retry = std::time::Duration::from_millis(500);
    })
    .await;
    let addr = h.local_addr();
    // A login and the history work; nothing that needs a write does.
    let login = ("ada", "a long and good passphrase");
    let r = common::post_creds(addr, "/api/login", login, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let session = r.session().expect("a session");
    let mut c = serves_read_only(addr, &session).await;
    assert!(
        h.store().nodes().await.expect("nodes").is_empty(),
        "a node that cannot write is not registered"
    );
    // The database takes writes again: the node registers itself and works.
    Store::postgres_refuse_writes(&db, false)
        .await
        .expect("the database takes writes");
    healthy_again(addr, 2 * WAIT).await;
    let nodes = h.store().nodes().await.expect("nodes");
    assert_eq!(nodes.len(), 1, "{nodes:?}");
    let r = ask_for_a_table(&mut c).await;
    assert_eq!(r["type"], "ack", "{r}");
    // The session begun while nothing could be written is written now.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(WAIT);
    while h.store().held_sessions() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the session is still held"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(h.store().session_user(&session).await.unwrap().is_some());
    common::audit(&h).await;
    h.shutdown().await;
}
