//! Platform-neutral values for what the bot sends, and their conversion to
//! serenity's builders.

use serenity::builder::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse,
    CreateButton, CreateCommand, CreateCommandOption, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse,
};
use serenity::model::application::{self, CommandOptionType};
use serenity::model::permissions::Permissions;

/// What the caller's handler answers to one inbound event.
#[derive(Clone, Debug, PartialEq)]
pub enum DiscordReply {
    /// Say nothing (for an interaction: acknowledge with nothing visible is
    /// not possible, so an empty ephemeral message is sent instead).
    Nothing,
    /// A message: a channel message for text, the interaction response otherwise.
    Message(OutgoingMessage),
    /// Autocomplete choices (at most 25 are sent).
    Choices(Vec<AutocompleteChoice>),
}

/// A message the bot sends.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutgoingMessage {
    /// The text (at most 2000 characters on Discord).
    pub text: String,
    /// An embed, shown below the text.
    pub embed: Option<EmbedSpec>,
    /// A PNG attached to the message (shown inside the embed when there is one).
    pub image: Option<PngImage>,
    /// Another file attached, not shown in the embed (a game's `.pgn`).
    pub file: Option<PngImage>,
    /// Buttons, five to a row (Discord allows five rows).
    pub buttons: Vec<ButtonSpec>,
    /// Whether only the addressee sees it (interaction responses only).
    pub ephemeral: bool,
    /// The game the message is about, if one: not sent, but the adapter
    /// hands the ids of the posted messages to
    /// [`DiscordInboundHandler::sent`](super::DiscordInboundHandler::sent),
    /// so that a reply to one of them means that game (issue 18).
    pub game: Option<i64>,
}

impl OutgoingMessage {
    /// A plain text message.
    pub fn text(text: impl Into<String>) -> Self {
        OutgoingMessage {
            text: text.into(),
            ..Self::default()
        }
    }
}

/// An embed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EmbedSpec {
    /// Title line.
    pub title: String,
    /// Body text.
    pub description: String,
}

/// A file to upload: a PNG or GIF image, or a PGN document.
#[derive(Clone, Debug, PartialEq)]
pub struct PngImage {
    /// File name, e.g. `board.png`.
    pub filename: String,
    /// PNG bytes.
    pub bytes: Vec<u8>,
}

/// A button.
#[derive(Clone, Debug, PartialEq)]
pub struct ButtonSpec {
    /// The id that comes back in [`super::InboundKind::Button`] (at most 100 characters).
    pub custom_id: String,
    /// The visible label.
    pub label: String,
    /// Its colour.
    pub style: ButtonStyle,
}

/// Button colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// One autocomplete suggestion.
#[derive(Clone, Debug, PartialEq)]
pub struct AutocompleteChoice {
    /// What the user sees.
    pub name: String,
    /// What is filled in.
    pub value: String,
}

/// A slash command to register.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandSpec {
    /// Name (lowercase, at most 32 characters).
    pub name: String,
    /// Description (at most 100 characters).
    pub description: String,
    /// Options.
    pub options: Vec<CommandOptionSpec>,
    /// The name in other Discord locales, as `(locale, name)` (`("uk", "хід")`).
    pub name_localizations: Vec<(String, String)>,
    /// The description in other Discord locales, as `(locale, text)`.
    pub description_localizations: Vec<(String, String)>,
    /// Discord's `default_member_permissions` bit set: who sees the command
    /// until the server's settings say otherwise (`Some(0)`: administrators
    /// only); `None`: everyone. The app still authorizes every use.
    pub default_member_permissions: Option<u64>,
}

/// One option of a [`CommandSpec`].
#[derive(Clone, Debug, PartialEq)]
pub struct CommandOptionSpec {
    /// Its type.
    pub kind: CommandOptionKind,
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Whether it must be given.
    pub required: bool,
    /// Whether Discord asks the bot for suggestions while it is typed.
    pub autocomplete: bool,
    /// The description in other Discord locales, as `(locale, text)`.
    pub description_localizations: Vec<(String, String)>,
}

/// Option types the bot uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandOptionKind {
    /// Free text.
    Text,
    /// An integer.
    Integer,
    /// A user.
    User,
}

fn attachment(image: &PngImage) -> CreateAttachment {
    CreateAttachment::bytes(image.bytes.clone(), image.filename.clone())
}

fn embed(message: &OutgoingMessage) -> Option<CreateEmbed> {
    let spec = message.embed.as_ref()?;
    let mut embed = CreateEmbed::new();
    if !spec.title.is_empty() {
        embed = embed.title(&spec.title);
    }
    if !spec.description.is_empty() {
        embed = embed.description(&spec.description);
    }
    if let Some(image) = &message.image {
        embed = embed.image(format!("attachment://{}", image.filename));
    }
    Some(embed)
}

fn rows(buttons: &[ButtonSpec]) -> Vec<CreateActionRow> {
    let button = |spec: &ButtonSpec| {
        let style = match spec.style {
            ButtonStyle::Primary => application::ButtonStyle::Primary,
            ButtonStyle::Secondary => application::ButtonStyle::Secondary,
            ButtonStyle::Success => application::ButtonStyle::Success,
            ButtonStyle::Danger => application::ButtonStyle::Danger,
        };
        CreateButton::new(&spec.custom_id)
            .label(&spec.label)
            .style(style)
    };
    buttons
        .chunks(5)
        .map(|row| CreateActionRow::Buttons(row.iter().map(button).collect()))
        .collect()
}

/// Adds a message's embed, image (through `$attach`) and buttons to one of
/// serenity's message builders, which share these methods but no trait.
macro_rules! with_parts {
    ($builder:expr, $message:expr, $attach:ident) => {{
        // Nothing the bot sends pings anyone: names and statements users
        // wrote may look like `@everyone` or `<@id>`.
        let mut builder = $builder.allowed_mentions(no_mentions());
        if let Some(embed) = embed($message) {
            builder = builder.embed(embed);
        }
        if let Some(image) = &$message.image {
            builder = builder.$attach(attachment(image));
        }
        if let Some(file) = &$message.file {
            builder = builder.$attach(attachment(file));
        }
        if !$message.buttons.is_empty() {
            builder = builder.components(rows(&$message.buttons));
        }
        builder
    }};
}

/// Mentions that ping nobody: no users, roles or `@everyone` are parsed
/// from the content.
pub(super) fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// A channel message.
pub(super) fn channel_message(message: &OutgoingMessage) -> CreateMessage {
    with_parts!(
        CreateMessage::new().content(&message.text),
        message,
        add_file
    )
}

/// An interaction response message (callback type 4).
pub(super) fn response_message(message: &OutgoingMessage) -> CreateInteractionResponseMessage {
    let builder = CreateInteractionResponseMessage::new()
        .content(&message.text)
        .ephemeral(message.ephemeral);
    with_parts!(builder, message, add_file)
}

/// A followup message of an interaction already answered.
pub(super) fn followup_message(message: &OutgoingMessage) -> CreateInteractionResponseFollowup {
    let builder = CreateInteractionResponseFollowup::new()
        .content(&message.text)
        .ephemeral(message.ephemeral);
    with_parts!(builder, message, add_file)
}

/// The answer to a press of a one-shot button (callback type 7,
/// UPDATE_MESSAGE): the pressed message keeps its text and loses its
/// buttons, so that it is not pressed again.
pub(super) fn remove_buttons() -> CreateInteractionResponse {
    CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new().components(Vec::new()),
    )
}

/// An edit of a deferred response.
pub(super) fn edit_response(message: &OutgoingMessage) -> EditInteractionResponse {
    with_parts!(
        EditInteractionResponse::new().content(&message.text),
        message,
        new_attachment
    )
}

/// An autocomplete answer (callback type 8).
pub(super) fn autocomplete(choices: &[AutocompleteChoice]) -> CreateAutocompleteResponse {
    choices
        .iter()
        .take(25)
        .fold(CreateAutocompleteResponse::new(), |builder, choice| {
            builder.add_string_choice(&choice.name, &choice.value)
        })
}

/// A command registration.
pub(super) fn command(spec: &CommandSpec) -> CreateCommand {
    let mut base = CreateCommand::new(&spec.name).description(&spec.description);
    for (locale, name) in &spec.name_localizations {
        base = base.name_localized(locale, name);
    }
    for (locale, text) in &spec.description_localizations {
        base = base.description_localized(locale, text);
    }
    if let Some(bits) = spec.default_member_permissions {
        base = base.default_member_permissions(Permissions::from_bits_truncate(bits));
    }
    spec.options.iter().fold(base, |builder, option| {
        let kind = match option.kind {
            CommandOptionKind::Text => CommandOptionType::String,
            CommandOptionKind::Integer => CommandOptionType::Integer,
            CommandOptionKind::User => CommandOptionType::User,
        };
        let created = option.description_localizations.iter().fold(
            CreateCommandOption::new(kind, &option.name, &option.description)
                .required(option.required)
                .set_autocomplete(option.autocomplete),
            |created, (locale, text)| created.description_localized(locale, text),
        );
        builder.add_option(created)
    })
}
