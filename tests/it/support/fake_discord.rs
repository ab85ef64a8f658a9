//! An in-process fake Discord (REST API v10 and gateway v10) that the real
//! serenity client is tested against.
//!
//! * REST on `http://127.0.0.1:PORT/api/v10/...`: give [`FakeDiscord::proxy_url`]
//!   to serenity's `HttpBuilder::proxy` (with the rate limiter disabled: serenity's
//!   ratelimiter builds its requests without the proxy).
//! * `GET /api/v10/gateway` answers with the `ws://` URL of the fake gateway,
//!   which is how serenity's `Client` finds it.
//! * Tests push MESSAGE_CREATE and INTERACTION_CREATE dispatches and read back,
//!   in order, every message and interaction answer the bot made ([`Sent`]).
//! * [`FakeDiscord::fail_next`] makes the next mutating requests fail with
//!   Discord-shaped 429 or 500 answers.

mod gateway;
pub mod payloads;
mod rest;

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

pub use payloads::{APPLICATION_ID, BOT_USER_ID, GUILD_ID};

/// How long a wait may take before the test fails (a guard, never a pace).
const WAIT_GUARD: Duration = Duration::from_secs(10);

/// One thing the bot sent: a channel message or an interaction answer.
#[derive(Clone, Debug)]
pub struct Sent {
    /// Which endpoint it went to.
    pub kind: SentKind,
    /// The channel it appeared in (the interaction's channel for answers).
    pub channel_id: u64,
    /// The id the fake gave the resulting message.
    pub message_id: Option<u64>,
    /// The interaction it answers, if any.
    pub interaction_id: Option<u64>,
    /// Text content, if any.
    pub content: Option<String>,
    /// Embeds as sent.
    pub embeds: Vec<Value>,
    /// Uploaded files with their bytes.
    pub attachments: Vec<SentFile>,
    /// Components (action rows) as sent.
    pub components: Vec<Value>,
    /// Whether flag 64 (ephemeral) was set.
    pub ephemeral: bool,
    /// Autocomplete choices, for callback type 8.
    pub choices: Vec<Value>,
    /// The `allowed_mentions` object as sent (`null` when absent).
    pub allowed_mentions: Value,
    /// The nonce sent with a channel message, if any.
    pub nonce: Option<String>,
}

impl Sent {
    /// The `custom_id`s of every button, row by row.
    pub fn button_ids(&self) -> Vec<String> {
        let rows = self
            .components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default());
        rows.filter_map(|button| button["custom_id"].as_str().map(str::to_owned))
            .collect()
    }
}

/// Which endpoint a [`Sent`] went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SentKind {
    /// `POST /channels/{id}/messages`.
    Message,
    /// `POST /interactions/{id}/{token}/callback` with this callback type
    /// (4 message, 5 deferred message, 6 deferred update, 7 update, 8 autocomplete).
    InteractionResponse {
        /// The callback type.
        callback_type: u8,
    },
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `POST /webhooks/{app}/{token}` (a followup message).
    Followup,
}

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct SentFile {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    /// The file name.
    pub filename: String,
    /// The part's content type.
    pub content_type: Option<String>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// A thread the bot created.
#[derive(Clone, Debug)]
pub struct Thread {
    /// The thread's channel id.
    pub id: u64,
    /// The channel it was created in.
    pub parent_id: u64,
    /// Its name.
    pub name: String,
    /// The message it was started from, if any.
    pub from_message: Option<u64>,
}

/// One REST request the fake answered.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// Path, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// Status code answered.
    pub status: u16,
    /// When the fake received it.
    pub at: std::time::Instant,
}

impl RequestRecord {
    /// Whether Discord's global limit (50 requests a second for the bot)
    /// counts it: interaction answers and their webhooks are exempt.
    pub fn counts_globally(&self) -> bool {
        !self.path.contains("/interactions/") && !self.path.contains("/webhooks/")
    }
}

/// An injected failure for the next mutating (non-GET) request.
#[derive(Clone, Copy, Debug)]
pub enum Failure {
    /// 429 with Discord's body and `retry-after` / `x-ratelimit-*` headers.
    Status429 {
        /// Seconds to wait, as in the body's `retry_after`.
        retry_after: f64,
    },
    /// 500 before the request takes effect.
    Status500,
    /// 500 after the request took effect (the answer is lost on the way).
    Status500AfterCommit,
    /// 403 with this Discord JSON error code (e.g. 50007: cannot DM the user).
    Status403 {
        /// Discord's error code.
        code: u32,
    },
}

/// The fake's state, behind a lock.
struct State {
    gateway_url: String,
    last_id: u64,
    sent: Vec<Sent>,
    requests: Vec<RequestRecord>,
    failures: VecDeque<Failure>,
    /// Failures for the next requests whose path ends with the given text.
    path_failures: Vec<(String, Failure)>,
    identifies: Vec<Value>,
    heartbeats: u64,
    disconnects: u64,
    sessions: Vec<gateway::Live>,
    /// The shards Discord recommends (`GET /gateway/bot`).
    recommended_shards: u32,
    /// For each dispatch pushed: its name and how many sessions got it.
    deliveries: Vec<(String, usize)>,
    resumes: Vec<Value>,
    dm_channels: HashMap<u64, u64>,
    threads: Vec<Thread>,
    commands: HashMap<Option<u64>, Vec<Value>>,
    by_nonce: HashMap<(u64, String), Value>,
    /// Interaction token → (interaction id, channel id).
    interactions: HashMap<String, (u64, u64)>,
    /// Interaction token → its original response (a message object), once
    /// answered with a message (callback type 4 or 5).
    originals: HashMap<String, Value>,
    answered: HashSet<u64>,
    /// Guild roles of members, by user id (none unless set).
    member_roles: HashMap<u64, Vec<u64>>,
}

impl State {
    fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }

    fn push_sent(&mut self, sent: Sent) {
        self.sent.push(sent);
    }
}

/// State shared by the REST server, the gateway and the test.
struct Shared {
    state: Mutex<State>,
    notify: Notify,
    heartbeat_interval_ms: u64,
}

impl Shared {
    /// Runs `f` on the state and wakes waiters (every change may matter to one).
    fn with_state<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let result = f(&mut self.state.lock().expect("fake state lock"));
        self.notify.notify_waiters();
        result
    }

    fn gateway_url(&self) -> String {
        self.state
            .lock()
            .expect("fake state lock")
            .gateway_url
            .clone()
    }
}

/// The running fake; its servers stop when it is dropped.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    rest_addr: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.tasks.iter().for_each(JoinHandle::abort);
    }
}

/// Options for [`FakeDiscord::start_with`].
#[derive(Clone, Copy, Debug)]
pub struct FakeOptions {
    /// The heartbeat interval sent in Hello.
    pub heartbeat_interval: Duration,
    /// The shards `GET /gateway/bot` recommends.
    pub shards: u32,
}

impl Default for FakeOptions {
    fn default() -> Self {
        FakeOptions {
            heartbeat_interval: Duration::from_millis(41_250),
            shards: 1,
        }
    }
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on 127.0.0.1 with free ports.
    pub async fn start() -> FakeDiscord {
        Self::start_with(FakeOptions::default()).await
    }

    /// Starts with the given options.
    pub async fn start_with(options: FakeOptions) -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let gateway_listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_addr = rest_listener.local_addr().expect("REST address");
        let gateway_addr = gateway_listener.local_addr().expect("gateway address");
        let state = State {
            gateway_url: format!("ws://{gateway_addr}"),
            last_id: 1_000_000,
            sent: Vec::new(),
            requests: Vec::new(),
            failures: VecDeque::new(),
            path_failures: Vec::new(),
            identifies: Vec::new(),
            heartbeats: 0,
            disconnects: 0,
            sessions: Vec::new(),
            recommended_shards: options.shards,
            deliveries: Vec::new(),
            resumes: Vec::new(),
            dm_channels: HashMap::new(),
            threads: Vec::new(),
            member_roles: HashMap::new(),
            commands: HashMap::new(),
            by_nonce: HashMap::new(),
            interactions: HashMap::new(),
            originals: HashMap::new(),
            answered: HashSet::new(),
        };
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            notify: Notify::new(),
            heartbeat_interval_ms: options.heartbeat_interval.as_millis() as u64,
        });
        let router = rest::router(Arc::clone(&shared));
        let rest_task = tokio::spawn(async move {
            axum::serve(rest_listener, router)
                .await
                .expect("fake REST server");
        });
        let gateway_task = tokio::spawn(gateway::serve(gateway_listener, Arc::clone(&shared)));
        FakeDiscord {
            shared,
            rest_addr,
            tasks: vec![rest_task, gateway_task],
        }
    }

    /// The base URL for serenity's `HttpBuilder::proxy`.
    pub fn proxy_url(&self) -> String {
        format!("http://{}", self.rest_addr)
    }

    /// The `ws://` URL of the gateway.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// Waits until `probe` returns `Some`, re-checking on every change.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        probe: impl FnMut(&StateView<'_>) -> Option<T>,
    ) -> T {
        match self.try_wait_until(WAIT_GUARD, probe).await {
            Some(found) => found,
            None => panic!(
                "fake Discord: timed out waiting for {what}; sent so far: {:#?}",
                self.sent()
            ),
        }
    }

    /// Waits until `probe` returns `Some`, re-checking on every change;
    /// `None` after `guard` (an event whose shard's process was killed is
    /// lost, as on Discord: the caller then asks again).
    pub async fn try_wait_until<T>(
        &self,
        guard: Duration,
        mut probe: impl FnMut(&StateView<'_>) -> Option<T>,
    ) -> Option<T> {
        let wait = async {
            loop {
                let notified = self.shared.notify.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                let found = {
                    let state = self.shared.state.lock().expect("fake state lock");
                    probe(&StateView(&state))
                };
                if let Some(found) = found {
                    return found;
                }
                notified.await;
            }
        };
        tokio::time::timeout(guard, wait).await.ok()
    }

    /// Waits for a session that has identified and got READY; returns the Identify payload.
    pub async fn wait_ready(&self) -> Value {
        self.wait_until("READY", |s| {
            (!s.0.sessions.is_empty()).then(|| s.0.identifies[0].clone())
        })
        .await
    }

    /// Closes every live gateway session with code 4000, as Discord does
    /// when it wants clients to reconnect.
    pub fn disconnect_all(&self) {
        let sessions = self
            .shared
            .with_state(|state| std::mem::take(&mut state.sessions));
        for session in sessions {
            let _ = session.push.send(gateway::Push::Close);
        }
    }

    /// Waits until `n` sessions have resumed; returns the Resume payloads.
    pub async fn wait_resumed(&self, n: usize) -> Vec<Value> {
        self.wait_until("RESUME", |s| {
            (s.0.resumes.len() >= n && !s.0.sessions.is_empty()).then(|| s.0.resumes.clone())
        })
        .await
    }

    /// Waits until the gateway has acknowledged at least `n` heartbeats.
    pub async fn wait_heartbeats(&self, n: u64) -> u64 {
        self.wait_until("heartbeats", |s| {
            (s.0.heartbeats >= n).then_some(s.0.heartbeats)
        })
        .await
    }

    /// Waits until at least `n` things were sent; returns all of them.
    pub async fn wait_for_sent(&self, n: usize) -> Vec<Sent> {
        self.wait_until("sent messages", |s| {
            (s.0.sent.len() >= n).then(|| s.0.sent.clone())
        })
        .await
    }

    /// Everything sent so far, in order.
    pub fn sent(&self) -> Vec<Sent> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .sent
            .clone()
    }

    /// The most requests under the global limit received in any sliding
    /// window of `window` (Discord allows 50 a second).
    pub fn max_global_requests_in(&self, window: Duration) -> usize {
        let mut instants: Vec<std::time::Instant> = self
            .requests()
            .iter()
            .filter(|r| r.counts_globally())
            .map(|r| r.at)
            .collect();
        instants.sort();
        let mut best = 0;
        let mut start = 0;
        for end in 0..instants.len() {
            while instants[end] - instants[start] >= window {
                start += 1;
            }
            best = best.max(end - start + 1);
        }
        best
    }

    /// Every REST request answered so far, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .requests
            .clone()
    }

    /// Threads created so far.
    pub fn threads(&self) -> Vec<Thread> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .threads
            .clone()
    }

    /// The DM channel opened with `user`, if any.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .dm_channels
            .get(&user)
            .copied()
    }

    /// Commands registered globally (`None`) or in a guild.
    pub fn commands(&self, guild: Option<u64>) -> Vec<Value> {
        let state = self.shared.state.lock().expect("fake state lock");
        state.commands.get(&guild).cloned().unwrap_or_default()
    }

    /// Every Identify payload received, in order.
    pub fn identifies(&self) -> Vec<Value> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .identifies
            .clone()
    }

    /// Makes the next `n` mutating requests fail with `failure`.
    pub fn fail_next(&self, n: usize, failure: Failure) {
        self.shared
            .with_state(|state| state.failures.extend(std::iter::repeat_n(failure, n)));
    }

    /// Makes the next `n` mutating requests whose path ends with `suffix`
    /// (`/threads`, `/channels/4000001/messages`) fail with `failure`.
    pub fn fail_next_on(&self, suffix: &str, n: usize, failure: Failure) {
        self.shared.with_state(|state| {
            let failures = std::iter::repeat_n((suffix.to_owned(), failure), n);
            state.path_failures.extend(failures);
        });
    }

    /// Gives guild member `user` the guild roles `roles` (replacing the
    /// old ones); their next messages and interactions carry them.
    pub fn set_member_roles(&self, user: u64, roles: &[u64]) {
        self.shared
            .with_state(|state| state.member_roles.insert(user, roles.to_vec()));
    }

    fn roles_of(&self, user: u64) -> Vec<u64> {
        self.shared
            .with_state(|state| state.member_roles.get(&user).cloned().unwrap_or_default())
    }

    /// A fresh snowflake.
    pub fn next_id(&self) -> u64 {
        self.shared.with_state(State::next_id)
    }

    /// Dispatches an event to the ready sessions of the shard it belongs
    /// to (waiting for a session first): a guild's events to shard
    /// `(guild_id >> 22) % total`, the rest (direct messages) to shard 0,
    /// as Discord does.
    pub async fn dispatch(&self, name: &str, data: Value) {
        self.wait_ready().await;
        let guild = data["guild_id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok());
        self.shared.with_state(|state| {
            let mut delivered = 0;
            state.sessions.retain(|session| {
                if !session.receives(guild) {
                    return true;
                }
                let push = gateway::Push::Dispatch(name.to_owned(), data.clone());
                let alive = session.push.send(push).is_ok();
                delivered += usize::from(alive);
                alive
            });
            state.deliveries.push((name.to_owned(), delivered));
        });
    }

    /// For each dispatch pushed so far: its name and the number of
    /// sessions it went to.
    pub fn deliveries(&self) -> Vec<(String, usize)> {
        self.shared
            .state
            .lock()
            .expect("fake state lock")
            .deliveries
            .clone()
    }

    /// Waits until sessions for every shard in `shards` (`[id, total]`)
    /// are ready.
    pub async fn wait_shards_ready(&self, shards: &[[u32; 2]]) {
        self.wait_until("every shard READY", |s| {
            shards
                .iter()
                .all(|shard| s.0.sessions.iter().any(|live| live.shard == *shard))
                .then_some(())
        })
        .await;
    }

    /// Pushes MESSAGE_CREATE from `author` in guild channel `channel`; returns the message id.
    pub async fn push_message(&self, channel: u64, author: u64, content: &str) -> u64 {
        self.push_message_in(channel, Some(GUILD_ID), author, content)
            .await
    }

    /// Pushes MESSAGE_CREATE by the bot itself (as Discord echoes the bot's
    /// own messages) in guild channel `channel`; returns the message id.
    pub async fn push_own_message(&self, channel: u64, content: &str) -> u64 {
        let id = self.next_id();
        let parts = payloads::MessageParts {
            id,
            channel_id: channel,
            guild_id: Some(GUILD_ID),
            author_id: BOT_USER_ID,
            author_bot: true,
            content: content.to_owned(),
            ..Default::default()
        };
        self.dispatch("MESSAGE_CREATE", payloads::message(&parts))
            .await;
        id
    }

    /// Pushes MESSAGE_CREATE in `channel` of `guild` (`None` for a DM); returns the message id.
    pub async fn push_message_in(
        &self,
        channel: u64,
        guild: Option<u64>,
        author: u64,
        content: &str,
    ) -> u64 {
        self.push_user_message(channel, guild, author, content, None)
            .await
    }

    /// Pushes MESSAGE_CREATE of a reply (type 19, `message_reference`) by
    /// `author` to message `replied` in `channel` of `guild` (`None` for a
    /// DM); returns the message id.
    pub async fn push_reply_in(
        &self,
        channel: u64,
        guild: Option<u64>,
        author: u64,
        content: &str,
        replied: u64,
    ) -> u64 {
        self.push_user_message(channel, guild, author, content, Some(replied))
            .await
    }

    /// A user's MESSAGE_CREATE, a reply to `replied_to` if given.
    async fn push_user_message(
        &self,
        channel: u64,
        guild: Option<u64>,
        author: u64,
        content: &str,
        replied_to: Option<u64>,
    ) -> u64 {
        let id = self.next_id();
        let parts = payloads::MessageParts {
            id,
            channel_id: channel,
            guild_id: guild,
            author_id: author,
            content: content.to_owned(),
            roles: self.roles_of(author),
            replied_to,
            ..Default::default()
        };
        self.dispatch("MESSAGE_CREATE", payloads::message(&parts))
            .await;
        id
    }

    /// Pushes a chat-input command `name` with raw Discord `options`
    /// (`[{"name","type","value"}]`) by `user` in guild channel `channel`;
    /// returns the interaction id.
    pub async fn push_slash_command(
        &self,
        name: &str,
        options: Value,
        user: u64,
        channel: u64,
    ) -> u64 {
        self.push_slash_command_in(name, options, user, channel, Some(GUILD_ID))
            .await
    }

    /// As [`FakeDiscord::push_slash_command`] in `channel` of `guild`
    /// (`None`: a DM channel).
    pub async fn push_slash_command_in(
        &self,
        name: &str,
        options: Value,
        user: u64,
        channel: u64,
        guild: Option<u64>,
    ) -> u64 {
        let data = json!({ "id": "77", "name": name, "type": 1, "options": options });
        self.push_interaction_with(2, data, user, (channel, guild), None)
            .await
    }

    /// Pushes a button click on `message` (in guild channel `channel`) by `user`.
    pub async fn push_button(&self, custom_id: &str, user: u64, channel: u64, message: u64) -> u64 {
        self.push_button_in(custom_id, user, (channel, Some(GUILD_ID)), message)
            .await
    }

    /// Pushes a button click on `message` by `user` in `(channel, guild)`
    /// (guild `None`: a DM channel).
    pub async fn push_button_in(
        &self,
        custom_id: &str,
        user: u64,
        at: (u64, Option<u64>),
        message: u64,
    ) -> u64 {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.push_interaction_with(3, data, user, at, Some(message))
            .await
    }

    /// Pushes an autocomplete request for command `name` whose option
    /// `focused` holds the partial `value`.
    pub async fn push_autocomplete(
        &self,
        name: &str,
        focused: &str,
        value: &str,
        user: u64,
        channel: u64,
    ) -> u64 {
        let option = json!({ "name": focused, "type": 3, "value": value, "focused": true });
        let data = json!({ "id": "77", "name": name, "type": 1, "options": [option] });
        self.push_interaction(4, data, user, channel).await
    }

    async fn push_interaction(&self, kind: u8, data: Value, user: u64, channel: u64) -> u64 {
        self.push_interaction_with(kind, data, user, (channel, Some(GUILD_ID)), None)
            .await
    }

    async fn push_interaction_with(
        &self,
        kind: u8,
        data: Value,
        user: u64,
        (channel, guild): (u64, Option<u64>),
        message: Option<u64>,
    ) -> u64 {
        let id = self.next_id();
        let token = format!("token-{id}");
        self.shared
            .with_state(|state| state.interactions.insert(token.clone(), (id, channel)));
        let parts = payloads::InteractionParts {
            id,
            kind,
            data,
            channel_id: channel,
            guild_id: guild,
            user_id: user,
            token,
            roles: self.roles_of(user),
        };
        let mut interaction = payloads::interaction(parts);
        if let Some(message_id) = message {
            let parts = payloads::MessageParts {
                id: message_id,
                channel_id: channel,
                author_id: BOT_USER_ID,
                author_bot: true,
                ..Default::default()
            };
            interaction["message"] = payloads::message(&parts);
        }
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }
}

/// A read-only view of the fake's state for [`FakeDiscord::wait_until`].
pub struct StateView<'a>(&'a State);

impl StateView<'_> {
    /// Everything sent so far.
    pub fn sent(&self) -> &[Sent] {
        &self.0.sent
    }

    /// Every REST request so far.
    pub fn requests(&self) -> &[RequestRecord] {
        &self.0.requests
    }

    /// Threads created so far.
    pub fn threads(&self) -> &[Thread] {
        &self.0.threads
    }

    /// The DM channel opened with `user`, if any.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.0.dm_channels.get(&user).copied()
    }

    /// Commands registered globally (`None`) or in a guild.
    pub fn commands(&self, guild: Option<u64>) -> &[Value] {
        self.0.commands.get(&guild).map_or(&[], Vec::as_slice)
    }
}
