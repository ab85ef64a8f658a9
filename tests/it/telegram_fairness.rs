//! Issue trust-2, "One member cannot starve the others", against the fake
//! Bot API with Telegram's real pacing (REAL TIME, about 12 s a test): a
//! flooder sends 200 commands in one batch, then another member writes in
//! their own chat. The other member is answered within 2 s (the issue's
//! bound; the flooder's own replies take 10 s of pacing), the flooder is
//! told once to slow down, and the excess commands are not run.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use corrbot::adapters::telegram::{InboundMode, InboundOrder, WebhookConfig};
use corrbot::app::service::AppConfig;
use corrbot::app::throttle::CommandLimit;

use crate::support::db::TestDb;
use crate::support::fake_telegram::{FakeTelegram, FakeUser, SentMessage, WebhookTarget};
use crate::support::telegram_bot::{TestBot, test_config};

/// The bound on the other member's wait.
const BOUND: Duration = Duration::from_secs(2);
const FLOOD: usize = 200;
const SECRET: &str = "fairness-secret";

/// How updates reach the bot.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Polling,
    Webhook,
}

fn user(id: i64, name: &str) -> FakeUser {
    FakeUser {
        language_code: Some("en".to_owned()),
        ..FakeUser::new(id, name)
    }
}

fn free_port() -> SocketAddr {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .unwrap()
        .port();
    ([127, 0, 0, 1], port).into()
}

/// The bot against `fake` in `mode`, its app limiting commands as
/// `corrbot run` does by default.
async fn start(fake: &FakeTelegram, db: &TestDb, mode: Mode, order: InboundOrder) -> TestBot {
    let mut config = test_config(fake);
    config.order = order;
    if let Mode::Webhook = mode {
        let listen = free_port();
        config.mode = InboundMode::Webhook(WebhookConfig {
            url: url::Url::parse(&format!("http://{listen}/hook")).unwrap(),
            listen,
            secret: SECRET.to_owned(),
        });
        let target = WebhookTarget {
            addr: listen,
            path: "/hook".to_owned(),
        };
        // The pusher task ends with the fake's runtime (the test).
        let _pusher = fake.deliver_by_webhook(vec![target], SECRET);
    }
    let app = AppConfig::default().with_command_limit(Some(CommandLimit::default()));
    let bot = TestBot::start_with_app(config, db.db.clone(), app).await;
    match mode {
        Mode::Polling => fake.wait_for_method("getUpdates").await,
        Mode::Webhook => fake.wait_for_method("setWebhook").await,
    }
    bot
}

fn text(message: &SentMessage) -> &str {
    message.text.as_deref().unwrap_or_default()
}

fn is_slow_down(message: &SentMessage) -> bool {
    text(message).contains("too quickly")
}

async fn flood_cannot_starve_another_member(mode: Mode, order: InboundOrder) {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let bot = start(&fake, &test_db, mode, order).await;
    let (flooder, other) = (user(801, "Flo"), user(802, "Ola"));

    let flood: Vec<i64> = (0..FLOOD)
        .map(|_| fake.push_message(flooder.id, &flooder, "/time"))
        .collect();
    let asked = Instant::now();
    fake.push_message(other.id, &other, "/help");
    let answer = fake.wait_for_sent_to(other.id, 1).await;
    let waited = asked.elapsed();
    eprintln!("{mode:?}, {order:?}: the other member's /help answered in {waited:?}");
    assert!(text(&answer[0]).contains("/move"), "{answer:?}");
    assert!(
        waited < BOUND,
        "{mode:?}: the other member waited {waited:?}"
    );

    // 10 commands run (a full bucket), one refusal, the rest dropped.
    let told = fake.wait_for_sent_to(flooder.id, 11).await;
    let refusals: Vec<_> = told.iter().filter(|m| is_slow_down(m)).collect();
    assert_eq!(refusals.len(), 1, "{told:?}");
    assert!(text(refusals[0]).contains("3 seconds"), "{refusals:?}");
    let ran = told.iter().filter(|m| text(m).contains("no running games"));
    assert_eq!(ran.count(), 10, "{told:?}");

    if let Mode::Webhook = mode {
        for update in flood {
            fake.wait_for_ack(update, Duration::from_secs(20)).await;
        }
    }
    // One token later the next command runs; its reply comes next in the
    // chat, so no dropped command was run before it (a chat's updates are
    // handled, and its replies sent, in order).
    bot.clock.advance(chrono::TimeDelta::seconds(3));
    fake.push_message(flooder.id, &flooder, "/help");
    let after = fake.wait_for_sent_to(flooder.id, 12).await;
    assert!(text(&after[11]).contains("/move"), "{after:?}");
    assert_eq!(fake.sent_to(flooder.id).len(), 12);
    bot.stop().await;
    test_db.finish().await;
}

/// Polling, the app committing in update order (the default).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_flood_of_200_cannot_starve_another_member() {
    flood_cannot_starve_another_member(Mode::Polling, InboundOrder::Arrival).await;
}

/// Polling, chats handled concurrently.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_per_chat_flood_of_200_cannot_starve_another_member() {
    flood_cannot_starve_another_member(Mode::Polling, InboundOrder::PerChat).await;
}

/// Webhook: each post answered once committed, the replies paced after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_flood_of_200_cannot_starve_another_member() {
    flood_cannot_starve_another_member(Mode::Webhook, InboundOrder::Arrival).await;
}
