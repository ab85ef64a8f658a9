//! The figures `GET /metrics` reads from the database at each scrape:
//! shared by every process on the database, so each reports the same.

use chrono::{DateTime, Utc};

use super::sql::{args, millis};
use super::{StoreResult, Tx};

/// The outbox's and the scheduler's backlog at one instant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpsFigures {
    /// Notices waiting to be sent (or retried).
    pub notices_pending: i64,
    /// Notices given up on.
    pub notices_parked: i64,
    /// Pending notices a worker has claimed and is sending now (a claim
    /// left by a process that stopped holds its notice until the lease ends).
    pub notices_claimed: i64,
    /// How long the oldest notice that may be sent now has waited, in
    /// milliseconds (0 when none waits).
    pub outbox_lag_ms: i64,
    /// Deadlines due and not yet handled.
    pub deadlines_due: i64,
}

impl Tx {
    /// The backlog at `now` (indexed counts: the pending and due rows only).
    pub async fn ops_figures(&mut self, now: DateTime<Utc>) -> StoreResult<OpsFigures> {
        let at = millis(now);
        let sql = "SELECT COUNT(*) AS n, MIN(next_attempt_at) AS oldest FROM outbox \
                   WHERE status = 'pending'";
        let (pending, oldest) = self
            .fetch_one(sql, args![], |row| {
                Ok((row.int("n")?, row.opt_int("oldest")?))
            })
            .await?;
        let sql = "SELECT COUNT(*) AS n FROM outbox WHERE status = 'parked'";
        let parked = self.fetch_one(sql, args![], |row| row.int("n")).await?;
        let sql = "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending' \
                   AND claimed_until > $1";
        let claimed = self.fetch_one(sql, args![at], |row| row.int("n")).await?;
        let sql = "SELECT COUNT(*) AS n FROM deadlines WHERE due_at <= $1";
        let due = self.fetch_one(sql, args![at], |row| row.int("n")).await?;
        Ok(OpsFigures {
            notices_pending: pending,
            notices_parked: parked,
            notices_claimed: claimed,
            outbox_lag_ms: oldest.map_or(0, |oldest| (at - oldest).max(0)),
            deadlines_due: due,
        })
    }
}
