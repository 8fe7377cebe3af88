//! The guest cap in the ledger (issue 50, "guests"): every movement that credits a guest is
//! held to the room's cap — a cash-out, chips returned by crash recovery — the part beyond goes
//! back to the house as a `guest_cap` movement of its own, a retried movement is never capped
//! twice, players are never capped, and the books balance.

use crate::common::books::{cash_out, seat};
use crate::common::{self, stores};
use tavolo_store::{cap_key, Account, Journal, Store, UserId, GUEST_CAP_KIND, GUEST_GRANT};

const CAP: i64 = 15_000;

/// A guest seated at `table` with `chips` there (its grant bought in, the rest won from the
/// house as if from other players).
async fn seated_guest(store: &Store, table: &str, chips: i64) -> UserId {
    let g = store.create_guest().await.expect("guest").id;
    let at = seat(table, g);
    let buy = Journal::move_chips(
        format!("in:{}", g.0),
        "buy_in",
        Account::User(g),
        at.clone(),
        GUEST_GRANT,
    );
    store.transfer(&buy).await.expect("buy-in");
    let won = Journal::move_chips(
        format!("won:{}", g.0),
        "test",
        Account::House,
        at,
        chips - GUEST_GRANT,
    );
    store.transfer(&won).await.expect("won");
    g
}

#[tokio::test]
async fn a_cash_out_beyond_the_cap_sends_the_excess_to_the_house_once_and_visibly() {
    for store in stores().await {
        store.set_guest_cap(Some(CAP)).await.expect("cap");
        assert_eq!(store.guest_cap().await.unwrap(), Some(CAP));
        let g = seated_guest(&store, "t1", 40_000).await;
        let out = cash_out("t1:1:1:out:g", "t1", g, 40_000);
        store.transfer(&out).await.expect("cash-out");
        assert_eq!(common::held(&store, g).await, CAP);
        assert_eq!(
            store.over_guest_cap("t1:1:1:out:g").await.unwrap(),
            tavolo_cards::Chips::from_ledger(40_000 - CAP).unwrap()
        );
        // The same movement again (a retry under its key): nothing more moves.
        assert_eq!(
            store.transfer(&out).await.expect("retry"),
            tavolo_store::Applied::AlreadyDone
        );
        assert_eq!(common::held(&store, g).await, CAP);
        assert_eq!(
            store.over_guest_cap("t1:1:1:out:g").await.unwrap(),
            tavolo_cards::Chips::from_ledger(40_000 - CAP).unwrap()
        );
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{:?}", report.problems);
        assert_eq!(report.over_guest_cap, 40_000 - CAP);
        assert!(cap_key("t1:1:1:out:g").starts_with("cap:"));
        assert_eq!(GUEST_CAP_KIND, "guest_cap");
        // A player is never capped.
        let p = store
            .register("player1", "a long and good passphrase")
            .await
            .unwrap()
            .id;
        let won = Journal::move_chips("p:won", "test", Account::House, Account::User(p), 90_000);
        store.transfer(&won).await.unwrap();
        assert_eq!(common::held(&store, p).await, 100_000);
    }
}

#[tokio::test]
async fn chips_a_crash_left_at_a_table_go_home_under_the_cap() {
    for store in stores().await {
        store.set_guest_cap(Some(CAP)).await.expect("cap");
        let table = store
            .create_table("holdem", "{}", "solo", 60_000)
            .await
            .unwrap()
            .table;
        let g = seated_guest(&store, &table, 25_000).await;
        store.recover().await.expect("recover");
        assert_eq!(store.holdings(g).await.unwrap(), CAP);
        let report = store.audit().await.unwrap();
        assert!(report.balanced(), "{:?}", report.problems);
        assert_eq!(report.over_guest_cap, 25_000 - CAP);
    }
}

#[tokio::test]
async fn without_a_cap_nothing_is_capped() {
    for store in stores().await {
        store.set_guest_cap(None).await.expect("no cap");
        assert_eq!(store.guest_cap().await.unwrap(), None);
        let g = seated_guest(&store, "t2", 40_000).await;
        let out = cash_out("t2:out", "t2", g, 40_000);
        store.transfer(&out).await.unwrap();
        assert_eq!(common::held(&store, g).await, 40_000);
    }
}
