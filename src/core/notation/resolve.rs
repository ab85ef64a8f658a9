//! Matching a read pattern against the legal moves of the position.

use shakmaty::{CastlingSide, Chess, File, Move, MoveList, Square};

use super::NotationError;
use super::grammar::{MovePattern, Pattern};
use super::reason;

/// The legal moves that fit `pattern` (more than one: ambiguous), or why
/// none does.
pub(super) fn resolve(
    pos: &Chess,
    legal: &MoveList,
    pattern: &Pattern,
) -> Result<Vec<Move>, NotationError> {
    match pattern {
        Pattern::Castle(side) => {
            let found: Vec<Move> = legal
                .iter()
                .filter(|m| m.castling_side() == Some(*side))
                .copied()
                .collect();
            if found.is_empty() {
                Err(reason::castling(pos, *side))
            } else {
                Ok(found)
            }
        }
        Pattern::Move(pattern) => resolve_move(pos, legal, pattern),
    }
}

fn resolve_move(
    pos: &Chess,
    legal: &MoveList,
    pattern: &MovePattern,
) -> Result<Vec<Move>, NotationError> {
    let fitting: Vec<Move> = legal
        .iter()
        .filter(|m| fits_ignoring_promotion(pattern, m))
        .copied()
        .collect();
    if fitting.is_empty() {
        return Err(reason::explain(pos, pattern));
    }
    let exact: Vec<Move> = fitting
        .iter()
        .filter(|m| m.promotion() == pattern.promotion)
        .copied()
        .collect();
    if !exact.is_empty() {
        return Ok(exact);
    }
    let promoting = fitting.iter().find(|m| m.is_promotion());
    let from = promoting.and_then(|mv| mv.from()).unwrap_or(pattern.to);
    Err(match (pattern.promotion, promoting) {
        (None, _) => NotationError::PromotionMissing {
            from,
            to: pattern.to,
        },
        (Some(role), Some(_)) => NotationError::PromotionInvalidPiece {
            role,
            from,
            to: pattern.to,
        },
        (Some(_), None) => NotationError::PromotionNotPossible { to: pattern.to },
    })
}

/// The square the king lands on when castling.
pub(super) fn castling_king_target(king: Square, side: CastlingSide) -> Square {
    let file = match side {
        CastlingSide::KingSide => File::G,
        CastlingSide::QueenSide => File::C,
    };
    Square::from_coords(file, king.rank())
}

fn fits_ignoring_promotion(pattern: &MovePattern, mv: &Move) -> bool {
    let Some(from) = mv.from() else {
        return false;
    };
    if pattern.role.is_some_and(|role| role != mv.role())
        || pattern.from_file.is_some_and(|file| file != from.file())
        || pattern.from_rank.is_some_and(|rank| rank != from.rank())
    {
        return false;
    }
    match *mv {
        // Castling written as the king's move (UCI e1g1, ICCF 5171, Крe1-g1),
        // or as king takes rook.
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            pattern.to == castling_king_target(king, side) || pattern.to == rook
        }
        _ => mv.to() == pattern.to,
    }
}
