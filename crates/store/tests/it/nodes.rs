//! Several nodes on one database: table leases, claims and the fencing epoch (docs/scale-out.md),
//! on SQLite and, when configured, PostgreSQL.

use crate::common;
use crate::common::books::{cash_out, finished_hand, heads_up, new_hand, seat, won_from};
use tavolo_store::{
    Account, Claimed, Fence, FinishedHand, Journal, NewHand, Store, StoreError, TableSave, UserId,
    GUEST_GRANT,
};

async fn funded_guest(store: &Store, table: &Fence, buy_in: i64) -> UserId {
    let u = store.create_guest().await.expect("guest").id;
    store
        .transfer_fenced(
            table,
            &Journal::move_chips(
                format!("in:{}", u.0),
                "buy_in",
                Account::User(u),
                seat(&table.table, u),
                buy_in,
            ),
        )
        .await
        .expect("buy-in");
    u
}

/// Node `a`'s Hold'em table whose lease has already run out (a paused node), two guests bought
/// in for 100 there, and a hand to deal them in, fenced at the table's epoch.
async fn paused_nodes_hand(store: &Store) -> (Fence, UserId, UserId, NewHand) {
    store.register_node("a", "a-1", "http://a").await.unwrap();
    let t = store.create_table("holdem", "{}", "a", -1).await.unwrap();
    let ada = funded_guest(store, &t, 100).await;
    let bo = funded_guest(store, &t, 100).await;
    let mut hand = new_hand(&t.table, "holdem", heads_up(ada, bo, 100));
    hand.fence = Some(t.clone());
    (t, ada, bo, hand)
}

/// Node `node`'s claim of `table` for `lease_ms` (`None`: refused).
async fn claim(store: &Store, table: &str, node: &str, lease_ms: i64) -> Option<Claimed> {
    store.claim_table(table, node, lease_ms).await.unwrap()
}

/// A save of `state` made `seq`-th.
fn save(state: &str, seq: i64) -> TableSave {
    TableSave {
        state: state.into(),
        summary: "{}".into(),
        seq,
    }
}

/// The books keep the newest save a table's owner made, whatever order the saves land in (each
/// write goes on a task of its own; a failed one is sent again later), with a hand's begin or
/// finish or on its own; a new owner learns the order it restores and counts on from it.
#[tokio::test]
async fn a_save_landing_after_a_newer_one_changes_nothing_and_a_claim_says_the_newest() {
    for store in common::stores().await {
        let (t, ada, bo, mut hand) = paused_nodes_hand(&store).await;
        hand.save = Some(save("begin", 3));
        let id = store.begin_hand(&hand).await.unwrap();
        // Saves 1 and 2 land after 3: the hand's begin is not written over.
        store.save_table(&t, &save("first", 1)).await.unwrap();
        store.save_table(&t, &save("second", 2)).await.unwrap();
        // The hand's finish (5) lands before save 4, and that save once more.
        let done = FinishedHand {
            fence: Some(t.clone()),
            save: Some(save("finish", 5)),
            ..finished_hand(
                "r".into(),
                vec![(ada, 0), (bo, 0)],
                Journal::new(format!("hand:{}", id.0), "hand", vec![]),
            )
        };
        store.finish_hand(id, &done).await.unwrap();
        store.save_table(&t, &save("fourth", 4)).await.unwrap();
        store.save_table(&t, &save("fourth", 4)).await.unwrap();
        let claimed = claim(&store, &t.table, "a", 10_000)
            .await
            .expect("the lease had run out");
        assert_eq!(claimed.state.as_deref(), Some("finish"));
        assert_eq!(claimed.saved_seq, 5);
        // The new owner's next save is newer.
        (store.save_table(&claimed.fence, &save("after", 6)).await).unwrap();
        let again = claim(&store, &t.table, "a", 10_000).await.expect("ours");
        assert_eq!(
            (again.state.as_deref(), again.saved_seq),
            (Some("after"), 6)
        );
    }
}

#[tokio::test]
async fn a_node_paused_past_its_lease_cannot_settle_a_hand_once_another_node_took_the_table() {
    for store in common::stores().await {
        // Node a opens a table with a lease that has already run out (a paused node).
        let (old, ada, bo, hand) = paused_nodes_hand(&store).await;
        store.register_node("b", "b-1", "http://b").await.unwrap();
        let id = store.begin_hand(&hand).await.unwrap();

        // Node b claims it: the epoch goes up and the hand in play is voided.
        assert!(store
            .claimable_tables("b", &[])
            .await
            .unwrap()
            .contains(&old.table));
        let claimed = claim(&store, &old.table, "b", 10_000)
            .await
            .expect("the lease had expired");
        assert_eq!(claimed.fence.epoch, old.epoch + 1);
        assert_eq!(claimed.voided, vec![id]);
        let mut seats = claimed.seats.clone();
        seats.sort();
        let mut want = vec![(ada, 100), (bo, 100)];
        want.sort();
        assert_eq!(seats, want, "the stacks are what the seat accounts hold");
        // A second claim by a third node finds a live lease.
        assert_eq!(claim(&store, &old.table, "c", 10_000).await, None);

        // Node a wakes up and tries to settle the hand: refused by the epoch, nothing moved.
        let done = FinishedHand {
            fence: Some(old.clone()),
            ..won_from("r", (id, &old.table), (ada, bo), 50)
        };
        let refused = store.finish_hand(id, &done).await;
        assert!(
            matches!(refused, Err(StoreError::Fenced { held, current: Some(c), .. }) if held == old.epoch && c == claimed.fence.epoch),
            "{refused:?}"
        );
        assert_eq!(store.balance(&seat(&old.table, ada)).await.unwrap(), 100);
        assert_eq!(store.hand(id).await.unwrap().status, "voided");
        assert_eq!(
            store.hand(id).await.unwrap().void_reason.as_deref(),
            Some(tavolo_store::VOID_TAKEOVER),
            "the takeover's reason is recorded"
        );
        // Its other writes too: a cash-out, a state, closing the table.
        let out = cash_out("out", &old.table, ada, 100);
        assert!(matches!(
            store.transfer_fenced(&old, &out).await,
            Err(StoreError::Fenced { .. })
        ));
        assert!(matches!(
            store.save_table(&old, &save("{}", 1)).await,
            Err(StoreError::Fenced { .. })
        ));
        assert!(matches!(
            store.close_table(&old.table, Some(&old)).await,
            Err(StoreError::Fenced { .. })
        ));
        assert!(matches!(
            store.void_hand(id, Some(&old), "a test voids it").await,
            Err(StoreError::Fenced { .. })
        ));
        // Node a's heartbeat no longer lists the table: it knows it lost it.
        assert!(store
            .heartbeat("a", "a-1", 10_000)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            store.heartbeat("b", "b-1", 10_000).await.unwrap(),
            vec![(old.table.clone(), claimed.fence.epoch)]
        );
        // The new owner closes the table: every chip back, the books balance.
        store
            .close_table(&old.table, Some(&claimed.fence))
            .await
            .unwrap();
        assert_eq!(common::held(&store, ada).await, GUEST_GRANT);
        assert!(store.audit().await.unwrap().balanced());
    }
}

#[tokio::test]
async fn a_live_lease_is_not_claimed_and_a_restarted_node_takes_its_own_tables_back() {
    for store in common::stores().await {
        store.register_node("a", "a-1", "http://a").await.unwrap();
        let t = store.create_table("draw", "{}", "a", 60_000).await.unwrap();
        assert_eq!(claim(&store, &t.table, "b", 10_000).await, None);
        assert!(store.claimable_tables("b", &[]).await.unwrap().is_empty());
        // Node a restarts (a new instance under the same id) and claims what it owned.
        store.register_node("a", "a-2", "http://a").await.unwrap();
        assert!(matches!(
            store.heartbeat("a", "a-1", 10_000).await,
            Err(StoreError::NodeReplaced(_))
        ));
        assert_eq!(
            store.claimable_tables("a", &[]).await.unwrap(),
            vec![t.table.clone()]
        );
        assert!(store
            .claimable_tables("a", std::slice::from_ref(&t.table))
            .await
            .unwrap()
            .is_empty());
        let again = claim(&store, &t.table, "a", 10_000).await.expect("its own");
        assert_eq!(again.fence.epoch, 2);
        // A released table (a draining node) is claimable at once.
        store.release_table(&again.fence).await.unwrap();
        let b = claim(&store, &t.table, "b", 10_000)
            .await
            .expect("released");
        assert_eq!(b.fence.epoch, 3);
        let nodes = store.nodes().await.unwrap();
        assert_eq!(nodes.len(), 1, "b never registered");
        assert!(nodes[0].tables.is_empty());
        // A node released a table: its heartbeat does not take it back.
        store.release_table(&b.fence).await.unwrap();
        store.heartbeat("a", "a-2", 10_000).await.unwrap();
        assert_eq!(
            store.claimable_tables("c", &[]).await.unwrap(),
            vec![t.table.clone()]
        );
    }
}

#[tokio::test]
async fn a_saint_poker_game_voided_by_a_takeover_returns_its_stakes_once() {
    for store in common::stores().await {
        let t = store.create_table("saint", "{}", "a", -1).await.unwrap();
        let [ada, bo] = common::two_stakes(&store, &t).await;
        let c = claim(&store, &t.table, "b", -1).await.expect("claimed");
        assert_eq!(c.pot, 0);
        assert_eq!(common::held(&store, ada).await, GUEST_GRANT);
        // Claimed again at once (the lease given was already over): nothing more moves.
        claim(&store, &t.table, "c", 10_000).await.expect("claimed");
        assert_eq!(common::held(&store, bo).await, GUEST_GRANT);
        assert_eq!(
            store.balance(&Account::House).await.unwrap(),
            -2 * GUEST_GRANT
        );
        assert!(store.audit().await.unwrap().balanced());
    }
}

#[tokio::test]
async fn nodes_share_one_room_setting() {
    for store in common::stores().await {
        let a = store
            .room_setting("ticket_key", || "one".into())
            .await
            .unwrap();
        let b = store
            .room_setting("ticket_key", || "two".into())
            .await
            .unwrap();
        assert_eq!((a.as_str(), b.as_str()), ("one", "one"));
    }
}
