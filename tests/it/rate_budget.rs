//! The platforms' rate limits for the bot as a whole (issue 24): several
//! processes on one PostgreSQL database reserve their sends in the shared
//! budget (`rate_budget`), so that together they keep Telegram's 30
//! messages a second overall and 1 a second per chat, and Discord's global
//! 50 requests a second. Each "process" here is a pool of its own.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use corrbot::adapters::discord::{
    Destination, DiscordConfig, DiscordRetryPolicy, DiscordSender, Reply,
};
use corrbot::adapters::telegram::{
    TelegramRetryPolicy, TelegramSender, build_bot, telegram_limits,
};
use corrbot::app::outgoing::Outgoing;
use corrbot::ratebudget::SharedBudget;
use corrbot::store::{Db, RateScope};

use crate::support::db::TestDb;
use crate::support::fake_discord::FakeDiscord;
use crate::support::fake_telegram::FakeTelegram;

/// The fakes count requests when they arrive, after the scheduling and
/// the HTTP round trip of each; a window a little shorter than the limit's
/// second absorbs that jitter (as in `telegram_delivery`).
const JITTER_WINDOW: Duration = Duration::from_millis(800);

/// Reservations from 2 × 4 tasks on two pools: in every scope, every two
/// reserved instants are at least the scope's spacing apart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reservations_of_two_processes_are_spaced_in_every_scope() {
    let Some(test_db) = TestDb::postgres().await else {
        return;
    };
    let other = test_db.connect_again().await;
    let overall = Duration::from_micros(33_333);
    let mut tasks = Vec::new();
    for task in 0..8u64 {
        let db = if task % 2 == 0 {
            test_db.db.clone()
        } else {
            other.clone()
        };
        tasks.push(tokio::spawn(async move {
            let mut slots = Vec::new();
            for n in 0..25u64 {
                let chat = format!("chat:{}", (task + n) % 5);
                let scopes = [
                    RateScope::new("all", overall),
                    RateScope::new(chat.clone(), Duration::from_secs(1)),
                ];
                let slot = db.reserve_send_slot("telegram", &scopes).await.unwrap();
                slots.push((chat, slot.expect("PostgreSQL keeps a budget").at_micros));
            }
            slots
        }));
    }
    let mut by_scope: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for task in tasks {
        for (chat, at) in task.await.unwrap() {
            by_scope.entry("all".into()).or_default().push(at);
            by_scope.entry(chat).or_default().push(at);
        }
    }
    for (scope, mut instants) in by_scope {
        let spacing = if scope == "all" { 33_333 } else { 1_000_000 };
        instants.sort_unstable();
        let closest = instants.windows(2).map(|w| w[1] - w[0]).min();
        assert!(
            closest.is_some_and(|gap| gap >= spacing),
            "{scope}: closest reservations {closest:?} µs apart, spacing {spacing}"
        );
    }
    assert_eq!(
        test_db
            .db
            .forget_idle_send_scopes(Duration::ZERO)
            .await
            .unwrap(),
        0
    );
    other.close().await;
    test_db.finish().await;
}

fn telegram_sender(fake: &FakeTelegram, db: &Db) -> TelegramSender {
    let bot = build_bot(fake.token(), Some(&fake.api_url())).unwrap();
    let retry = TelegramRetryPolicy {
        max_attempts: 2,
        first_backoff: Duration::from_millis(50),
        max_backoff: Duration::from_millis(200),
        ..TelegramRetryPolicy::default()
    };
    TelegramSender::new(bot, telegram_limits(), retry)
        .with_budget(SharedBudget::for_db(db, "telegram"))
}

/// Two processes, each sending as fast as its own limiter lets it (which
/// alone would reach 60 a second together), to many chats and a few
/// shared ones: the fake never counts more than Telegram's limits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_keep_telegrams_limits_together() {
    let Some(test_db) = TestDb::postgres().await else {
        return;
    };
    let fake = FakeTelegram::start().await;
    let other = test_db.connect_again().await;
    let senders = [
        Arc::new(telegram_sender(&fake, &test_db.db)),
        Arc::new(telegram_sender(&fake, &other)),
    ];
    let mut tasks = Vec::new();
    for (p, sender) in senders.iter().enumerate() {
        let sender = Arc::clone(sender);
        tasks.push(tokio::spawn(async move {
            for n in 0..45i64 {
                // Every fifth message goes to one of two chats both send to.
                let chat = if n % 5 == 0 {
                    1 + n % 2
                } else {
                    1_000 * (p as i64 + 1) + n
                };
                sender
                    .send_text(chat, &format!("{p}/{n}"), &[])
                    .await
                    .unwrap();
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let stats = fake.rate_stats_in(JITTER_WINDOW);
    eprintln!(
        "two processes, 90 sends: {stats:?}; strict: {:?}",
        fake.rate_stats()
    );
    assert_eq!(stats.requests, 90);
    assert!(stats.violations().is_empty(), "{:?}", stats.violations());
    other.close().await;
    test_db.finish().await;
}

/// Two processes' Discord senders, 60 messages each at once: the fake
/// never counts more than the global 50 requests a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_keep_discords_global_limit_together() {
    let Some(test_db) = TestDb::postgres().await else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let other = test_db.connect_again().await;
    let mut config = DiscordConfig::new("fake-token");
    config.api_base = Some(fake.proxy_url());
    let policy = DiscordRetryPolicy {
        max_attempts: 1,
        base_delay: Duration::ZERO,
        max_delay: Duration::ZERO,
    };
    let mut tasks = Vec::new();
    for db in [&test_db.db, &other] {
        let sender = DiscordSender::new(Arc::new(config.http()), policy)
            .with_budget(SharedBudget::for_db(db, "discord"));
        for lane in 0..2u64 {
            let sender = sender.clone();
            tasks.push(tokio::spawn(async move {
                for n in 0..30u64 {
                    let to = Destination::Channel(4_000_001 + lane);
                    let text = Reply::from(Outgoing::text(format!("{lane}/{n}")));
                    sender
                        .send(to, text.messages().remove(0), None)
                        .await
                        .unwrap();
                }
            }));
        }
    }
    for task in tasks {
        task.await.unwrap();
    }
    let most = fake.max_global_requests_in(JITTER_WINDOW);
    eprintln!("two processes, 120 Discord requests: at most {most} in {JITTER_WINDOW:?}");
    assert_eq!(fake.sent().len(), 120);
    assert!(
        most <= 50,
        "{most} requests in {JITTER_WINDOW:?} (limit 50 a second)"
    );
    other.close().await;
    test_db.finish().await;
}
