//! Signs that contradict the board (R2.3.4): signs neither help nor hurt
//! parsing, but a capture sign before an empty square, or a mate sign after
//! a move that does not mate, shows the player may mean another move, so
//! the move is asked about rather than played silently.

use shakmaty::{Chess, Move, Position, Square};

use super::lexer::{self, Prepared, Sym};

/// A sign written with a move that the board contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignConflict {
    /// A capture sign, and nothing to take on the square.
    CaptureOnEmpty {
        /// The empty destination.
        square: Square,
    },
    /// «мат» or `#`, and the move does not mate.
    NotMate,
}

/// The sign of `text` (read as `mv` in `pos`) that the board contradicts,
/// if any: a capture sign between squares where `mv` takes nothing, or a
/// mate sign where `mv` does not mate.
pub fn contradicted_sign(pos: &Chess, text: &str, mv: &Move) -> Option<SignConflict> {
    let Prepared::Body(body) = lexer::prepare(text) else {
        return None;
    };
    if claims_capture(body) && !mv.is_capture() {
        return Some(SignConflict::CaptureOnEmpty { square: mv.to() });
    }
    if claims_mate(body) {
        let mut after = pos.clone();
        after.play_unchecked(*mv);
        if !after.is_checkmate() {
            return Some(SignConflict::NotMate);
        }
    }
    None
}

/// A capture sign inside the move (before any space) followed by a file:
/// `Сb5:c6`, `exd5`; a sign standing last (`Фh4×`) is no capture claim.
fn claims_capture(body: &str) -> bool {
    let syms = lexer::lex(body);
    let head: Vec<_> = syms
        .iter()
        .take_while(|alts| alts.as_slice()[0].sym != Sym::Space)
        .collect();
    head.windows(2).any(|pair| {
        let is_capture = matches!(pair[0].as_slice()[0].sym, Sym::Capture(_));
        let file_next = pair[1]
            .as_slice()
            .iter()
            .any(|alt| matches!(alt.sym, Sym::File(_)));
        is_capture && file_next
    })
}

/// `#` anywhere, or the word «мат» (`mate`).
fn claims_mate(body: &str) -> bool {
    body.contains('#')
        || body
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| matches!(word, "мат" | "mate" | "checkmate"))
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    use super::*;
    use crate::core::notation::{Notation, parse};

    fn conflict(fen: &str, text: &str) -> Option<SignConflict> {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let mv = parse(&pos, text, &Notation::ALL).unwrap().mv;
        contradicted_sign(&pos, text, &mv)
    }

    const BISHOP_B5: &str = "7k/8/8/1B6/8/8/8/4K3 w - - 0 1";
    const FOOLS: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    const EN_PASSANT: &str = "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2";

    /// R2.3.4: `Сb5:c6` with c6 empty is asked about, never played as Сb5-c6.
    #[test]
    fn a_capture_sign_before_an_empty_square_is_a_conflict() {
        let empty = Some(SignConflict::CaptureOnEmpty { square: Square::C6 });
        assert_eq!(conflict(BISHOP_B5, "Сb5:c6"), empty);
        assert_eq!(conflict(BISHOP_B5, "Bxc6"), empty);
        assert_eq!(conflict(BISHOP_B5, "Сb5-c6"), None);
        assert_eq!(conflict(EN_PASSANT, "e5:f6 на проході"), None);
        assert_eq!(conflict(EN_PASSANT, "e5:f6 e.p."), None);
    }

    /// R2.3.4: a mate sign after a move that does not mate is asked about.
    #[test]
    fn a_mate_sign_after_no_mate_is_a_conflict() {
        assert_eq!(conflict(FOOLS, "Фd8-h4 мат"), None);
        assert_eq!(conflict(FOOLS, "Qh4#"), None);
        assert_eq!(conflict(FOOLS, "Фd8-g5 мат"), Some(SignConflict::NotMate));
        assert_eq!(conflict(FOOLS, "Qg5#"), Some(SignConflict::NotMate));
        assert_eq!(conflict(FOOLS, "Фd8-g5+"), None);
    }
}
