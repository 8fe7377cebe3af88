//! `tavolo admin audit` on a room's database: "the books balance" and exit status 0 for a room
//! that played by the rules; each problem named and exit status 1 once a table's idea of a stack
//! drifted from the ledger, the ledger refused the hand's result and the table dealt on.

use std::path::Path;
use std::process::{Command, Output};

use tavolo_cards::GameRng;
use tavolo_store::{hex, Account, FinishedHand, HandId, Journal, NewHand, Store, UserId};

fn audit(dir: &Path, json: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tavolo"));
    cmd.args(["admin", "audit", "--data-dir"]).arg(dir);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("tavolo runs")
}

fn seat(table: &str, user: UserId) -> Account {
    Account::Seat {
        table: table.to_string(),
        user,
    }
}

async fn deal(store: &Store, table: &str, players: Vec<(usize, UserId, i64)>) -> HandId {
    store
        .begin_hand(&NewHand {
            table: table.to_string(),
            game: "holdem".into(),
            commitment: "c".repeat(64),
            seed_hex: "5".repeat(64),
            players,
        })
        .await
        .unwrap()
}

/// Bob's seat pays Ada `amount`: the hand's result.
fn result(table: &str, hand: HandId, ada: UserId, bob: UserId, amount: i64) -> FinishedHand {
    FinishedHand {
        record: String::new(),
        format: "phh".into(),
        results: vec![(ada, amount), (bob, -amount)],
        journal: Journal::move_chips(
            format!("hand:{}", hand.0),
            "hand",
            seat(table, bob),
            seat(table, ada),
            amount,
        ),
    }
}

#[tokio::test]
async fn the_audit_names_a_hand_the_table_dealt_on_from_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("tavolo-admin-{}", hex(&GameRng::os_seed()[..6])));
    let store = Store::open_in_dir(&dir).await.unwrap();
    let ada = store.register("ada", "correct horse").await.unwrap().id;
    let bob = store.register("bob", "correct horse").await.unwrap().id;
    let table = store.create_table("holdem", "{}").await.unwrap();
    for u in [ada, bob] {
        let key = format!("{table}:in:{}", u.0);
        let j = Journal::move_chips(key, "buy_in", Account::User(u), seat(&table, u), 100);
        store.transfer(&j).await.unwrap();
    }
    let h = deal(&store, &table, vec![(0, ada, 100), (1, bob, 100)]).await;
    store
        .finish_hand(h, &result(&table, h, ada, bob, 40))
        .await
        .unwrap();
    store.close().await;

    let o = audit(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 hands finished"), "{out}");
    assert!(out.contains("the books balance"), "{out}");

    // The table believes Bob has 160 chips (his seat holds 60): the ledger refuses a result
    // his seat cannot pay, and the table deals on regardless.
    let store = Store::open_in_dir(&dir).await.unwrap();
    let refused = deal(&store, &table, vec![(0, ada, 140), (1, bob, 160)]).await;
    assert!(store
        .finish_hand(refused, &result(&table, refused, ada, bob, 100))
        .await
        .is_err());
    let next = deal(&store, &table, vec![(0, ada, 240), (1, bob, 60)]).await;
    store.close().await;

    let o = audit(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(!out.contains("the books balance"), "{out}");
    let never = format!(
        "PROBLEM: hand {} at table {table} was never settled, but the table dealt hand {} after it",
        refused.0, next.0
    );
    assert!(out.contains(&never), "{out}");
    let drift = format!(
        "PROBLEM: hand {} at table {table} dealt user {} in with 240 chips, but the seat account held 140",
        next.0, ada.0
    );
    assert!(out.contains(&drift), "{out}");

    let o = audit(&dir, true);
    assert_eq!(o.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(report["hands_finished"], 1);
    assert_eq!(report["hands_playing"], 2);
    assert_eq!(report["problems"].as_array().unwrap().len(), 3, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
