//! The webhook listener under hostile sockets ([trust-2]): 2,000 idle
//! connections and a slowloris do not keep a genuine update from Telegram
//! from being accepted and answered. Bounded in count and time, on
//! loopback.

use std::net::SocketAddr;
use std::time::Duration;

use corrbot::adapters::telegram::{InboundMode, SECRET_HEADER, WebhookConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::db::TestDb;
use crate::support::fake_telegram::FakeTelegram;
use crate::support::telegram_bot::{TestBot, test_config};

/// A generous bound for a 2-core CI machine under the flood.
const ANSWERED: Duration = Duration::from_secs(20);

/// Idle connections opened before the genuine update.
const IDLE: usize = 2000;

/// Posts `body` to the webhook with the secret; the HTTP status.
async fn post(addr: SocketAddr, secret: &str, body: &str) -> u16 {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST /telegram/hook HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
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
            "chat": { "id": 505, "type": "private", "first_name": "Olena" },
            "from": { "id": 505, "is_bot": false, "first_name": "Olena", "language_code": "uk" },
            "text": "/help",
        }
    })
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sockets_and_a_slowloris_leave_the_webhook_answering() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let listen: SocketAddr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .unwrap();
    let url = url::Url::parse(&format!("http://{listen}/telegram/hook")).unwrap();
    let secret = "webhook-secret-2".to_owned();
    let mut config = test_config(&fake);
    config.mode = InboundMode::Webhook(WebhookConfig {
        url,
        listen,
        secret: secret.clone(),
    });
    let bot = TestBot::start_with(config, test_db.db.clone()).await;
    fake.wait_for_method("setWebhook").await;

    let mut held = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        held.push(TcpStream::connect(listen).await.unwrap());
    }
    let mut slow = TcpStream::connect(listen).await.unwrap();
    slow.write_all(b"POST /telegram/hook HTTP/1.1\r\nHo")
        .await
        .unwrap();

    let status = tokio::time::timeout(ANSWERED, post(listen, &secret, &help_update(1)))
        .await
        .expect("the genuine update is accepted during the flood");
    assert_eq!(status, 200);
    let answered = tokio::time::timeout(ANSWERED, fake.wait_for_sent_to(505, 1))
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
