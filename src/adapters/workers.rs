//! The background workers every chat platform shares: the deadline
//! scheduler, the outbox worker and the retention pruner, run together on one clock until
//! shutdown. `corrbot run` gives them a [`Router`] over the transports of
//! the platforms it serves.

use chrono::TimeDelta;

use crate::adapters::router::Router;
use crate::app::service::DeadlineHandler;
use crate::outbox::{OutboxConfig, OutboxWorker};
use crate::retention::{Pruner, RetentionConfig};
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::shutdown::Stop;
use crate::store::Db;
use crate::time::Clock;

/// Runs the scheduler, the retention pruner and the outbox worker
/// (delivering through `router`, whose claims last `lease`:
/// `CORRBOT_OUTBOX_LEASE_MS`, the outbox's default when `None`) on `clock`
/// until `shutdown` completes; then each finishes the item in hand (a
/// notice in flight is sent, or its claim released) before this returns
/// ([`crate::shutdown`]).
pub async fn run_workers(
    db: Db,
    clock: &dyn Clock,
    router: Router,
    lease: Option<TimeDelta>,
    shutdown: impl Future<Output = ()>,
) {
    let (switch, stop) = Stop::new();
    let scheduler = Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default())
        .with_stop(stop.clone());
    let pruner = Pruner::new(db.clone(), RetentionConfig::from_env());
    let mut config = OutboxConfig::default();
    config.lease = lease.unwrap_or(config.lease);
    let outbox = OutboxWorker::new(db, router, config).with_stop(stop.clone());
    let all = async {
        tokio::join!(
            scheduler.run(clock, stop.wait()),
            outbox.run(clock, stop.wait()),
            pruner.run(clock, stop.wait()),
        )
    };
    tokio::pin!(all);
    tokio::select! {
        () = shutdown => {
            switch.stop();
            all.await;
        }
        _ = &mut all => {}
    }
}
