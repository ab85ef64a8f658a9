//! Running the Discord bot for an [`App`]: the gateway client feeding the
//! app, the slash commands registered, and the [`DiscordTransport`] for the
//! outbox's router (the workers delivering through it are the platforms'
//! shared ones, [`crate::adapters::workers::run_workers`]).

use std::sync::Arc;

use anyhow::Context;
use tokio::task::JoinHandle;

use crate::adapters::error_chain;
use crate::adapters::router::Transport;
use crate::app::service::App;
use crate::ratebudget::SharedBudget;
use crate::render::RenderCache;
use crate::time::Clock;

use super::commands::slash_commands;
use super::handler::AppHandler;
use super::transport::DiscordTransport;
use super::{DiscordConfig, DiscordSender, RoleMap, ShardPlan, connect};

/// How the Discord bot is set up.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The connection (token, API base, retries).
    pub discord: DiscordConfig,
    /// Register the slash commands in this guild only (instantly visible);
    /// `None` registers them globally.
    pub guild: Option<u64>,
    /// Discord role ids standing for app roles (`CORRBOT_DISCORD_ROLES`).
    pub roles: RoleMap,
    /// The gateway shards this process runs (`DISCORD_SHARDS`).
    pub shards: ShardPlan,
}

impl ServeConfig {
    /// Reads `DISCORD_TOKEN`, `DISCORD_API_URL` (a base URL replacing
    /// `https://discord.com`; the gateway URL is asked from it) and
    /// `DISCORD_GUILD_ID`, `CORRBOT_DISCORD_ROLES` (`111=arbiter,…`, see
    /// [`RoleMap::parse`]) and `DISCORD_SHARDS` (see [`ShardPlan::parse`]);
    /// `None` without a token. The token is never logged.
    pub fn from_env() -> anyhow::Result<Option<Self>> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let Some(token) = var("DISCORD_TOKEN") else {
            return Ok(None);
        };
        let mut discord = DiscordConfig::new(token.trim());
        discord.api_base = var("DISCORD_API_URL");
        let guild = match var("DISCORD_GUILD_ID") {
            Some(id) => Some(
                id.trim()
                    .parse()
                    .context("DISCORD_GUILD_ID must be a numeric guild id")?,
            ),
            None => None,
        };
        let roles = RoleMap::parse(&var("CORRBOT_DISCORD_ROLES").unwrap_or_default())
            .context("CORRBOT_DISCORD_ROLES")?;
        let shards = match var("DISCORD_SHARDS") {
            Some(text) => ShardPlan::parse(&text)
                .map_err(|problem| anyhow::anyhow!("DISCORD_SHARDS: {problem}"))?,
            None => ShardPlan::Single,
        };
        Ok(Some(Self {
            discord,
            guild,
            roles,
            shards,
        }))
    }
}

/// A running Discord bot.
pub struct DiscordBot {
    transport: Arc<DiscordTransport>,
    sender: DiscordSender,
    client: JoinHandle<()>,
    shards: Arc<serenity::gateway::ShardManager>,
}

impl DiscordBot {
    /// Connects, waits for the gateway session, registers the slash
    /// commands and returns the bot; the gateway keeps running in a task.
    pub async fn start(
        app: App,
        clock: Arc<dyn Clock>,
        cache: Arc<RenderCache>,
        config: &ServeConfig,
    ) -> anyhow::Result<Self> {
        let db = app.db().clone();
        let handler = AppHandler::new(app, clock, cache).with_roles(config.roles.clone());
        let connection = connect(&config.discord, handler).await?;
        let mut client = connection.client;
        let mut ready = connection.ready;
        let shards = Arc::clone(&client.shard_manager);
        let plan = config.shards;
        tracing::info!(?plan, "Discord gateway shards");
        let task = tokio::spawn(async move {
            if let Err(error) = plan.start(&mut client).await {
                tracing::error!(error = %error_chain(&error), "Discord gateway stopped");
            }
            crate::ops::set_connected("discord", false);
        });
        if ready.wait_for(Option::is_some).await.is_err() {
            task.abort();
            anyhow::bail!("the Discord gateway closed before READY");
        }
        let sender = connection.sender;
        let count = sender
            .register_commands(config.guild, &slash_commands())
            .await?;
        tracing::info!(count, guild = ?config.guild, "Discord slash commands registered");
        Ok(Self {
            transport: Arc::new(
                DiscordTransport::new(Arc::clone(sender.http()))
                    .with_budget(SharedBudget::for_db(&db, "discord"))
                    .with_store(db),
            ),
            sender,
            client: task,
            shards,
        })
    }

    /// The transport for the outbox's [`Router`](crate::adapters::router::Router).
    pub fn transport(&self) -> Arc<dyn Transport> {
        self.transport.clone()
    }

    /// The sender (for threads, extra messages).
    pub fn sender(&self) -> &DiscordSender {
        &self.sender
    }

    /// Closes the gateway connections cleanly (graceful shutdown): no new
    /// events arrive; those in hand run to their end.
    pub async fn close(&self) {
        self.shards.shutdown_all().await;
        crate::ops::set_connected("discord", false);
    }

    /// Stops the gateway client.
    pub fn stop(&self) {
        self.client.abort();
    }
}

impl Drop for DiscordBot {
    fn drop(&mut self) {
        self.client.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config = ServeConfig {
            discord: DiscordConfig::new("secret-token-123"),
            guild: None,
            roles: RoleMap::default(),
            shards: ShardPlan::Single,
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret-token-123"), "{shown}");
        assert!(shown.contains("<hidden>"));
    }
}
