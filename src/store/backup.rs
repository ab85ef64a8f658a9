//! Backups and the schema guard: an online, consistent copy of a SQLite
//! database (`corrbot backup FILE`), and the refusal to run an older
//! corrbot on a database a newer one has migrated.

use std::path::Path;

use super::migrations::{EmbeddedList, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use super::{Db, Pool, StoreError, StoreResult};

impl Db {
    /// Writes a consistent copy of this SQLite database to `path` while the
    /// bot runs (`VACUUM INTO`: one read transaction, so the copy is the
    /// database at one instant; writers are not blocked under WAL). The
    /// file must not exist yet. PostgreSQL is backed up with `pg_dump`.
    pub async fn backup_into(&self, path: &Path) -> StoreResult<()> {
        let Pool::Sqlite(pool) = &self.pool else {
            return Err(StoreError::BackupNeedsSqlite);
        };
        let target = path.to_string_lossy().into_owned();
        sqlx::query("VACUUM INTO ?")
            .bind(target)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// The newest migration applied to the database (`None`: none yet, or
    /// no migrations table) and the newest this binary embeds.
    pub async fn schema_versions(&self) -> StoreResult<(Option<i64>, i64)> {
        let sql = "SELECT MAX(version) FROM _sqlx_migrations";
        let newest = |list: EmbeddedList| list.last().map_or(0, |(version, _, _)| *version);
        let (applied, binary) = match &self.pool {
            Pool::Sqlite(pool) => (
                sqlx::query_scalar::<_, Option<i64>>(sql)
                    .fetch_one(pool)
                    .await,
                newest(SQLITE_MIGRATIONS),
            ),
            Pool::Postgres(pool) => (
                sqlx::query_scalar::<_, Option<i64>>(sql)
                    .fetch_one(pool)
                    .await,
                newest(POSTGRES_MIGRATIONS),
            ),
        };
        match applied {
            Ok(applied) => Ok((applied, binary)),
            Err(sqlx::Error::Database(_)) => Ok((None, binary)),
            Err(error) => Err(error.into()),
        }
    }

    /// Refuses a database migrated by a newer corrbot: its newest applied
    /// migration is newer than the newest this binary embeds.
    pub(super) async fn refuse_newer_schema(&self) -> StoreResult<()> {
        match self.schema_versions().await? {
            (Some(database), binary) if database > binary => {
                Err(StoreError::SchemaTooNew { database, binary })
            }
            _ => Ok(()),
        }
    }
}
