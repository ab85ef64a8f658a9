//! The console adapter: `@name: text` lines in, as private messages from
//! user `name` on platform `console`; replies and notices out as
//! `-> @name: text` lines. Used when no chat token is set, and by tests and
//! transcripts, which also speak as users of other platforms and in channels
//! ([`Speaker`]) and read every message sent as a [`Sent`] record.

mod media;
mod sent;

use std::sync::{Arc, Mutex};

use crate::adapters::router::{Router, SendFuture, Transport, remember_sent};
use crate::app::actor::{Chat, Inbound, MessageRef};
use crate::app::deliver::image::RenderedImage;
use crate::app::deliver::prepare::Preparer;
use crate::app::outgoing::{Address, Outgoing};
use crate::app::service::{App, DeadlineHandler};
use crate::outbox::{Delivery, DeliveryOptions, OutboxConfig, OutboxWorker};
use crate::render::RenderCache;
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::store::Platform;
use crate::time::Clock;

pub use media::{MEDIA_DIR_ENV, MediaFolder};
pub use sent::{ImageInfo, Sent};

/// Reads `@name: text` as (name, text).
pub fn parse_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix('@')?;
    let (name, text) = rest.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| (name, text.trim()))
}

/// Formats one outgoing message.
pub fn out_line(name: &str, text: &str) -> String {
    format!("-> @{name}: {text}")
}

/// Who speaks: a user on a platform, privately or in a channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Speaker {
    /// The platform.
    pub platform: Platform,
    /// The user's id (and display name).
    pub user: String,
    /// Where they write.
    pub chat: Chat,
    /// The message of that chat they reply to, counted back from the
    /// latest (1: the latest message the bot sent there); `None`: no reply.
    pub replies_to: Option<usize>,
}

impl Speaker {
    /// A console user writing privately.
    pub fn console(user: &str) -> Self {
        Self {
            platform: Platform::Console,
            user: user.to_owned(),
            chat: Chat::Private,
            replies_to: None,
        }
    }

    /// The chat the speaker writes in, as the console names chats.
    fn chat_key(&self) -> ChatKey {
        let chat = match &self.chat {
            Chat::Private => self.user.clone(),
            Chat::Channel(channel) => channel.clone(),
        };
        (self.platform, chat)
    }
}

/// A console chat: the platform and the user (private) or channel.
type ChatKey = (Platform, String);

/// The ids the console gives the messages it sends, chat by chat, so that a
/// speaker can reply to one ([`Speaker::replies_to`]).
#[derive(Debug, Default)]
struct MessageLog {
    last_id: u64,
    chats: std::collections::HashMap<ChatKey, Vec<u64>>,
}

impl MessageLog {
    /// A new message in the chat of `to`.
    fn add(&mut self, to: &Address) -> MessageRef {
        self.last_id += 1;
        let chat = chat_of(to);
        self.chats
            .entry((to.platform(), chat.clone()))
            .or_default()
            .push(self.last_id);
        MessageRef::new(chat, self.last_id)
    }

    /// The message `back` messages back (1: the latest) in `chat`.
    fn back(&self, chat: &ChatKey, back: usize) -> Option<MessageRef> {
        let ids = self.chats.get(chat)?;
        let index = ids.len().checked_sub(back.max(1))?;
        Some(MessageRef::new(&chat.1, ids[index]))
    }
}

/// The console's name of the chat of an address.
fn chat_of(to: &Address) -> String {
    match to {
        Address::User { user_id, .. } => user_id.clone(),
        Address::Chat { chat_id, .. } | Address::Thread { chat_id, .. } => chat_id.clone(),
    }
}

/// Records every message sent on one platform.
#[derive(Clone)]
pub struct RecordingTransport {
    platform: Platform,
    clock: Arc<dyn Clock>,
    sent: Arc<Mutex<Vec<Sent>>>,
    log: Arc<Mutex<MessageLog>>,
    media: Arc<std::sync::OnceLock<MediaFolder>>,
}

impl Transport for RecordingTransport {
    fn platform(&self) -> Platform {
        self.platform
    }

    fn send<'a>(
        &'a self,
        _key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let mut record = Sent::new(self.clock.now(), to.clone(), message.clone(), image);
            if let Some(media) = self.media.get() {
                record.saved = media.save(message, image);
            }
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            sent.push(record);
            let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
            (Delivery::Delivered, vec![log.add(to)])
        })
    }
}

/// The console session: the app, the scheduler and the outbox on one clock.
pub struct Console {
    app: App,
    clock: Arc<dyn Clock>,
    scheduler: Scheduler<DeadlineHandler>,
    outbox: OutboxWorker<Router>,
    /// Renders the images replies refer to.
    images: Preparer,
    sent: Arc<Mutex<Vec<Sent>>>,
    log: Arc<Mutex<MessageLog>>,
    media: Arc<std::sync::OnceLock<MediaFolder>>,
    session: i64,
    counter: u64,
}

impl Console {
    /// A console on `app`, telling time by `clock`. Notices to users of
    /// every platform are recorded (the console simulates them all).
    pub fn new(app: App, clock: Arc<dyn Clock>) -> Self {
        Self::with_options(app, clock, &DeliveryOptions::default())
            .expect("a console without a delivery log opens no file")
    }

    /// A console with `options`; fails if the delivery log cannot be opened.
    pub fn with_options(
        app: App,
        clock: Arc<dyn Clock>,
        options: &DeliveryOptions,
    ) -> std::io::Result<Self> {
        let db = app.db().clone();
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::new(Mutex::new(MessageLog::default()));
        let media = Arc::new(std::sync::OnceLock::new());
        let transports = [Platform::Console, Platform::Telegram, Platform::Discord]
            .into_iter()
            .map(|platform| {
                Arc::new(RecordingTransport {
                    platform,
                    clock: clock.clone(),
                    sent: sent.clone(),
                    log: log.clone(),
                    media: media.clone(),
                }) as Arc<dyn Transport>
            })
            .collect();
        let cache = Arc::new(RenderCache::new(64));
        let images = Preparer::new(db.clone(), clock.clone(), cache)
            .with_web_url(app.web_url().cloned())
            .with_touch_key(app.touch_key().cloned());
        let router = Router::new(images.clone(), transports).with_delivery_log(options.open_log()?);
        let mut config = OutboxConfig::default();
        if let Some(lease) = options.outbox_lease {
            config.lease = lease;
        }
        Ok(Self {
            scheduler: Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default()),
            outbox: OutboxWorker::new(db, router, config),
            images,
            session: clock.now().timestamp_micros(),
            app,
            clock,
            sent,
            log,
            media,
            counter: 0,
        })
    }

    /// Writes every image and file sent from now on into `folder` and
    /// prints its path under the message (the interactive console).
    pub fn save_media_in(&self, folder: MediaFolder) {
        let _ = self.media.set(folder);
    }

    /// Handles one input line; returns the output lines (replies, then
    /// notices). It never fails: an internal failure is logged with a
    /// reference and answered with an apology, and the console goes on.
    pub async fn line(&mut self, line: &str) -> anyhow::Result<Vec<String>> {
        let Some((name, text)) = parse_line(line) else {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                return Ok(Vec::new());
            }
            return Ok(vec!["?? expected `@name: text`".to_owned()]);
        };
        let sent = self.say(&Speaker::console(name), text).await?;
        Ok(sent.iter().map(Sent::line).collect())
    }

    /// Handles one input line as raw bytes, like [`Console::line`]: a line
    /// that is not UTF-8 text is refused to the user it names
    /// ([`App::refuse_unreadable`]), and the console goes on.
    pub async fn line_bytes(&mut self, bytes: &[u8]) -> anyhow::Result<Vec<String>> {
        if let Ok(line) = std::str::from_utf8(bytes) {
            return self.line(line).await;
        }
        let lossy = String::from_utf8_lossy(bytes);
        let Some((name, _)) = parse_line(&lossy) else {
            return Ok(vec!["?? expected `@name: text`".to_owned()]);
        };
        let speaker = Speaker::console(name);
        let refusal = self.app.refuse_unreadable((Platform::Console, name)).await;
        Ok(vec![self.reply_to(&speaker, refusal, None).line()])
    }

    /// Handles `text` from `speaker`: the replies, then the notices it
    /// caused. It never fails: a failure inside the app, or in firing
    /// deadlines and delivering notices afterwards, is logged with a
    /// reference and answered with an apology ([`App::apologize`]; the
    /// notices stay queued for the next delivery); a reply whose image
    /// fails goes without it.
    /// A speaker who replies to a message ([`Speaker::replies_to`]) that
    /// their chat does not have is an error (in a transcript, a wrong script).
    pub async fn say(&mut self, speaker: &Speaker, text: &str) -> anyhow::Result<Vec<Sent>> {
        let reply_to = match speaker.replies_to {
            Some(back) => {
                let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
                let found = log.back(&speaker.chat_key(), back);
                Some(found.ok_or_else(|| {
                    anyhow::anyhow!("{} has no message {back} back to reply to", speaker.user)
                })?)
            }
            None => None,
        };
        self.counter += 1;
        let inbound = Inbound {
            platform: speaker.platform,
            update_id: format!("{}-{}", self.session, self.counter),
            user_id: speaker.user.clone(),
            display_name: speaker.user.clone(),
            handle: Some(speaker.user.clone()),
            chat: speaker.chat.clone(),
            text: text.to_owned(),
            reply_to,
            client_lang: None,
        };
        let replies = self.app.answer(&inbound).await;
        let mut out = Vec::new();
        for reply in replies {
            let image = self.images.image_or_none(&reply).await;
            let sent = self.reply_to(speaker, reply, image.as_ref());
            let at = {
                let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
                log.add(&sent.to)
            };
            remember_sent(self.app.db(), speaker.platform, &[at], &sent.message).await;
            out.push(sent);
        }
        match self.deliver().await {
            Ok(sent) => out.extend(sent),
            Err(error) => {
                let who = (speaker.platform, speaker.user.as_str());
                let apology = self.app.apologize(who, &error).await;
                out.push(self.reply_to(speaker, apology, None));
            }
        }
        Ok(out)
    }

    /// The record of `reply` sent to `speaker` where they wrote, now; a
    /// private reply ([`Outgoing::private`]) goes to their own chat.
    fn reply_to(&self, speaker: &Speaker, reply: Outgoing, image: Option<&RenderedImage>) -> Sent {
        let to = match &speaker.chat {
            Chat::Channel(_) if reply.private => Address::User {
                platform: speaker.platform,
                user_id: speaker.user.clone(),
                dm_chat_id: None,
            },
            Chat::Private => Address::User {
                platform: speaker.platform,
                user_id: speaker.user.clone(),
                dm_chat_id: None,
            },
            Chat::Channel(chat_id) => Address::Chat {
                platform: speaker.platform,
                chat_id: chat_id.clone(),
            },
        };
        let mut sent = Sent::new(self.clock.now(), to, reply, image);
        if let Some(media) = self.media.get() {
            sent.saved = media.save(&sent.message, image);
        }
        sent
    }

    /// Fires due deadlines and delivers pending notices at the clock's now;
    /// returns the lines printed.
    pub async fn tick(&self) -> anyhow::Result<Vec<String>> {
        Ok(self.deliver().await?.iter().map(Sent::line).collect())
    }

    /// Fires due deadlines and delivers pending notices at the clock's now.
    pub async fn deliver(&self) -> anyhow::Result<Vec<Sent>> {
        let now = self.clock.now();
        self.scheduler.poll_due(now).await?;
        self.outbox.poll(now).await?;
        let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
        Ok(std::mem::take(&mut *sent))
    }

    /// When the next deadline is due, if any.
    pub async fn next_due(&self) -> anyhow::Result<Option<chrono::DateTime<chrono::Utc>>> {
        Ok(self.scheduler.next_due().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_the_sender() {
        assert_eq!(parse_line("@alice: e2-e4"), Some(("alice", "e2-e4")));
        assert_eq!(parse_line("  @bob:/games "), Some(("bob", "/games")));
        assert_eq!(parse_line("alice: e2-e4"), None);
        assert_eq!(parse_line("@: e2-e4"), None);
        assert_eq!(parse_line("@a b: x"), None);
    }
}
