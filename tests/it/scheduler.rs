//! The scheduler fires each due deadline once, in order, under simulated
//! time, on SQLite and PostgreSQL; two schedulers on one database never
//! fire an item twice.

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::app::service::DeadlineHandler;
use corrbot::scheduler::{DueHandler, Fired, Scheduler, SchedulerConfig};
use corrbot::store::*;
use corrbot::time::{Clock, SimClock};
use serde_json::json;
use tokio::sync::Notify;

use crate::support::db::{TestDb, on_both};
use crate::support::time::JumpClock;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
}

/// Records what it fires (in memory and, atomically with the firing, in the
/// audit log); fails the first attempt of deadlines of kind "flaky"; chains
/// a "reminder" every 14 days until `chain_until`; notifies after `stop_after`.
#[derive(Default)]
struct Recorder {
    fired: Mutex<Vec<(DeadlineId, DateTime<Utc>)>>,
    chain_until: Option<DateTime<Utc>>,
    stop_after: usize,
    stop: Notify,
}

impl Recorder {
    fn fired(&self) -> Vec<(DeadlineId, DateTime<Utc>)> {
        self.fired.lock().unwrap().clone()
    }
}

impl DueHandler for Recorder {
    async fn handle(
        &self,
        tx: &mut Tx,
        deadline: &Deadline,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        assert!(deadline.due_at <= now, "fired before it was due");
        let entry = AuditEntry {
            at: now,
            actor_id: None,
            action: "fired".into(),
            event_id: None,
            game_id: Some(GameId(1)),
            case_id: None,
            details: json!({"deadline": deadline.id}),
        };
        tx.audit(&entry).await?;
        if deadline.kind == "flaky" && deadline.attempts == 0 {
            anyhow::bail!("flaky handler");
        }
        if let Some(until) = self.chain_until {
            let next = deadline.due_at + TimeDelta::days(14);
            if next <= until {
                let new = NewDeadline {
                    due_at: next,
                    kind: "reminder".into(),
                    ..Default::default()
                };
                tx.set_deadline(&new, now).await?;
            }
        }
        let count = {
            let mut fired = self.fired.lock().unwrap();
            fired.push((deadline.id, deadline.due_at));
            fired.len()
        };
        if count == self.stop_after {
            self.stop.notify_one();
        }
        Ok(())
    }
}

/// Deadlines spread over a year in a scrambled order, some sharing an instant.
async fn scatter_deadlines(db: &Db, count: i64) -> Vec<DeadlineId> {
    let mut tx = db.begin().await.unwrap();
    let mut ids = Vec::new();
    for i in 0..count {
        let minutes = (i * 7_919 % count) / 2 * (1_000_000 / count);
        let new = NewDeadline {
            due_at: t0() + TimeDelta::minutes(minutes),
            kind: "reminder".into(),
            ..NewDeadline::default()
        };
        ids.push(tx.set_deadline(&new, t0()).await.unwrap());
    }
    tx.commit().await.unwrap();
    ids
}

async fn audit_count(db: &Db) -> usize {
    let mut tx = db.read().await.unwrap();
    tx.audit_of_game(GameId(1)).await.unwrap().len()
}

async fn fires_each_due_item_once_in_order(t: &TestDb) {
    let count = 200;
    scatter_deadlines(&t.db, count).await;
    let scheduler = Scheduler::new(
        t.db.clone(),
        Recorder::default(),
        SchedulerConfig::default(),
    );
    let mut now = t0() - TimeDelta::days(1);
    assert_eq!(scheduler.poll_due(now).await.unwrap(), Fired::default());
    while now < t0() + TimeDelta::days(400) {
        now += TimeDelta::days(9);
        scheduler.poll_due(now).await.unwrap();
        let fired = scheduler.handler().fired();
        let due = scheduler.next_due().await.unwrap();
        assert!(
            due.is_none_or(|due| due > now),
            "everything due at {now} was fired"
        );
        assert!(fired.iter().all(|(_, at)| *at <= now));
    }
    let fired = scheduler.handler().fired();
    assert_eq!(fired.len(), count as usize);
    let mut sorted = fired.clone();
    sorted.sort_by_key(|(id, at)| (*at, *id));
    assert_eq!(
        fired, sorted,
        "fired in order of due time, then of creation"
    );
    assert_eq!(
        scheduler.poll_due(now).await.unwrap(),
        Fired::default(),
        "fired once"
    );
    assert_eq!(audit_count(&t.db).await, count as usize);
}

async fn failed_handler_rolls_back_and_retries(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let new = NewDeadline {
        due_at: t0(),
        kind: "flaky".into(),
        ..NewDeadline::default()
    };
    tx.set_deadline(&new, t0()).await.unwrap();
    tx.commit().await.unwrap();
    let config = SchedulerConfig {
        retry_after: TimeDelta::minutes(1),
        ..Default::default()
    };
    let scheduler = Scheduler::new(t.db.clone(), Recorder::default(), config);
    assert_eq!(
        scheduler.poll_due(t0()).await.unwrap(),
        Fired {
            handled: 0,
            failed: 1
        }
    );
    assert_eq!(
        audit_count(&t.db).await,
        0,
        "the failed handler's writes were rolled back"
    );
    assert_eq!(
        scheduler.next_due().await.unwrap(),
        Some(t0() + TimeDelta::minutes(1))
    );
    let later = t0() + TimeDelta::minutes(1);
    assert_eq!(
        scheduler.poll_due(later).await.unwrap(),
        Fired {
            handled: 1,
            failed: 0
        }
    );
    assert_eq!(audit_count(&t.db).await, 1);
}

/// A year of chained reminders passes in milliseconds under simulated time.
async fn run_loop_passes_a_year_under_simulated_time(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let first = NewDeadline {
        due_at: t0(),
        kind: "reminder".into(),
        ..NewDeadline::default()
    };
    tx.set_deadline(&first, t0()).await.unwrap();
    tx.commit().await.unwrap();
    let year_end = t0() + TimeDelta::days(365);
    let recorder = Recorder {
        chain_until: Some(year_end),
        stop_after: 27,
        ..Default::default()
    };
    let scheduler = Scheduler::new(t.db.clone(), recorder, SchedulerConfig::default());
    let clock = JumpClock::new(t0() - TimeDelta::days(3));
    let stop = scheduler.handler().stop.notified();
    let run = scheduler.run(&clock, stop);
    tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("the loop stopped");
    let fired = scheduler.handler().fired();
    let days: Vec<_> = fired
        .iter()
        .map(|(_, at)| (*at - t0()).num_days())
        .collect();
    assert_eq!(days, (0..27).map(|i| i * 14).collect::<Vec<_>>());
    assert!(clock.now() >= t0() + TimeDelta::days(364));
}

/// A commit that writes a deadline wakes a sleeping scheduler.
async fn commit_wakes_the_scheduler(t: &TestDb) {
    let recorder = Recorder {
        stop_after: 1,
        ..Default::default()
    };
    // Only the wake-up can end the sleep: the clock never moves and the
    // real-time idle cap is far beyond the test's time-out.
    let config = SchedulerConfig {
        max_idle: Duration::from_secs(3_600),
        ..Default::default()
    };
    let scheduler = Scheduler::new(t.db.clone(), recorder, config);
    let clock = SimClock::new(t0());
    let stop = scheduler.handler().stop.notified();
    let run = scheduler.run(&clock, stop);
    let write = async {
        tokio::task::yield_now().await;
        let mut tx = t.db.begin().await.unwrap();
        let new = NewDeadline {
            due_at: t0(),
            kind: "reminder".into(),
            ..NewDeadline::default()
        };
        tx.set_deadline(&new, t0()).await.unwrap();
        tx.commit().await.unwrap();
    };
    let both = async { tokio::join!(run, write) };
    tokio::time::timeout(Duration::from_secs(60), both)
        .await
        .expect("woken by the commit");
    assert_eq!(scheduler.handler().fired().len(), 1);
}

/// Two schedulers (two pools, as two processes) on one database claim
/// disjoint items: none fires twice (PostgreSQL: FOR UPDATE SKIP LOCKED).
async fn two_schedulers_never_fire_twice(t: &TestDb) {
    let count = 300;
    let ids = scatter_deadlines(&t.db, count).await;
    let other = t.connect_again().await;
    let a = Scheduler::new(
        t.db.clone(),
        Recorder::default(),
        SchedulerConfig::default(),
    );
    let b = Scheduler::new(
        other.clone(),
        Recorder::default(),
        SchedulerConfig::default(),
    );
    let now = t0() + TimeDelta::days(400);
    let (fa, fb) = tokio::join!(a.poll_due(now), b.poll_due(now));
    let (fa, fb) = (fa.unwrap(), fb.unwrap());
    assert_eq!(fa.handled + fb.handled, count as usize, "{fa:?} {fb:?}");
    let mut all: Vec<_> = a
        .handler()
        .fired()
        .into_iter()
        .chain(b.handler().fired())
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), ids.len(), "no item fired twice");
    assert_eq!(audit_count(&t.db).await, count as usize);
    other.close().await;
}

/// A deadline row of a kind the app does not know (a misspelled
/// "reminder") is not dropped in silence: the app's handler fails with an
/// error naming the row's id and kind, and the scheduler keeps the row,
/// counted as a failed attempt, instead of deleting it as handled (the row
/// dropped might have been a loss on time, R3.5.7).
async fn unknown_kind_fails_loudly_and_is_kept(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let new = NewDeadline {
        due_at: t0(),
        kind: "reminderr".into(),
        key: Some("typo".into()),
        payload: json!({ "ply": 0, "days": 14 }),
        ..NewDeadline::default()
    };
    let id = tx.set_deadline(&new, t0()).await.unwrap();
    tx.commit().await.unwrap();

    let mut tx = t.db.begin().await.unwrap();
    let row = tx.claim_due(t0(), 10).await.unwrap().pop().unwrap();
    let error = DeadlineHandler
        .handle(&mut tx, &row, t0())
        .await
        .unwrap_err();
    tx.rollback().await.unwrap();
    let text = format!("{error:#}");
    assert!(text.contains(&format!("deadline {id} ")), "{text}");
    assert!(text.contains("\"reminderr\""), "{text}");

    let config = SchedulerConfig {
        retry_after: TimeDelta::minutes(1),
        ..Default::default()
    };
    let scheduler = Scheduler::new(t.db.clone(), DeadlineHandler, config);
    let failed = Fired {
        handled: 0,
        failed: 1,
    };
    assert_eq!(scheduler.poll_due(t0()).await.unwrap(), failed);
    let later = t0() + TimeDelta::days(1);
    let mut tx = t.db.begin().await.unwrap();
    let kept = tx.claim_due(later, 10).await.unwrap();
    tx.rollback().await.unwrap();
    let kept: Vec<_> = kept
        .iter()
        .map(|d| (d.id, d.kind.as_str(), d.attempts))
        .collect();
    assert_eq!(
        kept,
        [(id, "reminderr", 1)],
        "kept for a retry, not consumed"
    );
    assert_eq!(
        scheduler.poll_due(later).await.unwrap(),
        failed,
        "fails again"
    );
}

on_both!(
    fires_each_due_item_once_in_order,
    unknown_kind_fails_loudly_and_is_kept,
    failed_handler_rolls_back_and_retries,
    run_loop_passes_a_year_under_simulated_time,
    commit_wakes_the_scheduler,
    two_schedulers_never_fire_twice,
);
