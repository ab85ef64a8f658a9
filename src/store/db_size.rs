//! The database's size on disk (the simulation's report).

use super::sql::args;
use super::{Backend, StoreResult, Tx};

impl Tx {
    /// Bytes the database takes: SQLite's pages; on PostgreSQL the tables of
    /// the current schema with their indexes and TOAST.
    pub async fn database_bytes(&mut self) -> StoreResult<i64> {
        let sql = match self.backend() {
            Backend::Sqlite => {
                "SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()"
            }
            Backend::Postgres => {
                "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::BIGINT AS n \
                 FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace \
                 WHERE s.nspname = current_schema() AND c.relkind = 'r'"
            }
        };
        self.fetch_one(sql, args![], |row| row.int("n")).await
    }
}
