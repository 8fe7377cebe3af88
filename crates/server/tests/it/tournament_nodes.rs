//! Tournaments across two nodes of one room on PostgreSQL (docs/scale-out.md): a node that
//! loses the tournament's coordinator while it lives hands its tables on, and the operator's
//! cancel asked at the other node reaches the coordinator. Needs `TAVOLO_TEST_DATABASE_URL`
//! (scripts/postgres.sh); skipped without.

use std::time::{Duration, Instant};

use tavolo_engine::Chips;
use tavolo_server::protocol::tournament::NewSitAndGo;
use tavolo_server::tournament::Intent;
use tavolo_server::{client, ServerHandle};
use tavolo_store::TournamentRow;

use crate::common::{self, WAIT};
use crate::tournaments;

/// The operator's token of the nodes.
const OPERATOR: &str = "op-s3cret";

/// Node `id` of a room on the PostgreSQL database `db`, its lease `lease`.
pub(crate) async fn node(db: &str, id: &str, lease: Duration) -> ServerHandle {
    node_with_bot_delay(db, id, lease, None).await
}

/// As [`node`], its bots taking `bot_delay` a decision when set.
async fn node_with_bot_delay(
    db: &str,
    id: &str,
    lease: Duration,
    bot_delay: Option<Duration>,
) -> ServerHandle {
    let (h, _dir) = common::server_with(&format!("node-{id}"), |c| {
        c.db_url = db.to_string();
        c.node_id = Some(id.to_string());
        c.lease = lease;
        c.operator_token = Some(OPERATOR.into());
        if let Some(d) = bot_delay {
            c.bot_delay = d;
        }
    })
    .await;
    h
}

/// A fresh database on the PostgreSQL server of `TAVOLO_TEST_DATABASE_URL`, if set.
pub(crate) async fn fresh_database() -> Option<String> {
    let url = common::postgres_url()?;
    let db = tavolo_store::Store::fresh_postgres_database(&url)
        .await
        .expect("a database");
    Some(db)
}

/// A sit-and-go of twelve bots at two tables of six (regular levels: it lasts), made on `h`'s
/// node: its id.
pub(crate) async fn bots_at_two_tables(h: &ServerHandle) -> String {
    let room = h.room();
    let creator = room.books.bot("bot-creator").await.expect("a bot");
    let new = NewSitAndGo {
        name: Some("Two tables".into()),
        game: None,
        players: 12,
        seats: Some(6),
        entry: Chips::new(100),
        fee: Chips::ZERO,
        speed: Some("regular".into()),
        hands_per_level: None,
        rounds: None,
        knockout: None,
        bots: 11,
        bot_level: Some("beginner".into()),
    };
    let id = room
        .create_sit_and_go(new, &creator)
        .await
        .expect("created");
    let fourth = room.books.bot("bot-fourth").await.expect("a bot");
    let entered = room.tournament_intent(&id, fourth, Intent::Register).await;
    assert!(matches!(entered, Ok(Ok(_))), "{entered:?}");
    id
}

/// The owners of tournament `id`'s open tables, by table id.
async fn table_owners(h: &ServerHandle, id: &str) -> Vec<(String, Option<String>)> {
    let mut owners = Vec::new();
    for k in 0..2 {
        let table = format!("{id}-{k}");
        if let Some(lease) = h.store().table_lease(&table).await.expect("a lease") {
            owners.push((table, lease.owner));
        }
    }
    owners
}

/// Waits (at most `secs`) until `f` holds of `id`'s table owners; `what` names it.
async fn until_owners(
    h: &ServerHandle,
    id: &str,
    secs: u64,
    what: &str,
    f: impl Fn(&[(String, Option<String>)]) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let owners = table_owners(h, id).await;
        if f(&owners) {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {owners:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits (at most `secs`) until `f` holds of tournament `id`'s row in the books; `what` names
/// it.
async fn until_row(
    h: &ServerHandle,
    id: &str,
    secs: u64,
    what: &str,
    f: impl Fn(&TournamentRow) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let row = h
            .store()
            .tournament(id)
            .await
            .expect("the row")
            .expect("it");
        if f(&row) {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {row:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Fault 3 (issue 51's 200-player drill): a node slowed past its lease kept its tables and the
/// tournament stalled. The slow node lost the tournament's coordinator to another node but,
/// alive, kept renewing its tables' leases: the new coordinator's node could never open them,
/// and no table dealt again. Node a's tournament lease here runs out while its tables' leases
/// stay good (its heartbeat held back the while; the lease's end written as a slow node would
/// have let it pass) and node b's heartbeat takes the coordinator: a hands its tables on (drained: the hand
/// in play finished, the lease released), and b opens both and deals on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_slowed_past_its_lease_kept_its_tables_and_the_tournament_stalled() {
    let Some(db) = fresh_database().await else {
        return;
    };
    // Leases long enough that a busy machine's late heartbeat never lets a table go by
    // itself: the tables can move only by being handed on.
    let lease = Duration::from_secs(20);
    // Bots that think 20 ms a decision, so that the sit-and-go lasts minutes: with instant bots
    // it finished on a (in 5 s, CI on a loaded machine) before b took the coordinator, and the
    // test failed (test fault).
    let think = Some(Duration::from_millis(20));
    let a = node_with_bot_delay(&db, "a", lease, think).await;
    let id = bots_at_two_tables(&a).await;
    let held_by = |node: &'static str| {
        move |o: &[(String, Option<String>)]| {
            !o.is_empty() && o.iter().all(|(_, n)| n.as_deref() == Some(node))
        }
    };
    until_owners(&a, &id, WAIT, "a opens the tables", held_by("a")).await;
    let b = node_with_bot_delay(&db, "b", lease, think).await;
    {
        // Node a's heartbeat waits (slow); its tournament lease runs out, and b claims it.
        let _slow = a.room().node.leases.lock().await;
        expire_tournament_lease(&db, &id).await;
        let taken = |r: &TournamentRow| r.owner.as_deref() == Some("b");
        until_row(&b, &id, WAIT, "b takes the coordinator", taken).await;
    }
    until_owners(&b, &id, 2 * WAIT, "b opens the tables", held_by("b")).await;
    // And they deal there: b's coordinator saves hand after hand (or the tournament ends).
    let row = b
        .store()
        .tournament(&id)
        .await
        .expect("the row")
        .expect("it");
    let on = |r: &TournamentRow| r.finished_at.is_some() || r.steps >= row.steps + 10;
    until_row(&b, &id, 2 * WAIT, "the tournament deals on at b", on).await;
    a.shutdown().await;
    b.shutdown().await;
}

/// Writes tournament `id`'s lease as run out, as a node slowed past it would have let it.
async fn expire_tournament_lease(db: &str, id: &str) {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(db).await.expect("a connection");
    sqlx::query("UPDATE tournaments SET lease_until = 0 WHERE id = $1")
        .bind(id)
        .execute(&mut conn)
        .await
        .expect("the lease run out");
    conn.close().await.expect("closed");
}

/// Issue 51: the operator's cancel worked only at the node holding the tournament's
/// coordinator (another answered 404). Asked at node b while a holds it, it is written in the
/// books (202 `pending`), a's heartbeat gives it to the coordinator, and the tournament is
/// called off: every entry back, the pool empty, the books balanced.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_cancel_asked_at_another_node_calls_the_tournament_off() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let lease = Duration::from_secs(4);
    let a = node(&db, "a", lease).await;
    let b = node(&db, "b", lease).await;
    let id = bots_at_two_tables(&a).await;
    let path = format!("/api/tournaments/{id}/cancel");
    let json = ("Content-Type", "application/json");
    let token = format!("Bearer {OPERATOR}");
    let right = [("Authorization", token.as_str()), json];
    let r = client::request(b.local_addr(), "POST", &path, &right, "{}").await;
    let r = r.expect("an answer");
    assert_eq!(
        (r.status, r.json()["result"].clone()),
        (202, "pending".into()),
        "{}",
        r.body
    );
    let over = |r: &TournamentRow| r.finished_at.is_some();
    until_row(&a, &id, 2 * WAIT, "called off", over).await;
    let d = common::get(b.local_addr(), &format!("/api/tournaments/{id}"), None).await;
    assert_eq!(d.json()["tournament"]["status"], "cancelled", "{}", d.body);
    let pool = tavolo_store::Account::Tournament(id.clone());
    assert_eq!(a.store().balance(&pool).await.expect("the pool"), 0);
    let again = client::request(b.local_addr(), "POST", &path, &right, "{}").await;
    let status = again.expect("an answer").status;
    assert!(matches!(status, 404 | 409), "refused once over: {status}");
    common::audit(&a).await;
    a.shutdown().await;
    b.shutdown().await;
}

/// Issue 51: a finished sit-and-go's page at another node of the room is served from the
/// results kept with its end (PostgreSQL): a player's notices there are those she was told at
/// the node that ran it, in order, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_notices_of_a_finished_sit_and_go_are_the_same_at_another_node() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let lease = Duration::from_secs(20);
    let a = node(&db, "a", lease).await;
    let mut ada = common::Client::guest(a.local_addr()).await;
    let before = tournaments::balance(&ada).await;
    let id = tournaments::three_handed(&ada, "holdem").await;
    tournaments::played_out(&mut ada, &id, before).await;
    let kept = |r: &TournamentRow| r.results.is_some();
    until_row(&a, &id, WAIT, "its results kept with its end", kept).await;
    let told = tournaments::told_at_the_end(&tournaments::detail(&ada, &id).await);
    let b = node(&db, "b", lease).await;
    let at_b = common::Client::with_session(b.local_addr(), ada.session.clone()).await;
    let d = tournaments::detail(&at_b, &id).await;
    assert_eq!(d["tournament"]["status"], "finished", "{d}");
    assert_eq!(tournaments::notices(&d), told, "the same, in order, once");
    common::audit(&a).await;
    a.shutdown().await;
    b.shutdown().await;
}
