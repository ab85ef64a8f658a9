//! A scoresheet of a game in Ukrainian full algebraic notation (R2.3.2):
//! numbered pairs of moves, `1. e2-e4  e7-e5`, with an optional note per move
//! (for example the days it took, R2.3.6, R3.4.2) and the result.

use shakmaty::{Chess, Color, Position};

use crate::core::game::{Game, Score};
use crate::core::notation::{Notation, write};

/// How the scoresheet writes the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultStyle {
    /// As a score: `1-0`, `½-½`, `0-1`, `0-0`, `—` (annulled), `*` (in
    /// progress).
    Score,
    /// In Ukrainian words: `Білі виграли`, `Нічия`, …
    Words,
}

/// One line of the sheet: move number, White's cell, Black's cell.
struct Row {
    number: u32,
    white: String,
    black: String,
}

/// Writes the scoresheet of `game`. `notes[i]`, when present and not empty,
/// is written beside the `i`-th half move (0 is the first move of the game);
/// the notes form a column of their own. Lines end with a line break; the
/// last line is the result.
pub fn scoresheet(game: &Game, notes: &[String], style: ResultStyle) -> String {
    let rows = rows(game, notes);
    let number_width = rows
        .iter()
        .map(|row| row.number.to_string().len())
        .max()
        .unwrap_or(1);
    let white_width = rows
        .iter()
        .map(|row| row.white.chars().count())
        .max()
        .unwrap_or(0);
    let mut sheet = String::new();
    for row in &rows {
        let number = format!("{:>number_width$}.", row.number);
        let line = format!("{number} {:<white_width$}  {}", row.white, row.black);
        sheet.push_str(line.trim_end());
        sheet.push('\n');
    }
    sheet.push_str("Результат: ");
    sheet.push_str(&result_text(game, style));
    sheet.push('\n');
    sheet
}

/// Groups the moves into numbered rows, each move with its note.
fn rows(game: &Game, notes: &[String]) -> Vec<Row> {
    let cells = cells(game.start_position(), game, notes);
    let mut rows: Vec<Row> = Vec::new();
    for (number, color, cell) in cells {
        match color {
            Color::White => rows.push(Row {
                number,
                white: cell,
                black: String::new(),
            }),
            Color::Black => match rows.last_mut() {
                Some(row) if row.number == number && row.black.is_empty() => row.black = cell,
                _ => rows.push(Row {
                    number,
                    white: "...".to_owned(),
                    black: cell,
                }),
            },
        }
    }
    rows
}

/// Each half move: its number, the side that made it, and its text with its
/// note. White's cells are padded so that the notes line up.
fn cells(start: &Chess, game: &Game, notes: &[String]) -> Vec<(u32, Color, String)> {
    let mut position = start.clone();
    let mut written = Vec::with_capacity(game.moves().len());
    for mv in game.moves() {
        let text = write(&position, mv, Notation::UkrainianFull);
        written.push((position.fullmoves().get(), position.turn(), text));
        position.play_unchecked(*mv);
    }
    let move_width = written
        .iter()
        .map(|(_, _, text)| text.chars().count())
        .max()
        .unwrap_or(0);
    written
        .into_iter()
        .enumerate()
        .map(|(ply, (number, color, text))| {
            let cell = match notes.get(ply).filter(|note| !note.trim().is_empty()) {
                Some(note) => format!("{text:<move_width$}  {}", note.trim()),
                None => text,
            };
            (number, color, cell)
        })
        .collect()
}

fn result_text(game: &Game, style: ResultStyle) -> String {
    let Some(result) = game.result() else {
        return match style {
            ResultStyle::Score => "*".to_owned(),
            ResultStyle::Words => "гра триває".to_owned(),
        };
    };
    match style {
        ResultStyle::Score => result.score.as_score_str().to_owned(),
        ResultStyle::Words => match result.score {
            Score::Win(Color::White) => "білі виграли",
            Score::Win(Color::Black) => "чорні виграли",
            Score::Draw => "нічия",
            Score::DoubleLoss => "поразка обом",
            Score::Annulled => "гру анульовано",
        }
        .to_owned(),
    }
}
