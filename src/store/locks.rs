//! Locks for the read-then-write sequences of the app, so that an invariant
//! holds with several processes on one PostgreSQL as it does on SQLite.
//!
//! On SQLite every write transaction starts with `BEGIN IMMEDIATE`
//! ([`super::Db::begin`]): writers run one at a time, and each of these
//! locks is a no-op. On PostgreSQL (READ COMMITTED) two transactions may
//! read the same state and both write; these locks make the second wait
//! until the first commits, and its next statement then sees what the first
//! wrote. Take the lock *before* reading what the decision depends on.
//!
//! Order: an event lock, then a case lock, then player locks (the player
//! rows a case's measures touch); never the other way round.

use super::ids::{CaseId, EventId, PlayerId};
use super::sql::args;
use super::{StoreResult, Tx, TxInner};

/// The advisory-lock key of registering newcomers (the first-administrator
/// check): the bytes of "corrbot1" as a number.
const REGISTRATION_KEY: i64 = 0x636f_7272_626f_7431;

impl Tx {
    /// Locks an event until this transaction ends: one command at a time
    /// changes an event, its entries and its teams' line-ups (a double
    /// `/event start` pairs once; a player is in one team).
    pub async fn lock_event(&mut self, id: EventId) -> StoreResult<()> {
        self.lock_on_postgres("SELECT id FROM events WHERE id = $1 FOR UPDATE", id.0)
            .await
    }

    /// Locks a case until this transaction ends: one command at a time
    /// changes a case (its ruling, its appeal, the committee's decision).
    pub async fn lock_case(&mut self, id: CaseId) -> StoreResult<()> {
        self.lock_on_postgres("SELECT id FROM cases WHERE id = $1 FOR UPDATE", id.0)
            .await
    }

    /// Locks a player until this transaction ends: what is counted per
    /// player (leave allowance, absences) is read and written by one
    /// command at a time.
    pub async fn lock_player(&mut self, id: PlayerId) -> StoreResult<()> {
        self.lock_on_postgres("SELECT id FROM players WHERE id = $1 FOR UPDATE", id.0)
            .await
    }

    /// Locks the registration of newcomers until this transaction ends, so
    /// that a newcomer seen by two processes at once is registered once and
    /// of two first users only one becomes the administrator.
    pub async fn lock_registration(&mut self) -> StoreResult<()> {
        self.lock_on_postgres("SELECT pg_advisory_xact_lock($1)", REGISTRATION_KEY)
            .await
    }

    /// Orders the results of an event's games until this transaction ends:
    /// of two last results committing at once, the second waits and then
    /// sees the first, so the event ends (or its final starts) once. An
    /// advisory lock, not the event's row: a result's transaction already
    /// holds its game's row, and a command on the event takes the event's
    /// row before its games' rows, so the row would order the two locks
    /// both ways.
    pub async fn lock_event_results(&mut self, id: EventId) -> StoreResult<()> {
        let sql = "SELECT pg_advisory_xact_lock(hashtext(current_schema()), CAST($1 AS INTEGER))";
        self.lock_on_postgres(sql, id.0).await
    }

    /// Runs the locking statement `sql` with `key` on PostgreSQL; nothing on
    /// SQLite, whose write transaction already holds the database lock.
    async fn lock_on_postgres(&mut self, sql: &'static str, key: i64) -> StoreResult<()> {
        if let TxInner::Postgres(_) = self.inner {
            self.execute(sql, args![key]).await?;
        }
        Ok(())
    }
}
