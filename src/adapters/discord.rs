//! The Discord adapter, on serenity 0.12.
//!
//! * [`connect`] builds a serenity [`Client`] whose event handler turns every
//!   MESSAGE_CREATE and INTERACTION_CREATE into a platform-neutral
//!   [`DiscordInbound`], hands it to a caller-supplied [`DiscordInboundHandler`] and
//!   sends the [`DiscordReply`] back (a channel message for text, the
//!   interaction response for slash commands, buttons and autocomplete),
//!   the app's messages turned into serenity's builders in one place
//!   ([`convert`]).
//! * [`DiscordSender`] delivers outbound notices (DMs, channel and thread
//!   messages, embeds with an attached board image, buttons) with retries on
//!   429 and 5xx, and tells the outbox worker whether a failure is retryable.
//!
//! * [`DiscordBot`] wires it to the app: [`AppHandler`] turns events into the
//!   app's inbound text (slash commands, buttons, autocomplete) after
//!   mirroring the member's roles ([`RoleMap`]), and [`DiscordTransport`]
//!   delivers the outbox's notices (see `serve`), creating a thread per game
//!   in the event's channel (`threads`).
//!
//! With [`DiscordConfig::api_base`] set, REST calls go to that base URL
//! (serenity's `HttpBuilder::proxy`) and serenity's own rate limiter is off,
//! because in serenity 0.12 the rate limiter builds its requests without the
//! proxy; our sender's back-off then handles 429s.

mod bridge;
mod command_spec;
pub mod commands;
pub mod convert;
mod handler;
mod inbound;
mod markdown;
mod roles;
mod sender;
pub mod serve;
mod shards;
pub mod split;
mod threads;
mod transport;

use std::sync::Arc;
use std::time::Duration;

use serenity::Client;
use serenity::client::ClientBuilder;
use serenity::http::{Http, HttpBuilder};
use serenity::model::gateway::GatewayIntents;
use tokio::sync::watch;

pub use bridge::{DiscordInboundHandler, DiscordReply};
pub use command_spec::{CommandOptionKind, CommandOptionSpec, CommandSpec};
pub use convert::{MessageBuilder, Reply};
pub use handler::AppHandler;
pub use inbound::{DiscordInbound, InboundKind, OptionValue, SlashOption};
pub use roles::RoleMap;
pub use sender::{Delivered, Destination, DiscordRetryPolicy, DiscordSendError, DiscordSender};
pub use serve::{DiscordBot, ServeConfig};
pub use shards::{ShardPlan, shard_of};
pub use transport::DiscordTransport;

/// How to reach Discord. Its `Debug` hides the token.
#[derive(Clone)]
pub struct DiscordConfig {
    /// The bot token (with or without the `Bot ` prefix).
    pub token: String,
    /// A base URL replacing `https://discord.com` for REST calls (a proxy or a
    /// test fake); `None` talks to Discord with serenity's rate limiter.
    pub api_base: Option<String>,
    /// Retry policy for outbound sends and interaction answers.
    pub retry: DiscordRetryPolicy,
    /// How long an interaction handler may run before the adapter defers the
    /// answer (Discord wants one within 3 s) and edits it in afterwards.
    pub defer_after: Duration,
}

impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<hidden>")
            .field("api_base", &self.api_base)
            .field("retry", &self.retry)
            .field("defer_after", &self.defer_after)
            .finish()
    }
}

impl DiscordConfig {
    /// A config for `token` with the defaults: Discord itself, default
    /// retries, deferring after two seconds.
    pub fn new(token: impl Into<String>) -> Self {
        DiscordConfig {
            token: token.into(),
            api_base: None,
            retry: DiscordRetryPolicy::default(),
            defer_after: Duration::from_secs(2),
        }
    }

    /// The gateway intents the bot needs: guild and DM messages with content.
    pub fn intents() -> GatewayIntents {
        GatewayIntents::GUILDS
            | GatewayIntents::GUILD_MESSAGES
            | GatewayIntents::DIRECT_MESSAGES
            | GatewayIntents::MESSAGE_CONTENT
    }

    /// A serenity HTTP client for this config.
    pub fn http(&self) -> Http {
        let builder = HttpBuilder::new(&self.token);
        match &self.api_base {
            Some(base) => builder
                .proxy(base.clone())
                .ratelimiter_disabled(true)
                .build(),
            None => builder.build(),
        }
    }
}

/// A built (not yet started) Discord connection.
pub struct DiscordConnection {
    /// The serenity client; call `client.start().await` to run the gateway.
    pub client: Client,
    /// A sender sharing the client's HTTP client, for outbound notices.
    pub sender: DiscordSender,
    /// Holds the bot's user id once the gateway session is READY (and the
    /// HTTP client knows the application id); `None` before.
    pub ready: watch::Receiver<Option<u64>>,
}

/// Builds a serenity client for `config` that feeds `handler`.
///
/// The client asks `GET /api/v10/gateway` for the gateway URL, so with
/// [`DiscordConfig::api_base`] set the gateway comes from the same place.
pub async fn connect<H: DiscordInboundHandler>(
    config: &DiscordConfig,
    handler: H,
) -> Result<DiscordConnection, serenity::Error> {
    let (bridge, ready) = bridge::Bridge::new(handler, config);
    let client = ClientBuilder::new_with_http(config.http(), DiscordConfig::intents())
        .event_handler(bridge)
        .await?;
    let sender = DiscordSender::new(Arc::clone(&client.http), config.retry);
    Ok(DiscordConnection {
        client,
        sender,
        ready,
    })
}
