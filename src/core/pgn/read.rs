//! Reading one game from PGN text, for `corrbot render --gif --pgn FILE`:
//! the tags, the start (the `FEN` tag when given) and the main line in SAN.
//! Comments, variations, NAGs and move numbers are skipped.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// One game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Chess,
    /// The main line.
    pub moves: Vec<Move>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Why a PGN text was not read.
#[derive(Debug, thiserror::Error)]
pub enum PgnReadError {
    /// The FEN tag is not a legal position.
    #[error("the FEN tag is not a legal position: {0}")]
    Fen(String),
    /// A move is not legal (or not SAN) where it stands.
    #[error("move {ply}: {san:?} is not a legal move")]
    Move {
        /// The ply (1-based).
        ply: usize,
        /// The token.
        san: String,
    },
}

/// Reads the first game of `text`.
pub fn read_game(text: &str) -> Result<PgnGame, PgnReadError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !movetext.trim().is_empty() {
                break; // the next game's tags
            }
            if let Some((key, value)) = tag.split_once(' ') {
                let value = value.trim().trim_matches('"').replace("\\\"", "\"");
                tags.push((key.to_owned(), value));
            }
        } else if !line.starts_with('%') {
            // A `;` comment runs to the end of its line.
            movetext.push_str(line.split(';').next().unwrap_or_default());
            movetext.push('\n');
        }
    }
    let start = start_of(&tags)?;
    let moves = main_line(&start, &movetext)?;
    Ok(PgnGame { tags, start, moves })
}

fn start_of(tags: &[(String, String)]) -> Result<Chess, PgnReadError> {
    let Some((_, fen)) = tags.iter().find(|(key, _)| key == "FEN") else {
        return Ok(Chess::default());
    };
    let parsed: Fen = fen.parse().map_err(|_| PgnReadError::Fen(fen.clone()))?;
    parsed
        .into_position(CastlingMode::Chess960)
        .map_err(|_| PgnReadError::Fen(fen.clone()))
}

fn main_line(start: &Chess, movetext: &str) -> Result<Vec<Move>, PgnReadError> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for token in tokens(movetext) {
        let san: San = token.parse().map_err(|_| PgnReadError::Move {
            ply: moves.len() + 1,
            san: token.clone(),
        })?;
        let m = san.to_move(&position).map_err(|_| PgnReadError::Move {
            ply: moves.len() + 1,
            san: token.clone(),
        })?;
        position.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// The SAN tokens of the main line.
fn tokens(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut comment, mut depth) = (false, 0usize);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        let token = std::mem::take(word);
        let result = matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let token = token.trim_end_matches(['!', '?']);
        if !token.is_empty() && !token.starts_with('$') && !result {
            out.push(token.to_owned());
        }
    };
    for c in movetext.chars() {
        match c {
            '{' if depth == 0 => comment = true,
            '}' => comment = false,
            _ if comment => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_and_skips_the_rest() {
        let pgn = "[White \"Anna\"]\n[Black \"Bohdan\"]\n\n1. e4 {best} e5 2. Nf3 (2. f4 exf4) Nc6!? $1 3. Bb5 a6 1-0\n";
        let game = read_game(pgn).unwrap();
        assert_eq!(game.tag("White"), Some("Anna"));
        assert_eq!(game.moves.len(), 6);
        assert!(read_game("1. e4 e4").is_err());
    }

    #[test]
    fn a_fen_tag_gives_a_thematic_start() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let pgn = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n2. Nf3 Nc6 *");
        let game = read_game(&pgn).unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_ne!(game.start, Chess::default());
    }
}
