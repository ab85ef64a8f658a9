//! Running the Telegram bot for an [`App`]: settings from the environment,
//! the connection check and command menus ([`TelegramBot::connect`]), the
//! transport the outbox router sends notices through
//! ([`TelegramBot::transport`]), and the inbound loop, by long polling or
//! by webhook ([`TelegramBot::serve`]).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sha2::{Digest, Sha256};
use teloxide::Bot;

use crate::adapters::router::Transport;
use crate::app::deliver::prepare::Preparer;
use crate::app::service::App;
use crate::ratebudget::SharedBudget;
use crate::render::RenderCache;
use crate::shutdown::Stop;
use crate::time::Clock;

use super::buttons::ButtonCodes;
use super::dispatch::{InboundOrder, TelegramDispatch};
use super::inbound::TelegramHandler;
use super::menus::{RoleMenus, command_menus};
use super::transport::TelegramTransport;
use super::webhook::{WebhookConfig, run_webhook};
use super::{
    Limits, PollingOptions, TelegramRetryPolicy, TelegramSender, build_bot, poll_as_leader,
    prepare_polling, telegram_limits,
};

/// Where updates come from.
#[derive(Clone, Debug)]
pub enum InboundMode {
    /// Long polling with `getUpdates` (the default).
    Polling(PollingOptions),
    /// Telegram posts updates to a URL this process listens on.
    Webhook(WebhookConfig),
}

/// Everything the Telegram adapter needs to run. The token is never shown
/// by `Debug` (nor logged).
#[derive(Clone)]
pub struct TelegramConfig {
    /// The bot token from @BotFather.
    pub token: String,
    /// A Bot API root other than `https://api.telegram.org/` (a local Bot
    /// API server, or a test fake).
    pub api_url: Option<String>,
    /// Polling or webhook.
    pub mode: InboundMode,
    /// Rate limits for sending.
    pub limits: Limits,
    /// Retries of one request before the outbox takes over.
    pub retry: TelegramRetryPolicy,
    /// How often the role holders' menus are compared with the roles
    /// without waiting for a Telegram update (roles changed on Discord, on
    /// the console or by another process), see [`RoleMenus`].
    pub menu_refresh: Duration,
    /// The rate budget shared with the other processes on the database
    /// (`None`: this process alone; see [`crate::ratebudget`]).
    pub budget: Option<Arc<SharedBudget>>,
    /// Which updates are handled one after another (see [`InboundOrder`]).
    pub order: InboundOrder,
}

impl fmt::Debug for TelegramConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TelegramConfig")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

/// How often the menus follow role changes made elsewhere by default.
pub const DEFAULT_MENU_REFRESH: Duration = Duration::from_secs(60);

/// Default listen address of the webhook server.
pub const DEFAULT_WEBHOOK_LISTEN: &str = "0.0.0.0:8443";

impl TelegramConfig {
    /// Polling on Telegram's API with its documented limits.
    pub fn new(token: impl Into<String>) -> Self {
        Self {
            token: token.into(),
            api_url: None,
            mode: InboundMode::Polling(PollingOptions::default()),
            limits: telegram_limits(),
            retry: TelegramRetryPolicy::default(),
            menu_refresh: DEFAULT_MENU_REFRESH,
            budget: None,
            order: InboundOrder::default(),
        }
    }

    /// Reads `TELEGRAM_BOT_TOKEN` (none: `Ok(None)`), `TELEGRAM_API_URL`,
    /// and for webhook mode `TELEGRAM_WEBHOOK_URL`, `TELEGRAM_WEBHOOK_LISTEN`
    /// and `TELEGRAM_WEBHOOK_SECRET` (derived from the token when unset).
    pub fn from_env() -> anyhow::Result<Option<Self>> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let Some(token) = var("TELEGRAM_BOT_TOKEN") else {
            return Ok(None);
        };
        let mut config = Self::new(token.trim());
        config.api_url = var("TELEGRAM_API_URL");
        config.order = InboundOrder::from_env()?;
        if let Some(url) = var("TELEGRAM_WEBHOOK_URL") {
            let url = url::Url::parse(&url).context("TELEGRAM_WEBHOOK_URL is not a URL")?;
            let listen = var("TELEGRAM_WEBHOOK_LISTEN")
                .unwrap_or_else(|| DEFAULT_WEBHOOK_LISTEN.to_owned())
                .parse()
                .context("TELEGRAM_WEBHOOK_LISTEN is not an address such as 0.0.0.0:8443")?;
            let secret = var("TELEGRAM_WEBHOOK_SECRET").unwrap_or_else(|| secret_of(&config.token));
            config.mode = InboundMode::Webhook(WebhookConfig {
                url,
                listen,
                secret,
            });
        }
        Ok(Some(config))
    }
}

/// A webhook secret derived from the token (Telegram allows `A-Za-z0-9_-`).
pub fn secret_of(token: &str) -> String {
    let digest = Sha256::digest(format!("corrbot-webhook:{token}").as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// A connected Telegram bot: the token is checked, the menus are set.
pub struct TelegramBot {
    bot: Bot,
    username: String,
    transport: TelegramTransport,
    codes: Arc<ButtonCodes>,
    menus: Arc<RoleMenus>,
    menu_refresh: Duration,
    mode: InboundMode,
    order: InboundOrder,
}

impl TelegramBot {
    /// Checks the token (`getMe`), removes a webhook when polling, and sets
    /// the players' Ukrainian and English command menus (the role holders'
    /// follow when serving starts, see [`RoleMenus`]). Must run inside tokio.
    pub async fn connect(config: TelegramConfig) -> anyhow::Result<Self> {
        let bot = build_bot(&config.token, config.api_url.as_deref())?;
        let me = match &config.mode {
            InboundMode::Polling(_) => prepare_polling(&bot).await,
            InboundMode::Webhook(_) => teloxide::requests::Requester::get_me(&bot).await,
        }
        .context("telegram: getMe failed (is TELEGRAM_BOT_TOKEN right?)")?;
        let sender = Arc::new(
            TelegramSender::new(bot.clone(), config.limits, config.retry)
                .with_budget(config.budget.clone()),
        );
        sender
            .set_commands(&command_menus())
            .await
            .context("telegram: setMyCommands failed")?;
        let codes = Arc::new(ButtonCodes::new());
        let menus = Arc::new(RoleMenus::new(sender.clone()));
        let transport = TelegramTransport::new(sender, codes.clone());
        let username = me.username.clone().unwrap_or_default();
        tracing::info!(bot = %username, "telegram: connected");
        crate::ops::set_connected("telegram", true);
        Ok(Self {
            bot,
            username,
            transport,
            codes,
            menus,
            menu_refresh: config.menu_refresh,
            mode: config.mode,
            order: config.order,
        })
    }

    /// The bot's `@username`, without the `@`.
    pub fn username(&self) -> &str {
        &self.username
    }

    /// The transport for the outbox [`Router`](crate::adapters::router::Router): notices to Telegram
    /// accounts and chats go out through it.
    pub fn transport(&self) -> Arc<dyn Transport> {
        Arc::new(self.transport.clone())
    }

    /// Serves updates until `shutdown` completes: each goes to `app`, the
    /// replies (with boards rendered through `cache` at `clock`'s time) go
    /// back to its chat. Notices are the outbox worker's job.
    pub async fn serve(
        self,
        app: App,
        clock: Arc<dyn Clock>,
        cache: Arc<RenderCache>,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let app = app.with_telegram_bot(&self.username);
        let db = app.db().clone();
        let images = Preparer::new(db.clone(), clock, cache);
        self.menus.sync(&db).await;
        let refresher = tokio::spawn(refresh_menus(
            self.menus.clone(),
            db.clone(),
            self.menu_refresh,
        ));
        let handler = TelegramHandler::new(app, self.transport, self.codes, images, self.username)
            .with_menus(self.menus);
        let dispatch = TelegramDispatch::new(handler, self.order);
        // On shutdown the queued updates are left for the next process.
        let (switch, stop) = Stop::new();
        let stopper = dispatch.clone();
        let watcher = tokio::spawn(async move {
            shutdown.await;
            stopper.stop();
            switch.stop();
        });
        let shutdown = stop.wait();
        let served = match &self.mode {
            InboundMode::Polling(options) => {
                let handle = |update| dispatch.submit(update);
                poll_as_leader(&db, &self.bot, &handle, options, shutdown).await;
                Ok(())
            }
            InboundMode::Webhook(config) => {
                run_webhook(&self.bot, dispatch.clone(), config, shutdown).await
            }
        };
        dispatch.drain().await;
        watcher.abort();
        refresher.abort();
        served
    }
}

/// Brings the role holders' menus in step with the roles every `every`, so
/// a role granted on Discord, on the console or through another process
/// shows in the Telegram menu without waiting for a Telegram update (one
/// statement when nothing changed).
async fn refresh_menus(menus: Arc<RoleMenus>, db: crate::store::Db, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        menus.sync(&db).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_not_shown() {
        let config = TelegramConfig::new("123:secret-token");
        assert!(!format!("{config:?}").contains("secret-token"));
        assert!(!secret_of("123:secret-token").contains("secret"));
        assert_eq!(secret_of("a").len(), 32);
    }
}
