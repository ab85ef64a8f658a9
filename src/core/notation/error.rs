//! Why a text could not be read as a move, as data the app renders through
//! its Ukrainian and English catalogs (R2.3.5, R2.3.9, R2.3.10).

use std::fmt;

use shakmaty::{CastlingSide, Move, Role, Square};

use super::Notation;

/// Why castling has no right any more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingRightLost {
    /// No castling right on either side: the king has moved (or both rooks have).
    KingMoved,
    /// The right on this side alone is gone: the rook has moved or was captured.
    RookMovedOrMissing,
}

/// Why a text is not a possible move in the position. Holds data only: the
/// app words it in the reader's language; [`fmt::Display`] gives English.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NotationError {
    /// Nothing but spaces or a move number: a message without a move (R2.3.9).
    Empty,
    /// "Any move" is not a move (R2.3.5).
    AnyMove,
    /// The text does not read as a move in any notation.
    Unreadable,
    /// The text reads only in a notation the event does not allow (R2.3.2).
    NotationNotAllowed {
        /// The most natural notation the text is written in.
        notation: Notation,
    },
    /// Several legal moves fit the text; the player must say which.
    Ambiguous {
        /// Every legal move that fits.
        candidates: Vec<Move>,
    },
    /// A Latin `K` reads both as the English king and as the Cyrillic
    /// knight `К`, and both readings are legal (`Ke2` after 1.e4 e5): never
    /// guessed, the player says which.
    KingOrKnight {
        /// The king's moves that fit, then the knights'.
        candidates: Vec<Move>,
    },
    /// There is no piece on the square the move starts from.
    NoPiece {
        /// The empty square.
        square: Square,
    },
    /// The piece on the starting square belongs to the opponent.
    OpponentPiece {
        /// The starting square.
        square: Square,
        /// The opponent's piece standing there.
        role: Role,
    },
    /// The piece on the starting square is not the one written.
    WrongPiece {
        /// The starting square.
        square: Square,
        /// The piece the text names.
        written: Role,
        /// The piece actually there.
        found: Role,
    },
    /// The destination holds one of the player's own pieces.
    OwnPieceOnTarget {
        /// The destination.
        square: Square,
        /// The player's piece standing there.
        role: Role,
    },
    /// The piece never moves like that (geometry).
    CannotMoveThatWay {
        /// The piece.
        role: Role,
        /// Its square.
        from: Square,
        /// The square written.
        to: Square,
    },
    /// Another piece stands in the way.
    PathBlocked {
        /// The moving piece's square.
        from: Square,
        /// The square written.
        to: Square,
        /// The first occupied square on the way.
        blocker: Square,
    },
    /// A pawn moves diagonally only to capture, and there is nothing to take
    /// (not even en passant).
    PawnNothingToCapture {
        /// The pawn's square.
        from: Square,
        /// The empty square written.
        to: Square,
    },
    /// The king would move onto an attacked square.
    MovesIntoCheck {
        /// The king's square.
        from: Square,
        /// The attacked square.
        to: Square,
    },
    /// The king is in check and the move does not parry it.
    DoesNotParryCheck {
        /// The moving piece's square.
        from: Square,
        /// The square written.
        to: Square,
    },
    /// The piece is pinned: moving it exposes the king to check.
    Pinned {
        /// The pinned piece's square.
        square: Square,
    },
    /// No castling right on that side any more.
    CastlingNoRight {
        /// The side written.
        side: CastlingSide,
        /// Which piece's move took the right away.
        cause: CastlingRightLost,
    },
    /// Squares between the king and the rook are occupied.
    CastlingPathOccupied {
        /// The side written.
        side: CastlingSide,
        /// The first occupied square.
        square: Square,
    },
    /// The king is in check and may not castle.
    CastlingInCheck {
        /// The side written.
        side: CastlingSide,
    },
    /// The king would pass through an attacked square.
    CastlingThroughCheck {
        /// The side written.
        side: CastlingSide,
        /// The attacked square.
        square: Square,
    },
    /// The king would land on an attacked square.
    CastlingIntoCheck {
        /// The side written.
        side: CastlingSide,
        /// The attacked square.
        square: Square,
    },
    /// A pawn reaches the last rank but the new piece is not written.
    PromotionMissing {
        /// The pawn's square (of the first legal move that fits).
        from: Square,
        /// The square on the last rank.
        to: Square,
    },
    /// A promotion is written for a move that does not promote.
    PromotionNotPossible {
        /// The square written.
        to: Square,
    },
    /// A pawn cannot become that piece (a king or a pawn).
    PromotionInvalidPiece {
        /// The piece written.
        role: Role,
        /// The pawn's square (of the first legal move that fits).
        from: Square,
        /// The square on the last rank.
        to: Square,
    },
    /// No piece of that kind can move to the square.
    NoPieceCanReach {
        /// The piece written.
        role: Role,
        /// The square written.
        to: Square,
    },
}

impl NotationError {
    /// A stable snake_case code for message catalogs and logs.
    pub fn code(&self) -> &'static str {
        match self {
            NotationError::Empty => "empty",
            NotationError::AnyMove => "any_move",
            NotationError::Unreadable => "unreadable",
            NotationError::NotationNotAllowed { .. } => "notation_not_allowed",
            NotationError::Ambiguous { .. } => "ambiguous",
            NotationError::KingOrKnight { .. } => "king_or_knight",
            NotationError::NoPiece { .. } => "no_piece",
            NotationError::OpponentPiece { .. } => "opponent_piece",
            NotationError::WrongPiece { .. } => "wrong_piece",
            NotationError::OwnPieceOnTarget { .. } => "own_piece_on_target",
            NotationError::CannotMoveThatWay { .. } => "cannot_move_that_way",
            NotationError::PathBlocked { .. } => "path_blocked",
            NotationError::PawnNothingToCapture { .. } => "pawn_nothing_to_capture",
            NotationError::MovesIntoCheck { .. } => "moves_into_check",
            NotationError::DoesNotParryCheck { .. } => "does_not_parry_check",
            NotationError::Pinned { .. } => "pinned",
            NotationError::CastlingNoRight { .. } => "castling_no_right",
            NotationError::CastlingPathOccupied { .. } => "castling_path_occupied",
            NotationError::CastlingInCheck { .. } => "castling_in_check",
            NotationError::CastlingThroughCheck { .. } => "castling_through_check",
            NotationError::CastlingIntoCheck { .. } => "castling_into_check",
            NotationError::PromotionMissing { .. } => "promotion_missing",
            NotationError::PromotionNotPossible { .. } => "promotion_not_possible",
            NotationError::PromotionInvalidPiece { .. } => "promotion_invalid_piece",
            NotationError::NoPieceCanReach { .. } => "no_piece_can_reach",
        }
    }
}

/// The English name of a piece's role (`knight`), as the refusals and the
/// catalogs' selectors name it.
pub fn piece_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "castling short (0-0)",
        CastlingSide::QueenSide => "castling long (0-0-0)",
    }
}

impl NotationError {
    /// Errors about the text itself.
    fn fmt_reading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError as E;
        match self {
            E::Empty => write!(f, "the message has no move"),
            E::AnyMove => write!(f, "\"any move\" is not allowed; write a move"),
            E::Unreadable => write!(f, "the text cannot be read as a move"),
            E::NotationNotAllowed { notation } => {
                write!(f, "{notation} notation is not allowed in this event")
            }
            E::Ambiguous { candidates } | E::KingOrKnight { candidates } => {
                write!(f, "the move is ambiguous; it could be ")?;
                for (index, mv) in candidates.iter().enumerate() {
                    let joiner = if index == 0 { "" } else { " or " };
                    write!(f, "{joiner}{mv}")?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Why castling is impossible.
    fn fmt_castling(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError as E;
        match self {
            E::CastlingNoRight { side, cause } => {
                let why = match cause {
                    CastlingRightLost::KingMoved => "the king has moved",
                    CastlingRightLost::RookMovedOrMissing => "the rook has moved or is gone",
                };
                write!(f, "{} is not allowed: {why}", side_name(*side))
            }
            E::CastlingPathOccupied { side, square } => {
                write!(
                    f,
                    "{} is not possible: {square} is occupied",
                    side_name(*side)
                )
            }
            E::CastlingInCheck { side } => {
                write!(
                    f,
                    "{} is not possible: the king is in check",
                    side_name(*side)
                )
            }
            E::CastlingThroughCheck { side, square } => write!(
                f,
                "{} is not possible: the king would pass the attacked square {square}",
                side_name(*side)
            ),
            E::CastlingIntoCheck { side, square } => write!(
                f,
                "{} is not possible: the king would be in check on {square}",
                side_name(*side)
            ),
            _ => Ok(()),
        }
    }

    /// Why a piece cannot make the move written.
    fn fmt_move(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError as E;
        match self {
            E::NoPiece { square } => write!(f, "there is no piece on {square}"),
            E::OpponentPiece { square, role } => {
                write!(f, "the {} on {square} is the opponent's", piece_name(*role))
            }
            E::WrongPiece {
                square,
                written,
                found,
            } => write!(
                f,
                "the piece on {square} is a {}, not a {}",
                piece_name(*found),
                piece_name(*written)
            ),
            E::OwnPieceOnTarget { square, role } => {
                write!(f, "your own {} stands on {square}", piece_name(*role))
            }
            E::CannotMoveThatWay { role, from, to } => {
                write!(f, "a {} cannot move from {from} to {to}", piece_name(*role))
            }
            E::PathBlocked { from, to, blocker } => {
                write!(f, "the way from {from} to {to} is blocked on {blocker}")
            }
            E::PawnNothingToCapture { from, to } => {
                write!(f, "the pawn on {from} has nothing to capture on {to}")
            }
            E::MovesIntoCheck { to, .. } => write!(f, "the king would be in check on {to}"),
            E::DoesNotParryCheck { from, to } => {
                write!(f, "the king is in check and {from}-{to} does not parry it")
            }
            E::Pinned { square } => {
                write!(
                    f,
                    "the piece on {square} is pinned: the king would be in check"
                )
            }
            E::PromotionMissing { to, .. } => {
                write!(f, "the pawn reaches {to}: write the piece it becomes")
            }
            E::PromotionNotPossible { to } => {
                write!(
                    f,
                    "a promotion is written but the move to {to} does not promote"
                )
            }
            E::PromotionInvalidPiece { role, .. } => {
                write!(f, "a pawn cannot become a {}", piece_name(*role))
            }
            E::NoPieceCanReach { role, to } => {
                write!(f, "no {} of yours can move to {to}", piece_name(*role))
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError as E;
        match self {
            E::Empty
            | E::AnyMove
            | E::Unreadable
            | E::NotationNotAllowed { .. }
            | E::Ambiguous { .. }
            | E::KingOrKnight { .. } => self.fmt_reading(f),
            E::CastlingNoRight { .. }
            | E::CastlingPathOccupied { .. }
            | E::CastlingInCheck { .. }
            | E::CastlingThroughCheck { .. }
            | E::CastlingIntoCheck { .. } => self.fmt_castling(f),
            _ => self.fmt_move(f),
        }
    }
}

impl std::error::Error for NotationError {}
