//! Following (issue 41): `/follow N`, `/follow event E`, `/follow @name`,
//! `/follow team [T]`, each with `moves` to be told every move; `/following`
//! lists them; `/unfollow …` (or `all`) stops.

use serde::{Deserialize, Serialize};

use crate::store::{EventId, GameId, TeamId};

use crate::app::command::words::CommandWord;
use crate::app::command::{Command, CommandError, meant_as_number, read_number, split_word};

/// What a member follows, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", content = "id", rename_all = "snake_case")]
pub enum FollowWhat {
    /// One game.
    Game(GameId),
    /// Every game of an event.
    Event(EventId),
    /// Every game of a player (by `@name`).
    Player(String),
    /// Every game of the member's team (`None`: their one team).
    Team(Option<TeamId>),
}

fn invalid(command: CommandWord, argument: &'static str, value: &str) -> CommandError {
    CommandError::Invalid {
        command,
        argument,
        value: value.to_owned(),
    }
}

fn missing(command: CommandWord, argument: &'static str) -> CommandError {
    CommandError::Missing { command, argument }
}

/// A required number after a keyword (`event 3`, `team 5`).
fn number_after<T: crate::app::command::Numbered>(
    command: CommandWord,
    argument: &'static str,
    rest: &str,
) -> Result<(T, String), CommandError> {
    let (word, after) = split_word(rest);
    if word.is_empty() {
        return Err(missing(command, argument));
    }
    let number = read_number(word).ok_or_else(|| invalid(command, argument, word))?;
    Ok((number, after.to_owned()))
}

/// What `rest` names and the words after it.
fn target(command: CommandWord, rest: &str) -> Result<(FollowWhat, String), CommandError> {
    let (first, after) = split_word(rest);
    match first.to_lowercase().as_str() {
        "" => Err(missing(command, "target")),
        "event" | "турнір" => {
            let (event, after) = number_after(command, "event", after)?;
            Ok((FollowWhat::Event(event), after))
        }
        "game" | "партія" => {
            let (game, after) = number_after(command, "game", after)?;
            Ok((FollowWhat::Game(game), after))
        }
        "team" | "команда" => {
            let (word, rest) = split_word(after);
            if meant_as_number(word) {
                let (team, after) = number_after(command, "team", after)?;
                return Ok((FollowWhat::Team(Some(team)), after));
            }
            Ok((FollowWhat::Team(None), rest_or_all(word, rest)))
        }
        _ if first.starts_with('@') && first.len() > 1 => {
            Ok((FollowWhat::Player(first.to_owned()), after.to_owned()))
        }
        _ if meant_as_number(first) => {
            let game = read_number(first).ok_or_else(|| invalid(command, "target", first))?;
            Ok((FollowWhat::Game(game), after.to_owned()))
        }
        _ => Err(invalid(command, "target", first)),
    }
}

/// `word` and `rest` put back together.
fn rest_or_all(word: &str, rest: &str) -> String {
    format!("{word} {rest}").trim().to_owned()
}

/// Whether `word` asks for every move.
fn is_moves(word: &str) -> bool {
    matches!(word.to_lowercase().as_str(), "moves" | "ходи")
}

/// `/follow TARGET [moves]`.
pub(crate) fn parse_follow(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Follow;
    let (what, after) = target(command, rest)?;
    let moves = match after.as_str() {
        "" => false,
        word if is_moves(word) && !matches!(what, FollowWhat::Player(_)) => true,
        word => return Err(invalid(command, "moves", word)),
    };
    Ok(Command::Follow { what, moves })
}

/// `/unfollow TARGET|all`.
pub(crate) fn parse_unfollow(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Unfollow;
    if matches!(
        rest.trim().to_lowercase().as_str(),
        "all" | "усі" | "всі" | "все"
    ) {
        return Ok(Command::Unfollow { what: None });
    }
    let (what, after) = target(command, rest)?;
    if !after.is_empty() {
        return Err(invalid(command, "target", &after));
    }
    Ok(Command::Unfollow { what: Some(what) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::parse;

    fn follow(text: &str) -> Command {
        parse(text).expect(text)
    }

    #[test]
    fn every_form_of_follow_reads() {
        let game = |n| FollowWhat::Game(GameId(n));
        assert_eq!(
            follow("/follow 3"),
            Command::Follow {
                what: game(3),
                moves: false
            }
        );
        assert_eq!(
            follow("/стежити #3 ходи"),
            Command::Follow {
                what: game(3),
                moves: true
            }
        );
        assert_eq!(
            follow("/follow event 2 moves"),
            Command::Follow {
                what: FollowWhat::Event(EventId(2)),
                moves: true
            }
        );
        assert_eq!(
            follow("/стежити турнір 2"),
            Command::Follow {
                what: FollowWhat::Event(EventId(2)),
                moves: false
            }
        );
        assert_eq!(
            follow("/follow @olena"),
            Command::Follow {
                what: FollowWhat::Player("@olena".into()),
                moves: false
            }
        );
        assert_eq!(
            follow("/follow team"),
            Command::Follow {
                what: FollowWhat::Team(None),
                moves: false
            }
        );
        assert_eq!(
            follow("/стежити команда 4 ходи"),
            Command::Follow {
                what: FollowWhat::Team(Some(TeamId(4))),
                moves: true
            }
        );
        assert_eq!(
            follow("/follow team moves"),
            Command::Follow {
                what: FollowWhat::Team(None),
                moves: true
            }
        );
    }

    #[test]
    fn unfollow_and_following_read() {
        assert_eq!(follow("/following"), Command::Following);
        assert_eq!(follow("/стежу"), Command::Following);
        assert_eq!(follow("/unfollow all"), Command::Unfollow { what: None });
        assert_eq!(follow("/відписатися усі"), Command::Unfollow { what: None });
        assert_eq!(
            follow("/unfollow event 2"),
            Command::Unfollow {
                what: Some(FollowWhat::Event(EventId(2)))
            }
        );
        assert_eq!(
            follow("/unfollow 7"),
            Command::Unfollow {
                what: Some(FollowWhat::Game(GameId(7)))
            }
        );
    }

    #[test]
    fn bad_follows_are_refused() {
        for text in [
            "/follow",
            "/follow chess",
            "/follow 3 everything",
            "/follow @olena moves",
            "/follow event",
            "/follow event x",
            "/follow 1O5x",
            "/unfollow",
            "/unfollow 3 moves",
        ] {
            assert!(parse(text).is_err(), "{text}: {:?}", parse(text));
        }
    }
}
