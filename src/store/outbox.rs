//! The outbox: notices written with the change that caused them.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::sql::{RowExt, RowRead, args};
use super::{StoreError, StoreResult, Tx, model::*};

fn notice_row(row: &dyn RowExt) -> StoreResult<OutboxNotice> {
    let key = row.text("recipient")?;
    Ok(OutboxNotice {
        id: NoticeId(row.int("id")?),
        recipient: Recipient::parse_key(&key)
            .ok_or_else(|| StoreError::Corrupt(format!("recipient {key}")))?,
        kind: row.text("kind")?,
        payload: row.json("payload")?,
        status: row.enumerated("status", NoticeStatus::parse)?,
        attempts: row.int("attempts")?,
        next_attempt_at: row.at("next_attempt_at")?,
        last_error: row.opt_text("last_error")?,
        created_at: row.at("created_at")?,
        delivered_at: row.opt_at("delivered_at")?,
    })
}

macro_rules! select_notices {
    ($rest:literal) => {
        concat!(
            "SELECT o.id, o.recipient, o.kind, o.payload, o.status, o.attempts, ",
            "o.next_attempt_at, o.last_error, o.created_at, o.delivered_at FROM outbox o ",
            $rest
        )
    };
}

impl Tx {
    /// Writes a notice; it is sent after this transaction commits, after
    /// every earlier notice to the same recipient. Committing wakes this
    /// process's outbox worker.
    pub async fn enqueue_notice(
        &mut self,
        recipient: &Recipient,
        kind: &str,
        payload: &Value,
        at: DateTime<Utc>,
    ) -> StoreResult<NoticeId> {
        let sql = "INSERT INTO outbox (recipient, kind, payload, next_attempt_at, created_at) \
                   VALUES ($1, $2, $3, $4, $4) RETURNING id";
        let args = args![recipient.key(), kind, payload, at];
        let id = NoticeId(self.insert_returning_id("notice", sql, args).await?);
        self.wrote_notice = true;
        Ok(id)
    }

    /// The notice, or [`StoreError::NotFound`].
    pub async fn notice(&mut self, id: NoticeId) -> StoreResult<OutboxNotice> {
        let sql = select_notices!("WHERE o.id = $1");
        let notice = self.fetch_optional(sql, args![id], notice_row).await?;
        notice.ok_or(StoreError::NotFound {
            what: "notice",
            id: id.0,
        })
    }

    /// Every notice to a recipient, in order.
    pub async fn notices_to(&mut self, recipient: &Recipient) -> StoreResult<Vec<OutboxNotice>> {
        let sql = select_notices!("WHERE o.recipient = $1 ORDER BY o.id");
        self.fetch_all(sql, args![recipient.key()], notice_row)
            .await
    }

    /// Notices with a status, in order (e.g. the parked ones, for the administrator).
    pub async fn notices_with_status(
        &mut self,
        status: NoticeStatus,
    ) -> StoreResult<Vec<OutboxNotice>> {
        let sql = select_notices!("WHERE o.status = $1 ORDER BY o.id");
        self.fetch_all(sql, args![status.as_str()], notice_row)
            .await
    }

    /// Up to `limit` notices that may be sent at `now`: for each recipient
    /// only the earliest pending notice (so order is kept), and only when it
    /// is due and not claimed by a worker.
    pub async fn sendable_notices(
        &mut self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<OutboxNotice>> {
        let sql = select_notices!(
            "WHERE o.status = 'pending' AND o.next_attempt_at <= $1 \
             AND (o.claimed_until IS NULL OR o.claimed_until <= $1) \
             AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.status = 'pending' \
                 AND p.recipient = o.recipient AND p.id < o.id) \
             ORDER BY o.next_attempt_at, o.id LIMIT $2"
        );
        self.fetch_all(sql, args![now, limit], notice_row).await
    }

    /// When the next notice may be tried: the earliest retry time among the
    /// recipients' first pending notices (later ones wait for those).
    pub async fn next_notice_at(&mut self) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT o.next_attempt_at FROM outbox o WHERE o.status = 'pending' \
                   AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.status = 'pending' \
                       AND p.recipient = o.recipient AND p.id < o.id) \
                   ORDER BY o.next_attempt_at LIMIT 1";
        self.fetch_optional(sql, args![], |row| row.at("next_attempt_at"))
            .await
    }

    /// Claims a pending notice for sending until `until`; `false` if another
    /// worker holds it or it is no longer pending.
    pub async fn claim_notice(
        &mut self,
        id: NoticeId,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET claimed_until = $3 WHERE id = $1 AND status = 'pending' \
                   AND (claimed_until IS NULL OR claimed_until <= $2)";
        Ok(self.execute(sql, args![id, now, until]).await? == 1)
    }

    /// Marks a notice delivered. Only the first call for a notice changes
    /// anything and returns `true`: a notice is marked delivered exactly once.
    pub async fn mark_delivered(&mut self, id: NoticeId, at: DateTime<Utc>) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET status = 'delivered', delivered_at = $2, \
                   attempts = attempts + 1, claimed_until = NULL \
                   WHERE id = $1 AND status = 'pending'";
        Ok(self.execute(sql, args![id, at]).await? == 1)
    }

    /// Records a failed attempt; the notice waits until `retry_at`.
    pub async fn record_failure(
        &mut self,
        id: NoticeId,
        retry_at: DateTime<Utc>,
        error: &str,
    ) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2, \
                   last_error = $3, claimed_until = NULL WHERE id = $1 AND status = 'pending'";
        let changed = self.execute(sql, args![id, retry_at, error]).await? == 1;
        self.wrote_notice |= changed;
        Ok(changed)
    }

    /// Gives up on a notice after its last failed attempt; `false` if it was
    /// no longer pending.
    pub async fn park_notice(&mut self, id: NoticeId, error: &str) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET status = 'parked', attempts = attempts + 1, \
                   last_error = $2, claimed_until = NULL WHERE id = $1 AND status = 'pending'";
        Ok(self.execute(sql, args![id, error]).await? == 1)
    }

    /// Puts a parked notice back in the queue (the administrator's retry).
    pub async fn requeue_notice(&mut self, id: NoticeId, at: DateTime<Utc>) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $2 \
                   WHERE id = $1 AND status = 'parked'";
        let changed = self.execute(sql, args![id, at]).await? == 1;
        self.wrote_notice |= changed;
        Ok(changed)
    }
}
