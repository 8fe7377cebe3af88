//! The room's side of the store (`tavolo_store`): accounts and sessions, and the journals a
//! table's chips move by — built here, in one place, from the table's facts. Chips are
//! [`Chips`] (never negative) at the tables and signed `i64` amounts in the ledger (the house
//! goes negative); the conversions are [`Chips::to_ledger`] and [`Chips::from_ledger`], used
//! here and never silent: a count that does not fit is a [`ChipsError`].

use tavolo_engine::Chips;
pub use tavolo_engine::ChipsError;
use tavolo_store::{
    Account, Fence, FinishedHand, HandId, Journal, Store, StoreError, User, UserId,
};

use tavolo_engine::game::{Outcome, Record};

/// A user as the room shows them (and as a table's saved state keeps them).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Member {
    /// The store's id.
    pub id: UserId,
    /// The name.
    pub name: String,
    /// A guest account.
    pub guest: bool,
    /// A bot playing inside the server.
    pub bot: bool,
}

impl Member {
    /// A player: a user who signed up (not a guest), not a bot.
    pub fn player(id: UserId, name: String) -> Member {
        Member {
            id,
            name,
            guest: false,
            bot: false,
        }
    }
}

impl From<User> for Member {
    fn from(u: User) -> Member {
        Member {
            guest: u.guest(),
            bot: u.bot(),
            id: u.id,
            name: u.name,
        }
    }
}

/// A table seat's account.
pub fn seat_account(table: &str, user: UserId) -> Account {
    Account::Seat {
        table: table.to_string(),
        user,
    }
}

/// The owner's side of a seat: the user's account, or the bots' bankroll for a bot.
pub fn owner_account(m: &Member) -> Account {
    if m.bot {
        Account::Bots
    } else {
        Account::User(m.id)
    }
}

/// The store, seen from the room.
#[derive(Clone, Debug)]
pub struct Books {
    store: Store,
}

impl Books {
    /// Wraps an open store.
    pub fn new(store: Store) -> Books {
        Books { store }
    }

    /// The store itself (tests, audit).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// `sqlite` or `postgres`.
    pub fn db_name(&self) -> &'static str {
        self.store.kind().name()
    }

    /// Tops the bots' bankroll up from the house to `size` chips (nothing if it holds that
    /// much already); returns what it holds now.
    pub async fn fund_bots(&self, size: i64) -> Result<i64, StoreError> {
        let held = self.store.balance(&Account::Bots).await?;
        if held >= size {
            return Ok(held);
        }
        let key = format!(
            "bankroll:{}",
            tavolo_store::hex(&tavolo_cards::GameRng::os_seed()[..8])
        );
        let j = Journal::move_chips(key, "bankroll", Account::House, Account::Bots, size - held);
        self.store.transfer(&j).await?;
        tracing::info!(from = held, to = size, "the bots' bankroll was topped up");
        Ok(size)
    }

    /// The chips in the bots' bankroll.
    pub async fn bots_bankroll(&self) -> Result<i64, StoreError> {
        self.store.balance(&Account::Bots).await
    }

    /// Start-up recovery: hands left unfinished by a crash are voided and every chip at a
    /// table goes back to its owner.
    pub async fn recover(&self) -> Result<(), StoreError> {
        let r = self.store.recover().await?;
        if !r.voided.is_empty() || !r.returned.is_empty() {
            tracing::warn!(
                voided = r.voided.len(),
                returned = r.returned.len(),
                "recovered after an unclean stop"
            );
        }
        Ok(())
    }

    /// Registers an account.
    pub async fn register(&self, name: &str, password: &str) -> Result<Member, StoreError> {
        self.store.register(name, password).await.map(Member::from)
    }

    /// A guest becomes a player's account, keeping what it has.
    pub async fn promote_guest(
        &self,
        guest: UserId,
        name: &str,
        password: &str,
    ) -> Result<Member, StoreError> {
        self.store
            .promote_guest(guest, name, password)
            .await
            .map(Member::from)
    }

    /// Checks a name and password.
    pub async fn login(&self, name: &str, password: &str) -> Result<Member, StoreError> {
        self.store.login(name, password).await.map(Member::from)
    }

    /// A new guest with its grant.
    pub async fn guest(&self) -> Result<Member, StoreError> {
        self.store.create_guest().await.map(Member::from)
    }

    /// A new bot user.
    pub async fn bot(&self, name: &str) -> Result<Member, StoreError> {
        self.store.create_bot(name).await.map(Member::from)
    }

    /// A session token for a user: the session ends once unused for `idle`.
    pub async fn new_session(
        &self,
        user: UserId,
        idle: std::time::Duration,
    ) -> Result<String, StoreError> {
        self.store.create_session_idle(user, idle).await
    }

    /// The user of a session token; the session is renewed for `idle` more.
    pub async fn session(
        &self,
        token: &str,
        idle: std::time::Duration,
    ) -> Result<Option<Member>, StoreError> {
        Ok(self
            .store
            .renew_session(token, idle)
            .await?
            .map(Member::from))
    }

    /// Ends a session.
    pub async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        self.store.end_session(token).await
    }

    /// The chips in a user's account.
    pub async fn balance(&self, user: UserId) -> Result<i64, StoreError> {
        self.store.balance(&Account::User(user)).await
    }

    /// Registers a table `creator` made (`None`: the room), owned by `node` for `lease`;
    /// returns its fence (its id and epoch).
    pub async fn create_table(
        &self,
        game: &str,
        options_json: &str,
        node: &str,
        lease: std::time::Duration,
        creator: Option<tavolo_store::UserId>,
    ) -> Result<Fence, StoreError> {
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 4);
        self.store
            .create_table_by(game, options_json, node, lease_ms, creator)
            .await
    }

    /// Direct access for the history routes.
    pub fn raw(&self) -> &Store {
        &self.store
    }
}

/// A buy-in or rebuy: `amount` from `m`'s owner to their seat at `table`.
pub fn buy_in(key: String, table: &str, m: &Member, amount: Chips) -> Result<Journal, ChipsError> {
    let a = amount.to_ledger()?;
    Ok(Journal::move_chips(
        key,
        "buy_in",
        owner_account(m),
        seat_account(table, m.id),
        a,
    ))
}

/// A cash-out: `amount` from `m`'s seat at `table` back to their owner.
pub fn cash_out(
    key: String,
    table: &str,
    m: &Member,
    amount: Chips,
) -> Result<Journal, ChipsError> {
    let a = amount.to_ledger()?;
    Ok(Journal::move_chips(
        key,
        "cash_out",
        seat_account(table, m.id),
        owner_account(m),
        a,
    ))
}

/// Saint Poker's stakes: `stake` from each player's owner into the table's pot, one journal
/// (the ledger merges the legs of bots, who share the bankroll). The stakes of a game that was
/// not played go back as this journal [`Journal::reversed`] (kind `refund`).
pub fn stakes_journal(
    key: String,
    table: &str,
    players: &[Member],
    stake: Chips,
) -> Result<Journal, ChipsError> {
    let ways = u64::try_from(players.len()).map_err(|_| ChipsError::ProductOverflow {
        a: stake,
        n: u64::MAX,
    })?;
    let pot = stake.try_mul(ways)?.to_ledger()?;
    let stake = stake.to_ledger()?;
    let mut legs: Vec<(Account, i64)> =
        players.iter().map(|m| (owner_account(m), -stake)).collect();
    legs.push((Account::Pot(table.to_string()), pot));
    Ok(Journal::new(key, "stake", legs))
}

/// What each of `players` seats wins of a Saint Poker game's stakes, shared by its `winners`;
/// chips that do not divide go one each to the first winners in seat order.
pub fn stake_payouts(players: usize, winners: &[usize], stake: Chips) -> Vec<Chips> {
    // The stakes were taken as one journal, so their sum fits (`stakes_journal` checked it).
    let pot = stake.times(players as u64);
    let ways = winners.len().max(1) as u64;
    let (share, mut odd) = pot.split(ways).unwrap_or_default();
    (0..players)
        .map(|i| {
            let mut won = Chips::ZERO;
            if winners.contains(&i) {
                won = share;
                if odd > 0 {
                    won += Chips::new(1);
                    odd -= Chips::new(1);
                }
            }
            won
        })
        .collect()
}

/// A tournament hand as the books record it (RULES.md §5: tournament chips are not room
/// chips): its record and transcript, a result of 0 room chips for each player, and a journal
/// with no leg (nothing moves in the ledger; the audit reads a finished hand without a journal
/// as one that moved nothing). The stacks it leaves are in the table saved with it.
pub fn tournament_hand(
    fence: Fence,
    id: HandId,
    record: Record,
    members: &[Member],
) -> FinishedHand {
    FinishedHand {
        save: None,
        fence: Some(fence),
        record: record.text,
        format: record.format.to_string(),
        transcript: None,
        results: members.iter().map(|m| (m.id, 0)).collect(),
        journal: Journal::new(format!("hand:{}", id.0), "hand", Vec::new()),
    }
}

/// A finished hand as the books record it: its record, each player's result, and the journal
/// of its chips (keyed by the hand: it is recorded once). A betting hand moves chips between the
/// seats and the pot (chips carried in and out); a Saint Poker game pays the pot to the owners
/// of its winners.
pub fn finished_hand(
    fence: Fence,
    table: &str,
    id: HandId,
    record: Record,
    members: &[Member],
    outcome: &Outcome,
    stake: Chips,
) -> Result<FinishedHand, ChipsError> {
    let key = format!("hand:{}", id.0);
    let (journal, results, format) = match outcome {
        Outcome::Chips {
            start,
            end,
            carried_in,
            carried_out,
            ..
        } => {
            let mut legs = Vec::with_capacity(members.len() + 1);
            let mut results = Vec::with_capacity(members.len());
            for (m, (&s, &e)) in members.iter().zip(start.iter().zip(end)) {
                let d = e.to_ledger()? - s.to_ledger()?;
                legs.push((seat_account(table, m.id), d));
                results.push((m.id, d));
            }
            let pot = carried_out.to_ledger()? - carried_in.to_ledger()?;
            legs.push((Account::Pot(table.to_string()), pot));
            (
                Journal::new(key, "hand", legs),
                results,
                record.format.to_string(),
            )
        }
        Outcome::Points { winners, .. } => {
            let payouts = stake_payouts(members.len(), winners, stake);
            let stake = stake.to_ledger()?;
            let mut legs = Vec::with_capacity(members.len() + 1);
            let mut results = Vec::with_capacity(members.len());
            let mut pot = 0i64;
            for (m, &won) in members.iter().zip(&payouts) {
                let won = won.to_ledger()?;
                if won > 0 {
                    legs.push((owner_account(m), won));
                }
                pot += won;
                results.push((m.id, won - stake));
            }
            legs.push((Account::Pot(table.to_string()), -pot));
            (
                Journal::new(key, "saint", legs),
                results,
                "saint-json".to_string(),
            )
        }
    };
    Ok(FinishedHand {
        save: None,
        fence: Some(fence),
        record: record.text,
        format,
        transcript: None,
        results,
        journal,
    })
}
