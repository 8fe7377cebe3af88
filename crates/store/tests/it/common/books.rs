//! A room's books as a betting table keeps them, for the audit's tests here and for
//! `tavolo admin audit`'s (`crates/cli/tests/it/main.rs` includes this file by path).

#![allow(dead_code)]

use std::collections::BTreeMap;

use tavolo_store::{
    Account, Applied, FinishedHand, HandId, Journal, NewHand, Store, StoreError, UserId,
};

pub fn seat(table: &str, user: UserId) -> Account {
    Account::Seat {
        table: table.to_string(),
        user,
    }
}

/// A cash-out of `chips` from `user`'s seat at `table` to their own account, under `key`.
pub fn cash_out(key: impl Into<String>, table: &str, user: UserId, chips: i64) -> Journal {
    Journal::move_chips(
        key,
        "cash_out",
        seat(table, user),
        Account::User(user),
        chips,
    )
}

/// Seats 0 and 1 of a hand, `a` and `b` in them, each dealt in with `stack`.
pub fn heads_up(a: UserId, b: UserId, stack: i64) -> Vec<(usize, UserId, i64)> {
    vec![(0, a, stack), (1, b, stack)]
}

/// A hand of `game` at `table` to begin, `players` as (seat, user, stack).
pub fn new_hand(table: &str, game: &str, players: Vec<(usize, UserId, i64)>) -> NewHand {
    NewHand {
        key: None,
        stakes: None,
        save: None,
        fence: None,
        table: table.to_string(),
        game: game.into(),
        commitment: "c".repeat(64),
        seed_hex: "5".repeat(64),
        parts: None,
        players,
    }
}

/// A new Hold'em table of `store` with each of `users` bought in for `chips`: its id.
pub async fn bought_in_table(store: &Store, users: &[UserId], chips: i64) -> String {
    let table = store
        .create_table("holdem", "{}", "solo", 60_000)
        .await
        .unwrap()
        .table;
    for &u in users {
        let key = format!("buyin:{table}:{}", u.0);
        let j = Journal::move_chips(key, "buy_in", Account::User(u), seat(&table, u), chips);
        store.transfer(&j).await.unwrap();
    }
    table
}

/// [`new_hand`] dealt from `seed`: committed to it, with the seed to reveal at the end.
pub fn seeded_hand(
    table: &str,
    game: &str,
    seed: [u8; 32],
    players: Vec<(usize, UserId, i64)>,
) -> NewHand {
    NewHand {
        commitment: tavolo_store::sha256_hex(&seed),
        seed_hex: tavolo_store::hex(&seed),
        ..new_hand(table, game, players)
    }
}

/// The end of a hand recorded in PHH, without a transcript: its `record`, each player's net
/// `results` and the chips `journal` moves.
pub fn finished_hand(
    record: String,
    results: Vec<(UserId, i64)>,
    journal: Journal,
) -> FinishedHand {
    FinishedHand {
        save: None,
        fence: None,
        record,
        format: "phh".into(),
        transcript: None,
        results,
        journal,
    }
}

/// [`finished_hand`] of `hand` at `table`, which `winner` won `chips` of from `loser` (seat to
/// seat, under the hand's key).
pub fn won_from(
    record: &str,
    (hand, table): (HandId, &str),
    (winner, loser): (UserId, UserId),
    chips: i64,
) -> FinishedHand {
    finished_hand(
        record.into(),
        vec![(winner, chips), (loser, -chips)],
        Journal::move_chips(
            format!("hand:{}", hand.0),
            "hand",
            seat(table, loser),
            seat(table, winner),
            chips,
        ),
    )
}

/// A betting table as the server keeps it: its id and, in memory, each seat's stack and the odd
/// chips carried in the pot; chips booked the way `crates/server/src/books.rs` books them.
pub struct Table {
    pub store: Store,
    pub id: String,
    pub stacks: BTreeMap<UserId, i64>,
    pub carried: i64,
    nonce: u64,
}

impl Table {
    pub async fn open(store: &Store, game: &str) -> Table {
        Table {
            store: store.clone(),
            id: store
                .create_table(game, "{}", "solo", 60_000)
                .await
                .unwrap()
                .table,
            stacks: BTreeMap::new(),
            carried: 0,
            nonce: 0,
        }
    }

    fn key(&mut self, what: &str, user: UserId) -> String {
        self.nonce += 1;
        format!("{}:{what}:{}:{}", self.id, user.0, self.nonce)
    }

    /// A buy-in or rebuy from `owner` (the user, or the house for a bot).
    pub async fn buy_in(&mut self, user: UserId, owner: Account, amount: i64) {
        let key = self.key("in", user);
        let j = Journal::move_chips(key, "buy_in", owner, seat(&self.id, user), amount);
        assert_eq!(self.store.transfer(&j).await.unwrap(), Applied::Done);
        *self.stacks.entry(user).or_default() += amount;
    }

    /// Leaves the table: the stack back to its owner.
    pub async fn cash_out(&mut self, user: UserId, owner: Account) {
        let stack = self.stacks.remove(&user).unwrap();
        let key = self.key("out", user);
        let j = Journal::move_chips(key, "cash_out", seat(&self.id, user), owner, stack);
        self.store.transfer(&j).await.unwrap();
    }

    /// Deals `players` in with the stacks the table has in memory.
    pub async fn deal(&mut self, players: &[UserId]) -> HandId {
        let players = players
            .iter()
            .enumerate()
            .map(|(s, u)| (s, *u, self.stacks[u]))
            .collect();
        let hand = new_hand(&self.id, "holdem", players);
        self.store.begin_hand(&hand).await.unwrap()
    }

    /// Ends a hand as the server does: the stacks in memory change first, then the result is
    /// booked (each seat's change and the pot's, `carried_out` odd chips left in the pot).
    pub async fn finish(
        &mut self,
        hand: HandId,
        deltas: &[(UserId, i64)],
        carried_out: i64,
    ) -> Result<Applied, StoreError> {
        for (u, d) in deltas {
            *self.stacks.get_mut(u).unwrap() += d;
        }
        let pot_delta = carried_out - self.carried;
        self.carried = carried_out;
        let mut legs: Vec<(Account, i64)> = deltas
            .iter()
            .map(|(u, d)| (seat(&self.id, *u), *d))
            .collect();
        legs.push((Account::Pot(self.id.clone()), pot_delta));
        self.store
            .finish_hand(
                hand,
                &finished_hand(
                    format!("hand {}", hand.0),
                    deltas.to_vec(),
                    Journal::new(format!("hand:{}", hand.0), "hand", legs),
                ),
            )
            .await
    }

    pub async fn close(&self) {
        self.store.close_table(&self.id, None).await.unwrap();
    }
}
