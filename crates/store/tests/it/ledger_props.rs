//! Property: whatever sequence of movements is attempted — some refused for lack of chips,
//! some repeated under the same key — the ledger agrees with a simple model of balances and
//! its audit balances after every step.

use std::collections::HashMap;

use proptest::prelude::*;
use tavolo_store::{Account, Applied, Journal, Store, StoreError, UserId};

#[derive(Clone, Debug)]
enum Op {
    /// Move chips between two accounts (indices into a small set) under key number `key`.
    Move {
        from: usize,
        to: usize,
        amount: i64,
        key: u8,
    },
    /// A three-legged hand result.
    Hand {
        a: usize,
        b: usize,
        c: usize,
        x: i64,
        y: i64,
        key: u8,
    },
}

fn accounts() -> Vec<Account> {
    let mut v = vec![Account::House, Account::Pot("t1".into())];
    for u in 1..=3 {
        v.push(Account::User(UserId(u)));
        v.push(Account::Seat {
            table: "t1".into(),
            user: UserId(u),
        });
    }
    v
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..8usize, 0..8usize, 1..400i64, 0..12u8).prop_map(|(from, to, amount, key)| Op::Move {
            from,
            to,
            amount,
            key
        }),
        (
            0..8usize,
            0..8usize,
            0..8usize,
            1..300i64,
            1..300i64,
            0..12u8
        )
            .prop_map(|(a, b, c, x, y, key)| Op::Hand { a, b, c, x, y, key }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn the_ledger_matches_a_model_and_always_balances(ops in proptest::collection::vec(op(), 1..40)) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            let store = Store::open("sqlite::memory:").await.unwrap();
            let accts = accounts();
            let mut model: HashMap<String, i64> = HashMap::new();
            let mut used: HashMap<String, Vec<(String, i64)>> = HashMap::new();
            for op in ops {
                let journal = match op {
                    Op::Move { from, to, amount, key } => Journal::move_chips(
                        format!("k{key}"), "move", accts[from].clone(), accts[to].clone(), amount),
                    Op::Hand { a, b, c, x, y, key } => Journal::new(format!("k{key}"), "hand", vec![
                        (accts[a].clone(), -(x + y)), (accts[b].clone(), x), (accts[c].clone(), y)]),
                };
                // The model: merged legs, zero legs dropped.
                let mut legs: Vec<(String, i64)> = Vec::new();
                for (acc, amt) in &journal.legs {
                    let name = acc.to_string();
                    match legs.iter_mut().find(|(n, _)| *n == name) {
                        Some(l) => l.1 += amt,
                        None => legs.push((name, *amt)),
                    }
                }
                legs.retain(|l| l.1 != 0);
                legs.sort();
                let result = store.transfer(&journal).await;
                let expected_ok = legs.iter().all(|(n, a)| n == "house" || model.get(n).copied().unwrap_or(0) + a >= 0);
                match (used.get(&journal.key), result) {
                    (_, Ok(Applied::Nothing)) => prop_assert!(legs.is_empty()),
                    (Some(prev), Ok(Applied::AlreadyDone)) => prop_assert_eq!(prev, &legs),
                    (Some(prev), Err(StoreError::KeyReused(_))) => prop_assert_ne!(prev, &legs),
                    (None, Ok(Applied::Done)) => {
                        prop_assert!(expected_ok);
                        for (n, a) in &legs { *model.entry(n.clone()).or_default() += a; }
                        used.insert(journal.key.clone(), legs);
                    }
                    (None, Err(StoreError::InsufficientFunds { .. })) => prop_assert!(!expected_ok),
                    (prev, other) => prop_assert!(false, "unexpected {:?} (key used before: {:?})", other, prev),
                }
                let report = store.audit().await.unwrap();
                prop_assert!(report.balanced(), "{:?}", report.problems);
            }
            for acc in &accts {
                let name = acc.to_string();
                prop_assert_eq!(store.balance(acc).await.unwrap(), model.get(&name).copied().unwrap_or(0), "{}", name);
            }
            Ok(())
        })?;
    }
}
