//! Telegram long polling by exactly one process at a time on PostgreSQL
//! (issue #24): the polling role is a session advisory lock; another
//! process waits, and takes the role over within seconds when the holder
//! stops or dies. (On SQLite there is one process; the role is always
//! granted.)

use std::time::{Duration, Instant};

use corrbot::adapters::telegram::TAKEOVER_CHECK;
use corrbot::store::{Db, LeaderRole};

use crate::support::db::{TestDb, run_on};
use crate::support::fake_telegram::FakeTelegram;
use crate::support::telegram_bot::TestBot;

const POLLING: LeaderRole = LeaderRole::TelegramPolling;

/// Waits until `db` gets the role; how long that took.
async fn take_over(db: &Db) -> Duration {
    let started = Instant::now();
    loop {
        if let Some(lead) = db.try_lead(POLLING).await.unwrap() {
            lead.release().await;
            return started.elapsed();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "never freed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_role_is_held_once_and_freed_when_its_connection_dies() {
    let Some(test_db) = TestDb::postgres().await else {
        return;
    };
    run_on(test_db, |t| async move {
        let other = t.connect_again().await;
        let held =
            t.db.try_lead(POLLING)
                .await
                .unwrap()
                .expect("free at first");
        assert!(other.try_lead(POLLING).await.unwrap().is_none());
        assert!(t.db.try_lead(POLLING).await.unwrap().is_none(), "not twice");
        // The holder dies: its connection closes without a word.
        drop(held);
        assert!(take_over(&other).await < Duration::from_secs(2));
        other.close().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_polls_and_another_takes_over_within_seconds() {
    let Some(test_db) = TestDb::postgres().await else {
        return;
    };
    run_on(test_db, |t| async move {
        // Two processes, each with its own pool; each fake sees one of them.
        let (fake1, fake2) = (FakeTelegram::start().await, FakeTelegram::start().await);
        let other = t.connect_again().await;
        let first = TestBot::start(&fake1, t.db.clone()).await;
        fake1.wait_for_method("getUpdates").await;
        let second = TestBot::start(&fake2, other.clone()).await;
        tokio::time::sleep(TAKEOVER_CHECK * 3).await;
        let polled = |fake: &FakeTelegram| fake.method_calls().iter().any(|m| m == "getUpdates");
        assert!(!polled(&fake2), "two processes poll at once");

        let stopped = Instant::now();
        first.stop().await;
        fake2.wait_for_method("getUpdates").await;
        let took = stopped.elapsed();
        assert!(took < TAKEOVER_CHECK * 3, "the takeover took {took:?}");
        second.stop().await;
        other.close().await;
    })
    .await;
}
