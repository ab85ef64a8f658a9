//! Private answers stay private: one rule for every platform. A command
//! whose answer carries private details (`/contacts`, `/profile`, `/case`,
//! `/cases`, `/leave` …, [`Privacy::Private`] in the command table) has its
//! replies marked [`Outgoing::private`], which every adapter sends to the
//! asker's private chat (Telegram: a private message; Discord: ephemeral;
//! console: the user's own line), never into the group the command came
//! from. A command that itself carries a secret (`/link` codes,
//! [`Privacy::PrivateChatOnly`]) is refused outside a private chat before
//! anything happens.

use crate::app::actor::{Chat, Inbound};
use crate::app::command::{CommandWord, Privacy};
use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang};
use crate::app::outgoing::Outgoing;

/// The privacy of the inbound's command.
pub(crate) fn privacy(inbound: &Inbound) -> Privacy {
    CommandWord::privacy_of(&inbound.text)
}

/// The refusal of a command that is read only in a private chat and was
/// typed in a group or channel; `Ok` otherwise.
pub(crate) fn check_chat(inbound: &Inbound, lang: Lang) -> Result<(), Failure> {
    let in_group = matches!(inbound.chat, Chat::Channel(_));
    if in_group && privacy(inbound) == Privacy::PrivateChatOnly {
        return Err(refuse(lang, "error-private-chat-only", &Args::new()));
    }
    Ok(())
}

/// Marks the replies private when the command's answer carries private
/// details. (A command read in private chats only is answered there, or
/// refused where it was typed, with nothing private in the refusal.)
pub(crate) fn mark(inbound: &Inbound, replies: &mut [Outgoing]) {
    if privacy(inbound) == Privacy::Private {
        for reply in replies {
            reply.private = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_words_are_known_in_every_spelling() {
        assert_eq!(CommandWord::privacy_of("/contacts"), Privacy::Private);
        assert_eq!(CommandWord::privacy_of("контакти @olena"), Privacy::Private);
        assert_eq!(CommandWord::privacy_of("/case@bot 3"), Privacy::Private);
        assert_eq!(CommandWord::privacy_of("/LINK X"), Privacy::PrivateChatOnly);
        assert_eq!(CommandWord::privacy_of("/move e4"), Privacy::Open);
        assert_eq!(CommandWord::privacy_of("e2-e4"), Privacy::Open);
    }
}
