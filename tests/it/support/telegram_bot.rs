//! The wired Telegram bot against the fake Bot API, on a simulated clock:
//! [`TestBot::start`] runs the app, the Telegram inbound loop, the
//! scheduler and the outbox worker; [`start_telegram`] and [`start_workers`]
//! are the parts, for tests that add another platform's transport to the
//! outbox router (a cross-platform game).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::router::{Router, Transport};
use corrbot::adapters::telegram::{
    InboundMode, PollingOptions, TelegramBot, TelegramConfig, TelegramRetryPolicy, telegram_limits,
};
use corrbot::adapters::workers::run_workers;
use corrbot::app::deliver::prepare::Preparer;
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::store::Db;
use corrbot::time::{Clock, SimClock};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_telegram::FakeTelegram;

/// When the simulated clock of a test bot starts.
pub fn start_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 9, 1, 9, 0, 0).unwrap()
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
            ..TelegramRetryPolicy::default()
        },
        menu_refresh: Duration::from_millis(200),
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

/// Starts the scheduler and the outbox worker on `clock`, delivering through
/// a router over `transports`, with `app`'s web address and board key.
pub fn start_workers(
    db: Db,
    clock: SimClock,
    cache: Arc<RenderCache>,
    (transports, app): (Vec<Arc<dyn Transport>>, &App),
) -> Running {
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let preparer = Preparer::new(db.clone(), shared, cache)
        .with_web_url(app.web_url().cloned())
        .with_touch_key(app.touch_key().cloned());
    let router = Router::new(preparer, transports);
    Running::spawn(move |signal| async move {
        run_workers(db, &clock, router, None, stopped(signal)).await;
    })
}

/// The whole bot on one platform: app, Telegram, scheduler, outbox.
pub struct TestBot {
    /// The simulated clock; advance it to move game time.
    pub clock: SimClock,
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
        Self::start_with_app(config, db, AppConfig::default()).await
    }

    /// Starts everything on `db` with `config`, the app with `app_config`.
    pub async fn start_with_app(config: TelegramConfig, db: Db, app_config: AppConfig) -> Self {
        let clock = SimClock::new(start_time());
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let app = App::new(db.clone(), shared.clone(), app_config);
        let cache = Arc::new(RenderCache::new(64));
        let side = start_telegram(config, app.clone(), shared, cache.clone()).await;
        let workers = start_workers(db, clock.clone(), cache, (vec![side.transport], &app));
        Self {
            clock,
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
