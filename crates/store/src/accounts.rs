//! Users (players, guests, bots), their passwords (argon2id) and their sessions.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use serde::Serialize;
use sqlx::Row;
use tavolo_cards::GameRng;

use crate::ledger::{Account, Journal};
use crate::{hex, now_ms, sha256_hex, Store, StoreError};

/// The play chips a guest receives on arrival (and a new registered player too).
pub const GUEST_GRANT: i64 = 10_000;
/// How long a session lasts at most, however often it is used: then a new login.
pub const SESSION_DAYS: i64 = 30;

/// A user's id.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
pub struct UserId(pub i64);

/// What kind of account a user is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UserKind {
    /// Registered with a name and password.
    Player,
    /// Came in as a guest (no password; the session is the only way in).
    Guest,
    /// A bot playing inside the server.
    Bot,
}

impl UserKind {
    fn as_str(self) -> &'static str {
        match self {
            UserKind::Player => "player",
            UserKind::Guest => "guest",
            UserKind::Bot => "bot",
        }
    }
    fn parse(s: &str) -> UserKind {
        match s {
            "guest" => UserKind::Guest,
            "bot" => UserKind::Bot,
            _ => UserKind::Player,
        }
    }
}

/// A user as the room knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    /// The account's number: its ledger account is `user:<id>`.
    pub id: UserId,
    /// The display name, unique.
    pub name: String,
    /// Player, guest or bot.
    pub kind: UserKind,
}

impl User {
    /// True for a guest.
    pub fn guest(&self) -> bool {
        self.kind == UserKind::Guest
    }
    /// True for a bot.
    pub fn bot(&self) -> bool {
        self.kind == UserKind::Bot
    }
}

/// Checks a name: 2–24 letters, digits, `_` or `-`.
fn check_name(name: &str) -> Result<(), StoreError> {
    let bad = |why| {
        Err(StoreError::InvalidName {
            name: name.chars().take(40).collect(),
            why,
        })
    };
    let n = name.chars().count();
    if n < 2 {
        return bad("shorter than 2 characters");
    }
    if n > 24 {
        return bad("longer than 24 characters");
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        return bad("only letters, digits, '_' and '-' are allowed");
    }
    Ok(())
}

fn hash_password(password: &str) -> Result<String, StoreError> {
    let salt_bytes = GameRng::os_seed();
    let salt =
        SaltString::encode_b64(&salt_bytes[..16]).map_err(|e| StoreError::Hash(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| StoreError::Hash(e.to_string()))
}

fn verify_password(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// Runs argon2 off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| StoreError::Hash(e.to_string()))
}

fn user_from_row(row: &sqlx::any::AnyRow) -> Result<User, StoreError> {
    Ok(User {
        id: UserId(row.try_get("id")?),
        name: row.try_get("name")?,
        kind: UserKind::parse(&row.try_get::<String, _>("kind")?),
    })
}

impl Store {
    /// Registers a player, with the grant of play chips every newcomer gets.
    pub async fn register(&self, name: &str, password: &str) -> Result<User, StoreError> {
        check_name(name)?;
        crate::passwords::check(password)?;
        let pw = password.to_string();
        let hash = blocking(move || hash_password(&pw)).await??;
        self.insert_user(name, Some(&hash), UserKind::Player, GUEST_GRANT)
            .await
    }

    /// A guest becomes a player's account named `name` with `password`, keeping everything it
    /// has — its chips in the account and at tables, its history, its sessions — because it
    /// stays the same user. Only one sign-up of a guest succeeds, however many race: the others
    /// get [`StoreError::NotAGuest`] naming the account it became.
    pub async fn promote_guest(
        &self,
        guest: UserId,
        name: &str,
        password: &str,
    ) -> Result<User, StoreError> {
        check_name(name)?;
        crate::passwords::check(password)?;
        let pw = password.to_string();
        let hash = blocking(move || hash_password(&pw)).await??;
        self.write(async |tx| {
            name_free(tx, name).await?;
            let changed = sqlx::query(
                "UPDATE users SET name = $1, password_hash = $2, kind = $3 WHERE id = $4 AND kind = $5",
            )
            .bind(name)
            .bind(&hash)
            .bind(UserKind::Player.as_str())
            .bind(guest.0)
            .bind(UserKind::Guest.as_str())
            .execute(&mut *tx)
            .await
            .map_err(name_taken(name))?
            .rows_affected();
            if changed == 0 {
                let now: Option<String> = sqlx::query("SELECT name FROM users WHERE id = $1")
                    .bind(guest.0)
                    .fetch_optional(&mut *tx)
                    .await?
                    .map(|r| r.try_get("name"))
                    .transpose()?;
                return Err(match now {
                    Some(n) => StoreError::NotAGuest(n),
                    None => StoreError::NoSuchUser(guest.0),
                });
            }
            // Within the guest cap only (a refusal rolls the change back).
            crate::guest_cap::may_become_player(tx, guest).await?;
            Ok(User {
                id: guest,
                name: name.to_string(),
                kind: UserKind::Player,
            })
        })
        .await
    }

    /// A new guest, named `guest-XXXXXX`, with the grant of play chips.
    pub async fn create_guest(&self) -> Result<User, StoreError> {
        loop {
            let tag = hex(&GameRng::os_seed()[..3]);
            match self
                .insert_user(&format!("guest-{tag}"), None, UserKind::Guest, GUEST_GRANT)
                .await
            {
                Err(StoreError::NameTaken(_)) => continue,
                other => return other,
            }
        }
    }

    /// A bot user (its chips come from the house when it sits down).
    pub async fn create_bot(&self, name: &str) -> Result<User, StoreError> {
        check_name(name)?;
        self.insert_user(name, None, UserKind::Bot, 0).await
    }

    async fn insert_user(
        &self,
        name: &str,
        hash: Option<&str>,
        kind: UserKind,
        grant: i64,
    ) -> Result<User, StoreError> {
        self.write(async |tx| {
        name_free(tx, name).await?;
        let row = sqlx::query(
            "INSERT INTO users (name, password_hash, kind, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(name)
        .bind(hash)
        .bind(kind.as_str())
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await
        .map_err(name_taken(name))?;
        let id = UserId(row.try_get("id")?);
        let user = User {
            id,
            name: name.to_string(),
            kind,
        };
        if grant > 0 {
            let journal = Journal::new(
                format!("grant:user:{}", id.0),
                "grant",
                vec![(Account::House, -grant), (Account::User(id), grant)],
            );
            crate::ledger::apply(tx, &journal).await?;
        }
        Ok(user)
        })
        .await
    }

    /// The player with this name and password.
    pub async fn login(&self, name: &str, password: &str) -> Result<User, StoreError> {
        let row = sqlx::query(
            "SELECT id, name, kind, password_hash FROM users WHERE lower(name) = lower($1)",
        )
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        // Hash even when the name is unknown, so timing does not tell names apart.
        let (user, stored) = match row {
            Some(row) => (
                Some(user_from_row(&row)?),
                row.try_get::<Option<String>, _>("password_hash")?,
            ),
            None => (None, None),
        };
        let pw = password.to_string();
        let ok = match stored {
            Some(hash) => blocking(move || verify_password(&pw, &hash)).await?,
            None => {
                blocking(move || hash_password(&pw)).await??;
                false
            }
        };
        match user {
            Some(u) if ok => Ok(u),
            _ => Err(StoreError::BadCredentials),
        }
    }

    /// The user with this id.
    pub async fn user(&self, id: UserId) -> Result<User, StoreError> {
        let row = sqlx::query("SELECT id, name, kind FROM users WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoSuchUser(id.0))?;
        user_from_row(&row)
    }

    /// Starts a session; the token (256 random bits, hex) goes in the cookie, only its hash in
    /// the database.
    pub async fn create_session(&self, user: UserId) -> Result<String, StoreError> {
        self.create_session_idle(
            user,
            std::time::Duration::from_millis(SESSION_DAYS as u64 * 86_400_000),
        )
        .await
    }

    /// The user a session token belongs to, if it is valid and not expired.
    pub async fn session_user(&self, token: &str) -> Result<Option<User>, StoreError> {
        Ok(self.live_session(token).await?.map(|(user, _)| user))
    }

    /// A live session's user, and the (start, expiry) of the session in Unix ms: from the
    /// database, or held by the process while the database could not take it (`held.rs`).
    async fn live_session(&self, token: &str) -> Result<Option<(User, (i64, i64))>, StoreError> {
        if token.len() != 64 {
            return Ok(None);
        }
        let hash = sha256_hex(token.as_bytes());
        if self.held.is_ended(&hash) {
            return Ok(None);
        }
        let now = now_ms();
        let row = sqlx::query(
            "SELECT u.id, u.name, u.kind, s.created_at, s.expires_at FROM sessions s \
             JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(&hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        if let Some(r) = row {
            let times = (r.try_get("created_at")?, r.try_get("expires_at")?);
            return Ok(Some((user_from_row(&r)?, times)));
        }
        match self.held.get(&hash) {
            Some(s) if s.expires > now => match self.user(s.user).await {
                Ok(u) => Ok(Some((u, (s.created, s.expires)))),
                Err(StoreError::NoSuchUser(_)) => Ok(None),
                Err(e) => Err(e),
            },
            _ => Ok(None),
        }
    }

    /// Writes the sessions started and ended while the database could not be written (see
    /// `held.rs`); returns how many were written. Fails, keeping them held, while it still
    /// cannot write.
    pub async fn write_held_sessions(&self) -> Result<usize, StoreError> {
        let (started, ended) = self.held.snapshot();
        if started.is_empty() && ended.is_empty() {
            return Ok(0);
        }
        self.write(async |tx| {
            for (hash, s) in &started {
                sqlx::query(
                    "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (token_hash) DO UPDATE SET expires_at = excluded.expires_at",
                )
                .bind(hash)
                .bind(s.user.0)
                .bind(s.created)
                .bind(s.expires)
                .execute(&mut *tx)
                .await?;
            }
            for hash in &ended {
                sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                    .bind(hash)
                    .execute(&mut *tx)
                    .await?;
            }
            Ok(())
        })
        .await?;
        self.held.written(&started, &ended);
        tracing::warn!(
            started = started.len(),
            ended = ended.len(),
            "sessions held while the database could not be written are written now"
        );
        Ok(started.len() + ended.len())
    }

    /// Sets the most sessions the process holds while the database cannot take them
    /// (10,000 unless set); beyond, a sign-in fails as the write did.
    pub fn limit_held_sessions(&self, limit: usize) {
        self.held.set_limit(limit);
    }

    /// How many sessions the process holds because the database could not take them yet
    /// (started or ended while it could not be written).
    pub fn held_sessions(&self) -> usize {
        self.held.len()
    }

    /// Starts a session that ends once unused for `idle` (each [`Store::renew_session`]
    /// renews it) and [`SESSION_DAYS`] after it began in any case.
    pub async fn create_session_idle(
        &self,
        user: UserId,
        idle: std::time::Duration,
    ) -> Result<String, StoreError> {
        let token = hex(&GameRng::os_seed());
        let now = now_ms();
        let idle = i64::try_from(idle.as_millis()).unwrap_or(i64::MAX);
        let hash = sha256_hex(token.as_bytes());
        let expires = now.saturating_add(idle.min(SESSION_DAYS * 86_400_000));
        let insert = sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        );
        let q = insert.bind(&hash).bind(user.0).bind(now).bind(expires);
        let written = self.write_one(q).await;
        match written {
            Ok(()) => Ok(token),
            // The database cannot be written: the session is held by the process until it can
            // (a sign-in works while the disk is full).
            Err(e) if crate::write::is_database_failure(&e) => {
                let created = now;
                let session = crate::held::HeldSession {
                    user,
                    created,
                    expires,
                };
                if !self.held.start(hash, session) {
                    tracing::warn!(error = %e, "a new session cannot be held: as many as the limit are");
                    return Err(e);
                }
                tracing::warn!(error = %e, "a new session is held until the database takes writes");
                Ok(token)
            }
            Err(e) => Err(e),
        }
    }

    /// The user of a live session, which is renewed for `idle` more (never past
    /// [`SESSION_DAYS`] from its start; written at most once a minute).
    pub async fn renew_session(
        &self,
        token: &str,
        idle: std::time::Duration,
    ) -> Result<Option<User>, StoreError> {
        let Some((user, (created, expires))) = self.live_session(token).await? else {
            return Ok(None);
        };
        let now = now_ms();
        let until = now.saturating_add(i64::try_from(idle.as_millis()).unwrap_or(i64::MAX));
        // Most requests find nothing to renew: no write for them (the UPDATE below says the
        // same, for a session another request renewed meanwhile).
        let last = created.saturating_add(SESSION_DAYS * 86_400_000);
        if expires >= until.saturating_sub(60_000) || expires >= last {
            return Ok(Some(user));
        }
        let hash = sha256_hex(token.as_bytes());
        if self.held.get(&hash).is_some() {
            self.held.renew(&hash, until.min(last));
            return Ok(Some(user));
        }
        let renew = sqlx::query(
            "UPDATE sessions SET expires_at = CASE WHEN $1 < created_at + $2 THEN $1 ELSE created_at + $2 END \
             WHERE token_hash = $3 AND expires_at < $1 - 60000 AND expires_at < created_at + $2",
        );
        let q = renew
            .bind(until)
            .bind(SESSION_DAYS * 86_400_000)
            .bind(&hash);
        let renewed = self.write_one(q).await;
        match renewed {
            Ok(()) => {}
            // Not renewed while the database cannot be written: the session stays valid until
            // its expiry, and the next request renews it.
            Err(e) if crate::write::is_database_failure(&e) => {
                tracing::debug!(error = %e, "a session was not renewed");
            }
            Err(e) => return Err(e),
        }
        Ok(Some(user))
    }

    /// Ends a session (logout). While the database cannot be written the session ends in this
    /// process at once and is deleted once it can (`held.rs`).
    pub async fn end_session(&self, token: &str) -> Result<(), StoreError> {
        let hash = sha256_hex(token.as_bytes());
        let held = self.held.get(&hash).is_some();
        let deleted = self
            .write_one(sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(&hash))
            .await;
        match deleted {
            Ok(()) => {
                // A held session may be being written at this moment: it is deleted again
                // with the next held writes.
                self.held.end(&hash, held);
                Ok(())
            }
            Err(e) if crate::write::is_database_failure(&e) => {
                tracing::warn!(error = %e, "an ended session is held until the database takes writes");
                self.held.end(&hash, true);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// Refuses `name` if a user has it already, in any case (`Ada` and `ada` are one name).
async fn name_free(conn: &mut sqlx::AnyConnection, name: &str) -> Result<(), StoreError> {
    let taken = sqlx::query("SELECT id FROM users WHERE lower(name) = lower($1)")
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
    match taken {
        Some(_) => Err(StoreError::NameTaken(name.to_string())),
        None => Ok(()),
    }
}

/// A write refused by the unique index on user names as [`StoreError::NameTaken`] (the name
/// was taken between the check and the write); any other failure as it is.
fn name_taken(name: &str) -> impl FnOnce(sqlx::Error) -> StoreError + '_ {
    move |e| match e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            StoreError::NameTaken(name.to_string())
        }
        e => StoreError::Db(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules() {
        assert!(check_name("ada").is_ok());
        assert!(check_name("Zoë_2-x").is_ok());
        assert!(matches!(
            check_name("a"),
            Err(StoreError::InvalidName { .. })
        ));
        assert!(matches!(
            check_name("a b"),
            Err(StoreError::InvalidName { .. })
        ));
        assert!(check_name(&"x".repeat(25)).is_err());
    }

    #[test]
    fn password_hashes_are_argon2id_and_salted() {
        let a = hash_password("correct horse").unwrap();
        let b = hash_password("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b);
        assert!(verify_password("correct horse", &a));
        assert!(!verify_password("correct horsf", &a));
        assert!(!verify_password("x", "not a hash"));
    }
}
