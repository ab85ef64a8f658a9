//! The wired Discord bot (app + real serenity + outbox + scheduler) against
//! the fake Discord, on a simulated clock: reusable by every end-to-end test.
//! For a bot on several platforms, build the [`App`] and the transports
//! yourself: [`start_discord`] gives the Discord one, [`Workers::spawn`]
//! runs the platforms' shared workers (scheduler, outbox, pruner) over a
//! router of all of them.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::discord::{
    DiscordBot, DiscordConfig, DiscordRetryPolicy, RoleMap, ServeConfig, ShardPlan,
};
use corrbot::adapters::router::{Router, Transport};
use corrbot::adapters::workers::run_workers;
use corrbot::app::deliver::prepare::Preparer;
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::store::{Db, Platform, PlayerId};
use corrbot::time::{Clock, SimClock};
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::fake_discord::{FakeDiscord, GUILD_ID, Sent, SentKind};

/// The guild channel the tests use.
pub const CHANNEL: u64 = 4_000_001;

/// The instant every simulated clock starts at.
pub fn start_instant() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 9, 0, 0).unwrap()
}

/// A serve config pointing at `fake`, registering commands in its guild.
pub fn serve_config(fake: &FakeDiscord) -> ServeConfig {
    let mut discord = DiscordConfig::new("fake-token");
    discord.api_base = Some(fake.proxy_url());
    discord.retry = DiscordRetryPolicy {
        max_attempts: 4,
        base_delay: Duration::from_millis(1),
        max_delay: Duration::from_millis(5),
    };
    ServeConfig {
        discord,
        guild: Some(GUILD_ID),
        roles: RoleMap::default(),
        shards: ShardPlan::Single,
    }
}

/// Starts the Discord bot of `app` against `fake` (READY and commands registered).
pub async fn start_discord(
    fake: &FakeDiscord,
    app: App,
    clock: SimClock,
    cache: Arc<RenderCache>,
) -> DiscordBot {
    start_discord_with(fake, app, clock, cache, RoleMap::default()).await
}

/// As [`start_discord`], mirroring Discord roles through `roles`.
pub async fn start_discord_with(
    fake: &FakeDiscord,
    app: App,
    clock: SimClock,
    cache: Arc<RenderCache>,
    roles: RoleMap,
) -> DiscordBot {
    let clock: Arc<dyn Clock> = Arc::new(clock);
    let config = ServeConfig {
        roles,
        ..serve_config(fake)
    };
    DiscordBot::start(app, clock, cache, &config)
        .await
        .expect("Discord bot starts against the fake")
}

/// The platforms' shared workers (scheduler, outbox worker, pruner),
/// stopped on drop.
pub struct Workers {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Workers {
    /// Runs the workers over `transports` on the simulated clock.
    pub fn spawn(
        db: Db,
        clock: SimClock,
        cache: Arc<RenderCache>,
        (transports, app): (Vec<Arc<dyn Transport>>, &App),
    ) -> Self {
        let (stop, stopped) = watch::channel(false);
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let preparer = Preparer::new(db.clone(), shared, cache)
            .with_web_url(app.web_url().cloned())
            .with_touch_key(app.touch_key().cloned());
        let router = Router::new(preparer, transports);
        let task = tokio::spawn(async move {
            let mut stopped = stopped;
            let shutdown = async move {
                let _ = stopped.wait_for(|stop| *stop).await;
            };
            run_workers(db, &clock, router, None, shutdown).await;
        });
        Self { stop, task }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.stop.send_replace(true);
        self.task.abort();
    }
}

/// The whole Discord bot on a fresh fake: what most tests need.
pub struct WiredBot {
    /// The fake Discord.
    pub fake: FakeDiscord,
    /// The simulated clock of the app and the loops.
    pub clock: SimClock,
    /// Its store.
    pub db: Db,
    /// Held for its drop, which stops the gateway client.
    _bot: DiscordBot,
    /// Held for its drop, which stops the loops.
    _workers: Workers,
}

impl WiredBot {
    /// Starts the fake, the bot and the loops on `db`; the first user to
    /// write administers.
    pub async fn start(db: Db) -> Self {
        Self::start_with_roles(db, RoleMap::default()).await
    }

    /// As [`WiredBot::start`], mirroring Discord roles through `roles`.
    pub async fn start_with_roles(db: Db, roles: RoleMap) -> Self {
        Self::start_configured(db, roles, AppConfig::default()).await
    }

    /// As [`WiredBot::start_with_roles`], the app set up by `config`.
    pub async fn start_configured(db: Db, roles: RoleMap, config: AppConfig) -> Self {
        let clock = SimClock::new(start_instant());
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let app = App::new(db.clone(), shared, config);
        let cache = Arc::new(RenderCache::new(64));
        let fake = FakeDiscord::start().await;
        let bot = start_discord_with(&fake, app.clone(), clock.clone(), cache.clone(), roles).await;
        Self::wire((fake, bot, &app), db, clock, cache, Vec::new())
    }

    /// Starts a fresh fake and the Discord bot of an `app` that other
    /// platforms serve too: the one scheduler and outbox worker route over
    /// Discord's transport and the `others` (a cross-platform bot).
    pub async fn start_sharing(
        db: Db,
        app: App,
        clock: SimClock,
        cache: Arc<RenderCache>,
        others: Vec<Arc<dyn Transport>>,
    ) -> Self {
        let fake = FakeDiscord::start().await;
        let bot = start_discord(&fake, app.clone(), clock.clone(), cache.clone()).await;
        Self::wire((fake, bot, &app), db, clock, cache, others)
    }

    fn wire(
        (fake, bot, app): (FakeDiscord, DiscordBot, &App),
        db: Db,
        clock: SimClock,
        cache: Arc<RenderCache>,
        others: Vec<Arc<dyn Transport>>,
    ) -> Self {
        let mut transports = vec![bot.transport()];
        transports.extend(others);
        let workers = Workers::spawn(db.clone(), clock.clone(), cache, (transports, app));
        Self {
            fake,
            clock,
            db,
            _bot: bot,
            _workers: workers,
        }
    }

    /// Uses slash command `name` with text options `(name, value)` in the
    /// guild channel; returns the interaction's answer.
    pub async fn slash(&self, user: u64, name: &str, options: &[(&str, &str)]) -> Sent {
        let options: Vec<Value> = options
            .iter()
            .map(|(name, value)| json!({ "name": name, "type": 3, "value": value }))
            .collect();
        let id = self
            .fake
            .push_slash_command(name, Value::Array(options), user, CHANNEL)
            .await;
        self.answer_to(id).await
    }

    /// Uses slash command `name` with text options in `user`'s DM channel
    /// with the bot (opened by an earlier notice); returns the answer.
    pub async fn slash_in_dm(&self, user: u64, name: &str, options: &[(&str, &str)]) -> Sent {
        let options: Vec<Value> = options
            .iter()
            .map(|(name, value)| json!({ "name": name, "type": 3, "value": value }))
            .collect();
        let dm = self.dm_of(user);
        let id = self
            .fake
            .push_slash_command_in(name, Value::Array(options), user, dm, None)
            .await;
        self.answer_to(id).await
    }

    /// Clicks the button `custom_id` on `message` in `user`'s DM channel;
    /// returns the answer.
    pub async fn click_in_dm(&self, user: u64, custom_id: &str, message: u64) -> Sent {
        let dm = self.dm_of(user);
        let id = self
            .fake
            .push_button_in(custom_id, user, (dm, None), message)
            .await;
        self.answer_to(id).await
    }

    /// `user` writes `text` in their DM channel, as a reply to `replied`
    /// (a Discord reply, `message_reference`) if given; returns the bot's
    /// answer, the first DM message after the one written.
    pub async fn say_in_dm(&self, user: u64, text: &str, replied: Option<u64>) -> Sent {
        let dm = self.dm_of(user);
        let written = match replied {
            Some(replied) => self.fake.push_reply_in(dm, None, user, text, replied).await,
            None => self.fake.push_message_in(dm, None, user, text).await,
        };
        // The bot's answer to a message carries the nonce `re{message id}`.
        let nonce = format!("re{written}");
        self.fake
            .wait_until(&format!("the answer to «{text}»"), |state| {
                state
                    .sent()
                    .iter()
                    .find(|sent| {
                        sent.channel_id == dm
                            && sent.kind == SentKind::Message
                            && sent.nonce.as_deref() == Some(nonce.as_str())
                    })
                    .cloned()
            })
            .await
    }

    /// The game the bot remembered Discord message `message` in `channel`
    /// to be about, once it has (a reply to it then means that game); the
    /// wait is a guard, never a pace.
    pub async fn remembered_game(&self, channel: u64, message: u64) -> i64 {
        let key = (channel.to_string(), message.to_string());
        let found = async {
            loop {
                let mut tx = self.db.read().await.expect("read");
                let game = tx
                    .message_game(Platform::Discord, (&key.0, &key.1))
                    .await
                    .expect("message game");
                tx.commit().await.expect("commit");
                if let Some(game) = game {
                    return game.0;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(Duration::from_secs(10), found)
            .await
            .unwrap_or_else(|_| panic!("message {message} in {channel} is about no game"))
    }

    /// The DM channel the bot opened with `user`.
    pub fn dm_of(&self, user: u64) -> u64 {
        self.fake
            .dm_channel(user)
            .expect("a notice opened the DM channel")
    }

    /// Clicks the button `custom_id` on `message` in `channel`; returns the answer.
    pub async fn click(&self, user: u64, custom_id: &str, channel: u64, message: u64) -> Sent {
        let id = self
            .fake
            .push_button(custom_id, user, channel, message)
            .await;
        self.answer_to(id).await
    }

    /// Asks for autocomplete of option `focused` of `command`; returns the
    /// offered values.
    pub async fn complete(
        &self,
        user: u64,
        command: &str,
        focused: &str,
        typed: &str,
    ) -> Vec<String> {
        let id = self
            .fake
            .push_autocomplete(command, focused, typed, user, CHANNEL)
            .await;
        let answer = self.answer_to(id).await;
        assert_eq!(
            answer.kind,
            SentKind::InteractionResponse { callback_type: 8 }
        );
        answer
            .choices
            .iter()
            .filter_map(|choice| choice["value"].as_str().map(str::to_owned))
            .collect()
    }

    /// The answer to interaction `id`, once it is there. A deferred answer
    /// (the handler took longer than Discord's patience) is the edit that
    /// follows the deferral, with the deferral's visibility; the answer to a
    /// one-shot button, after the update that removed the buttons (type 7),
    /// is the followup message.
    pub async fn answer_to(&self, id: u64) -> Sent {
        let deferred = SentKind::InteractionResponse { callback_type: 5 };
        let updated = SentKind::InteractionResponse { callback_type: 7 };
        self.fake
            .wait_until("an interaction answer", |state| {
                let mut answers = state.sent().iter().filter(|s| s.interaction_id == Some(id));
                let first = answers.next()?;
                if first.kind == updated {
                    return answers.find(|s| s.kind == SentKind::Followup).cloned();
                }
                if first.kind != deferred {
                    return Some(first.clone());
                }
                let mut edit = answers.find(|s| s.kind == SentKind::EditOriginal)?.clone();
                edit.ephemeral |= first.ephemeral;
                Some(edit)
            })
            .await
    }

    /// The update (callback type 7) that answered interaction `id`, if any.
    pub fn update_of(&self, id: u64) -> Option<Sent> {
        let updated = SentKind::InteractionResponse { callback_type: 7 };
        self.fake
            .sent()
            .into_iter()
            .find(|s| s.interaction_id == Some(id) && s.kind == updated)
    }

    /// Waits for a DM to `user` whose content contains `needle`; returns it.
    pub async fn dm_containing(&self, user: u64, needle: &str) -> Sent {
        self.fake
            .wait_until(&format!("a DM to {user} with «{needle}»"), |state| {
                let dm = state.dm_channel(user)?;
                state
                    .sent()
                    .iter()
                    .find(|sent| {
                        sent.channel_id == dm
                            && sent.kind == SentKind::Message
                            && sent.content.as_deref().is_some_and(|c| c.contains(needle))
                    })
                    .cloned()
            })
            .await
    }

    /// Every message sent in `user`'s DM channel so far.
    pub fn dms(&self, user: u64) -> Vec<Sent> {
        let Some(dm) = self.fake_dm(user) else {
            return Vec::new();
        };
        let sent = self.fake.sent();
        sent.into_iter()
            .filter(|s| s.channel_id == dm && s.kind == SentKind::Message)
            .collect()
    }

    fn fake_dm(&self, user: u64) -> Option<u64> {
        self.fake.dm_channel(user)
    }

    /// The player behind Discord user `user`.
    pub async fn player(&self, user: u64) -> PlayerId {
        let mut tx = self.db.read().await.expect("read");
        let account = tx
            .account(Platform::Discord, &user.to_string())
            .await
            .expect("account")
            .expect("the user has written to the bot");
        tx.commit().await.expect("commit");
        account.player_id
    }
}
