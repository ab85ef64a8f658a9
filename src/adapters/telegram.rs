//! The Telegram adapter's transport: a [`teloxide::Bot`] pointed at an API
//! root, a long-polling loop that turns updates into [`TelegramInbound`]
//! values for a caller-supplied function ([`run_polling`]), and a [`TelegramSender`]
//! that sends text, photos and documents with inline buttons within
//! Telegram's rate limits ([`RateLimiter`]), retrying 429 and 5xx answers.
//!
//! [`TelegramBot`] wires it to the app: updates go to `App::handle`, the
//! replies and the outbox's notices go out through [`TelegramTransport`]
//! (photos with captions for boards, documents for PGN, inline buttons for
//! every choice), by long polling or by webhook.
//!
//! The app layer decides what an inbound means and what to send; this module
//! only moves bytes. Update ids are passed through unchanged so the app can
//! drop a redelivered update (Telegram delivers at least once).

mod buttons;
mod dispatch;
mod file_ids;
mod in_flight;
mod inbound;
mod leader;
mod limiter;
mod menus;
mod polling;
mod sender;
mod serve;
mod transport;
mod webhook;

pub use buttons::{ButtonCodes, MAX_CALLBACK_BYTES};
pub use dispatch::{DRAIN_BOUND, HANDLING, Handed, InboundOrder, SENDING, TelegramDispatch};
pub use inbound::{Outbound, TelegramHandler, app_inbound, dedup_key};
pub use leader::{TAKEOVER_CHECK, poll_as_leader};
pub use limiter::RateLimiter;
pub use menus::{RoleMenus, chat_menus, command_menus, menu_entries};
pub use polling::{PollingOptions, prepare_polling, run_polling};
pub use sender::{
    CommandList, PermanentReason, SentMessageRef, TelegramButton, TelegramRetryPolicy,
    TelegramSendError, TelegramSender, telegram_limits,
};
pub use serve::{DEFAULT_WEBHOOK_LISTEN, InboundMode, TelegramBot, TelegramConfig, secret_of};
pub use teloxide::adaptors::throttle::Limits;
pub use teloxide::types::Me;
pub use transport::{TelegramTransport, chat_of, delivery_of};
pub use webhook::{SECRET_HEADER, WebhookConfig};

use teloxide::Bot;

/// What a user did, as the app layer needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TelegramInbound {
    /// Telegram's update id; the same id arrives again on redelivery.
    pub update_id: u32,
    /// The chat the message or button press came from.
    pub chat_id: i64,
    /// The Telegram user who acted.
    pub user_id: u64,
    /// The user's `@username`, without the `@`, if they have one.
    pub username: Option<String>,
    /// The user's first and last name as Telegram shows them.
    pub display_name: String,
    /// Whether the chat is the user's private chat with the bot (not a
    /// group, supergroup or channel).
    pub private_chat: bool,
    /// The language of the user's Telegram client (`uk`, `en`, …), if known.
    pub language_code: Option<String>,
    /// The user's message, or the bot message whose button was pressed.
    pub message_id: i32,
    /// The message the user's message replies to (`reply_to_message`), if any.
    pub reply_to_message_id: Option<i32>,
    /// The text or the button's data.
    pub content: InboundContent,
}

/// The payload of a [`TelegramInbound`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InboundContent {
    /// A text message (commands included).
    Text(String),
    /// An inline-button press; answer it with
    /// [`TelegramSender::answer_callback`] using `query_id`.
    Callback {
        /// The callback query id to answer.
        query_id: String,
        /// The button's `callback_data`.
        data: String,
    },
}

/// Why a [`Bot`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum TelegramSetupError {
    /// The API root is not an absolute URL.
    #[error("invalid Telegram API URL {url:?}")]
    InvalidApiUrl {
        /// The URL as given.
        url: String,
        /// Why the parser refused it.
        #[source]
        source: url::ParseError,
    },
}

/// Builds a [`Bot`] for `token`, talking to `api_url` when given (a test
/// server or a local Bot API server) and to `https://api.telegram.org/`
/// otherwise. TLS is rustls; no proxy or client settings are read from the
/// environment beyond teloxide's `TELOXIDE_PROXY`.
pub fn build_bot(token: &str, api_url: Option<&str>) -> Result<Bot, TelegramSetupError> {
    let bot = Bot::new(token);
    let Some(api_url) = api_url else {
        return Ok(bot);
    };
    let parsed = url::Url::parse(api_url).map_err(|source| TelegramSetupError::InvalidApiUrl {
        url: api_url.to_owned(),
        source,
    })?;
    Ok(bot.set_api_url(parsed))
}
