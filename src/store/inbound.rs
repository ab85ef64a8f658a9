//! Inbound platform ids (updates, interactions): a redelivered update
//! changes nothing and gets the original answer.

use chrono::{DateTime, Utc};

use super::players::Platform;
use super::sql::args;
use super::{StoreResult, Tx};

/// Whether an inbound platform id was seen before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InboundState {
    /// First time: process it, then call `finish_inbound` in the same transaction.
    New,
    /// Already processed: here is the original answer (if one was recorded).
    Seen(Option<String>),
}

impl Tx {
    /// Marks an inbound platform id (an update or interaction) as being
    /// processed in this transaction. [`InboundState::New`]: process the command
    /// and call [`Tx::finish_inbound`] before committing. [`InboundState::Seen`]:
    /// a redelivery; answer with the stored response and change nothing. On
    /// PostgreSQL a concurrent redelivery waits here for the first to commit.
    pub async fn begin_inbound(
        &mut self,
        platform: Platform,
        update_id: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<InboundState> {
        let sql = "INSERT INTO inbound (platform, update_id, processed_at) VALUES ($1, $2, $3) \
                   ON CONFLICT DO NOTHING";
        if self
            .execute(sql, args![platform.as_str(), update_id, at])
            .await?
            == 1
        {
            return Ok(InboundState::New);
        }
        let sql = "SELECT response FROM inbound WHERE platform = $1 AND update_id = $2";
        let args = args![platform.as_str(), update_id];
        let response = self
            .fetch_one(sql, args, |row| row.opt_text("response"))
            .await?;
        Ok(InboundState::Seen(response))
    }

    /// Stores the answer given to an inbound id, for redeliveries.
    pub async fn finish_inbound(
        &mut self,
        platform: Platform,
        update_id: &str,
        response: &str,
    ) -> StoreResult<()> {
        let sql = "UPDATE inbound SET response = $3 WHERE platform = $1 AND update_id = $2";
        self.execute(sql, args![platform.as_str(), update_id, response])
            .await?;
        Ok(())
    }

    /// Forgets inbound ids processed before `before` (platforms stop
    /// redelivering after a day or so).
    pub async fn prune_inbound(&mut self, before: DateTime<Utc>) -> StoreResult<u64> {
        self.execute("DELETE FROM inbound WHERE processed_at < $1", args![before])
            .await
    }
}
