//! A thematic event's start (issue 21, as ICCF runs thematic events): the
//! position every game of the event starts from, given as the opening's
//! moves in any notation the bot reads (`1. e4 c5 2. Кf3`) or as a FEN.
//!
//! The games start *after* the opening: the players' first move is the
//! first move still to make, so the clock's control counts only the moves
//! the players make (R3.5.1, R3.5.2), and when the opening ends with
//! White's move Black moves first.

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use crate::core::notation::{self, Notation, NotationError};

/// A thematic start: a FEN, or moves from the initial position (UCI, as the
/// store keeps moves). Stored in the event's regulation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The position given as a FEN, if the opening was given so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The opening's moves from the initial position, as UCI.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// Why a text is not an opening. Data, not prose: the app renders it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// No move and no FEN.
    #[error("no moves")]
    Empty,
    /// The text looks like a FEN (it has `/`) but is no legal position.
    #[error("not a legal FEN position")]
    InvalidFen,
    /// A move of the opening is refused.
    #[error("move {ply} ({text:?}) is refused: {error}")]
    Move {
        /// The half move, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// The position before it.
        before: String,
        /// Why.
        error: NotationError,
    },
    /// The game would be over before the players move (mate, stalemate, a
    /// dead position).
    #[error("the position is already decided")]
    Finished,
}

impl OpeningError {
    /// The position before the refused move, for explaining it.
    pub fn position_before(&self) -> Option<Chess> {
        match self {
            OpeningError::Move { before, .. } => fen_position(before),
            _ => None,
        }
    }
}

/// Reads an opening: a FEN when the text holds a `/`, else moves in any
/// notation, move numbers (`1.`, `2...`) skipped.
pub fn read_opening(text: &str) -> Result<Opening, OpeningError> {
    let text = text.trim();
    let opening = if text.contains('/') {
        let position = fen_position(text).ok_or(OpeningError::InvalidFen)?;
        Opening {
            fen: Some(fen_of(&position)),
            moves: Vec::new(),
        }
    } else {
        Opening {
            fen: None,
            moves: read_moves(text)?,
        }
    };
    if opening.moves.is_empty() && opening.fen.is_none() {
        return Err(OpeningError::Empty);
    }
    let end = opening.position();
    if end.is_game_over() {
        return Err(OpeningError::Finished);
    }
    Ok(opening)
}

/// The moves of `text` as UCI, each checked in turn.
fn read_moves(text: &str) -> Result<Vec<String>, OpeningError> {
    let mut position = Chess::default();
    let mut moves = Vec::new();
    let words = text.split_whitespace().filter(|word| !is_move_number(word));
    for (index, word) in words.enumerate() {
        let parsed = notation::parse(&position, word, &Notation::ALL).map_err(|error| {
            OpeningError::Move {
                ply: index + 1,
                text: word.to_owned(),
                before: fen_of(&position),
                error,
            }
        })?;
        moves.push(UciMove::from_move(parsed.mv, CastlingMode::Standard).to_string());
        position.play_unchecked(parsed.mv);
    }
    Ok(moves)
}

/// `1.`, `12...`, `3…`: a move number standing alone.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches(['.', '…']);
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn fen_position(text: &str) -> Option<Chess> {
    let fen = Fen::from_ascii(text.trim().as_bytes()).ok()?;
    fen.into_position(CastlingMode::Standard).ok()
}

fn fen_of(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

impl Opening {
    /// The position the games start from: after the moves, or the FEN.
    pub fn position(&self) -> Chess {
        self.replay(|_, _| {})
    }

    /// Plays the opening's moves from its FEN (or the initial position),
    /// showing `each` the position before every move; returns the last.
    fn replay(&self, mut each: impl FnMut(&Chess, &Move)) -> Chess {
        let mut position = self
            .fen
            .as_deref()
            .and_then(fen_position)
            .unwrap_or_default();
        for uci in &self.moves {
            let Some(mv) = uci
                .parse::<UciMove>()
                .ok()
                .and_then(|m| m.to_move(&position).ok())
            else {
                break;
            };
            each(&position, &mv);
            position.play_unchecked(mv);
        }
        position
    }

    /// The start position as a FEN, as games store it.
    pub fn start_fen(&self) -> String {
        fen_of(&self.position())
    }

    /// Who makes the players' first move.
    pub fn first_to_move(&self) -> Color {
        self.position().turn()
    }

    /// The moves written in `notation` with move numbers
    /// (`1. e2-e4 c7-c5 2. Кg1-f3`); empty for a FEN.
    pub fn written(&self, notation: Notation) -> String {
        let mut words = Vec::new();
        self.replay(|position, mv| {
            if position.turn() == Color::White {
                words.push(format!("{}.", position.fullmoves()));
            }
            words.push(notation::write_with_check(position, mv, notation));
        });
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_mixed_notations_read_with_numbers_skipped() {
        let opening = read_opening("1. e4 c5 2. Кf3").unwrap();
        assert_eq!(opening.moves, ["e2e4", "c7c5", "g1f3"]);
        assert_eq!(opening.first_to_move(), Color::Black);
        assert_eq!(
            opening.start_fen(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(opening.written(Notation::San), "1. e4 c5 2. Nf3");
        assert_eq!(
            opening.written(Notation::UkrainianFull),
            "1. e2-e4 c7-c5 2. Кg1-f3"
        );
    }

    #[test]
    fn an_illegal_move_is_named_with_its_ply_and_position() {
        let error = read_opening("1. e4 e5 2. Кf6").unwrap_err();
        let OpeningError::Move {
            ply, text, before, ..
        } = &error
        else {
            panic!("{error:?}");
        };
        assert_eq!((*ply, text.as_str()), (3, "Кf6"));
        assert!(before.ends_with("w KQkq - 0 2"), "{before}");
        assert!(error.position_before().is_some());
    }

    #[test]
    fn a_fen_is_read_and_normalized() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let opening = read_opening(fen).unwrap();
        assert_eq!(opening.fen.as_deref(), Some(fen));
        assert_eq!(opening.start_fen(), fen);
        assert_eq!(opening.written(Notation::San), "");
        assert_eq!(
            read_opening("8/8/8/8 w - - 0 1"),
            Err(OpeningError::InvalidFen)
        );
    }

    #[test]
    fn empty_and_decided_openings_are_refused() {
        assert_eq!(read_opening("  "), Err(OpeningError::Empty));
        assert_eq!(read_opening("1."), Err(OpeningError::Empty));
        let mate = read_opening("1. f3 e5 2. g4 Qh4");
        assert_eq!(mate, Err(OpeningError::Finished));
    }

    #[test]
    fn move_numbers_alone_are_skipped_and_iccf_numbers_are_not() {
        assert!(is_move_number("1."));
        assert!(is_move_number("12..."));
        assert!(!is_move_number("5254"));
        assert!(!is_move_number("..."));
        assert_eq!(read_opening("5254").unwrap().moves, ["e2e4"]);
    }
}
