//! The app's messages on Telegram: [`TelegramTransport`] sends one
//! [`Outgoing`] (text, board photo with caption, PGN document, inline
//! buttons) to one chat. Outbox notices reach it through the
//! [`Router`](crate::adapters::router::Router); replies to commands go out
//! through [`TelegramTransport::send_to_chat`], the same code.

use std::sync::Arc;

use crate::adapters::router::{SendFuture, Transport, chat_or_refuse};
use crate::app::actor::MessageRef;
use crate::app::deliver::image::{ImageFormat, RenderedImage};
use crate::app::outgoing::{Address, Outgoing};
use crate::outbox::Delivery;
use crate::store::Platform;

use super::buttons::ButtonCodes;
use super::{SentMessageRef, TelegramButton, TelegramSendError, TelegramSender};

/// Telegram's longest message text, in characters.
const MAX_TEXT_CHARS: usize = 4096;
/// Telegram's longest photo or document caption, in characters.
const MAX_CAPTION_CHARS: usize = 1024;
/// Buttons up to this many share one row; more get a row each.
const MAX_BUTTONS_IN_ONE_ROW: usize = 2;

/// Sends the app's messages through a [`TelegramSender`].
#[derive(Clone)]
pub struct TelegramTransport {
    sender: Arc<TelegramSender>,
    codes: Arc<ButtonCodes>,
}

impl TelegramTransport {
    /// A transport over `sender`, writing button commands as callback data
    /// through `codes` (the inbound side reads them back with the same codes).
    pub fn new(sender: Arc<TelegramSender>, codes: Arc<ButtonCodes>) -> Self {
        Self { sender, codes }
    }

    /// The sender underneath (for answering button presses).
    pub fn sender(&self) -> &TelegramSender {
        &self.sender
    }

    /// Sends `message` to `chat_id`: the board as a photo (a game's GIF as
    /// an animation, `sendAnimation`) with the text as its caption, the document with the text as its caption, or the text
    /// alone; the buttons go under the last part. Text too long for a
    /// caption follows the photo as messages of its own.
    pub async fn send_to_chat(
        &self,
        chat_id: i64,
        message: &Outgoing,
        image: Option<&RenderedImage>,
    ) -> Result<Vec<SentMessageRef>, TelegramSendError> {
        let buttons = self.keyboard(message);
        let has_media = image.is_some() || message.document.is_some();
        let as_caption = has_media && message.text.chars().count() <= MAX_CAPTION_CHARS;
        let caption = if as_caption {
            message.text.as_str()
        } else {
            ""
        };
        let text_apart = !as_caption && !message.text.is_empty();
        let sender = &self.sender;
        let mut sent = Vec::new();
        if let Some(image) = image {
            let last = message.document.is_none() && !text_apart;
            let rows = if last { &buttons[..] } else { &[] };
            let bytes = &image.png;
            sent.push(match image.format {
                ImageFormat::Png => sender.send_photo_png(chat_id, bytes, caption, rows).await?,
                ImageFormat::Gif => {
                    sender
                        .send_animation_gif(chat_id, bytes, caption, rows)
                        .await?
                }
            });
        }
        if let Some(document) = &message.document {
            let caption = if image.is_some() { "" } else { caption };
            let rows = if text_apart { &[] } else { &buttons[..] };
            let bytes = document.content.as_bytes();
            sent.push(
                sender
                    .send_document(chat_id, bytes, &document.file_name, caption, rows)
                    .await?,
            );
        }
        if text_apart {
            sent.extend(
                self.send_long_text(chat_id, &message.text, &buttons)
                    .await?,
            );
        }
        Ok(sent)
    }

    async fn send_long_text(
        &self,
        chat_id: i64,
        text: &str,
        buttons: &[Vec<TelegramButton>],
    ) -> Result<Vec<SentMessageRef>, TelegramSendError> {
        let parts = split_text(text, MAX_TEXT_CHARS);
        let count = parts.len();
        let mut sent = Vec::with_capacity(count);
        for (index, part) in parts.into_iter().enumerate() {
            let rows = if index + 1 == count { buttons } else { &[] };
            sent.push(self.sender.send_text(chat_id, &part, rows).await?);
        }
        Ok(sent)
    }

    fn keyboard(&self, message: &Outgoing) -> Vec<Vec<TelegramButton>> {
        let buttons = message.buttons.iter().map(|button| match &button.link {
            Some(url) => TelegramButton::opening(button.label.clone(), url),
            None => TelegramButton::new(button.label.clone(), self.codes.encode(&button.command)),
        });
        if message.buttons.len() <= MAX_BUTTONS_IN_ONE_ROW {
            vec![buttons.collect()]
        } else {
            buttons.map(|button| vec![button]).collect()
        }
    }
}

impl Transport for TelegramTransport {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    fn send<'a>(
        &'a self,
        _key: &'a str,
        to: &'a Address,
        message: &'a Outgoing,
        image: Option<&'a RenderedImage>,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let chat_id = match chat_or_refuse(to, chat_of(to), "Telegram chat") {
                Ok(chat_id) => chat_id,
                Err(refused) => return (refused, Vec::new()),
            };
            match self.send_to_chat(chat_id, message, image).await {
                Ok(sent) => (Delivery::Delivered, sent.iter().map(message_ref).collect()),
                Err(error) => (delivery_of(Err(error)), Vec::new()),
            }
        })
    }
}

/// A sent Telegram message as the app names messages.
pub fn message_ref(sent: &SentMessageRef) -> MessageRef {
    MessageRef::new(sent.chat_id, sent.message_id)
}

/// The Telegram chat of an address: a private chat's id is its user's id.
pub fn chat_of(address: &Address) -> Option<i64> {
    let id = match address {
        Address::User {
            dm_chat_id,
            user_id,
            ..
        } => dm_chat_id.as_deref().unwrap_or(user_id),
        Address::Chat { chat_id, .. } => chat_id,
        // A game's "thread" in a Telegram group is the group itself.
        Address::Thread { chat_id, .. } => chat_id,
    };
    id.parse().ok()
}

/// What the outbox makes of a send's outcome: rate limits, server errors and
/// network trouble are tried again later; a blocked bot, a missing chat or
/// a refused request never succeed.
pub fn delivery_of(result: Result<(), TelegramSendError>) -> Delivery {
    match result {
        Ok(()) => Delivery::Delivered,
        Err(error @ TelegramSendError::Retryable { retry_after, .. }) => Delivery::Retry {
            error: error.to_string(),
            retry_after,
        },
        Err(error @ TelegramSendError::Permanent { .. }) => Delivery::Permanent {
            error: error.to_string(),
        },
    }
}

/// Splits `text` into parts of at most `limit` characters, at line breaks
/// where possible, else after a space: a word is cut only when it alone is
/// longer than `limit`.
fn split_text(text: &str, limit: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut current_chars = 0;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let line_chars = line.chars().count();
            if current_chars + line_chars <= limit {
                current.push_str(line);
                current_chars += line_chars;
                break;
            }
            if current_chars > 0 {
                parts.push(std::mem::take(&mut current));
                current_chars = 0;
                continue;
            }
            let cut = line
                .char_indices()
                .nth(limit)
                .map_or(line.len(), |(i, _)| i);
            let cut = match line[..cut].rfind(' ') {
                Some(space) if space > 0 => space + 1,
                _ => cut,
            };
            parts.push(line[..cut].to_owned());
            line = &line[cut..];
        }
    }
    if current_chars > 0 {
        parts.push(current);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::telegram::PermanentReason;
    use crate::store::GameId;

    #[test]
    fn long_text_splits_at_line_breaks_within_the_limit() {
        let text = "aaaa\nbbbb\ncc";
        assert_eq!(split_text(text, 10), vec!["aaaa\nbbbb\n", "cc"]);
        assert_eq!(split_text("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(split_text("їжак", 4), vec!["їжак"]);
        assert_eq!(split_text("ab cd ef", 5), vec!["ab ", "cd ef"]);
        let long = "слово ".repeat(1000);
        let parts = split_text(&long, 4096);
        assert_eq!(parts.concat(), long);
        assert!(
            parts.iter().all(|part| part.ends_with(' ')),
            "never mid-word"
        );
        assert!(split_text("", 4).is_empty());
    }

    #[test]
    fn private_chats_are_the_users_ids_and_groups_their_chat_ids() {
        let user = Address::User {
            platform: Platform::Telegram,
            user_id: "501".to_owned(),
            dm_chat_id: None,
        };
        let group = Address::Chat {
            platform: Platform::Telegram,
            chat_id: "-1001234".to_owned(),
        };
        assert_eq!(chat_of(&user), Some(501));
        assert_eq!(chat_of(&group), Some(-1001234));
        let game_thread = Address::Thread {
            platform: Platform::Telegram,
            chat_id: "-1001234".to_owned(),
            game: GameId(12),
            title: "#12 Alice – Bob".to_owned(),
        };
        assert_eq!(chat_of(&game_thread), Some(-1001234), "the group itself");
    }

    #[test]
    fn rate_limits_are_retried_and_a_blocked_bot_is_not() {
        let flood = TelegramSendError::Retryable {
            attempts: 5,
            retry_after: Some(std::time::Duration::from_secs(7)),
            detail: "429".to_owned(),
        };
        let blocked = TelegramSendError::Permanent {
            reason: PermanentReason::RecipientGone,
            detail: "blocked".to_owned(),
        };
        let missing = TelegramSendError::Permanent {
            reason: PermanentReason::ChatNotFound,
            detail: "chat not found".to_owned(),
        };
        assert!(matches!(
            delivery_of(Err(flood)),
            Delivery::Retry { retry_after: Some(d), .. } if d.as_secs() == 7
        ));
        assert!(matches!(
            delivery_of(Err(blocked)),
            Delivery::Permanent { .. }
        ));
        assert!(matches!(
            delivery_of(Err(missing)),
            Delivery::Permanent { .. }
        ));
        assert_eq!(delivery_of(Ok(())), Delivery::Delivered);
    }
}
