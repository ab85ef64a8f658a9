//! Long polling with `getUpdates`, one update at a time, in update order.

use std::future::Future;
use std::pin::pin;
use std::time::Duration;

use teloxide::Bot;
use teloxide::RequestError;
use teloxide::payloads::setters::*;
use teloxide::requests::{Request, Requester};
use teloxide::types::{AllowedUpdate, Me, Update, UpdateKind};

use crate::adapters::error_chain;

use super::{InboundContent, TelegramInbound};

/// Settings of the polling loop.
#[derive(Clone, Debug)]
pub struct PollingOptions {
    /// Long-polling timeout sent to Telegram, in seconds. Keep it below
    /// teloxide's HTTP client timeout (17 s); tests pass 1.
    pub timeout_secs: u32,
    /// First pause after a failed `getUpdates`.
    pub min_error_backoff: Duration,
    /// Longest pause after repeated failures.
    pub max_error_backoff: Duration,
}

impl Default for PollingOptions {
    fn default() -> Self {
        Self {
            timeout_secs: 10,
            min_error_backoff: Duration::from_secs(1),
            max_error_backoff: Duration::from_secs(60),
        }
    }
}

/// Checks the token with `getMe` and removes a webhook if one is set
/// (Telegram refuses `getUpdates` while a webhook is active).
pub async fn prepare_polling(bot: &Bot) -> Result<Me, RequestError> {
    let me = bot.get_me().await?;
    let webhook = bot.get_webhook_info().await?;
    if webhook.url.is_some() {
        bot.delete_webhook().await?;
    }
    Ok(me)
}

/// Polls until `shutdown` completes, handing each message with text and
/// each button press to `handle`, one at a time. Other update kinds are
/// skipped.
///
/// The next update is fetched only after `handle` returns, so a handler
/// that records the inbound (for example in the app's store) before
/// returning loses nothing if the process stops: the update is confirmed to
/// Telegram only by the following `getUpdates`.
///
/// The offset only moves forward, but an update that Telegram hands out
/// again is passed on again with its original `update_id`: deduplication is
/// the app's job. Errors from `getUpdates` are logged and retried: after
/// `retry_after` for a 429, otherwise with doubling back-off.
pub async fn run_polling<F, Fut>(
    bot: &Bot,
    handle: &F,
    options: &PollingOptions,
    shutdown: impl Future<Output = ()>,
) where
    F: Fn(TelegramInbound) -> Fut,
    Fut: Future<Output = ()>,
{
    let mut shutdown = pin!(shutdown);
    let mut offset: i32 = 0;
    let mut backoff = options.min_error_backoff;
    loop {
        let request = bot
            .get_updates()
            .offset(offset)
            .timeout(options.timeout_secs)
            // R2.3.3: edited messages are not asked for; an edit or a
            // deletion changes nothing.
            .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery]);
        let result = tokio::select! {
            biased;
            () = &mut shutdown => return,
            result = request.send() => result,
        };
        let delay = match result {
            Ok(updates) => {
                crate::ops::set_connected("telegram", true);
                backoff = options.min_error_backoff;
                for update in updates {
                    // Shutdown: the updates not handled yet stay unconfirmed
                    // (the offset is confirmed by the next `getUpdates`), so
                    // the next process receives them.
                    let stopping = tokio::select! {
                        biased;
                        () = &mut shutdown => true,
                        () = std::future::ready(()) => false,
                    };
                    if stopping {
                        return;
                    }
                    offset = offset.max(update.id.as_offset());
                    if let Some(inbound) = to_inbound(update) {
                        handle(inbound).await;
                    }
                }
                continue;
            }
            Err(RequestError::RetryAfter(seconds)) => seconds.duration(),
            Err(error) => {
                crate::ops::set_connected("telegram", false);
                let error = error_chain(&error);
                tracing::warn!(%error, ?backoff, "telegram getUpdates failed");
                let delay = backoff;
                backoff = (backoff * 2).min(options.max_error_backoff);
                delay
            }
        };
        tokio::select! {
            biased;
            () = &mut shutdown => return,
            () = tokio::time::sleep(delay) => {}
        }
    }
}

/// Turns a Telegram update into an inbound, if it is one the bot handles:
/// a new text message or a button press. Edited messages (and every other
/// update kind) give `None`: editing a message changes no move (R2.3.8).
pub(crate) fn to_inbound(update: Update) -> Option<TelegramInbound> {
    let update_id = update.id.0;
    match update.kind {
        UpdateKind::Message(message) => {
            let text = message.text()?.to_owned();
            let from = message.from.as_ref()?;
            Some(TelegramInbound {
                update_id,
                chat_id: message.chat.id.0,
                user_id: from.id.0,
                username: from.username.clone(),
                display_name: from.full_name(),
                private_chat: message.chat.is_private(),
                language_code: from.language_code.clone(),
                message_id: message.id.0,
                reply_to_message_id: message.reply_to_message().map(|replied| replied.id.0),
                content: InboundContent::Text(text),
            })
        }
        UpdateKind::CallbackQuery(query) => {
            let message = query.message.as_ref()?;
            Some(TelegramInbound {
                update_id,
                chat_id: message.chat().id.0,
                user_id: query.from.id.0,
                username: query.from.username.clone(),
                display_name: query.from.full_name(),
                private_chat: message.chat().is_private(),
                language_code: query.from.language_code.clone(),
                message_id: message.id().0,
                reply_to_message_id: None,
                content: InboundContent::Callback {
                    query_id: query.id.0.clone(),
                    data: query.data.clone()?,
                },
            })
        }
        _ => None,
    }
}
