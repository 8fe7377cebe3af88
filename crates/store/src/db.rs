//! Opening the database: SQLite (a file, WAL, `synchronous=FULL`, or in memory) or PostgreSQL,
//! with the schema's migrations applied.

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::AnyPool;

use crate::StoreError;

/// The schema's migrations, oldest first: version, description, and the SQL for SQLite and for
/// PostgreSQL (`migrations/sqlite/` and `migrations/postgres/`, one file per version in each,
/// named `<version>_<description>.sql`, the description's spaces written as underscores). A new
/// migration is a file in each folder and a line here; a test checks that this list and the
/// folders agree. A migration once released is never edited: databases record its checksum.
///
/// The migrations are embedded with `include_str!` and assembled at run time rather than by
/// `sqlx::migrate!`, whose proc macro compiles both database drivers a second time for the host
/// (`sqlx-macros-core`). They are the same migrations: sqlx records each one's version and the
/// SHA-384 of its SQL, which `Migration::new` computes just as the macro did, so databases
/// created before the change open and migrate as before.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "initial",
        include_str!("../migrations/sqlite/0001_initial.sql"),
        include_str!("../migrations/postgres/0001_initial.sql"),
    ),
    (
        2,
        "journal marks",
        include_str!("../migrations/sqlite/0002_journal_marks.sql"),
        include_str!("../migrations/postgres/0002_journal_marks.sql"),
    ),
    (
        3,
        "names unique in any case",
        include_str!("../migrations/sqlite/0003_names_unique_in_any_case.sql"),
        include_str!("../migrations/postgres/0003_names_unique_in_any_case.sql"),
    ),
    (
        4,
        "seed parts",
        include_str!("../migrations/sqlite/0004_seed_parts.sql"),
        include_str!("../migrations/postgres/0004_seed_parts.sql"),
    ),
    (
        5,
        "nodes and leases",
        include_str!("../migrations/sqlite/0005_nodes_and_leases.sql"),
        include_str!("../migrations/postgres/0005_nodes_and_leases.sql"),
    ),
    (
        6,
        "table creators",
        include_str!("../migrations/sqlite/0006_table_creators.sql"),
        include_str!("../migrations/postgres/0006_table_creators.sql"),
    ),
    (
        7,
        "hand begin keys",
        include_str!("../migrations/sqlite/0007_hand_begin_keys.sql"),
        include_str!("../migrations/postgres/0007_hand_begin_keys.sql"),
    ),
    (
        8,
        "void reasons",
        include_str!("../migrations/sqlite/0008_void_reasons.sql"),
        include_str!("../migrations/postgres/0008_void_reasons.sql"),
    ),
    (
        9,
        "transcripts",
        include_str!("../migrations/sqlite/0009_transcripts.sql"),
        include_str!("../migrations/postgres/0009_transcripts.sql"),
    ),
    (
        10,
        "save order",
        include_str!("../migrations/sqlite/0010_save_order.sql"),
        include_str!("../migrations/postgres/0010_save_order.sql"),
    ),
    (
        11,
        "tournaments",
        include_str!("../migrations/sqlite/0011_tournaments.sql"),
        include_str!("../migrations/postgres/0011_tournaments.sql"),
    ),
    (
        12,
        "tournament steps",
        include_str!("../migrations/sqlite/0012_tournament_steps.sql"),
        include_str!("../migrations/postgres/0012_tournament_steps.sql"),
    ),
    (
        13,
        "tournament cancel asked",
        include_str!("../migrations/sqlite/0013_tournament_cancel_asked.sql"),
        include_str!("../migrations/postgres/0013_tournament_cancel_asked.sql"),
    ),
    (
        14,
        "tournament results",
        include_str!("../migrations/sqlite/0014_tournament_results.sql"),
        include_str!("../migrations/postgres/0014_tournament_results.sql"),
    ),
];

/// The migrator for `kind`'s flavour of the schema.
fn migrator(kind: DbKind) -> Migrator {
    let migrations = MIGRATIONS
        .iter()
        .map(|&(version, description, sqlite, postgres)| {
            let sql = match kind {
                DbKind::Sqlite => sqlite,
                DbKind::Postgres => postgres,
            };
            // As sqlx does for a migration file: this first line opts out of the transaction.
            let no_tx = sql.starts_with("-- no-transaction");
            Migration::new(
                version,
                Cow::Borrowed(description),
                MigrationType::Simple,
                Cow::Borrowed(sql),
                no_tx,
            )
        })
        .collect::<Vec<_>>();
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    /// An embedded SQLite database.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

impl DbKind {
    /// `sqlite` or `postgres`.
    pub fn name(self) -> &'static str {
        match self {
            DbKind::Sqlite => "sqlite",
            DbKind::Postgres => "postgres",
        }
    }
}

/// The card room's database. Clones share one connection pool.
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    kind: DbKind,
    /// SQLite: the most pages the database may grow to (0: no limit), applied to every
    /// connection the pool opens.
    max_pages: Arc<AtomicI64>,
    /// Whether writes succeed (see `write.rs`).
    pub(crate) health: Arc<crate::WriteHealth>,
    /// SQLite: hands are recorded by group commit.
    pub(crate) batcher: Option<crate::commit::Batcher>,
    /// Sessions started or ended while the database could not be written (`held.rs`).
    pub(crate) held: Arc<crate::held::HeldSessions>,
}

impl Store {
    /// Opens (creating if needed) the database at `url` and applies the migrations:
    /// `sqlite:/path/tavolo.db`, `sqlite::memory:` or `postgres://user:pw@host/db`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let kind = if url.starts_with("sqlite:") {
            DbKind::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            DbKind::Postgres
        } else {
            return Err(StoreError::UnsupportedUrl(url.to_string()));
        };
        let max_pages = Arc::new(AtomicI64::new(0));
        let pages = max_pages.clone();
        let pool = match kind {
            DbKind::Sqlite => {
                let mut url = url.to_string();
                if !url.contains(":memory:") && !url.contains("mode=") {
                    url.push_str(if url.contains('?') {
                        "&mode=rwc"
                    } else {
                        "?mode=rwc"
                    });
                }
                // One connection: SQLite has one writer anyway, and a single connection keeps
                // an in-memory database one database and rules out lock upgrades failing.
                AnyPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(move |conn, _| {
                        let pages = pages.load(Ordering::Relaxed);
                        Box::pin(async move {
                            use sqlx::Executor;
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = FULL").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            conn.execute("PRAGMA busy_timeout = 10000").await?;
                            if pages > 0 {
                                conn.execute(format!("PRAGMA max_page_count = {pages}").as_str())
                                    .await?;
                            }
                            Ok(())
                        })
                    })
                    .connect(&url)
                    .await?
            }
            DbKind::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(30))
                    .connect(url)
                    .await?
            }
        };
        let migrator = migrator(kind);
        if let Err(e) = migrator.run(&pool).await {
            // A database that refuses writes (PostgreSQL with `default_transaction_read_only`,
            // a full disk) fails even the migrator's bookkeeping when nothing is to be applied.
            // A schema already up to date opens anyway: the room starts read-only on it.
            if !schema_is_current(&pool, &migrator).await {
                return Err(e.into());
            }
            tracing::warn!(error = %e, "the schema is up to date, but the database refuses writes");
        }
        let health = Arc::new(crate::WriteHealth::default());
        let batcher = (kind == DbKind::Sqlite)
            .then(|| crate::commit::Batcher::start(pool.clone(), health.clone()));
        Ok(Store {
            pool,
            kind,
            max_pages,
            health,
            batcher,
            held: Arc::default(),
        })
    }

    /// Creates an empty database with a fresh random name on the PostgreSQL server `url` points
    /// at (which must allow `CREATE DATABASE`) and returns its URL: for tests and trials.
    ///
    /// Its name carries the hour it was made (`tavolo_test_{unix hours}_{random}`), and the
    /// databases made more than a day ago (`FRESH_DATABASES_KEPT_HOURS`) that nobody is connected
    /// to are dropped first: a test's database stays to be looked into after it fails, and a
    /// developer's server does not fill up (it held 6.3 GB after a day of test runs).
    pub async fn fresh_postgres_database(url: &str) -> Result<String, StoreError> {
        use sqlx::Connection;
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(StoreError::UnsupportedUrl(url.to_string()));
        }
        let mut admin = sqlx::PgConnection::connect(url).await?;
        let hour = crate::now_ms().max(0) / 3_600_000;
        drop_expired_test_databases(&mut admin, hour).await;
        let name = format!(
            "{TEST_DATABASE_PREFIX}{hour}_{}",
            crate::hex(&tavolo_cards::GameRng::os_seed()[..6])
        );
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await?;
        admin.close().await?;
        let (base, query) = match url.split_once('?') {
            Some((b, q)) => (b, format!("?{q}")),
            None => (url, String::new()),
        };
        let server = base.rsplit_once('/').map_or(base, |(s, _)| s);
        Ok(format!("{server}/{name}{query}"))
    }

    /// Makes the PostgreSQL database `url` names refuse writes (`refuse`), or take them again,
    /// for every connection opened from now on (`default_transaction_read_only`): how the
    /// tests make a database that cannot be written. Needs the right to alter the database.
    pub async fn postgres_refuse_writes(url: &str, refuse: bool) -> Result<(), StoreError> {
        use sqlx::{Connection, Row};
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(StoreError::UnsupportedUrl(url.to_string()));
        }
        let mut conn = sqlx::PgConnection::connect(url).await?;
        sqlx::query("SET default_transaction_read_only = off")
            .execute(&mut conn)
            .await?;
        let name: String = sqlx::query("SELECT current_database() AS d")
            .fetch_one(&mut conn)
            .await?
            .try_get("d")?;
        let on = if refuse { "on" } else { "off" };
        sqlx::query(&format!(
            "ALTER DATABASE \"{}\" SET default_transaction_read_only = {on}",
            name.replace('"', "\"\"")
        ))
        .execute(&mut conn)
        .await?;
        conn.close().await?;
        Ok(())
    }

    /// Opens `tavolo.db` in `dir` (created if missing).
    pub async fn open_in_dir(dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Db(sqlx::Error::Io(e)))?;
        let path = dir.join("tavolo.db");
        Store::open(&format!("sqlite:{}", path.display())).await
    }

    /// The database this store runs on.
    pub fn kind(&self) -> DbKind {
        self.kind
    }

    /// For SQLite, the journal mode and the `synchronous` level (2 = FULL) the connection runs
    /// with; `None` on PostgreSQL.
    pub async fn sqlite_settings(&self) -> Result<Option<(String, i64)>, StoreError> {
        use sqlx::Row;
        if self.kind != DbKind::Sqlite {
            return Ok(None);
        }
        let mut conn = self.pool.acquire().await?;
        let mode: String = sqlx::query("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        let sync: i64 = sqlx::query("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        Ok(Some((mode, sync)))
    }

    /// SQLite: caps the database at `pages` pages (`None`: no cap; a database never shrinks
    /// below its size by this), for every connection now and later. A write that would grow the
    /// database past the cap fails as a full disk does — which is how the tests make the disk
    /// "full" without mounting anything. Returns the pages in use.
    pub async fn limit_sqlite_pages(&self, pages: Option<i64>) -> Result<i64, StoreError> {
        use sqlx::Row;
        if self.kind != DbKind::Sqlite {
            return Ok(0);
        }
        let mut conn = self.pool.acquire().await?;
        let used: i64 = sqlx::query("PRAGMA page_count")
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        let cap = pages.unwrap_or(0).max(0);
        self.max_pages.store(cap, Ordering::Relaxed);
        // SQLite's own default maximum when uncapped.
        let set = if cap > 0 { cap } else { 4_294_967_294 };
        sqlx::query(&format!("PRAGMA max_page_count = {set}"))
            .execute(&mut *conn)
            .await?;
        Ok(used)
    }

    /// Closes the pool, waiting for connections to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Whether every migration of `migrator` is recorded as applied (by version and checksum).
async fn schema_is_current(pool: &AnyPool, migrator: &Migrator) -> bool {
    use sqlx::Row;
    let Ok(rows) = sqlx::query("SELECT version, checksum FROM _sqlx_migrations WHERE success")
        .fetch_all(pool)
        .await
    else {
        return false;
    };
    let applied: Vec<(i64, Vec<u8>)> = rows
        .iter()
        .filter_map(|r| Some((r.try_get("version").ok()?, r.try_get("checksum").ok()?)))
        .collect();
    migrator.iter().all(|m| {
        applied
            .iter()
            .any(|(v, c)| *v == m.version && c.as_slice() == &*m.checksum)
    })
}

impl FromStr for DbKind {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<DbKind, StoreError> {
        match s {
            "sqlite" => Ok(DbKind::Sqlite),
            "postgres" => Ok(DbKind::Postgres),
            _ => Err(StoreError::UnsupportedUrl(s.to_string())),
        }
    }
}

/// What the names of [`Store::fresh_postgres_database`]'s databases begin with.
const TEST_DATABASE_PREFIX: &str = "tavolo_test_";

/// How long a test database is kept for a look after its test (hours).
const FRESH_DATABASES_KEPT_HOURS: i64 = 24;

/// The hour a test database named `name` was made, if it is one.
fn test_database_hour(name: &str) -> Option<i64> {
    let rest = name.strip_prefix(TEST_DATABASE_PREFIX)?;
    let (hour, random) = rest.split_once('_')?;
    (!random.is_empty() && random.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| hour.parse().ok())
        .flatten()
}

/// Drops the test databases made more than [`FRESH_DATABASES_KEPT_HOURS`] before `hour`. One
/// still in use (a test running for a day) refuses to be dropped and stays; no failure here
/// stops a test from getting its database.
async fn drop_expired_test_databases(admin: &mut sqlx::PgConnection, hour: i64) {
    use sqlx::Row;
    let Ok(rows) =
        sqlx::query("SELECT datname FROM pg_database WHERE datname LIKE 'tavolo\\_test\\_%'")
            .fetch_all(&mut *admin)
            .await
    else {
        return;
    };
    for row in rows {
        let Ok(name) = row.try_get::<String, _>("datname") else {
            continue;
        };
        let expired =
            test_database_hour(&name).is_some_and(|made| hour - made > FRESH_DATABASES_KEPT_HOURS);
        if expired {
            if let Err(e) = sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
                .execute(&mut *admin)
                .await
            {
                tracing::debug!(database = %name, error = %e, "an old test database stays");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test database's name says the hour it was made; no other database's name does, so
    /// no other database is ever dropped as an old test database.
    #[test]
    fn only_a_test_databases_name_gives_the_hour_it_was_made() {
        assert_eq!(
            test_database_hour("tavolo_test_493519_0a1b2c3d4e5f"),
            Some(493519)
        );
        for other in [
            "tavolo",
            "postgres",
            "tavolo_test_0a1b2c3d4e5f",
            "tavolo_test_493519_",
            "tavolo_test_493519_x; DROP TABLE users",
            "tavolo_test__0a1b",
            "other_test_493519_0a1b",
        ] {
            assert_eq!(test_database_hour(other), None, "{other}");
        }
    }

    /// `MIGRATIONS` holds exactly the files in `migrations/`, and each migration has the
    /// version, description, type, flag and checksum sqlx derives from the file itself — the
    /// ones `sqlx::migrate!` embedded and databases record.
    #[tokio::test]
    async fn migrations_match_the_migration_folders() {
        for kind in [DbKind::Sqlite, DbKind::Postgres] {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(kind.name());
            let from_files = Migrator::new(dir).await.unwrap();
            let ours = migrator(kind);
            let describe = |m: &Migrator| {
                m.iter()
                    .map(|m| {
                        (
                            m.version,
                            m.description.to_string(),
                            m.migration_type,
                            m.sql.to_string(),
                            m.no_tx,
                            m.checksum.to_vec(),
                        )
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(describe(&ours), describe(&from_files), "{}", kind.name());
        }
    }

    /// A released migration is never edited (databases that ran it record its checksum and
    /// would refuse to open): the SHA-384 of each, pinned. A new migration adds its line here.
    #[test]
    fn released_migrations_keep_their_checksums() {
        const PINNED: &[(DbKind, i64, &str)] = &[
            (DbKind::Sqlite, 1, "56f6d12f8c0482f5db3ee310435109a0b6b577fb6748bbaed22aea8febc6c23e1bcd73600e9d2fe41f865637cbf8fe0f"),
            (DbKind::Postgres, 1, "dc78b9cd81870a37c62fc39057e97f297915a9100dbe7db49a01f114ebe9f88baecaf55b62f8e3aa30c6ff523d660ac6"),
            (DbKind::Sqlite, 2, "9d35124c7495053ced2510e8609a9b7e8c9923705162e0de50c05267f2d158b309b88903660ac3e1d50d1d2fcb41a037"),
            (DbKind::Postgres, 2, "9d35124c7495053ced2510e8609a9b7e8c9923705162e0de50c05267f2d158b309b88903660ac3e1d50d1d2fcb41a037"),
            (DbKind::Sqlite, 3, "d07c8dd1890bb6a9b3f807a425cd73eb4d14fcdd0e2c9167cbfac1f78d8ed70e0dfa3bce5f7b5383940aef0d6aefb519"),
            (DbKind::Postgres, 3, "d07c8dd1890bb6a9b3f807a425cd73eb4d14fcdd0e2c9167cbfac1f78d8ed70e0dfa3bce5f7b5383940aef0d6aefb519"),
            (DbKind::Sqlite, 4, "6da624830420450533e054443749534ecd422aa804ea92643ec1f6a9db4dec3665040b5bb27b5b88c5f1f7be86a54370"),
            (DbKind::Postgres, 4, "6da624830420450533e054443749534ecd422aa804ea92643ec1f6a9db4dec3665040b5bb27b5b88c5f1f7be86a54370"),
            (DbKind::Sqlite, 5, "40db8a35a4835794aa27e41f9eaf2a186caf2ca798313f810599f2195b1b4e6a43022385d8c7387912524d4986e7cf9e"),
            (DbKind::Postgres, 5, "40db8a35a4835794aa27e41f9eaf2a186caf2ca798313f810599f2195b1b4e6a43022385d8c7387912524d4986e7cf9e"),
            (DbKind::Sqlite, 6, "ac01f1f3583dcd3cf50a370926ef1dc6da0dfae0c6f693b5b142302a63e02e025ad14f928de4194e209902cb052f4b69"),
            (DbKind::Postgres, 6, "ac01f1f3583dcd3cf50a370926ef1dc6da0dfae0c6f693b5b142302a63e02e025ad14f928de4194e209902cb052f4b69"),
            (DbKind::Sqlite, 7, "10782581943026428648d737b39a82b515efcc6885511803b93b11a691bd29390f39265a14326dc216f7e99b5442b733"),
            (DbKind::Postgres, 7, "10782581943026428648d737b39a82b515efcc6885511803b93b11a691bd29390f39265a14326dc216f7e99b5442b733"),
            (DbKind::Sqlite, 8, "470791b5c3aa436acfd3f894b8623b8ccfbd97fde03ae17b5815b0a218181a630c64e51e281cf0dd928ef68f767cc1d6"),
            (DbKind::Postgres, 8, "470791b5c3aa436acfd3f894b8623b8ccfbd97fde03ae17b5815b0a218181a630c64e51e281cf0dd928ef68f767cc1d6"),
            (DbKind::Sqlite, 9, "9dbc2926cf281119017af148ff93aaeb6b42dc04fd5153380e05d777e64dd347a54dc56edea77dab47525911bc674418"),
            (DbKind::Postgres, 9, "9dbc2926cf281119017af148ff93aaeb6b42dc04fd5153380e05d777e64dd347a54dc56edea77dab47525911bc674418"),
            (DbKind::Sqlite, 10, "1ff19eb2c30d53a50a6174d563cafad871e90cf46541d53f2c41828b6b95879b7ea746957303bc2e9fae295d79cc5378"),
            (DbKind::Postgres, 10, "1ff19eb2c30d53a50a6174d563cafad871e90cf46541d53f2c41828b6b95879b7ea746957303bc2e9fae295d79cc5378"),
            (DbKind::Sqlite, 11, "17ce8c23b9e4efb5bea500398e9152a035005a22c0bb02504be87387134041cd43d3020c25373f657b6e745cb35246e4"),
            (DbKind::Postgres, 11, "17ce8c23b9e4efb5bea500398e9152a035005a22c0bb02504be87387134041cd43d3020c25373f657b6e745cb35246e4"),
            (DbKind::Sqlite, 12, "9066ec5d832ac524bcc2fbe26d9e0a1812798e31c610e3b51d0bba4848e3a93db8e829d5be5a6158f5b80925c3625b26"),
            (DbKind::Postgres, 12, "9066ec5d832ac524bcc2fbe26d9e0a1812798e31c610e3b51d0bba4848e3a93db8e829d5be5a6158f5b80925c3625b26"),
            (DbKind::Sqlite, 13, "5c5ffb6d77de2d11f0c06b7655eb3a3f6b1b2ceffd1f29ee280582ee4f2942b4a7707b28902cc3cde1c930bdcf2249ac"),
            (DbKind::Postgres, 13, "5c5ffb6d77de2d11f0c06b7655eb3a3f6b1b2ceffd1f29ee280582ee4f2942b4a7707b28902cc3cde1c930bdcf2249ac"),
            (DbKind::Sqlite, 14, "cf5cffdd6f88b9f7ff8f37f06a8c805dbf2ffe18765472eecd47456d9465fa352cb8b92b6e5c2f1e51cc4bd0486300b0"),
            (DbKind::Postgres, 14, "cf5cffdd6f88b9f7ff8f37f06a8c805dbf2ffe18765472eecd47456d9465fa352cb8b92b6e5c2f1e51cc4bd0486300b0"),
        ];
        for kind in [DbKind::Sqlite, DbKind::Postgres] {
            let ours = migrator(kind);
            let got: Vec<(i64, String)> = ours
                .iter()
                .map(|m| (m.version, crate::hex(&m.checksum)))
                .collect();
            let pinned: Vec<(i64, String)> = PINNED
                .iter()
                .filter(|p| p.0 == kind)
                .map(|p| (p.1, p.2.to_string()))
                .collect();
            assert_eq!(got, pinned, "{}", kind.name());
        }
    }
}
