//! The arguments of each command word, read from the text after the word.
//! [`parse_args`] matches every [`CommandWord`] without a wildcard arm, so a
//! new word does not compile until its arguments are read here.

use crate::app::command::case::{self, Report};
use crate::app::command::quoted;
use crate::app::command::words::CommandWord;
use crate::app::command::{
    ClaimKind, Command, CommandError, ContactField, DrawAction, EventCommand, LeaveCommand,
    Numbered, PgnTarget, meant_as_number, read_number, split_word,
};
use crate::store::{EventId, GameId};

pub(super) fn missing(command: CommandWord, argument: &'static str) -> CommandError {
    CommandError::Missing { command, argument }
}

pub(super) fn invalid(command: CommandWord, argument: &'static str, value: &str) -> CommandError {
    CommandError::Invalid {
        command,
        argument,
        value: value.to_owned(),
    }
}

/// Reads an optional leading number (`argument`, a game or an event) before
/// a text; returns it and the rest. A first word that is meant as a number
/// (`#…`, or digits and a sign) but does not read as one is refused, never
/// taken as no number: an unreadable number must not widen the command to
/// every game or event.
pub(super) fn optional_number<'a, T: Numbered>(
    command: CommandWord,
    argument: &'static str,
    rest: &'a str,
) -> Result<(Option<T>, &'a str), CommandError> {
    let (word, after) = split_word(rest);
    match read_number(word) {
        Some(number) => Ok((Some(number), after)),
        None if meant_as_number(word) => Err(invalid(command, argument, word)),
        None => Ok((None, rest)),
    }
}

/// Reads an optional number (`argument`) that is the whole of `rest` but
/// for trailing words: nothing, or a number; anything else is refused.
fn number_only<T: Numbered>(
    command: CommandWord,
    argument: &'static str,
    rest: &str,
) -> Result<Option<T>, CommandError> {
    let (word, _) = split_word(rest);
    if word.is_empty() {
        return Ok(None);
    }
    read_number(word)
        .map(Some)
        .ok_or_else(|| invalid(command, argument, word))
}

pub(super) fn required_number<T: Numbered>(
    command: CommandWord,
    argument: &'static str,
    rest: &str,
) -> Result<T, CommandError> {
    let (word, _) = split_word(rest);
    if word.is_empty() {
        return Err(missing(command, argument));
    }
    read_number(word).ok_or_else(|| invalid(command, argument, word))
}

pub(super) fn required_text(
    command: CommandWord,
    argument: &'static str,
    rest: &str,
) -> Result<String, CommandError> {
    if rest.is_empty() {
        Err(missing(command, argument))
    } else {
        Ok(rest.to_owned())
    }
}

/// An optional game number (see [`number_only`]).
fn game_only(command: CommandWord, rest: &str) -> Result<Option<GameId>, CommandError> {
    number_only(command, "game", rest)
}

/// Reads the arguments of `command` from `rest`: one arm per word, no
/// wildcard.
pub(super) fn parse_args(command: CommandWord, rest: &str) -> Result<Command, CommandError> {
    use CommandWord as W;
    use case::CaseCommand as Desk;
    let desk = |read: Result<Desk, CommandError>| read.map(Command::Case);
    Ok(match command {
        W::Help => parse_help(rest)?,
        W::Start => match rest.trim().strip_prefix("join-") {
            Some(token) if !token.is_empty() => Command::Invited {
                token: token.to_owned(),
            },
            _ => Command::Start,
        },
        W::Profile => Command::Profile,
        W::Name => Command::SetName {
            name: required_text(command, "name", rest)?,
        },
        W::Lang => Command::SetLanguage {
            code: required_text(command, "language", rest)?,
        },
        W::Notation => Command::SetNotation {
            notation: required_text(command, "notation", rest)?,
        },
        W::Orientation => Command::SetOrientation {
            orientation: required_text(command, "orientation", rest)?,
        },
        W::Theme => Command::SetTheme {
            theme: required_text(command, "theme", rest)?,
        },
        W::Contact => parse_contact(rest)?,
        W::Contacts => Command::Contacts {
            player: non_empty(rest),
        },
        W::Link => Command::Link {
            code: non_empty(rest),
        },
        W::Events => Command::Events,
        W::Event => Command::Event(parse_event_command(rest)?),
        W::Organizer => parse_organizer(rest)?,
        W::Games => parse_games(rest)?,
        W::Board => Command::Board {
            game: game_only(command, rest)?,
        },
        W::Gif => Command::Gif {
            game: game_only(command, rest)?,
        },
        W::Move => {
            let (game, text) = game_and_text(command, "move", rest)?;
            Command::Move { game, text }
        }
        W::Draw => parse_draw(rest)?,
        W::Claim => parse_claim(rest)?,
        W::Resign => parse_resign(rest)?,
        W::Confirm => crate::app::command::turn::confirm(rest)?,
        W::Say => crate::app::command::turn::say(rest)?,
        W::Messages => crate::app::command::turn::messages(rest)?,
        W::Continue => crate::app::command::turn::continue_game(rest)?,
        W::Time => Command::Time {
            game: game_only(command, rest)?,
        },
        W::Record => Command::Record {
            game: game_only(command, rest)?,
        },
        W::Note => crate::app::command::note::note(rest)?,
        W::Notes => crate::app::command::note::notes(rest)?,
        W::If => crate::app::command::conditional::conditional(rest)?,
        W::Leave => Command::Leave(parse_leave(rest)?),
        W::Mute => Command::Mute,
        W::Unmute => Command::Unmute,
        W::Timezone => Command::Timezone {
            zone: non_empty(rest),
        },
        W::Digest => parse_digest(rest)?,
        W::Calendar => parse_calendar(rest)?,
        W::Standings => Command::Standings {
            event: number_only(command, "event", rest)?,
        },
        W::Rating => crate::app::command::rating::rating(rest)?,
        W::Top => Command::Top,
        W::Ratings => crate::app::command::rating::ratings(rest)?,
        W::Players => Command::Players {
            event: number_only(command, "event", rest)?,
        },
        W::Pgn => parse_pgn(rest)?,
        W::Dispute => desk(case::report(Report::Dispute, rest))?,
        W::Failure => desk(case::report(Report::Failure, rest))?,
        W::Ask => desk(case::ask(rest))?,
        W::Offline => Command::Case(case::offline(rest)),
        W::Online => Command::Case(case::online(rest)),
        W::ExtraLeave => desk(case::extra_leave(rest))?,
        W::Cases => Command::Case(Desk::List),
        W::Case => desk(case::case(rest))?,
        W::Rule => desk(case::ruling(command, rest, |case, text| Desk::Rule {
            case,
            text,
        }))?,
        W::Appeal => desk(case::ruling(command, rest, |case, text| Desk::Appeal {
            case,
            text,
        }))?,
        W::Decide => desk(case::ruling(command, rest, |case, text| Desk::Decide {
            case,
            text,
        }))?,
        W::Request => desk(case::request(rest))?,
        W::Answer => desk(case::answer(rest))?,
        W::Card => {
            let (game, text) = game_and_text(command, "card", rest)?;
            Command::Card { game, text }
        }
        W::Ledger => Command::Ledger {
            game: game_only(command, rest)?,
        },
        W::Overstep => {
            let (game, text) = game_and_text(command, "move", rest)?;
            Command::Overstep { game, text }
        }
        W::Team => Command::Team(crate::app::command::team::parse(rest)?),
        W::Follow => crate::app::command::follow::parse_follow(rest)?,
        W::Following => Command::Following,
        W::Unfollow => crate::app::command::follow::parse_unfollow(rest)?,
    })
}

/// `/help [all | COMMAND]`: an unknown command named is refused as one
/// (with the nearest command), never answered with the general list.
fn parse_help(rest: &str) -> Result<Command, CommandError> {
    let asked = rest.trim();
    let all = matches!(asked.to_lowercase().as_str(), "all" | "усі" | "всі");
    let topic = CommandWord::from_word(asked.trim_start_matches('/'));
    if topic.is_none() && !all && !asked.is_empty() {
        let (word, _) = split_word(asked);
        return Err(CommandError::Unknown {
            word: format!("/{}", word.trim_start_matches('/')),
        });
    }
    Ok(Command::Help { topic, all })
}

/// An optional leading game number and a required text (`argument`).
fn game_and_text(
    command: CommandWord,
    argument: &'static str,
    rest: &str,
) -> Result<(Option<GameId>, String), CommandError> {
    let (game, text) = optional_number(command, "game", rest)?;
    Ok((game, required_text(command, argument, text)?))
}

fn non_empty(rest: &str) -> Option<String> {
    (!rest.is_empty()).then(|| rest.to_owned())
}

/// `/games` or `/games all` (finished games too).
fn parse_games(rest: &str) -> Result<Command, CommandError> {
    match rest.to_lowercase().as_str() {
        "" => Ok(Command::Games { all: false }),
        "all" | "усі" | "всі" => Ok(Command::Games { all: true }),
        _ => Err(invalid(CommandWord::Games, "scope", rest)),
    }
}

/// `/digest on|off`.
fn parse_digest(rest: &str) -> Result<Command, CommandError> {
    let on = match rest.to_lowercase().as_str() {
        "on" | "увімкнути" | "так" => true,
        "off" | "вимкнути" | "ні" => false,
        "" => return Err(missing(CommandWord::Digest, "switch")),
        _ => return Err(invalid(CommandWord::Digest, "switch", rest)),
    };
    Ok(Command::Digest { on })
}

/// `/calendar [off]`: a new link, or none.
fn parse_calendar(rest: &str) -> Result<Command, CommandError> {
    let off = match rest.to_lowercase().as_str() {
        "" | "on" | "new" | "увімкнути" | "новий" => false,
        "off" | "вимкнути" => true,
        _ => return Err(invalid(CommandWord::Calendar, "switch", rest)),
    };
    Ok(Command::Calendar { off })
}

fn parse_contact(rest: &str) -> Result<Command, CommandError> {
    let (field_word, value) = split_word(rest);
    let field = match field_word.to_lowercase().as_str() {
        "address" | "адреса" => ContactField::Address,
        "email" | "e-mail" | "пошта" => ContactField::Email,
        "" => return Err(missing(CommandWord::Contact, "field")),
        _ => return Err(invalid(CommandWord::Contact, "field", field_word)),
    };
    let value = match value.to_lowercase().as_str() {
        "-" | "clear" | "видалити" => None,
        "" => return Err(missing(CommandWord::Contact, "value")),
        _ => Some(value.to_owned()),
    };
    Ok(Command::SetContact { field, value })
}

/// `organizer @name` grants, `organizer remove @name` revokes.
fn parse_organizer(rest: &str) -> Result<Command, CommandError> {
    let (first, after) = split_word(rest);
    let (grant, name) = match first.to_lowercase().as_str() {
        "remove" | "revoke" | "зняти" => (false, after),
        "add" | "grant" | "призначити" => (true, after),
        _ => (true, rest),
    };
    Ok(Command::Organizer {
        player: required_text(CommandWord::Organizer, "player", name)?,
        grant,
    })
}

fn parse_event_command(rest: &str) -> Result<EventCommand, CommandError> {
    let command = CommandWord::Event;
    let (action, after) = split_word(rest);
    let number = || required_number(command, "event", after);
    Ok(match action.to_lowercase().as_str() {
        "create" | "створити" => parse_event_create(after)?,
        "show" | "показати" => EventCommand::Show { event: number()? },
        "join" | "приєднатися" => EventCommand::Join { event: number()? },
        "withdraw" | "вийти" => EventCommand::Withdraw { event: number()? },
        "start" | "почати" => EventCommand::Start { event: number()? },
        "final" | "фінал" => EventCommand::Final { event: number()? },
        "rename" | "перейменувати" => parse_event_rename(after)?,
        "set" | "змінити" => parse_event_set(after)?,
        "close" | "закрити" => EventCommand::Close { event: number()? },
        "remove" | "вилучити" => parse_event_remove(after)?,
        "readmit" | "повернути" => {
            let (event, player) = event_and_player(after)?;
            EventCommand::Readmit { event, player }
        }
        "cancel" | "скасувати" => EventCommand::Cancel { event: number()? },
        "games" | "партії" => EventCommand::Games {
            event: match after.trim() {
                "" => None,
                _ => Some(number()?),
            },
        },
        "invite" | "запросити" => parse_event_invite(after)?,
        "" => return Err(missing(command, "action")),
        _ => return Err(invalid(command, "action", action)),
    })
}

/// `rename N NAME…`.
fn parse_event_rename(rest: &str) -> Result<EventCommand, CommandError> {
    let (first, name) = split_word(rest);
    let event = required_number(CommandWord::Event, "event", first)?;
    let name = required_text(CommandWord::Event, "name", name)?;
    Ok(EventCommand::Rename { event, name })
}

/// `set N key=value…`.
fn parse_event_set(rest: &str) -> Result<EventCommand, CommandError> {
    let (first, after) = split_word(rest);
    let event = required_number(CommandWord::Event, "event", first)?;
    let mut settings = Vec::new();
    for word in quoted::words(after) {
        match quoted::setting(&word) {
            Some(setting) => settings.push(setting),
            None => return Err(invalid(CommandWord::Event, "setting", &word)),
        }
    }
    if settings.is_empty() {
        return Err(missing(CommandWord::Event, "setting"));
    }
    Ok(EventCommand::Set { event, settings })
}

/// `invite N [off]`.
fn parse_event_invite(rest: &str) -> Result<EventCommand, CommandError> {
    let (first, after) = split_word(rest);
    let event = required_number(CommandWord::Event, "event", first)?;
    let off = match after.trim().to_lowercase().as_str() {
        "" => false,
        "off" | "вимкнути" => true,
        other => return Err(invalid(CommandWord::Event, "action", other)),
    };
    Ok(EventCommand::Invite { event, off })
}

/// `remove N @name`.
fn parse_event_remove(rest: &str) -> Result<EventCommand, CommandError> {
    let (event, player) = event_and_player(rest)?;
    Ok(EventCommand::Remove { event, player })
}

/// `N @name` (of `remove` and `readmit`).
fn event_and_player(rest: &str) -> Result<(EventId, String), CommandError> {
    let (first, name) = split_word(rest);
    let event = required_number(CommandWord::Event, "event", first)?;
    let player = required_text(CommandWord::Event, "player", name)?;
    Ok((event, player))
}

/// `create NAME… [key=value…]`: settings are the trailing `key=value` words.
fn parse_event_create(rest: &str) -> Result<EventCommand, CommandError> {
    let mut name_words = Vec::new();
    let mut settings = Vec::new();
    for word in quoted::words(rest) {
        match quoted::setting(&word) {
            Some(setting) => settings.push(setting),
            None if settings.is_empty() => name_words.push(word),
            None => return Err(invalid(CommandWord::Event, "setting", &word)),
        }
    }
    if name_words.is_empty() {
        return Err(missing(CommandWord::Event, "name"));
    }
    Ok(EventCommand::Create {
        name: name_words.join(" "),
        settings,
    })
}

fn parse_draw(rest: &str) -> Result<Command, CommandError> {
    let (action_word, after) = split_word(rest);
    let command = CommandWord::Draw;
    if meant_as_number(action_word) {
        return Ok(Command::Draw {
            action: DrawAction::Offer,
            game: game_only(command, rest)?,
        });
    }
    let action = match action_word.to_lowercase().as_str() {
        "offer" | "запропонувати" | "" => DrawAction::Offer,
        "accept" | "прийняти" => DrawAction::Accept,
        "decline" | "відхилити" => DrawAction::Decline,
        _ => return Err(invalid(CommandWord::Draw, "action", action_word)),
    };
    let rest = if action_word.is_empty() { rest } else { after };
    Ok(Command::Draw {
        action,
        game: game_only(command, rest)?,
    })
}

fn parse_claim(rest: &str) -> Result<Command, CommandError> {
    let (kind_word, after) = split_word(rest);
    let kind = match kind_word.to_lowercase().as_str() {
        "repetition" | "threefold" | "повторення" => ClaimKind::Repetition,
        "fifty" | "50" | "50-moves" | "50-ходів" => ClaimKind::FiftyMoves,
        "" => return Err(missing(CommandWord::Claim, "kind")),
        _ => return Err(invalid(CommandWord::Claim, "kind", kind_word)),
    };
    let (game, declared) = optional_number(CommandWord::Claim, "game", after)?;
    Ok(Command::Claim {
        kind,
        game,
        declared_move: non_empty(declared),
    })
}

fn parse_resign(rest: &str) -> Result<Command, CommandError> {
    let (game, after) = optional_number(CommandWord::Resign, "game", rest)?;
    let confirmed = matches!(
        after.to_lowercase().as_str(),
        "confirm" | "yes" | "так" | "підтверджую"
    );
    Ok(Command::Resign { game, confirmed })
}

fn parse_leave(rest: &str) -> Result<LeaveCommand, CommandError> {
    let command = CommandWord::Leave;
    let (action, after) = split_word(rest);
    Ok(match action.to_lowercase().as_str() {
        "" | "list" | "список" => LeaveCommand::List,
        "cancel" | "скасувати" => LeaveCommand::Cancel {
            leave: required_number(command, "leave", after)?,
        },
        "add" | "додати" => {
            let (start, days, after) = start_and_days(command, after)?;
            LeaveCommand::Add {
                start: start.to_owned(),
                days: days.to_owned(),
                event: number_only(command, "event", after)?,
            }
        }
        _ => return Err(invalid(command, "action", action)),
    })
}

/// A leave's first day and number of days (both required), and the rest.
pub(super) fn start_and_days(
    command: CommandWord,
    rest: &str,
) -> Result<(&str, &str, &str), CommandError> {
    let (start, after) = split_word(rest);
    let (days, after) = split_word(after);
    if start.is_empty() {
        return Err(missing(command, "start"));
    }
    if days.is_empty() {
        return Err(missing(command, "days"));
    }
    Ok((start, days, after))
}

fn parse_pgn(rest: &str) -> Result<Command, CommandError> {
    let (first, after) = split_word(rest);
    let target = match first.to_lowercase().as_str() {
        "event" | "турнір" => {
            PgnTarget::Event(required_number(CommandWord::Pgn, "event", after)?)
        }
        "game" | "партія" => PgnTarget::Game(game_only(CommandWord::Pgn, after)?),
        _ => match split_word(after).0.to_lowercase().as_str() {
            "mine" | "мої" | "мій" => {
                PgnTarget::Mine(required_number(CommandWord::Pgn, "game", rest)?)
            }
            _ => PgnTarget::Game(game_only(CommandWord::Pgn, rest)?),
        },
    };
    Ok(Command::Pgn { target })
}
