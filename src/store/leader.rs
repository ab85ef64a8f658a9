//! Leadership among the processes on one database: exactly one holds a
//! role (Telegram's long polling) at a time. On PostgreSQL the holder keeps
//! a session advisory lock on a connection of its own, taken out of the
//! pool; when the process dies its connection closes and the lock is free
//! at once for the next process that asks. On SQLite there is one process
//! per database file, so the role is always granted.
//!
//! The lock's key is the role and the schema (`current_schema()`), so
//! installations that share a PostgreSQL database in separate schemas (and
//! tests) do not wait for each other.

use sqlx::{Connection, PgConnection};

use super::{Db, Pool, StoreResult};

/// The roles one process at a time may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderRole {
    /// Telegram long polling (`getUpdates`): Telegram allows one poller.
    TelegramPolling,
}

impl LeaderRole {
    fn key(self) -> i32 {
        match self {
            // "TGpl": an arbitrary constant, the first half of the lock key.
            LeaderRole::TelegramPolling => 0x5447_706c,
        }
    }
}

/// A role held; dropping it gives the role up (the connection closes).
#[derive(Debug)]
pub struct Leadership {
    connection: Option<PgConnection>,
}

impl Db {
    /// Takes `role` if no other process holds it; `None` if one does.
    pub async fn try_lead(&self, role: LeaderRole) -> StoreResult<Option<Leadership>> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(Some(Leadership { connection: None }));
        };
        let mut connection = pool.acquire().await?.detach();
        let sql = "SELECT pg_try_advisory_lock($1, hashtext(current_schema()))";
        let held: bool = sqlx::query_scalar(sql)
            .bind(role.key())
            .fetch_one(&mut connection)
            .await?;
        if held {
            Ok(Some(Leadership {
                connection: Some(connection),
            }))
        } else {
            connection.close().await?;
            Ok(None)
        }
    }
}

impl Leadership {
    /// Whether the role is still held: the lock's connection answers (a
    /// broken connection has lost the lock to the server).
    pub async fn still_held(&mut self) -> bool {
        match &mut self.connection {
            Some(connection) => connection.ping().await.is_ok(),
            None => true,
        }
    }

    /// Gives the role up now (the next process takes it at once).
    pub async fn release(self) {
        if let Some(connection) = self.connection {
            let _ = connection.close().await;
        }
    }
}
