//! The slash commands the bot registers, and their serenity builders.

use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::CommandOptionType;
use serenity::model::permissions::Permissions;

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
