//! The arbiter's desk commands: opening cases, the case file, rulings,
//! appeals and the arbiter's requests.

use serde::{Deserialize, Serialize};

use super::words::CommandWord;
use super::{CommandError, Number, read_number, split_word};

/// What a player reports by opening a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Report {
    /// A dispute with the partner about a game (R2.1.4, R3.4.5).
    Dispute,
    /// A serious failure of computer or software (R3.4.5).
    Failure,
}

/// What is done with one case (`/case N …`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum CaseAction {
    /// Show the case file (what the asker may see).
    Show,
    /// The arbiter takes the case up.
    Take,
    /// A statement for the record (a party or captain), or a note the
    /// parties see (an arbiter).
    Say { text: String },
    /// An arbiter's private note.
    Note { text: String },
    /// The raiser withdraws the case.
    Withdraw,
    /// A captain passes the case to the arbiter (R3.1.4).
    Forward,
    /// The captains settled it between them (R3.1.4).
    Settle { text: String },
    /// The arbiter closes a ruled case once the appeal windows are over.
    Close,
}

/// The arbiter's desk commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "desk", rename_all = "snake_case")]
pub enum CaseCommand {
    /// Report a dispute or a failure about a game.
    Report {
        report: Report,
        game: Option<Number>,
        text: String,
    },
    /// Ask the arbiter about an event or the reasons of a decision (R2.1.4).
    Ask { event: Option<Number>, text: String },
    /// Internet access lost (R3.1.5): for oneself, or by an arbiter for a player.
    Offline {
        player: Option<String>,
        text: String,
    },
    /// Back online after an absence (R3.1.5).
    Online { player: Option<String> },
    /// Ask for extra leave (R3.6.3) from `start` for `days` days.
    ExtraLeave {
        start: String,
        days: String,
        text: String,
    },
    /// The cases the asker may see.
    List,
    /// One case.
    Case { case: Number, action: CaseAction },
    /// The arbiter's ruling: measures, then `--` and the reasons.
    Rule { case: Number, text: String },
    /// A party's appeal (R2.1.6).
    Appeal { case: Number, text: String },
    /// The appeals committee's decision: `uphold` or `replace` measures, then
    /// `--` and the reasons (R2.1.6).
    Decide { case: Number, text: String },
    /// The arbiter's request to a player (R3.4.3).
    Request {
        player: String,
        event: Option<Number>,
        text: String,
    },
    /// A player's answer to the arbiter's request.
    Answer { request: Number, text: String },
}

fn missing(command: CommandWord, argument: &'static str) -> CommandError {
    CommandError::Missing { command, argument }
}

fn number(
    command: CommandWord,
    argument: &'static str,
    word: &str,
) -> Result<Number, CommandError> {
    if word.is_empty() {
        return Err(missing(command, argument));
    }
    read_number(word).ok_or_else(|| CommandError::Invalid {
        command,
        argument,
        value: word.to_owned(),
    })
}

fn text(command: CommandWord, rest: &str) -> Result<String, CommandError> {
    if rest.is_empty() {
        Err(missing(command, "text"))
    } else {
        Ok(rest.to_owned())
    }
}

/// An optional leading number (`#12`) and the rest.
fn leading_number(rest: &str) -> (Option<Number>, &str) {
    let (word, after) = split_word(rest);
    match read_number(word) {
        Some(number) => (Some(number), after),
        None => (None, rest),
    }
}

/// An optional leading `@name` and the rest.
fn leading_name(rest: &str) -> (Option<String>, &str) {
    let (word, after) = split_word(rest);
    match word.strip_prefix('@') {
        Some(name) if !name.is_empty() => (Some(word.to_owned()), after),
        _ => (None, rest),
    }
}

/// Reads the arguments of a desk command.
pub(super) fn parse(command: CommandWord, rest: &str) -> Result<CaseCommand, CommandError> {
    use CommandWord as W;
    let numbered = |argument| -> Result<(Number, &str), CommandError> {
        let (word, after) = split_word(rest);
        Ok((number(command, argument, word)?, after))
    };
    Ok(match command {
        W::Dispute | W::Failure => {
            let (game, after) = leading_number(rest);
            let report = if command == W::Dispute {
                Report::Dispute
            } else {
                Report::Failure
            };
            CaseCommand::Report {
                report,
                game,
                text: text(command, after)?,
            }
        }
        W::Ask => {
            let (event, after) = leading_number(rest);
            CaseCommand::Ask {
                event,
                text: text(command, after)?,
            }
        }
        W::Offline => {
            let (player, after) = leading_name(rest);
            CaseCommand::Offline {
                player,
                text: after.to_owned(),
            }
        }
        W::Online => CaseCommand::Online {
            player: leading_name(rest).0,
        },
        W::ExtraLeave => {
            let (start, after) = split_word(rest);
            let (days, after) = split_word(after);
            if start.is_empty() {
                return Err(missing(command, "start"));
            }
            if days.is_empty() {
                return Err(missing(command, "days"));
            }
            CaseCommand::ExtraLeave {
                start: start.to_owned(),
                days: days.to_owned(),
                text: after.to_owned(),
            }
        }
        W::Cases => CaseCommand::List,
        W::Case => {
            let (case, after) = numbered("case")?;
            CaseCommand::Case {
                case,
                action: parse_action(after)?,
            }
        }
        W::Rule | W::Appeal | W::Decide => {
            let (case, after) = numbered("case")?;
            let text = text(command, after)?;
            match command {
                W::Rule => CaseCommand::Rule { case, text },
                W::Appeal => CaseCommand::Appeal { case, text },
                _ => CaseCommand::Decide { case, text },
            }
        }
        W::Request => {
            let (player, after) = leading_name(rest);
            let player = player.ok_or_else(|| missing(command, "player"))?;
            let (event, after) = leading_number(after);
            CaseCommand::Request {
                player,
                event,
                text: text(command, after)?,
            }
        }
        _ => {
            let (request, after) = numbered("request")?;
            CaseCommand::Answer {
                request,
                text: text(command, after)?,
            }
        }
    })
}

fn parse_action(rest: &str) -> Result<CaseAction, CommandError> {
    let command = CommandWord::Case;
    let (word, after) = split_word(rest);
    Ok(match word.to_lowercase().as_str() {
        "" | "show" | "показати" => CaseAction::Show,
        "take" | "взяти" => CaseAction::Take,
        "say" | "заява" => CaseAction::Say {
            text: text(command, after)?,
        },
        "note" | "нотатка" => CaseAction::Note {
            text: text(command, after)?,
        },
        "withdraw" | "відкликати" => CaseAction::Withdraw,
        "forward" | "передати" => CaseAction::Forward,
        "settle" | "владнати" => CaseAction::Settle {
            text: after.to_owned(),
        },
        "close" | "закрити" => CaseAction::Close,
        _ => {
            return Err(CommandError::Invalid {
                command,
                argument: "action",
                value: word.to_owned(),
            });
        }
    })
}
