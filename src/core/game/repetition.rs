//! Position identity for the repetition rules (FIDE Laws 9.2.2).
//!
//! Two positions are the same when the same player has the move, the same
//! pieces stand on the same squares, and the possible moves are the same:
//! the castling rights and a *legal* en passant capture count, the move
//! counters do not. A Zobrist hash rejects different positions quickly; the
//! exact fields guard against hash collisions.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Square};

/// The identity of a position under FIDE Laws 9.2.2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PositionKey {
    // Compared first, so that different positions differ at once.
    hash: Zobrist64,
    turn: Color,
    castling_rights: Bitboard,
    en_passant: Option<Square>,
    board: Board,
}

impl PositionKey {
    /// The identity of `position`.
    pub(crate) fn of(position: &Chess) -> PositionKey {
        PositionKey {
            hash: position.zobrist_hash(EnPassantMode::Legal),
            turn: position.turn(),
            castling_rights: position.castles().castling_rights(),
            en_passant: position.legal_ep_square(),
            board: position.board().clone(),
        }
    }
}

/// How often `key` occurs among `history`'s last `window` entries: the
/// positions since the last pawn move or capture, when `window` is the
/// halfmove clock plus one.
pub(crate) fn occurrences(history: &[PositionKey], key: &PositionKey, window: usize) -> usize {
    let start = history.len().saturating_sub(window);
    history[start..].iter().filter(|seen| *seen == key).count()
}
