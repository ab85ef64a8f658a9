//! The outbox worker: per-recipient order, exponential back-off, parking
//! with an alert to the administrator, and delivery marked exactly once, on
//! SQLite and PostgreSQL, with time driven explicitly.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker, PARKED_ALERT, PollReport};
use corrbot::store::*;
use corrbot::time::Clock;
use serde_json::json;

use crate::support::db::{TestDb, on_both};
use crate::support::time::JumpClock;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 1, 9, 0, 0).unwrap()
}

fn secs(n: i64) -> DateTime<Utc> {
    t0() + TimeDelta::seconds(n)
}

/// Answers each attempt from a script keyed by the payload's "n" (delivered
/// when the script is empty) and logs every attempt.
#[derive(Default, Clone)]
struct Scripted {
    script: Arc<Mutex<HashMap<i64, VecDeque<Delivery>>>>,
    attempts: Arc<Mutex<Vec<(String, i64)>>>,
    delivered: Arc<Mutex<Vec<(String, i64)>>>,
}

impl Scripted {
    fn fail(&self, n: i64, outcomes: impl IntoIterator<Item = Delivery>) {
        self.script
            .lock()
            .unwrap()
            .entry(n)
            .or_default()
            .extend(outcomes);
    }

    fn attempts(&self) -> Vec<(String, i64)> {
        self.attempts.lock().unwrap().clone()
    }

    fn delivered_to(&self, recipient: &NoticeRecipient) -> Vec<i64> {
        let log = self.delivered.lock().unwrap();
        log.iter()
            .filter(|(r, _)| *r == recipient.key())
            .map(|(_, n)| *n)
            .collect()
    }
}

impl Deliverer for Scripted {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let n = notice.payload["n"].as_i64().unwrap_or(-1);
        let key = notice.recipient.key();
        self.attempts.lock().unwrap().push((key.clone(), n));
        let outcome = self
            .script
            .lock()
            .unwrap()
            .get_mut(&n)
            .and_then(VecDeque::pop_front);
        let outcome = outcome.unwrap_or(Delivery::Delivered);
        if outcome == Delivery::Delivered {
            self.delivered.lock().unwrap().push((key, n));
        }
        outcome
    }
}

fn retry() -> Delivery {
    Delivery::Retry {
        error: "timeout".into(),
        retry_after: None,
    }
}

fn alice() -> NoticeRecipient {
    NoticeRecipient::Player(PlayerId(1))
}

fn group() -> NoticeRecipient {
    NoticeRecipient::Chat {
        platform: Platform::Telegram,
        chat_id: "-100".into(),
    }
}

async fn enqueue(db: &Db, notices: &[(NoticeRecipient, i64)]) -> Vec<NoticeId> {
    let mut tx = db.begin().await.unwrap();
    let mut ids = Vec::new();
    for (recipient, n) in notices {
        ids.push(
            tx.enqueue_notice(recipient, "text", &json!({"n": n}), t0())
                .await
                .unwrap(),
        );
    }
    tx.commit().await.unwrap();
    ids
}

async fn notice(db: &Db, id: NoticeId) -> OutboxNotice {
    db.read().await.unwrap().notice(id).await.unwrap()
}

fn config() -> OutboxConfig {
    OutboxConfig {
        max_attempts: 4,
        base_backoff: TimeDelta::seconds(2),
        ..Default::default()
    }
}

async fn keeps_each_recipients_order_through_retries(t: &TestDb) {
    let ids = enqueue(
        &t.db,
        &[(alice(), 1), (alice(), 2), (group(), 10), (alice(), 3)],
    )
    .await;
    let deliverer = Scripted::default();
    deliverer.fail(1, [retry(), retry()]);
    let worker = OutboxWorker::new(t.db.clone(), deliverer.clone(), config());
    assert_eq!(
        worker.poll(t0()).await.unwrap(),
        PollReport {
            delivered: 1,
            retried: 1,
            parked: 0
        }
    );
    // Exponential back-off: 2 s after the first failure, then 4 s.
    assert_eq!(notice(&t.db, ids[0]).await.next_attempt_at, secs(2));
    assert_eq!(
        worker.poll(secs(1)).await.unwrap(),
        PollReport::default(),
        "alice waits for 1"
    );
    assert_eq!(worker.poll(secs(2)).await.unwrap().retried, 1);
    assert_eq!(notice(&t.db, ids[0]).await.next_attempt_at, secs(6));
    assert_eq!(worker.poll(secs(6)).await.unwrap().delivered, 3);
    assert_eq!(deliverer.delivered_to(&alice()), [1, 2, 3]);
    let alice_attempts: Vec<_> = deliverer
        .attempts()
        .into_iter()
        .filter(|(r, _)| *r == alice().key())
        .map(|(_, n)| n)
        .collect();
    assert_eq!(
        alice_attempts,
        [1, 1, 1, 2, 3],
        "nothing overtakes a notice being retried"
    );
    let sent = notice(&t.db, ids[0]).await;
    assert_eq!(
        (sent.status, sent.attempts, sent.delivered_at),
        (NoticeStatus::Delivered, 3, Some(secs(6)))
    );
    assert_eq!(worker.next_attempt_at().await.unwrap(), None);
}

async fn parks_after_n_failures_and_alerts_the_administrator(t: &TestDb) {
    let ids = enqueue(&t.db, &[(alice(), 1), (alice(), 2)]).await;
    let deliverer = Scripted::default();
    deliverer.fail(1, (0..10).map(|_| retry()));
    let worker = OutboxWorker::new(t.db.clone(), deliverer.clone(), config());
    let mut now = t0();
    let mut total = PollReport::default();
    for _ in 0..4 {
        let sent = worker.poll(now).await.unwrap();
        total.retried += sent.retried;
        total.parked += sent.parked;
        total.delivered += sent.delivered;
        now = worker.next_attempt_at().await.unwrap().unwrap_or(now);
    }
    assert_eq!((total.retried, total.parked), (3, 1));
    let parked = notice(&t.db, ids[0]).await;
    assert_eq!((parked.status, parked.attempts), (NoticeStatus::Parked, 4));
    assert_eq!(parked.last_error.as_deref(), Some("timeout"));
    assert_eq!(
        deliverer.delivered_to(&alice()),
        [2],
        "the queue goes on after parking"
    );
    let mut tx = t.db.read().await.unwrap();
    let alerts = tx
        .notices_to(&NoticeRecipient::Administrator)
        .await
        .unwrap();
    assert_eq!(alerts.len(), 1);
    assert_eq!(alerts[0].kind, PARKED_ALERT);
    assert_eq!(alerts[0].payload["notice_id"], json!(ids[0].0));
    assert_eq!(
        alerts[0].status,
        NoticeStatus::Delivered,
        "the administrator was told"
    );
}

async fn permanent_errors_park_and_retry_after_is_honoured(t: &TestDb) {
    let ids = enqueue(&t.db, &[(alice(), 1), (group(), 2)]).await;
    let deliverer = Scripted::default();
    deliverer.fail(
        1,
        [Delivery::Permanent {
            error: "bot blocked".into(),
        }],
    );
    let wait = Delivery::Retry {
        error: "429".into(),
        retry_after: Some(Duration::from_secs(60)),
    };
    deliverer.fail(2, [wait]);
    let worker = OutboxWorker::new(t.db.clone(), deliverer.clone(), config());
    let sent = worker.poll(t0()).await.unwrap();
    assert_eq!((sent.parked, sent.retried), (1, 1));
    assert_eq!(notice(&t.db, ids[0]).await.status, NoticeStatus::Parked);
    assert_eq!(
        notice(&t.db, ids[1]).await.next_attempt_at,
        secs(60),
        "the platform's wait wins"
    );
    assert_eq!(worker.poll(secs(59)).await.unwrap().delivered, 0);
    assert_eq!(worker.poll(secs(60)).await.unwrap().delivered, 1);
}

/// Two workers (two pools) on one database: each notice is delivered and
/// marked exactly once, and each recipient's order holds.
async fn two_workers_mark_each_notice_once(t: &TestDb) {
    let recipients: Vec<_> = (1..=5)
        .map(|p| NoticeRecipient::Player(PlayerId(p)))
        .collect();
    let plan: Vec<_> = (0..60)
        .map(|n| (recipients[n as usize % 5].clone(), n))
        .collect();
    enqueue(&t.db, &plan).await;
    let deliverer = Scripted::default();
    deliverer.fail(7, [retry()]);
    let other = t.connect_again().await;
    let a = OutboxWorker::new(t.db.clone(), deliverer.clone(), config());
    let b = OutboxWorker::new(other.clone(), deliverer.clone(), config());
    let (sa, sb) = tokio::join!(a.poll(t0()), b.poll(t0()));
    let (sa2, sb2) = tokio::join!(a.poll(secs(2)), b.poll(secs(2)));
    let delivered = [sa, sb, sa2, sb2]
        .into_iter()
        .map(|s| s.unwrap().delivered)
        .sum::<usize>();
    assert_eq!(delivered, 60);
    for (i, recipient) in recipients.iter().enumerate() {
        let expected: Vec<i64> = (0..60).filter(|n| n % 5 == i as i64).collect();
        assert_eq!(
            deliverer.delivered_to(recipient),
            expected,
            "order and no duplicates"
        );
    }
    other.close().await;
}

/// The worker's loop under simulated time: back-off waits pass at once.
async fn run_loop_delivers_under_simulated_time(t: &TestDb) {
    enqueue(&t.db, &[(alice(), 1), (alice(), 2)]).await;
    let deliverer = Scripted::default();
    deliverer.fail(1, [retry(), retry(), retry()]);
    let worker = OutboxWorker::new(t.db.clone(), deliverer.clone(), config());
    let clock = JumpClock::new(t0());
    let done = async {
        while deliverer.delivered_to(&alice()).len() < 2 {
            tokio::task::yield_now().await;
        }
    };
    let run = worker.run(&clock, done);
    tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("all delivered");
    assert_eq!(deliverer.delivered_to(&alice()), [1, 2]);
    assert!(clock.now() >= secs(2 + 4 + 8));
}

/// Sends the first notice only when released (a send held up by the
/// platform's pacing or its `retry_after`), every later one at once.
#[derive(Default, Clone)]
struct Held {
    started: Arc<tokio::sync::Notify>,
    release: Arc<tokio::sync::Notify>,
    sends: Arc<Mutex<usize>>,
}

impl Deliverer for Held {
    async fn deliver(&self, _notice: &OutboxNotice) -> Delivery {
        let first = {
            let mut sends = self.sends.lock().unwrap();
            *sends += 1;
            *sends == 1
        };
        if first {
            self.started.notify_one();
            self.release.notified().await;
        }
        Delivery::Delivered
    }
}

/// Whether some notice could be claimed at `at` (none is claimed past it).
async fn claimable_at(db: &Db, at: DateTime<Utc>) -> bool {
    let mut tx = db.read().await.unwrap();
    let heads = tx.sendable_notices(at, 10).await.unwrap();
    tx.commit().await.unwrap();
    !heads.is_empty()
}

/// A send that outlasts the lease keeps its claim: the worker renews it
/// while the notice is in flight, so a second process polling after the
/// first lease is over does not send the same notice again ([trust-2]).
async fn a_claim_is_renewed_while_its_notice_is_being_sent(t: &TestDb) {
    let [id] = enqueue(&t.db, &[(alice(), 1)]).await[..] else {
        unreachable!()
    };
    let config = OutboxConfig {
        lease: TimeDelta::seconds(60),
        renew_every: Some(Duration::from_millis(5)),
        ..config()
    };
    let clock = corrbot::time::SimClock::new(t0());
    let held = Held::default();
    let other = t.connect_again().await;
    let first = OutboxWorker::new(t.db.clone(), held.clone(), config.clone());
    let second = OutboxWorker::new(other.clone(), held.clone(), config);
    let drive = async {
        held.started.notified().await;
        clock.set(secs(50));
        let renewed = async {
            while claimable_at(&t.db, secs(109)).await {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(30), renewed)
            .await
            .expect("the claim is renewed");
        clock.set(secs(90));
        let report = second.poll(secs(90)).await.unwrap();
        held.release.notify_one();
        report
    };
    let (sent, meanwhile) = tokio::join!(first.poll_with(&clock), drive);
    assert_eq!(meanwhile.delivered, 0, "the second process waits");
    assert_eq!(sent.unwrap().delivered, 1);
    assert_eq!(*held.sends.lock().unwrap(), 1, "sent once");
    assert_eq!(notice(&t.db, id).await.status, NoticeStatus::Delivered);
    other.close().await;
}

on_both!(
    keeps_each_recipients_order_through_retries,
    parks_after_n_failures_and_alerts_the_administrator,
    permanent_errors_park_and_retry_after_is_honoured,
    two_workers_mark_each_notice_once,
    run_loop_delivers_under_simulated_time,
    a_claim_is_renewed_while_its_notice_is_being_sent,
);
