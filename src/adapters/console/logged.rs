//! The console's delivery log: which notice was sent to whom, by id, so a
//! crash test can tell a re-send from a loss.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use chrono::TimeDelta;

use crate::adapters::router::Router;
use crate::outbox::{Deliverer, Delivery};
use crate::store::OutboxNotice;

/// Settings of a console session beyond the app's.
#[derive(Clone, Debug, Default)]
pub struct ConsoleOptions {
    /// A file that gets one `<notice id> <recipient>` line per delivered
    /// notice, written after the notice is sent and before the outbox marks
    /// it delivered (`CORRBOT_DELIVERY_LOG`). It makes deliveries
    /// observable by notice id: a crash between this line and the mark
    /// sends the notice again, so a reader deduplicates by id.
    pub delivery_log: Option<PathBuf>,
    /// How long a claim on a notice lasts (`CORRBOT_OUTBOX_LEASE_MS`); the
    /// outbox's default when unset. A notice claimed by a killed process is
    /// sent again after the lease.
    pub outbox_lease: Option<TimeDelta>,
}

impl ConsoleOptions {
    /// The options from `CORRBOT_DELIVERY_LOG` and `CORRBOT_OUTBOX_LEASE_MS`.
    pub fn from_env() -> anyhow::Result<Self> {
        let lease = match std::env::var("CORRBOT_OUTBOX_LEASE_MS") {
            Ok(ms) => Some(TimeDelta::milliseconds(ms.trim().parse()?)),
            Err(_) => None,
        };
        Ok(Self {
            delivery_log: std::env::var_os("CORRBOT_DELIVERY_LOG").map(PathBuf::from),
            outbox_lease: lease,
        })
    }
}

/// The console's deliverer: the router, then the delivery log.
pub struct LoggedDeliverer {
    router: Router,
    log: Option<Mutex<std::fs::File>>,
}

impl LoggedDeliverer {
    /// Delivers through `router`, appending to the file at `log` if given.
    pub fn new(router: Router, log: Option<&std::path::Path>) -> std::io::Result<Self> {
        let log = match log {
            Some(path) => Some(Mutex::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)?,
            )),
            None => None,
        };
        Ok(Self { router, log })
    }

    /// The router behind the log.
    pub fn router(&self) -> &Router {
        &self.router
    }

    /// Appends `<id> <recipient>` in one write; the line survives a kill of
    /// this process once the write returns.
    fn log(&self, notice: &OutboxNotice) -> std::io::Result<()> {
        let Some(log) = &self.log else {
            return Ok(());
        };
        let line = format!("{} {}\n", notice.id, notice.recipient.key());
        let mut file = log.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
    }
}

impl Deliverer for LoggedDeliverer {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let outcome = self.router.deliver(notice).await;
        if outcome != Delivery::Delivered {
            return outcome;
        }
        match self.log(notice) {
            Ok(()) => outcome,
            Err(error) => Delivery::Retry {
                error: format!("delivery log: {error}"),
                retry_after: None,
            },
        }
    }
}
