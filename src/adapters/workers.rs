//! The background workers every chat platform shares: the deadline
//! scheduler and the outbox worker, run together on one timer until
//! shutdown. `corrbot run` gives them a [`Router`] over the transports of
//! the platforms it serves.

use crate::adapters::router::Router;
use crate::app::service::DeadlineHandler;
use crate::outbox::{OutboxConfig, OutboxWorker};
use crate::scheduler::{Scheduler, SchedulerConfig, Timer};
use crate::store::Db;

/// Runs the scheduler and the outbox worker (delivering through `router`)
/// on `timer` until `shutdown` completes.
pub async fn run_workers(
    db: Db,
    timer: &impl Timer,
    router: Router,
    shutdown: impl Future<Output = ()>,
) {
    let scheduler = Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default());
    let outbox = OutboxWorker::new(db, router, OutboxConfig::default());
    let both = async {
        tokio::join!(
            scheduler.run(timer, std::future::pending()),
            outbox.run(timer, std::future::pending()),
        )
    };
    tokio::select! {
        () = shutdown => {}
        _ = both => {}
    }
}
