//! The outbox: notices written with the change that caused them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids::{GameId, NoticeId, PlayerId};
use super::players::Platform;
use super::sql::{Record, RowExt, args, text_enum};
use super::{StoreError, StoreResult, Tx};

text_enum! {
    /// The delivery state of a notice.
    NoticeStatus {
        /// Waiting to be sent (or to be retried).
        Pending = "pending",
        /// Sent; marked once.
        Delivered = "delivered",
        /// Given up after too many failures; the administrator was alerted.
        Parked = "parked",
    }
}

/// Whom a notice is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoticeRecipient {
    /// A player, through their linked accounts.
    Player(PlayerId),
    /// A chat (group, channel, thread) on a platform.
    Chat {
        /// The platform.
        platform: Platform,
        /// The platform's chat id.
        chat_id: String,
    },
    /// The administrators of the installation.
    Administrator,
    /// The public thread of game `game` in chat `chat_id` (the event's
    /// game channel): created by the platform's adapter on first delivery.
    GameThread {
        /// The platform.
        platform: Platform,
        /// The platform's id of the chat the thread is in.
        chat_id: String,
        /// The game.
        game: GameId,
    },
}

impl NoticeRecipient {
    /// The stable text key stored in the outbox (one order per key).
    pub fn key(&self) -> String {
        match self {
            Self::Player(id) => format!("player:{id}"),
            Self::Chat { platform, chat_id } => format!("chat:{}:{chat_id}", platform.as_str()),
            Self::Administrator => "admin".to_owned(),
            Self::GameThread {
                platform,
                chat_id,
                game,
            } => format!("thread:{}:{game}:{chat_id}", platform.as_str()),
        }
    }

    /// Parses [`NoticeRecipient::key`].
    pub fn parse_key(key: &str) -> Option<Self> {
        if key == "admin" {
            return Some(Self::Administrator);
        }
        if let Some(id) = key.strip_prefix("player:") {
            return id.parse().ok().map(|id| Self::Player(PlayerId(id)));
        }
        if let Some(rest) = key.strip_prefix("thread:") {
            let (platform, rest) = rest.split_once(':')?;
            let (game, chat_id) = rest.split_once(':')?;
            return Some(Self::GameThread {
                platform: Platform::parse(platform)?,
                chat_id: chat_id.to_owned(),
                game: GameId(game.parse().ok()?),
            });
        }
        let rest = key.strip_prefix("chat:")?;
        let (platform, chat_id) = rest.split_once(':')?;
        Some(Self::Chat {
            platform: Platform::parse(platform)?,
            chat_id: chat_id.to_owned(),
        })
    }
}

/// A notice waiting in (or done with) the outbox.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutboxNotice {
    /// Key; also the order of notices to one recipient.
    pub id: NoticeId,
    /// Whom.
    pub recipient: NoticeRecipient,
    /// What kind (the app's notice type).
    pub kind: String,
    /// The notice's data, as JSON.
    pub payload: Value,
    /// Delivery state.
    pub status: NoticeStatus,
    /// Attempts so far.
    pub attempts: i64,
    /// Not to be tried before.
    pub next_attempt_at: DateTime<Utc>,
    /// Last failure.
    pub last_error: Option<String>,
    /// Written.
    pub created_at: DateTime<Utc>,
    /// Delivered.
    pub delivered_at: Option<DateTime<Utc>>,
}

fn notice_row(row: &dyn RowExt) -> StoreResult<OutboxNotice> {
    let row = Record::new(row, "outbox")?;
    Ok(OutboxNotice {
        id: NoticeId(row.int("id")?),
        recipient: row.enumerated("recipient", NoticeRecipient::parse_key)?,
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
        recipient: &NoticeRecipient,
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
    pub async fn notices_to(
        &mut self,
        recipient: &NoticeRecipient,
    ) -> StoreResult<Vec<OutboxNotice>> {
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
        self.fetch_all(sql, args![status], notice_row).await
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
        let sql = "SELECT o.id, o.next_attempt_at FROM outbox o WHERE o.status = 'pending' \
                   AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.status = 'pending' \
                       AND p.recipient = o.recipient AND p.id < o.id) \
                   ORDER BY o.next_attempt_at LIMIT 1";
        self.fetch_optional(sql, args![], |row| {
            Record::new(row, "outbox")?.at("next_attempt_at")
        })
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

    /// Extends this worker's claim on a pending notice, held until `until`,
    /// to `next`; `false` if the claim is no longer the one taken (it ran
    /// out and another worker took it) or the notice is no longer pending.
    pub async fn renew_claim(
        &mut self,
        id: NoticeId,
        until: DateTime<Utc>,
        next: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET claimed_until = $3 WHERE id = $1 AND status = 'pending' \
                   AND claimed_until = $2";
        Ok(self.execute(sql, args![id, until, next]).await? == 1)
    }

    /// The pending notices to `recipient` after notice `after`, in order,
    /// at most `limit`: the candidates to go out in one message with it.
    pub async fn pending_after(
        &mut self,
        recipient: &NoticeRecipient,
        after: NoticeId,
        limit: i64,
    ) -> StoreResult<Vec<OutboxNotice>> {
        let sql = select_notices!(
            "WHERE o.recipient = $1 AND o.status = 'pending' AND o.id > $2 \
             ORDER BY o.id LIMIT $3"
        );
        self.fetch_all(sql, args![recipient.key(), after, limit], notice_row)
            .await
    }

    /// Claims the notices that follow a claimed notice into the same
    /// message, until `until`; `false` (and the caller rolls back) if one is
    /// no longer pending or another worker holds it. Only the holder of the
    /// first notice's claim sends the ones behind it (they are never the
    /// first pending of their recipient before it is done), so this claim
    /// meets no rival but the holder of an expired lease.
    pub async fn claim_followers(
        &mut self,
        ids: &[NoticeId],
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> StoreResult<bool> {
        for id in ids {
            if !self.claim_notice(*id, now, until).await? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Releases this process's claim on a pending notice it did not send
    /// (graceful shutdown): another worker may send it at once.
    pub async fn release_notice(&mut self, id: NoticeId) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET claimed_until = NULL WHERE id = $1 AND status = 'pending'";
        let changed = self.execute(sql, args![id]).await? == 1;
        self.wrote_notice |= changed;
        Ok(changed)
    }

    /// Marks a notice delivered. Only the first call for a notice changes
    /// anything and returns `true`: a notice is marked delivered exactly once.
    pub async fn mark_delivered(&mut self, id: NoticeId, at: DateTime<Utc>) -> StoreResult<bool> {
        let sql = "UPDATE outbox SET status = 'delivered', delivered_at = $2, \
                   attempts = attempts + 1, claimed_until = NULL \
                   WHERE id = $1 AND status = 'pending'";
        Ok(self.execute(sql, args![id, at]).await? == 1)
    }

    /// Replaces a notice's data: what is kept of it once sent, without the
    /// one-time code it carried.
    pub async fn set_notice_payload(&mut self, id: NoticeId, payload: &Value) -> StoreResult<()> {
        let sql = "UPDATE outbox SET payload = $2 WHERE id = $1";
        self.execute(sql, args![id, payload]).await?;
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipient_keys_round_trip() {
        let recipients = [
            NoticeRecipient::Player(PlayerId(42)),
            NoticeRecipient::Chat {
                platform: Platform::Discord,
                chat_id: "guild:1:chan:2".into(),
            },
            NoticeRecipient::Administrator,
            NoticeRecipient::GameThread {
                platform: Platform::Discord,
                chat_id: "4000001".into(),
                game: GameId(12),
            },
        ];
        for recipient in recipients {
            assert_eq!(
                NoticeRecipient::parse_key(&recipient.key()),
                Some(recipient)
            );
        }
        assert_eq!(NoticeRecipient::parse_key("chat:irc:1"), None);
        assert_eq!(NoticeRecipient::parse_key("player:x"), None);
    }
}
