//! Input no command may be read from, on every platform: a NUL character
//! (code 0), which PostgreSQL cannot store in text, so a database that
//! SQLite accepted always moves to PostgreSQL; and, on the console, bytes
//! that are not UTF-8. Both are refused with a catalog message and change
//! nothing; NULs in identifiers and names (which the sender cannot be
//! refused for) are dropped before anything is stored.

use std::borrow::Cow;

use crate::app::actor::{Chat, Inbound};
use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang};
use crate::app::outgoing::Outgoing;
use crate::app::service::App;
use crate::app::user_error::{Refusal, UserError};
use crate::store::Platform;

/// The catalog message refusing a text with a NUL character.
pub const NUL_MESSAGE: &str = "error-text-nul";

/// The catalog message refusing bytes that are not UTF-8 text.
pub const UNREADABLE_MESSAGE: &str = "error-text-unreadable";

/// Refuses a text holding a NUL character.
pub(crate) fn readable(lang: Lang, text: &str) -> Result<(), Failure> {
    if text.contains('\0') {
        return Err(refuse(lang, NUL_MESSAGE, &Args::new()));
    }
    Ok(())
}

/// `text` without NUL characters.
fn without_nul(text: &str) -> Cow<'_, str> {
    if text.contains('\0') {
        Cow::Owned(text.replace('\0', ""))
    } else {
        Cow::Borrowed(text)
    }
}

/// The inbound message with NULs dropped from its ids and the sender's
/// name (the text is left as it is, for [`readable`] to refuse).
pub(crate) fn cleaned(inbound: &Inbound) -> Cow<'_, Inbound> {
    let chat_has_nul = matches!(&inbound.chat, Chat::Channel(id) if id.contains('\0'));
    let names = [&inbound.update_id, &inbound.user_id, &inbound.display_name];
    let handle_has_nul = inbound.handle.as_ref().is_some_and(|h| h.contains('\0'));
    if !chat_has_nul && !handle_has_nul && !names.iter().any(|name| name.contains('\0')) {
        return Cow::Borrowed(inbound);
    }
    let chat = match &inbound.chat {
        Chat::Private => Chat::Private,
        Chat::Channel(id) => Chat::Channel(without_nul(id).into_owned()),
    };
    Cow::Owned(Inbound {
        platform: inbound.platform,
        update_id: without_nul(&inbound.update_id).into_owned(),
        user_id: without_nul(&inbound.user_id).into_owned(),
        display_name: without_nul(&inbound.display_name).into_owned(),
        handle: inbound
            .handle
            .as_deref()
            .map(|h| without_nul(h).into_owned()),
        chat,
        text: inbound.text.clone(),
        reply_to: inbound.reply_to.clone(),
        client_lang: inbound.client_lang,
    })
}

impl App {
    /// The refusal of bytes that are not UTF-8 text to user `who`
    /// (platform, user id), in their language; nothing is stored.
    pub async fn refuse_unreadable(&self, who: (Platform, &str)) -> Outgoing {
        let lang = self.language_of(who).await;
        let refusal = Refusal::new(lang, UNREADABLE_MESSAGE, &Args::new());
        UserError::from(refusal).reply(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_is_refused_and_dropped_from_names() {
        assert!(readable(Lang::En, "e2-e4").is_ok());
        assert!(readable(Lang::En, "e2\0-e4").is_err());
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: "1\0".into(),
            user_id: "a\0b".into(),
            display_name: "\0Ann".into(),
            handle: Some("a\0b".into()),
            chat: Chat::Channel("c\0".into()),
            text: "x\0".into(),
            reply_to: None,
            client_lang: None,
        };
        let clean = cleaned(&inbound);
        assert_eq!(
            (clean.update_id.as_str(), clean.user_id.as_str()),
            ("1", "ab")
        );
        assert_eq!(clean.display_name, "Ann");
        assert_eq!(clean.chat, Chat::Channel("c".into()));
        assert_eq!(clean.text, "x\0");
    }
}
