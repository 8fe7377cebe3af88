//! `tavolo admin audit` on a room's database: "the books balance" and exit status 0 for a room
//! that played by the rules; each problem named and exit status 1 once a table's idea of a stack
//! drifted from the ledger, the ledger refused the hand's result and the table dealt on.

use std::path::Path;
use std::process::{Command, Output};

use crate::books::Table;
use tavolo_cards::GameRng;
use tavolo_store::{hex, Account, Store};

fn audit(dir: &Path, json: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tavolo"));
    cmd.args(["admin", "audit", "--data-dir"]).arg(dir);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("tavolo runs")
}

#[tokio::test]
async fn the_audit_names_a_hand_the_table_dealt_on_from_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("tavolo-admin-{}", hex(&GameRng::os_seed()[..6])));
    let store = Store::open_in_dir(&dir).await.unwrap();
    let ada = store.register("ada", "correct horse").await.unwrap().id;
    let bob = store.register("bob", "correct horse").await.unwrap().id;
    let mut t = Table::open(&store, "holdem").await;
    for u in [ada, bob] {
        t.buy_in(u, Account::User(u), 100).await;
    }
    // Dealt in with 100 each; Bob's seat pays Ada 40.
    let h = t.deal(&[ada, bob]).await;
    t.finish(h, &[(ada, 40), (bob, -40)], 0).await.unwrap();
    store.close().await;

    let o = audit(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 hands finished"), "{out}");
    assert!(out.contains("the books balance"), "{out}");

    // The table believes Bob has 160 chips (his seat holds 60): the ledger refuses a result
    // his seat cannot pay (100 to Ada, who has 140), and the table deals on regardless from its
    // own idea of the stacks (Ada 240, Bob 60).
    t.store = Store::open_in_dir(&dir).await.unwrap();
    t.stacks.insert(bob, 160);
    let refused = t.deal(&[ada, bob]).await;
    assert!(t
        .finish(refused, &[(ada, 100), (bob, -100)], 0)
        .await
        .is_err());
    let next = t.deal(&[ada, bob]).await;
    t.store.close().await;

    let o = audit(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(!out.contains("the books balance"), "{out}");
    let table = &t.id;
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
