//! Sending paced by [`RateLimiter`] within Telegram's limits, with bounded
//! retries.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use sha2::{Digest, Sha256};
use teloxide::adaptors::throttle::Limits;
use teloxide::payloads::setters::*;
use teloxide::requests::{Request, Requester};
use teloxide::types::{
    BotCommand, BotCommandScope, CallbackQueryId, ChatId, FileId, InlineKeyboardButton,
    InlineKeyboardMarkup, InputFile, Message, MessageId, Recipient, WebAppInfo,
};
use teloxide::{ApiError, Bot, RequestError};

use crate::adapters::error_chain;

use super::file_ids::{FileIds, ImageDigest};
use super::limiter::{RateLimiter, shared_scopes};
use crate::ratebudget::SharedBudget;

/// Telegram's documented limits, as teloxide's `Limits::default()` sets
/// them: 30 messages per second overall, 1 per second per chat, 20 per
/// minute per chat (applied to private chats too, as teloxide does;
/// Telegram documents it for groups) and 10 per minute per channel or
/// supergroup.
pub fn telegram_limits() -> Limits {
    Limits::default()
}

/// How often and how patiently a request is retried before the error goes
/// back to the caller (the outbox worker), which may try again later.
#[derive(Clone, Debug)]
pub struct TelegramRetryPolicy {
    /// Attempts in total, the first one included.
    pub max_attempts: u32,
    /// Pause after the first retryable failure without `retry_after`.
    pub first_backoff: Duration,
    /// Longest pause between attempts; each pause doubles up to it.
    pub max_backoff: Duration,
    /// The longest time spent waiting between attempts of one request in
    /// all. A longer wait (a `retry_after` of minutes) goes back to the
    /// caller at once, so the outbox retries the notice later instead of
    /// holding it (and its claim) through the wait.
    pub max_wait: Duration,
}

impl Default for TelegramRetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 5,
            first_backoff: Duration::from_secs(1),
            max_backoff: Duration::from_secs(30),
            max_wait: Duration::from_secs(40),
        }
    }
}

/// An inline button that sends `data` back as a callback query, or opens
/// a web address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TelegramButton {
    /// The label shown to the user.
    pub label: String,
    /// The callback data (at most 64 bytes on Telegram); empty for a link.
    pub data: String,
    /// The address it opens: a Mini App (`web_app`) when https, which
    /// Telegram takes only in private chats (where the touch board's link
    /// goes), else a `url` button.
    pub url: Option<String>,
}

impl TelegramButton {
    /// A callback button.
    pub fn new(label: impl Into<String>, data: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            data: data.into(),
            url: None,
        }
    }

    /// A button that opens `url`.
    pub fn opening(label: impl Into<String>, url: &str) -> Self {
        Self {
            label: label.into(),
            data: String::new(),
            url: Some(url.to_owned()),
        }
    }

    /// The inline keyboard button.
    fn inline(&self) -> InlineKeyboardButton {
        let Some(url) = &self.url else {
            return InlineKeyboardButton::callback(&self.label, &self.data);
        };
        match url::Url::parse(url) {
            Ok(parsed) if parsed.scheme() == "https" => {
                let mini_app = with_query(parsed, "tg", "1");
                InlineKeyboardButton::web_app(&self.label, WebAppInfo { url: mini_app })
            }
            Ok(parsed) => InlineKeyboardButton::url(&self.label, parsed),
            // Not an address (the app makes none such): the button asks
            // for `/board`, whose answer carries a fresh link.
            Err(_) => InlineKeyboardButton::callback(&self.label, "/board"),
        }
    }
}

/// `url` with `name=value` added to its query.
fn with_query(mut url: url::Url, name: &str, value: &str) -> url::Url {
    url.query_pairs_mut().append_pair(name, value);
    url
}

/// An image Telegram shows inline and names by a `file_id` once uploaded.
#[derive(Clone, Copy, Debug)]
enum Media {
    /// A PNG board or table (`sendPhoto`).
    Photo,
    /// A game's GIF (`sendAnimation`).
    Animation,
}

impl Media {
    /// The file name of an upload.
    fn file_name(self) -> &'static str {
        match self {
            Media::Photo => "board.png",
            Media::Animation => "game.gif",
        }
    }

    /// The `file_id` Telegram gave the uploaded file in `message`.
    fn file_id_of(self, message: &Message) -> Option<FileId> {
        match self {
            Media::Photo => message
                .photo()?
                .last()
                .map(|largest| largest.file.id.clone()),
            Media::Animation => message
                .animation()
                .map(|animation| animation.file.id.clone()),
        }
    }
}

/// Where a sent message landed, for later edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SentMessageRef {
    /// The chat.
    pub chat_id: i64,
    /// The message id within the chat.
    pub message_id: i32,
}

impl SentMessageRef {
    fn of(message: &Message) -> Self {
        Self {
            chat_id: message.chat.id.0,
            message_id: message.id.0,
        }
    }
}

/// A bot command list for one client language (`None`: the default list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandList {
    /// IETF language code such as `uk` or `en`; `None` for all others.
    pub language_code: Option<String>,
    /// The private chat it is for (`BotCommandScopeChat`); `None`: the
    /// default scope.
    pub chat: Option<i64>,
    /// `(command, description)` pairs, the command without `/`.
    pub commands: Vec<(String, String)>,
}

/// Why Telegram will not take a request, whatever the number of retries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PermanentReason {
    /// The user blocked the bot, was deactivated, or the bot left the chat.
    RecipientGone,
    /// The chat does not exist (or the bot never talked to the user).
    ChatNotFound,
    /// The group became a supergroup with a new id.
    ChatMigrated {
        /// The supergroup's id.
        new_chat_id: i64,
    },
    /// A `file_id` was not accepted.
    FileIdRejected,
    /// Any other refusal (bad text, message not found, …).
    Rejected,
}

/// A failed send, saying whether trying again later may help.
#[derive(Clone, Debug, thiserror::Error)]
pub enum TelegramSendError {
    /// Rate limits, server errors or network trouble outlasted the retries.
    #[error("telegram request failed after {attempts} attempts, retry later: {detail}")]
    Retryable {
        /// Attempts made.
        attempts: u32,
        /// Telegram's last `retry_after`, if it sent one.
        retry_after: Option<Duration>,
        /// The last error, for logs.
        detail: String,
    },
    /// Telegram refused the request; sending it again will not help.
    #[error("telegram refused the request ({reason:?}): {detail}")]
    Permanent {
        /// The kind of refusal.
        reason: PermanentReason,
        /// The error, for logs.
        detail: String,
    },
}

impl TelegramSendError {
    /// Whether the outbox should try this notice again later.
    pub fn is_retryable(&self) -> bool {
        matches!(self, Self::Retryable { .. })
    }
}

/// Sends messages, each one held back until Telegram's limits allow it
/// ([`RateLimiter`]), and retries 429 and 5xx answers.
pub struct TelegramSender {
    bot: Bot,
    limits: Limits,
    limiter: RateLimiter,
    /// The budget shared with the other processes on the database.
    budget: Option<Arc<SharedBudget>>,
    retry: TelegramRetryPolicy,
    /// Telegram `file_id` of each uploaded photo or animation, by the
    /// image's SHA-256 (bounded).
    file_ids: FileIds,
}

impl TelegramSender {
    /// Sends through `bot` within `limits` (a 429 holds every send back
    /// for its `retry_after`), retrying as `retry` says.
    pub fn new(bot: Bot, limits: Limits, retry: TelegramRetryPolicy) -> Self {
        Self {
            bot,
            limits,
            limiter: RateLimiter::new(limits),
            budget: None,
            retry,
            file_ids: FileIds::default(),
        }
    }

    /// The sender also keeping `budget`, shared with the other processes
    /// on the database (`None`: this process alone).
    pub fn with_budget(mut self, budget: Option<Arc<SharedBudget>>) -> Self {
        self.budget = budget;
        self
    }

    /// Sends `text` with optional inline button rows.
    pub async fn send_text(
        &self,
        chat_id: i64,
        text: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<SentMessageRef, TelegramSendError> {
        let mut request = self.bot.send_message(ChatId(chat_id), text);
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        let message = self
            .with_retries(Some(chat_id), || request.send_ref())
            .await?;
        Ok(SentMessageRef::of(&message))
    }

    /// Sends a PNG photo with a caption. The first upload of an image sends
    /// its bytes; later sends of the same bytes (same SHA-256) reuse
    /// Telegram's `file_id`, falling back to an upload if it is refused.
    pub async fn send_photo_png(
        &self,
        chat_id: i64,
        png: &[u8],
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<SentMessageRef, TelegramSendError> {
        self.send_media(Media::Photo, chat_id, png, caption, buttons)
            .await
    }

    /// Sends an animated GIF (`sendAnimation`) with a caption; later sends
    /// of the same bytes reuse Telegram's `file_id` like photos do.
    pub async fn send_animation_gif(
        &self,
        chat_id: i64,
        gif: &[u8],
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<SentMessageRef, TelegramSendError> {
        self.send_media(Media::Animation, chat_id, gif, caption, buttons)
            .await
    }

    /// Sends `bytes` as `media` by its cached `file_id` if Telegram has
    /// them, else (or when the `file_id` is refused) uploads them and
    /// caches the `file_id` Telegram gives.
    async fn send_media(
        &self,
        media: Media,
        chat_id: i64,
        bytes: &[u8],
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<SentMessageRef, TelegramSendError> {
        let digest: ImageDigest = Sha256::digest(bytes).into();
        if let Some(file_id) = self.file_ids.get(&digest) {
            let file = InputFile::file_id(file_id);
            match self
                .post_media(media, chat_id, file, caption, buttons)
                .await
            {
                Err(TelegramSendError::Permanent {
                    reason: PermanentReason::FileIdRejected,
                    ..
                }) => self.file_ids.remove(&digest),
                result => return result.map(|message| SentMessageRef::of(&message)),
            }
        }
        let file = InputFile::memory(bytes.to_vec()).file_name(media.file_name());
        let message = self
            .post_media(media, chat_id, file, caption, buttons)
            .await?;
        if let Some(file_id) = media.file_id_of(&message) {
            self.file_ids.insert(digest, file_id);
        }
        Ok(SentMessageRef::of(&message))
    }

    async fn post_media(
        &self,
        media: Media,
        chat_id: i64,
        file: InputFile,
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<Message, TelegramSendError> {
        match media {
            Media::Photo => self.send_photo(chat_id, file, caption, buttons).await,
            Media::Animation => self.send_animation(chat_id, file, caption, buttons).await,
        }
    }

    async fn send_animation(
        &self,
        chat_id: i64,
        animation: InputFile,
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<Message, TelegramSendError> {
        let mut request = self.bot.send_animation(ChatId(chat_id), animation);
        if !caption.is_empty() {
            request = request.caption(caption);
        }
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        self.with_retries(Some(chat_id), || request.send_ref())
            .await
    }

    async fn send_photo(
        &self,
        chat_id: i64,
        photo: InputFile,
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<Message, TelegramSendError> {
        let mut request = self.bot.send_photo(ChatId(chat_id), photo);
        if !caption.is_empty() {
            request = request.caption(caption);
        }
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        self.with_retries(Some(chat_id), || request.send_ref())
            .await
    }

    /// Sends a file (a PGN export, a table) with a caption and buttons.
    pub async fn send_document(
        &self,
        chat_id: i64,
        bytes: &[u8],
        file_name: &str,
        caption: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<SentMessageRef, TelegramSendError> {
        let file = InputFile::memory(bytes.to_vec()).file_name(file_name.to_owned());
        let mut request = self.bot.send_document(ChatId(chat_id), file);
        if !caption.is_empty() {
            request = request.caption(caption);
        }
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        let message = self
            .with_retries(Some(chat_id), || request.send_ref())
            .await?;
        Ok(SentMessageRef::of(&message))
    }

    /// Waits until this process's limits let a message to `chat` go now
    /// (see [`RateLimiter::ready`]).
    pub async fn paced(&self, chat: i64) {
        self.limiter.ready(chat).await;
    }

    /// Answers a button press (stops the client's spinner), with an optional
    /// short notice shown to the user.
    pub async fn answer_callback(
        &self,
        query_id: &str,
        text: Option<&str>,
    ) -> Result<(), TelegramSendError> {
        let mut request = self
            .bot
            .answer_callback_query(CallbackQueryId(query_id.to_owned()));
        if let Some(text) = text {
            request = request.text(text);
        }
        self.with_retries(None, || request.send_ref()).await?;
        Ok(())
    }

    /// Replaces a message's text and buttons (no buttons removes them).
    pub async fn edit_text(
        &self,
        message: SentMessageRef,
        text: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<(), TelegramSendError> {
        let (chat, id) = (ChatId(message.chat_id), MessageId(message.message_id));
        let mut request = self.bot.edit_message_text(chat, id, text);
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        self.with_retries(Some(message.chat_id), || request.send_ref())
            .await?;
        Ok(())
    }

    /// Replaces a message's buttons (no buttons removes them).
    pub async fn edit_buttons(
        &self,
        message: SentMessageRef,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<(), TelegramSendError> {
        let (chat, id) = (ChatId(message.chat_id), MessageId(message.message_id));
        let mut request = self.bot.edit_message_reply_markup(chat, id);
        if let Some(markup) = keyboard(buttons) {
            request = request.reply_markup(markup);
        }
        self.with_retries(Some(message.chat_id), || request.send_ref())
            .await?;
        Ok(())
    }

    /// Sets the command menu for each language (`setMyCommands` per
    /// `language_code`), for example a Ukrainian and an English list, in
    /// the default scope or one private chat's.
    pub async fn set_commands(&self, lists: &[CommandList]) -> Result<(), TelegramSendError> {
        for list in lists {
            let commands = list
                .commands
                .iter()
                .map(|(name, description)| BotCommand::new(name, description));
            let mut request = self.bot.set_my_commands(commands);
            if let Some(code) = &list.language_code {
                request = request.language_code(code);
            }
            if let Some(chat) = list.chat {
                request = request.scope(BotCommandScope::Chat {
                    chat_id: Recipient::Id(ChatId(chat)),
                });
            }
            self.with_retries(None, || request.send_ref()).await?;
        }
        Ok(())
    }

    /// Runs `attempt` until it succeeds, fails permanently, or the policy's
    /// attempts are spent; an attempt that sends to `chat` waits for the
    /// rate limiter first. Waits `retry_after` after a 429 (and holds every
    /// other send back as long), otherwise a doubling back-off.
    async fn with_retries<T, Fut>(
        &self,
        chat: Option<i64>,
        mut attempt: impl FnMut() -> Fut,
    ) -> Result<T, TelegramSendError>
    where
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let mut backoff = self.retry.first_backoff;
        let mut waited = Duration::ZERO;
        let mut attempts = 0;
        loop {
            attempts += 1;
            if let Some(chat) = chat {
                self.limiter.acquire(chat).await;
                if let Some(budget) = &self.budget {
                    budget.acquire(&shared_scopes(&self.limits, chat)).await;
                }
            }
            let error = match attempt().await {
                Ok(value) => return Ok(value),
                Err(error) => error,
            };
            crate::ops::platform_error("telegram", error_code(&error).to_owned());
            let retry_after = match classify(&error) {
                Err(reason) => {
                    let detail = error_chain(&error);
                    return Err(TelegramSendError::Permanent { reason, detail });
                }
                Ok(retry_after) => retry_after,
            };
            if let Some(pause) = retry_after {
                self.limiter.freeze(pause);
                if let Some(budget) = &self.budget {
                    budget.hold(pause).await;
                }
            }
            let delay = retry_after.unwrap_or(backoff);
            waited += delay;
            if attempts >= self.retry.max_attempts || waited > self.retry.max_wait {
                let detail = error_chain(&error);
                return Err(TelegramSendError::Retryable {
                    attempts,
                    retry_after,
                    detail,
                });
            }
            if retry_after.is_none() {
                backoff = (backoff * 2).min(self.retry.max_backoff);
            }
            let error = error_chain(&error);
            tracing::warn!(%error, ?delay, attempts, "telegram request failed, retrying");
            tokio::time::sleep(delay).await;
        }
    }
}

/// The metrics label of a failed request: Telegram's HTTP status where the
/// error implies one (teloxide keeps no status), else its kind.
fn error_code(error: &RequestError) -> &'static str {
    match error {
        RequestError::RetryAfter(_) => "429",
        RequestError::Network(_) => "network",
        RequestError::InvalidJson { .. } => "invalid_json",
        RequestError::MigrateToChatId(_) => "400",
        RequestError::Api(ApiError::Unknown(text)) if is_server_error(text) => "5xx",
        RequestError::Api(
            ApiError::BotBlocked
            | ApiError::UserDeactivated
            | ApiError::BotKicked
            | ApiError::BotKickedFromSupergroup
            | ApiError::BotKickedFromChannel,
        ) => "403",
        RequestError::Api(_) => "400",
        _ => "other",
    }
}

/// `Ok(retry_after)` for errors worth retrying, `Err(reason)` otherwise.
fn classify(error: &RequestError) -> Result<Option<Duration>, PermanentReason> {
    match error {
        RequestError::RetryAfter(seconds) => Ok(Some(seconds.duration())),
        // Network trouble and non-JSON answers (a proxy's error page).
        RequestError::Network(_) | RequestError::InvalidJson { .. } => Ok(None),
        RequestError::Api(api) => classify_api(api),
        RequestError::MigrateToChatId(chat) => Err(PermanentReason::ChatMigrated {
            new_chat_id: chat.0,
        }),
        _ => Err(PermanentReason::Rejected),
    }
}

fn classify_api(error: &ApiError) -> Result<Option<Duration>, PermanentReason> {
    match error {
        // teloxide keeps no status code: 5xx answers arrive as unknown
        // errors carrying Telegram's description.
        ApiError::Unknown(text) if is_server_error(text) => Ok(None),
        ApiError::BotBlocked
        | ApiError::UserDeactivated
        | ApiError::BotKicked
        | ApiError::BotKickedFromSupergroup
        | ApiError::BotKickedFromChannel => Err(PermanentReason::RecipientGone),
        ApiError::ChatNotFound => Err(PermanentReason::ChatNotFound),
        ApiError::WrongFileId | ApiError::WrongFileIdOrUrl | ApiError::FileIdInvalid => {
            Err(PermanentReason::FileIdRejected)
        }
        _ => Err(PermanentReason::Rejected),
    }
}

fn is_server_error(description: &str) -> bool {
    const SERVER_ERRORS: [&str; 4] = [
        "Internal Server Error",
        "Bad Gateway",
        "Service Unavailable",
        "Gateway Timeout",
    ];
    SERVER_ERRORS
        .iter()
        .any(|prefix| description.starts_with(prefix))
}

fn keyboard(rows: &[Vec<TelegramButton>]) -> Option<InlineKeyboardMarkup> {
    if rows.iter().all(Vec::is_empty) {
        return None;
    }
    let rows = rows
        .iter()
        .map(|row| row.iter().map(TelegramButton::inline));
    Some(InlineKeyboardMarkup::new(rows))
}
