//! Notice storms (issue 24): when the deadlines of many games fall due at
//! one instant, each player gets one message listing their games (R3.3.1
//! reminders, R3.3.2 35-day notices, R3.5.7 losses on time), every notice
//! marked delivered once even with two outbox workers; and the scheduler
//! fires a storm in bounded batches, so a player's move does not wait for
//! the storm to end. On SQLite and PostgreSQL.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::app::i18n::Lang;
use corrbot::app::notice::{BATCH_KIND, Notice};
use corrbot::app::service::DeadlineHandler;
use corrbot::core::notation::Notation;
use corrbot::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker};
use corrbot::scheduler::{DueHandler, Scheduler, SchedulerConfig};
use corrbot::store::*;
use tokio::sync::Notify;

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, start};

/// Records every message it is given: recipient and notice.
#[derive(Clone, Default)]
struct Recording {
    sent: Arc<Mutex<Vec<(String, Notice)>>>,
}

impl Recording {
    fn sent(&self) -> Vec<(String, Notice)> {
        self.sent.lock().unwrap().clone()
    }
}

impl Deliverer for Recording {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let typed: Notice = serde_json::from_value(notice.payload.clone()).unwrap();
        let entry = (notice.recipient.key(), typed);
        self.sent.lock().unwrap().push(entry);
        tokio::task::yield_now().await;
        Delivery::Delivered
    }
}

/// The games a message is about, in its order.
fn games_of(notice: &Notice) -> Vec<GameId> {
    match notice {
        Notice::Batch(batch) => batch.items.iter().flat_map(games_of).collect(),
        Notice::Reminder { game, .. } => vec![*game],
        other => panic!("not a reminder: {other:?}"),
    }
}

/// The notices of `kind` and their statuses.
async fn statuses(db: &Db, kind: &str) -> Vec<NoticeStatus> {
    let mut tx = db.read().await.unwrap();
    let mut all = Vec::new();
    for status in [
        NoticeStatus::Pending,
        NoticeStatus::Delivered,
        NoticeStatus::Parked,
    ] {
        let notices = tx.notices_with_status(status).await.unwrap();
        all.extend(notices.iter().filter(|n| n.kind == kind).map(|n| n.status));
    }
    tx.commit().await.unwrap();
    all
}

/// The players of a 10-player round robin (45 games, each player White in
/// 4 or 5 of them): at 14 days without a move every White is reminded at
/// once (R3.3.1).
const PLAYERS: [&str; 10] = ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"];

/// A 10-player storm of 45 reminders, fired in batches of 7 (the storm
/// spans several transactions) and sent by an outbox worker polling
/// between the batches' commits: one message per player, listing each of
/// the player's games once, and every reminder delivered once.
async fn a_storm_is_one_message_per_player(t: &TestDb) {
    let mut world = World::new(&t.db);
    world.event("Storm", &PLAYERS).await;
    drain(&world).await;
    let at = start() + TimeDelta::days(14);
    let config = SchedulerConfig {
        batch: 7,
        ..SchedulerConfig::default()
    };
    let scheduler = Scheduler::new(t.db.clone(), DeadlineHandler, config);
    let deliverer = Recording::default();
    let worker = OutboxWorker::new(t.db.clone(), deliverer.clone(), OutboxConfig::default());
    let (fired, polled) = tokio::join!(scheduler.poll_due(at), async {
        // Polls while the storm is fired: reminders wait for its end.
        for _ in 0..20 {
            worker.poll(at).await.unwrap();
            tokio::task::yield_now().await;
        }
    });
    let fired = fired.unwrap();
    let () = polled;
    assert_eq!(fired.handled, 45, "{fired:?}");
    worker.poll(at).await.unwrap();
    let sent = deliverer.sent();
    let mut per_player: BTreeMap<String, Vec<GameId>> = BTreeMap::new();
    for (recipient, notice) in &sent {
        let games = games_of(notice);
        assert!(
            per_player.insert(recipient.clone(), games).is_none(),
            "{recipient} got two messages: {sent:?}"
        );
    }
    assert_eq!(per_player.len(), 10, "{per_player:?}");
    let mut games: Vec<GameId> = per_player.values().flatten().copied().collect();
    games.sort_unstable();
    assert_eq!(games, (1..=45).map(GameId).collect::<Vec<_>>());
    assert!(per_player.values().all(|g| g.len() >= 4), "{per_player:?}");
    let statuses = statuses(&t.db, "reminder").await;
    assert_eq!(statuses.len(), 45);
    assert!(statuses.iter().all(|s| *s == NoticeStatus::Delivered));
    let (_, first) = &sent[0];
    let text = first.message(Lang::Uk, Notation::UkrainianFull, None).text;
    assert!(text.starts_with("Нагадування про "), "{text}");
    assert!(
        text.contains("\u{a0}партії:") || text.contains("\u{a0}партій:"),
        "{text}"
    );
    assert!(text.contains("\u{a0}— суперник: p"), "{text}");
    let text = first.message(Lang::En, Notation::San, None).text;
    assert!(text.starts_with("Reminders for "), "{text}");
    assert_eq!(first.kind(), BATCH_KIND);
}

/// Sends (and drops) what the event's start queued.
async fn drain(world: &World) {
    let worker = OutboxWorker::new(
        world.db.clone(),
        Recording::default(),
        OutboxConfig::default(),
    );
    worker.poll(start()).await.unwrap();
}

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 1, 9, 0, 0).unwrap()
}

/// 10 recipients × 9 reminders written at one instant, then one more
/// reminder each written a second later (a later scheduler run): two
/// workers polling at once send each recipient exactly two messages (9
/// games, then 1), and every notice is delivered once.
async fn two_workers_send_each_notice_once(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    for player in 1..=10_i64 {
        for n in 0..10_i64 {
            let game = player * 100 + n;
            let notice = Notice::Reminder {
                game: GameId(game),
                days: 14,
                left: 36,
                loses_at: None,
                room: None,
                opponent: Some(format!("q{n}")),
            };
            let payload = serde_json::to_value(&notice).unwrap();
            let at = if n == 9 {
                t0() + TimeDelta::seconds(1)
            } else {
                t0()
            };
            let recipient = NoticeRecipient::Player(PlayerId(player));
            tx.enqueue_notice(&recipient, notice.kind(), &payload, at)
                .await
                .unwrap();
        }
    }
    tx.commit().await.unwrap();
    let deliverer = Recording::default();
    let now = t0() + TimeDelta::minutes(1);
    let first = OutboxWorker::new(t.db.clone(), deliverer.clone(), OutboxConfig::default());
    let second = OutboxWorker::new(t.db.clone(), deliverer.clone(), OutboxConfig::default());
    let (a, b) = tokio::join!(first.poll(now), second.poll(now));
    assert_eq!(a.unwrap().delivered + b.unwrap().delivered, 100);
    let sent = deliverer.sent();
    let mut per_player: BTreeMap<String, Vec<Vec<GameId>>> = BTreeMap::new();
    for (recipient, notice) in &sent {
        per_player
            .entry(recipient.clone())
            .or_default()
            .push(games_of(notice));
    }
    assert_eq!(per_player.len(), 10);
    for (recipient, messages) in &per_player {
        let player: i64 = recipient.trim_start_matches("player:").parse().unwrap();
        let nine: Vec<GameId> = (0..9).map(|n| GameId(player * 100 + n)).collect();
        let tenth = GameId(player * 100 + 9);
        assert_eq!(messages, &vec![nine, vec![tenth]], "{recipient}");
    }
    let statuses = statuses(&t.db, "reminder").await;
    assert_eq!(statuses.len(), 100);
    assert!(statuses.iter().all(|s| *s == NoticeStatus::Delivered));
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

/// Deadlines in the storm.
const STORM: usize = 3_000;

/// A storm of 3,000 due deadlines and a move made while it is fired: the
/// move commits while deadlines of the storm are still due (the scheduler
/// works in batches of 100 and lets writers in between), and then the storm
/// ends, every deadline fired once.
async fn a_move_commits_during_a_storm(t: &TestDb) {
    let mut world = World::new(&t.db);
    world.event("Duel", &["ann", "bob"]).await;
    let mut tx = t.db.begin().await.unwrap();
    for n in 0..STORM {
        let new = NewDeadline {
            due_at: start(),
            // A digest of nobody: a deadline the app knows, and a no-op
            // (an unknown kind would now fail loudly).
            kind: "digest".into(),
            key: Some(format!("storm:{n}")),
            payload: serde_json::json!({}),
            ..NewDeadline::default()
        };
        tx.set_deadline(&new, start()).await.unwrap();
    }
    tx.commit().await.unwrap();
    let first = Arc::new(Notify::new());
    let handler = Signalling {
        first: first.clone(),
        handled: AtomicUsize::new(0),
    };
    let scheduler = Arc::new(Scheduler::new(
        t.db.clone(),
        handler,
        SchedulerConfig::default(),
    ));
    let storm = tokio::spawn({
        let scheduler = scheduler.clone();
        async move { scheduler.poll_due(start()).await }
    });
    first.notified().await;
    let reply = world.move_as("ann", 1, "e2-e4").await;
    assert!(reply.iter().any(|r| r.contains("1. e2-e4")), "{reply:?}");
    let mut tx = t.db.read().await.unwrap();
    let next = tx.next_due_at().await.unwrap();
    tx.commit().await.unwrap();
    assert!(
        next.is_some_and(|due| due <= start()),
        "the move waited for the whole storm"
    );
    let fired = storm.await.unwrap().unwrap();
    assert_eq!(fired.handled, STORM, "{fired:?}");
    assert_eq!(world.game(1).await.ply, 1);
}

on_both!(
    a_storm_is_one_message_per_player,
    two_workers_send_each_notice_once,
    a_move_commits_during_a_storm,
);
