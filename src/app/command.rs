//! The command grammar, the same on every platform (Telegram `/commands`,
//! Discord slash commands, console lines): text in, a [`Command`] out.
//!
//! A command word may be written in English or Ukrainian, with or without a
//! leading `/` (and a Telegram `@botname` suffix). A text that is no command
//! but looks like a move is a [`Command::Move`] without a game, so a player
//! with one game to move may just send `e2-e4`; any other text is
//! [`Command::Chatter`].

mod arguments;
mod case;
mod conditional;
mod date;
mod follow;
mod note;
mod quoted;
mod rating;
mod team;
mod turn;
mod words;

use serde::{Deserialize, Serialize};

use crate::store::{CaseId, EventId, GameId, LeaveId, RequestId, TeamId};

pub use case::{CaseAction, CaseCommand, Report};
pub use conditional::IfWhat;
pub use date::{example_date, read_date, read_full_date, shown_date, shown_date_text};
pub use follow::FollowWhat;
pub use note::NoteText;
pub use team::TeamCommand;
pub use turn::ConfirmCommand;
pub use words::{Arg, CommandWord, Privacy, WordSpec, command_kind};

/// The longest text the bot reads; longer texts are refused unread.
pub const MAX_TEXT_CHARS: usize = 1000;

/// A reference to a game or an event by its number (`#12` or `12`).
pub type Number = i64;

/// A platform-neutral command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// The command list, or one command's help.
    Help {
        /// One command to explain, if named.
        topic: Option<CommandWord>,
        /// `/help all`: every command, whatever the reader's roles.
        all: bool,
    },
    /// The greeting that registers a newcomer.
    Start,
    /// `/start join-TOKEN` (a Telegram deep link, a Discord "Join" button):
    /// register if needed and enter the invitation's event.
    Invited { token: String },
    /// Show one's profile.
    Profile,
    /// Set one's display name.
    SetName { name: String },
    /// Set one's language (`uk`, `en`).
    SetLanguage { code: String },
    /// Set one's preferred notation.
    SetNotation { notation: String },
    /// Set the board orientation (`auto`, `white`, `black`).
    SetOrientation { orientation: String },
    /// Set the board theme (`green`, `brown`, `blue`, `gray`) of one's
    /// images.
    SetTheme { theme: String },
    /// Set or clear one's postal address or e-mail (R2.1.2, R3.4.4).
    SetContact {
        field: ContactField,
        value: Option<String>,
    },
    /// Show someone's contact details (as far as the asker may see them).
    Contacts { player: Option<String> },
    /// Link accounts: without a code, get one; with a code, join.
    Link { code: Option<String> },
    /// List events.
    Events,
    /// Event administration and membership.
    Event(EventCommand),
    /// Grant (or, with `grant: false`, revoke) the installation-wide
    /// organizer role, which allows creating events (administrators only).
    Organizer { player: String, grant: bool },
    /// One's games: those to move first, by the instant of the loss on
    /// time, then the opponents'; with `all`, the finished ones too.
    Games { all: bool },
    /// Show a board.
    Board { game: Option<GameId> },
    /// An animated GIF of a game from its start to now.
    Gif { game: Option<GameId> },
    /// Make a move (R3.2.1).
    Move { game: Option<GameId>, text: String },
    /// Text that is no command and is not written as a move («дякую»,
    /// "hello"): answered with how to write a move and the nearest command
    /// in a private chat, ignored in a group.
    Chatter { text: String },
    /// Offer, accept or decline a draw.
    Draw {
        action: DrawAction,
        game: Option<GameId>,
    },
    /// Claim a draw by threefold repetition or the 50-move rule.
    Claim {
        kind: ClaimKind,
        game: Option<GameId>,
        declared_move: Option<String>,
    },
    /// Resign a game; the first call asks for confirmation.
    Resign {
        game: Option<GameId>,
        confirmed: bool,
    },
    /// Move confirmation (R2.3.8): the setting, or the answer to a held move.
    Confirm(ConfirmCommand),
    /// A message to the opponent of a game: delivered with the game number,
    /// kept with the game, shown to an arbiter in a case file.
    Say { game: Option<GameId>, text: String },
    /// Messages from opponents on or off.
    Messages { on: bool },
    /// The notice of continuing the game (R3.3.2), to the arbiter and the
    /// partner.
    Continue { game: Option<GameId> },
    /// Both clocks of a game (R3.4.2).
    Time { game: Option<GameId> },
    /// A game's record: moves with both time counts (R3.4.2).
    Record { game: Option<GameId> },
    /// A private note of a player on a game, a move of it or a line of
    /// analysis (issue 41): never shown to anyone else.
    Note { game: GameId, note: NoteText },
    /// The actor's notes on a game.
    Notes { game: GameId },
    /// Conditional moves in a game whose regulation allows them (issue
    /// 41, R3.2.4): set a line, list the lines, cancel them.
    If { game: GameId, what: IfWhat },
    /// Leave (R3.6).
    Leave(LeaveCommand),
    /// Stop move notices (R3.2.3: the player stays responsible).
    Mute,
    /// Resume move notices.
    Unmute,
    /// Show (without a zone) or set the time zone instants are shown in
    /// (R3.5.6: they are still kept in UTC).
    Timezone { zone: Option<String> },
    /// The daily digest of games to move on or off, instead of one notice
    /// per move (R3.2.3: the player stays responsible for the time).
    Digest { on: bool },
    /// A new private link to the player's calendar feed of deadlines
    /// (R3.5.7: the player stays responsible for the time), or with `off`
    /// none: the old link stops working either way.
    Calendar { off: bool },
    /// An event's standings.
    Standings { event: Option<EventId> },
    /// A player's club rating, rated games and last changes (the asker's
    /// own without a name).
    Rating { player: Option<String> },
    /// The club's rating table.
    Top,
    /// An imported starting rating for a player without rated games (an
    /// administrator; issue 40): `/rating set @name POINTS source=TEXT`.
    RatingSet {
        player: String,
        points: i64,
        source: String,
    },
    /// The latest published rating list, or with `publish` a new one of
    /// today's ratings (organizers, administrators; issue 40).
    Ratings { publish: bool },
    /// The club's registered players with their handles (organizers,
    /// arbiters), or those of one event.
    Players { event: Option<EventId> },
    /// PGN of a game (`game`) or of a whole event (`event`).
    Pgn { target: PgnTarget },
    /// The arbiter's desk: cases, rulings, appeals, requests (R2.1.4–R2.1.6,
    /// R3.1.4, R3.1.5, R3.4.3, R3.4.5, R3.6.3).
    Case(CaseCommand),
    /// A card of a game played by real post or e-mail (R2.2): the sender's
    /// move with its dates, or the dates the recipient or sender adds.
    Card { game: Option<GameId>, text: String },
    /// The correspondence chart of a game by post (R2.2, R2.4, R2.6.2).
    Ledger { game: Option<GameId> },
    /// A claim of the partner's time overstep (R2.6.2), filed with the
    /// claimant's next move, which the arbiter holds.
    Overstep { game: Option<GameId>, text: String },
    /// Team events: teams, captains, board order, substitutions (R3.1.3).
    Team(TeamCommand),
    /// Follow a game, an event, a player or one's team (issue 41): told
    /// privately when a followed game ends, and of each move with `moves`.
    Follow { what: FollowWhat, moves: bool },
    /// What the member follows.
    Following,
    /// Stop following one thing (`None`: everything).
    Unfollow { what: Option<FollowWhat> },
}

/// Which contact detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContactField {
    /// Postal address.
    Address,
    /// E-mail address.
    Email,
}

/// Event commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum EventCommand {
    /// Create an event: a name and `key=value` settings.
    Create {
        name: String,
        settings: Vec<(String, String)>,
    },
    /// Show an event.
    Show { event: EventId },
    /// Join an event before it starts.
    Join { event: EventId },
    /// Withdraw from an event before it starts.
    Withdraw { event: EventId },
    /// Start an event: pair it and start all its games (R1.1).
    Start { event: EventId },
    /// Start the final of an event played in sections before its last
    /// section game ends (issue 40): the qualifiers by the sections'
    /// current standings; the section games still in play play on.
    Final { event: EventId },
    /// Rename an event (its organizer, before the end).
    Rename { event: EventId, name: String },
    /// Change `key=value` settings: any before the start; after it only
    /// the arbiters, the committee and the channels.
    Set {
        event: EventId,
        settings: Vec<(String, String)>,
    },
    /// Close an event's entries before the start.
    Close { event: EventId },
    /// Take an entrant out of an event before the start (the entrant is
    /// told); they cannot enter again until readmitted.
    Remove { event: EventId, player: String },
    /// Undo a removal: the player may enter again (they are told, not
    /// entered).
    Readmit { event: EventId, player: String },
    /// Cancel an event before the start (every entrant is told).
    Cancel { event: EventId },
    /// The event's games at a glance; without a number, the event the
    /// asker plays in or runs.
    Games { event: Option<EventId> },
    /// An invitation link (Telegram) or "Join" button (Discord) entering
    /// whoever follows it; with `off`, the event's invitations revoked.
    Invite { event: EventId, off: bool },
}

/// Draw actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    /// Offer a draw.
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer.
    Decline,
}

/// Draw claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// Threefold repetition.
    Repetition,
    /// The 50-move rule.
    FiftyMoves,
}

/// Leave commands (R3.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum LeaveCommand {
    /// Register a leave from `start` (YYYY-MM-DD) for `days` days.
    Add {
        start: String,
        days: String,
        event: Option<EventId>,
    },
    /// List one's leaves.
    List,
    /// Cancel a leave before it starts, or cut it short while it runs.
    Cancel { leave: LeaveId },
}

/// What `pgn` exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PgnTarget {
    /// One game (or the asker's only game).
    Game(Option<GameId>),
    /// A whole event.
    Event(EventId),
    /// One finished game of the asker's, with their notes as comments
    /// (`/pgn N mine`, issue 41).
    Mine(GameId),
}

/// Why a text is not a command; each variant maps to a catalog message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The text is empty.
    #[error("empty message")]
    Empty,
    /// The text is longer than [`MAX_TEXT_CHARS`].
    #[error("message too long ({chars} characters)")]
    TooLong { chars: usize },
    /// An unknown command word.
    #[error("unknown command {word}")]
    Unknown { word: String },
    /// A required argument is missing.
    #[error("{command} needs {argument}")]
    Missing {
        command: CommandWord,
        argument: &'static str,
    },
    /// An argument has the wrong form.
    #[error("{command}: cannot read {argument} «{value}»")]
    Invalid {
        command: CommandWord,
        argument: &'static str,
        value: String,
    },
}

impl CommandError {
    /// The catalog id of this error's message.
    pub fn message_id(&self) -> &'static str {
        match self {
            CommandError::Empty => "error-empty",
            CommandError::TooLong { .. } => "error-too-long",
            CommandError::Unknown { .. } => "error-unknown-command",
            CommandError::Missing { .. } => "error-missing-argument",
            CommandError::Invalid { .. } => "error-invalid-argument",
        }
    }
}

/// Reads one message as a command.
pub fn parse(text: &str) -> Result<Command, CommandError> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(CommandError::TooLong { chars });
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(CommandError::Empty);
    }
    let (head, rest) = split_word(text);
    let word = head.strip_prefix('/').unwrap_or(head);
    let word = word.split('@').next().unwrap_or(word);
    match CommandWord::from_word(word) {
        Some(command) => arguments::parse_args(command, rest),
        None if head.starts_with('/') => Err(CommandError::Unknown {
            word: head.to_owned(),
        }),
        None if written_as_move(text) => Ok(Command::Move {
            game: None,
            text: text.to_owned(),
        }),
        None => Ok(Command::Chatter {
            text: text.to_owned(),
        }),
    }
}

/// Whether a text that is no command is meant as a move: it reads as one
/// in some notation, or it is one word with a digit in it (`e7-e9`, a
/// move with a slip, which gets the reason it is no move).
pub(crate) fn written_as_move(text: &str) -> bool {
    let one_word = !text.trim().contains(char::is_whitespace);
    crate::core::notation::reads_as_move(text)
        || (one_word && text.chars().any(|c| c.is_ascii_digit()))
}

/// Splits off the first whitespace-separated word.
pub(crate) fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(end) => (&text[..end], text[end..].trim_start()),
        None => (text, ""),
    }
}

/// What a number typed in a command names: the one place where a number
/// a user wrote becomes a game's, an event's, a case's, a team's or a
/// leave's key (or stays a plain number: a board, a request). Handlers
/// get the typed key and never wrap a number themselves.
pub trait Numbered: Sized {
    /// The key the user's `number` names.
    fn numbered(number: Number) -> Self;
}

impl Numbered for Number {
    fn numbered(number: Number) -> Self {
        number
    }
}

macro_rules! numbered_keys {
    ($($key:ty),*) => {$(
        impl Numbered for $key {
            fn numbered(number: Number) -> Self {
                Self(number)
            }
        }
    )*};
}

numbered_keys!(GameId, EventId, CaseId, TeamId, LeaveId, RequestId);

/// Reads a game or event number: `12` or `#12`.
pub(crate) fn read_number<T: Numbered>(word: &str) -> Option<T> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().map(T::numbered)
}

/// Whether `word` is written as a number: `#…`, digits with an optional
/// sign (not `0-0`, castling), or digits with a slip ([`mistyped_number`]). Such a word that [`read_number`] cannot read
/// is refused, never taken as "no number" (which would widen a command to
/// every game or event).
pub(crate) fn meant_as_number(word: &str) -> bool {
    let unsigned = word.strip_prefix(['-', '+']).unwrap_or(word);
    let digits = !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit());
    word.starts_with('#') || digits || mistyped_number(word)
}

/// A number typed with a slip on a phone: digits with a letter that looks
/// like one (`1O`, `1о`, `2з`, `1l`), meant as a number and so never read as
/// none. Words like `1st` are text, and castling (`0-0`) is a move.
fn mistyped_number(word: &str) -> bool {
    const LOOKALIKES: &str = "OoОоDIlІіЗзб";
    let starts_with_digit = word.chars().next().is_some_and(|c| c.is_ascii_digit());
    starts_with_digit
        && word.chars().any(|c| LOOKALIKES.contains(c))
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || LOOKALIKES.contains(c))
}

#[cfg(test)]
mod tests;
