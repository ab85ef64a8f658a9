//! The console adapter: `@name: text` lines in, as private messages from
//! user `name` on platform `console`; replies and notices out as
//! `-> @name: text` lines. Used when no chat token is set, and by tests.

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono::TimeDelta;

use crate::adapters::router::{Router, SendFuture, Transport};
use crate::app::actor::{Chat, Inbound};
use crate::app::outgoing::{Address, Outgoing, RenderedImage};
use crate::app::service::{App, DeadlineHandler};
use crate::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker};
use crate::render::RenderCache;
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::store::{OutboxNotice, Platform};
use crate::time::Clock;

/// Reads `@name: text` as (name, text).
pub fn parse_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix('@')?;
    let (name, text) = rest.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| (name, text.trim()))
}

/// Formats one outgoing message.
pub fn out_line(name: &str, text: &str) -> String {
    format!("-> @{name}: {text}")
}

/// Sends messages by writing them as console lines.
#[derive(Clone)]
pub struct ConsoleTransport {
    lines: Arc<Mutex<Vec<String>>>,
}

impl ConsoleTransport {
    /// A transport writing into `lines`.
    pub fn new(lines: Arc<Mutex<Vec<String>>>) -> Self {
        Self { lines }
    }
}

impl Transport for ConsoleTransport {
    fn platform(&self) -> Platform {
        Platform::Console
    }

    fn send<'a>(
        &'a self,
        to: &'a Address,
        message: &'a Outgoing,
        _image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let name = match to {
                Address::User { user_id, .. } => user_id,
                Address::Chat { chat_id, .. } => chat_id,
            };
            let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
            lines.push(out_line(name, &message.text));
            Delivery::Delivered
        })
    }
}

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

/// The console session: the app, the scheduler and the outbox on one clock.
pub struct Console {
    app: App,
    clock: Arc<dyn Clock>,
    scheduler: Scheduler<DeadlineHandler>,
    outbox: OutboxWorker<LoggedDeliverer>,
    lines: Arc<Mutex<Vec<String>>>,
    session: i64,
    counter: u64,
}

impl Console {
    /// A console on `app`, telling time by `clock`.
    pub fn new(app: App, clock: Arc<dyn Clock>) -> Self {
        Self::with_options(app, clock, &ConsoleOptions::default())
            .expect("a console without a delivery log opens no file")
    }

    /// A console with `options`; fails if the delivery log cannot be opened.
    pub fn with_options(
        app: App,
        clock: Arc<dyn Clock>,
        options: &ConsoleOptions,
    ) -> std::io::Result<Self> {
        let db = app.db().clone();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let transport: Arc<dyn Transport> = Arc::new(ConsoleTransport::new(lines.clone()));
        let cache = Arc::new(RenderCache::new(64));
        let router = Router::new(db.clone(), clock.clone(), cache, vec![transport]);
        let deliverer = LoggedDeliverer::new(router, options.delivery_log.as_deref())?;
        let mut config = OutboxConfig::default();
        if let Some(lease) = options.outbox_lease {
            config.lease = lease;
        }
        Ok(Self {
            scheduler: Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default()),
            outbox: OutboxWorker::new(db, deliverer, config),
            session: clock.now().timestamp_micros(),
            app,
            clock,
            lines,
            counter: 0,
        })
    }

    /// Handles one input line; returns the output lines (replies, then notices).
    pub async fn line(&mut self, line: &str) -> anyhow::Result<Vec<String>> {
        let Some((name, text)) = parse_line(line) else {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                return Ok(Vec::new());
            }
            return Ok(vec!["?? expected `@name: text`".to_owned()]);
        };
        self.counter += 1;
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: format!("{}-{}", self.session, self.counter),
            user_id: name.to_owned(),
            display_name: name.to_owned(),
            chat: Chat::Private,
            text: text.to_owned(),
        };
        let replies = self.app.handle(&inbound).await?;
        let mut out: Vec<String> = replies.iter().map(|r| out_line(name, &r.text)).collect();
        out.extend(self.tick().await?);
        Ok(out)
    }

    /// Fires due deadlines and delivers pending notices at the clock's now.
    pub async fn tick(&self) -> anyhow::Result<Vec<String>> {
        let now = self.clock.now();
        self.scheduler.poll_due(now).await?;
        self.outbox.poll(now).await?;
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        Ok(std::mem::take(&mut *lines))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_the_sender() {
        assert_eq!(parse_line("@alice: e2-e4"), Some(("alice", "e2-e4")));
        assert_eq!(parse_line("  @bob:/games "), Some(("bob", "/games")));
        assert_eq!(parse_line("alice: e2-e4"), None);
        assert_eq!(parse_line("@: e2-e4"), None);
        assert_eq!(parse_line("@a b: x"), None);
    }
}
