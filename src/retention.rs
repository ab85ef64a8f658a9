//! The retention worker: once in a while (in the clock's time) it deletes
//! the inbound update ids and delivered notices older than the retention
//! period ([`Db::prune_before`]), in bounded batches. Several processes
//! may prune at once: each batch deletes rows another has not, and a row
//! deleted twice is simply gone.

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::scheduler::run_loop;
use crate::store::{Db, Pruned, StoreResult};
use crate::time::Clock;

/// How long rows are kept and how they are pruned.
#[derive(Clone, Debug)]
pub struct RetentionConfig {
    /// How long inbound update ids and delivered notices are kept: long
    /// past any redelivery (Telegram keeps an update for 24 hours) and
    /// long enough for an operator's questions about a delivery.
    pub keep: TimeDelta,
    /// The most rows of one table deleted in one transaction.
    pub batch: u32,
    /// How often, in the clock's time, a prune runs.
    pub every: TimeDelta,
}

impl Default for RetentionConfig {
    fn default() -> Self {
        Self {
            keep: TimeDelta::days(DEFAULT_RETENTION_DAYS),
            batch: 500,
            every: TimeDelta::hours(6),
        }
    }
}

/// The retention period unless `CORRBOT_RETENTION_DAYS` says otherwise.
pub const DEFAULT_RETENTION_DAYS: i64 = 60;

impl RetentionConfig {
    /// The default, with the period of `CORRBOT_RETENTION_DAYS` (whole
    /// days, at least 2) when that is set and readable.
    pub fn from_env() -> Self {
        let days = std::env::var("CORRBOT_RETENTION_DAYS")
            .ok()
            .and_then(|text| text.trim().parse::<i64>().ok())
            .filter(|days| (2..=36_500).contains(days));
        Self {
            keep: TimeDelta::days(days.unwrap_or(DEFAULT_RETENTION_DAYS)),
            ..Self::default()
        }
    }
}

/// Prunes the store now and then.
#[derive(Debug)]
pub struct Pruner {
    db: Db,
    config: RetentionConfig,
    next_run: Mutex<Option<DateTime<Utc>>>,
}

impl Pruner {
    /// A pruner on `db`.
    pub fn new(db: Db, config: RetentionConfig) -> Self {
        Self {
            db,
            config,
            next_run: Mutex::new(None),
        }
    }

    /// Deletes what is older than the retention period at `now`.
    pub async fn prune(&self, now: DateTime<Utc>) -> StoreResult<Pruned> {
        let pruned = self
            .db
            .prune_before(now - self.config.keep, self.config.batch)
            .await?;
        if pruned != Pruned::default() {
            tracing::info!(?pruned, "retention: old rows pruned");
        }
        Ok(pruned)
    }

    /// Prunes if the last prune is `every` old; the instant of the next.
    async fn step(&self, now: DateTime<Utc>) -> StoreResult<Option<DateTime<Utc>>> {
        let due = self.next_run_at().is_none_or(|next| next <= now);
        if due {
            self.prune(now).await?;
            *self.next_run.lock().expect("pruner state") = Some(now + self.config.every);
        }
        Ok(self.next_run_at())
    }

    fn next_run_at(&self) -> Option<DateTime<Utc>> {
        *self.next_run.lock().expect("pruner state")
    }

    /// Runs until `shutdown` completes.
    pub async fn run(&self, clock: &dyn Clock, shutdown: impl Future<Output = ()>) {
        let never = tokio::sync::Notify::new();
        let max_idle = Duration::from_secs(15 * 60);
        let step = |now| self.step(now);
        run_loop(
            clock,
            "retention cannot prune",
            max_idle,
            &never,
            shutdown,
            step,
        )
        .await;
    }
}
