//! The words of playing a turn safely and talking to the opponent:
//! `/confirm` (move confirmation), `/say`, `/messages`, `/continue`.

use serde::{Deserialize, Serialize};

use crate::store::GameId;

use crate::app::command::arguments::{invalid, optional_number, required_text};
use crate::app::command::words::CommandWord;
use crate::app::command::{Command, CommandError, meant_as_number, read_number, split_word};

/// `/confirm`: the setting, or the answer to a held move (R2.3.8: a sent
/// move cannot be taken back, so a player may ask to confirm each).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum ConfirmCommand {
    /// Turn move confirmation on or off.
    Setting { on: bool },
    /// Make the held move.
    Confirm { game: Option<GameId> },
    /// Drop the held move.
    Cancel { game: Option<GameId> },
}

/// `/confirm on|off`, `/confirm [#game]`, `/confirm cancel [#game]`.
pub(super) fn confirm(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Confirm;
    let (word, after) = split_word(rest);
    let read = match word.to_lowercase().as_str() {
        "on" | "увімкнути" | "так" => ConfirmCommand::Setting { on: true },
        "off" | "вимкнути" | "ні" => ConfirmCommand::Setting { on: false },
        "cancel" | "скасувати" => ConfirmCommand::Cancel {
            game: game_word(command, after)?,
        },
        "yes" | "ok" | "підтвердити" => ConfirmCommand::Confirm {
            game: game_word(command, after)?,
        },
        "" => ConfirmCommand::Confirm { game: None },
        _ if meant_as_number(word) => ConfirmCommand::Confirm {
            game: game_word(command, rest)?,
        },
        _ => return Err(invalid(command, "action", word)),
    };
    Ok(Command::Confirm(read))
}

/// `/say [#game] TEXT`.
pub(super) fn say(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Say;
    let (game, text) = optional_number(command, "game", rest)?;
    let text = required_text(command, "text", text)?;
    Ok(Command::Say { game, text })
}

/// `/messages on|off`.
pub(super) fn messages(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Messages;
    let (word, _) = split_word(rest);
    let on = match word.to_lowercase().as_str() {
        "on" | "увімкнути" | "так" => true,
        "off" | "вимкнути" | "ні" => false,
        "" => return Err(crate::app::command::arguments::missing(command, "action")),
        _ => return Err(invalid(command, "action", word)),
    };
    Ok(Command::Messages { on })
}

/// `/continue [#game]`.
pub(super) fn continue_game(rest: &str) -> Result<Command, CommandError> {
    Ok(Command::Continue {
        game: game_word(CommandWord::Continue, rest)?,
    })
}

/// An optional game number that is all of `rest`.
fn game_word(command: CommandWord, rest: &str) -> Result<Option<GameId>, CommandError> {
    let (word, _) = split_word(rest);
    if word.is_empty() {
        return Ok(None);
    }
    read_number(word)
        .map(Some)
        .ok_or_else(|| invalid(command, "game", word))
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    #[test]
    fn confirm_reads_the_setting_and_the_answers() {
        let setting = |on| Ok(Command::Confirm(ConfirmCommand::Setting { on }));
        assert_eq!(parse("/confirm on"), setting(true));
        assert_eq!(parse("/підтвердити вимкнути"), setting(false));
        let confirm = |game| Ok(Command::Confirm(ConfirmCommand::Confirm { game }));
        assert_eq!(parse("/confirm #3"), confirm(Some(GameId(3))));
        assert_eq!(parse("/confirm"), confirm(None));
        let cancel = Command::Confirm(ConfirmCommand::Cancel {
            game: Some(GameId(3)),
        });
        assert_eq!(parse("/confirm cancel #3"), Ok(cancel));
        assert!(parse("/confirm maybe").is_err());
    }

    #[test]
    fn say_messages_and_continue_read_their_arguments() {
        let say = Command::Say {
            game: Some(GameId(2)),
            text: "Good luck!".into(),
        };
        assert_eq!(parse("/say #2 Good luck!"), Ok(say));
        assert!(parse("/say #2").is_err());
        assert_eq!(parse("/messages off"), Ok(Command::Messages { on: false }));
        assert!(parse("/messages").is_err());
        assert_eq!(
            parse("/продовжую 4"),
            Ok(Command::Continue {
                game: Some(GameId(4))
            })
        );
    }
}
