//! The arbiter's desk commands: opening cases, the case file, rulings,
//! appeals and the arbiter's requests.

use serde::{Deserialize, Serialize};

use crate::store::{CaseId, EventId, GameId, RequestId};

use crate::app::command::arguments::{
    missing, optional_number, required_number, required_text, start_and_days,
};
use crate::app::command::words::CommandWord;
use crate::app::command::{CommandError, Numbered, split_word};

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
        game: Option<GameId>,
        text: String,
    },
    /// Ask the arbiter about an event or the reasons of a decision (R2.1.4).
    Ask {
        event: Option<EventId>,
        text: String,
    },
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
    Case { case: CaseId, action: CaseAction },
    /// The arbiter's ruling: measures, then `--` and the reasons.
    Rule { case: CaseId, text: String },
    /// A party's appeal (R2.1.6).
    Appeal { case: CaseId, text: String },
    /// The appeals committee's decision: `uphold` or `replace` measures, then
    /// `--` and the reasons (R2.1.6).
    Decide { case: CaseId, text: String },
    /// The arbiter's request to a player (R3.4.3).
    Request {
        player: String,
        event: Option<EventId>,
        text: String,
    },
    /// A player's answer to the arbiter's request.
    Answer { request: RequestId, text: String },
}

/// A required `TEXT` (the rest of the line).
fn text(command: CommandWord, rest: &str) -> Result<String, CommandError> {
    required_text(command, "text", rest)
}

/// An optional leading `@name` and the rest.
fn leading_name(rest: &str) -> (Option<String>, &str) {
    let (word, after) = split_word(rest);
    match word.strip_prefix('@') {
        Some(name) if !name.is_empty() => (Some(word.to_owned()), after),
        _ => (None, rest),
    }
}

/// `/dispute` and `/failure`: `[#game] TEXT`.
pub(super) fn report(report: Report, rest: &str) -> Result<CaseCommand, CommandError> {
    let command = match report {
        Report::Dispute => CommandWord::Dispute,
        Report::Failure => CommandWord::Failure,
    };
    let (game, after) = optional_number(command, "game", rest)?;
    Ok(CaseCommand::Report {
        report,
        game,
        text: text(command, after)?,
    })
}

/// `/ask [#event] TEXT`.
pub(super) fn ask(rest: &str) -> Result<CaseCommand, CommandError> {
    let (event, after) = optional_number(CommandWord::Ask, "event", rest)?;
    Ok(CaseCommand::Ask {
        event,
        text: text(CommandWord::Ask, after)?,
    })
}

/// `/offline [@player] [TEXT]`.
pub(super) fn offline(rest: &str) -> CaseCommand {
    let (player, after) = leading_name(rest);
    CaseCommand::Offline {
        player,
        text: after.to_owned(),
    }
}

/// `/online [@player]`.
pub(super) fn online(rest: &str) -> CaseCommand {
    CaseCommand::Online {
        player: leading_name(rest).0,
    }
}

/// `/extraleave DATE DAYS [TEXT]`.
pub(super) fn extra_leave(rest: &str) -> Result<CaseCommand, CommandError> {
    let (start, days, after) = start_and_days(CommandWord::ExtraLeave, rest)?;
    Ok(CaseCommand::ExtraLeave {
        start: start.to_owned(),
        days: days.to_owned(),
        text: after.to_owned(),
    })
}

/// A required number (`argument`) and the rest.
fn numbered<'a, T: Numbered>(
    command: CommandWord,
    argument: &'static str,
    rest: &'a str,
) -> Result<(T, &'a str), CommandError> {
    Ok((
        required_number(command, argument, rest)?,
        split_word(rest).1,
    ))
}

/// `/case N [ACTION …]`.
pub(super) fn case(rest: &str) -> Result<CaseCommand, CommandError> {
    let (case, after) = numbered(CommandWord::Case, "case", rest)?;
    Ok(CaseCommand::Case {
        case,
        action: parse_action(after)?,
    })
}

/// `/rule`, `/appeal` and `/decide`: `N TEXT`, made into a command by `make`.
pub(super) fn ruling(
    command: CommandWord,
    rest: &str,
    make: fn(CaseId, String) -> CaseCommand,
) -> Result<CaseCommand, CommandError> {
    let (case, after) = numbered(command, "case", rest)?;
    Ok(make(case, text(command, after)?))
}

/// `/request @player [#event] TEXT`.
pub(super) fn request(rest: &str) -> Result<CaseCommand, CommandError> {
    let command = CommandWord::Request;
    let (player, after) = leading_name(rest);
    let player = player.ok_or_else(|| missing(command, "player"))?;
    let (event, after) = optional_number(command, "event", after)?;
    Ok(CaseCommand::Request {
        player,
        event,
        text: text(command, after)?,
    })
}

/// `/answer N TEXT`.
pub(super) fn answer(rest: &str) -> Result<CaseCommand, CommandError> {
    let command = CommandWord::Answer;
    let (request, after) = numbered(command, "request", rest)?;
    Ok(CaseCommand::Answer {
        request,
        text: text(command, after)?,
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
