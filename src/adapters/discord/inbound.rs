//! Platform-neutral values for what arrives from Discord, and their
//! conversion from serenity's models.

use serenity::model::application::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, ComponentInteraction,
};
use serenity::model::channel::Message;
use serenity::model::id::RoleId;
use serenity::model::user::User;

/// One thing a user did on Discord, stripped of serenity types.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscordInbound {
    /// The message or interaction id.
    pub id: u64,
    /// The channel (or thread, or DM channel) it happened in.
    pub channel_id: u64,
    /// The guild, or `None` in a DM.
    pub guild_id: Option<u64>,
    /// The user who did it.
    pub user_id: u64,
    /// Their display name (the global name, else the user name).
    pub display_name: String,
    /// Their unique Discord user name, which `@name` finds.
    pub user_name: String,
    /// Their guild roles' ids, when Discord sent the guild member (in a
    /// guild); `None` in a DM, where Discord tells no roles.
    pub roles: Option<Vec<u64>>,
    /// The locale of their Discord client (`uk`, `en-US` …), which
    /// interactions carry and messages do not.
    pub locale: Option<String>,
    /// What they did.
    pub kind: InboundKind,
}

/// What a user did.
#[derive(Clone, Debug, PartialEq)]
pub enum InboundKind {
    /// Wrote a message.
    Text {
        /// The message text.
        content: String,
        /// The message it replies to (`message_reference`), if any.
        replied: Option<u64>,
    },
    /// Used a slash (chat input) command.
    Slash {
        /// The command name.
        name: String,
        /// Its options, in the order Discord sent them.
        options: Vec<SlashOption>,
    },
    /// Clicked a button.
    Button {
        /// The button's `custom_id`.
        custom_id: String,
    },
    /// Is typing an option of a command that offers autocomplete.
    Autocomplete {
        /// The command name.
        name: String,
        /// The option being typed.
        focused: String,
        /// What has been typed so far.
        value: String,
    },
}

/// A named option value of a slash command.
#[derive(Clone, Debug, PartialEq)]
pub struct SlashOption {
    /// Option name.
    pub name: String,
    /// Its value.
    pub value: OptionValue,
}

/// The value of a slash command option.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// A string.
    Text(String),
    /// An integer.
    Integer(i64),
    /// A floating-point number.
    Number(f64),
    /// A boolean.
    Boolean(bool),
    /// A user id.
    User(u64),
    /// A channel id.
    Channel(u64),
    /// A role id.
    Role(u64),
    /// A subcommand (or group) with its own options.
    SubCommand(Vec<SlashOption>),
    /// Anything else (attachments, mentionables, a partial autocomplete value).
    Other,
}

impl DiscordInbound {
    /// A text message.
    pub fn from_message(message: &Message) -> Self {
        DiscordInbound {
            id: message.id.get(),
            channel_id: message.channel_id.get(),
            guild_id: message.guild_id.map(|id| id.get()),
            user_id: message.author.id.get(),
            display_name: display_name(&message.author),
            user_name: message.author.name.clone(),
            roles: message.member.as_ref().map(|member| ids(&member.roles)),
            locale: None,
            kind: InboundKind::Text {
                content: message.content.clone(),
                replied: message
                    .message_reference
                    .as_ref()
                    .and_then(|reference| reference.message_id)
                    .map(|id| id.get()),
            },
        }
    }

    /// A slash command.
    pub fn from_command(command: &CommandInteraction) -> Self {
        let kind = InboundKind::Slash {
            name: command.data.name.clone(),
            options: convert_options(&command.data.options),
        };
        Self::interaction(command, kind)
    }

    /// An autocomplete request; `None` if no option is focused.
    pub fn from_autocomplete(command: &CommandInteraction) -> Option<Self> {
        let focused = command.data.autocomplete()?;
        let kind = InboundKind::Autocomplete {
            name: command.data.name.clone(),
            focused: focused.name.to_owned(),
            value: focused.value.to_owned(),
        };
        Some(Self::interaction(command, kind))
    }

    /// A button click.
    pub fn from_component(component: &ComponentInteraction) -> Self {
        DiscordInbound {
            id: component.id.get(),
            channel_id: component.channel_id.get(),
            guild_id: component.guild_id.map(|id| id.get()),
            user_id: component.user.id.get(),
            display_name: display_name(&component.user),
            user_name: component.user.name.clone(),
            roles: component.member.as_ref().map(|member| ids(&member.roles)),
            locale: Some(component.locale.clone()),
            kind: InboundKind::Button {
                custom_id: component.data.custom_id.clone(),
            },
        }
    }

    fn interaction(command: &CommandInteraction, kind: InboundKind) -> Self {
        DiscordInbound {
            id: command.id.get(),
            channel_id: command.channel_id.get(),
            guild_id: command.guild_id.map(|id| id.get()),
            user_id: command.user.id.get(),
            display_name: display_name(&command.user),
            user_name: command.user.name.clone(),
            roles: command.member.as_ref().map(|member| ids(&member.roles)),
            locale: Some(command.locale.clone()),
            kind,
        }
    }
}

fn ids(roles: &[RoleId]) -> Vec<u64> {
    roles.iter().map(|role| role.get()).collect()
}

fn display_name(user: &User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

fn convert_options(options: &[CommandDataOption]) -> Vec<SlashOption> {
    options
        .iter()
        .map(|option| SlashOption {
            name: option.name.clone(),
            value: convert_value(&option.value),
        })
        .collect()
}

fn convert_value(value: &CommandDataOptionValue) -> OptionValue {
    match value {
        CommandDataOptionValue::String(text) => OptionValue::Text(text.clone()),
        CommandDataOptionValue::Integer(number) => OptionValue::Integer(*number),
        CommandDataOptionValue::Number(number) => OptionValue::Number(*number),
        CommandDataOptionValue::Boolean(flag) => OptionValue::Boolean(*flag),
        CommandDataOptionValue::User(id) => OptionValue::User(id.get()),
        CommandDataOptionValue::Channel(id) => OptionValue::Channel(id.get()),
        CommandDataOptionValue::Role(id) => OptionValue::Role(id.get()),
        CommandDataOptionValue::SubCommand(inner)
        | CommandDataOptionValue::SubCommandGroup(inner) => {
            OptionValue::SubCommand(convert_options(inner))
        }
        _ => OptionValue::Other,
    }
}
