//! One outbox, several platforms: the [`Router`] has each notice prepared
//! for its recipient ([`Preparer`]: the address, the message, its image),
//! picks the platform's [`Transport`] and sends.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::app::actor::MessageRef;
use crate::app::deliver::image::RenderedImage;
use crate::app::deliver::prepare::Preparer;
use crate::app::outgoing::{Address, Outgoing};
use crate::outbox::{Deliverer, Delivery, DeliveryLog};
use crate::store::{Db, GameId, OutboxNotice, Platform};

/// A boxed future of a send: the delivery, and the platform messages it
/// posted.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = (Delivery, Vec<MessageRef>)> + Send + 'a>>;

/// One platform's way of sending a rendered message.
pub trait Transport: Send + Sync {
    /// The platform this transport sends on.
    fn platform(&self) -> Platform;

    /// Sends `message` to `to` once, with `image` (already rendered)
    /// attached. `key` identifies the notice (its outbox id), so a
    /// transport that can deduplicate on the platform (Discord's enforced
    /// nonce) posts it once however often it is retried. Tells which
    /// platform messages it posted (so that a reply to one of them can be
    /// read as about the message's game); none when it cannot tell.
    fn send<'a>(
        &'a self,
        key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a>;
}

/// The platform's id of the chat `to` means, as `found` (the transport's
/// reading of the address) says; an address the platform cannot reach is a
/// permanent failure naming `what` the platform expected.
pub fn chat_or_refuse<T>(to: &Address, found: Option<T>, what: &str) -> Result<T, Delivery> {
    found.ok_or_else(|| Delivery::Permanent {
        error: format!("not a {what}: {to:?}"),
    })
}

/// Remembers that the platform messages `sent` carry `message`: when it is
/// about one game, a later reply to any of them means that game. A failure
/// is logged; the message was sent all the same.
pub async fn remember_sent(db: &Db, platform: Platform, sent: &[MessageRef], message: &Outgoing) {
    if let Some(game) = message.about_game() {
        remember_game(db, platform, sent, game).await;
    }
}

/// Remembers that the platform messages `sent` are about game `game`, so
/// that a later reply to any of them means that game. A failure is logged;
/// the messages were sent all the same.
pub async fn remember_game(db: &Db, platform: Platform, sent: &[MessageRef], game: GameId) {
    if sent.is_empty() {
        return;
    }
    let remembered = async {
        let mut tx = db.begin().await?;
        for at in sent {
            let key = (at.chat_id.as_str(), at.message_id.as_str());
            tx.remember_message_game(platform, key, game).await?;
        }
        tx.commit().await
    };
    if let Err(error) = remembered.await {
        tracing::warn!(%error, %game, "a sent message's game was not remembered");
    }
}

/// Routes outbox notices to the transports of the running platforms.
#[derive(Clone)]
pub struct Router {
    preparer: Preparer,
    transports: Vec<Arc<dyn Transport>>,
    log: Option<Arc<DeliveryLog>>,
}

impl Router {
    /// A router over `transports`, the notices prepared by `preparer`; a
    /// player's notices go to the first of them on which the player has an
    /// account.
    pub fn new(preparer: Preparer, transports: Vec<Arc<dyn Transport>>) -> Self {
        Self {
            preparer,
            transports,
            log: None,
        }
    }

    /// The router writing each delivered notice to `log` before the outbox
    /// marks it delivered (only where `CORRBOT_DELIVERY_LOG` is set).
    pub fn with_delivery_log(mut self, log: Option<DeliveryLog>) -> Self {
        self.log = log.map(Arc::new);
        self
    }

    fn platforms(&self) -> Vec<Platform> {
        self.transports.iter().map(|t| t.platform()).collect()
    }

    fn transport(&self, platform: Platform) -> Option<&Arc<dyn Transport>> {
        self.transports.iter().find(|t| t.platform() == platform)
    }

    /// Sends `notice` once: prepared, then through its platform's transport.
    async fn send(&self, notice: &OutboxNotice) -> Delivery {
        let prepared = match self.preparer.prepare(notice, &self.platforms()).await {
            Ok(Some(prepared)) => prepared,
            Ok(None) => {
                return Delivery::Permanent {
                    error: "the recipient has no account on a running platform".to_owned(),
                };
            }
            Err(error) => return retry(error),
        };
        let platform = prepared.address.platform();
        let Some(transport) = self.transport(platform) else {
            return Delivery::Permanent {
                error: "no transport for the platform".to_owned(),
            };
        };
        let key = format!("n{}", notice.id);
        let (message, image) = (&prepared.message, prepared.image.as_ref());
        let (delivery, sent) = transport
            .send(&key, &prepared.address, message, image)
            .await;
        if delivery == Delivery::Delivered {
            remember_sent(self.preparer.db(), platform, &sent, message).await;
        }
        delivery
    }
}

impl Deliverer for Router {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let delivery = self.send(notice).await;
        let Some(log) = &self.log else {
            return delivery;
        };
        if delivery != Delivery::Delivered {
            return delivery;
        }
        match log.record(notice) {
            Ok(()) => delivery,
            Err(error) => Delivery::Retry {
                error: format!("delivery log: {error}"),
                retry_after: None,
            },
        }
    }
}

fn retry(error: anyhow::Error) -> Delivery {
    Delivery::Retry {
        error: format!("{error:#}"),
        retry_after: None,
    }
}
