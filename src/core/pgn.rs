//! Export of games as PGN, the format Lichess and other chess tools import,
//! and as a scoresheet in Ukrainian full algebraic notation (R2.3.2).
//!
//! A game is written in PGN export format: the seven-tag roster (Event,
//! Site, Date, Round, White, Black, Result), then SetUp and FEN when the game
//! did not start from the initial position, then WhiteElo, BlackElo,
//! TimeControl and Termination; a blank line; the moves in SAN with move
//! numbers, wrapped so that no line exceeds 79 characters (80 columns with
//! the line end); and the result token. A whole event is its games
//! separated by blank lines.
//!
//! Correspondence time controls (50 days per 10 moves, R3.5.1, R2.4.3) have
//! no form in the PGN TimeControl grammar, so `TimeControl` is `"-"` (as
//! Lichess writes for its own correspondence games) and the control itself
//! goes in a `CorrespondenceTimeControl` tag, which importers pass over.

mod annotated;
mod read;
mod scoresheet;

use std::fmt::Write as _;

use chrono::{Datelike, NaiveDate};
use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use crate::core::game::{ArbiterReason, Game, GameResult, Score, Termination};
pub use annotated::{Annotation, export_annotated, line_moves};
pub use read::{PgnGame, PgnReadError, read_game};
pub use scoresheet::{ResultStyle, scoresheet};

/// The longest line the export writes (PGN export format, 80 columns).
const MAX_LINE: usize = 79;

/// Tag name for the correspondence time control.
pub const CORRESPONDENCE_CONTROL_TAG: &str = "CorrespondenceTimeControl";

/// The PGN metadata of one game, filled by the caller. Empty strings are
/// written as `?` (unknown), as the PGN standard asks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnHeaders {
    /// The event's name.
    pub event: String,
    /// Where it is played, e.g. the bot's name or the chat.
    pub site: String,
    /// The date the game started; `None` writes `????.??.??`.
    pub date: Option<NaiveDate>,
    /// The round, e.g. `3` or `3.1`; empty writes `?`.
    pub round: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's rating, if any.
    pub white_elo: Option<u32>,
    /// Black's rating, if any.
    pub black_elo: Option<u32>,
    /// The correspondence control in the event's own words, e.g. `10/50d`;
    /// written as the `CorrespondenceTimeControl` tag.
    pub correspondence_control: Option<String>,
    /// Further tags, written last in this order. Names are reduced to PGN
    /// symbol characters; names the export already writes are skipped.
    pub extra: Vec<(String, String)>,
}

/// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game in
/// progress and for the results PGN cannot express (a double loss `0-0` and
/// an annulled game, which are explained in a comment instead).
pub fn result_token(result: Option<GameResult>) -> &'static str {
    match result.map(|result| result.score) {
        Some(Score::Win(Color::White)) => "1-0",
        Some(Score::Win(Color::Black)) => "0-1",
        Some(Score::Draw) => "1/2-1/2",
        Some(Score::DoubleLoss | Score::Annulled) | None => "*",
    }
}

/// The PGN `Termination` tag value for a result (PGN standard 9.8.1).
pub fn termination_tag(result: Option<GameResult>) -> &'static str {
    let Some(result) = result else {
        return "unterminated";
    };
    match result.termination {
        Termination::TimeForfeit | Termination::Arbiter(ArbiterReason::TimeExceeded) => {
            "time forfeit"
        }
        Termination::Arbiter(ArbiterReason::Adjudicated) => "adjudication",
        Termination::Arbiter(ArbiterReason::RulesInfraction) => "rules infraction",
        Termination::Arbiter(ArbiterReason::Default | ArbiterReason::Annulled) => "abandoned",
        _ => "normal",
    }
}

/// Writes one game as PGN, ending with a line break.
pub fn export(game: &Game, headers: &PgnHeaders) -> String {
    export_with_movetext(game, headers, &wrap(&movetext_tokens(game)))
}

/// The tags of `game` and the movetext `lines`, ending with a line break.
fn export_with_movetext(game: &Game, headers: &PgnHeaders, lines: &[String]) -> String {
    let mut out = String::new();
    for (name, value) in tags(game, headers) {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag_value(&value));
    }
    out.push('\n');
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes a whole event: each game's PGN, separated by blank lines.
pub fn export_event<'a, I>(games: I) -> String
where
    I: IntoIterator<Item = (&'a Game, &'a PgnHeaders)>,
{
    games
        .into_iter()
        .map(|(game, headers)| export(game, headers))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Escapes a tag value: backslash and quote get a backslash, and control
/// characters (a tag is one line) become spaces.
pub fn escape_tag_value(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for ch in value.chars() {
        match ch {
            '\\' | '"' => {
                escaped.push('\\');
                escaped.push(ch);
            }
            ch if ch.is_control() => escaped.push(' '),
            ch => escaped.push(ch),
        }
    }
    escaped
}

/// The tag pairs of a game, in export order.
fn tags(game: &Game, headers: &PgnHeaders) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), or_unknown(&headers.event)),
        ("Site".into(), or_unknown(&headers.site)),
        ("Date".into(), pgn_date(headers.date)),
        ("Round".into(), or_unknown(&headers.round)),
        ("White".into(), or_unknown(&headers.white)),
        ("Black".into(), or_unknown(&headers.black)),
        ("Result".into(), result_token(game.result()).into()),
    ];
    if !game.starts_from_initial_position() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), game.start_fen()));
    }
    if let Some(elo) = headers.white_elo {
        tags.push(("WhiteElo".into(), elo.to_string()));
    }
    if let Some(elo) = headers.black_elo {
        tags.push(("BlackElo".into(), elo.to_string()));
    }
    tags.push(("TimeControl".into(), "-".into()));
    if let Some(control) = &headers.correspondence_control {
        tags.push((CORRESPONDENCE_CONTROL_TAG.into(), control.clone()));
    }
    tags.push(("Termination".into(), termination_tag(game.result()).into()));
    for (name, value) in &headers.extra {
        let name: String = name
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || *ch == '_')
            .collect();
        let first_is_letter = name.starts_with(|ch: char| ch.is_ascii_alphabetic());
        if first_is_letter && !tags.iter().any(|(known, _)| *known == name) {
            tags.push((name, value.clone()));
        }
    }
    tags
}

fn or_unknown(value: &str) -> String {
    if value.trim().is_empty() {
        "?".to_owned()
    } else {
        value.to_owned()
    }
}

fn pgn_date(date: Option<NaiveDate>) -> String {
    match date {
        Some(date) => format!("{:04}.{:02}.{:02}", date.year(), date.month(), date.day()),
        None => "????.??.??".to_owned(),
    }
}

/// The movetext as tokens: move numbers, SAN moves, a comment for results
/// that the result token cannot carry, and the result token.
fn movetext_tokens(game: &Game) -> Vec<String> {
    let mut tokens = Vec::with_capacity(game.moves().len() * 3 / 2 + 2);
    let mut position = game.start_position().clone();
    for (ply, mv) in game.moves().iter().enumerate() {
        let number = position.fullmoves().get();
        let prefix = match position.turn() {
            Color::White => format!("{number}. "),
            Color::Black if ply == 0 => format!("{number}... "),
            Color::Black => String::new(),
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut position, *mv);
        // A move number stays on the line of its move.
        tokens.push(format!("{prefix}{san}"));
    }
    match game.result().map(|result| result.score) {
        Some(Score::DoubleLoss) => tokens.extend(comment("Double loss 0-0")),
        Some(Score::Annulled) => tokens.extend(comment("Annulled: no result")),
        _ => {}
    }
    tokens.push(result_token(game.result()).to_owned());
    tokens
}

fn comment(text: &str) -> Vec<String> {
    let mut tokens = vec!["{".to_owned()];
    tokens.extend(text.split_whitespace().map(str::to_owned));
    tokens.push("}".to_owned());
    tokens
}

/// Joins tokens with single spaces into lines of at most [`MAX_LINE`]
/// characters.
fn wrap(tokens: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > MAX_LINE {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_escape_quotes_backslashes_and_line_breaks() {
        assert_eq!(escape_tag_value(r#"a "b" \c"#), r#"a \"b\" \\c"#);
        assert_eq!(escape_tag_value("two\nlines"), "two lines");
    }

    #[test]
    fn wrapping_keeps_lines_within_79_characters() {
        let tokens: Vec<String> = (0..100).map(|n| format!("tok{n}")).collect();
        let lines = wrap(&tokens);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|line| line.len() <= MAX_LINE));
        assert_eq!(lines.join(" "), tokens.join(" "));
    }
}
