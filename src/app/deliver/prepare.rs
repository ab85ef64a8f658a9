//! A message made ready to send: a stored notice rendered for its
//! recipient ([`notice_message_linked`]: the address on a running platform
//! and the message in the reader's language) with the image it refers to
//! rendered once through the shared [`RenderCache`]. The chat adapters only
//! send what [`Preparer`] hands them.

use std::sync::Arc;

use crate::app::deliver::image::{RenderedImage, render_image};
use crate::app::deliver::notice::notice_message_linked;
use crate::app::outgoing::{Address, Outgoing};
use crate::app::touch::TouchKey;
use crate::app::touch::buttons::move_notice_button;
use crate::render::RenderCache;
use crate::store::{Db, OutboxNotice, Platform};
use crate::time::Clock;

/// A stored notice ready to send.
#[derive(Clone, Debug)]
pub struct PreparedNotice {
    /// Where it goes: the recipient's account on a running platform.
    pub address: Address,
    /// The message, in the recipient's language.
    pub message: Outgoing,
    /// The image the message refers to, rendered.
    pub image: Option<RenderedImage>,
}

/// Renders notices for their recipients and the images messages refer to.
#[derive(Clone)]
pub struct Preparer {
    db: Db,
    clock: Arc<dyn Clock>,
    cache: Arc<RenderCache>,
    web_url: Option<url::Url>,
    /// Signs the board links under move notices (issue [touch]).
    touch_key: Option<TouchKey>,
}

impl Preparer {
    /// A preparer reading `db`, rendering images at `clock`'s now through
    /// `cache`.
    pub fn new(db: Db, clock: Arc<dyn Clock>, cache: Arc<RenderCache>) -> Self {
        Self {
            db,
            clock,
            cache,
            web_url: None,
            touch_key: None,
        }
    }

    /// The preparer signing board links with `key`: with the web site's
    /// address, a move notice to the player whose turn it now is carries
    /// the button that opens their board (issue [touch]).
    pub fn with_touch_key(mut self, key: Option<TouchKey>) -> Self {
        self.touch_key = key;
        self
    }

    /// The preparer with the web site's public address: notices about a
    /// game or an event end with the link to its page.
    pub fn with_web_url(mut self, web_url: Option<url::Url>) -> Self {
        self.web_url = web_url;
        self
    }

    /// The store it reads.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// `notice` ready to send to its recipient's account on one of
    /// `platforms` (the first on which the recipient has one); `None` when
    /// the recipient has no account on any of them.
    pub async fn prepare(
        &self,
        notice: &OutboxNotice,
        platforms: &[Platform],
    ) -> anyhow::Result<Option<PreparedNotice>> {
        let web_url = self.web_url.as_ref();
        let found = notice_message_linked(&self.db, notice, platforms, web_url).await?;
        let Some((address, mut message)) = found else {
            return Ok(None);
        };
        let links = web_url.zip(self.touch_key.as_ref());
        let now = self.clock.now();
        move_notice_button(&self.db, links, notice, (&address, &mut message), now).await?;
        let image = self.image_of(&message).await?;
        Ok(Some(PreparedNotice {
            address,
            message,
            image,
        }))
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
