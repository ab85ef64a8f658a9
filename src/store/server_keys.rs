//! The installation's own secrets (`server_keys`, migration 0024): made
//! once by the first process that needs one and read by every other, so
//! that several processes on one database sign and check alike. They are
//! not part of a dump: a restored database makes new ones (links signed
//! before it stop working, which is the safe side).

use super::sql::args;
use super::{StoreResult, Tx};

impl Tx {
    /// The secret stored under `name`; `candidate` is stored and returned
    /// when there is none yet. Two processes racing store one of theirs
    /// and both read that one.
    pub async fn server_key(&mut self, name: &str, candidate: &str) -> StoreResult<String> {
        let sql = "INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING";
        self.execute(sql, args![name, candidate]).await?;
        let sql = "SELECT value FROM server_keys WHERE name = $1";
        self.fetch_one(sql, args![name], |row| row.text("value"))
            .await
    }
}
