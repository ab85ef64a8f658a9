//! Team commands (R3.1.3): setting up a team event's teams, their captains,
//! deputies and board order, the captain's view of the team's games, and
//! the arbiter's substitutions.

use serde::{Deserialize, Serialize};

use crate::store::{EventId, TeamId};

use crate::app::command::words::CommandWord;
use crate::app::command::{CommandError, Number, Numbered, read_number, split_word};

/// `/team …`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum TeamCommand {
    /// Create a team in a team event.
    Create { event: EventId, name: String },
    /// Name the team's captain (R3.1.3).
    Captain { team: TeamId, player: String },
    /// Name (or with `None` clear) the team's deputy captain.
    Deputy {
        team: TeamId,
        player: Option<String>,
    },
    /// Add a player on the next board, or as a reserve.
    Add {
        team: TeamId,
        player: String,
        reserve: bool,
    },
    /// Set the board order: the players named play boards 1, 2, …; the
    /// others of the line-up become reserves.
    Order { team: TeamId, players: Vec<String> },
    /// Show a team: captain, deputy, boards and reserves.
    Show { team: TeamId },
    /// The team's games at a glance: clocks and silences (captains).
    Games { team: Option<TeamId> },
    /// The arbiter replaces a board's player by a reserve.
    Substitute {
        team: TeamId,
        board: Number,
        player: String,
    },
}

fn missing(argument: &'static str) -> CommandError {
    CommandError::Missing {
        command: CommandWord::Team,
        argument,
    }
}

fn invalid(argument: &'static str, value: &str) -> CommandError {
    CommandError::Invalid {
        command: CommandWord::Team,
        argument,
        value: value.to_owned(),
    }
}

/// A required number and the rest of the text.
fn number<'a, T: Numbered>(
    argument: &'static str,
    rest: &'a str,
) -> Result<(T, &'a str), CommandError> {
    let (word, after) = split_word(rest);
    if word.is_empty() {
        return Err(missing(argument));
    }
    let value = read_number(word).ok_or_else(|| invalid(argument, word))?;
    Ok((value, after))
}

/// A required single word (a player's name) and the rest of the text.
fn name(rest: &str) -> Result<(String, &str), CommandError> {
    let (word, after) = split_word(rest);
    if word.is_empty() {
        return Err(missing("player"));
    }
    Ok((word.to_owned(), after))
}

/// Reads `/team ACTION …`.
pub(super) fn parse(rest: &str) -> Result<TeamCommand, CommandError> {
    let (action, after) = split_word(rest);
    Ok(match action.to_lowercase().as_str() {
        "create" | "створити" => {
            let (event, name) = number("event", after)?;
            if name.is_empty() {
                return Err(missing("name"));
            }
            TeamCommand::Create {
                event,
                name: name.to_owned(),
            }
        }
        "captain" | "капітан" => {
            let (team, after) = number("team", after)?;
            TeamCommand::Captain {
                team,
                player: name(after)?.0,
            }
        }
        "deputy" | "заступник" => {
            let (team, after) = number("team", after)?;
            let (player, _) = name(after)?;
            let clear = matches!(player.to_lowercase().as_str(), "-" | "clear" | "видалити");
            TeamCommand::Deputy {
                team,
                player: (!clear).then_some(player),
            }
        }
        "add" | "додати" => {
            let (team, after) = number("team", after)?;
            let (player, after) = name(after)?;
            let reserve = match after.to_lowercase().as_str() {
                "" => false,
                "reserve" | "запасний" | "резерв" => true,
                _ => return Err(invalid("reserve", after)),
            };
            TeamCommand::Add {
                team,
                player,
                reserve,
            }
        }
        "order" | "порядок" => {
            let (team, after) = number("team", after)?;
            let players: Vec<String> = after.split_whitespace().map(str::to_owned).collect();
            if players.is_empty() {
                return Err(missing("player"));
            }
            TeamCommand::Order { team, players }
        }
        "show" | "показати" => TeamCommand::Show {
            team: number("team", after)?.0,
        },
        "games" | "партії" => {
            let (word, _) = split_word(after);
            let team = match word {
                "" => None,
                _ => Some(read_number(word).ok_or_else(|| invalid("team", word))?),
            };
            TeamCommand::Games { team }
        }
        "substitute" | "заміна" | "замінити" => {
            let (team, after) = number("team", after)?;
            let (board, after) = number("board", after)?;
            TeamCommand::Substitute {
                team,
                board,
                player: name(after)?.0,
            }
        }
        "" => return Err(missing("action")),
        _ => return Err(invalid("action", action)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::{Command, parse as parse_text};

    fn team(text: &str) -> TeamCommand {
        match parse_text(text) {
            Ok(Command::Team(command)) => command,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn team_commands_read_in_english_and_ukrainian() {
        assert_eq!(
            team("/team create 1 Lviv Lions"),
            TeamCommand::Create {
                event: EventId(1),
                name: "Lviv Lions".into()
            }
        );
        assert_eq!(
            team("/команда капітан 2 @ann"),
            TeamCommand::Captain {
                team: TeamId(2),
                player: "@ann".into()
            }
        );
        assert_eq!(
            team("/team deputy 2 -"),
            TeamCommand::Deputy {
                team: TeamId(2),
                player: None
            }
        );
        assert_eq!(
            team("/team add 2 @bob reserve"),
            TeamCommand::Add {
                team: TeamId(2),
                player: "@bob".into(),
                reserve: true
            }
        );
        assert_eq!(
            team("/команда порядок 2 @b @a"),
            TeamCommand::Order {
                team: TeamId(2),
                players: vec!["@b".into(), "@a".into()]
            }
        );
        assert_eq!(team("/team games"), TeamCommand::Games { team: None });
        assert_eq!(
            team("/team substitute 2 3 @cat"),
            TeamCommand::Substitute {
                team: TeamId(2),
                board: 3,
                player: "@cat".into()
            }
        );
    }

    #[test]
    fn bad_team_commands_are_refused() {
        assert!(parse_text("/team").is_err());
        assert!(parse_text("/team create x Lions").is_err());
        assert!(parse_text("/team add 2 @bob twice").is_err());
        assert!(parse_text("/team substitute 2 @cat").is_err());
        assert!(parse_text("/team fly 2").is_err());
    }
}
