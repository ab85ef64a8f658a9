//! The durable store: SQLite (the embedded default) or PostgreSQL, through sqlx.
//!
//! # Shape
//! [`Db`] is a pool on one of the two backends. Every command of the app runs
//! in one [`Tx`] (`db.begin()` … `tx.commit()`): the state change, the notices
//! it causes ([`Tx::enqueue_notice`]) and the deadlines it sets
//! ([`Tx::set_deadline`]) commit together or not at all. Dropping a `Tx`
//! without committing rolls it back.
//!
//! Each query is written once, with `$1, $2, …` placeholders that both
//! backends accept; only argument binding and column reading know the
//! backend (`store/sql.rs`). Instants are BIGINT Unix milliseconds (UTC) in
//! both databases and JSON values are TEXT, so one code path serves both.
//!
//! Every table has plain columns (BIGINT, TEXT, BOOLEAN) with the same
//! names on both backends, so an export is a table-by-table dump in key
//! order and an import (to either backend) the same rows inserted back.
//!
//! # Records
//! Each record type lives beside its queries (`store/games.rs` holds
//! [`GameRecord`] and the game queries, …); keys are newtypes
//! (`store/ids.rs`). A record that has a namesake in the core or the app
//! is called `…Record` ([`GameRecord`] beside `core::game::Game`). Values are
//! typed when read: words as `text_enum!` enums, JSON as its serde type
//! (an event's [`crate::core::regulation::Regulation`], a ruling's
//! measures, a game's clocks); only the JSON whose shape belongs to the app
//! (a notice's payload, a case's details, …) stays a `serde_json::Value`.
//! A row that cannot be read back is [`StoreError::Corrupt`], naming the
//! table and the row: never a default.
//!
//! # Races
//! * A write transaction on SQLite starts with `BEGIN IMMEDIATE`, so writers
//!   queue on the database lock (with a busy timeout) instead of failing on
//!   lock upgrade.
//! * Games carry a `version`; [`Tx::append_move`] and [`Tx::update_game`]
//!   update only the expected version and answer [`Conflict`] otherwise, so
//!   of two concurrent commands on one game exactly one wins. PostgreSQL's row
//!   lock makes the loser wait for the winner's commit and then fail cleanly.
//! * A [`Conflict`] leaves the transaction usable (conflicting INSERTs say
//!   `ON CONFLICT DO NOTHING`), but after any other error roll back: on
//!   PostgreSQL a failed statement aborts the transaction.
//! * Inbound platform ids ([`Tx::begin_inbound`]) make redelivered updates
//!   change nothing and get the original answer.
//! * A decision read from several rows and then written (a case's ruling,
//!   a player's leave allowance, the first administrator) takes a lock
//!   first ([`Tx::lock_case`], [`Tx::lock_player`],
//!   [`Tx::lock_registration`]): on PostgreSQL a row lock or an advisory
//!   lock, on SQLite nothing more than the write lock it already holds.
//! * Migrating is serialized: on SQLite in one `BEGIN IMMEDIATE`
//!   transaction, on PostgreSQL under sqlx's `pg_advisory_lock`, so several
//!   processes may start at once on a new database.
//!
//! # Wake-ups
//! Committing a transaction that wrote a deadline or a notice wakes this
//! process's scheduler or outbox worker ([`Db::wakers`]). Other processes on
//! the same PostgreSQL notice on their next poll (their idle sleep is capped).

// `sql` first: it defines the `text_enum!` and `args!` macros the others use.
mod sql;

mod arbiter;
mod archive;
mod audit;
mod backup;
mod calendar_feeds;
mod cases;
mod conditional;
mod db_size;
mod deadlines;
mod event_tables;
mod events;
mod follows;
mod game_threads;
mod games;
mod held_notices;
mod ids;
mod inbound;
mod invitations;
mod knockout;
mod leader;
mod leaves;
mod locks;
mod migrations;
mod move_reads;
mod my_games;
mod names;
mod notes;
mod ops_figures;
mod outbox;
mod platform_roles;
mod player_clock;
mod players;
mod postal;
mod profile;
mod rate_budget;
mod ratings;
mod removals;
mod retention;
mod role_chats;
mod server_keys;
mod teams;
mod touch_budget;
mod turn;
mod versions;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, Postgres};
use sqlx::sqlite::{
    Sqlite, SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use tokio::sync::Notify;

pub use arbiter::{ArbiterRequest, ClockAdjustment, SanctionKind, StoredAbsence};
pub use audit::AuditEntry;
pub use cases::{
    AppealRecord, AppealStatus, CaseNote, CaseRecord, CaseStatus, NewCaseRecord, RulingRecord,
};
pub use conditional::{ConditionalLine, LineStatus};
pub use deadlines::{Deadline, NewDeadline};
pub use event_tables::{Entrant, TableGame};
pub use events::{EntryRecord, EntryStatus, Event, EventStatus, NewEvent};
pub use follows::{Follow, FollowTarget, Followed, GameFollowers};
pub use game_threads::GameThread;
pub use games::{GameRecord, GameStatus, GameUpdate, MoveRow, NewGame};
pub use ids::{
    AccountId, AppealId, AuditId, CaseId, CaseNoteId, DeadlineId, EventId, GameId, LeaveId,
    NoticeId, PlayerId, RequestId, RulingId, TeamId,
};
pub use inbound::InboundState;
pub use knockout::KnockoutGame;
pub use leader::{LeaderRole, Leadership};
pub use leaves::{LeaveRecord, LeaveStatus, NewLeave};
use migrations::Embedded;
pub use move_reads::{AccountPlayer, CONFIRM_MOVES, MoveHead, NoticePrefs};
pub use my_games::PlayerGamesData;
pub use names::name_key;
pub use notes::{GameNote, NoteKind};
pub use ops_figures::OpsFigures;
pub use outbox::{NoticeRecipient, NoticeStatus, OutboxNotice};
pub use player_clock::ClockPrefs;
pub use players::{Account, NewPlayer, Platform, Player, Role, RoleGrant};
pub use postal::{PostalPly, StoredCard, StoredClaim, StoredImpossibleCard, StoredVariant};
pub use profile::{EventSettings, Orientation, PlayerSettings};
pub use rate_budget::{RateScope, SendSlot};
pub use ratings::{ImportRefusal, PublishedList, RatingChange, RatingLine};
pub use retention::Pruned;
use sql::{Mapper, QueryArg, bind_all};
pub use teams::{TeamLine, TeamMatchGame, TeamMember, TeamRecord};
pub use turn::{GameMessage, HeldMove};
pub use versions::Version;

/// The database used when DATABASE_URL is unset: a SQLite file beside the bot.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://corrbot.db";

/// Which database a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite, embedded.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// Why a change was refused because someone else changed the same thing first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    /// The game is no longer at the version the command read: another
    /// command changed it in between. The app re-reads the game and answers
    /// "it is not your turn" or "this move was already made".
    #[error("game {game_id} changed: expected version {expected}, found {found}")]
    GameChanged {
        /// The game.
        game_id: GameId,
        /// The version the command read.
        expected: i64,
        /// The version now stored.
        found: i64,
    },
    /// That move number already exists in the game.
    #[error("game {game_id} already has ply {ply}")]
    MoveExists {
        /// The game.
        game_id: GameId,
        /// The ply.
        ply: i64,
    },
    /// A unique record already exists (an account already linked, …).
    #[error("{what} already exists")]
    Duplicate {
        /// What kind of record.
        what: &'static str,
    },
}

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A concurrent change won; see [`Conflict`].
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The record does not exist.
    #[error("{what} {id} not found")]
    NotFound {
        /// What kind of record.
        what: &'static str,
        /// Its key.
        id: i64,
    },
    /// A stored row could not be read back: a value its type does not
    /// know, JSON that is not the stored type, an instant out of range.
    #[error("table {table}, row {id}: corrupt stored value")]
    Corrupt {
        /// The table.
        table: &'static str,
        /// The row's key: its `id`, or the key columns with their values.
        id: String,
        /// What is wrong, with the decoder's own error as its source.
        #[source]
        reason: Corruption,
    },
    /// A value could not be written as JSON.
    #[error("cannot store {what} as JSON")]
    Encode {
        /// What was written.
        what: &'static str,
        /// Why.
        #[source]
        source: serde_json::Error,
    },
    /// A dump was refused: not a corrbot dump of this schema, a target that
    /// is not empty, a value of the wrong type.
    #[error("restore refused: {0}")]
    Restore(String),
    /// The DATABASE_URL names no supported backend.
    #[error("unsupported database URL (want sqlite:// or postgres://): {0}")]
    UnsupportedUrl(String),
    /// The dump file could not be written or read.
    #[error("dump file: {0}")]
    DumpFile(#[source] std::io::Error),
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database was migrated by a newer corrbot: this older one must
    /// not run on it (it would not know the newer tables' rules).
    #[error(
        "the database's schema is version {database}, newer than this corrbot's {binary}: \
         run the newer corrbot on it (or restore a backup made before the upgrade)"
    )]
    SchemaTooNew {
        /// The newest migration applied to the database.
        database: i64,
        /// The newest migration this binary knows.
        binary: i64,
    },
    /// `corrbot backup` works on SQLite only.
    #[error(
        "corrbot backup copies SQLite databases; back up PostgreSQL with pg_dump \
         (see README, Deployment)"
    )]
    BackupNeedsSqlite,
}

/// What is wrong with a stored value (the source of [`StoreError::Corrupt`]).
#[derive(Debug, thiserror::Error)]
pub enum Corruption {
    /// A column coded as a word holds a word its type does not know.
    #[error("column {column}: unknown value {text:?}")]
    UnknownText {
        /// The column.
        column: String,
        /// What it holds.
        text: String,
    },
    /// A JSON column does not hold its type.
    #[error("column {column}: not the stored JSON type")]
    Json {
        /// The column.
        column: String,
        /// Why the JSON did not decode.
        #[source]
        source: serde_json::Error,
    },
    /// A number out of its type's range (an instant, a count).
    #[error("column {column}: {value} is out of range")]
    OutOfRange {
        /// The column.
        column: String,
        /// What it holds.
        value: i64,
    },
    /// A row that the transaction has just written is not there.
    #[error("the row just written is missing")]
    Missing,
}

/// Result of the store.
pub type StoreResult<T> = Result<T, StoreError>;

/// Tuning of a connection.
#[derive(Clone, Debug)]
pub struct DbOptions {
    /// Pool size.
    pub max_connections: u32,
    /// SQLite's `synchronous`: `true` for FULL (the default), `false` for NORMAL
    /// (in WAL mode NORMAL may lose the last commits on power loss, never
    /// consistency).
    pub sqlite_synchronous_full: bool,
    /// How long a SQLite writer waits for the lock.
    pub busy_timeout: Duration,
    /// PostgreSQL `search_path` (a schema per test); `None` for the default.
    pub pg_search_path: Option<String>,
}

impl Default for DbOptions {
    fn default() -> Self {
        Self {
            max_connections: 8,
            sqlite_synchronous_full: true,
            busy_timeout: Duration::from_secs(10),
            pg_search_path: None,
        }
    }
}

/// Wake-ups for this process's background workers.
#[derive(Debug, Default)]
pub struct Wakers {
    /// Notified after a commit that wrote a deadline.
    pub deadlines: Notify,
    /// Notified after a commit that wrote a notice.
    pub outbox: Notify,
    /// Counts this process's commits: the web pages' live updates wake on
    /// it at once (changes by other processes are found by polling).
    pub commits: tokio::sync::watch::Sender<u64>,
}

#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A connection pool on SQLite or PostgreSQL.
#[derive(Clone, Debug)]
pub struct Db {
    pool: Pool,
    wakers: Arc<Wakers>,
    /// SQLite's writers of this process take turns here, first come first
    /// served (see [`Db::begin`]).
    write_turn: Arc<tokio::sync::Mutex<()>>,
    /// How long a writer waits for its turn (SQLite's busy timeout).
    busy_timeout: Duration,
}

/// The SQLite file `url` names when it does not exist (`None` for an
/// existing file, an in-memory database or PostgreSQL): a reader such as
/// `corrbot web` must not create an empty database where the bot's is
/// expected.
pub fn missing_sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    if !url.starts_with("sqlite:") {
        return None;
    }
    let options = SqliteConnectOptions::from_str(url).ok()?;
    let file = options.get_filename();
    let in_memory = file.as_os_str().is_empty() || file.as_os_str() == ":memory:";
    (!in_memory && !url.contains("mode=memory") && !file.exists()).then(|| file.to_path_buf())
}

impl Db {
    /// Connects to `url` (`sqlite://file.db` or `postgres://…`), creating a
    /// SQLite file if missing (WAL, foreign keys, busy timeout).
    pub async fn connect(url: &str, options: &DbOptions) -> StoreResult<Self> {
        let pool = if url.starts_with("sqlite:") {
            let sync = if options.sqlite_synchronous_full {
                SqliteSynchronous::Full
            } else {
                SqliteSynchronous::Normal
            };
            let connect = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .foreign_keys(true)
                .busy_timeout(options.busy_timeout)
                .synchronous(sync);
            let pool = SqlitePoolOptions::new()
                .max_connections(options.max_connections)
                .connect_with(connect)
                .await?;
            Pool::Sqlite(pool)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let mut connect = PgConnectOptions::from_str(url)?;
            if let Some(path) = &options.pg_search_path {
                connect = connect.options([("search_path", path.as_str())]);
            }
            let pool = PgPoolOptions::new()
                .max_connections(options.max_connections)
                .connect_with(connect)
                .await?;
            Pool::Postgres(pool)
        } else {
            return Err(StoreError::UnsupportedUrl(url.to_owned()));
        };
        Ok(Self {
            pool,
            wakers: Arc::default(),
            write_turn: Arc::default(),
            busy_timeout: options.busy_timeout,
        })
    }

    /// A second pool of `max_connections` on the same database, sharing this
    /// one's wake-ups and SQLite write turn: the web pages read from it, so
    /// a crowd of readers never takes the connections the bot's commands
    /// need. Connections open on first use.
    pub fn sibling(&self, max_connections: u32) -> Self {
        let pool = match &self.pool {
            Pool::Sqlite(pool) => Pool::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(max_connections)
                    .connect_lazy_with((*pool.connect_options()).clone()),
            ),
            Pool::Postgres(pool) => Pool::Postgres(
                PgPoolOptions::new()
                    .max_connections(max_connections)
                    .connect_lazy_with((*pool.connect_options()).clone()),
            ),
        };
        Self {
            pool,
            wakers: self.wakers.clone(),
            write_turn: self.write_turn.clone(),
            busy_timeout: self.busy_timeout,
        }
    }

    /// Connects and applies the migrations: what the bot does at start.
    pub async fn open(url: &str, options: &DbOptions) -> StoreResult<Self> {
        let mut attempt: u64 = 0;
        loop {
            let opened = match Self::connect(url, options).await {
                Ok(db) => db.migrate().await.map(|()| db),
                Err(error) => Err(error),
            };
            match opened {
                // Two processes creating one new SQLite file at once: the
                // switch to WAL can answer "database is locked" at once
                // (SQLite's deadlock avoidance skips the busy timeout); the
                // file is ready a moment later.
                Err(error)
                    if url.starts_with("sqlite:")
                        && is_sqlite_busy(&error)
                        && attempt < OPEN_RETRIES =>
                {
                    attempt += 1;
                    tokio::time::sleep(std::time::Duration::from_millis(20 * attempt)).await;
                }
                opened => return opened,
            }
        }
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// This process's wake-ups (the scheduler and the outbox worker wait on them).
    pub fn wakers(&self) -> &Arc<Wakers> {
        &self.wakers
    }

    /// Applies the pending migrations of `migrations/<backend>/` (embedded in
    /// the binary): at start and by `corrbot migrate`. Several processes may
    /// do it at once: one migrates, the others wait and find it done.
    pub async fn migrate(&self) -> StoreResult<()> {
        self.refuse_newer_schema().await?;
        match &self.pool {
            Pool::Sqlite(pool) => {
                // One write transaction around all of it: a second process
                // starting at once waits (busy timeout), then finds the
                // migrations applied. sqlx nests each migration in a savepoint.
                // (`run_direct` takes the connection itself: `run` on a
                // transaction's connection trips a higher-ranked lifetime.)
                let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                Migrator::new(Embedded(migrations::SQLITE_MIGRATIONS))
                    .await?
                    .run_direct(&mut *tx)
                    .await?;
                tx.commit().await?;
            }
            Pool::Postgres(pool) => {
                // sqlx's migrator holds `pg_advisory_lock` while it migrates.
                Migrator::new(Embedded(migrations::POSTGRES_MIGRATIONS))
                    .await?
                    .run(pool)
                    .await?
            }
        }
        Ok(())
    }

    /// Starts a write transaction (`BEGIN IMMEDIATE` on SQLite).
    ///
    /// On SQLite, where there is one writer at a time, this process's
    /// writers first queue for their turn in arrival order (a fair lock held
    /// until the transaction ends), so a player's command waits for the
    /// transaction in hand, never behind a scheduler that begins its next
    /// transaction a microsecond after the last commit (SQLite's busy
    /// handler, which polls, would lose that race again and again). A writer
    /// that waits longer than the busy timeout for its turn goes on without
    /// it, as before (a transaction nested in another's would otherwise wait
    /// forever).
    pub async fn begin(&self) -> StoreResult<Tx> {
        let (inner, turn) = match &self.pool {
            Pool::Sqlite(pool) => {
                let turn = self.write_turn().await;
                let tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                (TxInner::Sqlite(tx), turn)
            }
            Pool::Postgres(pool) => (TxInner::Postgres(pool.begin().await?), None),
        };
        Ok(Tx {
            inner,
            wakers: self.wakers.clone(),
            wrote_deadline: false,
            wrote_notice: false,
            writes: true,
            _turn: turn,
        })
    }

    /// This process's turn to write on SQLite, or `None` after waiting the
    /// busy timeout for it.
    async fn write_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        let turn = self.write_turn.clone().lock_owned();
        tokio::time::timeout(self.busy_timeout, turn).await.ok()
    }

    /// Starts a transaction for reading (takes no write lock on SQLite).
    pub async fn read(&self) -> StoreResult<Tx> {
        let inner = match &self.pool {
            Pool::Sqlite(pool) => TxInner::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
        };
        Ok(Tx {
            inner,
            wakers: self.wakers.clone(),
            wrote_deadline: false,
            wrote_notice: false,
            writes: false,
            _turn: None,
        })
    }

    /// Runs one SQL statement outside any transaction (administration,
    /// tests, benchmarks); returns the number of rows it changed.
    pub async fn execute_raw(&self, sql: &str) -> StoreResult<u64> {
        let done = match &self.pool {
            Pool::Sqlite(pool) => sqlx::query(sql).execute(pool).await?.rows_affected(),
            Pool::Postgres(pool) => sqlx::query(sql).execute(pool).await?.rows_affected(),
        };
        Ok(done)
    }

    /// Gathers PostgreSQL's planner statistics of this schema's tables
    /// (`ANALYZE`) after a bulk load (an import, the simulator's history):
    /// without them, where autovacuum is off or has not come round yet, a
    /// player's games are estimated in the hundreds and `/games` reads every
    /// move of the database (≈ 200 ms at 100,000 games instead of a few).
    /// Nothing on SQLite, whose planner goes by the indexes.
    pub async fn analyze(&self) -> StoreResult<()> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(());
        };
        let sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()";
        let tables: Vec<(String,)> = sqlx::query_as(sql).fetch_all(pool).await?;
        for (table,) in tables {
            let sql = format!("ANALYZE \"{}\"", table.replace('"', "\"\""));
            sqlx::query(&sql).execute(pool).await?;
        }
        Ok(())
    }

    /// Closes the pool.
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }
}

enum TxInner {
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    Postgres(sqlx::Transaction<'static, Postgres>),
}

/// One transaction: everything a command changes, commits together.
pub struct Tx {
    inner: TxInner,
    wakers: Arc<Wakers>,
    wrote_deadline: bool,
    wrote_notice: bool,
    /// Begun by [`Db::begin`] (not [`Db::read`]).
    writes: bool,
    /// This process's turn to write on SQLite, held until the transaction ends.
    _turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

/// Runs `$body` with `$conn` bound to the transaction's connection, once per backend.
macro_rules! on_conn {
    ($tx:expr, $conn:ident => $body:expr) => {
        match &mut $tx.inner {
            TxInner::Sqlite(tx) => {
                let $conn = &mut **tx;
                $body
            }
            TxInner::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

// Declared after `on_conn!`, which it uses.
mod dump;
pub use dump::{DUMP_FORMAT, DUMP_TABLES, Dump};

impl Tx {
    /// Commits, then wakes the workers whose tables this transaction wrote.
    pub async fn commit(self) -> StoreResult<()> {
        match self.inner {
            TxInner::Sqlite(tx) => tx.commit().await?,
            TxInner::Postgres(tx) => tx.commit().await?,
        }
        if self.wrote_deadline {
            self.wakers.deadlines.notify_one();
        }
        if self.wrote_notice {
            self.wakers.outbox.notify_one();
        }
        if self.writes {
            self.wakers.commits.send_modify(|count| *count += 1);
        }
        Ok(())
    }

    /// Rolls back (dropping a `Tx` does the same).
    pub async fn rollback(self) -> StoreResult<()> {
        match self.inner {
            TxInner::Sqlite(tx) => tx.rollback().await?,
            TxInner::Postgres(tx) => tx.rollback().await?,
        }
        Ok(())
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        match self.inner {
            TxInner::Sqlite(_) => Backend::Sqlite,
            TxInner::Postgres(_) => Backend::Postgres,
        }
    }

    /// Runs one SQL statement without arguments in this transaction
    /// (benchmarks, administration); returns the number of rows it changed.
    pub async fn execute_raw(&mut self, sql: &str) -> StoreResult<u64> {
        on_conn!(self, conn => Ok(sqlx::query(sql).execute(conn).await?.rows_affected()))
    }

    /// Runs a statement; returns the number of rows it changed.
    pub(crate) async fn execute(&mut self, sql: &str, args: Vec<QueryArg>) -> StoreResult<u64> {
        on_conn!(self, conn => {
            let query = bind_all!(sqlx::query(sql), args);
            Ok(query.execute(conn).await?.rows_affected())
        })
    }

    /// Runs a query; maps every row.
    pub(crate) async fn fetch_all<T>(
        &mut self,
        sql: &'static str,
        args: Vec<QueryArg>,
        map: Mapper<T>,
    ) -> StoreResult<Vec<T>> {
        on_conn!(self, conn => {
            let rows = bind_all!(sqlx::query(sql), args).fetch_all(conn).await?;
            rows.iter().map(|row| map(row)).collect()
        })
    }

    /// Runs a query; maps the first row, if any.
    pub(crate) async fn fetch_optional<T>(
        &mut self,
        sql: &'static str,
        args: Vec<QueryArg>,
        map: Mapper<T>,
    ) -> StoreResult<Option<T>> {
        on_conn!(self, conn => {
            let row = bind_all!(sqlx::query(sql), args).fetch_optional(conn).await?;
            row.as_ref().map(|row| map(row)).transpose()
        })
    }

    /// Runs a query that returns one row; maps it.
    pub(crate) async fn fetch_one<T>(
        &mut self,
        sql: &'static str,
        args: Vec<QueryArg>,
        map: Mapper<T>,
    ) -> StoreResult<T> {
        on_conn!(self, conn => {
            let row = bind_all!(sqlx::query(sql), args).fetch_one(conn).await?;
            map(&row)
        })
    }

    /// Runs an INSERT … RETURNING id and returns the id. An INSERT that
    /// may meet a unique key says `ON CONFLICT DO NOTHING`: no row back is
    /// then [`Conflict::Duplicate`], and the transaction stays usable (on
    /// PostgreSQL a unique violation would abort it).
    pub(crate) async fn insert_returning_id(
        &mut self,
        what: &'static str,
        sql: &'static str,
        args: Vec<QueryArg>,
    ) -> StoreResult<i64> {
        let id = self.fetch_optional(sql, args, |row| row.int("id")).await;
        id.map_err(|e| unique_as(e, Conflict::Duplicate { what }))?
            .ok_or(StoreError::Conflict(Conflict::Duplicate { what }))
    }
}

/// How often [`Db::open`] tries again when a new SQLite file is busy.
const OPEN_RETRIES: u64 = 20;

/// Whether `error` is SQLite's "database is locked" (`SQLITE_BUSY` and its
/// extended codes).
fn is_sqlite_busy(error: &StoreError) -> bool {
    match error {
        StoreError::Database(sqlx::Error::Database(db)) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(|code| code & 0xff == 5),
        _ => false,
    }
}

/// Turns a unique-key violation into `conflict`; passes other errors on.
pub(crate) fn unique_as(error: StoreError, conflict: Conflict) -> StoreError {
    match &error {
        StoreError::Database(sqlx::Error::Database(db))
            if db.kind() == sqlx::error::ErrorKind::UniqueViolation =>
        {
            StoreError::Conflict(conflict)
        }
        _ => error,
    }
}
