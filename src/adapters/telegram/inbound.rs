//! From Telegram to the app and back: each message or button press becomes
//! an app [`Inbound`]; the app's replies go back to the same chat through
//! the [`TelegramTransport`]. No rules here: everything goes through
//! [`App::handle`].

use std::sync::Arc;

use crate::adapters::router::remember_sent;
use crate::app::actor::{Chat, Inbound, MessageRef};
use crate::app::deliver::prepare::Preparer;
use crate::app::i18n::{Lang, tr0};
use crate::app::outgoing::{Outgoing, answered_once};
use crate::app::service::App;
use crate::app::throttle::Admission;
use crate::store::Platform;

use super::buttons::ButtonCodes;
use super::in_flight::InFlight;
use super::menus::RoleMenus;
use super::transport::{TelegramTransport, message_ref};
use super::{InboundContent, SentMessageRef, TelegramInbound};

/// What handling one update left to send to its chat.
#[derive(Debug)]
pub struct Outbound {
    /// The update handled.
    pub update: TelegramInbound,
    /// The app's replies, in order.
    pub replies: Vec<Outgoing>,
    /// Whether the pressed one-shot buttons are to be removed.
    pub remove_buttons: bool,
    /// The toast answering a button press, if any.
    pub notice: Option<String>,
    /// Whether the app ran a command (the menus then follow the roles).
    pub ran: bool,
}

/// Hands Telegram updates to the app and sends its replies.
#[derive(Clone)]
pub struct TelegramHandler {
    app: App,
    transport: TelegramTransport,
    codes: Arc<ButtonCodes>,
    /// Renders the images replies refer to.
    images: Preparer,
    /// The bot's `@username`, for `/command@username` in groups.
    bot_username: String,
    /// The role holders' menus, synced after each update (see [`RoleMenus`]).
    menus: Option<Arc<RoleMenus>>,
    /// The chats with a reply on the wire.
    in_flight: Arc<InFlight>,
}

impl TelegramHandler {
    /// A handler for `app`, replying through `transport`; `images` renders
    /// board images, `bot_username` is the bot's own username.
    pub fn new(
        app: App,
        transport: TelegramTransport,
        codes: Arc<ButtonCodes>,
        images: Preparer,
        bot_username: String,
    ) -> Self {
        Self {
            app,
            transport,
            codes,
            images,
            bot_username,
            menus: None,
            in_flight: Arc::default(),
        }
    }

    /// The handler keeping the role holders' command menus in step with
    /// their roles after each update it answers.
    pub fn with_menus(mut self, menus: Arc<RoleMenus>) -> Self {
        self.menus = Some(menus);
        self
    }

    /// The app this handler feeds.
    pub fn app(&self) -> &App {
        &self.app
    }

    /// Whether `update` is for the bot: a button press, or text the app
    /// reads (not group chatter, see [`TelegramHandler::command_text`]).
    pub fn is_for_bot(&self, update: &TelegramInbound) -> bool {
        match &update.content {
            InboundContent::Text(text) => self.command_text(update, text).is_some(),
            InboundContent::Callback { .. } => true,
        }
    }

    /// Handles one update at once, as [`TelegramHandler::commit`] and
    /// [`TelegramHandler::deliver`] do in turn, without the command limit.
    pub async fn handle_update(&self, update: TelegramInbound) {
        if let Some(outbound) = self.commit(&update, Admission::Go).await {
            self.deliver(outbound).await;
        }
    }

    /// Runs one update through the app as `admission` says: when this
    /// returns, the app has committed it (or it was refused by the limit).
    /// What is left to send to the chat comes back; `None` for chatter.
    /// An internal failure is answered with an apology and its reference;
    /// the update is not retried.
    pub async fn commit(&self, update: &TelegramInbound, admission: Admission) -> Option<Outbound> {
        let who = update.user_id.to_string();
        let who = (Platform::Telegram, who.as_str());
        let command = match &update.content {
            InboundContent::Text(text) => Some(self.command_text(update, text)?),
            InboundContent::Callback { data, .. } => self.codes.decode(data),
        };
        if update.reply_to_message_id.is_some() {
            // The message replied to is remembered before the reply is read.
            self.in_flight.settled(update.chat_id).await;
        }
        let mut outbound = Outbound {
            update: update.clone(),
            replies: Vec::new(),
            remove_buttons: false,
            notice: None,
            ran: false,
        };
        match (admission, command) {
            (Admission::Go, Some(command)) => {
                outbound.remove_buttons = self.is_button(update) && answered_once(&command);
                outbound.replies = self.app.answer(&app_inbound(update, command)).await;
                outbound.ran = true;
            }
            (Admission::Go, None) => {
                outbound.notice = Some(tr0(client_lang(update), "telegram-button-expired"));
            }
            (Admission::SlowDown { retry_after_secs }, _) => {
                outbound.replies = vec![self.app.slow_down(who, retry_after_secs).await];
            }
            (Admission::Drop { .. }, _) => {}
        }
        Some(outbound)
    }

    /// Sends what [`TelegramHandler::commit`] left, in order: the replies,
    /// then (for a button press) the one-shot buttons' removal and the
    /// answer to the press; then the menus follow the roles.
    pub async fn deliver(&self, outbound: Outbound) {
        let update = &outbound.update;
        for reply in &outbound.replies {
            self.send_reply(update, reply).await;
        }
        if outbound.remove_buttons {
            self.remove_buttons(update).await;
        }
        if let InboundContent::Callback { query_id, .. } = &update.content {
            let sender = self.transport.sender();
            let notice = outbound.notice.as_deref();
            if let Err(error) = sender.answer_callback(query_id, notice).await {
                let chat_id = update.chat_id;
                tracing::warn!(%error, chat_id, "telegram: could not answer a button press");
            }
        }
        if outbound.ran
            && let Some(menus) = &self.menus
        {
            menus.sync(self.app.db()).await;
        }
    }

    fn is_button(&self, update: &TelegramInbound) -> bool {
        matches!(update.content, InboundContent::Callback { .. })
    }

    /// The text the app should read, or `None` for group chatter: in a
    /// group only commands (`/…`, for this bot or for no bot in particular)
    /// are for the bot. `/cmd@thisbot args` loses its `@thisbot`.
    fn command_text(&self, update: &TelegramInbound, text: &str) -> Option<String> {
        let text = text.trim();
        let Some(rest) = text.strip_prefix('/') else {
            return update.private_chat.then(|| text.to_owned());
        };
        let (word, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let (command, addressee) = word.split_once('@').unwrap_or((word, ""));
        if !addressee.is_empty() && !addressee.eq_ignore_ascii_case(&self.bot_username) {
            return None;
        }
        let args = args.trim();
        Some(if args.is_empty() {
            format!("/{command}")
        } else {
            format!("/{command} {args}")
        })
    }

    /// Sends one reply to its chat and remembers the messages it became.
    async fn send_reply(&self, update: &TelegramInbound, reply: &Outgoing) {
        let image = self.images.image_or_none(reply).await;
        let chat_id = self.reply_chat(update, reply);
        self.transport.sender().paced(chat_id).await;
        let _on_wire = self.in_flight.mark(chat_id);
        let sent = self
            .transport
            .send_to_chat(chat_id, reply, image.as_ref())
            .await;
        match sent {
            Err(error) if chat_id != update.chat_id => {
                tracing::info!(%error, "telegram: a private reply could not be sent privately");
                self.hint_private(update).await;
            }
            Err(error) => {
                tracing::warn!(%error, chat = update.chat_id, "telegram: a reply was not sent");
            }
            Ok(sent) => {
                let sent: Vec<MessageRef> = sent.iter().map(message_ref).collect();
                remember_sent(self.app.db(), Platform::Telegram, &sent, reply).await;
            }
        }
    }

    /// Removes the buttons of the message whose one-shot button was pressed
    /// (`editMessageReplyMarkup` without a keyboard), so that it is not
    /// pressed again.
    async fn remove_buttons(&self, update: &TelegramInbound) {
        let message = SentMessageRef {
            chat_id: update.chat_id,
            message_id: update.message_id,
        };
        if let Err(error) = self.transport.sender().edit_buttons(message, &[]).await {
            tracing::warn!(%error, chat = update.chat_id, "telegram: answered buttons were not removed");
        }
    }

    /// Where a reply goes: the chat of the update, but a private reply
    /// ([`Outgoing::private`]) to a command typed in a group goes to the
    /// user's private chat (whose id is the user's id).
    fn reply_chat(&self, update: &TelegramInbound, reply: &Outgoing) -> i64 {
        match i64::try_from(update.user_id) {
            Ok(user_chat) if reply.private && !update.private_chat => user_chat,
            _ => update.chat_id,
        }
    }

    /// Tells the group that a private answer could not be sent privately
    /// (the user has not opened a private chat with the bot): ask there.
    async fn hint_private(&self, update: &TelegramInbound) {
        let hint = Outgoing::error(tr0(client_lang(update), "telegram-ask-privately"));
        let sent = self
            .transport
            .send_to_chat(update.chat_id, &hint, None)
            .await;
        if let Err(error) = sent {
            tracing::warn!(%error, chat = update.chat_id, "telegram: a hint was not sent");
        }
    }
}

/// The app's view of an update: the sender, where it was written, the text.
/// The display name is the user's Telegram name, else their user name, else
/// empty (the app then names them by a placeholder): never their user id.
pub fn app_inbound(update: &TelegramInbound, text: String) -> Inbound {
    let chat = if update.private_chat {
        Chat::Private
    } else {
        Chat::Channel(update.chat_id.to_string())
    };
    let display_name = match (&update.username, update.display_name.trim()) {
        (_, name) if !name.is_empty() => name.to_owned(),
        (Some(username), _) => username.clone(),
        (None, _) => String::new(),
    };
    Inbound {
        platform: Platform::Telegram,
        update_id: dedup_key(update),
        user_id: update.user_id.to_string(),
        display_name,
        handle: update.username.clone(),
        chat,
        text,
        reply_to: update
            .reply_to_message_id
            .map(|message| MessageRef::new(update.chat_id, message)),
        client_lang: update.language_code.as_deref().and_then(Lang::of_client),
    }
}

/// The key the app deduplicates on: the update id with the message (or
/// button press) it carries. A redelivery repeats all of them; Telegram may
/// restart its update ids after a quiet week, and the message part keeps a
/// new update from passing for an old one.
pub fn dedup_key(update: &TelegramInbound) -> String {
    match &update.content {
        InboundContent::Text(_) => format!(
            "{}:m{}:{}",
            update.update_id, update.chat_id, update.message_id
        ),
        InboundContent::Callback { query_id, .. } => {
            format!("{}:q{query_id}", update.update_id)
        }
    }
}

/// The language of the user's Telegram client, for the few words the
/// adapter says itself; Ukrainian unless the client is in English.
fn client_lang(update: &TelegramInbound) -> Lang {
    update
        .language_code
        .as_deref()
        .and_then(|code| Lang::from_code(code.split('-').next().unwrap_or(code)))
        .unwrap_or(Lang::Uk)
}
