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
//! Several notices of a storm (reminders, 35-day notices, losses on time:
//! [`MERGEABLE_KINDS`](crate::app::notice::MERGEABLE_KINDS)) that one
//! scheduler run wrote to one recipient go out as one message, a
//! [`NoticeBatch`]: the worker claims them together under one lease
//! (claiming the recipient's first pending notice first, so
//! of two workers only one sends any of them) and marks each delivered in
//! one transaction. As with a single notice, a crash between sending and
//! marking sends the message again.
//!
//! Like the scheduler, the worker is a step, [`OutboxWorker::poll`]`(now)`,
//! inside a thin async loop, [`OutboxWorker::run`]. Before sending, a worker
//! claims a notice for a lease, so several processes on one PostgreSQL do
//! not send the same notice at once.

mod claim;
mod delivery_log;

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::app::notice::{BATCH_KIND, Notice, NoticeBatch, mergeable};
use crate::scheduler::run_loop;
use crate::shutdown::{SEND_GRACE, Stop};
use crate::store::{Db, NoticeId, NoticeRecipient, OutboxNotice, StoreError, StoreResult};
use crate::time::Clock;

pub use delivery_log::{DeliveryLog, DeliveryOptions};

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
    /// How long a claim on a notice lasts; it is renewed while the notice
    /// is being sent.
    pub lease: TimeDelta,
    /// How often, in real time, a claim is renewed while its notice is
    /// being sent (`None`: three times per lease).
    pub renew_every: Option<Duration>,
    /// Notices fetched per query.
    pub batch: i64,
    /// The most notices of a storm sent as one message to one recipient
    /// (see [`NoticeBatch`]); 1 sends each alone.
    pub merge_limit: i64,
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
            renew_every: None,
            batch: 100,
            merge_limit: 100,
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
    ///
    /// A notice of a storm kind
    /// ([`MERGEABLE_KINDS`](crate::app::notice::MERGEABLE_KINDS)) waits
    /// while a deadline due at or before the instant it was written is
    /// still to be fired (the scheduler's run that wrote it is not over), so
    /// that the whole run's notices to its recipient go out together. Other
    /// recipients' notices may then wait for the end of the storm's firing
    /// too (the heads read per query are `batch`).
    pub async fn poll(&self, now: DateTime<Utc>) -> StoreResult<PollReport> {
        self.poll_at(&|| now).await
    }

    /// [`Self::poll`] reading the time from `clock` afresh for each query,
    /// claim and renewal of a claim.
    pub async fn poll_with(&self, clock: &dyn Clock) -> StoreResult<PollReport> {
        self.poll_at(&|| clock.now()).await
    }

    /// [`Self::poll`] reading the time afresh (`now`) for each query and
    /// each claim: a poll that sends many notices at the platforms' pace
    /// outlasts a lease, and a claim dated at the poll's start would be
    /// over as soon as it is taken, letting another process send the same
    /// notice.
    async fn poll_at(&self, now: &(dyn Fn() -> DateTime<Utc> + Sync)) -> StoreResult<PollReport> {
        let mut sent = PollReport::default();
        loop {
            let mut tx = self.db.read().await?;
            let heads = tx.sendable_notices(now(), self.config.batch).await?;
            let storm_due = if heads.iter().any(|head| mergeable(&head.kind)) {
                tx.next_due_at().await?
            } else {
                None
            };
            tx.commit().await?;
            let mut progressed = false;
            for notice in &heads {
                if self.stop.is_set() {
                    return Ok(sent);
                }
                let storm_running = storm_due.is_some_and(|due| due <= notice.created_at);
                if storm_running && mergeable(&notice.kind) {
                    continue;
                }
                progressed |= self.attempt(notice, now, &mut sent).await?;
            }
            if !progressed {
                return Ok(sent);
            }
        }
    }

    /// Claims `head` for a lease and, when it is of a storm kind, the
    /// notices right behind it that go out in the same message: same
    /// recipient, same instant written, storm kinds, due (at most
    /// `merge_limit` in all). `None` if another worker has it.
    async fn claim(
        &self,
        head: &OutboxNotice,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Vec<OutboxNotice>>> {
        let until = now + self.config.lease;
        let mut tx = self.db.begin().await?;
        if !tx.claim_notice(head.id, now, until).await? {
            tx.commit().await?;
            return Ok(None);
        }
        let mut parts = vec![head.clone()];
        if mergeable(&head.kind) && self.config.merge_limit > 1 {
            let after = tx
                .pending_after(&head.recipient, head.id, self.config.merge_limit - 1)
                .await?;
            let followers: Vec<OutboxNotice> = after
                .into_iter()
                .take_while(|next| joins(head, next, now))
                .collect();
            let ids: Vec<NoticeId> = followers.iter().map(|n| n.id).collect();
            if !tx.claim_followers(&ids, now, until).await? {
                tx.rollback().await?;
                return Ok(None);
            }
            parts.extend(followers);
        }
        tx.commit().await?;
        Ok(Some(parts))
    }

    /// Claims, sends and records one notice, or one message of several;
    /// `false` if another worker had it.
    async fn attempt(
        &self,
        notice: &OutboxNotice,
        now: &(dyn Fn() -> DateTime<Utc> + Sync),
        sent: &mut PollReport,
    ) -> StoreResult<bool> {
        let claimed_at = now();
        let Some(parts) = self.claim(notice, claimed_at).await? else {
            return Ok(false);
        };
        let message = combined(notice, &parts)?;
        let stopped = self.stop.wait();
        let ids: Vec<NoticeId> = parts.iter().map(|part| part.id).collect();
        let lease = self.config.lease;
        let every = self
            .config
            .renew_every
            .unwrap_or_else(|| claim::default_renewal(lease));
        let held = claim::hold(&self.db, &ids, claimed_at + lease, lease, now, every);
        let outcome = tokio::select! {
            outcome = self.deliverer.deliver(&message) => outcome,
            () = held => unreachable!("a claim is held until the send is over"),
            () = async { stopped.await; tokio::time::sleep(SEND_GRACE).await } => {
                let mut tx = self.db.begin().await?;
                for part in &parts {
                    tx.release_notice(part.id).await?;
                }
                tx.commit().await?;
                tracing::info!(notice = %notice.id, "stopping: claim released unsent");
                return Ok(false);
            }
        };
        let mut tx = self.db.begin().await?;
        self.record(&mut tx, &parts, outcome, claimed_at, sent)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records what became of the message of `parts`, for each of them.
    async fn record(
        &self,
        tx: &mut crate::store::Tx,
        parts: &[OutboxNotice],
        outcome: Delivery,
        now: DateTime<Utc>,
        sent: &mut PollReport,
    ) -> StoreResult<()> {
        let Some(head) = parts.first() else {
            return Ok(());
        };
        match outcome {
            Delivery::Delivered => {
                for part in parts {
                    if tx.mark_delivered(part.id, now).await? {
                        forget_code(tx, part).await?;
                        sent.delivered += 1;
                        crate::ops::notice(crate::ops::NoticeOutcome::Sent);
                    } else {
                        tracing::warn!(notice = %part.id, "notice was already marked");
                    }
                }
            }
            Delivery::Retry { error, retry_after } => {
                let failures = head.attempts + 1;
                if failures >= self.config.max_attempts {
                    return self.park(tx, parts, &error, now, sent).await;
                }
                let retry_at = now + self.config.backoff(failures, retry_after);
                for part in parts {
                    if tx.record_failure(part.id, retry_at, &error).await? {
                        sent.retried += 1;
                        crate::ops::notice(crate::ops::NoticeOutcome::Retried);
                    }
                }
            }
            Delivery::Permanent { error } => self.park(tx, parts, &error, now, sent).await?,
        }
        Ok(())
    }

    /// Parks the notices of one message and alerts the administrator once.
    async fn park(
        &self,
        tx: &mut crate::store::Tx,
        parts: &[OutboxNotice],
        error: &str,
        now: DateTime<Utc>,
        sent: &mut PollReport,
    ) -> StoreResult<()> {
        let mut parked = Vec::new();
        for part in parts {
            if tx.park_notice(part.id, error).await? {
                forget_code(tx, part).await?;
                parked.push(part);
            }
        }
        let Some(notice) = parked.first() else {
            return Ok(());
        };
        sent.parked += parked.len();
        for _ in &parked {
            crate::ops::notice(crate::ops::NoticeOutcome::Parked);
        }
        tracing::warn!(notice = %notice.id, count = parked.len(), recipient = %notice.recipient.key(), %error, "notice parked");
        if notice.recipient != NoticeRecipient::Administrator {
            let alert = Notice::DeliveryFailed {
                recipient: notice.recipient.key(),
                notice_kind: notice.kind.clone(),
                notice_id: notice.id,
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
        let step = |_| async move {
            self.poll_with(clock).await?;
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

/// Whether `next` goes out in one message with `head`: the same instant
/// written (one scheduler run), a storm kind, due, and its payload a notice.
fn joins(head: &OutboxNotice, next: &OutboxNotice, now: DateTime<Utc>) -> bool {
    mergeable(&next.kind)
        && next.created_at == head.created_at
        && next.next_attempt_at <= now
        && serde_json::from_value::<Notice>(next.payload.clone()).is_ok()
}

/// The notice the deliverer sends for `parts`: the single notice itself, or
/// one [`NoticeBatch`] under the first one's id (so a resend after a crash
/// has the same key), with its recipient, time and attempts.
fn combined(head: &OutboxNotice, parts: &[OutboxNotice]) -> StoreResult<OutboxNotice> {
    if parts.len() < 2 {
        return Ok(head.clone());
    }
    let items = parts
        .iter()
        .filter_map(|part| serde_json::from_value::<Notice>(part.payload.clone()).ok())
        .collect();
    let batch = Notice::Batch(NoticeBatch { items });
    let payload = serde_json::to_value(&batch).map_err(|source| StoreError::Encode {
        what: "notice batch",
        source,
    })?;
    Ok(OutboxNotice {
        kind: BATCH_KIND.to_owned(),
        payload,
        ..head.clone()
    })
}

/// Once a notice that carries a one-time `/link` confirmation code is sent
/// (or parked), its stored copy loses the code: only its SHA-256 is kept
/// (in `link_codes`). Until then the outbox must hold it to send it.
async fn forget_code(tx: &mut crate::store::Tx, part: &OutboxNotice) -> StoreResult<()> {
    if part.kind != "link_requested" {
        return Ok(());
    }
    let Ok(Notice::Link(link)) = serde_json::from_value::<Notice>(part.payload.clone()) else {
        return Ok(());
    };
    let kept = serde_json::to_value(Notice::Link(link.redacted())).map_err(|source| {
        StoreError::Encode {
            what: "a notice",
            source,
        }
    })?;
    tx.set_notice_payload(part.id, &kept).await
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
