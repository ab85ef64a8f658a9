//! A notice storm (issue 24), measured once, as a bench command: a
//! 100-player round robin (4,950 games, all started at one instant) whose
//! 14-day reminders fall due together (R3.3.1), on SQLite (a file,
//! synchronous FULL, as the bot runs).
//!
//! It prints the time the scheduler takes to fire the storm (in batches of
//! 100), how long a move made while the storm is fired waits, the messages
//! the outbox sends for the storm's notices (one per notice before issue
//! 24, one per player now) and the time to send them to a deliverer that
//! renders each message for its recipient but sends nothing.
//!
//! Run: `cargo bench --bench storm`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::deliver::notice::notice_message;
use corrbot::app::service::{App, AppConfig, DeadlineHandler};
use corrbot::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker};
use corrbot::scheduler::{DueHandler, Scheduler, SchedulerConfig};
use corrbot::store::{Db, DbOptions, Deadline, NoticeStatus, OutboxNotice, Platform, Tx};
use corrbot::time::{Clock, SimClock};
use tokio::sync::Notify;

/// Players: 100 · 99 / 2 = 4,950 games.
const PLAYERS: usize = 100;

/// Renders every message for its recipient and counts it; sends nothing.
struct Counting {
    db: Db,
    messages: AtomicUsize,
}

impl Deliverer for Counting {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let platforms = [Platform::Console];
        let found = notice_message(&self.db, notice, &platforms).await;
        assert!(matches!(found, Ok(Some(_))), "{found:?}");
        self.messages.fetch_add(1, Ordering::Relaxed);
        Delivery::Delivered
    }
}

/// The app's handler, telling when it has handled its first deadline.
struct Signalling {
    first: Arc<Notify>,
    handled: AtomicUsize,
}

impl DueHandler for Signalling {
    async fn handle(
        &self,
        tx: &mut Tx,
        deadline: &Deadline,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        DeadlineHandler.handle(tx, deadline, now).await?;
        if self.handled.fetch_add(1, Ordering::SeqCst) == 0 {
            self.first.notify_one();
        }
        Ok(())
    }
}

struct Setup {
    app: App,
    db: Db,
    start: DateTime<Utc>,
    updates: AtomicU64,
}

impl Setup {
    async fn say(&self, user: &str, text: &str) -> String {
        let id = self.updates.fetch_add(1, Ordering::Relaxed);
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: format!("storm-{id}"),
            user_id: user.to_owned(),
            display_name: user.to_owned(),
            handle: Some(user.to_owned()),
            chat: Chat::Private,
            text: text.to_owned(),
            reply_to: None,
            client_lang: None,
        };
        let replies = self.app.handle(&inbound).await.unwrap();
        replies.into_iter().map(|r| r.text).collect()
    }
}

async fn setup(path: &std::path::Path) -> Setup {
    let db = Db::open(
        &format!("sqlite://{}", path.display()),
        &DbOptions::default(),
    )
    .await
    .unwrap();
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start));
    let app = App::new(db.clone(), clock, AppConfig::with_admins("console:q0"));
    let setup = Setup {
        app,
        db,
        start,
        updates: AtomicU64::new(0),
    };
    setup.say("q0", "/event create Storm").await;
    for player in 0..PLAYERS {
        setup.say(&format!("q{player}"), "/event join 1").await;
    }
    setup.say("q0", "/event start 1").await;
    // The start's notices are not part of the storm.
    let worker = OutboxWorker::new(
        setup.db.clone(),
        Counting {
            db: setup.db.clone(),
            messages: AtomicUsize::new(0),
        },
        OutboxConfig::default(),
    );
    worker.poll(start).await.unwrap();
    setup
}

async fn pending_reminders(db: &Db) -> usize {
    let mut tx = db.read().await.unwrap();
    let pending = tx.notices_with_status(NoticeStatus::Pending).await.unwrap();
    tx.commit().await.unwrap();
    pending.iter().filter(|n| n.kind == "reminder").count()
}

/// The white player of the first game.
async fn first_white(db: &Db) -> (i64, String) {
    let mut tx = db.read().await.unwrap();
    let games = tx.games_of_event(corrbot::store::EventId(1)).await.unwrap();
    assert_eq!(games.len(), PLAYERS * (PLAYERS - 1) / 2);
    let game = &games[0];
    let white = tx.player(game.white).await.unwrap().display_name;
    tx.commit().await.unwrap();
    (game.id.0, white)
}

async fn run() {
    let path = std::env::temp_dir().join(format!("corrbot_bench_storm_{}.db", std::process::id()));
    let setup = setup(&path).await;
    let at = setup.start + TimeDelta::days(14);
    let (game, white) = first_white(&setup.db).await;
    let first = Arc::new(Notify::new());
    let handler = Signalling {
        first: first.clone(),
        handled: AtomicUsize::new(0),
    };
    let scheduler = Arc::new(Scheduler::new(
        setup.db.clone(),
        handler,
        SchedulerConfig::default(),
    ));
    let began = Instant::now();
    let storm = tokio::spawn({
        let scheduler = scheduler.clone();
        async move {
            let fired = scheduler.poll_due(at).await.unwrap();
            (fired, began.elapsed())
        }
    });
    first.notified().await;
    let asked = Instant::now();
    let reply = setup.say(&white, &format!("/move #{game} e2-e4")).await;
    let waited = asked.elapsed();
    assert!(reply.contains("e2-e4"), "{reply}");
    let (fired, storm_time) = storm.await.unwrap();
    let notices = pending_reminders(&setup.db).await;
    let deliverer = Counting {
        db: setup.db.clone(),
        messages: AtomicUsize::new(0),
    };
    let worker = OutboxWorker::new(setup.db.clone(), deliverer, OutboxConfig::default());
    let sending = Instant::now();
    let report = worker.poll(at).await.unwrap();
    let send_time = sending.elapsed();
    let messages = worker.deliverer().messages.load(Ordering::Relaxed);
    println!(
        "storm: {} deadlines fired in {}",
        fired.handled,
        ms(storm_time)
    );
    println!("a move during the storm waited {}", ms(waited));
    println!(
        "notices: {notices} reminders -> {messages} messages ({} notices delivered) in {}",
        report.delivered,
        ms(send_time)
    );
    setup.db.close().await;
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.clone().into_os_string();
        file.push(suffix);
        let _ = std::fs::remove_file(file);
    }
}

fn ms(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run());
}
