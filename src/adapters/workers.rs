//! The background workers every chat platform shares: the deadline
//! scheduler, the outbox worker and the retention pruner, run together on one clock until
//! shutdown. `corrbot run` gives them a [`Router`] over the transports of
//! the platforms it serves.

use crate::adapters::router::Router;
use crate::app::service::DeadlineHandler;
use crate::outbox::{OutboxConfig, OutboxWorker};
use crate::retention::{Pruner, RetentionConfig};
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::store::Db;
use crate::time::Clock;

/// Runs the scheduler and the outbox worker (delivering through `router`)
/// on `clock` until `shutdown` completes.
pub async fn run_workers(
    db: Db,
    clock: &dyn Clock,
    router: Router,
    shutdown: impl Future<Output = ()>,
) {
    let scheduler = Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default());
    let pruner = Pruner::new(db.clone(), RetentionConfig::from_env());
    let outbox = OutboxWorker::new(db, router, OutboxConfig::default());
    let both = async {
        tokio::join!(
            scheduler.run(clock, std::future::pending()),
            outbox.run(clock, std::future::pending()),
            pruner.run(clock, std::future::pending()),
        )
    };
    tokio::select! {
        () = shutdown => {}
        _ = both => {}
    }
}
