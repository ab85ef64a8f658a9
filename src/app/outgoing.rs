//! What leaves the bot, platform-neutral: one message to one address, with
//! its text already in the recipient's language, an optional image, an
//! optional document and buttons. Replies to a command and delivered
//! notices both take this shape, so every adapter renders one thing.

use serde::{Deserialize, Serialize};

use crate::app::i18n::Lang;
use crate::store::{EventId, GameId, Platform, PlayerId};

/// A button: pressing it sends `command` as if the user had typed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// The label, in the recipient's language.
    pub label: String,
    /// The command text it stands for (`/draw accept #3`); empty for a
    /// link.
    pub command: String,
    /// The web address it opens instead (the touch board, issue [touch]):
    /// a Telegram Mini App (`web_app`) where the address is https, else a
    /// link button; on the console the message's text carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

impl Button {
    /// A button labelled `label` that sends `command`.
    pub fn new(label: impl Into<String>, command: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            command: command.into(),
            link: None,
        }
    }

    /// A button labelled `label` that opens `url`.
    pub fn link(label: impl Into<String>, url: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            command: String::new(),
            link: Some(url.into()),
        }
    }
}

/// Whether a button sending `command` is answered once: a choice (which
/// game, confirm or cancel a held move, accept or decline a draw, the
/// notice of continuing) whose buttons the adapters remove once one is
/// pressed. Buttons that only show something (a board, the clocks, the
/// record, the game list) stay, and so does an invitation's "Join" button
/// (`/start join-…`), which every reader may press. A stale button pressed
/// anyway is refused by the command itself and changes nothing.
pub fn answered_once(command: &str) -> bool {
    const VIEWS: [&str; 8] = [
        "/board", "/gif", "/time", "/record", "/pgn", "/games", "/help", "/start",
    ];
    let word = command.split_whitespace().next().unwrap_or_default();
    !VIEWS.contains(&word)
}

/// An image the adapter renders (through [`render_image`]) when it sends
/// the message: kept as a reference so stored replies stay small.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "image", rename_all = "snake_case")]
pub enum ImageRef {
    /// A game's position, as `viewer` (a player id) sees it: their own
    /// side at the bottom unless they chose otherwise. Without `ply`, the
    /// current position; with it, the position after that half-move, so a
    /// notice delivered late still shows the move it announces.
    Board {
        /// The game's number.
        game: GameId,
        /// The viewing player, if any (a channel sees White's side).
        viewer: Option<PlayerId>,
        /// The words' language.
        lang: Lang,
        /// The half-move (from 1) whose position to draw; `None` (and
        /// every reference stored before it existed): the current one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<i64>,
    },
    /// A game from its start to now as an animated GIF, as `viewer` sees
    /// it (side and theme).
    Gif {
        /// The game's number.
        game: GameId,
        /// The viewing player, if any.
        viewer: Option<PlayerId>,
        /// The words' language.
        lang: Lang,
        /// The half-moves shown, for a spectator of a game whose last moves
        /// its event's public delay holds back; `None` (and every reference
        /// stored before it existed): all of them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plies: Option<i64>,
    },
    /// An event's crosstable (a team event's: the teams' table; a
    /// knock-out's: its bracket), in `viewer`'s board theme.
    Crosstable {
        /// The event's number.
        event: EventId,
        /// The viewing player, if any (a channel sees the default theme).
        #[serde(default)]
        viewer: Option<PlayerId>,
        /// The words' language.
        lang: Lang,
    },
}

/// A text document (PGN) sent as a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// The file name (`game-12.pgn`).
    pub file_name: String,
    /// The content.
    pub content: String,
}

/// Where a message goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Address {
    /// A user's private chat: the DM chat id where known, else the user id.
    User {
        /// The platform.
        platform: Platform,
        /// The platform's user id.
        user_id: String,
        /// The private chat's id, if the platform gave one.
        dm_chat_id: Option<String>,
    },
    /// A group, channel or thread.
    Chat {
        /// The platform.
        platform: Platform,
        /// The platform's chat id.
        chat_id: String,
    },
    /// A game's own thread in a chat (the event's game channel), which the
    /// platform's transport creates on first use (Telegram: the chat itself).
    Thread {
        /// The platform.
        platform: Platform,
        /// The platform's id of the chat the thread is in.
        chat_id: String,
        /// The game's number.
        game: GameId,
        /// The thread's name: `#12 Alice – Bob`.
        title: String,
    },
}

impl Address {
    /// The platform the message goes out on.
    pub fn platform(&self) -> Platform {
        match self {
            Address::User { platform, .. }
            | Address::Chat { platform, .. }
            | Address::Thread { platform, .. } => *platform,
        }
    }
}

/// One outgoing message, rendered for its recipient.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    /// A stable snake_case name of what this is (`move_made`, `reply` …).
    #[serde(default = "reply_kind")]
    pub kind: String,
    /// The text.
    pub text: String,
    /// An image to render and attach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageRef>,
    /// A document to attach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Document>,
    /// Buttons under the message (rows of one button each on small screens).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    /// It carries private details: every adapter sends it to the
    /// addressee's private chat (Discord: ephemeral), never into a group
    /// or channel, whatever chat the command came from.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// The one game it is about, if any: a reply to it (Telegram reply,
    /// Discord reply) means that game. A board image names its game too
    /// ([`Outgoing::about_game`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
}

/// The kinds of replies that show a one-time secret: an invitation's link
/// or button (`/start join-TOKEN`) and a `/link` code. The store keeps only
/// their SHA-256, so such a reply is never stored either
/// ([`crate::app::reply::to_stored`]).
pub const SECRET_KINDS: [&str; 3] = ["invitation", "link_code", "board_link"];

fn reply_kind() -> String {
    "reply".to_owned()
}

impl Outgoing {
    /// A plain text reply (kind `reply`).
    pub fn text(text: impl Into<String>) -> Self {
        Self::of_kind("reply", text)
    }

    /// A refusal or error message (kind `error`): adapters show it only to
    /// its addressee where the platform can (Discord: ephemeral).
    pub fn error(text: impl Into<String>) -> Self {
        Self::of_kind("error", text)
    }

    /// Whether it shows a one-time secret (its kind is one of
    /// [`SECRET_KINDS`]).
    pub fn holds_secret(&self) -> bool {
        SECRET_KINDS.contains(&self.kind.as_str())
    }

    /// Whether this is a refusal or error (its kind starts with `error`).
    pub fn is_error(&self) -> bool {
        self.kind.starts_with("error")
    }

    /// A plain text message of `kind`.
    pub fn of_kind(kind: impl Into<String>, text: impl Into<String>) -> Self {
        Self {
            kind: kind.into(),
            text: text.into(),
            image: None,
            document: None,
            buttons: Vec::new(),
            private: false,
            game: None,
        }
    }

    /// The message, about game `game`.
    pub fn about(mut self, game: GameId) -> Self {
        self.game = Some(game);
        self
    }

    /// The one game the message is about: the one it names, or its board's
    /// (or game image's) game.
    pub fn about_game(&self) -> Option<GameId> {
        self.game.or(match &self.image {
            Some(ImageRef::Board { game, .. } | ImageRef::Gif { game, .. }) => Some(*game),
            _ => None,
        })
    }

    /// The message with `image` attached.
    pub fn with_image(mut self, image: ImageRef) -> Self {
        self.image = Some(image);
        self
    }

    /// The message with `buttons` under it.
    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }
}
