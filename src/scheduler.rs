//! The deadline scheduler: hands every due deadline to the app once, in order.
//!
//! The core of it is a pure-ish step, [`Scheduler::poll_due`]`(now)`, which
//! fires everything due at `now`, and [`Scheduler::next_due`], which says
//! when to call it again (quinn-proto's `handle_timeout(now)` /
//! `poll_timeout()`). The async loop [`Scheduler::run`] is a thin shell:
//! poll, then sleep until the next deadline, until a commit in this process
//! writes a new one, or for at most `max_idle` of real time (so that deadlines written by
//! other processes on the same PostgreSQL are seen).
//!
//! Deadlines are handled in bounded batches, one transaction a batch and a
//! savepoint a deadline: the app's handler makes its changes, notices and
//! new deadlines in the same [`Tx`] that deletes the deadline, so a deadline
//! fires exactly once or not at all. Several schedulers on one PostgreSQL
//! claim disjoint items (`FOR UPDATE SKIP LOCKED`).
//!
//! Time comes through [`Clock`]: its `now`, and a sleep that under the
//! simulated clock completes as soon as simulated time reaches the instant
//! (then a year of deadlines passes in milliseconds).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::shutdown::Stop;
use crate::store::{Db, Deadline, StoreResult, Tx};
use crate::time::Clock;

/// The app's side: what a due deadline means (a reminder, a loss on time, a
/// silence case, a leave's start or end, an appeal window closing, …).
pub trait DueHandler: Send + Sync {
    /// Handles `deadline` inside `tx`, which also deletes the deadline
    /// (before the handler runs).
    /// An error rolls everything back and the deadline is tried again later.
    fn handle(
        &self,
        tx: &mut Tx,
        deadline: &Deadline,
        now: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Tuning of the scheduler.
#[derive(Clone, Debug)]
pub struct SchedulerConfig {
    /// The longest sleep, in real time, without looking at the database (to
    /// see deadlines written by other processes).
    pub max_idle: Duration,
    /// The first delay before retrying a deadline whose handler failed; it
    /// doubles with each failure.
    pub retry_after: TimeDelta,
    /// The longest retry delay.
    pub max_retry_after: TimeDelta,
    /// Deadlines handled in one transaction, between two yields (a storm
    /// is fired in batches of this size).
    pub batch: usize,
}

impl Default for SchedulerConfig {
    fn default() -> Self {
        Self {
            max_idle: Duration::from_secs(30),
            retry_after: TimeDelta::seconds(10),
            max_retry_after: TimeDelta::hours(1),
            batch: 100,
        }
    }
}

/// What one [`Scheduler::poll_due`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fired {
    /// Deadlines handled and removed.
    pub handled: usize,
    /// Deadlines whose handler failed, put off for a retry.
    pub failed: usize,
}

/// Hands due deadlines to a [`DueHandler`].
#[derive(Debug)]
pub struct Scheduler<H> {
    db: Db,
    handler: H,
    config: SchedulerConfig,
    stop: Stop,
}

impl<H: DueHandler> Scheduler<H> {
    /// A scheduler on `db` feeding `handler`.
    pub fn new(db: Db, handler: H, config: SchedulerConfig) -> Self {
        Self {
            db,
            handler,
            config,
            stop: Stop::default(),
        }
    }

    /// The scheduler that stops at `stop`, after the deadline in hand (its
    /// transaction commits or rolls back whole).
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    /// The handler.
    pub fn handler(&self) -> &H {
        &self.handler
    }

    /// When the earliest deadline falls due (an index lookup: its cost does
    /// not grow with the number of deadlines).
    pub async fn next_due(&self) -> StoreResult<Option<DateTime<Utc>>> {
        let mut tx = self.db.read().await?;
        let next = tx.next_due_at().await?;
        tx.commit().await?;
        Ok(next)
    }

    /// Fires every deadline due at `now`, earliest first, each once, in
    /// batches of at most [`SchedulerConfig::batch`]: each batch is one
    /// transaction, and between batches the scheduler yields, so in a storm
    /// (every reminder of a big event due at one instant) a player's
    /// command waits for one batch at most, not for the storm (on SQLite,
    /// where there is one writer, writers take turns in arrival order:
    /// [`Db::begin`]). Every notice of one call is written at `now`, so the
    /// outbox sends a player's notices of a storm as one message.
    pub async fn poll_due(&self, now: DateTime<Utc>) -> StoreResult<Fired> {
        let mut fired = Fired::default();
        match self.next_due().await? {
            Some(due) if due <= now => {}
            _ => return Ok(fired),
        }
        while !self.stop.is_set()
            && let Some(batch) = self.fire_batch(now).await?
        {
            fired.handled += batch.handled;
            fired.failed += batch.failed;
            tokio::task::yield_now().await;
        }
        Ok(fired)
    }

    /// Claims up to a batch of due deadlines and handles them in one
    /// transaction, each in its own savepoint: a handler's failure rolls
    /// back that deadline's changes only and puts it off for a retry. A
    /// claimed deadline that an earlier one of the batch cancelled is
    /// skipped, as it would be had they come one transaction each.
    /// `None` when nothing was claimed (none due, or all claimed by other
    /// schedulers).
    async fn fire_batch(&self, now: DateTime<Utc>) -> StoreResult<Option<Fired>> {
        let mut fired = Fired::default();
        let mut tx = self.db.begin().await?;
        let limit = i64::try_from(self.config.batch.max(1)).unwrap_or(i64::MAX);
        let due = tx.claim_due(now, limit).await?;
        if due.is_empty() {
            tx.commit().await?;
            return Ok(None);
        }
        for deadline in &due {
            tx.execute_raw("SAVEPOINT deadline").await?;
            // Deleted first: gone means an earlier deadline of the batch
            // cancelled it (a loss on time cancels its game's reminders).
            if !tx.finish_deadline(deadline.id).await? {
                tx.execute_raw("RELEASE SAVEPOINT deadline").await?;
                continue;
            }
            match self.handler.handle(&mut tx, deadline, now).await {
                Ok(()) => {
                    tx.execute_raw("RELEASE SAVEPOINT deadline").await?;
                    fired.handled += 1;
                }
                Err(error) => {
                    tx.execute_raw("ROLLBACK TO SAVEPOINT deadline").await?;
                    tx.execute_raw("RELEASE SAVEPOINT deadline").await?;
                    tracing::warn!(deadline = %deadline.id, kind = %deadline.kind, %error, "deadline handler failed");
                    let retry_at = now + self.retry_delay(deadline.attempts);
                    tx.postpone_deadline(deadline.id, retry_at, &format!("{error:#}"))
                        .await?;
                    fired.failed += 1;
                }
            }
        }
        tx.commit().await?;
        Ok(Some(fired))
    }

    fn retry_delay(&self, attempts: i64) -> TimeDelta {
        let factor = 1_i32 << attempts.clamp(0, 20);
        (self.config.retry_after * factor).min(self.config.max_retry_after)
    }

    /// Runs until `shutdown` completes: fires what is due, then sleeps until
    /// the next deadline (in the clock's time), a wake-up from a commit that
    /// wrote one, or `max_idle` of real time. A database error is logged and
    /// retried after `max_idle`.
    pub async fn run(&self, clock: &dyn Clock, shutdown: impl Future<Output = ()>) {
        let wake = &self.db.wakers().deadlines;
        let step = |now| async move {
            self.poll_due(now).await?;
            self.next_due().await
        };
        run_loop(
            clock,
            "scheduler cannot fire deadlines",
            self.config.max_idle,
            wake,
            shutdown,
            step,
        )
        .await;
    }
}

/// The loop of a background worker: runs `step(now)`, which does what is due
/// and returns the next instant it wants to run, then [`idle`]s until then;
/// returns on `shutdown`. A database error is logged and retried after
/// `max_idle`.
pub(crate) async fn run_loop<F, Fut>(
    clock: &dyn Clock,
    what_failed: &str,
    max_idle: Duration,
    wake: &tokio::sync::Notify,
    shutdown: impl Future<Output = ()>,
    mut step: F,
) where
    F: FnMut(DateTime<Utc>) -> Fut,
    Fut: Future<Output = StoreResult<Option<DateTime<Utc>>>>,
{
    tokio::pin!(shutdown);
    loop {
        let now = clock.now();
        let next = step(now).await.unwrap_or_else(|error| {
            tracing::error!(%error, "{what_failed}");
            None
        });
        if idle(clock, now, next, max_idle, wake, shutdown.as_mut()).await {
            return;
        }
    }
}

/// Waits until `next` in the clock's time, a wake-up, `max_idle` of real
/// time, or `shutdown`; `true` on shutdown. Never waits for less than a
/// second of the clock's time after `now`, so an item that another process
/// holds cannot make the loop spin.
pub(crate) async fn idle(
    clock: &dyn Clock,
    now: DateTime<Utc>,
    next: Option<DateTime<Utc>>,
    max_idle: Duration,
    wake: &tokio::sync::Notify,
    shutdown: Pin<&mut impl Future<Output = ()>>,
) -> bool {
    let sleep = async {
        match next {
            Some(at) => clock.sleep_until(at.max(now + TimeDelta::seconds(1))).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        () = shutdown => true,
        () = wake.notified() => false,
        () = sleep => false,
        () = tokio::time::sleep(max_idle) => false,
    }
}
