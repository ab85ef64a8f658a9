//! One outbox, several platforms: the [`Router`] renders each notice for its
//! recipient ([`notice_message`]), picks the platform's [`Transport`] and
//! renders the image the message refers to, once, through the shared cache.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::app::actor::MessageRef;
use crate::app::deliver::image::{RenderedImage, render_image};
use crate::app::deliver::notice::notice_message_linked;
use crate::app::outgoing::{Address, Outgoing};
use crate::outbox::{Deliverer, Delivery};
use crate::render::RenderCache;
use crate::store::{Db, GameId, OutboxNotice, Platform};
use crate::time::Clock;

/// A boxed future of a send.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Delivery> + Send + 'a>>;

/// A boxed future of a send that tells where the sent messages landed.
pub type SentFuture<'a> = Pin<Box<dyn Future<Output = (Delivery, Vec<MessageRef>)> + Send + 'a>>;

/// One platform's way of sending a rendered message.
pub trait Transport: Send + Sync {
    /// The platform this transport sends on.
    fn platform(&self) -> Platform;

    /// Sends `message` to `to` once, with `image` (already rendered) attached.
    fn send<'a>(
        &'a self,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a>;

    /// Sends like [`Transport::send`]; `key` identifies the notice (its
    /// outbox id), so a transport that can deduplicate on the platform
    /// (Discord's enforced nonce) posts it once however often it is retried.
    fn send_keyed<'a>(
        &'a self,
        key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a> {
        let _ = key;
        self.send(to, message, image)
    }

    /// Sends like [`Transport::send_keyed`], and tells which platform
    /// messages it posted (so that a reply to one of them can be read as
    /// about the message's game); a transport that cannot tell returns none.
    fn send_recorded<'a>(
        &'a self,
        key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SentFuture<'a> {
        Box::pin(async move { (self.send_keyed(key, to, message, image).await, Vec::new()) })
    }
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
pub async fn remember_game(db: &Db, platform: Platform, sent: &[MessageRef], game: i64) {
    if sent.is_empty() {
        return;
    }
    let remembered = async {
        let mut tx = db.begin().await?;
        for at in sent {
            let key = (at.chat_id.as_str(), at.message_id.as_str());
            tx.remember_message_game(platform, key, GameId(game))
                .await?;
        }
        tx.commit().await
    };
    if let Err(error) = remembered.await {
        tracing::warn!(%error, game, "a sent message's game was not remembered");
    }
}

/// Routes outbox notices to the transports of the running platforms.
#[derive(Clone)]
pub struct Router {
    db: Db,
    clock: Arc<dyn Clock>,
    cache: Arc<RenderCache>,
    transports: Vec<Arc<dyn Transport>>,
    web_url: Option<url::Url>,
}

impl Router {
    /// A router over `transports`; a player's notices go to the first of
    /// them on which the player has an account.
    pub fn new(
        db: Db,
        clock: Arc<dyn Clock>,
        cache: Arc<RenderCache>,
        transports: Vec<Arc<dyn Transport>>,
    ) -> Self {
        Self {
            db,
            clock,
            cache,
            transports,
            web_url: None,
        }
    }

    /// The router with the web site's public address: notices about a
    /// game or an event end with the link to its page.
    pub fn with_web_url(mut self, web_url: Option<url::Url>) -> Self {
        self.web_url = web_url;
        self
    }

    fn platforms(&self) -> Vec<Platform> {
        self.transports.iter().map(|t| t.platform()).collect()
    }

    fn transport(&self, platform: Platform) -> Option<&Arc<dyn Transport>> {
        self.transports.iter().find(|t| t.platform() == platform)
    }

    /// Renders the message's image, if it has one.
    pub async fn image_of(&self, message: &Outgoing) -> anyhow::Result<Option<RenderedImage>> {
        match &message.image {
            Some(image) => {
                let now = self.clock.now();
                Ok(Some(render_image(&self.db, image, &self.cache, now).await?))
            }
            None => Ok(None),
        }
    }

    /// Renders the message's image, if it has one; a failure is logged and
    /// the message goes without it.
    pub async fn image_or_none(&self, message: &Outgoing) -> Option<RenderedImage> {
        match self.image_of(message).await {
            Ok(image) => image,
            Err(error) => {
                let error = format!("{error:#}");
                tracing::error!(%error, "an image was not rendered; the message goes without it");
                None
            }
        }
    }
}

impl Deliverer for Router {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        let platforms = self.platforms();
        let web_url = self.web_url.as_ref();
        let found = match notice_message_linked(&self.db, notice, &platforms, web_url).await {
            Ok(found) => found,
            Err(error) => return retry(error),
        };
        let Some((address, message)) = found else {
            return Delivery::Permanent {
                error: "the recipient has no account on a running platform".to_owned(),
            };
        };
        let Some(transport) = self.transport(address.platform()) else {
            return Delivery::Permanent {
                error: "no transport for the platform".to_owned(),
            };
        };
        let image = match self.image_of(&message).await {
            Ok(image) => image,
            Err(error) => return retry(error),
        };
        let key = format!("n{}", notice.id);
        let (delivery, sent) = transport
            .send_recorded(&key, &address, &message, image.as_ref())
            .await;
        if delivery == Delivery::Delivered {
            remember_sent(&self.db, address.platform(), &sent, &message).await;
        }
        delivery
    }
}

fn retry(error: anyhow::Error) -> Delivery {
    Delivery::Retry {
        error: format!("{error:#}"),
        retry_after: None,
    }
}
