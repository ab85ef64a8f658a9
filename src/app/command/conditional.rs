//! The words of conditional moves (issue 41): `/if N MOVES` sets a line
//! (the opponent's move, the reply, …), `/if N` lists the lines and
//! `/if N off` cancels them.

use serde::{Deserialize, Serialize};

use crate::app::command::arguments::required_number;
use crate::app::command::words::CommandWord;
use crate::app::command::{Command, CommandError, split_word};

/// What `/if N …` asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum IfWhat {
    /// The actor's lines in the game.
    List,
    /// Cancel them all.
    Off,
    /// A new line, as typed.
    Line {
        /// The moves.
        moves: String,
    },
}

/// `/if N`, `/if N off`, `/if N MOVES`.
pub(super) fn conditional(rest: &str) -> Result<Command, CommandError> {
    let game = required_number(CommandWord::If, "game", rest)?;
    let (_, after) = split_word(rest);
    let what = match after.to_lowercase().as_str() {
        "" => IfWhat::List,
        "off" | "cancel" | "вимкнути" | "скасувати" => IfWhat::Off,
        _ => IfWhat::Line {
            moves: after.to_owned(),
        },
    };
    Ok(Command::If { game, what })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::parse;
    use crate::store::GameId;

    #[test]
    fn a_conditional_line_is_listed_cancelled_or_set() {
        let game = GameId(3);
        let what = |text: &str| match parse(text) {
            Ok(Command::If { game: read, what }) if read == game => what,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(what("/if 3"), IfWhat::List);
        assert_eq!(what("/якщо #3 скасувати"), IfWhat::Off);
        assert_eq!(what("/if 3 OFF"), IfWhat::Off);
        assert_eq!(
            what("/якщо 3 Кf3 Кc6 Сb5"),
            IfWhat::Line {
                moves: "Кf3 Кc6 Сb5".into()
            }
        );
        assert!(matches!(parse("/if"), Err(CommandError::Missing { .. })));
        assert!(matches!(
            parse("/if e4 e5"),
            Err(CommandError::Invalid { .. })
        ));
    }
}
