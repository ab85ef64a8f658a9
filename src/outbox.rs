//! Outbox delivery: sends the notices written by the app's transactions.
//!
//! A [`Deliverer`] (the chat adapters, behind one dispatcher) sends one
//! notice at a time. The worker keeps each recipient's order (a notice is
//! tried only when every earlier notice to the same recipient is delivered
//! or parked), retries failures with exponential back-off (or the platform's
//! own `retry_after`), parks a notice after `max_attempts` failures (or a
//! permanent one) and alerts the administrator in the same transaction, and
//! marks each notice delivered exactly once (a conditional UPDATE that only
//! a pending notice passes).
//!
//! Like the scheduler, the worker is a step, [`OutboxWorker::poll`]`(now)`,
//! inside a thin async loop, [`OutboxWorker::run`]. Before sending, a worker
//! claims a notice for a lease, so several processes on one PostgreSQL do
//! not send the same notice at once.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::app::notice::Notice;
use crate::scheduler::run_loop;
use crate::shutdown::{SEND_GRACE, Stop};
use crate::store::{Db, NoticeRecipient, OutboxNotice, StoreError, StoreResult};
use crate::time::Clock;

/// What became of one attempt to send a notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Sent.
    Delivered,
    /// Failed for now (network, rate limit): try again later, not before
    /// `retry_after` when the platform said so.
    Retry {
        /// What went wrong.
        error: String,
        /// The platform's requested wait.
        retry_after: Option<Duration>,
    },
    /// Can never succeed (the user blocked the bot, no linked account): park it.
    Permanent {
        /// What went wrong.
        error: String,
    },
}

/// Sends one notice to its recipient: the chat adapters' side.
pub trait Deliverer: Send + Sync {
    /// Tries to send `notice` once.
    fn deliver(&self, notice: &OutboxNotice) -> impl Future<Output = Delivery> + Send;
}

/// Tuning of the outbox worker.
#[derive(Clone, Debug)]
pub struct OutboxConfig {
    /// Attempts before a notice is parked (N).
    pub max_attempts: i64,
    /// Delay after the first failure; doubled after each further one.
    pub base_backoff: TimeDelta,
    /// The longest delay.
    pub max_backoff: TimeDelta,
    /// How long a claim on a notice lasts while it is being sent.
    pub lease: TimeDelta,
    /// Notices fetched per query.
    pub batch: i64,
    /// The longest sleep, in real time, without looking at the database.
    pub max_idle: Duration,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        Self {
            max_attempts: 8,
            base_backoff: TimeDelta::seconds(2),
            max_backoff: TimeDelta::minutes(30),
            lease: TimeDelta::minutes(2),
            batch: 100,
            max_idle: Duration::from_secs(30),
        }
    }
}

impl OutboxConfig {
    /// The wait after a notice's `failures`-th failed attempt (from 1):
    /// `base · 2^(failures − 1)`, at most `max_backoff`, at least the
    /// platform's `retry_after`.
    pub fn backoff(&self, failures: i64, retry_after: Option<Duration>) -> TimeDelta {
        let exponent = (failures - 1).clamp(0, 30) as u32;
        let delay = self
            .base_backoff
            .checked_mul(2_i32.saturating_pow(exponent))
            .unwrap_or(self.max_backoff)
            .min(self.max_backoff);
        let asked = retry_after.and_then(|d| TimeDelta::from_std(d).ok());
        asked.map_or(delay, |asked| delay.max(asked))
    }
}

/// What one [`OutboxWorker::poll`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PollReport {
    /// Notices delivered.
    pub delivered: usize,
    /// Failed attempts put off for a retry.
    pub retried: usize,
    /// Notices parked (and the administrator alerted).
    pub parked: usize,
}

/// The kind of the notice that tells the administrator a notice was parked
/// (a [`Notice::DeliveryFailed`], which the adapters read back and render
/// like every other notice).
pub const PARKED_ALERT: &str = "delivery_failed";

/// Sends the outbox through a [`Deliverer`].
#[derive(Debug)]
pub struct OutboxWorker<D> {
    db: Db,
    deliverer: D,
    config: OutboxConfig,
    stop: Stop,
}

impl<D: Deliverer> OutboxWorker<D> {
    /// A worker on `db` sending through `deliverer`.
    pub fn new(db: Db, deliverer: D, config: OutboxConfig) -> Self {
        Self {
            db,
            deliverer,
            config,
            stop: Stop::default(),
        }
    }

    /// The worker that stops at `stop`: no new notice is tried, a send in
    /// flight gets [`SEND_GRACE`] to finish, and a claim still held then is
    /// released, so another process sends the notice at once.
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// The deliverer.
    pub fn deliverer(&self) -> &D {
        &self.deliverer
    }

    /// When the earliest pending notice may be tried.
    pub async fn next_attempt_at(&self) -> StoreResult<Option<DateTime<Utc>>> {
        let mut tx = self.db.read().await?;
        let next = tx.next_notice_at().await?;
        tx.commit().await?;
        Ok(next)
    }

    /// Tries every notice that may be sent at `now`, keeping each
    /// recipient's order, until none is left for now.
    pub async fn poll(&self, now: DateTime<Utc>) -> StoreResult<PollReport> {
        let mut sent = PollReport::default();
        loop {
            let mut tx = self.db.read().await?;
            let heads = tx.sendable_notices(now, self.config.batch).await?;
            tx.commit().await?;
            let mut progressed = false;
            for notice in &heads {
                if self.stop.is_set() {
                    return Ok(sent);
                }
                progressed |= self.attempt(notice, now, &mut sent).await?;
            }
            if !progressed {
                return Ok(sent);
            }
        }
    }

    /// Claims, sends and records one notice; `false` if another worker had it.
    async fn attempt(
        &self,
        notice: &OutboxNotice,
        now: DateTime<Utc>,
        sent: &mut PollReport,
    ) -> StoreResult<bool> {
        let mut tx = self.db.begin().await?;
        let claimed = tx
            .claim_notice(notice.id, now, now + self.config.lease)
            .await?;
        tx.commit().await?;
        if !claimed {
            return Ok(false);
        }
        let stopped = self.stop.wait();
        let outcome = tokio::select! {
            outcome = self.deliverer.deliver(notice) => outcome,
            () = async { stopped.await; tokio::time::sleep(SEND_GRACE).await } => {
                let mut tx = self.db.begin().await?;
                tx.release_notice(notice.id).await?;
                tx.commit().await?;
                tracing::info!(notice = %notice.id, "stopping: claim released unsent");
                return Ok(false);
            }
        };
        let mut tx = self.db.begin().await?;
        match outcome {
            Delivery::Delivered => {
                if tx.mark_delivered(notice.id, now).await? {
                    sent.delivered += 1;
                    crate::ops::notice(crate::ops::NoticeOutcome::Sent);
                } else {
                    tracing::warn!(notice = %notice.id, "notice was already marked");
                }
            }
            Delivery::Retry { error, retry_after } => {
                let failures = notice.attempts + 1;
                if failures >= self.config.max_attempts {
                    self.park(&mut tx, notice, &error, now, sent).await?;
                } else {
                    let retry_at = now + self.config.backoff(failures, retry_after);
                    tx.record_failure(notice.id, retry_at, &error).await?;
                    sent.retried += 1;
                    crate::ops::notice(crate::ops::NoticeOutcome::Retried);
                }
            }
            Delivery::Permanent { error } => self.park(&mut tx, notice, &error, now, sent).await?,
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn park(
        &self,
        tx: &mut crate::store::Tx,
        notice: &OutboxNotice,
        error: &str,
        now: DateTime<Utc>,
        sent: &mut PollReport,
    ) -> StoreResult<()> {
        if !tx.park_notice(notice.id, error).await? {
            return Ok(());
        }
        sent.parked += 1;
        crate::ops::notice(crate::ops::NoticeOutcome::Parked);
        tracing::warn!(notice = %notice.id, recipient = %notice.recipient.key(), %error, "notice parked");
        if notice.recipient != NoticeRecipient::Administrator {
            let alert = Notice::DeliveryFailed {
                recipient: notice.recipient.key(),
                notice_kind: notice.kind.clone(),
                notice_id: notice.id.0,
                attempts: notice.attempts + 1,
                error: error.to_owned(),
            };
            let payload = serde_json::to_value(&alert).map_err(|source| StoreError::Encode {
                what: "parked-notice alert",
                source,
            })?;
            tx.enqueue_notice(&NoticeRecipient::Administrator, alert.kind(), &payload, now)
                .await?;
        }
        Ok(())
    }

    /// Runs until `shutdown` completes: sends what may be sent, then sleeps
    /// until the next retry (in the clock's time), a wake-up from a commit
    /// that wrote a notice, or `max_idle` of real time. A database error is
    /// logged and retried after `max_idle`.
    pub async fn run(&self, clock: &dyn Clock, shutdown: impl Future<Output = ()>) {
        let wake = &self.db.wakers().outbox;
        let step = |now| async move {
            self.poll(now).await?;
            self.next_attempt_at().await
        };
        run_loop(
            clock,
            "outbox cannot send notices",
            self.config.max_idle,
            wake,
            shutdown,
            step,
        )
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap_and_honours_retry_after() {
        let config = OutboxConfig {
            base_backoff: TimeDelta::seconds(2),
            max_backoff: TimeDelta::seconds(30),
            ..OutboxConfig::default()
        };
        let delays: Vec<_> = (1..=6)
            .map(|n| config.backoff(n, None).num_seconds())
            .collect();
        assert_eq!(delays, [2, 4, 8, 16, 30, 30]);
        assert_eq!(config.backoff(1_000, None).num_seconds(), 30);
        let asked = Some(Duration::from_secs(90));
        assert_eq!(config.backoff(1, asked).num_seconds(), 90);
    }
}
