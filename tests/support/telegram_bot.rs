//! The wired Telegram bot against the fake Bot API, on a simulated clock:
//! [`TestBot::start`] runs the app, the Telegram inbound loop, the
//! scheduler and the outbox worker; [`start_telegram`] and [`start_workers`]
//! are the parts, for tests that add another platform's transport to the
//! outbox router (a cross-platform game).
//!
//! Include it with the fake and the databases, at the test crate's root:
//! `#[path = "support/db.rs"] mod db;`,
//! `#[path = "support/fake_telegram.rs"] mod fake_telegram;`,
//! `#[path = "support/telegram_bot.rs"] mod telegram_bot;`.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::router::{Router, Transport};
use corrbot::adapters::telegram::{
    InboundMode, Limits, PollingOptions, TelegramBot, TelegramConfig, TelegramRetryPolicy,
    telegram_limits,
};
use corrbot::adapters::workers::run_workers;
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::scheduler::Timer;
use corrbot::store::Db;
use corrbot::time::{Clock, SimClock};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use crate::fake_telegram::FakeTelegram;

/// When the simulated clock of a test bot starts.
pub fn start_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 9, 1, 9, 0, 0).unwrap()
}

/// The background loops' time, following a [`SimClock`]: a sleep ends as
/// soon as the test moves the clock to or past its instant.
#[derive(Clone)]
pub struct SimTimer {
    clock: SimClock,
    changes: watch::Receiver<u64>,
}

impl SimTimer {
    /// A timer on `clock`.
    pub fn new(clock: SimClock) -> Self {
        let (tell, changes) = watch::channel(0_u64);
        clock.on_change(Box::new(move |_| {
            tell.send_modify(|generation| *generation += 1);
        }));
        Self { clock, changes }
    }
}

impl Timer for SimTimer {
    fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    fn sleep_until(&self, at: DateTime<Utc>) -> impl Future<Output = ()> + Send {
        let clock = self.clock.clone();
        let mut changes = self.changes.clone();
        async move {
            while clock.now() < at {
                if changes.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        }
    }
}

/// Settings for the bot against `fake`: polling with a 1-second long-poll,
/// Telegram's real rate limits, and quick, bounded retries (the outbox
/// retries after them, on the simulated clock).
pub fn test_config(fake: &FakeTelegram) -> TelegramConfig {
    TelegramConfig {
        api_url: Some(fake.api_url()),
        mode: InboundMode::Polling(PollingOptions {
            timeout_secs: 1,
            min_error_backoff: Duration::from_millis(50),
            max_error_backoff: Duration::from_millis(500),
        }),
        limits: telegram_limits(),
        retry: TelegramRetryPolicy {
            max_attempts: 2,
            first_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(1),
        },
        ..TelegramConfig::new(fake.token())
    }
}

/// A running background task with its stop signal.
pub struct Running {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl Running {
    fn spawn<F, Fut>(body: F) -> Self
    where
        F: FnOnce(oneshot::Receiver<()>) -> Fut,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let (stop, stopped) = oneshot::channel();
        Self {
            stop: Some(stop),
            task: tokio::spawn(body(stopped)),
        }
    }

    /// Signals the task to stop and waits for it.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.await.expect("task panicked");
    }
}

async fn stopped(signal: oneshot::Receiver<()>) {
    let _ = signal.await;
}

/// The Telegram side of a running bot: its transport (for the outbox
/// router) and its inbound loop.
pub struct TelegramSide {
    /// The transport notices to Telegram go out through.
    pub transport: Arc<dyn Transport>,
    /// The inbound loop.
    pub serving: Running,
}

/// Connects a bot with `config` (see [`test_config`]) and serves `app`.
pub async fn start_telegram(
    config: TelegramConfig,
    app: App,
    clock: Arc<dyn Clock>,
    cache: Arc<RenderCache>,
) -> TelegramSide {
    let bot = TelegramBot::connect(config)
        .await
        .expect("connect to the fake");
    let transport = bot.transport();
    let serving = Running::spawn(move |signal| async move {
        bot.serve(app, clock, cache, stopped(signal))
            .await
            .expect("telegram serving");
    });
    TelegramSide { transport, serving }
}

/// Starts the scheduler and the outbox worker on `timer`, delivering through
/// a router over `transports`.
pub fn start_workers(
    db: Db,
    timer: SimTimer,
    cache: Arc<RenderCache>,
    transports: Vec<Arc<dyn Transport>>,
) -> Running {
    let clock: Arc<dyn Clock> = Arc::new(timer.clock.clone());
    let router = Router::new(db.clone(), clock, cache, transports);
    Running::spawn(move |signal| async move {
        run_workers(db, &timer, router, stopped(signal)).await;
    })
}

/// The whole bot on one platform: app, Telegram, scheduler, outbox.
pub struct TestBot {
    /// The simulated clock; advance it to move game time.
    pub clock: SimClock,
    /// The app.
    pub app: App,
    telegram: Running,
    workers: Running,
}

impl TestBot {
    /// Starts everything on `db` against `fake` with [`test_config`].
    pub async fn start(fake: &FakeTelegram, db: Db) -> Self {
        Self::start_with(test_config(fake), db).await
    }

    /// Starts everything on `db` with `config`.
    pub async fn start_with(config: TelegramConfig, db: Db) -> Self {
        let clock = SimClock::new(start_time());
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let app = App::new(db.clone(), shared.clone(), AppConfig::default());
        let cache = Arc::new(RenderCache::new(64));
        let side = start_telegram(config, app.clone(), shared, cache.clone()).await;
        let timer = SimTimer::new(clock.clone());
        let workers = start_workers(db, timer, cache, vec![side.transport]);
        Self {
            clock,
            app,
            telegram: side.serving,
            workers,
        }
    }

    /// Moves game time forward.
    pub fn advance_days(&self, days: i64) {
        self.clock.advance(chrono::TimeDelta::days(days));
    }

    /// Stops the loops (the database stays for the test to close).
    pub async fn stop(self) {
        self.telegram.stop().await;
        self.workers.stop().await;
    }
}

/// Limits that never hold a request back, for tests that count nothing.
pub fn unthrottled() -> Limits {
    Limits {
        messages_per_sec_chat: 1_000,
        messages_per_min_chat: 1_000,
        messages_per_min_channel_or_supergroup: 1_000,
        messages_per_sec_overall: 1_000,
    }
}
