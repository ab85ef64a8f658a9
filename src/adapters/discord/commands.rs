//! The slash commands: one for every command of `docs/commands.md`, with
//! the same names and arguments, and their conversion back into the one
//! text grammar (`/move game:3 move:e2-e4` → `/move 3 e2-e4`).
//!
//! A command's base name is its canonical English word (what Discord sends
//! back in interactions); its Ukrainian alias is the `uk` name localization.
//! Descriptions are Ukrainian by default with English for `en-US`/`en-GB`:
//! a command's is its help line after the dash, an option's is
//! `discord-option-NAME` from the catalogs. Names, aliases and options are
//! the command word's row in `CommandWord::spec`.

use crate::app::command::{Arg, CommandWord};
use crate::app::i18n::{Lang, tr0};
use crate::app::service::HelpGroup;

use super::command_spec::{CommandOptionKind, CommandOptionSpec, CommandSpec};
use super::inbound::{OptionValue, SlashOption};

/// The option that names a game: optional, completed from the user's games.
pub const GAME: &str = "game";
/// The option that holds a move: completed with the legal moves.
pub const MOVE: &str = "move";

/// The Ukrainian alias Discord accepts as a command name (its first
/// Ukrainian spelling: lowercase letters, digits, `-`, `_` and the
/// apostrophe ʼ, a letter), if the command has one.
pub fn ukrainian_name(word: CommandWord) -> Option<&'static str> {
    word.spec().ukrainian.first().copied()
}

/// The description of a command in `lang`: its help line after the dash.
fn command_description(word: CommandWord, lang: Lang) -> String {
    let line = tr0(lang, &word.help_id());
    let text = line
        .split_once(" — ")
        .map_or(line.as_str(), |(_, about)| about);
    text.chars().take(100).collect()
}

fn english_localizations(text: String) -> Vec<(String, String)> {
    vec![
        ("en-US".to_owned(), text.clone()),
        ("en-GB".to_owned(), text),
    ]
}

fn option_spec(arg: &Arg) -> CommandOptionSpec {
    let id = format!("discord-option-{}", arg.name());
    CommandOptionSpec {
        kind: CommandOptionKind::Text,
        name: arg.name().to_owned(),
        description: tr0(Lang::Uk, &id),
        required: arg.required(),
        autocomplete: arg.name() == GAME || arg.name() == MOVE,
        description_localizations: english_localizations(tr0(Lang::En, &id)),
    }
}

/// The registration of one command: required options first, as Discord demands.
fn command_spec(word: CommandWord) -> CommandSpec {
    let mut args = word.spec().args.to_vec();
    args.sort_by_key(|arg| !arg.required());
    CommandSpec {
        name: word.name().to_owned(),
        description: command_description(word, Lang::Uk),
        options: args.iter().map(option_spec).collect(),
        name_localizations: ukrainian_name(word)
            .map(|name| vec![("uk".to_owned(), name.to_owned())])
            .unwrap_or_default(),
        description_localizations: english_localizations(command_description(word, Lang::En)),
        default_member_permissions: member_permissions(word),
    }
}

/// Discord's MODERATE_MEMBERS permission (`1 << 40`).
pub const MODERATE_MEMBERS: u64 = 1 << 40;

/// Who sees a command in a guild before the server's own settings
/// (Integrations → the bot) say otherwise, by its `/help` group:
/// * administration (`/organizer`): `0`, the server's administrators only,
///   as the app's administrators run the installation;
/// * the arbiter's commands (`/rule`, `/decide`, `/request`):
///   MODERATE_MEMBERS, the permission Discord servers give their
///   moderators, the closest to an arbiter's office;
/// * everything else (players', events', captains' commands): everyone,
///   since a player or captain holds no Discord permission of their own.
///
/// This only hides commands; the app authorizes every use (authz.rs).
pub fn member_permissions(word: CommandWord) -> Option<u64> {
    match HelpGroup::of(word) {
        HelpGroup::Administration => Some(0),
        HelpGroup::Arbiter => Some(MODERATE_MEMBERS),
        _ => None,
    }
}

/// Every slash command the bot registers.
pub fn slash_commands() -> Vec<CommandSpec> {
    CommandWord::all().map(command_spec).collect()
}

/// The text a slash command stands for: `/name` and the given options'
/// values in grammar order (options of unknown names are ignored).
pub fn slash_text(name: &str, options: &[SlashOption]) -> String {
    let mut words = vec![format!("/{name}")];
    let Some(word) = CommandWord::from_word(name) else {
        return words.concat();
    };
    let flat = flatten(options);
    for arg in word.spec().args {
        if let Some((_, value)) = flat.iter().find(|(name, _)| name == arg.name()) {
            words.push(value.clone());
        }
    }
    words.retain(|word| !word.is_empty());
    words.join(" ")
}

/// The options as `(name, text)`, subcommands flattened.
fn flatten(options: &[SlashOption]) -> Vec<(String, String)> {
    let mut flat = Vec::new();
    for option in options {
        let text = match &option.value {
            OptionValue::Text(text) => text.trim().to_owned(),
            OptionValue::Integer(number) => number.to_string(),
            OptionValue::Number(number) => number.to_string(),
            OptionValue::Boolean(flag) => flag.to_string(),
            OptionValue::User(id) | OptionValue::Channel(id) | OptionValue::Role(id) => {
                id.to_string()
            }
            OptionValue::SubCommand(inner) => {
                flat.extend(flatten(inner));
                continue;
            }
            OptionValue::Other => continue,
        };
        flat.push((option.name.clone(), text));
    }
    flat
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &str, value: &str) -> SlashOption {
        SlashOption {
            name: name.into(),
            value: OptionValue::Text(value.into()),
        }
    }

    #[test]
    fn options_become_the_text_grammar_in_its_order() {
        let options = [text("move", "e2-e4"), text("game", "#3")];
        assert_eq!(slash_text("move", &options), "/move #3 e2-e4");
        assert_eq!(slash_text("move", &[text("move", "0-0")]), "/move 0-0");
        let event = [
            text("argument", "Club Cup rounds=1"),
            text("action", "create"),
        ];
        assert_eq!(
            slash_text("event", &event),
            "/event create Club Cup rounds=1"
        );
        assert_eq!(slash_text("games", &[text("stray", "x")]), "/games");
    }

    #[test]
    fn every_command_is_registered_with_valid_names() {
        let specs = slash_commands();
        assert_eq!(specs.len(), CommandWord::all().count());
        for spec in &specs {
            assert!(
                (1..=100).contains(&spec.description.chars().count()),
                "{spec:?}"
            );
            let required: Vec<bool> = spec.options.iter().map(|o| o.required).collect();
            assert!(required.is_sorted_by(|a, b| a >= b), "{}", spec.name);
            for option in &spec.options {
                assert!((1..=100).contains(&option.description.chars().count()));
            }
        }
        let moves = specs.iter().find(|s| s.name == "move").expect("move");
        assert_eq!(moves.name_localizations, [("uk".into(), "хід".into())]);
        assert_eq!(moves.description, "зробити хід (e2-e4, Кg1-f3, 0-0)");
        assert_eq!(moves.options[0].name, "move");
        assert!(moves.options[0].autocomplete);
    }

    #[test]
    fn ukrainian_names_fit_discord() {
        // ʼ (U+02BC) is a letter (category Lm), so Discord's name pattern
        // `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$` accepts it.
        assert_eq!(ukrainian_name(CommandWord::Name), Some("імʼя"));
        assert_eq!(ukrainian_name(CommandWord::Link), Some("звʼязати"));
        for word in CommandWord::ALL.iter().copied() {
            if let Some(name) = ukrainian_name(word) {
                assert!(
                    name.chars()
                        .all(|c| c.is_alphanumeric() || c == 'ʼ' || c == '-' || c == '_'),
                    "{name}"
                );
                assert_eq!(CommandWord::from_word(name), Some(word));
            }
        }
        assert_eq!(ukrainian_name(CommandWord::Pgn), None);
    }
}
