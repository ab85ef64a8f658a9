//! A game's PGN with one reader's annotations (issue 41): comments at the
//! moves and lines of analysis as variations (or, from the last position,
//! as a comment), for the player's own download of a finished game.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use super::{PgnHeaders, export_with_movetext, result_token, wrap};
use crate::core::game::Game;

/// One annotation of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Annotation {
    /// A comment after `ply` half-moves (0: before the first move).
    Comment {
        /// Where.
        ply: usize,
        /// The text.
        text: String,
    },
    /// A line of analysis from the position after `ply` half-moves, its
    /// moves in UCI.
    Line {
        /// Where it starts.
        ply: usize,
        /// Its moves.
        uci: Vec<String>,
    },
}

/// Writes `game` as PGN with `annotations`, ending with a line break.
pub fn export_annotated(game: &Game, headers: &PgnHeaders, annotations: &[Annotation]) -> String {
    let tokens = annotated_tokens(game, annotations);
    export_with_movetext(game, headers, &wrap(&tokens))
}

fn annotated_tokens(game: &Game, annotations: &[Annotation]) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut position = game.start_position().clone();
    let mut numbered = true;
    push_comments(&mut tokens, annotations, 0, &mut numbered);
    for (index, mv) in game.moves().iter().enumerate() {
        let before = position.clone();
        tokens.push(numbered_san(&mut position, mv, numbered));
        numbered = false;
        for annotation in annotations {
            if let Annotation::Line { ply, uci } = annotation
                && *ply == index
            {
                let line = line_tokens(&before, uci);
                if !line.is_empty() {
                    tokens.push(format!("( {}", line.join(" ")));
                    tokens.push(")".to_owned());
                    numbered = true;
                }
            }
        }
        push_comments(&mut tokens, annotations, index + 1, &mut numbered);
    }
    let end = game.moves().len();
    for annotation in annotations {
        if let Annotation::Line { ply, uci } = annotation
            && *ply >= end
        {
            let line = line_tokens(game.position(), uci);
            if !line.is_empty() {
                tokens.extend(comment(&line.join(" ")));
            }
        }
    }
    tokens.push(result_token(game.result()).to_owned());
    tokens
}

/// The comments at `ply`, each as `{ … }`; a move after one is numbered.
fn push_comments(
    tokens: &mut Vec<String>,
    annotations: &[Annotation],
    at: usize,
    numbered: &mut bool,
) {
    for annotation in annotations {
        if let Annotation::Comment { ply, text } = annotation
            && *ply == at
        {
            tokens.extend(comment(text));
            *numbered = true;
        }
    }
}

/// A move in SAN after its number: always before White's move, before
/// Black's when `numbered` (at the start, after a comment or a variation).
fn numbered_san(position: &mut Chess, mv: &Move, numbered: bool) -> String {
    let number = position.fullmoves().get();
    let prefix = match position.turn() {
        Color::White => format!("{number}. "),
        Color::Black if numbered => format!("{number}... "),
        Color::Black => String::new(),
    };
    let san = SanPlus::from_move_and_play_unchecked(position, *mv);
    format!("{prefix}{san}")
}

/// A line's moves in SAN with numbers from `start`.
fn line_tokens(start: &Chess, uci: &[String]) -> Vec<String> {
    let mut position = start.clone();
    let mut tokens = Vec::new();
    for mv in line_moves(start, uci) {
        tokens.push(numbered_san(&mut position, &mv, tokens.is_empty()));
    }
    tokens
}

/// A line's moves (in UCI) played from `start`; it stops at a move that
/// does not read or is not legal there (the store keeps only legal lines).
pub fn line_moves(start: &Chess, uci: &[String]) -> Vec<Move> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for text in uci {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&position).ok())
        else {
            break;
        };
        position.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// `{ text }`, the text's braces turned into parentheses.
fn comment(text: &str) -> Vec<String> {
    let text = text.replace('{', "(").replace('}', ")");
    let mut tokens = vec!["{".to_owned()];
    tokens.extend(text.split_whitespace().map(str::to_owned));
    tokens.push("}".to_owned());
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_lines_go_at_their_moves() {
        let game = Game::replay(Chess::default(), &["e2e4", "e7e5", "g1f3"]).unwrap();
        let annotations = [
            Annotation::Comment {
                ply: 0,
                text: "my {first} game".into(),
            },
            Annotation::Comment {
                ply: 1,
                text: "sharp".into(),
            },
            Annotation::Line {
                ply: 2,
                uci: vec!["f1c4".into(), "g8f6".into()],
            },
            Annotation::Line {
                ply: 3,
                uci: vec!["b8c6".into(), "f1b5".into()],
            },
        ];
        let pgn = export_annotated(&game, &PgnHeaders::default(), &annotations);
        let movetext: String = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        assert_eq!(
            movetext.trim(),
            "{ my (first) game } 1. e4 { sharp } 1... e5 2. Nf3 ( 2. Bc4 Nf6 ) \
             { 2... Nc6 3. Bb5 } *"
        );
    }
}
