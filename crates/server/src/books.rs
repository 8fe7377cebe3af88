//! Every call into the store (`tavolo_store`) in one place: accounts, sessions, chips moving
//! between accounts, seats and pots, and the hand history. Chips are the engine's
//! [`Chips`] (`u64`) in the server and `i64` in the store; the conversion is here.

use tavolo_engine::Chips;
use tavolo_store::{
    Account, Fence, FinishedHand, HandId, Journal, NewHand, Store, StoreError, User, UserId,
};

use crate::protocol::{Code, ProtoError};

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

/// What a client is told when the database cannot be written.
pub const UNAVAILABLE: &str =
    "the database cannot be written now (the room says why at /healthz): nothing was done; try again shortly";

/// The store error as a protocol error (what a client may be told).
pub fn proto(e: StoreError) -> ProtoError {
    match e {
        StoreError::InsufficientFunds { .. } => {
            ProtoError::new(Code::InsufficientChips, e.to_string())
        }
        StoreError::Fenced { ref table, .. } => ProtoError::new(
            Code::NoSuchTable,
            format!("table {table} moved to another node of the room: send this again"),
        ),
        StoreError::Db(_) | StoreError::GroupCommit(_) => {
            tracing::error!(error = %e, "a database write failed");
            ProtoError::new(Code::Unavailable, UNAVAILABLE)
        }
        other => {
            tracing::error!(error = %other, "store failure");
            ProtoError::new(Code::Internal, "the database failed; try again")
        }
    }
}

fn chips(c: Chips) -> i64 {
    i64::try_from(c).unwrap_or(i64::MAX)
}

/// A table seat's account.
fn seat(table: &str, user: UserId) -> Account {
    Account::Seat {
        table: table.to_string(),
        user,
    }
}

/// The owner's side of a seat: the user's account, or the bots' bankroll for a bot.
fn owner(m: &Member) -> Account {
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

    /// Closes a table, cashing out every seat.
    pub async fn close_table(&self, fence: &Fence) -> Result<(), StoreError> {
        self.store
            .close_table(&fence.table, Some(fence))
            .await
            .map(|_| ())
    }

    /// Chips from the owner (a user, or the bots' bankroll for a bot) to the seat: a buy-in or
    /// rebuy.
    /// `key` makes it happen once.
    pub async fn to_seat(
        &self,
        key: String,
        fence: &Fence,
        m: &Member,
        amount: Chips,
    ) -> Result<(), StoreError> {
        let to = seat(&fence.table, m.id);
        self.move_chips(key, "buy_in", fence, owner(m), to, amount)
            .await
    }

    /// Chips from the seat back to the owner: a cash-out.
    pub async fn from_seat(
        &self,
        key: String,
        fence: &Fence,
        m: &Member,
        amount: Chips,
    ) -> Result<(), StoreError> {
        if amount == 0 {
            return Ok(());
        }
        let from = seat(&fence.table, m.id);
        self.move_chips(key, "cash_out", fence, from, owner(m), amount)
            .await
    }

    async fn move_chips(
        &self,
        key: String,
        kind: &str,
        fence: &Fence,
        from: Account,
        to: Account,
        amount: Chips,
    ) -> Result<(), StoreError> {
        let j = Journal::move_chips(key, kind, from, to, chips(amount));
        self.store.transfer_fenced(fence, &j).await.map(|_| ())
    }

    /// Saint Poker stakes paid for a game that was then not dealt: each back to its payer.
    pub async fn refund_stakes(
        &self,
        key: String,
        fence: &Fence,
        players: &[Member],
        stake: Chips,
    ) -> Result<(), StoreError> {
        self.stake_journal(key, "refund", fence, players, -chips(stake))
            .await
    }

    /// Saint Poker stakes: each player's stake into the table's pot.
    pub async fn stakes(
        &self,
        key: String,
        fence: &Fence,
        players: &[Member],
        stake: Chips,
    ) -> Result<(), StoreError> {
        self.stake_journal(key, "stake", fence, players, chips(stake))
            .await
    }

    /// `stake` from each player's owner into the table's pot (negative: back out of it), as one
    /// journal of `kind` (the ledger merges the legs of bots, who share the bankroll).
    async fn stake_journal(
        &self,
        key: String,
        kind: &str,
        fence: &Fence,
        players: &[Member],
        stake: i64,
    ) -> Result<(), StoreError> {
        if stake == 0 {
            return Ok(());
        }
        let mut legs: Vec<(Account, i64)> = players.iter().map(|m| (owner(m), -stake)).collect();
        legs.push((
            Account::Pot(fence.table.clone()),
            stake * players.len() as i64,
        ));
        self.store
            .transfer_fenced(fence, &Journal::new(key, kind, legs))
            .await
            .map(|_| ())
    }

    /// Records a hand about to be dealt: the commitment published before it, and the seed and
    /// the parts it was mixed from, secret until the hand is over.
    pub async fn begin_hand(
        &self,
        fence: &Fence,
        game: &str,
        commitment: &str,
        (seed_hex, parts): (&str, &crate::fairness::Parts),
        players: &[(usize, &Member, Chips)],
    ) -> Result<HandId, StoreError> {
        self.store
            .begin_hand(&NewHand {
                fence: Some(fence.clone()),
                table: fence.table.clone(),
                game: game.to_string(),
                commitment: commitment.to_string(),
                seed_hex: seed_hex.to_string(),
                parts: serde_json::to_string(parts).ok(),
                players: players
                    .iter()
                    .map(|&(s, m, c)| (s, m.id, chips(c)))
                    .collect(),
            })
            .await
    }

    /// Records a betting hand's end: each seat's change and the pot's (chips carried in and
    /// out), with the record, in one transaction.
    #[allow(clippy::too_many_arguments)]
    pub async fn finish_betting_hand(
        &self,
        id: HandId,
        fence: &Fence,
        record: String,
        format: &str,
        deltas: &[(&Member, i64)],
        pot_delta: i64,
    ) -> Result<(), StoreError> {
        let mut legs: Vec<(Account, i64)> = deltas
            .iter()
            .map(|(m, d)| (seat(&fence.table, m.id), *d))
            .collect();
        legs.push((Account::Pot(fence.table.clone()), pot_delta));
        let journal = Journal::new(format!("hand:{}", id.0), "hand", legs);
        let results = deltas.iter().map(|(m, d)| (m.id, *d)).collect();
        self.store
            .finish_hand(
                id,
                &FinishedHand {
                    fence: Some(fence.clone()),
                    record,
                    format: format.to_string(),
                    results,
                    journal,
                },
            )
            .await
            .map(|_| ())
    }

    /// Records a Saint Poker game's end: the pot paid out to the owners of the winners, each
    /// player's result (winnings less stake).
    pub async fn finish_saint_game(
        &self,
        id: HandId,
        fence: &Fence,
        record: String,
        payouts: &[(&Member, Chips)],
        stake: Chips,
    ) -> Result<(), StoreError> {
        let pot: i64 = payouts.iter().map(|(_, c)| chips(*c)).sum();
        let mut legs: Vec<(Account, i64)> = payouts
            .iter()
            .filter(|(_, c)| *c > 0)
            .map(|(m, c)| (owner(m), chips(*c)))
            .collect();
        legs.push((Account::Pot(fence.table.clone()), -pot));
        let journal = Journal::new(format!("hand:{}", id.0), "saint", legs);
        let results = payouts
            .iter()
            .map(|(m, c)| (m.id, chips(*c) - chips(stake)))
            .collect();
        self.store
            .finish_hand(
                id,
                &FinishedHand {
                    fence: Some(fence.clone()),
                    record,
                    format: "saint-json".into(),
                    results,
                    journal,
                },
            )
            .await
            .map(|_| ())
    }

    /// Voids a hand in progress (shutdown): no chips had moved.
    pub async fn void_hand(&self, id: HandId, fence: &Fence) -> Result<(), StoreError> {
        self.store.void_hand(id, Some(fence)).await
    }

    /// Direct access for the history routes.
    pub fn raw(&self) -> &Store {
        &self.store
    }
}
