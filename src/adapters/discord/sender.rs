//! Outbound delivery with retries: DMs, channel and thread messages, threads
//! and command registration.

use std::collections::HashMap;
use std::future::Future;
use std::num::NonZeroU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::builder::{CreateMessage, CreateThread};
use serenity::http::{Http, HttpError};
use serenity::model::application::Command;
use serenity::model::channel::{ChannelType, Nonce};
use serenity::model::id::{ChannelId, GuildId, MessageId, UserId};

use crate::adapters::error_chain;
use crate::ratebudget::{SharedBudget, discord_scopes};

use super::command_spec::{self, CommandSpec};

/// How often and how patiently to retry a request that failed with 429, 5xx
/// or a connection error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscordRetryPolicy {
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    /// The wait after the first failure; it doubles after each further one.
    pub base_delay: Duration,
    /// The longest wait between two attempts.
    pub max_delay: Duration,
}

impl Default for DiscordRetryPolicy {
    fn default() -> Self {
        DiscordRetryPolicy {
            max_attempts: 5,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
        }
    }
}

impl DiscordRetryPolicy {
    /// The wait after failed attempt number `failures` (1-based): exponential back-off.
    pub fn delay(&self, failures: u32) -> Duration {
        let factor = 1u32
            .checked_shl(failures.saturating_sub(1))
            .unwrap_or(u32::MAX);
        self.base_delay.saturating_mul(factor).min(self.max_delay)
    }
}

/// Why a delivery failed, split the way the outbox worker needs it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiscordSendError {
    /// Discord was unavailable or rate-limiting through every attempt; try again later.
    #[error(
        "Discord did not take the request after {attempts} attempts (last status {status:?}): {detail}"
    )]
    Retryable {
        /// Attempts made.
        attempts: u32,
        /// The last HTTP status, if one came back.
        status: Option<u16>,
        /// What went wrong last.
        detail: String,
    },
    /// Discord refused the request; retrying will not help (e.g. 403 with
    /// code 50007: the user does not accept DMs).
    #[error("Discord refused the request (status {status:?}, code {code}): {detail}")]
    Permanent {
        /// The HTTP status, if one came back.
        status: Option<u16>,
        /// Discord's JSON error code (0 if none).
        code: i64,
        /// Discord's message.
        detail: String,
    },
}

impl DiscordSendError {
    /// Whether the outbox should try again later.
    pub fn is_retryable(&self) -> bool {
        matches!(self, DiscordSendError::Retryable { .. })
    }

    fn invalid_id(what: &str) -> Self {
        DiscordSendError::Permanent {
            status: None,
            code: 0,
            detail: format!("invalid {what} id 0"),
        }
    }
}

/// Sorts a serenity error into retryable or permanent.
fn classify(error: &serenity::Error, attempts: u32) -> DiscordSendError {
    use serenity::Error;
    let code = match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16().to_string()
        }
        Error::Http(_) => "network".to_owned(),
        Error::Io(_) => "io".to_owned(),
        _ => "other".to_owned(),
    };
    crate::ops::platform_error("discord", code);
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            let detail = response.error.message.clone();
            if status == 429 || response.status_code.is_server_error() {
                DiscordSendError::Retryable {
                    attempts,
                    status: Some(status),
                    detail,
                }
            } else {
                DiscordSendError::Permanent {
                    status: Some(status),
                    code: response.error.code as i64,
                    detail,
                }
            }
        }
        Error::Http(HttpError::Request(request)) => DiscordSendError::Retryable {
            attempts,
            status: request.status().map(|s| s.as_u16()),
            detail: error_chain(request),
        },
        Error::Io(io) => DiscordSendError::Retryable {
            attempts,
            status: None,
            detail: error_chain(io),
        },
        other => DiscordSendError::Permanent {
            status: None,
            code: 0,
            detail: error_chain(other),
        },
    }
}

/// Runs `attempt` until it succeeds, fails permanently, or the policy's
/// attempts are used up, waiting with exponential back-off in between.
pub(super) async fn with_retry<T, Fut>(
    policy: &DiscordRetryPolicy,
    mut attempt: impl FnMut() -> Fut,
) -> Result<T, DiscordSendError>
where
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempts = 0;
    loop {
        attempts += 1;
        let error = match attempt().await {
            Ok(value) => return Ok(value),
            Err(error) => classify(&error, attempts),
        };
        if !error.is_retryable() || attempts >= policy.max_attempts {
            return Err(error);
        }
        tracing::warn!(%error, attempts, "Discord request failed; retrying");
        tokio::time::sleep(policy.delay(attempts)).await;
    }
}

/// Where an outbound message goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A direct message to this user (the DM channel is opened as needed).
    User(u64),
    /// A guild channel or thread.
    Channel(u64),
}

/// A delivered message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delivered {
    /// The channel it went to.
    pub channel_id: u64,
    /// Its message id.
    pub message_id: u64,
}

/// Sends outbound notices through a serenity HTTP client, with retries.
#[derive(Clone)]
pub struct DiscordSender {
    http: Arc<Http>,
    policy: DiscordRetryPolicy,
    /// The global budget shared with the other processes on the database.
    budget: Option<Arc<SharedBudget>>,
    dm_channels: Arc<Mutex<HashMap<u64, u64>>>,
}

impl DiscordSender {
    /// A sender over `http` with `policy`.
    pub fn new(http: Arc<Http>, policy: DiscordRetryPolicy) -> Self {
        DiscordSender {
            http,
            policy,
            budget: None,
            dm_channels: Arc::default(),
        }
    }

    /// The sender also keeping the global `budget` shared with the other
    /// processes on the database (`None`: this process alone).
    pub fn with_budget(mut self, budget: Option<Arc<SharedBudget>>) -> Self {
        self.budget = budget;
        self
    }

    /// [`with_retry`], each attempt first waiting for the shared budget.
    async fn paced<T, Fut>(&self, mut attempt: impl FnMut() -> Fut) -> Result<T, DiscordSendError>
    where
        Fut: Future<Output = serenity::Result<T>>,
    {
        with_retry(&self.policy, || {
            let request = attempt();
            let budget = self.budget.clone();
            async move {
                if let Some(budget) = budget {
                    budget.acquire(&discord_scopes()).await;
                }
                request.await
            }
        })
        .await
    }

    /// The HTTP client.
    pub fn http(&self) -> &Arc<Http> {
        &self.http
    }

    /// The retry policy.
    pub fn policy(&self) -> &DiscordRetryPolicy {
        &self.policy
    }

    /// Sends `message` to `to`. With an `idempotency_key` (the outbox row id,
    /// say) the message carries it as an enforced nonce, so a retry after an
    /// answer lost on the way does not post the message twice.
    pub async fn send(
        &self,
        to: Destination,
        message: CreateMessage,
        idempotency_key: Option<&str>,
    ) -> Result<Delivered, DiscordSendError> {
        let channel = match to {
            Destination::User(user) => self.open_dm(user).await?,
            Destination::Channel(channel) => channel,
        };
        let channel_id = ChannelId::from(nonzero(channel, "channel")?);
        let mut builder = message;
        if let Some(key) = idempotency_key {
            builder = builder
                .nonce(Nonce::String(nonce_for(key)))
                .enforce_nonce(true);
        }
        let sent = self
            .paced(|| channel_id.send_message(&self.http, builder.clone()))
            .await?;
        Ok(Delivered {
            channel_id: channel,
            message_id: sent.id.get(),
        })
    }

    /// Sends the `parts` of one message (see
    /// [`Reply::messages`](super::convert::Reply::messages): a long text in
    /// several, at line breaks) to `to` in order; part `n` after the first
    /// carries the nonce of `{key}.{n}`, so a retried delivery posts no
    /// part twice.
    pub async fn send_all(
        &self,
        to: Destination,
        parts: Vec<CreateMessage>,
        idempotency_key: Option<&str>,
    ) -> Result<Vec<Delivered>, DiscordSendError> {
        let mut delivered = Vec::new();
        for (index, part) in parts.into_iter().enumerate() {
            let key = idempotency_key.map(|key| match index {
                0 => key.to_owned(),
                n => format!("{key}.{n}"),
            });
            delivered.push(self.send(to, part, key.as_deref()).await?);
        }
        Ok(delivered)
    }

    /// Opens (or recalls) the DM channel with `user`.
    pub async fn open_dm(&self, user: u64) -> Result<u64, DiscordSendError> {
        if let Some(&channel) = self.dm_channels.lock().expect("dm cache").get(&user) {
            return Ok(channel);
        }
        let user_id = UserId::from(nonzero(user, "user")?);
        let channel = self.paced(|| user_id.create_dm_channel(&self.http)).await?;
        self.dm_channels
            .lock()
            .expect("dm cache")
            .insert(user, channel.id.get());
        Ok(channel.id.get())
    }

    /// Creates a public thread named `name` in `channel`, started from
    /// `from_message` if given; returns the thread's channel id.
    pub async fn create_thread(
        &self,
        channel: u64,
        from_message: Option<u64>,
        name: &str,
    ) -> Result<u64, DiscordSendError> {
        let channel_id = ChannelId::from(nonzero(channel, "channel")?);
        let thread = match from_message {
            Some(message) => {
                let message_id = MessageId::from(nonzero(message, "message")?);
                let builder = CreateThread::new(name);
                self.paced(|| {
                    channel_id.create_thread_from_message(&self.http, message_id, builder.clone())
                })
                .await?
            }
            None => {
                let builder = CreateThread::new(name).kind(ChannelType::PublicThread);
                self.paced(|| channel_id.create_thread(&self.http, builder.clone()))
                    .await?
            }
        };
        Ok(thread.id.get())
    }

    /// Replaces the bot's slash commands, globally (`guild` = `None`) or in
    /// one guild; returns how many Discord now has.
    pub async fn register_commands(
        &self,
        guild: Option<u64>,
        commands: &[CommandSpec],
    ) -> Result<usize, DiscordSendError> {
        if self.http.application_id().is_none() {
            let info = self
                .paced(|| self.http.get_current_application_info())
                .await?;
            self.http.set_application_id(info.id);
        }
        let builders: Vec<_> = commands.iter().map(command_spec::command).collect();
        let registered = match guild {
            Some(guild) => {
                let guild_id = GuildId::from(nonzero(guild, "guild")?);
                self.paced(|| guild_id.set_commands(&self.http, builders.clone()))
                    .await?
            }
            None => {
                self.paced(|| Command::set_global_commands(&self.http, builders.clone()))
                    .await?
            }
        };
        Ok(registered.len())
    }
}

fn nonzero(id: u64, what: &str) -> Result<NonZeroU64, DiscordSendError> {
    NonZeroU64::new(id).ok_or_else(|| DiscordSendError::invalid_id(what))
}

/// Discord nonces hold at most 25 characters: longer keys are hashed (FNV-1a).
fn nonce_for(key: &str) -> String {
    if key.len() <= 25 {
        return key.to_owned();
    }
    let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("k{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_up_to_the_cap() {
        let policy = DiscordRetryPolicy {
            max_attempts: 9,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_secs(1),
        };
        let delays: Vec<u128> = (1..=6).map(|n| policy.delay(n).as_millis()).collect();
        assert_eq!(delays, [100, 200, 400, 800, 1000, 1000]);
        assert_eq!(policy.delay(200), Duration::from_secs(1));
    }

    #[test]
    fn nonces_fit_discord_limit() {
        assert_eq!(nonce_for("outbox-42"), "outbox-42");
        let long = nonce_for("outbox-notice-for-a-very-long-key-1234567890");
        assert_eq!(long.len(), 17);
        assert_ne!(
            long,
            nonce_for("outbox-notice-for-a-very-long-key-1234567891")
        );
    }
}
