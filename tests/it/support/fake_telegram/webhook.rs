//! Webhook delivery by the fake, as Telegram does it behind a club's load
//! balancer: each queued update is POSTed to one of the bot's processes,
//! spread round robin; a post that fails (connection refused or reset by a
//! killed process, or not answered 200) goes to the next process, as
//! Telegram retries a failed webhook. An update answered 200 is
//! acknowledged: the bot has handled it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinHandle;

use super::{FakeTelegram, Shared};

/// How long one post may take before it counts as failed.
const POST_GUARD: Duration = Duration::from_secs(30);
/// The pause after every target failed once, before the next round (as
/// Telegram backs off a failing webhook).
const ROUND_PAUSE: Duration = Duration::from_millis(100);

/// One process's webhook: where it listens, and the URL path it serves.
#[derive(Clone, Debug)]
pub struct WebhookTarget {
    /// The listen address (`TELEGRAM_WEBHOOK_LISTEN`).
    pub addr: SocketAddr,
    /// The path of `TELEGRAM_WEBHOOK_URL`.
    pub path: String,
}

impl FakeTelegram {
    /// From now on delivers every queued update by webhook to `targets`
    /// with `secret`, instead of handing it to `getUpdates`. The returned
    /// task runs until aborted.
    pub fn deliver_by_webhook(&self, targets: Vec<WebhookTarget>, secret: &str) -> JoinHandle<()> {
        let shared = Arc::clone(&self.shared);
        let targets = Arc::new(targets);
        let secret: Arc<str> = Arc::from(secret);
        tokio::spawn(async move {
            let next = AtomicUsize::new(0);
            loop {
                let ready = shared.updates_ready.notified();
                tokio::pin!(ready);
                ready.as_mut().enable();
                let batch: Vec<Value> = shared.lock().pending.drain(..).collect();
                if batch.is_empty() {
                    ready.await;
                    continue;
                }
                for update in batch {
                    let first = next.fetch_add(1, Ordering::Relaxed);
                    let post = deliver(
                        Arc::clone(&shared),
                        Arc::clone(&targets),
                        Arc::clone(&secret),
                        first,
                        update,
                    );
                    tokio::spawn(post);
                }
            }
        })
    }

    /// Waits until the update `update_id` is acknowledged; panics after
    /// `guard` (a bound, never a pace).
    pub async fn wait_for_ack(&self, update_id: i64, guard: Duration) {
        self.wait_until_or(guard, |inner| inner.acknowledged.contains(&update_id))
            .await;
    }

    /// Webhook posts made so far, and how many of them failed.
    pub fn webhook_posts(&self) -> (usize, usize) {
        let inner = self.shared.lock();
        (inner.webhook_posts, inner.webhook_failures)
    }
}

/// Posts `update` until a target answers 200, starting with target
/// `first` (round robin) and moving on after each failure.
async fn deliver(
    shared: Arc<Shared>,
    targets: Arc<Vec<WebhookTarget>>,
    secret: Arc<str>,
    first: usize,
    update: Value,
) {
    let id = update["update_id"].as_i64().unwrap_or(0);
    let body = update.to_string();
    for attempt in 0.. {
        let target = &targets[(first + attempt) % targets.len()];
        let posted = tokio::time::timeout(POST_GUARD, post(target, &secret, &body)).await;
        let ok = matches!(posted, Ok(Ok(200)));
        {
            let mut inner = shared.lock();
            inner.webhook_posts += 1;
            if ok {
                inner.acknowledged.insert(id);
            } else {
                inner.webhook_failures += 1;
            }
        }
        shared.recorded.notify_waiters();
        if ok {
            return;
        }
        if (attempt + 1) % targets.len() == 0 {
            tokio::time::sleep(ROUND_PAUSE).await;
        }
    }
}

/// One HTTP/1.1 POST with the secret header; the status code.
async fn post(target: &WebhookTarget, secret: &str, body: &str) -> std::io::Result<u16> {
    let mut stream = tokio::net::TcpStream::connect(target.addr).await?;
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         X-Telegram-Bot-Api-Secret-Token: {secret}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        target.path,
        target.addr,
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    text.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status line"))
}
