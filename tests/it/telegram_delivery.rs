//! The wired Telegram bot's delivery, against the fake Bot API: a burst of
//! outbox notices within Telegram's rate limits (REAL TIME), webhook
//! mode, and the webhook under hostile sockets.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::time::Duration;

use corrbot::adapters::telegram::{InboundMode, SECRET_HEADER, WebhookConfig};
use corrbot::app::notice::Notice;
use corrbot::store::{Db, NoticeRecipient, Platform};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::db::{self, TestDb};
use crate::support::fake_telegram::FakeTelegram;
use crate::support::telegram_bot::{TestBot, start_time, test_config};

/// The window the rate figures are counted in (see the transport tests):
/// 200 ms less than a second, for the variation of HTTP delays between the
/// throttle's release and the fake's receipt.
const JITTER_WINDOW: Duration = Duration::from_millis(800);
const PLAYERS: i64 = 50;
const NOTICES_EACH: i64 = 10;

/// `PLAYERS` players with Telegram accounts (chats 20000…) and
/// `NOTICES_EACH` notices to each, committed at once.
async fn enqueue_burst(db: &Db) {
    let at = start_time();
    let mut tx = db.begin().await.unwrap();
    let mut players = Vec::new();
    for n in 0..PLAYERS {
        let player = db::new_player(&mut tx, &format!("p{n}"), at).await;
        let user = (20_000 + n).to_string();
        tx.link_account(player.id, Platform::Telegram, &user, None, None, at)
            .await
            .unwrap();
        players.push(player.id);
    }
    for round in 0..NOTICES_EACH {
        for (n, player) in players.iter().enumerate() {
            let notice = Notice::ContactChanged {
                player: format!("p{n}"),
                details: format!("notice {round}"),
            };
            let payload = serde_json::to_value(&notice).unwrap();
            tx.enqueue_notice(
                &NoticeRecipient::Player(*player),
                notice.kind(),
                &payload,
                at,
            )
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
}

/// REAL TIME, about 17 s: 500 notices to 50 private chats go through the
/// outbox worker, the router and the transport: each arrives once, and the
/// fake never counts more than 30 a second overall or 1 a second per chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_500_notices_keeps_telegrams_limits_real_time() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, test_db.db.clone()).await;
    let started = tokio::time::Instant::now();

    enqueue_burst(&test_db.db).await;
    let total = (PLAYERS * NOTICES_EACH) as usize;
    let sent = fake
        .wait_for_sent_with_guard(total, Duration::from_secs(60))
        .await;

    let elapsed = started.elapsed();
    let strict = fake.rate_stats();
    let stats = fake.rate_stats_in(JITTER_WINDOW);
    eprintln!("500 notices through the outbox in {elapsed:?}: {strict:?}; {stats:?}");
    let distinct: HashSet<_> = sent.iter().map(|m| (m.chat_id, m.text.clone())).collect();
    assert_eq!((sent.len(), distinct.len()), (total, total));
    assert_eq!(stats.requests, total);
    assert!(stats.max_overall_per_window <= 30, "{stats:?}");
    assert!(stats.max_per_chat_per_window <= 1, "{stats:?}");
    assert!(stats.max_per_chat_per_min <= 20, "{stats:?}");
    bot.stop().await;
    test_db.finish().await;
}

/// Posts `body` to the webhook as Telegram would; returns the HTTP status.
async fn post_update(addr: SocketAddr, path: &str, secret: &str, body: &str) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         {SECRET_HEADER}: {secret}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response.split_whitespace().nth(1).expect("a status line");
    status.parse().unwrap()
}

fn help_update(update_id: i64) -> String {
    serde_json::json!({
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": 1_767_225_600,
            "chat": { "id": 504, "type": "private", "first_name": "Dana" },
            "from": { "id": 504, "is_bot": false, "first_name": "Dana", "language_code": "en" },
            "text": "/help",
        }
    })
    .to_string()
}

/// The bot in webhook mode on a free local port with `secret`, its webhook
/// registered with the fake; the bot and where it listens.
async fn start_webhook_bot(
    fake: &FakeTelegram,
    test_db: &TestDb,
    secret: &str,
) -> (TestBot, SocketAddr) {
    let listen: SocketAddr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .unwrap();
    let url = url::Url::parse(&format!("http://{listen}/telegram/hook")).unwrap();
    let mut config = test_config(fake);
    config.mode = InboundMode::Webhook(WebhookConfig {
        url,
        listen,
        secret: secret.to_owned(),
    });
    let bot = TestBot::start_with(config, test_db.db.clone()).await;
    fake.wait_for_method("setWebhook").await;
    (bot, listen)
}

/// Webhook mode: the bot registers its URL with the secret, commits an
/// update posted with the secret before its 200 and then answers it (the
/// reply is paced apart from the post, issue trust-2), refuses one without.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_mode_answers_updates_posted_with_the_secret() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let secret = "webhook-secret-1";
    let (bot, listen) = start_webhook_bot(&fake, &test_db, secret).await;

    let refused = post_update(listen, "/telegram/hook", "wrong", &help_update(1)).await;
    assert_eq!(refused, 401);
    let accepted = post_update(listen, "/telegram/hook", secret, &help_update(2)).await;
    assert_eq!(accepted, 200);

    let sent = fake.wait_for_sent_to(504, 1).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0]
            .text
            .as_deref()
            .unwrap_or_default()
            .contains("/move")
    );
    assert!(!fake.method_calls().iter().any(|m| m == "getUpdates"));
    bot.stop().await;
    test_db.finish().await;
}

/// A generous bound for a 2-core CI machine under the flood.
const ANSWERED: Duration = Duration::from_secs(20);

/// Idle connections opened before the genuine update.
const IDLE: usize = 2000;

/// The webhook listener under hostile sockets ([trust-2]): 2,000 idle
/// connections and a slowloris do not keep a genuine update from Telegram
/// from being accepted and answered. Bounded in count and time, on
/// loopback.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sockets_and_a_slowloris_leave_the_webhook_answering() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let secret = "webhook-secret-2";
    let (bot, listen) = start_webhook_bot(&fake, &test_db, secret).await;

    let mut held = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        held.push(TcpStream::connect(listen).await.unwrap());
    }
    let mut slow = TcpStream::connect(listen).await.unwrap();
    slow.write_all(b"POST /telegram/hook HTTP/1.1\r\nHo")
        .await
        .unwrap();

    let status = tokio::time::timeout(
        ANSWERED,
        post_update(listen, "/telegram/hook", secret, &help_update(1)),
    )
    .await
    .expect("the genuine update is accepted during the flood");
    assert_eq!(status, 200);
    let answered = tokio::time::timeout(ANSWERED, fake.wait_for_sent_to(504, 1))
        .await
        .expect("and answered");
    assert!(
        answered[0]
            .text
            .as_deref()
            .unwrap_or_default()
            .contains("/move"),
        "{answered:?}"
    );
    drop(held);
    drop(slow);
    bot.stop().await;
    test_db.finish().await;
}
