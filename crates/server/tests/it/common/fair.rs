//! Seed chains for the fairness stories (docs/protocol.md, Provably fair dealing): a player's
//! hash chain, hands folded out, and the story of two players whose reveals are mixed into a
//! deal.

use serde_json::{json, Value};
use tavolo_store::hex;

use super::{get, Client};

/// A seed chain `x_0 … x_n` from `x_0 = [x0; 32]`, `x_{i+1} = SHA-256(x_i)`: its head is `x_n`,
/// its k-th reveal `x_{n-k}`.
pub struct SeedChain(pub Vec<[u8; 32]>);

impl SeedChain {
    pub fn new(x0: u8, n: usize) -> SeedChain {
        let mut xs = vec![[x0; 32]];
        for _ in 0..n {
            let next = tavolo_server::fairness::sha256(&xs[xs.len() - 1]);
            xs.push(next);
        }
        SeedChain(xs)
    }

    /// The head, hex.
    pub fn head(&self) -> String {
        hex(&self.0[self.0.len() - 1])
    }

    /// The k-th reveal (1 first), hex.
    pub fn reveal(&self, k: usize) -> String {
        hex(&self.0[self.0.len() - 1 - k])
    }
}

/// `c` reveals `value` of their seed chain at `table`: the answer.
pub async fn reveal(c: &mut Client, table: &str, value: &str) -> Value {
    c.ask("reveal", json!({"table": table, "value": value}))
        .await
}

/// `c`'s next `table_state` for which `f` holds.
pub async fn state(c: &mut Client, f: impl Fn(&Value) -> bool) -> Value {
    c.wait_for(30, |m| m["type"] == "table_state" && f(m)).await
}

/// Plays the hand in play in `from` (the latest state the first player has seen) out between
/// `players` (each with their table seat): the player to act folds (checks where folding is not
/// allowed). Returns the first state, as the first player sees it, that shows the hand over
/// (`previous.hand`).
pub async fn fold_out(players: &mut [(&mut Client, u64)], table: &str, from: Value) -> Value {
    let hand = from["hand"].as_str().expect("a hand in play").to_string();
    let mut s = from;
    loop {
        if s["previous"]["hand"] == hand {
            return s;
        }
        if let Some(to_act) = s["view"]["to_act"].as_u64().filter(|_| s["hand"] == hand) {
            let seat = s["hand_seats"][to_act as usize].as_u64().unwrap();
            let (actor, _) = players.iter_mut().find(|(_, s)| *s == seat).unwrap();
            let h = json!(hand);
            let r = actor.act(table, &h, json!({"action": "fold"})).await;
            if r["code"] == "illegal_action" {
                actor
                    .act_or_late(table, &h, json!({"action": "check"}))
                    .await;
            }
        }
        s = state(players[0].0, |m| {
            m["previous"]["hand"] == hand
                || (m["hand"] == hand && m["view"]["over"] == false && m["view"]["to_act"].is_u64())
        })
        .await;
    }
}

/// `GET /api/fairness/{hand}` for `c` once the books have the hand finished. The table shows a
/// hand's end before its result is recorded (stacks change only after), and the bundle reveals
/// the seed only for a recorded hand, so a request right after the end may still find it
/// `playing` (as one did on a loaded machine).
pub async fn recorded_bundle(c: &Client, hand: &str) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let b = get(c.addr, &format!("/api/fairness/{hand}"), Some(&c.session))
            .await
            .json();
        if b["status"] != "playing" {
            return b;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "hand {hand} still playing in the books after 30 s: {b}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// What [`two_players_reveal`] saw.
pub struct Story {
    pub table: String,
    pub ann: SeedChain,
    pub bob: SeedChain,
    /// Ann's and Bob's table seats.
    pub seats: (u64, u64),
    /// The first hand (no player's part) and the second (both reveals).
    pub hands: (String, String),
    /// `next_commitment` while nobody had been dealt in, and during the first hand.
    pub commitments: (String, String),
    /// Ann's `previous` once the second hand is over.
    pub previous: Value,
    /// `GET /api/fairness/{second hand}` for Ann.
    pub bundle: Value,
}

/// Ann and Bob sit at a heads-up table, each with a seed chain sent with `join`. The room had
/// committed to the first hand's part before their chains came, so the first hand is dealt
/// without them; during it each reveals the first element of their chain (after a reveal that
/// does not extend Ann's chain is refused), and the second hand is dealt from the room's part
/// and both reveals.
pub async fn two_players_reveal(ann: &mut Client, bob: &mut Client) -> Story {
    let (ann_chain, bob_chain) = (SeedChain::new(1, 5), SeedChain::new(2, 5));
    let table = ann
        .create_table(json!({"game": "holdem", "seats": 2, "buy_in": 200, "clock_secs": 600}))
        .await;
    let joined = ann
        .ask("join", json!({"table": table, "chain": ann_chain.head()}))
        .await;
    let ann_seat = joined["result"]["seat"].as_u64().expect("a seat");
    let before = state(ann, |m| m["you"]["seat"] == ann_seat).await;
    assert_eq!(before["you"]["chain"], json!({"used": 0, "pending": false}));
    let c1 = before["next_commitment"].as_str().unwrap().to_string();

    // The room committed to the first hand's part before Ann's chain: it counts from the next.
    let early = reveal(ann, &table, &ann_chain.reveal(1)).await;
    assert_eq!(early["code"], "bad_reveal", "{early}");
    assert!(early["message"].as_str().unwrap().contains(&c1), "{early}");

    let joined = bob
        .ask("join", json!({"table": table, "chain": bob_chain.head()}))
        .await;
    let bob_seat = joined["result"]["seat"].as_u64().expect("a seat");
    let first = state(ann, |m| m["hand"].is_string()).await;
    let hand1 = first["hand"].as_str().unwrap().to_string();
    assert_eq!(
        first["commitment"],
        json!(c1),
        "the committed part is the one dealt"
    );
    let c2 = first["next_commitment"].as_str().unwrap().to_string();
    // Every player sees where the others' chains stand before revealing.
    let chain_of = |s: &Value, seat: u64| {
        let rows = s["seats"].as_array().unwrap();
        rows.iter().find(|r| r["seat"] == seat).unwrap()["chain"].clone()
    };
    assert_eq!(chain_of(&first, bob_seat), json!(bob_chain.head()));
    assert_ne!(
        c1, c2,
        "a new part for the next hand, committed to at the deal"
    );

    // A reveal that does not extend the chain changes nothing.
    let wrong = reveal(ann, &table, &ann_chain.reveal(2)).await;
    assert_eq!(wrong["code"], "bad_reveal", "{wrong}");
    assert!(
        (wrong["message"].as_str().unwrap()).contains("does not extend your chain"),
        "{wrong}"
    );
    for (c, x) in [(&mut *ann, &ann_chain), (&mut *bob, &bob_chain)] {
        let r = reveal(c, &table, &x.reveal(1)).await;
        assert_eq!(r["type"], "ack", "{r}");
        let s = state(c, |m| m["you"]["chain"]["pending"] == true).await;
        assert_eq!(s["you"]["chain"]["used"], 0);
    }

    let mut players = [(&mut *ann, ann_seat), (&mut *bob, bob_seat)];
    fold_out(&mut players, &table, first).await;
    let second = state(players[0].0, |m| {
        m["hand"].is_string() && m["hand"] != json!(hand1)
    })
    .await;
    let hand2 = second["hand"].as_str().unwrap().to_string();
    assert_eq!(second["commitment"], json!(c2));
    assert_eq!(second["you"]["chain"], json!({"used": 1, "pending": false}));
    assert_eq!(chain_of(&second, bob_seat), json!(bob_chain.reveal(1)));
    let over = fold_out(&mut players, &table, second).await;
    let bundle = recorded_bundle(ann, &hand2).await;
    Story {
        table,
        ann: ann_chain,
        bob: bob_chain,
        seats: (ann_seat, bob_seat),
        hands: (hand1, hand2),
        commitments: (c1, c2),
        previous: over["previous"].clone(),
        bundle,
    }
}
