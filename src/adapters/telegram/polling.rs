//! Long polling with `getUpdates`: each batch is handed over in update
//! order, and confirmed once every update of it is in the app's hands.

use std::future::Future;
use std::pin::{Pin, pin};

use futures_util::future::join_all;
use std::time::Duration;

use teloxide::Bot;
use teloxide::RequestError;
use teloxide::payloads::setters::*;
use teloxide::requests::{Request, Requester};
use teloxide::types::{AllowedUpdate, Me, Update, UpdateKind};

use crate::adapters::error_chain;

use super::dispatch::Handed;
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
/// each button press to `handle`, in update order. Other update kinds are
/// skipped.
///
/// `handle` returns once the update is handed over, with a [`Handed`] that
/// completes when the app holds it (committed); a `handle` that returns `()`
/// holds it when it returns. The updates of one batch are handed over one
/// after another, then all of them are waited for together (a dispatcher
/// works on them meanwhile, see [`super::TelegramDispatch`]), and only then
/// is the next `getUpdates` sent: it confirms the batch to Telegram. So an
/// update is confirmed only once the app holds it, and if the process
/// stops, what it did not hold is received again by the next one (with a
/// [`super::TelegramDispatch`], the updates still queued at shutdown are
/// left unhandled and unconfirmed).
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
    Fut: Future,
    Fut::Output: Into<Handed>,
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
                let (handed, stopping) =
                    hand_over(updates, handle, &mut offset, &mut shutdown).await;
                join_all(handed.into_iter().map(Handed::wait)).await;
                if stopping {
                    return;
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

/// Hands `updates` over in order, moving `offset` past each one handed;
/// stops early (saying so) on `shutdown`: the updates not handed over stay
/// unconfirmed, so the next process receives them.
async fn hand_over<F, Fut>(
    updates: Vec<Update>,
    handle: &F,
    offset: &mut i32,
    shutdown: &mut Pin<&mut impl Future<Output = ()>>,
) -> (Vec<Handed>, bool)
where
    F: Fn(TelegramInbound) -> Fut,
    Fut: Future,
    Fut::Output: Into<Handed>,
{
    let mut handed = Vec::with_capacity(updates.len());
    for update in updates {
        let stopping = tokio::select! {
            biased;
            () = shutdown.as_mut() => true,
            () = std::future::ready(()) => false,
        };
        if stopping {
            return (handed, true);
        }
        *offset = (*offset).max(update.id.as_offset());
        if let Some(inbound) = to_inbound(update) {
            handed.push(handle(inbound).await.into());
        }
    }
    (handed, false)
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
