//! Tournaments in the books (issue 51): a coordinator's save and its prize-pool movement in one
//! transaction, the newest save kept whatever order saves land in, a stale owner fenced off, a
//! claim raising the epoch, a refused entry leaving the save as it was, and the log appended as
//! rows a save at a time. On SQLite, and on
//! PostgreSQL when `TAVOLO_TEST_DATABASE_URL` is set.

use crate::common;
use tavolo_store::{
    Account, NewTournament, PoolMove, Store, StoreError, TournamentFence, TournamentSaveRow, UserId,
};

fn new(id: &str) -> NewTournament {
    NewTournament {
        id: id.into(),
        name: "Sunday sit-and-go".into(),
        game: "holdem".into(),
        config: "{\"seats\":9}".into(),
        seed: "00".repeat(32),
        created_by: None,
    }
}

/// Tournament `id` recorded, its coordinator held by node `n1` for `lease_ms`.
async fn recorded(store: &Store, id: &str, lease_ms: i64) -> TournamentFence {
    store
        .create_tournament(&new(id), "n1", lease_ms)
        .await
        .unwrap()
}

fn save(state: &str, seq: i64) -> TournamentSaveRow {
    TournamentSaveRow {
        state: state.into(),
        summary: "{}".into(),
        seq,
        from: 0,
        steps: Vec::new(),
    }
}

/// A save of `steps` numbered from `from` on.
fn save_steps(state: &str, seq: i64, from: i64, steps: &[&str]) -> TournamentSaveRow {
    TournamentSaveRow {
        from,
        steps: steps.iter().map(|s| s.to_string()).collect(),
        ..save(state, seq)
    }
}

/// The log as the books hold it under the newest save.
async fn log(store: &Store, id: &str) -> Vec<String> {
    let row = store.tournament(id).await.unwrap().expect("recorded");
    store.tournament_steps(id, row.steps).await.unwrap()
}

/// Every row of `id`'s log, the ones past the newest save's too.
async fn rows(store: &Store, id: &str) -> i64 {
    store.tournament_steps(id, i64::MAX).await.map_or_else(
        |e| match e {
            StoreError::TournamentLog { held, .. } => held,
            e => panic!("{e}"),
        },
        |v| v.len() as i64,
    )
}

fn entry(t: &str, u: UserId) -> tavolo_store::Journal {
    let key = format!("tournament:{t}:entry:{}:1", u.0);
    PoolMove::charge(key, t, Account::User(u), 100, 10)
}

async fn state(store: &Store, id: &str) -> Option<String> {
    store.tournament(id).await.unwrap().and_then(|t| t.state)
}

/// An entry recorded with the save made with it; an older save landing late changes nothing;
/// the same entry sent again is not charged twice.
#[tokio::test]
async fn a_save_and_its_entry_are_recorded_together_and_only_a_newer_save_replaces_it() {
    for store in common::stores().await {
        let fence = recorded(&store, "t1", 10_000).await;
        assert_eq!(fence.epoch, 1);
        let ada = store.register("ada", "correct horse").await.unwrap().id;
        let before = common::held(&store, ada).await;
        let j = entry("t1", ada);
        store
            .save_tournament(&fence, Some(&j), &save("s2", 2))
            .await
            .unwrap();
        store
            .save_tournament(&fence, None, &save("s1", 1))
            .await
            .unwrap();
        store
            .save_tournament(&fence, Some(&j), &save("s2", 2))
            .await
            .unwrap();
        assert_eq!(state(&store, "t1").await.as_deref(), Some("s2"));
        assert_eq!(common::held(&store, ada).await, before - 110);
        let pool = Account::Tournament("t1".into());
        assert_eq!(store.balance(&pool).await.unwrap(), 100);
        assert!(store.audit().await.unwrap().problems.is_empty());
    }
}

/// A claim raises the epoch: the former owner's writes are refused, money and save alike.
#[tokio::test]
async fn a_claimed_tournament_refuses_its_former_owners_writes() {
    for store in common::stores().await {
        let old = recorded(&store, "t2", -1).await;
        let (fence, row) = (store.claim_tournament("t2", "n2", 10_000).await.unwrap())
            .expect("an expired lease is claimed");
        assert_eq!(fence.epoch, 2);
        assert_eq!(row.owner.as_deref(), Some("n2"));
        let ada = store.register("ada", "correct horse").await.unwrap().id;
        let refused = store
            .save_tournament(&old, Some(&entry("t2", ada)), &save("stale", 5))
            .await;
        assert!(
            matches!(refused, Err(StoreError::Fenced { .. })),
            "{refused:?}"
        );
        assert_eq!(state(&store, "t2").await, None);
        assert_eq!(
            store
                .balance(&Account::Tournament("t2".into()))
                .await
                .unwrap(),
            0
        );
        // a live lease is not claimed by another node
        assert!(store
            .claim_tournament("t2", "n3", 10_000)
            .await
            .unwrap()
            .is_none());
        let _: TournamentFence = fence;
    }
}

/// An entry the player cannot pay is refused naming the account, and the save made with it is
/// not kept either.
#[tokio::test]
async fn a_refused_entry_leaves_the_save_as_it_was() {
    for store in common::stores().await {
        let fence = recorded(&store, "t3", 10_000).await;
        store
            .save_tournament(&fence, None, &save("s1", 1))
            .await
            .unwrap();
        let ada = store.register("ada", "correct horse").await.unwrap().id;
        let key = format!("tournament:t3:entry:{}:1", ada.0);
        let huge = PoolMove::charge(key, "t3", Account::User(ada), 1 << 40, 0);
        let r = store
            .save_tournament(&fence, Some(&huge), &save("s2", 2))
            .await;
        assert!(
            matches!(r, Err(StoreError::InsufficientFunds { .. })),
            "{r:?}"
        );
        assert_eq!(state(&store, "t3").await.as_deref(), Some("s1"));
    }
}

/// A tournament's table is recorded once under its number, and a node claiming tables for the
/// room passes it by: only its coordinator orders it.
#[tokio::test]
async fn a_tournament_table_is_recorded_once_and_not_claimed_for_the_room() {
    for store in common::stores().await {
        let made = store
            .create_tournament_table("t4", 0, "{}", "n1", -1)
            .await
            .unwrap()
            .expect("a new table");
        assert_eq!(made.table, "t4-0");
        let again = store.create_tournament_table("t4", 0, "{}", "n1", -1).await;
        assert_eq!(again.unwrap(), None);
        assert!(store
            .claim_table("t4-0", "n2", 10_000)
            .await
            .unwrap()
            .is_none());
    }
}

/// Issue 51: a scheduled tournament is recorded once under its id however many nodes or
/// restarts record it: the first keeps its seed and its owner; the others get `None`; a plain
/// `create_tournament` of the same id is refused by name.
#[tokio::test]
async fn a_scheduled_tournament_is_recorded_once_under_its_id() {
    for store in common::stores().await {
        let first = (store.create_tournament_once(&new("e1"), "n1", 10_000).await).unwrap();
        assert_eq!(first.map(|f| f.epoch), Some(1));
        let mut other = new("e1");
        other.seed = "11".repeat(32);
        let again = (store.create_tournament_once(&other, "n2", 10_000).await).unwrap();
        assert_eq!(again, None);
        let row = store.tournament("e1").await.unwrap().expect("recorded");
        assert_eq!(
            (row.seed, row.owner),
            ("00".repeat(32), Some("n1".to_string()))
        );
        let plain = store.create_tournament(&new("e1"), "n3", 10_000).await;
        assert!(plain.is_err(), "{plain:?}");
    }
}

/// The audit can fail on a tournament table's hand: one that moved room chips is named, while a
/// hand that moved none (a result of 0 room chips each, no ledger leg) is clean — and the seats'
/// accounts, which tournament chips never touch, are not compared with its stacks.
#[tokio::test]
async fn the_audit_names_a_tournament_hand_that_moved_room_chips() {
    use crate::common::books::{finished_hand, new_hand};
    use tavolo_store::Journal;
    for store in common::stores().await {
        let fence = store
            .create_tournament_table("t5", 0, "{}", "n1", 10_000)
            .await
            .unwrap()
            .expect("a new table");
        let a = store.register("ada", "correct horse").await.unwrap().id;
        let b = store.register("bob", "correct horse").await.unwrap().id;
        let mut hand = new_hand(&fence.table, "holdem", vec![(0, a, 1_000), (1, b, 1_000)]);
        hand.fence = Some(fence.clone());
        let id = store.begin_hand(&hand).await.unwrap();
        let empty = |k: &str| Journal::new(k.to_string(), "hand", Vec::new());
        let key = format!("hand:{}", id.0);
        let fair = finished_hand("r".into(), vec![(a, 0), (b, 0)], empty(&key));
        store.finish_hand(id, &fair).await.unwrap();
        let clean = store.audit().await.unwrap().problems;
        assert!(clean.is_empty(), "{clean:?}");
        let mut hand = new_hand(&fence.table, "holdem", vec![(0, a, 1_150), (1, b, 850)]);
        hand.fence = Some(fence.clone());
        let id = store.begin_hand(&hand).await.unwrap();
        let key = format!("hand:{}", id.0);
        let paid = finished_hand("r".into(), vec![(a, 100), (b, -100)], empty(&key));
        store.finish_hand(id, &paid).await.unwrap();
        let problems = store.audit().await.unwrap().problems;
        let named = format!("tournament hand {} at table t5-0 moved room chips", id.0);
        assert!(problems.iter().any(|p| p.contains(&named)), "{problems:?}");
    }
}

/// Fault (issue 51's failover drill, 200 players on three nodes): every node, at every
/// heartbeat, listed the tournaments to resume by reading every one of them in full — each
/// save, the tournament's whole log (2.6 MB after 10,000 hands), finished ones included — and
/// every node grew to 470 MB. The ids of the tournaments not over are read now, and a node
/// reads a save only of the one it claims.
#[tokio::test]
async fn the_tournaments_to_resume_are_listed_by_id_without_reading_a_save() {
    for store in common::stores().await {
        let big = "x".repeat(100_000);
        for id in ["r1", "r2", "r3"] {
            let fence = recorded(&store, id, 10_000).await;
            store
                .save_tournament(&fence, None, &save(&big, 1))
                .await
                .unwrap();
            if id == "r2" {
                store.finish_tournament(&fence, "{}", "{}").await.unwrap();
            }
        }
        let ids = store.unfinished_tournaments().await.unwrap();
        assert_eq!(ids, vec!["r1".to_string(), "r3".to_string()]);
    }
}

/// Issue 51: a save appends only the steps the books do not hold; an older save landing late, or
/// the same save again, writes nothing; a step already held is never written again, even by a
/// save that carries it differently; the log reads back in order with the newest save.
#[tokio::test]
async fn a_save_appends_only_the_steps_the_books_do_not_hold() {
    for store in common::stores().await {
        let fence = recorded(&store, "l1", 10_000).await;
        let put = async |s: TournamentSaveRow| store.save_tournament(&fence, None, &s).await;
        put(save_steps("h2", 2, 0, &["a", "b", "c"])).await.unwrap();
        put(save_steps("h1", 1, 0, &["a", "b"])).await.unwrap(); // landed late
        put(save_steps("h3", 3, 3, &["d"])).await.unwrap();
        put(save_steps("h3", 3, 3, &["d"])).await.unwrap(); // sent again
        put(save_steps("h4", 4, 2, &["C?", "d?", "e"]))
            .await
            .unwrap();
        assert_eq!(log(&store, "l1").await, ["a", "b", "c", "d", "e"]);
        assert_eq!(rows(&store, "l1").await, 5);
        let row = store.tournament("l1").await.unwrap().expect("recorded");
        assert_eq!(
            (row.state.as_deref(), row.saved_seq, row.steps),
            (Some("h4"), 4, 5)
        );
        put(save_steps("h5", 5, 5, &[])).await.unwrap(); // nothing new in the log
        assert_eq!(state(&store, "l1").await.as_deref(), Some("h5"));
        assert_eq!(rows(&store, "l1").await, 5);
    }
}

/// Issue 51: a save that would leave a hole in the log (it starts past the steps the books hold)
/// or cut it short is refused, and writes nothing.
#[tokio::test]
async fn a_save_that_does_not_join_the_log_is_refused() {
    for store in common::stores().await {
        let fence = recorded(&store, "l2", 10_000).await;
        let put = async |s: TournamentSaveRow| store.save_tournament(&fence, None, &s).await;
        put(save_steps("h1", 1, 0, &["a", "b"])).await.unwrap();
        let gap = put(save_steps("h2", 2, 3, &["d"])).await;
        assert!(
            matches!(gap, Err(StoreError::TournamentLog { held: 2, .. })),
            "{gap:?}"
        );
        let short = put(save_steps("h2", 2, 0, &["a"])).await;
        assert!(
            matches!(short, Err(StoreError::TournamentLog { .. })),
            "{short:?}"
        );
        assert_eq!(log(&store, "l2").await, ["a", "b"]);
        assert_eq!(rows(&store, "l2").await, 2);
        assert_eq!(state(&store, "l2").await.as_deref(), Some("h1"));
    }
}

/// Issue 51: after a claim the former owner's append is refused (no row, no save); the new owner
/// reads the log the newest save covers and appends after it.
#[tokio::test]
async fn a_former_owners_append_is_refused_and_the_new_owner_appends_after_the_log() {
    for store in common::stores().await {
        let old = recorded(&store, "l3", -1).await;
        let put = async |f: &TournamentFence, s: TournamentSaveRow| {
            store.save_tournament(f, None, &s).await
        };
        put(&old, save_steps("h1", 1, 0, &["a", "b"]))
            .await
            .unwrap();
        let (fence, row) = (store.claim_tournament("l3", "n2", 10_000).await.unwrap())
            .expect("an expired lease is claimed");
        assert_eq!(row.steps, 2);
        let stale = put(&old, save_steps("stale", 2, 2, &["x"])).await;
        assert!(matches!(stale, Err(StoreError::Fenced { .. })), "{stale:?}");
        assert_eq!(rows(&store, "l3").await, 2);
        let held = store.tournament_steps("l3", row.steps).await.unwrap();
        assert_eq!(held, ["a", "b"]);
        put(&fence, save_steps("h2", 2, 2, &["c"])).await.unwrap();
        assert_eq!(log(&store, "l3").await, ["a", "b", "c"]);
        assert_eq!(state(&store, "l3").await.as_deref(), Some("h2"));
    }
}

/// Issue 51: the log's rows of a tournament finished (before the time given) are deleted; its
/// row — the last lobby line, the rest of its newest save — and its journal stay, and the audit
/// still passes. A tournament still running, or finished later, keeps its whole log.
#[tokio::test]
async fn a_finished_tournaments_log_rows_are_deleted_and_its_results_kept() {
    for store in common::stores().await {
        let ada = store.register("ada", "correct horse").await.unwrap().id;
        let mut fences = Vec::new();
        for id in ["f1", "f2", "f3"] {
            let fence = store.create_tournament(&new(id), "n1", 10_000).await;
            let fence = fence.unwrap();
            let j = entry(id, ada);
            let s = save_steps("rest", 1, 0, &["a", "b", "c"]);
            store.save_tournament(&fence, Some(&j), &s).await.unwrap();
            fences.push(fence);
        }
        // f1 is won: its prize paid with its last save, then it finishes; f2 runs on.
        let prize = PoolMove::prize(
            format!("tournament:f1:prize:1:{}", ada.0),
            "f1",
            Account::User(ada),
            100,
        );
        let last = save_steps("rest", 2, 3, &["d"]);
        (store.save_tournament(&fences[0], Some(&prize), &last).await).unwrap();
        let line = "{\"status\":\"finished\"}";
        let results = "{\"entrants\":[]}";
        (store.finish_tournament(&fences[0], line, results).await).unwrap();
        let gone = store.forget_finished_logs(0).await.unwrap();
        assert_eq!(gone, 0, "nothing finished before the time given");
        let later = tavolo_store::now_ms() + 1;
        let gone = store.forget_finished_logs(later).await.unwrap();
        assert_eq!(gone, 4, "f1's four rows");
        assert_eq!(rows(&store, "f1").await, 0);
        assert_eq!(
            rows(&store, "f2").await,
            3,
            "a tournament running keeps its log"
        );
        let row = store.tournament("f1").await.unwrap().expect("kept");
        assert_eq!(row.summary.as_deref(), Some(line), "its last lobby line");
        assert_eq!(row.results.as_deref(), Some(results), "its results");
        assert_eq!(row.state.as_deref(), Some("rest"));
        assert!(row.finished_at.is_some());
        let pool = Account::Tournament("f1".into());
        assert_eq!(store.balance(&pool).await.unwrap(), 0, "the prize paid");
        // f3 finishes after the time given: its log stays until a later sweep.
        (store.finish_tournament(&fences[2], line, results).await).unwrap();
        assert_eq!(store.forget_finished_logs(later - 1).await.unwrap(), 0);
        assert_eq!(rows(&store, "f3").await, 3);
        assert!(store.audit().await.unwrap().problems.is_empty());
    }
}
