//! Notices from the outbox to Discord: the [`Transport`] of the router.
//!
//! A private notice goes to the user's DM channel (opened on first use and
//! remembered: the stored `dm_chat_id` of a Discord account is the user id,
//! so it is not used); a chat notice goes to the channel or thread. Each
//! attempt is a single request: the outbox worker owns the retries, so a
//! 429 or 5xx becomes [`Delivery::Retry`] and a refusal (403: the user does
//! not accept DMs, 404: no such channel) [`Delivery::Permanent`]. The
//! notice's outbox id is the message nonce (enforced), so an attempt whose
//! answer was lost does not post the notice twice.
//!
//! A game's thread (see [`threads`](super::threads)) is created on its first
//! notice and remembered in the store, which the transport then needs
//! ([`DiscordTransport::with_store`]).

use std::sync::Arc;
use std::time::Duration;

use serenity::http::Http;

use crate::adapters::error_chain;
use crate::adapters::router::{SendFuture, Transport, chat_or_refuse};
use crate::app::actor::MessageRef;
use crate::app::deliver::image::RenderedImage;
use crate::app::outgoing::{Address, Outgoing};
use crate::outbox::Delivery;
use crate::ratebudget::SharedBudget;
use crate::store::{Db, Platform};

use super::convert::Reply;
use super::sender::{Destination, DiscordRetryPolicy, DiscordSendError, DiscordSender};
use super::threads::{ThreadError, thread_channel};

/// Sends outbox notices on Discord.
#[derive(Clone)]
pub struct DiscordTransport {
    sender: DiscordSender,
    store: Option<Db>,
}

impl DiscordTransport {
    /// A transport over serenity's HTTP client, one attempt per delivery.
    pub fn new(http: Arc<Http>) -> Self {
        let single = DiscordRetryPolicy {
            max_attempts: 1,
            base_delay: Duration::ZERO,
            max_delay: Duration::ZERO,
        };
        Self {
            sender: DiscordSender::new(http, single),
            store: None,
        }
    }

    /// The transport remembering the games' threads in `db` (without a
    /// store, notices to a game's thread are refused).
    pub fn with_store(mut self, db: Db) -> Self {
        self.store = Some(db);
        self
    }

    /// The transport keeping the global `budget` shared with the other
    /// processes on the database (see [`crate::ratebudget`]).
    pub fn with_budget(mut self, budget: Option<Arc<SharedBudget>>) -> Self {
        self.sender = self.sender.with_budget(budget);
        self
    }

    /// Where an address is on Discord, creating a game's thread if needed.
    async fn destination_of(&self, to: &Address) -> Result<Destination, Delivery> {
        let Address::Thread {
            chat_id,
            game,
            title,
            ..
        } = to
        else {
            return chat_or_refuse(to, destination(to), "Discord address");
        };
        let Some(db) = &self.store else {
            return Err(Delivery::Permanent {
                error: "game threads need the store".to_owned(),
            });
        };
        match thread_channel(&self.sender, db, chat_id, *game, title).await {
            Ok(thread) => Ok(Destination::Channel(thread)),
            Err(ThreadError::Send(error)) => Err(delivery_of(&error)),
            Err(ThreadError::Store(error)) => Err(Delivery::Retry {
                error: error_chain(&error),
                retry_after: None,
            }),
            Err(ThreadError::BadChat) => Err(Delivery::Permanent {
                error: format!("not a Discord channel: {chat_id}"),
            }),
        }
    }

    /// Sends `message` once (keyed by `key`), telling where it landed.
    async fn deliver(
        &self,
        key: &str,
        to: &Address,
        message: &Outgoing,
        image: Option<&RenderedImage>,
    ) -> (Delivery, Vec<MessageRef>) {
        let destination = match self.destination_of(to).await {
            Ok(destination) => destination,
            Err(delivery) => return (delivery, Vec::new()),
        };
        let parts = Reply::one(message.clone(), image.cloned()).messages();
        match self.sender.send_all(destination, parts, Some(key)).await {
            Ok(sent) => (
                Delivery::Delivered,
                sent.iter()
                    .map(|sent| MessageRef::new(sent.channel_id, sent.message_id))
                    .collect(),
            ),
            Err(error) => (delivery_of(&error), Vec::new()),
        }
    }
}

/// Where an address is on Discord; `None` for malformed ids.
fn destination(to: &Address) -> Option<Destination> {
    match to {
        Address::User { user_id, .. } => user_id.parse().ok().map(Destination::User),
        Address::Chat { chat_id, .. } => chat_id.parse().ok().map(Destination::Channel),
        Address::Thread { .. } => None,
    }
}

/// The outbox's view of a failed send.
fn delivery_of(error: &DiscordSendError) -> Delivery {
    match error {
        DiscordSendError::Retryable { .. } => Delivery::Retry {
            error: error.to_string(),
            retry_after: None,
        },
        DiscordSendError::Permanent { .. } => Delivery::Permanent {
            error: error.to_string(),
        },
    }
}

impl Transport for DiscordTransport {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    fn send<'a>(
        &'a self,
        key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a> {
        Box::pin(self.deliver(key, to, message, image))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_failures_map_to_discord_and_the_outbox() {
        let user = Address::User {
            platform: Platform::Discord,
            user_id: "42".into(),
            dm_chat_id: Some("42".into()),
        };
        assert_eq!(destination(&user), Some(Destination::User(42)));
        let chat = Address::Chat {
            platform: Platform::Discord,
            chat_id: "x".into(),
        };
        assert_eq!(destination(&chat), None);
        let busy = DiscordSendError::Retryable {
            attempts: 1,
            status: Some(429),
            detail: "slow down".into(),
        };
        assert!(matches!(delivery_of(&busy), Delivery::Retry { .. }));
        let refused = DiscordSendError::Permanent {
            status: Some(403),
            code: 50007,
            detail: "no DMs".into(),
        };
        assert!(matches!(delivery_of(&refused), Delivery::Permanent { .. }));
    }
}
