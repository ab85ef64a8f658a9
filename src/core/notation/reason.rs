//! Why a written move is impossible: the reasons are checked in the order a
//! player finds most helpful — the starting square, the piece, its geometry
//! and path, and only then the king's safety (R2.3.1, R2.3.10).

use shakmaty::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use shakmaty::{Bitboard, CastlingSide, Chess, Color, File, Position, Rank, Role, Square};

use super::error::{CastlingRightLost, NotationError};
use super::grammar::MovePattern;
use super::resolve::castling_king_target;

/// Explains why no legal move fits `pattern`.
pub(super) fn explain(pos: &Chess, pattern: &MovePattern) -> NotationError {
    if let Some(from) = pattern.from() {
        return explain_from(pos, pattern.role, from, pattern.to);
    }
    let role = pattern.role.unwrap_or(Role::Pawn);
    let unreachable = NotationError::NoPieceCanReach {
        role,
        to: pattern.to,
    };
    let candidates = candidate_squares(pos, role, pattern);
    let mut reasons: Vec<NotationError> = Vec::new();
    for from in candidates {
        let reason = explain_from(pos, Some(role), from, pattern.to);
        if !is_geometric(&reason) && !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    match (candidates.count(), reasons.len()) {
        (1, _) => explain_from(
            pos,
            Some(role),
            candidates.first().expect("one"),
            pattern.to,
        ),
        (_, 1) => reasons.remove(0),
        _ => unreachable,
    }
}

fn is_geometric(reason: &NotationError) -> bool {
    matches!(
        reason,
        NotationError::CannotMoveThatWay { .. } | NotationError::PawnNothingToCapture { .. }
    )
}

fn pawn_forward(color: Color) -> i32 {
    color.fold_wb(8, -8)
}

/// The player's pieces of `role` that the short form could mean.
fn candidate_squares(pos: &Chess, role: Role, pattern: &MovePattern) -> Bitboard {
    let mut squares = pos.our(role);
    if let Some(file) = pattern.from_file {
        squares &= Bitboard::from_file(file);
    }
    if let Some(rank) = pattern.from_rank {
        squares &= Bitboard::from_rank(rank);
    }
    if role != Role::Pawn {
        return squares;
    }
    let back = -pawn_forward(pos.turn());
    let Some(behind) = pattern.to.offset(back) else {
        return Bitboard::EMPTY;
    };
    let mut near = Bitboard::from_square(behind);
    for delta in [-1, 1] {
        if let Some(file) = behind.file().offset(delta) {
            near.add(Square::from_coords(file, behind.rank()));
        }
    }
    if !squares.contains(behind)
        && let Some(two_behind) = behind.offset(back)
    {
        near.add(two_behind);
    }
    squares & near
}

/// Explains why the piece on `from` cannot go to `to`.
pub(super) fn explain_from(
    pos: &Chess,
    written: Option<Role>,
    from: Square,
    to: Square,
) -> NotationError {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return NotationError::NoPiece { square: from };
    };
    if piece.color != pos.turn() {
        return NotationError::OpponentPiece {
            square: from,
            role: piece.role,
        };
    }
    if let Some(written) = written.filter(|&written| written != piece.role) {
        return NotationError::WrongPiece {
            square: from,
            written,
            found: piece.role,
        };
    }
    if piece.role == Role::King
        && let Some(side) = castling_by_king_move(pos.turn(), from, to)
    {
        return castling(pos, side);
    }
    let cannot = NotationError::CannotMoveThatWay {
        role: piece.role,
        from,
        to,
    };
    if from == to {
        return cannot;
    }
    if let Some(role) = pos.us().contains(to).then(|| board.role_at(to)).flatten() {
        return NotationError::OwnPieceOnTarget { square: to, role };
    }
    if let Some(reason) = geometry(pos, piece.role, from, to) {
        return reason;
    }
    if piece.role == Role::King {
        NotationError::MovesIntoCheck { from, to }
    } else if pos.is_check() {
        NotationError::DoesNotParryCheck { from, to }
    } else {
        NotationError::Pinned { square: from }
    }
}

fn castling_by_king_move(color: Color, from: Square, to: Square) -> Option<CastlingSide> {
    if from != Square::from_coords(File::E, color.backrank()) {
        return None;
    }
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|&side| castling_king_target(from, side) == to)
}

/// The occupied square of `squares` nearest to `origin` on a line.
fn nearest(squares: Bitboard, origin: Square, towards: Square) -> Option<Square> {
    if towards > origin {
        squares.first()
    } else {
        squares.last()
    }
}

/// Geometry and path, ignoring the king's safety: `None` if pseudo-legal.
fn geometry(pos: &Chess, role: Role, from: Square, to: Square) -> Option<NotationError> {
    let occupied = pos.board().occupied();
    let open = match role {
        Role::Pawn => return pawn_geometry(pos, from, to),
        Role::Knight => knight_attacks(from),
        Role::King => king_attacks(from),
        Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
        Role::Rook => rook_attacks(from, Bitboard::EMPTY),
        Role::Queen => queen_attacks(from, Bitboard::EMPTY),
    };
    if !open.contains(to) {
        return Some(NotationError::CannotMoveThatWay { role, from, to });
    }
    let blocker = nearest(between(from, to) & occupied, from, to)?;
    Some(NotationError::PathBlocked { from, to, blocker })
}

fn pawn_geometry(pos: &Chess, from: Square, to: Square) -> Option<NotationError> {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let forward = pawn_forward(us);
    let blocked = |blocker| Some(NotationError::PathBlocked { from, to, blocker });
    let one = from.offset(forward);
    if one == Some(to) {
        return if occupied.contains(to) {
            blocked(to)
        } else {
            None
        };
    }
    let on_start = from.rank() == us.relative_rank(Rank::Second);
    if let (true, Some(one)) = (on_start && from.offset(2 * forward) == Some(to), one) {
        return match (occupied.contains(one), occupied.contains(to)) {
            (true, _) => blocked(one),
            (false, true) => blocked(to),
            (false, false) => None,
        };
    }
    if pawn_attacks(us, from).contains(to) {
        let takes = pos.them().contains(to) || pos.maybe_ep_square() == Some(to);
        return (!takes).then_some(NotationError::PawnNothingToCapture { from, to });
    }
    Some(NotationError::CannotMoveThatWay {
        role: Role::Pawn,
        from,
        to,
    })
}

/// Explains why castling on `side` is impossible, right first, then the
/// squares between, then check (R2.3.1).
pub(super) fn castling(pos: &Chess, side: CastlingSide) -> NotationError {
    let us = pos.turn();
    let board = pos.board();
    let castles = pos.castles();
    let king = board.king_of(us);
    if castles.rook(us, side).is_none() || king.is_none() {
        let home = Square::from_coords(File::E, us.backrank());
        let corner_file = match side {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        };
        let rook_home = pos
            .our(Role::Rook)
            .contains(Square::from_coords(corner_file, us.backrank()));
        let cause = if king == Some(home) && (castles.has_color(us) || !rook_home) {
            CastlingRightLost::RookMovedOrMissing
        } else {
            CastlingRightLost::KingMoved
        };
        return NotationError::CastlingNoRight { side, cause };
    }
    let king = king.expect("checked above");
    let target = castling_king_target(king, side);
    let in_path = castles.path(us, side) & board.occupied();
    if let Some(square) = nearest(in_path, king, target) {
        return NotationError::CastlingPathOccupied { side, square };
    }
    if pos.is_check() {
        return NotationError::CastlingInCheck { side };
    }
    let occupied = board.occupied().without(king);
    let attacked = |square| board.attacks_to(square, us.other(), occupied).any();
    let mut passing = between(king, target);
    while let Some(square) = if target > king {
        passing.pop_front()
    } else {
        passing.pop_back()
    } {
        if attacked(square) {
            return NotationError::CastlingThroughCheck { side, square };
        }
    }
    NotationError::CastlingIntoCheck {
        side,
        square: target,
    }
}
