//! Who is speaking: an inbound message as the adapters hand it over, and the
//! player behind it once resolved (registered on first contact).

use crate::app::command::CommandWord;
use crate::app::i18n::Lang;
use crate::core::notation::Notation;
use crate::store::{Platform, Player};

/// Where a message was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chat {
    /// A private chat (or direct message) with the bot.
    Private,
    /// A group, channel or thread, by its platform id.
    Channel(String),
}

/// One message from a platform, platform-neutral.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inbound {
    /// The platform.
    pub platform: Platform,
    /// The platform's id of this update, for deduplication.
    pub update_id: String,
    /// The platform's id of the sender.
    pub user_id: String,
    /// The sender's display name on the platform.
    pub display_name: String,
    /// The sender's user name on the platform (Telegram's `@username`,
    /// Discord's user name, the console's name), without the `@`; `None`
    /// when the account has none. `@name` finds the player by it first.
    pub handle: Option<String>,
    /// Where it was written.
    pub chat: Chat,
    /// The text.
    pub text: String,
    /// The bot's message this one replies to (Telegram reply, Discord
    /// reply), if any: a reply to a message about a game makes that the
    /// game of a bare move or a command without a number.
    pub reply_to: Option<MessageRef>,
    /// The language of the sender's client (Telegram's `language_code`,
    /// Discord's interaction `locale`), if the platform tells it: a new
    /// player's language and notation follow it until they choose
    /// (Ukrainian: `ukr`; any other: English and SAN).
    pub client_lang: Option<crate::app::i18n::Lang>,
}

/// A message on a platform: its chat and its id there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MessageRef {
    /// The chat (Telegram chat id, Discord channel id, console user).
    pub chat_id: String,
    /// The message's id within the chat.
    pub message_id: String,
}

impl MessageRef {
    /// The message `message_id` in chat `chat_id`.
    pub fn new(chat_id: impl ToString, message_id: impl ToString) -> Self {
        Self {
            chat_id: chat_id.to_string(),
            message_id: message_id.to_string(),
        }
    }
}

/// The resolved sender of a command.
#[derive(Debug, Clone, PartialEq)]
pub struct Actor {
    /// The player.
    pub player: Player,
    /// Whether the player administers the installation.
    pub is_admin: bool,
    /// The game of the bot message the command replies to, if known.
    pub replied_game: Option<crate::store::GameId>,
    /// The platform the command came from; `None` when the bot acts for the
    /// player (a held move delivered later).
    pub platform: Option<crate::store::Platform>,
    /// The command word the message began with, as spelled (`турнір`), so
    /// that a refusal names the help of the command typed.
    pub typed: Option<(CommandWord, &'static str)>,
    /// The installation's time zone (`CORRBOT_ZONE`; GMT when unset,
    /// R3.5.6): the zone of instants a player sees outside any event, until
    /// they enter one or choose their own.
    pub home_zone: chrono_tz::Tz,
}

impl Actor {
    /// The player's language (Ukrainian if the stored code is unknown).
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.player.language).unwrap_or(Lang::Uk)
    }

    /// The word `/help` takes for `command` in a refusal: the spelling the
    /// player typed when the message began with `command`, else its
    /// English name (issue 19: error replies point to the right help).
    pub fn help_word(&self, command: CommandWord) -> &'static str {
        match self.typed {
            Some((typed, spelling)) if typed == command => spelling,
            _ => command.name(),
        }
    }

    /// The player's notation for showing moves.
    pub fn notation(&self) -> Notation {
        notation_from_code(&self.player.notation).unwrap_or(Notation::UkrainianFull)
    }
}

/// The short codes of the notations, as `/notation` takes them.
pub const NOTATION_CODES: [(&str, Notation); 6] = [
    ("ukr", Notation::UkrainianFull),
    ("ukr-short", Notation::UkrainianShort),
    ("san", Notation::San),
    ("lan", Notation::Lan),
    ("uci", Notation::Uci),
    ("iccf", Notation::Iccf),
];

/// The notation named by a short code (`ukr`, `san` …).
pub fn notation_from_code(code: &str) -> Option<Notation> {
    let code = code.trim().to_lowercase();
    NOTATION_CODES
        .iter()
        .find(|(name, _)| *name == code)
        .map(|(_, notation)| *notation)
}

/// A player's language, falling back to Ukrainian.
pub fn lang_of(player: &Player) -> Lang {
    Lang::from_code(&player.language).unwrap_or(Lang::Uk)
}

/// A player's notation, falling back to Ukrainian full notation.
pub fn notation_of(player: &Player) -> Notation {
    notation_from_code(&player.notation).unwrap_or(Notation::UkrainianFull)
}
