//! Test databases: a fresh SQLite file, or a fresh PostgreSQL schema on
//! `TEST_DATABASE_URL`, each migrated and removed at the end of the test,
//! and [`on_both`], which runs a test on each.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use corrbot::store::{Db, DbOptions};

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique_suffix() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{}_{n}_{nanos}", std::process::id())
}

/// A migrated test database, removed by [`TestDb::finish`].
pub struct TestDb {
    /// The store on it.
    pub db: Db,
    url: String,
    options: DbOptions,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(PathBuf),
    Postgres { admin_url: String, schema: String },
}

impl TestDb {
    /// A fresh SQLite file in the temporary directory.
    pub async fn sqlite() -> Self {
        let path = std::env::temp_dir().join(format!("corrbot_test_{}.db", unique_suffix()));
        let url = format!("sqlite://{}", path.display());
        let options = DbOptions {
            max_connections: 4,
            ..DbOptions::default()
        };
        let db = Db::open(&url, &options).await.expect("open sqlite");
        Self {
            db,
            url,
            options,
            cleanup: Cleanup::Sqlite(path),
        }
    }

    /// A fresh schema on `TEST_DATABASE_URL`, or `None` when it is unset.
    pub async fn postgres() -> Option<Self> {
        let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
            eprintln!(
                "notice: TEST_DATABASE_URL is unset; skipping the PostgreSQL run of this test"
            );
            return None;
        };
        let schema = format!("t_{}", unique_suffix());
        let admin = Db::connect(
            &admin_url,
            &DbOptions {
                max_connections: 1,
                ..DbOptions::default()
            },
        )
        .await
        .expect("connect to TEST_DATABASE_URL");
        admin
            .execute_raw(&format!("CREATE SCHEMA {schema}"))
            .await
            .expect("create schema");
        admin.close().await;
        let options = DbOptions {
            max_connections: 4,
            pg_search_path: Some(schema.clone()),
            ..DbOptions::default()
        };
        let db = Db::open(&admin_url, &options)
            .await
            .expect("open postgres schema");
        Some(Self {
            db,
            url: admin_url.clone(),
            options,
            cleanup: Cleanup::Postgres { admin_url, schema },
        })
    }

    /// Another pool on the same database (another "process").
    pub async fn connect_again(&self) -> Db {
        Db::connect(&self.url, &self.options)
            .await
            .expect("connect again")
    }

    /// Closes the pool and removes the database.
    pub async fn finish(self) {
        self.db.close().await;
        match &self.cleanup {
            Cleanup::Sqlite(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let mut file = path.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
            }
            Cleanup::Postgres { admin_url, schema } => {
                let options = DbOptions {
                    max_connections: 1,
                    ..DbOptions::default()
                };
                let admin = Db::connect(admin_url, &options)
                    .await
                    .expect("connect for cleanup");
                admin
                    .execute_raw(&format!("DROP SCHEMA {schema} CASCADE"))
                    .await
                    .expect("drop schema");
                admin.close().await;
            }
        }
    }
}

/// Runs a test body on `test_db`, removes the database even when the body
/// panics, then passes the panic on.
pub async fn run_on<F, Fut>(test_db: TestDb, body: F)
where
    F: FnOnce(std::sync::Arc<TestDb>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let test_db = std::sync::Arc::new(test_db);
    let outcome = tokio::spawn(body(test_db.clone())).await;
    let Ok(test_db) = std::sync::Arc::try_unwrap(test_db) else {
        panic!("the test body kept its database");
    };
    test_db.finish().await;
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

/// Runs each named `async fn(&TestDb)` as a test on SQLite and on PostgreSQL
/// (`sqlite::NAME` and `postgres::NAME`; the latter returns at once when
/// `TEST_DATABASE_URL` is unset). Use it at the end of a test module:
/// `on_both!(first_test, second_test);`.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let test_db = $crate::support::db::TestDb::sqlite().await;
                    $crate::support::db::run_on(test_db, |t| async move { super::$name(&t).await })
                        .await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(test_db) = $crate::support::db::TestDb::postgres().await else {
                        return;
                    };
                    $crate::support::db::run_on(test_db, |t| async move { super::$name(&t).await })
                        .await;
                }
            )*
        }
    };
}
pub(crate) use on_both;

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A new player named `name` (Ukrainian, Ukrainian notation), created at `at`.
pub async fn new_player(
    tx: &mut corrbot::store::Tx,
    name: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> corrbot::store::Player {
    let new = corrbot::store::NewPlayer {
        display_name: name.into(),
        language: "uk".into(),
        notation: "ukrainian".into(),
        at,
    };
    tx.create_player(&new).await.expect("create player")
}

/// What `corrbot export` writes for `db` (every row and column of every
/// table), as text: a secret must be in none of it.
pub async fn exported(db: &Db) -> String {
    let mut bytes = Vec::new();
    db.dump_to(&mut bytes).await.expect("export");
    String::from_utf8(bytes).expect("an export is UTF-8")
}
