//! Retention of the tables that only grow with use: the inbound update ids
//! kept to answer a redelivered update once, and the delivered notices of
//! the outbox. Both are needed for a while (a platform redelivers an update
//! within a day; a delivered notice is kept for the operator's questions),
//! then only cost space: they are deleted after the retention period,
//! oldest first, a bounded batch per transaction, so a prune never holds
//! the database for long. Pending and parked notices are never pruned; the
//! audit of events (moves, cases, the audit log) is never touched.

use chrono::{DateTime, Utc};

use super::sql::args;
use super::{Db, StoreResult};

/// What one [`Db::prune_before`] deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Inbound update ids.
    pub inbound: u64,
    /// Delivered notices.
    pub delivered_notices: u64,
}

const PRUNE_INBOUND: &str = "DELETE FROM inbound WHERE (platform, update_id) IN \
     (SELECT platform, update_id FROM inbound WHERE processed_at < $1 \
      ORDER BY processed_at LIMIT $2)";

const PRUNE_DELIVERED: &str = "DELETE FROM outbox WHERE id IN \
     (SELECT id FROM outbox WHERE status = 'delivered' AND delivered_at < $1 \
      ORDER BY delivered_at LIMIT $2)";

impl Db {
    /// Deletes the inbound update ids processed and the notices delivered
    /// before `cutoff`, at most `batch` rows of each table per transaction,
    /// until none is left; what it deleted.
    pub async fn prune_before(&self, cutoff: DateTime<Utc>, batch: u32) -> StoreResult<Pruned> {
        Ok(Pruned {
            inbound: self.prune_table(PRUNE_INBOUND, cutoff, batch).await?,
            delivered_notices: self.prune_table(PRUNE_DELIVERED, cutoff, batch).await?,
        })
    }

    async fn prune_table(
        &self,
        sql: &'static str,
        cutoff: DateTime<Utc>,
        batch: u32,
    ) -> StoreResult<u64> {
        let batch = batch.max(1);
        let mut total = 0;
        loop {
            let mut tx = self.begin().await?;
            let deleted = tx.execute(sql, args![cutoff, i64::from(batch)]).await?;
            tx.commit().await?;
            total += deleted;
            if deleted < u64::from(batch) {
                return Ok(total);
            }
        }
    }
}
