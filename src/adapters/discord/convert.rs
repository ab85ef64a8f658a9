//! The app's [`Outgoing`] messages as serenity's message builders: the one
//! place where what the bot says becomes what Discord receives.
//!
//! Rules (documented in `docs/deployment.md`, section Discord):
//! * the text is the message content, its Markdown escaped so that what
//!   users wrote shows literally (a text over Discord's 2000 characters
//!   is sent as several messages, cut by [`split_text`]);
//! * an image goes inside an embed, attached as `board.png` (a game's
//!   animation as `game.gif`, which Discord plays in the embed);
//! * a document (`/pgn`) is attached as its file (`game-12.pgn`) under
//!   the short text naming it;
//! * each button's `custom_id` is the command it stands for; a command
//!   longer than Discord's 100 characters gets no button (the text names it);
//! * nothing the bot sends pings anyone (`allowed_mentions` parses nothing);
//! * replies to interactions are ephemeral when they are errors
//!   ([`Outgoing::is_error`]), when they carry private details
//!   ([`Outgoing::private`]), or when, in a guild channel, they answer a
//!   command about the user's own matters (see [`is_public_command`]).

use serenity::builder::{
    AutocompleteChoice, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateAutocompleteResponse, CreateButton, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse,
};
use serenity::model::application::ButtonStyle;

use crate::app::command::CommandWord;
use crate::app::deliver::image::RenderedImage;
use crate::app::outgoing::{Document, Outgoing};
use crate::store::GameId;

use super::markdown::escape_markdown;
use super::split::split_text;

/// Discord's longest message content.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// Discord's longest button `custom_id`.
pub const MAX_CUSTOM_ID_CHARS: usize = 100;
/// Discord's longest button label.
const MAX_LABEL_CHARS: usize = 80;
/// Discord's most buttons on one message (five rows of five).
const MAX_BUTTONS: usize = 25;
/// Discord's most autocomplete choices.
const MAX_CHOICES: usize = 25;
/// The file name of an attached board or table image (an animation is
/// [`RenderedImage::file_name`]'s `game.gif`).
pub const IMAGE_FILE: &str = "board.png";

/// The app's messages answering one event (or one notice), each with its
/// rendered image, sent as one Discord message: texts joined by a blank
/// line, every button, the first image and document; ephemeral if any
/// part is; about a game if those about one all name the same game.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    messages: Vec<(Outgoing, Option<RenderedImage>)>,
    ephemeral: bool,
}

impl Reply {
    /// One message with its rendered image.
    pub fn one(message: Outgoing, image: Option<RenderedImage>) -> Self {
        Self::default().and(message, image)
    }

    /// The reply with `message` (and its rendered image) added at the end.
    pub fn and(mut self, message: Outgoing, image: Option<RenderedImage>) -> Self {
        self.messages.push((message, image));
        self
    }

    /// The reply, shown to its addressee alone if `ephemeral` (interaction
    /// answers; Discord shows channel messages to everyone).
    pub fn ephemeral_if(mut self, ephemeral: bool) -> Self {
        self.ephemeral |= ephemeral;
        self
    }

    /// Whether it holds no message.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// Whether only its addressee sees it: it is made so, or one of its
    /// messages is an error or private.
    pub fn is_ephemeral(&self) -> bool {
        self.ephemeral
            || self
                .messages
                .iter()
                .any(|(message, _)| message.is_error() || message.private)
    }

    /// The one game it is about: not sent, but the adapter hands the ids of
    /// the posted messages to
    /// [`DiscordInboundHandler::sent`](super::DiscordInboundHandler::sent),
    /// so that a reply to one of them means that game (issue 18).
    pub fn game(&self) -> Option<GameId> {
        let mut games: Vec<GameId> = self
            .messages
            .iter()
            .filter_map(|(message, _)| message.about_game())
            .collect();
        games.dedup();
        match games.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    fn image(&self) -> Option<&RenderedImage> {
        self.messages.iter().find_map(|(_, image)| image.as_ref())
    }

    fn document(&self) -> Option<&Document> {
        self.messages
            .iter()
            .find_map(|(message, _)| message.document.as_ref())
    }

    /// The content: each message's text, Markdown escaped, joined by a
    /// blank line, in parts Discord accepts (at least one, maybe empty).
    fn texts(&self) -> Vec<String> {
        let text = self
            .messages
            .iter()
            .map(|(message, _)| escape_markdown(&message.text))
            .collect::<Vec<_>>()
            .join("\n\n");
        let mut texts = split_text(&text, MAX_CONTENT_CHARS);
        if texts.is_empty() {
            texts.push(String::new());
        }
        texts
    }

    /// Every message's buttons (each message's first primary, the rest
    /// grey), at most 25.
    fn buttons(&self) -> Vec<CreateButton> {
        let mut buttons: Vec<CreateButton> = self
            .messages
            .iter()
            .flat_map(|(message, _)| {
                message
                    .buttons
                    .iter()
                    .filter(|button| button.command.chars().count() <= MAX_CUSTOM_ID_CHARS)
                    .enumerate()
                    .map(|(index, button)| {
                        let label: String = button.label.chars().take(MAX_LABEL_CHARS).collect();
                        if let Some(url) = &button.link {
                            // A link button: no custom id, Discord's link style.
                            return CreateButton::new_link(url).label(label);
                        }
                        let style = match index {
                            0 => ButtonStyle::Primary,
                            _ => ButtonStyle::Secondary,
                        };
                        CreateButton::new(&button.command).label(label).style(style)
                    })
            })
            .collect();
        buttons.truncate(MAX_BUTTONS);
        buttons
    }

    /// Part `index` of `texts` as a `B`: the first carries the image (in an
    /// embed) and the document, the last the buttons, so they stay under
    /// the text they belong to.
    fn part<B: MessageBuilder>(&self, texts: &[String], index: usize) -> B {
        let mut builder = B::default()
            .content_text(&texts[index])
            .visible_to_addressee_only(self.is_ephemeral())
            .mentions(no_mentions());
        if index == 0 {
            if let Some(image) = self.image() {
                let name = image.file_name();
                let embed = CreateEmbed::new().image(format!("attachment://{name}"));
                builder = builder
                    .with_embed(embed)
                    .attach(CreateAttachment::bytes(image.png.to_vec(), name));
            }
            if let Some(document) = self.document() {
                let bytes = document.content.as_bytes().to_vec();
                builder = builder.attach(CreateAttachment::bytes(bytes, &document.file_name));
            }
        }
        let buttons = self.buttons();
        if index + 1 == texts.len() && !buttons.is_empty() {
            let rows = buttons
                .chunks(5)
                .map(|row| CreateActionRow::Buttons(row.to_vec()))
                .collect();
            builder = builder.buttons(rows);
        }
        builder
    }

    /// The reply as the messages Discord accepts, in order (one when it fits).
    pub fn messages<B: MessageBuilder>(&self) -> Vec<B> {
        let texts = self.texts();
        (0..texts.len())
            .map(|index| self.part(&texts, index))
            .collect()
    }

    /// The reply's first message as an `A` (an interaction's response or
    /// the edit of a deferred one), the rest as `B`s (followups).
    pub fn first_and_rest<A: MessageBuilder, B: MessageBuilder>(&self) -> (A, Vec<B>) {
        let texts = self.texts();
        let rest = (1..texts.len()).map(|index| self.part(&texts, index));
        (self.part(&texts, 0), rest.collect())
    }
}

impl From<Outgoing> for Reply {
    fn from(message: Outgoing) -> Self {
        Self::one(message, None)
    }
}

/// One of serenity's message builders, which share these methods but no
/// trait: a channel message, an interaction response, a followup or the
/// edit of a deferred response.
pub trait MessageBuilder: Default {
    /// The builder with `text` as its content.
    fn content_text(self, text: &str) -> Self;
    /// The builder shown to the addressee alone if `ephemeral` (a no-op
    /// where Discord decides elsewhere: channel messages, deferred edits).
    fn visible_to_addressee_only(self, ephemeral: bool) -> Self;
    /// The builder with `mentions` allowed.
    fn mentions(self, mentions: CreateAllowedMentions) -> Self;
    /// The builder with `embed`.
    fn with_embed(self, embed: CreateEmbed) -> Self;
    /// The builder with `file` attached.
    fn attach(self, file: CreateAttachment) -> Self;
    /// The builder with these rows of buttons.
    fn buttons(self, rows: Vec<CreateActionRow>) -> Self;
}

macro_rules! message_builder {
    ($builder:ty, $attach:ident, |$self_:ident, $ephemeral:ident| $visible:expr) => {
        impl MessageBuilder for $builder {
            fn content_text(self, text: &str) -> Self {
                self.content(text)
            }
            fn visible_to_addressee_only($self_, $ephemeral: bool) -> Self {
                $visible
            }
            fn mentions(self, mentions: CreateAllowedMentions) -> Self {
                self.allowed_mentions(mentions)
            }
            fn with_embed(self, embed: CreateEmbed) -> Self {
                self.embed(embed)
            }
            fn attach(self, file: CreateAttachment) -> Self {
                self.$attach(file)
            }
            fn buttons(self, rows: Vec<CreateActionRow>) -> Self {
                self.components(rows)
            }
        }
    };
}

message_builder!(CreateMessage, add_file, |self, ephemeral| {
    let _ = ephemeral;
    self
});
message_builder!(
    CreateInteractionResponseMessage,
    add_file,
    |self, ephemeral| self.ephemeral(ephemeral)
);
message_builder!(
    CreateInteractionResponseFollowup,
    add_file,
    |self, ephemeral| self.ephemeral(ephemeral)
);
message_builder!(
    EditInteractionResponse,
    new_attachment,
    |self, ephemeral| {
        let _ = ephemeral;
        self
    }
);

/// Mentions that ping nobody: no users, roles or `@everyone` are parsed
/// from the content.
fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// A message of the adapter's own (a thread's starter, a bare "✓"): `text`
/// as it is, pinging nobody.
pub(super) fn plain<B: MessageBuilder>(text: &str) -> B {
    B::default().content_text(text).mentions(no_mentions())
}

/// The answer to a press of a one-shot button (callback type 7,
/// UPDATE_MESSAGE): the pressed message keeps its text and loses its
/// buttons, so that it is not pressed again.
pub(super) fn remove_buttons() -> CreateInteractionResponse {
    CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new().components(Vec::new()),
    )
}

/// An autocomplete answer (callback type 8): at most 25 choices.
pub(super) fn autocomplete(choices: Vec<AutocompleteChoice>) -> CreateAutocompleteResponse {
    CreateAutocompleteResponse::new().set_choices(choices.into_iter().take(MAX_CHOICES).collect())
}

/// Whether the answer to `text` (a command) may be seen by everyone in a
/// guild channel: event administration, moves and game results, tables
/// (`WordSpec::public`). Everything else (games, time, profile, help …)
/// concerns the user alone.
pub fn is_public_command(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    CommandWord::from_word(first.trim_start_matches('/')).is_some_and(|word| word.spec().public)
}

#[cfg(test)]
mod tests;
