//! What can go wrong in the store, with the facts a caller needs to act on it.

/// An error from the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An amount of the ledger read as a count of chips that cannot be one (below zero), or a
    /// count too large for the ledger's signed amounts.
    #[error("chips at the ledger boundary: {0}")]
    Chips(#[from] tavolo_cards::ChipsError),
    /// The database refused or failed (I/O, constraint, connection).
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The transaction a hand shared with other tables' hands failed (SQLite group commit):
    /// nothing of it was recorded.
    #[error("database error in a shared commit: {0}")]
    GroupCommit(String),
    /// The schema could not be brought up to date.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database URL names something the store cannot open.
    #[error("unsupported database URL {0:?}: use sqlite:PATH, sqlite::memory: or postgres://…")]
    UnsupportedUrl(String),
    /// Registration under a name somebody already has.
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// A name that breaks the naming rules.
    #[error("invalid name {name:?}: {why}")]
    InvalidName {
        /// The name given.
        name: String,
        /// Which rule it breaks.
        why: &'static str,
    },
    /// A password too weak to accept.
    #[error("password refused: {0}")]
    WeakPassword(&'static str),
    /// A guest's sign-up when the guest has already become an account (another sign-up of the
    /// same guest came first).
    #[error("this guest has already become the account {0:?}: log in with it")]
    NotAGuest(String),
    /// A guest's sign-up while it holds more than the room's guest cap (counting its chips at
    /// tables): it leaves its tables first, and what is over the cap goes back to the house.
    #[error("a guest keeps at most {cap} chips and you hold {held}, counting your chips at tables: leave your tables first (what is over the cap goes back to the house), then sign up")]
    GuestOverCap {
        /// What the guest holds, its seats included.
        held: i64,
        /// The room's cap.
        cap: i64,
    },
    /// A guest's sign-up while it is dealt into a hand in play (its pot could take the guest
    /// beyond the guest cap after the sign-up).
    #[error("you are in a hand in play: sign up once it is over")]
    GuestInHand,
    /// Login with a wrong name or password (which of the two is not said).
    #[error("wrong name or password")]
    BadCredentials,
    /// No user with this id.
    #[error("no user with id {0}")]
    NoSuchUser(i64),
    /// A journal whose legs do not sum to zero.
    #[error("journal {key:?} does not balance: its legs sum to {sum}")]
    Unbalanced {
        /// The journal's idempotency key.
        key: String,
        /// The sum of its legs.
        sum: i64,
    },
    /// A journal with no legs, a zero leg, or the same account twice.
    #[error("journal {key:?} is malformed: {why}")]
    MalformedJournal {
        /// The journal's idempotency key.
        key: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A movement that would take an account below zero.
    #[error("account {account} holds {balance} chips, {needed} needed")]
    InsufficientFunds {
        /// The account short of chips, by its ledger name (`user:7`, `seat:t1:7`, `house`).
        account: String,
        /// What it holds now.
        balance: i64,
        /// What the movement takes from it.
        needed: i64,
    },
    /// The same idempotency key reused for a different movement.
    #[error("idempotency key {0:?} was already used for a different movement")]
    KeyReused(String),
    /// No hand or game with this id.
    #[error("no hand or game with id {0}")]
    NoSuchHand(i64),
    /// A table's write with an epoch it no longer has: another node took the table over.
    #[error("table {table} was taken over: this write holds epoch {held}, the table is at {}", current.map_or("none (closed)".to_string(), |c| c.to_string()))]
    Fenced {
        /// The table's name.
        table: String,
        /// The epoch the writer held.
        held: i64,
        /// The table's epoch now (`None`: no such open table).
        current: Option<i64>,
    },
    /// A tournament save whose steps do not join the ones the books hold (it starts past them,
    /// or ends before them), or a log missing rows: nothing written.
    #[error("tournament {tournament}'s log: the books hold {held} steps, {why}")]
    TournamentLog {
        /// The tournament.
        tournament: String,
        /// The steps the books hold.
        held: i64,
        /// What does not fit.
        why: String,
    },
    /// A tournament recorded under an id the books hold already.
    #[error("tournament {0:?} exists")]
    TournamentExists(String),
    /// Another process registered under this node's id: this one must stop owning tables.
    #[error("node {0:?} was registered again by another process")]
    NodeReplaced(String),
    /// A hand that is not in the state the call needs.
    #[error("hand {id} is {status}, not playing")]
    HandNotPlaying {
        /// The hand's id.
        id: i64,
        /// Its status now: `finished` or `voided`.
        status: String,
    },
    /// Password hashing failed (resource exhaustion; not the user's fault).
    #[error("password hashing failed: {0}")]
    Hash(String),
}
