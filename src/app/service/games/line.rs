//! A line of moves typed by a player, shared by private notes (`/note N
//! line …`) and conditional moves (`/if N …`, issue 41): read in the
//! notations the event allows from a position, each move checked, and
//! written out again in the reader's notation with its move numbers.

use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::app::actor::Actor;
use crate::app::failure::Failure;
use crate::app::i18n::tr;
use crate::app::move_error::move_error_text;
use crate::app::service::games::pick::game_args;
use crate::app::user_error::Refusal;
use crate::core::game::Game;
use crate::core::notation::{self, Notation};
use crate::core::pgn::line_moves;
use crate::store::GameRecord;

/// Reads a line of moves from `position` in the notations the event
/// allows (move numbers and signs between them are skipped); the moves in
/// UCI (none if only numbers were typed: each caller says what a line
/// needs), or the refusal naming the first move that is not legal.
pub(crate) fn read_line(
    actor: &Actor,
    (game, notations): (&GameRecord, &[Notation]),
    position: &Chess,
    text: &str,
) -> Result<Vec<String>, Failure> {
    let lang = actor.lang();
    let mut position = position.clone();
    let mut uci = Vec::new();
    for word in text.split_whitespace() {
        let word = strip_number(word);
        if word.is_empty() || word.chars().all(|c| "+#!?".contains(c)) {
            continue;
        }
        match notation::parse(&position, word, notations) {
            Ok(parsed) => {
                uci.push(parsed.mv.to_uci(CastlingMode::Standard).to_string());
                position.play_unchecked(parsed.mv);
            }
            Err(error) => {
                let reason = move_error_text(lang, &error, &position, word, actor.notation());
                let args = game_args(game.id).with("move", word).with("reason", reason);
                let text = tr(lang, "error-note-line-move", &args);
                return Err(Refusal::rendered("error-note-line-move", text)
                    .generic()
                    .into());
            }
        }
    }
    Ok(uci)
}

/// A word without a leading move number (`15.`, `15...`, `15.Кf3`).
fn strip_number(word: &str) -> &str {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < word.len() && digits.starts_with(['.', '…']) {
        digits.trim_start_matches(['.', '…'])
    } else {
        word
    }
}

/// A line written out from `start` in `notation`: `15. Кg1-f3 Сc8-g4
/// 16. h2-h3`, a line from Black's move starting `15... `.
pub(crate) fn written_line(start: &Chess, uci: &[String], notation: Notation) -> String {
    let mut position = start.clone();
    let mut words = Vec::new();
    for mv in line_moves(start, uci) {
        let number = position.fullmoves().get();
        match position.turn() {
            Color::White => words.push(format!("{number}.")),
            Color::Black if words.is_empty() => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(notation::write_with_check(&position, &mv, notation));
        position.play_unchecked(mv);
    }
    words.join(" ")
}

/// The position after the first `ply` moves of `record`.
pub(crate) fn position_after(record: &Game, ply: i64) -> Chess {
    let mut position = record.start_position().clone();
    let count = usize::try_from(ply).unwrap_or(0);
    for mv in record.moves().iter().take(count) {
        position.play_unchecked(*mv);
    }
    position
}

#[cfg(test)]
mod tests {
    use shakmaty::uci::UciMove;

    use super::*;

    #[test]
    fn move_numbers_are_no_moves() {
        assert_eq!(strip_number("15.Кf3"), "Кf3");
        assert_eq!(strip_number("15..."), "");
        assert_eq!(strip_number("e4"), "e4");
    }

    #[test]
    fn a_line_is_written_out_with_its_numbers() {
        let uci = ["e2e4", "b8c6", "f1b5"].map(str::to_owned);
        let start = Chess::default();
        assert_eq!(
            written_line(&start, &uci, Notation::UkrainianFull),
            "1. e2-e4 Кb8-c6 2. Сf1-b5"
        );
        // A move that is not legal there ends the line.
        let blocked = ["g1f3", "b8c6", "f1b5"].map(str::to_owned);
        assert_eq!(
            written_line(&start, &blocked, Notation::UkrainianFull),
            "1. Кg1-f3 Кb8-c6"
        );
        let mut after = start.clone();
        let first = "e2e4".parse::<UciMove>().unwrap().to_move(&after).unwrap();
        after.play_unchecked(first);
        let reply = ["e7e5".to_owned()];
        assert_eq!(written_line(&after, &reply, Notation::San), "1... e5");
    }
}
