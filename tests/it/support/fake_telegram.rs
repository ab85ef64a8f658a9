//! An in-process fake of the Telegram Bot API, for testing the real teloxide
//! client against it.
//!
//! The fake listens on `127.0.0.1:0` and serves `/bot<TOKEN>/<method>` with
//! JSON and `multipart/form-data` bodies, in the shapes teloxide sends. A test
//! pushes updates (`push_message`, `push_callback`, `redeliver`), reads what
//! the bot sent (`sent`, `edits`, `answered_callbacks`, `commands`), injects
//! failures (`fail_next`) and reads rate figures (`rate_stats`).

mod json;
mod server;
mod webhook;

pub use webhook::WebhookTarget;

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::Notify;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The token the fake accepts; requests under another token get 401.
pub const FAKE_TOKEN: &str = "123456:fake-token";
/// The bot's own user id, as `getMe` reports it.
pub const BOT_USER_ID: i64 = 123_456;
/// How long `wait_for_*` waits before failing the test (a guard, not a delay).
const WAIT_GUARD: Duration = Duration::from_secs(20);

/// A Telegram user who writes to the bot.
#[derive(Clone, Debug)]
pub struct FakeUser {
    /// Telegram user id (also the id of the private chat with the bot).
    pub id: i64,
    /// First name shown by Telegram.
    pub first_name: String,
    /// `@username`, without the `@`.
    pub username: Option<String>,
    /// IETF language tag of the user's client, such as `uk` or `en`.
    pub language_code: Option<String>,
}

impl FakeUser {
    /// A user with a username derived from the first name and language `uk`.
    pub fn new(id: i64, first_name: &str) -> Self {
        Self {
            id,
            first_name: first_name.to_owned(),
            username: Some(first_name.to_lowercase()),
            language_code: Some("uk".to_owned()),
        }
    }
}

/// A failure the fake answers instead of handling a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// HTTP 429 with `parameters.retry_after` in seconds.
    Status429 {
        /// Seconds the client must wait.
        retry_after: u32,
    },
    /// HTTP 500 with Telegram's error body.
    Status500,
}

/// Which method delivered a sent message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SentKind {
    /// `sendMessage`.
    Text,
    /// `sendPhoto`.
    Photo,
    /// `sendAnimation` (a GIF).
    Animation,
    /// `sendDocument`.
    Document,
}

/// The file of a photo or document as the bot supplied it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SentFile {
    /// Uploaded bytes (through `attach://` or a part named like the field);
    /// `file_id` is the id the fake issued for them.
    Uploaded {
        /// The uploaded content.
        bytes: Vec<u8>,
        /// The part's file name, if any.
        file_name: Option<String>,
        /// The id the fake issued (the largest `PhotoSize` for photos).
        file_id: String,
    },
    /// A `file_id` the fake had issued earlier.
    Reused {
        /// The reused id.
        file_id: String,
    },
}

/// One inline keyboard button as the bot sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentButton {
    /// The label.
    pub text: String,
    /// `callback_data`, if a callback button.
    pub callback_data: Option<String>,
    /// `url`, if a link button.
    pub url: Option<String>,
    /// `web_app.url`, if a Mini App button.
    pub web_app: Option<String>,
}

/// One message the bot sent, in the order the fake accepted them.
#[derive(Clone, Debug)]
pub struct SentMessage {
    /// The method used.
    pub kind: SentKind,
    /// Target chat.
    pub chat_id: i64,
    /// The message id the fake assigned.
    pub message_id: i64,
    /// Text for `sendMessage`, caption for photos and documents.
    pub text: Option<String>,
    /// The photo or document, if any.
    pub file: Option<SentFile>,
    /// Inline keyboard rows.
    pub buttons: Vec<Vec<SentButton>>,
    /// The `parse_mode` asked for, if any (none: the text shows literally).
    pub parse_mode: Option<String>,
}

/// An `editMessageText` or `editMessageReplyMarkup` call.
#[derive(Clone, Debug)]
pub struct Edit {
    /// The edited message's chat.
    pub chat_id: i64,
    /// The edited message.
    pub message_id: i64,
    /// The new text (`None` for `editMessageReplyMarkup`).
    pub text: Option<String>,
    /// The new keyboard.
    pub buttons: Vec<Vec<SentButton>>,
}

/// An `answerCallbackQuery` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnsweredCallback {
    /// The callback query id.
    pub callback_query_id: String,
    /// The toast text, if any.
    pub text: Option<String>,
}

/// Rate figures over the fake's receive instants of send requests
/// (`sendMessage`, `sendPhoto`, `sendDocument`, failed attempts included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RateStats {
    /// The sliding window the `*_per_window` figures use.
    pub window: Duration,
    /// Send requests received.
    pub requests: usize,
    /// Most requests in any window, all chats.
    pub max_overall_per_window: usize,
    /// Most requests to one chat in any window.
    pub max_per_chat_per_window: usize,
    /// Most requests to one chat in any 60-second window.
    pub max_per_chat_per_min: usize,
    /// Most requests to one group chat (negative id) in any 60-second
    /// window: Telegram allows 20.
    pub max_per_group_per_min: usize,
    /// Shortest time between two requests to the same chat.
    pub min_per_chat_gap: Option<Duration>,
}

impl RateStats {
    /// Which of Telegram's limits these figures exceed (30 a window
    /// overall, 1 a window per chat, 20 a minute per group), one line each;
    /// empty when none.
    pub fn violations(&self) -> Vec<String> {
        let mut found = Vec::new();
        if self.max_overall_per_window > 30 {
            found.push(format!(
                "{} sends in {:?} overall (limit 30)",
                self.max_overall_per_window, self.window
            ));
        }
        if self.max_per_chat_per_window > 1 {
            found.push(format!(
                "{} sends to one chat in {:?} (limit 1)",
                self.max_per_chat_per_window, self.window
            ));
        }
        if self.max_per_group_per_min > 20 {
            found.push(format!(
                "{} sends to one group in a minute (limit 20)",
                self.max_per_group_per_min
            ));
        }
        found
    }
}

/// The fake's mutable state.
#[derive(Default)]
struct Inner {
    next_update_id: i64,
    next_message_id: i64,
    next_file: u64,
    /// Updates not yet confirmed by an offset, oldest first.
    pending: VecDeque<Value>,
    /// Updates handed out again whatever the offset (simulated redelivery).
    redeliveries: VecDeque<Value>,
    /// Every update ever pushed, by id.
    history: HashMap<i64, Value>,
    /// Issued file ids and their bytes.
    files: HashMap<String, Vec<u8>>,
    sent: Vec<SentMessage>,
    edits: Vec<Edit>,
    answered: Vec<AnsweredCallback>,
    commands: HashMap<String, Vec<(String, String)>>,
    /// Every `setMyCommands` list by (scope key, language code).
    scoped_commands: HashMap<(String, String), Vec<(String, String)>>,
    failures: VecDeque<Failure>,
    /// Private chats of users who never pressed Start (or blocked the bot).
    closed_chats: HashSet<i64>,
    failed_attempts: usize,
    send_receipts: Vec<(Instant, i64)>,
    method_calls: Vec<String>,
    /// Updates a process answered 200 by webhook.
    acknowledged: HashSet<i64>,
    webhook_posts: usize,
    webhook_failures: usize,
}

/// State shared by the server and the test handle.
struct Shared {
    inner: Mutex<Inner>,
    /// Woken when an update is queued.
    updates_ready: Notify,
    /// Woken when anything the bot did was recorded.
    recorded: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("fake telegram state poisoned")
    }
}

/// A running fake Bot API server. Dropping it stops the server.
pub struct FakeTelegram {
    shared: Arc<Shared>,
    addr: SocketAddr,
    server: JoinHandle<()>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeTelegram {
    /// Starts the fake on `127.0.0.1:0`.
    pub async fn start() -> Self {
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_update_id: 1,
                next_message_id: 1,
                ..Inner::default()
            }),
            updates_ready: Notify::new(),
            recorded: Notify::new(),
        });
        let (addr, server) = server::spawn(shared.clone()).await;
        Self {
            shared,
            addr,
            server,
        }
    }

    /// The API root to give to `Bot::set_api_url` (teloxide appends
    /// `bot<TOKEN>/<method>`).
    pub fn api_url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The token the fake accepts.
    pub fn token(&self) -> &'static str {
        FAKE_TOKEN
    }

    /// Queues a text message from `user` in `chat_id`; returns its update id.
    pub fn push_message(&self, chat_id: i64, user: &FakeUser, text: &str) -> i64 {
        self.push_with(|inner, update_id| {
            let message_id = inner.take_message_id();
            let message = json::user_message(chat_id, user, message_id, text);
            serde_json::json!({ "update_id": update_id, "message": message })
        })
    }

    /// Queues a text message from `user` in `chat_id` that replies to the
    /// bot's message `replied` there (`reply_to_message`); returns its update id.
    pub fn push_reply(&self, chat_id: i64, user: &FakeUser, text: &str, replied: i64) -> i64 {
        self.push_with(|inner, update_id| {
            let message_id = inner.take_message_id();
            let mut message = json::user_message(chat_id, user, message_id, text);
            let original = inner
                .sent
                .iter()
                .find(|sent| sent.chat_id == chat_id && sent.message_id == replied)
                .and_then(|sent| sent.text.clone());
            message["reply_to_message"] =
                json::bot_message(chat_id, replied, original.as_deref(), None);
            serde_json::json!({ "update_id": update_id, "message": message })
        })
    }

    /// Queues an `edited_message` update: `user` changed their message
    /// `message_id` in `chat_id` to `text`; returns its update id.
    pub fn push_edited_message(
        &self,
        chat_id: i64,
        user: &FakeUser,
        message_id: i64,
        text: &str,
    ) -> i64 {
        self.push_with(|_, update_id| {
            let mut message = json::user_message(chat_id, user, message_id, text);
            message["edit_date"] = serde_json::json!(json::DATE + 60);
            serde_json::json!({ "update_id": update_id, "edited_message": message })
        })
    }

    /// Queues a button press on the bot's message `message_id` in `chat_id`;
    /// returns its update id. The callback query id is `cb<update id>`.
    pub fn push_callback(&self, chat_id: i64, user: &FakeUser, data: &str, message_id: i64) -> i64 {
        self.push_with(|inner, update_id| {
            let text = inner
                .sent
                .iter()
                .find(|sent| sent.chat_id == chat_id && sent.message_id == message_id)
                .and_then(|sent| sent.text.clone())
                .unwrap_or_default();
            let message = json::bot_message(chat_id, message_id, Some(&text), None);
            serde_json::json!({
                "update_id": update_id,
                "callback_query": {
                    "id": format!("cb{update_id}"),
                    "from": json::user(user),
                    "message": message,
                    "chat_instance": format!("ci{chat_id}"),
                    "data": data,
                }
            })
        })
    }

    /// Hands the update `update_id` out once more, whatever offset the bot
    /// confirmed (as Telegram may after a lost confirmation).
    pub fn redeliver(&self, update_id: i64) {
        {
            let mut inner = self.shared.lock();
            let update = inner
                .history
                .get(&update_id)
                .cloned()
                .expect("unknown update id");
            inner.redeliveries.push_back(update);
        }
        self.shared.updates_ready.notify_waiters();
    }

    fn push_with(&self, make: impl FnOnce(&mut Inner, i64) -> Value) -> i64 {
        let update_id = {
            let mut inner = self.shared.lock();
            let update_id = inner.next_update_id;
            inner.next_update_id += 1;
            let update = make(&mut inner, update_id);
            inner.history.insert(update_id, update.clone());
            inner.pending.push_back(update);
            update_id
        };
        self.shared.updates_ready.notify_waiters();
        update_id
    }

    /// The user `user` has not opened a private chat with the bot: as
    /// Telegram does, every message to their private chat is answered
    /// 403 "Forbidden: bot can't initiate conversation with a user".
    pub fn close_private_chat(&self, user: i64) {
        self.shared.lock().closed_chats.insert(user);
    }

    /// Answers the next `count` bot requests other than `getUpdates`,
    /// `getMe`, `getWebhookInfo` and `deleteWebhook` with `failure`.
    pub fn fail_next(&self, count: usize, failure: Failure) {
        let mut inner = self.shared.lock();
        inner.failures.extend(std::iter::repeat_n(failure, count));
    }

    /// Forgets every issued file id, as Telegram may: a later send by
    /// `file_id` gets "wrong file identifier".
    pub fn forget_files(&self) {
        self.shared.lock().files.clear();
    }

    /// Every message the bot sent, in order.
    pub fn sent(&self) -> Vec<SentMessage> {
        self.shared.lock().sent.clone()
    }

    /// The messages the bot sent to `chat_id`, in order.
    pub fn sent_to(&self, chat_id: i64) -> Vec<SentMessage> {
        let inner = self.shared.lock();
        inner
            .sent
            .iter()
            .filter(|sent| sent.chat_id == chat_id)
            .cloned()
            .collect()
    }

    /// Waits until the bot has sent at least `count` messages to `chat_id`;
    /// returns them.
    pub async fn wait_for_sent_to(&self, chat_id: i64, count: usize) -> Vec<SentMessage> {
        self.wait_until(|inner| {
            inner.sent.iter().filter(|s| s.chat_id == chat_id).count() >= count
        })
        .await;
        self.sent_to(chat_id)
    }

    /// Waits until the bot has called `method` (in the Bot API's spelling).
    pub async fn wait_for_method(&self, method: &str) {
        self.wait_until(|inner| inner.method_calls.iter().any(|m| m == method))
            .await;
    }

    /// Waits until a command list was set for `scope` (`chat:ID` …) and
    /// `language` (`""`: the default) that `ready` accepts; returns it.
    pub async fn wait_for_commands(
        &self,
        scope: &str,
        language: &str,
        ready: impl Fn(&[(String, String)]) -> bool,
    ) -> Vec<(String, String)> {
        let key = (scope.to_owned(), language.to_owned());
        self.wait_until(|inner| {
            inner
                .scoped_commands
                .get(&key)
                .is_some_and(|list| ready(list))
        })
        .await;
        self.scoped_commands()[&key].clone()
    }

    /// Waits until at least `count` requests were answered with an injected
    /// failure.
    pub async fn wait_for_failed_attempts(&self, count: usize) {
        self.wait_until(|inner| inner.failed_attempts >= count)
            .await;
    }

    /// Every edit the bot made, in order.
    pub fn edits(&self) -> Vec<Edit> {
        self.shared.lock().edits.clone()
    }

    /// Every callback query the bot answered, in order.
    pub fn answered_callbacks(&self) -> Vec<AnsweredCallback> {
        self.shared.lock().answered.clone()
    }

    /// The command list set per `language_code` (`""` for the default list), in the default scope.
    pub fn commands(&self) -> HashMap<String, Vec<(String, String)>> {
        self.shared.lock().commands.clone()
    }

    /// Every command list set, by (scope, `language_code`): the scope as
    /// `default`, `chat:ID` … (see the server's `scope_key`).
    pub fn scoped_commands(&self) -> HashMap<(String, String), Vec<(String, String)>> {
        self.shared.lock().scoped_commands.clone()
    }

    /// How many requests were answered with an injected failure.
    pub fn failed_attempts(&self) -> usize {
        self.shared.lock().failed_attempts
    }

    /// Names of all methods called, in order of arrival.
    pub fn method_calls(&self) -> Vec<String> {
        self.shared.lock().method_calls.clone()
    }

    /// Waits until the bot has sent at least `count` messages; returns them.
    pub async fn wait_for_sent(&self, count: usize) -> Vec<SentMessage> {
        self.wait_until(|inner| inner.sent.len() >= count).await;
        self.sent()
    }

    /// Like [`FakeTelegram::wait_for_sent`], failing only after `guard`
    /// (for bursts that the rate limits stretch past the usual guard).
    pub async fn wait_for_sent_with_guard(
        &self,
        count: usize,
        guard: Duration,
    ) -> Vec<SentMessage> {
        self.wait_until_or(guard, |inner| inner.sent.len() >= count)
            .await;
        self.sent()
    }

    /// Waits until the bot has answered at least `count` callback queries.
    pub async fn wait_for_answers(&self, count: usize) -> Vec<AnsweredCallback> {
        self.wait_until(|inner| inner.answered.len() >= count).await;
        self.answered_callbacks()
    }

    /// Waits until `getUpdates` was called with an offset above `update_id`.
    pub async fn wait_for_confirmed(&self, update_id: i64) {
        self.wait_until(|inner| {
            inner
                .pending
                .iter()
                .all(|u| u["update_id"].as_i64() > Some(update_id))
        })
        .await;
    }

    async fn wait_until(&self, done: impl Fn(&Inner) -> bool) {
        self.wait_until_or(WAIT_GUARD, done).await;
    }

    async fn wait_until_or(&self, guard: Duration, done: impl Fn(&Inner) -> bool) {
        let wait = async {
            loop {
                let notified = self.shared.recorded.notified();
                let mut notified = std::pin::pin!(notified);
                notified.as_mut().enable();
                if done(&self.shared.lock()) {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(guard, wait)
            .await
            .expect("fake telegram: the bot did not do what the test waited for");
    }

    /// Rate figures over 1-second windows, from the fake's receive instants.
    pub fn rate_stats(&self) -> RateStats {
        self.rate_stats_in(Duration::from_secs(1))
    }

    /// Rate figures over sliding windows of `window`, from the fake's
    /// receive instants.
    pub fn rate_stats_in(&self, window: Duration) -> RateStats {
        let receipts = self.shared.lock().send_receipts.clone();
        rate_stats(&receipts, window)
    }
}

impl Inner {
    fn take_message_id(&mut self) -> i64 {
        let id = self.next_message_id;
        self.next_message_id += 1;
        id
    }

    fn issue_file_id(&mut self, prefix: &str, bytes: &[u8]) -> String {
        self.next_file += 1;
        let file_id = format!("{prefix}{}", self.next_file);
        self.files.insert(file_id.clone(), bytes.to_vec());
        file_id
    }
}

/// Largest number of instants inside any window `[t, t + width)`.
fn max_in_window(instants: &[Instant], width: Duration) -> usize {
    let mut sorted = instants.to_vec();
    sorted.sort();
    let mut best = 0;
    let mut start = 0;
    for end in 0..sorted.len() {
        while sorted[end] - sorted[start] >= width {
            start += 1;
        }
        best = best.max(end - start + 1);
    }
    best
}

/// Shortest gap between consecutive instants (sorts them).
fn min_gap(instants: &mut [Instant]) -> Option<Duration> {
    instants.sort();
    instants.windows(2).map(|pair| pair[1] - pair[0]).min()
}

fn rate_stats(receipts: &[(Instant, i64)], window: Duration) -> RateStats {
    let all: Vec<Instant> = receipts.iter().map(|(at, _)| *at).collect();
    let mut per_chat: HashMap<i64, Vec<Instant>> = HashMap::new();
    for (at, chat) in receipts {
        per_chat.entry(*chat).or_default().push(*at);
    }
    let per_chat_max = |width, groups_only: bool| {
        per_chat
            .iter()
            .filter(|(chat, _)| !groups_only || **chat < 0)
            .map(|(_, instants)| max_in_window(instants, width))
            .max()
            .unwrap_or(0)
    };
    RateStats {
        window,
        requests: receipts.len(),
        max_overall_per_window: max_in_window(&all, window),
        max_per_chat_per_window: per_chat_max(window, false),
        max_per_chat_per_min: per_chat_max(Duration::from_secs(60), false),
        max_per_group_per_min: per_chat_max(Duration::from_secs(60), true),
        min_per_chat_gap: per_chat
            .values_mut()
            .filter_map(|instants| min_gap(instants))
            .min(),
    }
}
