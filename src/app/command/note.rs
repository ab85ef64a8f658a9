//! The words of a player's private notes on a game (issue 41): `/note N
//! TEXT`, `/note N 14. TEXT` (on a move), `/note N line MOVES` (a line of
//! analysis) and `/notes N`.

use serde::{Deserialize, Serialize};

use crate::app::command::arguments::{required_number, required_text};
use crate::app::command::words::CommandWord;
use crate::app::command::{Command, CommandError, split_word};

/// What a `/note` keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NoteText {
    /// A note on the whole game.
    Game { text: String },
    /// A note on one move: `14.` White's, `14...` Black's.
    Move {
        /// The move number.
        number: u32,
        /// Black's move (`14...`).
        black: bool,
        /// The note.
        text: String,
    },
    /// A line of analysis from the current position, as typed.
    Line { moves: String },
}

/// `/note N TEXT`, `/note N 14. TEXT`, `/note N 14... TEXT`,
/// `/note N line MOVES`.
pub(super) fn note(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Note;
    let game = required_number(command, "game", rest)?;
    let (_, after) = split_word(rest);
    let text = required_text(command, "text", after)?;
    let (first, tail) = split_word(&text);
    let note = match (first.to_lowercase().as_str(), move_number(first)) {
        ("line" | "лінія" | "варіант", _) => NoteText::Line {
            moves: required_text(command, "text", tail)?,
        },
        (_, Some((number, black))) if !tail.is_empty() => NoteText::Move {
            number,
            black,
            text: tail.to_owned(),
        },
        _ => NoteText::Game { text },
    };
    Ok(Command::Note { game, note })
}

/// `/notes N`.
pub(super) fn notes(rest: &str) -> Result<Command, CommandError> {
    let game = required_number(CommandWord::Notes, "game", rest)?;
    Ok(Command::Notes { game })
}

/// A move number written `14.` (White's) or `14...` / `14…` (Black's).
pub(crate) fn move_number(word: &str) -> Option<(u32, bool)> {
    let digits = word.trim_end_matches(['.', '…']);
    let dots = &word[digits.len()..];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let black = match dots {
        "." => false,
        "..." | "…" => true,
        _ => return None,
    };
    digits.parse().ok().filter(|n| *n > 0).map(|n| (n, black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::{PgnTarget, parse};
    use crate::store::GameId;

    fn note_of(text: &str) -> NoteText {
        match parse(text) {
            Ok(Command::Note { note, .. }) => note,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_note_is_on_the_game_a_move_or_a_line() {
        assert_eq!(
            note_of("/note 3 a quiet game"),
            NoteText::Game {
                text: "a quiet game".into()
            }
        );
        assert_eq!(
            note_of("/нотатка #3 14. тут Кf3"),
            NoteText::Move {
                number: 14,
                black: false,
                text: "тут Кf3".into()
            }
        );
        assert_eq!(
            note_of("/note 3 14... h6?"),
            NoteText::Move {
                number: 14,
                black: true,
                text: "h6?".into()
            }
        );
        assert_eq!(
            note_of("/note 3 line 15. Кf3 Сg4 16. h3"),
            NoteText::Line {
                moves: "15. Кf3 Сg4 16. h3".into()
            }
        );
        assert_eq!(
            note_of("/note 3 14."),
            NoteText::Game { text: "14.".into() }
        );
    }

    #[test]
    fn notes_and_a_pgn_of_ones_own_need_a_game() {
        assert_eq!(parse("/нотатки 4"), Ok(Command::Notes { game: GameId(4) }));
        assert!(matches!(parse("/note"), Err(CommandError::Missing { .. })));
        assert!(matches!(
            parse("/note 4"),
            Err(CommandError::Missing { .. })
        ));
        assert!(matches!(
            parse("/note 4 line"),
            Err(CommandError::Missing { .. })
        ));
        assert!(matches!(
            parse("/notes x"),
            Err(CommandError::Invalid { .. })
        ));
        assert_eq!(
            parse("/pgn 4 mine"),
            Ok(Command::Pgn {
                target: PgnTarget::Mine(GameId(4))
            })
        );
        assert_eq!(
            parse("/pgn #4 мої"),
            Ok(Command::Pgn {
                target: PgnTarget::Mine(GameId(4))
            })
        );
    }
}
